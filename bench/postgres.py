"""The bench's PostgreSQL section: moves per second and a move's p99 with 1, 2 and 4 bot processes sharing one
database of a throwaway server (``bench.pg_server``), next to SQLite's one process on a file.

A move is ``TableService.act`` (check, engine, commit) with no picture (``NullPublisher``). Each process plays its
own tables of people only, one move after another, for the same number of seconds; all start together.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.pg_server import PostgresUnavailable
from bench.pg_server import start_server
from bot.players.strength import percentile
from bot.registry import engine_of
from bot.registry import player_of
from bot.service.tables import TableService
from bot.store import Seat
from bot.store import Store
from bot.store import open_store

SIZES = (1, 2, 4)
TABLES_PER_PROCESS = 8
START_GUARD_S = 120.0
"""Only a guard against a process that never starts: how long the others wait for it."""


async def _table(service: TableService, kind: str, channel: int) -> int:
    """A running table of ``kind`` with as many people as it seats (no computer player: every move is a person's)."""
    players = engine_of(kind).max_players
    seats = [Seat(f"P{k}", channel * 10 + k) for k in range(players)]
    row = await service.open_table(
        guild_id=1, channel_id=channel, kind=kind, options={}, host_id=seats[0].user_id or 0, host_name="P0",
        locale="fr", seats=seats,
    )  # fmt: skip
    await service.start(row.id, seats[0].user_id or 0)
    return row.id


async def play_for(store: Store, kind: str, seconds: float, first_channel: int, go: Any = None) -> list[float]:
    """Open this process's tables, wait for ``go`` (an event shared by the processes), then play for ``seconds``;
    the time of each move (ms). A finished table is replaced by a new one, whose dealing is not timed."""
    service = TableService(store)
    player = player_of(kind)
    channels = list(range(first_channel, first_channel + TABLES_PER_PROCESS))
    games = {channel: await _table(service, kind, channel) for channel in channels}
    rng = random.Random(first_channel)
    if go is not None:
        await asyncio.to_thread(go.wait, START_GUARD_S)
    timings: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        channel = channels[len(timings) % len(channels)]
        live = await service.load(games[channel])
        if live.row.status != "running":
            games[channel] = await _table(service, kind, channel)
            continue
        seat = min(live.engine.to_act(live.state))
        action = player.act(live.state, seat, random.Random(rng.random()))
        user = live.row.seats[seat].user_id or 0
        start = time.perf_counter()
        await service.act(games[channel], user, action, live.n)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def _process(url: str, kind: str, seconds: float, first_channel: int, ready: Any, go: Any, results: Any) -> None:
    """One bot process of the measure (spawned): its own pool, its own tables; its timings go back on ``results``."""

    async def run() -> list[float]:
        store = await open_store(url)
        try:
            ready.put(first_channel)
            return await play_for(store, kind, seconds, first_channel, go)
        finally:
            await store.close()

    results.put(asyncio.run(run()))


def _processes(url: str, kind: str, seconds: float, count: int) -> list[float]:
    """``count`` processes on the database at ``url``, started together: every move's time."""
    context = multiprocessing.get_context("spawn")
    ready, results, go = context.Queue(), context.Queue(), context.Event()
    workers = [
        context.Process(target=_process, args=(url, kind, seconds, 1000 * (k + 1), ready, go, results), daemon=True)
        for k in range(count)
    ]
    for worker in workers:
        worker.start()
    try:
        for _ in workers:
            ready.get(timeout=START_GUARD_S)
        go.set()
        timings: list[float] = []
        for _ in workers:
            timings.extend(results.get(timeout=START_GUARD_S + seconds * 4))
        return timings
    finally:
        for worker in workers:
            worker.join(timeout=10)
            if worker.is_alive():
                worker.kill()


def _figures(timings: list[float], seconds: float) -> dict[str, float]:
    return {
        "moves_per_s": round(len(timings) / seconds, 1),
        "move_p99_ms": round(percentile(timings, 99), 2) if timings else 0.0,
    }


async def bench_postgres(kind: str, seconds: float) -> dict[str, Any] | None:
    """The section's figures for the bench JSON, or None (with the reason printed) when PostgreSQL cannot run."""
    print(f"== PostgreSQL: {kind}, moves (engine + commit, no picture) for {seconds:.0f} s with 1, 2 and 4 processes")
    try:
        server = await asyncio.to_thread(start_server)
    except PostgresUnavailable as error:
        print(f"skipped: no PostgreSQL server can run here ({error})")
        return None
    figures: dict[str, Any] = {"processes": {}}
    try:
        for count in SIZES:
            url = await server.create_database()
            timings = await asyncio.to_thread(_processes, url, kind, seconds, count)
            await server.drop_database(url)
            figures["processes"][str(count)] = shown = _figures(timings, seconds)
            print(f"{count} process(es): {shown['moves_per_s']:.0f} moves/s, p99 {shown['move_p99_ms']:.2f} ms")
    finally:
        await asyncio.to_thread(server.stop)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db")
        try:
            timings = await play_for(store, kind, seconds, 1000)
        finally:
            await store.close()
    sqlite = _figures(timings, seconds)
    figures["sqlite_moves_per_s"] = sqlite["moves_per_s"]
    print(f"SQLite, one process: {sqlite['moves_per_s']:.0f} moves/s, p99 {sqlite['move_p99_ms']:.2f} ms")
    return figures
