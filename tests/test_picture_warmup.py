"""The pictures drawn before the first real one: every game, past its first phase, without an error."""

from __future__ import annotations

import pytest

from bot.pictures import workers
from bot.pictures.warmup import POINTS
from bot.pictures.warmup import warm_game
from bot.registry import GAMES
from bot.registry import engine_of


@pytest.mark.parametrize("kind", [spec.kind for spec in GAMES])
def test_a_warm_up_game_draws_more_than_its_deal(kind: str) -> None:
    phases = warm_game(kind, engine_of(kind).max_players)
    assert 2 <= len(phases) <= POINTS
    assert len(set(phases)) >= 2, phases


def test_the_fork_server_warms_the_renderers_before_the_workers_fork() -> None:
    assert workers.PRELOAD[-1] == "bot.pictures.warmed"
    assert set(workers.PRELOAD) >= {spec.pictures.partition(":")[0] for spec in GAMES}
