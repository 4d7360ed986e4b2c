"""A finished game's files, its log and its animated replay, and ``/table history``: the server's recent games,
each with a button for its replay and one for its log.

The files are made here once, for the commands (``/table log``, ``/table replay``) and for the history's buttons.
The history is private to whoever asks, in their language; its dates are Discord timestamps, so each reader sees
their own. Ids: ``tb:hist:replay:<game>`` and ``tb:hist:log:<game>`` the buttons of one game, ``tb:hist:older:<game>``
the page of the games numbered below it. A button checks on each click that its game was played on this server.
"""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from typing import Any

import discord
from discord.utils import escape_markdown

from bot.i18n import plural
from bot.i18n import t
from bot.pictures.workers import off_loop
from bot.registry import engine_of
from bot.registry import spec_of
from bot.registry import texts_of
from bot.service.replay import replay_of
from bot.service.tables import TableError
from bot.service.tables import TableService
from bot.store import GameRow
from bot.store import ResultLine
from bot.texts import narrate
from cogs.alt_text import replay_alt
from cogs.common import bot_of
from cogs.common import label_of
from cogs.common import rebuilt
from cogs.common import report_error
from cogs.common import user_lang
from cogs.layouts import COLOUR
from cogs.layouts import TEXT_MAX
from cogs.web_links import history_link
from cogs.web_links import replay_line
from renders.animated_replay import draw_replay

REPLAYABLE = ("over", "abandoned")
"""The statuses of a game that has its replay and its place in the history: it ended, by its rules or stopped."""
PROGRESS_EVERY_S = 2.0
"""The progress message is edited at most this often while the frames are drawn (Discord limits edits)."""
HISTORY_SIZE = 10
SCAN = 50
"""Games read at a time while a page is filled with games of channels the member can see."""
"""Games on one page of the history: 2 buttons each, and a page's components stay under Discord's 40."""
GAMES_PER_ROW = 2
"""The buttons of two games share one row, under the two games' lines."""
WINNER = "🏆"
ABANDONED = "🔁"


# -- a finished game's files -------------------------------------------------------------------


async def log_file(tables: TableService, game_id: int, lang: str) -> discord.File:
    """A game's public events, numbered by move, as a text file in ``lang`` (hidden steps are left out)."""
    row, events = await tables.full_log(game_id)
    names = [s.name for s in row.seats]
    lines = [t(lang, "log.header", game=t(lang, spec_of(row.kind).title_key), id=row.id), ", ".join(names), ""]
    for n, event in events:
        if event.private_to is not None:
            continue
        line = narrate(row.kind, event, names, lang)
        if line:
            lines.append(f"{n:>4}  {line}")
    data = ("\n".join(lines) + "\n").encode("utf-8")
    return discord.File(io.BytesIO(data), filename=f"tablee-{row.kind}-{row.id}.txt")


async def replay_file(
    interaction: discord.Interaction[Any], row: GameRow, caption_lang: str
) -> tuple[discord.File, str]:
    """A finished game's animation and its caption in ``caption_lang``; while the frames are drawn, the progress is
    told in the interaction's (deferred) answer, in the asker's language."""
    lang = user_lang(interaction)
    actions = await bot_of(interaction).store.actions(row.id)
    shown = await off_loop(replay_of, engine_of(row.kind), row, actions)
    edited = [0.0]

    async def progress(done: int, total: int) -> None:
        if done < total and time.monotonic() - edited[0] >= PROGRESS_EVERY_S:
            edited[0] = time.monotonic()
            await interaction.edit_original_response(content=t(lang, "replay.progress", done=done, total=total))

    await interaction.edit_original_response(content=t(lang, "replay.progress", done=0, total=len(shown.frames)))
    edited[0] = time.monotonic()
    animation = await draw_replay(shown, [s.name for s in row.seats], row.locale, progress)
    title = t(caption_lang, spec_of(row.kind).title_key)
    if shown.sampled:
        frames, total = len(shown.frames), shown.changes
        caption = t(caption_lang, "replay.caption.sampled", game=title, id=row.id, frames=frames, total=total)
    else:
        caption = t(caption_lang, "replay.caption", game=title, id=row.id)
    caption += replay_line(row, caption_lang)
    names = [s.name for s in row.seats]
    end = texts_of(row.kind).describe_table(shown.frames[-1].view, names, caption_lang) if shown.frames else ""
    described = replay_alt(row.id, row.kind, len(shown.frames), end, caption_lang)
    name = animation.filename(f"tablee-{row.kind}-{row.id}")
    file = discord.File(io.BytesIO(animation.data), filename=name, description=described)
    return file, caption


# -- the history's words -----------------------------------------------------------------------


def _players(row: GameRow, results: Sequence[ResultLine], lang: str) -> list[str]:
    """The players, best first with their final scores and the winners marked; an abandoned game's in seat order."""
    if not results:
        return [escape_markdown(seat.name) for seat in row.seats]
    unit = texts_of(row.kind).score_unit_key
    parts = []
    for _seat, _user, name, rank, score in results:
        part = t(lang, "history.player", name=escape_markdown(name), score=plural(lang, unit, score))
        parts.append(f"{WINNER} **{part}**" if rank == 1 else part)
    return parts


def game_entry(row: GameRow, results: Sequence[ResultLine], lang: str, room: int) -> str:
    """One game of the history in at most ``room`` characters: its name, number and date (a timestamp each reader
    sees in their own time), the abandoned mark, then its players (cut short when a page is full)."""
    when = int(row.ended_at or row.started_at or row.created_at)
    head = t(lang, "history.game", game=t(lang, spec_of(row.kind).title_key), id=row.id, date=f"<t:{when}:d>")
    head += history_link(row)
    if row.status == "abandoned":
        head += f" · {ABANDONED} {t(lang, 'history.abandoned')}"
    left = room - len(head) - 1
    players = " · ".join(_players(row, results, lang))
    if len(players) > left:
        # Whole players only, so that no name and no bold mark is cut in two; "…" says some are left out.
        kept: list[str] = []
        for part in _players(row, results, lang):
            if len(" · ".join([*kept, part, "…"])) > left:
                break
            kept.append(part)
        players = " · ".join([*kept, "…"])
    return f"{head}\n{players}"


# -- the history's buttons ---------------------------------------------------------------------


def visible(interaction: discord.Interaction[Any], row: GameRow) -> bool:
    """Whether the member asking may see the channel the game was played in (a game of a private channel, or of a
    channel since deleted, is nobody else's business)."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(row.channel_id)
    return channel is not None and channel.permissions_for(member).view_channel


async def _past_game(interaction: discord.Interaction[Any], game_id: int) -> GameRow:
    """The finished game a history button names, refused unless it was played on this server, in a channel the
    member can see."""
    row = await bot_of(interaction).store.get_game(game_id)
    if row is None or interaction.guild_id is None or row.guild_id != interaction.guild_id:
        raise TableError("history_elsewhere", id=game_id)
    if not visible(interaction, row):
        raise TableError("history_hidden", id=game_id)
    if row.status not in REPLAYABLE:
        raise TableError("history_unfinished", id=game_id)
    return row


class PastGameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:hist:(?P<op>replay|log):(?P<gid>[0-9]{1,18})"
):
    """A game of the history: its replay or its log, sent privately to whoever clicks."""

    def __init__(self, op: str, game_id: int, label: str = "") -> None:
        emoji = "🎞️" if op == "replay" else "📜"
        button = discord.ui.Button[Any](
            label=label or f"#{game_id}",
            emoji=emoji,
            style=discord.ButtonStyle.secondary,
            custom_id=f"tb:hist:{op}:{game_id}",
        )
        super().__init__(button)
        self.op = op
        self.game_id = game_id

    from_custom_id = rebuilt(lambda match, item: (match["op"], int(match["gid"]), label_of(item)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = user_lang(interaction)
        try:
            row = await _past_game(interaction, self.game_id)
            if self.op == "replay":
                file, caption = await replay_file(interaction, row, lang)
            else:
                file, caption = await log_file(bot_of(interaction).tables, row.id, lang), t(lang, "log.sent")
        except Exception as error:  # a refusal (GameError) or a failure: a sentence, never a silent failure
            await report_error(interaction, error)
            return
        # The answer replaces the private "thinking" message (and the replay's progress) with the file.
        await interaction.edit_original_response(content=caption, attachments=[file])


class OlderGamesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:hist:older:(?P<gid>[0-9]{1,18})"):
    """The next page of the history: the server's games numbered below this one, in the same private message."""

    def __init__(self, before_id: int, label: str = "") -> None:
        button = discord.ui.Button[Any](
            label=label or "…", emoji="⏬", style=discord.ButtonStyle.primary, custom_id=f"tb:hist:older:{before_id}"
        )
        super().__init__(button)
        self.before_id = before_id

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), label_of(item)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        try:
            view = await history_view(interaction, self.before_id)
            await interaction.edit_original_response(view=view)
        except Exception as error:
            await report_error(interaction, error)


HISTORY_ITEMS = (PastGameButton, OlderGamesButton)
"""The history's persistent components, registered with the bot's others."""


# -- the history's message ---------------------------------------------------------------------


def history_layout(
    games: Sequence[tuple[GameRow, Sequence[ResultLine]]], lang: str, more: bool
) -> discord.ui.LayoutView:
    """One container: the title, the games two by two with their buttons under them, then "Older games" when
    ``more`` are stored. At most 10 games make 1 + 1 + 5 × (1 + 1 + 4) + 2 = 34 components and stay under 4,000
    characters, each game's players cut to its share of the room."""
    title = f"### {t(lang, 'history.title')}"
    children: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(title)]
    if not games:
        children.append(discord.ui.TextDisplay(t(lang, "history.empty")))
    room = (TEXT_MAX - len(title) - 2 * len(games)) // max(1, len(games))  # 2: the blank line between two games
    for start in range(0, len(games), GAMES_PER_ROW):
        pair = games[start : start + GAMES_PER_ROW]
        children.append(discord.ui.TextDisplay("\n\n".join(game_entry(row, res, lang, room) for row, res in pair)))
        buttons: list[discord.ui.Item[Any]] = []
        for row, _ in pair:
            buttons.append(PastGameButton("replay", row.id, t(lang, "history.replay", id=row.id)))
            buttons.append(PastGameButton("log", row.id, t(lang, "history.log", id=row.id)))
        children.append(discord.ui.ActionRow(*buttons))
    if more and games:
        older = OlderGamesButton(games[-1][0].id, t(lang, "history.older"))
        children.append(discord.ui.ActionRow(older))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*children, accent_colour=COLOUR))
    return view


async def history_view(interaction: discord.Interaction[Any], before_id: int | None = None) -> discord.ui.LayoutView:
    """A page of the server's history: its games numbered below ``before_id`` (without it, the newest ones)."""
    if interaction.guild_id is None:
        raise TableError("guild_only")
    store = bot_of(interaction).store
    shown: list[tuple[GameRow, Sequence[ResultLine]]] = []
    while len(shown) <= HISTORY_SIZE:  # games of channels the member cannot see are skipped, the page filled on
        found = await store.recent_games(interaction.guild_id, SCAN, before_id)
        shown.extend(game for game in found if visible(interaction, game[0]))
        if len(found) < SCAN:
            break
        before_id = found[-1][0].id
    return history_layout(shown[:HISTORY_SIZE], user_lang(interaction), more=len(shown) > HISTORY_SIZE)


async def history(interaction: discord.Interaction[Any]) -> None:
    """The server's last finished games, privately, with their replays and logs a click away."""
    await interaction.response.defer(ephemeral=True)
    await interaction.followup.send(view=await history_view(interaction), ephemeral=True)
