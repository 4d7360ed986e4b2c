"""A Triominos player's private picture: their tiles, numbered as the panel's list numbers them, with the value
of each; on their turn the tiles that can be laid are lit and the others greyed."""

from __future__ import annotations

import math
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import TriominosSeatView
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import header_pill
from renders.layout import header_title
from renders.triominos.tiles import HEADER
from renders.triominos.tiles import MARGIN
from renders.triominos.tiles import halo
from renders.triominos.tiles import paste_tile
from renders.triominos.tiles import tile_height
from renders.triominos.tiles import tile_image

HAND: Final = layout.TileGrid(116, Space.L + Space.HAIR, margin=MARGIN)
HAND_MIN_WIDTH: Final = layout.HAND_MIN_WIDTH
HAND_MAX_WIDTH: Final = HAND.width
EMPTY_HEIGHT: Final = 90
BADGE: Final = Space.XXL


def hand_image(view: TriominosSeatView, locale: str, *, mark: bool) -> Image.Image:
    """The hand as an RGBA picture: numbered tiles in rows, their value under each; with ``mark``, the playable
    tiles lit and the others dimmed."""
    hand = view.own.hand
    side = HAND.size
    th = tile_height(side)
    per_row = max(1, min(len(hand), HAND.per_row))
    rows = math.ceil(len(hand) / per_row) if hand else 0
    width = max(HAND_MIN_WIDTH, 2 * MARGIN + per_row * HAND.step - HAND.gap)
    row_h = th + 58
    height = HEADER + MARGIN + (rows * row_h if hand else EMPTY_HEIGHT) + MARGIN
    canvas = kit.new_canvas(width, height)
    _draw_hand_header(canvas, view, locale)
    draw = ImageDraw.Draw(canvas)
    if not hand:
        text = t(locale, "tri.render.empty_hand")
        kit.draw_centered(draw, (width / 2, HEADER + 60), text, face(Type.TITLE), kit.INK_DIM)
        return canvas
    playable = frozenset(view.own.playable)
    value_face = face(Type.SMALL, True)
    for i, tile in enumerate(hand):
        row, x0 = HAND.place(i, len(hand), per_row, width)
        y0 = HEADER + MARGIN + Space.L + row * row_h
        lit = mark and tile.code in playable
        dim = mark and not lit
        if lit:
            halo(canvas, (x0, y0), side, True, kit.GOLD, 10)
        paste_tile(canvas, tile_image(tile.numbers, side, dim=dim), (x0, y0), side)
        kit.draw_badge(canvas, (x0 + 14, y0 + Space.M), BADGE, str(i + 1), fill=kit.GOLD if lit else kit.INK)
        value = t(locale, "tri.render.value", n=tile.value)
        kit.draw_centered(draw, (x0 + side / 2, y0 + th + 18), value, value_face, kit.INK_DIM if dim else kit.INK)
    return canvas


def _draw_hand_header(canvas: Image.Image, view: TriominosSeatView, locale: str) -> None:
    """Title and tile count on the left, "your turn" on the right."""
    colour = kit.seat_colour(view.seat)
    count = plural(locale, "tri.render.tiles", len(view.own.hand))
    total = t(locale, "tri.render.total", n=view.own.total)
    detail = f"{count} · {total}"
    header_title(canvas, t(locale, "tri.render.your_tiles"), colour, detail, x=MARGIN, size=Type.BODY, height=HEADER)
    if view.own.my_turn:
        header_pill(canvas, t(locale, "tri.render.your_turn"), colour, margin=MARGIN, height=HEADER)
