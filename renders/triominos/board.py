"""The Triominos table picture: a portrait of one size for the whole game (set by the number of players), the
header on top, the board under it, then the players, the pool and the last placement.

The board shows the whole layout while it fits at a readable tile side; past that it frames what matters (the spots
to choose from, the latest placements) with an overview of the whole layout in a corner (``frame``). Where every
tile, number and letter lands is computed once (``board_plan``) and drawn from that plan, so that tests measure
the real drawing. Only the public body of a view is read, so a seat's view passed by mistake shows no hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import Cell
from bot.games.triominos_views import Placement
from bot.games.triominos_views import TileFace
from bot.games.triominos_views import TriominosTable
from bot.i18n import t
from renders import kit
from renders import measure
from renders.layout import Named
from renders.layout import Space
from renders.layout import Type
from renders.layout import card_panel
from renders.layout import face
from renders.layout import header_pill
from renders.layout import header_turn
from renders.regions import Regions
from renders.triominos.frame import Extent
from renders.triominos.frame import Frame
from renders.triominos.frame import frame
from renders.triominos.laid import laid_tiles as _laid_tiles
from renders.triominos.panel import GAP
from renders.triominos.panel import draw_panel
from renders.triominos.panel import panel_height
from renders.triominos.panel import seat_name
from renders.triominos.spots import Badge
from renders.triominos.spots import badge_diameter
from renders.triominos.spots import draw_badge
from renders.triominos.spots import spot_letters
from renders.triominos.tiles import HEADER
from renders.triominos.tiles import MARGIN
from renders.triominos.tiles import ROOT3
from renders.triominos.tiles import Area
from renders.triominos.tiles import Point
from renders.triominos.tiles import header_band
from renders.triominos.tiles import number_boxes
from renders.triominos.tiles import paste_tile
from renders.triominos.tiles import tile_height
from renders.triominos.tiles import tile_image
from renders.triominos.tiles import vertices

WIDTH: Final = 560
"""The table picture's width: shown 340 px wide on a phone, its 17 px texts are 10 px tall there."""
BOARD_H: Final = 520
START_TILE: Final = (54, 84)
"""The smallest and largest tile of the starting draw."""
START_ROW: Final = 92
MAP_FILL: Final[kit.RGBA] = (4, 30, 18, 215)


def picture_size(players: int) -> tuple[int, int]:
    """The table picture's size, the same for the whole game."""
    return WIDTH, HEADER + BOARD_H + GAP + panel_height(players) + MARGIN


@dataclass(frozen=True)
class BoardPlan:
    """Where everything on the board lands, in picture coordinates: the board's box, the frame, each tile shown
    (with the corner of its bounding box), each spot's ghost and letter badge, and the overview's box."""

    box: kit.Box
    frame: Frame | None
    tiles: tuple[tuple[Cell, Point], ...]
    ghosts: tuple[tuple[Placement, Point], ...]
    badges: tuple[Badge, ...]
    minimap: Area | None

    @property
    def side(self) -> int:
        return self.frame.side if self.frame else 0

    def numbers(self) -> list[tuple[str, Area]]:
        """Every tile number drawn on the board, with its ink box."""
        side = self.side
        return [box for cell, xy in self.tiles for box in number_boxes(cell.corners, side, cell.up, xy)]


def board_plan(table: TriominosTable, spots: Sequence[Placement] = (), first: int = 0) -> BoardPlan:
    """The plan of the board for ``table`` with the placements ``spots`` lettered from the ``first``-th letter."""
    box = (0, HEADER, WIDTH, HEADER + BOARD_H)
    if not table.board and not spots:
        return BoardPlan(box, None, (), (), (), None)
    ox, oy = box[0], box[1]
    layout = [(cell.r, cell.c) for cell in table.board]
    spaces = list(dict.fromkeys((spot.r, spot.c) for spot in spots))
    recent = [(cell.r, cell.c) for cell in sorted(table.board, key=lambda cell: -cell.order)]
    recent = recent[: max(1, len(table.players))]
    shown = frame((box[2] - box[0], box[3] - box[1]), layout, spaces, recent)

    def moved(point: Point) -> Point:
        return point[0] + ox, point[1] + oy

    tiles = tuple((cell, moved(shown.corner(cell.r, cell.c))) for cell in table.board if shown.shows(cell.r, cell.c))
    ghosts: list[tuple[Placement, Point]] = []
    badges: list[Badge] = []
    diameter = badge_diameter(shown.side)
    seen: set[tuple[int, int]] = set()
    for spot, letter in zip(spots, spot_letters(spots, first), strict=True):
        if (spot.r, spot.c) in seen:
            continue
        seen.add((spot.r, spot.c))
        bonus = any(other.bonus for other in spots if (other.r, other.c) == (spot.r, spot.c))
        ghosts.append((spot, moved(shown.corner(spot.r, spot.c))))
        badges.append(Badge(letter, spot.r, spot.c, moved(shown.centre(spot.r, spot.c)), diameter, bonus))
    minimap = None
    if shown.minimap is not None:
        x0, y0, x1, y1 = shown.minimap
        minimap = (x0 + ox, y0 + oy, x1 + ox, y1 + oy)
    return BoardPlan(box, shown, tiles, tuple(ghosts), tuple(badges), minimap)


def table_image(
    table: TriominosTable,
    names: Sequence[str],
    locale: str,
    *,
    tile: TileFace | None = None,
    spots: Sequence[Placement] = (),
    first: int = 0,
) -> Image.Image:
    """The table as an RGBA picture; with ``spots``, the candidate placements lettered on the board (``tile``
    named in the header, or None when they are of several tiles)."""
    width, height = picture_size(len(table.players))
    canvas = kit.new_canvas(width, height)
    header = (0, 0, width, HEADER)
    key = _header_key(table, names, locale, tile, bool(spots))
    PARTS.put(canvas, header, key, lambda c: _draw_header(c, table, names, locale, tile, bool(spots)))
    plan = board_plan(table, spots, first)
    if plan.frame is None:
        _draw_start(canvas, table, names, locale, plan.box)
    else:
        _draw_board(canvas, table, plan)
    draw_panel(canvas, table, names, locale, plan.box[3] + GAP)
    return canvas


PARTS: Final = Regions(maxsize=48)
"""The headers as last drawn: a header changes with the turn only, and a table shows the same few turns again and
again."""


def _header_key(
    table: TriominosTable, names: Sequence[str], locale: str, tile: TileFace | None, spots: bool
) -> tuple[object, ...]:
    """Everything the header shows: the round (or the bell, or who went out), whose turn, the end, the question."""
    out = seat_name(names, table.out, locale) if table.out is not None else ""
    turn = seat_name(names, table.current, locale) if table.current is not None else ""
    shown = (table.bell, out, table.round, table.rounds, table.over, table.current, turn)
    return ("header", *shown, spots, tile.code if tile else None, locale)


def _draw_header(
    canvas: Image.Image, table: TriominosTable, names: Sequence[str], locale: str, tile: TileFace | None, spots: bool
) -> None:
    """The round (or the note that the round is ending) on the left; whose turn it is, the end of the game or the
    question of where to lay a tile on the right."""
    canvas.paste(header_band(canvas.width))  # the part's scratch: the header's size, on the felt
    draw = ImageDraw.Draw(canvas)
    cy = HEADER // 2
    note = ""
    if table.bell and not table.over:
        note = t(locale, "tri.render.bell")
    elif table.out is not None and not table.over:
        note = t(locale, "tri.render.out", name=seat_name(names, table.out, locale))
    if note:
        left = kit.draw_text(draw, (MARGIN, cy), note, face(Type.SMALL, True), kit.GOLD, anchor="lm", max_width=220)
    else:
        if table.rounds:
            title = t(locale, "tri.render.round", n=table.round, total=table.rounds)
        else:
            title = t(locale, "tri.render.round_open", n=table.round)
        with measure.secondary():
            left = kit.draw_text(draw, (MARGIN, cy), title, face(Type.LABEL, True), kit.GOLD, anchor="lm")
    room = canvas.width - 2 * MARGIN - left - Space.XL
    if spots:
        text = t(locale, "tri.render.where", tile=tile.code) if tile else t(locale, "tri.render.choices")
        kit.draw_text(
            draw, (canvas.width - MARGIN, cy), text, face(Type.TITLE, True), kit.INK, anchor="rm", max_width=room
        )
    elif table.over:
        header_pill(canvas, t(locale, "tri.render.over"), kit.GOLD, size=Type.TITLE, margin=MARGIN, height=HEADER)
    elif table.current is not None:
        seat = table.current
        line = Named(locale, "tri.render.turn", seat_name(names, seat, locale), kit.seat_colour(seat))
        header_turn(canvas, line, room - Space.XL, margin=MARGIN, height=HEADER)


def _draw_board(canvas: Image.Image, table: TriominosTable, plan: BoardPlan) -> None:
    """The tiles in view on a layer cut to the board: a soft shadow, the last placement lit, the ghosts of the
    spots with their letters, and the overview when the layout is framed."""
    assert plan.frame is not None
    bx, by = plan.box[:2]
    side = plan.frame.side

    def local(point: Point) -> Point:
        return point[0] - bx, point[1] - by

    last = table.last
    lit = (last.r, last.c, last.seat) if last is not None else None
    size = (plan.box[2] - bx, plan.box[3] - by)
    laid, (lx, ly) = _laid_tiles(size, plan.frame, plan.tiles, plan.box[:2], lit)
    if not (plan.ghosts or plan.badges or plan.minimap is not None):
        # the laid part holds every pixel the layer inks: blended as it is, past it the felt stays as it is
        kit.paste(canvas, laid, (bx + lx, by + ly))
        return
    # the cached part is shared: it is copied onto a layer of the board's size before anything is drawn on it
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    layer.paste(laid, (lx, ly))
    with measure.placed(1.0, (bx, by)):
        for spot, xy in plan.ghosts:
            paste_tile(layer, tile_image((), side, spot.up, ghost=True), local(xy), side)
        for badge in plan.badges:
            centre = local(badge.centre)
            draw_badge(layer, Badge(badge.letter, badge.r, badge.c, centre, badge.diameter, badge.bonus))
        if plan.minimap is not None:
            _draw_minimap(layer, table, plan)
    # only where the layer holds something: blending a transparent pixel leaves the felt as it is
    inked = layer.getbbox()
    if inked is not None:
        kit.paste(canvas, layer.crop(inked), (bx + inked[0], by + inked[1]))
    measure.pasted(laid, (bx + lx, by + ly))


def _draw_minimap(layer: Image.Image, table: TriominosTable, plan: BoardPlan) -> None:
    """The whole layout in small, the framed part outlined in gold, the last tile in its player's colour and the
    spots in gold."""
    assert plan.minimap is not None and plan.frame is not None
    x0, y0, x1, y1 = plan.minimap
    x0, y0, x1, y1 = x0 - plan.box[0], y0 - plan.box[1], x1 - plan.box[0], y1 - plan.box[1]
    box = (round(x0), round(y0), round(x1), round(y1))
    kit.panel(layer, box, Space.S, MAP_FILL, outline=kit.GOLD, width=1)
    spaces = [(cell.r, cell.c) for cell in table.board] + [(g.r, g.c) for g, _ in plan.ghosts]
    extent = Extent.of(spaces)
    pad = Space.S
    unit = min(60.0, extent.fits((x1 - x0 - 2 * pad, y1 - y0 - 2 * pad)))
    w, h = extent.size(unit)
    left = (x0 + x1) / 2 - w / 2 - extent.x0 * unit / 2
    top = (y0 + y1) / 2 - h / 2 - extent.y0 * unit * ROOT3 / 2

    def point(x: float, y: float) -> Point:
        return left + x * unit / 2, top + y * unit * ROOT3 / 2

    draw = ImageDraw.Draw(layer)
    last = table.last
    for cell in table.board:
        lit = last is not None and (cell.r, cell.c) == (last.r, last.c)
        fill = kit.seat_colour(last.seat) if lit and last is not None else (214, 204, 178)
        draw.polygon([point(x, y) for x, y in vertices(cell.r, cell.c)], fill=fill)
    for spot, _xy in plan.ghosts:
        draw.polygon([point(x, y) for x, y in vertices(spot.r, spot.c)], fill=kit.GOLD)
    vx0, vy0, vx1, vy1 = plan.frame.view()
    a, b = point(vx0, vy0), point(vx1, vy1)
    rect = (max(a[0], x0 + 2), max(a[1], y0 + 2), min(b[0], x1 - 2), min(b[1], y1 - 2))
    if rect[2] > rect[0] and rect[3] > rect[1]:
        draw.rectangle(rect, outline=kit.GOLD, width=2)


def _draw_start(canvas: Image.Image, table: TriominosTable, names: Sequence[str], locale: str, area: kit.Box) -> None:
    """An empty board: the draw for the first player (who drew which tile) and who starts."""
    left, top, right, bottom = area
    draw = ImageDraw.Draw(canvas)
    cx = (left + right) / 2
    draws = table.start_draws
    if not draws:
        kit.draw_centered(draw, (cx, (top + bottom) / 2), t(locale, "tri.render.empty"), face(Type.TITLE), kit.INK_DIM)
        return
    kit.draw_centered(draw, (cx, top + 34), t(locale, "tri.render.start_draw"), face(Type.TITLE, True), kit.INK)
    count = 1 if len(draws) <= 4 else 2
    rows = math.ceil(len(draws) / count)
    col_w = (right - left - 2 * MARGIN - GAP * (count - 1)) / count
    y0 = top + 64
    row_h = min(START_ROW, (bottom - 70 - y0) / max(1, rows))
    side = max(START_TILE[0], min(START_TILE[1], round((row_h - Space.M) / ROOT3 * 2)))
    value_face = face(Type.BODY, True)
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
        paste_tile(canvas, tile_image(drawn.tile.numbers, side), (box[0] + Space.M, mid - th / 2), side)
        value = t(locale, "tri.render.value", n=drawn.tile.value)
        vw = kit.draw_text(draw, (box[2] - Space.M, mid), value, value_face, kit.INK, anchor="rm")
        name = seat_name(names, drawn.seat, locale)
        room = box[2] - vw - box[0] - side - 3 * Space.M - Space.S
        kit.draw_text(
            draw, (box[0] + side + 2 * Space.M, mid), name, face(Type.BODY, True), colour, anchor="lm", max_width=room
        )
    pill_face = face(Type.TITLE, True)
    starter = table.starter
    text = kit.fit_text(
        t(locale, "tri.render.starts", name=seat_name(names, starter, locale)),
        pill_face,
        right - left - 2 * MARGIN - 40,
    )
    kit.pill(
        canvas,
        (cx, min(bottom - 34, y0 + rows * row_h + 30)),
        [(text, pill_face, kit.INK_DARK)],
        kit.seat_colour(starter),
        align="center",
    )
