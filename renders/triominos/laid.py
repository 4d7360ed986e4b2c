"""The tiles of the Triominos board laid on their soft shadow, as a part of the board's layer.

A part is the box its tiles ink (the rest of the layer is transparent), kept between pictures: the table and the
pages of a turn's placements show the same, and a move lays one tile. When the layout without that tile was laid
in the same frame, only the pixels the new tile can change are drawn again (around the new tile and its shadow,
and around the tile lit before it), each from scratch in the order of the whole drawing: every step of it (the
shadow's blur and enlargement, the blending of a tile) gives a pixel from its neighbours only, so the part is the
one drawn whole, pixel for pixel.
"""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFilter

from bot.games.triominos_views import Cell
from renders import kit
from renders import measure
from renders.layout import Space
from renders.layout.parts import Kept
from renders.triominos.frame import Frame
from renders.triominos.tiles import Point
from renders.triominos.tiles import halo
from renders.triominos.tiles import pad_of
from renders.triominos.tiles import paste_tile
from renders.triominos.tiles import tile_height
from renders.triominos.tiles import tile_image
from renders.triominos.tiles import vertices

BLUR: Final = 3
"""The radius of the shadow's box blur, at half size."""
BLUR_REACH: Final = 2 * BLUR + 2
"""Past how many pixels of zeros around the tiles' shadow blurring changes nothing (a box blur reads one pixel past
its radius, and its edges repeat the last pixel): the blur of the part that far around is the blur of the whole."""
ENLARGE_REACH: Final = 8
"""How far (in full-size pixels, past twice the half-size distance) a half-size pixel reaches once the shadow is
enlarged: the bicubic filter reads two pixels on either side of a point at about half the full-size coordinate."""
SOURCE_REACH: Final = 6
"""How far past half of a full-size box the half-size pixels its enlargement reads lie."""

Tiles = tuple[tuple[Cell, Point], ...]
Lit = tuple[int, int, int] | None
"""The lit tile's space and seat."""
Box = tuple[int, int, int, int]
Part = tuple[Image.Image, tuple[int, int]]
"""A laid part and its corner on the board."""


class LaidParts:
    """The parts as last laid, least recently used dropped first (each at most the board's size, about 1 MB)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._parts: Kept[Hashable, tuple[Part, Lit]] = Kept(maxsize)

    def __call__(self, size: tuple[int, int], shown: Frame, tiles: Tiles, origin: tuple[int, int], lit: Lit) -> Part:
        """The part for ``tiles`` (in picture coordinates, the board's corner at ``origin``) framed by ``shown`` on
        a board of ``size``, the tile ``lit`` in its player's halo. It keeps the marks drawn on it."""
        key = (size, shown.side, shown.origin, tiles, origin)
        found = self._parts.get(key)
        if found is not None and found[1] == lit:
            self._parts.move_to_end(key)
            return found[0]
        earlier = self._earlier(size, shown, tiles, origin)
        with measure.piece() as marks:
            if earlier is None:
                layer, corner = _lay(size, shown, tiles, origin, lit)
            else:
                layer, corner = _relay(size, shown, tiles, origin, lit, earlier)
        part = (measure.attach(layer, marks), corner)
        self._parts.keep(key, (part, lit))
        return part

    def _earlier(
        self, size: tuple[int, int], shown: Frame, tiles: Tiles, origin: tuple[int, int]
    ) -> tuple[Part, Lit, int] | None:
        """The part of the layout without its latest tile in the same frame, if kept: with its lit tile and the
        index of the latest tile."""
        if not tiles:
            return None
        latest = max(range(len(tiles)), key=lambda i: tiles[i][0].order)
        found = self._parts.get((size, shown.side, shown.origin, tiles[:latest] + tiles[latest + 1 :], origin))
        return None if found is None else (found[0], found[1], latest)

    def cache_clear(self) -> None:
        self._parts.clear()


def _places(tiles: Tiles, origin: tuple[int, int]) -> list[tuple[Cell, tuple[int, int]]]:
    """Each tile with the corner of its triangle's bounding box on the board, rounded as a tile is pasted."""
    return [(cell, (round(xy[0] - origin[0]), round(xy[1] - origin[1]))) for cell, xy in tiles]


def _is_lit(cell: Cell, lit: Lit) -> bool:
    return lit is not None and (cell.r, cell.c) == lit[:2]


def _grow(side: int) -> int:
    """How far a lit tile's halo reaches past its image."""
    return max(Space.S, side // 6)


def _tile_box(xy: tuple[int, int], side: int, pad: int) -> Box:
    """The box a tile image (or its halo, ``pad`` px around the triangle) covers when pasted at ``xy``."""
    x, y = xy[0] - pad, xy[1] - pad
    return (x, y, x + side + 2 * pad, y + tile_height(side) + 2 * pad)


def _union(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _within(box: Box, size: tuple[int, int]) -> Box:
    return (max(0, box[0]), max(0, box[1]), min(size[0], box[2]), min(size[1], box[3]))


def _merged(boxes: Sequence[Box]) -> list[Box]:
    """``boxes`` with those that meet replaced by the box around them: each pixel is drawn once."""
    found: list[Box] = []
    for box in boxes:
        while (met := next((b for b in found if _meets(b, box)), None)) is not None:
            found.remove(met)
            box = _union([met, box])
        found.append(box)
    return found


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _lay(size: tuple[int, int], shown: Frame, tiles: Tiles, origin: tuple[int, int], lit: Lit) -> Part:
    """The whole part: the shadow's inked box and every tile's (and the halo's), within the board."""
    side = shown.side
    pad = pad_of(side)
    places = _places(tiles, origin)
    shade, (sx, sy) = _shadow(size, shown, tiles)
    boxes = [(sx, sy, sx + shade.width, sy + shade.height)]
    boxes += [_tile_box(xy, side, pad) for _cell, xy in places]
    boxes += [_tile_box(xy, side, pad + _grow(side)) for cell, xy in places if _is_lit(cell, lit)]
    x0, y0, x1, y1 = _within(_union(boxes), size)
    alpha = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    alpha.paste(shade, (sx - x0, sy - y0))
    layer = _shadow_layer(alpha)
    _paste_tiles(layer, (x0, y0), side, places, lit)
    return layer, (x0, y0)


def _paste_tiles(
    layer: Image.Image, corner: tuple[int, int], side: int, places: Sequence[tuple[Cell, tuple[int, int]]], lit: Lit
) -> None:
    """The tiles in order on ``layer`` (whose corner is at ``corner`` on the board), the lit one on its halo."""
    x0, y0 = corner
    for cell, (x, y) in places:
        at = (x - x0, y - y0)
        if lit is not None and _is_lit(cell, lit):
            halo(layer, at, side, cell.up, kit.seat_colour(lit[2]), _grow(side))
        paste_tile(layer, tile_image(cell.corners, side, cell.up), at, side)


def _relay(
    size: tuple[int, int],
    shown: Frame,
    tiles: Tiles,
    origin: tuple[int, int],
    lit: Lit,
    earlier: tuple[Part, Lit, int],
) -> Part:
    """The part drawn from the one of the layout without its latest tile: only the boxes the new tile and the
    change of lit tile reach are drawn again."""
    (before, (bx, by)), lit_before, latest = earlier
    side = shown.side
    pad = pad_of(side)
    places = _places(tiles, origin)
    cell, xy = places[latest]
    reach = pad + _grow(side)
    changed = [_union([_shadow_reach(size, shown, cell), _tile_box(xy, side, reach)])]
    if lit_before != lit:
        changed += [_tile_box(p, side, reach) for c, p in places if _is_lit(c, lit_before) or _is_lit(c, lit)]
    changed = _merged([box for box in (_within(box, size) for box in changed) if box[2] > box[0] and box[3] > box[1]])
    shadow = _half_shadow(size, shown, tiles)
    x0, y0, x1, y1 = _union([(bx, by, bx + before.width, by + before.height), *changed])
    layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    layer.paste(before, (bx - x0, by - y0))
    with measure.piece():  # the marks are those of every tile, noted below once
        for box in changed:
            layer.paste(_drawn(box, size, shown, shadow, places, lit), (box[0] - x0, box[1] - y0))
    for c, (x, y) in places:
        measure.pasted(tile_image(c.corners, side, c.up), (x - pad - x0, y - pad - y0))
    return layer, (x0, y0)


def _drawn(
    box: Box,
    size: tuple[int, int],
    shown: Frame,
    shadow: Image.Image,
    places: Sequence[tuple[Cell, tuple[int, int]]],
    lit: Lit,
) -> Image.Image:
    """The ``box`` of the whole part drawn from scratch: its shadow, then the tiles that reach it, in order."""
    side = shown.side
    reach = pad_of(side) + _grow(side)
    part = _shadow_layer(_shadow_of(box, size, shadow))
    near = [(c, xy) for c, xy in places if _meets(_tile_box(xy, side, reach), box)]
    _paste_tiles(part, box[:2], side, near, lit)
    return part


def _shadow_layer(alpha: Image.Image) -> Image.Image:
    """A black layer of the shadow's ``alpha``: fully transparent pixels are (0, 0, 0, 0), as on a new layer."""
    black = Image.new("L", alpha.size, 0)
    return Image.merge("RGBA", (black, black, black, alpha))


def _half_shadow(size: tuple[int, int], shown: Frame, tiles: Tiles) -> Image.Image:
    """The tiles' shadow at half size, before its blur."""
    shadow = Image.new("L", (size[0] // 2 + 1, size[1] // 2 + 1), 0)
    draw = ImageDraw.Draw(shadow)
    for cell, _xy in tiles:
        draw.polygon(_half_polygon(shown, cell), fill=110)
    return shadow


def _half_polygon(shown: Frame, cell: Cell) -> list[Point]:
    return [(x / 2 + 1, y / 2 + 2) for x, y in (shown.point(x, y) for x, y in vertices(cell.r, cell.c))]


def _shadow_reach(size: tuple[int, int], shown: Frame, cell: Cell) -> Box:
    """The full-size box where the shadow of ``cell`` can change the blurred, enlarged shadow."""
    pts = _half_polygon(shown, cell)
    x0 = int(min(p[0] for p in pts)) - 1 - BLUR_REACH
    y0 = int(min(p[1] for p in pts)) - 1 - BLUR_REACH
    x1 = int(max(p[0] for p in pts)) + 2 + BLUR_REACH
    y1 = int(max(p[1] for p in pts)) + 2 + BLUR_REACH
    return (2 * x0 - ENLARGE_REACH, 2 * y0 - ENLARGE_REACH, 2 * x1 + ENLARGE_REACH, 2 * y1 + ENLARGE_REACH)


def _shadow(size: tuple[int, int], shown: Frame, tiles: Tiles) -> tuple[Image.Image, tuple[int, int]]:
    """A soft shadow under the tiles, drawn at half size, blurred and enlarged to ``size``: the alpha of the part
    that is not zero, with its corner.

    Enlarging is Pillow's two passes, along rows then along columns, each an 8-bit image of its own: rows of zeros
    enlarge to zeros, so only the inked rows go through the first pass and the inked columns through the second,
    at the full image's scale, and the part is the whole enlargement's pixel for pixel."""
    shadow = _half_shadow(size, shown, tiles)
    inked = shadow.getbbox()
    if inked is None:
        return Image.new("L", (1, 1), 0), (0, 0)
    # blurred only around the tiles: past them the shadow is zero, and zero it stays
    box = _grown(inked, BLUR_REACH, shadow.size)
    shadow.paste(shadow.crop(box).filter(ImageFilter.BoxBlur(BLUR)), box[:2])
    wide = shadow.crop((0, box[1], shadow.width, box[3])).resize((size[0], box[3] - box[1]))
    cols = wide.getbbox()
    if cols is None:
        return Image.new("L", (1, 1), 0), (0, 0)
    left, right = cols[0], cols[2]
    tall = Image.new("L", (right - left, shadow.height), 0)
    tall.paste(wide.crop((left, 0, right, wide.height)), (0, box[1]))
    tall = tall.resize((tall.width, size[1]))
    found = tall.getbbox()
    if found is None:
        return Image.new("L", (1, 1), 0), (0, 0)
    return tall.crop((0, found[1], tall.width, found[3])), (left, found[1])


def _shadow_of(box: Box, size: tuple[int, int], shadow: Image.Image) -> Image.Image:
    """The ``box`` of the enlarged shadow alone: the half-size pixels it reads, blurred from what lies a blur's
    reach around them, go through the two passes (rows of them at the full width, then the box's columns at the
    full height), so that each pixel is computed as in the whole enlargement. ``shadow`` is the half-size
    shadow before its blur."""
    source = _grown(
        (box[0] // 2, box[1] // 2, box[2] // 2 + 1, box[3] // 2 + 1), SOURCE_REACH, (shadow.width, shadow.height)
    )
    around = _grown(source, BLUR_REACH, shadow.size)
    blurred = shadow.crop(around).filter(ImageFilter.BoxBlur(BLUR))
    inner = (source[0] - around[0], source[1] - around[1], source[2] - around[0], source[3] - around[1])
    band = Image.new("L", (shadow.width, source[3] - source[1]), 0)
    band.paste(blurred.crop(inner), (source[0], 0))
    wide = band.resize((size[0], source[3] - source[1]))
    tall = Image.new("L", (box[2] - box[0], shadow.height), 0)
    tall.paste(wide.crop((box[0], 0, box[2], wide.height)), (0, source[1]))
    return tall.resize((tall.width, size[1])).crop((0, box[1], tall.width, box[3]))


def _grown(box: Box, by: int, size: tuple[int, int]) -> Box:
    """``box`` grown by ``by`` px on every side, within an image of ``size``."""
    return (max(0, box[0] - by), max(0, box[1] - by), min(size[0], box[2] + by), min(size[1], box[3] + by))


laid_tiles: Final = LaidParts(maxsize=16)
"""The parts of the latest pictures' boards."""
