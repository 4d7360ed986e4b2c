"""What each game adds to the shared Discord surface: its pictures and how its moves look.

The shared cogs (lobby, table message, private panels) are written once against this small
adapter; a game cog registers one ``GameUI``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.games.base import Action, JSONValue
from bot.tables import Snapshot


@dataclass
class FocusPanel:
    """What a game shows in a private panel: extra lines, a picture (drawn off the loop), the controls."""

    lines: list[str]
    picture: Callable[[], bytes]
    controls: discord.ui.View | None


@dataclass(frozen=True)
class GameUI:
    """The per-game parts: pictures (run in a worker thread) and move presentation."""

    kind: str
    title_key: str
    table_picture: Callable[[dict[str, JSONValue], list[str], str], bytes]
    hand_picture: Callable[[dict[str, JSONValue], list[Action], str], bytes]
    action_style: Callable[[Action], discord.ButtonStyle] = field(default=lambda _a: discord.ButtonStyle.primary)
    panel_key: Callable[[dict[str, JSONValue], list[Action]], Any] | None = None
    """What, in a seat's view, makes its private panel worth editing (default: hand and moves)."""
    table_actions: Callable[[Snapshot], list[list[Action]]] | None = None
    """Moves offered on the public table message (rows of buttons), e.g. Njet's blocking stones."""
    focus_panel: Callable[[Snapshot, int, str, str | None, int], FocusPanel | None] | None = None
    """A game's own private panel (a focus chosen by the player, e.g. one Triominos tile, and a page; or a
    multi-select like Njet's discard); None falls back to the hand picture with buttons or a paged select."""
    seat_badge: Callable[[int, str], str] | None = None
    """A word shown before a seat in the lobby (Njet's characters)."""

    def private_key(self, view: dict[str, JSONValue], legal: Sequence[Action]) -> Any:
        if self.panel_key is not None:
            return self.panel_key(view, list(legal))
        return (repr(view.get("hand")), tuple(a.dumps() for a in legal))


REGISTRY: dict[str, GameUI] = {}


def register(ui: GameUI) -> GameUI:
    REGISTRY[ui.kind] = ui
    return ui


def ui_for(kind: str) -> GameUI:
    return REGISTRY[kind]
