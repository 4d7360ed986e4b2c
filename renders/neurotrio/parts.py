"""The grounds Neurotrio's parts are drawn on (``Regions.put``): the panel a part lies on, composited once on the felt
at that size (the same for every table) and copied."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image

from renders import kit
from renders.layout import Space

WIDTH: Final = 560
"""Every Neurotrio picture's width: as wide as a desktop shows it; a phone shows it 265 px wide (0.47), so a
decision's text is drawn at least 22 px and every other text at least 17 px."""
PAD: Final = Space.M
"""Between a panel's edge and its text."""


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
