"""The private panel's picture on a seat's turn: the board with the spots lettered, over the whole hand, each tile
labelled with the letters of the spots where it fits, or greyed with its value when it fits nowhere.

A space keeps one letter for the whole turn (``bot.texts.triominos.space_letters``, over all the seat's
placements): the board of a chosen tile shows only that tile's spots, with the letters the hand and the lists
give them. The picture is as wide as the table's and shorter in its board, so that a phone shows the panel, its
lists and its buttons in about two screens. When the spots lie too far apart for one board at a readable tile
side, the board is cut into parts stacked one over the other, each framing some of the spots (``board_parts``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import Placement
from bot.games.triominos_views import TriominosSeatView
from bot.games.triominos_views import TriominosTable
from bot.texts.triominos import space_letters
from renders import kit
from renders.triominos.board import draw_board
from renders.triominos.frame import READABLE
from renders.triominos.frame import frame
from renders.triominos.hand import PER_ROW
from renders.triominos.hand import draw_hand
from renders.triominos.hand import hand_tiles
from renders.triominos.hand import strip_height
from renders.triominos.tiles import WIDTH

BOARD_H: Final = 400
"""The board's height in the panel: 360 x 400, shown 265 x 294 on a phone."""
BOARD_BOX: Final = (0, 0, WIDTH, BOARD_H)
PART_H: Final = 280
"""The height of each part of a board cut in parts."""
Spot = tuple[int, int]
HAND_FILL: Final[kit.RGB] = (9, 44, 28)
"""The band under the hand: darker than the felt, so that the tiles in hand do not look laid."""
EDGE: Final[kit.RGB] = kit.GOLD_DARK


def turn_size(count: int, board_h: int = BOARD_H) -> tuple[int, int]:
    """The picture's size for a hand of ``count`` tiles under a board ``board_h`` px tall: the hand takes as many
    rows as it fills (the panel stays short; its size changes only from one turn to another)."""
    return WIDTH, board_h + strip_height(max(1, math.ceil(count / PER_ROW)))


def _fits(table: TriominosTable, size: tuple[int, int], spaces: Sequence[Spot], *, overview: bool) -> bool:
    layout = [(cell.r, cell.c) for cell in table.board]
    return frame(size, layout, spaces, overview=overview).side >= READABLE


def board_parts(table: TriominosTable, spots: Sequence[Placement]) -> list[tuple[kit.Box, list[Placement]]]:
    """Where the board is drawn and which spots each part frames: one board when every spot shows at a readable
    side, else parts ``PART_H`` tall without the overview, the spots gathered into as few parts as keep them
    readable (taken in their order, or from left to right, or from top to bottom: whichever needs fewer), the
    part of the first spot first."""
    spaces = list(dict.fromkeys((spot.r, spot.c) for spot in spots))
    if _fits(table, (WIDTH, BOARD_H), spaces, overview=True):
        return [(BOARD_BOX, list(spots))]
    orders = (spaces, sorted(spaces, key=lambda s: (s[1], s[0])), sorted(spaces))
    groups = min((_gathered(table, order) for order in orders), key=len)
    groups.sort(key=lambda group: min(spaces.index(space) for space in group))
    return [
        ((0, i * PART_H, WIDTH, (i + 1) * PART_H), [spot for spot in spots if (spot.r, spot.c) in group])
        for i, group in enumerate(groups)
    ]


def _gathered(table: TriominosTable, spaces: Sequence[Spot]) -> list[list[Spot]]:
    """The spaces in this order, each put in the first part where all still show at a readable side."""
    groups: list[list[Spot]] = []
    for space in spaces:
        group = next((g for g in groups if _fits(table, (WIDTH, PART_H), [*g, space], overview=False)), None)
        if group is None:
            groups.append([space])
        else:
            group.append(space)
    return groups


def turn_image(
    view: TriominosSeatView, names: Sequence[str], locale: str, spots: Sequence[Placement], focus: str | None
) -> Image.Image:
    """The board with ``spots`` lettered (in parts when they lie far apart), over the hand (the ``focus`` tile
    alone lit when one is chosen)."""
    tiles = hand_tiles(view, locale, mark=True, focus=focus)
    parts = board_parts(view.table, spots)
    board_h = parts[-1][0][3]
    width, height = turn_size(len(tiles), board_h)
    canvas = kit.new_canvas(width, height)
    letters = space_letters(view.own.placements)
    draw = ImageDraw.Draw(canvas)
    for box, shown in parts:
        draw_board(canvas, box, view.table, names, locale, shown, letters, overview=len(parts) == 1)
        if box[1]:
            draw.line((0, box[1], width, box[1]), fill=EDGE, width=2)
    draw.rectangle((0, board_h, width, height), fill=HAND_FILL)
    draw.line((0, board_h, width, board_h), fill=EDGE, width=2)
    draw_hand(canvas, board_h, tiles, locale)
    return canvas
