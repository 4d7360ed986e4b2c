"""Le Chat vert's rules on integer-coded cards: the engine's core, which every move of the game goes through.

The engine (``bot.games.chat_vert.engine``) is the boundary: it checks an ``Action`` (a player's click, a stored move)
and hands it to the functions here, asking for the events the log and the channel show. The core also has a lean way in
of its own, for whoever plays many games at once (the bench's random players): ``plays`` lists the moves of the seat to
act as integers (``bot.games.chat_vert.cards``), ``act`` makes one without building the events (``events=None``), and
``required`` says what the rules make a player say with it. Both ways run the same rules.

What a player says (``said``) is a text checked against what the rules require, or the very tuple of requirements
``required`` gave (a player who says exactly what is asked, without spelling it out), or None.
"""

from __future__ import annotations

import random
from typing import Final

from bot.games.base import Event
from bot.games.base import IllegalAction
from bot.games.base import JSONValue
from bot.games.base import as_number
from bot.games.chat_vert.cards import COLOUR
from bot.games.chat_vert.cards import DRAW
from bot.games.chat_vert.cards import KEEP
from bot.games.chat_vert.cards import KIND
from bot.games.chat_vert.cards import LEFT
from bot.games.chat_vert.cards import MAJOR
from bot.games.chat_vert.cards import MATCH
from bot.games.chat_vert.cards import NAMING
from bot.games.chat_vert.cards import NO_PENALTY
from bot.games.chat_vert.cards import NUMBER
from bot.games.chat_vert.cards import NUMBERS
from bot.games.chat_vert.cards import PAIR
from bot.games.chat_vert.cards import PAIRS
from bot.games.chat_vert.cards import PLUS2
from bot.games.chat_vert.cards import PLUS4_KIND
from bot.games.chat_vert.cards import REVERSE
from bot.games.chat_vert.cards import SINGLES
from bot.games.chat_vert.cards import SKIP
from bot.games.chat_vert.cards import event
from bot.games.chat_vert.rules import CODES
from bot.games.chat_vert.rules import COLOURS
from bot.games.chat_vert.rules import SAME_NORM
from bot.games.chat_vert.rules import SPEECH_SLOTS
from bot.games.chat_vert.rules import Requirement
from bot.games.chat_vert.rules import Rule
from bot.games.chat_vert.rules import RuleIndex
from bot.games.chat_vert.rules import check_speech
from bot.games.chat_vert.rules import normalise
from bot.games.chat_vert.rules import penalty
from bot.games.chat_vert.state import CAT_LIMIT
from bot.games.chat_vert.state import PLUS
from bot.games.chat_vert.state import RECENT
from bot.games.chat_vert.state import ChatVertState
from bot.games.chat_vert.state import cat_drawable
from bot.games.chat_vert.state import known_phrases_of
from bot.games.chat_vert.state import show_rule
from bot.games.chat_vert.state import take

Speech = tuple[Requirement, ...]
Said = str | Speech | None
"""A text, the very requirements ``required`` gave, or nothing."""
Events = list[Event] | None
"""Where the events go, or None: nobody will read them."""

COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (``setup.py``), or as plain Python where no C compiler was at hand."""

PLAIN: Final = 0
TRANSFER: Final = 1
BY_REVERSE: Final = 2
"""How a card is played: as the base rules allow, or answering a pending +2/+4 the way an added rule allows (the
transfer rule's other +2/+4, the reverse rule's reverse)."""


# ----- the seat to act -----


def plays(state: ChatVertState) -> list[int]:
    """The cards the seat to act may play now, as moves: the card it has drawn, else those of its hand that match
    (under a pending +2/+4, those that answer it), each card once with its pair after it; none outside play."""
    if state.phase != "play" or state.turn is None:
        return []
    if state.drawing is not None and state.drawn_card >= 0:
        return list(SINGLES[state.drawn_card])
    pending = state.pending
    allowed = MATCH[state.hue][state.laid[-1]] if pending == NO_PENALTY else state.index().answers_at(pending)
    out: list[int] = []
    pair = False
    last = -1
    for card in state.held[state.turn]:  # kept sorted: equal cards are neighbours
        if card == last:
            if pair:
                out.append(PAIRS[card])
                pair = False
            continue
        last = card
        pair = card in allowed
        if pair:
            out += SINGLES[card]
            pair = card < MAJOR
    return out


def pass_move(state: ChatVertState) -> int:
    """The move of the seat to act that plays no card: the dealer choosing its left neighbour to start, keeping a
    card just drawn, or drawing."""
    if state.phase == "direction":
        return LEFT
    return KEEP if state.drawing is not None and state.drawn_card >= 0 else DRAW


def is_over(state: ChatVertState) -> bool:
    return state.phase == "over"


def required(state: ChatVertState, move: int) -> Speech:
    """What the rules make the seat to act say with ``move`` (a move of ``plays``; nothing for ``pass_move``)."""
    if move >= DRAW:
        return ()
    card, variant = move >> 3, move & 7
    left = len(state.held[state.turn or 0]) - (2 if variant == PAIR else 1)
    index = state.index()
    reverse = state.pending != NO_PENALTY and KIND[card] == REVERSE
    if left >= 2 and not reverse and index.quiet_at[card]:
        return ()
    return speech_of(index, card, state.laid[-1], left, reverse)


def speech_of(index: RuleIndex, card: int, top: int, left: int, reverse: bool) -> Speech:
    """``index.speech`` of the cards ``card`` and ``top``, kept in the index by card, by whether its number is above
    the top's, by the cards left (0, 1, 2 or more) and by ``reverse``: the very tuples ``speech`` gives."""
    c, t = NUMBERS[card], NUMBERS[top]
    slot = card * SPEECH_SLOTS + (6 if 0 <= t < c else 0) + 2 * (left if left < 2 else 2) + (1 if reverse else 0)
    found = index.speech_slots[slot]
    if found is None:
        found = index.speech_slots[slot] = index.speech(CODES[card], CODES[top], left, reverse)
    return found


def act(state: ChatVertState, move: int, said: Said, rng: random.Random, events: Events = None) -> None:
    """The seat to act makes ``move`` (one of ``plays``, or ``pass_move``) saying ``said``."""
    if move >= LEFT:
        first(state, 1 if move == LEFT else -1, said, rng, events)
        return
    seat = state.turn
    assert seat is not None
    if move >= DRAW:
        if move == DRAW:
            draw(state, seat, said, rng, events)
        else:
            keep(state, seat, said, rng, events)
        return
    card, variant = move >> 3, move & 7
    via = PLAIN
    if state.pending != NO_PENALTY and KIND[card] != state.pending:
        via = BY_REVERSE if KIND[card] == REVERSE else TRANSFER
        if via == BY_REVERSE:
            rule = state.rule("reverse")
            assert rule is not None
            if normalise(rule["phrase"]) not in normalise(text_of(said) or ""):
                # Without its phrase the reverse does not pass the penalty on: the card stays in hand.
                speak(state, seat, said, state.index().reverse_alone, rng, events)
                return
    play(
        state,
        seat,
        card,
        2 if variant == PAIR else 1,
        variant - NAMING if variant >= NAMING else -1,
        said,
        rng,
        events,
        via,
    )


def play(
    state: ChatVertState,
    seat: int,
    card: int,
    n: int,
    colour: int,
    said: Said,
    rng: random.Random,
    events: Events,
    via: int = PLAIN,
    same: bool = False,
) -> None:
    """``seat`` plays ``n`` of ``card`` naming ``colour`` (-1: none), as its turn or claiming "J'ai la même"."""
    laid, players = state.laid, state.players
    top = laid[-1]
    before = state.dir
    hand = state.held[seat]
    hand.remove(card)
    laid.append(card)
    if n == 2:
        hand.remove(card)
        laid.append(card)
    left = len(hand)
    state.plays += 1
    state.first = False
    state.skipped = state.drawing = None
    state.drawn_card = -1
    kind = KIND[card]
    skipped: int | None = None
    reversed_ = transfer = False
    used: Rule | None = None
    if via == BY_REVERSE:
        used = state.rule("reverse")
        state.dir = -before
        reversed_ = transfer = True
        nxt = state.pending_target = (seat - before) % players
    else:
        state.hue = colour if colour >= 0 else COLOUR[card]
        if kind == NUMBER:
            nxt = (seat + before) % players
        elif kind == REVERSE:
            state.dir = -before
            reversed_ = True
            nxt = (seat - before) % players
        elif kind == SKIP:
            skipped = state.skipped = (seat + before) % players
            nxt = (skipped + before) % players
        else:
            nxt = (seat + before) % players
            if kind in (PLUS2, PLUS4_KIND):
                if via == TRANSFER:
                    used = state.rule("transfer")
                add = PLUS[kind] * (n if kind == PLUS2 else 1)
                state.pending_count = (state.pending_count if state.pending != NO_PENALTY else 0) + add
                state.pending = kind
                state.pending_target = nxt
    state.turn = nxt
    if used is not None:
        show_rule(state, used["id"])
    if events is not None:
        data: dict[str, JSONValue] = {
            "cards": [CODES[card]] * n,
            "colour": COLOURS[colour] if colour >= 0 else None,
            "said": text_of(said),
            "same": same,
            "pending": state.pending_count if state.pending != NO_PENALTY else None,
            "skipped": skipped,
            "reversed": reversed_,
            "transfer": transfer,
            "rule": used["id"] if used is not None else None,
            "next": nxt,
        }
        events.append(event("play", seat, data))
    index = state.index()
    if said is not None or left < 2 or via != PLAIN or not index.quiet_at[card]:
        speak(state, seat, said, speech_of(index, card, top, left, via == BY_REVERSE), rng, events, claim=same)
    if card >= MAJOR and not left:
        penalise(state, seat, penalty("major_last"), rng, events)
    if not state.held[seat]:
        # Won: the game is over before the green cat's draws, so that no set of draw rules can stop a game from
        # ending (the player's own penalties above do count).
        state.phase = "over"
        state.winner = seat
        state.turn = state.pending_target = None
        state.pending = NO_PENALTY
        state.pending_count = 0
        state.skipped = state.drawing = None
        state.drawn_card = -1
        if events is not None:
            events.append(event("win", seat, {"counts": [len(h) for h in state.held]}, milestone=True))
        return
    if index.effects_at[card]:
        rule_effects(state, seat, card, before, rng, events)


def rule_effects(state: ChatVertState, seat: int, card: int, before: int, rng: random.Random, events: Events) -> None:
    """The added rules' draws, then their dice, by rule id, while the green cat has cards to give this game."""
    players = state.players
    previous, following = (seat - before) % players, (seat + before) % players
    draws, dice = state.index().effects_for(CODES[card])
    for rule in draws:
        who = rule["who"]
        if who == "all":
            drawers = [(seat + i * before) % players for i in range(players)]
        else:
            drawers = [{"player": seat, "previous": previous, "next": following}[who]]
        for drawer in drawers:
            count = min(int(rule["count"]), CAT_LIMIT - state.cat_drawn, cat_drawable(state))
            if count <= 0:
                continue
            show_rule(state, rule["id"])
            mark = len(events) if events is not None else 0
            cards = take(state, drawer, count, rng, events, cat=True)
            state.cat_drawn += len(cards)
            if events is not None:
                events.insert(mark, event("rule_draw", drawer, {"count": len(cards), "rule": rule["id"]}))
    for rule in dice:
        if state.cat_drawn >= CAT_LIMIT or not cat_drawable(state):
            continue
        value = rng.randint(1, 6)
        drawer = seat if value <= 3 else previous
        show_rule(state, rule["id"])
        state.cat_drawn += 1
        if events is not None:
            events.append(event("die", seat, {"value": value, "drawer": drawer, "rule": rule["id"]}))
        take(state, drawer, 1, rng, events, cat=True)


def draw(state: ChatVertState, seat: int, said: Said, rng: random.Random, events: Events) -> None:
    """``seat`` draws the pending +2/+4 (taking the "ficelle" if that rule is in force), or one card, which it
    then holds to play or keep when it may be played."""
    mark = len(events) if events is not None else 0
    if state.pending != NO_PENALTY:
        cards = take(state, seat, state.pending_count, rng, events)
        if events is not None:
            data: dict[str, JSONValue] = {"count": len(cards), "why": "pending", "said": text_of(said)}
            events.insert(mark, event("draw", seat, data))
        state.pending = NO_PENALTY
        state.pending_target = None
        state.pending_count = 0
        ficelle = state.rule("ficelle")
        if ficelle is not None and state.ficelle != seat:
            old, state.ficelle = state.ficelle, seat
            show_rule(state, ficelle["id"])
            if events is not None:
                passed = {"from": old, "passed": False, "count": len(cards), "rule": ficelle["id"]}
                events.append(event("ficelle", seat, passed))
        state.turn = (seat + state.dir) % state.players
    else:
        cards = take(state, seat, 1, rng, events)
        if events is not None:
            events.insert(mark, event("draw", seat, {"count": len(cards), "why": "choice", "said": text_of(said)}))
        if cards and cards[0] in MATCH[state.hue][state.laid[-1]]:
            state.drawing, state.drawn_card = seat, cards[0]
        else:
            state.turn = (seat + state.dir) % state.players
    if said is not None:
        speak(state, seat, said, (), rng, events)


def keep(state: ChatVertState, seat: int, said: Said, rng: random.Random, events: Events) -> None:
    """``seat`` keeps the card it has drawn; the turn passes."""
    state.drawing = None
    state.drawn_card = -1
    state.turn = (seat + state.dir) % state.players
    if events is not None:
        events.append(event("keep", seat, {}))
    speak(state, seat, said, (), rng, events)


# ----- the other moves -----


def first(state: ChatVertState, direction: int, said: Said, rng: random.Random, events: Events) -> None:
    """The dealer has chosen who starts: its left neighbour (``direction`` 1) or its right one (-1)."""
    state.dir = direction
    state.phase = "play"
    state.turn = (state.dealer + direction) % state.players
    if events is not None:
        events.append(event("direction", state.dealer, {"dir": state.dir, "first": state.turn}))
    speak(state, state.dealer, said, (), rng, events)


def claim_refusal(state: ChatVertState, card: JSONValue, at: JSONValue) -> str | None:
    """Why "J'ai la même" with ``card`` (a code) at play number ``at`` is refused now, or None."""
    if card != state.top or at != state.plays or isinstance(at, bool):
        return "too_late"
    if state.first:
        return "same_first_card"
    if state.laid[-1] >= MAJOR:
        return "same_major"
    if state.pending != NO_PENALTY and KIND[state.laid[-1]] != state.pending:
        return "pending_penalty"
    return None


def claim(
    state: ChatVertState, seat: int, card: JSONValue, at: JSONValue, said: Said, rng: random.Random, events: Events
) -> None:
    """``seat`` says "J'ai la même" with the top card ``card`` (a code) at play number ``at``: it plays its own if
    it holds one, else it gets a penalty card. Refused (``IllegalAction``) when no claim is open."""
    code = claim_refusal(state, card, at)
    if code is not None:
        raise IllegalAction(code)
    top = state.laid[-1]
    if top not in state.held[seat]:
        penalise(state, seat, penalty("false_same"), rng, events)
        return
    play(state, seat, top, 1, -1, said, rng, events, same=True)


def say(state: ChatVertState, seat: int, text: str, rng: random.Random, events: Events) -> None:
    """``seat`` says ``text`` on its own: "J'ai la même", the "ficelle" phrase passing a penalty on, or words
    the rules check like any other."""
    said = event("said", seat, {"text": text})
    if normalise(text) == SAME_NORM:
        claimed: list[Event] = []
        claim(state, seat, state.top, state.plays, None, rng, claimed)
        if events is not None:
            events += [said, *claimed]
        return
    ficelle = state.rule("ficelle")
    if (
        ficelle is not None
        and state.ficelle == seat
        and state.pending != NO_PENALTY
        and state.pending_target == seat
        and not check_speech(text, [Requirement.phrase(ficelle["phrase"], ficelle["id"])], known_phrases_of(state))
    ):
        victim = (seat + state.dir) % state.players
        count = state.pending_count
        state.pending = NO_PENALTY
        state.pending_target = None
        state.pending_count = 0
        state.ficelle = victim
        state.turn = (victim + state.dir) % state.players
        show_rule(state, ficelle["id"])
        taken: list[Event] = []
        cards = take(state, victim, count, rng, taken)
        if events is not None:
            passed = {"from": seat, "passed": True, "count": len(cards), "rule": ficelle["id"]}
            events += [
                said,
                event("ficelle", victim, passed),
                event("draw", victim, {"count": len(cards), "why": "pending", "said": None}),
                *taken,
            ]
        return
    if events is not None:
        events.append(said)
    speak(state, seat, text, (), rng, events)


def timeout(state: ChatVertState, seat: int, rng: random.Random, events: Events) -> None:
    """The awaited ``seat`` took too long: a penalty card."""
    state.slow += 1
    penalise(state, seat, penalty("timeout"), rng, events)


def judge(state: ChatVertState, rule: Rule, target: int, rng: random.Random, events: Events) -> None:
    """The author of the free rule ``rule`` hands ``target`` a penalty card for it."""
    penalise(state, target, penalty("free", message=rule["message"], rule=rule["id"]), rng, events)


# ----- penalties -----


def text_of(said: Said) -> str | None:
    """What was said, as text: the requirements' phrases joined as a player would say them."""
    if said is None or isinstance(said, str):
        return said
    return ", ".join(req.display for req in said)


def speak(
    state: ChatVertState,
    seat: int,
    said: Said,
    asked: Speech,
    rng: random.Random,
    events: Events,
    *,
    claim: bool = False,
) -> None:
    """A penalty card for each rule ``said`` breaks when ``asked`` was required."""
    if said is asked or not (said or asked):
        return  # said just what was asked, or nothing when nothing was
    for data in state.index().penalties(text_of(said), asked, claim):
        penalise(state, seat, data, rng, events)


def penalise(state: ChatVertState, seat: int, data: dict[str, JSONValue], rng: random.Random, events: Events) -> None:
    """One penalty card, drawn at once."""
    if events is not None:
        events.append(event("penalty", seat, data))
    state.penalties = [*state.penalties, {**data, "seat": seat}][-RECENT:]
    if data.get("rule") is not None:
        show_rule(state, as_number(data["rule"]))
    take(state, seat, 1, rng, events)
