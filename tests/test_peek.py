"""``TableService.peek``: a game held in memory, read at once, without its lock or the store (what a form opens
from, since a form must be Discord's first answer), and left resting as it was."""

from __future__ import annotations

import random
from pathlib import Path

from bot.registry import player_of
from bot.service.tables import TableService
from tests.service_support import started_by_two


async def _running(tmp_path: Path) -> tuple[TableService, int]:
    """A two-player Triominos game, one move in."""
    service, game_id = await started_by_two(tmp_path / "t.db", "triominos")
    live = await service.load(game_id)
    seat = min(live.engine.to_act(live.state))
    action = player_of("triominos").act(live.state, seat, random.Random(1))
    await service.act(game_id, seat + 1, action)
    return service, game_id


async def test_peek_reads_a_game_whose_lock_is_held(tmp_path: Path) -> None:
    service, game_id = await _running(tmp_path)
    expected = await service.snapshot(game_id)
    async with service.lock_for(game_id):
        peeked = service.peek(game_id)  # a plain call: it cannot wait for the lock
    assert peeked is not None
    assert (peeked.n, peeked.to_act, peeked.stage) == (expected.n, expected.to_act, expected.stage)
    assert peeked.public == expected.public
    assert peeked.legal == expected.legal


async def test_peek_knows_nothing_of_a_game_not_in_memory(tmp_path: Path) -> None:
    service, game_id = await _running(tmp_path)
    service.forget(game_id)
    assert service.peek(game_id) is None
    assert service.peek(game_id + 1) is None


async def test_a_resting_game_stays_resting_once_peeked(tmp_path: Path) -> None:
    service, game_id = await _running(tmp_path)
    live = await service.load(game_id)
    assert live.resting
    snapshot = service.peek(game_id)
    assert snapshot is not None and live.resting
    assert snapshot.n == live.n
