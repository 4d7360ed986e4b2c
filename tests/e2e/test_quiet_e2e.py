"""A quiet channel: ordinary moves, penalties and rule messages go into the table message's recent moves, and a
new channel message comes only at milestones (a new deal or round, the end). One seeded game of each kind, a
person and computer players; the lobby and the edits of the table message are not counted.
Run with ``-s`` to see the figures.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.i18n import t
from bot.registry import player_of
from tests.e2e.simhelpers import set_locales
from tests.e2e.test_clicks_e2e import SEED
from tests.e2e.test_clicks_e2e import SETUPS
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import Setup
from tests.e2e.test_clicks_e2e import fix_seed

MOVES = 400
"""The person's moves at most: every game here ends well before."""

LONGER = {"nain_jaune": {"deals": 2}, "triominos": {"rounds": 3}, "njet": {"rounds": 2}}
"""Several deals or rounds where a game has them: the milestones between them count too."""


TURN_CALL = t("en", "flow.turn", mentions="", game="").split(" ", 1)[0]
"""How a "your turn" message begins: those are counted apart (one at a time per table, each replacing the last)."""


def count_posts(env: Any, channel_id: int) -> list[int]:
    """The ids of the messages the bot posts in ``channel_id`` from now on (edits and turn calls are not counted)."""
    posted: list[int] = []

    def watch(event: str, payload: dict[str, Any]) -> None:
        if event != "MESSAGE_CREATE" or int(payload.get("channel_id", 0)) != channel_id:
            return
        if not str(payload.get("content") or "").startswith(TURN_CALL):
            posted.append(int(payload["id"]))

    env.backend.subscribers.append(watch)
    return posted


async def quiet_game(env: Any, setup: Setup) -> tuple[int, int]:
    """A whole seeded game, every move through the table service: (moves, new channel messages)."""
    set_locales(env, {})
    options = {**setup.options, **LONGER.get(setup.kind, {})}
    table = OneSeatTable(env, replace(setup, moves=MOVES, options=options))
    posted = count_posts(env, table.channel.id)
    await table.begin()
    player = player_of(setup.kind)
    rng = random.Random(SEED)
    while (turn := await table.person_to_act()) is not None:
        live, seat = turn
        await table.bot.tables.act(table.game_id, table.person.id, player.act(live.state, seat, rng))
    await table.bot.publisher.wait_idle()
    live = await table.live()
    return live.n, len([p for p in posted if p != live.row.lobby_message_id])


@pytest.mark.parametrize("setup", SETUPS, ids=[s.kind for s in SETUPS])
async def test_at_most_one_new_message_per_ten_moves(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, setup: Setup
) -> None:
    fix_seed(monkeypatch)
    moves, posts = await quiet_game(simcord_env, setup)
    print(f"\nquiet {setup.kind}: {posts} new messages in {moves} moves ({10 * posts / moves:.2f} per ten moves)")
    assert moves >= 20
    assert posts * 10 <= moves
