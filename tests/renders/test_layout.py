"""The layout vocabulary: boxes cut exactly, and the common pieces draw inside their boxes."""

from __future__ import annotations

import itertools

from renders import kit, layout


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


def test_the_player_strip_draws_only_inside_its_box() -> None:
    canvas = kit.new_canvas(400, 300)
    before = canvas.copy()
    box = (20, 100, 380, 260)
    entries = [layout.StripEntry(f"Joueuse {i} — Éloïse", kit.seat_colour(i), f"{i} jetons", i == 1) for i in range(3)]
    layout.player_strip(canvas, box, entries)
    changed = kit.ImageChops.difference(canvas.convert("RGB"), before.convert("RGB")).getbbox()
    assert changed is not None
    assert box[0] <= changed[0] and box[1] <= changed[1] and changed[2] <= box[2] and changed[3] <= box[3]


def test_the_type_scale_grows() -> None:
    sizes = [int(size) for size in layout.Type]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)
