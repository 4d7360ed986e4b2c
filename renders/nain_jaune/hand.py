"""A Nain Jaune player's private hand, sized for a phone and the same size for the whole game.

The frame is set by the number of players (a hand never grows past what a deal gives): its cards lie in rows that
never overlap, as large as the width allows, and the frame keeps its size as the hand empties. On the seat's turn
the playable cards stand raised and ringed, the others dim.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.nain_jaune import HAND_SIZES
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.kit import Font
from renders.layout import HEADER
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import grid_x
from renders.layout import header_detail
from renders.layout import header_title
from renders.nain_jaune.pieces import Chip
from renders.nain_jaune.pieces import card
from renders.nain_jaune.pieces import card_height
from renders.nain_jaune.pieces import chip_face
from renders.nain_jaune.pieces import coin_count
from renders.nain_jaune.pieces import draw_chips
from renders.nain_jaune.pieces import drawn_part
from renders.nain_jaune.pieces import lay_card
from renders.nain_jaune.pieces import paste_part
from renders.nain_jaune.pieces import sequence_state
from renders.nain_jaune.pieces import state_chips
from renders.regions import Regions
from renders.rows import CardRows

WIDTH: Final = 560
EDGE: Final = Space.L
STATUS: Final = 48
"""The line under the header: "your turn" and the wanted rank."""
CARD_MAX: Final = 88
CARD_GAP: Final = Space.S
ROW_GAP: Final = Space.S
RAISE: Final = Space.M
"""How far a playable card stands above the others."""
ONE_ROW: Final = 7
"""A hand of at most this many cards lies on one row; a larger one on rows of about six."""
ROW_AIM: Final = 6


@dataclass(frozen=True)
class HandGrid:
    """The frame of a seat's hand: ``per_row`` cards ``card`` px wide to a row, room for ``rows`` rows."""

    per_row: int
    rows: int
    card: int

    @property
    def height(self) -> int:
        """The picture's height: header, status line, the rows (each with room for a raised card) and the edge."""
        cards = self.rows * (card_height(self.card) + RAISE) + (self.rows - 1) * ROW_GAP
        return HEADER + STATUS + cards + EDGE


def hand_grid(capacity: int) -> HandGrid:
    """The rows of a hand that may hold ``capacity`` cards, its cards as wide as the picture allows."""
    capacity = max(1, capacity)
    rows = 1 if capacity <= ONE_ROW else math.ceil(capacity / ROW_AIM)
    per_row = math.ceil(capacity / rows)
    room = WIDTH - 2 * EDGE - (per_row - 1) * CARD_GAP
    return HandGrid(per_row, rows, min(CARD_MAX, room // per_row))


def capacity(view: NainJauneSeatView) -> int:
    """The most cards this seat can hold in this game: a deal's hand for this many players."""
    return HAND_SIZES.get(len(view.table.players), len(view.own.hand))


def hand_image(view: NainJauneSeatView, locale: str) -> Image.Image:
    """The hand as an RGBA picture: on the seat's turn the playable cards stand raised and ringed, the rest dim."""
    hand = view.own.hand
    grid = hand_grid(capacity(view))
    canvas = kit.new_canvas(WIDTH, grid.height)
    above = _draw_header(canvas, view, locale)
    top = HEADER + STATUS
    if not hand:
        centre = (WIDTH / 2, (top + grid.height - EDGE) / 2)
        empty = t(locale, "nj.render.empty_hand")
        kit.draw_centered(ImageDraw.Draw(canvas), centre, empty, face(Type.TITLE), kit.INK_DIM, max_width=WIDTH - EDGE)
        return canvas
    per_row = max(grid.per_row, math.ceil(len(hand) / grid.rows))
    size = grid.card if per_row == grid.per_row else (WIDTH - 2 * EDGE - (per_row - 1) * CARD_GAP) // per_row
    marked = view.own.my_turn
    playable = frozenset(view.own.playable)
    row_step = card_height(grid.card) + RAISE + ROW_GAP
    rows: list[list[tuple[Look, int, int]]] = [[] for _ in range(grid.rows)]
    for i, code in enumerate(hand):
        row, x = grid_x(i, len(hand), per_row, size, CARD_GAP, WIDTH)
        y = top + row * row_step + RAISE
        lit = marked and code in playable
        look = (code, size, locale, kit.GOLD if lit else None, marked and not lit)
        rows[row].append((look, round(x), y - RAISE if lit else y))
    ROWS.lay_rows(canvas, rows, above)
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
"""The hands' cards with their shadows on the felt: a pack's faces in the three looks of a hand (plain, ringed,
dimmed), and the strips where two neighbours' shadows meet."""


def hand_key(view: NainJauneSeatView) -> tuple[object, ...]:
    """What the hand picture shows of ``view``, as plain values: equal keys draw the same picture in a language.

    The seat (its colour), the number of seats (the frame's size), the cards and tokens, the turn with the cards
    it marks playable, the end of the game, the "qui prend" due on the seat's own turn and the sequence's state.
    Left out: the version and the events, the legal moves (the buttons'), the rest of the table (the boxes, the
    other players, the sequence's cards, the talon, the deal), drawn on the table only, and the playable cards off
    the seat's turn, when none is marked."""
    own, table = view.own, view.table
    return (
        view.seat,
        len(table.players),
        own.hand,
        own.tokens,
        own.my_turn,
        own.playable if own.my_turn else (),
        table.over,
        own.my_turn and table.awaiting_claims,
        sequence_state(table),
    )


@lru_cache(maxsize=24)
def _title(seat: int, locale: str) -> tuple[Image.Image, float]:
    """The header band with its title in the seat's colour, and where the title ends: the same for the whole game."""
    end = [0.0]

    def draw(canvas: Image.Image) -> None:
        end[0] = header_title(canvas, t(locale, "nj.render.your_hand"), kit.seat_colour(seat), x=EDGE)

    return drawn_part(kit.new_canvas(WIDTH, HEADER), (0, 0, WIDTH, HEADER), draw), end[0]


def _draw_header(canvas: Image.Image, view: NainJauneSeatView, locale: str) -> int:
    """Title and card count, the tokens on the right; under them "your turn" and the wanted rank. Returns the row
    under which the canvas is still bare felt.

    The count and the tokens, and the status line, are parts kept by what they show: at a new deal every seat of
    a table shows the same count, and all but the seat to play the same status line."""
    title, x = _title(view.seat, locale)
    paste_part(canvas, title, (0, 0))
    left = int(x) - int(x) % 2  # moved by an even step, halves round as in place
    count, tokens = len(view.own.hand), view.own.tokens
    detail = ("detail", x, count, tokens, locale)
    box = (left, 0, WIDTH, HEADER)
    PARTS.put(canvas, box, detail, lambda c: _draw_detail(c, x - left, count, tokens, locale), _band(WIDTH - left))
    chips = _chips(view, locale)
    if not chips:
        return HEADER
    chips_face = chip_face(chips, WIDTH - 2 * EDGE, Type.BODY, Type.SMALL)
    status = ("status", tuple(chips), chips_face.size)
    PARTS.put(canvas, (0, HEADER, WIDTH, HEADER + STATUS), status, lambda c: _draw_status(c, chips, chips_face))
    return HEADER + STATUS // 2 + math.ceil(chips_face.size)  # a pill is 1.6 times its font size high


PARTS: Final = Regions(maxsize=64)
"""The headers' counts and the status lines as last drawn."""


@lru_cache(maxsize=8)
def _band(width: int) -> Image.Image:
    """The bare header band, ``width`` px of it: the ground the count and the tokens are drawn on."""
    band = kit.new_canvas(width, HEADER)
    kit.header_strip(band, HEADER)
    return band


def _draw_detail(canvas: Image.Image, x: float, count: int, tokens: int, locale: str) -> None:
    """The card count after the title (which ends at ``x``), the tokens on the right when there is room."""
    x = header_detail(canvas, x, plural(locale, "nj.render.cards", count), size=Type.BODY)
    text = plural(locale, "nj.render.tokens", tokens)
    token_face = face(Type.BODY, True)
    right = canvas.width - EDGE
    if x + Space.L + token_face.size * 1.35 + token_face.getlength(text) <= right:
        with measure.secondary():
            coin_count(canvas, (right, HEADER // 2), text, token_face, kit.INK, align="right")


def _chips(view: NainJauneSeatView, locale: str) -> list[Chip]:
    """The status line: the seat's turn, the end, a claim due, the sequence's state."""
    chips: list[Chip] = []
    if view.own.my_turn:
        chips.append((t(locale, "nj.render.your_turn"), kit.seat_colour(view.seat), kit.INK_DARK))
    if view.table.over:
        chips.append((t(locale, "nj.render.over"), kit.INK, kit.INK_DARK))
    if view.own.my_turn and view.table.awaiting_claims:
        chips.append((t(locale, "nj.render.claim"), kit.ALERT, kit.INK))
    chips.extend(state_chips(view.table, locale))
    return chips


def _draw_status(canvas: Image.Image, chips: list[Chip], chips_face: Font) -> None:
    draw_chips(canvas, (EDGE, STATUS / 2), chips, chips_face)
