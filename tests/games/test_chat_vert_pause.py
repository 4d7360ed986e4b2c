""" "Pause": whatever empties the draw pile, the pile but its top card becomes a new draw pile at once.

Fixed deals, three players, red 5 on top; the draw piles are small and listed in drawing order, so every pile
below is worked out by hand. Shuffles use the rng, so a new draw pile is checked as a set of cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import as_texts
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.engine import deal_fixed
from bot.games.chat_vert.rules import validate_rule

H1 = ["G7", "G8", "G9"]
H2 = ["G0", "G1", "G2"]
"""Filler cards that match nothing here, so that no hand gets down to one card."""


def fixed(
    hand: Sequence[str],
    *,
    stock: Sequence[str],
    pile: Sequence[str] = (),
    rules: Sequence[dict[str, Any]] = (),
    pause: int = 1,
) -> ChatVertState:
    state = GAME.setup(3, {"rules": list(rules), "timer": 60, "pause": pause}, random.Random(0))
    return deal_fixed(state, [hand, H1, H2], top="R5", stock=stock, pile=pile, turn=0)


def act(state: ChatVertState, seat: int, action: Action) -> list[Event]:
    return GAME.apply(state, seat, action, random.Random(5))


def public(events: list[Event]) -> list[tuple[str, dict[str, Any]]]:
    return [(e.kind, dict(e.data)) for e in events if e.private_to is None]


def drew(events: list[Event]) -> list[str]:
    return [c for e in events if e.kind == "drew" for c in as_texts(e.data["cards"])]


def in_play(state: ChatVertState) -> Counter[str]:
    return Counter([*(c for h in state.hands for c in h), *state.pile, *state.stock])


def draw_rule(**params: Any) -> dict[str, Any]:
    cond = {"colour": None, "number": 3, "kind": None}
    return validate_rule({"id": 1, "template": "draw", "cond": cond, "author": 42, "author_name": "Ana", **params})


def test_a_turns_draw_of_the_last_card_pauses_at_once() -> None:
    state = fixed(["B7", "B8", "B9"], stock=["Y1"], pile=["Y2", "Y3"])
    before = in_play(state)
    events = act(state, 0, Action.of("draw"))
    assert [k for k, _ in public(events)] == ["draw", "pause"]
    assert public(events)[1][1] == {"stock": 2}
    assert drew(events) == ["Y1"] and state.pile == ["R5"] and sorted(state.stock) == ["Y2", "Y3"]
    assert GAME.public_view(state).table.stock == 2 and in_play(state) == before


def test_a_plus_two_that_takes_the_last_cards_pauses_at_once() -> None:
    state = fixed(["RD", "B8", "B9"], stock=["Y1", "Y4"], pile=["Y2", "Y3"])
    act(state, 0, Action.of("play", card="RD", n=1, colour=None))
    events = act(state, 1, Action.of("draw"))
    # Y1 and Y4 empty the draw pile; under the +2 lie Y2, Y3 and R5: the new draw pile.
    assert [k for k, _ in public(events)] == ["draw", "pause"]
    assert public(events)[0][1]["count"] == 2 and public(events)[1][1] == {"stock": 3}
    assert sorted(drew(events)) == ["Y1", "Y4"]
    assert state.pile == ["RD"] and sorted(state.stock) == ["R5", "Y2", "Y3"]


def test_a_plus_four_needing_more_than_the_pile_takes_it_pauses_then_takes_the_rest() -> None:
    state = fixed(["F", "B8", "B9"], stock=["Y1", "Y2"], pile=["Y6", "Y7"])
    act(state, 0, Action.of("play", card="F", n=1, colour="B"))
    events = act(state, 1, Action.of("draw"))
    # Y1, Y2, then "Pause" (Y6, Y7 and R5 under the +4), then two of those three.
    assert [k for k, _ in public(events)] == ["draw", "pause"]
    assert public(events)[1][1] == {"stock": 3}
    cards = drew(events)
    assert cards[:2] == ["Y1", "Y2"] and len(cards) == 4
    assert Counter([*cards[2:], *state.stock]) == Counter(["Y6", "Y7", "R5"]) and state.pile == ["F"]


def test_a_penalty_card_that_empties_the_draw_pile_pauses_at_once() -> None:
    state = fixed(["R3", "R4"], stock=["Y1"], pile=["Y2"])
    events = act(state, 0, Action.of("play", card="R3", n=1, colour=None))  # one card left, no "Chat vert"
    assert [k for k, _ in public(events)] == ["play", "penalty", "pause"]
    assert public(events)[2][1] == {"stock": 2}
    assert drew(events) == ["Y1"] and state.pile == ["R3"] and sorted(state.stock) == ["R5", "Y2"]


def test_the_turn_timers_card_that_empties_the_draw_pile_pauses_at_once() -> None:
    state = fixed(["B7", "B8", "B9"], stock=["Y1"], pile=["Y2"])
    events = act(state, -1, Action.of("timeout", seat=0))
    assert [(k, d.get("reason")) for k, d in public(events)] == [("penalty", "timeout"), ("pause", None)]
    assert drew(events) == ["Y1"] and state.pile == ["R5"] and state.stock == ["Y2"]


def test_a_draw_made_by_an_added_rule_pauses_and_draws_all_it_must() -> None:
    state = fixed(["R3", "R4", "B9"], stock=["Y1"], pile=["Y2", "Y3"], rules=[draw_rule(who="next", count=2)])
    before = in_play(state)
    events = act(state, 0, Action.of("play", card="R3", n=1, colour=None))
    # The next player draws Y1, then "Pause" (Y2, Y3 and R5 under the R3), then one of those three.
    assert [k for k, _ in public(events)] == ["play", "rule_draw", "pause"]
    assert public(events)[1][1] == {"count": 2, "rule": 1} and public(events)[2][1] == {"stock": 3}
    cards = drew(events)
    assert cards[0] == "Y1" and Counter([cards[1], *state.stock]) == Counter(["Y2", "Y3", "R5"])
    assert sorted(state.hands[1]) == sorted([*H1, *cards]) and state.pile == ["R3"] and in_play(state) == before


def test_an_added_rules_die_rolled_on_an_empty_draw_pile_pauses_first() -> None:
    die = validate_rule({"id": 1, "template": "die", "cond": {"colour": None, "number": 3, "kind": None}})
    state = fixed(["R3", "R4", "B9"], stock=[], pile=["Y2", "Y3"], rules=[die])
    events = act(state, 0, Action.of("play", card="R3", n=1, colour=None))
    assert [k for k, _ in public(events)] == ["play", "die", "pause"]
    rolled = public(events)[1][1]
    drawer = 0 if rolled["value"] <= 3 else 2  # 1-3 the player, 4-6 the previous player (seat 2)
    assert rolled["drawer"] == drawer and public(events)[2][1] == {"stock": 3}
    (card,) = drew(events)
    assert card in state.hands[drawer] and Counter([card, *state.stock]) == Counter(["Y2", "Y3", "R5"])


def test_cards_missing_even_after_the_pause_are_not_drawn() -> None:
    state = fixed(["RD", "RD", "B8", "B9"], stock=["Y1"])
    act(state, 0, Action.of("play", card="RD", n=2, colour=None))
    events = act(state, 1, Action.of("draw"))
    # 4 to draw: Y1, "Pause" (R5 and one +2 under the other), those two; then only the top card is left.
    assert [k for k, _ in public(events)] == ["draw", "pause"]
    assert public(events)[0][1]["count"] == 3 and public(events)[1][1] == {"stock": 2}
    assert sorted(drew(events)) == ["R5", "RD", "Y1"] and state.stock == [] and state.pile == ["RD"]
    assert GAME.public_view(state).table.pending is None and GAME.to_act(state) == frozenset({2})


def test_games_started_before_the_rule_keep_their_old_draws() -> None:
    state = fixed(["R3", "R4", "B9"], stock=["Y1"], pile=["Y2", "Y3"], rules=[draw_rule(who="next", count=2)], pause=0)
    events = act(state, 0, Action.of("play", card="R3", n=1, colour=None))
    assert [k for k, _ in public(events)] == ["play", "rule_draw"]
    assert public(events)[1][1] == {"count": 1, "rule": 1} and state.stock == []
    assert GAME.setup(2, {}, random.Random(0)).pause is True
