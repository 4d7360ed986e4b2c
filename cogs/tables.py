"""The shared ``/table`` commands for the table of the current channel, and the tree's error handler.

Thin adapters over the table service: find the channel's table, call the service, answer
ephemerally in the user's language. Refusals travel as ``GameError`` to the tree's error handler.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from collections.abc import Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.base import GameError
from bot.i18n import plural
from bot.i18n import t
from bot.pictures.workers import off_loop
from bot.ratings.model import PROVISIONAL_GAMES
from bot.ratings.model import PROVISIONAL_MARK
from bot.ratings.model import provisional
from bot.ratings.service import rating_text
from bot.ratings.service import shown
from bot.ratings.service import standings
from bot.registry import GAMES
from bot.registry import KINDS
from bot.registry import spec_of
from bot.service.tables import TableError
from bot.store import GameRow
from bot.store import PlayerRating
from bot.store import Store
from cogs.alt_text import leaderboard_alt
from cogs.choice_modal import on_choice_submit
from cogs.common import bot_of
from cogs.common import can_manage
from cogs.common import check_origin
from cogs.common import guild_lang
from cogs.common import remember_locale
from cogs.common import report_error
from cogs.common import user_lang
from cogs.components import answer_unknown_component
from cogs.components import lobby_step
from cogs.components import on_modal_submit
from cogs.components import send_ephemeral_panel
from cogs.game_commands import command_group
from cogs.game_commands import post_lobby
from cogs.game_commands import text
from cogs.help import rules_text
from cogs.history import HISTORY_ITEMS
from cogs.history import REPLAYABLE
from cogs.history import history
from cogs.history import log_file
from cogs.history import replay_file
from cogs.permissions import can_post
from cogs.web_links import web
from renders.leaderboard import SHOWN
from renders.leaderboard import Line
from renders.leaderboard import leaderboard_picture

GAME_CHOICES = [app_commands.Choice(name=text(spec.title_key), value=spec.kind) for spec in GAMES]

Callback = Callable[..., Coroutine[Any, Any, None]]


async def _table_id(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None:
        raise TableError("no_table")
    return (await bot_of(interaction).tables.table_in(interaction.channel_id)).id


def _lobby_step(op: str) -> Callback:
    """join, leave, start, addbot: the lobby's buttons as commands, with the same private confirmation."""

    async def step(interaction: discord.Interaction[Any]) -> None:
        if op == "start" and not await can_post(interaction):  # the table message is posted at the start
            return
        await interaction.response.defer(ephemeral=True)
        await remember_locale(interaction)
        done = await lobby_step(interaction, await _table_id(interaction), op)
        await interaction.followup.send(done, ephemeral=True)

    return step


async def hand(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    await send_ephemeral_panel(interaction, await _table_id(interaction))


async def show(interaction: discord.Interaction[Any]) -> None:
    """Repost the table (or the lobby) at the bottom of the channel, where a long talk pushed it up."""
    if not await can_post(interaction):
        return
    await interaction.response.defer(ephemeral=True)
    bot = bot_of(interaction)
    game_id = await _table_id(interaction)
    row = await bot.tables.game_row(game_id)
    if row.status == "lobby":
        await post_lobby(interaction, row)
    else:
        await bot.publisher.repost(game_id)
    await interaction.followup.send(t(user_lang(interaction), "table.reposted"), ephemeral=True)


async def log(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    if interaction.channel_id is None:
        raise TableError("no_table")
    row = await bot.store.active_game(interaction.channel_id) or await bot.store.last_game(interaction.channel_id)
    if row is None:
        raise TableError("no_table")
    file = await log_file(bot.tables, row.id, lang)
    await interaction.followup.send(t(lang, "log.sent"), file=file, ephemeral=True)


async def _replayed_game(interaction: discord.Interaction[Any], number: int | None) -> GameRow:
    """The game ``/table replay`` shows: the one named, played in this channel, else the channel's last finished
    one (even while a newer game runs there)."""
    store = bot_of(interaction).store
    if interaction.channel_id is None:
        raise TableError("replay_none")
    if number is None:
        row = await store.last_finished_game(interaction.channel_id) or await store.last_game(interaction.channel_id)
        if row is None:
            raise TableError("replay_none")
    else:
        row = await store.get_game(number)
        if row is None or row.channel_id != interaction.channel_id:
            raise TableError("replay_elsewhere", id=number)
        check_origin(interaction, row)
    if row.status not in REPLAYABLE:
        raise TableError("replay_running" if row.started_at is not None else "replay_none")
    return row


@app_commands.describe(game=text("cmd.table.replay.game"))
@app_commands.rename(game=text("cmd.table.replay.game.name"))
async def replay(interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None) -> None:
    """Post the animated replay of a finished game in the channel; the progress is private to who asked."""
    if not await can_post(interaction):
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await _replayed_game(interaction, game)
    file, caption = await replay_file(interaction, row, row.locale)
    await bot_of(interaction).get_partial_messageable(row.channel_id).send(caption, file=file)
    await interaction.edit_original_response(content=t(user_lang(interaction), "replay.posted"))


async def abandon(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer(ephemeral=True)
    bot = bot_of(interaction)
    game_id = await _table_id(interaction)
    row = await bot.tables.game_row(game_id)
    await bot.tables.close(game_id, interaction.user.id, can_manage=can_manage(interaction, row))
    await interaction.followup.send(t(user_lang(interaction), "table.abandoned_ok"), ephemeral=True)


@app_commands.describe(game=text("cmd.table.rules.game"))
@app_commands.rename(game=text("cmd.table.rules.game.name"))
@app_commands.choices(game=GAME_CHOICES)
async def rules(interaction: discord.Interaction[Any], game: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True)
    if game is None and interaction.channel_id is not None:
        row = await bot_of(interaction).store.active_game(interaction.channel_id)
        game = row.kind if row else None
    if game is None or game not in KINDS:
        raise TableError("which_game")
    await interaction.followup.send(rules_text(user_lang(interaction), game), ephemeral=True)


@app_commands.describe(
    game=text("cmd.table.stats.game"), player=text("cmd.table.stats.player"), share=text("cmd.table.stats.share")
)
@app_commands.rename(
    game=text("cmd.table.stats.game.name"),
    player=text("cmd.table.stats.player.name"),
    share=text("cmd.table.stats.share.name"),
)
@app_commands.choices(game=GAME_CHOICES)
async def stats(
    interaction: discord.Interaction[Any],
    game: str | None = None,
    player: discord.Member | None = None,
    share: bool = False,
) -> None:
    """Private unless shared: then posted in the channel, in the server's language. The server's wins and games,
    or a ``player``'s own page, with the leaderboard picture of each game rated here, the player's line lit."""
    if interaction.guild_id is None:
        raise TableError("guild_only")
    await interaction.response.defer(ephemeral=not share)
    lang = guild_lang(interaction) if share else user_lang(interaction)
    store = bot_of(interaction).store
    ladders = await store.ladders(interaction.guild_id)
    key = str((player or interaction.user).id)
    if player is None:
        embed = await stats_embed(interaction.guild_id, game, lang, store, ladders, key)
        kinds = [kind for kind in KINDS if ladders.get(kind) and game in (None, kind)]
    else:
        embed = player_page(player.display_name, key, ladders, game, lang)
        kinds = [kind for kind in KINDS if any(r.player == key for r in ladders.get(kind, [])) and game in (None, kind)]
    if game is not None and not kinds:
        kinds = [game]  # the game asked for, not rated yet: its empty leaderboard says so
    files = []
    for kind in kinds:
        lines = _lines(ladders.get(kind, []), key)
        png = await off_loop(leaderboard_picture, lines, kind, lang)
        described = leaderboard_alt(lines, SHOWN, kind, lang)
        files.append(discord.File(io.BytesIO(png), filename=f"leaderboard-{kind}.png", description=described))
    await interaction.followup.send(embed=embed, files=files, ephemeral=not share)


def _lines(ladder: list[PlayerRating], key: str) -> list[Line]:
    """A game's leaderboard, best first, the line of ``key`` lit."""
    return [
        Line(place, r.name, shown(r), r.games, r.wins, r.player == key, provisional(r.games))
        for place, r in standings(ladder)
    ]


def player_page(
    name: str, key: str, ladders: dict[str, list[PlayerRating]], game: str | None, lang: str
) -> discord.Embed:
    """A player's own page: at each game rated here (or ``game``), their place, rating, games and wins."""
    embed = discord.Embed(title=t(lang, "ratings.page.title", name=name), colour=discord.Colour(0xE8B931))
    for kind in KINDS:
        places = standings(ladders.get(kind, []))
        mine = [(place, r) for place, r in places if r.player == key]
        if game not in (None, kind) or not mine:
            continue
        place, rating = mine[0]
        rated = rating_text(shown(rating), rating.games)
        line = t(lang, "ratings.page.place", n=place, total=len(places), rating=rated)
        counts = t(
            lang,
            "ratings.page.counts",
            wins=plural(lang, "stats.wins", rating.wins),
            games=plural(lang, "stats.games", rating.games),
        )
        embed.add_field(name=t(lang, spec_of(kind).title_key), value=f"{line}\n{counts}", inline=False)
    if not embed.fields:
        embed.description = t(lang, "ratings.page.none")
    else:
        embed.set_footer(text=plural(lang, "ratings.explain", PROVISIONAL_GAMES, mark=PROVISIONAL_MARK))
    return embed


async def stats_embed(
    guild_id: int, game: str | None, lang: str, store: Store, ladders: dict[str, list[PlayerRating]], key: str
) -> discord.Embed:
    """The server's games: at a game rated here, its leaderboard in words (as its picture, ``key``'s line in bold);
    at a game never rated (hints), its players' wins and games. What a rating is, under them."""
    lines_by_kind = await store.stats(guild_id, game)
    played = await store.games_played(guild_id)
    embed = discord.Embed(title=t(lang, "stats.title"), colour=discord.Colour(0xE8B931))
    kinds = [game] if game else sorted({line.kind for line in lines_by_kind} | set(played) | set(ladders))
    for kind in kinds:
        if ladders.get(kind):
            body = _standing_text(ladders[kind], key, lang)
        else:
            rows = [line for line in lines_by_kind if line.kind == kind][:SHOWN]
            body = "\n".join(
                t(
                    lang,
                    "stats.line",
                    name=r.name,
                    wins=plural(lang, "stats.wins", r.wins),
                    games=plural(lang, "stats.games", r.games),
                )
                for r in rows
            )
        games = plural(lang, "stats.games", played.get(kind, 0))
        title = t(lang, "stats.game", game=t(lang, spec_of(kind).title_key), games=games)
        embed.add_field(name=title, value=body or t(lang, "stats.none"), inline=False)
    if not kinds:
        embed.description = t(lang, "stats.empty")
    if any(ladders.get(kind) for kind in kinds):
        embed.set_footer(text=plural(lang, "ratings.explain", PROVISIONAL_GAMES, mark=PROVISIONAL_MARK))
    return embed


FIELD_MAX = 1024
"""Discord's limit on an embed field's value."""


def _standing_text(ladder: list[PlayerRating], key: str, lang: str) -> str:
    """A game's leaderboard as lines of text: the first ``SHOWN`` (as the picture), then ``key``'s own line when
    lower; each with its place, rating (marked while provisional), wins and games, ``key``'s in bold. Lines of the
    top are left out from the bottom should the whole outgrow a field."""
    lines = [
        (
            r.player == key,
            t(
                lang,
                "ratings.stats.line",
                place=place,
                name=discord.utils.escape_markdown(r.name),
                rating=rating_text(shown(r), r.games),
                wins=plural(lang, "stats.wins", r.wins),
                games=plural(lang, "stats.games", r.games),
            ),
        )
        for place, r in standings(ladder)
    ]
    top = lines[:SHOWN]
    mine = [line for line in lines[SHOWN:] if line[0]][:1]
    while True:
        text = "\n".join(f"**{line}**" if me else line for me, line in [*top, *mine])
        if len(text) <= FIELD_MAX or not top:
            return text[:FIELD_MAX]
        top.pop()


NOTIFY_MODES = ("channel", "dm", "off")


@app_commands.describe(mode=text("cmd.table.notify.mode"))
@app_commands.rename(mode=text("cmd.table.notify.mode.name"))
@app_commands.choices(
    mode=[app_commands.Choice(name=text(f"cmd.table.notify.mode.{m}"), value=m) for m in NOTIFY_MODES]
)
async def notify(interaction: discord.Interaction[Any], mode: str) -> None:
    """How you are called when your turn comes, at every table: a mention in the channel, a DM, or nothing."""
    await interaction.response.defer(ephemeral=True)
    if mode not in NOTIFY_MODES:
        raise TableError("expired")
    await remember_locale(interaction)
    await bot_of(interaction).store.set_notify(interaction.user.id, mode)
    await interaction.followup.send(t(user_lang(interaction), f"notify.set.{mode}"), ephemeral=True)


TABLE_COMMANDS: tuple[tuple[str, Callback], ...] = (
    ("join", _lobby_step("join")),
    ("leave", _lobby_step("leave")),
    ("start", _lobby_step("start")),
    ("addbot", _lobby_step("bot")),
    ("hand", hand),
    ("show", show),
    ("log", log),
    ("replay", replay),
    ("abandon", abandon),
    ("rules", rules),
    ("stats", stats),
    ("history", history),
    ("notify", notify),
    ("web", web),
)
"""``/table ...``, in the order Discord lists them; names and descriptions are ``cmd.table.<name>.*``."""


def table_group() -> app_commands.Group:
    """The ``/table`` group, made afresh for each bot (a command belongs to one tree)."""
    group = command_group("table")
    for name, callback in TABLE_COMMANDS:
        key = f"cmd.table.{name}"
        group.add_command(
            app_commands.Command(name=text(f"{key}.name"), description=text(f"{key}.description"), callback=callback)
        )
    return group


async def on_interaction(interaction: discord.Interaction[Any]) -> None:
    """What no command or persistent item takes: modals carry their move in their id (see ``cogs.components``),
    handled here, restart or not; a forged component id gets a sentence."""
    if interaction.type == discord.InteractionType.modal_submit:
        await on_modal_submit(interaction) or await on_choice_submit(interaction)
    elif interaction.type == discord.InteractionType.component:
        await answer_unknown_component(interaction)


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
    bot.tree.add_command(table_group())
    bot.add_dynamic_items(*HISTORY_ITEMS)
    bot.add_listener(on_interaction)
