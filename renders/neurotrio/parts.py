"""The grounds Neurotrio's parts are drawn on (``Regions.put``): the panel a part lies on, composited once on the felt
at that size (the same for every table) and copied."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from renders import kit


@lru_cache(maxsize=64)
def frame_ground(
    size: tuple[int, int],
    colour: kit.Colour,
    *,
    lit: bool,
    edge: kit.Colour | None = None,
    tint: float = 0.25,
    stripe: bool = True,
) -> Image.Image:
    """``kit.seat_frame`` filling a felt picture of ``size``; shared by a cache: copy it, never draw on it."""
    canvas = kit.new_canvas(*size)
    kit.seat_frame(canvas, (0, 0, *size), colour, lit=lit, edge=edge, tint=tint, stripe=stripe)
    return canvas


def panel_ground(size: tuple[int, int], *, lit: bool = False) -> Image.Image:
    """``layout.card_panel`` filling a felt picture of ``size`` (outlined in gold when ``lit``)."""
    return frame_ground(size, kit.GOLD, lit=lit, tint=0.2, stripe=False)


@lru_cache(maxsize=8)
def header_ground(width: int, height: int) -> Image.Image:
    """The header band (``kit.header_strip``) on the felt."""
    canvas = kit.new_canvas(width, height)
    kit.header_strip(canvas, height)
    return canvas
