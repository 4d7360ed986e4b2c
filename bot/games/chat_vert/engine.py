"""Le Chat vert: the rules engine (pure: no Discord, no pictures, randomness only through the rng).

Cards are codes (see ``bot.games.chat_vert.rules``): ``"R7"``, ``"GS"`` (skip), ``"BR"`` (reverse), ``"YD"`` (+2),
``"W"`` (wild), ``"F"`` (+4); the 112-card deck is ``DECK``. Seat ``s + 1`` is the left neighbour of ``s``
(clockwise, ``dir`` 1). The added rules in force come from the ``rules`` option (``chat_vert_rules`` validates
them); their texts never appear in a view.

Views: ``table`` gives the public ``ChatVertTable`` and ``own`` a seat's ``ChatVertOwn`` (``chat_vert_views``), with
what follows from the rules already worked out (the cards the base rules allow, the seats' markers, who starts).
A view works out only from the rules a seat can know (seen at work): ``known_legal`` gives a seat's view the legal
moves but those that only a rule nobody has seen at work allows, which ``legal_actions`` and ``apply`` still take.

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

The rules themselves are the core's (``bot.games.chat_vert.core``, on integer-coded cards); this module checks
every ``Action`` and hands it to the core. ``deal_fixed`` replaces the deal by given cards, so tests can build any
situation.
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
from bot.games.chat_vert import core
from bot.games.chat_vert.cards import ACTION
from bot.games.chat_vert.cards import ALONE
from bot.games.chat_vert.cards import CARD
from bot.games.chat_vert.cards import FIRST_LEFT
from bot.games.chat_vert.cards import FIRST_RIGHT
from bot.games.chat_vert.cards import KIND
from bot.games.chat_vert.cards import MAJOR
from bot.games.chat_vert.cards import MATCH
from bot.games.chat_vert.cards import MOVE_BY_ID
from bot.games.chat_vert.cards import MOVE_OF
from bot.games.chat_vert.cards import NAMING
from bot.games.chat_vert.cards import NO_PENALTY
from bot.games.chat_vert.cards import NOBODY
from bot.games.chat_vert.cards import OF_KIND
from bot.games.chat_vert.cards import PAIR
from bot.games.chat_vert.cards import PLUS2
from bot.games.chat_vert.cards import PLUS4_KIND
from bot.games.chat_vert.cards import REVERSE
from bot.games.chat_vert.cards import SEAT_MOVES
from bot.games.chat_vert.cards import SINGLE
from bot.games.chat_vert.cards import SKIP
from bot.games.chat_vert.cards import TAKEN_BACK
from bot.games.chat_vert.cards import canonical
from bot.games.chat_vert.cards import check_pause_option
from bot.games.chat_vert.cards import check_rules_option
from bot.games.chat_vert.cards import claim_of
from bot.games.chat_vert.cards import event
from bot.games.chat_vert.cards import said_text
from bot.games.chat_vert.cards import shuffle
from bot.games.chat_vert.rules import CODES
from bot.games.chat_vert.rules import COLOURS
from bot.games.chat_vert.rules import Rule
from bot.games.chat_vert.rules import check_text
from bot.games.chat_vert.rules import colour_of
from bot.games.chat_vert.rules import is_card
from bot.games.chat_vert.rules import kind_of
from bot.games.chat_vert.rules import matches
from bot.games.chat_vert.rules import required_speech
from bot.games.chat_vert.state import DECK
from bot.games.chat_vert.state import DECK_CARDS
from bot.games.chat_vert.state import HAND
from bot.games.chat_vert.state import ChatVertState
from bot.games.chat_vert.state import deal
from bot.games.chat_vert.state import deal_fixed
from bot.games.chat_vert.state import green_cat_gives
from bot.games.chat_vert.state import rules_used
from bot.games.chat_vert.state import turn_timer
from bot.games.chat_vert.views import ChatVertOwn
from bot.games.chat_vert.views import ChatVertTable
from bot.games.chat_vert.views import known_moves
from bot.games.chat_vert.views import own_of
from bot.games.chat_vert.views import strings_of
from bot.games.chat_vert.views import table_of

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
        cards = list(DECK_CARDS)
        shuffle(rng, cards)
        if not 0 <= dealer < players:
            dealer = rng.randrange(players)
        hands: list[list[int]] = [[] for _ in range(players)]
        for _ in range(HAND):
            for i in range(1, players + 1):
                hands[(dealer + i) % players].append(cards.pop())
        returned: list[int] = []
        while cards[-1] >= MAJOR:
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
            "top": CODES[state.laid[0]],
            "returned": list[JSONValue](state.returned),
            "cards": HAND,
        }
        return [event("deal", state.dealer, data, milestone=True)]

    # ----- queries -----

    def stage(self, state: ChatVertState) -> int:
        return 0

    def is_over(self, state: ChatVertState) -> bool:
        return state.phase == "over"

    def to_act(self, state: ChatVertState) -> frozenset[int]:
        phase = state.phase
        if phase == "play":
            return NOBODY if state.turn is None else ALONE[state.turn]
        return ALONE[state.dealer] if phase == "direction" else NOBODY

    def interrupters(self, state: ChatVertState) -> frozenset[int]:
        """Anyone may claim "J'ai la même" or speak while the game runs."""
        return frozenset() if state.phase == "over" else frozenset(range(state.players))

    def results(self, state: ChatVertState) -> list[Result]:
        """The winner first (score 0), then by cards left, fewest first; score = cards left."""
        counts = [len(h) for h in state.held]
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
        return self._claim(state, state.held[seat])

    @staticmethod
    def _claim(state: ChatVertState, hand: list[int]) -> Action | None:
        """The claim of the top card by the holder of ``hand``, when it holds it and a claim is open (the
        refusals of ``core.claim_refusal`` for the top card itself)."""
        top = state.laid[-1]
        if state.first or top >= MAJOR or top not in hand:
            return None
        if state.pending != NO_PENALTY and KIND[top] != state.pending:
            return None
        return claim_of(top, state.plays)

    def legal_actions(self, state: ChatVertState, seat: int) -> list[Action]:
        """Every move of ``seat`` now (without ``say``); other seats may only claim."""
        phase = state.phase
        if phase != "play" or not 0 <= seat < state.players:
            if phase == "direction" and seat == state.dealer and 0 <= seat < state.players:
                return [FIRST_LEFT, FIRST_RIGHT] if state.players > 2 else [FIRST_LEFT]
            return []
        out: list[Action] = []
        if seat == state.turn:
            out = [ACTION[move] for move in core.plays(state)]
            out.append(ACTION[core.pass_move(state)])
        claim = self._claim(state, state.held[seat])
        if claim is not None:
            out.append(claim)
        return out

    def known_legal(self, state: ChatVertState, seat: int) -> list[Action]:
        """The legal moves but those only a rule nobody has seen at work allows (``chat_vert_views.known_moves``)."""
        return known_moves(state, self.legal_actions(state, seat))

    def accepts(self, state: ChatVertState, seat: int, action: Action) -> bool:
        """True when ``apply`` would take the action (a claim or a say may still earn a penalty)."""
        if state.phase == "over" or action.kind in ("timeout", "judge"):
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
        return tuple(len(h) for h in state.held)

    def secrets(self, state: ChatVertState, seat: int) -> frozenset[str]:
        """The codes of the seat's cards that no other view shows: held by nobody else, and neither the top
        card nor a card named anywhere public (an event, a penalty)."""
        if not 0 <= seat < state.players:
            return frozenset()
        hands = state.hands
        mine = set(hands[seat])
        for other in range(state.players):
            if other != seat:
                mine -= set(hands[other])
        if not mine:
            return frozenset()
        mine -= strings_of(self.public_view(state))
        for other in range(state.players):
            if other != seat and mine:
                mine -= strings_of(self.view(state, other))
        return frozenset(mine)

    # ----- checks -----

    @staticmethod
    def _play_refusal(state: ChatVertState, card: int) -> str | None:
        """Why ``card`` may not be played now by the rules (the added rules' answers to a pending +2/+4 included)."""
        kind = KIND[card]
        pending = state.pending
        if pending != NO_PENALTY:
            if kind == pending:
                return None
            if kind in (PLUS2, PLUS4_KIND) and state.rule("transfer") is not None:
                return None
            if kind == REVERSE and state.rule("reverse") is not None:
                return None
            return "pending_penalty"
        return None if card in MATCH[state.hue][state.laid[-1]] else "no_match"

    def _check_play(self, state: ChatVertState, seat: int, code: JSONValue, n: JSONValue, colour: JSONValue) -> int:
        """The core's move for playing ``n`` of the card ``code`` naming ``colour``, or the refusal."""
        if not is_card(code) or isinstance(n, bool) or n not in (1, 2):
            raise IllegalAction("bad_card", card=str(code))
        code = str(code)
        card = CARD[code]
        if card >= MAJOR:
            if colour not in COLOURS:
                raise IllegalAction("bad_colour", card=code)
            if n == 2:
                raise IllegalAction("no_pair", card=code)
        elif colour is not None:
            raise IllegalAction("bad_colour", card=code)
        held = state.held[seat].count(card)
        if held == 0:
            raise IllegalAction("not_in_hand", card=code)
        if held < n:
            raise IllegalAction("no_pair", card=code)
        count = as_number(n, 1)
        if state.drawing == seat and (card != state.drawn_card or count != 1):
            raise IllegalAction("drawn_only", card=str(state.drawn))
        refusal = self._play_refusal(state, card)
        if refusal is not None:
            raise IllegalAction(refusal, card=code)
        if card >= MAJOR:
            return card << 3 | NAMING + COLOURS.index(str(colour))
        return card << 3 | (PAIR if count == 2 else SINGLE)

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
        events: list[Event] = []
        if kind == "draw":
            args = action.args
            if args:
                if len(args) != 1 or args[0][0] != "say":
                    return None
                said = args[0][1]  # type: ignore[assignment]
                if said.__class__ is not str or check_text(said) is not None:
                    return None
            if state.drawing == seat:
                return None
            core.draw(state, seat, said, rng, events)
            return events
        if kind != "play":
            return None
        move = MOVE_BY_ID.get(id(action))  # the moves ``legal_actions`` gives, known by identity
        if move is None:
            args = action.args  # a move with words: the canonical arguments and ``say``, nothing else
            if len(args) != 4 or args[3][0] != "say" or args[2][1].__class__ is not int:
                return None
            move = MOVE_OF.get(args[:3])
            said = args[3][1]  # type: ignore[assignment]
            if move is None or said.__class__ is not str or check_text(said) is not None:
                return None
        card, pair = move >> 3, move & 7 == PAIR
        hand = state.held[seat]
        if state.drawing is not None and (state.drawing != seat or card != state.drawn_card or pair):
            return None
        if (hand.count(card) < 2) if pair else (card not in hand):
            return None
        pending = state.pending
        if card not in (MATCH[state.hue][state.laid[-1]] if pending == NO_PENALTY else OF_KIND[pending]):
            return None
        core.act(state, move, said, rng, events)
        return events

    def _apply(self, state: ChatVertState, seat: int, action: Action, rng: random.Random) -> list[Event]:
        if state.phase == "over":
            raise IllegalAction("game_over")
        kind = action.kind
        events: list[Event] = []
        if kind in ("timeout", "judge"):
            if seat != -1:
                raise NotYourTurn()
            if kind == "timeout":
                slow = action.get("seat")
                if slow not in self.to_act(state) or isinstance(slow, bool):
                    raise IllegalAction("not_awaited")
                core.timeout(state, as_number(slow), rng, events)
            else:
                core.judge(state, *self._judged(state, action), rng, events)
            return events
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise NotYourTurn()
        if kind not in SEAT_MOVES:
            raise IllegalAction("unknown_action", kind=kind)
        args = dict(action.args)  # read once (``Action.get`` walks the arguments at every call)
        said = said_text(kind, args)
        if kind == "say":
            assert said is not None
            core.say(state, seat, said, rng, events)
            return events
        if kind == "same":
            core.claim(state, seat, args.get("card"), args.get("at"), said, rng, events)
            return events
        card = args.get("card")
        awaited = self.to_act(state)
        if (
            kind == "play"
            and seat == state.skipped
            and seat not in awaited
            and is_card(card)
            and KIND[CARD[str(card)]] == SKIP
            and colour_of(str(card)) != colour_of(state.top)
        ):
            raise IllegalAction("skip_other_colour")
        if seat not in awaited:
            raise NotYourTurn()
        if kind == "first":
            direction = args.get("dir")
            if state.phase != "direction":
                raise IllegalAction("unknown_action", kind=kind)
            if isinstance(direction, bool) or direction not in ((1,) if state.players == 2 else (1, -1)):
                raise IllegalAction("bad_direction")
            core.first(state, as_number(direction, 1), said, rng, events)
            return events
        if state.phase != "play":
            raise IllegalAction("unknown_action", kind=kind)
        if kind == "play":
            core.act(
                state, self._check_play(state, seat, card, args.get("n", 1), args.get("colour")), said, rng, events
            )
            return events
        if kind == "draw":
            if state.drawing == seat:
                raise IllegalAction("drawn_only", card=str(state.drawn))
            core.draw(state, seat, said, rng, events)
            return events
        if state.drawing != seat:
            raise IllegalAction("not_drawing")
        core.keep(state, seat, said, rng, events)
        return events

    @staticmethod
    def _judged(state: ChatVertState, action: Action) -> tuple[Rule, int]:
        """The free rule a ``judge`` action names and the seat it hands a penalty to, or the refusal."""
        rule_id, target = action.get("rule"), action.get("target")
        rule = next((r for r in state.rules if r["id"] == rule_id and not isinstance(rule_id, bool)), None)
        if rule is None:
            raise IllegalAction("unknown_rule")
        if rule["template"] != "free":
            raise IllegalAction("not_free_rule")
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < state.players:
            raise IllegalAction("bad_seat")
        return rule, target


GAME = ChatVert()
