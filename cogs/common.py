"""Helpers every cog shares: languages, names, refusals as short ephemeral sentences."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any
from typing import Protocol
from typing import cast

import discord
from discord import app_commands

from bot.games.base import GameError
from bot.i18n import language
from bot.i18n import t
from bot.service.tables import TableError
from bot.service.tables import TableService
from bot.store import GameRow
from bot.store import Store
from bot.texts import error_text as error_text

log = logging.getLogger(__name__)

NAME_LIMIT = 32


def user_lang(interaction: discord.Interaction[Any]) -> str:
    """Ephemeral and DM texts follow the user's Discord language."""
    return language(interaction.locale)


def guild_lang(interaction: discord.Interaction[Any]) -> str:
    """Channel texts follow the server's language (French outside a server)."""
    return language(interaction.guild_locale) if interaction.guild_locale else language("fr")


def display_name(user: discord.abc.User) -> str:
    name = getattr(user, "display_name", None) or user.name
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"


async def reply(interaction: discord.Interaction[Any], content: str, **kwargs: Any) -> None:
    """Answer ephemerally whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def report_error(interaction: discord.Interaction[Any], error: BaseException, kind: str | None = None) -> None:
    """The one place refusals and failures reach users: a short ephemeral sentence in their language."""
    original = getattr(error, "original", error)
    lang = user_lang(interaction)
    if isinstance(original, GameError):
        text = error_text(original, lang, kind)
    elif isinstance(original, app_commands.MissingPermissions | app_commands.CheckFailure):
        text = t(lang, "error.no_permission")
    elif isinstance(original, app_commands.CommandOnCooldown):
        text = t(lang, "error.cooldown")
    else:
        log.exception("interaction failed", exc_info=original)
        text = t(lang, "error.internal")
    try:
        await reply(interaction, text)
    except discord.HTTPException:
        log.warning("could not deliver a refusal", exc_info=True)


def check_origin(interaction: discord.Interaction[Any], row: GameRow, *, private: bool = False) -> None:
    """Refuse an interaction that names a game from outside it: another server, another channel.

    Component ids are easy to forge and game ids are sequential, so every component and command that names
    a game calls this before touching it. ``private`` controls (a player's panel) may also come from a DM,
    and then only from a player seated at that game. Raises ``TableError("elsewhere")``.
    """
    if interaction.guild_id is None:
        if private and row.seat_of(interaction.user.id) is not None:
            return
        raise TableError("elsewhere")
    if interaction.guild_id != row.guild_id or interaction.channel_id != row.channel_id:
        raise TableError("elsewhere")


def can_manage(interaction: discord.Interaction[Any], row: GameRow | None = None) -> bool:
    """Whether the user may manage the game's channel (stop its game, reveal its rules) without being the host.

    With ``row``, the permission is checked in that game's own channel, and only when the interaction comes from
    it: managing one channel never gives a say over a table elsewhere.
    """
    user, channel = interaction.user, interaction.channel
    if row is not None and (interaction.channel_id != row.channel_id or interaction.guild_id != row.guild_id):
        return False
    return bool(
        isinstance(user, discord.Member)
        and isinstance(channel, discord.abc.GuildChannel | discord.Thread)
        and channel.permissions_for(user).manage_channels
    )


class Reposter(Protocol):
    async def repost(self, game_id: int) -> None:
        """Post the table message of a game again, at the bottom of its channel."""
        ...

    def answer_through(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """A click in a player's DM panel: the panel's next edits go through its answer, while it is valid."""
        ...


class Host(Protocol):
    """What the cogs need of the bot that carries them (``cogs.client.TableeBot``, which assembles the cogs and so
    sits above them): its table service, its store, the persistent components it registered, and Discord."""

    tables: TableService
    store: Store
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...]

    @property
    def publisher(self) -> Reposter: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...


def bot_of(interaction: discord.Interaction[Any]) -> Host:
    """The bot an interaction reached, as the cogs see it."""
    client = interaction.client
    if not isinstance(getattr(client, "tables", None), TableService):
        raise RuntimeError("this client carries no table service")
    return cast(Host, client)


async def remember_locale(interaction: discord.Interaction[Any]) -> None:
    """Keep the user's language for the DMs we send them later."""
    try:
        await bot_of(interaction).store.set_user_locale(interaction.user.id, user_lang(interaction))
    except Exception:
        log.debug("could not store the user's language", exc_info=True)


def menu(custom_id: str, options: list[discord.SelectOption] | None, placeholder: str | None, count: int = 1) -> Any:
    """A select of exactly ``count`` choices. Rebuilt from an id alone (after a restart) it has no options yet:
    Discord sends the chosen values, so a placeholder option stands in."""
    return discord.ui.Select[Any](
        custom_id=custom_id,
        options=options or [discord.SelectOption(label="-", value="-")],
        placeholder=placeholder,
        min_values=count,
        max_values=count,
    )


def label_of(item: discord.ui.Item[Any], default: str = "") -> str:
    """The label of the component Discord sent back (a persistent item is rebuilt with it)."""
    return str(getattr(item, "label", "") or default)


def style_of(item: discord.ui.Item[Any]) -> discord.ButtonStyle:
    style = getattr(item, "style", None)
    return style if isinstance(style, discord.ButtonStyle) else discord.ButtonStyle.secondary


def rebuilt(args: Callable[[re.Match[str], discord.ui.Item[Any]], tuple[Any, ...]]) -> Any:
    """A persistent item's ``from_custom_id``: its constructor's arguments read back from its id (and from the
    component Discord sent, for a label), so that a message posted before a restart still works."""

    async def from_custom_id(
        cls: Any, _interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        return cls(*args(match, item))

    return classmethod(from_custom_id)


def picked(interaction: discord.Interaction[Any]) -> list[str]:
    """The values chosen in a select, as Discord sent them (nothing for a forged or empty submission)."""
    data: Any = interaction.data or {}
    return [str(value) for value in data.get("values") or []]
