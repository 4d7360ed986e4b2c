"""How pieces are arranged in a picture: the fanned rows of a card hand, and the grid of a hand whose pieces never
overlap (tiles, Neurotrio's cards), and the unit a board is drawn at to fill its room.

The hands of card games lie in a few centred rows whose cards overlap when the row would be wider than the
picture; the hands of tile games lie in a grid of centred rows that never overlap. Both are laid out here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from renders.layout.units import HAND_MAX_WIDTH
from renders.layout.units import HAND_MIN_WIDTH
from renders.layout.units import MARGIN
from renders.layout.units import Space


@dataclass(frozen=True)
class Fan:
    """Where a hand's cards go: ``per_row`` to a row on ``rows`` rows, ``step`` apart, in a picture ``width`` wide."""

    count: int
    card: int
    per_row: int
    rows: int
    step: float
    width: int

    def place(self, index: int) -> tuple[int, int]:
        """The row of card ``index`` and its left edge, its row centred in the picture."""
        row, col = divmod(index, self.per_row)
        in_row = min(self.per_row, self.count - row * self.per_row)
        return row, round((self.width - (self.card + self.step * (in_row - 1))) / 2 + col * self.step)


@dataclass(frozen=True)
class HandRow:
    """The measurements of a fanned hand: card width, how many cards a row holds before the next one starts
    (never more than ``max_rows`` rows), the gap between cards that do not overlap and the picture's margins."""

    card: int
    row_limit: int
    max_rows: int | None = None
    gap: int = Space.M
    margin: int = MARGIN

    def fan(self, count: int) -> Fan:
        """The rows of a ``count``-card hand, its cards drawn closer when a row would pass ``HAND_MAX_WIDTH``."""
        if count == 0:
            return Fan(0, self.card, 0, 0, 0.0, HAND_MIN_WIDTH)
        rows = math.ceil(count / self.row_limit)
        if self.max_rows is not None:
            rows = min(rows, self.max_rows)
        per_row = math.ceil(count / rows)
        room = HAND_MAX_WIDTH - 2 * self.margin - self.card
        step = min(self.card + self.gap, room / (per_row - 1)) if per_row > 1 else 0.0
        width = max(HAND_MIN_WIDTH, round(2 * self.margin + self.card + step * (per_row - 1)))
        return Fan(count, self.card, per_row, rows, step, width)


def fit_scale(room: tuple[int, int], span: tuple[float, float], pad: int, least: int, most: int) -> int:
    """The unit (a board's cell, a tile's side) at which ``span`` units fill ``room`` less ``pad`` on both axes,
    kept between ``least`` and ``most``: a board too large for the room at ``least`` widens its picture instead."""
    fit = min((room[0] - pad) / span[0], (room[1] - pad) / span[1])
    return int(max(least, min(most, fit)))


def grid_per_row(size: int, gap: int, margin: int = MARGIN, width: int = HAND_MAX_WIDTH) -> int:
    """How many ``size`` pieces, ``gap`` apart, fit in a row between the margins of a ``width`` picture."""
    return (width - 2 * margin + gap) // (size + gap)


def grid_x(index: int, count: int, per_row: int, size: int, gap: int, width: int) -> tuple[int, float]:
    """The row of piece ``index`` of ``count`` laid ``per_row`` to a row, and its left edge, its row centred."""
    row, col = divmod(index, per_row)
    in_row = min(per_row, count - row * per_row)
    step = size + gap
    return row, (width - (in_row * step - gap)) / 2 + col * step


@dataclass(frozen=True)
class TileGrid:
    """The measurements of a hand whose pieces never overlap (tiles, Neurotrio's cards): ``size`` px pieces ``gap``
    apart, as many to a row as fit between the ``margin``s of a picture at most ``width`` wide."""

    size: int
    gap: int
    margin: int = MARGIN
    width: int = HAND_MAX_WIDTH

    @property
    def step(self) -> int:
        """From one piece (or row) to the next."""
        return self.size + self.gap

    @property
    def per_row(self) -> int:
        return grid_per_row(self.size, self.gap, self.margin, self.width)

    def place(self, index: int, count: int, per_row: int, width: int) -> tuple[int, float]:
        """The row of piece ``index`` of ``count`` and its left edge in a picture ``width`` wide."""
        return grid_x(index, count, per_row, self.size, self.gap, width)
