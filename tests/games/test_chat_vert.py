"""Le Chat vert scenarios under the base rules: fixed deals, fixed moves, expected results worked out by hand."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence
from functools import partial
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import as_texts
from bot.games.chat_vert.engine import COLOURS
from bot.games.chat_vert.engine import DECK
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.engine import colour_of
from bot.games.chat_vert.engine import deal_fixed
from bot.games.chat_vert.engine import kind_of
from bot.games.chat_vert.engine import matches
from bot.games.chat_vert.engine import turn_timer
from bot.games.chat_vert.views import ChatVertOwn
from bot.games.chat_vert.views import ChatVertTable
from bot.games.chat_vert.views import PenaltyNote
from bot.games.chat_vert.views import Pending
from bot.games.chat_vert.views import SeatInfo
from bot.players.chat_vert import PLAYER
from bot.players.chat_vert import bench_vs_random
from bot.players.chat_vert import choose
from bot.players.chat_vert import claim
from bot.players.chat_vert import make_rule
from bot.registry import engine_of
from bot.registry import player_of
from tests.games import support

RNG = random.Random(7)
H0 = H1 = ["G7", "G8", "G9"]
H2 = H3 = ["G0", "G1", "G2"]
"""Filler cards (seat by seat) that match nothing in these scenarios, so that no hand gets down to one card."""


def fixed(
    hands: Sequence[Sequence[str]],
    *,
    top: str,
    stock: Sequence[str] | None = None,
    pile: Sequence[str] = (),
    turn: int | None = 0,
    dir: int = 1,
    dealer: int = 0,
    rules: Sequence[dict[str, Any]] = (),
    timer: int = 60,
) -> ChatVertState:
    """A game dealt the given hands with ``top`` face up, in play with ``turn`` to act (None: direction phase)."""
    state = GAME.setup(len(hands), {"rules": list(rules), "timer": timer}, random.Random(0))
    return deal_fixed(state, hands, top=top, stock=stock, pile=pile, turn=turn, dir=dir, dealer=dealer)


def act(state: ChatVertState, seat: int, kind: str, /, **args: Any) -> list[Event]:
    return GAME.apply(state, seat, Action.of(kind, **args), RNG)


def play(state: ChatVertState, seat: int, card: str, n: int = 1, colour: str | None = None, **args: Any) -> list[Event]:
    return act(state, seat, "play", card=card, n=n, colour=colour, **args)


refused = partial(support.refused, GAME, rng=RNG)
"""Refuse a move with a code, leaving the state as it was."""


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events if e.private_to is None]


def penalties(events: list[Event]) -> list[tuple[int | None, str]]:
    return [(e.seat, str(e.data["reason"])) for e in events if e.kind == "penalty"]


def cards_in_play(state: ChatVertState) -> Counter[str]:
    return Counter([*(c for h in state.hands for c in h), *state.pile, *state.stock])


# ----- cards and deal -----


def test_deck_has_112_cards_with_the_right_counts() -> None:
    assert len(DECK) == 112
    counts = Counter(DECK)
    assert counts["W"] == 4 and counts["F"] == 4
    coloured = [c for c in DECK if c not in ("W", "F")]
    assert len(coloured) == 104
    assert all(counts[c + s] == 2 for c in COLOURS for s in "0123456789SRD")
    assert Counter(colour_of(c) for c in coloured) == {c: 26 for c in COLOURS}
    assert Counter(kind_of(c) for c in DECK) == {
        "number": 80,
        "skip": 8,
        "reverse": 8,
        "plus2": 8,
        "wild": 4,
        "plus4": 4,
    }


def test_registry_and_options() -> None:
    assert engine_of("chat_vert") is GAME and player_of("chat_vert") is PLAYER
    assert (GAME.min_players, GAME.max_players) == (2, 10)
    assert [o.name for o in GAME.options] == ["timer", "dealer", "rules", "pause"]
    with pytest.raises(BadOption):
        GAME.setup(4, {"timer": 601}, random.Random(0))
    with pytest.raises(BadOption):
        GAME.setup(4, {"rules": [{"template": "say"}]}, random.Random(0))
    with pytest.raises(ValueError):
        GAME.setup(11, {}, random.Random(0))
    assert turn_timer(GAME.setup(3, {"timer": 30}, random.Random(0))) == 30


def test_the_deal_gives_seven_cards_each_starting_left_of_the_dealer() -> None:
    seed = next(s for s in range(100) if _shuffled(s)[-29] not in ("W", "F"))
    cards = _shuffled(seed)
    state = GAME.setup(4, {"dealer": 2}, random.Random(seed))
    assert state.dealer == 2
    # One card at a time from the top of the shuffled deck (its end): seat 3 first, then 0, 1, 2, seven rounds.
    for i, seat in enumerate((3, 0, 1, 2)):
        assert sorted(state.hands[seat]) == sorted(cards[-1 - i - 4 * r] for r in range(7))
    assert state.top == cards[-29] and state.pile == [cards[-29]]
    assert state.stock == cards[:-29] and len(state.stock) == 83
    assert state.returned == [] and state.first and state.colour == cards[-29][0]
    assert state.phase == "direction" and GAME.to_act(state) == {2}
    (deal,) = GAME.start_events(state)
    assert (deal.kind, deal.seat, deal.milestone) == ("deal", 2, True)
    assert deal.data == {"dealer": 2, "top": cards[-29], "returned": [], "cards": 7}
    assert cards_in_play(state) == Counter(DECK)


def _shuffled(seed: int) -> list[str]:
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return cards


def test_a_major_turned_up_first_goes_back_into_the_draw_pile() -> None:
    seed = next(s for s in range(1000) if _shuffled(s)[-29] in ("W", "F"))
    cards = _shuffled(seed)
    state = GAME.setup(4, {"dealer": 0}, random.Random(seed))
    majors = []
    i = -29
    while cards[i] in ("W", "F"):
        majors.append(cards[i])
        i -= 1
    assert state.returned == majors
    assert state.top == cards[i] and state.top not in ("W", "F")
    assert len(state.stock) == 112 - 28 - 1
    assert Counter(state.stock) == Counter(cards[: i + 112]) + Counter(majors)
    assert GAME.start_events(state)[0].data["returned"] == majors
    assert cards_in_play(state) == Counter(DECK)


def test_random_dealer_when_the_option_is_out_of_range() -> None:
    for players in (2, 5, 10):
        state = GAME.setup(players, {"dealer": 9 if players < 10 else -1}, random.Random(3))
        assert 0 <= state.dealer < players
        assert [len(h) for h in state.hands] == [7] * players


def test_the_first_cards_effect_is_ignored_and_a_plus2_on_it_makes_two() -> None:
    state = fixed([["YD", *H0], ["B1", *H1], ["B2", *H2]], top="BD", turn=None, dealer=2)
    events = act(state, 2, "first", dir=1)
    assert kinds(events) == ["direction"] and events[0].data == {"dir": 1, "first": 0}
    view = GAME.public_view(state).table
    assert view.pending is None and view.turn == 0 and view.first is True
    assert Action.of("draw") in GAME.legal_actions(state, 0)
    events = play(state, 0, "YD")
    assert events[0].data["pending"] == 2 and events[0].data["next"] == 1
    assert GAME.public_view(state).table.pending == Pending(kind="plus2", count=2, target=1)
    assert GAME.public_view(state).table.first is False


def test_a_first_skip_or_reverse_does_nothing() -> None:
    state = fixed([H0, ["B1", *H1], H2], top="BS", turn=None, dealer=0)
    act(state, 0, "first", dir=1)
    assert GAME.to_act(state) == {1} and state.skipped is None
    state = fixed([H0, H1, ["B1", *H2]], top="BR", turn=None, dealer=0)
    act(state, 0, "first", dir=-1)
    assert GAME.to_act(state) == {2} and state.dir == -1


# ----- direction -----


def test_the_dealer_chooses_the_first_player_among_the_neighbours() -> None:
    state = fixed([H0, H1, H2, H3], top="R3", turn=None, dealer=0)
    assert GAME.legal_actions(state, 0) == [Action.of("first", dir=1), Action.of("first", dir=-1)]
    refused(state, 1, Action.of("first", dir=1), "not_your_turn")
    refused(state, 0, Action.of("first", dir=2), "bad_direction")
    refused(state, 0, Action.of("play", card="G7", n=1, colour=None), "unknown_action")
    right = copy.deepcopy(state)
    act(state, 0, "first", dir=1)
    assert (state.turn, state.dir, state.phase) == (1, 1, "play")
    refused(state, 1, Action.of("first", dir=1), "unknown_action")
    events = act(right, 0, "first", dir=-1)
    assert (right.turn, right.dir) == (3, -1)
    assert events[0].data == {"dir": -1, "first": 3}


def test_two_players_play_clockwise_only() -> None:
    state = fixed([H0, H1], top="R3", turn=None, dealer=1)
    assert GAME.legal_actions(state, 1) == [Action.of("first", dir=1)]
    refused(state, 1, Action.of("first", dir=-1), "bad_direction")
    act(state, 1, "first", dir=1)
    assert state.turn == 0


# ----- matching and pairs -----


def test_matching_colour_symbol_and_majors() -> None:
    state = fixed([["Y5", "R9", "B7", "W", "F", "GS"], ["G2", "B2", "Y8"], H0], top="R5")
    plays = {(a["card"], a["colour"]) for a in GAME.legal_actions(state, 0) if a.kind == "play"}
    assert plays == {("Y5", None), ("R9", None)} | {(m, c) for m in ("W", "F") for c in COLOURS}
    assert Action.of("draw") in GAME.legal_actions(state, 0)
    refused(state, 0, Action.of("play", card="B7", n=1, colour=None), "no_match")
    refused(state, 0, Action.of("play", card="GS", n=1, colour=None), "no_match")
    refused(state, 0, Action.of("play", card="W", n=1, colour=None), "bad_colour")
    refused(state, 0, Action.of("play", card="R9", n=1, colour="R"), "bad_colour")
    refused(state, 0, Action.of("play", card="R8", n=1, colour=None), "not_in_hand")
    refused(state, 0, Action.of("play", card="X1", n=1, colour=None), "bad_card")
    refused(state, 1, Action.of("play", card="G2", n=1, colour=None), "not_your_turn")
    assert matches("Y5", "R5", "R") and matches("R9", "R5", "R") and not matches("B7", "R5", "R")
    events = play(state, 0, "W", colour="G")
    assert events[0].data["colour"] == "G"
    assert (state.top, state.colour, state.turn) == ("W", "G", 1)
    # On a wild only the chosen colour counts.
    cards = {a["card"] for a in GAME.legal_actions(state, 1) if a.kind == "play"}
    assert cards == {"G2"}


def test_a_pair_of_identical_cards_when_the_first_matches() -> None:
    state = fixed([["R5", "R5", "B7", "B7", "W", "W", *H0], H1, H2], top="R3")
    legal = GAME.legal_actions(state, 0)
    assert Action.of("play", card="R5", n=2, colour=None) in legal
    assert Action.of("play", card="B7", n=2, colour=None) not in legal
    refused(state, 0, Action.of("play", card="B7", n=2, colour=None), "no_match")
    refused(state, 0, Action.of("play", card="W", n=2, colour="R"), "no_pair")
    refused(state, 0, Action.of("play", card="R5", n=3, colour=None), "bad_card")
    events = play(state, 0, "R5", n=2)
    assert events[0].data["cards"] == ["R5", "R5"]
    assert state.pile == ["R3", "R5", "R5"] and state.hands[0] == ["B7", "B7", "G7", "G8", "G9", "W", "W"]
    assert state.plays == 1 and state.turn == 1
    state = fixed([["R5", "B7", *H0], H1, H2], top="R3")
    refused(state, 0, Action.of("play", card="R5", n=2, colour=None), "no_pair")


# ----- drawing -----


def test_draw_a_playable_card_then_play_it() -> None:
    state = fixed([["B3", *H0], H1, H2], top="R3", stock=["R9", "Y1"])
    events = act(state, 0, "draw")
    assert kinds(events) == ["draw"] and events[0].data == {"count": 1, "why": "choice", "said": None}
    assert events[1].kind == "drew" and events[1].private_to == frozenset({0}) and events[1].data == {"cards": ["R9"]}
    assert (state.drawing, state.drawn, GAME.to_act(state)) == (0, "R9", frozenset({0}))
    assert GAME.legal_actions(state, 0) == [Action.of("play", card="R9", n=1, colour=None), Action.of("keep")]
    assert GAME.view(state, 0).own.drawn == "R9" and GAME.view(state, 1).own.drawn is None
    assert GAME.public_view(state).table.drawing == 0
    refused(state, 0, Action.of("play", card="B3", n=1, colour=None), "drawn_only")
    refused(state, 0, Action.of("draw"), "drawn_only")
    play(state, 0, "R9")
    assert state.top == "R9" and state.turn == 1 and state.drawing is None and state.drawn is None


def test_draw_a_playable_card_then_keep_it() -> None:
    state = fixed([["B3", *H0], H1, H2], top="R3", stock=["W", "Y1"])
    act(state, 0, "draw")
    assert state.drawn == "W"
    assert len([a for a in GAME.legal_actions(state, 0) if a.kind == "play"]) == 4
    events = act(state, 0, "keep")
    assert kinds(events) == ["keep"]
    assert state.turn == 1 and state.drawing is None and "W" in state.hands[0] and state.top == "R3"
    refused(state, 1, Action.of("keep"), "not_drawing")


def test_draw_an_unplayable_card_passes_the_turn() -> None:
    state = fixed([["B3", *H0], H1, H2], top="R3", stock=["Y1", "Y2"])
    act(state, 0, "draw")
    assert state.turn == 1 and state.drawing is None and sorted(state.hands[0]) == sorted(["B3", *H0, "Y1"])
    assert state.stock == ["Y2"]


def test_a_player_may_draw_instead_of_playing() -> None:
    state = fixed([["R5", *H0], H1, H2], top="R3", stock=["Y1"])
    act(state, 0, "draw")
    assert state.turn == 1 and "Y1" in state.hands[0]


# ----- +2 and +4 -----


def test_a_pair_of_plus2_makes_four() -> None:
    state = fixed([["RD", "RD", *H0], ["B1", *H1], H2], top="R3")
    events = play(state, 0, "RD", n=2)
    assert events[0].data["pending"] == 4 and events[0].data["next"] == 1
    assert GAME.legal_actions(state, 1) == [Action.of("draw")]
    refused(state, 1, Action.of("play", card="B1", n=1, colour=None), "pending_penalty")
    events = act(state, 1, "draw")
    assert events[0].data == {"count": 4, "why": "pending", "said": None}
    assert len(state.hands[1]) == 8 and state.turn == 2 and state.pending_kind is None


def test_a_plus2_chain_passed_on_twice_makes_six() -> None:
    hands = [["RD", *H0], ["BD", *H1], ["GD", *H2], ["Y5", "Y6", "Y7"]]
    state = fixed(hands, top="R3")
    play(state, 0, "RD")
    assert (state.pending_count, state.pending_target, state.turn) == (2, 1, 1)
    assert Action.of("play", card="BD", n=1, colour=None) in GAME.legal_actions(state, 1)
    play(state, 1, "BD")
    assert (state.pending_count, state.pending_target) == (4, 2)
    events = play(state, 2, "GD")
    assert events[0].data["pending"] == 6
    assert GAME.public_view(state).table.pending == Pending(kind="plus2", count=6, target=3)
    refused(state, 3, Action.of("play", card="Y5", n=1, colour=None), "pending_penalty")
    act(state, 3, "draw")
    assert len(state.hands[3]) == 9 and state.turn == 0 and GAME.public_view(state).table.pending is None
    assert state.colour == "G"


def test_a_plus4_chain_with_colours() -> None:
    state = fixed([["F", "Y1", "Y2"], ["F", "B1", "B2"], ["R7", "R8", "R9"]], top="R3")
    events = play(state, 0, "F", colour="G")
    assert events[0].data["pending"] == 4 and state.colour == "G"
    legal = GAME.legal_actions(state, 1)
    assert legal == [*(Action.of("play", card="F", n=1, colour=c) for c in COLOURS), Action.of("draw")]
    play(state, 1, "F", colour="Y")
    assert (state.pending_kind, state.pending_count, state.pending_target, state.colour) == ("plus4", 8, 2, "Y")
    refused(state, 2, Action.of("play", card="R7", n=1, colour=None), "pending_penalty")
    act(state, 2, "draw")
    assert len(state.hands[2]) == 11 and state.turn == 0 and state.colour == "Y"


def test_plus2_and_plus4_do_not_mix_without_the_transfer_rule() -> None:
    state = fixed([["F", *H0], ["RD", *H1], ["F", *H2]], top="R3")
    play(state, 0, "F", colour="R")
    refused(state, 1, Action.of("play", card="RD", n=1, colour=None), "pending_penalty")
    state = fixed([["RD", *H0], ["F", *H1], H2], top="R3")
    play(state, 0, "RD")
    refused(state, 1, Action.of("play", card="F", n=1, colour="R"), "pending_penalty")
    refused(state, 1, Action.of("play", card="G7", n=1, colour=None), "pending_penalty")


# ----- skip and reverse -----


def test_skip_and_no_skip_of_another_colour_from_the_skipped_player() -> None:
    state = fixed([["RS", *H0], ["BS", "B1", "R1"], ["R4", *H1], H2], top="R3")
    events = play(state, 0, "RS")
    assert events[0].data["skipped"] == 1 and events[0].data["next"] == 2
    assert (state.skipped, state.turn) == (1, 2)
    assert GAME.public_view(state).table.skipped == 1
    refused(state, 1, Action.of("play", card="BS", n=1, colour=None), "skip_other_colour")
    refused(state, 1, Action.of("play", card="R1", n=1, colour=None), "not_your_turn")
    play(state, 2, "R4")
    assert state.skipped is None and state.turn == 3


def test_a_pair_of_skips_skips_one_player() -> None:
    state = fixed([["RS", "RS", *H0], H1, H2, H3], top="R3")
    play(state, 0, "RS", n=2)
    assert (state.skipped, state.turn) == (1, 2)


def test_reverse_and_a_pair_of_reverses() -> None:
    state = fixed([["RR", *H0], H1, H2, H3], top="R3")
    events = play(state, 0, "RR")
    assert events[0].data["reversed"] is True and (state.dir, state.turn) == (-1, 3)
    state = fixed([["RR", "RR", *H0], H1, H2, H3], top="R3")
    play(state, 0, "RR", n=2)
    assert (state.dir, state.turn) == (-1, 3)
    state = fixed([H0, ["RR", *H1], H2, H3], top="R3", turn=1, dir=-1)
    play(state, 1, "RR")
    assert (state.dir, state.turn) == (1, 2)


# ----- J'ai la même -----


def test_same_on_a_number_play_continues_after_the_claimer() -> None:
    state = fixed([["R5", *H0], H1, ["R5", "Y1", "Y2"], H2], top="R3")
    play(state, 0, "R5")
    claim_action = Action.of("same", card="R5", at=1)
    assert claim_action in GAME.legal_actions(state, 2)
    assert GAME.legal_actions(state, 3) == [] and GAME.interrupters(state) == {0, 1, 2, 3}
    events = GAME.apply(state, 2, claim_action, RNG)
    assert events[0].kind == "play" and events[0].seat == 2
    assert events[0].data["same"] is True and events[0].data["cards"] == ["R5"] and events[0].data["next"] == 3
    assert state.turn == 3 and state.plays == 2 and state.hands[2] == ["Y1", "Y2"]
    assert state.pile == ["R3", "R5", "R5"]


def test_same_on_a_plus2_adds_two_for_the_one_after_the_claimer() -> None:
    state = fixed([["RD", *H0], H1, ["RD", *H2], H3], top="R3")
    play(state, 0, "RD")
    act(state, 2, "same", card="RD", at=1)
    assert (state.pending_count, state.pending_target, state.turn) == (4, 3, 3)
    act(state, 3, "draw")
    assert len(state.hands[3]) == 7 and state.turn == 0


def test_same_by_the_target_of_a_plus2() -> None:
    state = fixed([["RD", *H0], ["RD", *H1], H2], top="R3")
    play(state, 0, "RD")
    act(state, 1, "same", card="RD", at=1)
    assert (state.pending_count, state.pending_target) == (4, 2)


def test_same_on_a_skip_skips_the_one_after_the_claimer() -> None:
    state = fixed([["YS", *H0], H1, ["YS", *H2], H3], top="Y3")
    play(state, 0, "YS")
    assert (state.skipped, state.turn) == (1, 2)
    events = act(state, 2, "same", card="YS", at=1)
    assert events[0].data["skipped"] == 3
    assert (state.skipped, state.turn) == (3, 0)


def test_same_on_a_reverse() -> None:
    state = fixed([["YR", *H0], H1, ["YR", *H2], H3], top="Y3")
    play(state, 0, "YR")
    assert (state.dir, state.turn) == (-1, 3)
    act(state, 2, "same", card="YR", at=1)
    assert (state.dir, state.turn) == (1, 3)


def test_same_cancels_a_drawn_card_choice() -> None:
    state = fixed([["R5", *H0], ["B1", *H1], ["R5", *H2]], top="R3", stock=["B5"])
    play(state, 0, "R5")
    act(state, 1, "draw")
    assert state.drawing == 1
    act(state, 2, "same", card="R5", at=1)
    assert state.drawing is None and state.drawn is None and state.turn == 0 and "B5" in state.hands[1]


def test_a_false_same_earns_a_card_and_changes_nothing_else() -> None:
    state = fixed([["R5", *H0], H1, H2], top="R3", stock=["Y1", "Y2"])
    play(state, 0, "R5")
    before = copy.deepcopy(state)
    events = act(state, 2, "same", card="R5", at=1, say="J'ai la même")
    assert kinds(events) == ["penalty"]
    assert events[0].data == {
        "reason": "false_same",
        "said": None,
        "expected": None,
        "expected_card": None,
        "message": None,
        "rule": None,
    }
    assert state.hands[2] == ["Y1", "G0", "G1", "G2"]
    assert (state.turn, state.top, state.plays, state.pile) == (before.turn, before.top, before.plays, before.pile)
    assert GAME.public_view(state).table.penalties == (PenaltyNote(seat=2, reason="false_same"),)
    assert state.penalties == [{**events[0].data, "seat": 2}]


def test_same_refusals() -> None:
    state = fixed([["R5", "W", *H0], ["R3", *H1], ["R5", *H2]], top="R3", turn=None)
    refused(state, 1, Action.of("same", card="R3", at=0), "same_first_card")
    act(state, 0, "first", dir=1)
    refused(state, 1, Action.of("same", card="R3", at=0), "same_first_card")
    assert [a for a in GAME.legal_actions(state, 1) if a.kind == "same"] == []
    play(state, 1, "R3")
    refused(state, 2, Action.of("same", card="R5", at=1), "too_late")
    refused(state, 0, Action.of("same", card="R3", at=0), "too_late")
    play(state, 2, "R5")
    refused(state, 0, Action.of("same", card="R5", at=1), "too_late")
    act(state, 0, "same", card="R5", at=2)
    state = fixed([["W", *H0], ["W", *H1], H2], top="R3")
    play(state, 0, "W", colour="B")
    refused(state, 1, Action.of("same", card="W", at=1), "same_major")


def test_said_j_ai_la_meme_is_a_claim() -> None:
    state = fixed([["R5", *H0], H1, ["R5", *H2]], top="R3")
    play(state, 0, "R5")
    events = act(state, 2, "say", text="J'ai la même !")
    assert kinds(events) == ["said", "play"] and events[1].data["same"] is True
    assert state.turn == 0


# ----- last card -----


def test_forgetting_chat_vert() -> None:
    state = fixed([["R5", "B7"], H0, H1], top="R3", stock=["Y1"])
    events = play(state, 0, "R5")
    assert penalties(events) == [(0, "missing")]
    data = events[1].data
    assert (data["expected"], data["rule"], data["said"], data["expected_card"]) == ("Chat vert", None, None, None)
    assert state.hands[0] == ["Y1", "B7"]


@pytest.mark.parametrize("said", ["Chat vert", "chat vert !", "CHAT-VERT", "  Chât  Vért. "])
def test_saying_chat_vert_right(said: str) -> None:
    state = fixed([["R5", "B7"], H0, H1], top="R3")
    events = play(state, 0, "R5", say=said)
    assert penalties(events) == [] and events[0].data["said"] == said
    assert state.hands[0] == ["B7"]


def test_chat_vert_when_not_needed_and_nonsense() -> None:
    state = fixed([["R5", "R6", "B7"], H0, H1], top="R3")
    events = play(state, 0, "R5", say="Chat vert")
    assert penalties(events) == [(0, "unneeded")] and events[1].data["said"] == "Chat vert"
    events = act(state, 2, "say", text="Banane")
    assert kinds(events) == ["said", "penalty"] and events[1].data["reason"] == "nonsense"
    assert events[1].data["said"] == "Banane"


def test_a_major_as_last_card_stands_and_earns_a_card() -> None:
    state = fixed([["W"], H0, H1], top="R3", stock=["Y1"])
    events = play(state, 0, "W", colour="B")
    assert penalties(events) == [(0, "major_last")]
    assert state.hands[0] == ["Y1"] and state.top == "W" and state.colour == "B"
    assert state.phase == "play" and state.turn == 1 and state.winner is None


def test_the_win() -> None:
    state = fixed([["R5"], ["B1", "B2", "B3"], ["Y1", "Y2"]], top="R3")
    events = play(state, 0, "R5")
    assert kinds(events) == ["play", "win"]
    assert events[1].milestone and events[1].data == {"counts": [0, 3, 2]}
    assert state.phase == "over" and state.winner == 0 and GAME.is_over(state)
    assert GAME.to_act(state) == frozenset() and GAME.interrupters(state) == frozenset()
    assert [(r.seat, r.rank, r.score) for r in GAME.results(state)] == [(0, 1, 0), (2, 2, 2), (1, 3, 3)]
    refused(state, 1, Action.of("draw"), "game_over")
    assert GAME.public_view(state).table.winner == 0 and GAME.public_view(state).table.turn is None


def test_results_share_ranks_on_ties() -> None:
    state = fixed([["R5"], ["B1", "B2"], ["Y1", "Y2"], ["G1"]], top="R3")
    play(state, 0, "R5")
    assert [(r.seat, r.rank, r.score) for r in GAME.results(state)] == [(0, 1, 0), (3, 2, 1), (1, 3, 2), (2, 3, 2)]


# ----- the draw pile -----


def test_pause_shuffles_the_pile_into_a_new_draw_pile() -> None:
    state = fixed([["B7", "B8", "B9"], H0, H1], top="R5", stock=[], pile=["Y1", "Y2"])
    before = cards_in_play(state)
    events = act(state, 0, "draw")
    assert kinds(events) == ["draw", "pause"] and events[1].data == {"stock": 2}
    assert state.pile == ["R5"] and len(state.stock) == 1
    (drawn,) = as_texts(events[2].data["cards"])
    assert drawn in ("Y1", "Y2") and state.stock == [{"Y1": "Y2", "Y2": "Y1"}[drawn]]
    assert state.turn == 1  # neither yellow card fits a red 5
    assert cards_in_play(state) == before


def test_nothing_left_to_draw() -> None:
    state = fixed([["B7", "B8", "B9"], H0, H1], top="R5", stock=[])
    events = act(state, 0, "draw")
    assert events[0].data["count"] == 0 and events[1].data == {"cards": []}
    assert state.turn == 1 and len(state.hands[0]) == 3


# ----- the table's actions -----


def test_turn_timer_penalty() -> None:
    state = fixed([["R5", *H0], H1, H2], top="R3", stock=["Y1", "Y2", "Y3"], timer=60)
    assert GAME.timer_actions(state, 59.0) == []
    assert GAME.timer_actions(state, 61.0) == [Action.of("timeout", seat=0)]
    refused(state, 0, Action.of("timeout", seat=0), "not_your_turn")
    refused(state, -1, Action.of("timeout", seat=1), "not_awaited")
    assert not GAME.accepts(state, -1, Action.of("timeout", seat=0))
    events = GAME.apply(state, -1, Action.of("timeout", seat=0), RNG)
    assert penalties(events) == [(0, "timeout")] and "Y1" in state.hands[0]
    assert state.turn == 0 and state.slow == 1
    assert GAME.timer_actions(state, 61.0) == []
    assert GAME.timer_actions(state, 121.0) == [Action.of("timeout", seat=0)]
    play(state, 0, "R5")
    assert state.slow == 0 and GAME.timer_actions(state, 61.0) == [Action.of("timeout", seat=1)]
    off = fixed([H0, H1], top="R3", timer=0)
    assert GAME.timer_actions(off, 1000.0) == []


def test_the_dealer_is_awaited_in_the_direction_phase() -> None:
    state = fixed([H0, H1, H2], top="R3", turn=None, dealer=1)
    assert GAME.timer_actions(state, 60.0) == [Action.of("timeout", seat=1)]


# ----- refusals, accepts and views -----


def test_refusals_leave_the_state_unchanged() -> None:
    state = fixed([["R5", "R5", "W", *H0], ["B1", *H1], H2], top="R3")
    refused(state, 0, Action.of("dance"), "unknown_action")
    refused(state, 3, Action.of("draw"), "not_your_turn")
    refused(state, -1, Action.of("draw"), "not_your_turn")
    refused(state, 0, Action.of("draw", say=""), "empty_text")
    refused(state, 0, Action.of("draw", say="   "), "empty_text")
    refused(state, 0, Action.of("draw", say="x" * 201), "text_too_long")
    refused(state, 1, Action.of("say", text="x" * 201), "text_too_long")
    refused(state, 0, Action.of("keep"), "not_drawing")
    refused(state, 0, Action.of("play", card="R5", n=True, colour=None), "bad_card")
    refused(state, -1, Action.of("judge", rule=1, target=0), "unknown_rule")


def test_accepts_fills_the_defaults_and_ignores_say() -> None:
    state = fixed([["R5", "W", *H0], ["B1", *H1], H2], top="R3")
    assert GAME.accepts(state, 0, Action.of("play", card="R5"))
    assert GAME.accepts(state, 0, Action.of("play", card="R5", say="Tortue"))
    assert not GAME.accepts(state, 0, Action.of("play", card="R5", say=" "))
    assert not GAME.accepts(state, 0, Action.of("play", card="W"))
    assert GAME.accepts(state, 0, Action.of("play", card="W", colour="Y"))
    assert not GAME.accepts(state, 1, Action.of("draw"))
    assert GAME.accepts(state, 1, Action.of("say", text="hello"))
    assert GAME.accepts(state, 1, Action.of("same", card="R3", at=0))
    assert not GAME.accepts(state, 1, Action.of("say", text=""))
    assert not GAME.accepts(state, 5, Action.of("say", text="hello"))
    events = act(state, 0, "play", card="R5")
    assert events[0].data["cards"] == ["R5"]


def test_views_hide_the_hands_and_show_the_table() -> None:
    state = fixed([["R5", "W", *H0], ["B1", *H1], H2], top="R3", stock=["Y1", "Y2"])
    public = GAME.public_view(state)
    assert (public.phase, public.to_act, public.scores, public.over) == ("play", frozenset({0}), (5, 4, 3), False)
    assert public.table == ChatVertTable(
        phase="play",
        players=3,
        dealer=0,
        turn=0,
        dir=1,
        arrows=1,
        top="R3",
        top_major=False,
        colour="R",
        first=True,
        pile=1,
        stock=2,
        counts=(5, 4, 3),
        at=0,
        pending=None,
        skipped=None,
        drawing=None,
        rules=0,
        ficelle=None,
        ficelle_rule=False,
        penalties=(),
        winner=None,
        timer=60,
        seats=(
            SeatInfo(cards=5, awaited=True, winner=False, targeted=False, marks=("dealer",)),
            SeatInfo(cards=4, awaited=False, winner=False, targeted=False, marks=()),
            SeatInfo(cards=3, awaited=False, winner=False, targeted=False, marks=()),
        ),
        starts=(1, 2),
        claim_open=False,
    )
    mine = GAME.view(state, 0)
    assert mine.own == ChatVertOwn(
        hand=("R5", "G7", "G8", "G9", "W"), drawn=None, playable=("R5", "W"), pairs=(), task="turn"
    )
    assert mine.seat == 0 and mine.table == public.table
    assert GAME.view(state, 1).own.playable == () and GAME.view(state, 1).own.task is None
    assert GAME.secrets(state, 0) == frozenset({"R5", "W"})  # seat 1 holds G7, G8 and G9 too
    assert GAME.stage(state) == 0


def test_hands_stay_sorted() -> None:
    state = fixed([["F", "W", "G1", "B2", "RD", "R0", "Y9"], H0], top="R3", stock=["YS"])
    assert state.hands[0] == ["Y9", "R0", "RD", "B2", "G1", "W", "F"]
    act(state, 0, "draw")
    assert state.hands[0] == ["Y9", "YS", "R0", "RD", "B2", "G1", "W", "F"]


# ----- the computer player -----


def test_computer_stacks_a_plus2_when_hit() -> None:
    state = fixed([["RD", *H0], ["BD", "B1", "W"], H1], top="R3")
    play(state, 0, "RD")
    assert choose(state, 1, RNG) == Action.of("play", card="BD", n=1, colour=None)


def test_computer_keeps_majors_but_never_as_last_card() -> None:
    state = fixed([["R5", "W", "B1"], H0, H1], top="R3")
    assert choose(state, 0, RNG)["card"] == "R5"
    state = fixed([["R5", "W"], H0, H1], top="R3")
    action = choose(state, 0, RNG)
    assert action["card"] == "W" and action["colour"] == "R" and action["say"] == "Chat vert"


def test_computer_chooses_the_colour_it_holds_most_and_says_chat_vert() -> None:
    state = fixed([["W", "B1", "B2", "Y4"], H0, H1], top="R3")
    action = choose(state, 0, RNG)
    assert action == Action.of("play", card="W", n=1, colour="B")
    state = fixed([["R5", "B7"], H0, H1], top="R3")
    assert choose(state, 0, RNG) == Action.of("play", card="R5", n=1, colour=None, say="Chat vert")


def test_computer_plays_pairs_and_attacks_a_next_player_with_few_cards() -> None:
    state = fixed([["R5", "R6", "R6", "B1"], ["Y1", "Y2", "Y3"], H0], top="R3")
    assert choose(state, 0, RNG) == Action.of("play", card="R6", n=2, colour=None)
    state = fixed([["R5", "RS", "B1"], ["Y1", "Y2"], H0], top="R3")
    assert choose(state, 0, RNG)["card"] == "RS"


def test_computer_claims_sometimes() -> None:
    state = fixed([["R5", *H0], H1, ["R5", *H2]], top="R3")
    play(state, 0, "R5")
    claims = [claim(state, 2, random.Random(i)) for i in range(200)]
    made = [c for c in claims if c is not None]
    assert all(c == Action.of("same", card="R5", at=1) for c in made)
    assert 90 <= len(made) <= 150
    assert claim(state, 1, RNG) is None


def test_computer_beats_random_players() -> None:
    assert bench_vs_random(200) > 0.4


def test_computer_makes_valid_rules_up_to_twenty() -> None:
    rng = random.Random(5)
    rules: list[dict[str, Any]] = []
    while (rule := make_rule(rules, rng)) is not None:
        rules.append(rule)
    assert len(rules) == 20
    assert [r["id"] for r in rules] == list(range(1, 21))
    assert GAME.setup(4, {"rules": rules}, random.Random(0)).rules == rules
