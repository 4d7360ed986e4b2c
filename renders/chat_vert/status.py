"""Status lines that stay whole in a narrow picture: a line whose text shrinks to fit its room before anything is
cut, and a pill that shrinks, then wraps onto two lines, rather than losing the end of what it says."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from renders import kit
from renders.kit import Run

SIZES: Final = (22, 20, 18)
"""The sizes a status tries, largest first; the last is still read on a phone in a 600 px picture."""
LINE: Final = 1.15
"""Line height of a wrapped pill, in font sizes."""


def named_line(
    locale: object,
    key: str,
    name: str,
    name_colour: kit.Colour,
    room: float,
    *,
    fill: kit.Colour = kit.INK,
    sizes: Sequence[int] = SIZES,
    **params: object,
) -> list[Run]:
    """The catalog line ``key`` with its ``{name}`` bold in ``name_colour``, at the largest of ``sizes`` that fits
    ``room``; only at the smallest size is the name cut."""
    for size in sizes:
        runs = kit.catalog_runs(locale, key, name, kit.font(size), fill, name_colour, float("inf"), **params)
        if kit.runs_width(runs) <= room:
            return runs
    return kit.catalog_runs(locale, key, name, kit.font(sizes[-1]), fill, name_colour, room, **params)


def _two_lines(text: str, face: kit.Font) -> tuple[str, str]:
    """``text`` cut at the space that makes its longer half shortest."""
    spaces = [i for i, char in enumerate(text) if char == " "]
    if not spaces:
        return text, ""
    best = min(spaces, key=lambda i: max(face.getlength(text[:i]), face.getlength(text[i + 1 :])))
    return text[:best], text[best + 1 :]


def fitted_pill(
    canvas: Image.Image,
    right: float,
    cy: float,
    text: str,
    colour: kit.Colour,
    room: float,
    max_height: int,
    *,
    ink: kit.Colour = kit.INK_DARK,
    sizes: Sequence[int] = SIZES,
) -> kit.Box:
    """A ``colour`` pill ending at ``right``, centred on ``cy``, at most ``room`` wide and ``max_height`` tall:
    its text at the largest of ``sizes`` that fits on one line, else on two lines at the smallest. Returns its box."""
    for size in sizes:
        face = kit.font(size, True)
        pad = round(size * 0.6)
        if face.getlength(text) + 2 * pad <= room:
            return kit.pill(canvas, (right, cy), [(text, face, ink)], colour, align="right")
    size = sizes[-1]
    face = kit.font(size, True)
    pad = round(size * 0.6)
    lines = [kit.fit_text(line, face, room - 2 * pad) for line in _two_lines(text, face) if line]
    width = round(max(face.getlength(line) for line in lines)) + 2 * pad
    height = min(max_height, round(size * LINE * len(lines) + size * 0.5))
    x0, y0 = round(right - width), round(cy - height / 2)
    box = (x0, y0, x0 + width, y0 + height)
    kit.panel(canvas, box, min(height // 2, size), colour)
    draw = ImageDraw.Draw(canvas)
    step = size * LINE
    first = cy - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        kit.draw_text(draw, ((x0 + box[2]) / 2, first + i * step), line, face, ink, anchor="mm")
    return box
