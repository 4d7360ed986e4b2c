"""Neurotrio pictures: the shared table (from the public view only), a player's hand and notebook, the legal cells.

A card is a square tile in its background colour (black, green or blue) holding one, two or three drawn shapes
(heart, five-pointed star or rose): the count is the strength, also written small in the top right corner, and the
background's initial sits in the top left corner for colour-blind players. The grid shows the domain's bounding
box plus the ring of cells around it, labelled with column letters and row numbers; bids are small cartons in the
bidder's colour on the cards. Every word comes from the catalog.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from PIL import Image, ImageDraw

from bot.i18n import language, plural, t
from renders import kit

MARGIN: Final = 18
GAP: Final = 10
HEADER: Final = 64
PANEL_W: Final = 360
LABEL: Final = 26
"""The band holding column letters above the grid and row numbers left of it."""
BOARD_W: Final = 700
BOARD_H: Final = 640
CELL_MIN: Final = 72
CELL_MAX: Final = 124
CARD_INSET: Final = 3

NATURES: Final = ("C", "E", "R")
FONDS: Final = ("N", "V", "B")
FORCES: Final = ("1", "2", "3")
ALL_TYPES: Final = tuple(n + f + s for n in NATURES for f in FONDS for s in FORCES)
MENTIONS: Final = ("0", "1", "2", "nature", "fond", "force")

FOND_COLOURS: Final[dict[str, kit.RGB]] = {"N": (30, 30, 36), "V": (22, 132, 70), "B": (34, 86, 200)}
NATURE_COLOURS: Final[dict[str, kit.RGB]] = {"C": (238, 56, 78), "E": (252, 206, 56), "R": (250, 136, 190)}
ROSE_HEART: Final[kit.RGB] = (176, 30, 96)
CARD_EDGE: Final[kit.RGB] = (236, 232, 220)
EMPTY_CELL: Final[kit.RGBA] = (255, 255, 255, 22)
BLOCKED_CELL: Final[kit.RGBA] = (0, 0, 0, 40)
GHOST_FILL: Final[kit.RGBA] = (255, 236, 170, 90)
USED: Final[kit.RGB] = (88, 104, 96)

SHAPE_SPOTS: Final[dict[int, tuple[tuple[float, float, float], ...]]] = {
    1: ((0.5, 0.54, 0.56),),
    2: ((0.66, 0.36, 0.4), (0.34, 0.68, 0.4)),
    3: ((0.5, 0.31, 0.33), (0.27, 0.7, 0.33), (0.73, 0.7, 0.33)),
}
"""Centre x, centre y and size of each shape, as fractions of the card side, by strength."""


Point = tuple[float, float]


# --- small helpers -------------------------------------------------------------------------------------------


def _players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in view.get("players") or () if isinstance(p, Mapping)]


def _items(view: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    return [item for item in view.get(key) or () if isinstance(item, Mapping)]


def _turn_seats(view: Mapping[str, Any]) -> list[int]:
    to_act = view.get("to_act")
    if to_act is None:
        return []
    if isinstance(to_act, int):
        return [to_act]
    return [kit.as_int(seat) for seat in to_act]


def _auction(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    auction = view.get("auction")
    return auction if isinstance(auction, Mapping) else None


def _phase(view: Mapping[str, Any]) -> str:
    if view.get("over") or view.get("phase") == "over":
        return "over"
    return "auction" if view.get("phase") == "auction" else "build"


def _seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or t(locale, "neuro.render.player", n=seat + 1)


def parse_card(code: object) -> tuple[str, str, str]:
    """Nature, background and strength of a code such as ``"CN1"``; ``ValueError`` on anything else."""
    text = str(code).upper()
    if len(text) != 3 or text[0] not in NATURES or text[1] not in FONDS or text[2] not in FORCES:
        raise ValueError(f"not a card code: {code!r}")
    return text[0], text[1], text[2]


def letter_label(index: int) -> str:
    """A, B, ... Z, AA, AB...: the name of the ``index``-th column (0-based)."""
    label = ""
    index += 1
    while index > 0:
        index, rest = divmod(index - 1, 26)
        label = chr(65 + rest) + label
    return label or "?"


class Area:
    """The drawn part of the grid: the domain's bounding box and one ring of cells around it."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        box = view.get("box") if isinstance(view.get("box"), Mapping) else None
        cells = [(kit.as_int(i.get("r")), kit.as_int(i.get("c"))) for i in _items(view, "grid")]
        if box is not None:
            r0, c0 = kit.as_int(box.get("r0")), kit.as_int(box.get("c0"))
            rows, cols = max(1, kit.as_int(box.get("rows"), 1)), max(1, kit.as_int(box.get("cols"), 1))
        elif cells:
            r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
            rows = max(r for r, _ in cells) - r0 + 1
            cols = max(c for _, c in cells) - c0 + 1
        else:
            r0, c0, rows, cols = 0, 0, 1, 1
        self.box_rows, self.box_cols = rows, cols
        self.r0, self.c0 = r0 - 1, c0 - 1
        self.rows, self.cols = rows + 2, cols + 2
        limits = view.get("limits") if isinstance(view.get("limits"), Mapping) else {}
        limit_rows, limit_cols = kit.as_int(limits.get("rows"), 6), kit.as_int(limits.get("cols"), 11)
        self.row_ring_open = rows + 1 <= limit_rows and rows + 1 <= 2 * cols
        self.col_ring_open = cols + 1 <= limit_cols and cols + 1 <= 2 * rows

    def contains(self, r: int, c: int) -> bool:
        return 0 <= r - self.r0 < self.rows and 0 <= c - self.c0 < self.cols

    def blocked(self, r: int, c: int) -> bool:
        """Ring cells no placement can reach: the corners, and a ring side the limits keep closed."""
        i, j = r - self.r0, c - self.c0
        edge_row = i in (0, self.rows - 1)
        edge_col = j in (0, self.cols - 1)
        if edge_row and edge_col:
            return True
        return (edge_row and not self.row_ring_open) or (edge_col and not self.col_ring_open)


def cell_name(view: Mapping[str, Any], r: int, c: int) -> str:
    """The name of cell (r, c) on the table picture: column letter then row number, e.g. ``"C4"``.

    Cell ``(box.r0 - 1 + i, box.c0 - 1 + j)`` is letter ``j`` and number ``i + 1``.
    """
    area = Area(view)
    return f"{letter_label(c - area.c0)}{r - area.r0 + 1}"


# --- cards ---------------------------------------------------------------------------------------------------


def _heart(cx: float, cy: float, size: float) -> list[Point]:
    scale = size / 34
    pts = []
    for k in range(60):
        a = 2 * math.pi * k / 60
        x = 16 * math.sin(a) ** 3
        y = 13 * math.cos(a) - 5 * math.cos(2 * a) - 2 * math.cos(3 * a) - math.cos(4 * a)
        pts.append((cx + x * scale, cy - (y + 2.5) * scale))
    return pts


def _star(cx: float, cy: float, size: float) -> list[Point]:
    outer, inner = size / 2, size / 2 * 0.42
    pts = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + radius * math.cos(a), cy + 0.06 * size + radius * math.sin(a)))
    return pts


def _grow(pts: Sequence[Point], centre: Point, by: float) -> list[Point]:
    return [(centre[0] + (x - centre[0]) * by, centre[1] + (y - centre[1]) * by) for x, y in pts]


def _draw_nature(draw: ImageDraw.ImageDraw, nature: str, cx: float, cy: float, size: float, edge: float) -> None:
    """One shape at ``(cx, cy)``, ``size`` across, with a light outline ``edge`` wide."""
    fill = kit.with_alpha(NATURE_COLOURS[nature], 255)
    rim = kit.with_alpha(CARD_EDGE, 255)
    if nature == "C":
        pts = _heart(cx, cy, size)
        draw.polygon(_grow(pts, (cx, cy), 1 + 2 * edge / size), fill=rim)
        draw.polygon(pts, fill=fill)
    elif nature == "E":
        pts = _star(cx, cy, size)
        draw.polygon(_grow(pts, (cx, cy + 0.06 * size), 1 + 3 * edge / size), fill=rim)
        draw.polygon(pts, fill=fill)
    else:
        petal = size * 0.24
        ring = size * 0.26
        spots = [
            (cx + ring * math.cos(a), cy + ring * math.sin(a))
            for a in (-math.pi / 2 + k * 2 * math.pi / 5 for k in range(5))
        ]
        for x, y in spots:
            r = petal + edge
            draw.ellipse((x - r, y - r, x + r, y + r), fill=rim)
        for x, y in spots:
            draw.ellipse((x - petal, y - petal, x + petal, y + petal), fill=fill)
        core = size * 0.17
        draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=kit.with_alpha(ROSE_HEART, 255))
        dot = core * 0.45
        draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=kit.with_alpha(NATURE_COLOURS["E"], 255))


def fond_letter(fond: str, locale: object) -> str:
    """The background's initial printed on the card (``N V B`` in French, ``K G B`` in English)."""
    return t(locale, f"neuro.render.fond_letter.{fond}")


@lru_cache(maxsize=512)
def _card(code: str, width: int, lang: str) -> Image.Image:
    nature, fond, force = parse_card(code)
    s = kit.SUPERSAMPLE
    big_w = width * s
    big = Image.new("RGBA", (big_w, big_w), kit.with_alpha(CARD_EDGE, 0))
    draw = ImageDraw.Draw(big)
    radius = max(3, round(width * 0.13)) * s
    draw.rounded_rectangle((0, 0, big_w - 1, big_w - 1), radius=radius, fill=kit.with_alpha(CARD_EDGE, 255))
    border = max(2, round(width * 0.05)) * s
    draw.rounded_rectangle(
        (border, border, big_w - 1 - border, big_w - 1 - border),
        radius=max(s, radius - border),
        fill=kit.with_alpha(FOND_COLOURS[fond], 255),
    )
    edge = max(1.0, width * 0.025) * s
    for x, y, size in SHAPE_SPOTS[int(force)]:
        _draw_nature(draw, nature, x * big_w, y * big_w, size * big_w, edge)
    card = big.resize((width, width), Image.Resampling.BOX)
    if width >= 40:
        cdraw = ImageDraw.Draw(card)
        face = kit.font(max(9, round(width * 0.2)), True)
        corner = width * 0.065 + face.size * 0.45
        kit.draw_glyph(cdraw, (corner + 1, corner + 1), fond_letter(fond, lang), face, kit.INK)
        kit.draw_glyph(cdraw, (width - corner - 1, corner + 1), force, face, kit.INK)
    return card


@lru_cache(maxsize=512)
def _variant(code: str, width: int, lang: str, alpha: int, veil: int, cross: bool) -> Image.Image:
    card = _card(code, width, lang).copy()
    if alpha < 255:
        card.putalpha(card.getchannel("A").point(lambda v: v * alpha // 255))
    if veil:
        shade = Image.new("RGBA", card.size, (14, 22, 18, 0))
        shade.putalpha(kit.rounded_mask(width, width, max(3, round(width * 0.13))).point(lambda v: v * veil // 255))
        card.alpha_composite(shade)
    if cross:
        s = kit.SUPERSAMPLE
        layer = Image.new("RGBA", (width * s, width * s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(layer)
        pad, line = width * 0.16 * s, max(2, round(width * 0.08)) * s
        colour = kit.with_alpha(kit.ALERT, 255)
        draw.line((pad, pad, width * s - pad, width * s - pad), fill=colour, width=line)
        draw.line((pad, width * s - pad, width * s - pad, pad), fill=colour, width=line)
        card.alpha_composite(layer.resize((width, width), Image.Resampling.BOX))
    return card


def card_image(
    code: str, width: int, locale: object = "fr", *, alpha: int = 255, dim: bool = False, crossed: bool = False
) -> Image.Image:
    """The card ``code`` as a ``width`` px square; ``alpha`` fades it, ``dim`` darkens it (not playable),
    ``crossed`` darkens and crosses it out (cannot be the treasure).

    An unknown code draws a blank tile. Shared by a cache: paste it, never draw on it.
    """
    lang = language(locale)
    try:
        parse_card(code)
    except ValueError:
        return _blank(width)
    code = str(code).upper()
    if alpha == 255 and not dim and not crossed:
        return _card(code, width, lang)
    return _variant(code, width, lang, alpha, 150 if crossed else 135 if dim else 0, crossed)


@lru_cache(maxsize=64)
def _blank(width: int) -> Image.Image:
    tile = Image.new("RGBA", (width, width), kit.with_alpha(CARD_EDGE, 0))
    radius = max(3, round(width * 0.13))
    kit.panel(tile, (0, 0, width, width), radius, (120, 120, 120), outline=CARD_EDGE, width=2)
    return tile


def _paste_card(canvas: Image.Image, card: Image.Image, xy: tuple[float, float], *, shadow: bool = True) -> None:
    x, y = round(xy[0]), round(xy[1])
    if shadow:
        radius = max(3, round(card.width * 0.13))
        kit.drop_shadow(canvas, (x, y, x + card.width, y + card.height), radius, blur=3, offset=(1, 3), opacity=120)
    kit.paste(canvas, card, (x, y))


def _carton(
    canvas: Image.Image,
    centre: Point,
    text: str,
    fill: kit.Colour,
    height: int,
    *,
    ink: kit.Colour = kit.INK_DARK,
    min_width: int = 0,
) -> kit.Box:
    """A small rounded carton with a bold label, centred on ``centre``; returns its box."""
    face = kit.font(max(8, round(height * 0.66)), True)
    width = max(min_width, height, round(face.getlength(text) + height * 0.5))
    x0, y0 = round(centre[0] - width / 2), round(centre[1] - height / 2)
    box = (x0, y0, x0 + width, y0 + height)
    kit.panel(canvas, box, max(2, height // 4), fill, outline=kit.PAPER, width=max(1, height // 12))
    kit.draw_glyph(ImageDraw.Draw(canvas), ((box[0] + box[2]) / 2, centre[1]), text, face, ink)
    return box


def mention_label(mention: object, locale: str) -> str:
    """A personal carton's mention as printed: ``0 1 2`` or the attribute's word."""
    text = str(mention)
    return t(locale, f"neuro.render.mention.{text}") if text in MENTIONS else text


# --- the table -----------------------------------------------------------------------------------------------


def render_table(view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes, from the public view and the seat names (a seat view shows nothing more)."""
    return kit.encode_png(table_image(view, names, locale))


def render_cells(
    view: Mapping[str, Any], names: Sequence[str], locale: str, card: str, cells: Sequence[Mapping[str, Any]]
) -> bytes:
    """The table with every legal cell for ``card`` as a translucent ghost with its name and the VP it scores."""
    return kit.encode_png(table_image(view, names, locale, card=card, cells=cells))


class Layout:
    """Cell size and pixel positions of the drawn grid."""

    def __init__(self, area: Area) -> None:
        self.area = area
        fit = min((BOARD_W - 2 * MARGIN - LABEL) / area.cols, (BOARD_H - 2 * MARGIN - LABEL) / area.rows)
        self.cell = int(max(CELL_MIN, min(CELL_MAX, fit)))
        self.grid_w = area.cols * self.cell
        self.grid_h = area.rows * self.cell
        self.width = max(BOARD_W, self.grid_w + LABEL + 2 * MARGIN)
        self.height = max(BOARD_H, self.grid_h + LABEL + 2 * MARGIN)
        self.left = (self.width - self.grid_w + LABEL) // 2
        self.top = HEADER + (self.height - self.grid_h + LABEL) // 2

    def corner(self, r: int, c: int) -> tuple[int, int]:
        return self.left + (c - self.area.c0) * self.cell, self.top + (r - self.area.r0) * self.cell


def table_image(
    view: Mapping[str, Any],
    names: Sequence[str],
    locale: str,
    *,
    card: str | None = None,
    cells: Sequence[Mapping[str, Any]] = (),
) -> Image.Image:
    """The table as an RGBA picture; with ``cells``, the legal cells for ``card`` drawn as ghosts."""
    area = Area(view)
    layout = Layout(area)
    panel_h = _panel_height(view)
    width = layout.width + PANEL_W + MARGIN
    height = max(HEADER + layout.height, HEADER + GAP + panel_h + MARGIN)
    if height > HEADER + layout.height:
        layout.top += (height - HEADER - layout.height) // 2
    canvas = kit.new_canvas(width, height)
    ghost_items = [cell for cell in cells if isinstance(cell, Mapping)]
    _draw_header(canvas, view, names, locale, card if card is not None else None, len(ghost_items))
    _draw_grid(canvas, view, names, locale, layout, ghosts=bool(ghost_items))
    if ghost_items and card is not None:
        _draw_ghosts(canvas, view, locale, layout, card, ghost_items)
    _draw_panel(canvas, view, names, locale, (layout.width, HEADER + GAP, width - MARGIN, height - MARGIN))
    return canvas


def _draw_header(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, card: str | None, ghosts: int
) -> None:
    """Title and phase on the left; whose turn, the auction, the end, or the card being placed on the right."""
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    phase = _phase(view)
    x = MARGIN + kit.draw_text(
        draw, (MARGIN, cy), t(locale, "neuro.render.title"), kit.font(30, True), kit.GOLD, anchor="lm"
    )
    x += 16 + kit.draw_text(
        draw, (x + 16, cy), t(locale, f"neuro.render.phase.{phase}"), kit.font(22), kit.INK_DIM, anchor="lm"
    )
    right = canvas.width - MARGIN
    room = right - x - 60
    if card is not None:
        side = 46
        text = plural(locale, "neuro.render.choices", ghosts)
        width = kit.draw_text(draw, (right, cy), text, kit.font(23, True), kit.INK, anchor="rm", max_width=room - side)
        _paste_card(canvas, card_image(card, side, locale), (right - width - side - 14, cy - side / 2))
        return
    if phase == "over":
        ranked = _ranks(_players(view))
        winners = [_seat_name(names, kit.as_int(p.get("seat")), locale) for rank, p in ranked if rank == 1]
        if winners:
            face = kit.font(23, True)
            text = plural(locale, "neuro.render.winners", len(winners), names=", ".join(winners))
            label = [(kit.fit_text(text, face, room), face, kit.INK_DARK)]
            kit.pill(canvas, (right, cy), label, kit.GOLD, align="right")
        return
    auction = _auction(view)
    seats = _turn_seats(view)
    seat = kit.as_opt_int(auction.get("bidder")) if phase == "auction" and auction else None
    if seat is None and seats:
        seat = seats[0]
    if seat is None:
        return
    key = "neuro.render.to_bid" if phase == "auction" else "neuro.render.turn"
    runs = kit.catalog_runs(
        locale, key, _seat_name(names, seat, locale), kit.font(24), kit.INK, kit.seat_colour(seat), room
    )
    width = kit.draw_runs(draw, (right, cy), runs, align="right")
    kit.draw_glyph(draw, (right - width - 20, cy), "▶", kit.font(22), kit.seat_colour(seat))


def _bid_groups(view: Mapping[str, Any]) -> dict[tuple[int, int], list[Mapping[str, Any]]]:
    groups: dict[tuple[int, int], list[Mapping[str, Any]]] = {}
    for bid in _items(view, "bids"):
        groups.setdefault((kit.as_int(bid.get("r")), kit.as_int(bid.get("c"))), []).append(bid)
    return groups


def _draw_grid(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, layout: Layout, ghosts: bool
) -> None:
    """Labels, empty cells, the domain cards, the last placement lit and the bids on the cards."""
    area, cell = layout.area, layout.cell
    draw = ImageDraw.Draw(canvas)
    label_face = kit.font(max(15, min(20, cell // 4)), True)
    for j in range(area.cols):
        x = layout.left + j * cell + cell / 2
        kit.draw_centered(draw, (x, layout.top - LABEL / 2 - 2), letter_label(j), label_face, kit.INK_DIM)
    for i in range(area.rows):
        y = layout.top + i * cell + cell / 2
        kit.draw_text(draw, (layout.left - 8, y), str(i + 1), label_face, kit.INK_DIM, anchor="rm")
    frame = (layout.left - 4, layout.top - 4, layout.left + layout.grid_w + 4, layout.top + layout.grid_h + 4)
    kit.panel(canvas, frame, 10, (0, 0, 0, 50), outline=kit.PANEL_EDGE, width=1)
    cards = {(kit.as_int(i.get("r")), kit.as_int(i.get("c"))): str(i.get("card") or "") for i in _items(view, "grid")}
    for i in range(area.rows):
        for j in range(area.cols):
            r, c = area.r0 + i, area.c0 + j
            if (r, c) in cards:
                continue
            x, y = layout.corner(r, c)
            fill = BLOCKED_CELL if area.blocked(r, c) else EMPTY_CELL
            kit.panel(canvas, (x + CARD_INSET, y + CARD_INSET, x + cell - CARD_INSET, y + cell - CARD_INSET), 8, fill)
    last = view.get("last") if isinstance(view.get("last"), Mapping) else None
    last_cell = None
    over = _phase(view) == "over"
    if last and last.get("kind") == "place" and last.get("r") is not None and not over and not ghosts:
        last_cell = (kit.as_int(last.get("r")), kit.as_int(last.get("c")))
    treasure = str(view.get("treasure") or "").upper() if over else ""
    side = cell - 2 * CARD_INSET
    spread = max(8, cell // 8)
    for (r, c), code in cards.items():
        if not area.contains(r, c):
            continue
        x, y = layout.corner(r, c)
        lit = kit.GOLD if treasure and code.upper() == treasure else None
        if (r, c) == last_cell and last is not None:
            lit = kit.seat_colour(kit.as_int(last.get("seat")))
        if lit is not None:
            halo = kit.glow(side, side, max(3, round(side * 0.13)), lit, spread)
            kit.paste(canvas, halo, (x + CARD_INSET - spread, y + CARD_INSET - spread))
        _paste_card(canvas, card_image(code, side, locale), (x + CARD_INSET, y + CARD_INSET))
    for (r, c), bids in _bid_groups(view).items():
        if area.contains(r, c):
            _draw_bids(canvas, layout, r, c, bids)


def _draw_bids(canvas: Image.Image, layout: Layout, r: int, c: int, bids: Sequence[Mapping[str, Any]]) -> None:
    """The bids on one card: base cartons in the bidder's colour along its bottom, in rows of three."""
    cell = layout.cell
    x, y = layout.corner(r, c)
    height = max(18, round(cell * 0.26))
    width = round(height * 1.25)
    per_row = max(1, (cell - 4) // (width + 1))
    for k, bid in enumerate(bids):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(bids) - row * per_row)
        x0 = x + (cell - in_row * (width + 1)) / 2 + col * (width + 1) + width / 2
        y0 = y + cell - CARD_INSET - height / 2 - 1 - row * (height + 1)
        _carton(
            canvas,
            (x0, y0),
            str(kit.as_int(bid.get("base"))),
            kit.seat_colour(kit.as_int(bid.get("seat"))),
            height,
            min_width=width,
        )


def _draw_ghosts(
    canvas: Image.Image,
    view: Mapping[str, Any],
    locale: str,
    layout: Layout,
    card: str,
    cells: Sequence[Mapping[str, Any]],
) -> None:
    """Each legal cell: the card faded in, its name in the middle and the VP it scores under it."""
    area, cell = layout.area, layout.cell
    side = cell - 2 * CARD_INSET
    ghost = card_image(card, side, locale, alpha=95)
    draw = ImageDraw.Draw(canvas)
    name_face = kit.font(max(16, round(cell * 0.27)), True)
    vp_face = kit.font(max(13, round(cell * 0.18)), True)
    for item in cells:
        r, c = kit.as_int(item.get("r")), kit.as_int(item.get("c"))
        if not area.contains(r, c):
            continue
        x, y = layout.corner(r, c)
        box = (x + CARD_INSET, y + CARD_INSET, x + cell - CARD_INSET, y + cell - CARD_INSET)
        kit.panel(canvas, box, 8, GHOST_FILL, outline=kit.GOLD, width=2)
        kit.paste(canvas, ghost, (box[0], box[1]))
        name = str(item.get("name") or cell_name(view, r, c))
        cx = x + cell / 2
        kit.draw_text(
            draw, (cx, y + cell * 0.42), name, name_face, kit.INK, anchor="mm", stroke=3, stroke_fill=kit.INK_DARK
        )
        vp = kit.as_int(item.get("vp"))
        text = t(locale, "neuro.render.vp_change", n=f"+{vp}" if vp > 0 else str(vp))
        fill = kit.GOLD if vp > 0 else kit.PANEL_SOLID
        ink = kit.INK_DARK if vp > 0 else kit.INK
        kit.pill(
            canvas,
            (cx, y + cell * 0.74),
            [(text, vp_face, ink)],
            fill,
            align="center",
            height=round(vp_face.size * 1.5),
            pad=6,
        )


# --- the side panel ------------------------------------------------------------------------------------------

ROW_H: Final = 58
ROW_GAP: Final = 6
BASES_H: Final = 78
INFO_H: Final = 70
AUCTION_H: Final = 74
LAST_H: Final = 62
TREASURE_H: Final = 112
REVEAL_ROW: Final = 28


def _panel_height(view: Mapping[str, Any]) -> int:
    """The height the side panel needs: the picture grows rather than clip it."""
    height = len(_players(view)) * (ROW_H + ROW_GAP)
    phase = _phase(view)
    if phase == "over":
        height += 34 + TREASURE_H + GAP + 40 + max(1, len(_items(view, "reveal"))) * REVEAL_ROW + 10
    else:
        height += BASES_H + GAP + INFO_H + GAP
        if phase == "auction":
            height += AUCTION_H + GAP
        if isinstance(view.get("last"), Mapping):
            height += LAST_H + GAP
    return height


def _ranks(players: Sequence[Mapping[str, Any]]) -> list[tuple[int, Mapping[str, Any]]]:
    """Players by VP, highest first, with shared ranks for equal scores."""
    ordered = sorted(players, key=lambda p: -kit.as_int(p.get("vp")))
    out: list[tuple[int, Mapping[str, Any]]] = []
    for i, player in enumerate(ordered):
        rank = out[-1][0] if out and kit.as_int(out[-1][1].get("vp")) == kit.as_int(player.get("vp")) else i + 1
        out.append((rank, player))
    return out


def _draw_panel(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box) -> None:
    """Players, then the base cartons, limits and auction; or, at the end, the treasure and the reveal."""
    left, top, right, _bottom = box
    draw = ImageDraw.Draw(canvas)
    phase = _phase(view)
    players = _players(view)
    auction = _auction(view)
    if phase == "auction" and auction and kit.as_opt_int(auction.get("bidder")) is not None:
        turn = {kit.as_int(auction.get("bidder"))}
    else:
        turn = set(_turn_seats(view))
    interrupters = {kit.as_int(s) for s in view.get("interrupters") or ()} if phase == "build" else set()
    y = top
    if phase == "over":
        kit.draw_text(
            draw, (left, y + 14), t(locale, "neuro.render.ranking"), kit.font(22, True), kit.GOLD, anchor="lm"
        )
        y += 34
        rows = _ranks(players)
    else:
        rows = [(0, p) for p in players]
    for i, (rank, player) in enumerate(rows):
        seat = kit.as_int(player.get("seat"), i)
        frame = (left, y, right, y + ROW_H)
        active = seat in turn and phase != "over"
        _draw_player(
            canvas, frame, seat, player, _seat_name(names, seat, locale), active, rank, seat in interrupters, locale
        )
        y += ROW_H + ROW_GAP
    if phase == "over":
        y = _draw_treasure(canvas, view, locale, (left, y, right, y + TREASURE_H)) + GAP
        _draw_reveal(canvas, view, names, locale, (left, y, right))
        return
    y = _draw_bases(canvas, view, locale, (left, y, right, y + BASES_H)) + GAP
    y = _draw_info(canvas, view, locale, (left, y, right, y + INFO_H)) + GAP
    if phase == "auction":
        y = _draw_auction(canvas, view, names, locale, (left, y, right, y + AUCTION_H)) + GAP
    last = view.get("last")
    if isinstance(last, Mapping):
        _draw_last(canvas, view, last, names, locale, (left, y, right, y + LAST_H))


def _draw_player(
    canvas: Image.Image,
    frame: kit.Box,
    seat: int,
    player: Mapping[str, Any],
    name: str,
    active: bool,
    rank: int,
    may_call: bool,
    locale: str,
) -> None:
    """One player: colour stripe, turn arrow or rank, name, cards and cartons under it, VP on the right."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(seat)
    winner = rank == 1
    kit.seat_frame(canvas, frame, colour, lit=active or winner, edge=kit.GOLD if winner else None)
    draw = ImageDraw.Draw(canvas)
    x = x0 + 24
    top_y, low_y = y0 + 19, y0 + 42
    if rank:
        kit.draw_text(draw, (x, top_y), f"{rank}.", kit.font(20, True), kit.GOLD if winner else kit.INK, anchor="lm")
        x += 30
    elif active:
        kit.draw_glyph(draw, (x + 7, top_y), "▶", kit.font(17), colour)
        x += 22
    vp_w = kit.draw_runs(
        draw,
        (x1 - 12, (y0 + y1) / 2),
        [
            (str(kit.as_int(player.get("vp"))), kit.font(27, True), kit.INK),
            (" " + t(locale, "neuro.render.vp"), kit.font(15), kit.INK_DIM),
        ],
        align="right",
    )
    room = x1 - 12 - vp_w - 10 - x
    kit.draw_text(draw, (x, top_y), name, kit.font(20, True), colour, anchor="lm", max_width=room)
    parts = [plural(locale, "neuro.render.cards", kit.as_int(player.get("cards")))]
    parts.append(plural(locale, "neuro.render.cartons", kit.as_int(player.get("cartons_left"))))
    detail = " · ".join(parts)
    width = kit.draw_text(draw, (x, low_y), detail, kit.font(15), kit.INK_DIM, anchor="lm", max_width=room)
    out = kit.as_opt_int(player.get("out"))
    tag = (
        t(locale, "neuro.render.out", n=out)
        if out is not None
        else t(locale, "neuro.render.may_call")
        if may_call
        else ""
    )
    if tag:
        face = kit.font(13, True)
        if x + width + 14 + face.getlength(tag) + 12 <= x1 - 12 - vp_w:
            fill = kit.GOLD if out is not None else kit.mix(kit.PANEL_SOLID, kit.INK, 0.2)
            ink = kit.INK_DARK if out is not None else kit.INK
            kit.pill(canvas, (x + width + 8, low_y), [(tag, face, ink)], fill, height=20, pad=6)


def _section(canvas: Image.Image, box: kit.Box, title: str) -> ImageDraw.ImageDraw:
    kit.panel(canvas, box, 12, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    kit.draw_text(
        draw,
        (box[0] + 14, box[1] + 18),
        title,
        kit.font(17, True),
        kit.INK_DIM,
        anchor="lm",
        max_width=box[2] - box[0] - 28,
    )
    return draw


def _draw_bases(canvas: Image.Image, view: Mapping[str, Any], locale: str, box: kit.Box) -> int:
    """The ten base cartons, those already used greyed; returns the bottom."""
    left, top, right, bottom = box
    _section(canvas, box, t(locale, "neuro.render.bases"))
    left_set = {kit.as_int(b) for b in view.get("bases_left") or ()}
    step = (right - left - 24) / 10
    height = 26
    for n in range(1, 11):
        cx = left + 12 + step * (n - 0.5)
        if n in left_set:
            _carton(canvas, (cx, top + 52), str(n), kit.GOLD, height, min_width=round(step - 4))
        else:
            _carton(canvas, (cx, top + 52), str(n), USED, height, ink=(150, 160, 154), min_width=round(step - 4))
    return bottom


def _draw_info(canvas: Image.Image, view: Mapping[str, Any], locale: str, box: kit.Box) -> int:
    """The grid limits, the "deux cartes" state and the background letters; returns the bottom."""
    left, top, right, bottom = box
    kit.panel(canvas, box, 12, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    limits = view.get("limits") if isinstance(view.get("limits"), Mapping) else {}
    text = t(
        locale, "neuro.render.limits", rows=kit.as_int(limits.get("rows"), 6), cols=kit.as_int(limits.get("cols"), 11)
    )
    width = kit.draw_text(draw, (left + 14, top + 20), text, kit.font(17, True), kit.INK, anchor="lm")
    face = kit.font(15, True)
    if view.get("deux_cartes"):
        label = [(kit.fit_text(t(locale, "neuro.render.deux_cartes"), face, right - left - width - 60), face, kit.INK)]
        kit.pill(canvas, (right - 10, top + 20), label, kit.ALERT, align="right", height=26, pad=8)
    else:
        kit.draw_text(
            draw,
            (right - 14, top + 20),
            t(locale, "neuro.render.no_deux_cartes"),
            kit.font(15),
            kit.INK_DIM,
            anchor="rm",
            max_width=right - left - width - 44,
        )
    kit.draw_text(
        draw,
        (left + 14, top + 49),
        t(locale, "neuro.render.legend"),
        kit.font(15),
        kit.INK_DIM,
        anchor="lm",
        max_width=right - left - 28,
    )
    return bottom


def _draw_auction(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box) -> int:
    """The auction round: who called "neuro" and who bids now; returns the bottom."""
    left, top, right, bottom = box
    auction = _auction(view) or {}
    kit.panel(canvas, box, 12, kit.mix(kit.PANEL_SOLID, kit.GOLD, 0.12), outline=kit.GOLD, width=2)
    draw = ImageDraw.Draw(canvas)
    face = kit.font(17)
    y = top + 21
    for key, seat in (("neuro.render.caller", auction.get("caller")), ("neuro.render.bidder", auction.get("bidder"))):
        seat_n = kit.as_opt_int(seat)
        if seat_n is not None:
            runs = kit.catalog_runs(
                locale,
                key,
                _seat_name(names, seat_n, locale),
                face,
                kit.INK,
                kit.seat_colour(seat_n),
                right - left - 28,
            )
            kit.draw_runs(draw, (left + 14, y), runs)
        y += 32
    done = len(auction.get("done") or ())
    if done:
        kit.draw_text(
            draw,
            (right - 14, top + 21),
            plural(locale, "neuro.render.bids_done", done),
            kit.font(14),
            kit.INK_DIM,
            anchor="rm",
        )
    return bottom


def _draw_last(
    canvas: Image.Image,
    view: Mapping[str, Any],
    last: Mapping[str, Any],
    names: Sequence[str],
    locale: str,
    box: kit.Box,
) -> int:
    """The last move: who placed which card where and the VP it scored, or who passed; returns the bottom."""
    left, top, right, bottom = box
    kit.panel(canvas, box, 12, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    seat = kit.as_int(last.get("seat"))
    cy = (top + bottom) / 2
    x = left + 12
    vp = kit.as_int(last.get("vp"))
    vp_text = t(locale, "neuro.render.vp_change", n=f"+{vp}" if vp > 0 else str(vp)) if vp else ""
    vp_w = (
        kit.draw_text(
            draw, (right - 14, cy), vp_text, kit.font(19, True), kit.GOLD if vp > 0 else kit.ALERT, anchor="rm"
        )
        if vp_text
        else 0
    )
    if last.get("kind") == "place" and last.get("card"):
        side = 42
        _paste_card(canvas, card_image(str(last.get("card")), side, locale), (x, cy - side / 2), shadow=False)
        x += side + 10
        cell = cell_name(view, kit.as_int(last.get("r")), kit.as_int(last.get("c")))
        key = "neuro.render.placed"
    else:
        cell = ""
        key = "neuro.render.passed"
    kit.draw_text(draw, (x, top + 17), t(locale, "neuro.render.last"), kit.font(14, True), kit.INK_DIM, anchor="lm")
    runs = kit.catalog_runs(
        locale,
        key,
        _seat_name(names, seat, locale),
        kit.font(17),
        kit.INK,
        kit.seat_colour(seat),
        right - x - vp_w - 24,
        cell=cell,
    )
    kit.draw_runs(draw, (x, top + 41), runs)
    return bottom


def _draw_treasure(canvas: Image.Image, view: Mapping[str, Any], locale: str, box: kit.Box) -> int:
    """The treasure and the hidden card, face up; returns the bottom."""
    left, top, right, bottom = box
    kit.panel(canvas, box, 12, kit.mix(kit.PANEL_SOLID, kit.GOLD, 0.15), outline=kit.GOLD, width=2)
    draw = ImageDraw.Draw(canvas)
    side = 74
    half = (right - left) / 2
    for k, (key, code) in enumerate(
        (("neuro.render.treasure", view.get("treasure")), ("neuro.render.hidden", view.get("hidden")))
    ):
        x0 = left + k * half
        cx = x0 + half / 2
        kit.draw_centered(
            draw,
            (cx, top + 16),
            t(locale, key),
            kit.font(16, True),
            kit.GOLD if k == 0 else kit.INK_DIM,
            max_width=half - 16,
        )
        if code:
            card = card_image(str(code), side, locale)
            if k == 0:
                spread = 10
                kit.paste(
                    canvas,
                    kit.glow(side, side, round(side * 0.13), kit.GOLD, spread),
                    (round(cx - side / 2) - spread, top + 30 - spread),
                )
            _paste_card(canvas, card, (cx - side / 2, top + 30))
    return bottom


def _draw_reveal(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: tuple[int, int, int]
) -> int:
    """Every bid revealed: bidder, base carton, card and cell, mention and points; returns the bottom."""
    left, top, right = box
    reveal = _items(view, "reveal")
    height = 40 + max(1, len(reveal)) * REVEAL_ROW + 8
    draw = _section(canvas, (left, top, right, top + height), t(locale, "neuro.render.reveal"))
    cards = {(kit.as_int(i.get("r")), kit.as_int(i.get("c"))): str(i.get("card") or "") for i in _items(view, "grid")}
    face = kit.font(15, True)
    if not reveal:
        kit.draw_text(
            draw,
            (left + 14, top + 40 + REVEAL_ROW / 2),
            t(locale, "neuro.render.no_bids"),
            kit.font(15),
            kit.INK_DIM,
            anchor="lm",
        )
    for k, item in enumerate(reveal):
        y = top + 40 + k * REVEAL_ROW + REVEAL_ROW / 2
        seat = kit.as_int(item.get("seat"))
        colour = kit.seat_colour(seat)
        points = kit.as_int(item.get("points"))
        text = f"+{points}" if points > 0 else str(points)
        pw = kit.draw_text(
            draw,
            (right - 12, y),
            text,
            kit.font(17, True),
            kit.GOLD if points > 0 else kit.ALERT if points < 0 else kit.INK_DIM,
            anchor="rm",
        )
        mention = mention_label(item.get("carton", item.get("mention", "")), locale)
        mx = right - 12 - max(pw, 34) - 10
        mw = kit.draw_text(draw, (mx, y), mention, kit.font(15), kit.INK, anchor="rm", max_width=92)
        r, c = kit.as_int(item.get("r")), kit.as_int(item.get("c"))
        cx = mx - max(mw, 20) - 10
        cw = kit.draw_text(draw, (cx, y), cell_name(view, r, c), face, kit.INK_DIM, anchor="rm")
        mini = 22
        code = cards.get((r, c))
        kx = cx - cw - 6 - mini
        if code:
            _paste_card(canvas, card_image(code, mini, locale), (kx, y - mini / 2), shadow=False)
        bx = kx - 8 - 14
        _carton(canvas, (bx, y), str(kit.as_int(item.get("base"))), colour, 20, min_width=26)
        kit.draw_text(
            draw,
            (left + 12, y),
            _seat_name(names, seat, locale),
            face,
            colour,
            anchor="lm",
            max_width=bx - 16 - left - 12,
        )
    return top + height


# --- the hand ------------------------------------------------------------------------------------------------

HAND_CARD: Final = 96
HAND_STEP: Final = HAND_CARD + 12
HAND_WIDTH: Final = 1000
NOTE_CARD: Final = 40
NOTE_STEP: Final = 44


def render_hand(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> bytes:
    """A player's private picture as PNG bytes: hand, personal cartons, notebook and own bids."""
    return kit.encode_png(hand_image(view, locale, playable))


def hand_image(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> Image.Image:
    """The private picture as RGBA: cards in rows (``playable`` lit, the rest dimmed), then notebook and bids."""
    hand = [str(code) for code in view.get("hand") or ()]
    per_row = (HAND_WIDTH - 2 * MARGIN + 12) // HAND_STEP
    rows = math.ceil(len(hand) / per_row) if hand else 0
    hand_h = rows * HAND_STEP + 8 if hand else 70
    my_bids = _items(view, "my_bids")
    note_h = 56 + 3 * (NOTE_STEP + 2) + 40
    bids_h = 92 + GAP + 40 + max(1, len(my_bids)) * 30 + 8
    lower = max(note_h, bids_h)
    width = HAND_WIDTH
    height = HEADER + MARGIN + hand_h + GAP + lower + MARGIN
    canvas = kit.new_canvas(width, height)
    _draw_hand_header(canvas, view, locale, hand)
    draw = ImageDraw.Draw(canvas)
    top = HEADER + MARGIN
    if not hand:
        kit.draw_centered(draw, (width / 2, top + 30), t(locale, "neuro.render.empty_hand"), kit.font(24), kit.INK_DIM)
    allowed = {code.upper() for code in playable} if playable is not None else None
    for i, code in enumerate(hand):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(hand) - row * per_row)
        x0 = (width - (in_row * HAND_STEP - 12)) / 2 + col * HAND_STEP
        y0 = top + row * HAND_STEP
        lit = allowed is not None and code.upper() in allowed
        if lit:
            kit.paste(canvas, kit.glow(HAND_CARD, HAND_CARD, 11, kit.GOLD, 10), (round(x0) - 10, round(y0) - 10))
        dim = allowed is not None and not lit
        _paste_card(canvas, card_image(code, HAND_CARD, locale, dim=dim), (x0, y0), shadow=not dim)
    y = top + hand_h + GAP
    split = MARGIN + 3 * (3 * NOTE_STEP + 16) + 28
    _draw_notebook(canvas, view, locale, (MARGIN, y, split, y + lower))
    _draw_private(canvas, view, locale, (split + GAP, y, width - MARGIN, y + lower))
    return canvas


def _draw_hand_header(canvas: Image.Image, view: Mapping[str, Any], locale: str, hand: Sequence[str]) -> None:
    """Title and card count on the left, the seat's VP and "your turn" on the right."""
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    seat = kit.as_opt_int(view.get("seat"))
    colour = kit.seat_colour(seat) if seat is not None else kit.INK
    x = MARGIN + kit.draw_text(
        draw, (MARGIN, cy), t(locale, "neuro.render.your_hand"), kit.font(28, True), colour, anchor="lm"
    )
    text = plural(locale, "neuro.render.cards", len(hand))
    me = next((p for p in _players(view) if kit.as_opt_int(p.get("seat")) == seat), None)
    if me is not None:
        text += f" · {kit.as_int(me.get('vp'))} {t(locale, 'neuro.render.vp')}"
    kit.draw_text(draw, (x + 16, cy), text, kit.font(21), kit.INK_DIM, anchor="lm")
    auction = _auction(view)
    phase = _phase(view)
    acting = kit.as_opt_int(auction.get("bidder")) if phase == "auction" and auction else None
    if acting is None and _turn_seats(view):
        acting = _turn_seats(view)[0]
    if seat is not None and phase != "over" and acting == seat:
        key = "neuro.render.your_bid" if phase == "auction" else "neuro.render.your_turn"
        kit.pill(
            canvas,
            (canvas.width - MARGIN, cy),
            [(t(locale, key), kit.font(22, True), kit.INK_DARK)],
            colour,
            align="right",
        )


def _draw_notebook(canvas: Image.Image, view: Mapping[str, Any], locale: str, box: kit.Box) -> None:
    """The 27 card types in three blocks (one per nature: backgrounds by row, strengths by column), crossed out
    when they cannot be the treasure."""
    left, top, right, bottom = box
    draw = _section(canvas, box, t(locale, "neuro.render.notebook"))
    crossed = {str(code).upper() for code in view.get("notebook") or ()}
    block_w = 3 * NOTE_STEP
    label_face = kit.font(13, True)
    for k in range(len(NATURES)):
        x0 = left + 28 + k * (block_w + 16)
        for j, force in enumerate(FORCES):
            kit.draw_centered(draw, (x0 + j * NOTE_STEP + NOTE_CARD / 2, top + 44), force, label_face, kit.INK_DIM)
    for i, fond in enumerate(FONDS):
        y0 = top + 56 + i * (NOTE_STEP + 2)
        kit.draw_centered(draw, (left + 15, y0 + NOTE_CARD / 2), fond_letter(fond, locale), label_face, kit.INK_DIM)
        for k, nature in enumerate(NATURES):
            x0 = left + 28 + k * (block_w + 16)
            for j, force in enumerate(FORCES):
                code = nature + fond + force
                card = card_image(code, NOTE_CARD, locale, crossed=code in crossed)
                kit.paste(canvas, card, (x0 + j * NOTE_STEP, y0))
    y = top + 56 + 3 * (NOTE_STEP + 2) + 10
    count = len(crossed & set(ALL_TYPES))
    kit.draw_text(
        draw,
        (left + 14, y + 8),
        plural(locale, "neuro.render.ruled_out", count),
        kit.font(15),
        kit.INK_DIM,
        anchor="lm",
        max_width=right - left - 28,
    )
    _ = bottom


def _draw_private(canvas: Image.Image, view: Mapping[str, Any], locale: str, box: kit.Box) -> None:
    """The player's personal cartons left, then their bids with the hidden mentions."""
    left, top, right, bottom = box
    _section(canvas, (left, top, right, top + 92), t(locale, "neuro.render.your_cartons"))
    remaining = [str(c) for c in view.get("cartons") or ()]
    seat = kit.as_opt_int(view.get("seat"))
    colour = kit.seat_colour(seat) if seat is not None else kit.GOLD
    x = left + 14
    face = kit.font(18, True)
    for mention in MENTIONS:
        label = mention_label(mention, locale)
        width = max(32, round(face.getlength(label)) + 16)
        fill, ink = (colour, kit.INK_DARK) if mention in remaining else (USED, (150, 160, 154))
        box = _carton(canvas, (x + width / 2, top + 58), label, fill, 28, ink=ink, min_width=width)
        x = box[2] + 8
    y = top + 92 + GAP
    bids = _items(view, "my_bids")
    draw = _section(canvas, (left, y, right, bottom), t(locale, "neuro.render.my_bids"))
    cards = {(kit.as_int(i.get("r")), kit.as_int(i.get("c"))): str(i.get("card") or "") for i in _items(view, "grid")}
    if not bids:
        kit.draw_text(
            draw, (left + 14, y + 52), t(locale, "neuro.render.no_bids"), kit.font(16), kit.INK_DIM, anchor="lm"
        )
        return
    for k, bid in enumerate(bids):
        cy = y + 52 + k * 30
        _carton(canvas, (left + 32, cy), str(kit.as_int(bid.get("base"))), colour, 24, min_width=32)
        r, c = kit.as_int(bid.get("r")), kit.as_int(bid.get("c"))
        code = cards.get((r, c))
        x = left + 58
        if code:
            _paste_card(canvas, card_image(code, 26, locale), (x, cy - 13), shadow=False)
        x += 34
        x += kit.draw_text(draw, (x, cy), cell_name(view, r, c), kit.font(17, True), kit.INK, anchor="lm") + 14
        mention = bid.get("carton", bid.get("mention"))
        if mention is not None:
            label = mention_label(mention, locale)
            kit.pill(canvas, (x, cy), [(label, kit.font(15, True), kit.INK_DARK)], kit.PAPER, height=24, pad=8)


# --- examples and timing -------------------------------------------------------------------------------------

EXAMPLE_NAMES = ("Amélie", "Bruno", "Chloé", "Étienne")


def example_view() -> dict[str, Any]:
    """A mid-game public view of a four-player table during an auction, for the README picture and benchmarks."""
    grid = [
        (0, 0, "CN1"), (0, 1, "CN2"), (0, 2, "EN2"), (0, 3, "EV2"), (-1, 1, "CV2"), (-1, 2, "CV3"),
        (1, 0, "CB1"), (1, 1, "CB2"), (1, 2, "RB2"), (1, 3, "RV2"), (0, -1, "RN1"), (-1, 3, "EV3"),
        (1, -1, "RB1"), (2, 1, "EB2"), (2, 2, "EB3"), (0, 4, "EV1"),
    ]  # fmt: skip
    return {
        "game": "neurotrio",
        "phase": "auction",
        "players": [
            {"seat": 0, "vp": 7, "cards": 9, "cartons_left": 5, "out": None},
            {"seat": 1, "vp": 11, "cards": 8, "cartons_left": 4, "out": None},
            {"seat": 2, "vp": 4, "cards": 10, "cartons_left": 6, "out": None},
            {"seat": 3, "vp": 6, "cards": 9, "cartons_left": 5, "out": None},
        ],
        "grid": [{"r": r, "c": c, "card": code} for r, c, code in grid],
        "box": {"r0": -1, "c0": -1, "rows": 4, "cols": 6},
        "limits": {"rows": 6, "cols": 11},
        "bids": [
            {"base": 7, "r": 1, "c": 2, "seat": 1},
            {"base": 3, "r": 1, "c": 2, "seat": 3},
            {"base": 8, "r": 0, "c": 1, "seat": 0},
            {"base": 4, "r": -1, "c": 2, "seat": 1},
            {"base": 6, "r": 2, "c": 2, "seat": 2},
        ],
        "bases_left": [1, 2, 5, 9, 10],
        "to_act": [3],
        "interrupters": [],
        "deux_cartes": False,
        "auction": {"caller": 2, "bidder": 3, "done": [2]},
        "last": {"seat": 1, "kind": "place", "card": "EV1", "r": 0, "c": 4, "vp": 1},
        "over": False,
    }


def example_seat_view() -> dict[str, Any]:
    """The example table seen by seat 3, whose bid it is."""
    return {
        **example_view(),
        "seat": 3,
        "hand": ["CN3", "CV1", "EB1", "EN1", "RN2", "RV3", "RB3", "EN3", "CB3"],
        "cartons": ["0", "1", "2", "fond", "force"],
        "my_bids": [{"base": 3, "r": 1, "c": 2, "seat": 3, "carton": "nature"}],
        "notebook": ["CN1", "CB2", "EV2", "RB1", "CV3"],
    }


def write_example(path: str | Path, width: int = 700, locale: str = "fr") -> int:
    """Write the example table, scaled to ``width`` px and palette-encoded, for documentation; return its size."""
    image = table_image(example_view(), EXAMPLE_NAMES, locale)
    height = round(image.height * width / image.width)
    small = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    data = kit.encode_png(small, colors=256)
    Path(path).write_bytes(data)
    return len(data)


def full_grid() -> list[dict[str, Any]]:
    """A full 6 x 11 domain (66 cards, rows -3..2, columns -5..5): the largest table to draw."""
    return [{"r": r - 3, "c": c - 5, "card": ALL_TYPES[(r * 11 + c) % 27]} for r in range(6) for c in range(11)]


def benchmark(repeat: int = 20) -> dict[str, float]:
    """Median milliseconds per PNG for the full grid with eight players, the largest hand and the cells picture."""
    names = [f"Éléonore-Françoise n°{i} de Châteaubriand"[:32] for i in range(8)]
    grid = full_grid()
    view = {
        **example_view(),
        "players": [{"seat": i, "vp": 20 - i, "cards": 6, "cartons_left": 6 - i % 6, "out": None} for i in range(8)],
        "grid": grid,
        "box": {"r0": -3, "c0": -5, "rows": 6, "cols": 11},
        "bids": [{"base": b, "r": (b % 6) - 3, "c": b - 5, "seat": b % 8} for b in range(1, 11)],
        "last": {"seat": 1, "kind": "place", "card": grid[30]["card"], "r": grid[30]["r"], "c": grid[30]["c"], "vp": 5},
    }
    hand_view = {**example_seat_view(), "hand": list(ALL_TYPES[:18]), "notebook": list(ALL_TYPES[::2])}
    cells = [{"r": -2, "c": c, "name": cell_name(example_view(), -2, c), "vp": c % 3} for c in range(-1, 5)]
    return {
        "table_ms": kit.measure_ms(lambda: render_table(view, names, "fr"), repeat),
        "hand_ms": kit.measure_ms(lambda: render_hand(hand_view, "fr", hand_view["hand"][::3]), repeat),
        "cells_ms": kit.measure_ms(lambda: render_cells(example_view(), names[:4], "fr", "EV2", cells), repeat),
    }
