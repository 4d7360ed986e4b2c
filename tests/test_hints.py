"""Hints: the computer player's move for a human's seat, the same as ``act`` for the same RNG, with a reason that
the engine confirms (the points a move says it scores are the points the engine gives, and so on)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.chat_vert.rules import MAJORS
from bot.games.chat_vert.rules import colour_of
from bot.games.nain_jaune import BOARD
from bot.games.neurotrio import TYPES
from bot.games.njet import DECKS
from bot.games.njet import TRUMP
from bot.games.njet import is_super
from bot.games.njet import suit_of
from bot.games.njet import trick_winner
from bot.games.njet import value_of
from bot.i18n import LANGUAGES
from bot.i18n import catalog
from bot.i18n import plural_catalog
from bot.players.hints import Hint
from bot.players.hints import Hinting
from bot.players.hints import hint_rng
from bot.registry import KINDS
from bot.registry import engine_of
from bot.registry import player_of
from bot.registry import spec_of
from bot.service.hinting import reason_text
from bot.service.table_settings import hinted
from bot.service.table_settings import validate_settings
from bot.store import GameRow

NAIN_JAUNE_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The ranks in the order a sequence lays them, written out here rather than taken from the engine."""


def positions(kind: str, games: int = 3, moves: int = 160) -> Iterator[tuple[Any, int]]:
    """(state, seat) for every seat that has a move, along a few seeded games played by the computer player."""
    engine, player = engine_of(kind), player_of(kind)
    for seed in range(games):
        state = engine.setup(3, dict(spec_of(kind).short), action_rng(seed, 0))
        for number in range(1, moves):
            if engine.is_over(state):
                break
            seats = sorted(s for s in engine.to_act(state) if engine.legal_actions(state, s))
            if not seats:
                break
            for seat in seats:
                yield state, seat
            engine.apply(state, seats[0], player.act(state, seats[0], random.Random(number)), action_rng(seed, number))


def hint_of(kind: str, state: Any, seat: int, salt: int = 0) -> Hint:
    player = player_of(kind)
    assert isinstance(player, Hinting)
    return player.hint(state, seat, random.Random(salt))


def hinted_positions(kind: str, reasons: set[str], games: int = 3, moves: int = 160) -> Iterator[tuple[Any, int, Hint]]:
    """``positions`` with the hint at each, every hint's reason added to ``reasons`` (what a test saw in all)."""
    for state, seat in positions(kind, games, moves):
        hint = hint_of(kind, state, seat)
        reasons.add(hint.reason)
        yield state, seat, hint


@pytest.mark.parametrize("kind", KINDS)
def test_the_hint_is_the_move_act_makes_with_the_same_rng(kind: str) -> None:
    engine, player = engine_of(kind), player_of(kind)
    count = 0
    for k, (state, seat) in enumerate(positions(kind)):
        before = copy.deepcopy(state)
        hint = hint_of(kind, state, seat, k)
        assert hint.action == player.act(state, seat, random.Random(k))
        engine.apply(copy.deepcopy(state), seat, hint.action, action_rng(1, 1))  # the engine takes it
        assert engine.public_view(state) == engine.public_view(before)  # a hint changes nothing
        count += 1
    assert count > 50


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_is_a_catalog_entry_of_the_right_sort(kind: str, lang: str) -> None:
    seen: set[str] = set()
    for state, seat in positions(kind, games=2):
        hint = hint_of(kind, state, seat)
        entries = catalog(lang) if hint.count is None else plural_catalog(lang)
        assert hint.reason in entries, hint.reason
        text = reason_text(hint, lang)
        assert text and "{" not in text and not text.startswith("hint.")
        seen.add(hint.reason)
    assert len(seen) >= 2, seen


def test_asking_twice_at_one_moment_gives_the_same_hint() -> None:
    state, seat = next(s for s in positions("triominos", games=1) if s[0].layout.cells)
    first = hint_of("triominos", state, seat)
    player = player_of("triominos")
    assert isinstance(player, Hinting)
    assert player.hint(state, seat, hint_rng(7, 12, seat)) == player.hint(state, seat, hint_rng(7, 12, seat))
    assert first.reason.startswith("hint.tri.")


# -- the reasons are true -------------------------------------------------------------------------------


def _gained(kind: str, state: Any, seat: int, action: Action, score: Any) -> int:
    """What ``score(state, seat)`` gains when ``action`` is applied to a copy of ``state``."""
    after = copy.deepcopy(state)
    engine_of(kind).apply(after, seat, action, action_rng(99, 1))
    return int(score(after, seat) - score(state, seat))


def _placed(kind: str, state: Any, seat: int, action: Action, field: str) -> int:
    """The ``field`` of the ``place`` event the engine tells when ``action`` is applied to a copy of ``state``: what
    the placement itself earns (a bonus for going out comes in an event of its own)."""
    events = engine_of(kind).apply(copy.deepcopy(state), seat, action, action_rng(99, 1))
    (place,) = [e for e in events if e.kind == "place"]
    value = place.data[field]
    assert isinstance(value, int)
    return value


def test_triominos_says_the_points_the_engine_gives_and_none_scores_more() -> None:
    engine = engine_of("triominos")
    checked = 0
    for state, seat in positions("triominos", games=4):
        hint = hint_of("triominos", state, seat)
        if hint.reason not in ("hint.tri.best", "hint.tri.keep"):
            legal = engine.legal_actions(state, seat)
            assert not any(a.kind == "place" for a in legal)
            assert hint.reason == ("hint.tri.draw" if Action.of("draw") in legal else "hint.tri.pass")
            continue
        assert hint.count == _placed("triominos", state, seat, hint.action, "points")
        others = [a for a in engine.legal_actions(state, seat) if a.kind == "place"][:12]
        best = max(_placed("triominos", state, seat, a, "points") for a in others)
        if hint.reason == "hint.tri.best":
            assert hint.count >= best
        checked += 1
    assert checked > 20


def test_nain_jaune_follows_with_the_run_the_hand_holds() -> None:
    """A fixed position: a 5 is wanted, the hand holds 5♥ 6♠ 7♣ and 9♦: the 5 goes on, three cards in a row."""
    engine = engine_of("nain_jaune")
    state = engine.setup(3, {"deals": 1}, action_rng(4, 0))
    seat = state.current
    state.hands[seat] = ["5H", "6S", "7C", "9D"]
    state.wanted = "5"
    hint = hint_of("nain_jaune", state, seat)
    assert hint.action == Action.of("play", card="5H")
    assert (hint.reason, hint.count) == ("hint.nj.follow", 3)


def test_nain_jaune_reasons_match_the_board_and_the_hand() -> None:
    reasons: set[str] = set()
    for state, seat, hint in hinted_positions("nain_jaune", reasons, games=4):
        card = hint.action.text("card")
        if hint.reason in ("hint.nj.board", "hint.nj.claim"):
            assert card in BOARD and hint.count == state.boxes[BOARD.index(card)]
            if hint.reason == "hint.nj.board" and not state.announce:
                assert hint.count == _gained("nain_jaune", state, seat, hint.action, lambda s, p: s.tokens[p])
        elif hint.reason in ("hint.nj.follow", "hint.nj.start"):
            held = {c[:-1] for c in state.hands[seat]}
            start = NAIN_JAUNE_RANKS.index(card[:-1])
            run = 0
            while start + run < len(NAIN_JAUNE_RANKS) and NAIN_JAUNE_RANKS[start + run] in held:
                run += 1
            assert hint.count == run >= 1
            assert (state.wanted is None) == (hint.reason == "hint.nj.start")
    assert {"hint.nj.follow", "hint.nj.start"} <= reasons


def test_neurotrio_reasons_match_the_engine() -> None:
    engine = engine_of("neurotrio")
    reasons: set[str] = set()
    for state, seat, hint in hinted_positions("neurotrio", reasons, games=3, moves=300):
        if hint.reason == "hint.neuro.vp":
            assert hint.count == _placed("neurotrio", state, seat, hint.action, "vp") > 0
        elif hint.reason == "hint.neuro.spots":
            card = hint.action.text("card")
            places = [a for a in engine.legal_actions(state, seat) if a.kind == "place" and a.text("card") == card]
            assert hint.count == len(places)
        elif hint.reason == "hint.neuro.bid":
            view = engine.view(state, seat)
            seen = [*view.own.hand, *(spot.card for spot in view.table.grid)]
            assert hint.count == sum(1 for t in TYPES if seen.count(t) < 2)
        elif hint.reason == "hint.neuro.pass":
            assert not any(a.kind == "place" for a in engine.legal_actions(state, seat))
    assert "hint.neuro.vp" in reasons or "hint.neuro.spots" in reasons


def test_njet_trick_reasons_match_the_engine() -> None:
    engine = engine_of("njet")
    reasons: set[str] = set()
    for state, seat, hint in hinted_positions("njet", reasons, games=3, moves=200):
        rules = engine.view(state, seat).table.rules
        played = [c for _, c in state.trick]
        legal = [a.text("card") for a in engine.legal_actions(state, seat) if a.kind == "play"]
        card = hint.action.text("card")
        if hint.reason in ("hint.njet.win", "hint.njet.super"):
            assert trick_winner([*played, card], rules.trump, rules.super_colour) == len(played)
        if hint.reason == "hint.njet.super":
            assert any(value_of(c) == 1 for c in played)
        if hint.reason == "hint.njet.throw":
            assert all(trick_winner([*played, c], rules.trump, rules.super_colour) != len(played) for c in legal)
        if hint.reason == "hint.njet.lead_master":
            outside = [k for k in DECKS[3] if k not in state.hands[seat]]
            assert not played and not any(
                k[0] == card[0] and value_of(k) > value_of(card) and not is_super(k, rules.super_colour)
                for k in outside
            )
        if hint.reason == "hint.njet.discard_keep":
            cards = [str(c) for c in hint.action.get("cards")]  # type: ignore[union-attr]
            assert not any(value_of(c) == 1 or suit_of(c, rules.trump, rules.super_colour) == TRUMP for c in cards)
    assert {"hint.njet.block", "hint.njet.win", "hint.njet.throw"} <= reasons


def test_chat_vert_reasons_match_the_hand_and_the_table() -> None:
    engine = engine_of("chat_vert")
    reasons: set[str] = set()
    for state, seat, hint in hinted_positions("chat_vert", reasons, games=4):
        hand = state.hands[seat]
        if hint.reason == "hint.cv.colour":
            card = hint.action.text("card")
            assert hint.count == sum(1 for c in hand if c not in MAJORS and colour_of(c) == colour_of(card)) >= 1
        elif hint.reason == "hint.cv.attack":
            assert hint.count == len(state.hands[state.after(seat)]) <= 2
        elif hint.reason == "hint.cv.pair":
            assert hint.action.number("n") == 2 and hand.count(hint.action.text("card")) >= 2
        elif hint.reason == "hint.cv.draw":
            assert not any(a.kind == "play" for a in engine.legal_actions(state, seat))
        elif hint.reason == "hint.cv.pass_on":
            after = copy.deepcopy(state)
            engine.apply(after, seat, hint.action, action_rng(5, 1))
            assert after.pending_kind is not None and seat not in engine.to_act(after)
    assert {"hint.cv.colour", "hint.cv.draw"} <= reasons


# -- the table's setting and its mark -------------------------------------------------------------------


def test_hints_are_off_by_default_and_a_hinted_game_is_marked() -> None:
    settings = validate_settings({})
    assert settings["hints"] is False
    row = GameRow(1, 1, 1, "njet", {}, [], 1, "running", 1, "en", 0, 0, None, None, None, False, 0.0, settings=settings)
    assert not hinted(row)
    row.settings = {**settings, "hinted": True}
    assert hinted(row)
