"""Layout rows keep the order the controls ask for, a select's row included."""

from __future__ import annotations

import discord

from bot.games.base import Action
from cogs.components import ActButton
from cogs.components import ActSelect
from cogs.layouts import action_rows


def test_a_select_in_the_first_row_stays_above_the_buttons() -> None:
    """A select asked on row 0 and a button on row 1: the select comes first (it used to fall to the bottom, as a
    dynamic select's row was not read)."""
    select = ActSelect(1, 3, 0, [discord.SelectOption(label="a", value="a")], "choose")
    select.item.row = 0
    button = ActButton(1, 3, Action.of("pass"), "Pass", discord.ButtonStyle.secondary)
    button.item.row = 1
    rows = action_rows([button, select])
    assert [[type(item).__name__ for item in row.children] for row in rows] == [["ActSelect"], ["ActButton"]]
