"""``/<game> new``, made for every declared game from its engine's options: one declaration, every command.

Each option the engine offers becomes a slash option with its bounds and default, named and described from the
catalogs (``cmd.<command>.new.<option>`` and ``.name``); the turn timers (``reminder``, ``timeout``) are shared by
every game. A game's cog may declare its command group (with its own subcommands); ``new`` is added to it.
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
from cogs.tables import open_lobby

TIMERS = (("reminder", 2), ("timeout", 10))
"""The shared turn timers, in minutes (0: never)."""
TIMER_RANGE = app_commands.Range[int, 0, 1440]


def _text(key: str) -> locale_str:
    """A command string: English by default, every language through the translator."""
    return locale_str(t("en", key), key=key)


def _annotation(option: Offered) -> object:
    if isinstance(option, IntOption):
        return app_commands.Range[int, option.min, option.max]
    if isinstance(option, BoolOption):
        return bool
    return str


def new_command(spec: GameSpec) -> app_commands.Command[Any, ..., None]:
    """The ``new`` subcommand of a game: open a table with the chosen options."""
    options = offered_options(engine_of(spec.kind))
    names = {o.name for o in options}

    async def new(interaction: discord.Interaction[Any], **values: Any) -> None:
        chosen: dict[str, JSONValue] = {name: value for name, value in values.items() if name in names}
        minutes = {name: int(values.get(name, default)) for name, default in TIMERS}
        await open_lobby(interaction, spec.kind, chosen, minutes["reminder"], minutes["timeout"])

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    descriptions: dict[str, locale_str] = {}
    renames: dict[str, locale_str] = {}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    for option in options:
        key = f"cmd.{spec.command}.new.{option.name}"
        parameters.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=option.default,
                annotation=_annotation(option),
            )
        )
        descriptions[option.name], renames[option.name] = _text(key), _text(f"{key}.name")
        if isinstance(option, ChoiceOption):
            choices[option.name] = [
                app_commands.Choice(name=_text(f"option.{option.name}.{value}"), value=value)
                for value in option.choices
            ]
    for name, default in TIMERS:
        parameters.append(
            inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=TIMER_RANGE)
        )
        descriptions[name], renames[name] = _text(f"cmd.new.{name}"), _text(f"cmd.new.{name}.name")
    new.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    new.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    new.__discord_app_commands_param_rename__ = renames  # type: ignore[attr-defined]
    if choices:
        new.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    return app_commands.Command(
        name=_text("cmd.new.name"),
        description=_text(f"cmd.{spec.command}.new.description"),
        callback=new,
    )


def game_group(spec: GameSpec, tree: app_commands.CommandTree[Any]) -> app_commands.Group:
    """The game's command group with its ``new``: the one its cog declared, else a fresh one."""
    group = tree.get_command(spec.command)
    if not isinstance(group, app_commands.Group):
        group = app_commands.Group(
            name=_text(f"cmd.{spec.command}.name"),
            description=_text(f"cmd.{spec.command}.description"),
            guild_only=True,
        )
        tree.add_command(group)
    if group.get_command("new") is None:
        group.add_command(new_command(spec))
    return group
