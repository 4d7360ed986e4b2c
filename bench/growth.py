"""Growth: how replay, a move and a live game's memory scale with the number of actions and of games.

Each is measured at two sizes (four times apart) and the ratio is checked against linear growth: replay time per
action and memory per live game with more games stay flat, a move and a game's memory grow at most as the game.
A game's later actions are not its first ones (a deal's end costs more than a card played and says more), so the
limits leave room for that mix: twice flat for replay per action, a quarter more than linear for memory; a growth
with the square of the actions would be four times linear at these sizes, far over them. Times are the best of
several runs in processor time (the machine is shared); memory is counted by ``tracemalloc``, byte for byte.
"""

from __future__ import annotations

import gc
import random
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

from bench.moves import CHANNELS
from bot.games.base import Action
from bot.games.base import action_rng
from bot.registry import engine_of
from bot.service.live import LiveGame
from bot.service.live import rebuild
from bot.service.live import trim_log
from bot.service.tables import TableService
from bot.store import ActionRow
from bot.store import GameRow
from bot.store import Seat
from bot.store import Store

LONGEST = 400
"""The most actions measured: a long game of Njet (four players, eight rounds) is about that."""


@dataclass(frozen=True)
class Growth:
    """One quantity at two sizes; ``limit`` is the largest ratio (big / small) that is still linear growth."""

    what: str
    unit: str
    small: int
    big: int
    at_small: float
    at_big: float
    limit: float

    @property
    def ratio(self) -> float:
        return self.at_big / self.at_small if self.at_small else float("inf")

    @property
    def met(self) -> bool:
        return self.ratio <= self.limit

    @property
    def line(self) -> str:
        verdict = "OK" if self.met else "OVER"
        return (
            f"{self.what}: {self.at_small:.3g} {self.unit} at {self.small}, {self.at_big:.3g} {self.unit} at"
            f" {self.big}: ratio {self.ratio:.2f} (linear: at most {self.limit:.2f}) {verdict}"
        )


async def played_game(
    store: Store, kind: str, players: int, actions: int, seed: int = 1
) -> tuple[GameRow, list[ActionRow]]:
    """A game of random legal moves from a fixed ``seed``, ``actions`` long or to its end, each move stored as the
    table service stores it: its row and actions as a replay after a restart reads them."""
    engine = engine_of(kind)
    seats = [Seat(f"P{i + 1}", i + 1) for i in range(players)]
    row = await store.create_game(
        guild_id=1, channel_id=next(CHANNELS), kind=kind, options={}, seats=seats, seed=seed, host_id=1, locale="fr"
    )
    state = engine.setup(players, row.options, action_rng(seed, 0))
    rng = random.Random(seed)
    for n in range(1, actions + 1):
        if engine.is_over(state):
            break
        seat = min(engine.to_act(state))
        action = rng.choice(engine.legal_actions(state, seat))
        engine.apply(state, seat, action, action_rng(seed, n))
        await store.append_action(row.id, n, seat, action.dumps(), at=float(n), turn_since=float(n))
    return row, await store.actions(row.id)


def game_length(kind: str, players: int, most: int, seed: int = 1) -> int:
    """How many random legal moves the game of ``seed`` lasts at this table (at most ``most``), without the store."""
    engine = engine_of(kind)
    state = engine.setup(players, {}, action_rng(seed, 0))
    rng = random.Random(seed)
    for n in range(1, most + 1):
        if engine.is_over(state):
            return n - 1
        seat = min(engine.to_act(state))
        engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)), action_rng(seed, n))
    return most


def longest_table(kind: str, most: int) -> int:
    """The smallest or the largest table, whichever plays longer: the sizes compared are then furthest apart."""
    engine = engine_of(kind)
    return max((engine.min_players, engine.max_players), key=lambda players: game_length(kind, players, most))


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs of ``fn``, in milliseconds of this thread's processor time: what the work
    costs, not how long other processes kept the processor (the machine is shared)."""
    best = float("inf")
    for _ in range(repeat):
        gc.disable()  # a collection's length depends on the whole process, not on the work measured
        try:
            start = time.thread_time()
            fn()
            best = min(best, (time.thread_time() - start) * 1000)
        finally:
            gc.enable()
    return best


def replay_ms(row: GameRow, rows: list[ActionRow], repeat: int) -> float:
    engine = engine_of(row.kind)
    return best_of(repeat, lambda: rebuild(engine, row, rows))


def move_ms(service: TableService, live: LiveGame, action: ActionRow, repeat: int) -> float:
    """What the service does for one move once the game is loaded, without the store: copy the state, apply the
    action, take the snapshot that is published and work its views out (as the publisher does when it reads them),
    then let the game rest."""
    engine = live.engine

    def move() -> None:
        work, _ = live.work_copy()
        seat = action.seat if action.seat is not None else -1
        events = engine.apply(work, seat, Action.loads(action.action), action_rng(live.row.seed, action.n))
        moved = LiveGame(row=live.row, engine=engine, state=work, n=live.n + 1, log=live.log)
        _ = service.snapshot_of(moved, events).views
        moved.rest()

    return best_of(repeat, move)


def live_bytes(make: Callable[[], object], count: int) -> float:
    """Bytes held per object when ``count`` of them are alive at once. ``tracemalloc`` counts only what is allocated
    while it traces; the garbage of earlier work is collected first, and what lives on is frozen out of the collector,
    whose second pass then drops only the new cycles."""
    gc.collect()
    gc.freeze()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [make() for _ in range(count)]
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        gc.unfreeze()
    del kept
    return (after - before) / count


def rebuild_of(row: GameRow, rows: list[ActionRow]) -> Callable[[], LiveGame]:
    """A live game as the table service keeps it between moves: replayed, its log trimmed as at its next
    publication, resting as the pickles of its state and log."""
    engine = engine_of(row.kind)

    def kept() -> LiveGame:
        live = rebuild(engine, row, rows)
        trim_log(live)
        live.rest()
        return live

    return kept


async def bench_growth(
    store: Store,
    kind: str,
    *,
    repeat: int = 5,
    longest: int = LONGEST,
    games: tuple[int, int] = (50, 200),
) -> list[Growth]:
    """Replay per action, a move and memory per live game at a quarter of the game and at its whole (at most
    ``longest`` actions), and memory per live game with ``games`` games alive."""
    row, rows = await played_game(store, kind, longest_table(kind, longest + 1), longest + 1)
    big = min(longest, len(rows) - 1)
    small = max(1, big // 4)
    engine = engine_of(kind)
    service = TableService(store)
    quarter = big / small
    replay = [replay_ms(row, rows[:n], repeat) / n for n in (small, big)]
    moves = [move_ms(service, rebuild(engine, row, rows[:n]), rows[n], repeat) for n in (small, big)]
    memory = [live_bytes(rebuild_of(row, rows[:n]), 3) for n in (small, big)]
    few, many = games
    per_game = [live_bytes(rebuild_of(row, rows[:small]), count) for count in (few, many)]
    out = [
        Growth(f"{kind} replay per action", "ms", small, big, replay[0], replay[1], 2.0),
        Growth(f"{kind} a move after n actions", "ms", small, big, moves[0], moves[1], quarter),
        Growth(f"{kind} memory of a live game after n actions", "B", small, big, memory[0], memory[1], quarter * 1.25),
        Growth(f"{kind} memory per live game with n games", "B", few, many, per_game[0], per_game[1], 1.25),
    ]
    return out
