"""The bench's commit line: a move's commit with ``synchronous=FULL`` (no acknowledged move lost on a power cut)
against ``NORMAL``, on a file beside the bot's database (a temporary directory may be in memory, where fsync is
free)."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bot.games.base import Action
from bot.players.strength import percentile
from bot.store import Store

SYNCHRONOUS = ("NORMAL", "FULL")


async def _synchronous(store: Store) -> str:
    async with store.db.execute("PRAGMA synchronous") as cur:
        row = await cur.fetchone()
    return {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(int(row[0]) if row else -1, "?")


async def bench_commit(directory: Path, actions: int = 500, rounds: int = 10) -> tuple[str, dict[str, list[float]]]:
    """``Store.append_action`` of a human move on a real file, ``actions`` times with each ``synchronous`` mode.

    The modes take turns in ``rounds`` blocks, so a change in the machine's load weighs on both alike.
    Returns the mode ``Store.open`` chose and the timings (ms) per mode.
    """
    stores: dict[str, tuple[Store, int]] = {}
    default = "?"
    action = Action.of("play", card="10D").dumps()
    try:
        for mode in SYNCHRONOUS:
            store = await Store.open(directory / f"commit-{mode.lower()}.db")
            default = await _synchronous(store)
            async with store.db.execute(f"PRAGMA synchronous={mode}") as cur:
                await cur.fetchall()
            assert await _synchronous(store) == mode
            row = await store.create_game(
                guild_id=1, channel_id=1, kind="nain_jaune", options={}, seats=[], seed=1, host_id=1, locale="fr"
            )
            stores[mode] = (store, row.id)
        timings: dict[str, list[float]] = {mode: [] for mode in SYNCHRONOUS}
        for _ in range(rounds):
            for mode, (store, game_id) in stores.items():
                for _ in range(actions // rounds):
                    n = len(timings[mode]) + 1
                    start = time.perf_counter()
                    await store.append_action(game_id, n, 0, action, at=float(n), turn_since=float(n))
                    timings[mode].append((time.perf_counter() - start) * 1000)
    finally:
        for store, _ in stores.values():
            await store.close()
    return default, timings


async def measure_commit(actions: int = 500) -> None:
    """Print the FULL against NORMAL line, measured beside the bot's database."""
    beside = Path(os.environ.get("TABLEE_DATABASE", "tablee.db")).resolve().parent
    with tempfile.TemporaryDirectory(dir=beside, prefix=".bench-") as tmp:
        default, timings = await bench_commit(Path(tmp), actions)
    figures = "; ".join(
        f"{mode} p50 {percentile(t, 50):.2f} ms, p99 {percentile(t, 99):.2f} ms" for mode, t in timings.items()
    )
    extra = percentile(timings["FULL"], 50) - percentile(timings["NORMAL"], 50)
    print(f"== commit of one move (Store.append_action, {len(timings['FULL'])} each way, WAL, in {beside})")
    print(f"synchronous: {figures}; FULL costs {extra:+.2f} ms at p50 (the store opens with {default})")
