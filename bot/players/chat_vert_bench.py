"""``make bench`` for Le Chat vert: the computer seat against random seats, and the engine's speed beside RLCard's Uno.

RLCard is installed by ``make bench`` only; without it the speed comparison is skipped.
"""

from __future__ import annotations

import random
import time

from bot.games.base import Action
from bot.games.chat_vert import GAME
from bot.games.chat_vert import ChatVertState
from bot.games.chat_vert import required_speech
from bot.games.chat_vert_rules import MAX_RULES
from bot.games.chat_vert_rules import Rule
from bot.games.chat_vert_rules import validate_rule
from bot.players.chat_vert import bench_vs_random
from bot.players.chat_vert import make_rule
from bot.players.strength import Figure


def twenty_rules() -> list[Rule]:
    """A table at its limit: 20 added rules in force, every move checked against all of them."""
    rng = random.Random(20)
    rules: list[Rule] = []
    while len(rules) < MAX_RULES:
        made = make_rule(rules, rng)
        if made is None:
            break
        rules.append(validate_rule({**made, "id": len(rules) + 1, "author": None, "author_name": "P", "seen": True}))
    return rules


def _spoken(state: ChatVertState, seat: int, action: Action) -> Action:
    """A random player who says what the rules require, so that games end as Uno games do."""
    card = action.text("card")
    left = len(state.hands[seat]) - action.number("n", 1)
    words = [r.display for r in required_speech(state.rules, card, state.top, left)]
    return Action.of("play", **dict(action.args), say=", ".join(words)) if words else action


def games_per_second(rules: list[Rule], seconds: float) -> float:
    """Whole random two-player games per second: a random legal card when one can be played, else a draw."""
    games, rng, start = 0, random.Random(0), time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.setup(2, {"rules": list(rules), "timer": 0}, rng)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            action = rng.choice([a for a in legal if a.kind == "play"] or legal)
            GAME.apply(state, seat, _spoken(state, seat, action) if action.kind == "play" else action, rng)
        games += 1
    return games / (time.perf_counter() - start)


def uno_games_per_second(seconds: float) -> float | None:
    """RLCard's Uno engine under the same kind of random player, or None when RLCard is not installed."""
    try:
        from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        return None
    uno = UnoGame(num_players=2)
    uno.np_random.seed(0)
    rng = random.Random(0)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        uno.init_game()
        while not uno.is_over():
            uno.step(rng.choice(uno.get_legal_actions()))
        games += 1
    return float(games / (time.perf_counter() - start))


def strength(seconds: float = 5.0) -> list[Figure]:
    """The computer seat's share of wins, then games per second, ours (base rules, then 20) and RLCard's Uno."""
    share = bench_vs_random(1000)
    figures = [
        Figure(
            f"computer seat vs three random seats, 1000 four-player games: wins {share:.1%} (a random seat: 25 %)",
            share > 0.25,
        )
    ]
    base, ruled = games_per_second([], seconds), games_per_second(twenty_rules(), seconds)
    figures.append(
        Figure(
            f"engine speed, random two-player games: {base:.0f} games/s (base rules), {ruled:.0f} games/s (20 rules)"
        )
    )
    theirs = uno_games_per_second(seconds)
    if theirs is None:
        figures.append(Figure("  RLCard is not installed here (make bench installs it): no comparison"))
        return figures
    verdict = "met" if ruled > theirs else "NOT met"
    figures.append(
        Figure(
            f"RLCard 1.2 Uno engine, same run: {theirs:.0f} games/s; ours is {base / theirs:.2f}x its speed with the"
            f" base rules, {ruled / theirs:.2f}x with 20 rules (goal: faster, rule checks included: {verdict})"
        )
    )
    return figures
