"""Narration: every event of real games reads as a sentence in both languages."""

from __future__ import annotations

import random

import pytest

from bot.games.base import action_rng, get_game
from bot.texts import narrate, texts_for
from bot.texts.nain_jaune import card_name


def test_card_names() -> None:
    assert card_name("10D", "fr") == "10♦"
    assert card_name("QS", "fr") == "D♠"
    assert card_name("QS", "en") == "Q♠"
    assert card_name("JC", "fr") == "V♣"
    assert card_name("AH", "en") == "A♥"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_every_event_of_a_game_is_narrated(lang: str, players: int) -> None:
    engine = get_game("nain_jaune")
    state = engine.setup(players, {"deals": 3, "announce": players == 5}, action_rng(players, 0))
    names = [f"P{i}" for i in range(players)]
    events = list(engine.start_events(state))
    n = 0
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        n += 1
        events += engine.apply(state, seat, engine.bot_action(state, seat, random.Random(n)), action_rng(players, n))
    kinds = set()
    for event in events:
        line = narrate("nain_jaune", event, names, lang)
        assert line, event
        assert "{" not in line and "nj." not in line, line
        kinds.add(event.kind)
    assert {"play", "deal", "deal_end", "payment", "game_end"} <= kinds
    summary = texts_for("nain_jaune").summary(engine.public_view(state), names, lang)
    assert len(summary) == 2
    milestones = texts_for("nain_jaune").milestones(events, names, lang)
    assert all(len(m) <= 2000 for m in milestones)
