"""Nain Jaune: the rules engine (pure: no Discord, no pictures, randomness only through the rng argument).

Cards are codes, rank then suit: ``"A"``, ``"2"``..``"10"``, ``"J"``, ``"Q"``, ``"K"`` (ace low) and ``S H D C``,
e.g. ``"10D"``, ``"QS"``. The five boxes of the board, in this order: 10D (stake 1), JC (2), QS (3), KH (4) and
7D (5, the "Nain jaune").

Actions:

- ``play(card)``: lay a card, of the wanted rank, or any card when a new sequence is due.
- ``claim(card)`` (option ``announce`` only): "qui prend" for a board card laid in the current turn.
- ``pass`` (option ``announce`` only): "sans X" while claims are pending; it ends the turn and forfeits them.

Without ``announce`` everything after a play is automatic. With it, the engine waits for the acting seat (claims or
pass) whenever its turn would end (the turn goes to another seat or the deal is over) while it has pending claims;
as long as the turn goes on (it still holds the wanted rank, a new sequence after a king, or a "sans" that nobody
answers coming back to it) the pending claims stay open.

Events emitted by ``play``, in this order:

1. ``play`` (seat, ``card``); then ``take`` (seat, ``card``, ``tokens``) for a board card without ``announce``.
   ``claim`` gives ``take``; ``pass`` gives one ``forfeit`` (seat, ``card``) per pending claim.
2. What comes next: nothing when the same seat continues; ``new_sequence`` (seat) after a king; or a "sans" walk:
   ``sans`` (seat, ``rank``), one ``pass`` (seat, ``rank``) per seat that does not hold it, and when nobody does,
   either ``new_sequence`` (the rank was a king) or ``next_rank`` (seat = the last player, ``rank`` = X+1) followed,
   if that seat does not hold X+1 either, by a new ``sans`` from it, and so on.
3. When a hand is empty, the end of the deal: ``payment`` (payer, ``to``, ``tokens`` paid, ``owed``) from each
   other seat in turn order, ``grand_opera`` (winner, ``tokens``), ``double`` (holder, ``card``, ``tokens`` paid,
   ``owed``) for each board card left in a hand (boxes in board order; none for a box a Grand opéra emptied: it
   doubles to 0), then ``deal_end`` (``deal``, ``winner``).
4. Then either ``game_end`` (``reason``: ``deals``, ``cannot_pay`` or ``cannot_stake``; ``seats`` at fault) or the
   next deal: ``stake`` (``deal``) and ``deal`` (``deal``, ``dealer``).

Milestones: ``deal``, ``grand_opera``, ``deal_end`` and ``game_end``. Payments and doublings go seat by seat from
the one after the winner.

Where the rules are silent: doubling a box is a payment too, so a player who cannot pay it in full pays what they
have and the game ends after the deal; a Grand opéra is taken automatically even with ``announce``; when a player
cannot stake, nobody stakes and the deal counter stays on the last deal played; the pending claims of a Grand opéra
do not matter (it takes every box anyway) but still wait for the claim or pass.

``deal_fixed`` replaces the deal in progress by given hands, so tests can build any situation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bot.games.base import Action
from bot.games.base import BoolOption
from bot.games.base import Engine
from bot.games.base import Event
from bot.games.base import IllegalAction
from bot.games.base import IntOption
from bot.games.base import JSONValue
from bot.games.base import NotYourTurn
from bot.games.base import Option
from bot.games.base import Tracked
from bot.games.base import as_number
from bot.games.base import lone_seat
from bot.games.base import validate_options
from bot.games.nain_jaune_views import BoxView
from bot.games.nain_jaune_views import NainJauneOwn
from bot.games.nain_jaune_views import NainJauneTable
from bot.games.nain_jaune_views import PlayerView

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
DECK: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
BOARD: tuple[str, ...] = ("10D", "JC", "QS", "KH", "7D")
STAKES: tuple[int, ...] = (1, 2, 3, 4, 5)
STAKE_TOTAL = sum(STAKES)
HAND_SIZES: Mapping[int, int] = {2: 22, 3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}

RANK_INDEX: Mapping[str, int] = {r: i for i, r in enumerate(RANKS)}
_SUIT_INDEX: Mapping[str, int] = {s: i for i, s in enumerate(SUITS)}
_DECK_SET = frozenset(DECK)
_BOARD_INDEX: Mapping[str, int] = {c: i for i, c in enumerate(BOARD)}
_BOARD_SET = frozenset(BOARD)
NAIN_JAUNE = "7D"
_TAKEN_BACK: frozenset[str] = frozenset({"play", "take", "new_sequence"})
"""The events of a move that may be taken back: a card laid (its box taken) while the same seat keeps the turn."""


def rank_of(card: str) -> str:
    return card[:-1]


def card_value(card: str) -> int:
    """What a card left in hand costs: ace 1, 2-9 their number, 10 and faces 10."""
    return min(RANK_INDEX[rank_of(card)] + 1, 10)


def card_key(card: str) -> tuple[int, int]:
    """Sort key: rank (ace low) then suit."""
    return RANK_INDEX[rank_of(card)], _SUIT_INDEX[card[-1]]


def next_rank(rank: str) -> str | None:
    i = RANK_INDEX[rank] + 1
    return RANKS[i] if i < len(RANKS) else None


@dataclass
class NainJauneState(Tracked):
    """The whole game; ``play`` mutates it in place once an action is known to be legal."""

    players: int
    deals: int
    announce: bool
    start_tokens: int
    tokens: list[int]
    boxes: list[int] = field(default_factory=lambda: [0] * len(BOARD))
    deal: int = 0
    dealer: int = 0
    hands: list[list[str]] = field(default_factory=list)
    talon: list[str] = field(default_factory=list)
    laid: list[str] = field(default_factory=list)
    sequence: list[str] = field(default_factory=list)
    last_card: str | None = None
    last_seat: int | None = None
    wanted: str | None = None
    sans: str | None = None
    current: int | None = None
    turn_seat: int | None = None
    turn_count: int = 0
    cards_laid: list[int] = field(default_factory=list)
    first_seat: int | None = None
    pending: list[str] = field(default_factory=list)
    awaiting: bool = False
    over: bool = False
    end_reason: str | None = None


def _deal_packets(deck: Sequence[str], players: int, dealer: int) -> tuple[list[list[str]], list[str]]:
    """Deal three by three from the seat after the dealer; the rest is the talon."""
    size = HAND_SIZES[players]
    hands: list[list[str]] = [[] for _ in range(players)]
    order = [(dealer + 1 + k) % players for k in range(players)]
    i = 0
    while len(hands[order[-1]]) < size:
        for seat in order:
            take = min(3, size - len(hands[seat]))
            hands[seat].extend(deck[i : i + take])
            i += take
    return hands, list(deck[i:])


def _reset_deal(state: NainJauneState, hands: list[list[str]], talon: list[str]) -> None:
    state.hands = hands
    state.talon = talon
    state.laid = []
    state.sequence = []
    state.last_card = None
    state.last_seat = None
    state.wanted = None
    state.sans = None
    state.current = (state.dealer + 1) % state.players
    state.turn_seat = None
    state.turn_count = 0
    state.cards_laid = [0] * state.players
    state.first_seat = None
    state.pending = []
    state.awaiting = False
    state.over = False
    state.end_reason = None


def deal_fixed(
    state: NainJauneState,
    hands: Sequence[Sequence[str]],
    talon: Sequence[str] | None = None,
    *,
    dealer: int | None = None,
) -> NainJauneState:
    """Replace the current deal by given hands (tests and demos build any situation with it).

    Tokens, boxes and the deal number are kept; ``talon`` defaults to every card not in a hand. Hands may have any
    size. The seat after ``dealer`` (default: the current dealer) starts.
    """
    if len(hands) != state.players:
        raise ValueError("one hand per player")
    cards = [c for h in hands for c in h]
    held = set(cards)
    rest = [c for c in DECK if c not in held] if talon is None else list(talon)
    everything = cards + rest
    if any(c not in _DECK_SET for c in everything) or len(set(everything)) != len(everything):
        raise ValueError("unknown or repeated card")
    if any(not h for h in hands):
        raise ValueError("empty hand")
    if dealer is not None:
        state.dealer = dealer
    _reset_deal(state, [list(h) for h in hands], rest)
    return state


class NainJaune(Engine[NainJauneState, NainJauneTable, NainJauneOwn]):
    """The Nain Jaune engine (``GAME`` is its instance, declared in ``bot.registry``)."""

    name: str = "nain_jaune"
    min_players: int = 2
    max_players: int = 8
    options: tuple[Option, ...] = (
        IntOption("deals", 10, 1, 50),
        IntOption("tokens", 120, STAKE_TOTAL, 10000),
        BoolOption("announce", False),
    )

    # ----- setup -----

    def setup(self, players: int, options: Mapping[str, JSONValue], rng: random.Random) -> NainJauneState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("2 to 8 players")
        opts = validate_options(self, options)
        tokens = as_number(opts["tokens"])
        state = NainJauneState(
            players=players,
            deals=as_number(opts["deals"]),
            announce=opts["announce"] is True,
            start_tokens=tokens,
            tokens=[tokens] * players,
        )
        self._start_deal(state, rng, rng.randrange(players))
        return state

    def start_events(self, state: NainJauneState) -> list[Event]:
        """The events of the deal in progress (at setup: the first deal)."""
        return self._deal_events(state)

    def _deal_events(self, state: NainJauneState) -> list[Event]:
        return [
            Event("stake", None, {"deal": state.deal}),
            Event("deal", state.dealer, {"deal": state.deal, "dealer": state.dealer}, milestone=True),
        ]

    def _start_deal(self, state: NainJauneState, rng: random.Random, dealer: int) -> list[Event]:
        short = [s for s in range(state.players) if state.tokens[s] < STAKE_TOTAL]
        if short:
            return self._end_game(state, "cannot_stake", short)
        state.dealer = dealer
        for seat in range(state.players):
            state.tokens[seat] -= STAKE_TOTAL
        for i, stake in enumerate(STAKES):
            state.boxes[i] += stake * state.players
        state.deal += 1
        deck = list(DECK)
        rng.shuffle(deck)
        hands, talon = _deal_packets(deck, state.players, state.dealer)
        _reset_deal(state, hands, talon)
        return self._deal_events(state)

    def _end_game(self, state: NainJauneState, reason: str, seats: list[int]) -> list[Event]:
        state.over = True
        state.end_reason = reason
        state.current = None
        state.wanted = None
        state.sans = None
        return [Event("game_end", None, {"reason": reason, "seats": list(seats)}, milestone=True)]

    # ----- queries -----

    def stage(self, state: NainJauneState) -> int:
        return state.deal

    def to_act(self, state: NainJauneState) -> frozenset[int]:
        return lone_seat(state.current, state.over)

    def is_over(self, state: NainJauneState) -> bool:
        return state.over

    def legal_actions(self, state: NainJauneState, seat: int) -> list[Action]:
        if state.over or seat != state.current:
            return []
        claims = [Action.of("claim", card=c) for c in state.pending]
        if state.awaiting:
            return [*claims, Action.of("pass")]
        hand = sorted(state.hands[seat], key=card_key)
        if state.wanted is not None:
            hand = [c for c in hand if rank_of(c) == state.wanted]
        return [*(Action.of("play", card=c) for c in hand), *claims]

    def phase(self, state: NainJauneState) -> str:
        """``over``; ``claims`` while the seat to act must claim its boxes or pass; ``play`` otherwise."""
        if state.over:
            return "over"
        return "claims" if state.awaiting else "play"

    def scores(self, state: NainJauneState) -> tuple[int, ...]:
        return tuple(state.tokens)

    def table(self, state: NainJauneState) -> NainJauneTable:
        pending = frozenset(state.pending)
        acting = self.to_act(state)
        return NainJauneTable(
            deal=state.deal,
            deals=state.deals,
            dealer=state.dealer,
            current=state.current,
            boxes=tuple(
                BoxView(card=c, stake=stake, tokens=t, claimable=c in pending, nain_jaune=c == NAIN_JAUNE)
                for c, stake, t in zip(BOARD, STAKES, state.boxes, strict=True)
            ),
            players=tuple(
                PlayerView(
                    seat=s,
                    tokens=state.tokens[s],
                    cards=len(state.hands[s]),
                    dealer=s == state.dealer,
                    acting=s in acting,
                )
                for s in range(state.players)
            ),
            sequence=tuple(state.sequence),
            last_card=state.last_card,
            last_seat=state.last_seat,
            wanted=state.wanted,
            sans=state.sans,
            new_sequence=not state.over and not state.awaiting and state.wanted is None,
            talon=len(state.talon),
            laid=tuple(state.laid),
            pending_claims=tuple(state.pending),
            awaiting_claims=state.awaiting,
            announce=state.announce,
            over=state.over,
            end_reason=state.end_reason,
        )

    def own(self, state: NainJauneState, seat: int) -> NainJauneOwn:
        legal = self.legal_actions(state, seat)
        return NainJauneOwn(
            hand=tuple(sorted(state.hands[seat], key=card_key)),
            playable=tuple(a.text("card") for a in legal if a.kind == "play"),
            my_turn=bool(legal),
            tokens=state.tokens[seat],
        )

    def secrets(self, state: NainJauneState, seat: int) -> frozenset[str]:
        """The cards of the seat's hand, but the board cards (their codes name the boxes on the table) and the
        codes that the latest events show from an earlier deal (the same card, laid before the new shuffle)."""
        shown = {e.text("card") for e in state.recent if e.public()}
        return frozenset(state.hands[seat]) - _BOARD_SET - shown

    def undoable(self, before: NainJauneState, seat: int, action: Action, events: Sequence[Event]) -> bool:
        """A card laid or a box claimed while the same seat keeps the turn shows nothing but that card. Once the
        turn leaves, the "sans" walk has told who lacks the rank (or the deal has ended and been paid): final."""
        return action.kind in ("play", "claim") and all(e.kind in _TAKEN_BACK for e in events)

    # ----- actions -----

    def play(self, state: NainJauneState, seat: int, action: Action, rng: random.Random) -> list[Event]:
        if state.over:
            raise IllegalAction("game_over")
        if seat != state.current:
            raise NotYourTurn()
        if action.kind == "play":
            card = self._card_arg(action)
            self._check_play(state, seat, card)
            return self._lay(state, seat, card, rng)
        if action.kind == "claim":
            card = self._card_arg(action)
            if card not in state.pending:
                raise IllegalAction("nothing_to_claim", card=card)
            return self._claim(state, seat, card, rng)
        if action.kind == "pass":
            if not state.awaiting:
                raise IllegalAction("cannot_pass")
            events = [Event("forfeit", seat, {"card": c}) for c in state.pending]
            state.pending = []
            state.awaiting = False
            return events + self._finish_turn(state, seat, rng)
        raise IllegalAction("unknown_action", kind=action.kind)

    @staticmethod
    def _card_arg(action: Action) -> str:
        card = action.text("card")
        if card not in _DECK_SET:
            raise IllegalAction("bad_card")
        return card

    @staticmethod
    def _check_play(state: NainJauneState, seat: int, card: str) -> None:
        if state.awaiting:
            raise IllegalAction("must_claim_or_pass")
        if card not in state.hands[seat]:
            raise IllegalAction("card_not_in_hand", card=card)
        if state.wanted is not None and rank_of(card) != state.wanted:
            raise IllegalAction("wrong_rank", card=card, wanted=state.wanted)

    def _lay(self, state: NainJauneState, seat: int, card: str, rng: random.Random) -> list[Event]:
        state.hands[seat].remove(card)
        state.laid.append(card)
        if state.wanted is None:
            state.sequence = [card]
        else:
            state.sequence.append(card)
        state.last_card = card
        state.last_seat = seat
        state.sans = None
        if state.turn_seat != seat:
            state.turn_seat = seat
            state.turn_count = 0
        state.turn_count += 1
        state.cards_laid[seat] += 1
        if state.first_seat is None:
            state.first_seat = seat
        events = [Event("play", seat, {"card": card})]
        if card in _BOARD_INDEX:
            if state.announce:
                state.pending.append(card)
            else:
                events.append(self._take(state, seat, card))
        return events + self._after_play(state, seat, rng)

    def _claim(self, state: NainJauneState, seat: int, card: str, rng: random.Random) -> list[Event]:
        state.pending.remove(card)
        events = [self._take(state, seat, card)]
        if state.awaiting and not state.pending:
            state.awaiting = False
            events += self._finish_turn(state, seat, rng)
        return events

    @staticmethod
    def _take(state: NainJauneState, seat: int, card: str) -> Event:
        i = _BOARD_INDEX[card]
        won = state.boxes[i]
        state.boxes[i] = 0
        state.tokens[seat] += won
        return Event("take", seat, {"card": card, "tokens": won})

    def _after_play(self, state: NainJauneState, seat: int, rng: random.Random) -> list[Event]:
        """After a card: the same seat goes on, or its turn ends (waiting first for pending claims)."""
        assert state.last_card is not None
        hand = state.hands[seat]
        nxt = next_rank(rank_of(state.last_card))
        if hand and nxt is None:
            state.wanted = None
            state.current = seat
            return [Event("new_sequence", seat)]
        if hand and nxt is not None and any(rank_of(c) == nxt for c in hand):
            state.wanted = nxt
            state.current = seat
            return []
        if state.pending and (not hand or self._walk(state, seat)[1] != seat):
            state.awaiting = True
            state.wanted = nxt if hand else None
            state.current = seat
            return []
        return self._finish_turn(state, seat, rng)

    def _finish_turn(self, state: NainJauneState, seat: int, rng: random.Random) -> list[Event]:
        """The seat cannot go on: end the deal if its hand is empty, else announce "sans X" around the table."""
        if not state.hands[seat]:
            return self._end_deal(state, seat, rng)
        events, state.current, state.wanted, state.sans = self._walk(state, seat)
        return events

    @staticmethod
    def _walk(state: NainJauneState, seat: int) -> tuple[list[Event], int, str | None, str | None]:
        """Resolve "sans X" after ``seat``'s last card: (events, seat to act, wanted rank, sans rank)."""
        assert state.last_card is not None
        missing = next_rank(rank_of(state.last_card))
        assert missing is not None
        events: list[Event] = []
        n = state.players
        while True:
            events.append(Event("sans", seat, {"rank": missing}))
            for k in range(1, n):
                other = (seat + k) % n
                if any(rank_of(c) == missing for c in state.hands[other]):
                    return events, other, missing, missing
                events.append(Event("pass", other, {"rank": missing}))
            after = next_rank(missing)
            if after is None:
                events.append(Event("new_sequence", seat))
                return events, seat, None, None
            missing = after
            events.append(Event("next_rank", seat, {"rank": missing}))
            if any(rank_of(c) == missing for c in state.hands[seat]):
                return events, seat, missing, None

    def _end_deal(self, state: NainJauneState, winner: int, rng: random.Random) -> list[Event]:
        """Payments to the winner, then a Grand opéra, then doublings; then the next deal or the end."""
        n = state.players
        state.current = None
        state.wanted = None
        state.sans = None
        events: list[Event] = []
        broke: list[int] = []
        others = [(winner + k) % n for k in range(1, n)]
        for payer in others:
            owed = sum(card_value(c) for c in state.hands[payer])
            paid = min(owed, state.tokens[payer])
            state.tokens[payer] -= paid
            state.tokens[winner] += paid
            if paid < owed:
                broke.append(payer)
            events.append(Event("payment", payer, {"to": winner, "tokens": paid, "owed": owed}))
        if state.turn_seat == winner and state.turn_count == state.cards_laid[winner]:
            won = sum(state.boxes)
            state.boxes = [0] * len(BOARD)
            state.tokens[winner] += won
            events.append(Event("grand_opera", winner, {"tokens": won}, milestone=True))
        for holder in others:
            held = set(state.hands[holder])
            for i, card in enumerate(BOARD):
                if card in held and state.boxes[i]:
                    owed = state.boxes[i]
                    paid = min(owed, state.tokens[holder])
                    state.tokens[holder] -= paid
                    state.boxes[i] += paid
                    if paid < owed and holder not in broke:
                        broke.append(holder)
                    events.append(Event("double", holder, {"card": card, "tokens": paid, "owed": owed}))
        events.append(Event("deal_end", None, {"deal": state.deal, "winner": winner}, milestone=True))
        if broke:
            return events + self._end_game(state, "cannot_pay", sorted(broke))
        if state.deal >= state.deals:
            return events + self._end_game(state, "deals", [])
        assert state.first_seat is not None
        return events + self._start_deal(state, rng, state.first_seat)


GAME = NainJaune()
