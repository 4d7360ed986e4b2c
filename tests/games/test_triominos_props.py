"""Triominos properties: random legal games with 2 to 6 players, checked at every move."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Action, Event, GameError, action_rng
from bot.games.triominos import GAME, TILES, TriominosState

# About 900 short games in all (one round, a low target).
GAMES = settings(max_examples=1600, deadline=None)
SMALL = settings(max_examples=300, deadline=None)

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


def check_board(board: list[dict[str, Any]]) -> None:
    """Every pair of tiles touching at a point shows the same number there; each tile touched an earlier one."""
    seen: dict[tuple[int, int], int] = {}
    laid: dict[tuple[int, int], int] = {}
    for cell in sorted(board, key=lambda b: b["order"]):
        r, c = cell["r"], cell["c"]
        assert cell["up"] == ((r + c) % 2 == 0)
        points = corner_points(r, c)
        nums = cell["corners"]
        ids = [int(n) for n in cell["tile"].split("-")]
        # The id reads clockwise from the smallest and never decreases; the corners are one of its rotations.
        assert ids == sorted(ids)
        assert any(nums[i:] + nums[:i] == ids for i in range(3))
        if laid:
            assert any(len(set(points) & set(corner_points(*s))) == 2 for s in laid), "not next to the layout"
        for p, n in zip(points, nums, strict=True):
            assert seen.setdefault(p, n) == n, "numbers differ at a point"
        laid[(r, c)] = cell["order"]
    assert sorted(laid.values()) == list(range(1, len(board) + 1))


def check_invariants(state: TriominosState) -> None:
    board_tiles = [laid.tile for laid in state.layout.cells.values()]
    every = [t for h in state.hands for t in h] + board_tiles + state.pool
    assert sorted(every) == sorted(TILES)
    public = GAME.public_view(state)
    json.dumps(public)
    check_board(public["board"])
    assert "hand" not in public
    text = json.dumps({k: v for k, v in public.items() if k not in ("board", "last", "start_draws")})
    assert not any(t in text for t in TILES)
    assert [p["tiles"] for p in public["players"]] == [len(h) for h in state.hands]
    actors = GAME.to_act(state)
    assert (not actors) == GAME.is_over(state)
    for seat in range(state.players):
        legal = GAME.legal_actions(state, seat)
        assert bool(legal) == (seat in actors)
        assert len(legal) == len(set(legal))
        mine = GAME.view(state, seat)
        assert mine["hand"] == sorted(state.hands[seat])
        assert {k: v for k, v in mine.items() if k not in ("seat", "hand")} == public


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
        legal = GAME.legal_actions(state, seat)
        if rng.random() < bot_share:
            action = GAME.bot_action(state, seat, rng)
            assert action in legal
        else:
            action = rng.choice(legal)
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


def candidates(state: TriominosState, rng: random.Random) -> list[Action]:
    """Random placements near the layout, most of them illegal, and the other kinds."""
    spaces = list(state.layout.cells) or [(0, 0)]
    r, c = rng.choice(spaces)
    hand = state.hands[rng.randrange(state.players)]
    tile = rng.choice(hand) if hand else rng.choice(TILES)
    out = [
        Action.of("place", tile=rng.choice([tile, rng.choice(TILES)]), r=r + dr, c=c + dc, rot=rng.randrange(3))
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (0, 2))
    ]
    return [*out, Action.of("draw"), Action.of("pass"), Action.of("place", tile="9-9-9", r=0, c=0, rot=0)]


@SMALL
@given(players_st, seed_st)
def test_illegal_actions_are_refused_and_change_nothing(players: int, seed: int) -> None:
    state = GAME.setup(players, {"rounds": 1, "target": 50}, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    while not GAME.is_over(state):
        before = copy.deepcopy(state)
        for action in candidates(state, rng):
            who = rng.randrange(-1, players + 1)
            if action in GAME.legal_actions(state, who):
                continue
            try:
                GAME.apply(state, who, action, rng)
            except GameError:
                pass
            else:
                raise AssertionError(f"{action} accepted from seat {who}")
            assert state == before
        (seat,) = GAME.to_act(state)
        number += 1
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)), action_rng(seed, number))


@SMALL
@given(players_st, seed_st)
def test_replaying_seed_and_actions_gives_the_same_state(players: int, seed: int) -> None:
    options = {"rounds": 2, "target": 2000}
    state, moves = run_game(players, seed, options, 0.5, check=False)
    again = GAME.setup(players, options, action_rng(seed, 0))
    for number, (seat, action) in enumerate(moves, start=1):
        GAME.apply(again, seat, Action.loads(action.dumps()), action_rng(seed, number))
    assert again == state
