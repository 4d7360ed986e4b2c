"""Ratings per server and per game, by openskill's Plackett-Luce model: every finished game ranks its players (ties
share a rank), Njet's rounds rank its partnerships as teams, and computer players are rated like anyone, so that a
player sees where they stand against them.

A rating is never edited by hand: it is the result of the finished games, played in the order they ended, from the
model's starting rating. What is shown is the conservative estimate, ``mu - 3 sigma`` (openskill's ``ordinal``),
which starts at 0 and grows as the model grows sure of a player's skill; provisional for a player's first games.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from openskill.models import PlackettLuce
from openskill.models import PlackettLuceRating

from bot.games.base import Event
from bot.games.base import as_numbers
from bot.store import Seat

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (a little doubt added before each match)."""

COMPUTER = "cpu"

PROVISIONAL_GAMES = 5
"""A rating is provisional, shown with ``PROVISIONAL_MARK`` as chess sites write "1500?", for a player's first five
rated games: until then the shown estimate says more about how few games were played than about skill.

It starts at 0 and each early game adds 0.5 to 0.7 to it by making the model surer (3 sigma shrinks), while one
result moves mu by about 2, so a player who lost their first game is shown below 0 ("-1.8"). In random games of 2
to 4 players, after five games the certainty gained (3 sigma down by 2.5 to 3.6) outweighs a typical run of luck
(mu's spread 2.8 to 3.1): an average player is no longer shown below 0. FIDE also asks for five games before a first
rating. A count of games rather than a threshold on sigma: sigma falls at very different speeds from game to game
(eight rated rounds in a game of Njet, slowly in a four-player game ranked as a whole), and a count is what a
player can read and foresee."""

PROVISIONAL_MARK = "?"


def provisional(games: int) -> bool:
    """Whether a rating made of ``games`` rated games is still provisional."""
    return games < PROVISIONAL_GAMES


@dataclass(frozen=True)
class Entrant:
    """Who is rated: a person by their Discord id, a computer seat by its place among the table's computers."""

    key: str
    name: str


@dataclass(frozen=True)
class Match:
    """One ranked contest: teams (one entrant each, or partners) and their ranks, 1 the best, ties equal."""

    teams: tuple[tuple[Entrant, ...], ...]
    ranks: tuple[int, ...]


@dataclass
class Rating:
    """A player's rating at one game on one server, with how many rated games they played and won."""

    key: str
    name: str
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0

    @property
    def shown(self) -> float:
        """The conservative estimate people see: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Change:
    """A player's shown rating before and after a game."""

    key: str
    name: str
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


def entrants(seats: Sequence[Seat]) -> list[Entrant]:
    """Each seat's entrant: people by id; computers as ``cpu:1``, ``cpu:2``... in seat order, one rating each."""
    out: list[Entrant] = []
    computers = 0
    for seat in seats:
        if seat.user_id is None:
            computers += 1
            out.append(Entrant(f"{COMPUTER}:{computers}", seat.name))
        else:
            out.append(Entrant(str(seat.user_id), seat.name))
    return out


def game_match(seats: Sequence[Seat], ranks: Sequence[int]) -> Match:
    """A game whose final ranking is the contest: every seat on its own, ``ranks`` per seat (ties equal)."""
    return Match(tuple((e,) for e in entrants(seats)), tuple(ranks))


def njet_matches(seats: Sequence[Seat], events: Iterable[Event]) -> list[Match]:
    """Njet's rounds as team matches: the starting player and the partner they chose (or the starter alone) against
    the others, ranked as the round's line of the score sheet ranks them (a draw when equal), from the game's public
    events. The sheet's own numbers (``round_end``'s ``scores``), never tricks and 1s counted again: a starter alone
    scores double, and wins a round with fewer tricks and 1s than the other two."""
    people = entrants(seats)
    out: list[Match] = []
    team: set[int] | None = None
    for event in events:
        if event.kind == "partner" and event.seat is not None:
            partner = event.data.get("partner")
            team = {event.seat, int(partner)} if isinstance(partner, int) else {event.seat}
        elif event.kind == "alone" and event.seat is not None:
            team = {event.seat}
        elif event.kind == "round_end" and team is not None:
            match = _round_match(people, team, as_numbers(event.data.get("scores")))
            if match is not None:
                out.append(match)
            team = None
    return out


def _round_match(people: Sequence[Entrant], team: set[int], scores: Sequence[int]) -> Match | None:
    """One round: the starting team against the others, by what each side scored on the sheet (members of a side
    score alike); None when the round's scores are not one per seat."""
    others = [s for s in range(len(people)) if s not in team]
    if len(scores) != len(people) or not others:
        return None
    ours, theirs = scores[min(team)], scores[others[0]]
    ranks = (1, 1) if ours == theirs else (1, 2) if ours > theirs else (2, 1)
    return Match((tuple(people[s] for s in sorted(team)), tuple(people[s] for s in others)), ranks)


@dataclass
class Ladder:
    """The ratings of one server's players at one game, as the games are played in the order they ended."""

    ratings: dict[str, Rating] = field(default_factory=dict)

    def rating(self, entrant: Entrant) -> Rating:
        found = self.ratings.get(entrant.key)
        if found is None:
            found = self.ratings[entrant.key] = Rating(entrant.key, entrant.name)
        found.name = entrant.name
        return found

    def play(self, matches: Sequence[Match], winners: Iterable[Entrant], everyone: Iterable[Entrant]) -> list[Change]:
        """Rate a game's matches in order; count a game for ``everyone`` and a win for ``winners``; each player's
        shown rating before and after."""
        people = list(everyone)
        before = {e.key: self.rating(e).shown for e in people}
        for match in matches:
            self._rate(match)
        for entrant in people:
            self.rating(entrant).games += 1
        for entrant in winners:
            self.rating(entrant).wins += 1
        return [Change(e.key, e.name, before[e.key], self.rating(e).shown) for e in people]

    def _rate(self, match: Match) -> None:
        teams = [[self._model_rating(e) for e in team] for team in match.teams]
        rated = MODEL.rate(teams, ranks=list(match.ranks))
        for team, new in zip(match.teams, rated, strict=True):
            for entrant, value in zip(team, new, strict=True):
                rating = self.rating(entrant)
                rating.mu, rating.sigma = value.mu, value.sigma

    def _model_rating(self, entrant: Entrant) -> PlackettLuceRating:
        rating = self.rating(entrant)
        return MODEL.create_rating([rating.mu, rating.sigma], entrant.key)

    def standings(self) -> list[Rating]:
        """Best first: by the shown rating, then more games, then the name."""
        return sorted(self.ratings.values(), key=lambda r: (-r.shown, -r.games, r.name))
