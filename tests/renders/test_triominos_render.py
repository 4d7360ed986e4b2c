"""Triominos pictures at their largest, in both languages, from the public view only."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import LOCALES_DIR, has, placeholders
from renders import kit
from renders import triominos as tri

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BUDGET = 1_000_000

LONG_NAMES = [
    "Éléonore-Françoise de Châteaubri",
    "Bartholomew Alexander Fitzgerald",
    "Zoë",
    "Ægir Þórsson Øvergård-Lindqvist",
    "Jean-Philippe Grégoire d'Artagna",
    "Maëlle Cœur-de-Lion Çağlar Ñúñez",
]
ALL_TILES = [f"{a}-{b}-{c}" for a in range(6) for b in range(a, 6) for c in range(b, 6)]


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < BUDGET
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def players(count: int, tiles: int = 25) -> list[dict[str, Any]]:
    return [{"seat": seat, "score": 999 - seat, "tiles": tiles} for seat in range(count)]


def full_view(count: int = 6) -> dict[str, Any]:
    """All 56 tiles laid, six players, a triple hexagon as the last placement."""
    board = tri.full_board()
    last = board[30]
    return {
        **tri.example_view(),
        "players": players(count),
        "board": board,
        "pool": 0,
        "to_act": [count - 1],
        "last": {
            "r": last["r"],
            "c": last["c"],
            "seat": 2,
            "tile": last["tile"],
            "points": 75,
            "bonus": "triple_hexagon",
        },
    }


def line_view(tiles: int = 56) -> dict[str, Any]:
    """A single long row: the widest layout there can be."""
    board = [
        {"r": 0, "c": c, "up": tri.is_up(0, c), "corners": [c % 6, (c + 1) % 6, (c + 2) % 6], "tile": "0-1-2"}
        for c in range(tiles)
    ]
    return {**tri.example_view(), "board": board, "last": None}


def test_geometry() -> None:
    assert tri.is_up(0, 0) and not tri.is_up(0, 1) and tri.is_up(-1, -1)
    assert tri.vertices(0, 0) == ((1, 0), (2, 1), (0, 1))
    assert tri.vertices(0, 1) == ((1, 0), (3, 0), (2, 1))
    assert [tri.letter_label(i) for i in (0, 25, 26, 29, 701, 702)] == ["A", "Z", "AA", "AD", "ZZ", "AAA"]
    assert tri.parse_tile("0-1-2") == (0, 1, 2)
    assert tri.tile_value("3-4-5") == 12
    assert tri.tile_value("nonsense") == 0


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_full_layout_stays_legible(locale: str) -> None:
    view = full_view()
    image = open_png(tri.render_table(view, LONG_NAMES, locale))
    items = [(item["r"], item["c"]) for item in view["board"]]
    board = tri.Board(items, (tri.BOARD_W, tri.BOARD_H))
    assert board.side >= tri.TILE_MIN >= 60
    assert tri.number_font(board.side).size >= 16
    assert image.width <= 1100 and image.height <= 900


def test_a_long_row_widens_the_picture_instead_of_shrinking_tiles() -> None:
    view = line_view()
    image = open_png(tri.render_table(view, LONG_NAMES[:2], "fr"))
    board = tri.Board([(item["r"], item["c"]) for item in view["board"]], (tri.BOARD_W, tri.BOARD_H))
    assert board.side == tri.TILE_MIN
    assert image.width > 1000


def test_negative_coordinates_and_a_single_tile() -> None:
    single = {
        **tri.example_view(),
        "board": [{"r": -7, "c": -12, "up": False, "corners": [5, 5, 5], "tile": "5-5-5", "seat": 1, "order": 1}],
        "last": {"r": -7, "c": -12, "seat": 1, "tile": "5-5-5", "points": 15, "bonus": None},
        "players": players(2, 8),
    }
    image = open_png(tri.render_table(single, ["Ana", "Bo"], "fr"))
    assert image.width <= 1000
    assert tri.Board([(-7, -12)], (tri.BOARD_W, tri.BOARD_H)).side == tri.TILE_MAX
    shifted = {**tri.example_view()}
    shifted["board"] = [{**item, "r": item["r"] - 40, "c": item["c"] - 33} for item in shifted["board"]]
    shifted["last"] = {**shifted["last"], "r": shifted["last"]["r"] - 40, "c": shifted["last"]["c"] - 33}
    moved = open_png(tri.render_table(shifted, tri.EXAMPLE_NAMES, "fr"))
    original = open_png(tri.render_table(tri.example_view(), tri.EXAMPLE_NAMES, "fr"))
    assert moved.size != original.size or moved.tobytes() != original.tobytes()


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_empty_board_shows_the_starting_draw(locale: str) -> None:
    view = {
        **tri.example_view(),
        "board": [],
        "last": None,
        "to_act": [3],
        "start_draws": [[0, "3-4-5"], [1, "1-2-2"], [2, "0-0-4"], [3, "3-4-5"], [0, "0-1-1"], [3, "2-5-5"]],
    }
    open_png(tri.render_table(view, LONG_NAMES, locale))
    for draws in ([], [[0, "5-5-5"]], [[seat, tile] for seat, tile in enumerate(ALL_TILES[:10])]):
        open_png(tri.render_table({**view, "start_draws": draws, "to_act": []}, LONG_NAMES, locale))


@pytest.mark.parametrize("count", range(2, 7))
def test_every_table_size(count: int) -> None:
    view = {**tri.example_view(), "players": players(count, 9), "to_act": [count - 1]}
    open_png(tri.render_table(view, LONG_NAMES[:count], "fr"))


@pytest.mark.parametrize(
    "change",
    [
        {"over": True, "to_act": [], "out": 2},
        {"bell": True, "out": 1},
        {"bell": True, "draws": 3, "pool": 0},
        {"kids_scoring": True, "rounds": 5, "round": 5},
        {"last": None},
        {"to_act": None},
        *({"last": {**tri.example_view()["last"], "bonus": bonus}} for bonus in tri.BONUS_POINTS),
    ],
)
def test_table_states(change: dict[str, Any]) -> None:
    for locale in ("fr", "en"):
        open_png(tri.render_table({**tri.example_view(), **change}, tri.EXAMPLE_NAMES, locale))


def test_final_ranking_shares_ties() -> None:
    ranked = tri._ranks([{"seat": 0, "score": 5}, {"seat": 1, "score": 9}, {"seat": 2, "score": 5}])
    assert [(rank, p["seat"]) for rank, p in ranked] == [(1, 1), (2, 0), (2, 2)]


def test_missing_names_fall_back() -> None:
    open_png(tri.render_table(tri.example_view(), [], "en"))
    open_png(tri.render_table(tri.example_view(), ["", "😀", "\u200b"], "fr"))


def test_the_table_needs_only_the_public_view() -> None:
    public = tri.example_view()
    assert "hand" not in public and "seat" not in public
    data = tri.render_table(public, tri.EXAMPLE_NAMES, "fr")
    open_png(data)
    assert tri.render_table(tri.example_seat_view(), tri.EXAMPLE_NAMES, "fr") == data


def test_the_table_follows_the_language() -> None:
    fr = tri.render_table(tri.example_view(), tri.EXAMPLE_NAMES, "fr")
    en = tri.render_table(tri.example_view(), tri.EXAMPLE_NAMES, "en-GB")
    assert fr != en


def spots_around(view: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """``count`` empty spaces next to the layout, lettered A, B, ... AA..."""
    taken = {(item["r"], item["c"]) for item in view["board"]}
    found: list[tuple[int, int]] = []
    for r, c in sorted(taken):
        for space in ((r, c - 1), (r, c + 1), (r - 1, c) if tri.is_up(r, c) is False else (r + 1, c)):
            if space not in taken and space not in found:
                found.append(space)
    row = min(r for r, _ in taken) - 1
    c = 0
    while len(found) < count:
        if (row, c) not in found:
            found.append((row, c))
        c += 1
    spots = []
    for i, (r, c) in enumerate(found[:count]):
        bonus = [None, "bridge", None, "hexagon", None][i % 5]
        spots.append(
            {"letter": tri.letter_label(i), "r": r, "c": c, "corners": [1, 2, 3], "points": 6 + 10 * i, "bonus": bonus}
        )
    return spots


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("count", [1, 5, 30])
def test_placements(locale: str, count: int) -> None:
    view = tri.example_view()
    spots = spots_around(view, count)
    assert spots[-1]["letter"] == tri.letter_label(count - 1)
    data = tri.render_placements(view, tri.EXAMPLE_NAMES, locale, "1-2-3", spots)
    image = open_png(data)
    assert data != tri.render_table(view, tri.EXAMPLE_NAMES, locale)
    board = tri.Board([(s["r"], s["c"]) for s in spots] + [(i["r"], i["c"]) for i in view["board"]], (680, 700), 72)
    assert board.side >= tri.SPOT_MIN
    assert image.height >= board.height_px


def test_placements_on_the_full_board_include_far_spots() -> None:
    view = full_view()
    spots = [{"letter": "A", "r": 30, "c": 4, "corners": [0, 0, 0], "points": 3, "bonus": None}]
    spots += [{"letter": "B", "r": -20, "c": -4, "corners": [3], "points": 12, "bonus": "bridge"}]
    image = open_png(tri.render_placements(view, LONG_NAMES, "fr", "0-0-0", spots))
    assert image.height > 900


def hand_view(tiles: int) -> dict[str, Any]:
    return {**tri.example_view(), "seat": 0, "to_act": [0], "hand": ALL_TILES[:tiles]}


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("playable", [None, [], ALL_TILES[:25:3]])
def test_largest_hand(locale: str, playable: list[str] | None) -> None:
    image = open_png(tri.render_hand(hand_view(25), locale, playable))
    assert tri.HAND_MIN_WIDTH <= image.width <= tri.HAND_MAX_WIDTH


def test_hand_sizes_and_marks() -> None:
    sizes = [open_png(tri.render_hand(hand_view(n), "fr")).size for n in (0, 1, 7, 12, 25)]
    assert sizes[0][1] < sizes[2][1] < sizes[4][1]
    view = tri.example_seat_view()
    assert tri.render_hand(view, "fr") != tri.render_hand(view, "fr", ["0-1-2"])
    assert tri.render_hand(view, "fr") != tri.render_hand(view, "en")


def test_example_picture(tmp_path: Path) -> None:
    target = tmp_path / "triominos.png"
    size = tri.write_example(target)
    assert size == target.stat().st_size < 150_000
    image = open_png(target.read_bytes())
    assert image.width == 700
    assert len(tri.example_view()["board"]) == 20


def test_example_layout_matches_at_every_corner() -> None:
    numbers: dict[tuple[float, float], int] = {}
    for item in tri.example_view()["board"]:
        for point, n in zip(tri.vertices(item["r"], item["c"]), item["corners"], strict=True):
            assert numbers.setdefault(point, n) == n


def test_benchmark_reports_every_picture() -> None:
    timings = tri.benchmark(repeat=1)
    assert set(timings) == {"table_ms", "hand_ms", "placements_ms"}
    assert all(value > 0 for value in timings.values())


def test_tiles_are_cached_images() -> None:
    tile = tri.tile_image((0, 1, 2), 80)
    assert tile is tri.tile_image((0, 1, 2), 80)
    assert tile.mode == "RGBA"
    assert kit.paste is not None


def test_catalogs_match() -> None:
    fr = json.loads((LOCALES_DIR / "fr" / "render_triominos.json").read_text(encoding="utf-8"))
    en = json.loads((LOCALES_DIR / "en" / "render_triominos.json").read_text(encoding="utf-8"))
    assert fr.keys() == en.keys()
    assert all(key.startswith("tri.render.") for key in fr)
    for key in fr:
        assert placeholders(fr[key]) == placeholders(en[key]), key


def test_every_key_the_renderer_uses_exists() -> None:
    source = Path(tri.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'"(tri\.render\.[a-z_.]+)"', source))
    assert used
    for key in used - {"tri.render.tiles"}:
        assert has(key), key
    for bonus in tri.BONUS_POINTS:
        assert has(f"tri.render.bonus.{bonus}")
    assert has("tri.render.tiles.one") and has("tri.render.tiles.other")
