"""A Njet! player's hand, from that seat's own view: a header with the seat's emblem and its task, and the cards
in a fixed grid (the playable ones raised and ringed when the seat is to play, the others dimmed), the seat's own
discards crossed out at the end of the grid. The round's rules are in the panel's words, above the picture.

The picture keeps one size for the whole game: the grid holds a whole deal (10 cards, 12 with three players) on
two rows, and a discarded card takes the place it left, so the hand and the discards always fit.
"""

from __future__ import annotations

import math
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.njet import DECKS
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout.stamps import Lay
from renders.layout.stamps import Stamps
from renders.njet.common import DONE
from renders.njet.common import EDGE
from renders.njet.common import HEADER_H
from renders.njet.common import READ
from renders.njet.common import WIDTH
from renders.njet.common import Chip
from renders.njet.common import Seat
from renders.njet.common import character_of
from renders.njet.common import chip
from renders.njet.shapes import card_face
from renders.njet.shapes import emblem

HAND_WIDTH: Final = WIDTH
HAND_ROWS: Final = 2
"""A whole deal lies on this many rows."""
HAND_GAP: Final = Space.S
"""Between two cards of a row (they never overlap: the value is printed in the middle of a card)."""
HAND_CARD_MAX: Final = 80
HAND_RAISE: Final = Space.M
"""How far a playable card stands out of the row."""
HAND_EMBLEM: Final = 32
CROSS: Final = 26
"""The red disc with a white cross on a discarded card."""


def deal_size(players: int) -> int:
    """How many cards a seat is dealt at a table of ``players`` (the whole deck shared out)."""
    deck = DECKS.get(players)
    return len(deck) // players if deck else 12


def per_row(players: int) -> int:
    return math.ceil(deal_size(players) / HAND_ROWS)


def card_width(players: int) -> int:
    """The cards' width: a row of ``per_row`` cards fills the picture between its margins."""
    count = per_row(players)
    return min(HAND_CARD_MAX, (HAND_WIDTH - 2 * EDGE - HAND_GAP * (count - 1)) // count)


def hand_size(players: int) -> tuple[int, int]:
    """The hand picture's size at a table of ``players``: the same for every seat in every phase."""
    card_h = kit.card_size(card_width(players))[1]
    grid = HAND_ROWS * (card_h + HAND_RAISE) + (HAND_ROWS - 1) * HAND_GAP
    return HAND_WIDTH, HEADER_H + Space.S + grid + EDGE


def hand_image(view: Seat, locale: str) -> Image.Image:
    """The hand as an RGBA picture."""
    hand = view.own.hand
    discards = view.own.discards
    players = len(view.table.players)
    count = per_row(players)
    card_w = card_width(players)
    card_h = kit.card_size(card_w)[1]
    size = hand_size(players)
    canvas = kit.new_canvas(*size)
    _paste(canvas, _header_image(*_header_key(view), locale), (0, 0))
    draw = ImageDraw.Draw(canvas)
    top = HEADER_H + Space.S
    if not hand and not discards:
        text = t(locale, "njet.render.hand.empty")
        kit.draw_centered(draw, (size[0] / 2, (top + size[1]) / 2), text, face(Type.TITLE), kit.INK_DIM)
        return canvas
    marks = any(card.playable for card in hand)
    cards = [(card, False) for card in hand] + [(card, True) for card in discards]
    slots = max(len(cards), HAND_ROWS * count)
    count = math.ceil(slots / HAND_ROWS)
    ground = kit.with_alpha(kit.FELT, 255)
    drawn: list[kit.Box] = []
    for i, (card, discarded) in enumerate(cards):
        row, col = divmod(i, count)
        in_row = min(count, len(cards) - row * count)
        left = (size[0] - (in_row * (card_w + HAND_GAP) - HAND_GAP)) / 2
        cx = round(left + col * (card_w + HAND_GAP))
        y = top + row * (card_h + HAND_RAISE + HAND_GAP) + HAND_RAISE
        look = "discard" if discarded else "plain" if not marks else "lit" if card.playable else "dim"
        raise_ = HAND_RAISE if look == "lit" else 0
        key = (card.code, card_w, card.super_trump, look)
        lay = _laid_card(card.code, card_w, card.super_trump, look)
        STAMPS.stamp(canvas, (cx, y - raise_), (card_w, card_h), key, ground, lay, drawn)
    return canvas


def hand_key(view: Seat) -> tuple[object, ...]:
    """What the hand picture draws of ``view``, as plain values: equal keys draw the same picture in a language.

    Left out because the hand never draws them: the other seats (their cards, scores, discards, names), the board
    and its stones, the trick, the teams and the sheet, the round number, the legal moves (the buttons' business),
    who else is awaited, the round's rules (the panel's words say them; a super-trump shows on its card), the
    discard count but in the seat's own discard task, whether a discard may be played (discards are always crossed
    out), and the view's ``version`` and ``events``.
    """
    table, own, phase = view.table, view.own, view.phase
    mine = view.seat in view.to_act
    count = table.rules.discard if table.rules is not None and phase == "discard" and mine else None
    return (
        len(table.players),
        view.seat,
        character_of(table, view.seat),
        phase,
        mine,
        count,
        tuple((card.code, card.super_trump, card.playable) for card in own.hand),
        tuple((card.code, card.super_trump) for card in own.discards),
    )


def _laid_card(code: str, card_w: int, super_trump: bool, look: str) -> Lay:
    """Lays a card of the hand at a point: face up, lit (playable), dimmed (not playable) or dimmed and crossed out
    (discarded)."""

    def lay(canvas: Image.Image, x: int, y: int) -> None:
        lit = look == "lit"
        dim = look in ("dim", "discard")
        image = card_face(code, card_w, super_trump=super_trump, ring=kit.GOLD if lit else None, dim=dim)
        kit.paste_card(canvas, image, (x, y))
        if look == "discard":
            _cross(canvas, (x + card_w / 2, y + image.height - CROSS / 2 - Space.XS))

    return lay


def _cross(canvas: Image.Image, centre: tuple[float, float]) -> None:
    """A red disc with a white cross: the card is out of play for the round."""
    kit.disc(canvas, centre, CROSS + Space.XS, kit.PANEL_SOLID)
    kit.disc(canvas, centre, CROSS, kit.ALERT)
    arm = CROSS * 0.22
    cx, cy = centre
    draw = ImageDraw.Draw(canvas)
    for dx in (-arm, arm):
        draw.line((cx - dx, cy - arm, cx + dx, cy + arm), fill=kit.INK, width=Space.XS - 1)


STAMPS: Final = Stamps(maxsize=192)
"""The hand's cards laid with their shadows on the felt: the same few dozen cards in every hand of the game."""


def _paste(canvas: Image.Image, part: Image.Image, xy: tuple[int, int]) -> None:
    canvas.paste(part, xy)
    measure.pasted(part, xy)


def _header_key(view: Seat) -> tuple[int, str, str, bool, int]:
    """Everything the header shows but the language: the seat and its character, the phase, whether the seat is to
    act and how many cards it discards (0 unless its task is to discard)."""
    mine = view.seat in view.to_act
    rules = view.table.rules
    count = rules.discard if rules is not None and view.phase == "discard" and mine else 0
    return (view.seat, character_of(view.table, view.seat), view.phase, mine, count)


@measure.piece_cache(maxsize=128)
def _header_image(seat: int, character: str, phase: str, mine: bool, count: int, locale: str) -> Image.Image:
    """The header on the felt: the seat's emblem, "Your hand" when there is room, and the task. The same in every
    game (no name shows), so kept for every table."""
    canvas = kit.new_canvas(HAND_WIDTH, HEADER_H)
    kit.header_strip(canvas, HEADER_H)
    cy = HEADER_H // 2
    colour = kit.seat_colour(seat)
    kit.paste(canvas, emblem(character, HAND_EMBLEM, colour), (EDGE, round(cy - HAND_EMBLEM / 2)))
    x = EDGE + HAND_EMBLEM + Space.S
    label = _task_chip(seat, phase, mine, count, locale)
    pill = face(READ, True)
    title = t(locale, "njet.render.your_hand")
    title_face = face(Type.TITLE, True)
    room = canvas.width - EDGE - x
    if label is not None:
        room -= round(pill.getlength(label[0])) + 2 * round(pill.size * 0.6) + Space.M
    if label is None or title_face.getlength(title) <= room:
        kit.draw_text(ImageDraw.Draw(canvas), (x, cy), title, title_face, colour, anchor="lm")
    if label is not None:
        chip(canvas, canvas.width - EDGE, cy, label, pill)
    return canvas


def _task_chip(seat: int, phase: str, mine: bool, count: int, locale: str) -> Chip | None:
    """What the seat has to do now (or that it waits), as one label."""
    colour = kit.seat_colour(seat)
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
            return (plural(locale, "njet.render.hand.discard", count), kit.ALERT, kit.INK, None)
        return (t(locale, "njet.render.hand.discard_done"), DONE, kit.INK_DARK, None)
    if mine:
        return (t(locale, "njet.render.hand.play"), colour, kit.INK_DARK, None)
    return None
