"""Ratings by the Plackett-Luce model, checked against the model's update worked out by hand from its equations
(Weng and Lin, "A Bayesian Approximation Method for Online Ranking", 2011, algorithm 4), with openskill's defaults:
mu 25, sigma 25/3, beta 25/6, kappa 0.0001, and tau 25/300 added to every sigma before a match.

For fresh players every skill is equal, so each exp(mu/c) is the same and every probability below is a plain
fraction: the share of a player among those ranked at or below a given rank.
"""

from __future__ import annotations

import math

import pytest

from bot.games.base import Event
from bot.ratings.model import Entrant
from bot.ratings.model import Ladder
from bot.ratings.model import Match
from bot.ratings.model import entrants
from bot.ratings.model import game_match
from bot.ratings.model import njet_matches
from bot.store import Seat

SIGMA2 = (25 / 3) ** 2 + (25 / 300) ** 2
"""A fresh player's variance once the model's tau is added."""
BETA2 = (25 / 6) ** 2


def _people(n: int) -> list[Seat]:
    return [Seat(f"P{i}", 100 + i) for i in range(n)]


def _after(omega: float, delta: float, share: float = 1.0) -> tuple[float, float]:
    """(mu, sigma) of a fresh player whose team's update factors are omega and delta (``share``: the player's part
    of the team's variance)."""
    return 25 + share * omega, math.sqrt(SIGMA2) * math.sqrt(max(1 - share * delta, 0.0001))


def _expect(ladder: Ladder, key: str, mu: float, sigma: float) -> None:
    rating = ladder.ratings[key]
    assert rating.mu == pytest.approx(mu, abs=1e-9)
    assert rating.sigma == pytest.approx(sigma, abs=1e-9)
    assert rating.shown == pytest.approx(mu - 3 * sigma, abs=1e-9)


def test_two_players_the_winner_gains_what_the_loser_loses() -> None:
    c = math.sqrt(2 * (SIGMA2 + BETA2))
    gamma = math.sqrt(SIGMA2) / c
    # each: one term, q = the winner's rank, share 1/2 each
    omega = SIGMA2 / c * (1 - 1 / 2)
    delta = gamma * SIGMA2 / c**2 * (1 / 2) * (1 / 2)
    seats = _people(2)
    ladder = Ladder()
    people = entrants(seats)
    changes = ladder.play([game_match(seats, [1, 2])], [people[0]], people)
    _expect(ladder, "100", *_after(omega, delta))
    _expect(ladder, "101", *_after(-omega, delta))
    assert [ch.before for ch in changes] == [0.0, 0.0]
    assert changes[0].delta > 0 > changes[1].delta
    assert (ladder.ratings["100"].games, ladder.ratings["100"].wins) == (1, 1)
    assert (ladder.ratings["101"].games, ladder.ratings["101"].wins) == (1, 0)


def test_four_players_ranked_one_to_four() -> None:
    c = math.sqrt(4 * (SIGMA2 + BETA2))
    gamma = math.sqrt(SIGMA2) / c
    # shares among those ranked at or below rank 1, 2, 3, 4: 1/4, 1/3, 1/2, 1
    terms = {
        1: ((1 - 1 / 4),),
        2: (-1 / 4, 1 - 1 / 3),
        3: (-1 / 4, -1 / 3, 1 - 1 / 2),
        4: (-1 / 4, -1 / 3, -1 / 2, 1 - 1),
    }
    variance = {1: (3 / 16,), 2: (3 / 16, 2 / 9), 3: (3 / 16, 2 / 9, 1 / 4), 4: (3 / 16, 2 / 9, 1 / 4, 0)}
    seats = _people(4)
    ladder = Ladder()
    people = entrants(seats)
    ladder.play([game_match(seats, [3, 1, 4, 2])], [people[1]], people)
    for seat, rank in enumerate([3, 1, 4, 2]):
        omega = SIGMA2 / c * sum(terms[rank])
        delta = gamma * SIGMA2 / c**2 * sum(variance[rank])
        _expect(ladder, str(100 + seat), *_after(omega, delta))
    order = [r.key for r in ladder.standings()]
    assert order == ["101", "103", "100", "102"]


def test_a_tie_shares_a_rank() -> None:
    c = math.sqrt(3 * (SIGMA2 + BETA2))
    gamma = math.sqrt(SIGMA2) / c
    # ranks 1, 1, 2: the two first are counted once each in the group of rank 1 (two of them: divided by 2)
    first_omega = SIGMA2 / c * ((1 - 1 / 3) + (-1 / 3)) / 2
    first_delta = gamma * SIGMA2 / c**2 * ((1 / 3) * (2 / 3) * 2) / 2
    last_omega = SIGMA2 / c * (-1 / 3 - 1 / 3) / 2 + SIGMA2 / c * (1 - 1)
    last_delta = gamma * SIGMA2 / c**2 * ((1 / 3) * (2 / 3) * 2 / 2 + 0)
    seats = _people(3)
    ladder = Ladder()
    ladder.play([game_match(seats, [1, 2, 1])], [], entrants(seats))
    _expect(ladder, "100", *_after(first_omega, first_delta))
    _expect(ladder, "102", *_after(first_omega, first_delta))
    _expect(ladder, "101", *_after(last_omega, last_delta))


def test_partners_are_rated_as_a_team() -> None:
    team2 = 2 * SIGMA2
    c = math.sqrt(2 * (team2 + BETA2))
    gamma = math.sqrt(team2) / c
    omega = team2 / c * (1 - 1 / 2)
    delta = gamma * team2 / c**2 * (1 / 2) * (1 / 2)
    seats = _people(4)
    p = entrants(seats)
    ladder = Ladder()
    ladder.play([Match(((p[0], p[2]), (p[1], p[3])), (1, 2))], [], p)
    for winner in ("100", "102"):
        _expect(ladder, winner, *_after(omega, delta, share=1 / 2))
    for loser in ("101", "103"):
        _expect(ladder, loser, *_after(-omega, delta, share=1 / 2))


def test_njet_rounds_become_team_matches() -> None:
    seats = [Seat("Ana", 1), Seat("Bea", 2), Seat("Ordinateur 1", None), Seat("Ordinateur 2", None)]
    events = [
        Event("deal", 3, {"round": 1, "dealer": 3}),
        Event("partner", 0, {"partner": 2}),
        Event("round_end", None, {"round": 1, "scores": [12, 0, 12, 0], "tricks": [4, 2], "ones": [2, 0]}),
        Event("deal", 0, {"round": 2, "dealer": 0}),
        Event("partner", 1, {"partner": 3}),
        Event("round_end", None, {"round": 2, "scores": [3, 3, 3, 3], "tricks": [3, 3], "ones": [0, 0]}),
        Event("alone", 2, {}),
        Event("round_end", None, {"round": 3, "scores": [8, 8, 0, 8], "tricks": [0, 4], "ones": [0, 0]}),
    ]
    ana, bea, cpu1, cpu2 = (
        Entrant("1", "Ana"),
        Entrant("2", "Bea"),
        Entrant("cpu:1", "Ordinateur 1"),
        Entrant("cpu:2", "Ordinateur 2"),
    )
    assert njet_matches(seats, events) == [
        Match(((ana, cpu1), (bea, cpu2)), (1, 2)),
        Match(((bea, cpu2), (ana, cpu1)), (1, 1)),
        Match(((cpu1,), (ana, bea, cpu2)), (2, 1)),
    ]


def test_replaying_the_same_games_gives_the_same_ratings() -> None:
    seats = _people(3)
    people = entrants(seats)
    games = [[1, 2, 3], [2, 1, 3], [3, 3, 1], [1, 2, 2]]
    first, second = Ladder(), Ladder()
    for ranks in games:
        first.play([game_match(seats, ranks)], [p for p, r in zip(people, ranks, strict=True) if r == 1], people)
    for ranks in games:
        second.play([game_match(seats, ranks)], [p for p, r in zip(people, ranks, strict=True) if r == 1], people)
    assert first == second
    assert sum(r.games for r in first.ratings.values()) == 12
