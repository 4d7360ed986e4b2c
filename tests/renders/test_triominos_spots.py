"""The letters of the Triominos spots, measured on the real drawing over many seeded games late in the round.

For every view, the renderer's own plan (``board_plan`` for each part of the panel's board, which the drawing
follows) gives each letter's badge and each tile number's ink box in picture coordinates; the recorded marks of the
real drawing must agree with it. No badge (its disc, rim included) may come within ``CLEAR`` px of a tile number's
ink box or touch another badge, every badge's box lies whole inside its board, clear of the overview, every tile is
shown at a readable side, and the panel's list names each placement by the letter drawn on its space.
"""

from __future__ import annotations

import copy
import io
import math
from collections.abc import Iterator
from collections.abc import Sequence
from functools import cache

import pytest
from PIL import Image

from bot.games.triominos import GAME
from bot.games.triominos import TriominosState
from bot.games.triominos_views import Placement
from bot.games.triominos_views import TriominosSeatView
from bot.players.triominos import PLAYER
from bot.texts.triominos import ranked
from bot.texts.triominos import space_letters
from cogs.triominos import _spot_options
from renders import kit
from renders import measure
from renders import triominos as tri
from renders.triominos.board import BoardPlan
from renders.triominos.board import board_plan
from renders.triominos.board import draw_board
from renders.triominos.frame import READABLE
from renders.triominos.panel import board_parts
from renders.triominos.panel import turn_size
from renders.triominos.tiles import Area
from renders.triominos.tiles import tile_height
from tests.renders import support

SEEDS = range(40)
"""Seeded one-round games, two to six players in turn."""
LATE = 0.5
"""Views are taken from the second half of each game, where the layout is large."""
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")
CLEAR = 2.0
"""The least room between a badge's disc and a number's ink."""


def _overlap(a: Area, b: Area) -> bool:
    """Whether two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clearance(centre: tuple[float, float], radius: float, box: Area) -> float:
    """How far a disc stays from a box (negative when they overlap)."""
    x = min(max(centre[0], box[0]), box[2])
    y = min(max(centre[1], box[1]), box[3])
    return math.dist(centre, (x, y)) - radius


def _inside(a: Area, b: Area | tuple[int, int, int, int]) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


@cache
def late_views() -> tuple[TriominosSeatView, ...]:
    """The view of the seat to act at every state of the second half of each seeded game, when it can lay."""
    found: list[TriominosSeatView] = []
    for seed in SEEDS:
        players = 2 + seed % 5
        states: list[TriominosState] = []
        game = support.seeded_game(GAME, PLAYER, players, {"rounds": 1, "target": 2000}, seed, 0.7)
        states = [copy.deepcopy(state) for state in game]
        for state in states[int(len(states) * LATE) :]:
            for seat in GAME.to_act(state):
                view = GAME.view(state, seat)
                if view.own.placements:
                    found.append(view)
    return tuple(found)


def choices(view: TriominosSeatView) -> Iterator[list[Placement]]:
    """The lists the panel letters: every placement best first (by pages of 25), and each tile's own."""
    spots = ranked(view.own.placements)
    for start in range(0, len(spots), 25):
        yield spots[start : start + 25]
    for tile in view.own.playable:
        yield [p for p in spots if p.tile == tile][:25]


def plans(view: TriominosSeatView, spots: Sequence[Placement]) -> list[BoardPlan]:
    """The plan of each part of the panel's board showing ``spots``, lettered for the whole turn."""
    letters = space_letters(view.own.placements)
    parts = board_parts(view.table, spots)
    return [board_plan(view.table, shown, letters, box, overview=len(parts) == 1) for box, shown in parts]


def assert_clear(plan: BoardPlan) -> None:
    """No badge on a number or on another badge, each whole inside the board and clear of the overview."""
    numbers = plan.numbers()
    for badge in plan.badges:
        assert _inside(badge.box, plan.box), f"{badge.letter} leaves the board: {badge.box} {plan.box}"
        if plan.minimap is not None:
            assert not _overlap(badge.box, plan.minimap), f"{badge.letter} under the overview"
        hit = [text for text, box in numbers if _clearance(badge.centre, badge.diameter / 2, box) < CLEAR]
        assert not hit, f"{badge.letter} covers the numbers {hit}"
    for i, one in enumerate(plan.badges):
        for other in plan.badges[i + 1 :]:
            gap = math.dist(one.centre, other.centre) - (one.diameter + other.diameter) / 2
            assert gap >= 0, f"{one.letter} and {other.letter} overlap by {-gap:.1f} px"


def test_the_views_are_late_and_busy() -> None:
    views = late_views()
    assert len(views) >= 300
    assert max(len(view.table.board) for view in views) >= 45
    assert max(len({(p.r, p.c) for p in view.own.placements}) for view in views) >= 6


def test_letters_never_cover_a_number_or_each_other() -> None:
    framed = cut = 0
    for view in late_views():
        for spots in choices(view):
            found = plans(view, spots)
            assert sum(len(plan.badges) for plan in found) == len({(p.r, p.c) for p in spots})
            for plan in found:
                assert_clear(plan)
                assert plan.side >= READABLE
                framed += plan.minimap is not None
            cut += len(found) > 1
    assert framed, "no view framed: the largest layouts are not reached"
    assert cut, "no board cut in parts: the spots never lie far apart"


def test_a_letter_per_space_and_the_same_in_the_list() -> None:
    for view in late_views()[::7]:
        letters = space_letters(view.own.placements)
        for spots in choices(view):
            drawn = {(badge.r, badge.c): badge.letter for plan in plans(view, spots) for badge in plan.badges}
            assert len(set(drawn.values())) == len(drawn)
            assert all(letters[space] == letter for space, letter in drawn.items())
            options = _spot_options(spots, letters, "fr")
            for spot, option in zip(spots, options, strict=True):
                assert option.label.startswith(drawn[(spot.r, spot.c)] + " · "), option.label


def _marks_of(data: Sequence[measure.Mark], box: tuple[int, int, int, int]) -> list[tuple[str, Area]]:
    found = []
    for mark in data:
        if mark.symbol and len(mark.text) <= 2 and _overlap(mark.box, box):
            found.append((mark.text, tuple(round(v) for v in mark.box)))
    return sorted(found)  # type: ignore[arg-type]


def _cut_in_parts() -> TriominosSeatView:
    """The first late view whose panel cuts its board in parts."""
    return next(view for view in late_views() if len(plans(view, next(choices(view)))) > 1)


@pytest.mark.parametrize("index", [0, 1, 2, 3, -1])
def test_the_plan_is_what_is_drawn(index: int) -> None:
    """The numbers and letters the plan places are exactly the glyphs the drawing notes on the board (each part
    of it drawn on its own, the last case a board cut in parts)."""
    views = sorted(late_views(), key=lambda v: -len(v.table.board))
    view = views[index * 17] if index >= 0 else _cut_in_parts()
    spots = next(choices(view))
    data = tri.render_turn(view, NAMES, "fr", spots)
    found = plans(view, spots)
    assert Image.open(io.BytesIO(data)).size == turn_size(len(view.own.hand), found[-1].box[3])
    letters = space_letters(view.own.placements)
    parts = board_parts(view.table, spots)
    for plan, (box, shown) in zip(found, parts, strict=True):
        canvas = kit.new_canvas(360, box[3])
        with measure.recording() as marks:
            draw_board(canvas, box, view.table, NAMES, "fr", shown, letters, overview=len(parts) == 1)
        board = plan.box
        # Glyphs whose box lies on the board only: tiles cut by the board's edge have numbers beyond it.
        drawn = [(text, box) for text, box in _marks_of(marks, board) if _inside(box, board)]
        planned = [(text, tuple(round(v) for v in box)) for text, box in plan.numbers() if _inside(box, board)]
        letters_drawn = {badge.letter for badge in plan.badges}
        assert sorted(planned) == sorted(m for m in drawn if m[0] not in letters_drawn)
        for badge in plan.badges:
            (glyph,) = [box for text, box in drawn if text == badge.letter]
            assert _inside(glyph, badge.box)


def test_framed_tables_keep_the_last_tile_readable() -> None:
    for view in late_views()[::3]:
        plan = board_plan(view.table)
        last = view.table.last
        assert last is not None
        if plan.minimap is None:
            continue
        assert plan.side >= READABLE
        (xy,) = [xy for cell, xy in plan.tiles if (cell.r, cell.c) == (last.r, last.c)]
        tile_box = (xy[0], xy[1], xy[0] + plan.side, xy[1] + tile_height(plan.side))
        assert _inside(tile_box, plan.box) and not _overlap(tile_box, plan.minimap)
