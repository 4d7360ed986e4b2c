"""Njet! properties: random legal games with 3 and 4 players, played to the end, checked at every move."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Action, Event, GameError, action_rng
from bot.games.njet import DECKS, GAME, ROWS, NjetState, card_key, stones
from bot.players.njet import bench_scores

# About 3000 whole games in all (most of one or two rounds), well under a minute on two cores.
GAMES = settings(max_examples=1200, deadline=None)
SMALL = settings(max_examples=400, deadline=None)

players_st = st.sampled_from([3, 4])
seed_st = st.integers(min_value=0, max_value=2**32 - 1)
rounds_st = st.integers(min_value=1, max_value=2)
CODES = sorted({c for d in DECKS.values() for c in d}, key=card_key)
CODE_SET = frozenset(CODES)
OPTIONS = ["0", "1", "2", "3", "4", "R", "K", "B", "G", "none", "X"]


# ----- an independent referee, written from the rules -----


def winner_of(plays: list[tuple[int, str]], trump: str, super_colour: str) -> int:
    """The seat that takes a trick: the last super-trump, else the highest trump, else the highest of the lead."""

    def strength(i: int, card: str) -> tuple[int, int, int]:
        colour, value = card[0], int(card[1:])
        if super_colour != "none" and card == super_colour + "1":
            return (3, i, 0)  # the later one wins
        if colour == trump:
            return (2, value, -i)  # equal values: the first one
        lead = plays[0][1]
        led_is_trump = lead[0] == trump or (super_colour != "none" and lead == super_colour + "1")
        if not led_is_trump and colour == lead[0]:
            return (1, value, -i)
        return (0, 0, -i)

    best = max(range(len(plays)), key=lambda i: strength(i, plays[i][1]))
    return plays[best][0]


def allowed(hand: list[str], trick: list[str], trump: str, super_colour: str) -> set[str]:
    """The cards a hand may play, from the rules: follow, else trump, else anything."""

    def trumpish(card: str) -> bool:
        return card[0] == trump or (super_colour != "none" and card == super_colour + "1")

    if not trick:
        return set(hand)
    lead = trick[0]
    if trumpish(lead):
        follow = {c for c in hand if trumpish(c)}
    else:
        follow = {c for c in hand if c[0] == lead[0] and not trumpish(c)}
    return follow or {c for c in hand if trumpish(c)} or set(hand)


def codes(value: object) -> Counter[str]:
    """Every card code in a JSON value (the board's options and the characters are no codes)."""
    found: list[str] = []
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if item in CODE_SET:
                found.append(item)
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
    return Counter(found)


# ----- playing -----


def choose(state: NjetState, seat: int, rng: random.Random, bot_share: float) -> Action:
    legal = GAME.legal_actions(state, seat)
    assert legal
    if rng.random() < bot_share:
        action = GAME.bot_action(state, seat, rng)
        assert action in legal
        return action
    return rng.choice(legal)


def check_invariants(state: NjetState) -> None:
    n = state.players
    held = [c for h in state.hands for c in h] + [c for d in state.discards for c in d]
    played = [c for p in state.piles for c in p] + [c for _, c in state.trick]
    assert Counter(held + played) == Counter(DECKS[n])
    assert len({len(h) for h in state.hands}) <= 2
    actors = GAME.to_act(state)
    assert (not actors) == GAME.is_over(state)
    for seat in range(n):
        legal = GAME.legal_actions(state, seat)
        assert bool(legal) == (seat in actors)
        if legal and state.phase == "tricks":
            trick = [c for _, c in state.trick]
            assert {a["card"] for a in legal} == allowed(state.hands[seat], trick, state.trump, state.super_colour)
    public = GAME.public_view(state)
    json.dumps(public)
    # Only the cards on the table are public: the trick in play and the last one.
    assert codes(public) == Counter([c for _, c in state.trick] + [c for _, c in state.last_trick])
    assert [p["cards"] for p in public["players"]] == [len(h) for h in state.hands]
    for seat in range(n):
        mine = GAME.view(state, seat)
        json.dumps(mine)
        assert mine["hand"] == sorted(state.hands[seat], key=card_key)
        assert mine["discards"] == sorted(state.discards[seat], key=card_key)
        assert {k: v for k, v in mine.items() if k not in ("seat", "hand", "discards")} == public
    board = public["board"]
    blocked = sum(1 for row in ROWS for o in board[row] if o["blocked_by"] is not None)
    assert blocked + public["stones_left"] == stones(n)
    assert all(any(o["blocked_by"] is None for o in board[row]) for row in ROWS)
    if state.phase != "njet":
        assert public["stones_left"] == 0
        for row in ROWS:
            (left,) = [o["option"] for o in board[row] if o["blocked_by"] is None]
            assert str(public["rules"][row]) == left
    assert state.scores == [sum(r[s] for r in state.sheet) for s in range(n)]
    assert public["sheet"] == state.sheet


def check_events(events: list[Event], before: dict[str, Any], trick: list[tuple[int, str]]) -> None:
    """Trick winners and round scores against the referee; ``before`` is the public view before the move."""
    n = len(before["players"])
    rules = before["rules"]
    plays = list(trick)
    for event in events:
        assert event.private_to is None or event.private_to == frozenset({event.seat})
        json.dumps(event.to_json())
        if event.kind == "discarded" and event.private_to is None:
            assert set(event.data) == {"count"}
        if event.kind == "play":
            assert event.seat is not None
            plays.append((event.seat, str(event.data["card"])))
        if event.kind == "trick":
            assert len(plays) == n
            assert event.data["cards"] == [c for _, c in plays]
            assert event.data["winner"] == event.seat == winner_of(plays, rules["trump"], rules["super"])
            assert event.data["ones"] == sum(1 for _, c in plays if c[1:] == "1")
            plays = []
        if event.kind == "round_end":
            data = event.data
            hand = (36 if n == 3 else 40) // n - rules["discard"]
            assert sum(data["tricks"]) == hand
            assert sum(data["ones"]) <= 8
            teams = before["teams"]
            for seat in range(n):
                team = 0 if seat in teams[0] else 1
                total = (data["tricks"][team] + data["ones"][team]) * rules["points"]
                double = 2 if before["alone"] and seat == rules["start"] else 1
                assert data["scores"][seat] == total * double


def run_game(
    players: int, seed: int, rounds: int, bot_share: float, check: bool
) -> tuple[NjetState, list[tuple[int, Action]]]:
    state = GAME.setup(players, {"rounds": rounds}, action_rng(seed, 0))
    rng = random.Random(seed)
    moves: list[tuple[int, Action]] = []
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = choose(state, seat, rng, bot_share)
        moves.append((seat, action))
        before = GAME.public_view(state) if check else {}
        trick = list(state.trick)
        events = GAME.apply(state, seat, action, action_rng(seed, len(moves)))
        if check:
            check_events(events, before, trick)
            check_invariants(state)
    # A round is at most 15 stones, a partner, 4 discards and 40 cards.
    assert len(moves) <= 60 * rounds
    assert state.round == rounds
    return state, moves


@GAMES
@given(players_st, seed_st, rounds_st, st.sampled_from([0.0, 0.3, 1.0]))
def test_random_games_keep_the_invariants(players: int, seed: int, rounds: int, bot_share: float) -> None:
    state, _ = run_game(players, seed, rounds, bot_share, check=True)
    assert len(state.sheet) == rounds
    results = GAME.results(state)
    assert sorted(r.seat for r in results) == list(range(players))
    assert results[0].score == max(state.scores)


def candidates(state: NjetState, rng: random.Random) -> list[Action]:
    """Random actions of every kind, most of them illegal."""
    hand = state.hands[rng.randrange(state.players)]
    # Discards in the legal list's form (codes in string order); ``apply`` would also accept other orders.
    picked = sorted(rng.sample(hand, min(len(hand), rng.randrange(4))))
    return [
        Action.of("block", row=rng.choice([*ROWS, "colour"]), option=rng.choice(OPTIONS)),
        Action.of("partner", seat=rng.randrange(-1, 6)),
        Action.of("alone"),
        Action.of("discard", cards=picked),
        Action.of("discard", cards=sorted(rng.sample(CODES, 2))),
        Action.of("play", card=rng.choice(CODES)),
        Action.of("play", card=rng.choice(hand) if hand else "R9"),
        Action.of("draw"),
    ]


@SMALL
@given(players_st, seed_st)
def test_illegal_actions_are_refused_and_change_nothing(players: int, seed: int) -> None:
    state = GAME.setup(players, {"rounds": 1}, action_rng(seed, 0))
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
        seat = rng.choice(sorted(GAME.to_act(state)))
        number += 1
        GAME.apply(state, seat, choose(state, seat, rng, 0.0), action_rng(seed, number))
    for seat in range(players):
        try:
            GAME.apply(state, seat, Action.of("play", card="R9"), rng)
        except GameError as err:
            assert err.code == "game_over"
        else:
            raise AssertionError("a move after the end was accepted")


@SMALL
@given(players_st, seed_st, rounds_st)
def test_replaying_seed_and_actions_gives_the_same_state(players: int, seed: int, rounds: int) -> None:
    state, moves = run_game(players, seed, rounds, 0.5, check=False)
    again = GAME.setup(players, {"rounds": rounds}, action_rng(seed, 0))
    for number, (seat, action) in enumerate(moves, start=1):
        GAME.apply(again, seat, Action.loads(action.dumps()), action_rng(seed, number))
    assert again == state


@SMALL
@given(players_st, seed_st)
def test_computer_players_finish_every_game(players: int, seed: int) -> None:
    state, _ = run_game(players, seed, 1, 1.0, check=False)
    assert GAME.is_over(state)


def test_computer_team_beats_random_players() -> None:
    """Seats 0 and 2 computer, 1 and 3 random, over 300 rounds: the computer seats score clearly more."""
    computer, rand = bench_scores(300)
    assert computer > rand * 1.3
