"""The Neurotrio table picture: the title band, the grid of the domain (with the bids on its cards) and, for a
private panel, the legal cells of one card as ghosts. The side panel is drawn by ``renders.neurotrio.panel``.

The grid shows the domain's bounding box plus the ring of cells around it, labelled with column letters and row
numbers (the names ``NeurotrioTable.cell_name`` gives); bids are small cartons in the bidder's colour on the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.neurotrio_views import NeurotrioTable
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import Placement
from bot.games.neurotrio_views import PublicBid
from bot.games.neurotrio_views import column_label
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders.layout import HEADER
from renders.layout import MARGIN
from renders.layout import SMALL_RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.neurotrio.cards import card_halo
from renders.neurotrio.cards import card_image
from renders.neurotrio.cards import carton
from renders.neurotrio.cards import paste_card
from renders.neurotrio.cards import seat_name
from renders.neurotrio.cards import vp_change
from renders.neurotrio.panel import PANEL
from renders.neurotrio.panel import draw_panel
from renders.neurotrio.panel import panel_height

LABEL: Final = 26
"""The band holding column letters above the grid and row numbers left of it."""
ROOM: Final = layout.BoardRoom(700, 640, least=72, most=124)
"""The board's room beside the panel: a domain too large for it at the smallest cell widens the picture."""
CARD_INSET: Final = 3
"""Between a cell's edge and its card."""
HEADER_CARD: Final = 46
"""The card shown in the title band of the cells picture."""
BID_HEIGHT: Final = 0.26
"""A bid carton's height, as a fraction of the cell."""
GHOST_ALPHA: Final = 95

EMPTY_CELL: Final[kit.RGBA] = (255, 255, 255, 22)
BLOCKED_CELL: Final[kit.RGBA] = (0, 0, 0, 40)
GHOST_FILL: Final[kit.RGBA] = (255, 236, 170, 90)
GRID_FRAME: Final[kit.RGBA] = (0, 0, 0, 50)

View = NeurotrioTableView


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
    """Cell size and pixel positions of the drawn grid."""

    def __init__(self, area: Area) -> None:
        self.area = area
        self.cell = ROOM.unit((area.cols, area.rows), 2 * MARGIN + LABEL)
        self.grid_w = area.cols * self.cell
        self.grid_h = area.rows * self.cell
        self.width = max(ROOM.width, self.grid_w + LABEL + 2 * MARGIN)
        self.height = max(ROOM.height, self.grid_h + LABEL + 2 * MARGIN)
        self.left = (self.width - self.grid_w + LABEL) // 2
        self.top = HEADER + (self.height - self.grid_h + LABEL) // 2

    def corner(self, r: int, c: int) -> tuple[int, int]:
        return self.left + (c - self.area.c0) * self.cell, self.top + (r - self.area.r0) * self.cell

    def card_box(self, r: int, c: int) -> kit.Box:
        x, y = self.corner(r, c)
        return layout.inset((x, y, x + self.cell, y + self.cell), CARD_INSET)


def table_image(
    view: View, names: Sequence[str], locale: str, *, card: str | None = None, cells: Sequence[Placement] = ()
) -> Image.Image:
    """The table as an RGBA picture; with ``cells``, the legal cells for ``card`` drawn as ghosts."""
    table = view.table
    grid = Grid(Area(table))
    height = max(HEADER + grid.height, HEADER + Space.M + panel_height(view) + MARGIN)
    if height > HEADER + grid.height:
        grid.top += (height - HEADER - grid.height) // 2
    width = grid.width + PANEL.width + MARGIN
    canvas = kit.new_canvas(width, height)
    _draw_header(canvas, view, names, locale, card, len(cells))
    _draw_grid(canvas, view, grid, ghosts=bool(cells), locale=locale)
    if cells and card is not None:
        _draw_ghosts(canvas, table, locale, grid, card, cells)
    draw_panel(canvas, view, names, locale, (grid.width, HEADER + Space.M, width - MARGIN, height - MARGIN))
    return canvas


def _draw_header(
    canvas: Image.Image, view: View, names: Sequence[str], locale: str, card: str | None, ghosts: int
) -> None:
    """Title and phase on the left; whose turn, the winners, or the card being placed on the right."""
    phase = t(locale, f"neuro.render.phase.{view.phase}")
    x = layout.header_title(canvas, t(locale, "neuro.render.title"), kit.GOLD, phase)
    right, cy = canvas.width - MARGIN, HEADER // 2
    room = right - x - 60
    if card is not None:
        draw = ImageDraw.Draw(canvas)
        text = plural(locale, "neuro.render.choices", ghosts)
        face = layout.face(Type.LABEL, True)
        width = kit.draw_text(draw, (right, cy), text, face, kit.INK, anchor="rm", max_width=room - HEADER_CARD)
        xy = (right - width - HEADER_CARD - Space.M, cy - HEADER_CARD / 2)
        paste_card(canvas, card_image(card, HEADER_CARD, locale), xy)
    elif view.over:
        winners = [seat_name(names, seat, locale) for seat in view.table.winners]
        if winners:
            text = plural(locale, "neuro.render.winners", len(winners), names=", ".join(winners))
            layout.header_pill(canvas, text, kit.GOLD, room=room)
    elif view.table.turn is not None:
        seat = view.table.turn
        key = "neuro.render.to_bid" if view.phase == "auction" else "neuro.render.turn"
        layout.header_turn(
            canvas, layout.Named(locale, key, seat_name(names, seat, locale), kit.seat_colour(seat)), room
        )


def _draw_grid(canvas: Image.Image, view: View, grid: Grid, *, ghosts: bool, locale: str) -> None:
    """Labels, empty cells, the domain cards, the last placement or the treasure lit and the bids on the cards."""
    table = view.table
    area, cell = grid.area, grid.cell
    draw = ImageDraw.Draw(canvas)
    label_face = layout.face(Type.BODY if cell >= 4 * Type.BODY else Type.SMALL, True)
    for j in range(area.cols):
        x = grid.left + j * cell + cell / 2
        kit.draw_centered(draw, (x, grid.top - LABEL / 2 - Space.HAIR), column_label(j), label_face, kit.INK_DIM)
    for i in range(area.rows):
        y = grid.top + i * cell + cell / 2
        kit.draw_text(draw, (grid.left - Space.S, y), str(i + 1), label_face, kit.INK_DIM, anchor="rm")
    frame = (grid.left, grid.top, grid.left + grid.grid_w, grid.top + grid.grid_h)
    kit.panel(canvas, layout.inset(frame, -Space.XS), 10, GRID_FRAME, outline=kit.PANEL_EDGE, width=1)
    cards = {(spot.r, spot.c): spot.card for spot in table.grid}
    for i in range(area.rows):
        for j in range(area.cols):
            r, c = area.r0 + i, area.c0 + j
            if (r, c) not in cards:
                fill = BLOCKED_CELL if area.blocked(r, c) else EMPTY_CELL
                kit.panel(canvas, grid.card_box(r, c), Space.S, fill)
    last = table.last
    last_cell = None
    shown = not (view.over or ghosts)
    if shown and last is not None and last.kind == "place" and last.r is not None and last.c is not None:
        last_cell = (last.r, last.c)
    treasure = table.treasure or ""
    side = cell - 2 * CARD_INSET
    spread = max(Space.S, cell // 8)
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
    groups: dict[tuple[int, int], list[PublicBid]] = {}
    for bid in table.bids:
        groups.setdefault((bid.r, bid.c), []).append(bid)
    for (r, c), bids in groups.items():
        if area.contains(r, c):
            _draw_bids(canvas, grid, r, c, bids)


def _draw_bids(canvas: Image.Image, grid: Grid, r: int, c: int, bids: Sequence[PublicBid]) -> None:
    """The bids on one card: base cartons in the bidder's colour along its bottom, in rows."""
    cell = grid.cell
    x, y = grid.corner(r, c)
    height = max(18, round(cell * BID_HEIGHT))
    width = round(height * 1.25)
    per_row = max(1, (cell - Space.XS) // (width + 1))
    for k, bid in enumerate(bids):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(bids) - row * per_row)
        x0 = x + (cell - in_row * (width + 1)) / 2 + col * (width + 1) + width / 2
        y0 = y + cell - CARD_INSET - height / 2 - 1 - row * (height + 1)
        carton(canvas, (x0, y0), str(bid.base), kit.seat_colour(bid.seat), height, min_width=width)


def _draw_ghosts(
    canvas: Image.Image, table: NeurotrioTable, locale: str, grid: Grid, card: str, cells: Sequence[Placement]
) -> None:
    """Each legal cell: the card faded in, its name in the middle and the VP it scores under it."""
    area, cell = grid.area, grid.cell
    ghost = card_image(card, cell - 2 * CARD_INSET, locale, alpha=GHOST_ALPHA)
    draw = ImageDraw.Draw(canvas)
    big = cell >= ROOM.most * 0.8
    name_face = layout.face(Type.HEAD if big else Type.LABEL, True)
    vp_face = layout.face(Type.BODY if big else Type.NOTE, True)
    for place in cells:
        if not area.contains(place.r, place.c):
            continue
        x, y = grid.corner(place.r, place.c)
        box = grid.card_box(place.r, place.c)
        kit.panel(canvas, box, Space.S, GHOST_FILL, outline=kit.GOLD, width=2)
        kit.paste(canvas, ghost, (box[0], box[1]))
        cx = x + cell / 2
        name = table.cell_name(place.r, place.c)
        kit.draw_text(
            draw, (cx, y + cell * 0.42), name, name_face, kit.INK, anchor="mm", stroke=3, stroke_fill=kit.INK_DARK
        )
        fill, ink = (kit.GOLD, kit.INK_DARK) if place.vp > 0 else (kit.PANEL_SOLID, kit.INK)
        pill_h = round(vp_face.size * 1.5)
        kit.pill(
            canvas,
            (cx, y + cell * 0.74),
            [(vp_change(place.vp, locale), vp_face, ink)],
            fill,
            align="center",
            height=pill_h,
            pad=SMALL_RADIUS,
        )
