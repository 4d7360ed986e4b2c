"""The table's own settings, the same for every game: chosen in the lobby, kept with the game (not given to the
engine, whose options are the game's rules)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.base import BadOption
from bot.games.base import BoolOption
from bot.games.base import JSONValue
from bot.store import GameRow

TABLE_SETTINGS = (
    BoolOption("autoplay", True),
    BoolOption("undo", True),
    BoolOption("takeover", True),
    BoolOption("hints", False),
    BoolOption("calls", True),
)
"""Forced moves play themselves; a player may take back a move that revealed nothing; a member of the channel may
take a computer player's seat between turns; a player may ask what the computer player would do (off by default:
a game with hints is not rated); people who have not moved for a while since their turn came are called (off at a
table where everyone watches the game as it goes)."""

CALL_AFTER_S = 20.0
"""How long the people awaited may take before they are called (at a table that calls): a quick move costs no
message in the channel, nor a ping."""

HINTED = "hinted"
"""The settings key that marks a game in which a player asked for a hint (kept with the game, never chosen)."""

SETTING_NAMES = tuple(option.name for option in TABLE_SETTINGS)


def validate_settings(raw: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
    """Every setting with its default filled in; unknown names and wrong types are refused."""
    out: dict[str, JSONValue] = {}
    for name in raw:
        if name not in SETTING_NAMES:
            raise BadOption("unknown_option", option=name)
    for option in TABLE_SETTINGS:
        value = raw.get(option.name)
        out[option.name] = option.default if value is None else option.validate(value)
    return out


def setting(row: GameRow, name: str) -> bool:
    """A setting of a game's table (its default when the game was made before settings existed)."""
    option = next(o for o in TABLE_SETTINGS if o.name == name)
    value = row.settings.get(name, option.default)
    return bool(value)


def hinted(row: GameRow) -> bool:
    """Whether a player asked for a hint during the game: such a game is not rated."""
    return bool(row.settings.get(HINTED, False))


def unrated_for_hints(row: GameRow) -> str | None:
    """Why hints keep a game from being rated: "hinted" (one was asked), "hints" (the table allowed them, a learning
    table), or None."""
    if hinted(row):
        return "hinted"
    return "hints" if setting(row, "hints") else None


def nudge_due(row: GameRow, elapsed: float, call_after_s: float = CALL_AFTER_S) -> str | None:
    """What the people awaited for ``elapsed`` seconds are due: ``"remind"`` (the table's reminder, once a turn),
    ``"call"`` (a mention once they have not moved for ``call_after_s``, at a table that calls, before any reminder
    and once a turn), or None."""
    if row.reminder_s and not row.reminded and elapsed >= row.reminder_s:
        return "remind"
    if setting(row, "calls") and not row.called and not row.reminded and elapsed >= call_after_s:
        return "call"
    return None
