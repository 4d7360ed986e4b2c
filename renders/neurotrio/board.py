"""The Neurotrio table picture, in portrait so that a phone shows it readably: the header band (the phase, whose
turn), the grid of the domain, then the panels drawn by ``renders.neurotrio.panel`` (the base cartons and the bids,
the players in two columns, the state line). For a private panel, the legal cells of one card are drawn as ghosts.

The picture keeps one size for the whole game (set by the number of players): the grid has a fixed frame and its
cells shrink as the domain grows. The grid shows the domain's bounding box plus the ring of cells around it,
labelled with column letters and row numbers (the names ``NeurotrioTable.cell_name`` gives); a bid is a disc in the
bidder's colour on its card, its base carton and cell being listed under the grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.neurotrio_views import NeurotrioTable
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import Placement
from bot.games.neurotrio_views import column_label
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders.layout import HEADER
from renders.layout import SMALL_RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.neurotrio.cards import card_halo
from renders.neurotrio.cards import card_image
from renders.neurotrio.cards import paste_card
from renders.neurotrio.cards import pips
from renders.neurotrio.cards import seat_name
from renders.neurotrio.cards import signed
from renders.neurotrio.panel import EDGE
from renders.neurotrio.panel import PARTS
from renders.neurotrio.panel import WIDTH
from renders.neurotrio.panel import Panels
from renders.neurotrio.panel import draw_panels
from renders.regions import Regions

LABEL: Final = 24
"""The band holding column letters above the grid and row numbers left of it."""
GRID_H: Final = 440
"""The grid's frame, labels included: eight rows of 52 px (a domain at the starting row limit and its ring)."""
CELL_MOST: Final = 100
"""The largest cell, while the domain is small."""
THIN: Final = 1 / 3
"""A closed ring side's strip, as a fraction of a cell."""
CARD_INSET: Final = 2
"""Between a cell's edge and its card."""
HEADER_CARD: Final = 44
"""The card shown in the header band of the cells picture."""
PIP: Final = 16
"""A bid's disc on its card."""
GHOST_ALPHA: Final = 95
LABEL_FACE: Final = Type.BODY
"""Column letters, row numbers and the names of ghost cells."""

EMPTY_CELL: Final[kit.RGBA] = (255, 255, 255, 22)
BLOCKED_CELL: Final[kit.RGBA] = (0, 0, 0, 40)
GHOST_FILL: Final[kit.RGBA] = (255, 236, 170, 90)
GRID_FRAME: Final[kit.RGBA] = (0, 0, 0, 50)

View = NeurotrioTableView

FRAMES: Final = Regions(maxsize=12)
"""The grid's frame and labels, one per shape of the drawn area (about 1 MB each)."""


class Area:
    """The drawn part of the grid: the domain's bounding box and one ring of cells around it."""

    def __init__(self, table: NeurotrioTable) -> None:
        box = table.box
        self.r0, self.c0 = box.r0 - 1, box.c0 - 1
        self.rows, self.cols = box.rows + 2, box.cols + 2
        self.row_ring_open, self.col_ring_open = table.grows_rows, table.grows_cols

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
    """Cell size and pixel positions of the drawn grid, centred in its fixed frame under the header.

    A ring side the limits keep closed is drawn as a thin strip (no card can go there), which leaves the cells of
    a domain at its limits larger."""

    def __init__(self, area: Area) -> None:
        self.area = area
        room_w, room_h = WIDTH - 2 * EDGE - LABEL, GRID_H - LABEL
        thin_cols = () if area.col_ring_open else (0, area.cols - 1)
        thin_rows = () if area.row_ring_open else (0, area.rows - 1)
        span_x = area.cols - len(thin_cols) * (1 - THIN)
        span_y = area.rows - len(thin_rows) * (1 - THIN)
        self.cell = max(1, min(int(room_w / span_x), int(room_h / span_y), CELL_MOST))
        thin = round(self.cell * THIN)
        self.widths = [thin if j in thin_cols else self.cell for j in range(area.cols)]
        self.heights = [thin if i in thin_rows else self.cell for i in range(area.rows)]
        self.grid_w, self.grid_h = sum(self.widths), sum(self.heights)
        left = EDGE + LABEL + (room_w - self.grid_w) // 2
        top = HEADER + Space.S + LABEL + (room_h - self.grid_h) // 2
        self.left, self.top = left, top
        self.xs = [left + sum(self.widths[:j]) for j in range(area.cols)]
        self.ys = [top + sum(self.heights[:i]) for i in range(area.rows)]

    def corner(self, r: int, c: int) -> tuple[int, int]:
        return self.xs[c - self.area.c0], self.ys[r - self.area.r0]

    def card_box(self, r: int, c: int) -> kit.Box:
        x, y = self.corner(r, c)
        box = (x, y, x + self.widths[c - self.area.c0], y + self.heights[r - self.area.r0])
        return layout.inset(box, CARD_INSET)


def table_size(players: int) -> tuple[int, int]:
    """The picture's size for a table of ``players``: the same in every phase."""
    return WIDTH, HEADER + Space.S + GRID_H + Panels(players).height + EDGE


def table_image(
    view: View, names: Sequence[str], locale: str, *, card: str | None = None, cells: Sequence[Placement] = ()
) -> Image.Image:
    """The table as an RGBA picture; with ``cells``, the legal cells for ``card`` drawn as ghosts."""
    table = view.table
    grid = Grid(Area(table))
    width, height = table_size(len(table.players))
    canvas = kit.new_canvas(width, height)
    header = (0, 0, width, HEADER)
    key = _header_key(view, names, locale, card, len(cells))
    PARTS.paste(canvas, header, key, lambda c: _draw_header(c, view, names, locale, card, len(cells)))
    _draw_grid(canvas, view, grid, locale, ghosts=bool(cells))
    if cells and card is not None:
        _draw_ghosts(canvas, table, locale, grid, card, cells)
    draw_panels(canvas, view, names, locale, HEADER + Space.S + GRID_H)
    return canvas


def _header_key(view: View, names: Sequence[str], locale: str, card: str | None, ghosts: int) -> tuple[object, ...]:
    """Everything the header band shows: the phase and the card being placed, the winners or whose turn it is."""
    table = view.table
    winners = tuple(seat_name(names, seat, locale) for seat in table.winners) if view.over else ()
    turn = seat_name(names, table.turn, locale) if table.turn is not None else ""
    return ("header", view.phase, locale, card, ghosts, view.over, winners, table.turn, turn)


def _draw_header(
    canvas: Image.Image, view: View, names: Sequence[str], locale: str, card: str | None, ghosts: int
) -> None:
    """The phase on the left; whose turn, the winners, or the card being placed on the right."""
    kit.header_strip(canvas, HEADER)
    draw = ImageDraw.Draw(canvas)
    cy = HEADER // 2
    phase = t(locale, f"neuro.render.phase.{view.phase}")
    x = EDGE + kit.draw_text(draw, (EDGE, cy), phase, layout.face(Type.LABEL, True), kit.GOLD, anchor="lm")
    right = WIDTH - EDGE
    room = right - x - Space.L
    if card is not None:
        text = plural(locale, "neuro.render.choices", ghosts)
        face = layout.face(Type.LABEL, True)
        shown = kit.draw_text(draw, (right, cy), text, face, kit.INK, anchor="rm", max_width=room - HEADER_CARD)
        xy = (right - shown - HEADER_CARD - Space.S, cy - HEADER_CARD / 2)
        paste_card(canvas, card_image(card, HEADER_CARD, locale), xy, shadow=False)
    elif view.over:
        winners = [seat_name(names, seat, locale) for seat in view.table.winners]
        if winners:
            text = plural(locale, "neuro.render.winners", len(winners), names=", ".join(winners))
            layout.header_pill(canvas, text, kit.GOLD, room=room - Space.XL, margin=EDGE)
    elif view.table.turn is not None:
        seat = view.table.turn
        key = "neuro.render.to_bid" if view.phase == "auction" else "neuro.render.turn"
        face = layout.face(Type.TITLE)
        runs = kit.catalog_runs(locale, key, seat_name(names, seat, locale), face, kit.INK, kit.seat_colour(seat), room)
        kit.draw_runs(draw, (right, cy), runs, align="right")


def _draw_grid(canvas: Image.Image, view: View, grid: Grid, locale: str, *, ghosts: bool) -> None:
    """Labels, empty cells, the domain cards, the last placement or the treasure lit and the bids on the cards."""
    table = view.table
    area, cell = grid.area, grid.cell
    band = (0, HEADER + Space.S, WIDTH, HEADER + Space.S + GRID_H + Space.S)
    key = ("frame", area.rows, area.cols, area.row_ring_open, area.col_ring_open)
    FRAMES.paste(canvas, band, key, lambda c: _draw_frame(c, grid))
    cards = {(spot.r, spot.c): spot.card for spot in table.grid}
    for i in range(area.rows):
        for j in range(area.cols):
            r, c = area.r0 + i, area.c0 + j
            if (r, c) not in cards:
                fill = BLOCKED_CELL if area.blocked(r, c) else EMPTY_CELL
                kit.panel(canvas, grid.card_box(r, c), Space.XS, fill)
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
        if lit is not None:
            card_halo(canvas, (box[0], box[1]), side, lit, spread)
        paste_card(canvas, card_image(code, side, locale), (box[0], box[1]))
    bidders: dict[tuple[int, int], list[kit.Colour]] = {}
    for bid in table.bids:
        bidders.setdefault((bid.r, bid.c), []).append(kit.seat_colour(bid.seat))
    for (r, c), colours in bidders.items():
        if area.contains(r, c):
            pips(canvas, grid.card_box(r, c), colours, PIP)


def _draw_frame(canvas: Image.Image, grid: Grid) -> None:
    """The grid's frame with its column letters and row numbers: the same as long as the drawn area keeps its
    shape."""
    area = grid.area
    draw = ImageDraw.Draw(canvas)
    label_face = layout.face(LABEL_FACE, True)
    for j in range(area.cols):
        x = grid.xs[j] + grid.widths[j] / 2
        kit.draw_centered(draw, (x, grid.top - LABEL / 2 - Space.HAIR), column_label(j), label_face, kit.INK_DIM)
    for i in range(area.rows):
        y = grid.ys[i] + grid.heights[i] / 2
        kit.draw_text(draw, (grid.left - Space.XS, y), str(i + 1), label_face, kit.INK_DIM, anchor="rm")
    frame = (grid.left, grid.top, grid.left + grid.grid_w, grid.top + grid.grid_h)
    kit.panel(canvas, layout.inset(frame, -Space.XS), 10, GRID_FRAME, outline=kit.PANEL_EDGE, width=1)


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
