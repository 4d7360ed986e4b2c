"""No set of added rules can keep a Chat vert game from ending: the green cat's draws come after the win."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import deal_fixed
from bot.games.chat_vert.rules import check_rules
from bot.players.chat_vert import random_action


def _worst_rules() -> list[dict[str, object]]:
    """Twenty draw rules, "everybody draws 2", triggered by every card there is (the worst the limits allow)."""
    conds: list[dict[str, object]] = [{"kind": k} for k in ("number", "skip", "reverse", "plus2", "wild", "plus4")]
    conds += [{"colour": c} for c in "YRBG"]
    conds += [{"number": n} for n in range(10)]
    raw = [
        {
            "id": i + 1,
            "template": "draw",
            "cond": {"colour": None, "number": None, "kind": None, **cond},
            "who": "all",
            "count": 2,
            "seen": True,
        }
        for i, cond in enumerate(conds)
    ]
    return check_rules(raw)


def test_the_last_card_wins_before_the_green_cat_makes_everybody_draw() -> None:
    state = GAME.setup(3, {"rules": _worst_rules(), "timer": 0}, random.Random(0))
    deal_fixed(state, [["R3"], ["B1", "B2"], ["G1", "G2"]], top="R5", turn=0)
    events = GAME.apply(state, 0, Action.of("play", card="R3"), random.Random(0))
    assert GAME.is_over(state) and GAME.public_view(state).table.winner == 0
    assert not any(e.kind == "rule_draw" for e in events)
    assert GAME.public_view(state).table.counts == (0, 2, 2)


def test_a_card_that_does_not_win_still_makes_everybody_draw() -> None:
    state = GAME.setup(3, {"rules": _worst_rules(), "timer": 0}, random.Random(0))
    deal_fixed(state, [["R3", "R4", "B9"], ["B1", "B2"], ["G1", "G2"]], top="R5", turn=0)
    events = GAME.apply(state, 0, Action.of("play", card="R3"), random.Random(0))
    # "R3" triggers three rules (a number, red, a 3): each makes all three players draw 2.
    assert sum(1 for e in events if e.kind == "rule_draw") == 9
    assert GAME.public_view(state).table.counts == (2 + 3 * 2, 2 + 3 * 2, 2 + 3 * 2)


@pytest.mark.parametrize("players", [2, 5, 10])
def test_games_under_the_worst_rules_end(players: int) -> None:
    rules = _worst_rules()
    for seed in range(8):
        state = GAME.setup(players, {"rules": rules, "timer": 0}, action_rng(seed, 0))
        rng = random.Random(seed)
        n = 0
        while not GAME.is_over(state):
            n += 1
            assert n < 20_000, f"seed {seed} did not end"
            (seat,) = GAME.to_act(state)
            action = random_action(state, seat, rng, speak=1.0)
            GAME.apply(state, seat, action, action_rng(seed, n))
