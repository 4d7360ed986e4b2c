"""Pictures drawn from cached parts are the pictures drawn from scratch.

Every game keeps parts of its pictures (a header, a player's line, a hand's pile strip) between moves and pastes
them whole when they show the same things. Drawn through a game in order, each picture reuses what the earlier ones
left; drawn again with every cache emptied, it must be the same bytes.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from PIL import Image
from PIL import ImageDraw

from bot.registry import GAMES
from bot.registry import GameSpec
from bot.registry import pictures_of
from renders import kit
from renders import measure
from renders.layout.parts import Parts as Regions
from renders.layout.parts import start
from tests.games.test_conformance import play
from tests.games.test_conformance import sizes
from tests.renders.support import LONG_NAMES

STEP = 4
"""One state in this many is drawn: enough for the parts to be reused and to change."""


def empty_every_cache() -> None:
    """Forget every part kept by a renderer, and every cached piece drawn from several views (Triominos' tiles
    laid on their shadow)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("renders"):
            continue
        for value in vars(module).values():
            if isinstance(value, Regions):
                value.clear()
    from renders.triominos import board

    board._laid_tiles.cache_clear()


def views_of(spec: GameSpec, players: int, seed: int) -> list[tuple[str, Any]]:
    """Every ``STEP``-th state of a seeded game: its public view and the view of each seat."""
    found: list[tuple[str, Any]] = []
    count = [0]

    def keep(engine: Any, state: Any, _rng: Any) -> None:
        if count[0] % STEP == 0:
            found.append(("table", engine.public_view(state)))
            found.extend(("hand", engine.view(state, seat)) for seat in range(players))
        count[0] += 1

    play(spec, players, seed, keep)
    return found


@pytest.mark.parametrize(
    ("spec", "players"),
    [pytest.param(spec, players, id=f"{spec.kind}-{players}p") for spec in GAMES for players in sizes(spec)],
)
def test_a_picture_from_cached_parts_is_the_picture_drawn_from_scratch(spec: GameSpec, players: int) -> None:
    pictures = pictures_of(spec.kind)
    names = LONG_NAMES[:players]

    def draw(what: str, view: Any) -> bytes:
        return pictures.table(view, names, "fr") if what == "table" else pictures.hand(view, "fr")

    views = views_of(spec, players, seed=3)
    empty_every_cache()
    in_order = [draw(what, view) for what, view in views]
    for (what, view), drawn in zip(views, in_order, strict=True):
        empty_every_cache()
        assert draw(what, view) == drawn, what


def lined_box(canvas: Image.Image) -> None:
    """A panel with a text, inside (40, 30, 200, 90)."""
    kit.panel(canvas, (50, 40, 190, 80), 10, kit.PANEL, outline=kit.GOLD)
    kit.draw_text(ImageDraw.Draw(canvas), (60, 60), "Zoé ♦", kit.font(20, True), kit.INK, anchor="lm")


def test_a_pasted_part_is_what_its_drawing_makes_and_keeps_its_marks() -> None:
    parts = Regions(maxsize=4)
    fresh = kit.new_canvas(240, 120)
    with measure.recording() as drawn:
        lined_box(fresh)
    for _ in range(2):  # drawn, then pasted from the cache
        canvas = kit.new_canvas(240, 120)
        with measure.recording() as pasted:
            parts.paste(canvas, (40, 30, 200, 90), "box", lined_box)
        assert canvas.tobytes() == fresh.tobytes()
        assert [(m.text, m.height, m.box) for m in pasted] == [(m.text, m.height, m.box) for m in drawn]


def test_a_part_drawn_in_its_own_coordinates_is_the_part_drawn_in_place() -> None:
    """``put`` draws on a scratch of the part's size, the part's corner at (0, 0): the same pixels and marks (moved to
    where the part lies) as the drawing made on the whole picture."""
    box = (40, 30, 200, 90)
    fresh = kit.new_canvas(240, 120)
    with measure.recording() as drawn:
        lined_box(fresh)
    parts = Regions(maxsize=4)

    def moved(canvas: Image.Image) -> None:
        kit.panel(canvas, (10, 10, 150, 50), 10, kit.PANEL, outline=kit.GOLD)
        kit.draw_text(ImageDraw.Draw(canvas), (20, 30), "Zoé ♦", kit.font(20, True), kit.INK, anchor="lm")

    for _ in range(2):  # drawn, then pasted from the cache
        canvas = kit.new_canvas(240, 120)
        with measure.recording() as pasted:
            parts.put(canvas, box, "box", moved)
        assert canvas.tobytes() == fresh.tobytes()
        assert [(m.text, m.height, m.box) for m in pasted] == [(m.text, m.height, m.box) for m in drawn]


def test_a_part_is_drawn_on_the_base_it_is_pasted_on() -> None:
    """The same key on two bases gives two parts: each shows its own base under the drawing."""
    parts = Regions(maxsize=4)
    for colour in (kit.FELT_DARK, kit.ALERT):
        base = Image.new("RGBA", (240, 120), kit.with_alpha(colour, 255))
        canvas = start(base)
        parts.paste(canvas, (40, 30, 200, 90), "box", lined_box, base)
        assert canvas.getpixel((42, 32)) == kit.with_alpha(colour, 255)
        expected = base.copy()
        lined_box(expected)
        assert canvas.tobytes() == expected.tobytes()


def test_the_least_recently_used_part_is_dropped() -> None:
    parts = Regions(maxsize=2)
    calls: list[str] = []

    def drawing(name: str) -> Any:
        return lambda canvas: calls.append(name)

    canvas = kit.new_canvas(60, 60)
    for name in ("a", "b", "a", "c", "a", "b"):
        parts.paste(canvas, (0, 0, 10, 10), name, drawing(name))
    assert calls == ["a", "b", "c", "b"]
