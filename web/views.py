"""What the pages say, in the reader's language: pure functions from a game's row, its public view and its public
events to the texts and numbers a page or an event carries. Nothing here reads a seat's view or a private event:
what goes in is public, so what comes out is.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import Event
from bot.games.base import TableView
from bot.i18n import LANGUAGES
from bot.i18n import plural
from bot.i18n import t
from bot.ratings.model import PROVISIONAL_GAMES
from bot.ratings.model import PROVISIONAL_MARK
from bot.ratings.service import rating_text
from bot.ratings.service import shown as shown_rating
from bot.ratings.service import standings
from bot.registry import KINDS
from bot.registry import spec_of
from bot.registry import texts_of
from bot.store import GameRow
from bot.store import PlayerRating
from bot.store import ResultLine
from bot.texts import narrate

MOVES_SHOWN = 8
"""The latest moves a live page lists."""
LADDER_SHOWN = 20
"""Players listed in a game's leaderboard on the server page."""
ENDED = ("over", "abandoned", "cancelled")
REPLAYABLE = ("over", "abandoned")
WINNER = "🏆"


@dataclass(frozen=True)
class Shown:
    """A game as a live page shows it at one moment: its row as it was then (``status``), its public view (None
    while it waits in its lobby) and its latest public events."""

    row: GameRow
    status: str
    view: TableView[Any] | None
    recent: tuple[Event, ...]
    n: int

    @property
    def key(self) -> tuple[int, str]:
        """What tells two moments apart: a move, or the game's end or abandonment (no move)."""
        return self.n, self.status


DISCORD_MARKS = re.compile(r"\*\*|__|~~|\|\||(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)")
"""Discord's markdown in the games' words (bold, underline, strike, spoiler, italics): a page shows words."""
ESCAPED = re.compile(r"\\([*_~|`>#\\])")


LINE_MARKS = re.compile(r"^(?:-# |#{1,3} |> )", re.MULTILINE)
"""Discord's marks at the start of a line (small print, headings, a quote), of each line of a text: a page shows
the line."""


def plain(text: str) -> str:
    """A line of the games' words as a page shows it: without Discord's markdown (an escaped mark kept as itself)."""
    parts = ESCAPED.split(LINE_MARKS.sub("", text))
    return "".join(DISCORD_MARKS.sub("", part) if i % 2 == 0 else part for i, part in enumerate(parts))


def plain_lines(lines: Sequence[str]) -> list[str]:
    return [plain(line) for line in lines]


def public_only(events: Sequence[Event]) -> tuple[Event, ...]:
    return tuple(e for e in events if e.private_to is None)


def reader_language(accept: str, asked: str | None = None) -> str:
    """The page's language: ``?lang=`` when it names one, else the first of fr and en the browser accepts (by its
    ``q`` weights), else English for a browser that asks for another language, French for one that says nothing."""
    if asked in LANGUAGES:
        return asked
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, index, tag.strip().lower()))
    for weight, _, tag in sorted(ranked):
        if weight < 0 and tag[:2] in LANGUAGES:
            return tag[:2]
    return "en" if accept.strip() else "fr"


def names_of(row: GameRow) -> list[str]:
    return [seat.name for seat in row.seats]


def title_of(row: GameRow, lang: str) -> str:
    return t(lang, "web.game.title", game=t(lang, spec_of(row.kind).title_key), id=row.id)


def describe(kind: str, view: TableView[Any], names: Sequence[str], lang: str) -> str:
    """The table picture in words (its alt text): the game's own description, else its summary."""
    texts = texts_of(kind)
    described = getattr(texts, "describe_table", None)
    if described is not None:
        return plain(str(described(view, names, lang)))
    return plain(" ".join(texts.summary(view, names, lang)))


def lines_of(kind: str, events: Sequence[Event], names: Sequence[str], lang: str) -> list[str]:
    """The public events in words (an event not worth a line says nothing)."""
    return [plain(line) for e in events if e.private_to is None and (line := narrate(kind, e, names, lang))]


def scores_of(row: GameRow, view: TableView[Any], lang: str) -> list[dict[str, Any]]:
    unit = texts_of(row.kind).score_unit_key
    return [
        {"name": name, "score": plural(lang, unit, score), "turn": seat in view.to_act}
        for seat, (name, score) in enumerate(zip(names_of(row), view.scores, strict=False))
    ]


def watchers_text(lang: str, watchers: int) -> str:
    return plural(lang, "web.watchers", watchers)


def live_data(shown: Shown, lang: str, watchers: int) -> dict[str, Any]:
    """What a live page shows and its events carry: the game, where it stands, whose turn, the scores, the latest
    moves, the picture (a relative address, by version and language) with its words, and the spectators."""
    row, view = shown.row, shown.view
    names = names_of(row)
    data: dict[str, Any] = {
        "n": shown.n,
        "status": shown.status,
        "title": title_of(row, lang),
        "state": t(lang, f"web.status.{shown.status}"),
        "summary": [],
        "turn": "",
        "scores": [],
        "moves": [],
        "picture": None,
        "alt": "",
        "watchers": watchers_text(lang, watchers),
        "replay": "replay" if shown.status in REPLAYABLE else None,
    }
    if view is None:
        return data
    texts = texts_of(row.kind)
    waiting = [names[s] for s in sorted(view.to_act) if s < len(names)]
    data.update(
        summary=plain_lines(texts.summary(view, names, lang)),
        turn=t(lang, "web.turn", names=", ".join(waiting)) if waiting and shown.status == "running" else "",
        scores=scores_of(row, view, lang),
        moves=lines_of(row.kind, shown.recent, names, lang)[-MOVES_SHOWN:],
        picture=f"pic/{lang}/{shown.n}.png",
        alt=describe(row.kind, view, names, lang),
    )
    return data


# -- replays -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One step of a replay: the public view after a change, the stored action that made it (0: the deal), the
    public events that came with it, and whether it opens a deal or a round (a place to jump to)."""

    view: TableView[Any]
    number: int
    events: tuple[Event, ...]
    milestone: bool

    def visible(self) -> TableView[Any]:
        return dataclasses.replace(self.view, version=0, events=())


def steps_data(row: GameRow, steps: Sequence[Step], lang: str, pace_ms: int, hold_ms: int) -> dict[str, Any]:
    """A replay's steps as its page reads them: each step's words, where the game stands, and a label for the
    steps worth a jump (the deals, the rounds, the end)."""
    names = names_of(row)
    texts = texts_of(row.kind)
    out = []
    for index, step in enumerate(steps):
        lines = lines_of(row.kind, step.events, names, lang)
        mark = None
        if index == 0:
            mark = t(lang, "web.replay.start")
        elif index == len(steps) - 1:
            mark = t(lang, "web.replay.end")
        elif step.milestone and lines:
            mark = lines[0][:80]
        out.append(
            {
                "n": step.number,
                "lines": lines,
                "summary": plain_lines(texts.summary(step.view, names, lang)),
                "alt": describe(row.kind, step.view, names, lang),
                "mark": mark,
            }
        )
    return {"title": title_of(row, lang), "pace": pace_ms, "hold": hold_ms, "steps": out}


# -- the server page ---------------------------------------------------------------------------------------------


def ladder_rows(ladder: Sequence[PlayerRating]) -> list[dict[str, Any]]:
    return [
        {
            "place": place,
            "name": r.name,
            "rating": rating_text(shown_rating(r), r.games),
            "games": r.games,
            "wins": r.wins,
        }
        for place, r in standings(ladder)[:LADDER_SHOWN]
    ]


def ladders_data(ladders: Mapping[str, Sequence[PlayerRating]], lang: str) -> list[dict[str, Any]]:
    """Each game rated on the server, in the registry's order, with its leaderboard's first lines."""
    return [
        {"game": t(lang, spec_of(kind).title_key), "kind": kind, "rows": ladder_rows(ladders[kind])}
        for kind in KINDS
        if ladders.get(kind)
    ]


def ratings_note(lang: str) -> str:
    return plural(lang, "ratings.explain", PROVISIONAL_GAMES, mark=PROVISIONAL_MARK)


def history_entry(row: GameRow, results: Sequence[ResultLine], lang: str, link: str) -> dict[str, Any]:
    """A finished game: its name and number, when it ended (a date the page shows as is), its players with their
    scores (winners marked), whether it was abandoned, and its replay's address."""
    when = row.ended_at or row.started_at or row.created_at
    date = datetime.datetime.fromtimestamp(when, datetime.UTC)
    unit = texts_of(row.kind).score_unit_key
    if results:
        players = [
            f"{WINNER} {name} ({plural(lang, unit, score)})" if rank == 1 else f"{name} ({plural(lang, unit, score)})"
            for _seat, _user, name, rank, score in results
        ]
    else:
        players = names_of(row)
    return {
        "title": title_of(row, lang),
        "iso": date.strftime("%Y-%m-%dT%H:%MZ"),
        "date": date.strftime("%Y-%m-%d"),
        "players": players,
        "abandoned": row.status == "abandoned",
        "link": link,
    }
