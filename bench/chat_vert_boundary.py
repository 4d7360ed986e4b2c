"""Le Chat vert's speed through the engine's action boundary, as the bot plays its moves: ``to_act``,
``legal_actions`` and ``apply``, with the events the log and the channel show.

The same random two-player games as the bench's (``bench.chat_vert``), move by move through the
boundary, with a random player who says what the rules require (``spoken``). The same loop is also run against an
engine that answers from a record of real games (``ceiling_games_per_second``): what any engine could reach behind
this boundary, the loop and its player costing what they cost.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Protocol

from bot.games.base import Action
from bot.games.base import Event
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.rules import Requirement
from bot.games.chat_vert.rules import Rule
from bot.games.chat_vert.rules import RuleIndex
from bot.games.chat_vert.rules import check_rules


class Speaking(Protocol):
    """What the speaking player reads of a state."""

    @property
    def hands(self) -> Sequence[list[str]]: ...
    @property
    def top(self) -> str: ...
    def index(self) -> RuleIndex: ...


def spoken(state: Speaking, seat: int, action: Action) -> Action:
    """A random player who says what the rules require, so that games end as Uno games do."""
    (_, card), _, (_, n) = action.args  # a play move as ``legal_actions`` gives it: card, colour, n
    left = len(state.hands[seat]) - (2 if n == 2 else 1)
    index = state.index()
    if left >= 2 and card in index.quiet:
        return action
    words = index.speech(str(card), state.top, left)
    if not words:
        return action
    key = (id(words), id(action))
    said = _SAID.get(key)
    if said is None or said[0] is not words or said[1] is not action:
        if len(_SAID) >= 4096:
            _SAID.clear()
        # ``say`` sorts after ``card``, ``colour`` and ``n``: the same value as ``Action.of`` with every argument.
        text = ", ".join(r.display for r in words)
        said = _SAID[key] = (words, action, Action(action.kind, (*action.args, ("say", text))))
    return said[2]


_SAID: dict[tuple[int, int], tuple[tuple[Requirement, ...], Action, Action]] = {}
"""The move the random player makes for each list of requirements an index gives and each move it could say them
with, kept with the two it is for (the moves ``legal_actions`` gives live as long as the module)."""


class Boundary(Protocol):
    """What the speed loop asks of an engine: the action boundary of ``ChatVert``."""

    def setup(self, players: int, options: Mapping[str, object], rng: random.Random) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def to_act(self, state: Any) -> frozenset[int]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...
    def apply(self, state: Any, seat: int, action: Action, rng: random.Random) -> list[Event]: ...


def _games_per_second(engine: Boundary, rules: list[Rule], seconds: float) -> float:
    """Whole random two-player games per second: a random legal card when one can be played, else a draw."""
    checked = check_rules(rules)  # checked once, as a table's games take its rules
    games, rng, start = 0, random.Random(0), time.perf_counter()
    setup, is_over, to_act, legal_actions, apply = (
        engine.setup,
        engine.is_over,
        engine.to_act,
        engine.legal_actions,
        engine.apply,
    )
    while time.perf_counter() - start < seconds:
        state = setup(2, {"rules": checked, "timer": 0}, rng)
        while not is_over(state):
            seat = min(to_act(state))
            legal = legal_actions(state, seat)
            action = rng.choice([a for a in legal if a.kind == "play"] or legal)
            apply(state, seat, spoken(state, seat, action) if action.kind == "play" else action, rng)
        games += 1
    return games / (time.perf_counter() - start)


def boundary_games_per_second(rules: list[Rule], seconds: float) -> float:
    """Whole random two-player games per second of Le Chat vert's engine through its action boundary."""
    return _games_per_second(GAME, rules, seconds)


@dataclass(frozen=True)
class _Step:
    """One move of a recorded game: what the boundary answered, and what the speaking player reads of the state."""

    to_act: frozenset[int]
    legal: list[Action]
    hands: tuple[list[str], ...]
    top: str
    index: Callable[[], RuleIndex]


class _Replayed:
    """A recorded game being played again: its steps and the one it stands at, laid out as the state's fields that
    the speaking player reads (``hands``, ``top``, ``index``)."""

    __slots__ = ("at", "hands", "index", "steps", "top")

    def __init__(self, steps: list[_Step]) -> None:
        self.steps = steps
        self.at = 0
        self.show()

    def show(self) -> None:
        step = self.steps[self.at]
        self.hands, self.top, self.index = step.hands, step.top, step.index


class Recorded:
    """An engine that answers from a record of real games, taking them in turn: each answer is an attribute read,
    each move a step forward. Nothing behind the action boundary could answer faster."""

    def __init__(self, games: list[list[_Step]]) -> None:
        self.games = games
        self.played = 0

    def setup(self, players: int, options: Mapping[str, object], rng: random.Random) -> _Replayed:
        self.played += 1
        return _Replayed(self.games[(self.played - 1) % len(self.games)])

    def is_over(self, state: _Replayed) -> bool:
        return state.at >= len(state.steps)

    def to_act(self, state: _Replayed) -> frozenset[int]:
        return state.steps[state.at].to_act

    def legal_actions(self, state: _Replayed, seat: int) -> list[Action]:
        return state.steps[state.at].legal

    def apply(self, state: _Replayed, seat: int, action: Action, rng: random.Random) -> list[Event]:
        state.at += 1
        if state.at < len(state.steps):
            state.show()
        return []


def record(rules: list[Rule], games: int) -> list[list[_Step]]:
    """``games`` random two-player games of the real engine, played as the speed loop plays them, step by step."""
    rng = random.Random(0)
    out = []
    for _ in range(games):
        state = GAME.setup(2, {"rules": list(rules), "timer": 0}, rng)
        steps = []
        while not GAME.is_over(state):
            awaited = GAME.to_act(state)
            seat = min(awaited)
            legal = GAME.legal_actions(state, seat)
            index = state.index()
            hands = tuple(list(hand) for hand in state.hands)
            steps.append(_Step(awaited, legal, hands, state.top, itertools.repeat(index).__next__))
            action = rng.choice([a for a in legal if a.kind == "play"] or legal)
            GAME.apply(state, seat, spoken(state, seat, action) if action.kind == "play" else action, rng)
        out.append(steps)
    return out


def ceiling_games_per_second(rules: list[Rule], seconds: float, games: int = 200) -> float:
    """Games per second of the same loop and player against ``Recorded``: the most any engine could give here."""
    return _games_per_second(Recorded(record(rules, games)), rules, seconds)
