"""Pieces stamped on a plain ground: drawn once over the ground's colour, then copied into the picture.

A card laid with its shadow on the felt is the same pixels wherever it lies on that felt: it is drawn once on a
patch of the felt's colour and copied the next times, instead of blending the card and its shadow into the picture
again. Blending is done pixel by pixel, so a copy of the patch is pixel for pixel the card drawn in place. Where the
patch overlaps what was drawn before it on the same ground (the faint tail of a neighbour's shadow), those few
pixels are blended again in place, so the picture stays exactly the one drawn directly.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable

from PIL import Image

from renders import kit
from renders import measure

MARGIN = 64
"""How far past its size a stamped piece may reach (a shadow, a halo)."""
Draw = Callable[[Image.Image, int, int], None]
"""Draws a piece on an image with its anchor at ``(x, y)`` (on even moves only: Python rounds halves to even)."""


def _even(box: kit.Box) -> kit.Box:
    """``box`` grown to start on even coordinates, so that drawings moved to its origin round as in place."""
    x0, y0, x1, y1 = box
    return (x0 - x0 % 2, y0 - y0 % 2, x1, y1)


def _overlap(a: kit.Box, b: kit.Box) -> kit.Box | None:
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


REACHES = 8
"""How many reaches a stamp cache keeps for each tile it keeps: they are small, and measuring one draws the piece."""


class Stamps:
    """A bounded cache of stamped pieces, least recently used dropped first."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._tiles: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._reaches: OrderedDict[Hashable, kit.Box] = OrderedDict()
        """Each piece's reach (a few numbers), kept for up to ``REACHES`` times as many pieces as the tiles."""

    def stamp(
        self,
        canvas: Image.Image,
        anchor: tuple[int, int],
        size: tuple[int, int],
        key: Hashable,
        ground: kit.RGBA,
        draw: Draw,
        drawn: list[kit.Box],
    ) -> None:
        """Draw the piece ``key`` that ``draw`` paints at ``anchor`` (about ``size`` large), on a part of ``canvas``
        that is plain ``ground`` except where the boxes ``drawn`` before lie; the piece's box joins them."""
        ax, ay = anchor
        reach = self._reach(key, size, draw)
        box = _even((ax + reach[0], ay + reach[1], ax + reach[2], ay + reach[3]))
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

    def _reach(self, key: Hashable, size: tuple[int, int], draw: Draw) -> kit.Box:
        """Where the piece changes any pixel, from its anchor: found once by drawing it on a clear image."""
        found = self._reaches.get(key)
        if found is None:
            clear = Image.new("RGBA", (size[0] + 2 * MARGIN, size[1] + 2 * MARGIN), (0, 0, 0, 0))
            with measure.piece():
                draw(clear, MARGIN, MARGIN)
            x0, y0, x1, y1 = clear.getchannel("A").getbbox() or (MARGIN, MARGIN, MARGIN + 1, MARGIN + 1)
            if min(x0, y0) == 0 or x1 == clear.width or y1 == clear.height:
                raise ValueError(f"a stamped piece reaches past its margin: {key!r}")
            found = self._reaches[key] = (x0 - MARGIN, y0 - MARGIN, x1 - MARGIN, y1 - MARGIN)
            if len(self._reaches) > REACHES * self.maxsize:
                self._reaches.popitem(last=False)
        return found

    def _tile(self, box: kit.Box, anchor: tuple[int, int], key: Hashable, ground: kit.RGBA, draw: Draw) -> Image.Image:
        """The piece drawn on a patch of ``ground`` the size of ``box``, its anchor at ``anchor`` in the patch."""
        size = (box[2] - box[0], box[3] - box[1])
        full = (key, anchor, ground, size)
        tile = self._tiles.get(full)
        if tile is not None:
            self._tiles.move_to_end(full)
            return tile
        tile = Image.new("RGBA", size, ground)
        with measure.piece() as marks:
            draw(tile, *anchor)
        self._tiles[full] = measure.attach(tile, marks)
        if len(self._tiles) > self.maxsize:
            self._tiles.popitem(last=False)
        return tile

    def clear(self) -> None:
        self._tiles.clear()
        self._reaches.clear()
