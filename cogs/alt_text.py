"""Pictures in words: the description (alt text) of every picture the bot posts, in the reader's language.

A screen reader reads a media gallery item's description in place of the picture, and Discord shows it to anyone
whose picture did not load. The games describe their own tables and hands (``GameTexts.describe_table`` and
``describe_hand``); the pictures every game shares (the final results, a leaderboard, a replay) are described here.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Result
from bot.i18n import plural
from bot.i18n import t
from bot.ratings.service import rating_text
from bot.registry import ALT_MAX
from bot.registry import spec_of
from bot.registry import texts_of
from renders.leaderboard import Line

ELLIPSIS = "…"


def fit(text: str, limit: int = ALT_MAX) -> str:
    """``text`` cut to ``limit`` characters at a word's end, "…" saying that some is left out."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS)]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:") + ELLIPSIS


def ranking_words(ranking: Sequence[Result], names: Sequence[str], kind: str, lang: str) -> str:
    """The final ranking as a sentence's list: "1. Zoé, 42 points, 2. Hugo, 30 points"."""
    unit = texts_of(kind).score_unit_key
    ordered = sorted(ranking, key=lambda r: (r.rank, r.seat))
    return ", ".join(
        t(lang, "alt.place", place=r.rank, name=names[r.seat], score=plural(lang, unit, r.score)) for r in ordered
    )


def results_alt(
    ranking: Sequence[Result], points: Sequence[Sequence[int]], names: Sequence[str], kind: str, lang: str
) -> str:
    """The results picture: the final ranking with the scores, and the chart when it has one (two rounds or more,
    as ``renders.results`` draws it: ``points`` holds the start, then one line per round)."""
    game = t(lang, spec_of(kind).title_key)
    text = t(lang, "alt.results", game=game, ranking=ranking_words(ranking, names, kind, lang))
    rounds = len(points) - 1
    if rounds >= 2:
        text += " " + plural(lang, "alt.results.chart", rounds)
    return fit(text)


def leaderboard_alt(lines: Sequence[Line], shown: int, kind: str, lang: str) -> str:
    """A leaderboard picture: its first ``shown`` lines (as drawn), and the reader's own line when it is further
    down."""
    game = t(lang, spec_of(kind).title_key)
    if not lines:
        return t(lang, "alt.leaderboard.empty", game=game)
    drawn = [*lines[:shown], *[line for line in lines[shown:] if line.me][:1]]
    words = [
        t(
            lang,
            "alt.leaderboard.line",
            place=line.place,
            name=line.name,
            rating=rating_text(line.rating, line.games),
            games=plural(lang, "stats.games", line.games),
            wins=plural(lang, "stats.wins", line.wins),
        )
        for line in drawn
    ]
    return fit(t(lang, "alt.leaderboard", game=game, lines="; ".join(words)))


def replay_alt(game_id: int, kind: str, frames: int, end: str, lang: str) -> str:
    """A replay animation: which game, how many pictures, and how it ended (``end``: the final ranking, or "")."""
    game = t(lang, spec_of(kind).title_key)
    return fit(plural(lang, "alt.replay", frames, id=game_id, game=game, end=end))
