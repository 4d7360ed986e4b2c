"""The engine protocol every game follows, its shared value types and the registry.

Engines are pure: no discord, no PIL, no asyncio, no store. A game is a state plus functions;
randomness is always a ``random.Random`` handed in by the caller.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Generic
from typing import Protocol
from typing import TypeVar

JSONValue = str | int | float | bool | None | list["JSONValue"] | dict[str, "JSONValue"] | tuple["JSONValue", ...]
"""A value with a stable JSON form: str, int, bool, None, or lists/dicts of those (tuples for frozen lists)."""


def as_text(value: JSONValue, default: str = "") -> str:
    """``value`` when it is a string, else ``default``: reading a JSON field typed as text."""
    return value if isinstance(value, str) else default


def as_number(value: JSONValue, default: int = 0) -> int:
    """``value`` when it is an integer (never a bool), else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_seat(value: JSONValue) -> int | None:
    """A seat number found in JSON data, None when there is none."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def as_texts(value: JSONValue) -> tuple[str, ...]:
    """The strings of a JSON list (anything else is dropped)."""
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list | tuple) else ()


def as_numbers(value: JSONValue) -> tuple[int, ...]:
    """The integers of a JSON list (bools and anything else dropped)."""
    if not isinstance(value, list | tuple):
        return ()
    return tuple(v for v in value if isinstance(v, int) and not isinstance(v, bool))


class GameError(Exception):
    """Base of the typed errors an engine raises; ``code`` is an i18n key suffix."""

    code: str = "error"

    def __init__(self, code: str | None = None, **params: JSONValue) -> None:
        self.code = code or self.code
        self.params = params
        super().__init__(self.code, params)


class NotYourTurn(GameError):
    """The seat may not act now."""

    code = "not_your_turn"


class IllegalAction(GameError):
    """The action is not legal now; ``code`` says why (e.g. ``wrong_rank``)."""

    code = "illegal"


class BadOption(GameError):
    """A table option is unknown or out of bounds."""

    code = "bad_option"


@dataclass(frozen=True, order=True)
class Action:
    """A small immutable move: a kind and sorted (name, value) arguments.

    ``Action.of("play", card="10D")`` -> JSON ``{"kind": "play", "card": "10D"}``.
    """

    kind: str
    args: tuple[tuple[str, JSONValue], ...] = ()

    @classmethod
    def of(cls, kind: str, **args: JSONValue) -> Action:
        return cls(kind, tuple(sorted((k, _freeze(v)) for k, v in args.items())))

    def __getitem__(self, key: str) -> JSONValue:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: JSONValue = None) -> JSONValue:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def text(self, key: str, default: str = "") -> str:
        """The argument ``key`` as text (``default`` when absent or not a string)."""
        return as_text(self.get(key), default)

    def number(self, key: str, default: int = 0) -> int:
        """The argument ``key`` as an integer (``default`` when absent or not an integer)."""
        return as_number(self.get(key), default)

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"kind": self.kind}
        for k, v in self.args:
            out[k] = _thaw(v)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSONValue]) -> Action:
        args = {k: v for k, v in data.items() if k != "kind"}
        return cls.of(str(data["kind"]), **args)

    def dumps(self) -> str:
        """Compact, stable JSON text (used in the store and in component ids)."""
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Action:
        return cls.from_json(json.loads(text))


def _freeze(value: JSONValue) -> JSONValue:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: JSONValue) -> JSONValue:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log, the narration and the tests.

    ``seat`` is the acting seat or None; ``data`` holds JSON values only (cards as codes).
    ``milestone`` events (new deal, end of deal, end of game...) get their own channel message.
    ``private_to`` lists the seats allowed to see this event; None means public.
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, JSONValue] = field(default_factory=dict)
    milestone: bool = False
    private_to: frozenset[int] | None = None

    def to_json(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, "seat": self.seat, "data": dict(self.data), "milestone": self.milestone}

    def text(self, key: str, default: str = "") -> str:
        """The field ``key`` of ``data`` as text."""
        return as_text(self.data.get(key), default)

    def number(self, key: str, default: int = 0) -> int:
        """The field ``key`` of ``data`` as an integer."""
        return as_number(self.data.get(key), default)

    def seat_at(self, key: str) -> int | None:
        """The seat named by the field ``key`` of ``data``, None when there is none."""
        return as_seat(self.data.get(key))

    def public(self) -> bool:
        return self.private_to is None

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event."""
        return self.private_to is None or (seat is not None and seat in self.private_to)


@dataclass(frozen=True)
class Result:
    """One line of a final ranking: rank 1 is the winner; equal ranks share the place."""

    seat: int
    rank: int
    score: int


@dataclass(frozen=True)
class IntOption:
    """A whole number chosen when the table opens (``/<game> new``), within bounds.

    Its words live in the catalogs: ``option.<name>`` in the lobby, ``cmd.<command>.new.<name>`` (and ``.name``)
    for the slash command. ``offered`` False keeps it out of the command (set by the table, e.g. a fixed dealer).
    """

    name: str
    default: int
    min: int
    max: int
    offered: bool = True

    def validate(self, value: JSONValue) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadOption("bad_option_type", option=self.name)
        if not self.min <= value <= self.max:
            raise BadOption("bad_option_range", option=self.name, min=self.min, max=self.max, value=value)
        return value


@dataclass(frozen=True)
class BoolOption:
    """A yes/no choice made when the table opens (words as for ``IntOption``)."""

    name: str
    default: bool
    offered: bool = True

    def validate(self, value: JSONValue) -> bool:
        if not isinstance(value, bool):
            raise BadOption("bad_option_type", option=self.name)
        return value


@dataclass(frozen=True)
class ChoiceOption:
    """One of a few named values chosen when the table opens (each value's words: ``option.<name>.<value>``)."""

    name: str
    default: str
    choices: tuple[str, ...]
    offered: bool = True

    def validate(self, value: JSONValue) -> str:
        if value not in self.choices:
            raise BadOption("bad_option_choice", option=self.name, choices=", ".join(self.choices))
        return str(value)


@dataclass(frozen=True)
class DataOption:
    """A structured option set by the table itself, never by a player (Chat vert's rules in force).

    ``check`` validates and normalises the value, raising ``BadOption``.
    """

    name: str
    default: JSONValue
    check: Callable[[JSONValue], JSONValue]

    def validate(self, value: JSONValue) -> JSONValue:
        return self.check(value)


Option = IntOption | BoolOption | ChoiceOption | DataOption
Offered = IntOption | BoolOption | ChoiceOption
"""The kinds of option a player may choose (a ``DataOption`` is always set by the table)."""


@dataclass
class Tracked:
    """What every game state carries for its views: how many actions it has taken and the latest events."""

    version: int = field(default=0, kw_only=True)
    recent: tuple[Event, ...] = field(default=(), kw_only=True)


class Versioned(Protocol):
    """What the engine's shared methods read and write of any state: ``Tracked``'s two fields (a state that cannot
    derive from it, a compiled class, holds them itself)."""

    version: int
    recent: tuple[Event, ...]


S = TypeVar("S", bound=Versioned)
T = TypeVar("T")
P = TypeVar("P")

RECENT_EVENTS = 12
"""How many of the latest events a view carries."""


@dataclass(frozen=True)
class Envelope:
    """What every view of every game holds, whatever the game: the common part of ``TableView`` and ``SeatView``.

    ``to_act`` are the seats awaited now; ``may_interrupt`` those that may act out of turn without being awaited
    (a "neuro" call, "J'ai la même"); ``scores`` one number per seat in the game's own unit; ``events`` the latest
    events this viewer may see; ``version`` the number of actions applied since the setup.
    """

    game: str
    phase: str
    to_act: frozenset[int]
    may_interrupt: frozenset[int]
    scores: tuple[int, ...]
    events: tuple[Event, ...]
    version: int
    over: bool


@dataclass(frozen=True)
class TableView(Envelope, Generic[T]):
    """What a spectator may know: the envelope and the game's public table."""

    table: T


@dataclass(frozen=True)
class SeatView(Envelope, Generic[T, P]):
    """What one seat may know: the public table, that seat's own part (``own``) and its legal moves now (those
    it can know are legal: ``Engine.known_legal``)."""

    seat: int
    table: T
    own: P
    legal: tuple[Action, ...]


class Engine(Generic[S, T, P]):
    """The base of every rules engine: the protocol of a game and the views' common envelope.

    A game implements the rules (``setup``, ``play``, ``to_act``, ``legal_actions``...) and its two view bodies
    (``table`` for everyone, ``own`` for one seat); ``apply`` and the views are shared. ``play`` mutates ``state``
    in place, but only after every check has passed: when it raises a ``GameError`` the state is unchanged.
    """

    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()

    # ----- the rules, per game -----

    def setup(self, players: int, options: Mapping[str, JSONValue], rng: random.Random) -> S:
        raise NotImplementedError

    def start_events(self, state: S) -> list[Event]:
        """Events describing the initial state (the first deal), for the log and milestones."""
        raise NotImplementedError

    def to_act(self, state: S) -> frozenset[int]:
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        raise NotImplementedError

    def play(self, state: S, seat: int, action: Action, rng: random.Random) -> list[Event]:
        """Perform a legal action (the rules of the game), or raise a ``GameError`` leaving ``state`` unchanged."""
        raise NotImplementedError

    def stage(self, state: S) -> int:
        """A counter that grows with each deal/round: components carry it to spot stale buttons."""
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    def results(self, state: S) -> list[Result]:
        """The final ranking: by default the highest score first, ties sharing a rank."""
        return rank_by_score(self.scores(state))

    def phase(self, state: S) -> str:
        """The name of the current phase (``"over"`` once the game has ended)."""
        raise NotImplementedError

    def scores(self, state: S) -> tuple[int, ...]:
        """One number per seat: tokens, points, victory points or cards left, as the game counts."""
        raise NotImplementedError

    def table(self, state: S) -> T:
        """The public body of the views: everything a spectator may know."""
        raise NotImplementedError

    def own(self, state: S, seat: int) -> P:
        """What only ``seat`` may know (its hand...), for its own view."""
        raise NotImplementedError

    def secrets(self, state: S, seat: int) -> frozenset[str]:
        """The values only ``seat`` knows now (card or tile codes...), each of them absent from every view that
        is not this seat's: the conformance suite checks it. Values that are also public may not be listed."""
        raise NotImplementedError

    # ----- optional, with defaults -----

    def known_legal(self, state: S, seat: int) -> list[Action]:
        """The moves ``seat``'s view offers (``SeatView.legal``): the legal moves that seat can know are legal
        from what it knows. By default every legal move; a game where a move may be legal by a rule some seats do
        not know (Chat vert's secret rules) offers only the others, so that a view tells no secret."""
        return self.legal_actions(state, seat)

    def interrupters(self, state: S) -> frozenset[int]:
        """Seats that MAY act now out of turn without being awaited; most games have none."""
        return frozenset()

    def accepts(self, state: S, seat: int, action: Action) -> bool:
        """Whether ``action`` is legal for ``seat`` now. Engines whose legal moves are too many to list (a
        Neurotrio bid) override it; the others check ``legal_actions``."""
        return action in self.legal_actions(state, seat)

    def timer_actions(self, state: S, elapsed: float) -> list[Action]:
        """Moves the table makes by itself once the awaited seat has been idle ``elapsed`` seconds (Chat vert's
        "too slow" penalty card). Games without a turn timer have none."""
        return []

    def forced(self, state: S, seat: int) -> Action | None:
        """The move to play for ``seat`` without asking: its one legal move, when playing it shows nothing the
        player could have chosen to keep hidden; None when the player must be asked. Engines where a lone move
        still tells something (or where a choice is hidden behind one button) override it."""
        if seat in self.interrupters(state):
            return None
        legal = list(dict.fromkeys(self.legal_actions(state, seat)))
        return legal[0] if len(legal) == 1 else None

    def undoable(self, before: S, seat: int, action: Action, events: Sequence[Event]) -> bool:
        """Whether ``seat`` may take back ``action`` (played from ``before``, causing ``events``): only when it
        revealed nothing hidden (no card drawn, no secret shown, no deal ended). Safe default: never."""
        return False

    # ----- shared -----

    def apply(self, state: S, seat: int, action: Action, rng: random.Random) -> list[Event]:
        """``play`` the action, then count it and keep its events for the views."""
        events = self.play(state, seat, action, rng)
        state.version += 1
        state.recent = (*state.recent, *events)[-RECENT_EVENTS:]
        return events

    def public_view(self, state: S) -> TableView[T]:
        """The view of a spectator: what the channel may show."""
        return TableView(**self._envelope(state, None))

    def view(self, state: S, seat: int) -> SeatView[T, P]:
        """The view of ``seat``: the public table, its own part and the legal moves it can know (``known_legal``)."""
        own, legal = self.own(state, seat), tuple(self.known_legal(state, seat))
        return SeatView(**self._envelope(state, seat), seat=seat, own=own, legal=legal)

    def all_views(self, state: S, players: int) -> tuple[TableView[T], dict[int, SeatView[T, P]]]:
        """The public view and each of the ``players`` seats', equal to ``public_view`` and ``view`` for each seat,
        with the parts they share (the table, whose turn, the scores) worked out once and held once: what a published
        move needs."""
        shared = self._envelope(state, None)
        del shared["events"]
        recent = state.recent
        public = TableView(**shared, events=tuple(e for e in recent if e.seen_by(None)))
        views = {
            seat: SeatView(
                **shared,
                events=tuple(e for e in recent if e.seen_by(seat)),
                seat=seat,
                own=self.own(state, seat),
                legal=tuple(self.known_legal(state, seat)),
            )
            for seat in range(players)
        }
        return public, views

    def _envelope(self, state: S, seat: int | None) -> dict[str, Any]:
        """What every view holds, as ``seat`` (None: a spectator) may see it."""
        return {
            "game": self.name,
            "phase": self.phase(state),
            "to_act": self.to_act(state),
            "may_interrupt": self.interrupters(state),
            "scores": self.scores(state),
            "events": tuple(e for e in state.recent if e.seen_by(seat)),
            "version": state.version,
            "over": self.is_over(state),
            "table": self.table(state),
        }


AnyEngine = Engine[Any, Any, Any]


class Player(Protocol):
    """A computer player: it depends on its engine, never the reverse. ``act`` must return a legal action."""

    def act(self, state: Any, seat: int, rng: random.Random) -> Action:
        """The computer player's move for ``seat``, one of its legal actions."""
        ...

    def interrupt(self, state: Any, seat: int, rng: random.Random) -> Action | None:
        """The computer player's choice to interrupt now (a "neuro" call, "J'ai la même"), or None."""
        ...


def offered_options(game: AnyEngine) -> list[Offered]:
    """The options players choose, in their declared order: the slash command's, the lobby's menus and lines."""
    return [o for o in game.options if isinstance(o, Offered) and o.offered]


def validate_options(game: AnyEngine, raw: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
    """Fill defaults and check bounds; unknown names are refused."""
    specs = {o.name: o for o in game.options}
    for name in raw:
        if name not in specs:
            raise BadOption("unknown_option", option=name)
    out: dict[str, JSONValue] = {}
    for name, spec in specs.items():
        out[name] = spec.validate(raw[name]) if name in raw and raw[name] is not None else spec.default
    return out


def lone_seat(current: int | None, over: bool) -> frozenset[int]:
    """``to_act`` of a game where one seat plays at a time: that seat, none once the game is over."""
    return frozenset() if over or current is None else frozenset((current,))


def action_rng(seed: int, number: int) -> random.Random:
    """The RNG for action ``number`` of a game (0 is the setup): derived, never shared."""
    return random.Random(f"{seed}:{number}")


def rank_by_score(scores: Sequence[int]) -> list[Result]:
    """Competition ranking, highest score first; ties share the rank."""
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    out: list[Result] = []
    for i, seat in enumerate(order):
        rank = i + 1
        if i and scores[seat] == scores[order[i - 1]]:
            rank = out[-1].rank
        out.append(Result(seat, rank, scores[seat]))
    return sorted(out, key=lambda r: (r.rank, r.seat))
