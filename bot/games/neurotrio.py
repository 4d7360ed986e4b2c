"""Neurotrio, la chasse au trésor: the rules engine (pure: no Discord, no pictures, randomness only through the rng).

Cards are codes nature + fond + force: nature ``C`` coeur, ``E`` étoile, ``R`` rose; fond ``N`` noir, ``V`` vert,
``B`` bleu; force ``1`` to ``3``, e.g. ``"CN1"``, ``"RB3"``. 54 cards: the 27 types twice, so a hand is a list and
may hold a code twice. Seats are clockwise: the seat after ``s`` is ``s + 1``. The grid is a dict of cells
``(r, c)`` (any integers) to codes; the face-up first card is at ``(0, 0)``. The open rows and columns are the
bounding box of the domain.

Phases: ``build`` (one builder at a time), ``auction`` (one bidder at a time), ``over``.

Actions:

- ``place(card, r, c)`` and ``pass``: the builder (``to_act``).
- ``neuro``: any seat in ``interrupters(state)``, i.e. while the call is open (right after a move, until the next
  move), for a seat with a personal carton left while a base carton is left. The builder may call too.
- ``bid(base, r, c, carton)`` (carton ``"0"``, ``"1"``, ``"2"``, ``"nature"``, ``"fond"``, ``"force"``) and
  ``nobid`` (never for the caller): the bidder (``to_act``) during an auction.

Bids are too many to list (10 bases x up to 66 cells x 6 cartons), so ``legal_actions`` gives the bidder ONE
representative ``bid`` per (base, carton), on the first domain card ``(0, 0)``, plus ``nobid`` when allowed. Any
other cell holding a domain card is just as legal: the seat's view (``own.bid``) gives the parts of the dialogue
(bases, cells, cartons), ``is_legal_bid`` and ``accepts`` (any action) check one fully, and ``apply`` validates
every bid. The views are typed (``bot.games.neurotrio_views``); the seat's secrets are the codes of its cards that
no other view shows (the treasure among them when this seat holds it) and, until the end, its hidden mentions as
``"<base>:<carton>"``.

Events emitted by ``play``, in this order:

1. A move: ``place`` (seat, ``card``, ``r``, ``c``, ``vp``, ``compatible``, ``neighbours``) or ``pass`` (seat,
   ``vp`` -1 or 0); after a placement, ``out`` (seat, ``rank``, ``vp`` 5/3/1/0) when the hand is empty, and
   ``deux_cartes`` ({}) the first time a hand is down to two cards. Then either ``game_end`` (one player left with
   cards) or the start of the next turn: ``limits`` (``rows``, ``cols``) for each growth of the limits, possibly
   ``game_end`` (blocked for good).
2. ``neuro`` (seat).
3. ``bid`` (seat, ``base``, ``r``, ``c``) public, then ``bid`` (seat, the same plus ``carton``) private to the
   bidder; or ``nobid`` (seat). After the last bidder, ``auction_end`` ({}).
4. ``game_end`` (``treasure``, ``hidden``, ``last`` = the seat left with cards or None, ``penalty`` = the VP it
   lost, ``penalties`` = [{``seat``, ``cards``, ``vp``}] every end penalty, ``bids`` = [{``seat``, ``base``, ``r``,
   ``c``, ``card``, ``carton``, ``points``}]).

``start_events`` gives ``deal`` (``first`` = the card at (0, 0), ``extra_vp`` = the seats with one card more, who
got +1 VP), plus ``deux_cartes`` or ``limits`` if a fixed deal calls for them. Milestones: ``deal``,
``deux_cartes``, ``neuro`` and ``game_end``. The VP of a seat are 5 plus the sum of its ``vp`` fields (deal extra,
place, pass, out, the end penalties and the bid points).

Refusals: ``NotYourTurn`` for a seat that may not act; otherwise ``IllegalAction`` with one of ``game_over``,
``unknown_action``, ``card_not_in_hand``, ``cell_taken``, ``not_adjacent``, ``incompatible``, ``limit_rows``,
``limit_cols``, ``limit_ratio``, ``must_place``, ``neuro_closed``, ``no_base_left``, ``no_carton_left``,
``base_used``, ``carton_used``, ``not_a_card``, ``caller_must_bid``, ``already_bid``. The state is then unchanged.

Where the rules are silent: the first player (who gets the first card of the deal and plays first) is drawn with
the setup rng; players who have gone out keep their turn in the building order, where their only move is a pass
(0 VP); "deux cartes" is announced when a hand first holds two cards or fewer; the neuro call is not open before the
first move nor right after an auction (it reopens with the next move), and simultaneous calls are served in arrival
order; the auction round visits the caller then every seat clockwise that still has a personal carton, and stops
early when the base cartons run out; building resumes with the builder who was due. Blocked table: at the start of
every turn, if two or more players hold cards and none can place, both limits grow by one, as many times as needed
(one ``limits`` event each); if no growth could ever help (no placement even without the row/column limits), the
limits stay and the game ends at once, every card holder taking the last-player penalty (``last`` is then None
unless there is a single holder). Going out is scored before the end check, so the player whose last card leaves
a single holder still gets their bonus.

``deal_fixed`` replaces the deal by given cards, so tests can build any situation.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bot.games.base import Action
from bot.games.base import Engine
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import IllegalAction
from bot.games.base import JSONValue
from bot.games.base import NotYourTurn
from bot.games.base import Option
from bot.games.base import Tracked
from bot.games.base import as_number
from bot.games.base import rank_by_score
from bot.games.base import validate_options
from bot.games.neurotrio_views import Auction
from bot.games.neurotrio_views import Bid
from bot.games.neurotrio_views import BidChoices
from bot.games.neurotrio_views import Box
from bot.games.neurotrio_views import LastMove
from bot.games.neurotrio_views import NeurotrioOwn
from bot.games.neurotrio_views import NeurotrioTable
from bot.games.neurotrio_views import OwnBid
from bot.games.neurotrio_views import Placement
from bot.games.neurotrio_views import PublicBid
from bot.games.neurotrio_views import RevealedBid
from bot.games.neurotrio_views import SeatInfo
from bot.games.neurotrio_views import Spot

NATURES: tuple[str, ...] = ("C", "E", "R")
FONDS: tuple[str, ...] = ("N", "V", "B")
FORCES: tuple[str, ...] = ("1", "2", "3")
TYPES: tuple[str, ...] = tuple(n + f + s for n in NATURES for f in FONDS for s in FORCES)
DECK: tuple[str, ...] = tuple(t for t in TYPES for _ in range(2))
_DECK_COUNTS: Counter[str] = Counter(DECK)
CARTONS: tuple[str, ...] = ("0", "1", "2", "nature", "fond", "force")
ATTRIBUTES: Mapping[str, int] = {"nature": 0, "fond": 1, "force": 2}
BASES: tuple[int, ...] = tuple(range(1, 11))
START_VP = 5
START_ROWS = 6
START_COLS = 11
OUT_BONUS: tuple[int, ...] = (5, 3, 1)
PLACE_VP: Mapping[int, int] = {1: 0, 2: 1, 3: 5, 4: 20}
_SIDES: tuple[tuple[int, int], ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))

Cell = tuple[int, int]


def shared(a: str, b: str) -> int:
    """How many attributes (nature, fond, force) two cards have in common."""
    return _SHARED[a, b]


_SHARED: dict[tuple[str, str], int] = {
    (a, b): sum(x == y for x, y in zip(a, b, strict=True)) for a in TYPES for b in TYPES
}


def compatible(a: str, b: str) -> bool:
    """Two cards are compatible when they share at least two attributes."""
    return _SHARED[a, b] >= 2


def last_penalty(cards: int) -> int:
    """The VP lost by a player left holding ``cards`` at the end: 1, 2, 5, then 20 for four or more."""
    return (0, 1, 2, 5)[cards] if cards < 4 else 20


def bid_points(carton: str, base: int, card: str, treasure: str) -> int:
    """The points of one bid of ``carton`` on base ``base`` placed on ``card``."""
    if carton in ATTRIBUTES:
        i = ATTRIBUTES[carton]
        return base if card[i] == treasure[i] else -base
    value = base * int(carton)
    return {3: 3 * value, 2: value, 1: -value, 0: -2 * value}[shared(card, treasure)]


def frontier(grid: Mapping[Cell, str]) -> list[Cell]:
    """The empty cells sharing an edge with a domain card, sorted."""
    out = {(r + dr, c + dc) for r, c in grid for dr, dc in _SIDES}
    return sorted(cell for cell in out if cell not in grid)


def judge(
    grid: Mapping[Cell, str], box: tuple[int, int, int, int], limits: tuple[int, int] | None, card: str, cell: Cell
) -> tuple[str | None, int, int, int]:
    """(refusal code or None, VP gain, compatible neighbours C, neighbours N) of placing ``card`` on ``cell``.

    ``box`` is (r0, r1, c0, c1) inclusive; ``limits`` (rows, cols), or None to check only the 2x ratio.
    """
    r, c = cell
    if cell in grid:
        return "cell_taken", 0, 0, 0
    n = comp = 0
    for dr, dc in _SIDES:
        other = grid.get((r + dr, c + dc))
        if other is not None:
            n += 1
            if _SHARED[card, other] >= 2:
                comp += 1
    if n == 0:
        return "not_adjacent", 0, 0, 0
    if (n == 1 and comp < 1) or (n >= 2 and comp < 2):
        return "incompatible", 0, comp, n
    r0, r1, c0, c1 = box
    rows = max(r1, r) - min(r0, r) + 1
    cols = max(c1, c) - min(c0, c) + 1
    if limits is not None:
        if rows > limits[0]:
            return "limit_rows", 0, comp, n
        if cols > limits[1]:
            return "limit_cols", 0, comp, n
    if cols > 2 * rows or rows > 2 * cols:
        return "limit_ratio", 0, comp, n
    return None, PLACE_VP[comp] if n >= 2 else 0, comp, n


def notebook(hand: Sequence[str], grid_cards: Sequence[str]) -> list[str]:
    """The types whose both copies are in ``hand`` and on the grid: none of them can be the treasure."""
    seen = Counter(hand) + Counter(grid_cards)
    return sorted(t for t in TYPES if seen[t] >= 2)


@dataclass
class NeurotrioState(Tracked):
    """The whole game; ``play`` mutates it in place once an action is known to be legal."""

    players: int
    hidden: str = ""
    grid: dict[Cell, str] = field(default_factory=dict)
    box: tuple[int, int, int, int] = (0, 0, 0, 0)
    hands: list[list[str]] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    cartons: list[list[str]] = field(default_factory=list)
    bases: list[int] = field(default_factory=lambda: list(BASES))
    bids: list[Bid] = field(default_factory=list)
    rows: int = START_ROWS
    cols: int = START_COLS
    first_player: int = 0
    extra_vp: list[int] = field(default_factory=list)
    current: int = 0
    phase: str = "build"
    deux_cartes: bool = False
    out: list[int | None] = field(default_factory=list)
    neuro_open: bool = False
    caller: int | None = None
    bidders: list[int] = field(default_factory=list)
    """The seats of the auction round in order, the caller first."""
    done: list[int] = field(default_factory=list)
    last: LastMove | None = None
    revealed: list[RevealedBid] = field(default_factory=list)
    """Every bid with its points, once over."""
    end: dict[str, JSONValue] | None = None
    """The ``game_end`` data once over."""

    @property
    def treasure(self) -> str:
        """The twin of the hidden card: same code."""
        return self.hidden

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def bidder(self) -> int | None:
        left = [s for s in self.bidders if s not in self.done]
        return left[0] if self.phase == "auction" and left else None


def _is_int(value: JSONValue) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _spots(state: NeurotrioState) -> tuple[Spot, ...]:
    """The domain cards, sorted by cell."""
    return tuple(Spot(r, c, card) for (r, c), card in sorted(state.grid.items()))


def _holders(state: NeurotrioState) -> list[int]:
    return [s for s in range(state.players) if state.hands[s]]


def _can_place(state: NeurotrioState, hand: Sequence[str], limited: bool = True) -> bool:
    limits = (state.rows, state.cols) if limited else None
    cells = frontier(state.grid)
    return any(judge(state.grid, state.box, limits, card, cell)[0] is None for card in set(hand) for cell in cells)


def _placements(state: NeurotrioState, seat: int) -> list[Placement]:
    """Every legal placement of ``seat``'s cards, by card then cell, with the VP and compatible neighbours."""
    limits = (state.rows, state.cols)
    cells = frontier(state.grid)
    out: list[Placement] = []
    for card in sorted(set(state.hands[seat])):
        for r, c in cells:
            code, vp, comp, _ = judge(state.grid, state.box, limits, card, (r, c))
            if code is None:
                out.append(Placement(card, r, c, vp, comp))
    return out


class Neurotrio(Engine[NeurotrioState, NeurotrioTable, NeurotrioOwn]):
    """The Neurotrio engine; ``GAME`` is the instance the registry names."""

    name: str = "neurotrio"
    min_players: int = 3
    max_players: int = 8
    options: tuple[Option, ...] = ()

    # ----- setup -----

    def setup(self, players: int, options: Mapping[str, JSONValue], rng: random.Random) -> NeurotrioState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("3 to 8 players")
        validate_options(self, options)
        cards = list(DECK)
        rng.shuffle(cards)
        first_player = rng.randrange(players)
        hands: list[list[str]] = [[] for _ in range(players)]
        for i, card in enumerate(cards[2:]):
            hands[(first_player + i) % players].append(card)
        state = NeurotrioState(players=players)
        _deal(state, cards[0], cards[1], hands, first_player)
        return state

    def start_events(self, state: NeurotrioState) -> list[Event]:
        extra: list[JSONValue] = list(state.extra_vp)
        events = [Event("deal", None, {"first": state.grid[0, 0], "extra_vp": extra}, milestone=True)]
        if state.deux_cartes:
            events.append(Event("deux_cartes", None, {}, milestone=True))
        if state.rows > START_ROWS:
            events.append(Event("limits", None, {"rows": state.rows, "cols": state.cols}))
        return events

    # ----- queries -----

    def stage(self, state: NeurotrioState) -> int:
        return 1

    def phase(self, state: NeurotrioState) -> str:
        return state.phase

    def scores(self, state: NeurotrioState) -> tuple[int, ...]:
        return tuple(state.vp)

    def to_act(self, state: NeurotrioState) -> frozenset[int]:
        if state.phase == "build":
            return frozenset((state.current,))
        bidder = state.bidder
        return frozenset(() if bidder is None else (bidder,))

    def interrupters(self, state: NeurotrioState) -> frozenset[int]:
        """The seats that may call "neuro" now, out of turn."""
        if state.phase != "build" or not state.neuro_open or not state.bases:
            return frozenset()
        return frozenset(s for s in range(state.players) if state.cartons[s])

    def is_over(self, state: NeurotrioState) -> bool:
        return state.over

    def legal_actions(self, state: NeurotrioState, seat: int) -> list[Action]:
        """Every move of ``seat`` now; for a bidder, one representative bid per (base, carton) on (0, 0)."""
        out: list[Action] = []
        if seat in self.to_act(state):
            if state.phase == "build":
                out.extend(Action.of("place", card=p.card, r=p.r, c=p.c) for p in _placements(state, seat))
                if not (out and state.deux_cartes):
                    out.append(Action.of("pass"))
            else:
                out.extend(
                    Action.of("bid", base=b, r=0, c=0, carton=k)
                    for b in state.bases
                    for k in CARTONS
                    if k in state.cartons[seat]
                )
                if seat != state.caller:
                    out.append(Action.of("nobid"))
        if seat in self.interrupters(state):
            out.append(Action.of("neuro"))
        return out

    def accepts(self, state: NeurotrioState, seat: int, action: Action) -> bool:
        """True when ``play`` would accept the action (any bid, not only the listed ones)."""
        try:
            self._check(state, seat, action)
        except GameError:
            return False
        return True

    def is_legal_bid(self, state: NeurotrioState, seat: int, action: Action) -> bool:
        return action.kind == "bid" and self.accepts(state, seat, action)

    # ----- views -----

    def table(self, state: NeurotrioState) -> NeurotrioTable:
        r0, r1, c0, c1 = state.box
        rows, cols = r1 - r0 + 1, c1 - c0 + 1
        ranks = {r.seat: r.rank for r in rank_by_score(state.vp)}
        over = state.over
        return NeurotrioTable(
            players=tuple(
                SeatInfo(s, state.vp[s], len(state.hands[s]), len(state.cartons[s]), state.out[s], ranks[s])
                for s in range(state.players)
            ),
            grid=_spots(state),
            box=Box(r0, c0, rows, cols),
            limit_rows=state.rows,
            limit_cols=state.cols,
            grows_rows=rows + 1 <= state.rows and rows + 1 <= 2 * cols,
            grows_cols=cols + 1 <= state.cols and cols + 1 <= 2 * rows,
            bids=tuple(PublicBid(b.seat, b.base, b.r, b.c, b.card) for b in state.bids),
            bases_left=tuple(state.bases),
            deux_cartes=state.deux_cartes,
            turn=None if over else min(self.to_act(state), default=None),
            may_call=tuple(sorted(self.interrupters(state))),
            auction=(
                Auction(state.caller, state.bidder, tuple(state.done))
                if state.phase == "auction" and state.caller is not None
                else None
            ),
            last=state.last,
            treasure=state.treasure if over else None,
            hidden=state.hidden if over else None,
            reveal=tuple(state.revealed) if over else (),
        )

    def own(self, state: NeurotrioState, seat: int) -> NeurotrioOwn:
        building = state.phase == "build" and seat in self.to_act(state)
        placements = tuple(_placements(state, seat)) if building else ()
        return NeurotrioOwn(
            hand=tuple(sorted(state.hands[seat])),
            cartons=tuple(k for k in CARTONS if k in state.cartons[seat]),
            my_bids=tuple(
                OwnBid(b.base, b.r, b.c, b.card, b.carton, f"{b.base}:{b.carton}") for b in state.bids if b.seat == seat
            ),
            notebook=tuple(notebook(state.hands[seat], list(state.grid.values()))),
            placements=placements,
            playable=tuple(sorted({p.card for p in placements})),
            pass_vp=-1 if state.hands[seat] else 0,
            bid=BidChoices(
                bases=tuple(state.bases),
                cells=_spots(state),
                cartons=tuple(k for k in CARTONS if k in state.cartons[seat]),
                must_bid=state.phase == "auction" and seat == state.caller,
            ),
        )

    def secrets(self, state: NeurotrioState, seat: int) -> frozenset[str]:
        """The codes of the seat's cards that show nowhere else (the treasure, when this seat holds it, is one of
        them: it has no twin in play) and, until the end, its hidden mentions as ``"<base>:<carton>"``."""
        seen = {c for s in range(state.players) if s != seat for c in state.hands[s]}
        seen.update(state.grid.values())
        if state.over:
            seen.add(state.hidden)
        for event in state.recent:
            if event.public():
                seen.update(event.text(key) for key in ("card", "first", "treasure", "hidden"))
        mentions = set() if state.over else {f"{b.base}:{b.carton}" for b in state.bids if b.seat == seat}
        return frozenset((set(state.hands[seat]) - seen) | mentions)

    def forced(self, state: NeurotrioState, seat: int) -> Action | None:
        """Nothing plays itself while anyone may still call "neuro": the next move would close the call for them.
        Then a lone move plays itself only when it shows nothing of the hand: a pass after "deux cartes" (it already
        says that no card fits) or the last card. A lone pass before "deux cartes" (a pass by choice is legal) or a
        lone placement with other cards in hand would tell the table that none of them fits."""
        if self.interrupters(state):
            return None
        move = super().forced(state, seat)
        if move is None or state.phase != "build":
            return move
        if move.kind == "pass":
            return move if state.deux_cartes or not state.hands[seat] else None
        return move if len(state.hands[seat]) == 1 else None

    def undoable(self, before: NeurotrioState, seat: int, action: Action, events: Sequence[Event]) -> bool:
        """A card placed face up, a pass, a bid (its mention stays the bidder's) or a "no bid" shows nothing hidden,
        unless it closes something: going out (a rank and its bonus), the end of the game (the treasure and every
        mention revealed), the end of the auction. A "neuro" call is an announcement that opens the auction."""
        if action.kind in ("place", "pass"):
            return all(e.kind not in ("out", "game_end") for e in events)
        if action.kind in ("bid", "nobid"):
            return all(e.kind != "auction_end" for e in events)
        return False

    # ----- actions -----

    def _check(self, state: NeurotrioState, seat: int, action: Action) -> tuple[str, int, int] | None:
        """Raise the refusal of ``action`` by ``seat``, if any; a placement returns (card, r, c)."""
        if state.over:
            raise IllegalAction("game_over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            raise NotYourTurn()
        kind = action.kind
        if kind == "neuro":
            if state.phase != "build" or not state.neuro_open:
                raise IllegalAction("neuro_closed")
            if not state.bases:
                raise IllegalAction("no_base_left")
            if not state.cartons[seat]:
                raise IllegalAction("no_carton_left")
            return None
        if state.phase == "auction" and kind in ("bid", "nobid") and seat in state.done:
            raise IllegalAction("already_bid")
        if seat not in self.to_act(state):
            raise NotYourTurn()
        if state.phase == "build" and kind == "place":
            card, r, c = action.get("card"), action.get("r"), action.get("c")
            if not isinstance(card, str) or card not in state.hands[seat]:
                raise IllegalAction("card_not_in_hand", card=str(card))
            if not _is_int(r) or not _is_int(c):
                raise IllegalAction("unknown_action", kind=kind)
            r, c = as_number(r), as_number(c)
            code = judge(state.grid, state.box, (state.rows, state.cols), card, (r, c))[0]
            if code is not None:
                raise IllegalAction(code, card=card, r=r, c=c)
            return card, r, c
        if state.phase == "build" and kind == "pass":
            if state.deux_cartes and state.hands[seat] and _can_place(state, state.hands[seat]):
                raise IllegalAction("must_place")
            return None
        if state.phase == "auction" and kind == "nobid":
            if seat == state.caller:
                raise IllegalAction("caller_must_bid")
            return None
        if state.phase == "auction" and kind == "bid":
            base, r, c, carton = action.get("base"), action.get("r"), action.get("c"), action.get("carton")
            if not state.bases:
                raise IllegalAction("no_base_left")
            if not state.cartons[seat]:
                raise IllegalAction("no_carton_left")
            if isinstance(base, bool) or base not in BASES or carton not in CARTONS:
                raise IllegalAction("unknown_action", kind=kind)
            if base not in state.bases:
                raise IllegalAction("base_used", base=base)
            if carton not in state.cartons[seat]:
                raise IllegalAction("carton_used", carton=carton)
            if isinstance(r, bool) or isinstance(c, bool) or (r, c) not in state.grid:
                raise IllegalAction("not_a_card", r=str(r), c=str(c))
            return None
        raise IllegalAction("unknown_action", kind=kind)

    def play(self, state: NeurotrioState, seat: int, action: Action, rng: random.Random) -> list[Event]:
        placed = self._check(state, seat, action)
        kind = action.kind
        if kind == "neuro":
            return self._neuro(state, seat)
        if kind == "place":
            assert placed is not None
            return self._place(state, seat, *placed)
        if kind == "pass":
            vp = -1 if state.hands[seat] else 0
            state.vp[seat] += vp
            state.last = LastMove(seat, "pass", None, None, None, vp)
            return [Event("pass", seat, {"vp": vp}), *self._next_turn(state, seat)]
        if kind == "bid":
            return self._bid(state, seat, action)
        state.done.append(seat)
        return [Event("nobid", seat, {}), *self._after_bidder(state)]

    def _place(self, state: NeurotrioState, seat: int, card: str, r: int, c: int) -> list[Event]:
        _, vp, comp, n = judge(state.grid, state.box, (state.rows, state.cols), card, (r, c))
        state.hands[seat].remove(card)
        state.grid[r, c] = card
        r0, r1, c0, c1 = state.box
        state.box = (min(r0, r), max(r1, r), min(c0, c), max(c1, c))
        state.vp[seat] += vp
        state.last = LastMove(seat, "place", card, r, c, vp)
        events = [Event("place", seat, {"card": card, "r": r, "c": c, "vp": vp, "compatible": comp, "neighbours": n})]
        if not state.hands[seat]:
            rank = sum(1 for o in state.out if o is not None) + 1
            bonus = OUT_BONUS[rank - 1] if rank <= len(OUT_BONUS) else 0
            state.out[seat] = rank
            state.vp[seat] += bonus
            events.append(Event("out", seat, {"rank": rank, "vp": bonus}))
        if not state.deux_cartes and len(state.hands[seat]) <= 2:
            state.deux_cartes = True
            events.append(Event("deux_cartes", None, {}, milestone=True))
        return events + self._next_turn(state, seat)

    def _next_turn(self, state: NeurotrioState, seat: int) -> list[Event]:
        """After a move: end with one holder left, else pass the turn on, grow blocked limits, open the call."""
        holders = _holders(state)
        if len(holders) <= 1:
            return self._end(state, holders)
        state.current = (seat + 1) % state.players
        events: list[Event] = []
        while not state.hands[state.current]:
            # A player without cards has nothing to lay: their turn passes by itself, at no cost.
            events.append(Event("pass", state.current, {"vp": 0, "auto": True}))
            state.current = (state.current + 1) % state.players
        events += _unblock(state)
        if state.over:
            return events
        if not any(_can_place(state, state.hands[s]) for s in holders):
            return events + self._end(state, holders)
        state.neuro_open = True
        return events

    def _end(self, state: NeurotrioState, holders: list[int]) -> list[Event]:
        penalties: list[JSONValue] = []
        lost_by_single = 0
        for s in holders:
            lost = last_penalty(len(state.hands[s]))
            lost_by_single = lost
            state.vp[s] -= lost
            penalties.append({"seat": s, "cards": len(state.hands[s]), "vp": -lost})
        reveal: list[JSONValue] = []
        state.revealed = []
        for b in state.bids:
            points = bid_points(b.carton, b.base, b.card, state.treasure)
            state.vp[b.seat] += points
            state.revealed.append(RevealedBid(b.seat, b.base, b.r, b.c, b.card, b.carton, points))
            reveal.append(
                {
                    "seat": b.seat,
                    "base": b.base,
                    "r": b.r,
                    "c": b.c,
                    "card": b.card,
                    "carton": b.carton,
                    "points": points,
                }
            )
        single = holders[0] if len(holders) == 1 else None
        state.end = {
            "treasure": state.treasure,
            "hidden": state.hidden,
            "last": single,
            "penalty": lost_by_single if single is not None else 0,
            "penalties": penalties,
            "bids": reveal,
        }
        state.phase = "over"
        state.neuro_open = False
        return [Event("game_end", None, dict(state.end), milestone=True)]

    def _neuro(self, state: NeurotrioState, seat: int) -> list[Event]:
        n = state.players
        state.phase = "auction"
        state.neuro_open = False
        state.caller = seat
        state.bidders = [seat] + [(seat + i) % n for i in range(1, n) if state.cartons[(seat + i) % n]]
        state.done = []
        return [Event("neuro", seat, {}, milestone=True)]

    def _bid(self, state: NeurotrioState, seat: int, action: Action) -> list[Event]:
        base, r, c, carton = action.number("base"), action.number("r"), action.number("c"), action.text("carton")
        state.bases.remove(base)
        state.cartons[seat].remove(carton)
        state.bids.append(Bid(seat, base, r, c, state.grid[r, c], carton))
        state.done.append(seat)
        public: dict[str, JSONValue] = {"base": base, "r": r, "c": c, "card": state.grid[r, c]}
        return [
            Event("bid", seat, public),
            Event("bid", seat, {**public, "carton": carton}, private_to=frozenset({seat})),
            *self._after_bidder(state),
        ]

    @staticmethod
    def _after_bidder(state: NeurotrioState) -> list[Event]:
        if state.bidder is not None and state.bases:
            return []
        state.phase = "build"
        state.caller = None
        state.bidders = []
        state.done = []
        return [Event("auction_end", None, {})]


def _unblock(state: NeurotrioState) -> list[Event]:
    """Grow both limits while several players hold cards and none can place (if growing can help at all)."""
    holders = _holders(state)
    events: list[Event] = []
    if len(holders) < 2 or any(_can_place(state, state.hands[s]) for s in holders):
        return events
    if not any(_can_place(state, state.hands[s], limited=False) for s in holders):
        return events
    while not any(_can_place(state, state.hands[s]) for s in holders):
        state.rows += 1
        state.cols += 1
        events.append(Event("limits", None, {"rows": state.rows, "cols": state.cols}))
    return events


def _deal(state: NeurotrioState, hidden: str, first: str, hands: list[list[str]], first_player: int) -> None:
    n = state.players
    state.hidden = hidden
    state.grid = {(0, 0): first}
    state.box = (0, 0, 0, 0)
    state.hands = hands
    shortest = min(len(h) for h in hands)
    state.extra_vp = [s for s in range(n) if len(hands[s]) > shortest]
    state.vp = [START_VP + (1 if s in state.extra_vp else 0) for s in range(n)]
    state.cartons = [list(CARTONS) for _ in range(n)]
    state.bases = list(BASES)
    state.bids = []
    state.rows, state.cols = START_ROWS, START_COLS
    state.first_player = first_player
    state.current = first_player
    state.phase = "build"
    state.deux_cartes = any(len(h) <= 2 for h in hands)
    state.out = [None] * n
    state.neuro_open = False
    state.caller = None
    state.bidders = []
    state.done = []
    state.last = None
    state.revealed = []
    state.end = None
    _unblock(state)


def deal_fixed(
    state: NeurotrioState,
    hands: Sequence[Sequence[str]],
    *,
    hidden: str,
    first: str,
    first_player: int = 0,
) -> NeurotrioState:
    """Replace the deal by given cards: ``hidden`` (the treasure is its twin), ``first`` at (0, 0) and the hands.

    Cards must come from the deck (a code at most twice in all); cards left out are simply not in play. Seats whose
    hand is longer than the shortest get +1 VP, as at a real deal.
    """
    if len(hands) != state.players or not all(hands):
        raise ValueError("one non-empty hand per player")
    if Counter([hidden, first, *(c for h in hands for c in h)]) - _DECK_COUNTS:
        raise ValueError("unknown or repeated card")
    _deal(state, hidden, first, [list(h) for h in hands], first_player)
    return state


GAME = Neurotrio()
