"""Triominos pictures: the shared table (from the public view only), a player's tiles and the placement choices.

Tiles are ivory triangles on the felt, each number written upright near its corner in a colour of its own so that
equal numbers are found at a glance. The board is cropped to the tiles in play and scaled from its extent, with a
minimum tile size: a large layout makes a larger picture rather than unreadable numbers. Every word comes from
the catalog.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from PIL import Image, ImageDraw, ImageFilter

from bot.i18n import plural, t
from renders import kit
from renders.kit import Font, Run

MARGIN: Final = 18
GAP: Final = 12
HEADER: Final = 64
PANEL_W: Final = 320
BOARD_W: Final = 680
"""Room for the board beside the panel; a wide layout at the minimum tile size widens the picture."""
BOARD_H: Final = 700
BOARD_MIN_W: Final = 640
BOARD_MIN_H: Final = 600
TILE_MAX: Final = 124
TILE_MIN: Final = 60
"""The smallest tile side in pixels: its numbers are then drawn about 17 px tall."""
ROOT3: Final = math.sqrt(3)

IVORY: Final[kit.RGB] = (250, 244, 226)
IVORY_EDGE: Final[kit.RGB] = (176, 158, 124)
NUMBER_COLOURS: Final[tuple[kit.RGB, ...]] = (
    (58, 58, 66),  # 0 graphite
    (206, 36, 48),  # 1 red
    (30, 96, 206),  # 2 blue
    (22, 136, 66),  # 3 green
    (142, 56, 176),  # 4 purple
    (214, 104, 12),  # 5 orange
)
"""One ink per number, all dark enough on ivory."""
GHOST: Final[kit.RGBA] = (255, 236, 170, 150)
SPOT_MIN: Final = 72
"""The smallest tile side when placements are shown: the ghosts also carry a letter badge."""
LEGEND_LONG: Final = 8
LEGEND_ROW: Final = 32

BONUS_POINTS: Final = {"bridge": 40, "hexagon": 50, "double_hexagon": 60, "triple_hexagon": 70}

HAND_TILE: Final = 116
HAND_MIN_WIDTH: Final = 760
HAND_MAX_WIDTH: Final = 1000


Point = tuple[float, float]


# --- small helpers -------------------------------------------------------------------------------------------


def _turn_seats(view: Mapping[str, Any]) -> list[int]:
    """The seats that act now: the view gives a list, a single seat is accepted as well."""
    to_act = view.get("to_act")
    if to_act is None:
        return []
    if isinstance(to_act, int):
        return [to_act]
    return [kit.as_int(seat) for seat in to_act]


def _players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in view.get("players") or () if isinstance(p, Mapping)]


def _seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or t(locale, "tri.render.player", n=seat + 1)


def parse_tile(code: object) -> tuple[int, int, int]:
    """The three numbers of a tile id such as ``"0-1-2"`` (clockwise); ``ValueError`` on anything else."""
    parts = str(code).split("-")
    if len(parts) != 3:
        raise ValueError(f"not a tile id: {code!r}")
    numbers = tuple(int(part) for part in parts)
    if not all(0 <= n <= 5 for n in numbers):
        raise ValueError(f"not a tile id: {code!r}")
    return numbers[0], numbers[1], numbers[2]


def tile_value(code: object) -> int:
    try:
        return sum(parse_tile(code))
    except ValueError:
        return 0


def _corners(item: Mapping[str, Any]) -> tuple[int, ...]:
    """A placement's corner numbers when it has all three, else nothing (the tile is drawn blank)."""
    corners = item.get("corners") or ()
    try:
        numbers = tuple(int(n) for n in corners)
    except (TypeError, ValueError):
        return ()
    return numbers if len(numbers) == 3 and all(0 <= n <= 5 for n in numbers) else ()


def is_up(r: int, c: int) -> bool:
    return (r + c) % 2 == 0


def vertices(r: int, c: int) -> tuple[Point, Point, Point]:
    """The space's corners in lattice units (x in half-widths, y in rows), clockwise as the engine lists them."""
    if is_up(r, c):
        return (c + 1, r), (c + 2, r + 1), (c, r + 1)
    return (c, r), (c + 2, r), (c + 1, r + 1)


def bonus_label(bonus: object, locale: str) -> str:
    """ "Pont +40", "Hexagone +50"... or an empty string."""
    if bonus not in BONUS_POINTS:
        return ""
    return t(locale, f"tri.render.bonus.{bonus}", points=BONUS_POINTS[str(bonus)])


def letter_label(index: int) -> str:
    """A, B, ... Z, AA, AB...: the badge of the ``index``-th spot (0-based)."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(65 + rest) + label
    return label


# --- tiles ---------------------------------------------------------------------------------------------------


def tile_height(side: int) -> int:
    return round(side * ROOT3 / 2)


def _rounded_triangle(
    draw: ImageDraw.ImageDraw, pts: Sequence[Point], inset: float, radius: float, fill: kit.Colour
) -> None:
    """A triangle shrunk by ``inset`` with corners rounded by ``radius`` (drawn as a Minkowski sum)."""
    cx = sum(p[0] for p in pts) / 3
    cy = sum(p[1] for p in pts) / 3
    inradius = math.dist(pts[0], pts[1]) / (2 * ROOT3)
    keep = max(0.05, (inradius - inset - radius) / inradius)
    core = [(cx + (x - cx) * keep, cy + (y - cy) * keep) for x, y in pts]
    draw.polygon(core, fill=fill)
    if radius <= 0:
        return
    width = round(2 * radius)
    for i in range(3):
        draw.line((core[i], core[(i + 1) % 3]), fill=fill, width=width)
    for x, y in core:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)


def _local_vertices(side: float, up: bool, pad: float) -> list[Point]:
    h = side * ROOT3 / 2
    if up:
        return [(pad + side / 2, pad), (pad + side, pad + h), (pad, pad + h)]
    return [(pad, pad), (pad + side, pad), (pad + side / 2, pad + h)]


def _pad(side: int) -> int:
    return max(4, side // 10)


@lru_cache(maxsize=128)
def _tile_shape(side: int, up: bool, fill: kit.Colour, edge: kit.Colour | None) -> Image.Image:
    """A blank tile (rounded ivory triangle with its border), ``_pad(side)`` px of room on every side."""
    s = kit.SUPERSAMPLE
    pad = _pad(side)
    w, h = side + 2 * pad, tile_height(side) + 2 * pad
    big = Image.new("RGBA", (w * s, h * s), kit.with_alpha(fill, 0))
    draw = ImageDraw.Draw(big)
    pts = _local_vertices(side * s, up, pad * s)
    gap = max(1.0, side * 0.025) * s
    radius = side * 0.07 * s
    if edge is not None:
        _rounded_triangle(draw, pts, gap, radius, kit.with_alpha(edge, 255) if len(edge) == 3 else edge)
        gap += max(1.5, side * 0.022) * s
        radius = max(1.0, radius - side * 0.02 * s)
    _rounded_triangle(draw, pts, gap, radius, kit.with_alpha(fill, 255) if len(fill) == 3 else fill)
    return big.resize((w, h), Image.Resampling.BOX)


@lru_cache(maxsize=128)
def _tile_mask(side: int, up: bool, grow: int) -> Image.Image:
    """The tile's silhouette grown by ``grow`` px and softened, for halos: same frame as :func:`_tile_shape`."""
    pad = _pad(side) + grow
    w, h = side + 2 * pad, tile_height(side) + 2 * pad
    s = 2
    big = Image.new("L", (w * s, h * s), 0)
    pts = _local_vertices(side * s, up, pad * s)
    _rounded_triangle(ImageDraw.Draw(big), pts, -grow * 0.6 * s, side * 0.12 * s, 255)
    mask = big.resize((w, h), Image.Resampling.BOX).filter(ImageFilter.GaussianBlur(max(1, grow / 2.5)))
    return mask


def number_font(side: int) -> Font:
    return kit.font(max(10, round(side * 0.27)), True)


def _number_points(side: int, up: bool, pad: float) -> list[Point]:
    """Where the three numbers sit, in the engine's corner order: part way from each corner to the centre."""
    pts = _local_vertices(side, up, pad)
    cx = sum(p[0] for p in pts) / 3
    cy = sum(p[1] for p in pts) / 3
    out = []
    for i, (x, y) in enumerate(pts):
        pull = 0.54 if (up and i == 0) or (not up and i == 2) else 0.6
        out.append((x + (cx - x) * pull, y + (cy - y) * pull + side * 0.01))
    return out


@lru_cache(maxsize=512)
def tile_image(
    corners: tuple[int, ...], side: int, up: bool = True, *, ghost: bool = False, dim: bool = False
) -> Image.Image:
    """A tile ``side`` px wide with ``corners`` in the engine's order, framed by ``_pad(side)`` px.

    ``ghost`` draws a translucent candidate, ``dim`` a greyed tile. Shared by a cache: paste it, never draw on it.
    """
    if ghost:
        tile = _tile_shape(side, up, GHOST, (246, 200, 62, 255)).copy()
    else:
        tile = _tile_shape(side, up, IVORY, IVORY_EDGE).copy()
    draw = ImageDraw.Draw(tile)
    face = number_font(side)
    if corners:
        for n, xy in zip(corners, _number_points(side, up, _pad(side)), strict=False):
            ink = NUMBER_COLOURS[n % 6]
            kit.draw_glyph(draw, xy, str(n), face, ink)
    if dim:
        veil = _tile_shape(side, up, (40, 48, 44, 130), None)
        tile.alpha_composite(veil)
    return tile


def tile_of(code: str, side: int, up: bool = True, *, dim: bool = False) -> Image.Image:
    """A tile from its id, smallest number at the top corner."""
    try:
        corners: tuple[int, ...] = parse_tile(code)
    except ValueError:
        corners = ()
    return tile_image(corners, side, up, dim=dim)


def _paste_tile(canvas: Image.Image, image: Image.Image, xy: Point, side: int) -> None:
    """Paste a tile image whose triangle's bounding box starts at ``xy``."""
    pad = _pad(side)
    kit.paste(canvas, image, (round(xy[0]) - pad, round(xy[1]) - pad))


def _halo(canvas: Image.Image, xy: Point, side: int, up: bool, colour: kit.Colour, grow: int) -> None:
    mask = _tile_mask(side, up, grow)
    layer = Image.new("RGBA", mask.size, kit.with_alpha(colour, 0))
    layer.putalpha(mask)
    pad = _pad(side) + grow
    kit.paste(canvas, layer, (round(xy[0]) - pad, round(xy[1]) - pad))


# --- board geometry ------------------------------------------------------------------------------------------


class Board:
    """The lattice cropped to some spaces and scaled: lattice units to pixels inside a box."""

    def __init__(self, spaces: Sequence[tuple[int, int]], room: tuple[int, int], minimum: int = TILE_MIN) -> None:
        xs: list[float] = []
        ys: list[float] = []
        for r, c in spaces:
            for x, y in vertices(r, c):
                xs.append(x)
                ys.append(y)
        self.x0, self.y0 = min(xs), min(ys)
        span_x = (max(xs) - self.x0) / 2 + 1.2
        span_y = (max(ys) - self.y0) * ROOT3 / 2 + 1.2
        fit = min((room[0] - 2 * MARGIN) / span_x, (room[1] - 2 * MARGIN) / span_y)
        self.side = int(max(minimum, min(TILE_MAX, fit)))
        self.height = tile_height(self.side)
        self.width_px = max(room[0], round(span_x * self.side + 2 * MARGIN))
        self.height_px = max(room[1], round(span_y * self.side + 2 * MARGIN))
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


def _spaces(items: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    return [(kit.as_int(item.get("r")), kit.as_int(item.get("c"))) for item in items]


def _board_items(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [item for item in view.get("board") or () if isinstance(item, Mapping)]


# --- the table -----------------------------------------------------------------------------------------------


def render_table(view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes, drawn from the engine's public view and the seat names.

    Only public fields are read, so a seat view passed by mistake still shows no hand.
    """
    return kit.encode_png(table_image(view, names, locale))


def render_placements(
    view: Mapping[str, Any], names: Sequence[str], locale: str, tile: str, spots: Sequence[Mapping[str, Any]]
) -> bytes:
    """The table with every candidate placement of ``tile`` as a lettered ghost tile and its score."""
    return kit.encode_png(table_image(view, names, locale, tile=tile, spots=spots))


def table_image(
    view: Mapping[str, Any],
    names: Sequence[str],
    locale: str,
    *,
    tile: str | None = None,
    spots: Sequence[Mapping[str, Any]] = (),
) -> Image.Image:
    """The table as an RGBA picture; with ``spots``, the candidate placements of ``tile`` drawn on it."""
    items = _board_items(view)
    spot_items = [spot for spot in spots if isinstance(spot, Mapping)]
    spaces = _spaces(items) + _spaces(spot_items)
    board = Board(spaces, (BOARD_W, BOARD_H), SPOT_MIN if spot_items else TILE_MIN) if spaces else None
    board_w = board.width_px if board else BOARD_MIN_W
    board_h = board.height_px if board else BOARD_MIN_H
    panel_h = _panel_height(view, len(spot_items))
    width = board_w + PANEL_W
    height = HEADER + max(board_h, panel_h, BOARD_MIN_H)
    canvas = kit.new_canvas(width, height)
    _draw_header(canvas, view, names, locale, tile if spot_items else None)
    area = (0, HEADER, board_w, height)
    if board is None:
        _draw_start(canvas, view, names, locale, area)
    else:
        origin = (area[0], area[1] + (height - HEADER - board_h) // 2)
        _draw_board(canvas, view, names, locale, board, origin, label=not spot_items)
        if spot_items:
            _draw_spots(canvas, board, spot_items, origin)
    _draw_panel(canvas, view, names, locale, (board_w, HEADER + GAP, width - MARGIN, height - MARGIN), spot_items)
    return canvas


def _draw_header(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, tile: str | None
) -> None:
    """Round and target on the left; whose turn it is, the end of the game or the tile being placed on the right."""
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    rnd, rounds = kit.as_int(view.get("round"), 1), kit.as_int(view.get("rounds"))
    title = t(locale, "tri.render.round", n=rnd, total=rounds) if rounds else t(locale, "tri.render.round_open", n=rnd)
    x = MARGIN + kit.draw_text(draw, (MARGIN, cy), title, kit.font(30, True), kit.GOLD, anchor="lm")
    target = kit.as_int(view.get("target"))
    if target:
        text = t(locale, "tri.render.target", points=target)
        x += 18 + kit.draw_text(draw, (x + 18, cy), text, kit.font(22), kit.INK_DIM, anchor="lm")
    right = canvas.width - MARGIN
    room = right - x - 40
    if tile:
        side = 46
        face = kit.font(24, True)
        text = t(locale, "tri.render.where", tile=tile)
        width = face.getlength(text)
        kit.draw_text(draw, (right, cy), text, face, kit.INK, anchor="rm")
        _paste_tile(canvas, tile_of(tile, side), (right - width - side - 14, cy - tile_height(side) / 2 - 2), side)
        return
    if view.get("over"):
        label = [(t(locale, "tri.render.over"), kit.font(24, True), kit.INK_DARK)]
        kit.pill(canvas, (right, cy), label, kit.GOLD, align="right")
        return
    turn = _turn_seats(view)
    if len(turn) == 1:
        seat = turn[0]
        face = kit.font(25)
        runs = kit.catalog_runs(
            locale, "tri.render.turn", _seat_name(names, seat, locale), face, kit.INK, kit.seat_colour(seat), room
        )
        width = kit.draw_runs(draw, (right, cy), runs, align="right")
        kit.draw_glyph(draw, (right - width - 20, cy), "▶", kit.font(22), kit.seat_colour(seat))


def _draw_board(
    canvas: Image.Image,
    view: Mapping[str, Any],
    names: Sequence[str],
    locale: str,
    board: Board,
    origin: tuple[int, int],
    label: bool = True,
) -> None:
    """Every laid tile, a soft shadow under the layout, the last placement lit (and labelled with its score)."""
    items = _board_items(view)
    ox, oy = origin
    side = board.side
    shadow = Image.new("L", (board.width_px // 2 + 1, board.height_px // 2 + 1), 0)
    sdraw = ImageDraw.Draw(shadow)
    for item in items:
        r, c = kit.as_int(item.get("r")), kit.as_int(item.get("c"))
        pts = [board.point(x, y) for x, y in vertices(r, c)]
        sdraw.polygon([(x / 2 + 1, y / 2 + 2) for x, y in pts], fill=110)
    shadow = shadow.filter(ImageFilter.BoxBlur(3)).resize((board.width_px, board.height_px))
    dark = Image.new("RGBA", shadow.size, (0, 0, 0, 0))
    dark.putalpha(shadow)
    kit.paste(canvas, dark, origin)
    last = view.get("last") if isinstance(view.get("last"), Mapping) else None
    last_space = (kit.as_int(last.get("r")), kit.as_int(last.get("c"))) if last else None
    last_item = None
    for item in items:
        r, c = kit.as_int(item.get("r")), kit.as_int(item.get("c"))
        bx, by = board.corner(r, c)
        xy = (ox + bx, oy + by)
        if (r, c) == last_space:
            last_item = item
            seat = kit.as_int(last.get("seat", item.get("seat"))) if last else 0
            _halo(canvas, xy, side, is_up(r, c), kit.seat_colour(seat), max(8, side // 6))
        _paste_tile(canvas, tile_image(_corners(item), side, is_up(r, c)), xy, side)
    if label and last and last_item is not None and last_space is not None:
        _draw_last_label(canvas, board, origin, last, last_space, items, locale)


def _draw_last_label(
    canvas: Image.Image,
    board: Board,
    origin: tuple[int, int],
    last: Mapping[str, Any],
    space: tuple[int, int],
    items: Sequence[Mapping[str, Any]],
    locale: str,
) -> None:
    """The last placement's points and bonus in a pill next to it, where it hides the fewest tiles."""
    r, c = space
    ox, oy = origin
    seat = kit.as_int(last.get("seat"))
    colour = kit.seat_colour(seat)
    face = kit.font(max(17, min(24, round(board.side * 0.24))), True)
    runs: list[Run] = [(t(locale, "tri.render.points", n=kit.as_int(last.get("points"))), face, kit.INK_DARK)]
    bonus = bonus_label(last.get("bonus"), locale)
    if bonus:
        runs.append(("  " + bonus, face, kit.ALERT))
    width = kit.runs_width(runs) + 2 * round(face.size * 0.6)
    height = round(face.size * 1.6)
    cx, cy = board.centre(r, c)
    reach = board.side * 0.55 + height / 2
    side = board.side
    offsets = [(0, -1), (0, 1), (1, 0), (-1, 0), (0.8, -0.8), (-0.8, -0.8), (0.8, 0.8), (-0.8, 0.8), (0, -2), (0, 2)]
    centres = [board.centre(kit.as_int(i.get("r")), kit.as_int(i.get("c"))) for i in items]

    def place(offset: Point) -> Point:
        x = cx + offset[0] * (side / 2 + width / 2)
        y = cy + offset[1] * reach
        x = min(max(x, width / 2 + 4), board.width_px - width / 2 - 4)
        y = min(max(y, height / 2 + 4), board.height_px - height / 2 - 4)
        return x, y

    def cost(point: Point) -> float:
        x0, x1 = point[0] - width / 2, point[0] + width / 2
        y0, y1 = point[1] - height / 2, point[1] + height / 2
        hidden = sum(1 for x, y in centres if x0 - side / 4 < x < x1 + side / 4 and y0 - side / 4 < y < y1 + side / 4)
        return hidden * 10 + math.dist(point, (cx, cy)) / side

    used_top, used_bottom = board.top, board.height_px - board.top
    spots = [place(offset) for offset in offsets]
    spots += [
        (min(max(cx, width / 2 + 4), board.width_px - width / 2 - 4), y)
        for y in (used_top - height / 2 - 6, used_bottom + height / 2 + 6)
    ]
    best = min(spots, key=cost)
    kit.pill(
        canvas, (ox + best[0], oy + best[1]), runs, kit.mix(colour, kit.PAPER, 0.55), align="center", outline=colour
    )


def _draw_spots(canvas: Image.Image, board: Board, spots: Sequence[Mapping[str, Any]], origin: tuple[int, int]) -> None:
    """Each candidate as a translucent ghost with its numbers and a letter badge at its centre.

    Bonus spots get a red badge; every score is in the panel's legend, where it hides no number.
    """
    ox, oy = origin
    side = board.side
    for spot in spots:
        r, c = kit.as_int(spot.get("r")), kit.as_int(spot.get("c"))
        bx, by = board.corner(r, c)
        _paste_tile(canvas, tile_image(_corners(spot), side, is_up(r, c), ghost=True), (ox + bx, oy + by), side)
    diameter = max(26, round(side * 0.28))
    for index, spot in enumerate(spots):
        r, c = kit.as_int(spot.get("r")), kit.as_int(spot.get("c"))
        cx, cy = board.centre(r, c)
        cx, cy = ox + cx, oy + cy
        if not is_up(r, c):
            cy -= side * 0.04
        bonus = spot.get("bonus") in BONUS_POINTS
        kit.draw_badge(canvas, (cx, cy), diameter, _spot_letter(spot, index), fill=kit.ALERT if bonus else kit.GOLD)


def _spot_letter(spot: Mapping[str, Any], index: int) -> str:
    return str(spot.get("letter") or letter_label(index))


def _legend_rows(count: int) -> tuple[int, int]:
    """Columns and rows of the placements legend."""
    columns = 1 if count <= LEGEND_LONG else 3
    return columns, math.ceil(count / columns)


def _draw_legend(
    canvas: Image.Image, spots: Sequence[Mapping[str, Any]], locale: str, box: tuple[int, int, int]
) -> int:
    """Every spot's letter with its score (and its bonus when there is room); returns the bottom."""
    left, top, right = box
    columns, rows = _legend_rows(len(spots))
    height = 44 + rows * LEGEND_ROW + 8
    kit.panel(canvas, (left, top, right, top + height), 12, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    kit.draw_text(
        draw, (left + 14, top + 22), t(locale, "tri.render.choices"), kit.font(18, True), kit.INK_DIM, anchor="lm"
    )
    col_w = (right - left - 20) / columns
    face = kit.font(20, True)
    for index, spot in enumerate(spots):
        col, row = divmod(index, rows)
        x = left + 12 + col * col_w
        y = top + 44 + row * LEGEND_ROW + LEGEND_ROW / 2
        bonus = spot.get("bonus") in BONUS_POINTS
        kit.draw_badge(canvas, (x + 13, y), 24, _spot_letter(spot, index), fill=kit.ALERT if bonus else kit.GOLD)
        points = kit.as_int(spot.get("points"))
        text = t(locale, "tri.render.points", n=points) if columns == 1 else f"+{points}"
        width = kit.draw_text(draw, (x + 32, y), text, face, kit.INK, anchor="lm")
        if bonus and columns == 1:
            label = bonus_label(spot.get("bonus"), locale)
            kit.draw_text(draw, (x + 44 + width, y), label, kit.font(18, True), (255, 150, 140), anchor="lm")
    return top + height


def _draw_start(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, area: kit.Box) -> None:
    """An empty board: the draw for the first player (who drew which tile) and who starts."""
    left, top, right, bottom = area
    draw = ImageDraw.Draw(canvas)
    cx = (left + right) / 2
    draws = [d for d in view.get("start_draws") or () if isinstance(d, Sequence) and len(d) >= 2]
    if not draws:
        kit.draw_centered(draw, (cx, (top + bottom) / 2), t(locale, "tri.render.empty"), kit.font(26), kit.INK_DIM)
        return
    kit.draw_centered(draw, (cx, top + 40), t(locale, "tri.render.start_draw"), kit.font(28, True), kit.INK)
    turn = _turn_seats(view)
    starter = turn[0] if turn else max(draws, key=lambda d: tile_value(d[1]))[0]
    columns = 1 if len(draws) <= 4 else 2
    rows = math.ceil(len(draws) / columns)
    col_w = (right - left - 2 * MARGIN - GAP * (columns - 1)) / columns
    row_h = min(104, (bottom - top - 150) / max(1, rows))
    side = max(48, min(84, round(row_h * 0.9 / ROOT3 * 2)))
    y0 = top + 80
    for i, (seat, code) in enumerate(draws):
        seat = kit.as_int(seat)
        col, row = divmod(i, rows)
        x0 = left + MARGIN + col * (col_w + GAP)
        y = y0 + row * row_h
        box = (round(x0), round(y), round(x0 + col_w), round(y + row_h - 8))
        later = any(kit.as_int(s) == seat for s, _ in draws[i + 1 :])
        is_starter = seat == starter and not later
        colour = kit.seat_colour(seat)
        if is_starter:
            kit.panel(canvas, box, 14, kit.mix(kit.PANEL_SOLID, colour, 0.28), outline=colour, width=3, shadow=True)
        else:
            kit.panel(canvas, box, 14, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
        mid = (box[1] + box[3]) / 2
        th = tile_height(side)
        _paste_tile(canvas, tile_of(str(code), side), (box[0] + 14, mid - th / 2), side)
        face = kit.font(24, True)
        value = t(locale, "tri.render.value", n=tile_value(code))
        vw = kit.draw_text(draw, (box[2] - 16, mid), value, kit.font(22, True), kit.INK, anchor="rm")
        name = _seat_name(names, seat, locale)
        kit.draw_text(
            draw, (box[0] + side + 30, mid), name, face, colour, anchor="lm", max_width=box[2] - vw - box[0] - side - 56
        )
    label = [
        (t(locale, "tri.render.starts", name=_seat_name(names, starter, locale)), kit.font(24, True), kit.INK_DARK)
    ]
    max_w = right - left - 2 * MARGIN - 40
    label = [(kit.fit_text(label[0][0], label[0][1], max_w), label[0][1], label[0][2])]
    kit.pill(canvas, (cx, y0 + rows * row_h + 34), label, kit.seat_colour(starter), align="center")


# --- the side panel ------------------------------------------------------------------------------------------

ROW_H: Final = 64
ROW_GAP: Final = 8


def _panel_height(view: Mapping[str, Any], spots: int = 0) -> int:
    """The height the side panel needs: the picture grows rather than clip it."""
    players = len(_players(view)) * (ROW_H + ROW_GAP) + (34 if view.get("over") else 0)
    if spots:
        return GAP + players + 6 + 52 + _legend_rows(spots)[1] * LEGEND_ROW + MARGIN
    extra = 48 * (bool(view.get("bell") or view.get("out") is not None) + bool(view.get("kids_scoring")))
    return GAP + players + 6 + 58 + GAP + 124 + GAP + extra + MARGIN


def _ranks(players: Sequence[Mapping[str, Any]]) -> list[tuple[int, Mapping[str, Any]]]:
    """Players by score, highest first, with shared ranks for equal scores."""
    ordered = sorted(players, key=lambda p: -kit.as_int(p.get("score")))
    out: list[tuple[int, Mapping[str, Any]]] = []
    for i, player in enumerate(ordered):
        rank = out[-1][0] if out and kit.as_int(out[-1][1].get("score")) == kit.as_int(player.get("score")) else i + 1
        out.append((rank, player))
    return out


def _draw_panel(
    canvas: Image.Image,
    view: Mapping[str, Any],
    names: Sequence[str],
    locale: str,
    box: kit.Box,
    spots: Sequence[Mapping[str, Any]] = (),
) -> None:
    """Players (or the final ranking), then the placements legend, or the pool, last placement and notes."""
    left, top, right, _bottom = box
    draw = ImageDraw.Draw(canvas)
    players = _players(view)
    over = bool(view.get("over"))
    turn = set(_turn_seats(view))
    y = top
    if over:
        kit.draw_text(draw, (left, y + 14), t(locale, "tri.render.ranking"), kit.font(22, True), kit.GOLD, anchor="lm")
        y += 34
        rows = [(rank, p) for rank, p in _ranks(players)]
    else:
        rows = [(0, p) for p in players]
    for i, (rank, player) in enumerate(rows):
        seat = kit.as_int(player.get("seat"), i)
        frame = (left, y, right, y + ROW_H)
        _draw_player(
            canvas, frame, seat, player, _seat_name(names, seat, locale), seat in turn and not over, rank, locale
        )
        y += ROW_H + ROW_GAP
    y += 6
    if spots:
        _draw_legend(canvas, spots, locale, (left, y, right))
        return
    y = _draw_pool(canvas, view, locale, (left, y, right, y + 58)) + GAP
    last = view.get("last")
    if isinstance(last, Mapping):
        y = _draw_last(canvas, last, names, locale, (left, y, right)) + GAP
    notes: list[tuple[str, kit.Colour, kit.Colour]] = []
    out = view.get("out")
    if out is not None and kit.as_int(out, -1) >= 0:
        notes.append(
            (t(locale, "tri.render.out", name=_seat_name(names, kit.as_int(out), locale)), kit.GOLD, kit.INK_DARK)
        )
    elif view.get("bell"):
        notes.append((t(locale, "tri.render.bell"), kit.GOLD, kit.INK_DARK))
    if view.get("kids_scoring"):
        notes.append((t(locale, "tri.render.kids"), kit.PANEL_SOLID, kit.INK_DIM))
    face = kit.font(19, True)
    for text, fill, ink in notes:
        text = kit.fit_text(text, face, right - left - 30)
        kit.pill(canvas, (left, y + 16), [(text, face, ink)], fill, align="left", height=34)
        y += 44


def _draw_player(
    canvas: Image.Image,
    frame: kit.Box,
    seat: int,
    player: Mapping[str, Any],
    name: str,
    is_turn: bool,
    rank: int,
    locale: str,
) -> None:
    """One player: colour stripe, turn arrow or rank, name, tiles in hand under it, score on the right."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(seat)
    winner = rank == 1
    kit.seat_frame(canvas, frame, colour, lit=is_turn or winner, edge=kit.GOLD if winner else None, shadow=True)
    draw = ImageDraw.Draw(canvas)
    x = x0 + 24
    top_y, low_y = y0 + 22, y0 + 46
    if rank:
        kit.draw_text(draw, (x, top_y), f"{rank}.", kit.font(21, True), kit.GOLD if winner else kit.INK, anchor="lm")
        x += 30
    elif is_turn:
        kit.draw_glyph(draw, (x + 7, top_y), "▶", kit.font(18), colour)
        x += 24
    score_face = kit.font(28, True)
    score = str(kit.as_int(player.get("score")))
    unit = t(locale, "tri.render.pts")
    unit_face = kit.font(16)
    score_w = kit.draw_runs(
        draw,
        (x1 - 14, (y0 + y1) / 2),
        [(score, score_face, kit.INK), (" " + unit, unit_face, kit.INK_DIM)],
        align="right",
    )
    room = x1 - 14 - score_w - 12 - x
    kit.draw_text(draw, (x, top_y), name, kit.font(21, True), colour, anchor="lm", max_width=room)
    tiles = kit.as_int(player.get("tiles"))
    icon = 14
    _paste_tile(canvas, tile_image((), icon, True), (x + 1, low_y - tile_height(icon) / 2 - 1), icon)
    text = plural(locale, "tri.render.tiles", tiles)
    kit.draw_text(draw, (x + icon + 8, low_y), text, kit.font(17), kit.INK_DIM, anchor="lm", max_width=room - icon - 8)


def _draw_pool(canvas: Image.Image, view: Mapping[str, Any], locale: str, box: kit.Box) -> int:
    """The pool (face-down tiles to buy) with its count; returns the bottom."""
    left, top, right, bottom = box
    kit.panel(canvas, box, 12, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    cy = (top + bottom) / 2
    side = 34
    back = _tile_shape(side, True, (120, 92, 60), (70, 50, 30))
    for i in range(3):
        kit.paste(
            canvas, back, (left + 12 + i * 6 - _pad(side), round(cy - tile_height(side) / 2) - _pad(side) - 2 + i * 2)
        )
    kit.draw_text(draw, (left + 70, cy), t(locale, "tri.render.pool"), kit.font(21, True), kit.INK_DIM, anchor="lm")
    count = kit.as_int(view.get("pool"))
    text = plural(locale, "tri.render.tiles", count)
    kit.draw_text(draw, (right - 14, cy), text, kit.font(22, True), kit.INK if count else kit.ALERT, anchor="rm")
    draws = kit.as_int(view.get("draws"))
    if draws and not view.get("over"):
        face = kit.font(16, True)
        label = [(t(locale, "tri.render.bought", n=draws), face, kit.INK)]
        kit.pill(canvas, (right - 10, top), label, kit.ALERT, align="right", height=24)
    return bottom


def _draw_last(
    canvas: Image.Image, last: Mapping[str, Any], names: Sequence[str], locale: str, box: tuple[int, int, int]
) -> int:
    """The last placement: who laid which tile, for how many points and which bonus; returns the bottom."""
    left, top, right = box
    bonus = bonus_label(last.get("bonus"), locale)
    height = 124 if bonus else 96
    kit.panel(canvas, (left, top, right, top + height), 12, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    kit.draw_text(
        draw, (left + 14, top + 20), t(locale, "tri.render.last"), kit.font(18, True), kit.INK_DIM, anchor="lm"
    )
    seat = kit.as_int(last.get("seat"))
    side = 50
    code = str(last.get("tile") or "")
    ty = top + 38
    _paste_tile(canvas, tile_of(code, side), (left + 14, ty), side)
    x = left + 14 + side + 14
    name = _seat_name(names, seat, locale)
    kit.draw_text(
        draw, (x, ty + 12), name, kit.font(20, True), kit.seat_colour(seat), anchor="lm", max_width=right - x - 10
    )
    points = t(locale, "tri.render.points", n=kit.as_int(last.get("points")))
    kit.draw_text(draw, (x, ty + 38), points, kit.font(20, True), kit.INK, anchor="lm")
    if bonus:
        face = kit.font(18, True)
        kit.pill(canvas, (x, top + height - 20), [(bonus, face, kit.INK)], kit.ALERT, align="left", height=28)
    return top + height


# --- the hand ------------------------------------------------------------------------------------------------


def render_hand(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> bytes:
    """A player's tiles as PNG bytes, each numbered; ``playable`` lights those tiles and dims the rest."""
    return kit.encode_png(hand_image(view, locale, playable))


def hand_image(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> Image.Image:
    """The hand as an RGBA picture: numbered tiles in rows, their value under each."""
    hand = [str(code) for code in view.get("hand") or ()]
    side = HAND_TILE
    th = tile_height(side)
    step = side + 18
    per_row = max(1, min(len(hand), (HAND_MAX_WIDTH - 2 * MARGIN + 18) // step))
    rows = math.ceil(len(hand) / per_row) if hand else 0
    width = max(HAND_MIN_WIDTH, 2 * MARGIN + per_row * step - 18)
    row_h = th + 58
    height = HEADER + MARGIN + (rows * row_h if hand else 90) + MARGIN
    canvas = kit.new_canvas(width, height)
    _draw_hand_header(canvas, view, locale, hand)
    draw = ImageDraw.Draw(canvas)
    if not hand:
        kit.draw_centered(draw, (width / 2, HEADER + 60), t(locale, "tri.render.empty_hand"), kit.font(26), kit.INK_DIM)
        return canvas
    allowed = set(playable) if playable is not None else None
    value_face = kit.font(18, True)
    for i, code in enumerate(hand):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(hand) - row * per_row)
        x0 = (width - (in_row * step - 18)) / 2 + col * step
        y0 = HEADER + MARGIN + 16 + row * row_h
        lit = allowed is not None and code in allowed
        dim = allowed is not None and not lit
        if lit:
            _halo(canvas, (x0, y0), side, True, kit.GOLD, 10)
        _paste_tile(canvas, tile_of(code, side, dim=dim), (x0, y0), side)
        kit.draw_badge(canvas, (x0 + 14, y0 + 12), 32, str(i + 1), fill=kit.GOLD if lit else kit.INK)
        value = t(locale, "tri.render.value", n=tile_value(code))
        kit.draw_centered(draw, (x0 + side / 2, y0 + th + 18), value, value_face, kit.INK_DIM if dim else kit.INK)
    return canvas


def _draw_hand_header(canvas: Image.Image, view: Mapping[str, Any], locale: str, hand: Sequence[str]) -> None:
    """Title and tile count on the left, the seat's score and "your turn" on the right."""
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    seat = view.get("seat")
    colour = kit.seat_colour(seat) if isinstance(seat, int) else kit.INK
    x = MARGIN + kit.draw_text(
        draw, (MARGIN, cy), t(locale, "tri.render.your_tiles"), kit.font(28, True), colour, anchor="lm"
    )
    count = plural(locale, "tri.render.tiles", len(hand))
    total = t(locale, "tri.render.total", n=sum(tile_value(code) for code in hand))
    kit.draw_text(draw, (x + 16, cy), f"{count} · {total}", kit.font(21), kit.INK_DIM, anchor="lm")
    right = canvas.width - MARGIN
    if isinstance(seat, int) and seat in _turn_seats(view) and not view.get("over"):
        label = [(t(locale, "tri.render.your_turn"), kit.font(22, True), kit.INK_DARK)]
        kit.pill(canvas, (right, cy), label, colour, align="right")


# --- examples and timing -------------------------------------------------------------------------------------

EXAMPLE_NAMES = ("Amélie", "Bruno", "Chloé", "Étienne")


def _example_board() -> list[dict[str, Any]]:
    """A consistent mid-game layout: one number per lattice point, so every touching corner matches."""
    spaces = [
        (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (1, -1),
        (1, 4), (-1, 1), (-1, 2), (0, -1), (2, 1), (2, 2), (1, 5), (2, 3), (0, 5), (1, 6),
    ]  # fmt: skip
    board = []
    for order, (r, c) in enumerate(spaces, start=1):
        corners = [round(3 * x + 4 * y + (x * y) % 5) % 6 for x, y in vertices(r, c)]
        low = corners.index(min(corners))
        tile = "-".join(str(n) for n in corners[low:] + corners[:low])
        board.append(
            {"r": r, "c": c, "up": is_up(r, c), "corners": corners, "tile": tile, "seat": order % 4, "order": order}
        )
    return board


def example_view() -> dict[str, Any]:
    """A mid-game public view of a four-player table, for the README picture and for benchmarks."""
    board = _example_board()
    last = board[-1]
    return {
        "game": "triominos",
        "round": 2,
        "rounds": 0,
        "target": 400,
        "players": [
            {"seat": 0, "score": 187, "tiles": 5},
            {"seat": 1, "score": 142, "tiles": 7},
            {"seat": 2, "score": 211, "tiles": 4},
            {"seat": 3, "score": 96, "tiles": 6},
        ],
        "to_act": [1],
        "pool": 12,
        "board": board,
        "last": {"r": last["r"], "c": last["c"], "seat": 0, "tile": last["tile"], "points": 49, "bonus": "bridge"},
        "draws": 0,
        "start_draws": [[0, "3-4-5"], [1, "1-2-2"], [2, "0-0-4"], [3, "2-3-3"]],
        "bell": False,
        "out": None,
        "over": False,
        "kids_scoring": False,
    }


EXAMPLE_HAND = ["0-1-2", "1-1-4", "2-3-5", "3-3-3", "0-4-4", "1-3-5", "2-2-5"]


def example_seat_view() -> dict[str, Any]:
    """The example table seen by seat 1, whose turn it is."""
    return {**example_view(), "seat": 1, "hand": list(EXAMPLE_HAND)}


def write_example(path: str | Path, width: int = 700, locale: str = "fr") -> int:
    """Write the example table, scaled to ``width`` px and palette-encoded, for documentation; return its size."""
    image = table_image(example_view(), EXAMPLE_NAMES, locale)
    height = round(image.height * width / image.width)
    small = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    data = kit.encode_png(small, colors=256)
    Path(path).write_bytes(data)
    return len(data)


def full_board() -> list[dict[str, Any]]:
    """All 56 tiles laid in a compact block (numbers need not match): the largest table to draw."""
    tiles = [f"{a}-{b}-{c}" for a in range(6) for b in range(a, 6) for c in range(b, 6)]
    board = []
    for i, code in enumerate(tiles):
        r, c = divmod(i, 14)
        r, c = r - 2, c - 7
        numbers = list(parse_tile(code))
        board.append({"r": r, "c": c, "up": is_up(r, c), "corners": numbers, "tile": code, "seat": i % 4, "order": i})
    return board


def benchmark(repeat: int = 20) -> dict[str, float]:
    """Median milliseconds per PNG for the full table (56 tiles, 6 players), the largest hand and 30 placements."""
    names = [f"Éléonore-Françoise n°{i} de Châteaubriand"[:32] for i in range(6)]
    board = full_board()
    view = {
        **example_view(),
        "players": [{"seat": i, "score": 999, "tiles": 25} for i in range(6)],
        "board": board,
        "last": {**{k: board[30][k] for k in ("r", "c", "seat", "tile")}, "points": 75, "bonus": "triple_hexagon"},
    }
    hand_view = {**view, "seat": 0, "hand": [item["tile"] for item in board[:25]]}
    spots = [
        {"letter": letter_label(i), "r": -3, "c": i - 15, "corners": [1, 2, 3], "points": 14, "bonus": None}
        for i in range(30)
    ]
    return {
        "table_ms": kit.measure_ms(lambda: render_table(view, names, "fr"), repeat),
        "hand_ms": kit.measure_ms(lambda: render_hand(hand_view, "fr", hand_view["hand"][::3]), repeat),
        "placements_ms": kit.measure_ms(lambda: render_placements(view, names, "fr", "1-2-3", spots), repeat),
    }
