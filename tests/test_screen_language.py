"""What a seeded game shows, in each language: the narrated log, the table summary and the labels of every move
offered (the buttons and select options of the panels), with no word of the other language, and no two moves of
one seat under the same label (the Njet trump and super-trump stones of one colour used to read alike)."""

from __future__ import annotations

import random

import pytest

from bot.cli.demo import next_move
from bot.games.base import action_rng
from bot.registry import engine_of
from bot.registry import player_of
from bot.registry import texts_of
from bot.texts import narrate
from bot.texts.njet import stone_label
from tests.test_grammar import faults

GAMES = [
    ("nain_jaune", 3, {"deals": 2, "announce": True}),
    ("njet", 4, {"rounds": 1}),
    ("njet", 3, {"rounds": 1}),
    ("triominos", 3, {"rounds": 1}),
    ("neurotrio", 4, {}),
    ("chat_vert", 3, {}),
]
NAMES = ["Amélie", "Bruno", "Chloé", "Étienne"]


def _foreign(lang: str, text: str) -> list[str]:
    return [fault for fault in faults(lang, text) if fault.startswith("foreign word")]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("kind", "players", "options"), GAMES)
def test_a_seeded_game_speaks_one_language(lang: str, kind: str, players: int, options: dict[str, object]) -> None:
    engine, texts = engine_of(kind), texts_of(kind)
    state = engine.setup(players, options, action_rng(players, 0))
    names = NAMES[:players]
    shown: list[str] = []
    duplicates: list[str] = []
    n = 0
    while not engine.is_over(state) and n < 400:
        public = engine.public_view(state)
        shown += texts.summary(public, names, lang)
        for seat in sorted(engine.to_act(state)):
            view = engine.view(state, seat)
            actions = list(dict.fromkeys(engine.legal_actions(state, seat)))
            labels = [texts.action_label(a, view, lang, names) for a in actions]
            shown += labels
            # Neurotrio's bids are one "Bid" button opening a form, not one button each.
            labels = [label for a, label in zip(actions, labels, strict=True) if (kind, a.kind) != ("neurotrio", "bid")]
            repeated = sorted({label for label in labels if labels.count(label) > 1})
            duplicates += [f"seat {seat}, move {n}: {label}" for label in repeated]
        n += 1
        seat, action = next_move(engine, player_of(kind), state, random.Random(n))
        for event in engine.apply(state, seat, action, action_rng(players, n)):
            line = narrate(kind, event, names, lang)
            if line and event.private_to is None:
                shown.append(line)
    assert n > 5
    problems = sorted({f"{text!r}: {fault}" for text in set(shown) for fault in _foreign(lang, text)})
    assert not problems, problems[:20]
    assert not duplicates, duplicates[:10]


def test_njet_stones_name_their_row() -> None:
    """Written out by hand: the trump and super-trump stones of one colour differ, in both languages."""
    names = ["Amélie", "Bruno", "Chloé"]
    assert stone_label("trump", "R", "fr", names) == "🟥 Atout : rouge"
    assert stone_label("super", "R", "fr", names) == "🟥 Super-atout : rouge"
    assert stone_label("trump", "R", "en", names) == "🟥 Trump: red"
    assert stone_label("super", "B", "en", names) == "🟦 Super-trump: blue"
    assert stone_label("super", "none", "fr", names) == "Super-atout : aucun"
    assert stone_label("start", "1", "fr", names) == "Entame : Bruno"
