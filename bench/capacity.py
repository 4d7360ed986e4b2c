"""How many tables one bot token serves at human pace: the production bot on simcord's offline Discord, with
Discord's REST limits enforced beneath its pacer (``bench.limits``), tables of every game each making one
person's move every ten seconds, in real time.

Each person first moves by a click in their DM panel, as people play (the bot then edits that panel through the
click's answer, outside the global limit); then moves are made through the table service for the person awaited
(the computer player chooses it), as a click does after its answer. A move's delay is from its return to the moment
Discord got the first request of its table message (the edit, or the post of a new one) that shows it or a later
move. The figures: answers 429 (Discord's limits are the budget: none may come), those delays (p50, p95, max), the
requests a second that reached Discord, and the moves never shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any

from bench.discord_requests import click_move
from bench.discord_requests import person_to_move
from bench.limits import EXEMPT
from bench.limits import MESSAGE_METHODS
from bench.limits import MESSAGES
from bench.limits import TAG
from bench.limits import DiscordLimits
from bench.limits import Sent
from bot.players.strength import percentile
from bot.registry import KINDS
from bot.registry import engine_of
from bot.registry import player_of

PACE_S = 10.0
"""Seconds between two moves of a table at human pace."""
TABLES_GOAL = 300
"""Tables a bot token must serve at human pace."""
SHOWN_P95_BUDGET_S = 1.0
"""A move is shown within this, at the 95th percentile."""
ROOMY = 2
"""Message requests a channel may have had in its window when the measured moves begin (of Discord's 5)."""
OPTIONS: dict[str, dict[str, Any]] = {"chat_vert": {"timer": 0}}
"""Options of the tables (each game's defaults otherwise): no clock of Le Chat vert's own moves a table here."""


@dataclass(frozen=True)
class Move:
    game_id: int
    n: int
    """The game's version once the move (and the computer players' after it) was made."""
    at: float


@dataclass(frozen=True)
class Table:
    game_id: int
    kind: str
    people: tuple[Any, ...]
    """Its people (simcord's members), by seat order."""


@dataclass
class CapacityRun:
    """What one load at human pace gave."""

    tables: int
    seconds: float
    delays: list[float] = field(default_factory=list)
    """Seconds from each shown move's return to its table message reaching Discord."""
    lost: int = 0
    """Moves never shown by the end (their table's later edits lost too)."""
    tables_behind: int = 0
    """Tables whose last move is not shown by the end."""
    responses_429: int = 0
    invalid: int = 0
    requests: int = 0
    """Requests counted toward the global limit that reached Discord during the moves."""
    setup_s: float = 0.0
    routes: dict[str, int] = field(default_factory=dict)
    """The requests counted, by route (``table`` for the table messages)."""
    failures: int = 0
    """Moves the table service refused or failed (none expected)."""
    cpu_s: float = 0.0
    """CPU seconds the bot's process (with simcord in it; its picture workers aside) used during the moves."""

    @property
    def moves(self) -> int:
        return len(self.delays) + self.lost

    @property
    def requests_per_s(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def cpu_busy(self) -> float:
        return self.cpu_s / self.seconds if self.seconds else 0.0

    def p(self, q: float) -> float:
        return percentile(self.delays, q)

    @property
    def met(self) -> bool:
        """No 429, nothing lost, and moves shown within the budget at p95."""
        clean = not (self.responses_429 or self.lost or self.tables_behind or self.failures)
        return clean and bool(self.delays) and self.p(95) <= SHOWN_P95_BUDGET_S

    @property
    def line(self) -> str:
        return (
            f"{self.tables} tables, {self.moves} moves in {self.seconds:.0f} s: {self.responses_429} answers 429,"
            f" shown in p50 {self.p(50):.2f} s, p95 {self.p(95):.2f} s, p99 {self.p(99):.2f} s,"
            f" max {max(self.delays, default=0.0):.2f} s,"
            f" {self.requests_per_s:.1f} requests/s ({self.requests / max(1, self.moves):.2f} a move),"
            f" {self.lost} moves never shown, {self.failures} refused, the bot's process {self.cpu_busy:.0%} busy"
            f" (deal {self.setup_s:.0f} s)"
        )


def install(bot: Any, limits: DiscordLimits) -> None:
    """Discord's limits beneath the bot's pacer (beneath its HTTP client where it has no pacer)."""
    pacer = getattr(bot, "pacer", None)
    if pacer is not None:
        pacer.send = limits.wrap(pacer.send)
    else:
        bot.http.request = limits.wrap(bot.http.request)


def mark_table_messages(publisher: Any) -> None:
    """Tag the requests that show a table message with (game id, version), so each move finds its edit."""
    update = publisher._update_table

    async def marked(channel: Any, snapshot: Any, **kwargs: Any) -> None:
        token = TAG.set((snapshot.game.id, snapshot.n))
        try:
            await update(channel, snapshot, **kwargs)
        finally:
            TAG.reset(token)

    publisher._update_table = marked


async def open_tables(env: Any, bot: Any, first: int, tables: int, kinds: Sequence[str]) -> list[Table]:
    """Tables ``first`` to ``tables - 1``, running, each in its own channel with its own members, the games in
    rotation, each at its smallest: one in four all people, the others one person among computer players (a game's
    start opens its people's DMs, two a second: most tables here have one)."""
    opened: list[Table] = []
    guild: Any = None
    for i in range(first, tables):
        if guild is None or i % 100 == 0:
            guild = env.create_guild(preferred_locale="fr")
        kind = kinds[i % len(kinds)]
        seats = engine_of(kind).min_players
        people = seats if i % 4 == 0 else 1
        channel = guild.create_text_channel(f"table-{i}")
        members = [guild.add_member(env.create_user(f"t{i}p{j}")) for j in range(people)]
        host = members[0].id
        row = await bot.tables.open_table(
            guild_id=guild.id,
            channel_id=channel.id,
            kind=kind,
            options=OPTIONS.get(kind, {}),
            host_id=host,
            host_name=f"t{i}p0",
            locale="fr",
        )
        for j, member in enumerate(members[1:], 1):
            await bot.tables.join(row.id, member.id, f"t{i}p{j}")
        for _ in range(seats - people):
            await bot.tables.add_bot(row.id, host)
        await bot.tables.start(row.id, host)
        opened.append(Table(row.id, kind, tuple(members)))
    return opened


async def person_move(bot: Any, table: Table, rng: random.Random) -> int | None:
    """One move of the person awaited at ``table``: the game's version after it (None: no person is awaited)."""
    live = await bot.tables.load(table.game_id)
    engine = live.engine
    if engine.is_over(live.state):
        return None
    awaited = [s for s in sorted(engine.to_act(live.state)) if live.row.seats[s].user_id is not None]
    if not awaited:
        return None
    seat = awaited[0]
    action = player_of(table.kind).act(live.state, seat, rng)
    await bot.tables.act(table.game_id, live.row.seats[seat].user_id, action, live.n)
    after: int = (await bot.tables.load(table.game_id)).n
    return after


async def first_clicks(bot: Any, table: Table, rng: random.Random) -> int:
    """Moves of the table's people by clicks in their DM panels until each clicked once (a few moves at most): as
    people play, their panels' next edits then go through their clicks' answers, which Discord leaves out of the
    global limit, for fifteen minutes. The clicks made."""
    members = {m.id: m for m in table.people}
    clicked: set[int] = set()
    for _ in range(4 * len(members)):
        live = await bot.tables.load(table.game_id)
        move = person_to_move(live, rng)
        if move is None or clicked == set(members):
            break
        user_id, action = move
        if await click_move(members[user_id], action):
            clicked.add(user_id)
        else:
            await bot.tables.act(table.game_id, user_id, action, live.n)
        await bot.publisher.wait_idle()
    return len(clicked)


async def play(bot: Any, tables: list[Table], seconds: float, pace: float, run: CapacityRun) -> list[Move]:
    """Every table moves once every ``pace`` seconds for ``seconds``, the tables' first moves spread over ``pace``."""
    moves: list[Move] = []
    began = time.perf_counter()
    end = began + seconds

    async def drive(index: int, table: Table) -> None:
        rng = random.Random(table.game_id)
        due = began + index * pace / len(tables)
        while due < end:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            try:
                n = await person_move(bot, table, rng)
            except Exception:
                run.failures += 1
                n = None
            if n is not None:
                moves.append(Move(table.game_id, n, time.perf_counter()))
            due += pace

    await asyncio.gather(*(drive(i, table) for i, table in enumerate(tables)))
    return moves


def shown(run: CapacityRun, moves: list[Move], sent_: Sequence[Sent]) -> None:
    """Each move's delay until its table message reached Discord, and the moves and tables never shown."""
    edits: dict[int, list[tuple[float, int]]] = {}
    for sent in sent_:
        if isinstance(sent.tag, tuple):
            game_id, n = sent.tag
            edits.setdefault(game_id, []).append((sent.at, n))
    last: dict[int, Move] = {}
    for move in moves:
        at = next((t for t, n in edits.get(move.game_id, []) if n >= move.n), None)
        if at is None:
            run.lost += 1
        else:
            run.delays.append(max(0.0, at - move.at))
        last[move.game_id] = move
    run.tables_behind = sum(1 for m in last.values() if all(n < m.n for _, n in edits.get(m.game_id, [])))


def align_clock(env: Any) -> None:
    """Set simcord's Discord clock (from 2026-01-01 on, moved by its own timers only) to now: the bot's tasks
    started here read the real time, and would find every click's answer months old, past Discord's 15 minutes."""
    ahead = (datetime.now(UTC) - env.now()).total_seconds()
    if ahead > 0:
        env.backend.advance_clock(ahead)


class Load:
    """The production bot on simcord with Discord's limits beneath its pacer, and its tables: ``grow`` opens more,
    ``measure`` has them all move at human pace (``async with``: the bot runs inside)."""

    def __init__(
        self, kinds: Sequence[str] = KINDS, pace: float = PACE_S, drain_s: float = 60.0, *, clicks: bool = True
    ) -> None:
        self.kinds = kinds
        self.clicks = clicks
        """Whether each person first moves by a click in their DM panel (``first_clicks``), as people play."""
        self.pace = pace
        self.drain_s = drain_s
        """Seconds at most given to what is still queued after the moves, before what is not out counts as lost."""
        self.limits = DiscordLimits(clock=time.perf_counter)
        self.tables: list[Table] = []
        self.clicked = 0
        """People who clicked in their DM panels (``first_clicks``)."""
        self.setup_s = 0.0
        self._tmp = tempfile.TemporaryDirectory()
        self._env: Any = None
        self._bot: Any = None

    async def __aenter__(self) -> Load:
        from simcord import Env

        from cogs.client import TableeBot

        self._bot = TableeBot(Path(self._tmp.name) / "capacity.db", sync_commands=True, timer_tick=0)
        self._env = Env(self._bot, settle_timeout=120.0)
        await self._env.start()
        install(self._bot, self.limits)
        mark_table_messages(self._bot.publisher)
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self._env.shutdown()
            if not self._bot.is_closed():
                await self._bot.close()
        finally:
            self._tmp.cleanup()

    async def grow(self, tables: int) -> None:
        """Open tables up to ``tables`` and wait until their deals are shown."""
        began = time.perf_counter()
        opened = await open_tables(self._env, self._bot, len(self.tables), tables, self.kinds)
        await self._bot.publisher.wait_idle()
        if self.clicks:
            align_clock(self._env)
            for table in opened:
                self.clicked += await first_clicks(self._bot, table, random.Random(table.game_id))
        self.tables += opened
        await self._quiet()
        self.setup_s = time.perf_counter() - began

    async def _quiet(self) -> None:
        """Wait until every channel has room in its window again: the first clicks, a few quick moves at a table of
        people, are no human pace."""
        while True:
            horizon = time.perf_counter() - self.limits.channel_window
            recent: Counter[int | None] = Counter()
            for sent in reversed(self.limits.sent):
                if sent.at <= horizon:
                    break
                if sent.method in MESSAGE_METHODS and MESSAGES.match(sent.path):
                    recent[sent.channel_id] += 1
            if max(recent.values(), default=0) <= ROOMY:
                return
            await asyncio.sleep(0.25)

    async def measure(self, seconds: float) -> CapacityRun:
        """Every table moves at human pace for ``seconds``; what Discord saw of it."""
        run = CapacityRun(len(self.tables), seconds, setup_s=self.setup_s)
        answered_429, sent = self.limits.responses_429, len(self.limits.sent)
        start, cpu = time.perf_counter(), time.process_time()
        moves = await play(self._bot, self.tables, seconds, self.pace, run)
        await asyncio.sleep(max(0.0, start + seconds - time.perf_counter()))  # the last table's last span
        with contextlib.suppress(TimeoutError):  # what is still queued then counts as not shown
            await asyncio.wait_for(self._bot.publisher.wait_idle(), self.drain_s)
        end = time.perf_counter()
        run.cpu_s = time.process_time() - cpu
        shown(run, moves, self.limits.sent[sent:])
        # The requests of the moves, until the last is out: a second's worth is what Discord took a second.
        counted = [s for s in self.limits.sent[sent:] if not s.path.startswith(EXEMPT)]
        run.requests = len(counted)
        for request in counted:
            route = "table" if request.tag is not None else f"{request.method} {request.path}"
            run.routes[route] = run.routes.get(route, 0) + 1
        run.seconds = end - start
        run.responses_429 = self.limits.responses_429 - answered_429
        run.invalid = self.limits.invalid_requests()
        return run


async def load_on_discord(
    tables: int, seconds: float, *, pace: float = PACE_S, kinds: Sequence[str] = KINDS, clicks: bool = True
) -> CapacityRun:
    """``tables`` tables at human pace for ``seconds`` (real time) on simcord under Discord's limits."""
    async with Load(kinds, pace, clicks=clicks) as load:
        await load.grow(tables)
        return await load.measure(seconds)


def ladder(tables: int, most: int) -> list[int]:
    """The sizes tried: steps of half the full scale ``tables`` (and the full scale itself), up to ``most``."""
    step = max(1, tables // 2)
    return sorted({*range(step, most + 1, step), tables})


@dataclass(frozen=True)
class Capacity:
    """What the bench found: the largest size that met every goal, with every size tried on the way."""

    runs: list[CapacityRun]
    tables: int
    """The largest number of tables served with no 429, nothing lost and moves shown within the budget (0: none)."""

    @property
    def at_capacity(self) -> CapacityRun | None:
        return next((run for run in self.runs if run.tables == self.tables), None)

    @property
    def responses_429(self) -> int:
        return sum(run.responses_429 for run in self.runs)


async def find_capacity(
    tables: int, seconds: float, *, most: int | None = None, kinds: Sequence[str] = KINDS
) -> Capacity:
    """Tables at human pace, more and more in one bot (``ladder``): through the full scale ``tables`` whatever
    happens, then on until a size misses a goal, or ``most`` (twice the full scale by default)."""
    runs: list[CapacityRun] = []
    capacity = 0
    async with Load(kinds) as load:
        for size in ladder(tables, most or 2 * tables):
            await load.grow(size)
            run = await load.measure(seconds)
            runs.append(run)
            print(f"  {run.line} {'OK' if run.met else 'OVER'}", flush=True)
            if run.met and all(r.met for r in runs):
                capacity = size
            if not run.met and size >= tables:
                break
    return Capacity(runs, capacity)


async def bench_capacity(tables: int, seconds: float, kinds: Sequence[str] = KINDS) -> tuple[bool, dict[str, Any]]:
    """Print the tables a bot token serves at human pace against the goals; whether they are met, and the figures
    for the JSON file's ``discord`` section."""
    print(
        f"== Discord: tables a bot token serves at human pace (a person's move every {PACE_S:.0f} s a table), Discord's"
        f" limits enforced (50 requests/s, 5 message requests per 5 s a channel), {seconds:.0f} s a size"
    )
    found = await find_capacity(tables, seconds, kinds=kinds)
    full = next(run for run in found.runs if run.tables == tables)
    at = found.at_capacity
    goal = min(TABLES_GOAL, tables)
    met = full.met and found.tables >= goal and found.responses_429 == 0
    past = found.runs[-1] if not found.runs[-1].met else None
    print(
        f"  {found.tables} tables at most with every goal met (goal >= {goal}"
        f"{'' if goal == TABLES_GOAL else f', {TABLES_GOAL} in the full bench'}), move shown p95"
        f" {at.p(95) if at else float('nan'):.2f} s there (budget <= {SHOWN_P95_BUDGET_S:.0f} s), answers 429:"
        f" {found.responses_429} (goal 0) {'OK' if met else 'OVER'}"
    )
    routes = sorted(full.routes.items(), key=lambda item: -item[1])
    print(f"  requests a move at {tables} tables: " + ", ".join(f"{n / max(1, full.moves):.2f} {r}" for r, n in routes))
    if found.tables == found.runs[-1].tables:
        print(f"  (every size tried met the goals: {found.tables} is a floor, not the ceiling)")
    if past is not None:
        print(
            f"  past capacity, {past.tables} tables: p95 {past.p(95):.2f} s, p99 {past.p(99):.2f} s,"
            f" max {max(past.delays, default=0.0):.2f} s,"
            f" {past.lost} moves never shown, {past.tables_behind} tables behind at the end"
        )
    figures = {
        "tables_per_token_at_human_pace": found.tables,
        "move_shown_p95_s_at_capacity": round(at.p(95), 3) if at else None,
        "responses_429": found.responses_429,
    }
    return met, figures
