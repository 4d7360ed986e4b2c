"""Le Chat vert: the rules engine (pure: no Discord, no pictures, randomness only through the rng).

Cards are codes (see ``bot.games.chat_vert_rules``): ``"R7"``, ``"GS"`` (skip), ``"BR"`` (reverse), ``"YD"`` (+2),
``"W"`` (wild), ``"F"`` (+4); the 112-card deck is ``DECK``. Seat ``s + 1`` is the left neighbour of ``s``
(clockwise, ``dir`` 1). The added rules in force come from the ``rules`` option (``chat_vert_rules`` validates
them); their texts never appear in a view.

Views: ``table`` gives the public ``ChatVertTable`` and ``own`` a seat's ``ChatVertOwn`` (``chat_vert_views``), with
what follows from the rules already worked out (the cards the base rules allow, the seats' markers, who starts).

Phases: ``direction`` (the dealer picks the first player), ``play``, ``over``.

Actions (any of them except ``timeout`` and ``judge`` may carry ``say``, the text the player says with it):

- ``first(dir)``: the dealer; 1 = the left neighbour starts (clockwise), -1 = the right one (not with 2 players).
- ``play(card, n=1, colour=None)``: the seat to act; ``n`` 2 plays two identical coloured cards, ``colour`` is
  required for a major and refused otherwise. A seat holding a drawn card may only play that card, or ``keep``.
- ``draw``: the seat to act: takes the pending +2/+4 count, or draws one card (then ``play`` it or ``keep``).
- ``keep``: the seat that drew a playable card keeps it; the turn passes.
- ``same(card, at)``: "J'ai la même", any seat, any time in play: ``card`` the top card, ``at`` the number of plays
  so far (a stale claim is refused).
- ``say(text)``: any seat, any time before the end (see ``chat_vert_rules`` for the speech check).
- ``timeout(seat)`` and ``judge(rule, target)``: the table itself (seat -1): a turn-timer penalty for an awaited
  seat (``timer_actions`` says when one is due: one per ``timer`` seconds of waiting); a free rule's penalty
  handed by its author.

Resolution of a play: the cards move, the base effect (pending penalty, skip, reverse, next turn), the speech
check (one penalty card per broken rule), a major as last card (one card), then the win check: a hand still empty
wins and the game is over; otherwise the added rules' draws then dice (by rule id). [house] So that no set of draw
rules can keep a game from ending, the green cat's draws (draw rules and the die) come after the win and stop for the
rest of the game once they have given ``CAT_LIMIT`` cards (one deck, 112); the player's own penalties always count.

"Pause": whenever a draw of any kind (a turn's, a pending +2/+4, a penalty card, the green cat's, the turn timer's)
empties the draw pile, the pile but its top card is shuffled into a new draw pile at once; a draw needing more
cards than the draw pile holds takes them, pauses, then takes the rest; with nothing left even then, the missing
cards are not drawn (the events count only the cards drawn). Games started before this rule (option ``pause`` 0,
set by the store's migration) keep the old way: a pause only when a draw finds the pile empty, never for the cat.

Events (seat, data):

- ``deal`` (dealer; ``dealer``, ``top``, ``returned`` = majors turned up and put back, ``cards`` = 7), milestone,
  from ``start_events``; ``direction`` (dealer; ``dir``, ``first`` = the first player).
- ``play`` (player; ``cards``, ``colour`` chosen or None, ``said``, ``same`` = a claim, ``pending`` = the count to
  draw now or None, ``skipped``, ``reversed``, ``transfer`` = a reverse passed a penalty on, ``rule`` = the id of
  the transfer/reverse rule the move used or None, ``next`` = the next seat to act).
- ``draw`` (seat; ``count`` drawn, ``why`` "choice"/"pending", ``said``), then ``drew`` (seat; ``cards``) private
  to the seat, after every draw of any kind (penalties and rules too); ``keep`` (seat; {}).
- ``pause`` (None; ``stock`` = the size of the new draw pile): the pile but its top shuffled into a new draw pile.
- ``said`` (seat; ``text``) for a standalone ``say``, before its consequences.
- ``penalty`` (seat; ``reason`` missing/instead/unneeded/nonsense/timeout/major_last/false_same/free, ``said``,
  ``expected``, ``expected_card``, ``message``, ``rule``): one card each, drawn at once.
- ``rule_draw`` (drawer; ``count``, ``rule``); ``die`` (player; ``value``, ``drawer``, ``rule``).
- ``ficelle`` (new holder; ``from``, ``passed``, ``count``, ``rule``); ``win`` (winner; ``counts``), milestone.

Refusals: ``NotYourTurn`` for a seat that may not act; otherwise ``IllegalAction`` with one of ``game_over``,
``unknown_action``, ``bad_card``, ``bad_colour``, ``not_in_hand``, ``no_pair``, ``no_match``, ``pending_penalty``,
``drawn_only``, ``not_drawing``, ``bad_direction``, ``skip_other_colour``, ``too_late``, ``same_first_card``,
``same_major``, ``text_too_long``, ``empty_text``, ``not_awaited``, ``bad_seat``, ``unknown_rule``,
``not_free_rule``. The state is then unchanged.

Where the rules are silent: a claim is refused while a penalty is pending unless its card is of the pending kind;
a claim of a +2 after its penalty was drawn starts a new penalty of 2; a reverse under a pending penalty (reverse
rule) may be a pair; with two players a reverse simply hands the turn to the other player; the string of the
ficelle rule only moves (event ``ficelle``) when its holder changes.

``deal_fixed`` replaces the deal by given cards, so tests can build any situation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from collections.abc import Sequence
from typing import cast

from bot.games.base import Action
from bot.games.base import DataOption
from bot.games.base import Engine
from bot.games.base import Event
from bot.games.base import IllegalAction
from bot.games.base import IntOption
from bot.games.base import JSONValue
from bot.games.base import NotYourTurn
from bot.games.base import Option
from bot.games.base import Result
from bot.games.base import as_number
from bot.games.base import validate_options
from bot.games.chat_vert_cards import ALONE
from bot.games.chat_vert_cards import CANONICAL_ARGS
from bot.games.chat_vert_cards import CANONICAL_BY_ID
from bot.games.chat_vert_cards import COLOUR_OF
from bot.games.chat_vert_cards import DRAW
from bot.games.chat_vert_cards import FIRST_LEFT
from bot.games.chat_vert_cards import FIRST_RIGHT
from bot.games.chat_vert_cards import KEEP
from bot.games.chat_vert_cards import KIND
from bot.games.chat_vert_cards import NOBODY
from bot.games.chat_vert_cards import ON_TOP
from bot.games.chat_vert_cards import PAIRS
from bot.games.chat_vert_cards import PLAYS
from bot.games.chat_vert_cards import SEAT_MOVES
from bot.games.chat_vert_cards import TAKEN_BACK
from bot.games.chat_vert_cards import canonical
from bot.games.chat_vert_cards import check_pause_option
from bot.games.chat_vert_cards import check_rules_option
from bot.games.chat_vert_cards import claim_of
from bot.games.chat_vert_cards import event
from bot.games.chat_vert_cards import playable_on
from bot.games.chat_vert_cards import said_text
from bot.games.chat_vert_cards import shuffle
from bot.games.chat_vert_rules import COLOURS
from bot.games.chat_vert_rules import MAJORS
from bot.games.chat_vert_rules import SAME_NORM
from bot.games.chat_vert_rules import Requirement
from bot.games.chat_vert_rules import Rule
from bot.games.chat_vert_rules import check_speech
from bot.games.chat_vert_rules import check_text
from bot.games.chat_vert_rules import colour_of
from bot.games.chat_vert_rules import is_card
from bot.games.chat_vert_rules import kind_of
from bot.games.chat_vert_rules import matches
from bot.games.chat_vert_rules import normalise
from bot.games.chat_vert_rules import penalty
from bot.games.chat_vert_rules import required_speech
from bot.games.chat_vert_state import CAT_LIMIT
from bot.games.chat_vert_state import DECK
from bot.games.chat_vert_state import HAND
from bot.games.chat_vert_state import PLUS
from bot.games.chat_vert_state import RECENT
from bot.games.chat_vert_state import ChatVertState
from bot.games.chat_vert_state import cat_drawable
from bot.games.chat_vert_state import deal
from bot.games.chat_vert_state import deal_fixed
from bot.games.chat_vert_state import green_cat_gives
from bot.games.chat_vert_state import known_phrases_of
from bot.games.chat_vert_state import rules_used
from bot.games.chat_vert_state import show_rule
from bot.games.chat_vert_state import take
from bot.games.chat_vert_state import turn_timer
from bot.games.chat_vert_views import ChatVertOwn
from bot.games.chat_vert_views import ChatVertTable
from bot.games.chat_vert_views import own_of
from bot.games.chat_vert_views import strings_of
from bot.games.chat_vert_views import table_of

__all__ = [
    "COLOURS",
    "DECK",
    "GAME",
    "ChatVert",
    "ChatVertOwn",
    "ChatVertState",
    "ChatVertTable",
    "colour_of",
    "deal_fixed",
    "green_cat_gives",
    "kind_of",
    "matches",
    "required_speech",
    "rules_used",
    "turn_timer",
]


class ChatVert(Engine[ChatVertState, ChatVertTable, ChatVertOwn]):
    """The Le Chat vert engine; ``GAME`` is the instance the registry names."""

    name: str = "chat_vert"
    min_players: int = 2
    max_players: int = 10
    options: tuple[Option, ...] = (
        IntOption("timer", 60, 0, 600),
        IntOption("dealer", -1, -1, 9, offered=False),
        DataOption("rules", (), check_rules_option),
        DataOption("pause", 1, check_pause_option),
    )

    # ----- setup -----

    def setup(self, players: int, options: Mapping[str, object], rng: random.Random) -> ChatVertState:
        """A new deal; ``options`` may hold the rules as read from the store (validated here, as every option)."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError("2 to 10 players")
        opts = validate_options(self, cast("Mapping[str, JSONValue]", options))
        given = opts["rules"]  # validated by the option itself: a fresh list from ``check_rules``, or the default
        rules = cast("list[Rule]", given) if isinstance(given, list) else list(cast("tuple[Rule, ...]", given))
        dealer = as_number(opts["dealer"], -1)
        cards = list(DECK)
        shuffle(rng, cards)
        if not 0 <= dealer < players:
            dealer = rng.randrange(players)
        hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(HAND):
            for i in range(1, players + 1):
                hands[(dealer + i) % players].append(cards.pop())
        returned: list[str] = []
        while cards[-1] in MAJORS:
            major = cards.pop()
            returned.append(major)
            cards.insert(rng.randrange(len(cards)), major)
        top = cards.pop()
        state = ChatVertState(
            players=players, rules=rules, timer=as_number(opts["timer"]), dealer=dealer, pause=bool(opts["pause"])
        )
        deal(state, hands, top, cards, returned)
        return state

    def start_events(self, state: ChatVertState) -> list[Event]:
        data: dict[str, JSONValue] = {
            "dealer": state.dealer,
            "top": state.pile[0],
            "returned": list[JSONValue](state.returned),
            "cards": HAND,
        }
        return [event("deal", state.dealer, data, milestone=True)]

    # ----- queries -----

    def stage(self, state: ChatVertState) -> int:
        return 0

    def is_over(self, state: ChatVertState) -> bool:
        return state.over

    def to_act(self, state: ChatVertState) -> frozenset[int]:
        phase = state.phase
        if phase == "play":
            return NOBODY if state.turn is None else ALONE[state.turn]
        return ALONE[state.dealer] if phase == "direction" else NOBODY

    def interrupters(self, state: ChatVertState) -> frozenset[int]:
        """Anyone may claim "J'ai la même" or speak while the game runs."""
        return frozenset() if state.over else frozenset(range(state.players))

    def results(self, state: ChatVertState) -> list[Result]:
        """The winner first (score 0), then by cards left, fewest first; score = cards left."""
        counts = [len(h) for h in state.hands]
        out = []
        for seat in range(state.players):
            if seat == state.winner:
                rank = 1
            else:
                rank = (
                    1
                    + (state.winner is not None)
                    + sum(1 for s in range(state.players) if s != state.winner and counts[s] < counts[seat])
                )
            out.append(Result(seat, rank, counts[seat]))
        return sorted(out, key=lambda r: (r.rank, r.seat))

    def claim_action(self, state: ChatVertState, seat: int) -> Action | None:
        """The claim "J'ai la même" ``seat`` could make now (it holds the top card and a claim is allowed)."""
        if state.phase != "play":
            return None
        top = state.pile[-1]
        if state.first or top in MAJORS or top not in state.hands[seat]:
            return None  # ``_claim_refusal`` of the top card now, inlined (a claim is looked for at every move)
        if state.pending_kind is not None and KIND[top] != state.pending_kind:
            return None
        return claim_of(top, state.plays)

    def legal_actions(self, state: ChatVertState, seat: int) -> list[Action]:
        """Every move of ``seat`` now (without ``say``); other seats may only claim."""
        phase = state.phase
        if phase != "play" or not 0 <= seat < state.players:
            if phase == "direction" and seat == state.dealer and 0 <= seat < state.players:
                return [FIRST_LEFT, FIRST_RIGHT] if state.players > 2 else [FIRST_LEFT]
            return []
        top, pending, hand = state.pile[-1], state.pending_kind, state.hands[seat]
        out: list[Action]
        if seat != state.turn:
            out = []
        elif state.drawing == seat and state.drawn is not None:
            out = [*PLAYS[state.drawn], KEEP]
        else:
            if pending is None:
                allowed = ON_TOP.get((state.colour, top)) or playable_on(state.colour, top)
            else:
                allowed = state.index().answers(pending)
            out = []
            pair = False
            last = None
            for card in hand:  # kept sorted: equal cards are neighbours
                if card == last:
                    if pair:
                        out += PAIRS[card]
                        pair = False
                    continue
                last = card
                pair = card in allowed
                if pair:
                    out += PLAYS[card]
                    pair = card in PAIRS
            out.append(DRAW)
        if not state.first and top not in MAJORS and top in hand and (pending is None or KIND[top] == pending):
            out.append(claim_of(top, state.plays))  # ``claim_action``, inlined: it is looked for at every move
        return out

    def accepts(self, state: ChatVertState, seat: int, action: Action) -> bool:
        """True when ``apply`` would take the action (a claim or a say may still earn a penalty)."""
        if state.over or action.kind in ("timeout", "judge"):
            return False
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            return False
        text = action.get("text") if action.kind == "say" else action.get("say")
        if (action.kind == "say" or text is not None) and check_text(text) is not None:
            return False
        if action.kind in ("say", "same"):
            return True
        return seat in self.to_act(state) and canonical(action) in self.legal_actions(state, seat)

    def forced(self, state: ChatVertState, seat: int) -> Action | None:
        """Never: every move may carry words (the last-card phrase, an added rule's phrase, a "ficelle" to pass a
        penalty on), and anyone may claim "J'ai la même" before the next move, so a move is always the player's."""
        return None

    def undoable(self, before: ChatVertState, seat: int, action: Action, events: Sequence[Event]) -> bool:
        """Without added rules, a card played from the hand, a kept card or the first player chosen shows nothing
        hidden when nobody drew and nobody won. With added rules in force the referee's silence tells something
        about their secret texts (this play needed no phrase), so nothing is taken back."""
        if before.rules or action.kind not in ("play", "keep", "first"):
            return False
        return all(e.kind in TAKEN_BACK for e in events)

    # ----- views -----

    def table(self, state: ChatVertState) -> ChatVertTable:
        return table_of(state)

    def own(self, state: ChatVertState, seat: int) -> ChatVertOwn:
        return own_of(state, seat)

    def phase(self, state: ChatVertState) -> str:
        return state.phase

    def scores(self, state: ChatVertState) -> tuple[int, ...]:
        """Cards left in each hand (the fewer the better; the winner has none)."""
        return tuple(len(h) for h in state.hands)

    def secrets(self, state: ChatVertState, seat: int) -> frozenset[str]:
        """The codes of the seat's cards that no other view shows: held by nobody else, and neither the top
        card nor a card named anywhere public (an event, a penalty)."""
        if not 0 <= seat < state.players:
            return frozenset()
        mine = set(state.hands[seat])
        for other in range(state.players):
            if other != seat:
                mine -= set(state.hands[other])
        if not mine:
            return frozenset()
        mine -= strings_of(self.public_view(state))
        for other in range(state.players):
            if other != seat and mine:
                mine -= strings_of(self.view(state, other))
        return frozenset(mine)

    # ----- checks -----

    def _play_refusal(self, state: ChatVertState, card: str) -> tuple[str | None, str | None]:
        """(refusal code or None, "transfer"/"reverse" when an added rule allows the play)."""
        kind = KIND[card]
        if state.pending_kind is not None:
            if kind == state.pending_kind:
                return None, None
            if kind in PLUS and state.rule("transfer") is not None:
                return None, "transfer"
            if kind == "reverse" and state.rule("reverse") is not None:
                return None, "reverse"
            return "pending_penalty", None
        if card in playable_on(state.colour, state.pile[-1]):
            return None, None
        return "no_match", None

    @staticmethod
    def _claim_refusal(state: ChatVertState, card: JSONValue, at: JSONValue) -> str | None:
        if card != state.top or at != state.plays or isinstance(at, bool):
            return "too_late"
        if state.first:
            return "same_first_card"
        if card in MAJORS:
            return "same_major"
        if state.pending_kind is not None and kind_of(state.top) != state.pending_kind:
            return "pending_penalty"
        return None

    def _check_play(
        self, state: ChatVertState, seat: int, card: JSONValue, n: JSONValue, colour: JSONValue
    ) -> tuple[str, int, str | None, str | None]:
        if not is_card(card) or isinstance(n, bool) or n not in (1, 2):
            raise IllegalAction("bad_card", card=str(card))
        card = str(card)
        if card in MAJORS:
            if colour not in COLOURS:
                raise IllegalAction("bad_colour", card=card)
            if n == 2:
                raise IllegalAction("no_pair", card=card)
        elif colour is not None:
            raise IllegalAction("bad_colour", card=card)
        held = state.hands[seat].count(card)
        if held == 0:
            raise IllegalAction("not_in_hand", card=card)
        if held < n:
            raise IllegalAction("no_pair", card=card)
        if state.drawing == seat and (card != state.drawn or n != 1):
            raise IllegalAction("drawn_only", card=str(state.drawn))
        code, via = self._play_refusal(state, card)
        if code is not None:
            raise IllegalAction(code, card=card)
        return card, as_number(n, 1), None if colour is None else str(colour), via

    # ----- actions -----

    def timer_actions(self, state: ChatVertState, elapsed: float) -> list[Action]:
        """The table's timeout due ``elapsed`` seconds after the awaited seat's clock started (one per period)."""
        if state.timer <= 0 or state.phase not in ("play", "direction"):
            return []
        awaited = self.to_act(state)
        if not awaited or int(elapsed // state.timer) <= state.slow:
            return []
        return [Action.of("timeout", seat=min(awaited))]

    def play(self, state: ChatVertState, seat: int, action: Action, rng: random.Random) -> list[Event]:
        events = self._short(state, seat, action, rng) if seat == state.turn and state.phase == "play" else None
        if events is None:
            events = self._apply(state, seat, action, rng)
        if action.kind not in ("timeout", "judge"):
            state.slow = 0
        return events

    def _short(self, state: ChatVertState, seat: int, action: Action, rng: random.Random) -> list[Event] | None:
        """The common moves the short way: a play or a draw by the seat to act that ``_apply`` would take as it
        stands (its checks that can fail for such a move, made here without changing anything); None for
        anything else, which ``_apply`` then takes or refuses."""
        if seat.__class__ is not int:
            return None
        kind = action.kind
        said: str | None = None
        if kind == "draw":
            args = action.args
            if args:
                if len(args) != 1 or args[0][0] != "say":
                    return None
                said = args[0][1]  # type: ignore[assignment]
                if said.__class__ is not str or check_text(said) is not None:
                    return None
            return None if state.drawing == seat else self._draw(state, seat, said, rng)
        if kind != "play":
            return None
        found = CANONICAL_BY_ID.get(id(action))  # the moves ``legal_actions`` gives, known by identity
        if found is None:
            args = action.args  # a move with words: the canonical arguments and ``say``, nothing else
            if len(args) != 4 or args[3][0] != "say" or args[2][1].__class__ is not int:
                return None
            found = CANONICAL_ARGS.get(args[:3])
            said = args[3][1]  # type: ignore[assignment]
            if found is None or said.__class__ is not str or check_text(said) is not None:
                return None
        card, n, colour = found
        hand = state.hands[seat]
        if state.drawing is not None and (state.drawing != seat or card != state.drawn or n != 1):
            return None
        if (card not in hand) if n == 1 else hand.count(card) < 2:
            return None
        pending = state.pending_kind
        if card not in (playable_on(state.colour, state.pile[-1]) if pending is None else _SAME_KIND[pending]):
            return None
        return self._play(state, seat, card, n, colour, said, rng)

    def _apply(self, state: ChatVertState, seat: int, action: Action, rng: random.Random) -> list[Event]:
        if state.phase == "over":
            raise IllegalAction("game_over")
        kind = action.kind
        if kind in ("timeout", "judge"):
            if seat != -1:
                raise NotYourTurn()
            return self._timeout(state, action, rng) if kind == "timeout" else self._judge(state, action, rng)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise NotYourTurn()
        if kind not in SEAT_MOVES:
            raise IllegalAction("unknown_action", kind=kind)
        args = dict(action.args)  # read once (``Action.get`` walks the arguments at every call)
        said = said_text(kind, args)
        if kind == "say":
            assert said is not None
            return self._say(state, seat, said, rng)
        if kind == "same":
            return self._claim(state, seat, args.get("card"), args.get("at"), said, rng)
        card = args.get("card")
        awaited = self.to_act(state)
        if (
            kind == "play"
            and seat == state.skipped
            and seat not in awaited
            and is_card(card)
            and kind_of(str(card)) == "skip"
            and colour_of(str(card)) != colour_of(state.top)
        ):
            raise IllegalAction("skip_other_colour")
        if seat not in awaited:
            raise NotYourTurn()
        if kind == "first":
            if state.phase != "direction":
                raise IllegalAction("unknown_action", kind=kind)
            return self._first(state, args.get("dir"), said, rng)
        if state.phase != "play":
            raise IllegalAction("unknown_action", kind=kind)
        if kind == "play":
            card, n, colour, via = self._check_play(state, seat, card, args.get("n", 1), args.get("colour"))
            reverse = state.rule("reverse") if via == "reverse" else None
            if reverse is not None and normalise(reverse["phrase"]) not in normalise(said or ""):
                # Without its phrase the reverse does not pass the penalty on: the card stays in hand.
                events: list[Event] = []
                self._speech(state, seat, said, state.index().reverse_alone, rng, events)
                return events
            return self._play(state, seat, card, n, colour, said, rng, via=via)
        if kind == "draw":
            if state.drawing == seat:
                raise IllegalAction("drawn_only", card=str(state.drawn))
            return self._draw(state, seat, said, rng)
        if state.drawing != seat:
            raise IllegalAction("not_drawing")
        state.drawing = None
        state.drawn = None
        state.turn = state.after(seat)
        events = [event("keep", seat, {})]
        self._speech(state, seat, said, (), rng, events)
        return events

    def _first(self, state: ChatVertState, direction: JSONValue, said: str | None, rng: random.Random) -> list[Event]:
        allowed = (1,) if state.players == 2 else (1, -1)
        if isinstance(direction, bool) or direction not in allowed:
            raise IllegalAction("bad_direction")
        state.dir = as_number(direction, 1)
        state.phase = "play"
        state.turn = state.after(state.dealer)
        events = [event("direction", state.dealer, {"dir": state.dir, "first": state.turn})]
        self._speech(state, state.dealer, said, (), rng, events)
        return events

    def _play(
        self,
        state: ChatVertState,
        seat: int,
        card: str,
        n: int,
        colour: str | None,
        said: str | None,
        rng: random.Random,
        *,
        via: str | None = None,
        same: bool = False,
    ) -> list[Event]:
        pile, players = state.pile, state.players
        top = pile[-1]
        before = state.dir
        hand = state.hands[seat]
        hand.remove(card)
        pile.append(card)
        if n == 2:
            hand.remove(card)
            pile.append(card)
        left = len(hand)
        state.plays += 1
        state.first = False
        state.skipped = state.drawing = state.drawn = None
        kind = KIND[card]
        skipped: int | None = None
        reversed_ = transfer = False
        used: Rule | None = None
        if via == "reverse":
            used = state.rule("reverse")
            assert used is not None
            state.dir = -before
            reversed_ = transfer = True
            nxt = state.pending_target = (seat - before) % players
        else:
            state.colour = colour if colour is not None else COLOUR_OF[card]
            if kind == "number":
                nxt = (seat + before) % players
            elif kind == "reverse":
                state.dir = -before
                reversed_ = True
                nxt = (seat - before) % players
            elif kind == "skip":
                skipped = state.skipped = (seat + before) % players
                nxt = (skipped + before) % players
            else:
                nxt = (seat + before) % players
                if kind in PLUS:
                    if via == "transfer":
                        used = state.rule("transfer")
                    add = PLUS[kind] * (n if kind == "plus2" else 1)
                    state.pending_count = (state.pending_count if state.pending_kind else 0) + add
                    state.pending_kind = kind
                    state.pending_target = nxt
        state.turn = nxt
        if used is not None:
            show_rule(state, used["id"])
        data: dict[str, JSONValue] = {
            "cards": [card] * n,
            "colour": colour,
            "said": said,
            "same": same,
            "pending": state.pending_count if state.pending_kind else None,
            "skipped": skipped,
            "reversed": reversed_,
            "transfer": transfer,
            "rule": used["id"] if used is not None else None,
            "next": nxt,
        }
        made: Event = _new(Event)  # ``event("play", seat, data)``, inlined: one per move
        _set(made, "__dict__", {"kind": "play", "seat": seat, "data": data, "milestone": False, "private_to": None})
        events = [made]
        index = state.index()
        if said is not None or left < 2 or via is not None or card not in index.quiet:
            self._speech(state, seat, said, index.speech(card, top, left, via == "reverse"), rng, events, claim=same)
        if card in MAJORS and not left:
            self._penalise(state, seat, penalty("major_last"), rng, events)
        if not state.hands[seat]:
            # Won: the game is over before the green cat's draws, so that no set of draw rules can stop a game from
            # ending (the player's own penalties above do count).
            state.phase = "over"
            state.winner = seat
            state.turn = state.pending_kind = state.pending_target = None
            state.pending_count = 0
            state.skipped = state.drawing = state.drawn = None
            events.append(event("win", seat, {"counts": [len(h) for h in state.hands]}, milestone=True))
            return events
        if card in index.effects:
            previous, following = (seat - before) % players, (seat + before) % players
            self._rule_effects(state, seat, card, before, previous, following, rng, events)
        return events

    def _rule_effects(
        self,
        state: ChatVertState,
        seat: int,
        card: str,
        before: int,
        previous: int,
        following: int,
        rng: random.Random,
        events: list[Event],
    ) -> None:
        """The added rules' draws, then their dice, by rule id, while the green cat has cards to give this game."""
        draws, dice = state.index().effects_for(card)
        for rule in draws:
            who = rule["who"]
            if who == "all":
                drawers = [(seat + i * before) % state.players for i in range(state.players)]
            else:
                drawers = [{"player": seat, "previous": previous, "next": following}[who]]
            for drawer in drawers:
                count = min(int(rule["count"]), CAT_LIMIT - state.cat_drawn, cat_drawable(state))
                if count <= 0:
                    continue
                show_rule(state, rule["id"])
                cards, taken = take(state, drawer, count, rng, cat=True)
                state.cat_drawn += len(cards)
                events.append(event("rule_draw", drawer, {"count": len(cards), "rule": rule["id"]}))
                events += taken
        for rule in dice:
            if state.cat_drawn >= CAT_LIMIT or not cat_drawable(state):
                continue
            value = rng.randint(1, 6)
            drawer = seat if value <= 3 else previous
            show_rule(state, rule["id"])
            state.cat_drawn += 1
            events.append(event("die", seat, {"value": value, "drawer": drawer, "rule": rule["id"]}))
            events += take(state, drawer, 1, rng, cat=True)[1]

    def _draw(self, state: ChatVertState, seat: int, said: str | None, rng: random.Random) -> list[Event]:
        events: list[Event] = []
        if state.pending_kind is not None:
            cards, taken = take(state, seat, state.pending_count, rng)
            events.append(event("draw", seat, {"count": len(cards), "why": "pending", "said": said}))
            events += taken
            state.pending_kind = state.pending_target = None
            state.pending_count = 0
            ficelle = state.rule("ficelle")
            if ficelle is not None and state.ficelle != seat:
                old, state.ficelle = state.ficelle, seat
                show_rule(state, ficelle["id"])
                data = {"from": old, "passed": False, "count": len(cards), "rule": ficelle["id"]}
                events.append(event("ficelle", seat, data))
            state.turn = state.after(seat)
        else:
            cards, taken = take(state, seat, 1, rng)
            events.append(event("draw", seat, {"count": len(cards), "why": "choice", "said": said}))
            events += taken
            if cards and cards[0] in playable_on(state.colour, state.pile[-1]):
                state.drawing, state.drawn = seat, cards[0]
            else:
                state.turn = state.after(seat)
        if said is not None:
            self._speech(state, seat, said, (), rng, events)
        return events

    def _claim(
        self, state: ChatVertState, seat: int, card: JSONValue, at: JSONValue, said: str | None, rng: random.Random
    ) -> list[Event]:
        code = self._claim_refusal(state, card, at)
        if code is not None:
            raise IllegalAction(code)
        events: list[Event] = []
        if card not in state.hands[seat]:
            self._penalise(state, seat, penalty("false_same"), rng, events)
            return events
        return self._play(state, seat, str(card), 1, None, said, rng, same=True)

    def _say(self, state: ChatVertState, seat: int, text: str, rng: random.Random) -> list[Event]:
        said = event("said", seat, {"text": text})
        known = known_phrases_of(state)
        if normalise(text) == SAME_NORM:
            return [said, *self._claim(state, seat, state.top, state.plays, None, rng)]
        ficelle = state.rule("ficelle")
        if (
            ficelle is not None
            and state.ficelle == seat
            and state.pending_kind is not None
            and state.pending_target == seat
            and not check_speech(text, [Requirement.phrase(ficelle["phrase"], ficelle["id"])], known)
        ):
            victim = state.after(seat)
            count = state.pending_count
            state.pending_kind = state.pending_target = None
            state.pending_count = 0
            state.ficelle = victim
            state.turn = state.after(victim)
            show_rule(state, ficelle["id"])
            cards, taken = take(state, victim, count, rng)
            return [
                said,
                event("ficelle", victim, {"from": seat, "passed": True, "count": len(cards), "rule": ficelle["id"]}),
                event("draw", victim, {"count": len(cards), "why": "pending", "said": None}),
                *taken,
            ]
        events = [said]
        self._speech(state, seat, text, (), rng, events)
        return events

    def _timeout(self, state: ChatVertState, action: Action, rng: random.Random) -> list[Event]:
        seat = action.get("seat")
        if seat not in self.to_act(state) or isinstance(seat, bool):
            raise IllegalAction("not_awaited")
        events: list[Event] = []
        state.slow += 1
        self._penalise(state, int(seat), penalty("timeout"), rng, events)
        return events

    def _judge(self, state: ChatVertState, action: Action, rng: random.Random) -> list[Event]:
        rule_id, target = action.get("rule"), action.get("target")
        rule = next((r for r in state.rules if r["id"] == rule_id and not isinstance(rule_id, bool)), None)
        if rule is None:
            raise IllegalAction("unknown_rule")
        if rule["template"] != "free":
            raise IllegalAction("not_free_rule")
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < state.players:
            raise IllegalAction("bad_seat")
        events: list[Event] = []
        self._penalise(state, target, penalty("free", message=rule["message"], rule=rule["id"]), rng, events)
        return events

    # ----- penalties -----

    def _speech(
        self,
        state: ChatVertState,
        seat: int,
        said: str | None,
        required: tuple[Requirement, ...],
        rng: random.Random,
        events: list[Event],
        *,
        claim: bool = False,
    ) -> None:
        if not required and said is None:
            return
        for data in state.index().penalties(said, required, claim):
            self._penalise(state, seat, data, rng, events)

    @staticmethod
    def _penalise(
        state: ChatVertState, seat: int, data: dict[str, JSONValue], rng: random.Random, events: list[Event]
    ) -> None:
        """One penalty card, drawn at once."""
        events.append(event("penalty", seat, data))
        state.penalties = [*state.penalties, {**data, "seat": seat}][-RECENT:]
        if data.get("rule") is not None:
            show_rule(state, as_number(data["rule"]))
        events += take(state, seat, 1, rng)[1]


_SAME_KIND: Mapping[str, frozenset[str]] = {kind: frozenset(c for c in KIND if KIND[c] == kind) for kind in PLUS}
"""The cards of each penalty kind: what answers a pending +2/+4 without an added rule."""
_new = object.__new__
_set = object.__setattr__


GAME = ChatVert()
