"""Le Chat vert's state and the moves of its cards: the deck, the deal, every draw and the dealer's "Pause".

The engine (``bot.games.chat_vert``) applies the rules; this module only moves cards, so that a draw of any kind
(a turn's, a penalty, the green cat's, the timer's) goes through ``take`` and reshuffles the pile the same way.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import Tracked
from bot.games.chat_vert_cards import ALONE
from bot.games.chat_vert_cards import ORDER
from bot.games.chat_vert_cards import event
from bot.games.chat_vert_cards import shuffle
from bot.games.chat_vert_rules import COLOURS
from bot.games.chat_vert_rules import MAJORS
from bot.games.chat_vert_rules import SYMBOLS
from bot.games.chat_vert_rules import Rule
from bot.games.chat_vert_rules import RuleIndex
from bot.games.chat_vert_rules import colour_of
from bot.games.chat_vert_rules import is_card
from bot.games.chat_vert_rules import rule_index
from bot.games.chat_vert_rules import sort_hand

DECK: tuple[str, ...] = tuple(c + s for c in COLOURS for s in SYMBOLS for _ in range(2)) + ("W",) * 4 + ("F",) * 4
_DECK_COUNTS: Counter[str] = Counter(DECK)
HAND = 7
RECENT = 5
"""How many of the last penalties the table shows."""
PLUS: Mapping[str, int] = {"plus2": 2, "plus4": 4}


@dataclass
class ChatVertState(Tracked):
    """The whole game; ``play`` mutates it in place once an action is known to be legal."""

    players: int
    rules: list[Rule] = field(default_factory=list)
    timer: int = 60
    dealer: int = 0
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    """The draw pile; the next card to draw is the last one."""
    pile: list[str] = field(default_factory=list)
    """The played cards; the top card is the last one."""
    returned: list[str] = field(default_factory=list)
    """The majors turned up at the deal and put back into the draw pile."""
    colour: str = "Y"
    first: bool = True
    dir: int = 1
    turn: int | None = None
    phase: str = "direction"
    plays: int = 0
    pending_kind: str | None = None
    pending_count: int = 0
    pending_target: int | None = None
    skipped: int | None = None
    drawing: int | None = None
    drawn: str | None = None
    ficelle: int | None = None
    penalties: list[dict[str, JSONValue]] = field(default_factory=list)
    """The last ``RECENT`` penalties given, each with the seat that got it."""
    shown: list[int] = field(default_factory=list)
    """Ids of the rules that showed at work in this game (a penalty for them, or a move using them)."""
    winner: int | None = None
    slow: int = 0
    """Turn-timer penalties given since the last action other than ``timeout`` and ``judge``."""
    cat_drawn: int = 0
    """Cards the added rules' draws and dice have given this game (they stop at ``CAT_LIMIT``)."""
    pause: bool = True
    """"Pause" as soon as any draw empties the draw pile (False: the way of games started before that rule)."""
    _index: tuple[list[Rule], RuleIndex] | None = field(default=None, repr=False, compare=False)
    """The rules compiled (``rule_index``) with the list they were found for: the rules never change during a
    game, but a new list may replace them."""

    @property
    def top(self) -> str:
        return self.pile[-1]

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def rule(self, template: str) -> Rule | None:
        """The rule of a single-instance template, if in force (the first of that template)."""
        return self.index().first.get(template)

    def index(self) -> RuleIndex:
        """The rules in force, compiled for the checks of every move."""
        found = self._index
        if found is None or found[0] is not self.rules:
            found = self._index = (self.rules, rule_index(self.rules))
        return found[1]

    def __deepcopy__(self, memo: dict[int, object]) -> ChatVertState:
        """A copy sharing what never changes during a game (the rules, their index, the events already made):
        the table service copies the state at every move."""
        made = copy.copy(self)
        memo[id(self)] = made
        fields = made.__dict__
        fields["_index"] = self._index
        for name, value in self.__dict__.items():
            if name in _SHARED:
                continue
            if name == "hands":
                fields[name] = [list(hand) for hand in value]
            elif name == "penalties":
                fields[name] = [dict(data) for data in value]  # JSON atoms only
            elif name in _FLAT:
                fields[name] = list(value)
            else:
                fields[name] = copy.deepcopy(value, memo)
        return made

    def __getstate__(self) -> dict[str, object]:
        """Pickled without its compiled rules, nine tenths of its bytes: ``index`` finds them again from the rules
        (every list of the same rules shares one index). The table service pickles a state at every move."""
        fields = dict(self.__dict__)
        fields["_index"] = None
        return fields

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the current direction."""
        return (seat + steps * self.dir) % self.players


def turn_timer(state: ChatVertState) -> int:
    """Seconds a player may take before a turn-timer penalty (0: no timer)."""
    return state.timer


def rules_used(state: ChatVertState) -> list[int]:
    """Ids of the rules that showed at work in this game, in order of first appearance."""
    return list(state.shown)


def known_phrases_of(state: ChatVertState) -> frozenset[str]:
    return state.index().known


def show_rule(state: ChatVertState, rule_id: int) -> None:
    if rule_id not in state.shown:
        state.shown.append(rule_id)


CAT_LIMIT = 112
"""The most cards the added rules' draws and dice give in one game (see the module docstring)."""


def green_cat_gives(state: ChatVertState) -> bool:
    """Whether the added rules' draws and dice would give a card now."""
    return state.cat_drawn < CAT_LIMIT and cat_drawable(state) > 0


def cat_drawable(state: ChatVertState) -> int:
    """Cards the green cat may draw now: with "Pause", the pile too (but its top); before that rule, the stock only."""
    return len(state.stock) + (max(0, len(state.pile) - 1) if state.pause else 0)


def pause_pile(state: ChatVertState, rng: random.Random, events: list[Event]) -> bool:
    """ "Pause": the pile but its top card shuffled into a new draw pile (False when there is nothing to shuffle)."""
    if len(state.pile) <= 1:
        return False
    rest = state.pile[:-1]
    state.pile = state.pile[-1:]
    shuffle(rng, rest)
    state.stock = rest
    events.append(event("pause", None, {"stock": len(rest)}))
    return True


def take(
    state: ChatVertState, seat: int, count: int, rng: random.Random, *, cat: bool = False
) -> tuple[list[str], list[Event]]:
    """Draw up to ``count`` cards into ``seat``'s hand; the events are the pauses then ``drew`` (private).

    A draw that empties the draw pile makes the dealer say "Pause" at once. ``cat``: a draw of the green cat, which
    games started before that rule never let reshuffle the pile.
    """
    events: list[Event] = []
    stock = state.stock
    if count == 1 and len(stock) > 1:
        cards = [stock.pop()]  # the common draw: one card from a pile that stays non-empty
    else:
        cards = []
        for _ in range(count):
            if not state.stock and ((cat and not state.pause) or not pause_pile(state, rng, events)):
                break
            cards.append(state.stock.pop())
        if state.pause and cards and not state.stock:
            pause_pile(state, rng, events)
    state.hands[seat] = sorted([*state.hands[seat], *cards], key=ORDER.__getitem__)
    if count > 0:
        events.append(event("drew", seat, {"cards": list[JSONValue](cards)}, ALONE[seat]))
    return cards, events


_SHARED: frozenset[str] = frozenset({"rules", "_index", "recent"})
"""Fields a copy of the state shares: the rules never change during a game, events are immutable."""
_FLAT: frozenset[str] = frozenset({"stock", "pile", "returned", "shown"})
"""Fields that are lists of strings or numbers: a copy of the list is a deep copy."""


def deal(state: ChatVertState, hands: list[list[str]], top: str, stock: list[str], returned: list[str]) -> None:
    state.hands = [sort_hand(h) for h in hands]
    state.stock = stock
    state.pile = [top]
    state.returned = returned
    state.colour = str(colour_of(top))
    state.first = True
    state.dir = 1
    state.turn = None
    state.phase = "direction"
    state.plays = 0
    state.pending_kind = state.pending_target = None
    state.pending_count = 0
    state.skipped = state.drawing = state.drawn = state.ficelle = state.winner = None
    state.penalties = []
    state.shown = []
    state.slow = 0


def deal_fixed(
    state: ChatVertState,
    hands: Sequence[Sequence[str]],
    *,
    top: str,
    dealer: int = 0,
    stock: Sequence[str] | None = None,
    pile: Sequence[str] = (),
    turn: int | None = None,
    dir: int = 1,
) -> ChatVertState:
    """Replace the deal: the hands, ``top`` face up (a coloured card), ``stock`` in drawing order (first drawn
    first; by default the rest of the deck in ``DECK`` order) and ``pile`` (cards under the top, bottom first).

    With ``turn`` the direction is already chosen: the game is in play with ``turn`` to act and ``dir``.
    Cards must come from the deck; cards left out are not in play.
    """
    if len(hands) != state.players or top in MAJORS or not is_card(top):
        raise ValueError("one hand per player and a coloured top card")
    used = Counter([top, *pile, *(c for h in hands for c in h)])
    if stock is None:
        stock = list((_DECK_COUNTS - used).elements())
    if Counter([*used.elements(), *stock]) - _DECK_COUNTS:
        raise ValueError("unknown or repeated card")
    deal(state, [list(h) for h in hands], top, list(reversed(stock)), [])
    state.pile = [*pile, top]
    state.dealer = dealer
    if turn is not None:
        state.phase = "play"
        state.turn = turn
        state.dir = dir
    return state
