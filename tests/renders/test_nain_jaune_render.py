"""Nain Jaune pictures at their largest, in both languages, from the public view only."""

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
from renders import nain_jaune as nj

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BUDGET = 1_000_000

LONG_NAMES = [
    "Éléonore-Françoise de Châteaubri",
    "Bartholomew Alexander Fitzgerald",
    "Zoë",
    "Ægir Þórsson Øvergård-Lindqvist",
    "Jean-Philippe Grégoire d'Artagna",
    "Ophélie Müller-Schnäbelé Noël ÀÉ",
    "X",
    "Maëlle Cœur-de-Lion Çağlar Ñúñez",
]


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < BUDGET
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def largest_view(players: int = 8) -> dict[str, Any]:
    """Every public field at its widest: big counts, a full sequence, a claim waiting, the turn on the last seat."""
    return {
        **nj.example_view(),
        "deal": 10,
        "deals": 10,
        "boxes": [{"card": card, "tokens": 99999} for card in ("10D", "JC", "QS", "KH", "7D")],
        "players": [{"seat": seat, "tokens": 99999, "cards": 22} for seat in range(players)],
        "dealer": players - 2,
        "to_act": players - 1,
        "sequence": [rank + suit for rank, suit in zip(kit.RANKS, "SHDCSHDCSHDCS", strict=True)],
        "last_card": "KS",
        "last_seat": 0,
        "wanted": None,
        "sans": None,
        "talon": 8,
        "pending_claims": ["KH"],
    }


def hand_view(cards: int) -> dict[str, Any]:
    return {**largest_view(2), "seat": 0, "to_act": 0, "wanted": "5", "hand": list(kit.ALL_CARDS[:cards])}


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_largest_table(locale: str) -> None:
    image = open_png(nj.render_table(largest_view(), LONG_NAMES, locale))
    assert image.size == (nj.WIDTH, nj.HEIGHT)


@pytest.mark.parametrize("players", range(2, 9))
def test_every_table_size(players: int) -> None:
    view = {**nj.example_view(), "players": largest_view(players)["players"], "dealer": 0, "to_act": players - 1}
    open_png(nj.render_table(view, LONG_NAMES[:players], "fr"))


@pytest.mark.parametrize(
    "change",
    [
        {"over": True, "to_act": None},
        {"sequence": [], "last_card": None, "last_seat": None, "wanted": None, "sans": None},
        {"sans": "Q", "wanted": "K"},
        {"sans": "K", "wanted": None},
        {"talon": 0},
        {"talon": 1, "deals": None},
        {"to_act": None, "dealer": None},
        {"pending_claims": [{"card": "QS", "seat": 2}]},
        {"sequence": [rank + "H" for rank in kit.RANKS] + ["AS", "2S", "3S"], "last_card": "3S"},
    ],
)
def test_table_states(change: dict[str, Any]) -> None:
    for locale in ("fr", "en"):
        open_png(nj.render_table({**nj.example_view(), **change}, nj.EXAMPLE_NAMES, locale))


def test_missing_names_fall_back() -> None:
    open_png(nj.render_table(nj.example_view(), [], "en"))
    open_png(nj.render_table(nj.example_view(), ["", "😀", "\u200b"], "fr"))


def test_the_table_needs_only_the_public_view() -> None:
    public = nj.example_view()
    assert "hand" not in public and "seat" not in public
    data = nj.render_table(public, nj.EXAMPLE_NAMES, "fr")
    open_png(data)
    seat_view = {**public, "seat": 3, "hand": ["AS", "9C", "9H"]}
    assert nj.render_table(seat_view, nj.EXAMPLE_NAMES, "fr") == data


def test_the_table_follows_the_language() -> None:
    fr = nj.render_table(nj.example_view(), nj.EXAMPLE_NAMES, "fr")
    en = nj.render_table(nj.example_view(), nj.EXAMPLE_NAMES, "en-GB")
    assert fr != en


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("playable", [None, [], ["AS", "5S", "9S", "KS", "8H"]])
def test_largest_hand(locale: str, playable: list[str] | None) -> None:
    image = open_png(nj.render_hand(hand_view(22), locale, playable))
    width, height = image.size
    assert nj.HAND_MIN_WIDTH <= width <= nj.HAND_MAX_WIDTH
    two_rows = 2 * kit.card_size(nj.HAND_CARD)[1]
    assert height > two_rows


def test_hand_sizes() -> None:
    one_row = open_png(nj.render_hand(hand_view(12), "fr")).size
    two_rows = open_png(nj.render_hand(hand_view(13), "fr")).size
    assert two_rows[1] > one_row[1]
    for cards in (0, 1, 6, 9, 15):
        open_png(nj.render_hand(hand_view(cards), "en", []))


def test_playable_cards_change_the_hand() -> None:
    view = nj.example_seat_view()
    plain = nj.render_hand(view, "fr")
    marked = nj.render_hand(view, "fr", ["9C", "9H"])
    assert plain != marked


def test_example_picture(tmp_path: Path) -> None:
    target = tmp_path / "nain-jaune.png"
    size = nj.write_example(target)
    assert size == target.stat().st_size < 150_000
    image = open_png(target.read_bytes())
    assert image.width == 700


def test_benchmark_reports_both_pictures() -> None:
    timings = nj.benchmark(repeat=1)
    assert set(timings) == {"table_ms", "hand_ms"}
    assert all(value > 0 for value in timings.values())


def test_catalogs_match() -> None:
    fr = json.loads((LOCALES_DIR / "fr" / "render_nain_jaune.json").read_text(encoding="utf-8"))
    en = json.loads((LOCALES_DIR / "en" / "render_nain_jaune.json").read_text(encoding="utf-8"))
    assert fr.keys() == en.keys()
    assert all(key.startswith("nj.render.") for key in fr)
    for key in fr:
        assert placeholders(fr[key]) == placeholders(en[key]), key


def test_every_key_the_renderer_uses_exists() -> None:
    source = Path(nj.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'"(nj\.render\.[a-z_.]+)"', source))
    assert used
    plural = {"nj.render.cards", "nj.render.tokens"}
    for key in used - plural:
        assert has(key), key
    for key in plural:
        for form in ("zero", "one", "other"):
            assert has(f"{key}.{form}"), key
