"""What ``make bench`` measures of each computer player is declared with its game and can be found."""

from __future__ import annotations

from bot.players.strength import percentile
from bot.players.strength import timing_line
from bot.registry import GAMES
from bot.registry import load


def test_every_declared_strength_is_a_function() -> None:
    for spec in GAMES:
        if spec.strength is not None:
            assert callable(load(spec.strength)), spec.kind


def test_a_timing_line_meets_its_budget_only_under_it() -> None:
    assert timing_line("x", [1.0] * 99 + [30.0], 20).met
    assert not timing_line("x", [30.0] * 100, 20).met
    assert timing_line("x", [30.0] * 100).met
    assert percentile([], 50) == 0.0
    assert percentile([5.0, 1.0, 3.0], 50) == 3.0
