"""The table message's "Play in Discord" button: answered with Discord's LAUNCH_ACTIVITY response, it opens the
Activity (``web.activity``) in the channel, on the channel's table. Shown only when the Activity is set up
(``cogs.activity`` registers it then)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.config import WebSettings
from bot.games.base import GameError
from bot.i18n import t
from bot.store import GameRow
from cogs.common import bot_of
from cogs.common import check_origin
from cogs.common import rebuilt
from cogs.common import report_error
from cogs.common import user_lang

log = logging.getLogger(__name__)

_enabled: list[commands.Bot] = []
"""The bots of this process whose Activity is set up (the table message asks before offering the button)."""


def enabled() -> bool:
    return bool(_enabled)


def enable(bot: commands.Bot) -> None:
    _enabled.append(bot)


def disable(bot: commands.Bot) -> None:
    if bot in _enabled:
        _enabled.remove(bot)


def activity_on(settings: WebSettings) -> bool:
    """Whether the settings set the Activity up: its application's id and secret, the public address, the pages."""
    return settings.activity is not None and settings.port is not None and settings.public_url is not None


class LaunchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:v:(?P<gid>[0-9]{1,18})"):
    """ "Play in Discord": the Activity opens in the channel, on its table."""

    def __init__(self, game_id: int, label: str = "") -> None:
        button = discord.ui.Button[Any](
            label=label or "Activity", style=discord.ButtonStyle.success, custom_id=f"tb:v:{game_id}"
        )
        super().__init__(button)
        self.game_id = game_id

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), getattr(item, "label", "") or ""))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            check_origin(interaction, await bot_of(interaction).tables.game_row(self.game_id))
        except GameError as error:
            await report_error(interaction, error)
            return
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as error:
            log.info("the Activity could not be launched in channel %s: %s", interaction.channel_id, error)
            if not interaction.response.is_done():
                await interaction.response.send_message(t(user_lang(interaction), "activity.launch_failed"),
                                                        ephemeral=True)  # fmt: skip


def launch_buttons(game: GameRow, lang: str, *, ended: bool) -> list[discord.ui.Item[Any]]:
    """The table message's "Play in Discord" while its game runs (none without the Activity)."""
    if ended or not enabled():
        return []
    return [LaunchButton(game.id, t(lang, "activity.launch"))]
