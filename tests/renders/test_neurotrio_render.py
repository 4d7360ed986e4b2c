"""Neurotrio pictures in every phase, from 3 to 8 players, at their largest, in both languages."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import LOCALES_DIR, has, placeholders
from renders import neurotrio as neuro

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BUDGET = 1_000_000

LONG_NAMES = [
    "Éléonore-Françoise de Châteaubri",
    "Bartholomew Alexander Fitzgerald",
    "Zoë",
    "Ægir Þórsson Øvergård-Lindqvist",
    "Jean-Philippe Grégoire d'Artagna",
    "Maëlle Cœur-de-Lion Çağlar Ñúñez",
    "Ophélie Müller-Schnäbelé Noël ÀÉ",
    "Ana",
]


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < BUDGET
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert image.width >= 600 and image.height >= 400
    return image


def players(count: int) -> list[dict[str, Any]]:
    return [
        {"seat": seat, "vp": 5 + seat * 3, "cards": 9 - seat % 3, "cartons_left": 6 - seat % 7, "out": None}
        for seat in range(count)
    ]


def full_view(count: int = 8) -> dict[str, Any]:
    """A full 6 x 11 domain, eight players, all ten base cartons used, up to four bids on one card."""
    grid = neuro.full_grid()
    bids = [{"base": b, "r": -3 + b % 2, "c": -5 + b // 4, "seat": b % count} for b in range(1, 11)]
    return {
        **neuro.example_view(),
        "phase": "build",
        "players": players(count),
        "grid": grid,
        "box": {"r0": -3, "c0": -5, "rows": 6, "cols": 11},
        "bids": bids,
        "bases_left": [],
        "auction": None,
        "to_act": [count - 1],
        "interrupters": list(range(count)),
        "deux_cartes": True,
        "last": {
            "seat": 2,
            "kind": "place",
            "card": grid[40]["card"],
            "r": grid[40]["r"],
            "c": grid[40]["c"],
            "vp": 20,
        },
    }


def over_view(count: int = 4) -> dict[str, Any]:
    """The end of the example game with all ten bids revealed."""
    view = neuro.example_view()
    mentions = ["2", "0", "1", "nature", "fond", "force", "2", "1", "0", "nature"]
    reveal = [
        {"seat": b % count, "base": b, "r": 1, "c": b % 4 - 1, "carton": mentions[b - 1], "points": (b * 7) % 31 - 12}
        for b in range(1, 11)
    ]
    view_players = players(count)
    view_players[0]["out"] = 1
    view_players[1]["out"] = 2
    return {
        **view,
        "phase": "over",
        "over": True,
        "players": view_players,
        "to_act": [],
        "auction": None,
        "bases_left": [],
        "treasure": "RB2",
        "hidden": "RB2",
        "reveal": reveal,
        "bids": [{k: item[k] for k in ("seat", "base", "r", "c")} for item in reveal],
    }


def test_card_codes_and_names() -> None:
    assert neuro.parse_card("cn1") == ("C", "N", "1")
    with pytest.raises(ValueError):
        neuro.parse_card("XN1")
    assert len(set(neuro.ALL_TYPES)) == 27
    assert [neuro.letter_label(i) for i in (0, 25, 26)] == ["A", "Z", "AA"]
    view = {"box": {"r0": -1, "c0": -3, "rows": 4, "cols": 7}}
    assert neuro.cell_name(view, -2, -4) == "A1"
    assert neuro.cell_name(view, -1, -3) == "B2"
    assert neuro.cell_name(view, 3, 4) == "I6"
    for i in range(6):
        for j in range(9):
            assert neuro.cell_name(view, -2 + i, -4 + j) == f"{neuro.letter_label(j)}{i + 1}"


def test_cards_are_distinct_cached_images() -> None:
    images = {code: neuro.card_image(code, 60).tobytes() for code in neuro.ALL_TYPES}
    assert len(set(images.values())) == 27
    assert neuro.card_image("EV2", 60) is neuro.card_image("EV2", 60)
    assert neuro.card_image("EV2", 60, "fr").tobytes() != neuro.card_image("EV2", 60, "en").tobytes()
    assert neuro.card_image("??", 60).size == (60, 60)


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_full_grid_with_many_bids(locale: str) -> None:
    image = open_png(neuro.render_table(full_view(), LONG_NAMES, locale))
    layout = neuro.Layout(neuro.Area(full_view()))
    assert layout.area.rows == 8 and layout.area.cols == 13
    assert layout.cell >= neuro.CELL_MIN
    assert image.width <= 1400 and image.height <= 1000


def test_negative_coordinates_and_a_single_card() -> None:
    view = {
        **neuro.example_view(),
        "phase": "build",
        "auction": None,
        "grid": [{"r": -40, "c": -17, "card": "RV3"}],
        "box": {"r0": -40, "c0": -17, "rows": 1, "cols": 1},
        "bids": [{"base": 10, "r": -40, "c": -17, "seat": 1}],
        "last": None,
    }
    open_png(neuro.render_table(view, ["Ana", "Bo", "Cy", "Di"], "fr"))
    assert neuro.cell_name(view, -40, -17) == "B2"
    no_box = {key: value for key, value in view.items() if key != "box"}
    assert neuro.render_table(no_box, ["Ana"], "fr") == neuro.render_table(view, ["Ana"], "fr")


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("count", [3, 4, 8])
def test_end_of_game_reveal(locale: str, count: int) -> None:
    open_png(neuro.render_table(over_view(count), LONG_NAMES[:count], locale))
    open_png(neuro.render_table({**over_view(count), "reveal": []}, LONG_NAMES[:count], locale))


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "build", "auction": None, "interrupters": [0, 2]},
        {"phase": "auction"},
        {"phase": "auction", "auction": {"caller": 0, "bidder": None, "done": []}},
        {"deux_cartes": True, "last": {"seat": 0, "kind": "pass", "vp": -1}},
        {"last": None, "to_act": None, "limits": {"rows": 7, "cols": 12}},
        {"players": [{**p, "out": i + 1 if i < 3 else None} for i, p in enumerate(players(4))]},
    ],
)
def test_every_phase(change: dict[str, Any]) -> None:
    for locale in ("fr", "en"):
        open_png(neuro.render_table({**neuro.example_view(), **change}, list(neuro.EXAMPLE_NAMES), locale))


@pytest.mark.parametrize("count", range(3, 9))
def test_every_table_size(count: int) -> None:
    view = {**neuro.example_view(), "players": players(count), "to_act": [count - 1]}
    open_png(neuro.render_table(view, LONG_NAMES[:count], "fr"))


def test_missing_names_fall_back() -> None:
    open_png(neuro.render_table(neuro.example_view(), [], "en"))
    open_png(neuro.render_table(neuro.example_view(), ["", "😀", "\u200b"], "fr"))


def test_the_table_needs_only_the_public_view() -> None:
    public = neuro.example_view()
    assert "hand" not in public and "seat" not in public
    data = neuro.render_table(public, list(neuro.EXAMPLE_NAMES), "fr")
    open_png(data)
    assert neuro.render_table(neuro.example_seat_view(), list(neuro.EXAMPLE_NAMES), "fr") == data
    assert neuro.render_table(public, list(neuro.EXAMPLE_NAMES), "en") != data


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("playable", [None, [], ["CN1", "EV2"]])
def test_largest_hand_with_notebook(locale: str, playable: list[str] | None) -> None:
    view = {
        **neuro.example_seat_view(),
        "hand": list(neuro.ALL_TYPES[:18]),
        "notebook": list(neuro.ALL_TYPES[::2]),
        "my_bids": [
            {"base": b, "r": 0, "c": b - 5, "seat": 3, "carton": m}
            for b, m in zip(range(1, 7), neuro.MENTIONS, strict=True)
        ],
    }
    image = open_png(neuro.render_hand(view, locale, playable))
    assert image.width == neuro.HAND_WIDTH and image.height <= 900


def test_hand_sizes_and_marks() -> None:
    view = neuro.example_seat_view()
    empty = open_png(neuro.render_hand({**view, "hand": [], "my_bids": [], "cartons": [], "notebook": []}, "fr"))
    full = open_png(neuro.render_hand({**view, "hand": list(neuro.ALL_TYPES[:18])}, "fr"))
    assert empty.height < full.height
    assert neuro.render_hand(view, "fr") != neuro.render_hand(view, "fr", ["CN3"])
    assert neuro.render_hand(view, "fr") != neuro.render_hand(view, "en")
    assert neuro.render_hand(view, "fr") != neuro.render_hand({**view, "notebook": []}, "fr")


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_cells_picture(locale: str) -> None:
    view = neuro.example_view()
    cells = [
        {"r": r, "c": c, "name": neuro.cell_name(view, r, c), "vp": vp}
        for r, c, vp in ((-2, 1, 0), (-1, 0, 1), (0, 5, 5), (2, 0, 20), (3, 2, 0), (50, 50, 1))
    ]
    data = neuro.render_cells(view, list(neuro.EXAMPLE_NAMES), locale, "EV2", cells)
    open_png(data)
    assert data != neuro.render_table(view, list(neuro.EXAMPLE_NAMES), locale)
    open_png(neuro.render_cells(full_view(), LONG_NAMES, locale, "CN1", cells))
    open_png(neuro.render_cells(view, [], locale, "CN1", []))


def test_example_picture(tmp_path: Path) -> None:
    target = tmp_path / "neurotrio.png"
    size = neuro.write_example(target)
    assert size == target.stat().st_size < 150_000
    assert open_png(target.read_bytes()).width == 700


def test_benchmark_reports_every_picture() -> None:
    timings = neuro.benchmark(repeat=1)
    assert set(timings) == {"table_ms", "hand_ms", "cells_ms"}
    assert all(value > 0 for value in timings.values())


def test_catalogs_match() -> None:
    fr = json.loads((LOCALES_DIR / "fr" / "render_neurotrio.json").read_text(encoding="utf-8"))
    en = json.loads((LOCALES_DIR / "en" / "render_neurotrio.json").read_text(encoding="utf-8"))
    assert fr.keys() == en.keys()
    assert all(key.startswith("neuro.render.") for key in fr)
    for key in fr:
        assert placeholders(fr[key]) == placeholders(en[key]), key


def test_every_key_the_renderer_uses_exists() -> None:
    source = Path(neuro.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'"(neuro\.render\.[a-z_.]+)"', source))
    assert used
    counted = {"neuro.render.cards", "neuro.render.cartons", "neuro.render.choices", "neuro.render.bids_done"}
    counted |= {"neuro.render.ruled_out", "neuro.render.winners"}
    for key in used - counted:
        assert has(key), key
    for key in counted:
        assert has(f"{key}.one") and has(f"{key}.other"), key
    for phase in ("build", "auction", "over"):
        assert has(f"neuro.render.phase.{phase}")
    for mention in neuro.MENTIONS:
        assert has(f"neuro.render.mention.{mention}")
    for fond in neuro.FONDS:
        assert has(f"neuro.render.fond_letter.{fond}")
