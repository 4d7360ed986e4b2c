"""What the table service and its parts share: a live game, the snapshot it publishes, its refusals, and how a
game is rebuilt from its stored actions (undone moves and the table's own moves included)."""

from __future__ import annotations

import asyncio
import copy
import functools
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from typing import Protocol
from typing import cast

from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import IllegalAction
from bot.games.base import Result
from bot.games.base import SeatView
from bot.games.base import TableView
from bot.games.base import action_rng
from bot.service.table_settings import setting
from bot.store import ActionRow
from bot.store import GameRow
from bot.store import ResultLine

MAX_BOT_CHAIN = 5000
"""Safety net: computer players never chain more moves than this in one pipeline run."""

TABLE_SEAT = -1
"""The seat of moves made by the table itself (timer penalties, a rule author's penalty); stored as NULL."""

UNDO = "undo"
"""The stored action that takes back the action just before it (replay skips both)."""

HOW_EVENTS = {"auto": "auto", "timeout": "timeout"}
"""How a move was made for a human (stored with the move) and the event the log shows just before it."""

LOG_KEPT = 24
"""Events a game in the table service's cache keeps once its log is trimmed (``trim_log``). The whole log grows with
every move, and hundreds of live games' logs were most of the objects each full garbage collection walks (a long
stall of the event loop); the table shows only the last moves, and the whole log is rebuilt from the stored
actions on the rare occasions it is asked for (``/table log``, a game's end)."""
RECENT_KEPT = 8
"""Public events a trimmed log keeps at least: more than the table message's last moves."""


class TableError(GameError):
    """A refusal from the table service itself (not seated, no table here, not the host...)."""

    code = "table"


@dataclass
class Snapshot:
    """What publishing needs, taken under the lock so rendering can run without it.

    The views (``public``, ``views``, ``legal``) are worked out from ``source`` when first read: a snapshot waiting
    for its turn to be drawn holds the state's pickle, not every seat's view, and one superseded by a later move of
    the same table is never worked out at all."""

    game: GameRow
    source: ViewSource
    to_act: frozenset[int]
    stage: int
    n: int
    new_events: list[Event]
    recent: list[Event]
    over: bool
    results: list[Result] | None
    undo_seat: int | None = None
    """The seat that may take its last move back now, if any."""

    @functools.cached_property
    def _drawn(self) -> Views:
        return self.source.views()

    @property
    def public(self) -> TableView[Any]:
        return self._drawn[0]

    @property
    def views(self) -> dict[int, SeatView[Any, Any]]:
        return self._drawn[1]

    @property
    def legal(self) -> dict[int, list[Action]]:
        return self._drawn[2]


Views = tuple[TableView[Any], dict[int, SeatView[Any, Any]], dict[int, list[Action]]]
"""The public view, each seat's view and each seat's legal moves."""


class ViewSource(Protocol):
    """Where a snapshot's views come from when first read."""

    def views(self) -> Views: ...


@dataclass(frozen=True)
class PickledState:
    """A game's state as its pickle at one version, and how to view it: the views a snapshot shows."""

    engine: AnyEngine
    saved: bytes
    players: int

    def views(self) -> Views:
        public, views = self.engine.all_views(pickle.loads(self.saved), self.players)
        return public, views, {s: list(view.legal) for s, view in views.items()}


@dataclass(frozen=True)
class Shown:
    """Views already worked out, given whole (a test builds them by hand)."""

    drawn: Views

    def views(self) -> Views:
        return self.drawn


class Publisher(Protocol):
    """Shows changes to people (Discord messages); the service never touches Discord itself."""

    async def publish(self, snapshot: Snapshot) -> None: ...

    async def lobby_changed(self, game: GameRow) -> None: ...

    async def remind(self, game: GameRow, seats: list[int]) -> None: ...

    async def call(self, game: GameRow, seats: list[int]) -> None:
        """The people of ``seats`` have not moved for a while since their turn came: they are called, once."""
        ...

    async def closed(self, game: GameRow) -> None: ...

    async def released(self, game: GameRow, user_id: int) -> None:
        """A player no longer holds a seat (left, or replaced): their private panel closes."""
        ...


class NullPublisher:
    """Publishes nothing: for the command line and tests of the core."""

    async def publish(self, snapshot: Snapshot) -> None:
        return None

    async def lobby_changed(self, game: GameRow) -> None:
        return None

    async def remind(self, game: GameRow, seats: list[int]) -> None:
        return None

    async def call(self, game: GameRow, seats: list[int]) -> None:
        return None

    async def closed(self, game: GameRow) -> None:
        return None

    async def released(self, game: GameRow, user_id: int) -> None:
        return None


class Relay:
    """A publisher as it was (``inner``), then someone else told of each change (``told``): how the pages and the
    Activity follow the tables published in this process, without a publisher of their own."""

    def __init__(self, inner: Publisher) -> None:
        self.inner = inner

    def told(self, game: GameRow, snapshot: Snapshot | None) -> None:
        """A game changed: a move (its snapshot), or its lobby or its end (None)."""

    async def publish(self, snapshot: Snapshot) -> None:
        await self.inner.publish(snapshot)
        self.told(snapshot.game, snapshot)

    async def lobby_changed(self, game: GameRow) -> None:
        await self.inner.lobby_changed(game)
        self.told(game, None)

    async def remind(self, game: GameRow, seats: list[int]) -> None:
        await self.inner.remind(game, seats)

    async def call(self, game: GameRow, seats: list[int]) -> None:
        await self.inner.call(game, seats)

    async def closed(self, game: GameRow) -> None:
        await self.inner.closed(game)
        self.told(game, None)

    async def released(self, game: GameRow, user_id: int) -> None:
        await self.inner.released(game, user_id)


@dataclass(frozen=True)
class Undo:
    """The last move, kept so that its player may take it back: its number, seat and the state before it, pickled
    (bytes the garbage collector never walks, where a second live state would double what it walks)."""

    n: int
    seat: int
    saved: bytes

    @property
    def before(self) -> Any:
        return pickle.loads(self.saved)


def pickled(state: Any) -> bytes:
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def copies_itself(state: Any) -> bool:
    """Whether a state's class copies it faster than a pickle round trip (its own ``__deepcopy__``)."""
    return hasattr(type(state), "__deepcopy__")


def copied(state: Any) -> tuple[Any, bytes | None]:
    """A deep copy of a game state, and the state pickled when the copy was made that way (else None).

    A state is plain data (dataclasses, lists, dicts), and a pickle round trip copies it three to ten times faster
    than ``copy.deepcopy`` (2 ms for a Triominos board, on the event loop at every move); a state class that copies
    itself faster says so with its own ``__deepcopy__``.
    """
    if copies_itself(state):
        return copy.deepcopy(state), None
    saved = pickled(state)
    return pickle.loads(saved), saved


_COLD: Any = object()
"""The value of a live game's ``_state`` or ``_log`` while it rests as its pickle."""


class LiveGame:
    """A running game in memory: its row, engine, state and its event log (the whole of it while ``whole``, else
    its latest events: ``trim_log``).

    ``n`` is the state's version, the number of actions applied; ``acted`` the version at which each seat last
    acted, so that a click drawn from an earlier version can be told from a fresh one. ``undo`` is the last move
    while its player may still take it back.

    Between moves a game rests (``rest``): its state and log are kept as their pickles, a few bytes the garbage
    collector never walks, where hundreds of resting games' objects made every full collection a long stall of the
    event loop. Reading ``state`` or ``log`` brings them back; a move's copy of the state is unpickled from the same
    bytes (``work_copy``), so a move pays one pickling, as it did to copy the state before.
    """

    def __init__(
        self,
        row: GameRow,
        engine: AnyEngine,
        state: Any,
        n: int = 0,
        lock: asyncio.Lock | None = None,
        log: list[tuple[int, Event]] | None = None,
        acted: dict[int, int] | None = None,
        undo: Undo | None = None,
        whole: bool = True,
    ) -> None:
        self.row = row
        self.engine = engine
        self._state: Any = state
        self._pickled_state: bytes | None = None
        """The state's pickle, once made (``rest``, ``work_copy``): the state never changes in place afterwards."""
        self.n = n
        self.lock = lock or asyncio.Lock()
        self._log: list[tuple[int, Event]] = [] if log is None else log
        self._pickled_log: bytes | None = None
        self.acted: dict[int, int] = {} if acted is None else acted
        self.undo = undo
        self.whole = whole
        """Whether ``log`` still holds every event since the start."""

    @property
    def state(self) -> Any:
        if self._state is _COLD:
            self._state = pickle.loads(cast("bytes", self._pickled_state))
        return self._state

    @state.setter
    def state(self, state: Any) -> None:
        self._state, self._pickled_state = state, None

    @property
    def log(self) -> list[tuple[int, Event]]:
        if self._log is _COLD:
            self._log = pickle.loads(cast("bytes", self._pickled_log))
            self._pickled_log = None
        return self._log

    @property
    def resting(self) -> bool:
        """Whether the state and the log are held as their pickles only."""
        return self._state is _COLD and self._log is _COLD

    def saved_state(self) -> bytes:
        """The state's pickle (made once for a state: a state is replaced by a move, never changed in place)."""
        saved = self._pickled_state
        if saved is None:
            saved = self._pickled_state = pickled(self._state)
        return saved

    def work_copy(self) -> tuple[Any, bytes | None]:
        """A copy of the state to apply a move to, and the state's pickle when the copy came from it (for an undo).

        A state class that copies itself faster (its own ``__deepcopy__``) is copied its way while it is in
        memory; a resting state is unpickled from its bytes either way."""
        if self._state is not _COLD and copies_itself(self._state):
            return copy.deepcopy(self._state), None
        saved = self.saved_state()
        return pickle.loads(saved), saved

    def rest(self) -> None:
        """Keep the state and the log as their pickles only, until they are read again."""
        if self._state is not _COLD:
            self.saved_state()
            self._state = _COLD
        if self._log is not _COLD:
            self._pickled_log = pickle.dumps(self._log, protocol=pickle.HIGHEST_PROTOCOL)
            self._log = _COLD


def trim_log(live: LiveGame) -> None:
    """Once the log is longer than ``LOG_KEPT``, keep only its events from the ``RECENT_KEPT``-th last public one
    on (the private ones among them included): what the table's last moves need."""
    log = live.log
    if len(log) <= LOG_KEPT:
        return
    public = 0
    for index in range(len(log) - 1, 0, -1):
        if log[index][1].private_to is None:
            public += 1
            if public == RECENT_KEPT:
                del log[:index]
                live.whole = False
                return


def recent_public(log: list[tuple[int, Event]], count: int) -> list[Event]:
    """The last ``count`` public events, for the table message's 'last moves'."""
    out: list[Event] = []
    for _, event in reversed(log):
        if event.private_to is None:
            out.append(event)
            if len(out) >= count:
                break
    return out[::-1]


def undone_numbers(rows: list[ActionRow]) -> set[int]:
    """The numbers of the undo rows and of the moves they took back (each undo takes back the row before it)."""
    out: set[int] = set()
    previous: int | None = None
    for row in rows:
        if Action.loads(row.action).kind == UNDO and previous is not None:
            out.update((previous, row.n))
            previous = None
            continue
        previous = row.n
    return out


Observer = Callable[[Any, list[Event]], None]
"""Sees the state after the setup (with the start events) and after each action replayed (with its events)."""


def rebuild(engine: AnyEngine, row: GameRow, rows: list[ActionRow], observe: Observer | None = None) -> LiveGame:
    """Setup from the seed, then every stored action in order (each with its own RNG), skipping undone ones: the
    live game with its state, last number, event log, the version at which each seat last acted, and the last
    move if its player may still take it back. ``observe`` follows the replay step by step (a score history)."""
    state = engine.setup(len(row.seats), row.options, action_rng(row.seed, 0))
    live = LiveGame(row=row, engine=engine, state=state)
    live.log.extend((0, e) for e in engine.start_events(state))
    if observe is not None:
        observe(state, [e for _, e in live.log])
    undone = undone_numbers(rows)
    for index, action_row in enumerate(rows):
        live.n = action_row.n
        seat = action_row.seat if action_row.seat is not None else TABLE_SEAT
        if action_row.n in undone:
            if Action.loads(action_row.action).kind == UNDO:
                live.log.append((action_row.n, Event(UNDO, seat)))
                live.acted[seat] = action_row.n
            continue
        action = Action.loads(action_row.action)
        last = index == len(rows) - 1
        before = pickled(state) if last and not action_row.by_bot and seat != TABLE_SEAT else None
        events = engine.apply(state, seat, action, action_rng(row.seed, action_row.n))
        if action_row.how in HOW_EVENTS:
            live.log.append((action_row.n, Event(HOW_EVENTS[action_row.how], seat)))
        if seat != TABLE_SEAT:
            live.acted[seat] = action_row.n
        live.log.extend((action_row.n, e) for e in events)
        if observe is not None:
            observe(state, events)
        if before is not None and engine.undoable(pickle.loads(before), seat, action, events):
            live.undo = Undo(action_row.n, seat, before)
    live.state = state  # changed in place since the game was made: no pickle of it may be kept
    return live


def undo_seat(live: LiveGame) -> int | None:
    """The seat that may take its last move back now: nothing has followed it and the table allows it."""
    undo = live.undo
    if undo is None or undo.n != live.n or live.row.status != "running" or not setting(live.row, "undo"):
        return None
    return undo.seat


def result_lines(row: GameRow, results: list[Result]) -> list[ResultLine]:
    return [(r.seat, row.seats[r.seat].user_id, row.seats[r.seat].name, r.rank, r.score) for r in results]


def explain_illegal(engine: AnyEngine, state: Any, seat: int, action: Action) -> GameError:
    """Ask the engine for its reason on a throwaway copy; never let a refused move change the state."""
    probe, _ = copied(state)
    try:
        engine.apply(probe, seat, action, random.Random(0))
    except GameError as error:
        return error
    except Exception:
        return IllegalAction("illegal")
    return IllegalAction("no_longer_possible")


def snapshot_of(live: LiveGame, events: list[Event], recent: int) -> Snapshot:
    """What publishing needs of a live game after ``events``, with its last ``recent`` public events; the views
    from the state's pickle at this version (which the game keeps to rest anyway), when first read."""
    engine, state = live.engine, live.state
    over = engine.is_over(state)
    return Snapshot(
        game=live.row,
        source=PickledState(engine, live.saved_state(), len(live.row.seats)),
        to_act=engine.to_act(state),
        stage=engine.stage(state),
        n=live.n,
        new_events=events,
        recent=recent_public(live.log, recent),
        over=over,
        results=engine.results(state) if over else None,
        undo_seat=undo_seat(live),
    )
