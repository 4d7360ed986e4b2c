"""Hints: the computer player's choice for a human's seat, with one reason in the player's own terms.

A hint is what ``act`` would play for the seat now (the same move for the same RNG), plus a catalog key that says
why. The key is a plural entry counted by ``count`` when the reason holds a number (points, tokens, cards), else a
plain entry; its other parameters are bare words or numbers, so the reason reads the same in every language and
the move itself is named by the move's own label beside it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any
from typing import Protocol
from typing import runtime_checkable

from bot.games.base import Action
from bot.games.base import JSONValue


@dataclass(frozen=True)
class Hint:
    """A suggested move and why: ``reason`` is a catalog key, counted by ``count`` when it is not None."""

    action: Action
    reason: str
    count: int | None = None
    params: tuple[tuple[str, JSONValue], ...] = ()

    @classmethod
    def of(cls, action: Action, reason: str, count: int | None = None, **params: JSONValue) -> Hint:
        return cls(action, reason, count, tuple(sorted(params.items())))


@runtime_checkable
class Hinting(Protocol):
    """A computer player that can say what it would play for a seat, and why."""

    def hint(self, state: Any, seat: int, rng: random.Random) -> Hint:
        """The move ``act`` would make for ``seat`` with ``rng``, with its reason."""
        ...


def hint_rng(game_id: int, version: int, seat: int) -> random.Random:
    """The RNG of a hint: fixed for one seat at one moment of one game, so asking twice gives the same hint."""
    return random.Random(f"{game_id}:hint:{version}:{seat}")
