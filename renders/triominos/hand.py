"""A Triominos player's tiles as a picture, five to a row, a label under each: on the seat's turn, the letters of
the spots where the tile fits (the tile lit in gold) or, greyed, its value when it fits nowhere; otherwise its value.
How many tiles and their total are the panel's text.

The hand picture keeps one size for the whole game: its frame holds the deal and three tiles bought, and only a
hand past that adds a row (its tiles never shrink, so that their numbers stay readable). The private panel's
picture on a turn draws the same rows under the board (``draw_hand``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import TriominosSeatView
from bot.i18n import t
from bot.texts.triominos import tile_letters
from renders import kit
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.triominos.tiles import MARGIN
from renders.triominos.tiles import WIDTH
from renders.triominos.tiles import halo
from renders.triominos.tiles import paste_tile
from renders.triominos.tiles import tile_height
from renders.triominos.tiles import tile_image

PER_ROW: Final = 5
GAP: Final = 10
SIDE: Final = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * GAP) // PER_ROW
"""The tile side of a hand (59 px: numbers 19 px, their digits 14 px tall, 10.3 px on a phone)."""
LABEL_H: Final = 22
LABEL: Final = Type.NOTE
"""A label's size (15 px, 11 px on a phone); letters that do not fit go down to ``LABEL_LEAST``."""
LABEL_LEAST: Final = 14
THIN: Final = "\u2009"
"""A thin space: between the letters of a label that a space would make too wide."""
ROW_GAP: Final = Space.S
TOP: Final = Space.M
"""Above the first row: room for a lit tile's halo."""
BOTTOM: Final = Space.XS
ROW_H: Final = tile_height(SIDE) + LABEL_H + ROW_GAP
DEALT: Final = {2: 9, 3: 7, 4: 7, 5: 6, 6: 6}
"""Tiles dealt to each player by the number of players (the rules' set-up)."""
BOUGHT: Final = 3
"""The most tiles bought in one turn."""


@dataclass(frozen=True)
class HandTile:
    """One tile as the hand draws it: its numbers, the label under it, and whether it is lit or greyed."""

    numbers: tuple[int, int, int]
    label: str
    lit: bool = False
    dim: bool = False


def frame_rows(players: int) -> int:
    """The rows of the hand's frame: the deal and a turn's purchases, five to a row."""
    return math.ceil((DEALT.get(players, 9) + BOUGHT) / PER_ROW)


def rows_for(players: int, count: int) -> int:
    """The rows a hand of ``count`` tiles takes: the frame's, or more for a hand past it."""
    return max(frame_rows(players), math.ceil(count / PER_ROW))


def strip_height(rows: int) -> int:
    """The height of ``rows`` rows of tiles with their labels."""
    return TOP + rows * ROW_H - ROW_GAP + BOTTOM


def hand_size(players: int, count: int = 0) -> tuple[int, int]:
    """The hand picture's size: the same for the whole game unless a hand of ``count`` tiles outgrows the frame."""
    return WIDTH, strip_height(rows_for(players, count))


def hand_tiles(view: TriominosSeatView, locale: str, *, mark: bool, focus: str | None = None) -> tuple[HandTile, ...]:
    """What the hand shows of each tile. With ``mark``, a tile that fits somewhere is labelled with the letters of
    its spots (``tile_letters``) and lit (only the ``focus`` tile when one is chosen); one that fits nowhere is
    greyed with its value. Without, every tile shows its value."""
    letters: Mapping[str, tuple[str, ...]] = tile_letters(view.own.placements) if mark else {}
    found = []
    for tile in view.own.hand:
        value = t(locale, "tri.render.value", n=tile.value)
        spots = letters.get(tile.code)
        if spots:
            lit = focus is None or focus == tile.code
            found.append(HandTile(tile.numbers, " ".join(spots), lit=lit))
        else:
            found.append(HandTile(tile.numbers, value, dim=mark))
    return tuple(found)


def hand_image(view: TriominosSeatView, locale: str, *, mark: bool) -> Image.Image:
    """The hand as an RGBA picture (``hand_tiles`` says what each tile shows)."""
    tiles = hand_tiles(view, locale, mark=mark)
    width, height = hand_size(len(view.table.players), len(tiles))
    canvas = kit.new_canvas(width, height)
    draw_hand(canvas, 0, tiles, locale)
    return canvas


def draw_hand(canvas: Image.Image, top: int, tiles: Sequence[HandTile], locale: str) -> None:
    """The tiles in rows of five from ``top`` down, each row centred, each tile with its label under it."""
    draw = ImageDraw.Draw(canvas)
    if not tiles:
        text = t(locale, "tri.render.empty_hand")
        kit.draw_centered(draw, (canvas.width / 2, top + TOP + ROW_H / 2), text, face(Type.BODY), kit.INK_DIM)
        return
    th = tile_height(SIDE)
    for i, tile in enumerate(tiles):
        row, col = divmod(i, PER_ROW)
        in_row = min(PER_ROW, len(tiles) - row * PER_ROW)
        x0 = (canvas.width - (in_row * (SIDE + GAP) - GAP)) / 2 + col * (SIDE + GAP)
        y0 = top + TOP + row * ROW_H
        if tile.lit:
            halo(canvas, (x0, y0), SIDE, True, kit.GOLD, Space.S)
        paste_tile(canvas, tile_image(tile.numbers, SIDE, dim=tile.dim), (x0, y0), SIDE)
        room = SIDE + GAP - 2
        lines, label = _label_lines(tile.label, room)
        ink = kit.GOLD if tile.lit else kit.INK_DIM if tile.dim else kit.INK
        middle = y0 + th + LABEL_H / 2 + 2
        for k, line in enumerate(lines):
            y = middle + (k - (len(lines) - 1) / 2) * LABEL_LEAST
            kit.draw_text(draw, (x0 + SIDE / 2, y), line, label, ink, anchor="mm", max_width=room)


def _label_lines(label: str, room: float) -> tuple[list[str], kit.Font]:
    """A label as it fits under a tile: on one line (its letters a space apart, else a thin space), else on two
    lines of half the letters each (past that, cut with an ellipsis)."""
    for text in (label, label.replace(" ", THIN)):
        fitted = kit.fit_font(text, room, LABEL, LABEL_LEAST, True)
        if kit.text_width(text, fitted) <= room:
            return [text], fitted
    letters = label.split(" ")
    half = math.ceil(len(letters) / 2)
    return [THIN.join(letters[:half]), THIN.join(letters[half:])], face(LABEL_LEAST, True)
