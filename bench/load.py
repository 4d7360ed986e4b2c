"""The bench under load: hundreds of live tables in one process, each moving at a steady pace (every move committed
to a real SQLite file, its pictures drawn off the loop as the bot draws them), and the event loop watched meanwhile."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench.moves import Heartbeat
from bench.moves import RenderingPublisher
from bench.moves import human_move
from bench.moves import open_full_table
from bench.moves import warm_up
from bot.pictures import workers
from bot.registry import engine_of
from bot.service import collector
from bot.service.tables import TableService
from bot.store import Store

OFFERED = 125.0
"""Moves per second the tables ask for together: a quarter over the goal, so that meeting it shows in the count."""


@dataclass(frozen=True)
class LoadFigures:
    tables: int
    moves: int
    seconds: float
    stall_ms: float
    failures: int

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0


async def open_tables(service: TableService, kinds: Sequence[str], tables: int) -> list[int]:
    """``tables`` running tables, the games taking turns, each at its largest."""
    ids = []
    for i in range(tables):
        kind = kinds[i % len(kinds)]
        ids.append(await open_full_table(service, kind, engine_of(kind).max_players))
    return ids


async def bench_load(
    store: Store, kinds: Sequence[str], tables: int, seconds: float, offered: float = OFFERED
) -> LoadFigures:
    """Every table moves once every ``tables / offered`` seconds (its first move at a random moment of that span),
    as people at many tables would, for ``seconds``: the moves done, and the event loop's longest stall meanwhile.

    A table whose move took longer than its span moves again at once: when the pipeline cannot keep up, fewer moves
    than offered are done. A table whose game ends stops there (a few do, in a long run).
    """
    warm_up(kinds)
    await workers.start()
    with collector.settled():
        return await _load(store, kinds, tables, seconds, offered)


async def _load(store: Store, kinds: Sequence[str], tables: int, seconds: float, offered: float) -> LoadFigures:
    publisher = RenderingPublisher()
    service = TableService(store, publisher)
    ids = await open_tables(service, kinds, tables)
    span = tables / offered
    done = 0

    async def play(game_id: int) -> None:
        nonlocal done
        rng = random.Random(game_id)
        await asyncio.sleep(rng.uniform(0, span))
        while True:
            began = time.perf_counter()
            if await human_move(service, game_id, rng, any_legal=True) is None:
                return
            done += 1
            await asyncio.sleep(max(0.0, began + span - time.perf_counter()))

    beat = Heartbeat()
    beat.start()
    start = time.perf_counter()
    players = [asyncio.create_task(play(g)) for g in ids]
    await asyncio.wait(players, timeout=seconds)
    moves, elapsed = done, time.perf_counter() - start
    stall = await beat.stop()
    for task in players:  # the moves still under way are not counted; their pictures not yet begun are dropped
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    return LoadFigures(tables, moves, elapsed, stall, publisher.drawn.failures)
