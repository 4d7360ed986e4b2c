"""Le Chat vert's shared table, drawn from the public view only.

Discord shows a picture 265 px wide on a phone, whatever its own width: the picture is narrow (400 px) and draws
what only a picture shows, large: the seats in two columns around a tall oval holding the pile, clockwise in seat
order (up the left column from the bottom, down the right one), each with its name, its card count and its
markers, the direction of play as arrows around the pile, the top card (ringed in the colour called after a major)
and the draw pile with its size. The message's text says the rest in words (whose turn it is, every count in
playing order, the added rules in force, what the markers mean): no header, footer or legend is drawn. Of the
added rules nothing is drawn, and the view's last penalties (which may quote what a rule makes players say) are
never read. The picture has one size whatever the number of players and the phase.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.chat_vert.views import ChatVertTable
from bot.games.chat_vert.views import Mark
from bot.games.chat_vert.views import SeatInfo
from renders import kit
from renders import layout
from renders import measure
from renders.chat_vert.cards import CARD_COLOURS
from renders.chat_vert.cards import COLOURS
from renders.chat_vert.cards import card_back
from renders.chat_vert.cards import card_face
from renders.chat_vert.cards import chip
from renders.chat_vert.cards import colour_letter
from renders.chat_vert.cards import direction_ring
from renders.chat_vert.cards import icon
from renders.chat_vert.cards import seat_name
from renders.chat_vert.cards import swatch
from renders.chat_vert.cards import table_oval
from renders.chat_vert.cards import words
from renders.layout import Space
from renders.layout.laying import lay_around
from renders.layout.laying import lay_card
from renders.layout.laying import shadow_layer
from renders.layout.panels import frame_ground
from renders.layout.parts import Draw
from renders.layout.parts import Parts
from renders.layout.parts import in_tile
from renders.layout.parts import origin
from renders.layout.parts import start

WIDTH: Final = 400
"""Shown 265 px wide on a phone (two thirds) and at its own size on a desktop."""
MARGIN: Final = 8
GAP: Final = 8
"""Between the seat columns and the oval, and between two plates of a column."""
CENTRE_W: Final = 116
PLATE: Final = ((WIDTH - 2 * MARGIN - 2 * GAP - CENTRE_W) // 2, 64)
"""A seat plate's width and height."""
ROWS: Final = 5
"""Plates per column at the largest table (ten seats)."""
TOP: Final = MARGIN
COLUMN_H: Final = ROWS * PLATE[1] + (ROWS - 1) * GAP
HEIGHT: Final = TOP + COLUMN_H + MARGIN
CENTRE: Final = (WIDTH // 2, TOP + COLUMN_H // 2)
OVAL: Final = (CENTRE_W // 2, COLUMN_H // 2)
RING: Final = (OVAL[0] - 8, OVAL[1] - 14)
"""The half-axes of the felt oval and of the direction ring inside it."""
TOP_CARD: Final = 96
STOCK_CARD: Final = 40
BADGE: Final = 36
"""The colour token on the corner of a major on the pile."""
MARK: Final = 30
"""A seat marker on a plate (skipped, string)."""
TURN_MARK: Final = 26
BACK: Final = 16
"""The width of the small card back beside a plate's count."""
STOCK_SPREAD: Final = 3
STOCK_LAYER: Final = 15
"""One face-down layer of the draw pile per this many cards (four at most)."""
GLOW: Final = 8
ACTIVE_ALPHA: Final = 215
DONE_ALPHA: Final = 120
NAME: Final = 17
COUNT: Final = 24
TEXT: Final = 17
NOTE: Final = 14
STOCK_ROOM: Final = CENTRE_W // 2 + GAP // 2 - 1
"""Half the width of the draw pile's part: its label ("Draw pile 108") fits, between the columns of plates."""
PAD: Final = Space.S
"""Inside a plate, from its edges."""
ORDER: Final[tuple[Mark, ...]] = ("skipped", "ficelle")
"""The markers a plate draws, in order. The dealer matters only while choosing who starts, when its plate glows as
the seat awaited (and the text names it); the card being played or kept is the seat to play's, which glows."""


def table_image(table: ChatVertTable, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture.

    Drawn from cached parts: the felt with the oval and the direction ring, then one part per look (the draw pile,
    each seat's plate); only the pile's top card is drawn anew."""
    alpha = DONE_ALPHA if table.phase == "over" else ACTIVE_ALPHA
    base = _base(table.arrows, alpha)
    canvas = start(base)
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


PARTS: Final = Parts(maxsize=96)
"""The parts of the tables as last drawn: a move changes a plate or two and the draw pile."""


def _draw_centre(canvas: Image.Image, table: ChatVertTable, locale: str, base: Image.Image) -> None:
    """The oval with the direction arrows, the top card (after a major: ringed in the chosen colour, with that
    colour's token on its corner), a pending +2/+4, and the draw pile."""
    cx, cy = CENTRE
    card_h = kit.card_size(TOP_CARD)[1]
    card_xy = (cx - TOP_CARD // 2, cy - card_h + Space.XS)
    chosen = CARD_COLOURS[table.colour] if table.top_major and table.colour in COLOURS else None
    face = card_face(table.top, TOP_CARD, locale, ring=chosen)
    lay_card(canvas, face, card_xy, glow=None if chosen is None else (chosen, Space.S))
    if chosen is not None:
        badge = swatch(table.colour, BADGE, colour_letter(table.colour, locale))
        kit.paste(canvas, badge, (card_xy[0] + TOP_CARD - BADGE + Space.S, card_xy[1] - Space.S - Space.XS))
    below = card_xy[1] + card_h + Space.L + Space.XS
    pending = table.pending
    if pending is not None and table.phase == "play":
        runs = [(f"+{pending.count}", kit.font(COUNT, True), kit.INK)]
        chip(canvas, (cx, below), runs, kit.ALERT, align="center", outline=kit.PAPER)
    xy = (cx, below + Space.XL + Space.XS)
    region = _stock_region(xy)
    ox, oy = origin(region)
    at = (xy[0] - ox, xy[1] - oy)
    PARTS.tile(canvas, region, (table.stock, locale), lambda c: _draw_stock(c, table.stock, locale, at), base)


def _stock_region(xy: tuple[int, int]) -> kit.Box:
    """What the draw pile's part covers: its stack, its shadow and its label under it."""
    cx, y0 = xy
    return (cx - STOCK_ROOM, y0 - Space.S, cx + STOCK_ROOM, y0 + kit.card_size(STOCK_CARD)[1] + Space.XXL + Space.XS)


def _draw_stock(canvas: Image.Image, count: int, locale: str, xy: tuple[int, int]) -> None:
    """The draw pile as a face-down stack, a layer per ``STOCK_LAYER`` cards (an empty slot when there is none),
    and its size under it."""
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
    label_y = y0 + card_h + spread * max(0, layers - 1) + Space.M
    runs = [(words(locale, "stock") + " ", kit.font(NOTE), kit.INK_DIM), (str(count), kit.font(TEXT, True), kit.INK)]
    with measure.secondary():  # the draw pile's size does not decide a move (the text says it too)
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
        marks = tuple(m for m in info.marks if m in ORDER)
        _draw_surround(canvas, info, frame, seat)
        name = seat_name(names, seat, locale)
        key = (info.cards, info.awaited, info.winner, info.targeted, marks, seat, name, locale)
        PARTS.tile(canvas, frame, key, _seat_drawing(info, marks, in_tile(frame), seat, name, locale))


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


def _seat_drawing(info: SeatInfo, marks: tuple[Mark, ...], frame: kit.Box, seat: int, name: str, locale: str) -> Draw:
    return lambda canvas: _draw_seat(canvas, info, marks, frame, seat, name, locale)


def _draw_seat(
    canvas: Image.Image,
    info: SeatInfo,
    marks: tuple[Mark, ...],
    frame: kit.Box,
    seat: int,
    name: str,
    locale: str,
) -> None:
    """One plate: the turn arrow (or the winner's star) and the name on top; a card back with the card count (or
    "winner") under it; on the right of the count the seat's markers, those that do not fit there on the right of
    the name. A seat that must take a pending +2/+4 is edged in red (the pile shows how many)."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(seat)
    lit = info.winner or info.awaited
    edge = kit.GOLD if info.winner else kit.ALERT if info.targeted else None
    halo = (kit.GOLD if info.winner else colour) if lit else None
    # no stripe: the name in the seat's colour says whose plate it is, and the narrow plate keeps its width for it
    ground = frame_ground(
        (x1 - x0, y1 - y0),
        colour,
        lit=lit or info.targeted,
        edge=edge,
        tint=0.3,
        stripe=False,
        shadow=True,
        halo=None if halo is None else (halo, GLOW),
    )
    canvas.paste(ground, (x0, y0))
    draw = ImageDraw.Draw(canvas)
    row1, row2 = y0 + Space.L + Space.XS, y1 - Space.L - Space.XS
    back_h = kit.card_size(BACK)[1]
    bx: float = x0 + PAD
    kit.paste_card(canvas, card_back(BACK), (round(bx), round(row2 - back_h / 2)), shadow=True)
    bx += BACK + Space.XS
    if info.winner:
        face = kit.font(TEXT, True)
        bx += kit.draw_text(draw, (bx, row2), words(locale, "winner"), face, kit.GOLD, anchor="lm", max_width=x1 - bx)
    else:
        ink = kit.ALERT if info.cards == 1 else kit.INK
        bx += kit.draw_text(draw, (bx, row2), str(info.cards), kit.font(COUNT, True), ink, anchor="lm")
    fit = max(0, int((x1 - Space.XS - bx) // (MARK + Space.XS)))
    low, high = marks[len(marks) - fit :] if fit else (), marks[: len(marks) - fit]
    _draw_marks(canvas, low, x1 - Space.XS, row2, locale)
    name_end = _draw_marks(canvas, high, x1 - Space.XS, row1, locale)
    x = x0 + PAD
    if info.awaited:
        kit.paste(canvas, icon("turn", TURN_MARK), (x, round(row1 - TURN_MARK / 2)))
        x += TURN_MARK + Space.XS
    elif info.winner:
        kit.draw_glyph(draw, (x + TURN_MARK / 2, row1), "★", kit.font(TURN_MARK), kit.GOLD)
        x += TURN_MARK + Space.XS
    kit.draw_text(draw, (x, row1), name, kit.font(NAME, True), colour, anchor="lm", max_width=name_end - Space.XS - x)


def _draw_marks(canvas: Image.Image, marks: Sequence[Mark], right: float, cy: float, locale: str) -> float:
    """The ``marks`` in order, ending at ``right``, centred on ``cy``; returns where they start."""
    x = right - len(marks) * (MARK + Space.XS) + Space.XS
    start_x = x
    for mark in marks:
        kit.paste(canvas, icon(mark, MARK), (round(x), round(cy - MARK / 2)))
        x += MARK + Space.XS
    return start_x
