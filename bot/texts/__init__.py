"""Words for games: narration of events, table summaries and move labels, per game, in fr and en.

Pure functions over engine events and views (no Discord), shared by the channel messages,
``/table log``, the private panels and ``python -m bot demo``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.games.base import Action, Event, JSONValue, Result
from bot.i18n import plural, t


class GameTexts(Protocol):
    kind: str
    score_unit_key: str
    """The catalog key (with .one/.other forms) of the game's score: tokens, points..."""

    def narrate(self, event: Event, names: Sequence[str], locale: str) -> str | None:
        """One line for an event, or None when it is not worth a line."""
        ...

    def summary(self, public: dict[str, JSONValue], names: Sequence[str], locale: str) -> list[str]:
        """Two short lines that say where the game stands."""
        ...

    def action_label(self, action: Action, view: dict[str, JSONValue], locale: str, names: Sequence[str]) -> str:
        """A button or select label for a move (at most 80 characters)."""
        ...

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """The texts of the milestone messages that these events call for, in order."""
        ...


REGISTRY: dict[str, GameTexts] = {}


def register(texts: GameTexts) -> GameTexts:
    REGISTRY[texts.kind] = texts
    return texts


def texts_for(kind: str) -> GameTexts:
    from bot.texts import chat_vert as _chat_vert  # noqa: F401
    from bot.texts import nain_jaune as _nain_jaune  # noqa: F401
    from bot.texts import neurotrio as _neurotrio  # noqa: F401
    from bot.texts import njet as _njet  # noqa: F401
    from bot.texts import triominos as _triominos  # noqa: F401

    return REGISTRY[kind]


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
    return texts_for(kind).narrate(event, names, locale)


def ranking_lines(results: Sequence[Result], names: Sequence[str], locale: str, unit_key: str) -> list[str]:
    """'1. Alice: 130 tokens' lines, ties sharing a rank, with medals for the podium."""
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for r in sorted(results, key=lambda r: (r.rank, r.seat)):
        unit = plural(locale, unit_key, r.score)
        medal = medals.get(r.rank, f"{r.rank}.")
        lines.append(t(locale, "rank.line", medal=medal, name=names[r.seat], score=unit))
    return lines
