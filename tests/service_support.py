"""What the table-service tests share: a publisher that remembers, a clock the test moves, stores on real SQLite
files (closed after each test by ``tests/conftest.py``), a stored game's row and a published snapshot built by hand,
lobbies of people and short games started with computer players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.registry import engine_of
from bot.service.live import Shown
from bot.service.tables import Snapshot
from bot.service.tables import TableService
from bot.store import GameRow
from bot.store import Seat
from bot.store import Store


class Recorder:
    """A publisher that remembers what it was asked to show."""

    def __init__(self) -> None:
        self.snapshots: list[Snapshot] = []
        self.reminders: list[tuple[int, list[int]]] = []
        self.calls: list[tuple[int, list[int]]] = []
        self.lobbies: list[str] = []
        self.closings: list[str] = []
        self.releases: list[int] = []

    async def publish(self, snapshot: Snapshot) -> None:
        self.snapshots.append(snapshot)

    async def lobby_changed(self, game: GameRow) -> None:
        self.lobbies.append(game.status)

    async def remind(self, game: GameRow, seats: list[int]) -> None:
        self.reminders.append((game.id, seats))

    async def call(self, game: GameRow, seats: list[int]) -> None:
        self.calls.append((game.id, seats))

    async def closed(self, game: GameRow) -> None:
        self.closings.append(game.status)

    async def released(self, game: GameRow, user_id: int) -> None:
        self.releases.append(user_id)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


OPEN: list[Store] = []
"""Stores the tests opened; ``tests/conftest.py`` closes them after each test, even a failed one (aiosqlite threads
keep a process alive)."""


async def open_store(path: Path, store_class: type[Store] = Store) -> Store:
    store = await store_class.open(path)
    OPEN.append(store)
    return store


def game_row(
    game_id: int, kind: str, seats: list[Seat], *, channel_id: int, seed: int, status: str, host_id: int
) -> GameRow:
    """A game's row as the store gives it, in French, without timers or messages, for code that only reads rows."""
    return GameRow(
        id=game_id,
        guild_id=1,
        channel_id=channel_id,
        kind=kind,
        options={},
        seats=seats,
        seed=seed,
        status=status,
        host_id=host_id,
        locale="fr",
        reminder_s=0,
        timeout_s=0,
        lobby_message_id=None,
        table_message_id=None,
        turn_since=None,
        reminded=False,
        created_at=0.0,
    )


async def open_table(
    service: TableService, kind: str, people: int = 4, channel_id: int = 9, guild_id: int = 1, **options: Any
) -> int:
    """A lobby of ``people`` people (users 1..people, named P1..), user 1 hosting, in French. Forced moves wait for
    their player here: these tests step through games move by move, each move a person's."""
    row = await service.open_table(
        guild_id=guild_id,
        channel_id=channel_id,
        kind=kind,
        options=options,
        host_id=1,
        host_name="P1",
        locale="fr",
        settings={"autoplay": False},
    )
    for user in range(2, people + 1):
        await service.join(row.id, user, f"P{user}")
    return row.id


def running_snapshot(kind: str, state: Any, names: list[str]) -> Snapshot:
    """What the table service publishes of ``state``, a running game of ``kind``, its views worked out: one seat for
    each of ``names`` (user ids from 100, the first the host), for tests of what a seat is shown."""
    engine = engine_of(kind)
    players = len(names)
    seats = [Seat(name, 100 + i) for i, name in enumerate(names)]
    row = game_row(5, kind, seats, channel_id=2, seed=1, status="running", host_id=100)
    views = (
        engine.public_view(state),
        {s: engine.view(state, s) for s in range(players)},
        {s: engine.legal_actions(state, s) for s in range(players)},
    )
    return Snapshot(
        game=row,
        source=Shown(views),
        to_act=engine.to_act(state),
        stage=0,
        n=1,
        new_events=[],
        recent=[],
        over=False,
        results=None,
    )


async def started_with_computers(
    path: Path, kind: str, players: int, options: dict[str, Any], host: int = 1
) -> tuple[TableService, int]:
    """A table service on the SQLite file ``path`` (publishing to a ``Recorder``, on a ``Clock``) and a game of
    ``kind`` it started: the host, named Alice, and ``players - 1`` computer players."""
    service = TableService(await open_store(path), Recorder(), clock=Clock())
    row = await service.open_table(
        guild_id=1, channel_id=9, kind=kind, options=options, host_id=host, host_name="Alice", locale="fr"
    )
    for _ in range(players - 1):
        await service.add_bot(row.id, host)
    await service.start(row.id, host)
    return service, row.id


async def started_by_two(path: Path, kind: str, names: tuple[str, str] = ("P1", "P2")) -> tuple[TableService, int]:
    """A table service on the SQLite file ``path`` (publishing to a ``Recorder``, on a ``Clock``) and a game of
    ``kind`` it started for two people, in French: users 1 (the host) and 2, named ``names``."""
    service = TableService(await open_store(path), Recorder(), clock=Clock())
    row = await service.open_table(
        guild_id=1, channel_id=7, kind=kind, options={}, host_id=1, host_name=names[0], locale="fr"
    )
    await service.join(row.id, 2, names[1])
    await service.start(row.id, 1)
    return service, row.id


SHORT: dict[str, tuple[int, dict[str, Any]]] = {
    "nain_jaune": (3, {"deals": 1}),
    "triominos": (2, {"rounds": 1, "target": 100}),
    "neurotrio": (3, {}),
    "njet": (3, {"rounds": 1}),
    "chat_vert": (3, {"timer": 0}),
}
"""A short game of each kind: the players (the host and computer players) and the options."""


async def started_short(path: Path, kind: str, host: int = 1) -> tuple[TableService, int]:
    """A short game of ``kind`` (``SHORT``) started on the SQLite file ``path`` by the host, Alice, with computer
    players."""
    players, options = SHORT[kind]
    return await started_with_computers(path, kind, players, dict(options), host)
