"""One layout kit for every game's pictures (``renders/layout/``): the renderers keep no copy of its helpers, and
what the kit merged from several copies gives the pixels each copy gave.

A renderer may name a kit helper after itself to bind it to its game (a card's corners and shadow, the catalog line
of "Player n"), but then it calls the kit's; its caches of pieces are the kit's, and so is blending through Pillow's
core, which only the drawing primitives (``renders/kit.py``, ``renders/blending.py``) and the kit do.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from PIL import Image
from PIL import ImageDraw

from renders import kit
from renders import measure
from renders.layout import laying
from renders.layout.parts import Kept
from renders.layout.parts import Parts
from renders.layout.parts import in_tile
from renders.layout.parts import origin

RENDERS = Path(__file__).resolve().parents[2] / "renders"
KIT = RENDERS / "layout"
PRIMITIVES = {RENDERS / "kit.py", RENDERS / "blending.py"}
"""The drawing primitives the kit stands on: they blend through Pillow's core too."""


def renderer_modules() -> list[Path]:
    """Every module under ``renders/`` that is not the layout kit nor a primitive: the games' pictures, the results,
    the leaderboard, the replays, the fonts, the marks and the encoding."""
    return [path for path in sorted(RENDERS.rglob("*.py")) if KIT not in path.parents and path not in PRIMITIVES]


def kit_names() -> set[str]:
    """The public functions and classes the layout kit defines."""
    names: set[str] = set()
    for path in KIT.glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_"):
                names.add(node.name)
    return names


def called(node: ast.AST) -> set[str]:
    """The names of what ``node`` calls (``f(...)`` and ``module.f(...)``)."""
    found: set[str] = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            if isinstance(call.func, ast.Name):
                found.add(call.func.id)
            elif isinstance(call.func, ast.Attribute):
                found.add(call.func.attr)
    return found


def test_the_kit_is_a_package_of_its_own() -> None:
    assert (KIT / "__init__.py").is_file()
    for gone in ("regions.py", "lay.py", "rows.py", "layout.py"):
        assert not (RENDERS / gone).exists(), gone
    assert len(renderer_modules()) > 20
    assert {"Parts", "Stamps", "Flat", "CardRows", "lay_card", "Kept", "seat_name"} <= kit_names()


def test_a_renderer_that_names_a_kit_helper_binds_it() -> None:
    """A renderer's top-level function or class named as a kit helper calls it (a game's binding), so no game keeps
    its own copy of one under the same name."""
    names = kit_names()
    copies = []
    for path in renderer_modules():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (
                isinstance(node, ast.FunctionDef | ast.ClassDef)
                and node.name in names
                and node.name not in called(node)
            ):
                copies.append(f"{path.relative_to(RENDERS)}: {node.name}")
    assert not copies


def test_no_renderer_keeps_a_cache_or_blends_of_its_own() -> None:
    """Bounded caches of pieces are the kit's (``Kept``, ``Parts``, ``Stamps``...), and so is laying layers through
    Pillow's core: a renderer imports neither ``OrderedDict`` nor ``PIL._imaging``."""
    found = []
    for path in renderer_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = {alias.name for alias in node.names}
                if (node.module == "collections" and "OrderedDict" in names) or (
                    node.module == "PIL" and "_imaging" in names
                ):
                    found.append(f"{path.relative_to(RENDERS)}: from {node.module} import {', '.join(sorted(names))}")
            elif isinstance(node, ast.Import) and any(alias.name == "PIL._imaging" for alias in node.names):
                found.append(f"{path.relative_to(RENDERS)}: import PIL._imaging")
    assert not found


def marks_of(draw: object) -> tuple[bytes, list[tuple[str, float, tuple[float, ...]]]]:
    canvas = kit.new_canvas(320, 260)
    with measure.recording() as marks:
        draw(canvas)  # type: ignore[operator]
    return canvas.tobytes(), [(m.text, m.height, m.box) for m in marks]


@pytest.mark.parametrize("xy", [(100, 60), (-30, 200), (250, -40), (0, 0)])
def test_one_lay_card_gives_the_pixels_of_pasting_for_every_shadow(xy: tuple[int, int]) -> None:
    """The kit's ``lay_card`` (merged from three games' copies) is ``kit.card_glow`` then ``kit.paste_card`` for the
    kit's cards, and ``kit.drop_shadow`` then ``kit.paste`` for a card of other corners and shadow, inside the
    picture and across its edges, marks included."""
    face = kit.card_face("QS", 72, "fr", ring=kit.GOLD)

    def pasted(canvas: Image.Image) -> None:
        kit.card_glow(canvas, xy, face.width, kit.ALERT, 10)
        kit.paste_card(canvas, face, xy)

    assert marks_of(lambda c: laying.lay_card(c, face, xy, glow=(kit.ALERT, 10))) == marks_of(pasted)
    assert marks_of(lambda c: laying.lay_card(c, face, xy, shadow=False)) == marks_of(
        lambda c: kit.paste_card(c, face, xy, shadow=False)
    )
    square = Image.new("RGBA", (60, 60), (0, 0, 0, 0))
    kit.panel(square, (0, 0, 60, 60), 8, (30, 90, 200))
    shadow = laying.Shadow(3, (1, 3), 120)

    def shadowed(canvas: Image.Image) -> None:
        kit.drop_shadow(canvas, (xy[0], xy[1], xy[0] + 60, xy[1] + 60), 8, blur=3, offset=(1, 3), opacity=120)
        kit.paste(canvas, square, xy)

    assert marks_of(lambda c: laying.lay_card(c, square, xy, shadow=shadow, radius=8)) == marks_of(shadowed)


def test_a_tiled_part_moved_to_an_even_origin_is_the_part_drawn_in_place() -> None:
    """``Parts.tile`` (the faster frame where it and ``Parts.paste`` differ): a drawing moved by its box's corner
    rounded down to even coordinates lands on the pixels drawn in place, halves rounded alike, and keeps its marks,
    whether drawn or pasted from the cache."""
    box = (41, 27, 203, 95)
    assert origin(box) == (40, 26) and in_tile(box) == (1, 1, 163, 69)

    def lined(canvas: Image.Image, at: kit.Box) -> None:
        kit.panel(canvas, (at[0] + 9, at[1] + 10, at[2] - 9, at[3] - 10), 10, kit.PANEL, outline=kit.GOLD)
        kit.disc(canvas, (at[0] + 30.5, at[1] + 33.5), 20, kit.ALERT)  # its corner on halves: rounded to even
        kit.draw_text(ImageDraw.Draw(canvas), (at[0] + 50.5, at[1] + 34.5), "Zoé ♦", kit.font(20, True), kit.INK)

    fresh = marks_of(lambda c: lined(c, box))
    parts = Parts(maxsize=2)
    for _ in range(2):
        assert marks_of(lambda c: parts.tile(c, box, "box", lambda scratch: lined(scratch, in_tile(box)))) == fresh


def test_kept_pieces_drop_the_least_recently_used() -> None:
    kept: Kept[str, int] = Kept(2)
    kept.keep("a", 1)
    kept.keep("b", 2)
    assert kept.hit("a") == 1  # "b" is now the oldest
    kept.keep("c", 3)
    assert list(kept) == ["a", "c"] and kept.hit("b") is None
    kept.keep("a", 4)  # kept again: the newest
    kept.keep("d", 5)
    assert dict(kept) == {"a": 4, "d": 5}
