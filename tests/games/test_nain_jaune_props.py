"""Nain Jaune properties: random legal games from 2 to 8 players, played to the end, checked at every move.

The generic checks every game shares (determinism, replay, refusals, secrets, views' envelopes) are in
``tests/games/test_conformance.py``; these are the Nain Jaune rules' own invariants and its computer player.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.nain_jaune import BOARD
from bot.games.nain_jaune import DECK
from bot.games.nain_jaune import GAME
from bot.games.nain_jaune import NainJauneState
from bot.games.nain_jaune import card_key
from bot.games.nain_jaune import rank_of
from bot.players.nain_jaune import PLAYER
from tests.games import support

GAMES = settings(max_examples=120, deadline=None)
SMALL = settings(max_examples=40, deadline=None)

players_st = st.integers(min_value=2, max_value=8)
seed_st = st.integers(min_value=0, max_value=2**32 - 1)
deals_st = st.integers(min_value=1, max_value=3)
tokens_st = st.sampled_from([15, 20, 40, 120, 500])


def options(deals: int, tokens: int, announce: bool) -> dict[str, int | bool]:
    return {"deals": deals, "tokens": tokens, "announce": announce}


def check_invariants(state: NainJauneState) -> None:
    """Tokens and cards are conserved, one seat at most acts, and the views agree with the state."""
    total = state.players * state.start_tokens
    assert sum(state.tokens) + sum(state.boxes) == total
    assert min(state.tokens) >= 0 and min(state.boxes) >= 0
    cards = [c for h in state.hands for c in h] + state.laid + state.talon
    assert len(cards) == 52 and set(cards) == set(DECK)
    actors = GAME.to_act(state)
    assert len(actors) <= 1
    assert (not actors) == GAME.is_over(state)
    public = GAME.public_view(state)
    table = public.table
    assert public.scores == tuple(state.tokens)
    assert [b.card for b in table.boxes] == list(BOARD)
    assert [b.tokens for b in table.boxes] == state.boxes
    assert set(table.sequence) <= set(table.laid)
    assert table.talon == len(state.talon)
    assert [p.cards for p in table.players] == [len(h) for h in state.hands]
    assert {p.seat for p in table.players if p.acting} == set(actors)
    for seat in range(state.players):
        own = GAME.view(state, seat).own
        assert own.hand == tuple(sorted(state.hands[seat], key=card_key))
        legal = GAME.legal_actions(state, seat)
        assert own.my_turn == bool(legal) == (seat in actors)
        assert own.playable == tuple(a.text("card") for a in legal if a.kind == "play")
        if own.playable and table.wanted is not None:
            assert {rank_of(c) for c in own.playable} == {table.wanted}


def run_game(
    players: int, seed: int, opts: dict[str, int | bool], bot_share: float, check: bool
) -> tuple[NainJauneState, list[tuple[int, Action]]]:
    """Play a whole game with actions drawn from ``seed``; every deal must end within its card budget."""
    state = GAME.setup(players, opts, action_rng(seed, 0))
    rng = random.Random(seed)
    moves: list[tuple[int, Action]] = []
    in_deal = 0
    deal = state.deal
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action = support.choose(GAME, PLAYER, state, seat, rng, bot_share)
        moves.append((seat, action))
        GAME.apply(state, seat, action, action_rng(seed, len(moves)))
        in_deal = in_deal + 1 if state.deal == deal else 0
        deal = state.deal
        # A deal is at most 52 cards, each followed by at most one claim or pass.
        assert in_deal <= 2 * 52
        if check:
            check_invariants(state)
    assert state.deal <= int(opts["deals"])
    return state, moves


@GAMES
@given(players_st, seed_st, deals_st, tokens_st, st.booleans())
def test_random_games_keep_the_invariants(players: int, seed: int, deals: int, tokens: int, announce: bool) -> None:
    state, _ = run_game(players, seed, options(deals, tokens, announce), 0.3, check=True)
    assert state.end_reason in {"deals", "cannot_pay", "cannot_stake"}
    results = GAME.results(state)
    assert sorted(r.seat for r in results) == list(range(players))
    assert results[0].score == max(state.tokens)
    assert GAME.public_view(state).table.end_reason == state.end_reason


@SMALL
@given(players_st, seed_st)
def test_the_computer_player_always_claims(players: int, seed: int) -> None:
    """With ``announce``, computer players claim every box they may: nothing is ever forfeited."""
    state, moves = run_game(players, seed, options(2, 120, True), 1.0, check=False)
    assert GAME.is_over(state)
    assert all(action.kind != "pass" for _, action in moves)


def test_computer_player_beats_a_random_player() -> None:
    """Two-player games, seats alternating: the computer player ends with clearly more tokens on average."""
    games = 400
    margin = 0
    wins = losses = 0
    for seed in range(games):
        bot = seed % 2
        state = GAME.setup(2, options(2, 120, False), action_rng(seed, 0))
        rng = random.Random(seed)
        number = 0
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            share = 1.0 if seat == bot else 0.0
            number += 1
            GAME.apply(state, seat, support.choose(GAME, PLAYER, state, seat, rng, share), action_rng(seed, number))
        diff = state.tokens[bot] - state.tokens[1 - bot]
        margin += diff
        wins += diff > 0
        losses += diff < 0
    assert margin / games > 5
    assert wins > losses * 1.2
