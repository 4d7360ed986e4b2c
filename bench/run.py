"""``make bench``: the figures that matter to users, measured on this machine and printed against their goals.

- a move through the whole pipeline (cache, check, apply, SQLite commit, the table picture and the hand picture of
  every panel the move changes) for the largest table of each game, p50 and p99, and the PNG sizes;
- render times of the table and of a hand;
- the event loop's longest stall while 50 games are played at once;
- moves per second with 500 live tables in one process, and the loop's longest stall meanwhile;
- growth: replay, a move and a live game's memory at two sizes (``bench.growth``);
- Le Chat vert's engine against RLCard's Uno, and what each game declares of its computer player;
- the cost of a move's commit with ``synchronous=FULL`` against ``NORMAL``;
- moves per second and a move's p99 with 1, 2 and 4 processes on PostgreSQL, next to SQLite (``bench.postgres``;
  skipped, with the reason, where PostgreSQL cannot run);
- what a person's move costs on Discord: the requests counted toward the bot token's global limit and the KB of
  pictures uploaded, at each game's largest table, all people and one person (``bench.discord_requests``);
- the tables one bot token serves at human pace under Discord's rate limits, with no 429 and every move shown
  within a second at p95 (``bench.capacity``);
- the web pages: 500 watchers of one table's live page, each with a move within a second, and each page's weight
  with its picture (``web.bench``, found by name).

``--game`` keeps one game, ``--quick`` takes fewer samples (the whole bench in under three minutes), ``--json``
writes the main figures to a file.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from typing import cast

from bench.capacity import bench_capacity
from bench.chat_vert import games_per_second
from bench.chat_vert import twenty_rules
from bench.chat_vert import uno_games_per_second
from bench.chat_vert_boundary import boundary_games_per_second
from bench.chat_vert_boundary import ceiling_games_per_second
from bench.commit import measure_commit
from bench.discord_requests import bench_discord
from bench.growth import bench_growth
from bench.load import OFFERED
from bench.load import bench_load
from bench.moves import bench_moves
from bench.moves import bench_stall
from bench.postgres import bench_postgres
from bot.games.base import SeatView
from bot.games.base import TableView
from bot.games.base import action_rng
from bot.games.chat_vert import core
from bot.players.strength import Figure
from bot.players.strength import percentile
from bot.registry import KINDS
from bot.registry import engine_of
from bot.registry import load
from bot.registry import pictures_of
from bot.registry import player_of
from bot.registry import spec_of
from bot.store import Store

MOVE_P99_BUDGET_MS = 25.0
STALL_BUDGET_MS = 20.0
MOVES_PER_S_GOAL = 100.0
TABLE_PNG_BUDGET = 200 * 1024
HAND_PNG_BUDGET = 100 * 1024
CHAT_VERT_SPEED_GOAL = 3.0
"""Le Chat vert's engine, in random two-player games per second, against RLCard's Uno in the same run."""
CHAT_VERT_FIGURES = (
    "chat_vert_vs_rlcard",
    "chat_vert_vs_rlcard_20_rules",
    "chat_vert_boundary_vs_rlcard",
    "chat_vert_boundary_vs_rlcard_20_rules",
    "chat_vert_ceiling_vs_rlcard",
    "chat_vert_ceiling_vs_rlcard_20_rules",
)
"""The JSON file's names for ours over RLCard's, base rules then 20: through the engine's core (the goal), through
its action boundary, and the boundary loop's ceiling (any engine)."""
LOAD_TABLES = 500


@dataclass(frozen=True)
class Plan:
    """How many samples each measurement takes."""

    moves: int
    render_repeat: int
    stall_games: int
    stall_moves: int
    load_tables: int
    load_seconds: float
    growth_repeat: int
    growth_longest: int
    growth_games: tuple[int, int]
    commit_actions: int
    engine_seconds: float
    strength: bool
    postgres_seconds: float = 8.0
    """How long each size of the PostgreSQL section plays."""
    discord_moves: int = 60
    """People's moves the Discord section plays at least, per game and table (``bench.discord_requests``)."""
    discord_tables: int = 300
    """Tables at human pace on Discord's limits at full scale; more are tried past it (``bench.capacity``)."""
    discord_seconds: float = 60.0
    """How long each number of tables plays at human pace."""
    web_watchers: int = 500
    """Live streams of one table's page, each of which must have a move within a second (``web.bench``)."""
    web_moves: int = 5


FULL = Plan(400, 15, 50, 12, LOAD_TABLES, 30.0, 5, 400, (50, 200), 500, 5.0, True, 8.0)
QUICK = Plan(100, 5, 10, 2, LOAD_TABLES, 8.0, 3, 200, (25, 100), 100, 1.5, False, 2.0, 30, 100, 20.0)
"""A hundred moves a game: the p99 of fewer is their slowest, and the first move at a new table draws its players'
names for the first time (about twice a later table)."""


def verdict(met: bool) -> str:
    return "OK" if met else "OVER"


def bench_render(fn: Callable[[], bytes], repeat: int = 15) -> tuple[float, float, int]:
    """Median and worst time (ms) of drawing one picture, and its size in bytes."""
    fn()
    times = []
    size = 0
    for _ in range(repeat):
        start = time.perf_counter()
        size = len(fn())
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times), size


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


async def measure_game(store: Store, kind: str, plan: Plan) -> tuple[bool, dict[str, float]]:
    """One game's moves, pictures and stall; its figures for the JSON file."""
    engine = engine_of(kind)
    players = engine.max_players
    print(f"== {kind}: {players} players; a move = cache + check + apply + SQLite commit + every picture it causes")
    moves = await bench_moves(store, kind, players, plan.moves)
    p50, p99 = percentile(moves.timings, 50), percentile(moves.timings, 99)
    ok = p99 <= MOVE_P99_BUDGET_MS
    print(
        f"a move: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(moves.timings):.1f} ms over {len(moves.timings)} moves,"
        f" {moves.hands_per_move:.2f} hand pictures per move (budget p99 <= {MOVE_P99_BUDGET_MS:.0f} ms)"
        f" {verdict(ok)}"
    )
    if moves.failures:
        print(f"DRAWING FAILED {moves.failures} times: these figures do not count those pictures")
    ok &= not moves.failures
    sizes_ok = moves.table_bytes <= TABLE_PNG_BUDGET and moves.hand_bytes <= HAND_PNG_BUDGET
    print(
        f"largest pictures drawn: table {moves.table_bytes / 1024:.0f} KiB, hand {moves.hand_bytes / 1024:.0f} KiB"
        f" (budgets {TABLE_PNG_BUDGET // 1024} and {HAND_PNG_BUDGET // 1024} KiB) {verdict(sizes_ok)}"
    )
    pictures = pictures_of(kind)
    public, names, hand_view = _largest_views(kind)
    med, worst, size = bench_render(lambda: pictures.table(public, names, "fr"), plan.render_repeat)
    print(f"table picture ({players} players): median {med:.1f} ms, max {worst:.1f} ms, {size / 1024:.0f} KiB")
    med, worst, size = bench_render(lambda: pictures.hand(hand_view, "fr"), plan.render_repeat)
    print(f"a hand at the start: median {med:.1f} ms, max {worst:.1f} ms, {size / 1024:.0f} KiB")
    stall, played = await bench_stall(store, kind, players, plan.stall_games, plan.stall_moves)
    stall_ok = stall <= STALL_BUDGET_MS
    print(
        f"{plan.stall_games} games at once ({played} moves): longest event-loop stall {stall:.1f} ms"
        f" (budget <= {STALL_BUDGET_MS:.0f} ms) {verdict(stall_ok)}"
    )
    figures = {
        "move_p50_ms": round(p50, 2),
        "move_p99_ms": round(p99, 2),
        "hand_pictures_per_move": round(moves.hands_per_move, 3),
        "table_png_bytes": moves.table_bytes,
        "hand_png_bytes": moves.hand_bytes,
    }
    return ok and sizes_ok and stall_ok, figures


async def measure_growth(store: Store, kind: str, plan: Plan) -> bool:
    """Replay, a move and memory at two sizes (the table where the game runs longest)."""
    print(f"growth of {kind} (the best of {plan.growth_repeat} runs):")
    rows = await bench_growth(
        store, kind, repeat=plan.growth_repeat, longest=plan.growth_longest, games=plan.growth_games
    )
    for growth in rows:
        print(f"  {growth.line}")
    return all(growth.met for growth in rows)


def measure_chat_vert_speed(seconds: float) -> tuple[dict[str, float | None], bool]:
    """Random two-player games per second of Le Chat vert's engine (base rules, then 20) over RLCard's Uno, side by
    side: through the engine's core, as RLCard's loop goes through its game (the goal); through the engine's action
    boundary, with the events the bot shows; and the boundary loop against an engine answering from a record, the
    most any engine could give there. The figures for the JSON file, and whether the goal is met."""
    twenty = twenty_rules()
    ours = games_per_second([], seconds), games_per_second(twenty, seconds)
    through = boundary_games_per_second([], seconds), boundary_games_per_second(twenty, seconds)
    top = ceiling_games_per_second([], seconds), ceiling_games_per_second(twenty, seconds)
    theirs = uno_games_per_second(seconds)
    print(f"== Le Chat vert's engine: {ours[0]:.0f} games/s (base rules), {ours[1]:.0f} games/s (20 rules)")
    figures: dict[str, float | None] = dict.fromkeys(CHAT_VERT_FIGURES)
    if theirs is None:
        print("RLCard is not installed here (make bench installs it): no comparison")
        return figures, False
    met = min(ours) / theirs >= CHAT_VERT_SPEED_GOAL
    print(
        f"RLCard's Uno, same run: {theirs:.0f} games/s; ours is {ours[0] / theirs:.2f}x with the base rules,"
        f" {ours[1] / theirs:.2f}x with 20 rules (goal >= {CHAT_VERT_SPEED_GOAL:.0f}x) {verdict(met)}"
        f" ({'the core compiled by mypyc' if core.COMPILED else 'the core in plain Python: no C compiler at install'})"
    )
    print(
        f"through the action boundary, with the events the bot shows: {through[0] / theirs:.2f}x with the base rules,"
        f" {through[1] / theirs:.2f}x with 20 rules; the most any engine could give in that loop (answers read from a"
        f" record): {top[0] / theirs:.2f}x and {top[1] / theirs:.2f}x"
    )
    values = (*ours, *through, *top)
    return {name: round(value / theirs, 3) for name, value in zip(CHAT_VERT_FIGURES, values, strict=True)}, met


def computer_player(kind: str) -> bool:
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


async def run_bench(
    kinds: Sequence[str] = KINDS, *, quick: bool = False, json_path: Path | None = None, plan: Plan | None = None
) -> int:
    """Every measurement of the chosen games (``plan`` sets the samples; else ``--quick``'s or the full one); 0 when
    every budget is met, else 1."""
    plan = plan or (QUICK if quick else FULL)
    began = time.perf_counter()
    ok = True
    report: dict[str, Any] = {"games": {}}
    await measure_commit(plan.commit_actions)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db")
        try:
            for kind in kinds:
                met, report["games"][kind] = await measure_game(store, kind, plan)
                ok &= met
                ok &= await measure_growth(store, kind, plan)
                if plan.strength:
                    ok &= computer_player(kind)
            load_figures = await bench_load(store, kinds, plan.load_tables, plan.load_seconds)
        finally:
            await store.close()
    load_ok = load_figures.moves_per_s >= MOVES_PER_S_GOAL and load_figures.stall_ms <= STALL_BUDGET_MS
    if load_figures.failures:
        print(f"DRAWING FAILED {load_figures.failures} times under load: the figures below do not count them")
        load_ok = False
    load_line = f"== {plan.load_tables} live tables ({', '.join(kinds)}), {load_figures.seconds:.1f} s:"
    print(
        f"{load_line} {load_figures.moves} moves, {load_figures.moves_per_s:.1f} moves/s"
        f" of {OFFERED:.0f} asked (goal >= {MOVES_PER_S_GOAL:.0f}), longest event-loop stall"
        f" {load_figures.stall_ms:.1f} ms (budget <= {STALL_BUDGET_MS:.0f} ms) {verdict(load_ok)}"
    )
    ok &= load_ok
    report["moves_per_s_500_tables"] = round(load_figures.moves_per_s, 2)
    report["stall_ms_500_tables"] = round(load_figures.stall_ms, 2)
    speed: dict[str, float | None] = dict.fromkeys(CHAT_VERT_FIGURES)
    if "chat_vert" in kinds:
        speed, met = measure_chat_vert_speed(plan.engine_seconds)
        ok &= met
    report.update(speed)
    report["postgres"] = await bench_postgres(kinds[0], plan.postgres_seconds)
    discord_ok, discord_games = await bench_discord(kinds, plan.discord_moves)
    ok &= discord_ok
    capacity_ok, capacity = await bench_capacity(plan.discord_tables, plan.discord_seconds, kinds)
    ok &= capacity_ok
    report["discord"] = {"games": discord_games, **capacity}
    bench_web = cast("Callable[[int, int], Awaitable[tuple[bool, dict[str, Any]]]]", load("web.bench:bench_web"))
    web_ok, report["web"] = await bench_web(plan.web_watchers, plan.web_moves)  # the pages, found by name
    ok &= web_ok
    if json_path is not None:
        json_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {json_path}")
    print(f"({time.perf_counter() - began:.0f} s)")
    print("all budgets met" if ok else "SOME BUDGETS MISSED")
    return 0 if ok else 1
