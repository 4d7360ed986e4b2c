"""A Neurotrio player's private picture: the hand (playable cards lit), the personal cartons left, the notebook
(the 27 types, crossed out when they cannot be the treasure) and the player's own bids with their hidden mentions."""

from __future__ import annotations

import math
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.neurotrio_views import NeurotrioSeatView
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders.layout import HEADER
from renders.layout import MARGIN
from renders.layout import Space
from renders.layout import Type
from renders.neurotrio.cards import ALL_TYPES
from renders.neurotrio.cards import FONDS
from renders.neurotrio.cards import FORCES
from renders.neurotrio.cards import MENTIONS
from renders.neurotrio.cards import NATURES
from renders.neurotrio.cards import USED
from renders.neurotrio.cards import USED_INK
from renders.neurotrio.cards import card_halo
from renders.neurotrio.cards import card_image
from renders.neurotrio.cards import carton
from renders.neurotrio.cards import fond_letter
from renders.neurotrio.cards import mention_label
from renders.neurotrio.cards import paste_card
from renders.neurotrio.panel import section

HAND_CARD: Final = 96
HAND_GAP: Final = Space.M
HAND_STEP: Final = HAND_CARD + HAND_GAP
HAND_WIDTH: Final = layout.HAND_MAX_WIDTH
EMPTY_HAND_H: Final = 70
NOTE_CARD: Final = 40
NOTE_STEP: Final = NOTE_CARD + Space.XS
NOTE_BLOCK_GAP: Final = Space.L
NOTE_LEFT: Final = 28
"""Room left of the notebook's blocks for the background letters."""
NOTE_TOP: Final = 56
"""From the notebook's top to its first row of cards."""
CARTONS_H: Final = 92
BID_ROW: Final = 30
BID_CARD: Final = 26
MENTION_H: Final = 28
GLOW: Final = 10
PAD: Final = Space.M + Space.HAIR
"""Between a section's edge and its text."""
FIRST_ROW: Final = 52
"""The middle of the first bid, from the top of the bids' section."""
CARTONS_Y: Final = 58
"""The middle of the personal cartons, from the top of their section."""
NOTE_FOOT: Final = 40
"""Under the notebook's cards: the count of types ruled out."""

View = NeurotrioSeatView


def hand_image(view: View, locale: str, *, mark: bool) -> Image.Image:
    """The private picture as RGBA: cards in rows (with ``mark``, the playable ones lit and the rest dimmed), then
    the notebook and the cartons and bids."""
    hand = view.own.hand
    per_row = layout.grid_per_row(HAND_CARD, HAND_GAP, MARGIN, HAND_WIDTH)
    rows = math.ceil(len(hand) / per_row) if hand else 0
    hand_h = rows * HAND_STEP + Space.S if hand else EMPTY_HAND_H
    note_h = NOTE_TOP + 3 * (NOTE_STEP + Space.HAIR) + NOTE_FOOT
    bids_h = CARTONS_H + Space.M + NOTE_FOOT + max(1, len(view.own.my_bids)) * BID_ROW + Space.S
    lower = max(note_h, bids_h)
    width = HAND_WIDTH
    height = HEADER + MARGIN + hand_h + Space.M + lower + MARGIN
    canvas = kit.new_canvas(width, height)
    _draw_header(canvas, view, locale)
    draw = ImageDraw.Draw(canvas)
    top = HEADER + MARGIN
    if not hand:
        face = layout.face(Type.TITLE)
        kit.draw_centered(draw, (width / 2, top + 30), t(locale, "neuro.render.empty_hand"), face, kit.INK_DIM)
    allowed = set(view.own.playable) if mark else None
    for i, code in enumerate(hand):
        row, x0 = layout.grid_x(i, len(hand), per_row, HAND_CARD, HAND_GAP, width)
        y0 = top + row * HAND_STEP
        lit = allowed is not None and code in allowed
        if lit:
            card_halo(canvas, (x0, y0), HAND_CARD, kit.GOLD, GLOW)
        dim = allowed is not None and not lit
        paste_card(canvas, card_image(code, HAND_CARD, locale, dim=dim), (x0, y0), shadow=not dim)
    y = top + hand_h + Space.M
    split = MARGIN + 3 * (3 * NOTE_STEP + NOTE_BLOCK_GAP) + NOTE_LEFT
    _draw_notebook(canvas, view, locale, (MARGIN, y, split, y + lower))
    _draw_private(canvas, view, locale, (split + Space.M, y, width - MARGIN, y + lower))
    return canvas


def _draw_header(canvas: Image.Image, view: View, locale: str) -> None:
    """Title and card count on the left, the seat's VP and "your turn" on the right."""
    colour = kit.seat_colour(view.seat)
    text = plural(locale, "neuro.render.cards", len(view.own.hand))
    me = next((p for p in view.table.players if p.seat == view.seat), None)
    if me is not None:
        text += f" · {me.vp} {t(locale, 'neuro.render.vp')}"
    layout.header_title(canvas, t(locale, "neuro.render.your_hand"), colour, text, size=Type.BODY)
    if not view.over and view.table.turn == view.seat:
        key = "neuro.render.your_bid" if view.phase == "auction" else "neuro.render.your_turn"
        layout.header_pill(canvas, t(locale, key), colour)


def _draw_notebook(canvas: Image.Image, view: View, locale: str, box: kit.Box) -> None:
    """The 27 card types in three blocks (one per nature: backgrounds by row, strengths by column), crossed out
    when they cannot be the treasure."""
    left, top, right, _bottom = box
    draw = section(canvas, box, t(locale, "neuro.render.notebook"))
    crossed = set(view.own.notebook)
    block_w = 3 * NOTE_STEP
    label_face = layout.face(Type.NOTE, True)
    for k in range(len(NATURES)):
        x0 = left + NOTE_LEFT + k * (block_w + NOTE_BLOCK_GAP)
        for j, force in enumerate(FORCES):
            kit.draw_centered(draw, (x0 + j * NOTE_STEP + NOTE_CARD / 2, top + 44), force, label_face, kit.INK_DIM)
    for i, fond in enumerate(FONDS):
        y0 = top + NOTE_TOP + i * (NOTE_STEP + Space.HAIR)
        letter = fond_letter(fond, locale)
        kit.draw_centered(draw, (left + 15, y0 + NOTE_CARD / 2), letter, label_face, kit.INK_DIM)
        for k, nature in enumerate(NATURES):
            x0 = left + NOTE_LEFT + k * (block_w + NOTE_BLOCK_GAP)
            for j, force in enumerate(FORCES):
                code = nature + fond + force
                kit.paste(
                    canvas, card_image(code, NOTE_CARD, locale, crossed=code in crossed), (x0 + j * NOTE_STEP, y0)
                )
    y = top + NOTE_TOP + 3 * (NOTE_STEP + Space.HAIR) + 10
    count = len(crossed & set(ALL_TYPES))
    text = plural(locale, "neuro.render.ruled_out", count)
    room = right - left - 2 * PAD
    kit.draw_text(
        draw, (left + PAD, y + Space.S), text, layout.face(Type.NOTE), kit.INK_DIM, anchor="lm", max_width=room
    )


def _draw_private(canvas: Image.Image, view: View, locale: str, box: kit.Box) -> None:
    """The player's personal cartons left, then their bids with the hidden mentions."""
    left, top, right, bottom = box
    section(canvas, (left, top, right, top + CARTONS_H), t(locale, "neuro.render.your_cartons"))
    remaining = set(view.own.cartons)
    colour = kit.seat_colour(view.seat)
    x: float = left + PAD
    face = layout.face(Type.SMALL, True)
    for mention in MENTIONS:
        label = mention_label(mention, locale)
        width = max(32, round(face.getlength(label)) + Space.L)
        fill, ink = (colour, kit.INK_DARK) if mention in remaining else (USED, USED_INK)
        drawn = carton(canvas, (x + width / 2, top + CARTONS_Y), label, fill, MENTION_H, ink=ink, min_width=width)
        x = drawn[2] + Space.S
    y = top + CARTONS_H + Space.M
    bids = view.own.my_bids
    draw = section(canvas, (left, y, right, bottom), t(locale, "neuro.render.my_bids"))
    if not bids:
        no = t(locale, "neuro.render.no_bids")
        kit.draw_text(draw, (left + PAD, y + FIRST_ROW), no, layout.face(Type.SMALL), kit.INK_DIM, anchor="lm")
        return
    for k, bid in enumerate(bids):
        cy = y + FIRST_ROW + k * BID_ROW
        carton(canvas, (left + 32, cy), str(bid.base), colour, Space.XL, min_width=Space.XXL)
        x = left + 58
        paste_card(canvas, card_image(bid.card, BID_CARD, locale), (x, cy - BID_CARD / 2), shadow=False)
        x += 34
        name = view.table.cell_name(bid.r, bid.c)
        x += kit.draw_text(draw, (x, cy), name, layout.face(Type.SMALL, True), kit.INK, anchor="lm") + 14
        label = mention_label(bid.carton, locale)
        kit.pill(
            canvas,
            (x, cy),
            [(label, layout.face(Type.NOTE, True), kit.INK_DARK)],
            kit.PAPER,
            height=Space.XL,
            pad=Space.S,
        )
