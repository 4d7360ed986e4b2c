"""The Neurotrio computer player: decides from one seat's view only (its hand, its notebook and the public table).

Treasure odds: a type whose both copies this seat has seen cannot be the treasure; of the others, a type seen once is
half as likely as a type never seen (the treasure has one copy in play, every other type two). From these odds each
bid (a domain card, a carton, a base) gets an expected value; the player calls "neuro" when the best one is worth it
(few candidates left, or an expected gain of at least ``CALL_VALUE``), bets its best positive bid on the highest base,
and otherwise declines or, as the caller who must bid, bluffs with its 0 carton. Building: always place when it can,
the card that earns the most VP (a card fitting three or four neighbours first), then the card with the fewest other
places, keeping the versatile ones for later.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.neurotrio import ATTRIBUTES
from bot.games.neurotrio import GAME
from bot.games.neurotrio import TYPES
from bot.games.neurotrio import NeurotrioState
from bot.games.neurotrio import shared
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import Placement
from bot.players.hints import Hint
from bot.players.strength import Figure
from bot.players.strength import timing_line

View = NeurotrioSeatView

CALL_VALUE = 4.0
"""Call "neuro" when the best bid is expected to earn at least this many VP..."""
FEW_CANDIDATES = 3
"""...or when the treasure is narrowed down to this many types or fewer (and some bid is positive)."""
BLUFF = 0.15
"""Chance that a bidder with no good bid spends a base with its 0 carton, to mislead and to use up bases."""
_MENTION = {3: 3, 2: 1, 1: -1, 0: -2}


def odds(view: View) -> dict[str, float]:
    """The chance of each type to be the treasure, from the seat's hand and the grid."""
    seen = Counter(view.own.hand) + Counter(spot.card for spot in view.table.grid)
    weights = {t: (1.0, 0.5, 0.0)[min(seen[t], 2)] for t in TYPES}
    total = sum(weights.values()) or 1.0
    return {t: w / total for t, w in weights.items() if w > 0}


def carton_value(carton: str, card: str, chances: Mapping[str, float]) -> float:
    """Expected points per unit of base of ``carton`` on ``card``."""
    if carton in ATTRIBUTES:
        i = ATTRIBUTES[carton]
        return sum(p * (1 if card[i] == t[i] else -1) for t, p in chances.items())
    m = int(carton)
    return sum(p * m * _MENTION[shared(card, t)] for t, p in chances.items())


def best_bid(view: View) -> tuple[float, tuple[int, int, str] | None]:
    """(value per base unit, (r, c, carton)) of the best bid, or (0, None) without any."""
    choices = view.own.bid
    if not choices.bases or not choices.cartons:
        return 0.0, None
    chances = odds(view)
    cards: dict[str, tuple[int, int]] = {}
    for spot in choices.cells:
        cards.setdefault(spot.card, (spot.r, spot.c))
    best: tuple[float, tuple[int, int, str] | None] = (float("-inf"), None)
    for card, (r, c) in sorted(cards.items()):
        for carton in choices.cartons:
            if carton == "0":
                continue
            value = carton_value(carton, card, chances)
            if value > best[0]:
                best = (value, (r, c, carton))
    return best


def interrupt(view: View, rng: random.Random) -> bool:
    """Call "neuro" now? Only when the seat may call and a bid looks clearly good."""
    if view.seat not in view.may_interrupt:
        return False
    value, target = best_bid(view)
    if target is None or value <= 0:
        return False
    return len(odds(view)) <= FEW_CANDIDATES or value * max(view.own.bid.bases) >= CALL_VALUE


def bid(view: View, rng: random.Random) -> Action:
    """The seat's bid (or ``nobid``) when it is its turn in an auction."""
    choices = view.own.bid
    bases, cartons = choices.bases, choices.cartons
    value, target = best_bid(view)
    if target is not None and value > 0:
        r, c, carton = target
        return Action.of("bid", base=max(bases), r=r, c=c, carton=carton)
    if not choices.must_bid and ("0" not in cartons or rng.random() >= BLUFF):
        return Action.of("nobid")
    spot = rng.choice(choices.cells)
    if "0" in cartons:
        return Action.of("bid", base=min(bases), r=spot.r, c=spot.c, carton="0")
    assert target is not None
    r, c, carton = target
    return Action.of("bid", base=min(bases), r=r, c=c, carton=carton)


def choose(view: View, rng: random.Random) -> Action:
    """The seat's move among its legal ones (a bid may be any full bid, checked by the engine)."""
    legal = view.legal
    kinds = {a.kind for a in legal}
    if "bid" in kinds or "nobid" in kinds:
        return bid(view, rng)
    places = view.own.placements
    if not places:
        return next(a for a in legal if a.kind != "neuro")
    spots = Counter(p.card for p in places)

    def key(place: Placement) -> tuple[int, int, int, float]:
        return (-place.vp, spots[place.card], -place.compatible, rng.random())

    best = min(places, key=key)
    return Action.of("place", card=best.card, r=best.r, c=best.c)


class NeurotrioPlayer:
    """The computer player the registry names: it reads the seat's typed view only."""

    def act(self, state: NeurotrioState, seat: int, rng: random.Random) -> Action:
        return choose(GAME.view(state, seat), rng)

    def interrupt(self, state: NeurotrioState, seat: int, rng: random.Random) -> Action | None:
        """The computer player's call of "neuro" now, or None."""
        if seat not in GAME.interrupters(state):
            return None
        return Action.of("neuro") if interrupt(GAME.view(state, seat), rng) else None

    def hint(self, state: NeurotrioState, seat: int, rng: random.Random) -> Hint:
        """What ``act`` plays for ``seat`` with ``rng``, and why."""
        view = GAME.view(state, seat)
        return explain(view, choose(view, rng))


def explain(view: View, action: Action) -> Hint:
    """The reason for ``action``: the VP a card earns or the places it has left; the treasure's candidates behind a
    bid; a bluff; no bid worth making."""
    if action.kind == "place":
        card = action.text("card")
        spot = (card, action.number("r"), action.number("c"))
        here = next(p for p in view.own.placements if (p.card, p.r, p.c) == spot)
        if here.vp > 0:
            return Hint.of(action, "hint.neuro.vp", here.vp)
        return Hint.of(action, "hint.neuro.spots", sum(1 for p in view.own.placements if p.card == card))
    if action.kind == "bid":
        if action.text("carton") == "0":
            return Hint.of(action, "hint.neuro.bluff")
        value, _ = best_bid(view)
        if value > 0:
            return Hint.of(action, "hint.neuro.bid", len(odds(view)))
        return Hint.of(action, "hint.neuro.must")
    if action.kind == "nobid":
        return Hint.of(action, "hint.neuro.nobid")
    return Hint.of(action, "hint.neuro.pass")


PLAYER = NeurotrioPlayer()


# ----- measure -----


def random_action(state: NeurotrioState, seat: int, rng: random.Random) -> Action:
    """A random legal move of ``seat``; a bid gets a random cell too."""
    action = rng.choice([a for a in GAME.legal_actions(state, seat) if a.kind != "neuro"])
    if action.kind == "bid":
        r, c = rng.choice(sorted(state.grid))
        action = Action.of("bid", base=action.number("base"), r=r, c=c, carton=action.text("carton"))
    return action


def play_game(players: int, seed: int, computers: Sequence[int], call_chance: float = 0.05) -> tuple[list[int], int]:
    """One whole game: computer seats use the computer player, the others random moves; (VP, moves)."""
    state = GAME.setup(players, {}, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    while not GAME.is_over(state):
        callers = GAME.interrupters(state)
        for i in range(players):
            seat = (state.current + i) % players
            if seat not in callers:
                continue
            call = PLAYER.interrupt(state, seat, rng) if seat in computers else None
            if seat not in computers and rng.random() < call_chance:
                call = Action.of("neuro")
            if call is not None:
                number += 1
                GAME.apply(state, seat, call, action_rng(seed, number))
                break
        (seat,) = GAME.to_act(state)
        action = PLAYER.act(state, seat, rng) if seat in computers else random_action(state, seat, rng)
        number += 1
        GAME.apply(state, seat, action, action_rng(seed, number))
    return list(state.vp), number


def bench_scores(games: int, seed: int = 0) -> tuple[float, float]:
    """Average VP of a computer seat and of a random seat over four-player games, two of each (seats alternate)."""
    computer = random_total = 0
    for game in range(games):
        mine = (0, 2) if game % 2 == 0 else (1, 3)
        vp, _ = play_game(4, seed * 100_003 + game, mine)
        computer += sum(vp[s] for s in mine)
        random_total += sum(vp[s] for s in range(4) if s not in mine)
    return computer / (2 * games), random_total / (2 * games)


def _legal_timings_on_full_grid(games: int = 30) -> list[float]:
    """Milliseconds of the builder's ``legal_actions`` once the domain holds 40 cards or more (eight players)."""
    out: list[float] = []
    for g in range(games):
        state = GAME.setup(8, {}, action_rng(g, 0))
        n = 0
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            start = time.perf_counter()
            legal = GAME.legal_actions(state, seat)
            if len(GAME.table(state).grid) >= 40:
                out.append((time.perf_counter() - start) * 1000)
            n += 1
            GAME.apply(state, seat, legal[-1] if legal[-1].kind == "place" else legal[0], action_rng(g, n))
    return out


def strength() -> list[Figure]:
    """``make bench``: legal moves on a full grid, and two computer seats against two random ones over 500 games."""
    computer, random_seats = bench_scores(500)
    line = f"computer seats vs random seats, 500 four-player games: {computer:.2f} vs {random_seats:.2f} VP on average"
    return [
        timing_line("legal_actions on a full grid", _legal_timings_on_full_grid()),
        Figure(line, computer > random_seats),
    ]
