"""Le Chat vert's state and the moves of its cards: the deck, the deal, every draw and the dealer's "Pause".

The state holds its cards as small integers (``bot.games.chat_vert.cards``), which the engine's core reads and
moves; the codes everyone else reads (``hands``, ``pile``, ``top``, ``colour``...) are worked out from them when
asked. This module only moves cards, so that a draw of any kind (a turn's, a penalty, the green cat's, the timer's)
goes through ``take`` and reshuffles the pile the same way.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import fields
from typing import Final

from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.chat_vert.cards import ALONE
from bot.games.chat_vert.cards import CARD
from bot.games.chat_vert.cards import COLOUR
from bot.games.chat_vert.cards import MAJOR
from bot.games.chat_vert.cards import NO_PENALTY
from bot.games.chat_vert.cards import PLUS2
from bot.games.chat_vert.cards import PLUS4_KIND
from bot.games.chat_vert.cards import event
from bot.games.chat_vert.cards import shuffle
from bot.games.chat_vert.rules import CODES
from bot.games.chat_vert.rules import COLOURS
from bot.games.chat_vert.rules import KINDS
from bot.games.chat_vert.rules import SYMBOLS
from bot.games.chat_vert.rules import Rule
from bot.games.chat_vert.rules import RuleIndex
from bot.games.chat_vert.rules import is_card
from bot.games.chat_vert.rules import rule_index

DECK: tuple[str, ...] = tuple(c + s for c in COLOURS for s in SYMBOLS for _ in range(2)) + ("W",) * 4 + ("F",) * 4
DECK_CARDS: Final[tuple[int, ...]] = tuple(CARD[code] for code in DECK)
_DECK_COUNTS: Counter[str] = Counter(DECK)
HAND = 7
RECENT = 5
"""How many of the last penalties the table shows."""
PLUS: Mapping[int, int] = {PLUS2: 2, PLUS4_KIND: 4}
"""The cards a pending penalty of each kind adds."""


@dataclass
class ChatVertState:
    """The whole game; the engine's core mutates it in place once a move is known to be legal.

    Cards are integers (``bot.games.chat_vert.cards``): ``held`` the hands (each kept sorted), ``deck`` the draw
    pile (the next card to draw is the last one), ``laid`` the played cards (the top card last), ``put_back`` the
    majors turned up at the deal and put back into the draw pile, ``drawn_card`` the card the seat ``drawing`` has
    just drawn and may play (-1: none), ``hue`` the colour asked (0-3) and ``pending`` the kind of a +2/+4 penalty
    waiting (``NO_PENALTY``: none). ``hands``, ``stock``, ``pile``, ``returned``, ``top``, ``drawn``, ``colour`` and
    ``pending_kind`` give them as codes. ``version`` and ``recent`` are ``Tracked``'s, held here so that the class
    compiles (a compiled class derives from no plain one).
    """

    players: int
    rules: list[Rule] = field(default_factory=list)
    timer: int = 60
    dealer: int = 0
    held: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    laid: list[int] = field(default_factory=list)
    put_back: list[int] = field(default_factory=list)
    hue: int = 0
    first: bool = True
    dir: int = 1
    turn: int | None = None
    phase: str = "direction"
    plays: int = 0
    pending: int = NO_PENALTY
    pending_count: int = 0
    pending_target: int | None = None
    skipped: int | None = None
    drawing: int | None = None
    drawn_card: int = -1
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
    compiled: tuple[list[Rule], RuleIndex] | None = field(default=None, repr=False, compare=False)
    """The rules compiled (``rule_index``) with the list they were found for: the rules never change during a
    game, but a new list may replace them."""
    version: int = field(default=0, kw_only=True)
    recent: tuple[Event, ...] = field(default=(), kw_only=True)

    # ----- the cards as codes -----

    @property
    def hands(self) -> list[list[str]]:
        return [[CODES[card] for card in hand] for hand in self.held]

    @property
    def stock(self) -> list[str]:
        """The draw pile; the next card to draw is the last one."""
        return [CODES[card] for card in self.deck]

    @property
    def pile(self) -> list[str]:
        """The played cards; the top card is the last one."""
        return [CODES[card] for card in self.laid]

    @property
    def returned(self) -> list[str]:
        return [CODES[card] for card in self.put_back]

    @property
    def top(self) -> str:
        return CODES[self.laid[-1]]

    @property
    def drawn(self) -> str | None:
        return CODES[self.drawn_card] if self.drawn_card >= 0 else None

    @property
    def colour(self) -> str:
        return COLOURS[self.hue]

    @property
    def pending_kind(self) -> str | None:
        return KINDS[self.pending] if self.pending != NO_PENALTY else None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def rule(self, template: str) -> Rule | None:
        """The rule of a single-instance template, if in force (the first of that template)."""
        return self.index().first.get(template)

    def index(self) -> RuleIndex:
        """The rules in force, compiled for the checks of every move."""
        found = self.compiled
        if found is None or found[0] is not self.rules:
            found = self.compiled = (self.rules, rule_index(self.rules))
        return found[1]

    def __deepcopy__(self, memo: dict[int, object]) -> ChatVertState:
        """A copy sharing what never changes during a game (the rules, their index, the events already made):
        the table service copies the state at every move."""
        made = ChatVertState(
            self.players,
            self.rules,
            self.timer,
            self.dealer,
            [list(hand) for hand in self.held],
            list(self.deck),
            list(self.laid),
            list(self.put_back),
            self.hue,
            self.first,
            self.dir,
            self.turn,
            self.phase,
            self.plays,
            self.pending,
            self.pending_count,
            self.pending_target,
            self.skipped,
            self.drawing,
            self.drawn_card,
            self.ficelle,
            [dict(data) for data in self.penalties],  # JSON atoms only
            list(self.shown),
            self.winner,
            self.slow,
            self.cat_drawn,
            self.pause,
            self.compiled,
            version=self.version,
            recent=self.recent,
        )
        memo[id(self)] = made
        return made

    def __getstate__(self) -> dict[str, object]:
        """Pickled without its compiled rules, nine tenths of its bytes: ``index`` finds them again from the rules
        (every list of the same rules shares one index). The table service pickles a state at every move."""
        return {name: getattr(self, name) for name in _PICKLED}

    def __setstate__(self, fields: dict[str, object]) -> None:
        for name, value in fields.items():
            setattr(self, name, value)
        self.compiled = None

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the current direction."""
        return (seat + steps * self.dir) % self.players


_PICKLED: tuple[str, ...] = tuple(f.name for f in fields(ChatVertState) if f.name != "compiled")
"""The fields a pickle holds: all but the compiled rules."""


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
"""The most cards the added rules' draws and dice give in one game (see ``bot.games.chat_vert.engine``)."""


def green_cat_gives(state: ChatVertState) -> bool:
    """Whether the added rules' draws and dice would give a card now."""
    return state.cat_drawn < CAT_LIMIT and cat_drawable(state) > 0


def cat_drawable(state: ChatVertState) -> int:
    """Cards the green cat may draw now: with "Pause", the pile too (but its top); before that rule, the stock only."""
    return len(state.deck) + (max(0, len(state.laid) - 1) if state.pause else 0)


def pause_pile(state: ChatVertState, rng: random.Random, events: list[Event] | None) -> bool:
    """ "Pause": the pile but its top card shuffled into a new draw pile (False when there is nothing to shuffle)."""
    laid = state.laid
    if len(laid) <= 1:
        return False
    rest = laid[:-1]
    state.laid = laid[-1:]
    shuffle(rng, rest)
    state.deck = rest
    if events is not None:
        events.append(event("pause", None, {"stock": len(rest)}))
    return True


def take(
    state: ChatVertState, seat: int, count: int, rng: random.Random, events: list[Event] | None, *, cat: bool = False
) -> list[int]:
    """Draw up to ``count`` cards into ``seat``'s hand, and the events (when kept): the pauses then ``drew``
    (private). The cards drawn.

    A draw that empties the draw pile makes the dealer say "Pause" at once. ``cat``: a draw of the green cat, which
    games started before that rule never let reshuffle the pile.
    """
    deck = state.deck
    hand = state.held[seat]
    if count == 1 and len(deck) > 1:
        card = deck.pop()  # the common draw: one card from a pile that stays non-empty
        cards = [card]
        insort(hand, card)
    else:
        cards = []
        for _ in range(count):
            if not state.deck and ((cat and not state.pause) or not pause_pile(state, rng, events)):
                break
            cards.append(state.deck.pop())
        if state.pause and cards and not state.deck:
            pause_pile(state, rng, events)
        hand += cards
        hand.sort()
    if count > 0 and events is not None:
        events.append(event("drew", seat, {"cards": [CODES[card] for card in cards]}, ALONE[seat]))
    return cards


def deal(state: ChatVertState, hands: list[list[int]], top: int, stock: list[int], returned: list[int]) -> None:
    state.held = [sorted(h) for h in hands]
    state.deck = stock
    state.laid = [top]
    state.put_back = returned
    state.hue = COLOUR[top]
    state.first = True
    state.dir = 1
    state.turn = None
    state.phase = "direction"
    state.plays = 0
    state.pending = NO_PENALTY
    state.pending_target = None
    state.pending_count = 0
    state.skipped = state.drawing = state.ficelle = state.winner = None
    state.drawn_card = -1
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
    if len(hands) != state.players or not is_card(top) or CARD[top] >= MAJOR:
        raise ValueError("one hand per player and a coloured top card")
    used = Counter([top, *pile, *(c for h in hands for c in h)])
    if stock is None:
        stock = list((_DECK_COUNTS - used).elements())
    if Counter([*used.elements(), *stock]) - _DECK_COUNTS:
        raise ValueError("unknown or repeated card")
    deal(state, [[CARD[c] for c in h] for h in hands], CARD[top], [CARD[c] for c in reversed(stock)], [])
    state.laid = [*(CARD[c] for c in pile), CARD[top]]
    state.dealer = dealer
    if turn is not None:
        state.phase = "play"
        state.turn = turn
        state.dir = dir
    return state
