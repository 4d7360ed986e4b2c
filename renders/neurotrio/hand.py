"""A Neurotrio player's private picture: the hand (playable cards lit), the personal cartons left, the notebook
(the 27 types, crossed out when they cannot be the treasure) and the player's own bids with their hidden mentions."""

from __future__ import annotations

import math
from dataclasses import dataclass
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
from renders.neurotrio.panel import PAD
from renders.neurotrio.panel import Listing
from renders.neurotrio.panel import section

HAND: Final = layout.TileGrid(96, Space.M)
"""The hand's cards lie side by side in rows as wide as the widest hand picture."""


@dataclass(frozen=True)
class Notebook:
    """The notebook's 27 types in three blocks of 3 x 3 cards ``card`` px wide (its rows a hair further apart than
    its columns), the blocks ``block_gap`` apart after ``left`` px for the background letters, under ``top`` px
    for the title and the strengths, above ``foot`` px for the count of types ruled out."""

    card: int
    left: int
    top: int
    foot: int
    block_gap: int = Space.L

    @property
    def step(self) -> int:
        """From one card of a block's row to the next."""
        return self.card + Space.XS

    @property
    def row_step(self) -> int:
        return self.step + Space.HAIR

    @property
    def height(self) -> int:
        return self.top + 3 * self.row_step + self.foot

    @property
    def width(self) -> int:
        return 3 * (3 * self.step + self.block_gap) + self.left

    def block_x(self, left: int, block: int) -> int:
        """The left edge of block ``block`` in a notebook whose section starts at ``left``."""
        return left + self.left + block * (3 * self.step + self.block_gap)

    def row_y(self, top: int, row: int) -> int:
        """The top of row ``row`` of cards in a notebook whose section starts at ``top``."""
        return top + self.top + row * self.row_step


NOTEBOOK: Final = Notebook(card=40, left=28, top=56, foot=40)
EMPTY_HAND_H: Final = 70
CARTONS_H: Final = 92
BIDS: Final = Listing(row=30, first=52)
BID_CARD: Final = 26
MENTION_H: Final = 28
GLOW: Final = 10
CARTONS_Y: Final = 58
"""The middle of the personal cartons, from the top of their section."""

View = NeurotrioSeatView


def hand_image(view: View, locale: str, *, mark: bool) -> Image.Image:
    """The private picture as RGBA: cards in rows (with ``mark``, the playable ones lit and the rest dimmed), then
    the notebook and the cartons and bids."""
    hand = view.own.hand
    per_row = HAND.per_row
    rows = math.ceil(len(hand) / per_row) if hand else 0
    hand_h = rows * HAND.step + Space.S if hand else EMPTY_HAND_H
    note_h = NOTEBOOK.height
    bids_h = CARTONS_H + Space.M + BIDS.height(len(view.own.my_bids))
    lower = max(note_h, bids_h)
    width = HAND.width
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
        row, x0 = HAND.place(i, len(hand), per_row, width)
        y0 = top + row * HAND.step
        lit = allowed is not None and code in allowed
        if lit:
            card_halo(canvas, (x0, y0), HAND.size, kit.GOLD, GLOW)
        dim = allowed is not None and not lit
        paste_card(canvas, card_image(code, HAND.size, locale, dim=dim), (x0, y0), shadow=not dim)
    y = top + hand_h + Space.M
    split = MARGIN + NOTEBOOK.width
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
    label_face = layout.face(Type.NOTE, True)
    for k in range(len(NATURES)):
        x0 = NOTEBOOK.block_x(left, k)
        for j, force in enumerate(FORCES):
            kit.draw_centered(
                draw, (x0 + j * NOTEBOOK.step + NOTEBOOK.card / 2, top + 44), force, label_face, kit.INK_DIM
            )
    for i, fond in enumerate(FONDS):
        y0 = NOTEBOOK.row_y(top, i)
        letter = fond_letter(fond, locale)
        kit.draw_centered(draw, (left + 15, y0 + NOTEBOOK.card / 2), letter, label_face, kit.INK_DIM)
        for k, nature in enumerate(NATURES):
            x0 = NOTEBOOK.block_x(left, k)
            for j, force in enumerate(FORCES):
                code = nature + fond + force
                kit.paste(
                    canvas,
                    card_image(code, NOTEBOOK.card, locale, crossed=code in crossed),
                    (x0 + j * NOTEBOOK.step, y0),
                )
    y = NOTEBOOK.row_y(top, 3) + 10
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
        kit.draw_text(draw, (left + PAD, BIDS.middle(y, 0)), no, layout.face(Type.SMALL), kit.INK_DIM, anchor="lm")
        return
    for k, bid in enumerate(bids):
        cy = BIDS.middle(y, k)
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
