"""Le Chat vert's private hand picture, drawn from one seat's view: the cards only, as large as a phone allows.

Discord shows a picture 265 px wide on a phone, whatever its own width: the picture is narrow (400 px) and holds
nothing but the cards, each different card once under its number (1, 2, ...; equal cards lie stacked under one
number with "×2"), the number the panel's buttons give. While the seat is to play, the cards the base rules let it
play are raised and ringed and the others dimmed; the card just drawn is tagged. What the text of the panel says
(the card on the pile, the colour to match, a penalty, whose turn it is, how many cards) is not drawn again.

The picture keeps one size for the whole game. Its frame holds two rows of cards: a few cards lie in one row, as
large as the frame allows, then two rows, then the cards of a row overlap, never so much that a card's corner
(its symbol and colour initial) is hidden, up to ``CAPACITY`` numbers; past it they overlap further.
"""

from __future__ import annotations

import math
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.chat_vert.views import ChatVertSeatView
from bot.texts.chat_vert import hand_slots
from renders import kit
from renders.chat_vert.cards import CORNER_COLUMN
from renders.chat_vert.cards import DRAWN
from renders.chat_vert.cards import card_face
from renders.chat_vert.cards import words
from renders.kit import Font
from renders.layout import Space
from renders.layout.laying import lay_card
from renders.layout.stamps import CardRows

WIDTH: Final = 400
"""Shown 265 px wide on a phone (two thirds) and at its own size on a desktop."""
MARGIN: Final = 10
ROOM: Final = WIDTH - 2 * MARGIN
"""What a row of cards may span."""
CARD_GAP: Final = Space.S
"""Between two cards that do not overlap."""
CARD_MIN: Final = 72
"""The narrowest card: its corner symbol is drawn 15.7 px tall, 10.4 px on a phone."""
CARD_ROW2: Final = 89
"""The widest card of two rows: four fill a row."""
CARD_MAX: Final = 130
"""The widest card, for a hand of one or two."""
ROWS: Final = 2
HAND_RAISE: Final = Space.M
"""How much higher a playable card lies than the others."""
LABEL: Final = 28
"""The band under a row of cards that holds their numbers."""
LABEL_FONT: Final = 20
ROW_GAP: Final = Space.XS
STACK: Final = 5
"""How far up and right the copy under a stacked card shows."""
TOP: Final = Space.S + STACK
"""Above the frame: room for a stacked copy of a raised card."""
FRAME_H: Final = ROWS * (HAND_RAISE + kit.card_size(CARD_ROW2)[1] + LABEL) + (ROWS - 1) * ROW_GAP
HEIGHT: Final = TOP + FRAME_H + Space.XS
TAG: Final = 28
"""The height of the "drawn" tag on the drawn card."""
TAG_FONT: Final = 18
EMPTY_FONT: Final = 26
HIGHLIGHT: Final = frozenset({"turn", "drawn"})
"""The tasks during which the playable cards are raised and the others dimmed."""


def step_min(card: int) -> int:
    """The closest two overlapping cards come: the corner index of the one below stays in sight."""
    return math.ceil(card * CORNER_COLUMN) + Space.S


def _height_fit(rows: int) -> int:
    """The widest card of which ``rows`` rows fit in the frame."""
    each = (FRAME_H - (rows - 1) * ROW_GAP) / rows - HAND_RAISE - LABEL
    return math.floor(each / kit.CARD_RATIO)


CAPACITY: Final = ROWS * (1 + (ROOM - CARD_MIN) // step_min(CARD_MIN))
"""The most numbers a hand shows with every corner in sight; past it the cards overlap further."""


def hand_layout(count: int) -> tuple[int, int, int, float]:
    """Numbers per row, rows, the card's width and the step from one card to the next in a row: one row while its
    cards are as large there as in two rows, the widest cards that fit the frame side by side, then overlapping
    (each corner in sight) down to ``CARD_MIN``, then overlapping further."""
    if count == 0:
        return 0, 0, 0, 0.0
    best: tuple[int, int, int, float] | None = None
    for rows in range(1, ROWS + 1):
        per_row = math.ceil(count / rows)
        side = (ROOM - (per_row - 1) * CARD_GAP) // per_row
        card = min(CARD_MAX, _height_fit(rows), side)
        if card >= CARD_MIN and (best is None or card > best[2]):
            best = (per_row, rows, card, float(card + CARD_GAP))
    if best is not None:
        return best
    per_row = math.ceil(count / ROWS)
    spaced = (ROOM - (per_row - 1) * Space.S) / (1 + (per_row - 1) * CORNER_COLUMN)
    card = max(CARD_MIN, min(_height_fit(ROWS), math.floor(spaced - 1)))
    return per_row, ROWS, card, (ROOM - card) / (per_row - 1)


Look = tuple[str, str, bool, kit.Colour | None, bool, int, int]
"""A number of the hand as drawn: code, language, dimmed, ring, whether it glows as the drawn card, copies, width."""
Label = tuple[tuple[float, float], str, kit.Colour]
"""A card's number: its centre, text and ink."""


def hand_image(view: ChatVertSeatView, locale: str) -> Image.Image:
    """The hand as an RGBA picture: rows of cards with their numbers."""
    own = view.own
    slots = hand_slots(own.hand)
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(canvas)
    if not slots:
        centre = (WIDTH / 2, TOP + FRAME_H / 2)
        kit.draw_centered(draw, centre, words(locale, "empty"), kit.font(EMPTY_FONT), kit.INK_DIM)
        return canvas
    per_row, rows, card, step = hand_layout(len(slots))
    card_h = kit.card_size(card)[1]
    row_h = HAND_RAISE + card_h + LABEL
    top = TOP + (FRAME_H - (rows * row_h + (rows - 1) * ROW_GAP)) // 2
    allowed = set(own.playable) if own.task in HIGHLIGHT else None
    visible = min(step, card)
    label_face = kit.font(LABEL_FONT, True)
    tag_xy: tuple[float, float] | None = None
    rows_laid: list[list[tuple[Look, int, int]]] = [[] for _ in range(rows)]
    labels: list[Label] = []
    for i, (code, copies) in enumerate(slots):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(slots) - row * per_row)
        x = round((WIDTH - (card + step * (in_row - 1))) / 2 + col * step)
        row_top = top + row * (row_h + ROW_GAP)
        lit = allowed is not None and code in allowed
        dim = allowed is not None and not lit
        is_drawn = code == own.drawn
        ring = kit.GOLD if lit else DRAWN if is_drawn else None
        y = row_top + (0 if lit else HAND_RAISE)
        rows_laid[row].append(((code, locale, dim, ring, is_drawn, copies, card), x, y))
        if is_drawn:
            tag_xy = (x + card / 2, y + card_h)
        label_y = row_top + HAND_RAISE + card_h + LABEL / 2 + Space.HAIR
        fill = kit.GOLD if lit else kit.INK_DIM if dim else kit.INK
        text = _number(i + 1, copies, label_face, step if in_row > 1 else float(WIDTH))
        labels.append(((x + visible / 2, label_y), text, fill))
    _lay_cards(canvas, rows_laid, labels, label_face)
    if tag_xy is not None:
        # on top of the neighbours that overlap the drawn card, over the bottom of its face
        label = [(words(locale, "drawn"), kit.font(TAG_FONT, True), kit.INK_DARK)]
        centre = (tag_xy[0], tag_xy[1] - TAG / 2 - Space.XS)
        kit.pill(canvas, centre, label, DRAWN, align="center", height=TAG, outline=kit.PAPER)
    return canvas


def _number(number: int, copies: int, face: Font, room: float) -> str:
    """A card's number, with its copies ("3 ×2") when that fits between it and the next number."""
    text = f"{number} ×{copies}" if copies > 1 else str(number)
    return text if face.getlength(text) + Space.XS <= room else str(number)


def _lay_cards(canvas: Image.Image, rows: list[list[tuple[Look, int, int]]], labels: list[Label], font: Font) -> None:
    """The cards then their numbers, from kept pieces, when no number lies where a later card reaches; else each
    card then its number, in hand order."""
    draw = ImageDraw.Draw(canvas)
    laid = [card for row in rows for card in row]
    boxes = [CARDS.box(card) for card in laid]
    for i, (centre, text, _) in enumerate(labels):
        x0, y0, x1, y1 = draw.textbbox(centre, text, font=font, anchor="mm")
        if any(b[0] < x1 + 2 and x0 - 2 < b[2] and b[1] < y1 + 2 and y0 - 2 < b[3] for b in boxes[i + 1 :]):
            for card, (centre, text, fill) in zip(laid, labels, strict=True):
                _lay(canvas, *card)
                kit.draw_centered(draw, centre, text, font, fill)
            return
    CARDS.lay_rows(canvas, rows, 0)
    for centre, text, fill in labels:
        kit.draw_centered(draw, centre, text, font, fill)


def _face(look: Look) -> Image.Image:
    code, locale, dim, ring, _, _, width = look
    return card_face(code, width, locale, dim=dim, ring=ring)


def _lay(canvas: Image.Image, look: Look, x: int, y: int) -> None:
    """A card (its copies stacked under it, up and to the right), glowing when it is the drawn one."""
    face = _face(look)
    if look[5] > 1:
        lay_card(canvas, face, (x + STACK, y - STACK))
    lay_card(canvas, face, (x, y), glow=(DRAWN, Space.S) if look[4] else None)


def _tails(look: Look) -> tuple[bool, bool, int]:
    """What a card's shadow and halo depend on: the glow of the drawn card, a stacked copy, the card's size."""
    return look[4], look[5] > 1, look[6]


CARDS: Final = CardRows(_face, _lay, _tails, kept=192)
"""The hands' cards with their shadows on the felt (a pack's cards plain, lit or dimmed), and the strips where two
neighbours' shadows meet."""


def hand_key(view: ChatVertSeatView) -> tuple[object, ...]:
    """What the hand picture draws of ``view``, as plain values: the cards in order, which are lit (None when
    nothing is raised: the seat is not to play) and which one was just drawn.

    Left out, as the picture never draws them: the seat, the task beyond whether the cards are raised, the
    version and the events, the legal moves and the pairs (the buttons'), the playable cards while the seat has
    nothing to play, and the whole table (the pile, the colour, a penalty, the marks: the text says them)."""
    own = view.own
    cards = tuple(own.hand)
    allowed = frozenset(own.playable) if own.task in HIGHLIGHT else None
    lit = None if allowed is None else tuple(code in allowed for code in cards)
    return (cards, lit, own.drawn if own.drawn in cards else None)
