"""What each game adds to the shared Discord surface: its pictures and how its moves look.

The shared cogs (lobby, table message, private panels) are written once against this small
adapter; a game's cog holds its ``GameUI`` as ``UI``, found through the game's declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from functools import cache
from typing import Any

import discord

from bot.games.base import Action
from bot.games.base import JSONValue
from bot.games.base import SeatView
from bot.pictures.redraw import default_private_key
from bot.registry import load
from bot.registry import spec_of
from bot.service.tables import Snapshot


@dataclass
class FocusPanel:
    """What a game shows in a private panel: extra lines, a picture (drawn off the loop), the controls."""

    lines: list[str]
    picture: Callable[[], bytes]
    controls: discord.ui.View | None
    description: str = ""
    """The picture in words (its alt text), when it is not the hand as ``GameTexts.describe_hand`` says it."""


@dataclass(frozen=True)
class Choice:
    """One menu of a form: its label, and its options as (label, fields of the move)."""

    label: str
    options: tuple[tuple[str, Mapping[str, JSONValue]], ...]


@dataclass(frozen=True)
class ChoiceForm:
    """A move made of several choices, filled in one modal (``cogs.choice_modal``)."""

    title: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class GameUI:
    """The per-game parts: pictures (run in a worker thread) and move presentation."""

    kind: str
    action_style: Callable[[Action], discord.ButtonStyle] = field(default=lambda _a: discord.ButtonStyle.primary)
    panel_key: Callable[[SeatView[Any, Any]], Hashable] | None = None
    """What, in a seat's view, makes its private panel worth editing (default: hand and moves)."""
    table_actions: Callable[[Snapshot], list[list[Action]]] | None = None
    """Moves offered on the public table message (rows of buttons), e.g. Njet's blocking stones."""
    focus_panel: Callable[[Snapshot, int, str, str | None, int], FocusPanel | None] | None = None
    """A game's own private panel (a focus chosen by the player, e.g. one Triominos tile, and a page; or a
    multi-select like Njet's discard); None falls back to the hand picture with buttons or a paged select."""
    choice_form: Callable[[Snapshot, int, str, str], ChoiceForm | None] | None = None
    """The form of a move of this kind for a seat now (a Neurotrio bid), or None when it has none."""
    seat_badge: Callable[[int, str], str] | None = None
    """A word shown before a seat in the lobby (Njet's characters)."""

    def private_key(self, view: SeatView[Any, Any]) -> Hashable:
        """What, in a seat's view, makes its private panel worth editing (default: its own part and moves)."""
        if self.panel_key is not None:
            return self.panel_key(view)
        return default_private_key(view)


@cache
def ui_for(kind: str) -> GameUI:
    """The Discord surface of a game: the ``UI`` of the cog its declaration names."""
    ui = load(f"{spec_of(kind).cog}:UI")
    if not isinstance(ui, GameUI):
        raise TypeError(f"{spec_of(kind).cog}.UI is not a GameUI")
    return ui
