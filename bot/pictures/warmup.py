"""One seeded game of each kind drawn before the first real picture, so that no player's move pays for a cold start.

The first picture of a game, and the first of each new phase, costs several times a later one: fonts open at new
sizes, backgrounds and card or tile faces are drawn for the first time, and each stays in its cache. The fork server
imports this module and calls ``warm`` once; every worker it forks starts with those caches filled.
"""

from __future__ import annotations

import logging
import random
import time
from typing import Protocol
from typing import runtime_checkable

from bot.registry import GAMES
from bot.registry import engine_of
from bot.registry import pictures_of
from bot.registry import player_of

log = logging.getLogger(__name__)

SEED = 20
MOVES = 400
"""A whole game at most; the computer players end most games before."""
EVERY = 10
"""Pictures are drawn every this many moves, and at every change of phase..."""
POINTS = 12
"""... at most this many times a game: the caches fill within the first ones, later ones only cost time."""
LOCALES = ("fr", "en")


def warm_game(kind: str, players: int, seed: int = SEED, points: int = POINTS) -> list[str]:
    """Play one game between computer players, drawing the table, the hand of the seat to act and another's at each
    phase's start and every ``EVERY`` moves (``points`` times at most), alternately in each language; returns the
    phase of each drawing."""
    engine, player, pictures = engine_of(kind), player_of(kind), pictures_of(kind)
    rng = random.Random(seed)
    state = engine.setup(players, {}, rng)
    names = [f"Joueur {seat + 1}" for seat in range(players)]
    drawn: list[str] = []
    phase, left = "", points
    for move in range(MOVES):
        over = engine.is_over(state)
        if left and (over or engine.phase(state) != phase or move % EVERY == 0):
            phase, left = engine.phase(state), left - 1
            locale = LOCALES[left % len(LOCALES)]
            pictures.table(engine.public_view(state), names, locale)
            acting = min(engine.to_act(state), default=0)
            for seat in sorted({acting, (acting + 1) % players}):
                pictures.hand(engine.view(state, seat), locale)
            drawn.append(phase)
        if over or not left:
            break
        seat = min(engine.to_act(state))
        engine.apply(state, seat, player.act(state, seat, rng), rng)
    return drawn


@runtime_checkable
class WarmsSizes(Protocol):
    """Pictures whose parts come in many sizes one game cannot all reach (Neurotrio's grid cells): they draw them
    all ahead."""

    def warm_sizes(self) -> None: ...


def warm() -> None:
    """Every game at its largest table, the busiest (and at its smallest, its first pictures only), then the parts
    it has in many sizes (``WarmsSizes``); a failure is logged and leaves the caches as they are."""
    start = time.perf_counter()
    for spec in GAMES:
        engine = engine_of(spec.kind)
        try:
            warm_game(spec.kind, engine.max_players)
            warm_game(spec.kind, engine.min_players, points=1)
            pictures = pictures_of(spec.kind)
            if isinstance(pictures, WarmsSizes):
                pictures.warm_sizes()
        except Exception:
            log.exception("warming the pictures of %s failed", spec.kind)
    log.info("pictures warmed in %.1f s", time.perf_counter() - start)
