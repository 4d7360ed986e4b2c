"""Replay, a move and a live game's memory grow at most linearly with the number of actions and of games.

Each game is played from a fixed seed and measured at two sizes, four times apart. Memory is counted by
``tracemalloc`` (bytes, not time); times are the best of several runs and their bounds are generous (four times the
actions may cost up to eight times the replay), so a busy machine does not fail them while a growth with the square
of the actions (sixteen times) would.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.growth import live_bytes
from bench.growth import longest_table
from bench.growth import move_ms
from bench.growth import played_game
from bench.growth import rebuild_of
from bench.growth import replay_ms
from bot.registry import KINDS
from bot.registry import engine_of
from bot.service.live import rebuild
from bot.service.tables import TableService
from bot.store import ActionRow
from bot.store import GameRow
from tests.service_support import open_store

LONGEST = 160
REPEAT = 5

PLAYED: dict[str, tuple[GameRow, list[ActionRow]]] = {}
"""Each game is played once (from its fixed seed) and read back from the store; the three tests measure it."""


async def _game(db_path: Path, kind: str) -> tuple[TableService, GameRow, list[ActionRow], int, int]:
    store = await open_store(db_path)
    if kind not in PLAYED:
        PLAYED[kind] = await played_game(store, kind, longest_table(kind, LONGEST + 1), LONGEST + 1)
    row, rows = PLAYED[kind]
    big = min(LONGEST, len(rows) - 1)
    small = big // 4
    assert small >= 10, f"{kind}: a game of {len(rows)} actions is too short to measure growth"
    return TableService(store), row, rows, small, big


@pytest.mark.parametrize("kind", KINDS)
async def test_replay_time_grows_at_most_linearly_with_the_actions(db_path: Path, kind: str) -> None:
    _service, row, rows, small, big = await _game(db_path, kind)
    at_small, at_big = replay_ms(row, rows[:small], REPEAT), replay_ms(row, rows[:big], REPEAT)
    assert at_big <= 2 * (big / small) * at_small, (small, at_small, big, at_big)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_move_costs_at_most_as_much_more_as_the_game_is_longer(db_path: Path, kind: str) -> None:
    service, row, rows, small, big = await _game(db_path, kind)
    engine = engine_of(kind)
    at_small = move_ms(service, rebuild(engine, row, rows[:small]), rows[small], REPEAT)
    at_big = move_ms(service, rebuild(engine, row, rows[:big]), rows[big], REPEAT)
    assert at_big <= (big / small) * at_small, (small, at_small, big, at_big)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_live_game_holds_memory_linear_in_its_actions_and_none_for_other_games(
    db_path: Path, kind: str
) -> None:
    _service, row, rows, small, big = await _game(db_path, kind)
    few, many = live_bytes(rebuild_of(row, rows[:small]), 3), live_bytes(rebuild_of(row, rows[:small]), 12)
    # A game held for each other game would make ``many`` several times ``few``; a quarter more is the room left for
    # a bounded cache shared by every game (Le Chat vert's rule checks) that happens to grow its table meanwhile.
    assert many <= 1.25 * few, (few, many)
    at_big = live_bytes(rebuild_of(row, rows[:big]), 1)
    # A game's memory may stay flat (its log is trimmed, a deal's state replaced) but never grow faster than its length.
    assert few > 0 and 0 < at_big <= 1.25 * (big / small) * few, (small, few, big, at_big)
