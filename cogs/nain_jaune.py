"""Nain Jaune on Discord: how its moves look (button colours, when a private panel changes)."""

from __future__ import annotations

from collections.abc import Hashable

import discord

from bot.games.base import Action
from bot.games.nain_jaune import BOARD
from bot.games.nain_jaune_views import NainJauneSeatView
from cogs.ui import GameUI

BOARD_CARDS = frozenset(BOARD)


def _style(action: Action) -> discord.ButtonStyle:
    """Green for a move that takes a box (a claim, or laying a board card), grey for "sans X", blue otherwise."""
    if action.kind == "claim":
        return discord.ButtonStyle.success
    if action.kind == "pass":
        return discord.ButtonStyle.secondary
    if action.text("card") in BOARD_CARDS:
        return discord.ButtonStyle.success
    return discord.ButtonStyle.primary


def _panel_key(view: NainJauneSeatView) -> Hashable:
    """A private panel changes with the hand and the moves, not with every token won or lost around the table."""
    return (view.own.hand, tuple(a.dumps() for a in view.legal))


UI = GameUI(kind="nain_jaune", action_style=_style, panel_key=_panel_key)
