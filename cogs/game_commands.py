"""``/<game> new``, made for every declared game from its engine's options: one declaration, every command.

Each option the engine offers becomes a slash option with its bounds and default, named and described from the
catalogs (``cmd.<command>.new.<option>`` and ``.name``); the turn timers (``reminder``, ``timeout``) are shared by
every game. A game's cog may declare its command group (with its own subcommands, through ``command_group``);
``new`` is added to it.

Every duration is offered in seconds, as choices with human labels ("30 s", "2 min", "off"): the same unit for the
shared turn timers (kept in minutes by the table service) and for an engine's own durations.
"""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.games.base import BoolOption
from bot.games.base import ChoiceOption
from bot.games.base import IntOption
from bot.games.base import JSONValue
from bot.games.base import Offered
from bot.games.base import offered_options
from bot.i18n import t
from bot.registry import GameSpec
from bot.registry import engine_of
from bot.service.tables import TableError
from bot.store import GameRow
from cogs.common import bot_of
from cogs.common import display_name
from cogs.common import guild_lang
from cogs.common import remember_locale
from cogs.common import user_lang
from cogs.permissions import can_post
from cogs.publish import lobby_layout

MINUTE = 60
TIMERS = (
    ("reminder", 2 * MINUTE, (0, 60, 120, 300, 600, 1800, 3600, 21600)),
    ("timeout", 10 * MINUTE, (0, 120, 300, 600, 1800, 3600, 21600, 86400)),
)
"""The shared turn timers: name, default and choices, in seconds (0: never)."""
ENGINE_DURATIONS = {"timer": (0, 15, 30, 45, 60, 90, 120, 180, 300, 600)}
"""Engine options that are durations in seconds, offered as these choices (within the option's bounds)."""


def text(key: str) -> locale_str:
    """A command string: English by default, every language through the translator."""
    return locale_str(t("en", key), key=key)


def command_group(command: str) -> app_commands.Group:
    """A guild-only command group named and described by the catalogs (``cmd.<command>.name``, ``.description``)."""
    return app_commands.Group(
        name=text(f"cmd.{command}.name"), description=text(f"cmd.{command}.description"), guild_only=True
    )


def duration_label(seconds: int) -> locale_str:
    """ "off", "45 s", "2 min", "6 h": the same words in every language but the first."""
    if seconds == 0:
        return text("cmd.duration.off")
    if seconds % 3600 == 0:
        return locale_str(f"{seconds // 3600} h")
    if seconds % MINUTE == 0:
        return locale_str(f"{seconds // MINUTE} min")
    return locale_str(f"{seconds} s")


def duration_choices(values: tuple[int, ...]) -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=duration_label(v), value=v) for v in values]


async def open_lobby(
    interaction: discord.Interaction[Any],
    kind: str,
    options: dict[str, JSONValue],
    reminder_s: int,
    timeout_s: int,
) -> None:
    """``/<game> new``: open a table in this channel and post its lobby message.

    Acknowledged (privately) before the store is touched; the lobby is then posted in the channel, so that a
    refusal (a table already open, an option out of range) stays a private sentence. A channel where the bot
    lacks a permission a table needs gets no table: the user is told which, before anything is stored.
    """
    bot = bot_of(interaction)
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError("guild_only")
    if not await can_post(interaction):
        return
    await interaction.response.defer(ephemeral=True)
    await remember_locale(interaction)
    row = await bot.tables.open_table(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        kind=kind,
        options=options,
        host_id=interaction.user.id,
        host_name=display_name(interaction.user),
        locale=guild_lang(interaction),
        reminder_min=reminder_s // MINUTE,
        timeout_min=timeout_s // MINUTE,
    )
    await post_lobby(interaction, row)
    await interaction.followup.send(t(user_lang(interaction), "lobby.opened"), ephemeral=True)


async def post_lobby(interaction: discord.Interaction[Any], row: GameRow) -> None:
    """Post a lobby message in the game's channel and remember it (the lobby's buttons edit it from then on)."""
    bot = bot_of(interaction)
    channel = bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
    message = await channel.send(view=lobby_layout(row))
    await bot.tables.set_lobby_message(row.id, message.id)


def _annotation(option: Offered) -> object:
    if isinstance(option, IntOption):
        if option.name in ENGINE_DURATIONS:
            return int
        return app_commands.Range[int, option.min, option.max]
    if isinstance(option, BoolOption):
        return bool
    return str


def _choices(option: Offered) -> list[app_commands.Choice[Any]]:
    """A choice option's values, or an engine duration's labelled seconds; none for the others."""
    if isinstance(option, ChoiceOption):
        return [app_commands.Choice(name=text(f"option.{option.name}.{v}"), value=v) for v in option.choices]
    if isinstance(option, IntOption) and option.name in ENGINE_DURATIONS:
        return duration_choices(tuple(v for v in ENGINE_DURATIONS[option.name] if option.min <= v <= option.max))
    return []


def new_command(spec: GameSpec) -> app_commands.Command[Any, ..., None]:
    """The ``new`` subcommand of a game: open a table with the chosen options."""
    options = offered_options(engine_of(spec.kind))
    names = {o.name for o in options}

    async def new(interaction: discord.Interaction[Any], **values: Any) -> None:
        chosen: dict[str, JSONValue] = {name: value for name, value in values.items() if name in names}
        seconds = {name: int(values.get(name, default)) for name, default, _ in TIMERS}
        await open_lobby(interaction, spec.kind, chosen, seconds["reminder"], seconds["timeout"])

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    descriptions: dict[str, locale_str] = {}
    renames: dict[str, locale_str] = {}
    choices: dict[str, list[app_commands.Choice[Any]]] = {}

    def offer(
        name: str, key: str, default: object, annotation: object, offered: list[app_commands.Choice[Any]]
    ) -> None:
        parameters.append(
            inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation)
        )
        descriptions[name], renames[name] = text(key), text(f"{key}.name")
        if offered:
            choices[name] = offered

    for option in options:
        key = f"cmd.{spec.command}.new.{option.name}"
        offer(option.name, key, option.default, _annotation(option), _choices(option))
    for name, default, values in TIMERS:
        offer(name, f"cmd.new.{name}", default, int, duration_choices(values))
    new.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    new.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    new.__discord_app_commands_param_rename__ = renames  # type: ignore[attr-defined]
    new.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    return app_commands.Command(
        name=text("cmd.new.name"),
        description=text(f"cmd.{spec.command}.new.description"),
        callback=new,
    )


def game_group(spec: GameSpec, tree: app_commands.CommandTree[Any]) -> app_commands.Group:
    """The game's command group with its ``new``: the one its cog declared, else a fresh one."""
    group = tree.get_command(spec.command)
    if not isinstance(group, app_commands.Group):
        group = command_group(spec.command)
        tree.add_command(group)
    if group.get_command("new") is None:
        group.add_command(new_command(spec))
    return group
