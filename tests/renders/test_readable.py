"""Every game's pictures are readable where people look, and keep one size for the whole game.

Measured on real states of a seeded game at the largest table (each phase's first state, the fullest board and the
end): on a phone (a picture about 340 px wide) everything a player needs to decide is at least 10 px tall, and on a
desktop (about 550 px) every text is at least 12 px tall. The table picture keeps one size for the whole game, and
each hand picture too.
"""

from __future__ import annotations

import pytest

from bot.registry import GAMES
from bot.registry import GameSpec
from renders import measure
from tests.games.test_conformance import sizes
from tests.renders.readability import pictures_of_game

LARGEST = [pytest.param(spec, max(sizes(spec)), id=spec.kind) for spec in GAMES]


@pytest.mark.parametrize(("spec", "players"), LARGEST)
def test_pictures_are_readable_on_a_phone_and_a_desktop(spec: GameSpec, players: int) -> None:
    found = pictures_of_game(spec, players)
    assert all(m.marks for m in found), "a picture whose texts are not measured"
    small = [
        f"{m.what} {m.size}: phone {m.readability.phone_min} px ({m.readability.phone_text!r}), "
        f"desktop {m.readability.desktop_min} px ({m.readability.desktop_text!r})"
        for m in found
        if not m.readability.readable
    ]
    assert not small, "\n".join(small[:8])


@pytest.mark.parametrize(("spec", "players"), LARGEST)
def test_one_size_per_table(spec: GameSpec, players: int) -> None:
    found = pictures_of_game(spec, players)
    assert len({m.size for m in found if m.what.endswith(" table")}) == 1
    for seat in range(players):
        assert len({m.size for m in found if m.what.endswith(f" hand {seat}")}) == 1, f"hand of seat {seat}"


def test_the_measure_scales_what_it_notes() -> None:
    """A mark drawn 30 px tall on a picture 1020 px wide shows 10 px tall on a phone and 16.2 px on a desktop."""
    with measure.recording() as marks:
        measure.note("Zoé", 30, (0, 0, 60, 30))
        with measure.secondary():
            measure.note("donne 2/5", 24, (0, 40, 80, 64))
    figures = measure.readability(marks, 1020)
    assert (figures.phone_min, figures.phone_text) == (10.0, "Zoé")
    assert (figures.desktop_min, figures.desktop_text) == (12.9, "donne 2/5")
    assert figures.readable
    assert not measure.readability(marks, 1100).readable
