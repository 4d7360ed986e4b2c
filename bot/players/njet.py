"""The Njet! computer player: decides from one seat's view only (its hand plus the public table).

Everything rests on one rough count, ``estimate``: how many tricks (plus super-trump 1s) a hand should take under
given rules, from its trump honours and length, its side-colour masters, its voids to trump in and the super-trumps
it holds or faces. In the Njet phase every candidate stone is judged by the rules it leaves open, each open option
taken as equally likely: the trump and super-trump rows by the average estimate, the points row by how strong the
hand is (high points for a strong hand, low for a weak one), the starting player by who should lead and choose.
Partner: the player whose stones say "strong" (blocked low points, did not block their own start); alone (3 players)
only with a very strong hand. Discard: the cards whose loss costs the estimate least, keeping trumps and 1s. Tricks:
win cheaply, keep super-trumps for tricks holding 1s, never overtake a partner, give a partner 1s when it is safe,
and throw low (never a 1) when the trick is lost.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.base import as_texts
from bot.games.njet import COLOURS
from bot.games.njet import DECKS
from bot.games.njet import GAME
from bot.games.njet import NONE
from bot.games.njet import ROWS
from bot.games.njet import TRUMP
from bot.games.njet import NjetState
from bot.games.njet import card_key
from bot.games.njet import is_super
from bot.games.njet import suit_of
from bot.games.njet import trick_winner
from bot.games.njet import value_of
from bot.games.njet_views import NjetSeatView
from bot.games.njet_views import Rules
from bot.players.hints import Hint
from bot.players.strength import Figure

_HONOUR = (0.95, 0.65, 0.4, 0.2, 0.08)
"""Chance that a trump wins a trick, by the number of higher trumps held by others."""
_SIDE = (0.85, 0.4, 0.15, 0.05)
"""Chance that a side card wins, by the number of higher cards of its colour held by others..."""
_ROUND = (1.0, 0.75, 0.45, 0.2)
"""...times the chance that nobody trumps it, by how many times the colour has gone round before."""
_SUPER = 1.7
"""A super-trump takes a trick and is itself a 1 (less when the other one may come after it)."""
_BASE = {3: 4.0, 4: 3.1}
"""The estimate of an average hand under average rules: above it a hand is strong."""
_ALONE_SHARE = 0.55
"""With 3 players, play alone when the estimate reaches this share of the tricks."""
_DECK_COUNTS = {n: Counter(d) for n, d in DECKS.items()}


def _above(hand: Counter[str], colour: str, super_colour: str, players: int) -> list[int]:
    """``above[v]``: how many cards of ``colour`` higher than ``v`` the others hold (super-trumps apart)."""
    deck = _DECK_COUNTS[players]
    out = [0] * 11
    for v in range(9, 0, -1):
        code = colour + str(v)
        held = 0 if is_super(code, super_colour) else deck[code] - hand[code]
        out[v] = out[v + 1] + held
    return [out[v + 1] for v in range(10)]


def estimate(hand: Sequence[str], trump: str, super_colour: str, players: int) -> float:
    """Expected tricks (super-trump 1s counted as points too) of ``hand`` under these rules: rough but fast."""
    mine = Counter(hand)
    supers = mine[super_colour + "1"] if super_colour != NONE else 0
    others_supers = 2 - supers if super_colour != NONE else 0
    total = supers * (_SUPER if others_supers < 2 else _SUPER - 0.2)
    by_colour: dict[str, list[int]] = {c: [] for c in COLOURS}
    for card in hand:
        if not is_super(card, super_colour):
            by_colour[card[0]].append(value_of(card))
    above = _above(mine, trump, super_colour, players)
    trumps = sorted(by_colour[trump], reverse=True)
    honours = sum(_HONOUR[min(above[v], 4)] for v in trumps)
    total += honours * (1 - 0.15 * others_supers)
    share = (len(DECKS[players]) // 4 - (2 if super_colour == trump else 0)) / players
    total += 0.5 * max(0.0, len(trumps) - share)
    spare = len(trumps) + supers - int(honours + 0.5)
    for colour in COLOURS:
        if colour == trump:
            continue
        cards = sorted(by_colour[colour], reverse=True)
        above = _above(mine, colour, super_colour, players)
        for i, v in enumerate(cards[:4]):
            h = above[v]
            p = _SIDE[min(h, 3)] * _ROUND[i]
            total += p if len(cards) > h else p * 0.3
        if len(cards) <= 1 and spare > 0:
            ruffs = min(spare, 2 - len(cards))
            total += 0.45 * ruffs
            spare -= ruffs
    return total


class NjetPlayer:
    """The computer player: every decision from the seat's own view (its hand and the public table)."""

    def act(self, state: NjetState, seat: int, rng: random.Random) -> Action:
        return choose(GAME.view(state, seat), rng)

    def interrupt(self, state: NjetState, seat: int, rng: random.Random) -> Action | None:
        """Njet! has no moves out of turn."""
        return None

    def hint(self, state: NjetState, seat: int, rng: random.Random) -> Hint:
        """What ``act`` plays for ``seat`` with ``rng``, and why."""
        view = GAME.view(state, seat)
        action = choose(view, rng)
        return explain(view, action)


def explain(view: NjetSeatView, action: Action) -> Hint:
    """The reason for ``action``, from the same reckoning the choice came from."""
    if action.kind == "block":
        return Hint.of(action, "hint.njet.block")
    if action.kind == "alone":
        rules = _rules(view)
        tricks = estimate(list(view.own.codes), rules.trump, rules.super_colour, len(view.table.players))
        return Hint.of(action, "hint.njet.alone", int(tricks + 0.5))
    if action.kind == "partner":
        signals = _signals(view)
        others = {signals[p.seat] for p in view.table.players if p.seat != view.seat}
        return Hint.of(action, "hint.njet.partner" if len(others) > 1 else "hint.njet.partner_guess")
    if action.kind == "discard":
        rules = _rules(view)
        cards = as_texts(action.get("cards"))
        kept = not any(value_of(c) == 1 or suit_of(c, rules.trump, rules.super_colour) == TRUMP for c in cards)
        return Hint.of(action, "hint.njet.discard_keep" if kept else "hint.njet.discard")
    card, reason = _play_choice(view, list(view.legal))
    return Hint.of(Action.of("play", card=card), f"hint.njet.{reason}")


def choose(view: NjetSeatView, rng: random.Random) -> Action:
    """Pick one of the legal moves of the seat whose ``view`` is given."""
    legal = list(view.legal)
    if not legal:
        raise ValueError("no legal action")
    kind = legal[0].kind
    if kind == "block":
        return _choose_block(view, legal, rng)
    if kind in ("partner", "alone"):
        return _choose_partner(view, legal, rng)
    if kind == "discard":
        return _choose_discard(view, legal)
    return _choose_play(view, legal)


def _rules(view: NjetSeatView) -> Rules:
    """The rules of the round: every phase after the Njet phase has them."""
    rules = view.table.rules
    if rules is None:
        raise ValueError("the rules are not decided yet")
    return rules


# ----- the Njet phase -----


def _open(view: NjetSeatView, row: str) -> list[str]:
    line = next(r for r in view.table.board if r.row == row)
    return [o.option for o in line.options if o.blocked_by is None]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _choose_block(view: NjetSeatView, legal: list[Action], rng: random.Random) -> Action:
    """The stone that leaves the best average of the rules still open."""
    hand = list(view.own.codes)
    players = len(view.table.players)
    me = view.seat
    opened = {row: _open(view, row) for row in ROWS}
    base = _BASE[players]
    rel = {(t, s): estimate(hand, t, s, players) - base for t in opened["trump"] for s in opened["super"]}
    strength = _mean(list(rel.values()))
    lengths = Counter(c[0] for c in hand)

    def start_value(seat: str) -> float:
        return 0.6 * strength if int(seat) == me else -0.6 * strength / (players - 1)

    def discard_value(option: str) -> float:
        n = int(option)
        return 0.12 * n if any(lengths[c] <= n for c in COLOURS) else 0.0

    def utility(row: str, option: str) -> float:
        left = {r: [o for o in opts if not (r == row and o == option)] for r, opts in opened.items()}
        play = _mean([rel[(t, s)] for t in left["trump"] for s in left["super"]])
        play += _mean([start_value(o) for o in left["start"]]) + _mean([discard_value(o) for o in left["discard"]])
        return _mean([float(o) for o in left["points"]]) * play

    scored = [(utility(a.text("row"), a.text("option")), a) for a in legal]
    top = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s >= top - 1e-9])


# ----- partner and discard -----


def _signals(view: NjetSeatView) -> dict[int, float]:
    """How strong each seat's stones say its hand is: blocking low points or others' start means strength."""
    out: dict[int, float] = {p.seat: 0.0 for p in view.table.players}
    weights = {"1": 1.0, "2": 0.5, "3": -0.5, "4": -1.0}
    rows = {r.row: r.options for r in view.table.board}
    for o in rows["points"]:
        if o.blocked_by is not None:
            out[o.blocked_by] += weights[o.option]
    for o in rows["start"]:
        who = o.blocked_by
        if who is not None:
            out[who] += -1.0 if int(o.option) == who else 0.3
    return out


def _choose_partner(view: NjetSeatView, legal: list[Action], rng: random.Random) -> Action:
    hand = list(view.own.codes)
    rules = _rules(view)
    players = len(view.table.players)
    if any(a.kind == "alone" for a in legal):
        tricks = len(hand) - rules.discard
        if estimate(hand, rules.trump, rules.super_colour, players) >= _ALONE_SHARE * tricks:
            return Action.of("alone")
    signals = _signals(view)
    partners = [a for a in legal if a.kind == "partner"]
    top = max(signals[a.number("seat")] for a in partners)
    return rng.choice([a for a in partners if signals[a.number("seat")] == top])


def _choose_discard(view: NjetSeatView, legal: list[Action]) -> Action:
    """Keep what the estimate values most; 1s are points for the team, so they stay; void a colour if possible."""
    hand = list(view.own.codes)
    rules = _rules(view)
    trump, super_colour = rules.trump, rules.super_colour
    players = len(view.table.players)

    def score(action: Action) -> float:
        cards = list(as_texts(action.get("cards")))
        left = list(hand)
        for c in cards:
            left.remove(c)
        kept = estimate(left, trump, super_colour, players)
        ones = sum(1 for c in cards if value_of(c) == 1)
        trumps = sum(1 for c in cards if suit_of(c, trump, super_colour) == TRUMP)
        return kept - 0.6 * ones - 0.3 * trumps - 0.01 * sum(value_of(c) for c in cards)

    return max(legal, key=score)


# ----- tricks -----


def _choose_play(view: NjetSeatView, legal: list[Action]) -> Action:
    return Action.of("play", card=_play_choice(view, legal)[0])


def _play_choice(view: NjetSeatView, legal: list[Action]) -> tuple[str, str]:
    """The card to play and the name of the reason (``lead_*``, ``gift``, ``mate_wins``, ``win``, ``super``,
    ``save``, ``throw``)."""
    rules = _rules(view)
    trump, super_colour = rules.trump, rules.super_colour
    players = len(view.table.players)
    me = view.seat
    hand = list(view.own.codes)
    cards = [a.text("card") for a in legal]
    trick = [(p.seat, p.card) for p in view.table.trick]
    mates = next(set(t.seats) for t in view.table.teams if me in t.seats)

    def suit(card: str) -> str:
        return suit_of(card, trump, super_colour)

    def throw_key(card: str) -> tuple[int, int, int, int, int]:
        """Cheapest card to give away: not a super-trump, not a 1, not a trump, low, from a short colour."""
        return (
            int(is_super(card, super_colour)),
            int(value_of(card) == 1),
            int(suit(card) == TRUMP),
            value_of(card),
            sum(1 for c in hand if suit(c) == suit(card)),
        )

    if not trick:
        return _lead(hand, cards, trump, super_colour, players)
    played = [c for _, c in trick]
    winner = next(p.seat for p in view.table.trick if p.wins)
    after = [(me + k) % players for k in range(1, players - len(trick))]
    foes_after = any(s not in mates for s in after)
    if winner in mates:
        if not foes_after or _safe(played, hand, super_colour):
            gifts = [c for c in cards if value_of(c) == 1 and not is_super(c, super_colour)]
            if gifts:
                return gifts[0], "gift"
        return min(cards, key=throw_key), "mate_wins"
    me_index = len(trick)
    winners = [c for c in cards if trick_winner([*played, c], trump, super_colour) == me_index]
    plain = [c for c in winners if not is_super(c, super_colour)]
    if plain:
        return min(plain, key=lambda c: (suit(c) == TRUMP, value_of(c))), "win"
    if winners and any(value_of(c) == 1 for c in played):
        return winners[0], "super"
    return min(cards, key=throw_key), "save" if winners else "throw"


def _safe(played: Sequence[str], hand: Sequence[str], super_colour: str) -> bool:
    """A partner's super-trump cannot be beaten when the other one is already out or in our hand."""
    if super_colour == NONE or not any(is_super(c, super_colour) for c in played):
        return False
    return sum(1 for c in [*played, *hand] if is_super(c, super_colour)) >= 2


def _lead(hand: list[str], cards: list[str], trump: str, super_colour: str, players: int) -> tuple[str, str]:
    """Lead a master side card, else trumps from length, else a singleton to trump later, else a low card; with the
    name of the reason."""
    mine = Counter(hand)
    others = Counter(DECKS[players]) - mine

    def master(card: str) -> bool:
        return not any(
            k[0] == card[0] and value_of(k) > value_of(card) and not is_super(k, super_colour) for k in others
        )

    def suit(card: str) -> str:
        return suit_of(card, trump, super_colour)

    sides = [c for c in cards if suit(c) != TRUMP]
    trumps = [c for c in cards if suit(c) == TRUMP and not is_super(c, super_colour)]
    masters = [c for c in sides if master(c) and value_of(c) >= 6]
    if masters:
        return max(masters, key=lambda c: (value_of(c), -sum(1 for k in hand if k[0] == c[0]))), "lead_master"
    if len(trumps) >= 4:
        top = [c for c in trumps if master(c)]
        if top:
            return max(top, key=value_of), "lead_trump"
    if trumps:
        singles = [c for c in sides if value_of(c) > 1 and sum(1 for k in hand if suit(k) == suit(c)) == 1]
        if singles:
            return min(singles, key=value_of), "lead_single"
    low = [c for c in sides if value_of(c) > 1]
    if low:
        length = Counter(suit(c) for c in hand)
        return min(low, key=lambda c: (-length[suit(c)], value_of(c), card_key(c))), "lead_long"
    if trumps:
        return min(trumps, key=value_of), "lead_low"
    ordered = sorted(cards, key=lambda c: (is_super(c, super_colour), value_of(c) == 1, value_of(c)))
    return ordered[0], "lead_low"


# ----- measure -----


def bench_scores(rounds: int, seed: int = 0) -> tuple[float, float]:
    """Average points per round of a computer seat and of a random seat (4 players: computers at seats 0 and 2)."""
    computer = random_total = 0
    played = 0
    game = 0
    while played < rounds:
        game += 1
        base = seed * 100_003 + game
        state = GAME.setup(4, {"rounds": min(8, rounds - played)}, action_rng(base, 0))
        rng = random.Random(base)
        number = 0
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            action = PLAYER.act(state, seat, rng) if seat % 2 == 0 else rng.choice(legal)
            number += 1
            GAME.apply(state, seat, action, action_rng(base, number))
        played += state.rounds
        computer += state.scores[0] + state.scores[2]
        random_total += state.scores[1] + state.scores[3]
    return computer / (2 * played), random_total / (2 * played)


def strength() -> list[Figure]:
    """``make bench``: the computer team against a random team over 1000 rounds."""
    computer, random_team = bench_scores(1000)
    line = f"computer team vs random team, 1000 rounds: {computer:.2f} vs {random_team:.2f} points per seat and round"
    return [Figure(line, computer > random_team)]


PLAYER = NjetPlayer()
