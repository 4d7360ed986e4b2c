"""Laying cards and layers with as little blending as the pixels allow, for the same pixels as ``kit.paste``.

Blending a pixel costs about ten times copying it, and a picture blends hundreds of thousands. A card is opaque
but for its rounded corners: where it covers the picture, what was blended under it (its shadow, a halo) is
hidden, and its opaque rows are copied as they are. Blending an opaque pixel gives that pixel and blending a
transparent one leaves the picture as it was, so skipping both changes nothing. A card's shadow and halo are cut
once, for each size and look, into the parts left seen around its opaque rows and holding ink; a part or a card
lying inside the picture goes straight through Pillow's core.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from typing import NamedTuple

from PIL import Image
from PIL import _imaging as pillow_core

from renders import kit
from renders import measure

Rect = tuple[int, int, int, int]
Part = tuple[Image.Image, tuple[int, int]]
"""A piece of a layer and where it lies from a card's corner."""
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


def lay_around(canvas: Image.Image, layer: Image.Image, xy: tuple[int, int], cover: Rect) -> None:
    """``kit.paste`` of a layer without marks (a halo, a shadow) that an opaque part pasted next covers in part."""
    blend_around(canvas, layer, (int(xy[0]), int(xy[1])), cover)


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


class Shadow(NamedTuple):
    """A card's soft shadow: ``kit.drop_shadow`` of its rounded box with this blur, offset and opacity (a tuple:
    it keys the caches of cut shadows at the cost of a plain tuple's hash)."""

    blur: int
    offset: tuple[int, int]
    opacity: int


@lru_cache(maxsize=64)
def card_shadow(width: int) -> Shadow:
    """The shadow ``kit.paste_card`` drops under a card ``width`` px wide."""
    blur = max(2, width // 25)
    return Shadow(blur, (1, blur), SHADOW_OPACITY)


def _around(layer: Image.Image, at: tuple[int, int], cover: Rect) -> tuple[Part, ...]:
    """``layer`` (its corner ``at`` from a card's) cut around ``cover`` (the card's opaque rows, from its corner)
    and to the pixels it changes, each part cropped once."""
    sx, sy = at
    inked = layer.getchannel("A").getbbox() or (0, 0, 0, 0)
    c0, r0, c1, r1 = cover[0] - sx, cover[1] - sy, cover[2] - sx, cover[3] - sy
    lw, lh = layer.size
    parts: list[Part] = []
    for box in ((0, 0, lw, r0), (0, r1, lw, lh), (0, r0, c0, r1), (c1, r0, lw, r1)):
        x0, y0 = max(box[0], inked[0]), max(box[1], inked[1])
        x1, y1 = min(box[2], inked[2]), min(box[3], inked[3])
        if x1 > x0 and y1 > y0:
            parts.append((layer.crop((x0, y0, x1, y1)), (sx + x0, sy + y0)))
    return tuple(parts)


@lru_cache(maxsize=256)
def _shadow_parts(w: int, h: int, radius: int, shadow: Shadow, top: int, bottom: int) -> tuple[Part, ...]:
    """A ``w`` x ``h`` card's shadow cut around its opaque rows ``top`` to ``bottom``."""
    layer = shadow_layer(w, h, radius, shadow.blur, shadow.opacity)
    pad = 3 * shadow.blur
    return _around(layer, (shadow.offset[0] - pad, shadow.offset[1] - pad), (0, top, w, bottom))


@lru_cache(maxsize=128)
def _glow_parts(
    w: int, h: int, radius: int, colour: kit.Colour, spread: int, top: int, bottom: int
) -> tuple[Part, ...]:
    """``kit.glow`` around a ``w`` x ``h`` card cut around its opaque rows ``top`` to ``bottom``."""
    return _around(kit.glow(w, h, radius, colour, spread), (-spread, -spread), (0, top, w, bottom))


def _blend_parts(canvas: Image.Image, parts: tuple[Part, ...], x: int, y: int) -> None:
    """Blend each part at its place from the card's corner (``x``, ``y``): straight through the picture's core
    when the part lies inside the picture, clipped to it otherwise."""
    core = canvas.im
    width, height = canvas.size
    for layer, (dx, dy) in parts:
        place = (x + dx, y + dy, x + dx + layer.width, y + dy + layer.height)
        if place[0] >= 0 and place[1] >= 0 and place[2] <= width and place[3] <= height:
            core.paste(pillow_core.alpha_composite(core.crop(place), layer.im), place)
        else:
            blend(canvas, layer, place[:2], (0, 0, layer.width, layer.height))


def _put_card(canvas: Image.Image, card: Image.Image, x: int, y: int, top: int, bottom: int) -> None:
    """A card: its rounded top and bottom rows blended, its opaque rows copied (through the picture's core when the
    card lies inside the picture)."""
    w, h = card.size
    if x < 0 or y < 0 or x + w > canvas.width or y + h > canvas.height:
        blend(canvas, card, (x, y), (0, 0, w, top))
        copy(canvas, card, (x, y), (0, top, w, bottom))
        blend(canvas, card, (x, y), (0, bottom, w, h))
        return
    core, face = canvas.im, card.im
    for r0, r1 in ((0, top), (bottom, h)):
        if r1 > r0:
            place = (x, y + r0, x + w, y + r1)
            core.paste(pillow_core.alpha_composite(core.crop(place), face.crop((0, r0, w, r1))), place)
    if bottom > top:
        core.paste(face.crop((0, top, w, bottom)), (x, y + top, x + w, y + bottom))


def lay_card(
    canvas: Image.Image,
    card: Image.Image,
    xy: tuple[int, int],
    *,
    shadow: Shadow | bool = True,
    glow: tuple[kit.Colour, int] | None = None,
    radius: int | None = None,
) -> None:
    """``kit.card_glow`` (``glow``: colour and spread) then ``kit.paste_card``, blending only what stays seen.

    ``shadow`` is the kit's card shadow when True, none when False; ``radius`` is the card's corner radius (the
    kit's cards' by default), which its shadow and halo follow.
    """
    x, y = int(xy[0]), int(xy[1])
    w, h = card.size
    top, bottom = opaque_band(card)
    rounded = kit.card_radius(w) if radius is None else radius
    if glow is not None:
        colour, spread = glow
        _blend_parts(canvas, _glow_parts(w, h, rounded, colour, spread, top, bottom), x, y)
    if shadow is not False:
        spec = card_shadow(w) if shadow is True else shadow
        _blend_parts(canvas, _shadow_parts(w, h, rounded, spec, top, bottom), x, y)
    _put_card(canvas, card, x, y, top, bottom)
    measure.pasted(card, (x, y))
