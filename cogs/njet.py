"""Njet! on Discord: ``/njet new``, the blocking stones on the table message, the secret discard."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.games.base import Action, JSONValue
from bot.i18n import t
from bot.tables import Snapshot
from bot.texts.njet import CHARACTERS, card_label
from cogs.components import ActMultiSelect
from cogs.tables import open_lobby
from cogs.ui import FocusPanel, GameUI, register
from renders import njet as pictures

ROWS = ("start", "discard", "trump", "super", "points")
TIMEOUT_KEY = "cmd.new.timeout"


def _style(action: Action) -> discord.ButtonStyle:
    if action.kind == "block":
        return discord.ButtonStyle.secondary
    if action.kind == "alone":
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.primary


def _hand(view: dict[str, JSONValue], legal: list[Action], locale: str) -> bytes:
    playable = [str(a["card"]) for a in legal if a.kind == "play"]
    return pictures.render_hand(view, locale, playable if playable else None)


def _table_actions(snapshot: Snapshot) -> list[list[Action]]:
    """During the Njet phase, the stones the player to act may place, one row of buttons per board row."""
    if snapshot.public.get("phase") != "njet" or not snapshot.to_act:
        return []
    seat = min(snapshot.to_act)
    by_row: dict[str, list[Action]] = {row: [] for row in ROWS}
    for action in snapshot.legal.get(seat, []):
        if action.kind == "block":
            by_row[str(action["row"])].append(action)
    return [by_row[row] for row in ROWS if by_row[row]]


def _discard_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel | None:
    """The secret discard: one multi-select of exactly N cards of the hand (other phases use the plain panel)."""
    legal = [] if snapshot.over else snapshot.legal.get(seat, [])
    discards = [a for a in legal if a.kind == "discard"]
    if not discards:
        return None
    count = len(discards[0]["cards"])
    hand = [str(c) for c in snapshot.views[seat].get("hand") or []]  # type: ignore[union-attr]
    options = [
        discord.SelectOption(label=card_label(code, lang), value=f"{code}#{i}") for i, code in enumerate(hand[:25])
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(
        ActMultiSelect(
            snapshot.game.id,
            snapshot.n,
            "discard",
            "cards",
            options,
            t(lang, "njet.panel.discard", n=count),
            count=count,
        )
    )
    seat_view = snapshot.views[seat]
    return FocusPanel([], lambda: _hand(seat_view, legal, lang), view)


UI = register(
    GameUI(
        kind="njet",
        title_key="game.njet",
        table_picture=pictures.render_table,
        hand_picture=_hand,
        action_style=_style,
        table_actions=_table_actions,
        focus_panel=_discard_panel,
        seat_badge=lambda seat, lang: f"{t(lang, f'njet.character.{CHARACTERS[seat % 4]}')} · ",
    )
)


class NjetCog(commands.Cog):
    njet = app_commands.Group(
        name=_("njet", key="cmd.njet.name"),
        description=_("Njet!: the trick-taking game where you vote the rules away", key="cmd.njet.description"),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @njet.command(
        name=_("new", key="cmd.new.name"),
        description=_("Open a Njet! table in this channel (3 or 4 players)", key="cmd.njet.new.description"),
    )
    @app_commands.describe(
        rounds=_("Number of rounds (1-16, default 8)", key="cmd.njet.new.rounds"),
        reminder=_("Minutes before a reminder (0: never, default 2)", key="cmd.new.reminder"),
        timeout=_("Minutes before the computer plays for an absent player (0: never, default 10)", key=TIMEOUT_KEY),
    )
    @app_commands.rename(
        rounds=_("rounds", key="cmd.njet.new.rounds.name"),
        reminder=_("reminder", key="cmd.new.reminder.name"),
        timeout=_("timeout", key="cmd.new.timeout.name"),
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        rounds: app_commands.Range[int, 1, 16] = 8,
        reminder: app_commands.Range[int, 0, 1440] = 2,
        timeout: app_commands.Range[int, 0, 1440] = 10,
    ) -> None:
        await open_lobby(interaction, "njet", {"rounds": rounds}, reminder, timeout)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NjetCog(bot))
