"""The lobby's option controls: one select per offered option, made from the game's option declaration.

While a table waits in its lobby the host changes "deals" or "target" from the lobby message itself, instead of
closing the table and opening it again. Ids: ``tb:o:<game>:<option name>``; the chosen value is read back through
the declaration (an integer, yes/no, or one of the named choices), so a forged value is refused by the service.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord

from bot.games.base import BadOption
from bot.games.base import BoolOption
from bot.games.base import ChoiceOption
from bot.games.base import GameError
from bot.games.base import IntOption
from bot.games.base import JSONValue
from bot.games.base import Offered
from bot.games.base import offered_options
from bot.i18n import has
from bot.i18n import t
from bot.registry import engine_of
from bot.store import GameRow
from cogs.common import bot_of
from cogs.common import check_origin
from cogs.common import menu
from cogs.common import picked
from cogs.common import rebuilt
from cogs.common import remember_locale
from cogs.common import report_error
from cogs.common import user_lang

LADDER_MAX = 25
"""A select holds at most 25 entries."""
SELECTS_MAX = 4
"""The lobby's buttons take the first of a message's five rows; each select takes one of the other four."""
TEXT_MAX = 100
"""Discord's limit for a select's placeholder and an entry's label and description."""

MANTISSAS = (
    (10, 12, 15, 20, 25, 30, 40, 50, 60, 80),
    (10, 15, 20, 25, 30, 40, 50, 60, 80),
    (10, 15, 20, 30, 40, 50, 60, 80),
    (10, 15, 20, 30, 50),
    (10, 20, 50),
    (10,),
)
"""Round numbers of each decade, in tenths of the decade's first number, from the finest ladder to the coarsest."""

YES, NO = "yes", "no"


def _round_numbers(limit: int, mantissas: Iterable[int]) -> set[int]:
    """The whole round numbers (and their opposites, and 0) whose size is at most ``limit``."""
    found = {0}
    scale = 1
    while scale <= limit:
        found.update(m * scale // 10 for m in mantissas if m * scale % 10 == 0)
        scale *= 10
    return found | {-v for v in found}


def _thinned(values: list[int], kept: set[int]) -> list[int]:
    """At most ``LADDER_MAX`` of ``values``: every kept one, the others picked evenly (for huge ranges only)."""
    others = [v for v in values if v not in kept]
    room = max(LADDER_MAX - len(kept), 0)
    picked = {others[i * len(others) // room] for i in range(room)} if others and room else set()
    return sorted(kept | picked)[:LADDER_MAX]


def ladder(minimum: int, maximum: int, must: Iterable[int]) -> list[int]:
    """Up to 25 values over [minimum, maximum] for a select: every value of a small range, else round numbers.

    The bounds and the values of ``must`` within them (the default, the current value) are always there, so the
    host can come back to any of them; the rungs are as fine as 25 entries allow.
    """
    if minimum > maximum:
        raise ValueError(f"empty range {minimum}..{maximum}")
    if maximum - minimum < LADDER_MAX:
        return list(range(minimum, maximum + 1))
    kept = {v for v in (minimum, maximum, *must) if minimum <= v <= maximum}
    limit = max(abs(minimum), abs(maximum))
    values: set[int] = kept
    for mantissas in MANTISSAS:
        values = kept | {v for v in _round_numbers(limit, mantissas) if minimum <= v <= maximum}
        if len(values) <= LADDER_MAX:
            return sorted(values)
    return _thinned(sorted(values), kept)


def _values(option: Offered, current: JSONValue) -> list[str]:
    """The entries of an option's select, as select values."""
    if isinstance(option, BoolOption):
        return [YES, NO]
    if isinstance(option, ChoiceOption):
        return list(option.choices)[:LADDER_MAX]
    musts = [option.default, *([current] if isinstance(current, int) and not isinstance(current, bool) else [])]
    return [str(v) for v in ladder(option.min, option.max, musts)]


def _as_value(option: Offered, raw: JSONValue) -> str:
    """A value of an option in the form its select carries."""
    if isinstance(option, BoolOption) or isinstance(raw, bool):
        return YES if raw else NO
    return str(raw)


def shown(option: Offered, value: str, lang: str) -> str:
    """A select value in words: yes/no, a named choice from the catalog, or the number itself."""
    if isinstance(option, BoolOption):
        return t(lang, "common.yes" if value == YES else "common.no")
    key = f"option.{option.name}.{value}"
    return t(lang, key) if isinstance(option, ChoiceOption) and has(key) else value


def parsed(option: Offered, value: str) -> JSONValue:
    """The option value a select entry stands for; anything the declaration cannot read is refused."""
    if isinstance(option, BoolOption) and value in (YES, NO):
        return value == YES
    if isinstance(option, IntOption) and re.fullmatch(r"-?[0-9]{1,18}", value):
        return int(value)
    if isinstance(option, ChoiceOption):
        return value
    raise BadOption("bad_option_type", option=option.name)


def _entries(option: Offered, row: GameRow, lang: str) -> list[discord.SelectOption]:
    """The select's entries, the option's current value marked, its default described as such."""
    name = t(lang, f"option.{option.name}")
    raw = row.options.get(option.name, option.default)
    current, default = _as_value(option, raw), _as_value(option, option.default)
    return [
        discord.SelectOption(
            label=t(lang, "lobby.option_line", option=name, value=shown(option, value, lang))[:TEXT_MAX],
            value=value,
            description=t(lang, "lobby.option_default")[:TEXT_MAX] if value == default else None,
            default=value == current,
        )
        for value in _values(option, raw)
    ]


class OptionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"tb:o:(?P<gid>[0-9]{1,18}):(?P<name>[a-z_]{1,32})",
):
    """One option of a lobby: the host picks a value, the lobby message shows it at once."""

    def __init__(
        self,
        game_id: int,
        name: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ):
        select = menu(f"tb:o:{game_id}:{name}", options, placeholder)
        select.row = row
        super().__init__(select)
        self.game_id = game_id
        self.name = name

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), match["name"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        values = picked(interaction)
        lang = user_lang(interaction)
        try:
            bot = bot_of(interaction)
            row = await bot.tables.game_row(self.game_id)
            check_origin(interaction, row)
            await remember_locale(interaction)
            option = next((o for o in offered_options(engine_of(row.kind)) if o.name == self.name), None)
            if option is None:
                raise BadOption("unknown_option", option=self.name)
            value = values[0] if values else ""
            await bot.tables.set_option(self.game_id, interaction.user.id, self.name, parsed(option, value))
        except GameError as error:
            await report_error(interaction, error)
            return
        done = t(lang, "lobby.option_set", option=t(lang, f"option.{self.name}"), value=shown(option, value, lang))
        await interaction.followup.send(done, ephemeral=True)


def option_selects(row: GameRow) -> list[OptionSelect]:
    """One select per offered option of the row's game, on the rows under the lobby's buttons."""
    lang = row.locale
    selects = []
    for index, option in enumerate(offered_options(engine_of(row.kind))[:SELECTS_MAX]):
        current = _as_value(option, row.options.get(option.name, option.default))
        placeholder = t(
            lang,
            "lobby.option_placeholder",
            option=t(lang, f"option.{option.name}"),
            value=shown(option, current, lang),
        )
        selects.append(
            OptionSelect(row.id, option.name, _entries(option, row, lang), placeholder[:TEXT_MAX], row=index + 1)
        )
    return selects
