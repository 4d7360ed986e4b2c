"""What ``make bench`` says about a game's computer player: each game measures it its own way, as figures."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One line of the bench about a game, and whether the goal it states is met."""

    line: str
    met: bool = True


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile of measured times (0 for none)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def timing_line(what: str, timings: Sequence[float], budget_ms: float | None = None) -> Figure:
    """``what``: p50 and p99 of timings in milliseconds, against a p99 budget when there is one."""
    p50, p99 = percentile(timings, 50), percentile(timings, 99)
    line = f"{what}: p50 {p50:.2f} ms, p99 {p99:.2f} ms"
    if budget_ms is None:
        return Figure(line)
    return Figure(f"{line} (budget p99 < {budget_ms:.0f} ms)", p99 < budget_ms)
