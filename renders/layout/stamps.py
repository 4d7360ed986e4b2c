"""Pieces drawn once on a plain ground and copied where the picture is that ground, for the pixels of drawing them
in place.

Drawing a piece (a card with its shadow, a text, a carton) sets each pixel from the pixel under it alone, so on a
plain ground (the felt, a panel's flat middle) the piece is the same pixels wherever it lies, as long as it is moved
by whole pixels that keep halves rounding the same way (even moves: Python rounds halves to even; and text keeps
the fraction of its position, as it is rendered at sub-pixel offsets). Three caches use it:

- ``Stamps``: pieces laid at whole pixels among others on one ground; where a piece's patch overlaps what was drawn
  before it (the faint tail of a neighbour's shadow), those few pixels are drawn again in place;
- ``Flat``: small pieces at any position (texts, cartons), copied only when the pixels they change are checked to be
  the plain ground, else drawn in place;
- ``CardRows``: rows of cards on the bare felt, each card with its shadow copied whole and the strip where two
  neighbours' shadows meet copied over them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence
from typing import Generic
from typing import TypeVar

from PIL import Image

from renders import kit
from renders import measure
from renders.layout.parts import Kept
from renders.layout.parts import origin

MARGIN = 64
"""How far past its size a stamped piece or a card may reach (a shadow, a halo)."""
Lay = Callable[[Image.Image, int, int], None]
"""Draws a piece on an image with its anchor (its top left corner) at ``(x, y)``."""


def reach(size: tuple[int, int], lay: Lay, fallback: kit.Box, what: object) -> kit.Box:
    """Where laying a piece about ``size`` large changes pixels, from its anchor (``fallback`` when nowhere): found
    by laying it on a clear image, its marks kept out of the picture's."""
    clear = Image.new("RGBA", (size[0] + 2 * MARGIN, size[1] + 2 * MARGIN), (0, 0, 0, 0))
    with measure.piece():
        lay(clear, MARGIN, MARGIN)
    moved = (fallback[0] + MARGIN, fallback[1] + MARGIN, fallback[2] + MARGIN, fallback[3] + MARGIN)
    x0, y0, x1, y1 = clear.getchannel("A").getbbox() or moved
    if min(x0, y0) == 0 or x1 == clear.width or y1 == clear.height:
        raise ValueError(f"a piece reaches past its margin: {what!r}")
    return (x0 - MARGIN, y0 - MARGIN, x1 - MARGIN, y1 - MARGIN)


def _even(box: kit.Box) -> kit.Box:
    """``box`` grown to start on even coordinates, so that drawings moved to its origin round as in place."""
    return (*origin(box), box[2], box[3])


def _overlap(a: kit.Box, b: kit.Box) -> kit.Box | None:
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


REACHES = 8
"""How many reaches a stamp cache keeps for each tile it keeps: they are small, and measuring one draws the piece."""


class Stamps:
    """A bounded cache of stamped pieces, least recently used dropped first."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._tiles: Kept[Hashable, Image.Image] = Kept(maxsize)
        self._reaches: Kept[Hashable, kit.Box] = Kept(REACHES * maxsize)
        """Each piece's reach (a few numbers), kept for up to ``REACHES`` times as many pieces as the tiles."""

    def stamp(
        self,
        canvas: Image.Image,
        anchor: tuple[int, int],
        size: tuple[int, int],
        key: Hashable,
        ground: kit.RGBA,
        draw: Lay,
        drawn: list[kit.Box],
    ) -> None:
        """Draw the piece ``key`` that ``draw`` paints at ``anchor`` (about ``size`` large), on a part of ``canvas``
        that is plain ``ground`` except where the boxes ``drawn`` before lie; the piece's box joins them."""
        ax, ay = anchor
        found = self._reaches.get(key)
        if found is None:
            found = self._reaches.keep(key, reach(size, draw, (0, 0, 1, 1), key))
        box = _even((ax + found[0], ay + found[1], ax + found[2], ay + found[3]))
        if box[0] < 0 or box[1] < 0 or box[2] > canvas.width or box[3] > canvas.height:
            draw(canvas, ax, ay)
            drawn.append(box)
            return
        dirty = [part for part in (_overlap(box, other) for other in drawn) if part is not None]
        kept = [(part, canvas.crop(part)) for part in map(_even, dirty)]
        tile = self._tile(box, (ax - box[0], ay - box[1]), key, ground, draw)
        canvas.paste(tile, box[:2])
        measure.pasted(tile, box[:2])
        with measure.piece():  # the marks of these pixels came with the tile
            for part, image in kept:
                draw(image, ax - part[0], ay - part[1])
                canvas.paste(image, part[:2])
        drawn.append(box)

    def _tile(self, box: kit.Box, anchor: tuple[int, int], key: Hashable, ground: kit.RGBA, draw: Lay) -> Image.Image:
        """The piece drawn on a patch of ``ground`` the size of ``box``, its anchor at ``anchor`` in the patch."""
        size = (box[2] - box[0], box[3] - box[1])
        full = (key, anchor, ground, size)
        tile = self._tiles.hit(full)
        if tile is not None:
            return tile
        tile = Image.new("RGBA", size, ground)
        with measure.piece() as marks:
            draw(tile, *anchor)
        return self._tiles.keep(full, measure.attach(tile, marks))

    def clear(self) -> None:
        self._tiles.clear()
        self._reaches.clear()


Draw = Callable[[Image.Image, tuple[float, float]], None]
"""Draws a flat piece on an image at a point (its anchor: where the picture's drawing call would put it)."""
Fraction = tuple[float, float, int, int]
"""Where a piece lies past whole even pixels: the fractions of its anchor, then the parities of its whole part."""
FLAT_MARGIN = 48
"""How far past its given reach a flat piece may reach."""


class Flat:
    """A bounded cache of pieces drawn on plain grounds, least recently used dropped first; keys must name
    everything a piece draws (and the context its marks are noted in)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._tiles: Kept[Hashable, tuple[Image.Image, tuple[int, int]]] = Kept(maxsize)

    def draw(
        self,
        canvas: Image.Image,
        xy: tuple[float, float],
        key: Hashable,
        ground: kit.RGBA,
        reach: kit.Box,
        draw: Draw,
    ) -> None:
        """Draw the piece ``key`` that ``draw`` paints at ``xy`` (within about ``reach`` of it: left, top, right,
        bottom) on ``canvas``, copied from its patch when the pixels it changes are plain ``ground``."""
        x, y = math.floor(xy[0]), math.floor(xy[1])
        fraction = (xy[0] - x, xy[1] - y, x % 2, y % 2)
        full = (key, fraction, ground)
        found = self._tiles.hit(full)
        if found is None:
            found = self._tiles.keep(full, _flat(fraction, ground, reach, draw))
        tile, (dx, dy) = found
        box = (x + dx, y + dy, x + dx + tile.width, y + dy + tile.height)
        if _plain(canvas, box, ground):
            canvas.paste(tile, box[:2])
            measure.pasted(tile, box[:2])
        else:
            draw(canvas, xy)

    def clear(self) -> None:
        self._tiles.clear()


def _flat(fraction: Fraction, ground: kit.RGBA, reach: kit.Box, draw: Draw) -> tuple[Image.Image, tuple[int, int]]:
    """The piece on a patch of ``ground`` just covering the pixels it changes, and where the patch lies from the
    piece's anchor (rounded down). The patch is drawn moved from the picture by even whole pixels only, so that
    halves round the same way (Python rounds them to even)."""
    fx, fy, px, py = fraction
    ax, ay = _parity(FLAT_MARGIN - reach[0], px), _parity(FLAT_MARGIN - reach[1], py)
    size = (ax + reach[2] + FLAT_MARGIN, ay + reach[3] + FLAT_MARGIN)
    clear = Image.new("RGBA", size, (0, 0, 0, 0))
    with measure.piece():
        draw(clear, (ax + fx, ay + fy))
    x0, y0, x1, y1 = clear.getchannel("A").getbbox() or (ax, ay, ax + 1, ay + 1)
    if min(x0, y0) <= 1 or x1 == clear.width or y1 == clear.height:
        raise ValueError("a flat piece reaches past its margin")
    x0, y0 = x0 - (ax - x0 - px) % 2, y0 - (ay - y0 - py) % 2
    tile = Image.new("RGBA", (x1 - x0, y1 - y0), ground)
    with measure.piece() as marks:
        draw(tile, (ax - x0 + fx, ay - y0 + fy))
    return measure.attach(tile, marks), (x0 - ax, y0 - ay)


def _parity(n: int, parity: int) -> int:
    """``n``, or one more, to be of ``parity``."""
    return n + (n - parity) % 2


def _plain(canvas: Image.Image, box: kit.Box, ground: kit.RGBA) -> bool:
    """Whether ``box`` lies in ``canvas`` and is plain ``ground``."""
    if box[0] < 0 or box[1] < 0 or box[2] > canvas.width or box[3] > canvas.height:
        return False
    return canvas.crop(box).getcolors(1) == [((box[2] - box[0]) * (box[3] - box[1]), ground)]


L = TypeVar("L", bound=Hashable)
"""A look: what a card's face and its laying depend on."""


class CardRows(Generic[L]):
    """Lays rows of cards given by their looks on the bare felt; ``face`` gives a look's face, ``lay`` lays it
    (shadow, halo and face, its marks passed on) with its top left corner at a point, ``tails`` what its shadow and
    halo depend on.

    On the plain felt a card with its shadow is drawn once on a patch of felt and copied (its "body"). Two
    neighbours in a row share a few columns where their shadows' tails meet: there the picture is the felt under
    both shadows (over the edge of the second face, when the first shadow reaches it), which depends only on the two
    cards' tails, how far apart they lie and that edge, so that strip is drawn once too and copied over the bodies.
    Where the pieces would not be exact (a face under a neighbour's shadow other than that edge, rows whose shadows
    meet, something drawn under them), the cards are laid one by one.
    """

    def __init__(
        self,
        face: Callable[[L], Image.Image],
        lay: Callable[[Image.Image, L, int, int], None],
        tails: Callable[[L], Hashable],
        kept: int,
    ) -> None:
        self.face, self.lay, self.tails, self.kept = face, lay, tails, kept
        self._reaches: dict[Hashable, kit.Box] = {}
        self._bodies: Kept[Hashable, Image.Image] = Kept(kept)
        self._strips: Kept[Hashable, Image.Image] = Kept(kept)

    def lay_rows(self, canvas: Image.Image, rows: Sequence[Sequence[tuple[L, int, int]]], above: int) -> None:
        """Lay the ``rows`` of cards (each left to right, the rows top to bottom) as ``lay`` does one after the
        other, on a canvas that is bare felt from row ``above`` down."""
        if not self._fits(canvas, rows, above):
            for row in rows:
                for look, x, y in row:
                    self.lay(canvas, look, x, y)
            return
        for row in rows:
            self._lay_row(canvas, row)

    def reach(self, look: L) -> kit.Box:
        """Where laying ``look`` changes pixels, from its top left corner: found once by laying it on nothing."""
        tails = self.tails(look)
        found = self._reaches.get(tails)
        if found is None:
            w, h = self.face(look).size
            found = self._reaches[tails] = reach(
                (w, h), lambda image, x, y: self.lay(image, look, x, y), (0, 0, w, h), tails
            )
        return found

    def box(self, laid: tuple[L, int, int]) -> kit.Box:
        """Where laying a card at a point changes pixels."""
        look, x, y = laid
        r = self.reach(look)
        return (x + r[0], y + r[1], x + r[2], y + r[3])

    def _fits(self, canvas: Image.Image, rows: Sequence[Sequence[tuple[L, int, int]]], above: int) -> bool:
        """Whether the pieces give the exact pixels: every card on the canvas below ``above``, the rows' reaches
        apart, and in a row each card's reach meeting only its neighbours', on no face but the next one's edge."""
        bottom = above
        for row in rows:
            boxes = [self.box(laid) for laid in row]
            if any(b[1] < bottom or b[0] < 0 or b[2] > canvas.width or b[3] > canvas.height for b in boxes):
                return False
            bottom = max((b[3] for b in boxes), default=bottom)
            for i in range(len(row) - 1):
                (look, x, _), (next_look, next_x, _) = row[i], row[i + 1]
                if boxes[i + 1][0] < x + self.face(look).width or boxes[i][2] > next_x + self.face(next_look).width:
                    return False
                if boxes[i][2] > boxes[i + 1][2] or (i and boxes[i - 1][2] > boxes[i + 1][0]):
                    return False
        return True

    def _lay_row(self, canvas: Image.Image, row: Sequence[tuple[L, int, int]]) -> None:
        """Each card's body, then the strip it shares with the card before."""
        for i, laid in enumerate(row):
            look, x, y = laid
            box = self.box(laid)
            _copy(canvas, self._body(look), box[:2])
            if i and self.box(row[i - 1])[2] > box[0]:
                strip, at = self._strip(row[i - 1], laid)
                _copy(canvas, strip, at)
            measure.pasted(self.face(look), (x, y))

    def _body(self, look: L) -> Image.Image:
        """The card with its shadow on the felt, cut to its reach."""
        found = self._bodies.hit(look)
        if found is not None:
            return found
        r = self.reach(look)
        return self._bodies.keep(look, self._drawn(((look, -r[0], -r[1]),), (r[2] - r[0], r[3] - r[1])))

    def _strip(self, before: tuple[L, int, int], laid: tuple[L, int, int]) -> tuple[Image.Image, tuple[int, int]]:
        """The columns where two neighbours' reaches meet, and where they go."""
        first, second = self.box(before), self.box(laid)
        top = min(first[1], second[1])
        edge = self._edge(laid, first[2])
        key = (self.tails(before[0]), self.tails(laid[0]), laid[1] - before[1], laid[2] - before[2], edge)
        found = self._strips.hit(key)
        if found is not None:
            return found, (second[0], top)
        # drawn on a patch holding both reaches, then cut to the shared columns
        left = first[0]
        size = (max(first[2], second[2]) - left, max(first[3], second[3]) - top)
        cards = ((before[0], before[1] - left, before[2] - top), (laid[0], laid[1] - left, laid[2] - top))
        strip = self._drawn(cards, size).crop((second[0] - left, 0, first[2] - left, size[1]))
        return self._strips.keep(key, strip), (second[0], top)

    def _edge(self, laid: tuple[L, int, int], end: int) -> bytes:
        """The columns of the face of ``laid`` left of ``end`` (under the shadow of the card before), as bytes."""
        look, x, _ = laid
        if end <= x:
            return b""
        face = self.face(look)
        return face.crop((0, 0, end - x, face.height)).tobytes()

    def _drawn(self, cards: Sequence[tuple[L, int, int]], size: tuple[int, int]) -> Image.Image:
        """``cards`` laid in order on a patch of felt of ``size``; their marks are passed on where they are pasted."""
        patch = kit.new_canvas(size[0] + 2 * MARGIN, size[1] + 2 * MARGIN)
        with measure.piece():
            for look, x, y in cards:
                self.lay(patch, look, x + MARGIN, y + MARGIN)
        return patch.crop((MARGIN, MARGIN, MARGIN + size[0], MARGIN + size[1]))


def _copy(canvas: Image.Image, piece: Image.Image, xy: tuple[int, int]) -> None:
    canvas.im.paste(piece.im, (xy[0], xy[1], xy[0] + piece.width, xy[1] + piece.height))
