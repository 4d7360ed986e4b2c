"""Triominos: the typed, immutable views of a game (the public table and what one seat alone knows).

Everything a picture, a text, a panel or the computer player needs that follows from the rules is computed by the
engine (the corners of every laid tile, the starting draw and who it made start, the scores and ranks, every legal
placement of the seat's tiles with its points and bonus, the playable tiles...), so that nothing outside the engine
re-derives a rule. Tile ids of a hand appear only in its owner's view.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import Action
from bot.games.base import SeatView
from bot.games.base import TableView


@dataclass(frozen=True)
class TileFace:
    """A tile as it is drawn on its own: its id, its numbers clockwise from the smallest (at the top corner of a
    tile pointing up) and its value (the sum of its numbers)."""

    code: str
    numbers: tuple[int, int, int]
    value: int


@dataclass(frozen=True)
class Cell:
    """A tile on the table: its space ``(r, c)`` (pointing up when ``up``), the numbers at the space's corners in
    the lattice's clockwise order, who laid it and when (``order`` 1 for the first tile of the round)."""

    r: int
    c: int
    up: bool
    corners: tuple[int, int, int]
    tile: str
    seat: int
    order: int


@dataclass(frozen=True)
class LastPlacement:
    """The latest tile laid this round: where, by whom, for how many points and which bonus (None, ``bridge``,
    ``hexagon``, ``double_hexagon``, ``triple_hexagon``). ``bonus_points`` is the bonus's value in the standard
    scoring, the one its label names."""

    r: int
    c: int
    seat: int
    tile: TileFace
    points: int
    bonus: str | None
    bonus_points: int


@dataclass(frozen=True)
class StartDraw:
    """One tile drawn to decide who starts the round; ``decisive`` for the draw that made the starter start (its
    last one, when ties drew again)."""

    seat: int
    tile: TileFace
    decisive: bool


@dataclass(frozen=True)
class PlayerView:
    """One seat as everyone sees it: its score, how many tiles it holds, whether it acts now, and its rank by
    score (1 for the leaders, equal scores sharing a rank)."""

    seat: int
    score: int
    tiles: int
    acting: bool
    rank: int


@dataclass(frozen=True)
class TriominosTable:
    """The public table.

    ``board`` lists the tiles in laying order; ``draws`` counts the tiles the seat to act has drawn this turn;
    ``start_draws`` is the draw that chose ``starter`` (empty with ``classic_start``); ``out`` is the seat that laid
    its last tile, and ``bell`` says the round ends once the turn comes back to the starter.
    """

    round: int
    rounds: int
    target: int
    players: tuple[PlayerView, ...]
    current: int | None
    starter: int
    pool: int
    board: tuple[Cell, ...]
    last: LastPlacement | None
    draws: int
    start_draws: tuple[StartDraw, ...]
    bell: bool
    out: int | None
    over: bool
    kids_scoring: bool
    classic_start: bool


@dataclass(frozen=True)
class Placement:
    """One legal placement of a tile of the hand: its space and rotation, the numbers it shows at the space's
    corners, and the points and bonus it earns under the scoring in force (``bonus_points`` as in
    ``LastPlacement``)."""

    tile: str
    r: int
    c: int
    rot: int
    up: bool
    corners: tuple[int, int, int]
    points: int
    bonus: str | None
    bonus_points: int

    @property
    def action(self) -> Action:
        """The move that lays this tile here."""
        return Action.of("place", tile=self.tile, r=self.r, c=self.c, rot=self.rot)


@dataclass(frozen=True)
class TriominosOwn:
    """What only one seat knows: its tiles (sorted by id) and their total value; on its turn, every legal
    placement, best first (most points, then by tile and space), and the tiles they use (``playable``)."""

    hand: tuple[TileFace, ...]
    total: int
    placements: tuple[Placement, ...]
    playable: tuple[str, ...]
    my_turn: bool

    @property
    def codes(self) -> tuple[str, ...]:
        """The ids of the tiles in hand, in hand order."""
        return tuple(face.code for face in self.hand)


TriominosTableView = TableView[TriominosTable]
TriominosSeatView = SeatView[TriominosTable, TriominosOwn]
