"""The units every picture is measured in: the type scale, the spacing units, the corner radii and the standard
widths and heights (a picture's margin, its header band, a hand's narrowest and widest).

A renderer says what it draws in these terms ("a LABEL line", "M apart") rather than in pixels, so that every game's
pictures share margins, text sizes and panels, and a change of scale is made here.
"""

from __future__ import annotations

from enum import IntEnum

from renders import kit


class Type(IntEnum):
    """The type scale: the only text sizes (px) a picture uses."""

    NOTE = 15
    SMALL = 17
    BODY = 20
    LABEL = 22
    TITLE = 24
    HEAD = 28
    DISPLAY = 36


class Space(IntEnum):
    """Spacing units (px): gaps, margins and paddings are one of these or a sum of them."""

    HAIR = 2
    XS = 4
    S = 8
    M = 12
    L = 16
    XL = 24
    XXL = 32


RADIUS = 12
"""The corner radius of panels."""
SMALL_RADIUS = 6
"""The corner radius of chips and small boxes."""
MARGIN = Space.XL
"""Between a picture's edge and its content."""
HEADER = 56
"""The height of the title band at the top of a table picture."""
HAND_MIN_WIDTH = 760
"""The narrowest hand picture, so a short hand still has room for its header."""
HAND_MAX_WIDTH = 1000
"""The widest hand picture: past it, cards overlap or go on another row."""


def face(size: int, bold: bool = False) -> kit.Font:
    """The bundled font at a size of the scale (``Type``)."""
    return kit.font(int(size), bold)
