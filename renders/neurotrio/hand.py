"""A Neurotrio player's private picture: the hand (playable cards lit), the notebook (the 27 types, crossed out when
they cannot be the treasure) and the six personal cartons, each spent one beside the bid it lies under (base
carton, cell, card).

It is as wide as the table picture and keeps one size for the whole game: its hand area holds the largest hand the
deal gives at this number of players, and the cartons have a line each. The seat's VP and cards, and whose turn it
is, are the panel's words.
"""

from __future__ import annotations

import math
from functools import lru_cache
from functools import partial
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.neurotrio import DECK
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import OwnBid
from bot.i18n import t
from renders import kit
from renders import layout
from renders import measure
from renders.layout import Space
from renders.layout import Type
from renders.layout.panels import colour_at
from renders.layout.panels import panel_ground
from renders.layout.parts import Parts
from renders.layout.parts import local
from renders.neurotrio.cards import FONDS
from renders.neurotrio.cards import FORCES
from renders.neurotrio.cards import MENTIONS
from renders.neurotrio.cards import NATURES
from renders.neurotrio.cards import USED
from renders.neurotrio.cards import USED_INK
from renders.neurotrio.cards import card_image
from renders.neurotrio.cards import carton
from renders.neurotrio.cards import lay_card
from renders.neurotrio.cards import mention_label
from renders.neurotrio.sizes import PAD
from renders.neurotrio.sizes import WIDTH

EDGE: Final = Space.S
"""Between the picture's edge and its panels."""
HAND: Final = layout.TileGrid(68, Space.S, Space.M, WIDTH)
"""The hand's cards lie side by side, seven to a row."""
HAND_PAD: Final = Space.M
"""Above and under the hand's rows: room for the playable cards' glow."""
DEALT: Final = len(DECK) - 2
"""The cards dealt: all but the hidden card and the domain's first card."""
GLOW: Final = 8
NOTE_CARD: Final = 50
NOTE_GAP: Final = Space.XS
NOTE_BLOCK_GAP: Final = Space.L
TITLE_H: Final = 30
"""A panel's caption line."""
CAPTION: Final = Type.BODY
"""The captions: secondary, 9.5 px on a phone."""
NOTEBOOK_H: Final = TITLE_H + 3 * (NOTE_CARD + NOTE_GAP) - NOTE_GAP + Space.M
CARTON_H: Final = 34
SLOT_H: Final = CARTON_H + Space.XS + 42
"""One personal carton's place: the carton, and under it the bid it lies under once spent."""
SLOTS_PER_ROW: Final = 3
CARTONS_H: Final = TITLE_H + 2 * SLOT_H + Space.S + Space.M
BID_CARD: Final = 42
"""A bid's card: the grid's size at the starting limits, its letters 22 px."""

View = NeurotrioSeatView


def hand_rows(players: int) -> int:
    """The rows of cards the largest hand at ``players`` needs."""
    return max(1, math.ceil(math.ceil(DEALT / max(1, players)) / HAND.per_row))


def hand_size(players: int) -> tuple[int, int]:
    """The picture's size at ``players``: the same for every seat, all game long."""
    hand_h = hand_rows(players) * HAND.step - HAND.gap
    lower = NOTEBOOK_H + Space.S + CARTONS_H
    return WIDTH, EDGE + 2 * HAND_PAD + hand_h + Space.S + lower + EDGE


PARTS: Final = Parts(maxsize=64)
"""The parts of hand pictures as last drawn: a move changes one or two of them."""
HANDS: Final = Parts(maxsize=16)
"""The cards of the hands last drawn (the largest part)."""


def hand_image(view: View, locale: str, *, mark: bool) -> Image.Image:
    """The private picture as RGBA: cards in rows (with ``mark``, the playable ones lit and the rest dimmed), then
    the notebook and the cartons with their bids (each part pasted whole when it shows what it showed before)."""
    hand = view.own.hand
    players = len(view.table.players)
    width, height = hand_size(players)
    canvas = kit.new_canvas(width, height)
    hand_h = hand_rows(players) * HAND.step - HAND.gap
    allowed = frozenset(view.own.playable) if mark else None
    cards = (0, EDGE, width, EDGE + 2 * HAND_PAD + hand_h)
    key: tuple[object, ...] = ("hand", hand, allowed, players, locale)
    HANDS.put(canvas, cards, key, partial(_draw_hand, hand=hand, allowed=allowed, locale=locale, hand_h=hand_h))
    y = cards[3] + Space.S
    left, right = EDGE, width - EDGE
    box = (left, y, right, y + NOTEBOOK_H)
    _paste_notebook(canvas, box, frozenset(view.own.notebook), locale)
    y += NOTEBOOK_H + Space.S
    cartons = (left, y, right, y + CARTONS_H)
    shown = tuple((bid, view.table.cell_name(bid.r, bid.c)) for bid in view.own.my_bids)
    key = ("cartons", view.seat, frozenset(view.own.cartons), shown, locale)
    draw = partial(_draw_cartons, view=view, locale=locale, box=local(cartons))
    caption = t(locale, "neuro.render.your_cartons")
    PARTS.put(canvas, cartons, key, draw, _captioned((right - left, CARTONS_H), caption))
    return canvas


def _draw_hand(
    canvas: Image.Image, hand: tuple[str, ...], allowed: frozenset[str] | None, locale: str, hand_h: int
) -> None:
    """The cards in rows (on their own part), the playable ones (``allowed``) lit and the others dimmed."""
    width = canvas.width
    top = HAND_PAD
    if not hand:
        face = layout.face(Type.TITLE)
        text = t(locale, "neuro.render.empty_hand")
        kit.draw_centered(ImageDraw.Draw(canvas), (width / 2, top + hand_h / 2), text, face, kit.INK_DIM)
    per_row = HAND.per_row
    rows = math.ceil(len(hand) / per_row)
    first = top + (hand_h - (rows * HAND.step - HAND.gap)) // 2
    for i, code in enumerate(hand):
        row, x0 = HAND.place(i, len(hand), per_row, width)
        y0 = first + row * HAND.step
        lit = allowed is not None and code in allowed
        dim = allowed is not None and not lit
        halo = (kit.GOLD, GLOW) if lit else None
        lay_card(canvas, card_image(code, HAND.size, locale, dim=dim), (x0, y0), shadow=not dim, halo=halo)


@lru_cache(maxsize=16)
def _captioned(size: tuple[int, int], text: str) -> Image.Image:
    """A panel of ``size`` on the felt with its caption (secondary: the panel's content speaks for itself)."""
    canvas = panel_ground(size).copy()
    draw = ImageDraw.Draw(canvas)
    with measure.piece() as marks, measure.secondary():
        room = size[0] - 2 * PAD
        face = layout.face(CAPTION)
        kit.draw_text(draw, (PAD, TITLE_H / 2 + Space.HAIR), text, face, kit.INK_DIM, anchor="lm", max_width=room)
    return measure.attach(canvas, marks)


def _paste_notebook(canvas: Image.Image, box: kit.Box, crossed: frozenset[str], locale: str) -> None:
    """The 27 card types in three blocks (one per nature: backgrounds by row, strengths by column), crossed out
    when they cannot be the treasure: the notebook with none crossed pasted, then each crossed card with the panel
    under it (pasting is cheaper than keeping the notebook whole: every part is a copy)."""
    size = (box[2] - box[0], box[3] - box[1])
    whole = _notebook_layers(size, locale)[1]
    canvas.paste(whole, box[:2])
    measure.pasted(whole, box[:2])
    for code, (x, y) in _notebook_cells((0, 0, *size)):
        if code in crossed:
            stamp = _crossed(code, locale, (x, y), size)
            xy = (box[0] + x, box[1] + y)
            canvas.paste(stamp, xy)
            measure.pasted(stamp, xy)


def _notebook_cells(box: kit.Box) -> list[tuple[str, tuple[int, int]]]:
    """Each card type of the notebook and where its card lies."""
    step = NOTE_CARD + NOTE_GAP
    block_w = 3 * step - NOTE_GAP
    full = 3 * block_w + 2 * NOTE_BLOCK_GAP
    x_left = box[0] + (layout.width(box) - full) // 2
    cells = []
    for i, fond in enumerate(FONDS):
        y0 = box[1] + TITLE_H + i * step
        for k, nature in enumerate(NATURES):
            x0 = x_left + k * (block_w + NOTE_BLOCK_GAP)
            for j, force in enumerate(FORCES):
                cells.append((nature + fond + force, (x0 + j * step, y0)))
    return cells


@lru_cache(maxsize=8)
def _notebook_layers(size: tuple[int, int], locale: str) -> tuple[Image.Image, Image.Image]:
    """The notebook's panel of ``size`` with its caption, then the same with every card uncrossed (the second keeps
    the marks drawn on it)."""
    under = _captioned(size, t(locale, "neuro.render.notebook"))
    scratch = under.copy()
    with measure.piece() as marks:
        measure.pasted(under, (0, 0))
        for code, xy in _notebook_cells((0, 0, *size)):
            kit.paste(scratch, card_image(code, NOTE_CARD, locale), xy)
    return under, measure.attach(scratch, marks)


@lru_cache(maxsize=128)
def _crossed(code: str, locale: str, xy: tuple[int, int], size: tuple[int, int]) -> Image.Image:
    """A crossed card of the notebook on the panel under it at ``xy``."""
    image = card_image(code, NOTE_CARD, locale, crossed=True)
    stamp = _notebook_layers(size, locale)[0].crop((xy[0], xy[1], xy[0] + image.width, xy[1] + image.height))
    with measure.piece() as marks:
        kit.paste(stamp, image, (0, 0))
    return measure.attach(stamp, marks)


def _draw_cartons(canvas: Image.Image, view: View, locale: str, box: kit.Box) -> None:
    """The six personal cartons in two rows of three under the caption: one left in the seat's colour; a spent one
    greyed, the bid it lies under beneath it (on the captioned panel's ground)."""
    top = box[1] + TITLE_H
    ground = colour_at(canvas, (box[2] - PAD, top + SLOT_H // 2))
    remaining = set(view.own.cartons)
    bids = {bid.carton: bid for bid in view.own.my_bids}
    colour = kit.seat_colour(view.seat)
    slots = layout.columns(layout.inset(box, PAD, 0), SLOTS_PER_ROW, Space.S)
    for k, mention in enumerate(MENTIONS):
        row, col = divmod(k, SLOTS_PER_ROW)
        cx = layout.centre(slots[col])[0]
        y = top + row * (SLOT_H + Space.S)
        fill, ink = (colour, kit.INK_DARK) if mention in remaining else (USED, USED_INK)
        at = (cx, y + CARTON_H / 2)
        label = mention_label(mention, locale)
        carton(canvas, at, label, fill, CARTON_H, ink=ink, min_width=60, size=Type.LABEL, ground=ground)
        bid = bids.get(mention)
        if bid is not None:
            _draw_bid(canvas, view, locale, bid, (cx, y + CARTON_H + Space.XS + BID_CARD / 2), ground)


def _draw_bid(
    canvas: Image.Image, view: View, locale: str, bid: OwnBid, at: tuple[float, float], ground: kit.RGBA
) -> None:
    """The bid a spent carton lies under, centred on ``at``: its base carton in the seat's colour, the cell and the
    card."""
    cx, cy = at
    face = layout.face(Type.LABEL, True)
    cell = view.table.cell_name(bid.r, bid.c)
    base_w = 44
    width = base_w + Space.S + kit.text_width(cell, face) + Space.S + BID_CARD
    x = cx - width / 2
    colour = kit.seat_colour(view.seat)
    carton(
        canvas, (x + base_w / 2, cy), str(bid.base), colour, CARTON_H, min_width=base_w, size=Type.LABEL, ground=ground
    )
    x += base_w + Space.S
    x += kit.draw_text(ImageDraw.Draw(canvas), (x, cy), cell, face, kit.INK, anchor="lm") + Space.S
    lay_card(canvas, card_image(bid.card, BID_CARD, locale), (x, cy - BID_CARD / 2), shadow=False)
