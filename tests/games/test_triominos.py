"""Triominos scenarios: small fixed layouts, fixed moves, expected points worked out by hand from the rules."""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import validate_options
from bot.games.triominos import GAME
from bot.games.triominos import ROTATIONS
from bot.games.triominos import TILES
from bot.games.triominos import VALUE
from bot.games.triominos import TriominosState
from bot.games.triominos import corner_neighbours
from bot.games.triominos import edge_neighbours
from bot.games.triominos import fixed_round
from bot.games.triominos import orient
from bot.games.triominos import placements_for
from bot.games.triominos import score_placement
from bot.games.triominos import spaces_at
from bot.games.triominos import vertices
from bot.games.triominos_views import Cell
from bot.players.triominos import PLAYER
from bot.players.triominos import bench_legal_actions
from bot.players.triominos import bench_win_rate
from bot.players.triominos import choose
from tests.games import support
from tests.games.triominos_layouts import DOUBLE
from tests.games.triominos_layouts import HEXAGON
from tests.games.triominos_layouts import TRIPLE
from tests.games.triominos_layouts import Board
from tests.games.triominos_layouts import from_numbers

RNG = random.Random(7)


def game(players: int = 2, **options: Any) -> TriominosState:
    return GAME.setup(players, {"rounds": 1, **options}, random.Random(0))


def table(hands: list[list[str]], board: Board, pool: list[str] | None = None, **kw: Any) -> TriominosState:
    options = {k: kw.pop(k) for k in ("target", "rounds", "kids_scoring", "classic_start") if k in kw}
    state = game(len(hands), **options)
    return fixed_round(state, hands=hands, pool=pool or [], board=board, **kw)


def place(state: TriominosState, seat: int, tile: str, r: int, c: int, rot: int) -> list[Event]:
    return GAME.apply(state, seat, Action.of("place", tile=tile, r=r, c=c, rot=rot), RNG)


def act(state: TriominosState, seat: int, kind: str) -> list[Event]:
    return GAME.apply(state, seat, Action.of(kind), RNG)


refused = partial(support.refused, GAME, rng=RNG)
"""Refuse a move with a code, leaving the state as it was."""


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events if e.private_to is None]


def only(events: list[Event], kind: str) -> Event:
    (event,) = [e for e in events if e.kind == kind]
    return event


# ----- tiles, lattice and options -----


def test_the_56_tiles() -> None:
    assert len(TILES) == len(set(TILES)) == 56
    triples = [t for t in TILES if len(set(t.split("-"))) == 1]
    assert triples == ["0-0-0", "1-1-1", "2-2-2", "3-3-3", "4-4-4", "5-5-5"]
    assert sum(1 for t in TILES if len(set(t.split("-"))) == 2) == 30
    assert sum(1 for t in TILES if len(set(t.split("-"))) == 3) == 20
    assert "0-1-2" in TILES and "0-2-1" not in TILES
    for a in range(6):
        for b in range(a + 1, 6):
            for c in range(b + 1, 6):
                assert f"{a}-{b}-{c}" in TILES and f"{a}-{c}-{b}" not in TILES
                with pytest.raises(KeyError):
                    orient([a, c, b])
    assert VALUE["5-5-5"] == 15 and VALUE["0-1-2"] == 3
    # One distinct orientation for a triple, three for the others.
    assert [len(ROTATIONS[t]) for t in ("3-3-3", "0-0-5", "1-2-3")] == [1, 3, 3]
    assert orient([1, 2, 0]) == ("0-1-2", 1)


def test_lattice() -> None:
    assert vertices((0, 0)) == ((1, 0), (2, 1), (0, 1))  # up: top, bottom-right, bottom-left
    assert vertices((0, 1)) == ((1, 0), (3, 0), (2, 1))  # down: top-left, top-right, bottom
    assert edge_neighbours((0, 0)) == ((0, -1), (0, 1), (1, 0))
    assert edge_neighbours((0, 1)) == ((0, 0), (0, 2), (-1, 1))
    for space in ((0, 0), (0, 1), (-3, 4), (2, -5)):
        for nb in edge_neighbours(space):
            assert len(set(vertices(space)) & set(vertices(nb))) == 2
        corner = corner_neighbours(space)
        assert len(corner) == 9
        assert all(len(set(vertices(space)) & set(vertices(s))) == 1 for s in corner)
        for v in vertices(space):
            assert len(spaces_at(v)) == 6 and space in spaces_at(v)


def test_options() -> None:
    assert validate_options(GAME, {}) == {"target": 400, "rounds": 0, "classic_start": False, "kids_scoring": False}
    for bad in ({"target": 49}, {"target": 2001}, {"rounds": 21}, {"kids_scoring": 1}):
        with pytest.raises(BadOption):
            validate_options(GAME, bad)
    with pytest.raises(ValueError):
        GAME.setup(7, {}, random.Random(0))


@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_and_starting_draw(players: int, size: int) -> None:
    state = GAME.setup(players, {}, random.Random(players))
    assert [len(h) for h in state.hands] == [size] * players
    assert sorted([t for h in state.hands for t in h] + state.pool) == sorted(TILES)
    events = GAME.start_events(state)
    assert kinds(events) == ["start_draw", "deal"]
    draw = events[0].data
    first = draw["draws"][:players]  # everybody draws once; ties draw again
    assert sorted(s for s, _ in first) == list(range(players))
    assert draw["starter"] == state.starter == state.current
    assert VALUE[dict((s, t) for s, t in first)[state.starter]] == max(VALUE[t] for _, t in first)
    assert events[1].milestone and events[1].data == {"round": 1, "starter": state.starter}
    json.dumps([e.to_json() for e in events])
    public = GAME.public_view(state).table
    assert [[d.seat, d.tile.code] for d in public.start_draws] == draw["draws"]
    assert [d.decisive for d in public.start_draws].count(True) == 1
    assert public.pool == len(state.pool)
    assert list(GAME.view(state, 0).own.codes) == sorted(state.hands[0])


def test_first_tile_of_the_round() -> None:
    state = fixed_round(game(), hands=[["1-1-1", "0-2-4"], ["5-5-5"]], pool=["3-3-3"])
    legal = GAME.legal_actions(state, 0)
    # Only at (0, 0): one orientation for the triple, three for 0-2-4; no draw before the first tile.
    assert {(a["r"], a["c"]) for a in legal} == {(0, 0)}
    assert [a["tile"] for a in legal] == ["0-2-4"] * 3 + ["1-1-1"]
    assert placements_for(state, 0, "1-1-1") == [Action.of("place", tile="1-1-1", r=0, c=0, rot=0)]
    refused(state, 0, Action.of("place", tile="0-2-4", r=0, c=1, rot=0), "not_adjacent")
    refused(state, 0, Action.of("draw"), "no_more_draws")
    events = place(state, 0, "0-2-4", 0, 0, 2)
    assert only(events, "place").data == {
        "tile": "0-2-4",
        "r": 0,
        "c": 0,
        "rot": 2,
        "corners": [4, 0, 2],
        "value": 6,
        "bonus": None,
        "points": 6,
    }
    assert state.scores == [6, 0]
    assert GAME.public_view(state).table.board == (
        Cell(r=0, c=0, up=True, corners=(4, 0, 2), tile="0-2-4", seat=0, order=1),
    )


def classic_state(wanted: str) -> TriominosState:
    """A classic-start game whose highest triple dealt is ``wanted``."""
    for seed in range(2000):
        state = GAME.setup(2, {"classic_start": True, "rounds": 1}, random.Random(seed))
        triples = [t for h in state.hands for t in h if t[0] == t[2] == t[4]]
        if triples and max(triples) == wanted:
            return state
    raise AssertionError("no such deal")


@pytest.mark.parametrize(("triple", "points"), [("0-0-0", 40), ("3-3-3", 19), ("5-5-5", 25)])
def test_classic_start(triple: str, points: int) -> None:
    state = classic_state(triple)
    seat = state.starter
    assert triple in state.hands[seat]
    assert kinds(GAME.start_events(state)) == ["deal"]
    assert GAME.legal_actions(state, seat) == [Action.of("place", tile=triple, r=0, c=0, rot=0)]
    other = next(t for t in state.hands[seat] if t != triple)
    refused(state, seat, Action.of("place", tile=other, r=0, c=0, rot=0), "bad_tile")
    assert score_placement(state, Action.of("place", tile=triple, r=0, c=0, rot=0)) == (points, None)
    assert [p.points for p in GAME.view(state, seat).own.placements] == [points]
    events = place(state, seat, triple, 0, 0, 0)
    assert only(events, "place").data["points"] == points
    assert state.scores[seat] == points


# ----- placements -----

# The origin holds 0-1-2 turned so that its corners read top 1, bottom-right 2, bottom-left 0:
#
#            1 ----- ? (3, 0)
#           / \     /
#          /   \ S /      S = (0, 1), pointing down, its corners top-left 1, top-right ?, bottom 2
#         0 --- 2
ORIGIN_TILE: Board = [(0, 0, [1, 2, 0])]


def test_matching_edge() -> None:
    state = table([["1-1-2", "1-2-2"], ["5-5-5"]], ORIGIN_TILE, ["4-4-4"])
    events = place(state, 0, "1-1-2", 0, 1, 0)  # corners 1, 1, 2: the edge 1-2 matches
    assert only(events, "place").data["points"] == 4
    assert only(events, "place").data["bonus"] is None
    assert not only(events, "place").milestone
    assert state.scores == [4, 0] and state.current == 1


def test_wrong_edge() -> None:
    state = table([["1-2-2"], ["5-5-5"]], ORIGIN_TILE, ["4-4-4"])
    # 1-2-2 turned once: corners 2, 2, 1 -> the top-left corner shows 2 against the origin's 1.
    refused(state, 0, Action.of("place", tile="1-2-2", r=0, c=1, rot=1), "edge_mismatch")
    assert Action.of("place", tile="1-2-2", r=0, c=1, rot=1) not in GAME.legal_actions(state, 0)
    assert Action.of("place", tile="1-2-2", r=0, c=1, rot=0) in GAME.legal_actions(state, 0)


# A tile at (0, 3) (pointing down) touches S only at the point (3, 0), where it shows 1.
BRIDGE_BOARD: Board = [*ORIGIN_TILE, (0, 3, [1, 3, 4])]


def test_wrong_corner_touching_only_at_a_point() -> None:
    state = table([["1-2-2", "1-1-2"], ["5-5-5"]], BRIDGE_BOARD, ["4-4-4"])
    # 1-2-2 at S: corners 1, 2, 2; both numbers of the shared edge match, but the point (3, 0) shows 1, not 2.
    refused(state, 0, Action.of("place", tile="1-2-2", r=0, c=1, rot=0), "corner_mismatch")
    assert [a["tile"] for a in GAME.legal_actions(state, 0) if a.get("c") == 1] == ["1-1-2"]
    refused(state, 0, Action.of("place", tile="1-1-2", r=0, c=0, rot=0), "space_taken")
    refused(state, 0, Action.of("place", tile="1-1-2", r=5, c=5, rot=0), "not_adjacent")
    refused(state, 0, Action.of("place", tile="5-5-5", r=0, c=1, rot=0), "tile_not_in_hand")
    refused(state, 0, Action.of("place", tile="1-2-1", r=0, c=1, rot=0), "bad_tile")
    refused(state, 0, Action.of("place", tile="1-1-2", r=0, c=1, rot=3), "bad_tile")
    refused(state, 0, Action.of("fly"), "unknown_action")
    refused(state, 1, Action.of("draw"), "not_your_turn")


def test_bridge() -> None:
    state = table([["1-1-2", "0-0-0"], ["5-5-5"]], BRIDGE_BOARD, ["4-4-4"])
    action = Action.of("place", tile="1-1-2", r=0, c=1, rot=0)
    # One shared edge with the origin, the opposite corner (3, 0) touches the tile at (0, 3): 4 + 40.
    assert score_placement(state, action) == (44, "bridge")
    assert score_placement(GAME.public_view(state).table.board, action) == (44, "bridge")
    best = GAME.view(state, 0).own.placements[0]
    assert (best.action, best.points, best.bonus) == (action, 44, "bridge")
    events = GAME.apply(state, 0, action, RNG)
    event = only(events, "place")
    assert (event.data["bonus"], event.data["points"], event.milestone) == ("bridge", 44, True)
    last = GAME.public_view(state).table.last
    assert last is not None
    assert {
        "r": last.r,
        "c": last.c,
        "seat": last.seat,
        "tile": last.tile.code,
        "points": last.points,
        "bonus": last.bonus,
    } == {
        "r": 0,
        "c": 1,
        "seat": 0,
        "tile": "1-1-2",
        "points": 44,
        "bonus": "bridge",
    }


@pytest.mark.parametrize(
    ("layout", "tile", "bonus", "points"),
    [
        # (0, 0) corners top (1, 0), bottom-right (2, 1), bottom-left (0, 1).
        (HEXAGON, "0-0-2", "hexagon", 2 + 50),  # 0, 0, 2: the sixth tile around (1, 0)
        (DOUBLE, "1-3-5", "double_hexagon", 9 + 60),  # 1, 3, 5: around (1, 0) and (2, 1)
        (TRIPLE, "0-1-5", "triple_hexagon", 6 + 70),  # 5, 0, 1: around all three corners
    ],
)
def test_hexagons(
    layout: tuple[dict[tuple[int, int], int], list[tuple[int, int]]], tile: str, bonus: str, points: int
) -> None:
    numbers, spaces = layout
    board = from_numbers(numbers, spaces)
    spare = [t for t in TILES if t != tile and t not in {orient(c)[0] for _, _, c in board}]
    state = table([[tile], spare[:1]], board, spare[1:2])
    corners = [numbers[v] for v in vertices((0, 0))]
    found, rot = orient(corners)
    assert found == tile
    action = Action.of("place", tile=tile, r=0, c=0, rot=rot)
    assert action in GAME.legal_actions(state, 0)
    assert score_placement(state, action) == (points, bonus)
    event = only(GAME.apply(state, 0, action, RNG), "place")
    assert (event.data["bonus"], event.data["points"], event.milestone) == (bonus, points, True)


# ----- turns -----

ZERO: Board = [(0, 0, [0, 0, 0])]
"""0-0-0 at the origin: every space next to it wants two 0s."""


def test_three_draws_then_the_turn_passes() -> None:
    state = table([["5-5-5", "4-4-5"], ["0-0-3"]], ZERO, ["3-3-3", "2-2-2", "1-1-1", "1-2-3"])
    assert GAME.legal_actions(state, 0) == [Action.of("draw")]
    refused(state, 0, Action.of("pass"), "cannot_pass")
    drawn: list[str] = []
    for k in range(3):
        events = act(state, 0, "draw")
        assert only(events, "draw").data == {"penalty": -5} and "tile" not in only(events, "draw").data
        drew = only(events, "drew")
        assert drew.private_to == frozenset({0})
        drawn.append(str(drew.data["tile"]))
        assert GAME.public_view(state).table.draws == (k + 1 if k < 2 else 0)
    assert kinds(events) == ["draw", "turn_passed"]
    assert only(events, "turn_passed").data == {"penalty": -10}
    assert state.scores == [-25, 0]
    assert state.current == 1 and len(state.hands[0]) == 5 and len(state.pool) == 1
    assert set(drawn) <= {"3-3-3", "2-2-2", "1-1-1", "1-2-3"}


def test_a_drawn_tile_is_played_at_once() -> None:
    state = table([["5-5-5"], ["4-4-4"]], ZERO, ["0-0-1"])
    act(state, 0, "draw")
    legal = GAME.legal_actions(state, 0)
    assert {a["tile"] for a in legal} == {"0-0-1"}
    assert Action.of("draw") not in legal  # the pool is empty now
    place(state, 0, "0-0-1", 0, 1, 1)  # down space (0, 1): corners top-left 0, top-right 1, bottom 0
    assert state.scores[0] == -5 + 1


def test_after_three_draws_a_placeable_tile_must_be_laid() -> None:
    state = table([["5-5-5"], ["4-4-4"]], ZERO, ["3-3-3", "2-2-2", "0-0-2"])
    for _ in range(3):
        events = act(state, 0, "draw")
    # The third draw leaves 0-0-2 in hand: no -10, the turn goes on and a placement must follow.
    assert "turn_passed" not in kinds(events) and state.current == 0 and state.scores == [-15, 0]
    assert GAME.legal_actions(state, 0) and all(a.kind == "place" for a in GAME.legal_actions(state, 0))
    refused(state, 0, Action.of("draw"), "no_more_draws")
    refused(state, 0, Action.of("pass"), "cannot_pass")


def test_empty_pool_pass() -> None:
    state = table([["5-5-5", "0-0-4"], ["0-0-1", "3-3-3"]], ZERO, [])
    state.hands[0] = ["5-5-5"]
    state.hands[1] = ["0-0-1", "3-3-3"]
    assert GAME.legal_actions(state, 0) == [Action.of("pass")]
    refused(state, 0, Action.of("draw"), "pool_empty")
    events = act(state, 0, "pass")
    assert kinds(events) == ["pass"] and state.scores == [0, 0] and state.current == 1


def test_going_out_completes_the_cycle() -> None:
    # Three players, seat 0 started the round; seat 1 lays its last tile, seat 2 still plays, then the round ends.
    hands = [["5-5-5", "4-4-4"], ["0-0-1"], ["0-0-2", "3-4-5"]]
    state = table(hands, ZERO, ["1-1-1"], current=1, starter=0)
    events = place(state, 1, "0-0-1", 0, 1, 1)
    assert kinds(events) == ["place", "out"]
    view = GAME.public_view(state)
    assert view.table.bell and view.table.out == 1 and sorted(view.to_act) == [2]
    events = place(state, 2, "0-0-2", 0, -1, 2)  # down space (0, -1): corners 2, 0, 0
    assert kinds(events) == ["place", "round_end", "game_end"]
    end = only(events, "round_end").data
    # Seat 1 scores 1 for its tile, then 25 + 27 (seat 0: 5-5-5 and 4-4-4) + 12 (seat 2: 3-4-5).
    assert end == {"round": 1, "reason": "out", "winner": 1, "points": 64, "scores": [0, 65, 2]}
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
    assert [r.seat for r in GAME.results(state)] == [1, 2, 0]
    refused(state, 0, Action.of("draw"), "game_over")


def test_going_out_last_in_the_cycle_ends_at_once() -> None:
    hands = [["5-5-5"], ["4-4-4"], ["0-0-1"]]
    state = table(hands, ZERO, ["1-1-1"], current=2, starter=0)
    events = place(state, 2, "0-0-1", 0, 1, 1)
    assert kinds(events) == ["place", "out", "round_end", "game_end"]
    assert only(events, "round_end").data["points"] == 25 + 15 + 12


def test_blocked_round() -> None:
    # The pool is empty; after seat 0 lays 0-0-3 nobody can place: seat 1 holds 2-2-2 (6), seat 0 holds 5-5-5 (15).
    state = table([["0-0-3", "5-5-5"], ["2-2-2"]], ZERO, [])
    events = place(state, 0, "0-0-3", 0, 1, 1)
    assert kinds(events) == ["place", "round_end", "game_end"]
    end = only(events, "round_end").data
    assert end == {"round": 1, "reason": "blocked", "winner": 1, "points": 15 - 6, "scores": [3, 9]}


def test_kids_scoring() -> None:
    state = table([["1-1-2", "5-5-5"], ["4-4-4"]], BRIDGE_BOARD, ["2-2-2", "3-3-3"], kids_scoring=True)
    assert score_placement(state, Action.of("place", tile="1-1-2", r=0, c=1, rot=0)) == (2, "bridge")
    place(state, 0, "1-1-2", 0, 1, 0)
    events = act(state, 1, "draw")
    assert only(events, "draw").data == {"penalty": 0}
    assert state.scores == [2, 0]
    assert GAME.public_view(state).table.kids_scoring
    # Going out: 1 for the tile and 5 for being out first, nothing for the tiles left.
    state = table([["0-0-1"], ["5-5-5"]], ZERO, ["3-3-3", "4-4-4", "2-2-2"], kids_scoring=True, current=1, starter=1)
    act(state, 1, "draw")
    act(state, 1, "draw")
    act(state, 1, "draw")
    events = place(state, 0, "0-0-1", 0, 1, 1)
    assert only(events, "round_end").data["points"] == 5 and state.scores == [6, 0]


def test_the_game_ends_at_the_target() -> None:
    state = table([["0-0-1"], ["5-5-5"]], ZERO, ["3-3-3"], target=50, rounds=0, starter=1)
    events = place(state, 0, "0-0-1", 0, 1, 1)
    # 1 + 25 + 15 = 41 < 50: a second round is dealt.
    assert kinds(events) == ["place", "out", "round_end", "start_draw", "deal"]
    assert state.round == 2 and GAME.stage(state) == 2 and not state.over
    assert sorted([t for h in state.hands for t in h] + state.pool) == sorted(TILES)
    state = fixed_round(state, hands=[["0-0-1"], ["5-5-5"]], pool=["3-3-3"], board=ZERO, starter=1)
    events = place(state, 0, "0-0-1", 0, 1, 1)
    assert kinds(events)[-2:] == ["round_end", "game_end"] and state.scores == [82, 0]
    assert GAME.public_view(state).over


# ----- the computer player -----


def test_computer_takes_the_bonus_and_draws_only_when_it_must() -> None:
    state = table([["1-1-2", "0-0-1"], ["5-5-5"]], BRIDGE_BOARD, ["4-4-4"])
    assert choose(GAME.view(state, 0), random.Random(0)) == Action.of("place", tile="1-1-2", r=0, c=1, rot=0)
    state = table([["5-5-5"], ["4-4-4"]], ZERO, ["0-0-1"])
    assert PLAYER.act(state, 0, random.Random(0)) == Action.of("draw")


def test_computer_beats_random() -> None:
    assert bench_win_rate(200) > 0.62


def test_bench_legal_actions_helper() -> None:
    times = bench_legal_actions(samples=5)
    assert len(times) == 5 and all(t >= 0 for t in times)
