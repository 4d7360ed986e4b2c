"""The Triominos board as a picture. The table picture is the board alone, one size for the whole game (whose
turn it is, the scores, the tiles in hand, the pool and the last placement's points are the message's text); the
private panel's picture on a turn puts the same board, with the spots lettered, over the hand (``panel``).

The board shows the whole layout while it fits at a readable tile side; past that it frames what matters (the spots
to choose from, the latest placements) with an overview of the whole layout in a corner (``frame``). Where every
tile, number and letter lands is computed once (``board_plan``) and drawn from that plan, so that tests measure
the real drawing. Only the public body of a view is read, so a seat's view passed by mistake shows no hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import Cell
from bot.games.triominos_views import Placement
from bot.games.triominos_views import TriominosTable
from bot.i18n import t
from bot.texts.triominos import space_letters
from renders import kit
from renders import measure
from renders.layout import Space
from renders.layout import Type
from renders.layout import card_panel
from renders.layout import face
from renders.layout import names as names_kit
from renders.triominos.frame import Extent
from renders.triominos.frame import Frame
from renders.triominos.frame import frame
from renders.triominos.laid import laid_tiles as _laid_tiles
from renders.triominos.spots import Badge
from renders.triominos.spots import badge_diameter
from renders.triominos.spots import draw_badge
from renders.triominos.tiles import MARGIN
from renders.triominos.tiles import ROOT3
from renders.triominos.tiles import WIDTH
from renders.triominos.tiles import Area
from renders.triominos.tiles import Point
from renders.triominos.tiles import number_boxes
from renders.triominos.tiles import paste_tile
from renders.triominos.tiles import tile_height
from renders.triominos.tiles import tile_image
from renders.triominos.tiles import vertices

BOARD_H: Final = 480
"""The table picture's height: 360 x 480, shown 265 x 353 on a phone."""
START_SIDE: Final = 58
"""The tiles of the starting draw, their numbers as readable as the board's."""
START_ROW: Final = tile_height(START_SIDE) + 2 * Space.S
START_TEXT: Final = Type.NOTE
"""The names and values of the starting draw: 15 px, 11 px on a phone."""
MAP_FILL: Final[kit.RGBA] = (4, 30, 18, 215)
Spot = tuple[int, int]
"""A space of the lattice: (row, column)."""


def picture_size(players: int) -> tuple[int, int]:
    """The table picture's size, the same for the whole game (and for every number of players)."""
    return WIDTH, BOARD_H


def seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    """The seat's name, or "Player N" when it has none that can be drawn."""
    return names_kit.seat_name(names, seat, locale, "tri.render.player")


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


def board_plan(
    table: TriominosTable,
    spots: Sequence[Placement] = (),
    letters: Mapping[Spot, str] | None = None,
    box: kit.Box = (0, 0, WIDTH, BOARD_H),
    *,
    overview: bool = True,
) -> BoardPlan:
    """The plan of the board in ``box`` for ``table`` with the placements ``spots``, each space lettered as
    ``letters`` says (by default the letters of ``spots`` alone, best first); a framed layout gets its overview
    unless ``overview`` is False."""
    if not table.board and not spots:
        return BoardPlan(box, None, (), (), (), None)
    named = space_letters(spots) if letters is None else letters
    ox, oy = box[0], box[1]
    layout = [(cell.r, cell.c) for cell in table.board]
    spaces = list(dict.fromkeys((spot.r, spot.c) for spot in spots))
    recent = [(cell.r, cell.c) for cell in sorted(table.board, key=lambda cell: -cell.order)]
    recent = recent[: max(1, len(table.players))]
    shown = frame((box[2] - box[0], box[3] - box[1]), layout, spaces, recent, overview=overview)

    def moved(point: Point) -> Point:
        return point[0] + ox, point[1] + oy

    tiles = tuple((cell, moved(shown.corner(cell.r, cell.c))) for cell in table.board if shown.shows(cell.r, cell.c))
    ghosts: list[tuple[Placement, Point]] = []
    badges: list[Badge] = []
    diameter = badge_diameter(shown.side)
    seen: set[Spot] = set()
    for spot in spots:
        if (spot.r, spot.c) in seen:
            continue
        seen.add((spot.r, spot.c))
        bonus = any(other.bonus for other in spots if (other.r, other.c) == (spot.r, spot.c))
        ghosts.append((spot, moved(shown.corner(spot.r, spot.c))))
        letter = named[(spot.r, spot.c)]
        badges.append(Badge(letter, spot.r, spot.c, moved(shown.centre(spot.r, spot.c)), diameter, bonus))
    minimap = None
    if shown.minimap is not None:
        x0, y0, x1, y1 = shown.minimap
        minimap = (x0 + ox, y0 + oy, x1 + ox, y1 + oy)
    return BoardPlan(box, shown, tiles, tuple(ghosts), tuple(badges), minimap)


def table_image(table: TriominosTable, names: Sequence[str], locale: str) -> Image.Image:
    """The table as an RGBA picture: the board alone."""
    width, height = picture_size(len(table.players))
    canvas = kit.new_canvas(width, height)
    draw_board(canvas, (0, 0, width, height), table, names, locale)
    return canvas


def draw_board(
    canvas: Image.Image,
    box: kit.Box,
    table: TriominosTable,
    names: Sequence[str],
    locale: str,
    spots: Sequence[Placement] = (),
    letters: Mapping[Spot, str] | None = None,
    *,
    overview: bool = True,
) -> None:
    """The board in ``box``: the layout with ``spots`` lettered, or the starting draw while no tile is laid."""
    plan = board_plan(table, spots, letters, box, overview=overview)
    if plan.frame is None:
        _draw_start(canvas, table, names, locale, plan.box)
    else:
        _draw_board(canvas, table, plan)


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
    """An empty board: the draw for the first player (who drew which tile, the decisive one lit) and who starts.
    Up to five draws in one column, then two; each a tile with its player's name and its value beside it."""
    left, top, right, bottom = area
    draw = ImageDraw.Draw(canvas)
    cx = (left + right) / 2
    draws = table.start_draws
    if not draws:
        kit.draw_centered(draw, (cx, (top + bottom) / 2), t(locale, "tri.render.empty"), face(Type.BODY), kit.INK_DIM)
        return
    kit.draw_centered(draw, (cx, top + 26), t(locale, "tri.render.start_draw"), face(Type.BODY, True), kit.INK)
    count = 1 if len(draws) <= 5 else 2
    rows = math.ceil(len(draws) / count)
    col_w = (right - left - 2 * MARGIN - Space.S * (count - 1)) / count
    y0 = top + 52
    row_h = min(START_ROW + Space.S, (bottom - 64 - y0) / max(1, rows))
    side = min(START_SIDE, round((row_h - Space.S - 2 * Space.XS) / ROOT3 * 2))
    text = face(START_TEXT, True)
    for i, drawn in enumerate(draws):
        col, row = divmod(i, rows)
        x0 = left + MARGIN + col * (col_w + Space.S)
        y = y0 + row * row_h
        box = (round(x0), round(y), round(x0 + col_w), round(y + row_h - Space.S))
        colour = kit.seat_colour(drawn.seat)
        if drawn.decisive:
            kit.panel(canvas, box, 12, kit.mix(kit.PANEL_SOLID, colour, 0.28), outline=colour, width=3, shadow=True)
        else:
            card_panel(canvas, box)
        mid = (box[1] + box[3]) / 2
        th = tile_height(side)
        paste_tile(canvas, tile_image(drawn.tile.numbers, side), (box[0] + Space.S, mid - th / 2), side)
        x = box[0] + side + 2 * Space.S
        room = box[2] - x - Space.S
        name = seat_name(names, drawn.seat, locale)
        kit.draw_text(draw, (x, mid - 10), name, text, colour, anchor="lm", max_width=room)
        value = t(locale, "tri.render.value", n=drawn.tile.value)
        kit.draw_text(draw, (x, mid + 11), value, face(START_TEXT), kit.INK, anchor="lm", max_width=room)
    pill_face = face(Type.BODY, True)
    starter = table.starter
    words = t(locale, "tri.render.starts", name=seat_name(names, starter, locale))
    shown = kit.fit_text(words, pill_face, right - left - 2 * MARGIN - 32)
    kit.pill(
        canvas,
        (cx, min(bottom - 30, y0 + rows * row_h + 24)),
        [(shown, pill_face, kit.INK_DARK)],
        kit.seat_colour(starter),
        align="center",
    )
