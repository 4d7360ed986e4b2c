"""Triominos: the rules engine (pure: no Discord, no pictures, randomness only through the rng argument).

Tiles are ids ``"a-b-c"``: the three numbers (0 to 5) read clockwise from the smallest, e.g. ``"0-1-2"``,
``"0-0-5"``, ``"3-3-3"``; 56 tiles, one per multiset, three different numbers in one chirality only. Value = sum.

The lattice: a space ``(r, c)`` points up when ``r + c`` is even, down when odd. Vertices ``(x, y)`` count x in
half-widths and y in rows. Up space corners, clockwise: top ``(c+1, r)``, bottom-right ``(c+2, r+1)``, bottom-left
``(c, r+1)``; down space: top-left ``(c, r)``, top-right ``(c+2, r)``, bottom ``(c+1, r+1)``. A laid tile's
``corners`` are the numbers at those corners in that order: ``corners[i] = nums[(i + rot) % 3]``. Six spaces meet at
every vertex; two spaces sharing two vertices share an edge.

Actions: ``place(tile, r, c, rot)``, ``draw`` (-5; the pool not empty, at most three per turn), ``pass`` (only with
the pool empty and no placement possible). The first tile of a round goes to ``(0, 0)``. After a third draw without
a possible placement the turn passes by itself with -10 more (-25 in all).

Events emitted, in order:

- ``start_draw`` ({"draws": [[seat, tile], ...], "starter": seat}): the draw for the starting player, ties drawn
  again among the tied players (none with ``classic_start``); then ``deal`` ({"round", "starter"}, milestone).
- ``place`` (seat, {"tile", "r", "c", "rot", "corners", "value", "bonus", "points"}); milestone when ``bonus`` is
  ``bridge``, ``hexagon``, ``double_hexagon`` or ``triple_hexagon``. Then ``out`` (seat) for a last tile laid.
- ``draw`` (seat, {"penalty"}) public, and ``drew`` (seat, {"tile"}) private to that seat; ``turn_passed``
  (seat, {"penalty"}) after three draws without a possible placement; ``pass`` (seat).
- ``round_end`` ({"round", "reason": "out" | "blocked", "winner", "points", "scores"}, milestone), then either the
  next ``start_draw`` and ``deal`` or ``game_end`` ({}, milestone). ``start_events`` gives those of the first round.

Refusals: ``NotYourTurn``, or ``IllegalAction`` with ``game_over``, ``unknown_action``, ``bad_tile``,
``tile_not_in_hand``, ``space_taken``, ``not_adjacent``, ``edge_mismatch``, ``corner_mismatch``, ``no_more_draws``,
``pool_empty`` or ``cannot_pass``; the state is then unchanged.

Where the rules are silent: after a third draw a player who can place must place (the -10 pass is only for those who
cannot); with ``classic_start`` the starter must lay the tile that made them start (with no triple: the highest
value, then the highest id); a blocked round is detected as soon as the pool is empty and nobody can place (no
useless passes), and a tie for the lowest hand goes to the player with fewer tiles, then the first in turn order from
the starter; the game ends at the end of a round once a score reaches ``target``, or after ``rounds`` rounds when that
is not 0, whichever comes first. With ``kids_scoring`` a round won by a block scores nothing and there are no
penalties (events show ``penalty`` 0).

``fixed_round`` replaces the round in progress by a given layout, hands and pool, so tests can build any situation.
The views (``bot.games.triominos_views``) carry every legal placement with its points, so that the panels, the
pictures and the computer player never score a tile themselves.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bot.games.base import Action
from bot.games.base import BoolOption
from bot.games.base import Engine
from bot.games.base import Event
from bot.games.base import IllegalAction
from bot.games.base import IntOption
from bot.games.base import JSONValue
from bot.games.base import NotYourTurn
from bot.games.base import Option
from bot.games.base import Tracked
from bot.games.base import as_number
from bot.games.base import lone_seat
from bot.games.base import rank_by_score
from bot.games.base import validate_options
from bot.games.triominos_views import Cell
from bot.games.triominos_views import LastPlacement
from bot.games.triominos_views import Placement
from bot.games.triominos_views import PlayerView
from bot.games.triominos_views import StartDraw
from bot.games.triominos_views import TileFace
from bot.games.triominos_views import TriominosOwn
from bot.games.triominos_views import TriominosTable

Space = tuple[int, int]
Vertex = tuple[int, int]
Corners = tuple[int, int, int]

TILES: tuple[str, ...] = tuple(f"{a}-{b}-{c}" for a in range(6) for b in range(a, 6) for c in range(b, 6))
TILE_SET = frozenset(TILES)
NUMS: Mapping[str, Corners] = {t: (int(t[0]), int(t[2]), int(t[4])) for t in TILES}
VALUE: Mapping[str, int] = {t: sum(n) for t, n in NUMS.items()}
ROTATIONS: dict[str, tuple[tuple[int, Corners], ...]] = {}
"""Per tile, its distinct orientations: (rot, corners), the lowest rot of equal corners."""
_ORIENT: dict[Corners, tuple[str, int]] = {}
for _t in TILES:
    _seen: list[tuple[int, Corners]] = []
    for _rot in range(3):
        _n = NUMS[_t]
        _c = (_n[_rot % 3], _n[(1 + _rot) % 3], _n[(2 + _rot) % 3])
        if all(_c != s for _, s in _seen):
            _seen.append((_rot, _c))
            _ORIENT[_c] = (_t, _rot)
    ROTATIONS[_t] = tuple(_seen)

BONUS_POINTS: Mapping[str, int] = {"bridge": 40, "hexagon": 50, "double_hexagon": 60, "triple_hexagon": 70}
KIDS_BONUS: Mapping[str, int] = {"bridge": 1, "hexagon": 1, "double_hexagon": 2, "triple_hexagon": 3}
HEXAGONS: tuple[str, ...] = ("hexagon", "double_hexagon", "triple_hexagon")
OUT_BONUS = 25
KIDS_OUT_BONUS = 5
DRAW_PENALTY = -5
PASS_PENALTY = -10
MAX_DRAWS = 3
CLASSIC_BONUS = 10
ZERO_TRIPLE_START = 40
ORIGIN: Space = (0, 0)


def hand_size(players: int) -> int:
    return 9 if players == 2 else 7 if players <= 4 else 6


def corners_of(tile: str, rot: int) -> Corners:
    n = NUMS[tile]
    return (n[rot % 3], n[(1 + rot) % 3], n[(2 + rot) % 3])


def orient(corners: Sequence[int]) -> tuple[str, int]:
    """The tile and rotation showing these corners (clockwise order); KeyError for the missing chirality."""
    return _ORIENT[(corners[0], corners[1], corners[2])]


def is_up(space: Space) -> bool:
    return (space[0] + space[1]) % 2 == 0


def vertices(space: Space) -> tuple[Vertex, Vertex, Vertex]:
    """The space's corners, clockwise (up: top, bottom-right, bottom-left; down: top-left, top-right, bottom)."""
    r, c = space
    if (r + c) % 2 == 0:
        return ((c + 1, r), (c + 2, r + 1), (c, r + 1))
    return ((c, r), (c + 2, r), (c + 1, r + 1))


def edge_neighbours(space: Space) -> tuple[Space, Space, Space]:
    r, c = space
    return ((r, c - 1), (r, c + 1), (r + 1, c) if (r + c) % 2 == 0 else (r - 1, c))


def spaces_at(vertex: Vertex) -> tuple[Space, ...]:
    """The six spaces meeting at a vertex."""
    x, y = vertex
    return tuple((r, c) for r in (y - 1, y) for c in (x - 2, x - 1, x))


def corner_neighbours(space: Space) -> set[Space]:
    """The nine spaces touching ``space`` at one vertex only."""
    edges = set(edge_neighbours(space))
    return {s for v in vertices(space) for s in spaces_at(v)} - edges - {space}


@dataclass(frozen=True)
class Laid:
    tile: str
    rot: int
    corners: Corners
    seat: int
    order: int


@dataclass
class Layout:
    """The tiles on the table with the indexes legality and scoring need."""

    cells: dict[Space, Laid] = field(default_factory=dict)
    numbers: dict[Vertex, int] = field(default_factory=dict)
    """The number every tile at a vertex shows there."""
    counts: dict[Vertex, int] = field(default_factory=dict)
    """How many tiles meet at a vertex."""
    frontier: set[Space] = field(default_factory=set)
    """The empty spaces sharing an edge with a tile."""

    def add(self, space: Space, laid: Laid) -> None:
        self.cells[space] = laid
        for v, n in zip(vertices(space), laid.corners, strict=True):
            self.numbers[v] = n
            self.counts[v] = self.counts.get(v, 0) + 1
        self.frontier.discard(space)
        for nb in edge_neighbours(space):
            if nb not in self.cells:
                self.frontier.add(nb)

    def problem(self, space: Space, corners: Corners) -> str | None:
        """Why ``corners`` may not go to ``space`` (an error code), or None when it may."""
        if space in self.cells:
            return "space_taken"
        if not self.cells:
            return None if space == ORIGIN else "not_adjacent"
        if space not in self.frontier:
            return "not_adjacent"
        wrong = {v for v, n in zip(vertices(space), corners, strict=True) if self.numbers.get(v, n) != n}
        if not wrong:
            return None
        for nb in edge_neighbours(space):
            if nb in self.cells and wrong & set(vertices(nb)):
                return "edge_mismatch"
        return "corner_mismatch"

    def bonus(self, space: Space) -> str | None:
        """The bonus a (legal) tile laid on ``space`` earns: hexagons completed, else a bridge, else None."""
        if not self.cells:
            return None
        verts = vertices(space)
        hexes = sum(1 for v in verts if self.counts.get(v, 0) == 5)
        if hexes:
            return HEXAGONS[hexes - 1]
        edges = [nb for nb in edge_neighbours(space) if nb in self.cells]
        if len(edges) == 1:
            (opposite,) = set(verts) - set(vertices(edges[0]))
            if self.counts.get(opposite, 0) > 0:
                return "bridge"
        return None

    def requirement(self, space: Space) -> tuple[int | None, ...]:
        return tuple(self.numbers.get(v) for v in vertices(space))

    def placements(self, hand: Iterable[str]) -> list[tuple[str, Space, int]]:
        """Every distinct (tile, space, rot) of ``hand`` that may be laid, sorted."""
        if not self.cells:
            return [(t, ORIGIN, rot) for t in sorted(set(hand)) for rot, _ in ROTATIONS[t]]
        index: dict[tuple[int | None, ...], list[tuple[str, int]]] = {}
        for t in set(hand):
            for rot, corners in ROTATIONS[t]:
                index.setdefault(corners, []).append((t, rot))
        out: list[tuple[str, Space, int]] = []
        for space in self.frontier:
            req = self.requirement(space)
            free = [i for i, n in enumerate(req) if n is None]
            for fill in itertools.product(range(6), repeat=len(free)):
                key = list(req)
                for i, n in zip(free, fill, strict=True):
                    key[i] = n
                out.extend((t, space, rot) for t, rot in index.get(tuple(key), ()))
        out.sort()
        return out

    def any_placement(self, hand: Iterable[str]) -> bool:
        tiles = list(hand)
        if not tiles:
            return False
        if not self.cells:
            return True
        shapes = {corners for t in tiles for _, corners in ROTATIONS[t]}
        for space in self.frontier:
            req = self.requirement(space)
            for corners in shapes:
                if all(n is None or n == k for n, k in zip(req, corners, strict=True)):
                    return True
        return False

    @classmethod
    def from_board(cls, board: Iterable[Cell]) -> Layout:
        """A layout from a view's ``board``."""
        layout = cls()
        for cell in sorted(board, key=lambda b: b.order):
            tile, rot = orient(cell.corners)
            layout.add((cell.r, cell.c), Laid(tile, rot, corners_of(tile, rot), cell.seat, cell.order))
        return layout

    def copy(self) -> Layout:
        """An independent copy, to try a placement on."""
        return Layout(dict(self.cells), dict(self.numbers), dict(self.counts), set(self.frontier))


@dataclass
class TriominosState(Tracked):
    """The whole game; ``play`` mutates it in place once an action is known to be legal."""

    players: int
    target: int
    rounds: int
    classic_start: bool
    kids_scoring: bool
    scores: list[int]
    round: int = 0
    hands: list[list[str]] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    layout: Layout = field(default_factory=Layout)
    current: int | None = None
    starter: int = 0
    draws: int = 0
    out: int | None = None
    last: LastPlacement | None = None
    start_draws: list[tuple[int, str]] = field(default_factory=list)
    forced: str | None = None
    """With ``classic_start``: the tile the starter must lay first."""
    over: bool = False
    opening: list[Event] = field(default_factory=list)
    """The events of the first round's start (for ``start_events``)."""


def _points(state: TriominosState | None, tile: str, bonus: str | None, first: bool) -> int:
    kids = state is not None and state.kids_scoring
    if kids:
        return 1 + (KIDS_BONUS[bonus] if bonus else 0)
    value = VALUE[tile]
    if first and state is not None and state.classic_start and NUMS[tile][0] == NUMS[tile][2]:
        return ZERO_TRIPLE_START if value == 0 else value + CLASSIC_BONUS
    return value + (BONUS_POINTS[bonus] if bonus else 0)


def _placement_args(action: Action) -> tuple[str, Space, int]:
    tile, r, c, rot = action.get("tile"), action.get("r"), action.get("c"), action.get("rot")
    if not isinstance(tile, str) or tile not in TILE_SET:
        raise IllegalAction("bad_tile", tile=str(tile))
    for n in (r, c, rot):
        if isinstance(n, bool) or not isinstance(n, int):
            raise IllegalAction("bad_tile", tile=tile)
    assert isinstance(r, int) and isinstance(c, int) and isinstance(rot, int)
    if all(rot != k for k, _ in ROTATIONS[tile]):  # 0 to 2; a triple has only rot 0
        raise IllegalAction("bad_tile", tile=tile)
    return tile, (r, c), rot


def score_placement(state_or_board: TriominosState | Layout | Iterable[Cell], action: Action) -> tuple[int, str | None]:
    """Points and bonus (None, bridge, hexagon, double_hexagon, triple_hexagon) of a legal ``place`` action.

    Given a state, its scoring options (kids, classic start) count; given a layout or a view's board, plain scoring.
    Raises ``IllegalAction`` when the placement does not fit.
    """
    state = state_or_board if isinstance(state_or_board, TriominosState) else None
    if isinstance(state_or_board, TriominosState):
        layout = state_or_board.layout
    elif isinstance(state_or_board, Layout):
        layout = state_or_board
    else:
        layout = Layout.from_board(state_or_board)
    tile, space, rot = _placement_args(action)
    problem = layout.problem(space, corners_of(tile, rot))
    if problem:
        raise IllegalAction(problem, tile=tile, r=space[0], c=space[1])
    bonus = layout.bonus(space)
    return _points(state, tile, bonus, not layout.cells), bonus


def _place_action(tile: str, space: Space, rot: int) -> Action:
    return Action.of("place", tile=tile, r=space[0], c=space[1], rot=rot)


def placements_for(state: TriominosState, seat: int, tile: str) -> list[Action]:
    """The legal placements of one tile of ``seat`` (empty when it is not that seat's turn to place)."""
    return [a for a in GAME.legal_actions(state, seat) if a.kind == "place" and a["tile"] == tile]


def fixed_round(
    state: TriominosState,
    *,
    hands: Sequence[Sequence[str]],
    pool: Sequence[str] = (),
    board: Sequence[tuple[int, int, Sequence[int]]] = (),
    current: int = 0,
    starter: int | None = None,
    draws: int = 0,
    out: int | None = None,
) -> TriominosState:
    """Replace the round in progress: ``board`` lists (r, c, corners) in laying order (seat = ``current``).

    Tiles must be distinct; tiles left out are simply not in play. Scores and the round number are kept.
    """
    if len(hands) != state.players:
        raise ValueError("one hand per player")
    layout = Layout()
    used: list[str] = [t for h in hands for t in h] + list(pool)
    for k, (r, c, corners) in enumerate(board, start=1):
        tile, rot = orient(corners)
        if layout.cells and layout.problem((r, c), corners_of(tile, rot)) not in (None, "not_adjacent"):
            raise ValueError(f"tile {tile} does not fit at {(r, c)}")
        layout.add((r, c), Laid(tile, rot, corners_of(tile, rot), current, k))
        used.append(tile)
    if len(used) != len(set(used)) or not set(used) <= TILE_SET:
        raise ValueError("unknown or repeated tile")
    state.hands = [list(h) for h in hands]
    state.pool = list(pool)
    state.layout = layout
    state.current = current
    state.starter = current if starter is None else starter
    state.draws = draws
    state.out = out
    state.last = None
    state.forced = None
    state.over = False
    return state


def _hand_total(hand: Sequence[str]) -> int:
    return sum(VALUE[t] for t in hand)


def tile_face(tile: str) -> TileFace:
    """A tile as drawn on its own, for the views."""
    return TileFace(tile, NUMS[tile], VALUE[tile])


def _bonus_points(bonus: str | None) -> int:
    return BONUS_POINTS[bonus] if bonus else 0


def _tiles_in(value: JSONValue) -> Iterable[str]:
    """The tile ids inside an event's data."""
    if isinstance(value, str):
        if value in TILE_SET:
            yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _tiles_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _tiles_in(item)


class Triominos(Engine[TriominosState, TriominosTable, TriominosOwn]):
    """The Triominos engine (``GAME`` is its instance, declared in ``bot.registry``)."""

    name: str = "triominos"
    min_players: int = 2
    max_players: int = 6
    options: tuple[Option, ...] = (
        IntOption("target", 400, 50, 2000),
        IntOption("rounds", 0, 0, 20),
        BoolOption("classic_start", False),
        BoolOption("kids_scoring", False),
    )

    # ----- setup -----

    def setup(self, players: int, options: Mapping[str, JSONValue], rng: random.Random) -> TriominosState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("2 to 6 players")
        opts = validate_options(self, options)
        state = TriominosState(
            players=players,
            target=as_number(opts["target"]),
            rounds=as_number(opts["rounds"]),
            classic_start=opts["classic_start"] is True,
            kids_scoring=opts["kids_scoring"] is True,
            scores=[0] * players,
        )
        state.opening = self._start_round(state, rng)
        return state

    def start_events(self, state: TriominosState) -> list[Event]:
        return list(state.opening)

    def _start_round(self, state: TriominosState, rng: random.Random) -> list[Event]:
        n = state.players
        state.round += 1
        events: list[Event] = []
        draws: list[tuple[int, str]] = []
        if not state.classic_start:
            contenders = list(range(n))
            while len(contenders) > 1:
                picked = rng.sample(TILES, len(contenders))
                draws.extend(zip(contenders, picked, strict=True))
                best = max(VALUE[t] for t in picked)
                contenders = [s for s, t in zip(contenders, picked, strict=True) if VALUE[t] == best]
            starter = contenders[0]
        pool = list(TILES)
        rng.shuffle(pool)
        size = hand_size(n)
        state.hands = [pool[s * size : (s + 1) * size] for s in range(n)]
        state.pool = pool[n * size :]
        state.layout = Layout()
        state.forced = None
        if state.classic_start:
            triples = [(VALUE[t], s, t) for s in range(n) for t in state.hands[s] if NUMS[t][0] == NUMS[t][2]]
            if triples:
                _, starter, state.forced = max(triples)
            else:
                _, _, starter, state.forced = max((VALUE[t], NUMS[t], s, t) for s in range(n) for t in state.hands[s])
        else:
            events.append(Event("start_draw", None, {"draws": [[s, t] for s, t in draws], "starter": starter}))
        state.start_draws = draws
        state.starter = starter
        state.current = starter
        state.draws = 0
        state.out = None
        state.last = None
        events.append(Event("deal", starter, {"round": state.round, "starter": starter}, milestone=True))
        return events

    # ----- queries -----

    def stage(self, state: TriominosState) -> int:
        return state.round

    def to_act(self, state: TriominosState) -> frozenset[int]:
        return lone_seat(state.current, state.over)

    def is_over(self, state: TriominosState) -> bool:
        return state.over

    def _placements(self, state: TriominosState, seat: int) -> list[tuple[str, Space, int]]:
        if state.forced is not None and not state.layout.cells:
            return [(state.forced, ORIGIN, rot) for rot, _ in ROTATIONS[state.forced]]
        return state.layout.placements(state.hands[seat])

    def _can_draw(self, state: TriominosState) -> bool:
        return bool(state.pool) and state.draws < MAX_DRAWS and bool(state.layout.cells)

    def legal_actions(self, state: TriominosState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        out = [_place_action(t, s, rot) for t, s, rot in self._placements(state, seat)]
        if self._can_draw(state):
            out.append(Action.of("draw"))
        elif not out and not state.pool:
            out.append(Action.of("pass"))
        return out

    def phase(self, state: TriominosState) -> str:
        """``over``; ``start`` before the round's first tile; ``play`` otherwise."""
        if state.over:
            return "over"
        return "play" if state.layout.cells else "start"

    def scores(self, state: TriominosState) -> tuple[int, ...]:
        return tuple(state.scores)

    def table(self, state: TriominosState) -> TriominosTable:
        cells = sorted(state.layout.cells.items(), key=lambda kv: kv[1].order)
        acting = self.to_act(state)
        ranks = {r.seat: r.rank for r in rank_by_score(state.scores)}
        decisive = max((k for k, (s, _) in enumerate(state.start_draws) if s == state.starter), default=-1)
        return TriominosTable(
            round=state.round,
            rounds=state.rounds,
            target=state.target,
            players=tuple(
                PlayerView(
                    seat=s,
                    score=state.scores[s],
                    tiles=len(state.hands[s]),
                    acting=s in acting,
                    rank=ranks[s],
                )
                for s in range(state.players)
            ),
            current=state.current,
            starter=state.starter,
            pool=len(state.pool),
            board=tuple(
                Cell(r=r, c=c, up=is_up((r, c)), corners=laid.corners, tile=laid.tile, seat=laid.seat, order=laid.order)
                for (r, c), laid in cells
            ),
            last=state.last,
            draws=state.draws,
            start_draws=tuple(
                StartDraw(seat=s, tile=tile_face(t), decisive=k == decisive)
                for k, (s, t) in enumerate(state.start_draws)
            ),
            bell=state.out is not None and not state.over,
            out=state.out,
            over=state.over,
            kids_scoring=state.kids_scoring,
            classic_start=state.classic_start,
        )

    def own(self, state: TriominosState, seat: int) -> TriominosOwn:
        hand = sorted(state.hands[seat])
        placements = self._scored(state, seat)
        return TriominosOwn(
            hand=tuple(tile_face(t) for t in hand),
            total=_hand_total(hand),
            placements=placements,
            playable=tuple(sorted({p.tile for p in placements})),
            my_turn=seat in self.to_act(state),
        )

    def _scored(self, state: TriominosState, seat: int) -> tuple[Placement, ...]:
        """Every legal placement of ``seat`` with its points, best first (most points, then tile and space)."""
        if seat not in self.to_act(state):
            return ()
        layout = state.layout
        first = not layout.cells
        out: list[Placement] = []
        for tile, space, rot in self._placements(state, seat):
            bonus = layout.bonus(space)
            out.append(
                Placement(
                    tile=tile,
                    r=space[0],
                    c=space[1],
                    rot=rot,
                    up=is_up(space),
                    corners=corners_of(tile, rot),
                    points=_points(state, tile, bonus, first),
                    bonus=bonus,
                    bonus_points=_bonus_points(bonus),
                )
            )
        out.sort(key=lambda p: (-p.points, p.tile, p.r, p.c))
        return tuple(out)

    def secrets(self, state: TriominosState, seat: int) -> frozenset[str]:
        """The tiles of the seat's hand, but those the table shows anyway: drawn for the start of the round, or
        named by the latest public events of an earlier round (the same tile, dealt again since)."""
        shown = {t for _, t in state.start_draws}
        for event in state.recent:
            if event.public():
                for value in event.data.values():
                    shown.update(_tiles_in(value))
        return frozenset(state.hands[seat]) - shown

    def undoable(self, before: TriominosState, seat: int, action: Action, events: Sequence[Event]) -> bool:
        """A tile laid face up from one's hand shows only that tile, unless it ends the round (a block found, or
        the last turn after going out: the hands are then counted). A draw shows the drawer a tile: final."""
        return action.kind == "place" and all(e.kind in ("place", "out") for e in events)

    # ----- actions -----

    def play(self, state: TriominosState, seat: int, action: Action, rng: random.Random) -> list[Event]:
        if state.over:
            raise IllegalAction("game_over")
        if seat not in self.to_act(state):
            raise NotYourTurn()
        if action.kind == "place":
            return self._place(state, seat, action, rng)
        if action.kind == "draw":
            if not state.layout.cells or state.draws >= MAX_DRAWS:
                raise IllegalAction("no_more_draws")
            if not state.pool:
                raise IllegalAction("pool_empty")
            return self._draw(state, seat, rng)
        if action.kind == "pass":
            if state.pool or state.layout.any_placement(state.hands[seat]) or not state.layout.cells:
                raise IllegalAction("cannot_pass")
            return [Event("pass", seat, {}), *self._next_turn(state, seat, rng)]
        raise IllegalAction("unknown_action", kind=action.kind)

    def _place(self, state: TriominosState, seat: int, action: Action, rng: random.Random) -> list[Event]:
        tile, space, rot = _placement_args(action)
        if tile not in state.hands[seat]:
            raise IllegalAction("tile_not_in_hand", tile=tile)
        layout = state.layout
        if state.forced is not None and not layout.cells and tile != state.forced:
            raise IllegalAction("bad_tile", tile=tile, forced=state.forced)
        corners = corners_of(tile, rot)
        problem = layout.problem(space, corners)
        if problem:
            raise IllegalAction(problem, tile=tile, r=space[0], c=space[1])
        first = not layout.cells
        bonus = layout.bonus(space)
        points = _points(state, tile, bonus, first)
        layout.add(space, Laid(tile, rot, corners, seat, len(layout.cells) + 1))
        state.hands[seat].remove(tile)
        state.scores[seat] += points
        state.last = LastPlacement(
            r=space[0],
            c=space[1],
            seat=seat,
            tile=tile_face(tile),
            points=points,
            bonus=bonus,
            bonus_points=_bonus_points(bonus),
        )
        data: dict[str, JSONValue] = {
            "tile": tile,
            "r": space[0],
            "c": space[1],
            "rot": rot,
            "corners": list(corners),
            "value": VALUE[tile],
            "bonus": bonus,
            "points": points,
        }
        events = [Event("place", seat, data, milestone=bonus is not None)]
        if not state.hands[seat] and state.out is None:
            state.out = seat
            events.append(Event("out", seat, {}))
        return events + self._next_turn(state, seat, rng)

    def _draw(self, state: TriominosState, seat: int, rng: random.Random) -> list[Event]:
        tile = state.pool.pop(rng.randrange(len(state.pool)))
        state.hands[seat].append(tile)
        state.draws += 1
        penalty = 0 if state.kids_scoring else DRAW_PENALTY
        state.scores[seat] += penalty
        events = [
            Event("draw", seat, {"penalty": penalty}),
            Event("drew", seat, {"tile": tile}, private_to=frozenset({seat})),
        ]
        if state.draws >= MAX_DRAWS and not state.layout.any_placement(state.hands[seat]):
            extra = 0 if state.kids_scoring else PASS_PENALTY
            state.scores[seat] += extra
            events.append(Event("turn_passed", seat, {"penalty": extra}))
            events += self._next_turn(state, seat, rng)
        return events

    def _next_turn(self, state: TriominosState, seat: int, rng: random.Random) -> list[Event]:
        n = state.players
        nxt = (seat + 1) % n
        state.draws = 0
        if state.out is not None and nxt == state.starter:
            return self._end_round(state, "out", rng)
        state.current = nxt
        if state.out is None and not state.pool and not any(state.layout.any_placement(h) for h in state.hands):
            return self._end_round(state, "blocked", rng)
        return []

    def _end_round(self, state: TriominosState, reason: str, rng: random.Random) -> list[Event]:
        n = state.players
        totals = [_hand_total(h) for h in state.hands]
        if reason == "out":
            assert state.out is not None
            winner = state.out
            others = sum(totals) - totals[winner]
            points = KIDS_OUT_BONUS if state.kids_scoring else OUT_BONUS + others
        else:
            winner = min(range(n), key=lambda s: (totals[s], len(state.hands[s]), (s - state.starter) % n))
            others = sum(totals) - totals[winner]
            points = 0 if state.kids_scoring else others - totals[winner]
        state.scores[winner] += points
        state.current = None
        data: dict[str, JSONValue] = {
            "round": state.round,
            "reason": reason,
            "winner": winner,
            "points": points,
            "scores": list(state.scores),
        }
        events = [Event("round_end", None, data, milestone=True)]
        if max(state.scores) >= state.target or (state.rounds and state.round >= state.rounds):
            state.over = True
            return [*events, Event("game_end", None, {}, milestone=True)]
        return events + self._start_round(state, rng)


GAME = Triominos()
