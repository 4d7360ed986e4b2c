"""The moves the table message offers to whoever is to act: a few as buttons, many as one menu.

A phone shows five buttons to a row and a row about 50 px tall: Njet's twenty stones as buttons made the table
message four screens tall there. Past ``TABLE_BUTTONS`` moves, one select holds them all (at most 25), in the order
the game lists them.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.registry import texts_of
from bot.service.tables import Snapshot
from cogs.components import ActButton
from cogs.components import ActSelect
from cogs.ui import ui_for

TABLE_BUTTONS = 10
"""Up to this many public moves show as buttons (two rows of five); more go to one menu."""
ROWS_MAX = 5
SELECT_MAX = 25


def public_moves(snapshot: Snapshot, lang: str) -> list[discord.ui.Item[Any]]:
    """The table message's moves of the game (``GameUI.table_actions``): buttons in the game's rows, or one menu."""
    game = snapshot.game
    ui = ui_for(game.kind)
    texts = texts_of(game.kind)
    names = [s.name for s in game.seats]
    rows = [row[:ROWS_MAX] for row in (ui.table_actions(snapshot) if ui.table_actions else []) if row][:ROWS_MAX]
    if sum(len(row) for row in rows) > TABLE_BUTTONS:
        actions = [action for row in rows for action in row][:SELECT_MAX]
        options = [
            discord.SelectOption(label=texts.action_label(a, snapshot.public, lang, names)[:100], value=a.dumps())
            for a in actions
        ]
        select = ActSelect(game.id, snapshot.n, 0, options, t(lang, "table.choose"))
        select.item.row = 0
        return [select]
    items: list[discord.ui.Item[Any]] = []
    for r, row in enumerate(rows):
        for action in row:
            label = texts.action_label(action, snapshot.public, lang, names)
            button = ActButton(game.id, snapshot.n, action, label, ui.action_style(action))
            button.item.row = r
            items.append(button)
    return items
