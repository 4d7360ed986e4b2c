"""A Nain Jaune player's private hand, sized for a phone and the same size for the whole game.

Only the cards: the count, the tokens and whose turn it is are the panel's text. The frame is set by the number of
players (a hand never grows past what a deal gives): its cards lie in rows that never overlap, as large as the
width allows, and a hand of four to a row is a narrower picture, so that a phone shows its cards larger. On the
seat's turn the playable cards stand raised and ringed in gold and the others are dimmed; off its turn every card
is dimmed: none can be played now.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.nain_jaune import HAND_SIZES
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.i18n import t
from renders import kit
from renders.layout import Space
from renders.layout import face
from renders.layout import grid_x
from renders.layout.laying import lay_card
from renders.layout.stamps import CardRows
from renders.nain_jaune.pieces import card
from renders.nain_jaune.pieces import card_height

MAX_WIDTH: Final = 560
EDGE: Final = Space.L
CARD_MAX: Final = 96
CARD_GAP: Final = Space.S
ROW_GAP: Final = Space.S
RAISE: Final = Space.M
"""How far a playable card stands above the others."""
ROW_MOST: Final = 6
"""A hand lies on rows of at most this many cards, as even as they can be."""
EMPTY_TEXT: Final = 26


@dataclass(frozen=True)
class HandGrid:
    """The frame of a seat's hand: ``per_row`` cards ``card`` px wide to a row, room for ``rows`` rows, in a
    picture ``width`` px wide."""

    per_row: int
    rows: int
    card: int
    width: int

    @property
    def height(self) -> int:
        """The picture's height: the rows (each with room for a raised card) between the edges."""
        cards = self.rows * (card_height(self.card) + RAISE) + (self.rows - 1) * ROW_GAP
        return cards + 2 * EDGE


def hand_grid(capacity: int) -> HandGrid:
    """The rows of a hand that may hold ``capacity`` cards: as few rows of at most six as hold it, their cards as
    wide as ``CARD_MAX`` or as the widest picture allows, the picture as narrow as its rows."""
    capacity = max(1, capacity)
    rows = math.ceil(capacity / ROW_MOST)
    per_row = math.ceil(capacity / rows)
    gaps = 2 * EDGE + (per_row - 1) * CARD_GAP
    size = min(CARD_MAX, (MAX_WIDTH - gaps) // per_row)
    return HandGrid(per_row, rows, size, gaps + per_row * size)


def capacity(view: NainJauneSeatView) -> int:
    """The most cards this seat can hold in this game: a deal's hand for this many players."""
    return HAND_SIZES.get(len(view.table.players), len(view.own.hand))


def hand_image(view: NainJauneSeatView, locale: str) -> Image.Image:
    """The hand as an RGBA picture: on the seat's turn the playable cards stand raised and ringed, the rest dim;
    off its turn every card is dim. The rows a hand still fills lie in the middle of its frame."""
    hand = view.own.hand
    grid = hand_grid(capacity(view))
    canvas = kit.new_canvas(grid.width, grid.height)
    if not hand:
        centre = (grid.width / 2, grid.height / 2)
        empty = t(locale, "nj.render.empty_hand")
        draw = ImageDraw.Draw(canvas)
        kit.draw_centered(draw, centre, empty, face(EMPTY_TEXT), kit.INK_DIM, max_width=grid.width - 2 * EDGE)
        return canvas
    per_row = max(grid.per_row, math.ceil(len(hand) / grid.rows))
    size = grid.card if per_row == grid.per_row else (grid.width - 2 * EDGE - (per_row - 1) * CARD_GAP) // per_row
    mine = view.own.my_turn
    playable = frozenset(view.own.playable) if mine else frozenset()
    row_step = card_height(grid.card) + RAISE + ROW_GAP
    used = math.ceil(len(hand) / per_row)
    top = EDGE + (grid.rows - used) * row_step // 2
    rows: list[list[tuple[Look, int, int]]] = [[] for _ in range(used)]
    for i, code in enumerate(hand):
        row, x = grid_x(i, len(hand), per_row, size, CARD_GAP, grid.width)
        y = top + row * row_step + RAISE
        lit = code in playable
        look = (code, size, locale, kit.GOLD if lit else None, not lit)
        rows[row].append((look, round(x), y - RAISE if lit else y))
    ROWS.lay_rows(canvas, rows, 0)
    return canvas


Look = tuple[str, int, str, kit.RGB | None, bool]
"""A face of ``pieces.card``: code, width, language, ring, dimmed."""


def _face(look: Look) -> Image.Image:
    return card(*look)


def _lay(canvas: Image.Image, look: Look, x: int, y: int) -> None:
    lay_card(canvas, card(*look), (x, y))


def _tails(look: Look) -> int:
    """A card's shadow depends on its width only."""
    return look[1]


ROWS: Final = CardRows(_face, _lay, _tails, kept=192)
"""The hands' cards with their shadows on the felt: a pack's faces in the two looks of a hand (ringed, dimmed),
and the strips where two neighbours' shadows meet."""


def hand_key(view: NainJauneSeatView) -> tuple[object, ...]:
    """What the hand picture shows of ``view``, as plain values: equal keys draw the same picture in a language.

    The number of seats (the frame's size), the cards, and on the seat's turn the cards it marks playable (off its
    turn, or once the game is over, every card is dim). Left out: the seat, the version and the events, the legal
    moves (the buttons'), the tokens and the rest of the table, which the texts and the table picture show."""
    own = view.own
    return (len(view.table.players), own.hand, own.my_turn, own.playable if own.my_turn else ())
