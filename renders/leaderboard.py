"""A server's leaderboard at one game: place, name, rating (the conservative estimate), rated games and wins.

The same look as the results picture (680 px wide, no text under 22 px), one line per player, the best first;
the player who asked is lit when they are on it, and added under a gap when they rank below the lines shown. A
provisional rating has its mark after the number (the decimal points stay aligned), and a note under the lines
says what the mark means whenever one is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image
from PIL import ImageDraw

from bot.i18n import plural
from bot.i18n import t
from bot.ratings.model import PROVISIONAL_GAMES
from bot.ratings.model import PROVISIONAL_MARK
from renders import kit
from renders import layout
from renders import png
from renders.layout import Space
from renders.layout import Type
from renders.results import MEDALS
from renders.results import PLAIN_BADGE

WIDTH = 680
MARGIN = layout.MARGIN
ROW = 52
ROW_GAP = Space.S
HEAD = 34
"""The line of column names over the rows."""
BADGE = 38
NUMBER = 128
"""The width of each number column (rating, games, wins), right-aligned, its name ("Victoires") included."""
RATING = 96
"""Room for the widest rating ("-12.3", "100.0") left of its column's right edge."""
SHOWN = 10
"""Lines of the leaderboard; the asking player's own comes after them when lower."""
NOTE = 34
"""The line under the rows that says what the provisional mark means."""


@dataclass(frozen=True)
class Line:
    """One player on the leaderboard: their place (ties share it), name, shown rating, games and wins; whether the
    rating is still provisional."""

    place: int
    name: str
    rating: float
    games: int
    wins: int
    me: bool = False
    provisional: bool = False


def leaderboard_picture(lines: Sequence[Line], kind: str, locale: str) -> bytes:
    """The PNG of ``lines`` (best first): the first ``SHOWN``, and the asking player's own line after them."""
    top = list(lines[:SHOWN])
    extra = [line for line in lines[SHOWN:] if line.me][:1]
    rows = len(top) + len(extra)
    noted = any(line.provisional for line in (*top, *extra))
    height = layout.HEADER + MARGIN + HEAD + Space.S + max(1, rows) * (ROW + ROW_GAP) - ROW_GAP + MARGIN
    if extra:
        height += Space.L
    if noted:
        height += Space.M + NOTE
    canvas = kit.new_canvas(WIDTH, height)
    layout.header_title(canvas, t(locale, "ratings.render.title"), kit.GOLD, t(locale, f"game.{kind}"))
    y = layout.HEADER + MARGIN
    if top:
        _column_names(canvas, y, locale)
    y += HEAD + Space.S
    if not top:
        kit.draw_text(
            ImageDraw.Draw(canvas),
            (WIDTH / 2, y + ROW / 2),
            t(locale, "ratings.render.empty"),
            layout.face(Type.TITLE),
            kit.INK_DIM,
            anchor="mm",
        )
    for line in top:
        _line(canvas, (MARGIN, y, WIDTH - MARGIN, y + ROW), line)
        y += ROW + ROW_GAP
    for line in extra:
        y += Space.L
        _line(canvas, (MARGIN, y, WIDTH - MARGIN, y + ROW), line)
        y += ROW + ROW_GAP
    if noted:
        note = plural(locale, "ratings.render.provisional", PROVISIONAL_GAMES, mark=PROVISIONAL_MARK)
        face = layout.face(Type.LABEL)
        draw = ImageDraw.Draw(canvas)
        at = (MARGIN + Space.L, y - ROW_GAP + Space.M + NOTE / 2)
        kit.draw_text(draw, at, note, face, kit.INK_DIM, anchor="lm", max_width=WIDTH - 2 * (MARGIN + Space.L))
    return png.encode_png(canvas)


def _numbers_x() -> tuple[float, float, float]:
    """The right edges of the rating, games and wins columns."""
    right = WIDTH - MARGIN - Space.L
    return right - 2 * NUMBER, right - NUMBER, right


def _column_names(canvas: Image.Image, y: int, locale: str) -> None:
    draw = ImageDraw.Draw(canvas)
    face = layout.face(Type.LABEL, True)
    cy = y + HEAD / 2
    for x, key in zip(_numbers_x(), ("rating", "games", "wins"), strict=True):
        kit.draw_text(draw, (x, cy), t(locale, f"ratings.render.{key}"), face, kit.INK_DIM, anchor="rm")


def _line(canvas: Image.Image, box: kit.Box, line: Line) -> None:
    """A place: its badge, the name, then the rating in gold and the counts; the asking player's line lit."""
    x0, y0, _, y1 = box
    cy = (y0 + y1) / 2
    colour = kit.GOLD if line.place == 1 else kit.INK
    kit.seat_frame(canvas, box, kit.GOLD if line.me else kit.PANEL_EDGE, lit=line.me, edge=kit.GOLD, tint=0.12)
    medal = MEDALS[line.place - 1] if line.place <= len(MEDALS) else PLAIN_BADGE
    kit.draw_badge(canvas, (x0 + 26 + BADGE / 2, cy), BADGE, str(line.place), medal)
    draw = ImageDraw.Draw(canvas)
    numbers = layout.face(Type.TITLE, True)
    rating_x, games_x, wins_x = _numbers_x()
    kit.draw_text(draw, (rating_x, cy), f"{round(line.rating, 1) + 0.0:.1f}", numbers, colour, anchor="rm")
    if line.provisional:
        kit.draw_text(draw, (rating_x + Space.XS, cy), PROVISIONAL_MARK, numbers, kit.INK_DIM, anchor="lm")
    kit.draw_text(draw, (games_x, cy), str(line.games), layout.face(Type.TITLE), kit.INK, anchor="rm")
    kit.draw_text(draw, (wins_x, cy), str(line.wins), layout.face(Type.TITLE), kit.INK, anchor="rm")
    left = x0 + 26 + BADGE + Space.M
    room = rating_x - RATING - left
    name = kit.clean_text(line.name, bold=True) or "?"
    kit.draw_text(draw, (left, cy), name, layout.face(Type.TITLE, True), kit.INK, anchor="lm", max_width=room)
