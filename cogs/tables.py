"""The shared ``/table`` commands for the table of the current channel, and opening a lobby.

Thin adapters over the table service: find the channel's table, call the service, answer
ephemerally in the user's language. Refusals travel as ``GameError`` to the tree's error handler.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.i18n import t
from bot.registry import KINDS
from bot.registry import spec_of
from bot.store import GameRow
from bot.tables import TableError
from bot.texts import narrate
from cogs.common import bot_of
from cogs.common import can_manage
from cogs.common import display_name
from cogs.common import guild_lang
from cogs.common import remember_locale
from cogs.common import report_error
from cogs.common import user_lang
from cogs.components import answer_unknown_component
from cogs.components import lobby_step
from cogs.components import on_modal_submit
from cogs.components import send_ephemeral_panel
from cogs.publish import lobby_embed
from cogs.publish import lobby_view

GAME_CHOICES = [
    app_commands.Choice(name=_("Nain Jaune", key="game.nain_jaune"), value="nain_jaune"),
    app_commands.Choice(name=_("Njet!", key="game.njet"), value="njet"),
    app_commands.Choice(name=_("Triominos", key="game.triominos"), value="triominos"),
    app_commands.Choice(name=_("Neurotrio", key="game.neurotrio"), value="neurotrio"),
    app_commands.Choice(name=_("Le Chat vert", key="game.chat_vert"), value="chat_vert"),
]


async def open_lobby(
    interaction: discord.Interaction[Any],
    kind: str,
    options: dict[str, JSONValue],
    reminder: int,
    timeout: int,
) -> None:
    """``/<game> new``: open a table in this channel and post its lobby message.

    Acknowledged (privately) before the store is touched; the lobby is then posted in the channel, so that a
    refusal (a table already open, an option out of range) stays a private sentence.
    """
    bot = bot_of(interaction)
    await interaction.response.defer(ephemeral=True)
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError("guild_only")
    await remember_locale(interaction)
    row = await bot.tables.open_table(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        kind=kind,
        options=options,
        host_id=interaction.user.id,
        host_name=display_name(interaction.user),
        locale=guild_lang(interaction),
        reminder_min=reminder,
        timeout_min=timeout,
    )
    await post_lobby(interaction, row)
    await interaction.followup.send(t(user_lang(interaction), "lobby.opened"), ephemeral=True)


async def post_lobby(interaction: discord.Interaction[Any], row: GameRow) -> None:
    """Post a lobby message in the game's channel and remember it (the lobby's buttons edit it from then on)."""
    bot = bot_of(interaction)
    channel = bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
    message = await channel.send(embed=lobby_embed(row), view=lobby_view(row) or discord.utils.MISSING)
    await bot.tables.set_lobby_message(row.id, message.id)


def _sub(name: str, description: str) -> dict[str, Any]:
    """Name and description of a ``/table`` subcommand, both translatable."""
    return {
        "name": _(name, key=f"cmd.table.{name}.name"),
        "description": _(description, key=f"cmd.table.{name}.description"),
    }


class TableCog(commands.Cog):
    """``/table ...``: join, leave, start, addbot, hand, status, log, abandon, rules, stats."""

    table = app_commands.Group(
        name=_("table", key="cmd.table.name"),
        description=_("The game table of this channel", key="cmd.table.description"),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Modals carry their move in their id (see ``cogs.components``): handled here, restart or not."""
        if interaction.type == discord.InteractionType.modal_submit:
            await on_modal_submit(interaction)
        elif interaction.type == discord.InteractionType.component:
            await answer_unknown_component(interaction)

    async def _table_id(self, interaction: discord.Interaction[Any]) -> int:
        if interaction.channel_id is None:
            raise TableError("no_table")
        return (await bot_of(interaction).tables.table_in(interaction.channel_id)).id

    async def _step(self, interaction: discord.Interaction[Any], op: str) -> None:
        await interaction.response.defer(ephemeral=True)
        await remember_locale(interaction)
        done = await lobby_step(interaction, await self._table_id(interaction), op)
        await interaction.followup.send(done, ephemeral=True)

    @table.command(**_sub("join", "Take a seat at the table"))
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._step(interaction, "join")

    @table.command(**_sub("leave", "Leave the table (a computer player takes your seat)"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._step(interaction, "leave")

    @table.command(**_sub("start", "Start the game (host)"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._step(interaction, "start")

    @table.command(**_sub("addbot", "Add a computer player"))
    async def addbot(self, interaction: discord.Interaction[Any]) -> None:
        await self._step(interaction, "bot")

    @table.command(**_sub("hand", "Show your hand and your moves"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await self._table_id(interaction)
        await send_ephemeral_panel(interaction, game_id)

    @table.command(**_sub("status", "Post the table again at the bottom of the channel"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        bot = bot_of(interaction)
        game_id = await self._table_id(interaction)
        row = await bot.tables.game_row(game_id)
        if row.status == "lobby":
            await post_lobby(interaction, row)
        else:
            await bot.publisher.repost(game_id)
        await interaction.followup.send(t(user_lang(interaction), "table.reposted"), ephemeral=True)

    @table.command(**_sub("log", "The whole game as a text file"))
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        if interaction.channel_id is None:
            raise TableError("no_table")
        row = await bot.store.active_game(interaction.channel_id) or await bot.store.last_game(interaction.channel_id)
        if row is None:
            raise TableError("no_table")
        row, events = await bot.tables.full_log(row.id)
        names = [s.name for s in row.seats]
        lines = [t(lang, "log.header", game=t(lang, spec_of(row.kind).title_key), id=row.id), ", ".join(names), ""]
        for n, event in events:
            if event.private_to is not None:
                continue
            line = narrate(row.kind, event, names, lang)
            if line:
                lines.append(f"{n:>4}  {line}")
        data = ("\n".join(lines) + "\n").encode("utf-8")
        file = discord.File(io.BytesIO(data), filename=f"tablee-{row.kind}-{row.id}.txt")
        await interaction.followup.send(t(lang, "log.sent"), file=file, ephemeral=True)

    @table.command(**_sub("abandon", "Stop the game of this channel (host or Manage Channels)"))
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        bot = bot_of(interaction)
        game_id = await self._table_id(interaction)
        row = await bot.tables.game_row(game_id)
        await bot.tables.close(game_id, interaction.user.id, can_manage=can_manage(interaction, row))
        await interaction.followup.send(t(user_lang(interaction), "table.abandoned_ok"), ephemeral=True)

    @table.command(**_sub("rules", "A short summary of a game's rules"))
    @app_commands.describe(game=_("Which game", key="cmd.table.rules.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True)
        lang = user_lang(interaction)
        if game is None and interaction.channel_id is not None:
            row = await bot_of(interaction).store.active_game(interaction.channel_id)
            game = row.kind if row else None
        if game is None or game not in KINDS:
            raise TableError("which_game")
        await interaction.followup.send(t(lang, f"rules.{game}")[:2000], ephemeral=True)

    @table.command(**_sub("stats", "Wins and games on this server"))
    @app_commands.describe(game=_("Only this game", key="cmd.table.stats.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        bot = bot_of(interaction)
        lang = guild_lang(interaction)
        if interaction.guild_id is None:
            raise TableError("guild_only")
        await interaction.response.defer()
        lines_by_kind = await bot.store.stats(interaction.guild_id, game)
        played = await bot.store.games_played(interaction.guild_id)
        embed = discord.Embed(title=t(lang, "stats.title"), colour=discord.Colour(0xE8B931))
        kinds = [game] if game else sorted({line.kind for line in lines_by_kind} | set(played))
        for kind in kinds:
            rows = [line for line in lines_by_kind if line.kind == kind][:10]
            body = "\n".join(t(lang, "stats.line", name=r.name, wins=r.wins, games=r.games) for r in rows)
            title = t(lang, "stats.game", game=t(lang, spec_of(kind).title_key), n=played.get(kind, 0))
            embed.add_field(name=title, value=body or t(lang, "stats.none"), inline=False)
        if not kinds:
            embed.description = t(lang, "stats.empty")
        await interaction.followup.send(embed=embed)


async def on_tree_error(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
    """The one handler on the command tree: refusals become short ephemeral sentences."""
    kind: str | None = None
    original = getattr(error, "original", error)
    if isinstance(original, GameError) and interaction.channel_id is not None:
        try:
            store = bot_of(interaction).store
            row = await store.active_game(interaction.channel_id) or await store.last_game(interaction.channel_id)
            kind = row.kind if row else None
        except Exception:
            kind = None
    await report_error(interaction, error, kind)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot))
