"""The layout vocabulary every picture speaks: a type scale, spacing units, boxes and the common pieces.

A renderer says what it draws in these terms ("a LABEL line", "M apart", "the player strip") rather than in
pixels, so that every game's pictures share margins, text sizes and panels, and a change of scale is made here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from PIL import Image, ImageDraw

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
ROW = 44
"""The height of one line of the player strip."""


def face(size: Type, bold: bool = False) -> kit.Font:
    """The bundled font at a size of the scale."""
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


# --- common pieces --------------------------------------------------------------------------------------------


def card_panel(canvas: Image.Image, box: kit.Box, *, lit: bool = False, colour: kit.Colour = kit.GOLD) -> None:
    """A section of a picture: the standard panel, outlined in ``colour`` when ``lit``."""
    if lit:
        kit.panel(canvas, box, RADIUS, kit.mix(kit.PANEL_SOLID, colour, 0.2), outline=colour, width=3)
    else:
        kit.panel(canvas, box, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=1)


def section_title(canvas: Image.Image, box: kit.Box, text: str, size: Type = Type.SMALL) -> int:
    """A section's title at the top of ``box``, in the muted caption colour; returns the y below it."""
    draw = ImageDraw.Draw(canvas)
    font = face(size, bold=True)
    shown = kit.fit_text(kit.clean_text(text, True), font, width(box))
    draw.text((box[0], box[1]), shown, font=font, fill=kit.INK_DIM)
    return box[1] + int(size) + Space.S


def title_band(canvas: Image.Image, title: str, status: str = "") -> None:
    """The band across the top of a table picture: the game's title on the left, a short status on the right."""
    kit.header_strip(canvas, HEADER)
    draw = ImageDraw.Draw(canvas)
    title_font = face(Type.TITLE, bold=True)
    y = (HEADER - int(Type.TITLE)) // 2 - Space.HAIR
    draw.text((MARGIN, y), kit.clean_text(title, True), font=title_font, fill=kit.INK)
    if status:
        status_font = face(Type.BODY)
        room = canvas.width - 2 * MARGIN - int(title_font.getlength(title)) - Space.XL
        shown = kit.fit_text(kit.clean_text(status), status_font, room)
        x = canvas.width - MARGIN - status_font.getlength(shown)
        draw.text((x, (HEADER - int(Type.BODY)) // 2), shown, font=status_font, fill=kit.INK_DIM)


@dataclass(frozen=True)
class StripEntry:
    """One player on the player strip: name, colour, what they hold and whether the table awaits them."""

    name: str
    colour: kit.Colour
    detail: str
    lit: bool = False


def player_strip(canvas: Image.Image, box: kit.Box, entries: Sequence[StripEntry]) -> None:
    """The players, one framed line each (their colour stripe, name and detail), the awaited ones lit."""
    draw = ImageDraw.Draw(canvas)
    name_font, detail_font = face(Type.BODY, bold=True), face(Type.SMALL)
    for entry, line in zip(entries, rows(box, len(entries), Space.XS), strict=False):
        kit.seat_frame(canvas, line, entry.colour, lit=entry.lit)
        text_box = inset(line, Space.XL, 0)
        detail = kit.clean_text(entry.detail)
        detail_width = detail_font.getlength(detail)
        name = kit.fit_text(kit.clean_text(entry.name, True), name_font, width(text_box) - detail_width - Space.M)
        cy = centre(line)[1]
        draw.text((text_box[0], cy), name, font=name_font, fill=kit.INK, anchor="lm")
        draw.text((text_box[2], cy), detail, font=detail_font, fill=kit.INK_DIM, anchor="rm")


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
