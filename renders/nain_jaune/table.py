"""Nain Jaune's shared table, drawn from the public view only, sized for a phone.

Discord shows it 265 px wide on a phone, so the picture holds only what a picture alone shows, drawn large: the five
boxes in a row, each with its card and its tokens, and under them the running sequence with what it waits for. The
deal, whose turn it is and every player's cards and tokens are the message's text. Its size never changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from functools import partial
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.nain_jaune_views import BoxView
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.games.nain_jaune_views import NainJauneTable
from bot.games.nain_jaune_views import NainJauneTableView
from bot.i18n import t
from renders import kit
from renders.kit import Font
from renders.layout import RADIUS
from renders.layout import Space
from renders.layout import face
from renders.layout import inset
from renders.layout import split_top
from renders.layout import width
from renders.layout.laying import lay_card
from renders.layout.parts import Parts
from renders.layout.parts import drawn
from renders.layout.parts import start
from renders.nain_jaune.pieces import Chip
from renders.nain_jaune.pieces import card
from renders.nain_jaune.pieces import card_height
from renders.nain_jaune.pieces import chip_face
from renders.nain_jaune.pieces import coin_count
from renders.nain_jaune.pieces import draw_chips
from renders.nain_jaune.pieces import state_chips

WIDTH: Final = 560
EDGE: Final = Space.L
"""Between the picture's edge and its panels."""
GAP: Final = Space.M
"""Between the boxes and the sequence."""
TEXT: Final = 26
"""The size of every text of the table: 12 px as a phone shows it (265 of 560 px), 26 px on a desktop."""
LEAST: Final = 23
"""The smallest a text may shrink to fit (10.9 px on a phone)."""

BOX_GAP: Final = Space.S
BOX_CARD: Final = 80
BOX_PAD: Final = 10
COUNT_ROW: Final = 40
"""Under a box's card: its tokens."""
BOX_BAND: Final = BOX_PAD + card_height(BOX_CARD) + COUNT_ROW
BOX_ORDER: Final = (0, 1, 4, 2, 3)
"""Board boxes left to right: 10♦, V♣, the Nain jaune (7♦) in the middle, D♠, R♥."""
NAIN_JAUNE_FILL: Final[kit.Colour] = (60, 48, 6, 150)
CLAIM_FILL: Final[kit.Colour] = (96, 20, 16, 170)
"""A box waiting for its "qui prend" (the sequence's panel says so in words)."""

SEQUENCE_CARD: Final = 80
SEQUENCE_OVERLAP: Final = 50
"""The narrowest step between two cards of the sequence: each still shows its rank and suit."""
LAST_CARD_LIFT: Final = Space.S
PANEL_PAD: Final = Space.M
SECTION_HEAD: Final = round(TEXT * 1.6)
"""The row of the sequence's state labels (a label is 1.6 times its text high)."""
SEQUENCE_BAND: Final = 2 * PANEL_PAD + SECTION_HEAD + Space.S + LAST_CARD_LIFT + card_height(SEQUENCE_CARD)
HEIGHT: Final = EDGE + BOX_BAND + GAP + SEQUENCE_BAND + EDGE


def table_height(players: int) -> int:
    """The picture's height, the same for any number of players (they are listed in the message's text)."""
    return HEIGHT


@dataclass(frozen=True)
class TableBoxes:
    """Where each band of the table picture goes."""

    boxes: kit.Box
    sequence: kit.Box


def table_layout() -> TableBoxes:
    """The table cut into its bands: the boxes, then the sequence."""
    body = (EDGE, EDGE, WIDTH - EDGE, HEIGHT - EDGE)
    boxes, sequence = split_top(body, BOX_BAND, GAP)
    return TableBoxes(boxes, sequence)


def table_image(view: NainJauneTableView | NainJauneSeatView, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture (for callers that compose or scale it before encoding).

    Drawn on the felt with what never changes (the panels' shadows, the sequence's empty panel). Each box is pasted
    as it looks whatever the table, from pieces kept for good because they are few; only the sequence is drawn at
    every move."""
    table = view.table
    bands = table_layout()
    canvas = start(_base())
    for index, (box, frame) in enumerate(zip(_ordered_boxes(table), box_frames(bands.boxes), strict=True)):
        _draw_box(canvas, box, locale, frame, index)
    _draw_sequence(canvas, table, locale, bands.sequence)
    return canvas


@lru_cache(maxsize=1)
def _base() -> Image.Image:
    """The felt with the shadows of the boxes and the sequence, and the sequence's empty panel."""
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    bands = table_layout()
    for frame in box_frames(bands.boxes):
        kit.drop_shadow(canvas, frame, RADIUS)
    kit.drop_shadow(canvas, bands.sequence, RADIUS)
    kit.panel(canvas, bands.sequence, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2)
    return canvas


def _ordered_boxes(table: NainJauneTable) -> list[BoxView]:
    return [table.boxes[index] for index in BOX_ORDER]


def box_frames(band: kit.Box) -> list[kit.Box]:
    """The five boxes' frames left to right, as wide as each other."""
    side = (width(band) - 4 * BOX_GAP) // 5
    left = band[0] + (width(band) - 5 * side - 4 * BOX_GAP) // 2
    return [(left + i * (side + BOX_GAP), band[1], left + i * (side + BOX_GAP) + side, band[3]) for i in range(5)]


def _piece_region(frame: kit.Box) -> kit.Box:
    """What a box's piece covers: its column of the band to the middle of the gaps beside it, its left edge on an
    even column (drawn there in the piece's own coordinates, halves still round as in the picture's)."""
    x0 = frame[0] - BOX_GAP // 2
    return (x0 - x0 % 2, frame[1] - EDGE // 2, frame[2] + BOX_GAP // 2, frame[3] + GAP // 2)


def _draw_box(canvas: Image.Image, box: BoxView, locale: str, frame: kit.Box, index: int) -> None:
    """One box: its panel and card as every table shows them, under the tokens it holds (kept while they stay)."""
    x0, y0, _, _ = _piece_region(frame)
    piece = _box_panel(index, box.card, box.claimable, box.nain_jaune, locale)
    local = (frame[0] - x0, frame[1] - y0, frame[2] - x0, frame[3] - y0)
    where = (x0, y0, x0 + piece.width, y0 + piece.height)
    BOXES.put(canvas, where, (box, locale), lambda c: _draw_box_count(c, box, local), piece)


BOXES: Final = Parts(maxsize=48)
"""The boxes with their counts as last drawn: a count changes at a deal's stakes and at a claim."""


def _draw_box_count(canvas: Image.Image, box: BoxView, frame: kit.Box) -> None:
    """The tokens a box holds, under its card."""
    cx = (frame[0] + frame[2]) / 2
    count_y = frame[3] - COUNT_ROW / 2 - Space.XS
    colour = kit.GOLD if box.nain_jaune else kit.INK
    count_face = _count_face(str(box.tokens), width(frame) - Space.M)
    coin_count(canvas, (cx, count_y), box.tokens, count_face, colour, align="center")


@lru_cache(maxsize=32)
def _box_panel(index: int, code: str, claimable: bool, nain_jaune: bool, locale: str) -> Image.Image:
    """The ``index``-th box from the left without its count: a "qui prend ?" look while it waits for a claim, the
    Nain jaune's gold."""
    frame = box_frames(table_layout().boxes)[index]
    draw = partial(_draw_box_panel, code=code, claimable=claimable, nain_jaune=nain_jaune, locale=locale, frame=frame)
    return drawn((WIDTH, HEIGHT), _piece_region(frame), draw, _base())


def _draw_box_panel(
    canvas: Image.Image, code: str, claimable: bool, nain_jaune: bool, locale: str, frame: kit.Box
) -> None:
    """A box's panel (its shadow is on the base) and its card."""
    if claimable:
        kit.panel(canvas, frame, RADIUS, CLAIM_FILL, outline=kit.ALERT, width=4)
    elif nain_jaune:
        kit.panel(canvas, frame, RADIUS, NAIN_JAUNE_FILL, outline=kit.GOLD, width=3)
    else:
        kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2)
    cx = (frame[0] + frame[2]) / 2
    kit.paste_card(canvas, card(code, BOX_CARD, locale), (round(cx - BOX_CARD / 2), frame[1] + BOX_PAD))


def _count_face(text: str, room: float) -> Font:
    """The box's count in bold, smaller when its coin and digits would overflow the box (never below ``LEAST``)."""
    size = TEXT
    while size > LEAST and size * 1.35 + kit.font(size, True).getlength(text) > room:
        size -= 1
    return kit.font(size, True)


def _draw_sequence(canvas: Image.Image, table: NainJauneTable, locale: str, frame: kit.Box) -> None:
    """The running sequence's state (a claim due, the wanted rank, "sans X", the end) over its last cards."""
    head, cards = split_top(inset(frame, PANEL_PAD), SECTION_HEAD, Space.S)
    chips = _sequence_chips(table, locale)
    if chips:
        draw_chips(canvas, (head[0], (head[1] + head[3]) / 2), chips, chip_face(chips, width(head), TEXT, LEAST))
    _draw_sequence_cards(canvas, table, locale, cards)


def _sequence_chips(table: NainJauneTable, locale: str) -> list[Chip]:
    chips = state_chips(table, locale)
    if any(box.claimable for box in table.boxes):
        chips.insert(0, (t(locale, "nj.render.claim"), kit.ALERT, kit.INK))
    if table.over:
        chips.append((t(locale, "nj.render.over"), kit.INK, kit.INK_DARK))
    return chips


def _draw_sequence_cards(canvas: Image.Image, table: NainJauneTable, locale: str, area: kit.Box) -> None:
    """The last cards of the sequence left to right (overlapping when many), the last one raised and lit, the
    earlier ones counted."""
    left, _, right, bottom = area
    card_h = card_height(SEQUENCE_CARD)
    top = bottom - card_h
    if not table.sequence:
        centre = ((left + right) / 2, (area[1] + bottom) / 2)
        text = t(locale, "nj.render.no_sequence")
        kit.draw_centered(ImageDraw.Draw(canvas), centre, text, face(TEXT), kit.INK_DIM, max_width=right - left)
        return
    room = right - left - SEQUENCE_CARD - Space.XS
    fits = 1 + int(room // SEQUENCE_OVERLAP)
    label_face = face(TEXT, True)
    if len(table.sequence) > fits:
        longest = label_face.getlength(t(locale, "nj.render.earlier", n=len(table.sequence)))
        fits = 1 + int((room - longest - 3 * Space.S) // SEQUENCE_OVERLAP)
    shown = table.sequence[-fits:]
    hidden = len(table.sequence) - len(shown)
    if hidden:
        label = [(t(locale, "nj.render.earlier", n=hidden), label_face, kit.INK)]
        pill = kit.pill(canvas, (left, top + card_h / 2), label, kit.PANEL_SOLID, outline=kit.PANEL_EDGE, pad=Space.S)
        left = pill[2] + Space.S
    room = right - left - SEQUENCE_CARD - Space.XS
    step = min(SEQUENCE_CARD + Space.S, room / (len(shown) - 1)) if len(shown) > 1 else 0
    last = table.last_card or shown[-1]
    for i, code in enumerate(shown):
        xy = (round(left + i * step), top)
        if i == len(shown) - 1 and code == last:
            xy = (xy[0] + Space.XS, top - LAST_CARD_LIFT)
            lay_card(canvas, card(code, SEQUENCE_CARD, locale, kit.GOLD), xy, glow=(kit.GOLD, Space.M))
        else:
            lay_card(canvas, card(code, SEQUENCE_CARD, locale), xy)
