"""Neurotrio properties: random games from 3 to 8 players, with neuro calls and auctions, checked at every move.

The generic checks (determinism, replay, JSON form of actions, refusals, secrets out of other views, random games
ending) are the conformance suite's; here are the rules of this game only: the cards are conserved and the
treasure is the one type without a pair, the domain stays within its limits, the VP follow from the events, the
mentions stay hidden until the end, and the views' derived fields agree with the rules.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import action_rng
from bot.games.base import as_number
from bot.games.base import as_numbers
from bot.games.base import as_seat
from bot.games.neurotrio import DECK
from bot.games.neurotrio import GAME
from bot.games.neurotrio import NeurotrioState
from bot.players.neurotrio import PLAYER
from bot.players.neurotrio import random_action

GAMES = settings(max_examples=60, deadline=None)
CHECKED = settings(max_examples=20, deadline=None)

players_st = st.integers(min_value=3, max_value=8)
seed_st = st.integers(min_value=0, max_value=2**32 - 1)


def move(state: NeurotrioState, rng: random.Random, bot_share: float, call: float) -> tuple[int, Action]:
    """The next move: maybe a neuro call by an interrupter, else the seat to act, by the bot or at random."""
    callers = sorted(GAME.interrupters(state))
    if callers and rng.random() < call:
        return rng.choice(callers), Action.of("neuro")
    (seat,) = GAME.to_act(state)
    if rng.random() < bot_share:
        action = PLAYER.act(state, seat, rng)
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
    public = GAME.public_view(state)
    table = public.table
    assert [p.cards for p in table.players] == [len(x) for x in state.hands]
    assert table.turn == min(actors, default=None)
    assert table.may_call == tuple(sorted(public.may_interrupt))
    assert (table.treasure is None) == (not state.over)
    if not state.over:
        assert "carton=" not in repr(table.bids)
    for seat in range(n):
        legal = GAME.legal_actions(state, seat)
        assert bool(legal) == (seat in actors or seat in GAME.interrupters(state))
        assert all(GAME.accepts(state, seat, a) for a in legal)
        mine = GAME.view(state, seat)
        assert mine.table == table
        assert list(mine.own.hand) == sorted(state.hands[seat])
        assert state.treasure not in mine.own.notebook
        places = [Action.of("place", card=p.card, r=p.r, c=p.c) for p in mine.own.placements]
        assert places == [a for a in legal if a.kind == "place"]
        assert mine.own.playable == tuple(sorted({p.card for p in mine.own.placements}))
        assert mine.own.bid.cells == table.grid and mine.own.bid.bases == table.bases_left


def vp_from(events: list[Event], players: int) -> list[int]:
    vp = [5] * players
    for e in events:
        if e.private_to is not None:
            continue
        if e.kind == "deal":
            for s in as_numbers(e.data["extra_vp"]):
                vp[s] += 1
        elif e.kind in ("place", "pass", "out"):
            assert e.seat is not None
            vp[e.seat] += e.number("vp")
        elif e.kind == "game_end":
            for key, points in (("penalties", "vp"), ("bids", "points")):
                records = e.data[key]
                assert isinstance(records, list)
                for record in records:
                    assert isinstance(record, dict)
                    seat = as_seat(record["seat"])
                    assert seat is not None
                    vp[seat] += as_number(record[points])
    return vp


def run_game(players: int, seed: int, bot_share: float, call: float, check: bool) -> tuple[NeurotrioState, list[Event]]:
    state = GAME.setup(players, {}, action_rng(seed, 0))
    rng = random.Random(seed)
    moves = 0
    events = GAME.start_events(state)
    while not GAME.is_over(state):
        seat, action = move(state, rng, bot_share, call)
        moves += 1
        new = GAME.apply(state, seat, action, action_rng(seed, moves))
        for e in new:
            assert e.private_to is None or e.private_to == frozenset({e.seat})
            if e.private_to is None:
                assert "carton" not in e.data or e.kind == "game_end"
        events += new
        if check:
            check_state(state)
        assert moves < 2000
    assert vp_from(events, players) == state.vp
    assert [e.kind for e in events].count("game_end") == 1
    return state, events


@GAMES
@given(players_st, seed_st, st.sampled_from([0.0, 0.5, 1.0]), st.sampled_from([0.0, 0.1, 0.4]))
def test_random_games_end_with_vp_from_the_events(players: int, seed: int, bot_share: float, call: float) -> None:
    state, events = run_game(players, seed, bot_share, call, check=False)
    results = GAME.results(state)
    assert sorted(r.seat for r in results) == list(range(players))
    assert results[0].score == max(state.vp)
    end = events[-1]
    assert end.text("treasure") == state.hidden
    bids = end.data["bids"]
    assert isinstance(bids, list) and len(bids) == 10 - len(state.bases)
    table = GAME.public_view(state).table
    assert len(table.reveal) == len(bids) and table.treasure == state.hidden
    assert {p.seat for p in table.players if p.rank == 1} == {r.seat for r in results if r.rank == 1}


@CHECKED
@given(players_st, seed_st, st.sampled_from([0.0, 0.5]), st.sampled_from([0.05, 0.3]))
def test_invariants_at_every_move(players: int, seed: int, bot_share: float, call: float) -> None:
    run_game(players, seed, bot_share, call, check=True)
