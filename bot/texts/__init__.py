"""Words for games: narration of events, table summaries and move labels, per game, in fr and en.

Pure functions over engine events and views (no Discord), shared by the channel messages,
``/table log``, the private panels and ``python -m bot demo``.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.games.base import Result
from bot.games.base import as_numbers
from bot.i18n import has
from bot.i18n import plural
from bot.i18n import t
from bot.registry import ALT_MAX
from bot.registry import GameTexts as GameTexts
from bot.registry import texts_of

ELLIPSIS = "…"


def seat_name(names: Sequence[str], seat: JSONValue) -> str:
    """The name of a seat found in event data, "?" when there is none."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return "?"


class Narrator:
    """The start of every game's narration: an event is told from its kind and the name of its seat; the game's
    ``tell`` says the rest (None: nothing worth a line). ``score_unit_key`` counts the final scores."""

    def __init__(self, kind: str, score_unit_key: str) -> None:
        self.kind = kind
        self.score_unit_key = score_unit_key

    def narrate(self, event: Event, names: Sequence[str], locale: str) -> str | None:
        return self.tell(event.kind, event, seat_name(names, event.seat), names, locale)

    def tell(self, k: str, event: Event, who: str, names: Sequence[str], locale: str) -> str | None:
        raise NotImplementedError

    def round_milestones(
        self, events: Sequence[Event], names: Sequence[str], locale: str, icon: str, score_key: str
    ) -> list[str]:
        """For games in rounds: a round's end with its scores and the next round's deal, in one message; the
        game's own end is the ranking the table service posts, and the first deal is the game's start."""
        if ends_game(events):
            return []
        parts: list[str] = []
        for event in events:
            wanted = later_deal(event, "round") or event.kind == "round_end"
            line = self.narrate(event, names, locale) if wanted else None
            if line and event.kind == "deal":
                parts.append(f"{icon} **{line}**")
            elif line:
                scores = list(as_numbers(event.data.get("scores")))
                parts += [f"**{line}**", *score_lines(scores, names, locale, score_key)]
        return one_message(parts)


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


def fit_alt(text: str, limit: int = ALT_MAX) -> str:
    """``text`` cut to ``limit`` characters at a word's end, "…" saying that some is left out: a picture's
    description, which Discord keeps to ``ALT_MAX`` characters."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS)]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:") + ELLIPSIS


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


def error_text(error: GameError, lang: str, kind: str | None = None) -> str:
    """The translated reason for a refusal: game-specific wording first, then the shared one (on Discord and on the
    pages alike)."""
    for key in (f"error.{kind}.{error.code}" if kind else None, f"error.{error.code}"):
        if key and has(key):
            params = dict(error.params)
            option_key = f"option.{params.get('option')}"
            if "option" in params and has(option_key):
                params["option"] = t(lang, option_key)
            return t(lang, key, **params)
    return t(lang, "error.illegal")
