"""Le Chat vert's private hand picture, drawn from one seat's view: every card numbered (1, 2, ...) in hand
order, the cards the base rules let it play raised and ringed while it is to play, the drawn card tagged, and a
strip above with the card on the pile, the colour to match and what weighs on the seat."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.chat_vert_views import ChatVertSeatView
from renders import kit
from renders import layout
from renders.chat_vert.cards import CARD_COLOURS
from renders.chat_vert.cards import CHIP_PAD
from renders.chat_vert.cards import COLOURS
from renders.chat_vert.cards import DRAWN
from renders.chat_vert.cards import Point
from renders.chat_vert.cards import card_face
from renders.chat_vert.cards import chip
from renders.chat_vert.cards import colour_letter
from renders.chat_vert.cards import counted
from renders.chat_vert.cards import icon
from renders.chat_vert.cards import swatch
from renders.chat_vert.cards import words
from renders.kit import Font
from renders.layout import Space
from renders.layout import Type
from renders.layout import face

HAND_MAX_WIDTH: Final = layout.HAND_MAX_WIDTH
HAND_MIN_WIDTH: Final = layout.HAND_MIN_WIDTH
HAND_CARD: Final = 88
HAND_ROW_LIMIT: Final = 15
HAND_ROW: Final = layout.HandRow(HAND_CARD, HAND_ROW_LIMIT)
HAND_RAISE: Final = Space.L
HAND_LABEL: Final = 30
HAND_STRIP: Final = 100
STRIP_CARD: Final = 62
STRIP_GAP: Final = 10
ROW_GAP: Final = Space.S
EMPTY: Final = 80
"""The height of the cards' area when the hand is empty."""
TOKEN: Final = 26
MARK: Final = 24
TAG: Final = 24
"""The height of the "drawn" tag on the drawn card."""
LINE_OFFSET: Final = 21
"""The strip's two lines sit this far above and below its middle."""
STRIP_SHADE: Final = (6, 36, 22, 110)
HIGHLIGHT: Final = frozenset({"turn", "drawn"})
"""The tasks during which the playable cards are raised and the others dimmed."""

Chip = tuple[str, kit.Colour, kit.Colour, Image.Image | None]


def hand_layout(count: int) -> tuple[int, int, float]:
    """Cards per row, rows and the step between cards of a row (under a card's width: they overlap)."""
    fan = HAND_ROW.fan(count)
    return fan.per_row, fan.rows, fan.step


def hand_image(view: ChatVertSeatView, locale: str) -> Image.Image:
    """The hand as an RGBA picture: the header, the pile strip, then rows of cards with their numbers."""
    own = view.own
    hand = list(own.hand)
    fan = HAND_ROW.fan(len(hand))
    rows, step = fan.rows, fan.step
    card_h = kit.card_size(HAND_CARD)[1]
    allowed = set(own.playable) if own.task in HIGHLIGHT else None
    raise_by = HAND_RAISE if allowed is not None else 0
    row_h = raise_by + card_h + HAND_LABEL
    cards_top = layout.HEADER + HAND_STRIP + Space.S + Space.HAIR
    height = cards_top + (rows * row_h + (rows - 1) * ROW_GAP if hand else EMPTY) + layout.MARGIN
    width = _strip_width(view, locale, fan.width)
    fan = replace(fan, width=width)  # the pile strip may widen the picture: the rows stay centred in it
    canvas = kit.new_canvas(width, height)
    _draw_hand_header(canvas, view, locale, len(hand))
    _draw_hand_strip(canvas, view, locale)
    draw = ImageDraw.Draw(canvas)
    if not hand:
        centre = (width / 2, cards_top + EMPTY / 2)
        kit.draw_centered(draw, centre, words(locale, "empty"), face(Type.HEAD), kit.INK_DIM)
        return canvas
    drawn_index = hand.index(own.drawn) if own.drawn in hand else -1
    label_face = face(Type.SMALL, True)
    visible = min(step, HAND_CARD) if step else HAND_CARD
    tag_xy: Point | None = None
    for i, code in enumerate(hand):
        row, x = fan.place(i)
        y = cards_top + row * (row_h + ROW_GAP) + raise_by
        lit = allowed is not None and code in allowed
        dim = allowed is not None and not lit
        is_drawn = i == drawn_index
        ring = kit.GOLD if lit else DRAWN if is_drawn else None
        if lit:
            y -= raise_by
        if is_drawn:
            kit.card_glow(canvas, (x, y), HAND_CARD, DRAWN, Space.S + Space.HAIR)
        kit.paste_card(canvas, card_face(code, HAND_CARD, locale, dim=dim, ring=ring), (x, y))
        if is_drawn:
            tag_xy = (x + HAND_CARD / 2, y)
        label_y = cards_top + row * (row_h + ROW_GAP) + raise_by + card_h + HAND_LABEL / 2 + Space.HAIR
        fill = kit.GOLD if lit else kit.INK_DIM if dim else kit.INK
        kit.draw_centered(draw, (x + visible / 2, label_y), str(i + 1), label_face, fill)
    if tag_xy is not None:
        # on top of the neighbours that overlap the drawn card
        label = [(words(locale, "drawn"), face(Type.NOTE, True), kit.INK_DARK)]
        kit.pill(canvas, tag_xy, label, DRAWN, align="center", height=TAG, outline=kit.PAPER)
    return canvas


def _task(view: ChatVertSeatView, locale: str) -> tuple[str, kit.Colour] | None:
    """What the seat has to do now, as one label (text, background)."""
    colour = kit.seat_colour(view.seat)
    task = view.own.task
    if task == "over":
        return words(locale, "over"), kit.GOLD
    if task == "choose":
        return words(locale, "your_choice"), colour
    if task == "drawn":
        return words(locale, "drawn_choice"), DRAWN
    if task == "turn":
        return words(locale, "your_turn"), colour
    return None


def _draw_hand_header(canvas: Image.Image, view: ChatVertSeatView, locale: str, count: int) -> None:
    """Title and card count on the left, the task on the right."""
    colour = kit.seat_colour(view.seat)
    layout.header_title(canvas, words(locale, "your_hand"), colour, counted(locale, "cards", count))
    task = _task(view, locale)
    if task is not None:
        layout.header_pill(canvas, *task)


def _strip_chips(view: ChatVertSeatView, locale: object) -> list[Chip]:
    """The labels of the pile strip: the colour to match, then what weighs on the seat (a pending +2/+4, a skip,
    the string), as (text, background, ink, token)."""
    table = view.table
    chips: list[Chip] = []
    if table.colour in COLOURS:
        label = words(locale, "colour", colour=words(locale, f"colour.{table.colour}"))
        chips.append((label, kit.INK, kit.INK_DARK, swatch(table.colour, TOKEN, colour_letter(table.colour, locale))))
    if table.phase != "play":
        return chips
    if table.pending is not None:
        if table.pending.target == view.seat:
            chips.append((words(locale, "pending_you", n=table.pending.count), kit.ALERT, kit.INK, None))
        else:
            chips.append((words(locale, "pending_other", n=table.pending.count), kit.PANEL_SOLID, kit.INK, None))
    marks = table.seats[view.seat].marks if 0 <= view.seat < len(table.seats) else ()
    if "skipped" in marks:
        chips.append((words(locale, "skipped_you"), kit.ALERT, kit.INK, icon("skipped", MARK)))
    if "ficelle" in marks:
        chips.append((words(locale, "ficelle_you"), kit.PANEL_SOLID, kit.INK, icon("ficelle", MARK)))
    return chips


def _chip_width(text: str, font: Font, token: Image.Image | None) -> float:
    return font.getlength(text) + 2 * round(font.size * CHIP_PAD) + (token.width + Space.XS if token is not None else 0)


def _span(widths: Sequence[float]) -> float:
    return sum(widths) + STRIP_GAP * max(0, len(widths) - 1)


def _strip_lines(widths: Sequence[float], room: float) -> list[list[int]]:
    """The strip's labels on one line when it fits ``room``, else in two lines, the longer one as short as can be."""
    if len(widths) < 2 or _span(widths) <= room:
        return [list(range(len(widths)))]
    best = min(range(1, len(widths)), key=lambda k: max(_span(widths[:k]), _span(widths[k:])))
    return [list(range(best)), list(range(best, len(widths)))]


def _strip_start(locale: object) -> float:
    """Where the strip's labels begin: after "On the pile" and the card."""
    label = face(Type.BODY, True).getlength(words(locale, "on_pile"))
    return layout.MARGIN + label + Space.M + Space.HAIR + STRIP_CARD + Space.L + Space.HAIR


def _strip_width(view: ChatVertSeatView, locale: object, base: int) -> int:
    """The hand picture's width: ``base`` (what the cards need), widened up to the maximum for the strip's labels."""
    font = face(Type.BODY, True)
    widths = [_chip_width(text, font, token) for text, _, _, token in _strip_chips(view, locale)]
    start = _strip_start(locale)
    lines = _strip_lines(widths, base - start - layout.MARGIN)
    needed = start + max(_span([widths[i] for i in line]) for line in lines) + layout.MARGIN
    return max(base, min(HAND_MAX_WIDTH, math.ceil(needed)))


def _draw_hand_strip(canvas: Image.Image, view: ChatVertSeatView, locale: str) -> None:
    """The card on the pile, then its labels on one line, or on two when one is too short."""
    table = view.table
    top = layout.HEADER
    kit.panel(canvas, (0, top, canvas.width, top + HAND_STRIP), 0, STRIP_SHADE)
    draw = ImageDraw.Draw(canvas)
    cy = top + HAND_STRIP / 2
    font = face(Type.BODY, True)
    x: float = layout.MARGIN
    x += kit.draw_text(draw, (x, cy), words(locale, "on_pile"), font, kit.INK_DIM, anchor="lm")
    x += Space.M + Space.HAIR
    card_h = kit.card_size(STRIP_CARD)[1]
    card_xy = (round(x), round(cy - card_h / 2))
    ring = CARD_COLOURS[table.colour] if table.top_major and table.colour in COLOURS else None
    if ring is not None:
        kit.card_glow(canvas, card_xy, STRIP_CARD, ring, Space.S)
    kit.paste_card(canvas, card_face(table.top, STRIP_CARD, locale, ring=ring), card_xy)
    x += STRIP_CARD + Space.L + Space.HAIR
    chips = _strip_chips(view, locale)
    if not chips:
        return
    widths = [_chip_width(text, font, token) for text, _, _, token in chips]
    lines = _strip_lines(widths, canvas.width - layout.MARGIN - x)
    offsets = [0.0] if len(lines) == 1 else [-LINE_OFFSET, LINE_OFFSET]
    for line, dy in zip(lines, offsets, strict=True):
        lx = x
        for i in line:
            text, fill, ink, token = chips[i]
            tucked = token.width + Space.XS if token is not None else 0
            left = canvas.width - layout.MARGIN - lx - tucked - 2 * Space.M
            runs = [(kit.fit_text(text, font, max(30.0, left)), font, ink)]
            box = chip(canvas, (lx, cy + dy), runs, fill, token=token)
            lx = box[2] + STRIP_GAP
