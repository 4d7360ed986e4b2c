"""``make bench``: the figures that matter to users, measured on this machine and printed.

- a move through the whole pipeline (cache, check, apply, SQLite commit, render of the public
  table) for the largest table of each game, p50 and p99 (budget: p99 under 100 ms);
- render times and PNG sizes of the table and of the largest hand (budget: under 1 MB);
- the longest event-loop stall while 50 games are played at once (budget: under 50 ms);
- the cost of a move's commit with ``synchronous=FULL`` (no acknowledged move lost on a power cut) against
  ``NORMAL``, on a file beside the bot's database (a temporary directory may be in memory, where fsync is free).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from typing import cast

from bot.chat_vert_table import set_rules
from bot.games.base import Action
from bot.games.base import SeatView
from bot.games.base import TableView
from bot.games.base import action_rng
from bot.players.chat_vert_bench import twenty_rules
from bot.players.strength import Figure
from bot.players.strength import percentile
from bot.registry import KINDS
from bot.registry import engine_of
from bot.registry import load
from bot.registry import pictures_of
from bot.registry import player_of
from bot.registry import spec_of
from bot.store import Store
from bot.tables import NullPublisher
from bot.tables import Snapshot
from bot.tables import TableService
from bot.workers import off_loop

PIPELINE_BUDGET_MS = 100.0
STALL_BUDGET_MS = 50.0
PNG_BUDGET = 1_000_000
CHANNELS = itertools.count(1000)
"""Every bench table gets a channel of its own (one active table per channel)."""


class RenderingPublisher(NullPublisher):
    """Renders the public table of every published state off the event loop, as the bot does."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    async def publish(self, snapshot: Snapshot) -> None:
        names = [s.name for s in snapshot.game.seats]
        png = await off_loop(pictures_of(snapshot.game.kind).table, snapshot.public, names, "fr")
        self.sizes.append(len(png))


async def _open_full_table(service: TableService, kind: str, players: int, channel: int) -> int:
    """The largest table of a game; a Chat vert channel has 20 rules in force, its heaviest case."""
    if kind == "chat_vert":
        await set_rules(service.store, channel, twenty_rules())
    row = await service.open_table(
        guild_id=1, channel_id=channel, kind=kind, options={}, host_id=1, host_name="P1", locale="fr"
    )
    for user in range(2, players + 1):
        await service.join(row.id, user, f"Joueur·se n°{user} — Éloïse")
    await service.start(row.id, 1)
    return row.id


async def _human_move(service: TableService, game_id: int, rng: random.Random) -> float | None:
    """One move by the seat to act, chosen by the computer player, timed through ``act``."""
    live = await service.load(game_id)
    engine = live.engine
    if engine.is_over(live.state):
        return None
    seat = min(engine.to_act(live.state))
    action = player_of(live.row.kind).act(live.state, seat, rng)
    user = live.row.seats[seat].user_id
    assert user is not None
    start = time.perf_counter()
    await service.act(game_id, user, action)
    return (time.perf_counter() - start) * 1000


async def bench_pipeline(store: Store, kind: str, players: int, moves: int) -> list[float]:
    service = TableService(store, RenderingPublisher())
    timings: list[float] = []
    rng = random.Random(1)
    while len(timings) < moves:
        game_id = await _open_full_table(service, kind, players, next(CHANNELS))
        while len(timings) < moves:
            took = await _human_move(service, game_id, rng)
            if took is None:
                break
            timings.append(took)
        if (await service.game_row(game_id)).status == "running":
            await service.close(game_id, 1, can_manage=True)
    return timings


def bench_render(fn: Callable[[], bytes], repeat: int = 15) -> tuple[float, float, int]:
    fn()
    times = []
    size = 0
    for _ in range(repeat):
        start = time.perf_counter()
        size = len(fn())
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times), size


async def bench_stall(store: Store, kind: str, players: int, games: int, moves: int) -> tuple[float, int]:
    """Play ``games`` games at once and watch how late a 5 ms heartbeat wakes up."""
    service = TableService(store, RenderingPublisher())
    ids = [await _open_full_table(service, kind, players, next(CHANNELS)) for _ in range(games)]
    stop = asyncio.Event()
    worst = 0.0

    async def heartbeat() -> None:
        nonlocal worst
        while not stop.is_set():
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            worst = max(worst, (time.perf_counter() - start - 0.005) * 1000)

    async def play(game_id: int) -> int:
        rng = random.Random(game_id)
        done = 0
        for _ in range(moves):
            if await _human_move(service, game_id, rng) is None:
                break
            done += 1
        return done

    beat = asyncio.create_task(heartbeat())
    counts = await asyncio.gather(*(play(g) for g in ids))
    stop.set()
    await beat
    return worst, sum(counts)


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


async def _measure_commit() -> None:
    """Print the FULL against NORMAL line, measured beside the bot's database."""
    beside = Path(os.environ.get("TABLEE_DATABASE", "tablee.db")).resolve().parent
    with tempfile.TemporaryDirectory(dir=beside, prefix=".bench-") as tmp:
        default, timings = await bench_commit(Path(tmp))
    figures = "; ".join(
        f"{mode} p50 {percentile(t, 50):.2f} ms, p99 {percentile(t, 99):.2f} ms" for mode, t in timings.items()
    )
    extra = percentile(timings["FULL"], 50) - percentile(timings["NORMAL"], 50)
    print(f"== commit of one move (Store.append_action, {len(timings['FULL'])} each way, WAL, in {beside})")
    print(f"synchronous: {figures}; FULL costs {extra:+.2f} ms at p50 (the store opens with {default})")


def _computer_player(kind: str) -> bool:
    """What the game's declaration says to measure of its computer player (each game its own way)."""
    ref = spec_of(kind).strength
    if ref is None:
        return True
    start = time.perf_counter()
    figures = cast("Callable[[], list[Figure]]", load(ref))()
    for figure in figures:
        print(figure.line)
    print(f"  ({time.perf_counter() - start:.1f} s)")
    return all(figure.met for figure in figures)


def _largest_views(kind: str) -> tuple[TableView[Any], list[str], SeatView[Any, Any]]:
    """A mid-game public view of the largest table and the seat view with the largest hand."""
    engine = engine_of(kind)
    state = engine.setup(engine.max_players, {}, action_rng(3, 0))
    for n in range(1, 12):
        if engine.is_over(state):
            break
        seat = min(engine.to_act(state))
        engine.apply(state, seat, player_of(kind).act(state, seat, random.Random(n)), action_rng(3, n))
    names = [f"Éléonore-Françoise n°{i + 1} ♦♣" for i in range(engine.max_players)]
    small = engine.setup(engine.min_players, {}, action_rng(4, 0))
    seat = min(engine.to_act(small))
    return engine.public_view(state), names, engine.view(small, seat)


async def run_bench() -> int:
    ok = True
    await _measure_commit()
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db")
        try:
            for kind in KINDS:
                ok &= await _measure(store, kind)
                ok &= _computer_player(kind)
        finally:
            await store.close()
    print("all budgets met" if ok else "SOME BUDGETS MISSED")
    return 0 if ok else 1


async def _measure(store: Store, kind: str) -> bool:
    engine = engine_of(kind)
    ok = True
    print(f"== {kind}: {engine.max_players} players, pipeline = cache + check + apply + SQLite commit + render")
    timings = await bench_pipeline(store, kind, engine.max_players, 600)
    p50, p99 = percentile(timings, 50), percentile(timings, 99)
    ok &= p99 < PIPELINE_BUDGET_MS
    print(
        f"move through the pipeline: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(timings):.1f} ms"
        f" over {len(timings)} moves (budget p99 < {PIPELINE_BUDGET_MS:.0f} ms)"
    )

    pictures = pictures_of(kind)
    public, names, hand_view = _largest_views(kind)
    med, worst, size = bench_render(lambda: pictures.table(public, names, "fr"))
    ok &= size < PNG_BUDGET
    print(f"table picture ({engine.max_players} players):", f"median {med:.1f} ms, max {worst:.1f} ms,", end=" ")
    print(f"{size / 1024:.0f} KiB")
    med, worst, size = bench_render(lambda: pictures.hand(hand_view, "fr"))
    ok &= size < PNG_BUDGET
    print(f"a hand at the start: median {med:.1f} ms, max {worst:.1f} ms, {size / 1024:.0f} KiB")
    stall, moves = await bench_stall(store, kind, engine.max_players, 50, 12)
    ok &= stall < STALL_BUDGET_MS
    print(f"50 games at once ({moves} moves): longest event-loop stall {stall:.1f} ms", end=" ")
    print(f"(budget < {STALL_BUDGET_MS:.0f} ms)")
    return ok
