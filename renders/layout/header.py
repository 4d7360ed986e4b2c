"""The header band every picture opens on: a title (in the seat's colour on a hand, in gold on a table) and a
dimmer detail on the left, a pill ("your turn") or whose turn it is on the right. Drawing it here keeps the games
alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image
from PIL import ImageDraw

from renders import kit
from renders.layout.units import HEADER
from renders.layout.units import MARGIN
from renders.layout.units import Space
from renders.layout.units import Type
from renders.layout.units import face


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
