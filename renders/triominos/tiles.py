"""Triominos tiles and the lattice they lie on, as pictures: ivory triangles with a colour per number.

Every number is written upright near its corner in a colour of its own, so that equal numbers are found at a
glance. Tiles are cached images: paste them, never draw on them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFilter

from bot.texts.triominos import letter_label as letter_label
from renders import kit
from renders import measure
from renders.kit import Font
from renders.layout import Space

ROOT3: Final = math.sqrt(3)

WIDTH: Final = 360
"""The width of every Triominos picture: a phone shows it 265 px wide (0.74 of it), a desktop whole, so that a
15 px text is 11 px on a phone and what is 12 px on a desktop is 8.8 px on a phone."""
MARGIN: Final = Space.M
"""Between a Triominos picture's edge and its content."""
NUMBER_SCALE: Final = 0.33
"""A tile's numbers are this fraction of its side: a 58 px tile has 19 px numbers, their digits 14 px tall, 10.3 px
on a phone."""

IVORY: Final[kit.RGB] = (250, 244, 226)
IVORY_EDGE: Final[kit.RGB] = (176, 158, 124)
NUMBER_COLOURS: Final[tuple[kit.RGB, ...]] = (
    (58, 58, 66),  # 0 graphite
    (206, 36, 48),  # 1 red
    (30, 96, 206),  # 2 blue
    (22, 136, 66),  # 3 green
    (142, 56, 176),  # 4 purple
    (214, 104, 12),  # 5 orange
)
"""One ink per number, all dark enough on ivory."""
GHOST: Final[kit.RGBA] = (255, 236, 170, 150)
GHOST_EDGE: Final[kit.RGBA] = (246, 200, 62, 255)
VEIL: Final[kit.RGBA] = (40, 48, 44, 130)
"""What greys a tile that may not be laid now."""

Point = tuple[float, float]
Area = tuple[float, float, float, float]
"""A box in picture coordinates (left, top, right, bottom), not rounded."""


def is_up(r: int, c: int) -> bool:
    """Whether the space ``(r, c)`` points up (the lattice's own convention, for drawing)."""
    return (r + c) % 2 == 0


def vertices(r: int, c: int) -> tuple[Point, Point, Point]:
    """The space's corners in lattice units (x in half-widths, y in rows), clockwise as the engine lists them."""
    if is_up(r, c):
        return (c + 1, r), (c + 2, r + 1), (c, r + 1)
    return (c, r), (c + 2, r), (c + 1, r + 1)


def tile_height(side: int) -> int:
    return round(side * ROOT3 / 2)


def _rounded_triangle(
    draw: ImageDraw.ImageDraw, pts: Sequence[Point], inset: float, radius: float, fill: kit.Colour | int
) -> None:
    """A triangle shrunk by ``inset`` with corners rounded by ``radius`` (drawn as a Minkowski sum)."""
    cx = sum(p[0] for p in pts) / 3
    cy = sum(p[1] for p in pts) / 3
    inradius = math.dist(pts[0], pts[1]) / (2 * ROOT3)
    keep = max(0.05, (inradius - inset - radius) / inradius)
    core = [(cx + (x - cx) * keep, cy + (y - cy) * keep) for x, y in pts]
    draw.polygon(core, fill=fill)
    if radius <= 0:
        return
    width = round(2 * radius)
    for i in range(3):
        draw.line((core[i], core[(i + 1) % 3]), fill=fill, width=width)
    for x, y in core:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)


def _local_vertices(side: float, up: bool, pad: float) -> list[Point]:
    h = side * ROOT3 / 2
    if up:
        return [(pad + side / 2, pad), (pad + side, pad + h), (pad, pad + h)]
    return [(pad, pad), (pad + side, pad), (pad + side / 2, pad + h)]


def pad_of(side: int) -> int:
    """The room a tile image keeps around its triangle (for its border and its halo)."""
    return max(Space.XS, side // 10)


@lru_cache(maxsize=128)
def tile_shape(side: int, up: bool, fill: kit.Colour, edge: kit.Colour | None) -> Image.Image:
    """A blank tile (rounded triangle with its border), ``pad_of(side)`` px of room on every side."""
    s = kit.SUPERSAMPLE
    pad = pad_of(side)
    w, h = side + 2 * pad, tile_height(side) + 2 * pad
    big = Image.new("RGBA", (w * s, h * s), kit.with_alpha(fill, 0))
    draw = ImageDraw.Draw(big)
    pts = _local_vertices(side * s, up, pad * s)
    gap = max(1.0, side * 0.025) * s
    radius = side * 0.07 * s
    if edge is not None:
        _rounded_triangle(draw, pts, gap, radius, kit.with_alpha(edge, 255) if len(edge) == 3 else edge)
        gap += max(1.5, side * 0.022) * s
        radius = max(1.0, radius - side * 0.02 * s)
    _rounded_triangle(draw, pts, gap, radius, kit.with_alpha(fill, 255) if len(fill) == 3 else fill)
    return big.resize((w, h), Image.Resampling.BOX)


@lru_cache(maxsize=128)
def _tile_mask(side: int, up: bool, grow: int) -> Image.Image:
    """The tile's silhouette grown by ``grow`` px and softened, for halos: same frame as :func:`tile_shape`."""
    pad = pad_of(side) + grow
    w, h = side + 2 * pad, tile_height(side) + 2 * pad
    s = 2
    big = Image.new("L", (w * s, h * s), 0)
    pts = _local_vertices(side * s, up, pad * s)
    _rounded_triangle(ImageDraw.Draw(big), pts, -grow * 0.6 * s, side * 0.12 * s, 255)
    return big.resize((w, h), Image.Resampling.BOX).filter(ImageFilter.GaussianBlur(max(1, grow / 2.5)))


def number_font(side: int) -> Font:
    return kit.font(max(10, round(side * NUMBER_SCALE)), True)


def glyph_box(face: Font, text: str, centre: Point) -> Area:
    """The ink box of ``text`` drawn by ``kit.draw_glyph`` centred on ``centre`` (for layouts that must avoid it)."""
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    return (x + left, y + top, x + right, y + bottom)


def number_boxes(corners: Sequence[int], side: int, up: bool, xy: Point) -> list[tuple[str, Area]]:
    """Each number of a tile pasted with :func:`paste_tile` at ``xy``, with its ink box on the picture."""
    face = number_font(side)
    pad = pad_of(side)
    ox, oy = round(xy[0]) - pad, round(xy[1]) - pad
    found = []
    for n, centre in zip(corners, _number_points(side, up, pad), strict=False):
        x0, y0, x1, y1 = glyph_box(face, str(n), centre)
        found.append((str(n), (x0 + ox, y0 + oy, x1 + ox, y1 + oy)))
    return found


def _number_points(side: int, up: bool, pad: float) -> list[Point]:
    """Where the three numbers sit, in the engine's corner order: part way from each corner to the centre."""
    pts = _local_vertices(side, up, pad)
    cx = sum(p[0] for p in pts) / 3
    cy = sum(p[1] for p in pts) / 3
    out = []
    for i, (x, y) in enumerate(pts):
        pull = 0.6 if (up and i == 0) or (not up and i == 2) else 0.66
        out.append((x + (cx - x) * pull, y + (cy - y) * pull + side * 0.01))
    return out


@measure.piece_cache(maxsize=512)
def tile_image(
    corners: tuple[int, ...], side: int, up: bool = True, *, ghost: bool = False, dim: bool = False
) -> Image.Image:
    """A tile ``side`` px wide with ``corners`` in the engine's order (none: a blank tile), framed by
    ``pad_of(side)`` px. ``ghost`` draws a translucent candidate, ``dim`` a greyed tile."""
    fill, edge = (GHOST, GHOST_EDGE) if ghost else (IVORY, IVORY_EDGE)
    tile = tile_shape(side, up, fill, edge).copy()
    draw = ImageDraw.Draw(tile)
    face = number_font(side)
    for n, xy in zip(corners, _number_points(side, up, pad_of(side)), strict=False):
        kit.draw_glyph(draw, xy, str(n), face, NUMBER_COLOURS[n % len(NUMBER_COLOURS)])
    if dim:
        tile.alpha_composite(tile_shape(side, up, VEIL, None))
    return tile


def paste_tile(canvas: Image.Image, image: Image.Image, xy: Point, side: int) -> None:
    """Paste a tile image whose triangle's bounding box starts at ``xy``."""
    pad = pad_of(side)
    kit.paste(canvas, image, (round(xy[0]) - pad, round(xy[1]) - pad))


@lru_cache(maxsize=64)
def _halo_layer(side: int, up: bool, colour: kit.Colour, grow: int) -> Image.Image:
    mask = _tile_mask(side, up, grow)
    layer = Image.new("RGBA", mask.size, kit.with_alpha(colour, 0))
    layer.putalpha(mask)
    return layer


def halo(canvas: Image.Image, xy: Point, side: int, up: bool, colour: kit.Colour, grow: int) -> None:
    """A soft glow around the tile whose bounding box starts at ``xy``."""
    pad = pad_of(side) + grow
    kit.paste(canvas, _halo_layer(side, up, colour, grow), (round(xy[0]) - pad, round(xy[1]) - pad))
