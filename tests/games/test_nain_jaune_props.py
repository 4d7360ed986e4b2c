"""Nain Jaune properties: random legal games from 2 to 8 players, played to the end, checked at every move."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Action, GameError, action_rng
from bot.games.nain_jaune import BOARD, DECK, GAME, NainJauneState, card_key

# About 3000 whole games in all, in well under a minute on two cores.
GAMES = settings(max_examples=1500, deadline=None)
SMALL = settings(max_examples=400, deadline=None)

players_st = st.integers(min_value=2, max_value=8)
seed_st = st.integers(min_value=0, max_value=2**32 - 1)
deals_st = st.integers(min_value=1, max_value=3)
tokens_st = st.sampled_from([15, 20, 40, 120, 500])
CANDIDATES = (
    [Action.of("play", card=c) for c in DECK]
    + [Action.of("claim", card=c) for c in BOARD]
    + [Action.of("pass"), Action.of("draw"), Action.of("play", card="ZZ")]
)


def options(deals: int, tokens: int, announce: bool) -> dict[str, int | bool]:
    return {"deals": deals, "tokens": tokens, "announce": announce}


def choose(state: NainJauneState, seat: int, rng: random.Random, bot_share: float) -> Action:
    legal = GAME.legal_actions(state, seat)
    assert legal
    if rng.random() < bot_share:
        action = GAME.bot_action(state, seat, rng)
        assert action in legal
        return action
    return rng.choice(legal)


def codes(value: object) -> set[str]:
    """Card codes in a JSON value, the box labels apart."""
    if isinstance(value, str):
        return {value} if value in DECK else set()
    if isinstance(value, list):
        return set().union(*(codes(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(codes(v) for k, v in value.items() if k != "boxes")) if value else set()
    return set()


def check_invariants(state: NainJauneState) -> None:
    total = state.players * state.start_tokens
    assert sum(state.tokens) + sum(state.boxes) == total
    assert min(state.tokens) >= 0 and min(state.boxes) >= 0
    cards = [c for h in state.hands for c in h] + state.laid + state.talon
    assert len(cards) == 52 and set(cards) == set(DECK)
    actors = GAME.to_act(state)
    assert len(actors) <= 1
    assert (not actors) == GAME.is_over(state)
    for seat in range(state.players):
        assert bool(GAME.legal_actions(state, seat)) == (seat in actors)
    public = GAME.public_view(state)
    json.dumps(public)
    assert codes(public) <= set(state.laid)
    assert [b["card"] for b in public["boxes"]] == list(BOARD)
    for seat in range(state.players):
        mine = GAME.view(state, seat)
        json.dumps(mine)
        assert mine["hand"] == sorted(state.hands[seat], key=card_key)
        assert codes({k: v for k, v in mine.items() if k != "hand"}) <= set(state.laid)


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
        action = choose(state, seat, rng, bot_share)
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


@SMALL
@given(players_st, seed_st, deals_st, st.booleans())
def test_illegal_actions_are_refused_and_change_nothing(players: int, seed: int, deals: int, announce: bool) -> None:
    state = GAME.setup(players, options(deals, 120, announce), action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    while not GAME.is_over(state):
        before = copy.deepcopy(state)
        for _ in range(4):
            who = rng.randrange(players)
            action = rng.choice(CANDIDATES)
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
        GAME.apply(state, seat, choose(state, seat, rng, 0.0), action_rng(seed, number))
    for seat in range(players):
        try:
            GAME.apply(state, seat, Action.of("play", card="AS"), rng)
        except GameError as err:
            assert err.code == "game_over"
        else:
            raise AssertionError("a move after the end was accepted")


@SMALL
@given(players_st, seed_st, deals_st, tokens_st, st.booleans())
def test_replaying_seed_and_actions_gives_the_same_state(
    players: int, seed: int, deals: int, tokens: int, announce: bool
) -> None:
    opts = options(deals, tokens, announce)
    state, moves = run_game(players, seed, opts, 0.5, check=False)
    again = GAME.setup(players, opts, action_rng(seed, 0))
    for number, (seat, action) in enumerate(moves, start=1):
        GAME.apply(again, seat, Action.loads(action.dumps()), action_rng(seed, number))
    assert again == state


@SMALL
@given(players_st, seed_st, st.booleans())
def test_computer_players_finish_every_game(players: int, seed: int, announce: bool) -> None:
    state, moves = run_game(players, seed, options(2, 120, announce), 1.0, check=False)
    assert GAME.is_over(state)
    if announce:
        # The computer player always claims: nothing is ever forfeited.
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
            GAME.apply(state, seat, choose(state, seat, rng, share), action_rng(seed, number))
        diff = state.tokens[bot] - state.tokens[1 - bot]
        margin += diff
        wins += diff > 0
        losses += diff < 0
    assert margin / games > 5
    assert wins > losses * 1.2
