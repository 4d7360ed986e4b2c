"""The engine protocol every game follows, its shared value types and the registry.

Engines are pure: no discord, no PIL, no asyncio, no store. A game is a state plus functions;
randomness is always a ``random.Random`` handed in by the caller.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

JSONValue = Any
"""A value with a stable JSON form: str, int, bool, None, or lists/dicts of those."""


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


@dataclass(frozen=True)
class Result:
    """One line of a final ranking: rank 1 is the winner; equal ranks share the place."""

    seat: int
    rank: int
    score: int


@dataclass(frozen=True)
class IntOption:
    name: str
    default: int
    min: int
    max: int

    def validate(self, value: JSONValue) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadOption("bad_option_type", option=self.name)
        if not self.min <= value <= self.max:
            raise BadOption("bad_option_range", option=self.name, min=self.min, max=self.max, value=value)
        return value


@dataclass(frozen=True)
class BoolOption:
    name: str
    default: bool

    def validate(self, value: JSONValue) -> bool:
        if not isinstance(value, bool):
            raise BadOption("bad_option_type", option=self.name)
        return value


@dataclass(frozen=True)
class ChoiceOption:
    name: str
    default: str
    choices: tuple[str, ...]

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

S = TypeVar("S")


@runtime_checkable
class Game(Protocol[S]):
    """What a game module exposes (one instance per game, registered by name).

    ``apply`` mutates ``state`` in place, but only after every check has passed: when it
    raises a ``GameError`` the state is unchanged.
    """

    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]

    def setup(self, players: int, options: Mapping[str, JSONValue], rng: random.Random) -> S: ...

    def start_events(self, state: S) -> list[Event]:
        """Events describing the initial state (the first deal), for the log and milestones."""
        ...

    def to_act(self, state: S) -> frozenset[int]: ...

    def legal_actions(self, state: S, seat: int) -> list[Action]: ...

    def apply(self, state: S, seat: int, action: Action, rng: random.Random) -> list[Event]: ...

    def view(self, state: S, seat: int) -> dict[str, JSONValue]: ...

    def public_view(self, state: S) -> dict[str, JSONValue]: ...

    def stage(self, state: S) -> int:
        """A counter that grows with each deal/round: components carry it to spot stale buttons."""
        ...

    def is_over(self, state: S) -> bool: ...

    def results(self, state: S) -> list[Result]: ...

    def bot_action(self, state: S, seat: int, rng: random.Random) -> Action:
        """The computer player's choice for ``seat`` (must be legal; uses only ``view``)."""
        ...


REGISTRY: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    REGISTRY[game.name] = game
    return game


def get_game(name: str) -> Game[Any]:
    # Import the engines lazily so that the registry is complete whoever asks first.
    from bot import games as _games  # noqa: F401

    try:
        return REGISTRY[name]
    except KeyError:
        raise BadOption("unknown_game", game=name) from None


def validate_options(game: Game[Any], raw: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
    """Fill defaults and check bounds; unknown names are refused."""
    specs = {o.name: o for o in game.options}
    for name in raw:
        if name not in specs:
            raise BadOption("unknown_option", option=name)
    out: dict[str, JSONValue] = {}
    for name, spec in specs.items():
        out[name] = spec.validate(raw[name]) if name in raw and raw[name] is not None else spec.default
    return out


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


def interrupters(game: Game[Any], state: Any) -> frozenset[int]:
    """Seats that MAY act now out of turn without being awaited (a "neuro" call, "J'ai la même").

    Optional engine method ``interrupters(state)``; games without interruptions have none.
    """
    method = getattr(game, "interrupters", None)
    return frozenset(method(state)) if method is not None else frozenset()


def bot_interrupt(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action | None:
    """The computer player's choice to interrupt now (optional ``bot_interrupt``); None means it does not."""
    method = getattr(game, "bot_interrupt", None)
    return method(state, seat, rng) if method is not None else None


def accepts(game: Game[Any], state: Any, seat: int, action: Action) -> bool:
    """Whether ``action`` is legal for ``seat`` now.

    Engines whose legal moves are too many to list (a Neurotrio bid: base x card x carton) provide
    ``accepts(state, seat, action)``; the others are checked against ``legal_actions``.
    """
    method = getattr(game, "accepts", None)
    if method is not None:
        return bool(method(state, seat, action))
    return action in game.legal_actions(state, seat)


def timer_actions(game: Game[Any], state: Any, elapsed: float) -> list[Action]:
    """Moves the table makes by itself once the awaited seat has been idle ``elapsed`` seconds (optional
    ``timer_actions``): Chat vert's "too slow" penalty card. Games without a turn timer have none."""
    method = getattr(game, "timer_actions", None)
    return list(method(state, elapsed)) if method is not None else []
