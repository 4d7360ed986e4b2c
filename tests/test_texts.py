"""Narration: every event of real games reads as a sentence in both languages."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bench.chat_vert import twenty_rules
from bot.cli.demo import next_move
from bot.games.base import action_rng
from bot.registry import engine_of
from bot.registry import player_of
from bot.registry import texts_of
from bot.texts import narrate
from bot.texts.chat_vert import card_name as chat_vert_card
from bot.texts.nain_jaune import card_name

CARD_NAMES = [
    (card_name, "10D", "fr", "10♦"),
    (card_name, "QS", "fr", "D♠"),
    (card_name, "QS", "en", "Q♠"),
    (card_name, "JC", "fr", "V♣"),
    (card_name, "AH", "en", "A♥"),
    (chat_vert_card, "R7", "fr", "7 rouge"),
    (chat_vert_card, "R7", "en", "red 7"),
    (chat_vert_card, "BR", "fr", "Changement de sens bleu"),
    (chat_vert_card, "GD", "en", "green +2"),
    (chat_vert_card, "W", "fr", "Changement de couleur"),
    (chat_vert_card, "F", "en", "Wild +4"),
]


@pytest.mark.parametrize(("name", "code", "lang", "expected"), CARD_NAMES)
def test_card_names(name: Callable[[str, str], str], code: str, lang: str, expected: str) -> None:
    assert name(code, lang) == expected


UNSEEN = [{**rule, "seen": False} for rule in twenty_rules()]

GAMES = [
    ("nain_jaune", 2, {"deals": 3}, {"play", "deal", "deal_end", "payment", "game_end"}),
    ("nain_jaune", 5, {"deals": 3, "announce": True}, {"play", "deal", "deal_end", "payment", "game_end"}),
    ("nain_jaune", 8, {"deals": 3}, {"play", "deal", "deal_end", "payment", "game_end"}),
    ("njet", 3, {"rounds": 2}, {"deal", "block", "rules", "play", "trick", "round_end", "game_end"}),
    ("njet", 4, {"rounds": 2}, {"deal", "block", "rules", "partner", "play", "trick", "round_end", "game_end"}),
    ("triominos", 2, {"rounds": 1}, {"start_draw", "deal", "place", "round_end", "game_end"}),
    ("triominos", 6, {"rounds": 1}, {"start_draw", "deal", "place", "draw", "round_end", "game_end"}),
    ("neurotrio", 3, {}, {"deal", "place", "neuro", "bid", "auction_end", "game_end"}),
    ("neurotrio", 8, {}, {"deal", "place", "deux_cartes", "out", "game_end"}),
    ("chat_vert", 2, {}, {"deal", "direction", "play", "draw", "win"}),
    # Twenty rules never seen at work: the computer players do not know them and get penalties.
    ("chat_vert", 10, {"rules": UNSEEN}, {"deal", "direction", "play", "draw", "penalty", "win"}),
]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("kind", "players", "options", "expected"), GAMES)
def test_every_event_of_a_game_is_narrated(
    lang: str, kind: str, players: int, options: dict[str, object], expected: set[str]
) -> None:
    engine = engine_of(kind)
    state = engine.setup(players, options, action_rng(players, 0))
    names = [f"P{i}" for i in range(players)]
    events = list(engine.start_events(state))
    n = 0
    while not engine.is_over(state):
        n += 1
        seat, action = next_move(engine, player_of(kind), state, random.Random(n))
        events += engine.apply(state, seat, action, action_rng(players, n))
    kinds = set()
    for event in events:
        line = narrate(kind, event, names, lang)
        if event.private_to is not None:
            continue
        assert line, event
        assert "{" not in line and "nj." not in line and "njet." not in line and "cv." not in line, line
        kinds.add(event.kind)
    assert expected <= kinds
    summary = texts_of(kind).summary(engine.public_view(state), names, lang)
    assert 2 <= len(summary) <= 4  # a few compact lines under the title
    milestones = texts_of(kind).milestones(events, names, lang)
    assert all(len(m) <= 2000 for m in milestones)
