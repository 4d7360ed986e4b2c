"""A Njet! player's hand, from that seat's own view: a header with the task, the round's colours once decided,
the cards (the playable ones raised and ringed when the seat is to play, the others dimmed), and the seat's own
discards under them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.njet_views import HandCard
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders.layout import HEADER
from renders.layout import MARGIN
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import header_title
from renders.njet.common import DONE
from renders.njet.common import Chip
from renders.njet.common import Seat
from renders.njet.common import chip
from renders.njet.common import colour_name
from renders.njet.common import seat_emblem
from renders.njet.shapes import COLOURS
from renders.njet.shapes import card_face
from renders.njet.shapes import star
from renders.njet.shapes import swatch

HAND_CARD: Final = 120
HAND_RAISE: Final = 22
"""How far a playable card stands out of the row."""
HAND_MIN_WIDTH: Final = layout.HAND_MIN_WIDTH
HAND_MAX_WIDTH: Final = layout.HAND_MAX_WIDTH
HAND_ROW_LIMIT: Final = 13
"""More cards than this go on two rows."""
HAND_ROW: Final = layout.HandRow(HAND_CARD, HAND_ROW_LIMIT, max_rows=2)
HAND_INFO: Final = 46
"""The band of the round's rules under the header."""
INFO_BAND: Final[kit.RGBA] = (0, 0, 0, 60)
DISCARD_CARD: Final = 70
EMPTY_H: Final = 90
"""The body of a hand without cards."""
HAND_EMBLEM: Final = 44
CHIP_ICON: Final = 22


def hand_image(view: Seat, locale: str) -> Image.Image:
    """The hand as an RGBA picture."""
    hand = view.own.hand
    discards = view.own.discards
    marks = any(card.playable for card in hand)
    card_w = HAND_CARD
    card_h = kit.card_size(card_w)[1]
    fan = HAND_ROW.fan(len(hand))
    rows = fan.rows
    canvas_w = fan.width
    raise_by = HAND_RAISE if marks else 0
    row_h = card_h + raise_by
    info = _rule_chips(view, locale)
    band = HAND_INFO if info else 0
    body = rows * row_h + (rows - 1) * Space.M if hand else EMPTY_H
    strip = kit.card_size(DISCARD_CARD)[1] + Space.XL if discards else 0
    canvas_h = HEADER + band + MARGIN + body + MARGIN + strip
    canvas = kit.new_canvas(canvas_w, canvas_h)
    _draw_header(canvas, view, locale, len(hand))
    if info:
        kit.panel(canvas, (0, HEADER, canvas_w, HEADER + band), 0, INFO_BAND)
        x: float = MARGIN
        for label in info:
            x = chip(canvas, x, HEADER + band / 2, label, face(Type.BODY, True), align="left") + Space.M
    top = HEADER + band + MARGIN
    if not hand:
        text = t(locale, "njet.render.hand.empty")
        kit.draw_centered(
            ImageDraw.Draw(canvas), (canvas_w / 2, top + EMPTY_H / 2), text, face(Type.TITLE), kit.INK_DIM
        )
    for i, card in enumerate(hand):
        row, x = fan.place(i)
        y = top + row * (row_h + Space.M) + raise_by
        if not marks:
            kit.paste_card(canvas, card_face(card.code, card_w, super_trump=card.super_trump), (x, y))
        elif card.playable:
            lit = card_face(card.code, card_w, super_trump=card.super_trump, ring=kit.GOLD)
            kit.paste_card(canvas, lit, (x, y - raise_by))
        else:
            dim = card_face(card.code, card_w, super_trump=card.super_trump, dim=True)
            kit.paste_card(canvas, dim, (x, y))
    if discards:
        _draw_own_discards(canvas, discards, locale, canvas_h - strip - Space.XS)
    return canvas


def _draw_own_discards(canvas: Image.Image, discards: Sequence[HandCard], locale: str, top: int) -> None:
    """The seat's own face-down discards, shown small under the hand (private: only in the seat's picture)."""
    draw = ImageDraw.Draw(canvas)
    kit.panel(canvas, (0, top - Space.XS, canvas.width, canvas.height), 0, kit.HEADER)
    card_h = kit.card_size(DISCARD_CARD)[1]
    cy = top + Space.S + card_h / 2
    label = t(locale, "njet.render.hand.discards")
    x = MARGIN + kit.draw_text(draw, (MARGIN, cy), label, face(Type.BODY, True), kit.INK_DIM, anchor="lm")
    x += Space.L + Space.XS
    for card in discards:
        face_down = card_face(card.code, DISCARD_CARD, super_trump=card.super_trump, dim=True)
        kit.paste_card(canvas, face_down, (round(x), top + Space.S))
        x += DISCARD_CARD + Space.M


def _rule_chips(view: Seat, locale: str) -> list[Chip]:
    """The round's trump, super-trump and points per trick, once the Njet phase has decided them."""
    rules = view.table.rules
    if view.phase not in ("partner", "discard", "tricks") or rules is None:
        return []
    chips: list[Chip] = []
    if rules.trump in COLOURS:
        text = t(locale, "njet.render.hand.trump", colour=colour_name(rules.trump, locale))
        chips.append((text, kit.INK, kit.INK_DARK, swatch(rules.trump, CHIP_ICON)))
    sup = rules.super_colour
    text = t(locale, "njet.render.hand.super", colour=colour_name(sup, locale))
    icon = star(CHIP_ICON) if sup in COLOURS else swatch("none", CHIP_ICON)
    chips.append((text, kit.PANEL_SOLID, kit.INK, icon))
    chips.append((f"×{rules.points} {t(locale, 'njet.render.per_trick')}", kit.PANEL_SOLID, kit.GOLD, None))
    return chips


def _task_chip(view: Seat, locale: str) -> Chip | None:
    """What the seat has to do now (or that it waits), as one label."""
    colour = kit.seat_colour(view.seat)
    phase = view.phase
    mine = view.seat in view.to_act
    waiting: kit.Colour = kit.PANEL_SOLID
    if phase == "over":
        return (t(locale, "njet.render.over"), kit.GOLD, kit.INK_DARK, None)
    if phase == "njet":
        if mine:
            return (t(locale, "njet.render.hand.block"), colour, kit.INK_DARK, None)
        return (t(locale, "njet.render.hand.njet"), waiting, kit.INK, None)
    if phase == "partner":
        if mine:
            return (t(locale, "njet.render.hand.partner"), colour, kit.INK_DARK, None)
        return (t(locale, "njet.render.hand.partner_wait"), waiting, kit.INK, None)
    if phase == "discard":
        if mine:
            count = view.table.rules.discard if view.table.rules is not None else 0
            return (plural(locale, "njet.render.hand.discard", count), kit.ALERT, kit.INK, None)
        return (t(locale, "njet.render.hand.discard_done"), DONE, kit.INK_DARK, None)
    if mine:
        return (t(locale, "njet.render.hand.play"), colour, kit.INK_DARK, None)
    return None


def _draw_header(canvas: Image.Image, view: Seat, locale: str, count: int) -> None:
    """Emblem, title and card count on the left, the task on the right."""
    cy = HEADER // 2
    title, cards = t(locale, "njet.render.your_hand"), plural(locale, "njet.render.cards", count)
    header_title(canvas, title, kit.seat_colour(view.seat), cards, x=MARGIN + HAND_EMBLEM + Space.M, size=Type.BODY)
    kit.paste(canvas, seat_emblem(view.table, view.seat, HAND_EMBLEM), (MARGIN, round(cy - HAND_EMBLEM / 2)))
    label = _task_chip(view, locale)
    if label is not None:
        chip(canvas, canvas.width - MARGIN, cy, label, face(Type.BODY, True))
