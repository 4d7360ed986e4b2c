"""The Nain Jaune computer player: decides from one seat's view only (its hand plus the public table).

The only real choices are which card of the wanted rank to lay and where to start a new sequence. Laying a board
card is always best (it takes its box and cannot double it later), and a new sequence is chosen by playing out, from
the hand alone, the run each start gives: how many cards it lays, the values and boxes it sheds, the missing ranks
it may skip (nobody else can hold them, or with the chance that their unseen copies all lie in the talon), and the
fresh start that a king (or a skipped king) gives back.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.nain_jaune import BOARD
from bot.games.nain_jaune import GAME
from bot.games.nain_jaune import RANK_INDEX
from bot.games.nain_jaune import RANKS
from bot.games.nain_jaune import SUITS
from bot.games.nain_jaune import NainJauneState
from bot.games.nain_jaune import card_value
from bot.games.nain_jaune import rank_of
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.players.hints import Hint

_KINGS_DONE = len(RANKS)
_VALUES: tuple[int, ...] = tuple(card_value(r + "S") for r in RANKS)
_LAY_BONUS = 25.0
"""Each card laid brings the end of the hand closer: the length of a run counts more than the values it sheds."""
_OUT_BONUS = 100.0
"""Emptying the hand wins the deal: the others pay us instead of us paying."""


class NainJaunePlayer:
    """The computer player of the registry: it sees what its seat sees, nothing more."""

    def act(self, state: NainJauneState, seat: int, rng: random.Random) -> Action:
        """A legal move for ``seat``, chosen from its own view."""
        return choose(GAME.view(state, seat), rng)

    def interrupt(self, state: NainJauneState, seat: int, rng: random.Random) -> Action | None:
        """Nain Jaune has no moves out of turn."""
        return None

    def hint(self, state: NainJauneState, seat: int, rng: random.Random) -> Hint:
        """What ``act`` plays for ``seat`` with ``rng``, and why."""
        view = GAME.view(state, seat)
        return explain(view, choose(view, rng))


def choose(view: NainJauneSeatView, rng: random.Random) -> Action:
    """Pick one of the legal moves of the seat whose ``view`` is given."""
    legal = view.legal
    if not legal:
        raise ValueError("no legal action")
    for action in legal:
        if action.kind == "claim":
            return action
    cards = [a.text("card") for a in legal if a.kind == "play"]
    if not cards:
        return legal[0]
    if view.table.wanted is None:
        rank = _best_start(view, rng)
        cards = [c for c in cards if rank_of(c) == rank]
    board = [c for c in cards if c in BOARD]
    return Action.of("play", card=board[0] if board else rng.choice(cards))


class _Planner:
    """Plays out the runs a hand allows, assuming nobody else lays a card in between.

    When the hand lacks the next rank, the run goes on only if nobody else holds it: certain when the four cards
    of that rank are laid or ours, otherwise as likely as all the unseen ones lying in the talon.
    """

    def __init__(self, view: NainJauneSeatView) -> None:
        hand = view.own.hand
        table = view.table
        self.counts = [0] * len(RANKS)
        for card in hand:
            self.counts[RANK_INDEX[rank_of(card)]] += 1
        unseen = [len(SUITS) - n for n in self.counts]
        for card in table.laid:
            unseen[RANK_INDEX[rank_of(card)]] -= 1
        talon = table.talon
        hidden = talon + sum(p.cards for p in table.players) - len(hand)
        self.nobody = [math.comb(talon, k) / math.comb(hidden, k) if k <= talon else 0.0 for k in unseen]
        self.box = [0.0] * len(RANKS)
        self.boards = [False] * len(RANKS)
        for box in table.boxes:
            r = RANK_INDEX[rank_of(box.card)]
            self.box[r] = float(box.tokens)
            self.boards[r] = box.card in hand
        self.memo: dict[tuple[tuple[int, ...], tuple[bool, ...]], float] = {}

    def run(self, counts: Sequence[int], boards: Sequence[bool], rank: int) -> float:
        """What laying a card of ``rank`` (held) and going on from there is worth."""
        left = list(counts)
        flags = list(boards)
        left[rank] -= 1
        gain = _VALUES[rank] + _LAY_BONUS
        if flags[rank]:
            flags[rank] = False
            gain += self.box[rank]
        if not any(left):
            return gain + _OUT_BONUS
        return gain + self.asked(left, flags, rank + 1)

    def asked(self, left: list[int], flags: list[bool], rank: int) -> float:
        """What being asked for ``rank`` after our own card is worth."""
        if rank == _KINGS_DONE:
            return self.best(left, flags)
        if left[rank]:
            return self.run(left, flags, rank)
        chance = self.nobody[rank]
        return chance * self.asked(left, flags, rank + 1) if chance else 0.0

    def best(self, counts: Sequence[int], boards: Sequence[bool]) -> float:
        """What starting a new sequence is worth, at the best rank."""
        key = (tuple(counts), tuple(boards))
        if key not in self.memo:
            self.memo[key] = max(self.run(counts, boards, r) for r in range(len(RANKS)) if counts[r])
        return self.memo[key]


def _best_start(view: NainJauneSeatView, rng: random.Random) -> str:
    """The rank to open a new sequence with."""
    planner = _Planner(view)
    scores = {r: planner.run(planner.counts, planner.boards, r) for r in range(len(RANKS)) if planner.counts[r]}
    top = max(scores.values())
    return RANKS[rng.choice([r for r, s in scores.items() if s == top])]


def run_from(hand: Sequence[str], rank: str) -> int:
    """How many ranks in a row the hand holds from ``rank`` up (the cards a sequence opened there lays in turn)."""
    held = {RANK_INDEX[rank_of(card)] for card in hand}
    start = RANK_INDEX[rank]
    length = 0
    while start + length in held:
        length += 1
    return length


def explain(view: NainJauneSeatView, action: Action) -> Hint:
    """The reason for ``action``: a box to take, a sequence to go on with, or the best start for the hand."""
    tokens = {box.card: box.tokens for box in view.table.boxes}
    if action.kind == "claim":
        return Hint.of(action, "hint.nj.claim", tokens[action.text("card")])
    if action.kind != "play":
        return Hint.of(action, "hint.nj.pass")
    card = action.text("card")
    if card in BOARD:
        return Hint.of(action, "hint.nj.board", tokens[card])
    run = run_from(view.own.hand, rank_of(card))
    return Hint.of(action, "hint.nj.start" if view.table.wanted is None else "hint.nj.follow", run)


PLAYER = NainJaunePlayer()
