"""Which part of the Triominos layout the table picture shows, and at what scale.

The board keeps one size for the whole game. While the whole layout fits at a readable tile side, it is shown whole
(as large as it fits). Past that, the picture frames what matters at the readable side (the spots a player may
choose, which must all show, then the latest placements, as many as fit) and a small overview of the whole layout
sits in a corner that hides none of it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from renders.triominos.tiles import ROOT3
from renders.triominos.tiles import Area
from renders.triominos.tiles import Point
from renders.triominos.tiles import vertices

Space = tuple[int, int]

READABLE: Final = 58
"""The smallest tile side of a framed layout: its numbers' digits are then 14 px tall, 10.3 px on a phone, and a
spot's letter 15 px (``spots.badge_diameter``)."""
LARGEST: Final = 84
"""The largest tile side, for a layout of a few tiles."""
FLOOR: Final = 40
"""The side below which even the spots to choose from are not shrunk: past it they may run off the board."""
PAD: Final = 10
"""Room between what matters and the board's edge (a tile's halo, a badge's rim)."""
MINIMAP: Final = (100, 80)
"""The largest overview of the layout."""
MINIMAP_GAP: Final = 6


@dataclass(frozen=True)
class Extent:
    """The lattice extent of some spaces: corners in half-widths (x) and rows (y)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @staticmethod
    def of(spaces: Iterable[Space]) -> Extent:
        xs: list[float] = []
        ys: list[float] = []
        for r, c in spaces:
            for x, y in vertices(r, c):
                xs.append(x)
                ys.append(y)
        return Extent(min(xs), min(ys), max(xs), max(ys))

    def size(self, side: float) -> tuple[float, float]:
        """Its size in pixels at tile side ``side``."""
        return (self.x1 - self.x0) / 2 * side, (self.y1 - self.y0) * side * ROOT3 / 2

    def less(self, x: float, y: float) -> Extent:
        """The extent in coordinates counted from the lattice point (``x``, ``y``)."""
        return Extent(self.x0 - x, self.y0 - y, self.x1 - x, self.y1 - y)

    def fits(self, room: tuple[float, float]) -> float:
        """The largest side at which it fits ``room`` px."""
        w = (self.x1 - self.x0) / 2
        h = (self.y1 - self.y0) * ROOT3 / 2
        return min(room[0] / w if w else math.inf, room[1] / h if h else math.inf)


@dataclass(frozen=True)
class Frame:
    """The lattice as the board shows it: ``side`` px tiles, lattice point (x, y) at ``point(x, y)`` (board
    coordinates), and, when the layout is not shown whole, the overview's box in a corner.

    Points are counted from the ``anchor``, a lattice point of the layout: a layout moved on the lattice lands on
    the same pixels, to the last bit."""

    side: int
    origin: Point
    """Where the lattice point ``anchor`` lands, in board pixels."""
    size: tuple[int, int]
    whole: bool
    minimap: Area | None
    anchor: Point = (0.0, 0.0)

    def point(self, x: float, y: float) -> Point:
        ax, ay = self.anchor
        return self.origin[0] + (x - ax) * self.side / 2, self.origin[1] + (y - ay) * self.side * ROOT3 / 2

    def corner(self, r: int, c: int) -> Point:
        """The top-left of the space's bounding box."""
        return self.point(c, r)

    def centre(self, r: int, c: int) -> Point:
        """The space's centroid."""
        pts = [self.point(x, y) for x, y in vertices(r, c)]
        return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3

    def shows(self, r: int, c: int) -> bool:
        """Whether any part of the space is on the board."""
        x, y = self.corner(r, c)
        return x < self.size[0] and y < self.size[1] and x + self.side > 0 and y + self.side > 0

    def view(self) -> tuple[float, float, float, float]:
        """The board's edges in lattice units (x in half-widths, y in rows), for the overview."""
        ox, oy = self.origin
        ax, ay = self.anchor
        return (
            ax - ox * 2 / self.side,
            ay - oy * 2 / (self.side * ROOT3),
            ax + (self.size[0] - ox) * 2 / self.side,
            ay + (self.size[1] - oy) * 2 / (self.side * ROOT3),
        )


def _zones(size: tuple[int, int]) -> list[tuple[Area | None, Area]]:
    """Each corner the overview may take, with the part of the board the framed spaces must then keep to."""
    width, height = size
    mw, mh = MINIMAP
    gap = MINIMAP_GAP
    found: list[tuple[Area | None, Area]] = []
    for right in (True, False):
        for bottom in (True, False):
            x0 = width - gap - mw if right else gap
            y0 = height - gap - mh if bottom else gap
            box = (float(x0), float(y0), float(x0 + mw), float(y0 + mh))
            beside: Area = (
                (PAD, PAD, x0 - PAD, height - PAD) if right else (x0 + mw + PAD, PAD, width - PAD, height - PAD)
            )
            over: Area = (
                (PAD, PAD, width - PAD, y0 - PAD) if bottom else (PAD, y0 + mh + PAD, width - PAD, height - PAD)
            )
            found.append((box, beside))
            found.append((box, over))
    return found


def _room(zone: Area) -> tuple[float, float]:
    return zone[2] - zone[0], zone[3] - zone[1]


def _shift(low: float, high: float, lo: float, hi: float, span: tuple[float, float], edge: float) -> float:
    """The translation along one axis: the framed part (``low``..``high``, untranslated) inside ``lo``..``hi``,
    and the layout (``span``) filling the board (0..``edge``) as far as that allows."""
    want = (lo + hi) / 2 - (low + high) / 2
    if span[1] - span[0] > edge - 2 * PAD:
        want = min(max(want, edge - PAD - span[1]), PAD - span[0])
    else:
        want = (edge - span[0] - span[1]) / 2
    return min(max(want, lo - low), hi - high)


def frame(
    size: tuple[int, int],
    layout: Sequence[Space],
    must: Sequence[Space] = (),
    wanted: Sequence[Space] = (),
    *,
    overview: bool = True,
) -> Frame:
    """The frame of a board ``size`` px: the whole ``layout`` (with ``must``) when it fits at a readable side,
    else every space of ``must`` and as many of ``wanted`` (in order) as fit, at the readable side, with the
    overview in a corner unless ``overview`` is False (a part of a board cut in parts)."""
    whole_extent = Extent.of([*layout, *must])
    anchor = (whole_extent.x0, whole_extent.y0)
    everything = whole_extent.less(*anchor)
    inner = (size[0] - 2 * PAD, size[1] - 2 * PAD)
    fit = everything.fits(inner)
    if fit >= READABLE:
        side = int(min(LARGEST, fit))
        w, h = everything.size(side)
        left = (size[0] - w) / 2 - everything.x0 * side / 2
        top = (size[1] - h) / 2 - everything.y0 * side * ROOT3 / 2
        return Frame(side, (left, top), size, True, None, anchor)
    best: tuple[float, Frame] | None = None
    zones = _zones(size) if overview else [(None, (PAD, PAD, size[0] - PAD, size[1] - PAD))]
    for box, zone in zones:
        room = _room(zone)
        chosen = list(must)
        side = READABLE
        if chosen:
            side = max(FLOOR, min(READABLE, int(Extent.of(chosen).fits(room))))
        for space in wanted:
            if not chosen or Extent.of([*chosen, space]).fits(room) >= side:
                chosen.append(space)
        if not chosen:
            chosen = list(layout[-1:])
        part = Extent.of(chosen).less(*anchor)
        px = side / 2
        py = side * ROOT3 / 2
        dx = _shift(part.x0 * px, part.x1 * px, zone[0], zone[2], (everything.x0 * px, everything.x1 * px), size[0])
        dy = _shift(part.y0 * py, part.y1 * py, zone[1], zone[3], (everything.y0 * py, everything.y1 * py), size[1])
        candidate = Frame(side, (dx, dy), size, False, box, anchor)
        # Prefer the largest side, then the most spaces framed, then the layout filling the board.
        shown = sum(1 for r, c in layout if candidate.shows(r, c))
        score = side * 10_000 + len(chosen) * 100 + shown
        if best is None or score > best[0]:
            best = (score, candidate)
    assert best is not None
    return best[1]
