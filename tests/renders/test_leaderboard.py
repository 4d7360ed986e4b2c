"""The leaderboard picture: one line per player up to ten, the asking player's own line after them when lower."""

from __future__ import annotations

import io

from PIL import Image

from renders.leaderboard import ROW
from renders.leaderboard import ROW_GAP
from renders.leaderboard import SHOWN
from renders.leaderboard import Line
from renders.leaderboard import leaderboard_picture


def _size(png: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.size


def test_ten_lines_then_the_asking_player_below_a_gap() -> None:
    lines = [Line(i + 1, f"Joueur {i + 1}", 20.0 - i, 10, 2) for i in range(14)]
    ten = _size(leaderboard_picture(lines, "nain_jaune", "fr"))
    three = _size(leaderboard_picture(lines[:3], "nain_jaune", "fr"))
    assert ten[0] == three[0] == 680
    assert ten[1] - three[1] == (SHOWN - 3) * (ROW + ROW_GAP)
    mine = [*lines[:13], Line(14, "Moi", 1.5, 3, 0, me=True)]
    with_me = _size(leaderboard_picture(mine, "nain_jaune", "en"))
    assert with_me[1] > ten[1] + ROW
    among = [Line(1, "Moi", 9.0, 3, 2, me=True), *lines[1:]]
    assert _size(leaderboard_picture(among, "njet", "fr")) == ten


def test_an_empty_leaderboard_says_so() -> None:
    assert _size(leaderboard_picture([], "triominos", "fr"))[0] == 680
