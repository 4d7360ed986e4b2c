"""The leaderboard picture marks a provisional rating after its number and says, under the lines, what the mark
means; a board of settled ratings has no such note."""

from __future__ import annotations

import io

from PIL import Image
from PIL import ImageChops

from renders import layout
from renders.layout import Space
from renders.leaderboard import HEAD
from renders.leaderboard import NOTE
from renders.leaderboard import ROW
from renders.leaderboard import Line
from renders.leaderboard import _numbers_x
from renders.leaderboard import leaderboard_picture


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


SETTLED = [Line(1, "Ana", 15.0, 12, 7), Line(2, "Ben", 9.5, 6, 2)]


def test_a_provisional_rating_adds_the_note_under_the_lines() -> None:
    settled = _image(leaderboard_picture(SETTLED, "triominos", "en"))
    marked = [SETTLED[0], Line(2, "Ben", 9.5, 4, 2, provisional=True)]
    noted = _image(leaderboard_picture(marked, "triominos", "fr"))
    assert noted.size == (settled.size[0], settled.size[1] + Space.M + NOTE)
    mine = [
        *SETTLED,
        *(Line(3 + i, f"P{i}", 1.0 - i, 6, 0) for i in range(11)),
        Line(15, "Moi", -1.8, 1, 0, True, True),
    ]
    assert _image(leaderboard_picture(mine, "njet", "en")).size[1] == (
        _image(leaderboard_picture([*mine[:-1], Line(15, "Moi", -1.8, 6, 0, True)], "njet", "en")).size[1]
        + Space.M
        + NOTE
    )  # the asking player's own line below the ten counts too


def test_the_mark_follows_the_number() -> None:
    """Only the rating's right-hand neighbourhood changes: the number keeps its place, the mark comes after it."""
    plain = _image(leaderboard_picture([Line(1, "Ana", 15.0, 4, 2)], "triominos", "en"))
    marked = _image(leaderboard_picture([Line(1, "Ana", 15.0, 4, 2, provisional=True)], "triominos", "en"))
    top = layout.HEADER + layout.MARGIN + HEAD + Space.S
    row = (0, top, plain.size[0], top + ROW)  # the one line, as drawn at the same place in both
    box = ImageChops.difference(plain.crop(row), marked.crop(row)).getbbox()
    assert box is not None
    assert box[0] >= _numbers_x()[0]  # right of the rating's right edge: the number has not moved
