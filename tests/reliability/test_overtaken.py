"""A process that publishes a move after another process sharing the database has applied a later one leaves the
table to that process: it does not draw its older state over the newer one. On a store of one process (SQLite),
every move of a game is published in order, as before.

Nain Jaune on simcord, Alice and Bob; "another process" is a second table service with its own store on the same
database, which plays the next move.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.service.tables import NullPublisher
from bot.service.tables import TableService
from bot.store import open_store
from tests.e2e.simhelpers import SimTable


async def test_an_older_state_is_not_drawn_over_a_later_move(simcord_env: Any, bot_database: str | Path) -> None:
    table = SimTable(simcord_env, ("alice", "bob"), "jeux")
    await table.open_and_start("nainjaune", players=2)
    bot = table.bot
    older = await bot.tables.snapshot(table.game_id)
    elsewhere = TableService(await open_store(bot_database), NullPublisher())
    try:
        live = await elsewhere.load(table.game_id)
        seat = min(live.engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None
        await elsewhere.act(table.game_id, user, live.engine.legal_actions(live.state, seat)[0])
    finally:
        await elsewhere.store.close()
    before = len(simcord_env.http_requests)
    await bot.publisher.publish(older)
    await bot.publisher.wait_idle()
    edits = [r for r in simcord_env.http_requests[before:] if r.method == "PATCH"]
    if bot.store.shared:
        assert edits == []
    else:
        row = await bot.store.get_game(table.game_id)
        assert row is not None
        assert f"/channels/{table.channel.id}/messages/{row.table_message_id}" in [r.path for r in edits]
