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
from collections import Counter
from collections.abc import Mapping, Sequence

from bot.games.base import Action, JSONValue, action_rng
from bot.games.neurotrio import ATTRIBUTES, TYPES, Cell, NeurotrioState, bid_options, judge, shared

CALL_VALUE = 4.0
"""Call "neuro" when the best bid is expected to earn at least this many VP..."""
FEW_CANDIDATES = 3
"""...or when the treasure is narrowed down to this many types or fewer (and some bid is positive)."""
BLUFF = 0.15
"""Chance that a bidder with no good bid spends a base with its 0 carton, to mislead and to use up bases."""
_MENTION = {3: 3, 2: 1, 1: -1, 0: -2}


def odds(view: Mapping[str, JSONValue]) -> dict[str, float]:
    """The chance of each type to be the treasure, from the seat's hand and the grid."""
    seen = Counter(view["hand"]) + Counter(g["card"] for g in view["grid"])
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


def best_bid(view: Mapping[str, JSONValue]) -> tuple[float, tuple[int, int, str] | None]:
    """(value per base unit, (r, c, carton)) of the best bid, or (0, None) without any."""
    opts = bid_options(view)
    if not opts["bases"] or not opts["cartons"]:
        return 0.0, None
    chances = odds(view)
    cards: dict[str, list[int]] = {}
    for g in view["grid"]:
        cards.setdefault(g["card"], [g["r"], g["c"]])
    best: tuple[float, tuple[int, int, str] | None] = (float("-inf"), None)
    for card, (r, c) in sorted(cards.items()):
        for carton in opts["cartons"]:
            if carton == "0":
                continue
            value = carton_value(carton, card, chances)
            if value > best[0]:
                best = (value, (r, c, carton))
    return best


def interrupt(view: Mapping[str, JSONValue], rng: random.Random) -> bool:
    """Call "neuro" now? Only when the seat may call and a bid looks clearly good."""
    if view["seat"] not in view["interrupters"]:
        return False
    value, target = best_bid(view)
    if target is None or value <= 0:
        return False
    bases: list[int] = view["bases_left"]
    return len(odds(view)) <= FEW_CANDIDATES or value * max(bases) >= CALL_VALUE


def bid(view: Mapping[str, JSONValue], rng: random.Random) -> Action:
    """The seat's bid (or ``nobid``) when it is its turn in an auction."""
    auction = view["auction"]
    caller = auction is not None and auction["caller"] == view["seat"]
    opts = bid_options(view)
    bases: list[int] = opts["bases"]
    cartons: list[str] = opts["cartons"]
    value, target = best_bid(view)
    if target is not None and value > 0:
        r, c, carton = target
        return Action.of("bid", base=max(bases), r=r, c=c, carton=carton)
    if not caller and ("0" not in cartons or rng.random() >= BLUFF):
        return Action.of("nobid")
    r, c = rng.choice(opts["cells"])
    if "0" in cartons:
        return Action.of("bid", base=min(bases), r=r, c=c, carton="0")
    assert target is not None
    r, c, carton = target
    return Action.of("bid", base=min(bases), r=r, c=c, carton=carton)


def _grid(view: Mapping[str, JSONValue]) -> tuple[dict[Cell, str], tuple[int, int, int, int], tuple[int, int]]:
    grid = {(g["r"], g["c"]): g["card"] for g in view["grid"]}
    box = view["box"]
    limits = view["limits"]
    bounds = (box["r0"], box["r0"] + box["rows"] - 1, box["c0"], box["c0"] + box["cols"] - 1)
    return grid, bounds, (limits["rows"], limits["cols"])


def choose(view: Mapping[str, JSONValue], legal: Sequence[Action], rng: random.Random) -> Action:
    """The seat's move among ``legal`` (a bid may be any full bid, checked by the engine)."""
    kinds = {a.kind for a in legal}
    if "bid" in kinds or "nobid" in kinds:
        return bid(view, rng)
    places = [a for a in legal if a.kind == "place"]
    if not places:
        return next(a for a in legal if a.kind != "neuro")
    grid, box, limits = _grid(view)
    spots = Counter(a["card"] for a in places)

    def key(action: Action) -> tuple[int, int, int, float]:
        card = str(action["card"])
        _, vp, comp, _ = judge(grid, box, limits, card, (int(action["r"]), int(action["c"])))
        return (-vp, spots[card], -comp, rng.random())

    return min(places, key=key)


# ----- measure -----


def random_action(state: NeurotrioState, seat: int, rng: random.Random) -> Action:
    """A random legal move of ``seat``; a bid gets a random cell too."""
    from bot.games.neurotrio import GAME

    action = rng.choice([a for a in GAME.legal_actions(state, seat) if a.kind != "neuro"])
    if action.kind == "bid":
        r, c = rng.choice(sorted(state.grid))
        action = Action.of("bid", base=action["base"], r=r, c=c, carton=action["carton"])
    return action


def play_game(players: int, seed: int, computers: Sequence[int], call_chance: float = 0.05) -> tuple[list[int], int]:
    """One whole game: computer seats use the computer player, the others random moves; (VP, moves)."""
    from bot.games.neurotrio import GAME

    state = GAME.setup(players, {}, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    while not GAME.is_over(state):
        callers = GAME.interrupters(state)
        for i in range(players):
            seat = (state.current + i) % players
            if seat not in callers:
                continue
            call = GAME.bot_interrupt(state, seat, rng) if seat in computers else None
            if seat not in computers and rng.random() < call_chance:
                call = Action.of("neuro")
            if call is not None:
                number += 1
                GAME.apply(state, seat, call, action_rng(seed, number))
                break
        (seat,) = GAME.to_act(state)
        action = GAME.bot_action(state, seat, rng) if seat in computers else random_action(state, seat, rng)
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


def bench_vs_random(games: int) -> tuple[float, float]:
    """(computer, random) average VP per seat over ``games`` four-player games (``make bench`` runs 500)."""
    a, b = bench_scores(games)
    return round(a, 2), round(b, 2)
