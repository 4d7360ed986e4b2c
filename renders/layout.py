"""The layout vocabulary every picture speaks: a type scale, spacing units, boxes and the common pieces.

A renderer says what it draws in these terms ("a LABEL line", "M apart", "the header band") rather than in
pixels, so that every game's pictures share margins, text sizes and panels, and a change of scale is made here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from PIL import Image
from PIL import ImageDraw

from renders import kit


class Type(IntEnum):
    """The type scale: the only text sizes (px) a picture uses."""

    NOTE = 15
    SMALL = 17
    BODY = 20
    LABEL = 22
    TITLE = 24
    HEAD = 28
    DISPLAY = 36


class Space(IntEnum):
    """Spacing units (px): gaps, margins and paddings are one of these or a sum of them."""

    HAIR = 2
    XS = 4
    S = 8
    M = 12
    L = 16
    XL = 24
    XXL = 32


RADIUS = 12
"""The corner radius of panels."""
SMALL_RADIUS = 6
"""The corner radius of chips and small boxes."""
MARGIN = Space.XL
"""Between a picture's edge and its content."""
HEADER = 56
"""The height of the title band at the top of a table picture."""
HAND_MIN_WIDTH = 760
"""The narrowest hand picture, so a short hand still has room for its header."""
HAND_MAX_WIDTH = 1000
"""The widest hand picture: past it, cards overlap or go on another row."""


def face(size: int, bold: bool = False) -> kit.Font:
    """The bundled font at a size of the scale (``Type``)."""
    return kit.font(int(size), bold)


# --- boxes ----------------------------------------------------------------------------------------------------


def inset(box: kit.Box, dx: int, dy: int | None = None) -> kit.Box:
    """``box`` shrunk by ``dx`` on the left and right and ``dy`` (default ``dx``) at the top and bottom."""
    dy = dx if dy is None else dy
    x0, y0, x1, y1 = box
    return (x0 + dx, y0 + dy, x1 - dx, y1 - dy)


def width(box: kit.Box) -> int:
    return box[2] - box[0]


def height(box: kit.Box) -> int:
    return box[3] - box[1]


def centre(box: kit.Box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def rows(box: kit.Box, count: int, gap: int = 0) -> list[kit.Box]:
    """``box`` cut into ``count`` rows of equal height, ``gap`` apart."""
    if count <= 0:
        return []
    x0, y0, x1, y1 = box
    step = (y1 - y0 - gap * (count - 1)) / count
    return [(x0, round(y0 + i * (step + gap)), x1, round(y0 + i * (step + gap) + step)) for i in range(count)]


def columns(box: kit.Box, count: int, gap: int = 0) -> list[kit.Box]:
    """``box`` cut into ``count`` columns of equal width, ``gap`` apart."""
    if count <= 0:
        return []
    x0, y0, x1, y1 = box
    step = (x1 - x0 - gap * (count - 1)) / count
    return [(round(x0 + i * (step + gap)), y0, round(x0 + i * (step + gap) + step), y1) for i in range(count)]


def split_top(box: kit.Box, size: int, gap: int = 0) -> tuple[kit.Box, kit.Box]:
    """The top ``size`` px of ``box`` and what is left below it, ``gap`` apart."""
    x0, y0, x1, y1 = box
    return (x0, y0, x1, y0 + size), (x0, y0 + size + gap, x1, y1)


def split_left(box: kit.Box, size: int, gap: int = 0) -> tuple[kit.Box, kit.Box]:
    """The left ``size`` px of ``box`` and what is left to its right, ``gap`` apart."""
    x0, y0, x1, y1 = box
    return (x0, y0, x0 + size, y1), (x0 + size + gap, y0, x1, y1)


# --- hands ---------------------------------------------------------------------------------------------------
#
# The hands of card games lie in a few centred rows whose cards overlap when the row would be wider than the
# picture; the hands of tile games lie in a grid of centred rows that never overlap. Both are laid out here.


@dataclass(frozen=True)
class Fan:
    """Where a hand's cards go: ``per_row`` to a row on ``rows`` rows, ``step`` apart, in a picture ``width`` wide."""

    count: int
    card: int
    per_row: int
    rows: int
    step: float
    width: int

    def place(self, index: int) -> tuple[int, int]:
        """The row of card ``index`` and its left edge, its row centred in the picture."""
        row, col = divmod(index, self.per_row)
        in_row = min(self.per_row, self.count - row * self.per_row)
        return row, round((self.width - (self.card + self.step * (in_row - 1))) / 2 + col * self.step)


@dataclass(frozen=True)
class HandRow:
    """The measurements of a fanned hand: card width, how many cards a row holds before the next one starts
    (never more than ``max_rows`` rows), the gap between cards that do not overlap and the picture's margins."""

    card: int
    row_limit: int
    max_rows: int | None = None
    gap: int = Space.M
    margin: int = MARGIN

    def fan(self, count: int) -> Fan:
        """The rows of a ``count``-card hand, its cards drawn closer when a row would pass ``HAND_MAX_WIDTH``."""
        if count == 0:
            return Fan(0, self.card, 0, 0, 0.0, HAND_MIN_WIDTH)
        rows = math.ceil(count / self.row_limit)
        if self.max_rows is not None:
            rows = min(rows, self.max_rows)
        per_row = math.ceil(count / rows)
        room = HAND_MAX_WIDTH - 2 * self.margin - self.card
        step = min(self.card + self.gap, room / (per_row - 1)) if per_row > 1 else 0.0
        width = max(HAND_MIN_WIDTH, round(2 * self.margin + self.card + step * (per_row - 1)))
        return Fan(count, self.card, per_row, rows, step, width)


def fit_scale(room: tuple[int, int], span: tuple[float, float], pad: int, least: int, most: int) -> int:
    """The unit (a board's cell, a tile's side) at which ``span`` units fill ``room`` less ``pad`` on both axes,
    kept between ``least`` and ``most``: a board too large for the room at ``least`` widens its picture instead."""
    fit = min((room[0] - pad) / span[0], (room[1] - pad) / span[1])
    return int(max(least, min(most, fit)))


def grid_per_row(size: int, gap: int, margin: int = MARGIN, width: int = HAND_MAX_WIDTH) -> int:
    """How many ``size`` pieces, ``gap`` apart, fit in a row between the margins of a ``width`` picture."""
    return (width - 2 * margin + gap) // (size + gap)


def grid_x(index: int, count: int, per_row: int, size: int, gap: int, width: int) -> tuple[int, float]:
    """The row of piece ``index`` of ``count`` laid ``per_row`` to a row, and its left edge, its row centred."""
    row, col = divmod(index, per_row)
    in_row = min(per_row, count - row * per_row)
    step = size + gap
    return row, (width - (in_row * step - gap)) / 2 + col * step


@dataclass(frozen=True)
class TileGrid:
    """The measurements of a hand whose pieces never overlap (tiles, Neurotrio's cards): ``size`` px pieces ``gap``
    apart, as many to a row as fit between the ``margin``s of a picture at most ``width`` wide."""

    size: int
    gap: int
    margin: int = MARGIN
    width: int = HAND_MAX_WIDTH

    @property
    def step(self) -> int:
        """From one piece (or row) to the next."""
        return self.size + self.gap

    @property
    def per_row(self) -> int:
        return grid_per_row(self.size, self.gap, self.margin, self.width)

    def place(self, index: int, count: int, per_row: int, width: int) -> tuple[int, float]:
        """The row of piece ``index`` of ``count`` and its left edge in a picture ``width`` wide."""
        return grid_x(index, count, per_row, self.size, self.gap, width)


# --- boards beside a side panel -------------------------------------------------------------------------------
#
# The board games (Triominos, Neurotrio) draw a scaled board on the left and a column of players and sections on
# the right; both are measured the same way.


@dataclass(frozen=True)
class BoardRoom:
    """The room a board gets: ``width`` x ``height`` px, its unit (a cell, a tile's side) between ``least`` and
    ``most`` px."""

    width: int
    height: int
    least: int
    most: int

    def unit(self, span: tuple[float, float], pad: int, least: int | None = None) -> int:
        """The unit at which ``span`` units fill the room less ``pad`` (see :func:`fit_scale`)."""
        return fit_scale((self.width, self.height), span, pad, self.least if least is None else least, self.most)


@dataclass(frozen=True)
class SidePanel:
    """The column beside a board: ``width`` px wide, opening on one ``row`` px line per player, ``gap`` apart, under
    a ``ranking`` px title once the game is over."""

    width: int
    row: int
    gap: int
    ranking: int

    @property
    def step(self) -> int:
        """From one player's line to the next."""
        return self.row + self.gap

    def players_height(self, count: int, over: bool) -> int:
        """The height of ``count`` players' lines, and of the ranking's title when ``over``."""
        return count * self.step + (self.ranking if over else 0)

    def frame(self, left: int, top: int, right: int) -> kit.Box:
        """A player's line starting at ``top``."""
        return (left, top, right, top + self.row)


# --- common pieces --------------------------------------------------------------------------------------------


def card_panel(canvas: Image.Image, box: kit.Box, *, lit: bool = False, colour: kit.Colour = kit.GOLD) -> None:
    """A section of a picture: the standard panel, outlined in ``colour`` when ``lit``."""
    kit.seat_frame(canvas, box, colour, lit=lit, tint=0.2, stripe=False)


# --- the header band -----------------------------------------------------------------------------------------
#
# Every picture opens on the same band: a title (in the seat's colour on a hand, in gold on a table) and a dimmer
# detail on the left, a pill ("your turn") or whose turn it is on the right. Drawing it here keeps the games alike.


@dataclass(frozen=True)
class Named:
    """A catalog line whose ``{name}`` stands out bold in a seat's colour ("Dealer: X", "X to play")."""

    locale: object
    key: str
    name: str
    colour: kit.Colour


def header_title(
    canvas: Image.Image,
    title: str,
    colour: kit.Colour,
    detail: str = "",
    *,
    x: float = MARGIN,
    size: Type = Type.LABEL,
    gap: int = Space.L,
    height: int = HEADER,
) -> float:
    """The band itself and its title at ``x``, then ``detail`` (a ``size`` line ``gap`` after it); returns where
    they end, for what a game adds on the left."""
    kit.header_strip(canvas, height)
    draw = ImageDraw.Draw(canvas)
    x += kit.draw_text(draw, (x, height // 2), title, face(Type.HEAD, True), colour, anchor="lm")
    return header_detail(canvas, x, detail, size=size, gap=gap, height=height) if detail else x


def header_detail(
    canvas: Image.Image,
    x: float,
    detail: str | Named,
    *,
    size: Type = Type.LABEL,
    gap: int = Space.L,
    room: float | None = None,
    height: int = HEADER,
) -> float:
    """A dimmer line ``gap`` after ``x`` on the band (cut to ``room``); returns where it ends."""
    draw = ImageDraw.Draw(canvas)
    xy = (x + gap, height // 2)
    if isinstance(detail, Named):
        runs = kit.catalog_runs(
            detail.locale, detail.key, detail.name, face(size), kit.INK_DIM, detail.colour, room or canvas.width
        )
        return x + gap + kit.draw_runs(draw, xy, runs)
    return x + gap + kit.draw_text(draw, xy, detail, face(size), kit.INK_DIM, anchor="lm", max_width=room)


def header_pill(
    canvas: Image.Image,
    text: str,
    colour: kit.Colour,
    *,
    size: Type = Type.LABEL,
    room: float | None = None,
    margin: int = MARGIN,
    height: int = HEADER,
) -> float:
    """A ``colour`` pill against the band's right margin ("your turn", "game over"); returns its left edge."""
    shown = text if room is None else kit.fit_text(text, face(size, True), room)
    runs = [(shown, face(size, True), kit.INK_DARK)]
    return kit.pill(canvas, (canvas.width - margin, height // 2), runs, colour, align="right")[0]


def header_turn(
    canvas: Image.Image,
    line: Named,
    room: float,
    *,
    fill: kit.Colour = kit.INK,
    glyph: str = "▶",
    glyph_colour: kit.Colour | None = None,
    glyph_size: Type = Type.LABEL,
    margin: int = MARGIN,
    height: int = HEADER,
) -> float:
    """Whose turn it is ("▶ X to play"), right-aligned on the band and cut to ``room``; returns its left edge."""
    draw = ImageDraw.Draw(canvas)
    right, cy = canvas.width - margin, height // 2
    runs = kit.catalog_runs(line.locale, line.key, line.name, face(Type.TITLE), fill, line.colour, room)
    shown = kit.draw_runs(draw, (right, cy), runs, align="right")
    mark = line.colour if glyph_colour is None else glyph_colour
    kit.draw_glyph(draw, (right - shown - Space.L - Space.XS, cy), glyph, face(glyph_size), mark)
    return right - shown


def legend(canvas: Image.Image, box: kit.Box, items: Sequence[tuple[kit.Colour, str]]) -> None:
    """A line of small coloured swatches with their meaning, left to right, cut where the box ends."""
    draw = ImageDraw.Draw(canvas)
    font = face(Type.NOTE)
    x, cy = box[0], centre(box)[1]
    swatch = int(Type.NOTE) - Space.XS
    for colour, text in items:
        label = kit.clean_text(text)
        need = swatch + Space.XS + font.getlength(label)
        if x + need > box[2]:
            break
        kit.panel(canvas, (x, round(cy - swatch / 2), x + swatch, round(cy + swatch / 2)), 3, colour)
        draw.text((x + swatch + Space.XS, cy), label, font=font, fill=kit.INK_DIM, anchor="lm")
        x += round(need) + Space.M
