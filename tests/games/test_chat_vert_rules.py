"""Le Chat vert's added rules: every template on the seed's own examples, the speech check, limits and contradictions.

Expected penalties and effects are worked out by hand from fixed deals.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import SeatView
from bot.games.base import TableView
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.engine import deal_fixed
from bot.games.chat_vert.engine import rules_used
from bot.games.chat_vert.rules import MATCH_BUDGET
from bot.games.chat_vert.rules import MAX_RULES
from bot.games.chat_vert.rules import Requirement
from bot.games.chat_vert.rules import RuleError
from bot.games.chat_vert.rules import _match
from bot.games.chat_vert.rules import card_name
from bot.games.chat_vert.rules import card_name_alts
from bot.games.chat_vert.rules import check_new_rule
from bot.games.chat_vert.rules import check_rules
from bot.games.chat_vert.rules import check_speech
from bot.games.chat_vert.rules import cond_matches
from bot.games.chat_vert.rules import known_phrases
from bot.games.chat_vert.rules import normalise
from bot.games.chat_vert.rules import rule_phrases
from bot.games.chat_vert.rules import validate_rule
from bot.players.chat_vert import choose
from bot.players.chat_vert import learned
from tests.games import support

RNG = random.Random(11)
H0 = H1 = ["G7", "G8", "G9"]
H2 = H3 = ["G0", "G1", "G2"]
GRANDPA = "Le jeu de mon grand-père ne contient aucune carte impuissante, Kaiba."
"""The seed's longest example: 69 characters, within the 80 of a phrase."""


def cond(colour: str | None = None, number: int | None = None, kind: str | None = None) -> dict[str, Any]:
    return {"colour": colour, "number": number, "kind": kind}


def rule(rule_id: int, template: str, **params: Any) -> dict[str, Any]:
    return validate_rule({"id": rule_id, "template": template, "author": 42, "author_name": "Ana", **params})


def fixed(
    hands: Sequence[Sequence[str]],
    rules: Sequence[dict[str, Any]],
    *,
    top: str,
    stock: Sequence[str] | None = None,
    turn: int = 0,
    dir: int = 1,
) -> ChatVertState:
    state = GAME.setup(len(hands), {"rules": list(rules)}, random.Random(0))
    return deal_fixed(state, hands, top=top, stock=stock, turn=turn, dir=dir)


def act(state: ChatVertState, seat: int, kind: str, /, rng: random.Random = RNG, **args: Any) -> list[Event]:
    return GAME.apply(state, seat, Action.of(kind, **args), rng)


def play(state: ChatVertState, seat: int, card: str, n: int = 1, colour: str | None = None, **args: Any) -> list[Event]:
    return act(state, seat, "play", card=card, n=n, colour=colour, **args)


def pens(events: list[Event]) -> list[dict[str, Any]]:
    """The penalties as (seat, reason, said, expected, rule), the keys that matter in these scenarios."""
    return [
        {"seat": e.seat, **{k: e.data[k] for k in ("reason", "said", "expected", "rule")}}
        for e in events
        if e.kind == "penalty"
    ]


refused = partial(support.refused, GAME, rng=RNG)
"""Refuse a move with a code, leaving the state as it was."""


# ----- names and normalisation -----


def test_normalise_ignores_case_accents_spaces_and_punctuation() -> None:
    assert normalise("  Vélocyclette !") == "velocyclette"
    assert normalise("Belette, oh my belette.") == "beletteohmybelette"
    assert normalise("J'ai la même") == "jailameme"
    assert normalise("CHAT-VERT") == normalise("chat vert") == "chatvert"
    assert normalise("Cœur ÉTÉ 7") == "coeurete7"
    assert normalise("?!") == ""


def test_card_names() -> None:
    assert card_name("R7") == "7 Rouge"
    assert card_name("RR") == "Changement de sens Rouge"
    assert card_name("BS") == "Passer son tour Bleu"
    assert card_name("GD") == "+2 Vert"
    assert card_name("Y0") == "0 Jaune"
    assert card_name("W") == "Changement de couleur"
    assert card_name("F") == "+4"
    alts = {normalise(a) for a in card_name_alts("R7")}
    assert {"7rouge", "septrouge", "rouge7", "red7", "sevenred", "rougesept"} <= alts
    assert {"2rouge", "plusdeuxrouge"} <= {normalise(a) for a in card_name_alts("RD")}
    assert card_name_alts("R7")[0] == "7 Rouge"


def test_conditions() -> None:
    assert cond_matches(cond("R"), "R7") and not cond_matches(cond("R"), "B7") and not cond_matches(cond("R"), "W")
    assert cond_matches(cond(number=4), "Y4") and not cond_matches(cond(number=4), "YS")
    assert cond_matches(cond(kind="plus4"), "F") and cond_matches(cond("B", kind="skip"), "BS")
    assert not cond_matches(cond("B", kind="skip"), "RS")
    assert cond_matches(cond("G", 6), "G6") and not cond_matches(cond("G", 6), "Y6")


# ----- the speech check on its own -----


def req(text: str, rule_id: int | None = None) -> Requirement:
    return Requirement.phrase(text, rule_id)


KNOWN = known_phrases([rule(1, "say", cond=cond(number=8), phrase="Vélocyclette")])


def test_speech_missing_phrase() -> None:
    (p,) = check_speech(None, [req("Vélocyclette", 1)], KNOWN)
    assert p == {
        "reason": "missing",
        "said": None,
        "expected": "Vélocyclette",
        "expected_card": None,
        "message": None,
        "rule": 1,
    }


def test_speech_wrong_phrase_is_said_instead() -> None:
    (p,) = check_speech("Lion rouge", [req("Chat vert")], KNOWN)
    assert (p["reason"], p["said"], p["expected"], p["rule"]) == ("instead", "Lion rouge", "Chat vert", None)


def test_speech_unneeded_and_nonsense() -> None:
    (p,) = check_speech("Vélocyclette", [], KNOWN)
    assert (p["reason"], p["said"]) == ("unneeded", "Vélocyclette")
    (p,) = check_speech("Chat vert !", [], KNOWN)
    assert (p["reason"], p["said"]) == ("unneeded", "Chat vert")
    (p,) = check_speech("Patate", [], KNOWN)
    assert (p["reason"], p["said"]) == ("nonsense", "Patate")
    assert check_speech(None, [], KNOWN) == []


def test_speech_two_required_phrases() -> None:
    both = [req("Chat vert"), req("Vélocyclette", 1)]
    assert check_speech("Vélocyclette, chat vert", both, KNOWN) == []
    assert check_speech("chat vert velocyclette", both, KNOWN) == []
    (p,) = check_speech("Chat vert", both, KNOWN)
    assert (p["reason"], p["expected"], p["rule"]) == ("missing", "Vélocyclette", 1)
    first, second = check_speech(None, both, KNOWN)
    assert (first["expected"], second["expected"]) == ("Chat vert", "Vélocyclette")
    # One missing with something else said: "instead" for the first missing, "missing" for the other.
    first, second = check_speech("Bicyclette", both, KNOWN)
    assert (first["reason"], first["said"], first["expected"]) == ("instead", "Bicyclette", "Chat vert")
    assert (second["reason"], second["expected"]) == ("missing", "Vélocyclette")


def test_speech_extra_beside_a_right_phrase() -> None:
    (p,) = check_speech("Chat vert, banane", [req("Chat vert")], KNOWN)
    assert (p["reason"], p["said"]) == ("nonsense", "banane")
    (p,) = check_speech("Chat vert. Vélocyclette!", [req("Chat vert")], KNOWN)
    assert (p["reason"], p["said"]) == ("unneeded", "Vélocyclette")


def test_speech_normalisation_and_the_same_phrase_twice() -> None:
    assert check_speech("  VÉLO-cyclette ?! ", [req("Vélocyclette", 1)], KNOWN) == []
    assert check_speech("velocyclette", [req("Vélocyclette", 1), req("VELOCYCLETTE", 2)], KNOWN) == []
    assert check_speech("J'ai la même, chat vert", [req("Chat vert")], KNOWN, claim=True) == []
    (p,) = check_speech("J'ai la même, chat vert", [req("Chat vert")], KNOWN)
    assert (p["reason"], p["said"]) == ("unneeded", "J'ai la même")


def test_speech_overlapping_phrases_are_both_found() -> None:
    lion = [req("Lion bleu", 1), Requirement.name("B9", 2)]
    assert check_speech("Lion bleu, neuf bleu", lion, KNOWN) == []
    assert check_speech("bleu neuf lion bleu", lion, KNOWN) == []


def test_speech_check_work_is_bounded_on_repeated_short_phrases() -> None:
    letters = [req(c) for c in "abcdef"]
    text = normalise(("abcde " * 40)[:200])
    forms = [[c] for c in "abcdef"]
    budget = [MATCH_BUDGET]
    _match(text, forms, budget)
    steps = MATCH_BUDGET - budget[0]
    # Without a bound the search would try every way to cut the text (about 34 ** 5 for a to e). With it: the budget,
    # then each of the at most 6 searches still open tries each of its at most len(text) occurrences, each finished
    # greedily in at most 6 + 1 steps.
    assert MATCH_BUDGET < steps <= MATCH_BUDGET + len(forms) * len(text) * (len(forms) + 1)
    penalties = check_speech(("abcde " * 40)[:200], letters, KNOWN)
    # a to e are found, f is not, and the rest of the text was said instead of it.
    assert [(p["reason"], p["expected"]) for p in penalties] == [("instead", "f")]


# ----- templates in play -----


def test_greater_tortue() -> None:
    rules = [rule(1, "greater", phrase="Tortue")]
    state = fixed([["R7", "Y1", "B9"], ["R2", "R8", *H1], ["RS", "R6", *H2]], rules, top="R5", stock=["Y5"] * 2)
    events = play(state, 0, "R7")  # 7 > 5, the first card counts
    assert pens(events) == [{"seat": 0, "reason": "missing", "said": None, "expected": "Tortue", "rule": 1}]
    events = play(state, 1, "R8", say="Tortue !")  # 8 > 7
    assert pens(events) == []
    events = play(state, 2, "R6", say="Tortue")  # 6 < 8: nothing was asked
    assert pens(events) == [{"seat": 2, "reason": "unneeded", "said": "Tortue", "expected": None, "rule": None}]
    state = fixed([["RS", "R9", "Y1"], H1, H2], rules, top="R5")
    assert pens(play(state, 0, "RS")) == []  # not a number card
    state = fixed([["Y1", "W", "Y2"], ["Y9", *H1], H2], rules, top="Y5")
    play(state, 0, "W", colour="Y")
    assert pens(play(state, 1, "Y9")) == []  # a number on a major: no number on the pile


def test_belette_on_a_4() -> None:
    rules = [rule(1, "say", cond=cond(number=4), phrase="Belette, oh my belette.")]
    state = fixed([["Y4", "Y1", "B9"], ["R4", *H1], H2], rules, top="Y5")
    assert pens(play(state, 0, "Y4", say="belette OH my belette")) == []
    events = play(state, 1, "R4", say="Belette")
    assert pens(events) == [
        {"seat": 1, "reason": "instead", "said": "Belette", "expected": "Belette, oh my belette.", "rule": 1}
    ]


def test_velocyclette_on_an_8() -> None:
    rules = [rule(1, "say", cond=cond(number=8), phrase="Vélocyclette")]
    state = fixed([["B8", "Y1", "B9"], ["Y8", *H1], H2], rules, top="B5")
    assert pens(play(state, 0, "B8", say="VELOCYCLETTE")) == []
    assert pens(play(state, 1, "Y8")) == [
        {"seat": 1, "reason": "missing", "said": None, "expected": "Vélocyclette", "rule": 1}
    ]


def test_the_red_cards_name() -> None:
    rules = [rule(1, "name", cond=cond("R"))]
    state = fixed([["R7", "Y1", "B9"], ["RR", *H1], ["R9", "Y9", *H2]], rules, top="R5")
    events = play(state, 0, "R7")
    assert pens(events) == [{"seat": 0, "reason": "missing", "said": None, "expected": "7 Rouge", "rule": 1}]
    assert events[1].data["expected_card"] == "R7"
    state = fixed([["R7", "R9", "Y1", "B9"], ["RR", *H1], H2], rules, top="R5")
    assert pens(play(state, 0, "R7", say="sept rouge")) == []
    assert pens(play(state, 1, "RR", say="Changement de sens Rouge")) == []
    assert state.turn == 0  # the reverse sends the turn back
    events = play(state, 0, "R9", say="Neuf jaune")
    assert pens(events) == [
        {"seat": 0, "reason": "instead", "said": "Neuf jaune", "expected": "9 Rouge", "rule": 1},
    ]


def test_a_name_said_on_a_card_that_needs_none_is_unneeded() -> None:
    rules = [rule(1, "name", cond=cond("R"))]
    state = fixed([["Y9", "Y1", "B9"], H1, H2], rules, top="Y5")
    assert pens(play(state, 0, "Y9", say="Neuf jaune")) == [
        {"seat": 0, "reason": "unneeded", "said": "Neuf jaune", "expected": None, "rule": None}
    ]
    state = fixed([["Y9", "Y1", "B9"], H1, H2], [], top="Y5")
    assert pens(play(state, 0, "Y9", say="Neuf jaune"))[0]["reason"] == "nonsense"


def test_chien_rouge_replaces_chat_vert() -> None:
    rules = [rule(1, "last_phrase", phrase="Chien rouge")]
    state = fixed([["R7", "Y1"], ["R8", "B1"], ["R9", "B2"]], rules, top="R5")
    assert pens(play(state, 0, "R7", say="Chat vert")) == [
        {"seat": 0, "reason": "instead", "said": "Chat vert", "expected": "Chien rouge", "rule": 1}
    ]
    assert pens(play(state, 1, "R8", say="Chien rouge")) == []
    assert pens(play(state, 2, "R9")) == [
        {"seat": 2, "reason": "missing", "said": None, "expected": "Chien rouge", "rule": 1}
    ]


def test_the_grandfathers_sentence_on_the_last_card() -> None:
    assert len(GRANDPA) == 69  # the seed's own example: the phrase limit lets it in
    rules = [rule(1, "final", phrase=GRANDPA)]
    state = fixed([["R7"], ["R8", *H1], H2], rules, top="R5", stock=["Y1"])
    events = play(state, 0, "R7")
    assert pens(events) == [{"seat": 0, "reason": "missing", "said": None, "expected": GRANDPA, "rule": 1}]
    assert state.hands[0] == ["Y1"] and not GAME.is_over(state)
    state = fixed([["R7"], ["R8", *H1], H2], rules, top="R5")
    events = play(state, 0, "R7", say="le jeu de mon grand pere ne contient aucune carte impuissante KAIBA")
    assert events[-1].kind == "win" and state.winner == 0


def test_everybody_draws_when_a_1_is_played() -> None:
    rules = [rule(1, "draw", cond=cond(number=1), who="all", count=1)]
    state = fixed([["Y1", "Y2", "B9"], H1, H2], rules, top="Y5", stock=["B1", "B2", "B3", "B4"])
    events = play(state, 0, "Y1")
    assert [(e.kind, e.seat, dict(e.data)) for e in events if e.kind == "rule_draw"] == [
        ("rule_draw", 0, {"count": 1, "rule": 1}),
        ("rule_draw", 1, {"count": 1, "rule": 1}),
        ("rule_draw", 2, {"count": 1, "rule": 1}),
    ]
    assert "B1" in state.hands[0] and "B2" in state.hands[1] and "B3" in state.hands[2]
    assert [len(h) for h in state.hands] == [3, 4, 4]
    assert rules_used(state) == [1]


def test_draw_rule_next_is_taken_before_the_reverse() -> None:
    rules = [rule(1, "draw", cond=cond(kind="reverse"), who="next", count=2)]
    state = fixed([["YR", "Y2", "B9"], H1, H2, H3], rules, top="Y5", stock=["B1", "B2"])
    play(state, 0, "YR")
    assert state.dir == -1 and state.turn == 3
    assert sorted(state.hands[1]) == sorted([*H1, "B1", "B2"])
    rules = [rule(1, "draw", cond=cond("Y"), who="previous", count=1)]
    state = fixed([H0, ["Y2", "Y3", "B9"], H2, H3], rules, top="Y5", stock=["B1"], turn=1, dir=-1)
    play(state, 1, "Y2")
    assert "B1" in state.hands[2]


def test_transfer_plus2_and_plus4() -> None:
    rules = [rule(1, "transfer")]
    state = fixed([["RD", *H0], ["F", *H1], ["BD", *H2], ["Y5", *H3]], rules, top="R5")
    play(state, 0, "RD")
    assert Action.of("play", card="F", n=1, colour="Y") in GAME.legal_actions(state, 1)
    events = play(state, 1, "F", colour="Y")
    assert events[0].data["rule"] == 1 and events[0].data["pending"] == 6
    assert (state.pending_kind, state.pending_count, state.pending_target, state.colour) == ("plus4", 6, 2, "Y")
    events = play(state, 2, "BD")
    assert (state.pending_kind, state.pending_count, state.pending_target) == ("plus2", 8, 3)
    act(state, 3, "draw")
    assert len(state.hands[3]) == 12
    assert learned(state) == [rules[0]]


def test_transfert_with_a_reverse() -> None:
    rules = [rule(1, "reverse", phrase="Transfert")]
    state = fixed([["RD", *H0], ["BR", *H1], H2, H3], rules, top="R5", stock=["Y1"])
    play(state, 0, "RD")
    assert Action.of("play", card="BR", n=1, colour=None) in GAME.legal_actions(state, 1)
    before = copy.deepcopy(state)
    events = play(state, 1, "BR")
    assert pens(events) == [{"seat": 1, "reason": "missing", "said": None, "expected": "Transfert", "rule": 1}]
    # The penalty card is the draw pile's last: "Pause" at once, R5 (under the +2) makes the new draw pile.
    assert [e.kind for e in events if e.private_to is None] == ["penalty", "pause"]
    assert "BR" in state.hands[1] and "Y1" in state.hands[1] and state.stock == ["R5"]
    assert (state.turn, state.plays, state.top, state.pending_count, state.pending_target) == (
        before.turn,
        before.plays,
        before.top,
        2,
        1,
    )
    events = play(state, 1, "BR", say="Transfert")
    assert pens(events) == []
    assert events[0].data["transfer"] is True and events[0].data["rule"] == 1 and events[0].data["reversed"]
    assert (state.dir, state.pending_target, state.turn, state.pending_count) == (-1, 0, 0, 2)
    assert state.top == "BR" and state.colour == "R"


def test_transfert_said_wrong() -> None:
    rules = [rule(1, "reverse", phrase="Transfert")]
    state = fixed([["RD", *H0], ["BR", *H1], H2], rules, top="R5")
    play(state, 0, "RD")
    assert pens(play(state, 1, "BR", say="Transfer")) == [
        {"seat": 1, "reason": "instead", "said": "Transfer", "expected": "Transfert", "rule": 1}
    ]
    assert "BR" in state.hands[1]


def test_no_reverse_on_a_penalty_without_the_rule() -> None:
    state = fixed([["RD", *H0], ["BR", *H1], H2], [], top="R5")
    play(state, 0, "RD")
    refused(state, 1, Action.of("play", card="BR", n=1, colour=None, say="Transfert"), "pending_penalty")


def _die_seed(low: bool) -> int:
    """A seed whose first roll is 1-3 (``low``) or 4-6."""
    return next(s for s in range(100) if (random.Random(s).randint(1, 6) <= 3) == low)


@pytest.mark.parametrize("low", [True, False])
def test_the_die_on_a_6(low: bool) -> None:
    rules = [rule(1, "die", cond=cond(number=6))]
    state = fixed([H0, ["R6", "Y1", "B9"], H2], rules, top="R5", stock=["B1"], turn=1)
    seed = _die_seed(low)
    value = random.Random(seed).randint(1, 6)
    events = act(state, 1, "play", rng=random.Random(seed), card="R6", n=1, colour=None)
    (die,) = [e for e in events if e.kind == "die"]
    drawer = 1 if low else 0  # 1-3: the player; 4-6: the previous player (seat 0, playing clockwise)
    assert (die.seat, dict(die.data)) == (1, {"value": value, "drawer": drawer, "rule": 1})
    assert "B1" in state.hands[drawer]


def test_saucisson_passes_the_penalty_on() -> None:
    rules = [rule(1, "ficelle", phrase="Saucisson")]
    hands = [["RD", "RD", "Y1", "Y2"], ["B1", *H1], ["R4", "Y3", "Y4"]]
    state = fixed(hands, rules, top="R5")
    assert GAME.public_view(state).table.ficelle_rule is False  # secret until someone holds the string
    play(state, 0, "RD")
    events = act(state, 1, "draw")
    (f,) = [e for e in events if e.kind == "ficelle"]
    assert (f.seat, dict(f.data)) == (1, {"from": None, "passed": False, "count": 2, "rule": 1})
    assert state.ficelle == 1 and GAME.public_view(state).table.ficelle == 1
    assert GAME.public_view(state).table.ficelle_rule is True
    events = act(state, 2, "say", text="Saucisson")  # not the holder
    assert pens(events) == [{"seat": 2, "reason": "unneeded", "said": "Saucisson", "expected": None, "rule": None}]
    play(state, 2, "R4")
    play(state, 0, "RD")
    assert state.pending_target == 1
    events = act(state, 1, "say", text="Saucisson !")
    assert [e.kind for e in events if e.private_to is None] == ["said", "ficelle", "draw"]
    assert dict(events[1].data) == {"from": 1, "passed": True, "count": 2, "rule": 1}
    assert state.ficelle == 2 and state.turn == 0 and state.pending_kind is None
    assert len(state.hands[2]) == 3 + 1 + 2 - 1  # three, one penalty card, two of the +2, one played


def test_free_rule_and_the_judge() -> None:
    rules = [
        rule(1, "free", text="Il faut se gratter le nez avant de jouer", message="Pour ne pas t'être gratté le nez."),
        rule(2, "say", cond=cond("B"), phrase="Bleu"),
    ]
    state = fixed([H0, H1, H2], rules, top="R5", stock=["Y1"])
    events = GAME.apply(state, -1, Action.of("judge", rule=1, target=2), RNG)
    assert [(e.seat, e.data["reason"], e.data["message"], e.data["rule"]) for e in events if e.kind == "penalty"] == [
        (2, "free", "Pour ne pas t'être gratté le nez.", 1)
    ]
    assert "Y1" in state.hands[2]
    for action, code in (
        (Action.of("judge", rule=2, target=0), "not_free_rule"),
        (Action.of("judge", rule=3, target=0), "unknown_rule"),
        (Action.of("judge", rule=1, target=3), "bad_seat"),
    ):
        refused(state, -1, action, code)
    with pytest.raises(GameError):
        GAME.apply(state, 0, Action.of("judge", rule=1, target=2), RNG)


def test_two_rules_on_one_play() -> None:
    rules = [rule(1, "name", cond=cond("R")), rule(2, "greater", phrase="Tortue")]
    state = fixed([["R7", "B1"], ["R8", "B2"], H2], rules, top="R5")
    assert pens(play(state, 0, "R7", say="Chat vert. 7 rouge. Tortue.")) == []
    events = play(state, 1, "R8", say="Chat vert, tortue")
    assert pens(events) == [{"seat": 1, "reason": "missing", "said": None, "expected": "8 Rouge", "rule": 1}]


def test_views_never_show_a_rule_text() -> None:
    rules = [
        rule(1, "say", cond=cond(number=4), phrase="Belette, oh my belette."),
        rule(2, "free", text="Se gratter le nez", message="Nez !"),
        rule(3, "ficelle", phrase="Saucisson"),
    ]
    state = fixed([["Y4", "Y1", "B9"], H1, H2], rules, top="Y5")
    play(state, 0, "Y4")
    views = [GAME.public_view(state), *(GAME.view(state, s) for s in range(3))]
    assert "Belette" in repr(views)  # the penalty says what was missing, as the seed's sentences do
    for view in views:
        own = view.own if isinstance(view, SeatView) else None
        assert isinstance(view, TableView | SeatView)
        rest = repr((replace(view.table, penalties=()), own))
        assert all(p not in rest for p in rule_phrases(rules))
    assert GAME.public_view(state).table.rules == 3


def test_the_computer_follows_only_the_rules_it_has_learned() -> None:
    rules = [rule(1, "say", cond=cond(number=4), phrase="Belette")]
    # One playable card each (no tie for the computer to break by chance): Y4 on the Y5, then R4 on the Y4.
    state = fixed([["Y4", "B1", "B9"], ["R4", "B7", *H1], H2], rules, top="Y5")
    assert choose(state, 0, RNG) == Action.of("play", card="Y4", n=1, colour=None)
    events = play(state, 0, "Y4")
    assert pens(events)[0]["rule"] == 1
    assert choose(state, 1, RNG) == Action.of("play", card="R4", n=1, colour=None, say="Belette")
    seen = [{**rules[0], "seen": True}]
    state = fixed([["Y4", "B1", "B9"], H1, H2], seen, top="Y5")
    assert choose(state, 0, RNG)["say"] == "Belette"


def test_the_computer_uses_transfer_reverse_and_ficelle_once_learned() -> None:
    rules = [
        {**rule(1, "reverse", phrase="Transfert"), "seen": True},
        {**rule(2, "ficelle", phrase="Saucisson"), "seen": True},
    ]
    state = fixed([["RD", *H0], ["BR", *H1], H2], rules, top="R5")
    play(state, 0, "RD")
    assert choose(state, 1, RNG) == Action.of("play", card="BR", n=1, colour=None, say="Transfert")
    state.ficelle = 1
    assert choose(state, 1, RNG) == Action.of("say", text="Saucisson")


# ----- limits and contradictions -----


def test_a_phrase_is_at_most_80_characters() -> None:
    assert validate_rule({"id": 1, "template": "last_phrase", "phrase": "é" * 80})["phrase"] == "é" * 80
    with pytest.raises(RuleError) as err:
        validate_rule({"id": 1, "template": "last_phrase", "phrase": "é" * 81})
    assert (err.value.code, err.value.params) == ("phrase_length", {"max": 80})


def test_rule_shapes_and_limits() -> None:
    with pytest.raises(RuleError) as err:
        validate_rule({"id": 1, "template": "sing"})
    assert err.value.code == "unknown_template"
    cases: list[tuple[dict[str, Any], str]] = [
        ({"template": "say", "cond": cond(number=8), "phrase": "x" * 81}, "phrase_length"),
        ({"template": "say", "cond": cond(number=8), "phrase": "   "}, "phrase_length"),
        ({"template": "say", "cond": cond(number=8), "phrase": "?!"}, "phrase_empty"),
        ({"template": "say", "cond": cond(number=8), "phrase": "J'ai la même !"}, "phrase_reserved"),
        ({"template": "last_phrase", "phrase": "jai la meme"}, "phrase_reserved"),
        ({"template": "draw", "cond": cond(number=1), "who": "all", "count": 3}, "draw_count"),
        ({"template": "draw", "cond": cond(number=1), "who": "all", "count": 0}, "draw_count"),
        ({"template": "draw", "cond": cond(number=1), "who": "dealer", "count": 1}, "bad_who"),
        ({"template": "say", "cond": cond(), "phrase": "Hop"}, "bad_condition"),
        ({"template": "say", "cond": cond("P"), "phrase": "Hop"}, "bad_condition"),
        ({"template": "say", "cond": cond(number=10), "phrase": "Hop"}, "bad_condition"),
        ({"template": "say", "cond": cond(number=4, kind="skip"), "phrase": "Hop"}, "impossible_condition"),
        ({"template": "die", "cond": cond("R", kind="wild")}, "impossible_condition"),
        ({"template": "name", "cond": cond("B", kind="plus4")}, "impossible_condition"),
        ({"template": "free", "text": "", "message": "Nez"}, "free_text_length"),
        ({"template": "free", "text": "Nez", "message": "x" * 151}, "free_text_length"),
        ({"template": "free", "text": "x" * 201, "message": "Nez"}, "free_text_length"),
    ]
    for raw, code in cases:
        with pytest.raises(RuleError) as err:
            validate_rule({"id": 1, **raw})
        assert err.value.code == code, raw
    ok = validate_rule({"id": 3, "template": "say", "cond": cond(number=8), "phrase": " " + "x" * 60 + " ", "x": 1})
    assert ok == {
        "id": 3,
        "template": "say",
        "cond": cond(number=8),
        "phrase": "x" * 60,
        "author": None,
        "author_name": "",
        "seen": False,
    }
    for bad in ({"id": 0}, {"id": "1"}, {"id": 1, "author": "me"}, {"id": 1, "seen": 1}):
        with pytest.raises(RuleError) as err:
            validate_rule({"template": "transfer", **bad})
        assert err.value.code == "bad_rule"


def test_at_most_twenty_rules() -> None:
    rules = [rule(i + 1, "say", cond=cond(number=i % 10, colour="YRBG"[i // 10]), phrase=f"Mot {i}") for i in range(20)]
    assert len(rules) == MAX_RULES
    check_rules(rules)
    with pytest.raises(RuleError) as err:
        check_new_rule(rules, rule(21, "transfer"))
    assert err.value.code == "too_many_rules"


def test_contradictions_and_duplicates() -> None:
    velo = rule(1, "say", cond=cond(number=8), phrase="Vélocyclette")
    cases: list[tuple[dict[str, Any], str | None]] = [
        (rule(2, "say", cond=cond(number=8), phrase="Bicyclette"), "contradiction"),
        (rule(2, "say", cond=cond(number=8, kind="number"), phrase="velocyclette!"), "duplicate"),
        (rule(2, "name", cond=cond(number=8)), "contradiction"),
        (rule(2, "say", cond=cond("R", 8), phrase="Bicyclette"), None),
        (rule(2, "say", cond=cond(number=9), phrase="Vélocyclette"), None),
    ]
    for new, code in cases:
        if code is None:
            check_new_rule([velo], new)
            continue
        with pytest.raises(RuleError) as err:
            check_new_rule([velo], new)
        assert err.value.code == code
    singles = [
        (rule(1, "greater", phrase="Tortue"), rule(2, "greater", phrase="Lièvre")),
        (rule(1, "last_phrase", phrase="Chien rouge"), rule(2, "last_phrase", phrase="Lion rouge")),
        (rule(1, "final", phrase="Fini"), rule(2, "final", phrase="Terminé")),
        (rule(1, "reverse", phrase="Transfert"), rule(2, "reverse", phrase="Retour")),
        (rule(1, "ficelle", phrase="Saucisson"), rule(2, "ficelle", phrase="Jambon")),
    ]
    for old, new in singles:
        with pytest.raises(RuleError) as err:
            check_new_rule([old], new)
        assert err.value.code == "contradiction"
        with pytest.raises(RuleError) as err:
            check_new_rule([old], {**old, "id": 2})
        assert err.value.code == "duplicate"
    with pytest.raises(RuleError) as err:
        check_new_rule([rule(1, "transfer")], rule(2, "transfer"))
    assert err.value.code == "duplicate"
    one = rule(1, "draw", cond=cond(number=1), who="all", count=1)
    with pytest.raises(RuleError) as err:
        check_new_rule([one], rule(2, "draw", cond=cond(number=1), who="all", count=2))
    assert err.value.code == "contradiction"
    check_new_rule([one], rule(2, "draw", cond=cond(number=1), who="next", count=2))
    with pytest.raises(RuleError) as err:
        check_new_rule([rule(1, "die", cond=cond(number=6))], rule(2, "die", cond=cond(number=6)))
    assert err.value.code == "duplicate"


def test_check_rules_for_the_option() -> None:
    velo = rule(1, "say", cond=cond(number=8), phrase="Vélocyclette")
    assert check_rules(()) == [] and check_rules(None) == [] and check_rules([velo]) == [velo]
    for bad in ("rules", [{"id": 1, "template": "sing"}], [velo, {**velo, "phrase": "Vélo"}], [velo, velo]):
        with pytest.raises(BadOption):
            check_rules(bad)


def test_checked_rules_are_frozen_and_taken_as_they_are() -> None:
    raw = [
        {"id": 1, "template": "say", "cond": {"colour": "R", "number": None, "kind": None}, "phrase": "Miaou"},
        {"id": 2, "template": "transfer"},
    ]
    checked = check_rules(raw)
    assert checked == [
        {**raw[0], "author": None, "author_name": "", "seen": False},
        {**raw[1], "author": None, "author_name": "", "seen": False},
    ]
    assert check_rules(checked) is checked, "checked once, not again"
    assert check_rules(list(checked)) is not checked  # a plain list may have changed since: checked anew
    for change in (
        lambda: checked.append(raw[1]),
        lambda: checked.__setitem__(0, raw[1]),
        lambda: checked[0].__setitem__("phrase", "Wouf"),
        lambda: checked[0]["cond"].update(colour="B"),
        lambda: checked[1].pop("template"),
    ):
        with pytest.raises(TypeError):
            change()
    assert checked[0]["phrase"] == "Miaou" and checked[0]["cond"]["colour"] == "R" and len(checked) == 2
    again = pickle.loads(pickle.dumps(checked))
    assert again == checked and type(again) is type(checked) and type(again[0]["cond"]) is type(checked[0]["cond"])
    assert {**checked[0], "seen": True}["seen"] is True  # a changed rule is a new one
