"""The bench's moves: real tables played through the table service, every picture a move causes drawn as the bot
draws it (the public table, and the hand of every panel the move changes), off the event loop."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import cast

from bench.chat_vert import twenty_rules
from bot.games.base import Action
from bot.pictures import workers
from bot.pictures.cache import CACHE
from bot.pictures.cache import pictures
from bot.pictures.redraw import PrivateKey
from bot.pictures.redraw import drawing_slot
from bot.pictures.redraw import panels_to_redraw
from bot.registry import load
from bot.registry import pictures_of
from bot.registry import player_of
from bot.registry import spec_of
from bot.service import collector
from bot.service.chat_vert_table import set_rules
from bot.service.tables import NullPublisher
from bot.service.tables import Snapshot
from bot.service.tables import TableService
from bot.store import Store

CHANNELS = itertools.count(1000)
"""Every bench table gets a channel of its own (one active table per channel)."""


def warm_up(kinds: Sequence[str]) -> None:
    """Import each game's pictures and Discord surface before anything is timed (the bot does it at start)."""
    for kind in kinds:
        pictures_of(kind)
        private_key_of(kind)


def private_key_of(kind: str) -> PrivateKey:
    """The key the game's Discord surface gives its panels (its cog's ``UI``), found through its declaration."""
    return cast("PrivateKey", load(f"{spec_of(kind).cog}:UI.private_key"))


TableActions = Callable[[Snapshot], list[list[Action]]]
"""A game's moves on the table message (its cog's ``UI.table_actions``), rows of buttons."""


def on_table_of(kind: str, snapshot: Snapshot) -> frozenset[str]:
    """The moves the table message offers now (its cog's ``UI.table_actions``), as stored."""
    table_actions = cast("TableActions | None", load(f"{spec_of(kind).cog}:UI.table_actions"))
    if table_actions is None:
        return frozenset()
    return frozenset(a.dumps() for row in table_actions(snapshot) for a in row)


@dataclass
class Drawn:
    """What the publisher drew: pictures and bytes, counted so that a move's share can be read off."""

    publishes: int = 0
    hands: int = 0
    table_bytes: int = 0
    hand_bytes: int = 0
    failures: int = 0
    """Publications that raised: the service logs and swallows them, the bench must not take them for speed."""


@dataclass
class RenderingPublisher(NullPublisher):
    """Draws what the bot draws for each published state: the table picture, and the hand picture of every panel
    that changed (``bot.pictures.redraw``, the rule the Discord publisher follows), concurrently, through the bot's
    own picture cache and workers (a hand whose picture would not change is not drawn again, and is not counted)."""

    drawn: Drawn = field(default_factory=Drawn)
    shown: dict[int, dict[int, bytes]] = field(default_factory=dict)
    """game -> seat -> what the panel last drawn shows."""
    keys: dict[str, PrivateKey] = field(default_factory=dict)
    drawing: bool = True
    """False while tables are being dealt: the panels are taken as shown, nothing is drawn or counted."""

    async def publish(self, snapshot: Snapshot) -> None:
        async with drawing_slot():
            await self._publish(snapshot)

    async def _publish(self, snapshot: Snapshot) -> None:
        game = snapshot.game
        key = self.keys.get(game.kind) or self.keys.setdefault(game.kind, private_key_of(game.kind))
        shown = self.shown.setdefault(game.id, {})
        redraw = panels_to_redraw(snapshot, shown, key, on_table_of(game.kind, snapshot))
        if not self.drawing:
            shown.update(redraw)
            return
        names = [s.name for s in game.seats]
        hands = [(snapshot.views[seat], game.locale) for seat in redraw]
        misses = CACHE.misses
        try:
            table_png, *hand_pngs = await pictures(game.kind, (snapshot.public, names, game.locale), hands, game.id)
        except Exception:
            self.drawn.failures += 1
            raise
        shown.update(redraw)
        if snapshot.over:
            self.shown.pop(game.id, None)
        drawn = self.drawn
        drawn.publishes += 1
        drawn.hands += max(0, CACHE.misses - misses - 1)  # the pictures really drawn, the table's aside
        drawn.table_bytes = max(drawn.table_bytes, len(table_png))
        drawn.hand_bytes = max([drawn.hand_bytes, *map(len, hand_pngs)])


async def open_full_table(service: TableService, kind: str, players: int) -> int:
    """The largest table of a game, every seat a person; a Chat vert channel has 20 rules, its heaviest case.

    The deal is published without drawing (its pictures are not a move's); the panels count as shown.
    """
    publisher = service.publisher
    if isinstance(publisher, RenderingPublisher):
        publisher.drawing = False
        try:
            return await _open(service, kind, players)
        finally:
            publisher.drawing = True
    return await _open(service, kind, players)


async def _open(service: TableService, kind: str, players: int) -> int:
    channel = next(CHANNELS)
    if kind == "chat_vert":
        await set_rules(service.store, channel, twenty_rules())
    row = await service.open_table(
        guild_id=1, channel_id=channel, kind=kind, options={}, host_id=1, host_name="P1", locale="fr"
    )
    for user in range(2, players + 1):
        await service.join(row.id, user, f"Joueur·se n°{user} — Éloïse")
    await service.start(row.id, 1)
    return row.id


async def human_move(
    service: TableService, game_id: int, rng: random.Random, *, any_legal: bool = False
) -> float | None:
    """One move by the seat to act, timed through ``act`` (publishing included); None once the game is over.

    The computer player chooses it, or with ``any_legal`` a random legal move: a person's click costs the bot
    nothing, so under load the bench's own choosing must not weigh on the event loop it watches.
    """
    live = await service.load(game_id)
    engine = live.engine
    if engine.is_over(live.state):
        return None
    seat = min(engine.to_act(live.state))
    if any_legal:
        action = rng.choice(engine.legal_actions(live.state, seat))
    else:
        action = player_of(live.row.kind).act(live.state, seat, rng)
    user = live.row.seats[seat].user_id
    assert user is not None
    start = time.perf_counter()
    await service.act(game_id, user, action)
    return (time.perf_counter() - start) * 1000


@dataclass
class MoveFigures:
    """Moves of one game through the pipeline: their times (ms) and what they drew."""

    timings: list[float]
    hand_pictures: int
    table_bytes: int
    hand_bytes: int
    failures: int

    @property
    def hands_per_move(self) -> float:
        return self.hand_pictures / len(self.timings) if self.timings else 0.0


async def bench_moves(store: Store, kind: str, players: int, moves: int) -> MoveFigures:
    """``moves`` moves of the largest table, new games dealt as games end; the deal itself is not counted.

    Measured as the bot runs once started (``collector``): with what startup loaded left in the collector's view,
    a full collection walks every object of the imported modules, 20-35 ms in the middle of a move."""
    warm_up([kind])
    await workers.start()
    with collector.settled():
        return await _moves(store, kind, players, moves)


async def _moves(store: Store, kind: str, players: int, moves: int) -> MoveFigures:
    publisher = RenderingPublisher()
    service = TableService(store, publisher)
    timings: list[float] = []
    hands = 0
    rng = random.Random(1)
    while len(timings) < moves:
        game_id = await open_full_table(service, kind, players)
        while len(timings) < moves:
            before = publisher.drawn.hands
            took = await human_move(service, game_id, rng)
            if took is None:
                break
            timings.append(took)
            hands += publisher.drawn.hands - before
        if (await service.game_row(game_id)).status == "running":
            await service.close(game_id, 1, can_manage=True)
    drawn = publisher.drawn
    return MoveFigures(timings, hands, drawn.table_bytes, drawn.hand_bytes, drawn.failures)


class Heartbeat:
    """A task that sleeps 5 ms again and again and keeps how late it woke: the event loop's longest stall."""

    PERIOD = 0.005

    def __init__(self) -> None:
        self.worst_ms = 0.0
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def _beat(self) -> None:
        while not self._stop.is_set():
            start = time.perf_counter()
            await asyncio.sleep(self.PERIOD)
            self.worst_ms = max(self.worst_ms, (time.perf_counter() - start - self.PERIOD) * 1000)

    def start(self) -> None:
        self._task = asyncio.create_task(self._beat())

    async def stop(self) -> float:
        self._stop.set()
        if self._task is not None:
            await self._task
        return self.worst_ms


async def bench_stall(store: Store, kind: str, players: int, games: int, moves: int) -> tuple[float, int]:
    """Play ``games`` games at once, ``moves`` moves each, and watch the event loop; (longest stall, moves)."""
    with collector.settled():
        return await _stall(store, kind, players, games, moves)


async def _stall(store: Store, kind: str, players: int, games: int, moves: int) -> tuple[float, int]:
    service = TableService(store, RenderingPublisher())
    ids = [await open_full_table(service, kind, players) for _ in range(games)]

    async def play(game_id: int) -> int:
        rng = random.Random(game_id)
        done = 0
        for _ in range(moves):
            if await human_move(service, game_id, rng, any_legal=True) is None:
                break
            done += 1
        return done

    beat = Heartbeat()
    beat.start()
    counts = await asyncio.gather(*(play(g) for g in ids))
    return await beat.stop(), sum(counts)
