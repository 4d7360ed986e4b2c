"""Small pieces (a text, a carton) drawn once on a plain ground and copied where the picture is that ground.

Drawing a text or blending a carton sets each pixel from the pixel under it alone, so on a plain ground the piece
is the same pixels wherever it lies, as long as it keeps the fraction of its position (text is rendered at
sub-pixel offsets). A piece is drawn once on a patch of the ground's colour and copied; before copying, the pixels
it would change are checked to be that plain ground, and when they are not (something drawn there before) it is
drawn in place, so the picture is always pixel for pixel the one drawn directly.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence

from PIL import Image
from PIL import ImageDraw

from renders import kit
from renders import measure

Draw = Callable[[Image.Image, tuple[float, float]], None]
"""Draws the piece on an image at a point (its anchor: where the picture's drawing call would put it)."""
Fraction = tuple[float, float, int, int]
"""Where a piece lies past whole even pixels: the fractions of its anchor, then the parities of its whole part."""
MARGIN = 48
"""How far past its given size a piece may reach."""


class Flat:
    """A bounded cache of pieces drawn on plain grounds, least recently used dropped first; keys must name
    everything a piece draws (and the context its marks are noted in)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._tiles: OrderedDict[Hashable, tuple[Image.Image, tuple[int, int]]] = OrderedDict()

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
        tile, (dx, dy) = self._tile(key, fraction, ground, reach, draw)
        box = (x + dx, y + dy, x + dx + tile.width, y + dy + tile.height)
        if _plain(canvas, box, ground):
            canvas.paste(tile, box[:2])
            measure.pasted(tile, box[:2])
        else:
            draw(canvas, xy)

    def _tile(
        self, key: Hashable, fraction: Fraction, ground: kit.RGBA, reach: kit.Box, draw: Draw
    ) -> tuple[Image.Image, tuple[int, int]]:
        full = (key, fraction, ground)
        found = self._tiles.get(full)
        if found is not None:
            self._tiles.move_to_end(full)
            return found
        found = _make(fraction, ground, reach, draw)
        self._tiles[full] = found
        if len(self._tiles) > self.maxsize:
            self._tiles.popitem(last=False)
        return found

    def clear(self) -> None:
        self._tiles.clear()


def _make(fraction: Fraction, ground: kit.RGBA, reach: kit.Box, draw: Draw) -> tuple[Image.Image, tuple[int, int]]:
    """The piece on a patch of ``ground`` just covering the pixels it changes, and where the patch lies from the
    piece's anchor (rounded down). The patch is drawn moved from the picture by even whole pixels only, so that
    halves round the same way (Python rounds them to even)."""
    fx, fy, px, py = fraction
    ax, ay = _parity(MARGIN - reach[0], px), _parity(MARGIN - reach[1], py)
    size = (ax + reach[2] + MARGIN, ay + reach[3] + MARGIN)
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


TEXTS = Flat(maxsize=512)
"""Lines of text shared by every table (a VP count, a player's cards and cartons, captions), on their grounds."""
LINE_REACH = (-680, -40, 680, 40)
"""Room enough for any line of the pictures, from its anchor."""


def line(
    canvas: Image.Image,
    xy: tuple[float, float],
    key: Hashable,
    ground: kit.RGBA,
    runs: Sequence[kit.Run],
    *,
    align: str = "left",
) -> float:
    """``kit.draw_runs`` of ``runs`` (which ``key`` names with their context) at ``xy``, copied when it lies on
    plain ``ground``; returns its width."""

    def draw(image: Image.Image, at: tuple[float, float]) -> None:
        kit.draw_runs(ImageDraw.Draw(image), at, runs, align=align)

    TEXTS.draw(canvas, xy, ("line", key, align), ground, LINE_REACH, draw)
    return kit.runs_width([run for run in runs if run[0]])


def text(
    canvas: Image.Image,
    xy: tuple[float, float],
    key: Hashable,
    ground: kit.RGBA,
    shown: str,
    face: kit.Font,
    fill: kit.Colour,
    *,
    anchor: str = "la",
    max_width: float | None = None,
) -> float:
    """``kit.draw_text`` (``key`` names its text, face, fill and context), copied when it lies on plain
    ``ground``; returns its width."""
    if max_width is not None:
        shown = kit.fit_text(shown, face, max_width)
    if not shown:
        return 0.0

    def draw(image: Image.Image, at: tuple[float, float]) -> None:
        kit.draw_text(ImageDraw.Draw(image), at, shown, face, fill, anchor=anchor)

    TEXTS.draw(canvas, xy, ("text", key, shown, face, fill, anchor), ground, LINE_REACH, draw)
    return kit.text_width(shown, face)


def colour_at(canvas: Image.Image, xy: tuple[float, float]) -> kit.RGBA:
    """The RGBA colour of one pixel of ``canvas``: the plain ground a part is drawn on."""
    pixel = canvas.getpixel((int(xy[0]), int(xy[1])))
    assert isinstance(pixel, tuple)
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]), int(pixel[3]))
