"""Words for games: narration of events, table summaries and move labels, per game, in fr and en.

Pure functions over engine events and views (no Discord), shared by the channel messages,
``/table log``, the private panels and ``python -m bot demo``.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import Result
from bot.i18n import plural
from bot.i18n import t
from bot.registry import GameTexts as GameTexts
from bot.registry import texts_of


def seat_name(names: Sequence[str], seat: JSONValue) -> str:
    """The name of a seat found in event data, "?" when there is none."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return "?"


def narrate(kind: str, event: Event, names: Sequence[str], locale: str) -> str | None:
    """Narrate an event, the table service's own events included (timeouts, departures)."""
    name = seat_name(names, event.seat)
    if event.kind == "timeout":
        return t(locale, "narrate.timeout", name=name)
    if event.kind == "left":
        return t(locale, "narrate.left", name=str(event.data.get("name", name)))
    return texts_of(kind).narrate(event, names, locale)


def ranking_lines(results: Sequence[Result], names: Sequence[str], locale: str, unit_key: str) -> list[str]:
    """'1. Alice: 130 tokens' lines, ties sharing a rank, with medals for the podium."""
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for r in sorted(results, key=lambda r: (r.rank, r.seat)):
        unit = plural(locale, unit_key, r.score)
        medal = medals.get(r.rank, f"{r.rank}.")
        lines.append(t(locale, "rank.line", medal=medal, name=names[r.seat], score=unit))
    return lines
