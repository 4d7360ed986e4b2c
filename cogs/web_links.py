"""The web pages from Discord: served by the bot's process when ``TABLEE_WEB_PORT`` is set (this extension starts and
stops them), and linked from Discord: ``/table web`` answers privately with the channel's live table and the
server's page, the table message gets a link button to its live page and the replay's caption a link to its page
when ``TABLEE_PUBLIC_URL`` says where others reach them, and the history links each game to its replay.

Links are made here only; a page is found by its signed token (``web.tokens``). Without the pages, every helper
below answers nothing and the messages are as they were.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.config import WebSettings
from bot.i18n import t
from bot.service.tables import TableError
from bot.store import GameRow
from cogs.common import bot_of
from cogs.common import user_lang
from web.links import Links
from web.links import current
from web.links import serving
from web.links import stopped
from web.serve import Served
from web.serve import start_in_bot

log = logging.getLogger(__name__)


_runners: list[tuple[commands.Bot, Served]] = []
"""The pages this extension started, by bot (to stop them when it closes)."""


def links() -> Links | None:
    return current()


def public_links() -> Links | None:
    """The links channel messages may carry: only to a public address, which the others can reach."""
    found = links()
    return found if found is not None and found.public else None


def link_buttons(game: GameRow, lang: str) -> list[discord.ui.Button[Any]]:
    """The table message's link to its live page (none without a public address)."""
    found = public_links()
    if found is None:
        return []
    return [discord.ui.Button(style=discord.ButtonStyle.link, label=t(lang, "web.link.button"), emoji="🌐",
                              url=found.live(game.id))]  # fmt: skip


def replay_line(row: GameRow, lang: str) -> str:
    """A line under a replay's caption: its page, to step through (empty without a public address)."""
    found = public_links()
    return "" if found is None else "\n" + t(lang, "web.link.replay", url=found.replay(row.id))


def history_link(row: GameRow) -> str:
    """A game of the private history: a link to its replay page (empty when the pages are off)."""
    found = links()
    return "" if found is None else f" · [🌐](<{found.replay(row.id)}>)"


async def web(interaction: discord.Interaction[Any]) -> None:
    """``/table web``: the channel's live table (its running game, else its last one) and the server's page."""
    await interaction.response.defer(ephemeral=True)
    lang = user_lang(interaction)
    found = links()
    if found is None:
        await interaction.followup.send(t(lang, "web.link.off"), ephemeral=True)
        return
    store = bot_of(interaction).store
    if interaction.channel_id is None:
        raise TableError("no_table")
    row = await store.active_game(interaction.channel_id) or await store.last_game(interaction.channel_id)
    lines = []
    if row is not None:
        lines.append(t(lang, "web.link.live", url=found.live(row.id)))
    if interaction.guild_id is not None:
        lines.append(t(lang, "web.link.server", url=found.server(interaction.guild_id)))
    if not lines:
        raise TableError("no_table")
    await interaction.followup.send("\n".join(lines), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Serve the pages when the settings ask for them (``TABLEE_WEB_PORT``)."""
    settings: WebSettings = getattr(bot, "web", WebSettings())
    host = bot_of_client(bot)
    if settings.port is None or host is None:
        return
    served = await start_in_bot(host.tables, host.store, settings)
    _runners.append((bot, served))
    serving(bot, Links(served.signer, served.base_url, settings.public_url is not None))


async def teardown(bot: commands.Bot) -> None:
    """Stop this bot's pages (the bot closes)."""
    stopped(bot)
    for entry in [entry for entry in _runners if entry[0] is bot]:
        _runners.remove(entry)
        await entry[1].stop()


def bot_of_client(bot: commands.Bot) -> Any:
    """The bot as the pages need it (its table service and store), None for a bot without them."""
    return bot if hasattr(bot, "tables") and hasattr(bot, "store") else None
