"""The loop that measures Le Chat vert's speed, and its ceiling: an engine answering from a record of real games
gives the loop exactly what the real engine gave, move after move."""

from __future__ import annotations

import random

from bench.chat_vert import twenty_rules
from bench.chat_vert_boundary import Recorded
from bench.chat_vert_boundary import record
from bench.chat_vert_boundary import spoken
from bot.games.chat_vert.engine import GAME


def test_the_recorded_engine_answers_what_the_engine_answered() -> None:
    rules = twenty_rules()
    games = record(rules, 3)
    replayed = Recorded(games)
    rng = random.Random(0)
    for steps in games:
        state = GAME.setup(2, {"rules": list(rules), "timer": 0}, rng)
        again = replayed.setup(2, {}, rng)
        for step in steps:
            assert not replayed.is_over(again)
            seat = min(replayed.to_act(again))
            assert replayed.to_act(again) == GAME.to_act(state) == step.to_act
            assert replayed.legal_actions(again, seat) == GAME.legal_actions(state, seat)
            assert (again.hands, again.top, again.index()) == (tuple(state.hands), state.top, state.index())
            legal = GAME.legal_actions(state, seat)
            action = rng.choice([a for a in legal if a.kind == "play"] or legal)
            said = spoken(state, seat, action) if action.kind == "play" else action
            assert (spoken(again, seat, action) if action.kind == "play" else action) == said
            GAME.apply(state, seat, said, rng)
            replayed.apply(again, seat, said, rng)
        assert GAME.is_over(state) and replayed.is_over(again)


def test_the_speaking_player_says_what_the_rules_require_and_earns_no_penalty() -> None:
    rng = random.Random(1)
    for _ in range(20):
        state = GAME.setup(2, {"rules": twenty_rules(), "timer": 0}, rng)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            action = rng.choice([a for a in legal if a.kind == "play"] or legal)
            said = spoken(state, seat, action) if action.kind == "play" else action
            events = GAME.apply(state, seat, said, rng)
            assert not [e for e in events if e.kind == "penalty"]
