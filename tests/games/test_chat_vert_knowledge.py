"""Le Chat vert's views tell nothing of the added rules nobody has seen at work yet.

A secret rule that lets a card answer a pending +2/+4 (transfer, reverse) is offered in a view only once it is
known (seen at work at this table, or shown in this game); the engine takes the move all the same, so a player
learns the rule by trying. The "ficelle" shows on the table once someone holds the string. Deals are fixed and
the expected views worked out by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.games.base import Action
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.engine import deal_fixed
from bot.games.chat_vert.rules import validate_rule

RNG = random.Random(5)
H0, H1, H2 = ["G7", "G8", "G9"], ["G0", "G1", "G2"], ["G3", "G4", "G6"]
DRAW = Action.of("draw")


def rule(template: str, seen: bool = False, **params: Any) -> dict[str, Any]:
    return validate_rule({"id": 1, "template": template, "author": 42, "author_name": "Ana", "seen": seen, **params})


def fixed(hands: Sequence[Sequence[str]], rules: list[dict[str, Any]], top: str = "R5") -> ChatVertState:
    state = GAME.setup(len(hands), {"rules": rules}, random.Random(0))
    return deal_fixed(state, hands, top=top, turn=0)


def card(code: str, colour: str | None = None) -> Action:
    return Action.of("play", card=code, n=1, colour=colour)


def plus4_on_seat_1(rules: list[dict[str, Any]]) -> ChatVertState:
    """Seat 0 plays a +4 naming yellow: seat 1, holding a yellow and a blue +2, must draw 4 or answer it."""
    state = fixed([["F", "Y1", *H0], ["YD", "BD", *H1], ["Y2", *H2]], rules)
    GAME.apply(state, 0, card("F", "Y"), RNG)
    assert (state.pending_kind, state.pending_target, state.turn) == ("plus4", 1, 1)
    return state


def test_a_transfer_nobody_has_seen_is_not_offered() -> None:
    secret = plus4_on_seat_1([rule("transfer")])
    assert {card("YD"), card("BD")} <= set(GAME.legal_actions(secret, 1))
    view = GAME.view(secret, 1)
    assert view.legal == (DRAW,)
    assert view.own.playable == ()


def test_the_view_is_the_same_with_the_secret_rule_written_as_another() -> None:
    transfer = plus4_on_seat_1([rule("transfer")])
    other = plus4_on_seat_1([rule("say", cond={"colour": None, "number": 8, "kind": None}, phrase="Vélocyclette")])
    for seat in range(3):
        assert GAME.view(transfer, seat) == GAME.view(other, seat)
    assert GAME.public_view(transfer) == GAME.public_view(other)


def test_the_engine_still_takes_a_move_of_a_rule_nobody_has_seen() -> None:
    state = plus4_on_seat_1([rule("transfer")])
    events = GAME.apply(state, 1, card("YD"), RNG)
    assert events[0].kind == "play" and events[0].data["rule"] == 1
    assert (state.pending_kind, state.pending_count, state.pending_target) == ("plus2", 6, 2)


def test_a_transfer_seen_at_this_table_is_offered() -> None:
    state = plus4_on_seat_1([rule("transfer", seen=True)])
    view = GAME.view(state, 1)
    assert view.legal == (card("YD"), card("BD"), DRAW)
    assert view.own.playable == ("YD", "BD")


def test_a_reverse_is_offered_once_a_penalty_has_shown_its_rule() -> None:
    state = fixed([["RD", "Y1", *H0], ["BR", *H1], ["Y2", *H2]], [rule("reverse", phrase="Transfert")])
    GAME.apply(state, 0, card("RD"), RNG)
    assert GAME.view(state, 1).legal == (DRAW,)
    events = GAME.apply(state, 1, card("BR"), RNG)  # without its phrase: a penalty, the card stays in hand
    assert [(e.kind, e.data["expected"]) for e in events if e.kind == "penalty"] == [("penalty", "Transfert")]
    assert (state.pending_target, state.turn) == (1, 1)
    view = GAME.view(state, 1)
    assert card("BR") in view.legal and view.own.playable == ("BR",)


def test_the_ficelle_shows_once_someone_holds_the_string() -> None:
    state = fixed([["RD", "Y1", *H0], ["B1", *H1], ["Y2", *H2]], [rule("ficelle", phrase="Saucisson")])
    for table in (GAME.public_view(state).table, *(GAME.view(state, s).table for s in range(3))):
        assert (table.ficelle_rule, table.ficelle) == (False, None)
    GAME.apply(state, 0, card("RD"), RNG)
    assert GAME.public_view(state).table.ficelle_rule is False
    GAME.apply(state, 1, DRAW, RNG)
    table = GAME.public_view(state).table
    assert (table.ficelle_rule, table.ficelle) == (True, 1)
    assert table.seats[1].marks == ("ficelle",)
    assert GAME.view(state, 2).table == table


def test_a_ficelle_seen_at_this_table_shows_from_the_deal() -> None:
    state = fixed([["RD", "Y1", *H0], ["B1", *H1], ["Y2", *H2]], [rule("ficelle", seen=True, phrase="Saucisson")])
    table = GAME.public_view(state).table
    assert (table.ficelle_rule, table.ficelle) == (True, None)
