"""A Triominos player's private picture: their tiles, numbered as the panel's list numbers them, with the value
of each; on their turn the tiles that can be laid are lit and the others greyed.

The picture keeps one size for the whole game: it has room for the deal and three tiles bought, five to a row, and
a larger hand packs its tiles smaller into the same frame.
"""

from __future__ import annotations

import math
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import TriominosSeatView
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import header_detail
from renders.layout import header_pill
from renders.regions import Regions
from renders.triominos.tiles import HEADER
from renders.triominos.tiles import MARGIN
from renders.triominos.tiles import ROOT3
from renders.triominos.tiles import halo
from renders.triominos.tiles import header_band
from renders.triominos.tiles import paste_tile
from renders.triominos.tiles import tile_height
from renders.triominos.tiles import tile_image

WIDTH: Final = 560
PER_ROW: Final = 5
GAP: Final = Space.M
SIDE: Final = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * GAP) // PER_ROW
"""The tile side of a hand that fits its frame (96 px: numbers 32 px tall)."""
VALUE_H: Final = 30
ROW_GAP: Final = Space.S
BADGE: Final = 38
"""The number badge: its digit 10 px tall on a phone."""
DEALT: Final = {2: 9, 3: 7, 4: 7, 5: 6, 6: 6}
"""Tiles dealt to each player by the number of players (the rules' set-up)."""
BOUGHT: Final = 3
"""The most tiles bought in one turn."""


def frame_rows(players: int) -> int:
    """The rows of the hand's frame: the deal and a turn's purchases, five to a row."""
    return math.ceil((DEALT.get(players, 9) + BOUGHT) / PER_ROW)


def hand_size(players: int) -> tuple[int, int]:
    """The hand picture's size, the same for the whole game."""
    row_h = tile_height(SIDE) + VALUE_H + ROW_GAP
    return WIDTH, HEADER + Space.L + frame_rows(players) * row_h + Space.S


def hand_image(view: TriominosSeatView, locale: str, *, mark: bool) -> Image.Image:
    """The hand as an RGBA picture: numbered tiles in rows, their value under each; with ``mark``, the playable
    tiles lit and the others dimmed."""
    hand = view.own.hand
    width, height = hand_size(len(view.table.players))
    canvas = kit.new_canvas(width, height)
    header = (view.seat, view.own.my_turn, len(view.own.hand), view.own.total, locale)
    PARTS.put(canvas, (0, 0, width, HEADER), header, lambda c: _draw_hand_header(c, view, locale))
    draw = ImageDraw.Draw(canvas)
    if not hand:
        text = t(locale, "tri.render.empty_hand")
        kit.draw_centered(draw, (width / 2, (HEADER + height) / 2), text, face(Type.TITLE), kit.INK_DIM)
        return canvas
    rows = frame_rows(len(view.table.players))
    room_h = height - HEADER - Space.L - Space.S
    per_row = max(PER_ROW, math.ceil(len(hand) / rows))
    used_rows = math.ceil(len(hand) / per_row)
    side = min(SIDE, (width - 2 * MARGIN - (per_row - 1) * GAP) // per_row)
    side = min(side, int((room_h / used_rows - VALUE_H - ROW_GAP) * 2 / ROOT3))
    th = tile_height(side)
    row_h = th + VALUE_H + ROW_GAP
    badge = min(BADGE, side // 2)
    playable = frozenset(view.own.playable)
    value_face = face(Type.SMALL, True)
    for i, tile in enumerate(hand):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(hand) - row * per_row)
        x0 = (width - (in_row * (side + GAP) - GAP)) / 2 + col * (side + GAP)
        y0 = HEADER + Space.L + row * row_h
        lit = mark and tile.code in playable
        dim = mark and not lit
        if lit:
            halo(canvas, (x0, y0), side, True, kit.GOLD, Space.S)
        paste_tile(canvas, tile_image(tile.numbers, side, dim=dim), (x0, y0), side)
        centre = (x0 + badge * 0.27, y0 + badge * 0.53)
        kit.draw_badge(canvas, centre, badge, str(i + 1), fill=kit.GOLD if lit else kit.INK)
        value = t(locale, "tri.render.value", n=tile.value)
        kit.draw_centered(
            draw, (x0 + side / 2, y0 + th + VALUE_H / 2 + 2), value, value_face, kit.INK_DIM if dim else kit.INK
        )
    return canvas


PARTS: Final = Regions(maxsize=32)
"""The headers of the hands as last drawn: a header changes only with the seat's turn and its count of tiles."""


def _draw_hand_header(canvas: Image.Image, view: TriominosSeatView, locale: str) -> None:
    """Title and tile count on the left, "your turn" on the right."""
    colour = kit.seat_colour(view.seat)
    canvas.paste(header_band(canvas.width))  # the part's scratch: the header's size, on the felt
    right: float = canvas.width - MARGIN
    if view.own.my_turn:
        right = header_pill(canvas, t(locale, "tri.render.your_turn"), colour, margin=MARGIN, height=HEADER)
    draw = ImageDraw.Draw(canvas)
    x = MARGIN + kit.draw_text(
        draw, (MARGIN, HEADER // 2), t(locale, "tri.render.your_tiles"), face(Type.TITLE, True), colour, anchor="lm"
    )
    count = plural(locale, "tri.render.tiles", len(view.own.hand))
    total = t(locale, "tri.render.total", n=view.own.total)
    with measure.secondary():
        header_detail(
            canvas, x, f"{count} · {total}", size=Type.NOTE, gap=Space.M, room=right - x - 2 * Space.M, height=HEADER
        )
