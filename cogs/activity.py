"""Playing inside Discord: the launch of the Activity (``web.activity``) from the table message, its lobby messages,
and the command sync that keeps Discord's Entry Point.

When the Activity is set up (``DISCORD_CLIENT_ID``, ``DISCORD_CLIENT_SECRET``, ``TABLEE_PUBLIC_URL`` and the pages'
port), the table message gets a "Play in Discord" button, answered with Discord's LAUNCH_ACTIVITY response: the
Activity opens in the channel, on the channel's table. Discord's own Entry Point command ("Launch", made when
Activities are enabled in the Developer Portal, handled by Discord) opens it from the App Launcher too. A table opened
from the Activity gets its lobby message in the channel, as ``/<game> new`` posts one. Without the Activity nothing
here shows: no button, no command, no change to the sync.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands
from discord.ext import commands

from bot.config import WebSettings
from bot.store import GameRow
from cogs.activity_launch import LaunchButton
from cogs.activity_launch import activity_on
from cogs.activity_launch import disable
from cogs.activity_launch import enable
from cogs.publish import lobby_layout
from web.activity.rooms import POSTERS

ENTRY_POINT = 4
"""The type of Discord's Entry Point command (``PRIMARY_ENTRY_POINT``), which discord.py 2.7 does not know."""
ENTRY_FIELDS = (
    "name", "name_localizations", "description", "description_localizations", "type", "handler",
    "integration_types", "contexts", "default_member_permissions", "nsfw",
)  # fmt: skip
"""What of the Entry Point command is sent back as it is when the commands are replaced."""


async def post_lobby(bot: Any, row: GameRow) -> None:
    """The lobby message of a table opened from the Activity, in its channel (its buttons edit it from then on)."""
    channel = bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
    message = await channel.send(view=lobby_layout(row))
    await bot.tables.set_lobby_message(row.id, message.id)


async def sync_keeping_entry_point(tree: app_commands.CommandTree[Any]) -> None:
    """Replace the global commands as ``tree.sync()`` does, Discord's Entry Point command kept: an application with
    Activities has one, and Discord refuses a replacement that would drop it (error 50240)."""
    client = tree.client
    if client.application_id is None:
        raise app_commands.MissingApplicationID
    found = await client.http.get_global_commands(client.application_id)
    kept = [{k: c[k] for k in ENTRY_FIELDS if k in c} for c in found if c.get("type") == ENTRY_POINT]
    translator = tree.translator
    commands_ = tree.get_commands()
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator) for command in commands_]
    else:
        payload = [command.to_dict(tree) for command in commands_]
    await client.http.bulk_upsert_global_commands(client.application_id, payload=[*payload, *kept])


async def setup(bot: commands.Bot) -> None:
    """With the Activity set up: its button answered, its lobbies posted; else nothing."""
    settings: WebSettings = getattr(bot, "web", WebSettings())
    tables = getattr(bot, "tables", None)
    if not activity_on(settings) or tables is None:
        return
    bot.add_dynamic_items(LaunchButton)

    async def post(row: GameRow) -> None:
        await post_lobby(bot, row)

    POSTERS[tables] = post
    enable(bot)


async def teardown(bot: commands.Bot) -> None:
    disable(bot)
