"""Le Chat vert's fast paths against the rules as written, over many seeded random games.

The engine takes common moves a short way (card tables, compiled rules, remembered speech checks, events made
without the dataclass's checked ``__init__``, its own shuffle loop). Here, at every move of random games with and
without added rules: the legal moves equal a reference list built from the rules' text (matching, pairs, a
pending +2/+4 answered by its own kind or by what the transfer and reverse rules allow, majors once per colour,
"J'ai la même" on the top card); and the move applied the short way leaves exactly the state and events that the
long way (``_apply``, every check in order) leaves from a copy with the same random draws.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.base import Event
from bot.games.chat_vert.cards import CARD
from bot.games.chat_vert.cards import event
from bot.games.chat_vert.cards import shuffle
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.rules import COLOURS
from bot.games.chat_vert.rules import Rule
from bot.games.chat_vert.rules import check_rules
from bot.games.chat_vert.rules import validate_rule
from bot.players.chat_vert import make_rule
from bot.players.chat_vert import random_action

GAMES = settings(max_examples=60, deadline=None)
SAYINGS = ("Chat vert", "Miaou", "n'importe quoi", "Transfert", "J'ai la même")


def made_rules(rng: random.Random, count: int) -> list[Rule]:
    """Up to ``count`` rules, as computer winners would make them one after the other."""
    rules: list[Rule] = []
    while len(rules) < count:
        made = make_rule(rules, rng)
        if made is None:
            break
        rules.append(validate_rule({**made, "id": len(rules) + 1, "author": None, "author_name": "P"}))
    return rules


def _matches(card: str, top: str, colour: str) -> bool:
    """The rules' matching: a major on anything, a coloured card on the colour asked or on the same symbol."""
    if card in ("W", "F"):
        return True
    return card[0] == colour or (top not in ("W", "F") and card[1] == top[1])


def _kind(card: str) -> str:
    if card in ("W", "F"):
        return "wild" if card == "W" else "plus4"
    return {"S": "skip", "R": "reverse", "D": "plus2"}.get(card[1], "number")


def _reference(state: ChatVertState, seat: int) -> list[Action]:
    """The legal moves of ``seat`` worked out from the rules' text, in the engine's order."""
    if state.phase == "over" or not 0 <= seat < state.players:
        return []
    templates = {str(r["template"]) for r in state.rules}
    if state.phase == "direction":
        if seat != state.dealer:
            return []
        return [Action.of("first", dir=d) for d in ((1, -1) if state.players > 2 else (1,))]
    out: list[Action] = []
    hand = state.hands[seat]
    top = state.pile[-1]
    if seat == state.turn:
        drawn = state.drawn if state.drawing == seat else None
        candidates = [drawn] if drawn is not None else list(dict.fromkeys(hand))
        for card in candidates:
            if state.drawing == seat:
                allowed = True
            elif state.pending_kind is None:
                allowed = _matches(card, top, state.colour)
            else:
                kind = _kind(card)
                allowed = (
                    kind == state.pending_kind
                    or (kind in ("plus2", "plus4") and "transfer" in templates)
                    or (kind == "reverse" and "reverse" in templates)
                )
            if not allowed:
                continue
            colours: tuple[str | None, ...] = COLOURS if card in ("W", "F") else (None,)
            out += [Action.of("play", card=card, n=1, colour=c) for c in colours]
            if state.drawing != seat and card not in ("W", "F") and hand.count(card) >= 2:
                out.append(Action.of("play", card=card, n=2, colour=None))
        out.append(Action.of("keep") if state.drawing == seat and state.drawn is not None else Action.of("draw"))
    pending_ok = state.pending_kind is None or _kind(top) == state.pending_kind
    if not state.first and top not in ("W", "F") and top in hand and pending_ok:
        out.append(Action.of("same", card=top, at=state.plays))
    return out


def _fields(state: ChatVertState) -> dict[str, Any]:
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.compare}


@GAMES
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from([0, 3, 20]), st.integers(2, 4))
def test_legal_moves_and_short_way_agree_with_the_rules(seed: int, count: int, players: int) -> None:
    rng = random.Random(seed)
    rules = made_rules(rng, count)
    state = GAME.setup(players, {"rules": rules, "timer": 0}, random.Random(seed))
    for n in range(400):
        if GAME.is_over(state):
            break
        for seat in range(players):
            assert GAME.legal_actions(state, seat) == _reference(state, seat)
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        if rng.random() < 0.5:
            action = random_action(state, seat, rng)
        else:
            action = rng.choice(legal)
            if action.kind in ("play", "draw") and rng.random() < 0.3:
                action = Action.of(action.kind, **dict(action.args), say=rng.choice(SAYINGS))
        long = copy.deepcopy(state)
        events = GAME.play(state, seat, action, random.Random(n))
        assert events == GAME._apply(long, seat, action, random.Random(n))
        long.slow = 0
        assert _fields(state) == _fields(long)


def test_rules_checked_again_are_equal_and_fresh() -> None:
    rules = made_rules(random.Random(5), 20)
    first, again = check_rules(rules), check_rules([dict(r) for r in rules])
    assert first == again == rules
    assert all(a is not b and a is not r for a, b, r in zip(first, again, rules, strict=True))


def test_a_copy_of_the_state_is_independent() -> None:
    state = GAME.setup(3, {"rules": made_rules(random.Random(2), 5)}, random.Random(2))
    twin = copy.deepcopy(state)
    assert twin == state and twin.rules is state.rules
    twin.held[0].append(CARD["W"])
    twin.laid.append(CARD["R1"])
    twin.deck.pop()
    twin.penalties.append({"reason": "timeout", "seat": 0})
    assert twin.hands[0] != state.hands[0] and twin.pile != state.pile and twin.stock != state.stock
    assert not state.penalties


def test_events_and_shuffle_made_the_short_way_equal_the_long_way() -> None:
    drew = Event("drew", 2, {"cards": ["R1"]}, False, frozenset({2}))
    assert event("drew", 2, {"cards": ["R1"]}, frozenset({2})) == drew
    assert event("win", 0, {}, milestone=True) == Event("win", 0, {}, milestone=True)
    for seed in range(50):
        for size in (0, 1, 2, 111, 112):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, reference = list(range(size)), list(range(size))
            shuffle(ours, mine)
            theirs.shuffle(reference)
            assert mine == reference and ours.random() == theirs.random()
