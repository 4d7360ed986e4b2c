"""The games Tablée hosts: each declared once, here, with every part it is made of.

Every other list (engines, computer players, texts, pictures, commands, cogs, lobby options, bench and demo
tables) is derived from ``GAMES``. A part is named by its place (``"module:attribute"``, as an entry point), so
this module imports none of them: the engines at the bottom never depend on it, and the cogs at the top may.
Adding a game is writing its modules and one ``GameSpec`` below.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any
from typing import Protocol
from typing import cast

from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import Player
from bot.games.base import SeatView
from bot.games.base import TableView
from bot.service.table_hooks import TableHooks

ALT_MAX = 1024
"""Discord keeps at most this many characters of a media gallery item's description (a picture's alt text)."""


class GameTexts(Protocol):
    kind: str
    score_unit_key: str
    """The catalog key (with .one/.other forms) of the game's score: tokens, points..."""

    def narrate(self, event: Event, names: Sequence[str], locale: str) -> str | None:
        """One line for an event, or None when it is not worth a line."""
        ...

    def summary(self, public: TableView[Any], names: Sequence[str], locale: str) -> list[str]:
        """Two short lines that say where the game stands."""
        ...

    def action_label(
        self, action: Action, view: TableView[Any] | SeatView[Any, Any], locale: str, names: Sequence[str]
    ) -> str:
        """A button or select label for a move (at most 80 characters)."""
        ...

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """The texts of the milestone messages that these events call for, in order."""
        ...

    def describe_table(self, public: TableView[Any], names: Sequence[str], locale: str) -> str:
        """The table picture in words, for a screen reader (its alt text): whose turn, what lies on the table (the
        top card, the board), the scores and counts; at most ``ALT_MAX`` characters."""
        ...

    def describe_hand(self, view: SeatView[Any, Any], names: Sequence[str], locale: str) -> str:
        """The hand picture in words (its alt text): the seat's own cards, tiles or stones and what is playable;
        at most ``ALT_MAX`` characters."""
        ...


class Pictures(Protocol):
    """A game's pictures (PNG bytes), drawn from its views only, off the event loop."""

    def table(self, view: TableView[Any], names: Sequence[str], locale: str) -> bytes: ...

    def hand(self, view: SeatView[Any, Any], locale: str) -> bytes: ...

    def hand_key(self, view: SeatView[Any, Any]) -> Hashable:
        """What of ``view`` the hand picture draws: equal keys draw the same picture (in one language)."""
        ...


@dataclass(frozen=True)
class GameSpec:
    """One game: its name, its command, and where each of its parts lives."""

    kind: str
    """The game's name in the store, the catalogs (``game.<kind>``) and component ids."""
    command: str
    """The slash command group, ``/<command> new``."""
    engine: str = "bot.games.{kind}:GAME"
    player: str = "bot.players.{kind}:PLAYER"
    texts: str = "bot.texts.{kind}:TEXTS"
    pictures: str = "renders.{kind}:PICTURES"
    """Where the parts live: by default the house's places, named after the game."""
    cog: str = "cogs.{kind}"
    """The game's Discord module: its ``UI`` is how its moves look; with a ``setup`` it is also a discord.py extension
    that adds commands of its own (the group and its ``new`` are made for every game from this declaration)."""
    hooks: str | None = None
    """What the game adds around its tables (Le Chat vert's rules of the channel), if anything."""
    strength: str | None = None
    """What ``make bench`` measures of its computer player: a function returning figures
    (``bot.players.strength.Figure``), if any."""
    short: tuple[tuple[str, JSONValue], ...] = ()
    """Options that make a short game (one or two deals, a low target): for the conformance suite and the demo."""
    rounds: str | None = None
    """The event that ends a round (the results picture charts the scores after each); None: a game in one go."""
    rated_by_rounds: str | None = None
    """Where the game's rounds are turned into rated matches (Njet's partnerships, ``bot.ratings.model.njet_matches``);
    None: a game is rated by its final ranking."""

    def __post_init__(self) -> None:
        for part in ("engine", "player", "texts", "pictures", "cog"):
            object.__setattr__(self, part, getattr(self, part).format(kind=self.kind))

    @property
    def title_key(self) -> str:
        return f"game.{self.kind}"


GAMES: tuple[GameSpec, ...] = (
    GameSpec("nain_jaune", "nainjaune", short=(("deals", 2),), rounds="deal_end"),
    GameSpec(
        "triominos", "triominos", strength="bot.players.triominos:strength", short=(("rounds", 1),), rounds="round_end"
    ),
    GameSpec("neurotrio", "neurotrio", strength="bot.players.neurotrio:strength"),
    GameSpec(
        "njet",
        "njet",
        strength="bot.players.njet:strength",
        short=(("rounds", 2),),
        rounds="round_end",
        rated_by_rounds="bot.ratings.model:njet_matches",
    ),
    GameSpec(
        "chat_vert",
        "chatvert",
        engine="bot.games.chat_vert.engine:GAME",
        hooks="bot.service.chat_vert_table:HOOKS",
        strength="bench.chat_vert:strength",
        short=(("timer", 0),),
    ),
)

KINDS: tuple[str, ...] = tuple(spec.kind for spec in GAMES)


def load(ref: str) -> object:
    """The object an entry point names: ``"package.module:attribute"``."""
    module, _, attribute = ref.partition(":")
    target: object = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        target = getattr(target, part)
    return target


def spec_of(kind: str) -> GameSpec:
    for spec in GAMES:
        if spec.kind == kind:
            return spec
    raise BadOption("unknown_game", game=kind)


@cache
def engine_of(kind: str) -> AnyEngine:
    return cast("AnyEngine", load(spec_of(kind).engine))


@cache
def player_of(kind: str) -> Player:
    return cast(Player, load(spec_of(kind).player))


@cache
def texts_of(kind: str) -> GameTexts:
    return cast(GameTexts, load(spec_of(kind).texts))


@cache
def pictures_of(kind: str) -> Pictures:
    return cast(Pictures, load(spec_of(kind).pictures))


@cache
def hooks_of(kind: str) -> TableHooks | None:
    ref = spec_of(kind).hooks
    return None if ref is None else cast(TableHooks, load(ref))
