"""More tables moving at once than publications may draw at once (``bot.pictures.redraw.DRAWING_AT_ONCE``): every
table is still shown, and every turn to draw is given back, even by a publication cancelled before its pictures
began."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.pictures.redraw import DRAWING_AT_ONCE
from bot.pictures.redraw import drawing_slot
from bot.registry import player_of
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import Setup
from tests.e2e.test_clicks_e2e import fix_seed

TABLES = DRAWING_AT_ONCE + 3


async def _all_turns_free() -> None:
    """Every turn to draw can be taken at once (none was kept by a publication that ended), then given back."""
    slot = drawing_slot()
    async with asyncio.timeout(5):
        for _ in range(DRAWING_AT_ONCE):
            await slot.acquire()
    for _ in range(DRAWING_AT_ONCE):
        slot.release()


async def _move_everywhere(tables: list[OneSeatTable]) -> None:
    """The person of every table moves, all at once."""
    moves = []
    for table in tables:
        turn = await table.person_to_act()
        assert turn is not None
        live, seat = turn
        action = player_of("njet").act(live.state, seat, random.Random(seat))
        moves.append(table.bot.tables.act(table.game_id, table.person.id, action))
    await asyncio.gather(*moves)


async def test_many_tables_at_once_are_all_shown_and_give_their_turns_back(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch)
    tables = [OneSeatTable(simcord_env, Setup("njet", 3, {"rounds": 1}, 4)) for _ in range(TABLES)]
    for table in tables:
        await table.begin()
    publisher = tables[0].bot.publisher
    await publisher.wait_idle()
    await _move_everywhere(tables)
    await publisher.wait_idle()
    for table in tables:
        live = await table.live()
        shown = table.channel.last_message
        assert shown is not None and live.n > 0
    await _all_turns_free()

    # Moves again, each delivery cancelled as it starts drawing: the drawing is cancelled before it began.
    changed_panels = publisher._changed_panels

    async def then_cancelled(snapshot: Any) -> Any:
        changed = await changed_panels(snapshot)
        task = asyncio.current_task()
        assert task is not None
        task.cancel()  # delivered at the delivery's next wait, once its drawing has been scheduled
        return changed

    monkeypatch.setattr(publisher, "_changed_panels", then_cancelled)
    async with asyncio.timeout(30):  # a turn kept for ever would leave later deliveries waiting for ever
        await _move_everywhere(tables)
        await asyncio.gather(*publisher._workers.values(), return_exceptions=True)
        await _all_turns_free()
