"""Njet! properties: random legal games with 3 and 4 players, played to the end, checked at every move against
an independent referee written from the rules (the checks every game shares are in the conformance suite)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import action_rng
from bot.games.base import as_numbers
from bot.games.njet import DECKS
from bot.games.njet import GAME
from bot.games.njet import NjetState
from bot.games.njet import card_key
from bot.games.njet import stones
from bot.games.njet_views import NjetTable
from bot.players.njet import PLAYER
from bot.players.njet import bench_scores
from tests.games import support

GAMES = settings(max_examples=150, deadline=None)

players_st = st.sampled_from([3, 4])
seed_st = st.integers(min_value=0, max_value=2**32 - 1)
rounds_st = st.integers(min_value=1, max_value=2)
CODES = sorted({c for d in DECKS.values() for c in d}, key=card_key)
CODE_SET = frozenset(CODES)


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
    """Every card code in a view's body (the board's options and the characters are no codes)."""
    found: list[str] = []
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if item in CODE_SET:
                found.append(item)
        elif isinstance(item, list | tuple | frozenset):
            todo.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            todo.extend(getattr(item, f.name) for f in dataclasses.fields(item))
    return Counter(found)


# ----- playing -----


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
    table = public.table
    # Only the cards on the table are public: the trick in play and the last one.
    assert codes(table) == Counter([c for _, c in state.trick] + [c for _, c in state.last_trick])
    assert [p.cards for p in table.players] == [len(h) for h in state.hands]
    for seat in range(n):
        mine = GAME.view(state, seat)
        assert list(mine.own.codes) == sorted(state.hands[seat], key=card_key)
        assert [c.code for c in mine.own.discards] == sorted(state.discards[seat], key=card_key)
        assert mine.table == table
        playable = {a.text("card") for a in mine.legal if a.kind == "play"}
        assert {c.code for c in mine.own.hand if c.playable} == playable
    blocked = sum(1 for row in table.board for o in row.options if o.blocked_by is not None)
    assert blocked + table.stones_left == stones(n)
    assert all(any(o.blocked_by is None for o in row.options) for row in table.board)
    if state.phase != "njet":
        assert table.stones_left == 0
        assert table.rules is not None
        rules = dataclasses.asdict(table.rules)
        rules["super"] = rules.pop("super_colour")
        for row in table.board:
            (left,) = [o.option for o in row.options if o.blocked_by is None]
            assert str(rules[row.row]) == left
            assert row.decided
    if state.trick:
        plays = list(state.trick)
        assert table.rules is not None
        winner = winner_of(plays, table.rules.trump, table.rules.super_colour)
        assert [p.seat for p in table.trick if p.wins] == [winner]
    for team in table.teams:
        assert table.rules is not None
        assert team.points == (team.tricks + team.ones) * table.rules.points * (2 if team.alone else 1)
    assert state.scores == [sum(r[s] for r in state.sheet) for s in range(n)]
    assert public.scores == tuple(state.scores)
    assert [list(r) for r in table.sheet] == state.sheet


def check_events(events: list[Event], before: NjetTable, trick: list[tuple[int, str]]) -> None:
    """Trick winners and round scores against the referee; ``before`` is the public table before the move."""
    n = len(before.players)
    rules = before.rules
    plays = list(trick)
    for event in events:
        assert event.private_to is None or event.private_to == frozenset({event.seat})
        if event.kind == "discarded" and event.private_to is None:
            assert set(event.data) == {"count"}
        if event.kind == "play":
            assert event.seat is not None
            plays.append((event.seat, str(event.data["card"])))
        if event.kind == "trick":
            assert len(plays) == n
            assert event.data["cards"] == [c for _, c in plays]
            assert rules is not None
            assert event.data["winner"] == event.seat == winner_of(plays, rules.trump, rules.super_colour)
            assert event.data["ones"] == sum(1 for _, c in plays if c[1:] == "1")
            plays = []
        if event.kind == "round_end":
            assert rules is not None
            tricks, ones, scores = (as_numbers(event.data[key]) for key in ("tricks", "ones", "scores"))
            hand = (36 if n == 3 else 40) // n - rules.discard
            assert sum(tricks) == hand
            assert sum(ones) <= 8
            teams = before.teams
            for seat in range(n):
                team = 0 if seat in teams[0].seats else 1
                total = (tricks[team] + ones[team]) * rules.points
                double = 2 if before.alone and seat == rules.start else 1
                assert scores[seat] == total * double


def run_game(players: int, seed: int, rounds: int, bot_share: float) -> tuple[NjetState, list[tuple[int, Action]]]:
    state = GAME.setup(players, {"rounds": rounds}, action_rng(seed, 0))
    rng = random.Random(seed)
    moves: list[tuple[int, Action]] = []
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = support.choose(GAME, PLAYER, state, seat, rng, bot_share)
        moves.append((seat, action))
        before = GAME.public_view(state).table
        trick = list(state.trick)
        events = GAME.apply(state, seat, action, action_rng(seed, len(moves)))
        check_events(events, before, trick)
        check_invariants(state)
    # A round is at most 15 stones, a partner, 4 discards and 40 cards.
    assert len(moves) <= 60 * rounds
    assert state.round == rounds
    return state, moves


@GAMES
@given(players_st, seed_st, rounds_st, st.sampled_from([0.0, 0.3, 1.0]))
def test_random_games_keep_the_invariants(players: int, seed: int, rounds: int, bot_share: float) -> None:
    state, _ = run_game(players, seed, rounds, bot_share)
    assert len(state.sheet) == rounds
    results = GAME.results(state)
    assert sorted(r.seat for r in results) == list(range(players))
    assert results[0].score == max(state.scores)


def test_computer_team_beats_random_players() -> None:
    """Seats 0 and 2 computer, 1 and 3 random, over 300 rounds: the computer seats score clearly more."""
    computer, rand = bench_scores(300)
    assert computer > rand * 1.3
