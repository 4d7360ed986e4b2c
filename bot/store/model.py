"""What the store holds and answers, the same whichever database keeps it: rows, result lines and errors."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import TypeVar

ACTIVE = ("lobby", "running")
"""The statuses of an open table: one such game per channel at most."""

UPDATABLE = frozenset(
    {
        "seats",
        "status",
        "host_id",
        "locale",
        "lobby_message_id",
        "table_message_id",
        "turn_since",
        "reminded",
        "called",
        "started_at",
        "ended_at",
        "options",
        "seed",
        "settings",
        "turn_message_id",
    }
)
"""The columns of a game that ``update_game`` may change (its id, channel, kind and creation never change)."""


class StoreError(Exception):
    """Base of the store's own errors."""


class DuplicateAction(StoreError):
    """This action number was already written (double click or a concurrent process)."""


class GameEnded(StoreError):
    """The game was abandoned or cancelled (by another process sharing the store) before this action was written."""


ENDED_EARLY = ("cancelled", "abandoned")
"""The statuses of a game closed before its end: no action is written to it any more."""

EPILOGUE_LEASE_S = 120.0
"""How long a process's claim on a game's epilogue holds another process off: past it, the claimer is taken for dead."""


class ActiveTableExists(StoreError):
    """A table is already open (lobby or running) in this channel."""


@dataclass
class Seat:
    """Who holds a seat: a Discord user, or a computer player (``user_id`` None)."""

    name: str
    user_id: int | None = None

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "user_id": self.user_id}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(name=str(data["name"]), user_id=data.get("user_id"))


@dataclass
class GameRow:
    """One game as stored (not its state: that is rebuilt from ``seed`` and the actions)."""

    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    options: dict[str, Any]
    seats: list[Seat]
    seed: int
    status: str
    host_id: int
    locale: str
    reminder_s: int
    timeout_s: int
    lobby_message_id: int | None
    table_message_id: int | None
    turn_since: float | None
    reminded: bool
    created_at: float
    started_at: float | None = None
    ended_at: float | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    """The table's own settings (``bot.service.table_settings``) and, once over, who asked for a rematch."""
    turn_message_id: int | None = None
    called: bool = False
    """Whether the people awaited since ``turn_since`` were called (once they had not moved for a while)."""

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return i
        return None


@dataclass(frozen=True)
class ActionRow:
    n: int
    seat: int | None
    action: str
    by_bot: bool
    at: float
    how: str | None = None
    """``auto``: a forced move the table played for a human; ``timeout``: the computer played for an absent one."""


@dataclass(frozen=True)
class StatLine:
    kind: str
    user_id: int | None
    name: str
    games: int
    wins: int


ResultLine = tuple[int, int | None, str, int, int]
"""One seat's final line: seat, user id (None for a computer player), name, rank, score."""


@dataclass(frozen=True)
class ChatVertTable:
    """Le Chat vert's lasting state at one table: its rules in force and some of its table data, by key.

    Read, it holds the keys asked for (None when never set); given back by a change, ``data`` holds the keys to set.
    """

    rules: list[dict[str, Any]]
    data: dict[str, Any]


T = TypeVar("T")

ChatVertChange = Callable[[ChatVertTable], tuple[ChatVertTable, T]]
"""A change of a table's rules: from what is stored, what to store instead, and what to answer the caller."""


def rule_ids(rules: Sequence[dict[str, Any]]) -> list[int]:
    """The rules' ids, refused when one repeats (the database's unique key would refuse them anyway, later)."""
    ids = [int(rule["id"]) for rule in rules]
    if len(set(ids)) != len(ids):
        raise StoreError(f"repeated Chat vert rule ids in {ids}")
    return ids


def game_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """``update_game``'s fields, checked against the columns that may change."""
    unknown = set(fields) - UPDATABLE
    if unknown:
        raise StoreError(f"cannot update {sorted(unknown)}")
    return fields


# -- ratings -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRating:
    """A player's stored rating at one game on one server (``bot.ratings.model`` computes it): the model's mean and
    uncertainty, with the rated games played and won. ``player`` is a Discord id, or ``cpu:<n>``."""

    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass(frozen=True)
class RatingChange:
    """A player's shown rating before and after one rated game."""

    player: str
    name: str
    before: float
    after: float


RateGame = Callable[[list[PlayerRating]], tuple[list[PlayerRating], list[RatingChange]]]
"""From the stored ladder of a game's server and kind, the ratings to store (the game's players) and the game's
changes, in seat order."""

FinishedGame = tuple[GameRow, list[ResultLine]]
"""A finished game and its ranking by seat."""
