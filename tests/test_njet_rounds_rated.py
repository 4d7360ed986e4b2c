"""Njet's rounds are rated as the score sheet reads them: a lone starter (three players) scores double, so a round
they win on the sheet is a round they win in the ratings, even with fewer tricks and 1s than the other two."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.base import Event
from bot.games.base import action_rng
from bot.games.njet import GAME
from bot.ratings.model import Entrant
from bot.ratings.model import Ladder
from bot.ratings.model import Match
from bot.ratings.model import entrants
from bot.ratings.model import njet_matches
from bot.store import Seat
from tests.games.test_njet import act
from tests.games.test_njet import decide
from tests.games.test_njet import fixed
from tests.games.test_njet import play

SEATS = [Seat("Ana", 1), Seat("Ben", 2), Seat("Clo", 3)]
ANA, BEN, CLO = (Entrant("1", "Ana"), Entrant("2", "Ben"), Entrant("3", "Clo"))


def _lone_starter_round() -> list[Event]:
    """Ana (seat 0) starts alone, trump red, no super-trump, no discard, 1 point a trick.

    Trick 1: R9 led, Ben and Clo hold no red: B4, B3; Ana takes it, no 1 in it.
    Trick 2: R8 led, K3 and K4: Ana again, no 1.
    Trick 3: G1 led, Ben must follow with G9, Clo with her G1: G9 is highest, Ben takes it with two 1s.
    Sheet: Ana (2 tricks + 0 ones) x 1, doubled = 4; Ben and Clo (1 trick + 2 ones) x 1 = 3 each.
    Ana wins the round on the sheet with fewer tricks and 1s (2) than her opponents (3).
    """
    state = fixed(3, [["R9", "R8", "G1"], ["B4", "K3", "G9"], ["B3", "K4", "G1"]], dealer=2, rounds=1)
    events = decide(state, start=0, trump="R", points=1)
    events += act(state, 0, "alone")
    for seat, card in [(0, "R9"), (1, "B4"), (2, "B3"), (0, "R8"), (1, "K3"), (2, "K4"), (0, "G1"), (1, "G9")]:
        events += play(state, seat, card)
    events += play(state, 2, "G1")
    assert state.sheet == [[4, 3, 3]]
    return events


def test_a_lone_starter_who_wins_the_sheet_wins_the_rated_round() -> None:
    assert njet_matches(SEATS, _lone_starter_round()) == [Match(((ANA,), (BEN, CLO)), (1, 2))]
    ladder = Ladder()
    changes = ladder.play(njet_matches(SEATS, _lone_starter_round()), [ANA], [ANA, BEN, CLO])
    assert changes[0].delta > 0 > changes[1].delta
    assert changes[1].delta == changes[2].delta


def test_a_lone_starter_level_on_the_sheet_draws() -> None:
    """One trick and no 1 alone, doubled: 2; two tricks and no 1 for the other two: 2 each. A draw."""
    events = [
        Event("alone", 1, {}),
        Event("round_end", None, {"round": 1, "scores": [2, 2, 2], "tricks": [1, 2], "ones": [0, 0]}),
    ]
    assert njet_matches(SEATS, events) == [Match(((BEN,), (ANA, CLO)), (1, 1))]


def _random_game(players: int, seed: int) -> tuple[list[Event], list[list[int]]]:
    """A whole game of random legal moves: its events and the engine's score sheet."""
    rng = random.Random(seed)
    state = GAME.setup(players, {}, random.Random(seed))
    events = list(GAME.start_events(state))
    number = 0
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        number += 1
        events += GAME.apply(state, seat, action, action_rng(seed, number))
    return events, state.sheet


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([3, 4]), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_rated_round_ranks_its_teams_as_the_sheet_does(players: int, seed: int) -> None:
    seats = [Seat(f"P{s}", 100 + s) for s in range(players)]
    people = entrants(seats)
    events, sheet = _random_game(players, seed)
    matches = njet_matches(seats, events)
    assert len(matches) == len(sheet)
    for match, line in zip(matches, sheet, strict=True):
        (first, second) = ({line[people.index(e)] for e in team} for team in match.teams)
        assert len(first) == len(second) == 1  # a team's members score alike
        ours, theirs = first.pop(), second.pop()
        expected = (1, 1) if ours == theirs else (1, 2) if ours > theirs else (2, 1)
        assert match.ranks == expected, (line, match)
