"""Njet!: the rules engine (pure: no Discord, no pictures, randomness only through the rng argument).

Cards are codes, colour then value: colours ``R`` red, ``K`` black, ``B`` blue, ``G`` green, values ``1`` to ``9``,
e.g. ``"R1"``, ``"K9"``. Each colour has two 1s, both ``"R1"``: a hand is a list and may hold a code twice. 40 cards;
with 3 players the four 2s are removed (36 cards, 12 each). Card order (hands, legal lists): colour R, K, B, G, then
value. Seats are clockwise: the seat after ``s`` is ``s + 1``. Characters by seat: ours, loup, faucon, colombe.

The Njet board, rows in this order, options as strings: ``start`` (the seats), ``discard`` (2, 1, 0), ``trump``
(R, K, B, G), ``super`` (R, K, B, G, none), ``points`` (1 to 4). Every row ends with one open option: 15 stones with
4 players, 14 with 3.

Phases of a round and actions:

- ``njet``: one seat at a time, from the seat after the dealer, clockwise and wrapping round:
  ``block(row, option)`` on an open option of a row that still has two or more open options.
- ``partner``: the starting player: ``partner(seat)``, or ``alone`` with 3 players.
- ``discard`` (skipped when the rule is 0): every seat that has not discarded yet acts, all at once:
  ``discard(cards)`` with exactly that many cards. In the legal list the codes of one discard are in plain string
  order (``sorted``, as a multi-select gives them back), the discards themselves in card order; ``apply`` accepts
  the codes in any order.
- ``tricks``: the starting player leads the first trick, the winner of a trick leads the next: ``play(card)``.
- then the next round (the dealer moves one seat on), or ``over`` after the last round.

Events emitted by ``apply``, in this order:

1. ``block`` (seat, ``row``, ``option``); after the last stone, ``rules`` (``start``, ``discard``, ``trump``,
   ``super``, ``points``: the seat and the numbers as ints, the colours as codes, super ``"none"`` possibly).
2. ``partner`` (seat, ``partner``) or ``alone`` (seat).
3. ``discarded`` (seat, ``count``), public; then the same kind ``discarded`` (seat, ``count``, ``cards``) with
   ``private_to`` that seat alone.
4. ``play`` (seat, ``card``); after the last card of a trick, ``trick`` (seat and ``winner`` = the winner,
   ``cards`` in play order, ``ones`` = the 1s in it); after the last trick, ``round_end`` (``round``, ``scores`` per
   seat for this round, ``tricks`` and ``ones`` per team, team 0 being the starting player's), then either
   ``game_end`` ({}) or the next ``deal`` (seat and ``dealer`` = the new dealer, ``round``).

Milestones: ``deal``, ``rules``, ``round_end`` and ``game_end``. ``start_events`` gives the first ``deal``.

Refusals: ``NotYourTurn`` for a seat that may not act; otherwise ``IllegalAction`` with one of the codes
``game_over``, ``unknown_action``, ``unknown_option``, ``option_blocked``, ``row_closed``, ``not_a_partner``,
``alone_needs_three``, ``wrong_discard_count``, ``card_not_in_hand``, ``already_discarded``, ``must_follow`` (also
for a trump led when the seat holds a trump) and ``must_trump``. The state is then unchanged.

Card play: follow the colour led if you can; otherwise play a trump if you hold one; otherwise anything. The
super-trumps (both 1s of the super colour, when there is one) are trumps and not cards of their colour: a
super-trump led asks for trumps. When the super colour is the trump colour, its 1s are super-trumps and its other
cards trumps. The trick goes to the last super-trump played, else the highest trump, else the highest card of the
colour led. Each team scores (tricks + 1s captured) x points, each member that total; with 3 players a starting
player alone scores double.

Where the rules are silent: the first dealer is drawn with the setup rng (as in the other games of the house); of
two equal cards (the two 1s of a colour that are not super-trumps) the first played ranks higher; discarded cards
are out of the round, so their 1s count for nobody; with 3 players and a partner, the third player is a team of one
and scores their own total, not doubled; a seat that has discarded and tries again gets ``already_discarded``; a
known move out of its phase is an ``unknown_action``; a card that does not exist is ``card_not_in_hand``.

Views (``bot/games/njet_views.py``): the public table carries everything that follows from the rules (the board's
decided rows, the rules, the teams with their points so far, the play order, the card winning the trick, ranks);
a seat's own part is its hand and discard, each card marked super-trump or playable. ``secrets`` are the codes of a
seat's cards that nobody else holds and that are not on the table or in a public event.

``deal_fixed`` replaces the round in progress by given hands, so tests can build any situation.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bot.games.base import Action
from bot.games.base import Engine
from bot.games.base import Event
from bot.games.base import IllegalAction
from bot.games.base import IntOption
from bot.games.base import JSONValue
from bot.games.base import NotYourTurn
from bot.games.base import Option
from bot.games.base import Tracked
from bot.games.base import as_number
from bot.games.base import as_texts
from bot.games.base import rank_by_score
from bot.games.base import validate_options
from bot.games.njet_views import BoardOption
from bot.games.njet_views import BoardRow
from bot.games.njet_views import HandCard
from bot.games.njet_views import NjetOwn
from bot.games.njet_views import NjetTable
from bot.games.njet_views import Play
from bot.games.njet_views import PlayerView
from bot.games.njet_views import Rules
from bot.games.njet_views import Team

COLOURS: tuple[str, ...] = ("R", "K", "B", "G")
CHARACTERS: tuple[str, ...] = ("ours", "loup", "faucon", "colombe")
ROWS: tuple[str, ...] = ("start", "discard", "trump", "super", "points")
NONE = "none"
_FIXED_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "discard": ("2", "1", "0"),
    "trump": COLOURS,
    "super": (*COLOURS, NONE),
    "points": ("1", "2", "3", "4"),
}
PHASES: tuple[str, ...] = ("njet", "partner", "discard", "tricks", "over")
_COLOUR_INDEX: Mapping[str, int] = {c: i for i, c in enumerate(COLOURS)}
TRUMP = "T"
"""The suit of every trump, super-trumps included, for following."""


def deck(players: int) -> tuple[str, ...]:
    """The cards of a round: two 1s and one each of 2 to 9 per colour; no 2s with 3 players."""
    low = 3 if players == 3 else 2
    return tuple(c + str(v) for c in COLOURS for v in (1, 1, *range(low, 10)))


DECKS: Mapping[int, tuple[str, ...]] = {n: deck(n) for n in (3, 4)}
_DECK_COUNTS: Mapping[int, Counter[str]] = {n: Counter(d) for n, d in DECKS.items()}


def row_options(row: str, players: int) -> tuple[str, ...]:
    return tuple(str(s) for s in range(players)) if row == "start" else _FIXED_OPTIONS[row]


def stones(players: int) -> int:
    """Each row keeps one option open: 15 stones with 4 players, 14 with 3."""
    return sum(len(row_options(r, players)) - 1 for r in ROWS)


def value_of(card: str) -> int:
    return int(card[1:])


def card_key(card: str) -> tuple[int, int]:
    """Sort key: colour (R, K, B, G) then value."""
    return _COLOUR_INDEX[card[0]], value_of(card)


def is_super(card: str, super_colour: str) -> bool:
    return super_colour != NONE and card == super_colour + "1"


def suit_of(card: str, trump: str, super_colour: str) -> str:
    """The suit a card follows as: ``T`` for trumps and super-trumps, else its colour."""
    return TRUMP if card[0] == trump or is_super(card, super_colour) else card[0]


def playable(hand: Sequence[str], trick: Sequence[str], trump: str, super_colour: str) -> list[str]:
    """The distinct cards of ``hand`` that may go on ``trick`` (cards in play order), in card order."""
    cards = sorted(set(hand), key=card_key)
    if not trick:
        return cards
    led = suit_of(trick[0], trump, super_colour)
    same = [c for c in cards if suit_of(c, trump, super_colour) == led]
    if same:
        return same
    trumps = [c for c in cards if suit_of(c, trump, super_colour) == TRUMP]
    return trumps or cards


def trick_winner(cards: Sequence[str], trump: str, super_colour: str) -> int:
    """Index in ``cards`` (play order) of the winner: last super-trump, else highest trump, else highest of the lead."""
    supers = [i for i, c in enumerate(cards) if is_super(c, super_colour)]
    if supers:
        return supers[-1]
    led = suit_of(cards[0], trump, super_colour)
    trumps = [i for i, c in enumerate(cards) if suit_of(c, trump, super_colour) == TRUMP]
    pool = trumps or [i for i, c in enumerate(cards) if suit_of(c, trump, super_colour) == led]
    best = pool[0]
    for i in pool[1:]:
        if value_of(cards[i]) > value_of(cards[best]):
            best = i
    return best


@dataclass
class NjetState(Tracked):
    """The whole game; ``play`` mutates it in place once an action is known to be legal."""

    players: int
    rounds: int
    round: int = 0
    dealer: int = 0
    phase: str = "njet"
    hands: list[list[str]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    discarded: list[bool] = field(default_factory=list)
    board: dict[str, list[int | None]] = field(default_factory=dict)
    """Per row, per option (in row order): the seat whose stone is on it, or None."""
    stones_left: int = 0
    current: int | None = None
    rules: dict[str, str] = field(default_factory=dict)
    """Row -> the option left, once the Njet phase is over."""
    partner: int | None = None
    alone: bool = False
    teams: list[list[int]] | None = None
    trick: list[tuple[int, str]] = field(default_factory=list)
    leader: int | None = None
    last_trick: list[tuple[int, str]] = field(default_factory=list)
    last_winner: int | None = None
    team_tricks: list[int] = field(default_factory=lambda: [0, 0])
    team_ones: list[int] = field(default_factory=lambda: [0, 0])
    piles: list[list[str]] = field(default_factory=lambda: [[], []])
    """The cards of the tricks each team won this round."""
    scores: list[int] = field(default_factory=list)
    sheet: list[list[int]] = field(default_factory=list)
    over: bool = False

    @property
    def starter(self) -> int | None:
        return int(self.rules["start"]) if self.rules else None

    @property
    def trump(self) -> str:
        return self.rules["trump"]

    @property
    def super_colour(self) -> str:
        return self.rules["super"]

    def team_of(self, seat: int) -> int | None:
        if self.teams is None:
            return None
        return 0 if seat in self.teams[0] else 1


def _reset_round(state: NjetState, hands: list[list[str]]) -> None:
    n = state.players
    state.phase = "njet"
    state.hands = hands
    state.discards = [[] for _ in range(n)]
    state.discarded = [False] * n
    state.board = {row: [None] * len(row_options(row, n)) for row in ROWS}
    state.stones_left = stones(n)
    state.current = (state.dealer + 1) % n
    state.rules = {}
    state.partner = None
    state.alone = False
    state.teams = None
    state.trick = []
    state.leader = None
    state.last_trick = []
    state.last_winner = None
    state.team_tricks = [0, 0]
    state.team_ones = [0, 0]
    state.piles = [[], []]


def deal_fixed(state: NjetState, hands: Sequence[Sequence[str]], *, dealer: int | None = None) -> NjetState:
    """Replace the round in progress by given hands, back to the start of its Njet phase.

    Scores, the sheet and the round number are kept. Hands must be equally long and drawn from the deck of the round
    (a code at most as often as the deck has it); cards left out are simply not in play.
    """
    n = state.players
    if len(hands) != n:
        raise ValueError("one hand per player")
    size = len(hands[0])
    if size == 0 or any(len(h) != size for h in hands):
        raise ValueError("hands must be equally long and not empty")
    if Counter(c for h in hands for c in h) - _DECK_COUNTS[n]:
        raise ValueError("unknown or repeated card")
    if dealer is not None:
        state.dealer = dealer
    _reset_round(state, [list(h) for h in hands])
    return state


def _rules_json(state: NjetState) -> dict[str, JSONValue]:
    """The rules of the round for views and events: seat and numbers as ints, colours as codes; None before."""
    if not state.rules:
        return dict.fromkeys(ROWS)
    return {
        "start": int(state.rules["start"]),
        "discard": int(state.rules["discard"]),
        "trump": state.rules["trump"],
        "super": state.rules["super"],
        "points": int(state.rules["points"]),
    }


def _rules_of(state: NjetState) -> Rules | None:
    """The rules of the round for the views, None during the Njet phase."""
    if not state.rules:
        return None
    return Rules(
        start=int(state.rules["start"]),
        discard=int(state.rules["discard"]),
        trump=state.rules["trump"],
        super_colour=state.rules["super"],
        points=int(state.rules["points"]),
    )


def _teams_of(state: NjetState, rules: Rules | None) -> tuple[Team, ...]:
    """The teams of the round with what their tally is worth now (doubled for a starting player alone)."""
    if state.teams is None or rules is None:
        return ()
    out = []
    for index, seats in enumerate(state.teams):
        alone = state.alone and index == 0
        tricks, ones = state.team_tricks[index], state.team_ones[index]
        points = (tricks + ones) * rules.points * (2 if alone else 1)
        out.append(Team(tuple(seats), alone, tricks, ones, points))
    return tuple(out)


def _deal_event(state: NjetState) -> Event:
    return Event("deal", state.dealer, {"round": state.round, "dealer": state.dealer}, milestone=True)


class Njet(Engine[NjetState, NjetTable, NjetOwn]):
    """The Njet! engine (``GAME`` is the instance the registry names)."""

    name: str = "njet"
    min_players: int = 3
    max_players: int = 4
    options: tuple[Option, ...] = (IntOption("rounds", 8, 1, 16),)

    # ----- setup -----

    def setup(self, players: int, options: Mapping[str, JSONValue], rng: random.Random) -> NjetState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("3 or 4 players")
        opts = validate_options(self, options)
        state = NjetState(players=players, rounds=as_number(opts["rounds"]), scores=[0] * players)
        self._start_round(state, rng, rng.randrange(players))
        return state

    def start_events(self, state: NjetState) -> list[Event]:
        """The deal of the round in progress (at setup: the first deal)."""
        return [_deal_event(state)]

    def _start_round(self, state: NjetState, rng: random.Random, dealer: int) -> list[Event]:
        state.round += 1
        state.dealer = dealer
        cards = list(DECKS[state.players])
        rng.shuffle(cards)
        size = len(cards) // state.players
        _reset_round(state, [cards[s * size : (s + 1) * size] for s in range(state.players)])
        return [_deal_event(state)]

    # ----- queries -----

    def stage(self, state: NjetState) -> int:
        return state.round

    def to_act(self, state: NjetState) -> frozenset[int]:
        if state.over:
            return frozenset()
        if state.phase == "discard":
            return frozenset(s for s in range(state.players) if not state.discarded[s])
        return frozenset(() if state.current is None else (state.current,))

    def is_over(self, state: NjetState) -> bool:
        return state.over

    def legal_actions(self, state: NjetState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "njet":
            out: list[Action] = []
            for row in ROWS:
                marks = state.board[row]
                if marks.count(None) >= 2:
                    opts = row_options(row, state.players)
                    out.extend(
                        Action.of("block", row=row, option=o) for o, m in zip(opts, marks, strict=True) if m is None
                    )
            return out
        if state.phase == "partner":
            out = [Action.of("partner", seat=s) for s in range(state.players) if s != seat]
            return [*out, Action.of("alone")] if state.players == 3 else out
        if state.phase == "discard":
            combos = set(itertools.combinations(sorted(state.hands[seat]), int(state.rules["discard"])))
            return [Action.of("discard", cards=list(c)) for c in sorted(combos, key=_combo_key)]
        cards = playable(state.hands[seat], [c for _, c in state.trick], state.trump, state.super_colour)
        return [Action.of("play", card=c) for c in cards]

    def phase(self, state: NjetState) -> str:
        return "over" if state.over else state.phase

    def scores(self, state: NjetState) -> tuple[int, ...]:
        """Each seat's total points so far."""
        return tuple(state.scores)

    # ----- views -----

    def table(self, state: NjetState) -> NjetTable:
        n = state.players
        ranks = {r.seat: r.rank for r in rank_by_score(state.scores)}
        rules = _rules_of(state)
        super_colour = rules.super_colour if rules is not None else NONE
        players = tuple(
            PlayerView(
                seat=s,
                character=CHARACTERS[s],
                cards=len(state.hands[s]),
                score=state.scores[s],
                team=state.team_of(s),
                discarded=state.discarded[s],
                dealer=s == state.dealer,
                rank=ranks[s],
            )
            for s in range(n)
        )
        board = tuple(
            BoardRow(
                row=row,
                options=tuple(BoardOption(o, m) for o, m in zip(row_options(row, n), state.board[row], strict=True)),
                decided=state.board[row].count(None) == 1,
                takes_stones=state.board[row].count(None) >= 2,
            )
            for row in ROWS
        )
        cards = [c for _, c in state.trick]
        winning = trick_winner(cards, state.trump, super_colour) if cards else None
        trick = tuple(Play(s, c, is_super(c, super_colour), i == winning) for i, (s, c) in enumerate(state.trick))
        last = tuple(Play(s, c, is_super(c, super_colour), s == state.last_winner) for s, c in state.last_trick)
        first = state.leader if state.leader is not None else state.current if state.current is not None else 0
        return NjetTable(
            round=state.round,
            rounds=state.rounds,
            dealer=state.dealer,
            players=players,
            board=board,
            stones_left=state.stones_left,
            rules=rules,
            starter=state.starter,
            partner=state.partner,
            alone=state.alone,
            may_play_alone=n == 3,
            teams=_teams_of(state, rules),
            trick=trick,
            leader=state.leader,
            order=tuple((first + k) % n for k in range(n)),
            last_trick=last,
            last_winner=state.last_winner,
            sheet=tuple(tuple(line) for line in state.sheet),
        )

    def own(self, state: NjetState, seat: int) -> NjetOwn:
        super_colour = state.super_colour if state.rules else NONE
        allowed: set[str] = set()
        if state.phase == "tricks" and not state.over and state.current == seat:
            allowed = set(playable(state.hands[seat], [c for _, c in state.trick], state.trump, super_colour))

        def cards(codes: Sequence[str], live: bool) -> tuple[HandCard, ...]:
            ordered = sorted(codes, key=card_key)
            return tuple(HandCard(c, is_super(c, super_colour), live and c in allowed) for c in ordered)

        return NjetOwn(hand=cards(state.hands[seat], True), discards=cards(state.discards[seat], False))

    def secrets(self, state: NjetState, seat: int) -> frozenset[str]:
        """The codes of the seat's hand and discard that no one else holds and that are not on the table or in
        a public event (the two 1s of a colour share a code)."""
        mine = {*state.hands[seat], *state.discards[seat]}
        seen = {c for s in range(state.players) if s != seat for c in (*state.hands[s], *state.discards[s])}
        seen.update(c for _, c in (*state.trick, *state.last_trick))
        for event in state.recent:
            if event.public():
                seen.add(event.text("card"))
                seen.update(as_texts(event.data.get("cards", ())))
        return frozenset(mine - seen)

    def forced(self, state: NjetState, seat: int) -> Action | None:
        """Discards are secret and simultaneous: one played at once would show its timing. A lone playable card
        is played for the seat only when it is its last card: otherwise the table would learn that the seat holds
        no other card of that suit (or no other trump), which a player may keep to themselves."""
        if state.phase == "discard":
            return None
        if state.phase == "tricks" and len(state.hands[seat]) != 1:
            return None
        return super().forced(state, seat)

    def undoable(self, before: NjetState, seat: int, action: Action, events: Sequence[Event]) -> bool:
        """A stone, a partner, a discard or a card played shows nothing hidden, until it closes something: the last
        stone (the rules of the round are decided), the last discard (the tricks begin), the last card of a trick."""
        if action.kind == "block":
            return all(e.kind != "rules" for e in events)
        if action.kind in ("partner", "alone"):
            return True
        if action.kind == "discard":
            return sum(1 for done in before.discarded if not done) > 1
        return action.kind == "play" and all(e.kind != "trick" for e in events)

    # ----- actions -----

    def play(self, state: NjetState, seat: int, action: Action, rng: random.Random) -> list[Event]:
        if state.over:
            raise IllegalAction("game_over")
        if (
            state.phase == "discard"
            and action.kind == "discard"
            and isinstance(seat, int)
            and 0 <= seat < state.players
            and state.discarded[seat]
        ):
            raise IllegalAction("already_discarded")
        if seat not in self.to_act(state):
            raise NotYourTurn()
        if action.kind == "block" and state.phase == "njet":
            row, index = self._check_block(state, action)
            return self._block(state, seat, row, index)
        if action.kind in ("partner", "alone") and state.phase == "partner":
            return self._choose_partner(state, seat, action)
        if action.kind == "discard" and state.phase == "discard":
            cards = self._check_discard(state, seat, action)
            return self._discard(state, seat, cards)
        if action.kind == "play" and state.phase == "tricks":
            card = self._check_play(state, seat, action)
            return self._play(state, seat, card, rng)
        raise IllegalAction("unknown_action", kind=action.kind)

    # -- the Njet phase --

    @staticmethod
    def _check_block(state: NjetState, action: Action) -> tuple[str, int]:
        row, option = action.get("row"), action.get("option")
        if row not in ROWS:
            raise IllegalAction("unknown_option", row=str(row), option=str(option))
        opts = row_options(row, state.players)
        if option not in opts:
            raise IllegalAction("unknown_option", row=row, option=str(option))
        index = opts.index(option)
        if state.board[row][index] is not None:
            raise IllegalAction("option_blocked", row=row, option=option)
        if state.board[row].count(None) < 2:
            raise IllegalAction("row_closed", row=row, option=option)
        return row, index

    def _block(self, state: NjetState, seat: int, row: str, index: int) -> list[Event]:
        n = state.players
        state.board[row][index] = seat
        state.stones_left -= 1
        events = [Event("block", seat, {"row": row, "option": row_options(row, n)[index]})]
        if state.stones_left:
            state.current = (seat + 1) % n
            return events
        for r in ROWS:
            state.rules[r] = row_options(r, n)[state.board[r].index(None)]
        state.phase = "partner"
        state.current = state.starter
        return [*events, Event("rules", None, _rules_json(state), milestone=True)]

    # -- partner and discards --

    def _choose_partner(self, state: NjetState, seat: int, action: Action) -> list[Event]:
        n = state.players
        if action.kind == "alone":
            if n != 3:
                raise IllegalAction("alone_needs_three")
            state.alone = True
            state.teams = [[seat], [s for s in range(n) if s != seat]]
            event = Event("alone", seat, {})
        else:
            partner = action.get("seat")
            if isinstance(partner, bool) or not isinstance(partner, int) or not 0 <= partner < n or partner == seat:
                raise IllegalAction("not_a_partner", seat=str(partner))
            state.partner = partner
            state.teams = [sorted((seat, partner)), [s for s in range(n) if s not in (seat, partner)]]
            event = Event("partner", seat, {"partner": partner})
        if state.rules["discard"] == "0":
            self._start_tricks(state)
        else:
            state.phase = "discard"
            state.current = None
        return [event]

    @staticmethod
    def _check_discard(state: NjetState, seat: int, action: Action) -> list[str]:
        cards = action.get("cards")
        count = int(state.rules["discard"])
        if not isinstance(cards, tuple) or len(cards) != count:
            raise IllegalAction("wrong_discard_count", count=count)
        if any(not isinstance(c, str) for c in cards) or Counter(cards) - Counter(state.hands[seat]):
            raise IllegalAction("card_not_in_hand")
        return sorted((str(c) for c in cards), key=card_key)

    def _discard(self, state: NjetState, seat: int, cards: list[str]) -> list[Event]:
        for card in cards:
            state.hands[seat].remove(card)
        state.discards[seat] = cards
        state.discarded[seat] = True
        events = [
            Event("discarded", seat, {"count": len(cards)}),
            Event("discarded", seat, {"count": len(cards), "cards": _json_list(cards)}, private_to=frozenset({seat})),
        ]
        if all(state.discarded):
            self._start_tricks(state)
        return events

    @staticmethod
    def _start_tricks(state: NjetState) -> None:
        state.phase = "tricks"
        state.leader = state.starter
        state.current = state.starter

    # -- tricks --

    @staticmethod
    def _check_play(state: NjetState, seat: int, action: Action) -> str:
        card = action.get("card")
        if not isinstance(card, str) or card not in state.hands[seat]:
            raise IllegalAction("card_not_in_hand", card=str(card))
        trick = [c for _, c in state.trick]
        allowed = playable(state.hands[seat], trick, state.trump, state.super_colour)
        if card not in allowed:
            led = suit_of(trick[0], state.trump, state.super_colour)
            follows = any(suit_of(c, state.trump, state.super_colour) == led for c in state.hands[seat])
            raise IllegalAction("must_follow" if follows else "must_trump", card=card)
        return card

    def _play(self, state: NjetState, seat: int, card: str, rng: random.Random) -> list[Event]:
        n = state.players
        state.hands[seat].remove(card)
        state.trick.append((seat, card))
        events = [Event("play", seat, {"card": card})]
        if len(state.trick) < n:
            state.current = (seat + 1) % n
            return events
        cards = [c for _, c in state.trick]
        winner = state.trick[trick_winner(cards, state.trump, state.super_colour)][0]
        ones = sum(1 for c in cards if value_of(c) == 1)
        team = state.team_of(winner)
        assert team is not None
        state.team_tricks[team] += 1
        state.team_ones[team] += ones
        state.piles[team].extend(cards)
        state.last_trick = state.trick
        state.last_winner = winner
        state.trick = []
        state.leader = winner
        state.current = winner
        events.append(Event("trick", winner, {"winner": winner, "cards": _json_list(cards), "ones": ones}))
        if state.hands[winner]:
            return events
        return events + self._end_round(state, rng)

    def _end_round(self, state: NjetState, rng: random.Random) -> list[Event]:
        """Score the round, then deal the next one or end the game."""
        n = state.players
        assert state.teams is not None
        points = int(state.rules["points"])
        totals = [(state.team_tricks[t] + state.team_ones[t]) * points for t in (0, 1)]
        round_scores = []
        for s in range(n):
            team = state.team_of(s)
            assert team is not None
            round_scores.append(totals[team] * (2 if state.alone and s == state.starter else 1))
        for s in range(n):
            state.scores[s] += round_scores[s]
        state.sheet.append(round_scores)
        state.current = None
        state.leader = None
        data: dict[str, JSONValue] = {
            "round": state.round,
            "scores": list(round_scores),
            "tricks": list(state.team_tricks),
            "ones": list(state.team_ones),
        }
        events = [Event("round_end", None, data, milestone=True)]
        if state.round >= state.rounds:
            state.over = True
            state.phase = "over"
            return [*events, Event("game_end", None, {}, milestone=True)]
        return events + self._start_round(state, rng, (state.dealer + 1) % n)


def _json_list(codes: Sequence[str]) -> list[JSONValue]:
    """Card codes as a JSON list, for event data."""
    return list(codes)


def _combo_key(cards: tuple[str, ...]) -> list[tuple[int, int]]:
    """Discards are listed in card order of their cards."""
    return sorted(card_key(c) for c in cards)


GAME = Njet()
