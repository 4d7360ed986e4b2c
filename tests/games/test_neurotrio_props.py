"""Neurotrio properties: random games from 3 to 8 players, with neuro calls and auctions, checked at every move."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Action, Event, GameError, action_rng
from bot.games.neurotrio import CARTONS, DECK, GAME, TYPES, NeurotrioState
from bot.players.neurotrio import random_action

# About 2500 whole games in all (each some 60 to 80 moves).
GAMES = settings(max_examples=1500, deadline=None)
CHECKED = settings(max_examples=250, deadline=None)

players_st = st.integers(min_value=3, max_value=8)
seed_st = st.integers(min_value=0, max_value=2**32 - 1)
SECRET_KEYS = {"hand", "hidden", "treasure", "carton", "cartons", "reveal", "notebook", "my_bids"}
SECRET_WORDS = {"nature", "fond", "force"}


def strings(value: object) -> list[str]:
    found: list[str] = []
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
            found.extend(f"key:{k}" for k in item)
    return found


def move(state: NeurotrioState, rng: random.Random, bot_share: float, call: float) -> tuple[int, Action]:
    """The next move: maybe a neuro call by an interrupter, else the seat to act, by the bot or at random."""
    callers = sorted(GAME.interrupters(state))
    if callers and rng.random() < call:
        return rng.choice(callers), Action.of("neuro")
    (seat,) = GAME.to_act(state)
    if rng.random() < bot_share:
        action = GAME.bot_action(state, seat, rng)
        assert GAME.accepts(state, seat, action)
        return seat, action
    return seat, random_action(state, seat, rng)


def check_state(state: NeurotrioState) -> None:
    n = state.players
    held = [c for h in state.hands for c in h]
    grid = list(state.grid.values())
    assert Counter([*held, *grid, state.hidden]) == Counter(DECK)
    odd = [t for t, k in Counter(held + grid).items() if k % 2]
    assert odd == [state.treasure] == [state.hidden]
    rows = [r for r, _ in state.grid]
    cols = [c for _, c in state.grid]
    assert state.box == (min(rows), max(rows), min(cols), max(cols))
    h, w = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    assert h <= state.rows and w <= state.cols and w <= 2 * h and h <= 2 * w
    actors = GAME.to_act(state)
    assert (not actors) == GAME.is_over(state)
    assert len(actors) <= 1
    for seat in range(n):
        legal = GAME.legal_actions(state, seat)
        assert bool(legal) == (seat in actors or seat in GAME.interrupters(state))
        assert all(GAME.accepts(state, seat, a) for a in legal)
    public = GAME.public_view(state)
    json.dumps(public)
    words = strings(public)
    if not state.over:
        assert not SECRET_KEYS & {w[4:] for w in words if w.startswith("key:")}
        assert not SECRET_WORDS & set(words)
        codes = Counter(w for w in words if w in TYPES)
        last = [public["last"]["card"]] if public["last"] and public["last"]["card"] else []
        assert codes == Counter(grid + last)
    assert [p["cards"] for p in public["players"]] == [len(x) for x in state.hands]
    for seat in range(n):
        mine = GAME.view(state, seat)
        json.dumps(mine)
        assert mine["hand"] == sorted(state.hands[seat])
        assert {k: v for k, v in mine.items() if k not in ("seat", "hand", "cartons", "my_bids", "notebook")} == public
        assert state.treasure not in mine["notebook"]


def vp_from(events: list[Event], players: int) -> list[int]:
    vp = [5] * players
    for e in events:
        if e.private_to is not None:
            continue
        if e.kind == "deal":
            for s in e.data["extra_vp"]:
                vp[s] += 1
        elif e.kind in ("place", "pass", "out"):
            assert e.seat is not None
            vp[e.seat] += e.data["vp"]
        elif e.kind == "game_end":
            for p in e.data["penalties"]:
                vp[p["seat"]] += p["vp"]
            for b in e.data["bids"]:
                vp[b["seat"]] += b["points"]
    return vp


def run_game(
    players: int, seed: int, bot_share: float, call: float, check: bool
) -> tuple[NeurotrioState, list[tuple[int, Action]], list[Event]]:
    state = GAME.setup(players, {}, action_rng(seed, 0))
    rng = random.Random(seed)
    moves: list[tuple[int, Action]] = []
    events = GAME.start_events(state)
    while not GAME.is_over(state):
        seat, action = move(state, rng, bot_share, call)
        moves.append((seat, action))
        new = GAME.apply(state, seat, action, action_rng(seed, len(moves)))
        for e in new:
            assert e.private_to is None or e.private_to == frozenset({e.seat})
            if e.private_to is None:
                assert "carton" not in e.data or e.kind == "game_end"
            json.dumps(e.to_json())
        events += new
        if check:
            check_state(state)
        assert len(moves) < 2000
    assert vp_from(events, players) == state.vp
    assert [e.kind for e in events].count("game_end") == 1
    return state, moves, events


@GAMES
@given(players_st, seed_st, st.sampled_from([0.0, 0.5, 1.0]), st.sampled_from([0.0, 0.1, 0.4]))
def test_random_games_end_with_vp_from_the_events(players: int, seed: int, bot_share: float, call: float) -> None:
    state, _, events = run_game(players, seed, bot_share, call, check=False)
    results = GAME.results(state)
    assert sorted(r.seat for r in results) == list(range(players))
    assert results[0].score == max(state.vp)
    end = events[-1].data
    assert end["treasure"] == state.hidden
    assert len(end["bids"]) == 10 - len(state.bases)


@CHECKED
@given(players_st, seed_st, st.sampled_from([0.0, 0.5]), st.sampled_from([0.05, 0.3]))
def test_invariants_at_every_move(players: int, seed: int, bot_share: float, call: float) -> None:
    run_game(players, seed, bot_share, call, check=True)


@CHECKED
@given(players_st, seed_st)
def test_replay_gives_the_same_state(players: int, seed: int) -> None:
    state, moves, _ = run_game(players, seed, 0.3, 0.2, check=False)
    again = GAME.setup(players, {}, action_rng(seed, 0))
    for number, (seat, action) in enumerate(moves, 1):
        GAME.apply(again, seat, Action.loads(action.dumps()), action_rng(seed, number))
    assert again == state


def candidates(state: NeurotrioState, rng: random.Random) -> list[tuple[int, Action]]:
    """Random actions of every kind, most of them illegal."""
    n = state.players
    cells = [(r + rng.randint(-1, 1), c + rng.randint(-1, 1)) for r, c in rng.sample(sorted(state.grid), 1)]
    out: list[tuple[int, Any]] = []
    for r, c in cells:
        out.append((rng.randrange(n), Action.of("place", card=rng.choice(TYPES), r=r, c=c)))
        out.append(
            (
                rng.randrange(n),
                Action.of("bid", base=rng.randint(0, 11), r=r, c=c, carton=rng.choice([*CARTONS, "3"])),
            )
        )
    out += [(rng.randrange(n), Action.of(k)) for k in ("pass", "neuro", "nobid", "dance")]
    return out


@CHECKED
@given(players_st, seed_st)
def test_illegal_actions_leave_the_state_unchanged(players: int, seed: int) -> None:
    state = GAME.setup(players, {}, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    while not GAME.is_over(state):
        if rng.random() < 0.3:
            for seat, action in candidates(state, rng):
                if GAME.accepts(state, seat, action):
                    continue
                before = copy.deepcopy(state)
                try:
                    GAME.apply(state, seat, action, rng)
                except GameError:
                    pass
                else:
                    raise AssertionError(f"accepted {action} from {seat}")
                assert state == before
        seat, action = move(state, rng, 0.3, 0.2)
        number += 1
        GAME.apply(state, seat, action, action_rng(seed, number))
    for seat in range(players):
        assert not GAME.accepts(state, seat, Action.of("pass"))
