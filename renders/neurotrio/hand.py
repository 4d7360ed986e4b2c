"""A Neurotrio player's private picture: the hand (playable cards lit), the notebook (the 27 types, crossed out when
they cannot be the treasure), the personal cartons left and the player's own bids with their hidden mentions.

It is as wide as the table picture and keeps one size for the whole game: its hand area holds the largest hand the
deal gives at this number of players, and every panel below has room for its fullest state.
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
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders import measure
from renders.layout import HEADER
from renders.layout import Space
from renders.layout import Type
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
from renders.neurotrio.flat import Flat
from renders.neurotrio.flat import colour_at
from renders.neurotrio.flat import text as flat_text
from renders.neurotrio.panel import EDGE
from renders.neurotrio.panel import PAD
from renders.neurotrio.panel import WIDTH
from renders.neurotrio.parts import header_ground
from renders.neurotrio.parts import panel_ground
from renders.regions import Regions
from renders.regions import local

HAND: Final = layout.TileGrid(84, Space.S, EDGE, WIDTH)
"""The hand's cards lie side by side, seven to a row."""
DEALT: Final = len(DECK) - 2
"""The cards dealt: all but the hidden card and the domain's first card."""
GLOW: Final = 8
NOTE_CARD: Final = 44
NOTE_GAP: Final = Space.XS
NOTE_BLOCK_GAP: Final = Space.XL
TITLE_H: Final = 28
"""A panel's caption line."""
NOTEBOOK_H: Final = TITLE_H + 3 * (NOTE_CARD + NOTE_GAP) - NOTE_GAP + Space.M
CARTONS_H: Final = 52
CARTON_H: Final = 34
BIDS_ROWS: Final = 3
BID_ROW: Final = 50
BIDS_H: Final = TITLE_H + BIDS_ROWS * BID_ROW + Space.S
BID_CARD: Final = 44

View = NeurotrioSeatView


def hand_rows(players: int) -> int:
    """The rows of cards the largest hand at ``players`` needs."""
    return max(1, math.ceil(math.ceil(DEALT / max(1, players)) / HAND.per_row))


def hand_size(players: int) -> tuple[int, int]:
    """The picture's size at ``players``: the same for every seat, all game long."""
    hand_h = hand_rows(players) * HAND.step - HAND.gap
    lower = NOTEBOOK_H + Space.S + CARTONS_H + Space.S + BIDS_H
    return WIDTH, HEADER + Space.L + hand_h + Space.L + lower + EDGE


PARTS: Final = Regions(maxsize=64)
"""The parts of hand pictures as last drawn: a move changes one or two of them."""
HANDS: Final = Regions(maxsize=16)
"""The cards of the hands last drawn (the largest part, about 0.5 MB)."""


def hand_image(view: View, locale: str, *, mark: bool) -> Image.Image:
    """The private picture as RGBA: cards in rows (with ``mark``, the playable ones lit and the rest dimmed), then
    the notebook, the cartons and the bids (each part pasted whole when it shows what it showed before)."""
    hand = view.own.hand
    players = len(view.table.players)
    width, height = hand_size(players)
    canvas = kit.new_canvas(width, height)
    header = partial(_draw_header, view=view, locale=locale)
    PARTS.put(canvas, (0, 0, width, HEADER), _header_key(view, locale), header, header_ground(width, HEADER))
    hand_h = hand_rows(players) * HAND.step - HAND.gap
    allowed = frozenset(view.own.playable) if mark else None
    cards = (0, HEADER, width, HEADER + Space.L + hand_h + Space.L)
    key: tuple[object, ...] = ("hand", hand, allowed, players, locale)
    HANDS.put(canvas, cards, key, partial(_draw_hand, hand=hand, allowed=allowed, locale=locale, hand_h=hand_h))
    y = cards[3]
    left, right = EDGE, width - EDGE
    box = (left, y, right, y + NOTEBOOK_H)
    _paste_notebook(canvas, box, frozenset(view.own.notebook), locale)
    y += NOTEBOOK_H + Space.S
    cartons = (left, y, right, y + CARTONS_H)
    key = ("cartons", view.seat, frozenset(view.own.cartons), locale)
    draw = partial(_draw_cartons, view=view, locale=locale, box=local(cartons))
    PARTS.put(canvas, cartons, key, draw, panel_ground((right - left, CARTONS_H)))
    y += CARTONS_H + Space.S
    bids = (left, y, right, y + BIDS_H)
    shown = tuple((bid, view.table.cell_name(bid.r, bid.c)) for bid in view.own.my_bids)
    key = ("bids", view.seat, shown, locale)
    draw = partial(_draw_bids, view=view, locale=locale, box=local(bids))
    PARTS.put(canvas, bids, key, draw, _captioned((right - left, BIDS_H), t(locale, "neuro.render.my_bids")))
    return canvas


def _header_key(view: View, locale: str) -> tuple[object, ...]:
    """Everything the header shows: the seat, its cards and VP, whether it is to play (and what)."""
    me = next((p.vp for p in view.table.players if p.seat == view.seat), None)
    mine = not view.over and view.table.turn == view.seat
    return ("header", view.seat, len(view.own.hand), me, mine, mine and view.phase == "auction", locale)


def _draw_hand(
    canvas: Image.Image, hand: tuple[str, ...], allowed: frozenset[str] | None, locale: str, hand_h: int
) -> None:
    """The cards in rows (on a part starting under the header), the playable ones (``allowed``) lit and the others
    dimmed."""
    width = canvas.width
    top = Space.L
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
        face = layout.face(Type.NOTE)
        kit.draw_text(draw, (PAD, TITLE_H / 2), text, face, kit.INK_DIM, anchor="lm", max_width=room)
    return measure.attach(canvas, marks)


def _draw_header(canvas: Image.Image, view: View, locale: str) -> None:
    """Title, card count and VP on the left, "your turn" on the right (on the band's ground; each piece copied
    from one drawn once on it)."""
    ground = colour_at(canvas, (canvas.width // 2, HEADER // 2))
    colour = kit.seat_colour(view.seat)
    detail = plural(locale, "neuro.render.cards", len(view.own.hand))
    me = next((p for p in view.table.players if p.seat == view.seat), None)
    if me is not None:
        detail += f" · {me.vp} {t(locale, 'neuro.render.vp')}"
    title = t(locale, "neuro.render.your_hand")
    cy = HEADER // 2
    head = layout.face(Type.HEAD, True)
    x = EDGE + flat_text(canvas, (EDGE, cy), "title", ground, title, head, colour, anchor="lm")
    flat_text(canvas, (x + Space.L, cy), "detail", ground, detail, layout.face(Type.BODY), kit.INK_DIM, anchor="lm")
    if not view.over and view.table.turn == view.seat:
        key = "neuro.render.your_bid" if view.phase == "auction" else "neuro.render.your_turn"
        _turn_pill(canvas, t(locale, key), colour, ground)


def _turn_pill(canvas: Image.Image, shown: str, colour: kit.Colour, ground: kit.RGBA) -> None:
    """``layout.header_pill`` against the band's right margin, copied from one drawn once on the band."""
    runs: list[kit.Run] = [(shown, layout.face(Type.LABEL, True), kit.INK_DARK)]

    def draw(image: Image.Image, at: tuple[float, float]) -> None:
        kit.pill(image, at, runs, colour, align="right")

    PILLS.draw(canvas, (canvas.width - EDGE, HEADER // 2), (shown, colour), ground, (-WIDTH, -HEADER, 0, HEADER), draw)


PILLS: Final = Flat(maxsize=64)
"""The "your turn" pills in every seat's colour."""


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
    """The six personal cartons in a row after their caption, those spent greyed (on the panel's ground)."""
    left, top, right, bottom = box
    ground = colour_at(canvas, layout.centre(box))
    cy = (top + bottom) / 2
    remaining = set(view.own.cartons)
    colour = kit.seat_colour(view.seat)
    face = layout.face(Type.BODY, True)
    labels = [mention_label(m, locale) for m in MENTIONS]
    widths = [max(CARTON_H + Space.XS, round(kit.text_width(label, face)) + Space.L) for label in labels]
    gap = Space.S
    x = right - PAD - (sum(widths) + gap * (len(widths) - 1))
    with measure.secondary():
        title = t(locale, "neuro.render.your_cartons")
        note, room = layout.face(Type.NOTE), x - left - PAD - Space.S
        flat_text(canvas, (left + PAD, cy), "caption", ground, title, note, kit.INK_DIM, anchor="lm", max_width=room)
    for mention, label, width in zip(MENTIONS, labels, widths, strict=True):
        fill, ink = (colour, kit.INK_DARK) if mention in remaining else (USED, USED_INK)
        at = (x + width / 2, cy)
        carton(canvas, at, label, fill, CARTON_H, ink=ink, min_width=width, size=Type.BODY, ground=ground)
        x += width + gap


def _draw_bids(canvas: Image.Image, view: View, locale: str, box: kit.Box) -> None:
    """The player's bids, two columns of three: base carton, cell, card and the hidden mention (on the captioned
    panel's ground)."""
    draw = ImageDraw.Draw(canvas)
    left, top = box[0], box[1]
    bids = view.own.my_bids
    if not bids:
        no = t(locale, "neuro.render.no_bids")
        y = top + TITLE_H + BID_ROW / 2
        kit.draw_text(draw, (left + PAD, y), no, layout.face(Type.BODY), kit.INK_DIM, anchor="lm")
        return
    columns = layout.columns(layout.inset(box, PAD, 0), 2, Space.L)
    for k, bid in enumerate(bids):
        col, row = divmod(k, BIDS_ROWS)
        column = columns[min(col, 1)]
        cy = top + TITLE_H + row * BID_ROW + BID_ROW / 2
        _draw_bid(canvas, draw, view, locale, bid, (column[0], cy, column[2]))


def _draw_bid(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, locale: str, bid: OwnBid, at: tuple[float, float, int]
) -> None:
    """One bid on a line starting at ``at`` (left, middle, right)."""
    x, cy, right = at
    face = layout.face(Type.BODY, True)
    drawn = carton(
        canvas, (x + 22, cy), str(bid.base), kit.seat_colour(view.seat), CARTON_H, min_width=44, size=Type.BODY
    )
    x = drawn[2] + Space.S
    x += kit.draw_text(draw, (x, cy), view.table.cell_name(bid.r, bid.c), face, kit.INK, anchor="lm") + Space.S
    lay_card(canvas, card_image(bid.card, BID_CARD, locale), (x, cy - BID_CARD / 2), shadow=False)
    x += BID_CARD + Space.S
    label = kit.fit_text(mention_label(bid.carton, locale), face, right - x - 2 * Space.S)
    kit.pill(canvas, (x, cy), [(label, face, kit.INK_DARK)], kit.PAPER, height=CARTON_H, pad=Space.S)
