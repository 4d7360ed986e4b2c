"""The bench's moves are timed as the bot plays them once started: the collector settled (``bot.service.collector``)."""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest

from bench import moves as bench_moves
from bot.pictures import workers
from bot.service import collector
from bot.service.tables import TableService
from tests.service_support import open_store


async def test_the_moves_are_timed_with_the_collector_settled_as_in_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workers._Processes, "mode", "threads")  # where the pictures are drawn is not tested here
    seen: list[tuple[int, int]] = []
    timed = bench_moves.human_move

    async def watched(
        service: TableService, game_id: int, rng: random.Random, *, any_legal: bool = False
    ) -> float | None:
        seen.append((gc.get_threshold()[0], gc.get_freeze_count()))
        return await timed(service, game_id, rng, any_legal=any_legal)

    monkeypatch.setattr(bench_moves, "human_move", watched)
    before = gc.get_threshold()
    store = await open_store(tmp_path / "bench.db")
    figures = await bench_moves.bench_moves(store, "njet", 3, 2)
    assert len(figures.timings) == 2
    assert seen and all(threshold == collector.YOUNG_THRESHOLD and frozen > 0 for threshold, frozen in seen)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
