"""Rows as both databases give them back, read by position, and a game's values as both store them."""

from __future__ import annotations

import json
from typing import Any

from bot.store.model import ActionRow
from bot.store.model import GameRow
from bot.store.model import ResultLine
from bot.store.model import Seat

GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, options, seats, seed, status, host_id, locale, reminder_s, timeout_s, "
    "lobby_message_id, table_message_id, turn_since, reminded, created_at, started_at, ended_at, settings, "
    "turn_message_id, called"
)
"""A game's columns in the order ``game_from_row`` reads them (22: a column selected after them is ``row[22]``)."""

ACTION_COLUMNS = "n, seat, action, by_bot, at, how"
RESULT_COLUMNS = "game_id, seat, user_id, name, rank, score"

_JSON_COLUMNS = ("options", "settings")
_FLAG_COLUMNS = ("reminded", "called")


def game_from_row(row: Any) -> GameRow:
    """A game from the ``GAME_COLUMNS`` of a row (JSON kept as text, flags as 0/1 on SQLite, booleans elsewhere)."""
    return GameRow(
        id=int(row[0]),
        guild_id=row[1],
        channel_id=int(row[2]),
        kind=str(row[3]),
        options=json.loads(row[4]),
        seats=[Seat.from_json(s) for s in json.loads(row[5])],
        seed=int(row[6]),
        status=str(row[7]),
        host_id=int(row[8]),
        locale=str(row[9]),
        reminder_s=int(row[10]),
        timeout_s=int(row[11]),
        lobby_message_id=row[12],
        table_message_id=row[13],
        turn_since=row[14],
        reminded=bool(row[15]),
        created_at=float(row[16]),
        started_at=row[17],
        ended_at=row[18],
        settings=json.loads(row[19]),
        turn_message_id=row[20],
        called=bool(row[21]),
    )


def action_from_row(row: Any) -> ActionRow:
    """An action from the ``ACTION_COLUMNS`` of a row."""
    return ActionRow(row[0], row[1], row[2], bool(row[3]), row[4], row[5])


def result_from_row(row: Any) -> tuple[int, ResultLine]:
    """The game and the result line of a row of ``RESULT_COLUMNS``."""
    return int(row[0]), (int(row[1]), row[2], str(row[3]), int(row[4]), int(row[5]))


def game_values(fields: dict[str, Any]) -> list[Any]:
    """The stored values of ``update_game``'s fields: seats and settings as JSON text, flags as booleans."""
    values: list[Any] = []
    for name, value in fields.items():
        if name == "seats":
            value = json.dumps([s.to_json() for s in value])
        elif name in _JSON_COLUMNS:
            value = json.dumps(value)
        elif name in _FLAG_COLUMNS:
            value = bool(value)
        values.append(value)
    return values
