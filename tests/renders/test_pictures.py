"""Every declared game's pictures, drawn from views its engine produced during seeded games.

At each phase a game passes through (and at its end), at its smallest and largest table, the public table and the
hand of every seat are drawn in both languages: each must be a PNG that Discord shows sharp inline (about 550 px
wide) without a phone having to scroll a tower, under the size budget, and not blank.
"""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from bot.games.base import AnyEngine
from bot.registry import GAMES
from bot.registry import GameSpec
from bot.registry import engine_of
from bot.registry import pictures_of
from renders import measure
from tests.games.test_conformance import play
from tests.games.test_conformance import sizes

MIN_WIDTH = 300
"""A phone shows every picture 265 px wide, a desktop one narrower than 560 px at its own size (never enlarged):
a narrow picture is larger on a phone, and still sharp down to about this width."""
MAX_WIDTH = 1600
MAX_TALL = 1.6
"""Height over width at most: a taller picture is a tower on a phone."""
PNG_BUDGET = 1_000_000
CASES = [pytest.param(spec, players, id=f"{spec.kind}-{players}p") for spec in GAMES for players in sizes(spec)]


def moments(spec: GameSpec, players: int, seed: int = 0, *, late: bool = False) -> list[tuple[AnyEngine, Any]]:
    """The first state of each phase the game goes through, then (with ``late``) the state at 90 % of the game, the
    fullest board, then its last state (as deep copies)."""
    seen: list[str] = []
    states: list[Any] = []
    every: list[Any] = []

    def keep(engine: AnyEngine, state: Any, _rng: Any) -> None:
        phase = engine.phase(state)
        if phase not in seen:
            seen.append(phase)
            states.append(copy.deepcopy(state))
        if late:
            every.append(copy.deepcopy(state))

    final = play(spec, players, seed, keep).state
    engine = engine_of(spec.kind)
    if every:
        states.append(every[len(every) * 9 // 10])
    return [(engine, state) for state in (*states, final)]


def check_picture(data: bytes, what: str) -> None:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG", what
    width, height = image.size
    assert MIN_WIDTH <= width <= MAX_WIDTH, f"{what}: {width} px wide"
    assert 100 <= height <= MAX_TALL * width, f"{what}: {width}x{height}"
    assert len(data) < PNG_BUDGET, f"{what}: {len(data)} bytes"
    colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 8, f"{what}: blank"


@pytest.mark.parametrize(("spec", "players"), CASES)
def test_pictures_of_every_phase_from_real_games(spec: GameSpec, players: int) -> None:
    pictures = pictures_of(spec.kind)
    names = [f"Joueur·se n°{seat + 1} — Éloïse" for seat in range(players)]
    drawn = 0
    for engine, state in moments(spec, players):
        phase = engine.phase(state)
        for lang in ("fr", "en"):
            check_picture(pictures.table(engine.public_view(state), names, lang), f"{phase} table {lang}")
        for seat in range(players):
            view = engine.view(state, seat)
            check_picture(pictures.table(view, names, "fr"), f"{phase} table seen by {seat}")
            check_picture(pictures.hand(view, "fr"), f"{phase} hand of {seat}")
            drawn += 2
    assert drawn >= 2 * players * 2, "a game with a single moment"


LARGEST = [pytest.param(spec, max(sizes(spec)), id=spec.kind) for spec in GAMES]


@pytest.mark.parametrize(("spec", "players"), LARGEST)
def test_the_table_shows_only_the_public_view_in_the_table_language(spec: GameSpec, players: int) -> None:
    """Drawn from any seat's view, the table picture is the public one (nothing private reaches the channel), and
    it speaks the table's language (when it draws words: a board alone has none)."""
    pictures = pictures_of(spec.kind)
    names = [f"Joueur·se n°{seat + 1}" for seat in range(players)]
    for engine, state in moments(spec, players)[1:3]:
        with measure.recording() as marks:
            public = pictures.table(engine.public_view(state), names, "fr")
        for seat in range(players):
            assert pictures.table(engine.view(state, seat), names, "fr") == public
        if any(not mark.symbol for mark in marks):
            assert pictures.table(engine.public_view(state), names, "en-GB") != public
