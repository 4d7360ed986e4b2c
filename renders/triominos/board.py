"""The Triominos table picture: the layout cropped to the tiles in play, the side panel, and the placements of a
tile when its owner chooses where to lay it.

The board is scaled from its extent with a minimum tile size: a large layout makes a larger picture rather than
unreadable numbers. Only the public body of a view is read, so a seat's view passed by mistake shows no hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFilter

from bot.games.triominos_views import Cell
from bot.games.triominos_views import LastPlacement
from bot.games.triominos_views import Placement
from bot.games.triominos_views import TileFace
from bot.games.triominos_views import TriominosTable
from bot.i18n import t
from renders import kit
from renders import layout
from renders.kit import Run
from renders.layout import Named
from renders.layout import Space
from renders.layout import Type
from renders.layout import card_panel
from renders.layout import face
from renders.layout import header_pill
from renders.layout import header_title
from renders.layout import header_turn
from renders.triominos.panel import GAP
from renders.triominos.panel import PANEL
from renders.triominos.panel import draw_panel
from renders.triominos.panel import panel_height
from renders.triominos.panel import seat_name
from renders.triominos.tiles import HEADER
from renders.triominos.tiles import MARGIN
from renders.triominos.tiles import ROOT3
from renders.triominos.tiles import Point
from renders.triominos.tiles import bonus_label
from renders.triominos.tiles import halo
from renders.triominos.tiles import letter_label
from renders.triominos.tiles import paste_tile
from renders.triominos.tiles import tile_height
from renders.triominos.tiles import tile_image
from renders.triominos.tiles import vertices

ROOM: Final = layout.BoardRoom(680, 700, least=60, most=124)
"""Room for the board beside the panel; a wide layout at the smallest tile side (its numbers then drawn about 17 px
tall) widens the picture."""
BOARD_MIN_W: Final = 640
BOARD_MIN_H: Final = 600
SPOT_MIN: Final = 72
"""The smallest tile side when placements are shown: the ghosts also carry a letter badge."""
HEADER_TILE: Final = 46
START_TILE: Final = (48, 84)
"""The smallest and largest tile of the starting draw."""
START_ROW: Final = 104


class Board:
    """The lattice cropped to some spaces and scaled: lattice units to pixels inside a box."""

    def __init__(self, spaces: Sequence[tuple[int, int]], least: int | None = None) -> None:
        xs: list[float] = []
        ys: list[float] = []
        for r, c in spaces:
            for x, y in vertices(r, c):
                xs.append(x)
                ys.append(y)
        self.x0, self.y0 = min(xs), min(ys)
        span_x = (max(xs) - self.x0) / 2 + 1.2
        span_y = (max(ys) - self.y0) * ROOT3 / 2 + 1.2
        self.side = ROOM.unit((span_x, span_y), 2 * MARGIN, least)
        self.height = tile_height(self.side)
        self.width_px = max(ROOM.width, round(span_x * self.side + 2 * MARGIN))
        self.height_px = max(ROOM.height, round(span_y * self.side + 2 * MARGIN))
        used_w = (max(xs) - self.x0) / 2 * self.side
        used_h = (max(ys) - self.y0) * self.side * ROOT3 / 2
        self.left = (self.width_px - used_w) / 2
        self.top = (self.height_px - used_h) / 2

    def point(self, x: float, y: float) -> Point:
        return self.left + (x - self.x0) * self.side / 2, self.top + (y - self.y0) * self.side * ROOT3 / 2

    def corner(self, r: int, c: int) -> Point:
        """The top-left of the space's bounding box, in pixels."""
        return self.point(c, r)

    def centre(self, r: int, c: int) -> Point:
        pts = [self.point(x, y) for x, y in vertices(r, c)]
        return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3


def table_image(
    table: TriominosTable,
    names: Sequence[str],
    locale: str,
    *,
    tile: TileFace | None = None,
    spots: Sequence[Placement] = (),
    first: int = 0,
) -> Image.Image:
    """The table as an RGBA picture; with ``spots``, the candidate placements of ``tile`` drawn on it, lettered
    from the ``first``-th letter."""
    spaces = [(cell.r, cell.c) for cell in table.board] + [(spot.r, spot.c) for spot in spots]
    board = Board(spaces, SPOT_MIN if spots else None) if spaces else None
    board_w = board.width_px if board else BOARD_MIN_W
    board_h = board.height_px if board else BOARD_MIN_H
    width = board_w + PANEL.width
    height = HEADER + max(board_h, panel_height(table, len(spots)), BOARD_MIN_H)
    canvas = kit.new_canvas(width, height)
    _draw_header(canvas, table, names, locale, tile if spots else None)
    area = (0, HEADER, board_w, height)
    if board is None:
        _draw_start(canvas, table, names, locale, area)
    else:
        origin = (area[0], area[1] + (height - HEADER - board_h) // 2)
        _draw_board(canvas, table, locale, board, origin, label=not spots)
        if spots:
            _draw_spots(canvas, board, spots, origin, first)
    draw_panel(canvas, table, names, locale, (board_w, HEADER + GAP, width - MARGIN, height - MARGIN), spots, first)
    return canvas


def _draw_header(
    canvas: Image.Image, table: TriominosTable, names: Sequence[str], locale: str, tile: TileFace | None
) -> None:
    """Round and target on the left; whose turn it is, the end of the game or the tile being placed on the right."""
    if table.rounds:
        title = t(locale, "tri.render.round", n=table.round, total=table.rounds)
    else:
        title = t(locale, "tri.render.round_open", n=table.round)
    target = t(locale, "tri.render.target", points=table.target) if table.target else ""
    x = header_title(canvas, title, kit.GOLD, target, x=MARGIN, height=HEADER)
    right, cy = canvas.width - MARGIN, HEADER // 2
    room = right - x - 40
    if tile is not None:
        draw = ImageDraw.Draw(canvas)
        side = HEADER_TILE
        where = face(Type.TITLE, True)
        text = t(locale, "tri.render.where", tile=tile.code)
        width = where.getlength(text)
        kit.draw_text(draw, (right, cy), text, where, kit.INK, anchor="rm")
        xy = (right - width - side - 14, cy - tile_height(side) / 2 - 2)
        paste_tile(canvas, tile_image(tile.numbers, side), xy, side)
    elif table.over:
        header_pill(canvas, t(locale, "tri.render.over"), kit.GOLD, size=Type.TITLE, margin=MARGIN, height=HEADER)
    elif table.current is not None:
        seat = table.current
        line = Named(locale, "tri.render.turn", seat_name(names, seat, locale), kit.seat_colour(seat))
        header_turn(canvas, line, room, margin=MARGIN, height=HEADER)


def _draw_board(
    canvas: Image.Image, table: TriominosTable, locale: str, board: Board, origin: tuple[int, int], *, label: bool
) -> None:
    """Every laid tile, a soft shadow under the layout, the last placement lit (and labelled with its score)."""
    ox, oy = origin
    side = board.side
    shadow = Image.new("L", (board.width_px // 2 + 1, board.height_px // 2 + 1), 0)
    sdraw = ImageDraw.Draw(shadow)
    for cell in table.board:
        pts = [board.point(x, y) for x, y in vertices(cell.r, cell.c)]
        sdraw.polygon([(x / 2 + 1, y / 2 + 2) for x, y in pts], fill=110)
    shadow = shadow.filter(ImageFilter.BoxBlur(3)).resize((board.width_px, board.height_px))
    dark = Image.new("RGBA", shadow.size, (0, 0, 0, 0))
    dark.putalpha(shadow)
    kit.paste(canvas, dark, origin)
    last = table.last
    found = False
    for cell in table.board:
        bx, by = board.corner(cell.r, cell.c)
        xy = (ox + bx, oy + by)
        if last is not None and (cell.r, cell.c) == (last.r, last.c):
            found = True
            halo(canvas, xy, side, cell.up, kit.seat_colour(last.seat), max(Space.S, side // 6))
        paste_tile(canvas, tile_image(cell.corners, side, cell.up), xy, side)
    if label and last is not None and found:
        _draw_last_label(canvas, board, origin, last, table.board, locale)


def _draw_last_label(
    canvas: Image.Image,
    board: Board,
    origin: tuple[int, int],
    last: LastPlacement,
    cells: Sequence[Cell],
    locale: str,
) -> None:
    """The last placement's points and bonus in a pill next to it, where it hides the fewest tiles."""
    ox, oy = origin
    colour = kit.seat_colour(last.seat)
    font = kit.font(max(17, min(24, round(board.side * 0.24))), True)
    runs: list[Run] = [(t(locale, "tri.render.points", n=last.points), font, kit.INK_DARK)]
    bonus = bonus_label(last.bonus, last.bonus_points, locale)
    if bonus:
        runs.append(("  " + bonus, font, kit.ALERT))
    width = kit.runs_width(runs) + 2 * round(font.size * 0.6)
    height = round(font.size * 1.6)
    cx, cy = board.centre(last.r, last.c)
    reach = board.side * 0.55 + height / 2
    side = board.side
    offsets = [(0, -1), (0, 1), (1, 0), (-1, 0), (0.8, -0.8), (-0.8, -0.8), (0.8, 0.8), (-0.8, 0.8), (0, -2), (0, 2)]
    centres = [board.centre(cell.r, cell.c) for cell in cells]

    def place(offset: Point) -> Point:
        x = cx + offset[0] * (side / 2 + width / 2)
        y = cy + offset[1] * reach
        x = min(max(x, width / 2 + Space.XS), board.width_px - width / 2 - Space.XS)
        y = min(max(y, height / 2 + Space.XS), board.height_px - height / 2 - Space.XS)
        return x, y

    def cost(point: Point) -> float:
        x0, x1 = point[0] - width / 2, point[0] + width / 2
        y0, y1 = point[1] - height / 2, point[1] + height / 2
        hidden = sum(1 for x, y in centres if x0 - side / 4 < x < x1 + side / 4 and y0 - side / 4 < y < y1 + side / 4)
        return hidden * 10 + math.dist(point, (cx, cy)) / side

    used_top, used_bottom = board.top, board.height_px - board.top
    spots = [place(offset) for offset in offsets]
    spots += [
        (min(max(cx, width / 2 + Space.XS), board.width_px - width / 2 - Space.XS), y)
        for y in (used_top - height / 2 - 6, used_bottom + height / 2 + 6)
    ]
    best = min(spots, key=cost)
    kit.pill(
        canvas, (ox + best[0], oy + best[1]), runs, kit.mix(colour, kit.PAPER, 0.55), align="center", outline=colour
    )


def _draw_spots(
    canvas: Image.Image, board: Board, spots: Sequence[Placement], origin: tuple[int, int], first: int
) -> None:
    """Each candidate as a translucent ghost with its numbers and a letter badge at its centre.

    Bonus spots get a red badge; every score is in the panel's legend, where it hides no number.
    """
    ox, oy = origin
    side = board.side
    for spot in spots:
        bx, by = board.corner(spot.r, spot.c)
        paste_tile(canvas, tile_image(spot.corners, side, spot.up, ghost=True), (ox + bx, oy + by), side)
    diameter = max(26, round(side * 0.28))
    for index, spot in enumerate(spots):
        cx, cy = board.centre(spot.r, spot.c)
        cx, cy = ox + cx, oy + cy
        if not spot.up:
            cy -= side * 0.04
        fill = kit.ALERT if spot.bonus else kit.GOLD
        kit.draw_badge(canvas, (cx, cy), diameter, letter_label(first + index), fill=fill)


def _draw_start(canvas: Image.Image, table: TriominosTable, names: Sequence[str], locale: str, area: kit.Box) -> None:
    """An empty board: the draw for the first player (who drew which tile) and who starts."""
    left, top, right, bottom = area
    draw = ImageDraw.Draw(canvas)
    cx = (left + right) / 2
    draws = table.start_draws
    if not draws:
        kit.draw_centered(draw, (cx, (top + bottom) / 2), t(locale, "tri.render.empty"), face(Type.TITLE), kit.INK_DIM)
        return
    kit.draw_centered(draw, (cx, top + 40), t(locale, "tri.render.start_draw"), face(Type.HEAD, True), kit.INK)
    starter = table.starter
    count = 1 if len(draws) <= 4 else 2
    rows = math.ceil(len(draws) / count)
    col_w = (right - left - 2 * MARGIN - GAP * (count - 1)) / count
    row_h = min(START_ROW, (bottom - top - 150) / max(1, rows))
    side = max(START_TILE[0], min(START_TILE[1], round(row_h * 0.9 / ROOT3 * 2)))
    y0 = top + 80
    name_face, value_face = face(Type.TITLE, True), face(Type.LABEL, True)
    for i, drawn in enumerate(draws):
        col, row = divmod(i, rows)
        x0 = left + MARGIN + col * (col_w + GAP)
        y = y0 + row * row_h
        box = (round(x0), round(y), round(x0 + col_w), round(y + row_h - Space.S))
        colour = kit.seat_colour(drawn.seat)
        if drawn.decisive:
            kit.panel(canvas, box, 14, kit.mix(kit.PANEL_SOLID, colour, 0.28), outline=colour, width=3, shadow=True)
        else:
            card_panel(canvas, box)
        mid = (box[1] + box[3]) / 2
        th = tile_height(side)
        paste_tile(canvas, tile_image(drawn.tile.numbers, side), (box[0] + 14, mid - th / 2), side)
        value = t(locale, "tri.render.value", n=drawn.tile.value)
        vw = kit.draw_text(draw, (box[2] - Space.L, mid), value, value_face, kit.INK, anchor="rm")
        name = seat_name(names, drawn.seat, locale)
        room = box[2] - vw - box[0] - side - 56
        kit.draw_text(draw, (box[0] + side + 30, mid), name, name_face, colour, anchor="lm", max_width=room)
    pill_face = face(Type.TITLE, True)
    text = kit.fit_text(
        t(locale, "tri.render.starts", name=seat_name(names, starter, locale)),
        pill_face,
        right - left - 2 * MARGIN - 40,
    )
    kit.pill(
        canvas,
        (cx, y0 + rows * row_h + 34),
        [(text, pill_face, kit.INK_DARK)],
        kit.seat_colour(starter),
        align="center",
    )
