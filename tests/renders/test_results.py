"""The results picture: real PNGs, the ranking in its order with ties sharing a place and the winners lit, a chart
only for two rounds or more, the words in the picture's language, every text large enough for a phone."""

from __future__ import annotations

from bot.games.base import Result
from renders import measure
from renders.layout import HEADER
from renders.layout import Space
from renders.results import CHART_HEIGHT
from renders.results import MARGIN
from renders.results import ROW
from renders.results import ROW_GAP
from renders.results import WIDTH
from renders.results import nice_ticks
from renders.results import results_picture
from tests.renders.support import LONG_NAMES
from tests.renders.support import open_png

NAMES = ["Ann", "Bob", "Cid", "Dan"]
TIED = [Result(0, 3, 10), Result(1, 1, 30), Result(2, 1, 30), Result(3, 4, 5)]
"""Bob and Cid share the first place with 30; Ann is third, Dan fourth."""
ROUNDS = [(0, 0, 0, 0), (10, 20, 5, 0), (10, 30, 30, 5)]
"""The start and two rounds."""


def drawn(
    ranking: list[Result], points: list[tuple[int, ...]], names: list[str], locale: str
) -> tuple[bytes, list[measure.Mark]]:
    with measure.recording() as marks:
        png = results_picture(ranking, points, names, "triominos", "unit.points", locale)
    return png, marks


def top_of(marks: list[measure.Mark], text: str) -> float:
    (mark,) = [m for m in marks if m.text == text and not m.symbol]
    return mark.box[1]


def test_the_ranking_in_order_ties_sharing_the_first_place() -> None:
    png, marks = drawn(TIED, ROUNDS[:2], NAMES, "en")
    height = HEADER + MARGIN + 4 * ROW + 3 * ROW_GAP + MARGIN
    image = open_png(png, (WIDTH, height)).convert("RGB")
    assert sorted(NAMES, key=lambda n: top_of(marks, n)) == ["Bob", "Cid", "Ann", "Dan"]
    places = sorted((m.box[1], m.text) for m in marks if m.symbol)
    assert [text for _, text in places] == ["1", "1", "3", "4"]
    assert [m.text for m in marks if m.text.endswith("points")] == ["30 points", "30 points", "10 points", "5 points"]
    for row, lit in enumerate([True, True, False, False]):  # the winners' lines have a gold outline
        y = HEADER + MARGIN + row * (ROW + ROW_GAP) + ROW // 2
        red, green, blue = image.getpixel((MARGIN + 1, y))  # type: ignore[misc]
        assert (red > 200 and green > 150 and blue < 120) == lit, (row, (red, green, blue))


def test_a_chart_only_from_two_rounds() -> None:
    one, one_marks = drawn(TIED, ROUNDS[:2], NAMES, "en")
    two, two_marks = drawn(TIED, ROUNDS, NAMES, "en")
    short = open_png(one).height
    assert open_png(two).height == short + CHART_HEIGHT + Space.L
    assert "Points after each round" not in [m.text for m in one_marks]
    texts = [m.text for m in two_marks]
    assert "Points after each round" in texts
    assert {"0", "1", "2"} <= set(texts)  # the rounds under the chart
    assert {"0", "10", "20", "30"} <= set(texts)  # the scores beside it


def test_the_words_follow_the_language() -> None:
    _, fr = drawn(TIED, ROUNDS, NAMES, "fr")
    _, en = drawn(TIED, ROUNDS, NAMES, "en")
    assert {"Classement final", "Points après chaque manche", "30 points"} <= {m.text for m in fr}
    assert {"Final ranking", "Points after each round", "Triominos"} <= {m.text for m in en}
    with measure.recording() as marks:
        results_picture(TIED, ROUNDS, NAMES, "nain_jaune", "unit.tokens", "fr")
    assert {"Jetons après chaque donne", "30 jetons", "Nain Jaune"} <= {m.text for m in marks}


def test_long_names_are_cut_and_every_text_stays_readable_on_a_phone() -> None:
    names = LONG_NAMES[:8]
    ranking = [Result(seat, seat + 1, 1000 - seat) for seat in range(8)]
    points = [tuple(100 * r + seat for seat in range(8)) for r in range(11)]
    with measure.recording() as marks:
        png = results_picture(ranking, points, names, "nain_jaune", "unit.tokens", "en")
    image = open_png(png)
    assert image.width <= 680
    texts = [m for m in marks if not m.symbol]
    assert all(m.height >= 22 for m in texts)  # at least 11 px where Discord shows it 340 px wide
    assert all(m.box[0] >= 0 and m.box[2] <= WIDTH for m in marks)
    cut = [m.text for m in texts if m.text.endswith("…")]
    assert len(cut) >= 4 and all(m.box[2] < WIDTH - 150 for m in texts if m.text.endswith("…"))


def test_round_values_on_the_axis() -> None:
    assert nice_ticks(64, 303) == [0, 100, 200, 300, 400]
    assert nice_ticks(0, 30) == [0, 10, 20, 30]
    assert nice_ticks(7, 7) == [6, 7, 8]
    assert nice_ticks(-25, 12) == [-30, -20, -10, 0, 10, 20]
