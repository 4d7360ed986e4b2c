"""Panels and the grounds parts are drawn on: a section's standard panel, a legend of swatches, a seat's frame or
a section's panel filling a felt picture of its size, a plain ground of one colour, the colour a part lies on, and
how far a panel's shadow reaches past it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image
from PIL import ImageDraw

from renders import kit
from renders.layout.boxes import centre
from renders.layout.units import RADIUS
from renders.layout.units import Space
from renders.layout.units import Type
from renders.layout.units import face


def card_panel(canvas: Image.Image, box: kit.Box, *, lit: bool = False, colour: kit.Colour = kit.GOLD) -> None:
    """A section of a picture: the standard panel, outlined in ``colour`` when ``lit``."""
    kit.seat_frame(canvas, box, colour, lit=lit, tint=0.2, stripe=False)


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


@lru_cache(maxsize=128)
def frame_ground(
    size: tuple[int, int],
    colour: kit.Colour,
    *,
    lit: bool,
    edge: kit.Colour | None = None,
    tint: float = 0.25,
    stripe: bool = True,
    shadow: bool = False,
    halo: tuple[kit.Colour, int] | None = None,
) -> Image.Image:
    """``kit.seat_frame`` filling a felt picture of ``size`` (the corners of its ``halo``, colour and spread, under
    it): the same pixels wherever the frame lies on the felt. Shared by a cache: copy it, never draw on it."""
    w, h = size
    canvas = kit.new_canvas(w, h)
    if halo is not None:
        colour_of_halo, spread = halo
        kit.paste(canvas, kit.glow(w, h, RADIUS, colour_of_halo, spread), (-spread, -spread))
    kit.seat_frame(canvas, (0, 0, w, h), colour, lit=lit, edge=edge, tint=tint, shadow=shadow, stripe=stripe)
    return canvas


def panel_ground(size: tuple[int, int], *, lit: bool = False) -> Image.Image:
    """``card_panel`` filling a felt picture of ``size`` (outlined in gold when ``lit``)."""
    return frame_ground(size, kit.GOLD, lit=lit, tint=0.2, stripe=False)


@lru_cache(maxsize=8)
def plain(size: tuple[int, int], colour: kit.RGBA) -> Image.Image:
    """A ground of one colour of ``size``: shared by a cache, copied before it is drawn on."""
    return Image.new("RGBA", size, colour)


def colour_at(canvas: Image.Image, xy: tuple[float, float]) -> kit.RGBA:
    """The RGBA colour of one pixel of ``canvas``: the plain ground pieces are stamped or copied on."""
    pixel = canvas.getpixel((int(xy[0]), int(xy[1])))
    assert isinstance(pixel, tuple) and len(pixel) == 4
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]), int(pixel[3]))


@lru_cache(maxsize=8)
def shadow_reach(radius: int) -> kit.Box:
    """How far past a panel's left, top, right and bottom edges its shadow (``kit.panel``'s, corners of
    ``radius``) changes any pixel: measured once on a clear image."""
    w, h, room = 100, 100, 64
    clear = Image.new("RGBA", (w + 2 * room, h + 2 * room), (0, 0, 0, 0))
    kit.drop_shadow(clear, (room, room, room + w, room + h), radius)
    x0, y0, x1, y1 = clear.getchannel("A").getbbox() or (room, room, room + w, room + h)
    return (room - x0, room - y0, x1 - room - w, y1 - room - h)
