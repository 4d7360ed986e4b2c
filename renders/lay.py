"""Laying pieces with as little blending as the pixels allow, for the same pixels as ``kit.paste``.

Blending a pixel costs about ten times copying it, and a picture blends hundreds of thousands. A card is opaque
but for its rounded corners: where it covers the picture, what was blended under it (its shadow, a halo) is
hidden, and its opaque rows are copied as they are. Blending an opaque pixel gives that pixel and blending a
transparent one leaves the picture as it was, so skipping both changes nothing.

``Tiles`` keeps parts like ``Regions`` but draws each on a scratch no larger than its box: the drawing is moved
by the box's corner rounded down to even coordinates (``origin``), so that halves round the same way and the
part is pixel for pixel the one drawn in place.
"""

from __future__ import annotations

import weakref
from functools import lru_cache

from PIL import Image
from PIL import _imaging as pillow_core

from renders import kit
from renders import measure
from renders.regions import Draw
from renders.regions import Regions

Rect = tuple[int, int, int, int]
SHADOW_OPACITY = 110
"""The card shadow of ``kit.paste_card``."""

_bands: dict[int, tuple[int, int]] = {}


def _forget(key: int) -> None:
    _bands.pop(key, None)


_HOLES = [255] * 255 + [0]
"""An alpha channel's lookup table: 255 where a pixel is not fully opaque, 0 where it is."""


def _measure_band(layer: Image.Image) -> tuple[int, int]:
    """The rows around the middle of ``layer`` that are opaque from edge to edge (empty when its middle is not):
    those between the nearest rows above and below the middle that hold a pixel not fully opaque."""
    holes = layer.getchannel("A").point(_HOLES)
    width, height = layer.size
    middle = height // 2
    if holes.crop((0, middle, width, middle + 1)).getbbox() is not None:
        return middle, middle
    above = holes.crop((0, 0, width, middle)).getbbox()
    below = holes.crop((0, middle + 1, width, height)).getbbox()
    return (above[3] if above else 0), (middle + 1 + below[1] if below else height)


def opaque_band(layer: Image.Image) -> tuple[int, int]:
    """The opaque rows of a cached piece (measured once per image; never ask for an image still drawn on)."""
    found = _bands.get(id(layer))
    if found is None:
        found = _measure_band(layer)
        _bands[id(layer)] = found
        weakref.finalize(layer, _forget, id(layer))
    return found


def _clip(canvas: Image.Image, x: int, y: int, part: Rect) -> tuple[Rect, Rect] | None:
    """The ``part`` of a layer laid with its corner at (``x``, ``y``), cut to the canvas: (part, box on canvas)."""
    px0, py0, px1, py1 = part
    left, top = max(px0, -x), max(py0, -y)
    right, bottom = min(px1, canvas.width - x), min(py1, canvas.height - y)
    if right <= left or bottom <= top:
        return None
    return (left, top, right, bottom), (x + left, y + top, x + right, y + bottom)


def blend(canvas: Image.Image, layer: Image.Image, xy: tuple[int, int], part: Rect) -> None:
    """Alpha-composite the ``part`` box of ``layer``, the layer's corner at ``xy`` (as ``kit.paste`` does)."""
    found = _clip(canvas, xy[0], xy[1], part)
    if found is not None:
        source, box = found
        canvas.im.paste(pillow_core.alpha_composite(canvas.im.crop(box), layer.im.crop(source)), box)


def copy(canvas: Image.Image, layer: Image.Image, xy: tuple[int, int], part: Rect) -> None:
    """Copy the ``part`` box of an opaque ``layer``, the layer's corner at ``xy``."""
    found = _clip(canvas, xy[0], xy[1], part)
    if found is not None:
        source, box = found
        canvas.im.paste(layer.im.crop(source), box)


def blend_around(canvas: Image.Image, layer: Image.Image, xy: tuple[int, int], cover: Rect) -> None:
    """Blend ``layer`` at ``xy`` except inside ``cover`` (picture coordinates), which an opaque piece laid next
    hides: the rows above and below it, then the columns on either side."""
    x, y = xy
    w, h = layer.size
    c0, r0 = max(0, cover[0] - x), max(0, cover[1] - y)
    c1, r1 = min(w, cover[2] - x), min(h, cover[3] - y)
    if c1 <= c0 or r1 <= r0:
        blend(canvas, layer, xy, (0, 0, w, h))
        return
    for part in ((0, 0, w, r0), (0, r1, w, h), (0, r0, c0, r1), (c1, r0, w, r1)):
        if part[2] > part[0] and part[3] > part[1]:
            blend(canvas, layer, xy, part)


@lru_cache(maxsize=32)
def shadow_layer(width: int, height: int, radius: int, blur: int, opacity: int) -> Image.Image:
    """The soft shadow ``kit.drop_shadow`` lays under a ``width`` x ``height`` box, as a layer of its own
    (blended on nothing, it is the shadow's own pixels); its corner is ``3 * blur`` up and left of the box's,
    before the shadow's offset."""
    pad = blur * 3
    layer = Image.new("RGBA", (width + 2 * pad, height + 2 * pad), (0, 0, 0, 0))
    box = (pad, pad, pad + width, pad + height)
    kit.drop_shadow(layer, box, radius, blur=blur, offset=(0, 0), opacity=opacity)
    return layer


def card_shadow(width: int, height: int) -> Image.Image:
    """The shadow ``kit.paste_card`` lays under a card; it goes ``shadow_shift`` from the card's corner."""
    return shadow_layer(width, height, kit.card_radius(width), max(2, width // 25), SHADOW_OPACITY)


def shadow_shift(width: int) -> tuple[int, int]:
    """Where a card's shadow layer starts, from the card's corner."""
    blur = max(2, width // 25)
    return 1 - blur * 3, blur - blur * 3


def lay_card(
    canvas: Image.Image,
    card: Image.Image,
    xy: tuple[int, int],
    *,
    shadow: bool = True,
    glow: tuple[kit.Colour, int] | None = None,
) -> None:
    """``kit.card_glow`` (``glow``: colour and spread) then ``kit.paste_card``, blending only what stays seen."""
    x, y = int(xy[0]), int(xy[1])
    w, h = card.size
    top, bottom = opaque_band(card)
    cover = (x, y + top, x + w, y + bottom)
    if glow is not None:
        colour, spread = glow
        halo = kit.glow(w, h, kit.card_radius(w), colour, spread)
        blend_around(canvas, halo, (x - spread, y - spread), cover)
    if shadow:
        dx, dy = shadow_shift(w)
        blend_around(canvas, card_shadow(w, h), (x + dx, y + dy), cover)
    blend(canvas, card, (x, y), (0, 0, w, top))
    copy(canvas, card, (x, y), (0, top, w, bottom))
    blend(canvas, card, (x, y), (0, bottom, w, h))
    measure.pasted(card, (x, y))


def lay_around(canvas: Image.Image, layer: Image.Image, xy: tuple[int, int], cover: Rect) -> None:
    """``kit.paste`` of a layer without marks (a halo, a shadow) that an opaque part pasted next covers in part."""
    blend_around(canvas, layer, (int(xy[0]), int(xy[1])), cover)


def origin(box: kit.Box) -> tuple[int, int]:
    """Where the scratch of a ``Tiles`` part starts: the box's corner, rounded down to even coordinates."""
    return box[0] - box[0] % 2, box[1] - box[1] % 2


class Tiles(Regions):
    """``Regions`` whose parts are drawn on a scratch from ``origin(box)`` to the box's far corner: each drawing
    is given that scratch and draws moved by ``-origin(box)``."""

    @staticmethod
    def _make(size: tuple[int, int], box: kit.Box, draw: Draw, base: Image.Image | None) -> Image.Image:
        ox, oy = origin(box)
        scratch = kit.new_canvas(box[2] - ox, box[3] - oy) if base is None else base.crop((ox, oy, box[2], box[3]))
        with measure.piece() as marks, measure.placed(1.0, (ox - box[0], oy - box[1])):
            draw(scratch)
        part = scratch.crop((box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy))
        return measure.attach(part, marks)
