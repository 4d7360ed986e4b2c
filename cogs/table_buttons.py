"""The table's own buttons, beside the moves: take a computer player's seat, play again, and the lobby's menu of
table settings (forced moves, undo, seat takeover).

Ids: ``tb:t:<game>`` take a seat; ``tb:n:<game>:<op>`` play again (``ask``) or start now with those who asked
(``start``, the host); ``tb:u:<game>`` the settings menu. Like every component, they check the channel first.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.base import GameError
from bot.i18n import t
from bot.service.table_settings import TABLE_SETTINGS
from bot.service.table_settings import setting
from bot.service.turn_flow import TurnFlow
from bot.store import GameRow
from cogs.common import bot_of
from cogs.common import check_origin
from cogs.common import display_name
from cogs.common import label_of
from cogs.common import menu
from cogs.common import picked
from cogs.common import rebuilt
from cogs.common import remember_locale
from cogs.common import report_error
from cogs.common import user_lang
from cogs.permissions import can_post


async def _checked_row(interaction: discord.Interaction[Any], game_id: int) -> GameRow:
    row = await bot_of(interaction).tables.game_row(game_id)
    check_origin(interaction, row)
    await remember_locale(interaction)
    return row


class TakeSeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:t:(?P<gid>[0-9]{1,18})"):
    """ "Take this seat": a member of the channel replaces the first computer player, between two moves."""

    def __init__(self, game_id: int, label: str = "🪑") -> None:
        button = discord.ui.Button[Any](label=label, style=discord.ButtonStyle.secondary, custom_id=f"tb:t:{game_id}")
        super().__init__(button)
        self.game_id = game_id

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), label_of(item, "🪑")))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await _checked_row(interaction, self.game_id)
            user = interaction.user
            await TurnFlow(bot_of(interaction).tables).take_seat(self.game_id, user.id, display_name(user))
        except GameError as error:
            await report_error(interaction, error)
            return
        await interaction.followup.send(t(user_lang(interaction), "flow.seat_taken"), ephemeral=True)


class AgainButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tb:n:(?P<gid>[0-9]{1,18}):(?P<op>ask|start)"
):
    """ "Play again" on a finished table; "Start now" lets the host go on with those who asked. Either may start
    the new game, whose table the bot posts: refused, with the reason, where the bot lacks a permission for it."""

    def __init__(self, game_id: int, op: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if op == "ask" else discord.ButtonStyle.primary
        button = discord.ui.Button[Any](label=label or op, style=style, custom_id=f"tb:n:{game_id}:{op}")
        super().__init__(button)
        self.game_id = game_id
        self.op = op

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]), match["op"], label_of(item)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not await can_post(interaction):
            return
        await interaction.response.defer(ephemeral=True)
        lang = user_lang(interaction)
        flow = TurnFlow(bot_of(interaction).tables)
        try:
            row = await _checked_row(interaction, self.game_id)
            if self.op == "start":
                await flow.start_rematch(self.game_id, interaction.user.id)
                text = t(lang, "flow.again_started")
            else:
                row, new = await flow.ask_rematch(self.game_id, interaction.user.id)
                waiting = [s.name for s in row.seats if not s.is_bot and s.user_id not in row.settings["rematch"]]
                text = t(lang, "flow.again_started") if new else t(lang, "flow.again_waiting", names=", ".join(waiting))
        except GameError as error:
            await report_error(interaction, error)
            return
        await interaction.followup.send(text, ephemeral=True)


class SettingsSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tb:u:(?P<gid>[0-9]{1,18})"):
    """The lobby's menu of the table's settings: the host ticks those that apply (any number, none included)."""

    def __init__(
        self, game_id: int, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        select = menu(f"tb:u:{game_id}", options, placeholder)
        select.min_values, select.max_values = 0, len(options or []) or len(TABLE_SETTINGS)
        super().__init__(select)
        self.game_id = game_id

    from_custom_id = rebuilt(lambda match, item: (int(match["gid"]),))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        chosen = set(picked(interaction))
        try:
            row = await _checked_row(interaction, self.game_id)
            tables = bot_of(interaction).tables
            for option in TABLE_SETTINGS:
                wanted = option.name in chosen
                if setting(row, option.name) != wanted:
                    row = await tables.set_option(self.game_id, interaction.user.id, option.name, wanted)
        except GameError as error:
            await report_error(interaction, error)
            return
        await interaction.followup.send(t(user_lang(interaction), "flow.settings_saved"), ephemeral=True)


def settings_select(row: GameRow) -> SettingsSelect:
    """The menu as the lobby shows it: each setting, ticked when on."""
    lang = row.locale
    options = [
        discord.SelectOption(
            label=t(lang, f"setting.{option.name}")[:100],
            description=t(lang, f"setting.{option.name}.help")[:100],
            value=option.name,
            default=setting(row, option.name),
        )
        for option in TABLE_SETTINGS
    ]
    return SettingsSelect(row.id, options, t(lang, "setting.placeholder")[:100])


def table_controls(row: GameRow, over: bool) -> list[discord.ui.Item[Any]]:
    """The table's own buttons under the moves: take a computer's seat while it plays; play again once over."""
    lang = row.locale
    if over:
        if row.status != "over":
            return []
        return [
            AgainButton(row.id, "ask", t(lang, "flow.again")),
            AgainButton(row.id, "start", t(lang, "flow.again_start")),
        ]
    if setting(row, "takeover") and any(s.is_bot for s in row.seats):
        return [TakeSeatButton(row.id, t(lang, "flow.take_seat"))]
    return []
