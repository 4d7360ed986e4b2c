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
    if event.kind in ("left", "took_seat"):
        return t(locale, f"narrate.{event.kind}", name=str(event.data.get("name", name)))
    if event.kind in ("auto", "undo"):
        return t(locale, f"narrate.{event.kind}", name=name)
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


def later_deal(event: Event, field: str) -> bool:
    """A deal after the first: the first one opens the game, which the table message itself shows."""
    return event.kind == "deal" and event.number(field) > 1


def ends_game(events: Sequence[Event]) -> bool:
    """Whether these events end the game: then the ranking, which the table service posts, is the one message."""
    return any(e.kind == "game_end" for e in events)


def one_message(parts: Sequence[str]) -> list[str]:
    """The milestones of one batch of moves as one channel message (none without any): the channel stays quiet."""
    text = "\n".join(p for p in parts if p)
    return [text[:2000]] if text else []


def score_lines(scores: Sequence[int], names: Sequence[str], locale: str, key: str) -> list[str]:
    """One line per seat with its score of a round, in seat order (``key`` takes ``name`` and ``score``)."""
    return [t(locale, key, name=seat_name(names, seat), score=score) for seat, score in enumerate(scores)]
