"""The layout kit every game's pictures share: what a picture is measured in, where its pieces go, and how parts
and pieces are drawn once and copied, for the pixels of drawing them in place.

- ``units``: the type scale, the spacing units, the radii and the standard widths (``Type``, ``Space``, ``face``);
- ``boxes``: boxes measured, shrunk and cut into rows, columns and bands;
- ``arrange``: fanned card hands, grids of tiles, the unit a board fills its room at;
- ``header``: the header band every picture opens on;
- ``panels``: a section's panel, a legend, and the grounds parts are drawn on (a seat's frame, a plain colour);
- ``names``: a seat's name as the bundled fonts draw it, or "Player n";
- ``parts``: the parts of a picture kept whole between moves (``Parts``), and the bounded cache every piece uses;
- ``laying``: cards and layers laid blending only the pixels left seen;
- ``stamps``: pieces drawn once on a plain ground and copied there (``Stamps``, ``Flat``, ``CardRows``).

A renderer says what it draws in these terms ("a LABEL line", "M apart", "the header band") rather than in pixels;
the vocabulary (units, boxes, arrangements, header, panels) is also named here, as ``layout.Space`` or
``layout.inset``.
"""

from __future__ import annotations

from renders.layout.arrange import Fan
from renders.layout.arrange import HandRow
from renders.layout.arrange import TileGrid
from renders.layout.arrange import fit_scale
from renders.layout.arrange import grid_per_row
from renders.layout.arrange import grid_x
from renders.layout.boxes import centre
from renders.layout.boxes import columns
from renders.layout.boxes import height
from renders.layout.boxes import inset
from renders.layout.boxes import rows
from renders.layout.boxes import split_left
from renders.layout.boxes import split_top
from renders.layout.boxes import width
from renders.layout.header import Named
from renders.layout.header import header_detail
from renders.layout.header import header_pill
from renders.layout.header import header_title
from renders.layout.header import header_turn
from renders.layout.panels import card_panel
from renders.layout.panels import legend
from renders.layout.units import HAND_MAX_WIDTH
from renders.layout.units import HAND_MIN_WIDTH
from renders.layout.units import HEADER
from renders.layout.units import MARGIN
from renders.layout.units import RADIUS
from renders.layout.units import SMALL_RADIUS
from renders.layout.units import Space
from renders.layout.units import Type
from renders.layout.units import face

__all__ = [
    "HAND_MAX_WIDTH",
    "HAND_MIN_WIDTH",
    "HEADER",
    "MARGIN",
    "RADIUS",
    "SMALL_RADIUS",
    "Fan",
    "HandRow",
    "Named",
    "Space",
    "TileGrid",
    "Type",
    "card_panel",
    "centre",
    "columns",
    "face",
    "fit_scale",
    "grid_per_row",
    "grid_x",
    "header_detail",
    "header_pill",
    "header_title",
    "header_turn",
    "height",
    "inset",
    "legend",
    "rows",
    "split_left",
    "split_top",
    "width",
]
