"""``make bench`` for Le Chat vert: the computer seat against random seats, and the engine's speed beside RLCard's Uno.

RLCard is installed by ``make bench`` only; without it the speed comparison is skipped.
"""

from __future__ import annotations

import random
import time

from bot.games.base import Action
from bot.games.chat_vert import GAME
from bot.games.chat_vert import ChatVertState
from bot.games.chat_vert_rules import MAX_RULES
from bot.games.chat_vert_rules import Requirement
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
    (_, card), _, (_, n) = action.args  # a play move as ``legal_actions`` gives it: card, colour, n
    left = len(state.hands[seat]) - (2 if n == 2 else 1)
    index = state.index()
    if left >= 2 and card in index.quiet:
        return action
    words = index.speech(str(card), state.top, left)
    if not words:
        return action
    said = _SAID.get(id(words))
    if said is None or said[0] is not words:
        if len(_SAID) >= 4096:
            _SAID.clear()
        said = _SAID[id(words)] = (words, ", ".join(r.display for r in words))
    # ``say`` sorts after ``card``, ``colour`` and ``n``: the same value as ``Action.of`` with every argument.
    return Action(action.kind, (*action.args, ("say", said[1])))


_SAID: dict[int, tuple[tuple[Requirement, ...], str]] = {}
"""What the random player says for each list of requirements an index gives (kept with the list it is for)."""


def games_per_second(rules: list[Rule], seconds: float) -> float:
    """Whole random two-player games per second: a random legal card when one can be played, else a draw."""
    games, rng, start = 0, random.Random(0), time.perf_counter()
    setup, is_over, to_act, legal_actions, apply = GAME.setup, GAME.is_over, GAME.to_act, GAME.legal_actions, GAME.apply
    while time.perf_counter() - start < seconds:
        state = setup(2, {"rules": list(rules), "timer": 0}, rng)
        while not is_over(state):
            seat = min(to_act(state))
            legal = legal_actions(state, seat)
            action = rng.choice([a for a in legal if a.kind == "play"] or legal)
            apply(state, seat, _spoken(state, seat, action) if action.kind == "play" else action, rng)
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


SPEED_GOAL = 3.0
"""How many times RLCard's Uno speed our engine must reach, base rules and 20 rules alike."""


def speed_vs_rlcard(seconds: float) -> tuple[float, float, float] | None:
    """Games per second of ours with the base rules, ours with 20 rules and RLCard's Uno, measured in one run,
    RLCard before and after ours (averaged, so that a change of load weighs on both alike); None without RLCard.
    ``bench --json`` writes ``base / uno`` and ``ruled / uno``."""
    before = uno_games_per_second(seconds / 2)
    if before is None:
        return None
    base, ruled = games_per_second([], seconds), games_per_second(twenty_rules(), seconds)
    after = uno_games_per_second(seconds / 2)
    theirs = (before + (after or before)) / 2
    return base, ruled, theirs


def strength(seconds: float = 5.0) -> list[Figure]:
    """The computer seat's share of wins, then games per second, ours (base rules, then 20) and RLCard's Uno."""
    share = bench_vs_random(1000)
    figures = [
        Figure(
            f"computer seat vs three random seats, 1000 four-player games: wins {share:.1%} (a random seat: 25 %)",
            share > 0.25,
        )
    ]
    measured = speed_vs_rlcard(seconds)
    if measured is None:
        base, ruled = games_per_second([], seconds), games_per_second(twenty_rules(), seconds)
        figures.append(
            Figure(f"engine speed, random two-player games: {base:.0f} games/s (base rules), {ruled:.0f} (20 rules)")
        )
        figures.append(Figure("  RLCard is not installed here (make bench installs it): no comparison"))
        return figures
    base, ruled, theirs = measured
    met = min(base, ruled) >= SPEED_GOAL * theirs
    figures.append(
        Figure(
            f"engine speed, random two-player games: {base:.0f} games/s (base rules), {ruled:.0f} (20 rules);"
            f" RLCard 1.2 Uno, same run: {theirs:.0f} games/s; ours is {base / theirs:.2f}x its speed with the base"
            f" rules, {ruled / theirs:.2f}x with 20 rules (goal: {SPEED_GOAL:.0f}x, rule checks included)",
            met,
        )
    )
    return figures
