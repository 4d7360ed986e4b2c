"""Le Chat vert's shared table, drawn from the public view only.

The picture is narrow (Discord shows it about 340 px wide on a phone): the status line on top, then the seats in
two columns around a tall oval holding the pile, clockwise in seat order (up the left column from the bottom, down
the right one) with the direction of play drawn as arrows around the pile, and a footer with the number of added
rules and what the seat markers mean. Of the added rules only their number is drawn, never their text, and the
view's last penalties (which may quote what a rule makes players say) are never read. The picture has one size
whatever the number of players and the phase.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.chat_vert_views import ChatVertTable
from bot.games.chat_vert_views import Mark
from bot.games.chat_vert_views import SeatInfo
from renders import kit
from renders import layout
from renders import measure
from renders.chat_vert.cards import CARD_COLOURS
from renders.chat_vert.cards import COLOURS
from renders.chat_vert.cards import card_back
from renders.chat_vert.cards import card_face
from renders.chat_vert.cards import chip
from renders.chat_vert.cards import colour_letter
from renders.chat_vert.cards import counted
from renders.chat_vert.cards import dealer_token
from renders.chat_vert.cards import direction_ring
from renders.chat_vert.cards import icon
from renders.chat_vert.cards import seat_name
from renders.chat_vert.cards import shaded_felt
from renders.chat_vert.cards import swatch
from renders.chat_vert.cards import table_oval
from renders.chat_vert.cards import words
from renders.chat_vert.status import named_line
from renders.lay import Tiles
from renders.lay import lay_around
from renders.lay import lay_card
from renders.lay import origin
from renders.lay import shadow_layer
from renders.layout import Space
from renders.regions import Draw
from renders.regions import start

WIDTH: Final = 600
HEADER: Final = 56
MARGIN: Final = 12
GAP: Final = 10
"""Between the seat columns and the oval, and between two plates of a column."""
CENTRE_W: Final = 180
PLATE: Final = ((WIDTH - 2 * MARGIN - 2 * GAP - CENTRE_W) // 2, 84)
"""A seat plate's width and height."""
ROWS: Final = 5
"""Plates per column at the largest table (ten seats)."""
TOP: Final = HEADER + MARGIN
COLUMN_H: Final = ROWS * PLATE[1] + (ROWS - 1) * GAP
FOOTER: Final = 78
HEIGHT: Final = TOP + COLUMN_H + GAP + FOOTER + MARGIN
CENTRE: Final = (WIDTH // 2, TOP + COLUMN_H // 2)
OVAL: Final = (CENTRE_W // 2, COLUMN_H // 2)
RING: Final = (OVAL[0] - 8, OVAL[1] - 16)
"""The half-axes of the felt oval and of the direction ring inside it."""
TOP_CARD: Final = 116
STOCK_CARD: Final = 50
BADGE: Final = 44
"""The colour token on the corner of a major on the pile."""
MARK: Final = 34
"""A seat marker on a plate (dealer, skipped, drawing, string)."""
TURN_MARK: Final = 30
LEGEND_MARK: Final = 30
BACK: Final = 20
"""The width of the small card back beside a plate's count."""
STOCK_SPREAD: Final = 3
STOCK_LAYER: Final = 15
"""One face-down layer of the draw pile per this many cards (four at most)."""
GLOW: Final = 10
ACTIVE_ALPHA: Final = 215
DONE_ALPHA: Final = 120
NAME: Final = 20
COUNT: Final = 26
TEXT: Final = 18
NOTE: Final = 15
ORDER: Final[tuple[Mark, ...]] = ("dealer", "skipped", "drawing", "ficelle")
FOOTER_TOP: Final = TOP + COLUMN_H + GAP
STOCK_ROOM: Final = 80
"""Half the width of the draw pile's tile: its label "Pioche 108" fits."""


def table_image(table: ChatVertTable, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture.

    Drawn from cached parts: the felt with the oval and the direction ring, then one part per look (the header,
    the footer, the draw pile, each seat's plate); only the pile's top card is drawn anew. The footer goes first:
    the shadow of a lit plate at the bottom reaches over it. The parts away from the oval are drawn on the felt."""
    alpha = DONE_ALPHA if table.phase == "over" else ACTIVE_ALPHA
    base = _base(table.arrows, alpha)
    canvas = start(base)
    header = _header_key(table, names, locale)
    PARTS.paste(canvas, (0, 0, WIDTH, HEADER), (header, locale), lambda c: _draw_header(c, header, locale))
    shown = frozenset(mark for info in table.seats for mark in info.marks)
    footer = (0, FOOTER_TOP, WIDTH, HEIGHT)
    top = FOOTER_TOP - origin(footer)[1]
    PARTS.paste(
        canvas, footer, (table.rules, shown, locale), lambda c: _draw_footer(c, table.rules, shown, locale, top)
    )
    _draw_centre(canvas, table, locale, base)
    _draw_seats(canvas, table, names, locale)
    return canvas


@lru_cache(maxsize=4)
def _base(direction: int, alpha: int) -> Image.Image:
    """The felt, the oval around the pile and the direction ring: what changes only with the direction."""
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    cx, cy = CENTRE
    kit.paste(canvas, table_oval(*OVAL), (cx - OVAL[0], cy - OVAL[1]))
    ring = direction_ring(direction, kit.INK_DIM if direction == 0 else kit.GOLD, alpha, *RING)
    kit.paste(canvas, ring, (cx - ring.width // 2, cy - ring.height // 2))
    return canvas


PARTS: Final = Tiles(maxsize=96)
"""The parts of the tables as last drawn: a move changes the header, a plate or two and the draw pile."""


HeaderKey = tuple[str, int | None, int, int | None, str]
"""What the header shows: the phase, the winner, the dealer, whose turn it is and the name it names."""


def _header_key(table: ChatVertTable, names: Sequence[str], locale: str) -> HeaderKey:
    seat = table.winner if table.phase == "over" else table.dealer if table.phase == "direction" else table.turn
    name = seat_name(names, seat, locale) if seat is not None else ""
    return table.phase, table.winner, table.dealer, table.turn, name


def _draw_header(canvas: Image.Image, header: HeaderKey, locale: str) -> None:
    """Whose turn it is, who chooses the direction or who won, on the whole width of the band."""
    phase, winner, dealer, turn, name = header
    canvas.paste(shaded_felt(WIDTH, HEADER, kit.HEADER), (0, 0))  # ``kit.header_strip``, blended once
    draw = ImageDraw.Draw(canvas)
    cy = HEADER / 2
    room = WIDTH - 2 * MARGIN - Space.XL - Space.S
    if phase == "over":
        if winner is None:
            kit.draw_text(draw, (WIDTH / 2, cy), words(locale, "over"), kit.font(22, True), kit.GOLD, anchor="mm")
            return
        seat, key, glyph, mark = winner, "wins", "★", kit.GOLD
    elif phase == "direction":
        seat, key, glyph, mark = dealer, "choose", "▶", kit.seat_colour(dealer)
    elif turn is not None:
        seat, key, glyph, mark = turn, "turn", "▶", kit.seat_colour(turn)
    else:
        return
    colour = kit.seat_colour(seat)
    fill = kit.GOLD if phase == "over" else kit.INK
    runs = named_line(locale, f"cv.render.{key}", name, colour, room, fill=fill)
    width = kit.runs_width(runs) + Space.XL + Space.S
    x = (WIDTH - width) / 2
    kit.draw_glyph(draw, (x + Space.M, cy), glyph, kit.font(26), mark)
    kit.draw_runs(draw, (x + Space.XL + Space.S, cy), runs)


def _draw_centre(canvas: Image.Image, table: ChatVertTable, locale: str, base: Image.Image) -> None:
    """The oval with the direction arrows, the top card (after a major: ringed in the chosen colour, with that
    colour's token on its corner), a pending +2/+4, and the draw pile with its size."""
    cx, cy = CENTRE
    card_h = kit.card_size(TOP_CARD)[1]
    card_xy = (cx - TOP_CARD // 2, cy - card_h + Space.S)
    chosen = CARD_COLOURS[table.colour] if table.top_major and table.colour in COLOURS else None
    face = card_face(table.top, TOP_CARD, locale, ring=chosen)
    lay_card(canvas, face, card_xy, glow=None if chosen is None else (chosen, Space.M))
    if chosen is not None:
        badge = swatch(table.colour, BADGE, colour_letter(table.colour, locale))
        kit.paste(canvas, badge, (card_xy[0] + TOP_CARD - BADGE + Space.M, card_xy[1] - Space.M - Space.XS))
    below = card_xy[1] + card_h + Space.XL
    pending = table.pending
    if pending is not None and table.phase == "play":
        runs = [(f"+{pending.count}", kit.font(COUNT, True), kit.INK)]
        chip(canvas, (cx, below), runs, kit.ALERT, align="center", outline=kit.PAPER)
    xy = (cx, below + Space.XL + Space.S)
    region = _stock_region(xy)
    ox, oy = origin(region)
    at = (xy[0] - ox, xy[1] - oy)
    PARTS.paste(canvas, region, (table.stock, locale), lambda c: _draw_stock(c, table.stock, locale, at), base)


def _stock_region(xy: tuple[int, int]) -> kit.Box:
    """What the draw pile's part covers: its stack, its shadow and its label under it."""
    cx, y0 = xy
    return (cx - STOCK_ROOM, y0 - Space.M, cx + STOCK_ROOM, y0 + kit.card_size(STOCK_CARD)[1] + Space.XXL + 2)


def _draw_stock(canvas: Image.Image, count: int, locale: str, xy: tuple[int, int]) -> None:
    """The draw pile as a face-down stack (an empty slot when there is none), its label and size under it."""
    card_w = STOCK_CARD
    card_h = kit.card_size(card_w)[1]
    layers = min(4, math.ceil(count / STOCK_LAYER)) if count else 0
    spread = STOCK_SPREAD
    cx, y0 = xy
    x0 = round(cx - (card_w + spread * max(0, layers - 1)) / 2)
    if layers == 0:
        kit.panel(
            canvas, (x0, y0, x0 + card_w, y0 + card_h), kit.card_radius(card_w), (0, 0, 0, 0), outline=kit.PANEL_EDGE
        )
    for i in range(layers):
        offset = (layers - 1 - i) * spread
        lay_card(canvas, card_back(card_w), (x0 + i * spread, y0 + offset), shadow=i == 0)
    label_y = y0 + card_h + spread * max(0, layers - 1) + Space.M + Space.HAIR
    runs = [
        (words(locale, "stock") + " ", kit.font(NOTE), kit.INK_DIM),
        (str(count), kit.font(TEXT, True), kit.INK),
    ]
    with measure.secondary():  # the draw pile's size does not decide a move
        kit.draw_runs(ImageDraw.Draw(canvas), (cx, label_y), runs, align="center")


def seat_positions(players: int) -> list[tuple[int, int]]:
    """Centres of the seat plates, clockwise in seat order: seat 0 at the bottom of the left column, up that
    column, then down the right one. A column with fewer plates spreads them over its height."""
    left = math.ceil(players / 2)
    right = players - left
    xl = MARGIN + PLATE[0] // 2
    xr = WIDTH - MARGIN - PLATE[0] // 2
    return [(xl, y) for y in reversed(_column(left))] + [(xr, y) for y in _column(right)]


def _column(count: int) -> list[int]:
    """The plates' centres of a column of ``count`` plates, top to bottom, spread evenly over the column."""
    if count <= 0:
        return []
    step = (COLUMN_H - PLATE[1]) / (count - 1) if count > 1 else 0.0
    first = CENTRE[1] - step * (count - 1) / 2
    return [round(first + i * step) for i in range(count)]


def plate_size(players: int) -> tuple[int, int]:
    """The size of a seat plate (the same at every table size)."""
    return PLATE


def _draw_seats(canvas: Image.Image, table: ChatVertTable, names: Sequence[str], locale: str) -> None:
    """Each plate is a cached tile cut to its frame; a lit plate's halo and shadow outside it go on the felt."""
    w, h = PLATE
    for seat, (info, (px, py)) in enumerate(zip(table.seats, seat_positions(len(table.seats)), strict=True)):
        frame = (px - w // 2, py - h // 2, px + w // 2, py + h // 2)
        pending = table.pending.count if table.pending is not None and info.targeted else None
        _draw_surround(canvas, info, frame, seat)
        name = seat_name(names, seat, locale)
        ox, oy = origin(frame)
        local = (frame[0] - ox, frame[1] - oy, frame[2] - ox, frame[3] - oy)
        PARTS.paste(
            canvas, frame, (info, seat, name, locale, pending), _seat_drawing(info, local, seat, name, locale, pending)
        )


def _draw_surround(canvas: Image.Image, info: SeatInfo, frame: kit.Box, seat: int) -> None:
    """What a lit plate casts around it: its halo and its shadow (the plate's tile, pasted next over the frame,
    holds them under itself)."""
    lit = info.winner or info.awaited
    w, h = frame[2] - frame[0], frame[3] - frame[1]
    if lit:
        halo = kit.GOLD if info.winner else kit.seat_colour(seat)
        lay_around(canvas, kit.glow(w, h, layout.RADIUS, halo, GLOW), (frame[0] - GLOW, frame[1] - GLOW), frame)
    if lit or info.targeted:
        pad = PLATE_BLUR * 3
        shadow = shadow_layer(w, h, PLATE_RADIUS, PLATE_BLUR, PLATE_SHADOW)
        lay_around(canvas, shadow, (frame[0] - pad + 2, frame[1] - pad + 4), frame)


PLATE_RADIUS: Final = 12
PLATE_BLUR: Final = 5
PLATE_SHADOW: Final = 120
"""The shadow of a lit plate: ``kit.drop_shadow`` (offset 2, 4) of the plate's rounded box."""


@lru_cache(maxsize=64)
def _plate_ground(
    size: tuple[int, int], colour: kit.RGB, halo: kit.RGB | None, lit: bool, edge: kit.RGB | None
) -> Image.Image:
    """A plate's panel on the felt, with the corners of its ``halo`` and of its shadow: the same pixels wherever
    the plate lies, drawn once per look."""
    w, h = size
    ground = kit.new_canvas(w, h)
    if halo is not None:
        kit.paste(ground, kit.glow(w, h, layout.RADIUS, halo, GLOW), (-GLOW, -GLOW))
    kit.seat_frame(ground, (0, 0, w, h), colour, lit=lit, edge=edge, tint=0.3, shadow=True)
    return ground


def _seat_drawing(info: SeatInfo, frame: kit.Box, seat: int, name: str, locale: str, pending: int | None) -> Draw:
    return lambda canvas: _draw_seat(canvas, info, frame, seat, name, locale, pending)


def _draw_seat(
    canvas: Image.Image, info: SeatInfo, frame: kit.Box, seat: int, name: str, locale: str, pending: int | None
) -> None:
    """One plate: colour stripe, turn arrow, name, a card back with the card count, a pending +2/+4 it must take,
    and the seat's markers."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(seat)
    lit = info.winner or info.awaited
    edge = kit.GOLD if info.winner else kit.ALERT if info.targeted else None
    halo = (kit.GOLD if info.winner else colour) if lit else None
    ground = _plate_ground((x1 - x0, y1 - y0), colour, halo, lit or info.targeted, edge)
    canvas.paste(ground, (x0, y0))
    draw = ImageDraw.Draw(canvas)
    row1 = y0 + Space.XL
    x = x0 + Space.XL
    if info.awaited:
        kit.paste(canvas, icon("turn", TURN_MARK), (x - Space.HAIR, round(row1 - TURN_MARK / 2)))
        x += TURN_MARK + Space.XS
    elif info.winner:
        kit.draw_glyph(draw, (x + Space.M, row1), "★", kit.font(26), kit.GOLD)
        x += TURN_MARK
    kit.draw_text(draw, (x, row1), name, kit.font(NAME, True), colour, anchor="lm", max_width=x1 - Space.M - x)
    row2 = y1 - Space.XL
    back_h = kit.card_size(BACK)[1]
    bx: float = x0 + Space.XL
    kit.paste_card(canvas, card_back(BACK), (round(bx), round(row2 - back_h / 2)), shadow=True)
    bx += BACK + Space.S
    if info.winner:
        bx += kit.draw_text(draw, (bx, row2), words(locale, "winner"), kit.font(TEXT, True), kit.GOLD, anchor="lm")
    else:
        ink = kit.ALERT if info.cards == 1 else kit.INK
        bx += kit.draw_text(draw, (bx, row2), str(info.cards), kit.font(COUNT, True), ink, anchor="lm")
    mx = x1 - Space.S - MARK
    for mark in reversed(info.marks):
        if mark == "dealer":
            with measure.secondary():  # the dealer matters to choose the direction, which the header names
                dealer_token(canvas, (mx + MARK / 2, row2), MARK, locale)
        else:
            kit.paste(canvas, icon(mark, MARK), (mx, round(row2 - MARK / 2)))
        mx -= MARK + Space.XS
    if pending is not None:
        runs = [(f"+{pending}", kit.font(TEXT, True), kit.INK)]
        chip(canvas, (max(bx + Space.S, mx + MARK + Space.XS), row2), runs, kit.ALERT, align="right")


def _draw_footer(canvas: Image.Image, rules: int, shown: frozenset[Mark], locale: str, top: int) -> None:
    """The number of secret rules, then what the markers on the plates mean (for the markers shown); the
    footer's top at ``top``."""
    line = FOOTER // 2
    cy = top + line / 2
    runs = [(counted(locale, "rules", rules), kit.font(TEXT, True), kit.INK if rules else kit.INK_DIM)]
    box = chip(canvas, (MARGIN, cy), runs, kit.PANEL_SOLID, outline=kit.GOLD if rules else kit.PANEL_EDGE)
    marks = [mark for mark in ORDER if mark in shown]
    draw = ImageDraw.Draw(canvas)
    font = kit.font(NOTE)
    x: float = box[2] + Space.L
    with measure.secondary():
        for mark in marks:
            label = words(locale, f"legend.{mark}")
            need = LEGEND_MARK + Space.XS + font.getlength(label)
            if x + need > WIDTH - MARGIN:
                x, cy = MARGIN, cy + line
                if cy > top + FOOTER:
                    break
            if mark == "dealer":
                dealer_token(canvas, (x + LEGEND_MARK / 2, cy), LEGEND_MARK, locale)
            else:
                kit.paste(canvas, icon(mark, LEGEND_MARK), (round(x), round(cy - LEGEND_MARK / 2)))
            kit.draw_text(draw, (x + LEGEND_MARK + Space.XS, cy), label, font, kit.INK_DIM, anchor="lm")
            x += need + Space.L
