"""``make bench`` for Le Chat vert: the computer seat against random seats, and the engine's speed beside RLCard's Uno.

RLCard is installed by ``make bench`` only; without it the speed comparison is skipped.

The speed is the engine's in random two-player games played the way RLCard's own loop plays its Uno: through the
engine's core (``bot.games.chat_vert.core``), whose moves are numbers, a random card when one can be played (with
what the rules make a player say), else the move that plays none. Every move of the bot goes through the same core,
behind the engine's action boundary; the same games through that boundary, with the events the bot shows, are
measured beside (``bench.chat_vert_boundary``).
"""

from __future__ import annotations

import random
import time

from bot.games.chat_vert import core
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.rules import MAX_RULES
from bot.games.chat_vert.rules import Rule
from bot.games.chat_vert.rules import check_rules
from bot.games.chat_vert.rules import validate_rule
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


def games_per_second(rules: list[Rule], seconds: float) -> float:
    """Whole random two-player games per second of Le Chat vert's engine, through its core as RLCard's loop goes
    through its game: the card moves of the seat to act, a random one if any (said with what the rules require),
    else the move that plays no card. The rules are checked once, as a table's games take them."""
    options = {"rules": check_rules(rules), "timer": 0}
    games, rng, start = 0, random.Random(0), time.perf_counter()
    setup, plays, pass_move, act, required, is_over = (
        GAME.setup,
        core.plays,
        core.pass_move,
        core.act,
        core.required,
        core.is_over,
    )
    choice = rng.choice
    while time.perf_counter() - start < seconds:
        state = setup(2, options, rng)
        while not is_over(state):
            moves = plays(state)
            if moves:
                move = choice(moves)
                act(state, move, required(state, move), rng)
            else:
                act(state, pass_move(state), None, rng)
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
    init, is_over, legal, step, choice = uno.init_game, uno.is_over, uno.get_legal_actions, uno.step, rng.choice
    while time.perf_counter() - start < seconds:  # its methods looked up once, as ours are
        init()
        while not is_over():
            step(choice(legal()))
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
