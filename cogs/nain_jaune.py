"""Nain Jaune on Discord: ``/nainjaune new`` and how its moves and pictures look."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.games.base import Action, JSONValue
from cogs.tables import open_lobby
from cogs.ui import GameUI, register
from renders import nain_jaune as pictures

TIMEOUT_KEY = "cmd.new.timeout"
BOARD_CARDS = frozenset({"10D", "JC", "QS", "KH", "7D"})


def _style(action: Action) -> discord.ButtonStyle:
    if action.kind == "claim":
        return discord.ButtonStyle.success
    if action.kind == "pass":
        return discord.ButtonStyle.secondary
    if action.get("card") in BOARD_CARDS:
        return discord.ButtonStyle.success
    return discord.ButtonStyle.primary


def _hand(view: dict[str, JSONValue], legal: list[Action], locale: str) -> bytes:
    playable = [str(a["card"]) for a in legal if a.kind == "play"]
    return pictures.render_hand(view, locale, playable if legal else None)


UI = register(
    GameUI(
        kind="nain_jaune",
        title_key="game.nain_jaune",
        table_picture=pictures.render_table,
        hand_picture=_hand,
        action_style=_style,
    )
)


class NainJauneCog(commands.Cog):
    nainjaune = app_commands.Group(
        name=_("nainjaune", key="cmd.nainjaune.name"),
        description=_("Nain Jaune: the French card game with the yellow dwarf", key="cmd.nainjaune.description"),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @nainjaune.command(
        name=_("new", key="cmd.new.name"),
        description=_("Open a Nain Jaune table in this channel", key="cmd.nainjaune.new.description"),
    )
    @app_commands.describe(
        deals=_("Number of deals (1-50, default 10)", key="cmd.nainjaune.new.deals"),
        tokens=_("Starting tokens per player (15-10000, default 120)", key="cmd.nainjaune.new.tokens"),
        announce=_("Players must press 'qui prend' to take a box (default: no)", key="cmd.nainjaune.new.announce"),
        reminder=_("Minutes before a reminder (0: never, default 2)", key="cmd.new.reminder"),
        timeout=_(
            "Minutes before the computer plays for an absent player (0: never, default 10)", key="cmd.new.timeout"
        ),
    )
    @app_commands.rename(
        deals=_("deals", key="cmd.nainjaune.new.deals.name"),
        tokens=_("tokens", key="cmd.nainjaune.new.tokens.name"),
        announce=_("announce", key="cmd.nainjaune.new.announce.name"),
        reminder=_("reminder", key="cmd.new.reminder.name"),
        timeout=_("timeout", key="cmd.new.timeout.name"),
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        deals: app_commands.Range[int, 1, 50] = 10,
        tokens: app_commands.Range[int, 15, 10000] = 120,
        announce: bool = False,
        reminder: app_commands.Range[int, 0, 1440] = 2,
        timeout: app_commands.Range[int, 0, 1440] = 10,
    ) -> None:
        options: dict[str, JSONValue] = {"deals": deals, "tokens": tokens, "announce": announce}
        await open_lobby(interaction, "nain_jaune", options, reminder, timeout)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NainJauneCog(bot))
