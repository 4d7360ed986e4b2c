"""The layout vocabulary: boxes cut exactly, and the common pieces draw inside their boxes."""

from __future__ import annotations

import itertools

from renders import kit
from renders import layout


def test_rows_and_columns_cover_the_box_with_their_gaps() -> None:
    box = (10, 20, 310, 220)
    rows = layout.rows(box, 4, gap=8)
    assert rows[0][1] == 20 and rows[-1][3] == 220
    assert all(b[1] - a[3] == 8 for a, b in itertools.pairwise(rows))
    assert all(r[0] == 10 and r[2] == 310 for r in rows)
    columns = layout.columns(box, 3, gap=6)
    assert columns[0][0] == 10 and columns[-1][2] == 310
    assert [layout.width(c) for c in columns] == [96, 96, 96]


def test_splits_and_insets() -> None:
    top, rest = layout.split_top((0, 0, 100, 100), 30, gap=4)
    assert top == (0, 0, 100, 30) and rest == (0, 34, 100, 100)
    left, right = layout.split_left((0, 0, 100, 100), 40)
    assert left == (0, 0, 40, 100) and right == (40, 0, 100, 100)
    assert layout.inset((0, 0, 100, 60), 10, 5) == (10, 5, 90, 55)


def test_the_header_band_draws_only_inside_the_band() -> None:
    canvas = kit.new_canvas(600, 300)
    before = canvas.copy()
    x = layout.header_title(canvas, "Vos tuiles", kit.seat_colour(1), "3 tuiles")
    assert layout.MARGIN < x < 600
    line = layout.Named("fr", "tri.render.turn", "Joueuse 2", kit.seat_colour(2))
    left = layout.header_turn(canvas, line, 600 - x - 40)
    assert x < left < 600 - layout.MARGIN
    assert layout.header_pill(canvas, "À vous de jouer", kit.GOLD) < 600 - layout.MARGIN
    changed = kit.ImageChops.difference(canvas.convert("RGB"), before.convert("RGB")).getbbox()
    assert changed is not None and changed[1] >= 0 and changed[3] <= layout.HEADER


def test_the_type_scale_grows() -> None:
    sizes = [int(size) for size in layout.Type]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)


def test_a_fanned_hand_stays_inside_its_margins_and_centres_short_rows() -> None:
    metrics = layout.HandRow(100, 10, max_rows=2)
    assert metrics.fan(0).width == layout.HAND_MIN_WIDTH and metrics.fan(0).rows == 0
    for count in range(1, 40):
        fan = metrics.fan(count)
        assert fan.rows <= 2 and fan.per_row * fan.rows >= count
        assert layout.HAND_MIN_WIDTH <= fan.width <= layout.HAND_MAX_WIDTH
        for i in range(count):
            _row, x = fan.place(i)
            assert x >= layout.MARGIN - 1 and x + 100 <= fan.width - layout.MARGIN + 1
    fan = metrics.fan(3)
    xs = [fan.place(i)[1] for i in range(3)]
    assert abs(xs[0] - (fan.width - xs[-1] - 100)) <= 1
    assert layout.HandRow(100, 10).fan(35).rows == 4


def test_a_grid_of_tiles_fits_its_rows_and_centres_them() -> None:
    per_row = layout.grid_per_row(100, 10, margin=20, width=1000)
    assert 20 + per_row * 110 - 10 <= 1000 - 20 < 20 + (per_row + 1) * 110 - 10
    row, x = layout.grid_x(per_row, per_row + 1, per_row, 100, 10, 1000)
    assert row == 1 and x == (1000 - 100) / 2


def test_a_board_scale_fills_its_room_within_its_bounds() -> None:
    assert layout.fit_scale((700, 640), (5, 5), 40, 72, 124) == 120
    assert layout.fit_scale((700, 640), (2, 2), 40, 72, 124) == 124
    assert layout.fit_scale((700, 640), (20, 20), 40, 72, 124) == 72
