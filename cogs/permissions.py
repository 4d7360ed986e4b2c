"""What the bot needs in a channel to hold a table there, checked before it posts, and said plainly when missing.

Discord resolves the bot's permissions in the channel of each interaction (its roles and the channel's overwrites)
and sends them with it (``Interaction.app_permissions``). A command that would make the bot post in the channel is
refused at once, privately, rather than opening a table whose messages then fail one by one. The permissions are
named as Discord's own settings name them, in the reader's language, so that a server admin finds them.

The bot's channel messages carry no embed and no custom emoji (pictures are attachments shown by the message's
layout), so Embed Links and Use External Emojis are not asked for.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import plural
from bot.i18n import t
from bot.store import GameRow
from cogs.common import reply
from cogs.common import user_lang
from cogs.delivery import FAILURES
from cogs.delivery import MISSING_PERMISSIONS
from cogs.delivery import NO_MENTIONS
from cogs.delivery import deliver
from cogs.delivery import describe

log = logging.getLogger(__name__)

NEEDED = ("view_channel", "send_messages", "attach_files", "read_message_history")
"""What a table needs of its channel: to see it and its past messages (where the table message stays, edited in
place all game long), to post there, and to attach the table's picture."""
IN_THREADS = "send_messages_in_threads"
"""In a thread, Discord asks for this one instead of Send Messages."""
THREADS = frozenset(
    {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}
)
SENDING = frozenset({"view_channel", "send_messages", IN_THREADS, "manage_threads"})
"""Without any of these, not even a plain text message goes out."""


def in_thread(channel: object) -> bool:
    return getattr(channel, "type", None) in THREADS


def needed(channel: object) -> tuple[str, ...]:
    """The permissions a table needs in ``channel``, in the order Discord's settings list them."""
    if in_thread(channel):
        return tuple(IN_THREADS if name == "send_messages" else name for name in NEEDED)
    return NEEDED


def missing(have: discord.Permissions, channel: object) -> list[str]:
    """What the bot lacks in ``channel`` among what a table needs: nothing for an administrator; in a locked thread,
    only who manages threads may still post."""
    if have.administrator:
        return []
    lacking = [name for name in needed(channel) if not getattr(have, name)]
    if isinstance(channel, discord.Thread) and channel.locked and not have.manage_threads:
        lacking.append("manage_threads")
    return lacking


def listed(lang: str, names: Sequence[str]) -> str:
    """The permissions as Discord names them, each quoted: "“A”", "“A” and “B”", "“A”, “B” and “C”"."""
    quoted = [t(lang, "permission.quoted", name=t(lang, f"permission.{name}")) for name in names]
    if len(quoted) < 2:
        return "".join(quoted)
    return t(lang, "permission.and", names=", ".join(quoted[:-1]), last=quoted[-1])


async def can_post(interaction: discord.Interaction[Any]) -> bool:
    """Whether the bot may post what this command asks for in its channel; if not, the user is told privately,
    in their language, which permissions are missing and who can grant them. Outside a server the caller's own
    refusal applies."""
    if interaction.guild_id is None:
        return True
    lacking = missing(interaction.app_permissions, interaction.channel)
    if not lacking:
        return True
    lang = user_lang(interaction)
    await reply(interaction, plural(lang, "permission.refused", len(lacking), permissions=listed(lang, lacking)))
    return False


def lacking_in(client: object, channel_id: int) -> list[str] | None:
    """What the bot lacks in a channel as its cache knows it (roles and overwrites), or None when it cannot tell."""
    if not isinstance(client, discord.Client):
        return None
    channel = client.get_channel(channel_id)
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    return missing(channel.permissions_for(channel.guild.me), channel)


_TOLD: weakref.WeakKeyDictionary[object, set[int]] = weakref.WeakKeyDictionary()
"""Per publisher, the games whose channel was already told that a permission is missing."""


async def tell_missing(
    publisher: object,
    client: object,
    channel: discord.PartialMessageable,
    game: GameRow,
    error: BaseException,
    delays: Sequence[float],
) -> None:
    """Once per game, when Discord refused the table message for a missing permission (50013): say in the channel,
    in the game's language, which one, while a plain text message can still go out there. The game goes on.

    When the cache cannot say, the permission named is Attach Files: the one the table message needs beyond a text
    message, which this notice is."""
    if not isinstance(error, discord.Forbidden) or error.code != MISSING_PERMISSIONS:
        return
    told = _TOLD.setdefault(publisher, set())
    if game.id in told:
        return
    told.add(game.id)
    lacking = lacking_in(client, game.channel_id) or ["attach_files"]
    if SENDING.intersection(lacking):
        log.info("game %s: no permission to post in channel %s (%s)", game.id, game.channel_id, ", ".join(lacking))
        return
    lang = game.locale
    text = plural(lang, "permission.table_notice", len(lacking), permissions=listed(lang, lacking))
    try:
        await deliver(
            f"the missing permission notice of game {game.id}",
            lambda: channel.send(text, allowed_mentions=NO_MENTIONS),
            delays,
        )
    except FAILURES as failed:
        log.info("game %s: the missing permission notice failed too (%s)", game.id, describe(failed))
