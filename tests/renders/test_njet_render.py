"""Njet! pictures in every phase, with 3 and 4 players, in both languages, from the public view only."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import LOCALES_DIR, has, placeholders
from renders import kit, njet

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BUDGET = 1_000_000

LONG_NAMES = [
    "Éléonore-Françoise de Châteaubri",
    "Bartholomew Alexander Fitzgerald",
    "Ophélie Müller-Schnäbelé Noël ÀÉ",
    "Maëlle Cœur-de-Lion Çağlar Ñúñez",
]


def open_png(data: bytes, size: tuple[int, int] | None = None) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < BUDGET
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    if size is not None:
        assert image.size == size
    return image


def full_board(players: int) -> dict[str, list[dict[str, Any]]]:
    """Every stone placed (15 with four players, 14 with three): one open option left per row."""
    blocks = {
        "start": {str(seat): (seat + 1) % players for seat in range(players) if seat != 2},
        "discard": {"2": 2, "0": 1},
        "trump": {"R": 0, "K": 1 % players, "B": 2},
        "super": {"K": 1, "B": 0, "G": players - 1, "none": 2},
        "points": {"1": players - 1, "2": 0, "4": 1},
    }
    return njet.board_view(players, blocks)


def three_players(view: dict[str, Any]) -> dict[str, Any]:
    """The example reduced to three seats: 12 cards each, the starting player alone against the other two."""
    players = [dict(player, cards=12) for player in view["players"][:3]]
    view = {**view, "players": players, "sheet": [row[:3] for row in view["sheet"]]}
    view["board"] = {**view["board"], "start": [o for o in view["board"]["start"] if int(o["option"]) < 3]}
    view["to_act"] = [seat for seat in view["to_act"] if seat < 3]
    if view.get("teams"):
        view.update(teams=[[2], [0, 1]], alone=True, partner=None)
        for player in players:
            player["team"] = 0 if player["seat"] == 2 else 1
    if view.get("trick"):
        view["trick"] = [play for play in view["trick"] if play["seat"] < 3]
        view["last_trick"] = [play for play in view["last_trick"] if play["seat"] < 3]
        view["last_winner"] = 2
    return view


def sheet_view(rounds: int, players: int = 4) -> dict[str, Any]:
    view = njet.example_view("over")
    sheet = [[(r * 7 + s * 5) % 25 if (r + s) % 2 else 0 for s in range(players)] for r in range(rounds)]
    view.update(rounds=rounds, round=rounds, sheet=sheet)
    view["players"] = [dict(p, score=sum(row[p["seat"]] for row in sheet)) for p in view["players"][:players]]
    return view


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("phase", njet.PHASES)
def test_every_phase_renders(phase: str, locale: str) -> None:
    open_png(njet.render_table(njet.example_view(phase), njet.EXAMPLE_NAMES, locale), (njet.WIDTH, njet.HEIGHT))


@pytest.mark.parametrize("phase", njet.PHASES)
def test_three_players(phase: str) -> None:
    view = three_players(njet.example_view(phase))
    for locale in ("fr", "en"):
        open_png(njet.render_table(view, LONG_NAMES[:3], locale), (njet.WIDTH, njet.HEIGHT))


@pytest.mark.parametrize("players", [3, 4])
def test_the_board_with_every_stone(players: int) -> None:
    view = njet.example_view("njet")
    view.update(board=full_board(players), stones_left=0, to_act=[])
    if players == 3:
        view = three_players(view)
        view["board"] = full_board(3)
    placed = sum(option["blocked_by"] is not None for row in view["board"].values() for option in row)
    assert placed == (15 if players == 4 else 14)
    for row in view["board"].values():
        assert sum(option["blocked_by"] is None for option in row) == 1
    for locale in ("fr", "en"):
        open_png(njet.render_table(view, LONG_NAMES, locale), (njet.WIDTH, njet.HEIGHT))


def test_an_empty_board_and_a_missing_board() -> None:
    view = njet.example_view("njet")
    view.update(board=njet.board_view(4, {}), stones_left=15)
    open_png(njet.render_table(view, njet.EXAMPLE_NAMES, "fr"))
    view.pop("board")
    open_png(njet.render_table(view, njet.EXAMPLE_NAMES, "en"))


def test_a_full_trick_of_four_cards() -> None:
    view = njet.example_view("tricks")
    view["trick"] = [
        {"seat": 2, "card": "B7"},
        {"seat": 3, "card": "R1"},
        {"seat": 0, "card": "B9"},
        {"seat": 1, "card": "R1"},
    ]
    view["to_act"] = []
    assert njet.trick_winner([play["card"] for play in view["trick"]], "G", "R") == 3
    for locale in ("fr", "en"):
        open_png(njet.render_table(view, LONG_NAMES, locale), (njet.WIDTH, njet.HEIGHT))


def test_trick_winner() -> None:
    assert njet.trick_winner([], "G", "R") is None
    assert njet.trick_winner(["B7", "B9", "B3"], "G", None) == 1
    assert njet.trick_winner(["B7", "G2", "B9"], "G", None) == 1
    assert njet.trick_winner(["B7", "K9", "B8"], "G", "none") == 2
    assert njet.trick_winner(["B7", "R1", "G9", "R1"], "G", "R") == 3
    assert njet.trick_winner(["G1", "G1"], "G", None) == 0
    with pytest.raises(ValueError):
        njet.parse_card("X5")
    with pytest.raises(ValueError):
        njet.parse_card("R10")


@pytest.mark.parametrize("rounds", [8, 16])
@pytest.mark.parametrize("players", [3, 4])
def test_the_score_sheet(rounds: int, players: int) -> None:
    view = sheet_view(rounds, players)
    names = LONG_NAMES[:players]
    for locale in ("fr", "en"):
        image = open_png(njet.render_sheet(view, names, locale))
        assert image.width == njet.SHEET_WIDTH
        open_png(njet.render_table(view, names, locale), (njet.WIDTH, njet.HEIGHT))
    assert njet.sheet_image(sheet_view(16), names, "fr").height > njet.sheet_image(sheet_view(8), names, "fr").height


def test_the_sheet_in_the_middle_of_a_long_game() -> None:
    view = njet.example_view("tricks")
    view.update(rounds=16, round=14, sheet=sheet_view(13)["sheet"])
    open_png(njet.render_table(view, LONG_NAMES, "fr"))
    open_png(njet.render_sheet(view, LONG_NAMES, "en"))


def test_a_tie_shares_the_win() -> None:
    view = njet.example_view("over")
    for player in view["players"]:
        player["score"] = 30
    open_png(njet.render_table(view, njet.EXAMPLE_NAMES, "fr"))
    open_png(njet.render_sheet(view, njet.EXAMPLE_NAMES, "en"))


@pytest.mark.parametrize("phase", njet.PHASES)
def test_long_accented_names(phase: str) -> None:
    open_png(njet.render_table(njet.example_view(phase), LONG_NAMES, "fr"))
    open_png(njet.render_table(njet.example_view(phase), [name * 2 for name in LONG_NAMES], "en"))


def test_missing_names_fall_back() -> None:
    open_png(njet.render_table(njet.example_view("tricks"), [], "en"))
    open_png(njet.render_table(njet.example_view("tricks"), ["", "😀", "\u200b"], "fr"))


def test_the_table_needs_only_the_public_view() -> None:
    for phase in njet.PHASES:
        public = njet.example_view(phase)
        assert "hand" not in public and "seat" not in public and "discards" not in public
        data = njet.render_table(public, njet.EXAMPLE_NAMES, "fr")
        open_png(data)
        seat_view = njet.example_seat_view(phase, 1)
        assert seat_view["hand"] or phase == "over"
        assert njet.render_table(seat_view, njet.EXAMPLE_NAMES, "fr") == data


def test_the_table_follows_the_language() -> None:
    fr = njet.render_table(njet.example_view("njet"), njet.EXAMPLE_NAMES, "fr")
    en = njet.render_table(njet.example_view("njet"), njet.EXAMPLE_NAMES, "en-GB")
    assert fr != en


def test_the_table_changes_with_the_phase() -> None:
    pictures = {njet.render_table(njet.example_view(phase), njet.EXAMPLE_NAMES, "fr") for phase in njet.PHASES}
    assert len(pictures) == len(njet.PHASES)


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("phase", njet.PHASES)
def test_every_hand(phase: str, locale: str) -> None:
    view = njet.example_seat_view(phase, 1)
    image = open_png(njet.render_hand(view, locale))
    assert njet.HAND_MIN_WIDTH <= image.width <= njet.HAND_MAX_WIDTH


@pytest.mark.parametrize("playable", [None, [], ["R1", "R2", "K6", "G1"]])
def test_largest_hand(playable: list[str] | None) -> None:
    hand = ["R1", "R2", "R5", "R9", "K2", "K6", "B1", "B3", "B8", "G1", "G2", "G7"]
    view = {**three_players(njet.example_seat_view("tricks", 1)), "hand": hand, "discards": ["B9", "K1"]}
    for locale in ("fr", "en"):
        image = open_png(njet.render_hand(view, locale, playable))
        assert image.width == njet.HAND_MAX_WIDTH
        assert image.height > kit.card_size(njet.HAND_CARD)[1]


def test_playable_cards_and_super_trumps_change_the_hand() -> None:
    view = njet.example_seat_view("tricks", 1)
    plain = njet.render_hand(view, "fr")
    assert njet.render_hand(view, "fr", ["R1", "R9"]) != plain
    no_super = {**view, "rules": {**view["rules"], "super": "none"}}
    assert njet.render_hand(no_super, "fr") != plain


def test_a_hand_without_cards_or_seat() -> None:
    open_png(njet.render_hand({"phase": "tricks", "hand": []}, "fr"))
    open_png(njet.render_hand({}, "en"))


def test_card_faces() -> None:
    for colour in njet.COLOURS:
        for value in range(1, 10):
            code = f"{colour}{value}"
            face = njet.card_face(code, 80)
            assert face.size == kit.card_size(80)
            assert njet.card_face(code, 80, super_trump=True).tobytes() != face.tobytes()
    colours = {njet.card_face(f"{colour}5", 60).convert("RGB").resize((1, 1)).getpixel((0, 0)) for colour in "RKBG"}
    assert len(colours) == 4


def test_emblems_and_stones() -> None:
    images = {njet.emblem(character, 60, kit.seat_colour(0)).tobytes() for character in njet.CHARACTERS}
    assert len(images) == len(njet.CHARACTERS)
    assert njet.emblem("unknown", 60, kit.seat_colour(0), "U").size == (60, 60)
    assert njet.stone(40, kit.seat_colour(1), "L").size == (40, 40)


def test_example_picture(tmp_path: Path) -> None:
    target = tmp_path / "njet.png"
    size = njet.write_example(target)
    assert size == target.stat().st_size < 150_000
    image = open_png(target.read_bytes())
    assert image.width == 700


def test_benchmark_reports_every_picture() -> None:
    timings = njet.benchmark(repeat=1)
    assert set(timings) == {"board_ms", "trick_ms", "hand_ms", "sheet_ms"}
    assert all(value > 0 for value in timings.values())


def test_catalogs_match() -> None:
    fr = json.loads((LOCALES_DIR / "fr" / "render_njet.json").read_text(encoding="utf-8"))
    en = json.loads((LOCALES_DIR / "en" / "render_njet.json").read_text(encoding="utf-8"))
    assert fr.keys() == en.keys()
    assert all(key.startswith("njet.render.") for key in fr)
    for key in fr:
        assert placeholders(fr[key]) == placeholders(en[key]), key


def test_every_key_the_renderer_uses_exists() -> None:
    source = Path(njet.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r"""["'](njet\.render\.[a-z_.]+)["']""", source))
    assert used
    plural = {key for key in used if has(f"{key}.one")}
    for key in used - plural:
        if key.endswith("."):
            continue
        assert has(key), key
    for key in plural:
        assert has(f"{key}.other"), key
    for prefix, suffixes in {
        "njet.render.character.": njet.CHARACTERS,
        "njet.render.row.": njet.ROWS,
        "njet.render.colour.": (*njet.COLOURS, "none"),
        "njet.render.turn.": ("njet", "partner", "discard", "tricks"),
        "njet.render.to_act.": ("njet", "partner", "discard", "tricks"),
    }.items():
        for suffix in suffixes:
            assert has(prefix + suffix), prefix + suffix
