"""Triominos properties: random legal games with 2 to 6 players, checked at every move.

The generic checks every game shares (determinism, replay, refusals, secrets, views' envelopes) are in
``tests/games/test_conformance.py``; these are the Triominos rules' own invariants: tiles conserved, a consistent
layout, scores that add up from the events, and views that agree with the state.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import action_rng
from bot.games.triominos import GAME
from bot.games.triominos import TILES
from bot.games.triominos import VALUE
from bot.games.triominos import TriominosState
from bot.games.triominos_views import Cell
from bot.players.triominos import PLAYER
from tests.games import support

# 500 short games (one round, a low target), every seat's view checked at every move.
GAMES = settings(max_examples=500, deadline=None)

players_st = st.integers(min_value=2, max_value=6)
seed_st = st.integers(min_value=0, max_value=2**32 - 1)
options_st = st.fixed_dictionaries(
    {"classic_start": st.booleans(), "kids_scoring": st.booleans(), "target": st.just(50), "rounds": st.just(1)}
)


# ----- an independent referee, written from the lattice definition -----


def corner_points(r: int, c: int) -> list[tuple[int, int]]:
    if (r + c) % 2 == 0:
        return [(c + 1, r), (c + 2, r + 1), (c, r + 1)]
    return [(c, r), (c + 2, r), (c + 1, r + 1)]


def check_board(board: tuple[Cell, ...]) -> None:
    """Every pair of tiles touching at a point shows the same number there; each tile touched an earlier one."""
    seen: dict[tuple[int, int], int] = {}
    laid: dict[tuple[int, int], int] = {}
    for cell in sorted(board, key=lambda b: b.order):
        r, c = cell.r, cell.c
        assert cell.up == ((r + c) % 2 == 0)
        points = corner_points(r, c)
        nums = list(cell.corners)
        ids = [int(n) for n in cell.tile.split("-")]
        # The id reads clockwise from the smallest and never decreases; the corners are one of its rotations.
        assert ids == sorted(ids)
        assert any(nums[i:] + nums[:i] == ids for i in range(3))
        if laid:
            assert any(len(set(points) & set(corner_points(*s))) == 2 for s in laid), "not next to the layout"
        for p, n in zip(points, nums, strict=True):
            assert seen.setdefault(p, n) == n, "numbers differ at a point"
        laid[(r, c)] = cell.order
    assert sorted(laid.values()) == list(range(1, len(board) + 1))


def check_invariants(state: TriominosState) -> None:
    board_tiles = [laid.tile for laid in state.layout.cells.values()]
    every = [t for h in state.hands for t in h] + board_tiles + state.pool
    assert sorted(every) == sorted(TILES)
    public = GAME.public_view(state)
    table = public.table
    check_board(table.board)
    assert [cell.order for cell in table.board] == list(range(1, len(table.board) + 1))
    assert public.scores == tuple(state.scores) == tuple(p.score for p in table.players)
    assert [p.tiles for p in table.players] == [len(h) for h in state.hands]
    assert table.pool == len(state.pool)
    actors = GAME.to_act(state)
    assert (not actors) == GAME.is_over(state)
    assert {p.seat for p in table.players if p.acting} == set(actors)
    assert {p.seat for p in table.players if p.rank == 1} == {
        s for s in range(state.players) if state.scores[s] == max(state.scores)
    }
    for seat in range(state.players):
        view = GAME.view(state, seat)
        legal, own = view.legal, view.own
        assert bool(legal) == (seat in actors)
        assert len(legal) == len(set(legal))
        assert list(own.codes) == sorted(state.hands[seat])
        assert own.total == sum(VALUE[t] for t in state.hands[seat])
        places = [a for a in legal if a.kind == "place"]
        assert sorted(p.action for p in own.placements) == sorted(places)
        assert own.playable == tuple(sorted({a.text("tile") for a in places}))
        assert [p.points for p in own.placements] == sorted((p.points for p in own.placements), reverse=True)


def score_deltas(events: list[Event], players: int) -> list[int]:
    out = [0] * players
    for e in events:
        if e.kind == "place" and e.seat is not None:
            out[e.seat] += int(e.data["points"])
        elif e.kind in ("draw", "turn_passed") and e.seat is not None:
            out[e.seat] += int(e.data["penalty"])
        elif e.kind == "round_end":
            out[int(e.data["winner"])] += int(e.data["points"])
    return out


def run_game(
    players: int, seed: int, options: dict[str, Any], bot_share: float, check: bool
) -> tuple[TriominosState, list[tuple[int, Action]]]:
    state = GAME.setup(players, options, action_rng(seed, 0))
    rng = random.Random(seed)
    moves: list[tuple[int, Action]] = []
    totals = [0] * players
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action = support.choose(GAME, PLAYER, state, seat, rng, bot_share)
        moves.append((seat, action))
        events = GAME.apply(state, seat, action, action_rng(seed, len(moves)))
        for e in events:
            json.dumps(e.to_json())
            assert e.private_to is None or (e.kind == "drew" and e.private_to == frozenset({e.seat}))
            if e.private_to is None:
                assert not any(t in json.dumps(e.data) for t in TILES) or e.kind in ("place", "start_draw")
        totals = [a + b for a, b in zip(totals, score_deltas(events, players), strict=True)]
        assert totals == state.scores
        if check:
            check_invariants(state)
    assert len(moves) < 400
    return state, moves


@GAMES
@given(players_st, seed_st, options_st, st.sampled_from([0.0, 0.5, 1.0]))
def test_random_games_keep_the_invariants(players: int, seed: int, options: dict[str, Any], share: float) -> None:
    state, _ = run_game(players, seed, options, share, check=True)
    assert GAME.is_over(state) and state.round == 1
    assert sorted(r.seat for r in GAME.results(state)) == list(range(players))
    assert GAME.results(state)[0].score == max(state.scores)
