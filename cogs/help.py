"""``/help``: the games, how to open a table, the table commands, and a button per game for its rules.

Everything is derived: the games from the registry (player counts from their engines), the commands from the
command tree itself, their words from the catalogs (``cmd.<group>.<command>.name`` and ``.description``), so the
help cannot drift from the commands. The answer is private and in the user's language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.i18n import t
from bot.registry import GAMES
from bot.registry import KINDS
from bot.registry import GameSpec
from bot.registry import engine_of
from bot.service.tables import TableError
from cogs.common import label_of
from cogs.common import rebuilt
from cogs.common import report_error
from cogs.common import user_lang

RULES_MAX = 2000
"""A message's length limit: a rules summary is cut there rather than refused."""


def rules_text(lang: str, kind: str) -> str:
    """A game's rules summary (``rules.<kind>``), for ``/table rules`` and the rules buttons."""
    return t(lang, f"rules.{kind}")[:RULES_MAX]


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:rules:(?P<kind>[a-z_]{1,32})"):
    """A game's rules, privately, for whoever asks wherever the button is: rules are public knowledge, so nothing
    about the channel or the game is checked. Persistent: a message posted before a restart still answers."""

    def __init__(self, kind: str, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or None, emoji="📖", style=discord.ButtonStyle.secondary, custom_id=f"tb:rules:{kind}"
        )
        super().__init__(button)
        self.kind = kind

    from_custom_id = rebuilt(lambda match, item: (match["kind"], label_of(item)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.kind not in KINDS:
            await report_error(interaction, TableError("expired"))
            return
        await interaction.response.send_message(rules_text(user_lang(interaction), self.kind), ephemeral=True)


def command_path(lang: str, group: str, command: str) -> str:
    """``/table join`` as the user's Discord shows it (``/table rejoindre`` in French)."""
    return f"/{t(lang, f'cmd.{group}.name')} {t(lang, f'cmd.{group}.{command}.name')}"


def players(lang: str, spec: GameSpec) -> str:
    engine = engine_of(spec.kind)
    low, high = engine.min_players, engine.max_players
    return t(lang, "help.players_pair" if high == low + 1 else "help.players", min=low, max=high)


def subcommands(tree: app_commands.CommandTree[Any], group: str) -> list[str]:
    """The (English) names of a group's subcommands, in their declared order."""
    found = tree.get_command(group)
    return [c.name for c in found.commands] if isinstance(found, app_commands.Group) else []


def game_field(lang: str, spec: GameSpec, tree: app_commands.CommandTree[Any]) -> tuple[str, str]:
    """One game: its name and player counts, one line about it, how to open it and its own commands."""
    start = f"`/{t(lang, f'cmd.{spec.command}.name')} {t(lang, 'cmd.new.name')}`"
    own = [f"`{command_path(lang, spec.command, c)}`" for c in subcommands(tree, spec.command) if c != "new"]
    lines = [t(lang, f"help.about.{spec.kind}"), " · ".join([start, *own])]
    return t(lang, "help.game", game=t(lang, spec.title_key), players=players(lang, spec)), "\n".join(lines)


def help_embed(lang: str, tree: app_commands.CommandTree[Any]) -> discord.Embed:
    embed = discord.Embed(title=t(lang, "help.title"), description=t(lang, "help.intro"), colour=0xE8B931)
    for spec in GAMES:
        name, value = game_field(lang, spec, tree)
        embed.add_field(name=name, value=value, inline=False)
    table = [
        t(
            lang,
            "help.command",
            command=f"`{command_path(lang, 'table', c)}`",
            description=t(lang, f"cmd.table.{c}.description"),
        )
        for c in subcommands(tree, "table")
    ]
    embed.add_field(name=t(lang, "help.table"), value="\n".join(table) or "-", inline=False)
    embed.set_footer(text=t(lang, "help.footer"))
    return embed


def rules_view(lang: str) -> discord.ui.View:
    """One rules button per game, labelled with the game's name."""
    view = discord.ui.View(timeout=None)
    for spec in GAMES:
        view.add_item(RulesButton(spec.kind, t(lang, spec.title_key)))
    return view


async def show_help(interaction: discord.Interaction[Any]) -> None:
    lang = user_lang(interaction)
    tree: app_commands.CommandTree[Any] = interaction.client.tree
    await interaction.response.send_message(embed=help_embed(lang, tree), view=rules_view(lang), ephemeral=True)


def help_command() -> app_commands.Command[Any, ..., None]:
    """``/help``, made afresh for each bot (a command belongs to one tree)."""
    return app_commands.Command(
        name=locale_str("help", key="cmd.help.name"),
        description=locale_str(t("en", "cmd.help.description"), key="cmd.help.description"),
        callback=show_help,
    )


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(help_command())
