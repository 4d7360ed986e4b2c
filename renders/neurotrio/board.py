"""The Neurotrio table picture: the grid of the domain alone, as wide as a phone shows it, so that its cards read
there; the players, the base cartons, the limits and the treasure are the message's words (``bot.texts.neurotrio``).
For a private panel, the legal cells of one card are drawn as ghosts.

The picture keeps one size for the whole game (the same at every number of players): the grid has a fixed frame
and its cells shrink as the domain grows. The frame holds a domain at the starting limits and its ring (12 columns,
7 rows) in 44 px cells, whose 42 px cards print their letters 22 px tall: 10 px on a phone showing the picture 265 px
wide. The grid shows the domain's bounding box plus the ring of cells around it, labelled with column letters and
row numbers (the names ``NeurotrioTable.cell_name`` gives); a bid is a disc in the bidder's colour on its card.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageChops
from PIL import ImageDraw

from bot.games.neurotrio_views import NeurotrioTable
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import Placement
from bot.games.neurotrio_views import column_label
from bot.i18n import LANGUAGES
from renders import kit
from renders import layout
from renders import measure
from renders.layout import SMALL_RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.neurotrio.cards import ALL_TYPES
from renders.neurotrio.cards import SMALLEST_FACE
from renders.neurotrio.cards import card_image
from renders.neurotrio.cards import lay_card
from renders.neurotrio.cards import pips
from renders.neurotrio.cards import signed
from renders.neurotrio.sizes import WIDTH

EDGE: Final = Space.XS
"""Between the picture's edge and the labels or the frame."""
LABEL: Final = 26
"""The band holding the column letters above the grid."""
FRAME_PAD: Final = Space.HAIR
"""Between the grid's frame and its cells."""
GRID_ROWS: Final = 7
"""The rows the frame holds at the widest cell: a domain of 5 rows and its ring, or 6 rows between closed sides."""
CELL_WIDEST: Final = 44
"""The cell of a domain at the starting limits, 12 columns across (10 and an open ring, or 11 and closed sides)."""
TABLE_H: Final = EDGE + LABEL + 2 * FRAME_PAD + GRID_ROWS * CELL_WIDEST + EDGE
CELL_MOST: Final = 100
"""The largest cell, while the domain is small."""
THIN: Final = 1 / 3
"""A closed ring side's strip, as a fraction of a cell."""
CARD_INSET: Final = 1
"""Between a cell's edge and its card."""
PIP: Final = 18
"""A bid's disc on its card (8.5 px on a phone)."""
GHOST_ALPHA: Final = 95
LABEL_FACE: Final = Type.LABEL
"""Column letters, row numbers and the names of ghost cells: 10 px on a phone."""

EMPTY_CELL: Final[kit.RGBA] = (255, 255, 255, 22)
BLOCKED_CELL: Final[kit.RGBA] = (0, 0, 0, 40)
GHOST_FILL: Final[kit.RGBA] = (255, 236, 170, 90)
GRID_FRAME: Final[kit.RGBA] = (0, 0, 0, 50)

View = NeurotrioTableView

FRAME_RADIUS: Final = 10
FRAME_RIM: Final = FRAME_RADIUS + 2
"""How far into the grid's frame its rounded rim and outline reach: past it the frame is one flat colour."""
STAMP_PAD: Final = 64
"""Room around a label drawn alone, to find the pixels it changes."""
DECK_CARDS: Final = 2 * len(ALL_TYPES)
"""Two of each type: a domain's bounding box spans at most this many rows and columns together."""


class Area:
    """The drawn part of the grid: the domain's bounding box (``rows`` x ``cols`` at ``r0``, ``c0``) and one ring
    of cells around it, each side of the ring open (a card may go there) or closed by the limits."""

    def __init__(self, r0: int, c0: int, rows: int, cols: int, *, rows_open: bool, cols_open: bool) -> None:
        self.r0, self.c0 = r0 - 1, c0 - 1
        self.rows, self.cols = rows + 2, cols + 2
        self.row_ring_open, self.col_ring_open = rows_open, cols_open

    @classmethod
    def of(cls, table: NeurotrioTable) -> Area:
        box = table.box
        return cls(box.r0, box.c0, box.rows, box.cols, rows_open=table.grows_rows, cols_open=table.grows_cols)

    def contains(self, r: int, c: int) -> bool:
        return 0 <= r - self.r0 < self.rows and 0 <= c - self.c0 < self.cols

    def blocked(self, r: int, c: int) -> bool:
        """Ring cells no card can reach: the corners (no edge touches the domain), and a ring side the limits
        keep closed."""
        i, j = r - self.r0, c - self.c0
        edge_row = i in (0, self.rows - 1)
        edge_col = j in (0, self.cols - 1)
        if edge_row and edge_col:
            return True
        return (edge_row and not self.row_ring_open) or (edge_col and not self.col_ring_open)


class Grid:
    """Cell size and pixel positions of the drawn grid, centred in its fixed frame under the column letters and
    right of the row numbers (a band as wide as the widest of them).

    A ring side the limits keep closed is drawn as a thin strip (no card can go there), which leaves the cells of
    a domain at its limits larger."""

    def __init__(self, area: Area) -> None:
        self.area = area
        face = layout.face(LABEL_FACE, True)
        self.label_w = math.ceil(max(kit.text_width(str(i + 1), face) for i in range(area.rows))) + Space.HAIR
        room_w = WIDTH - 2 * EDGE - self.label_w - 2 * FRAME_PAD
        room_h = GRID_ROWS * CELL_WIDEST
        thin_cols = () if area.col_ring_open else (0, area.cols - 1)
        thin_rows = () if area.row_ring_open else (0, area.rows - 1)
        span_x = area.cols - len(thin_cols) * (1 - THIN)
        span_y = area.rows - len(thin_rows) * (1 - THIN)
        self.cell = max(1, min(int(room_w / span_x), int(room_h / span_y), CELL_MOST))
        thin = round(self.cell * THIN)
        self.widths = [thin if j in thin_cols else self.cell for j in range(area.cols)]
        self.heights = [thin if i in thin_rows else self.cell for i in range(area.rows)]
        self.grid_w, self.grid_h = sum(self.widths), sum(self.heights)
        left = EDGE + self.label_w + FRAME_PAD + (room_w - self.grid_w) // 2
        top = EDGE + LABEL + FRAME_PAD + (room_h - self.grid_h) // 2
        self.left, self.top = left, top
        self.xs = [left + sum(self.widths[:j]) for j in range(area.cols)]
        self.ys = [top + sum(self.heights[:i]) for i in range(area.rows)]

    def corner(self, r: int, c: int) -> tuple[int, int]:
        return self.xs[c - self.area.c0], self.ys[r - self.area.r0]

    def card_box(self, r: int, c: int) -> kit.Box:
        x, y = self.corner(r, c)
        box = (x, y, x + self.widths[c - self.area.c0], y + self.heights[r - self.area.r0])
        return layout.inset(box, CARD_INSET)


def cell_sizes() -> list[int]:
    """Every size a grid cell can take: the domain's bounding box at any shape its cards allow (as many rows and
    columns together as the deck has cards, neither more than twice the other), each ring side open or closed."""
    sizes: set[int] = set()
    for rows in range(1, DECK_CARDS):
        for cols in range(max(1, (rows + 1) // 2), min(2 * rows, DECK_CARDS - rows) + 1):
            for rows_open, cols_open in itertools.product((False, True), repeat=2):
                sizes.add(Grid(Area(0, 0, rows, cols, rows_open=rows_open, cols_open=cols_open)).cell)
    return sorted(sizes)


def warm_faces() -> None:
    """Lay every card face at every cell size, in every language, once: the faces, the rows each hides and its
    shadow are then in their caches (the fork server does it: about 2.5 s, and 45 MB the workers share). A
    domain growing to a new size would otherwise draw every card on it anew, 1 ms each, on a player's move."""
    for cell in cell_sizes():
        side = cell - 2 * CARD_INSET
        if side < SMALLEST_FACE:
            continue
        scratch = kit.new_canvas(side + 2 * STAMP_PAD, side + 2 * STAMP_PAD)
        for code in ALL_TYPES:
            for lang in LANGUAGES:
                lay_card(scratch, card_image(code, side, lang), (STAMP_PAD, STAMP_PAD))


def table_size(players: int) -> tuple[int, int]:
    """The picture's size: the same at every number of players and in every phase."""
    del players
    return WIDTH, TABLE_H


def table_image(
    view: View, names: Sequence[str], locale: str, *, card: str | None = None, cells: Sequence[Placement] = ()
) -> Image.Image:
    """The grid as an RGBA picture; with ``cells``, the legal cells for ``card`` drawn as ghosts (``names``: the
    seats' names, which only the words around the picture show)."""
    del names
    table = view.table
    grid = Grid(Area.of(table))
    canvas = kit.new_canvas(*table_size(len(table.players)))
    _draw_grid(canvas, view, grid, locale, ghosts=bool(cells))
    if cells and card is not None:
        _draw_ghosts(canvas, table, locale, grid, card, cells)
    return canvas


def _draw_grid(canvas: Image.Image, view: View, grid: Grid, locale: str, *, ghosts: bool) -> None:
    """Labels, empty cells, the domain cards, the last placement or the treasure lit and the bids on the cards."""
    table = view.table
    area, cell = grid.area, grid.cell
    _draw_frame(canvas, grid)
    cards = {(spot.r, spot.c): spot.card for spot in table.grid}
    inside = _frame_pieces(*_frame_size(grid))[0]
    core = canvas.im
    for i in range(area.rows):
        for j in range(area.cols):
            r, c = area.r0 + i, area.c0 + j
            if (r, c) not in cards:
                box = grid.card_box(r, c)
                fill = BLOCKED_CELL if area.blocked(r, c) else EMPTY_CELL
                core.paste(_cell_stamp(box[2] - box[0], box[3] - box[1], fill, inside).im, box)
    last = table.last
    last_cell = None
    shown = not (view.over or ghosts)
    if shown and last is not None and last.kind == "place" and last.r is not None and last.c is not None:
        last_cell = (last.r, last.c)
    treasure = table.treasure or ""
    side = cell - 2 * CARD_INSET
    spread = max(Space.XS, cell // 10)
    for (r, c), code in cards.items():
        if not area.contains(r, c):
            continue
        box = grid.card_box(r, c)
        lit = kit.GOLD if treasure and code == treasure else None
        if (r, c) == last_cell and last is not None:
            lit = kit.seat_colour(last.seat)
        halo = None if lit is None else (lit, spread)
        lay_card(canvas, card_image(code, side, locale), (box[0], box[1]), halo=halo)
    bidders: dict[tuple[int, int], list[kit.Colour]] = {}
    for bid in table.bids:
        bidders.setdefault((bid.r, bid.c), []).append(kit.seat_colour(bid.seat))
    for (r, c), colours in bidders.items():
        if area.contains(r, c):
            pips(canvas, grid.card_box(r, c), colours, PIP)


def _draw_frame(canvas: Image.Image, grid: Grid) -> None:
    """The grid's column letters and row numbers, then its frame over them, from pieces drawn once and pasted
    whole: the labels lie on the flat felt, the frame's middle is one flat colour."""
    area = grid.area
    face = layout.face(LABEL_FACE, True)
    labels = [
        Label(column_label(j), face, "mm", grid.xs[j] + grid.widths[j] / 2, grid.top - FRAME_PAD - LABEL / 2)
        for j in range(area.cols)
    ]
    labels += [
        Label(str(i + 1), face, "rm", grid.left - FRAME_PAD - Space.HAIR, grid.ys[i] + grid.heights[i] / 2)
        for i in range(area.rows)
    ]
    width, height = _frame_size(grid)
    x0, y0 = grid.left - FRAME_PAD, grid.top - FRAME_PAD
    inside, pieces = _frame_pieces(width, height)
    core = canvas.im
    for label in labels:
        stamp, (x, y) = label.stamp()
        core.paste(stamp.im, (x, y, x + stamp.width, y + stamp.height))
        measure.pasted(stamp, (x, y))
    for piece, (dx, dy) in pieces:
        canvas.paste(piece, (x0 + dx, y0 + dy))
    canvas.paste(inside, (x0 + FRAME_RIM, y0 + FRAME_RIM, x0 + width - FRAME_RIM, y0 + height - FRAME_RIM))
    for label in labels:
        stamp, (x, y) = label.stamp()
        if x < x0 + width and y < y0 + height and x + stamp.width > x0 and y + stamp.height > y0:
            under, (dx, dy) = _under_frame(width, height, label, (x - x0, y - y0))
            canvas.paste(under, (x0 + dx, y0 + dy))


@dataclass(frozen=True)
class Label:
    """A column letter or row number, drawn at (``x``, ``y``) by its ``anchor``."""

    text: str
    face: kit.Font
    anchor: str
    x: float
    y: float

    def stamp(self) -> tuple[Image.Image, tuple[int, int]]:
        """The pixels the label changes on the felt and where they go."""
        x, y = math.floor(self.x), math.floor(self.y)
        stamp, (dx, dy) = _label_stamp(self.text, self.face, self.anchor, self.x - x, self.y - y)
        return stamp, (x + dx, y + dy)


def _frame_size(grid: Grid) -> tuple[int, int]:
    """The frame's size: the grid and a margin around it."""
    return grid.grid_w + 2 * FRAME_PAD, grid.grid_h + 2 * FRAME_PAD


Piece = tuple[Image.Image, tuple[int, int]]


def _frame(width: int, height: int, canvas: Image.Image) -> None:
    """The grid's frame filling ``canvas`` of ``width`` x ``height``."""
    kit.panel(canvas, (0, 0, width, height), FRAME_RADIUS, GRID_FRAME, outline=kit.PANEL_EDGE, width=1)


@lru_cache(maxsize=64)
def _frame_pieces(width: int, height: int) -> tuple[kit.RGBA, tuple[Piece, ...]]:
    """The frame of ``width`` x ``height`` on the felt: the colour of its middle, and its four rims with where they
    lie in it (about 100 kB for a full grid).

    Along each side a rim is the same line of pixels again and again: the rims are cut from a frame just larger
    than its four corners, each side's middle line stretched to length (the very pixels of drawing the frame whole,
    tested), so that a domain growing to a new size costs a fraction of a millisecond, not several."""
    rim = FRAME_RIM
    small = 2 * rim + 1
    if width < small or height < small:
        return _cut_frame(width, height)
    colour, (top, bottom, left, right) = _cut_frame(small, small)
    along, down = width - 2 * rim, height - 2 * rim

    rows = Image.new("RGBA", (width, rim)), Image.new("RGBA", (width, rim))
    for image, (piece, _) in zip(rows, (top, bottom), strict=True):
        image.paste(piece.crop((0, 0, rim, rim)), (0, 0))
        image.paste(piece.crop((rim, 0, rim + 1, rim)).resize((along, rim), Image.Resampling.NEAREST), (rim, 0))
        image.paste(piece.crop((rim + 1, 0, small, rim)), (width - rim, 0))
    columns = [piece.crop((0, 0, rim, 1)).resize((rim, down), Image.Resampling.NEAREST) for piece, _ in (left, right)]
    pieces = ((rows[0], (0, 0)), (rows[1], (0, height - rim)), (columns[0], (0, rim)), (columns[1], (width - rim, rim)))
    return colour, pieces


def _cut_frame(width: int, height: int) -> tuple[kit.RGBA, tuple[Piece, ...]]:
    """The frame of ``width`` x ``height`` drawn whole on the felt, cut into its middle's colour and its rims."""
    scratch = kit.new_canvas(width, height)
    _frame(width, height, scratch)
    rim = FRAME_RIM
    middle = scratch.crop((rim, rim, width - rim, height - rim)).getcolors(1)
    assert middle is not None, "the frame's middle is one colour"
    colour = middle[0][1]
    assert isinstance(colour, tuple)
    boxes = [(0, 0, width, rim), (0, height - rim, width, height), (0, rim, rim, height - rim)]
    boxes.append((width - rim, rim, width, height - rim))
    pieces = tuple((scratch.crop(box), (box[0], box[1])) for box in boxes)
    return (colour[0], colour[1], colour[2], colour[3]), pieces


@lru_cache(maxsize=64)
def _under_frame(width: int, height: int, label: Label, at: tuple[int, int]) -> Piece:
    """Where a label's pixels reach into the frame (a letter's descender): the frame composited over them."""
    scratch = kit.new_canvas(width, height)
    stamp = label.stamp()[0]
    scratch.paste(stamp, at)
    _frame(width, height, scratch)
    box = (max(0, at[0]), max(0, at[1]), min(width, at[0] + stamp.width), min(height, at[1] + stamp.height))
    return scratch.crop(box), (box[0], box[1])


@lru_cache(maxsize=256)
def _label_stamp(text: str, face: kit.Font, anchor: str, fx: float, fy: float) -> Piece:
    """The pixels a label drawn at (``fx``, ``fy``) changes on the felt, and where they lie from (0, 0)."""
    size = 2 * STAMP_PAD + round(kit.text_width(text, face) + face.size)
    scratch = kit.new_canvas(size, size)
    with measure.piece() as marks:
        xy = (STAMP_PAD + fx, STAMP_PAD + fy)
        kit.draw_text(ImageDraw.Draw(scratch), xy, text, face, kit.INK_DIM, anchor=anchor)
    box = ImageChops.difference(scratch, kit.felt(size, size)).getbbox(alpha_only=False) or (0, 0, 1, 1)
    stamp = scratch.crop(box)
    measure.attach(stamp, [mark.moved(1.0, -box[0], -box[1]) for mark in marks])
    return stamp, (box[0] - STAMP_PAD, box[1] - STAMP_PAD)


@lru_cache(maxsize=64)
def _cell_stamp(width: int, height: int, fill: kit.RGBA, ground: kit.RGBA) -> Image.Image:
    """An empty cell's panel of ``width`` x ``height`` on the frame's flat ``ground``."""
    stamp = Image.new("RGBA", (width, height), ground)
    kit.panel(stamp, (0, 0, width, height), Space.XS, fill)
    return stamp


def _draw_ghosts(
    canvas: Image.Image, table: NeurotrioTable, locale: str, grid: Grid, card: str, cells: Sequence[Placement]
) -> None:
    """Each legal cell: the card faded in, its name in the middle and the VP it scores under it."""
    area, cell = grid.area, grid.cell
    ghost = card_image(card, cell - 2 * CARD_INSET, locale, alpha=GHOST_ALPHA)
    draw = ImageDraw.Draw(canvas)
    face = layout.face(LABEL_FACE, True)
    for place in cells:
        if not area.contains(place.r, place.c):
            continue
        x, y = grid.corner(place.r, place.c)
        box = grid.card_box(place.r, place.c)
        kit.panel(canvas, box, Space.XS, GHOST_FILL, outline=kit.GOLD, width=2)
        kit.paste(canvas, ghost, (box[0], box[1]))
        cx = x + cell / 2
        name = table.cell_name(place.r, place.c)
        vp = place.vp
        name_y = y + cell * (0.3 if vp else 0.5)
        kit.draw_text(draw, (cx, name_y), name, face, kit.INK, anchor="mm", stroke=3, stroke_fill=kit.INK_DARK)
        if vp:
            fill, ink = (kit.GOLD, kit.INK_DARK) if vp > 0 else (kit.ALERT, kit.INK)
            pill_h = min(round(face.size * 1.3), cell // 2)
            kit.pill(
                canvas,
                (cx, y + cell * 0.72),
                [(signed(vp), face, ink)],
                fill,
                align="center",
                height=pill_h,
                pad=SMALL_RADIUS,
            )
