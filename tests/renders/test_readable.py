"""Every game's pictures are readable where people look, and keep one size for the whole game.

Measured on real states of a seeded game at the largest table (each phase's first state, the fullest board and the
end), in French and in English: on a phone (as wide as ``make shots`` measured it, 265 px) everything a player
needs to decide is at least 10 px tall and nothing is under 8 px, and on a desktop (560 px) every text is at least
12 px tall. The table picture keeps one size for the whole game, and
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


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("spec", "players"), LARGEST)
def test_pictures_are_readable_on_a_phone_and_a_desktop(spec: GameSpec, players: int, lang: str) -> None:
    found = pictures_of_game(spec, players, lang)
    assert all(m.marks for m in found), "a picture whose texts are not measured"
    small = [
        f"{m.what} {m.size}: phone {m.readability.phone_min} px ({m.readability.phone_text!r}), "
        f"any {m.readability.phone_floor} px ({m.readability.floor_text!r}), "
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
    """On a picture 795 px wide shown 265 px wide on a phone (a third) and 560 px on a desktop: a mark drawn 30 px
    tall shows 10 px on a phone; a secondary one drawn 24 px shows 8 px on a phone and 16.9 px on a desktop."""
    with measure.recording() as marks:
        measure.note("Zoé", 30, (0, 0, 60, 30))
        with measure.secondary():
            measure.note("donne 2/5", 24, (0, 40, 80, 64))
    figures = measure.readability(marks, 795, phone_width=265)
    assert (figures.phone_min, figures.phone_text) == (10.0, "Zoé")
    assert (figures.phone_floor, figures.floor_text) == (8.0, "donne 2/5")
    assert (figures.desktop_min, figures.desktop_text) == (16.9, "donne 2/5")
    assert figures.readable
    wider = measure.readability(marks, 800, phone_width=265)
    assert wider.phone_min < 10 and wider.phone_floor < 8 and not wider.readable


def test_the_phone_width_is_the_one_the_shots_measured() -> None:
    """The checks use the widths ``make shots`` wrote, and those are the ones Discord's preview showed (265, 560)."""
    import json

    shown = json.loads(measure.SHOWN_WIDTHS.read_text(encoding="utf-8"))
    assert (measure.PHONE_WIDTH, measure.DESKTOP_WIDTH) == (shown["phone"], shown["desktop"]) == (265, 560)
