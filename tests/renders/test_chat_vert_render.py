"""Le Chat vert pictures: 2 to 10 seats, every phase and marker, hands up to 60 cards, both languages.

The views are written by hand in the shape the engine's public_view and view give. The pictures only ever
get counts of the added rules: a view carrying rule texts or penalty phrases draws exactly the same picture.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.i18n import catalog, placeholders
from renders import chat_vert as cv
from renders import kit

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
    "Wolfgang Amadeus Mozart-Salieri",
    "Ἀλέξανδρος ὁ Μέγας Μακεδών τρίτ",
]

SECRET_RULES = [
    {
        "id": 1,
        "template": "say",
        "cond": {"colour": "R", "number": 7, "kind": None},
        "phrase": "Saucisson sec",
        "author": 42,
        "author_name": "Amélie",
        "seen": False,
    },
    {"id": 2, "template": "ficelle", "phrase": "Ficelle magique", "author": None, "author_name": "", "seen": True},
    {"id": 3, "template": "free", "text": "Toucher son nez", "message": "Le nez !", "author": 7, "author_name": "B"},
]

SECRET_PENALTIES = [
    {"reason": "missing", "expected": "Saucisson sec", "rule": 1, "seat": 2},
    {"reason": "instead", "said": "bonjour", "expected": "Ficelle magique", "rule": 2, "seat": 0},
    {"reason": "free", "message": "Le nez !", "rule": 3, "seat": 1},
]


def open_png(data: bytes, size: tuple[int, int] | None = None) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < BUDGET
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert 300 <= image.width <= 1000 and 200 <= image.height <= 2000
    if size is not None:
        assert image.size == size
    return image


def public(players: int = 5, cards: int = 7, **change: Any) -> dict[str, Any]:
    """A public view in the engine's shape: play phase, seat 1 to play, nothing pending."""
    view: dict[str, Any] = {
        "phase": "play",
        "players": players,
        "dealer": 0,
        "turn": 1 % players,
        "dir": 1,
        "top": "R7",
        "colour": "R",
        "first": False,
        "pile": 12,
        "stock": 60,
        "counts": [cards] * players,
        "at": 11,
        "pending": None,
        "skipped": None,
        "drawing": None,
        "rules": 0,
        "ficelle": None,
        "ficelle_rule": False,
        "penalties": [],
        "winner": None,
        "timer": 60,
    }
    view.update(change)
    return view


def seat_view(hand: list[str], seat: int = 1, drawn: str | None = None, **change: Any) -> dict[str, Any]:
    return {**public(**change), "seat": seat, "hand": hand, "drawn": drawn}


def full_hand(cards: int) -> list[str]:
    """``cards`` codes sorted as the engine sorts a hand (colours Y R B G, then the majors)."""
    pool = [code for code in cv.ALL_CARDS for _ in range(2)]
    pool += ["W", "F"] * 2
    order = {code: i for i, code in enumerate(cv.ALL_CARDS)}
    return sorted(pool[:cards], key=order.__getitem__)


def table(view: dict[str, Any], names: list[str] | tuple[str, ...] = LONG_NAMES, locale: str = "fr") -> bytes:
    return cv.render_table(view, list(names), locale)


# --- cards -----------------------------------------------------------------------------------------------


def test_every_card_code_parses_and_draws() -> None:
    assert len(cv.ALL_CARDS) == 4 * 13 + 2
    for code in cv.ALL_CARDS:
        colour, _ = cv.parse_card(code)
        assert (colour is None) == (code in ("W", "F"))
        face = cv.card_face(code, 80, "fr")
        assert face.size == kit.card_size(80)
    for bad in ("", "X1", "R", "RX", "W1", "YY", "R10"):
        with pytest.raises(ValueError):
            cv.parse_card(bad)


def test_colour_initials_follow_the_language() -> None:
    assert [cv.colour_letter(c, "fr") for c in cv.COLOURS] == ["J", "R", "B", "V"]
    assert [cv.colour_letter(c, "en-US") for c in cv.COLOURS] == ["Y", "R", "B", "G"]
    for code in ("Y5", "GS"):
        assert cv.card_face(code, 90, "fr").tobytes() != cv.card_face(code, 90, "en").tobytes()
    for code in ("R5", "BD", "W", "F"):
        assert cv.card_face(code, 90, "fr").tobytes() == cv.card_face(code, 90, "en").tobytes()


def test_every_symbol_has_its_own_face() -> None:
    faces = {cv.card_face(code, 70, "fr").tobytes() for code in cv.ALL_CARDS}
    assert len(faces) == len(cv.ALL_CARDS)


# --- the table -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_largest_table(locale: str) -> None:
    open_png(table(cv.largest_view(), LONG_NAMES, locale), (cv.WIDTH, cv.HEIGHT))


@pytest.mark.parametrize("players", range(2, 11))
def test_every_table_size(players: int) -> None:
    view = public(players, 40, dealer=players - 1, turn=0, rules=20, stock=0)
    open_png(table(view, LONG_NAMES[:players]), (cv.WIDTH, cv.HEIGHT))


def test_seats_do_not_overlap() -> None:
    for players in range(2, 11):
        w, h = cv._plate_size(players)
        boxes = [(x - w // 2, y - h // 2, x + w // 2, y + h // 2) for x, y in cv.seat_positions(players)]
        for box in boxes:
            assert box[0] >= 0 and box[2] <= cv.WIDTH and box[1] > cv.HEADER and box[3] <= cv.HEIGHT
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (players, a, b)


def test_seats_go_clockwise_from_the_bottom() -> None:
    positions = cv.seat_positions(4)
    cx, cy = cv.CENTRE
    assert positions[0][1] > cy  # seat 0 at the bottom
    assert positions[1][0] < cx  # then the left
    assert positions[2][1] < cy  # the top
    assert positions[3][0] > cx  # and the right


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "direction", "turn": None, "first": True},
        {"phase": "direction", "turn": None, "players": 2, "counts": [7, 7], "dealer": 1},
        {"phase": "over", "turn": None, "winner": 3, "counts": [4, 9, 2, 0, 11]},
        {"phase": "over", "turn": None, "winner": None},
        {"top": "W", "colour": "B"},
        {"top": "F", "colour": "Y", "pending": {"kind": "plus4", "count": 4, "target": 2}},
        {"top": "GD", "colour": "G", "pending": {"kind": "plus2", "count": 8, "target": 4}},
        {"pending": {"kind": "plus2", "count": 2, "target": None}},
        {"skipped": 2, "turn": 3},
        {"drawing": 1},
        {"ficelle_rule": True, "ficelle": 4},
        {"ficelle_rule": True, "ficelle": None},
        {"dir": -1},
        {"stock": 0},
        {"stock": 1},
        {"rules": 1},
        {"top": "??", "colour": None},
        {"turn": None, "dealer": None},
        {"counts": [0, 1, 108, 2, 3]},
    ],
)
def test_table_states(change: dict[str, Any]) -> None:
    for locale in ("fr", "en"):
        open_png(table(public(**change), cv.EXAMPLE_NAMES, locale), (cv.WIDTH, cv.HEIGHT))


def test_phases_look_different() -> None:
    pictures = {
        table(public(phase="direction", turn=None)),
        table(public()),
        table(public(phase="over", turn=None, winner=2)),
    }
    assert len(pictures) == 3


def test_the_turn_marker_moves() -> None:
    assert table(public(turn=1)) != table(public(turn=2))


def test_the_direction_shows() -> None:
    assert table(public(dir=1)) != table(public(dir=-1))


def test_the_winner_shows() -> None:
    over = public(phase="over", turn=None, counts=[3, 0, 5, 2, 6])
    assert table({**over, "winner": 1}) != table({**over, "winner": 3})


def test_the_dealer_shows() -> None:
    assert table(public(dealer=0)) != table(public(dealer=3))


def test_the_pending_badge_shows() -> None:
    plain = table(public())
    pending = table(public(pending={"kind": "plus2", "count": 6, "target": 2}))
    other_target = table(public(pending={"kind": "plus2", "count": 6, "target": 3}))
    other_count = table(public(pending={"kind": "plus2", "count": 8, "target": 2}))
    assert len({plain, pending, other_target, other_count}) == 4


def test_skipped_and_drawing_seats_show() -> None:
    plain = table(public())
    assert table(public(skipped=2)) != plain
    assert table(public(drawing=1)) != plain
    assert table(public(skipped=2)) != table(public(skipped=3))


def test_the_string_shows_only_with_its_rule() -> None:
    plain = table(public())
    assert table(public(ficelle=3, ficelle_rule=False)) == plain
    held = table(public(ficelle=3, ficelle_rule=True, rules=1))
    assert held != table(public(ficelle=None, ficelle_rule=True, rules=1))
    assert held != table(public(ficelle=4, ficelle_rule=True, rules=1))


def test_the_chosen_colour_shows_after_a_major() -> None:
    assert table(public(top="W", colour="R")) != table(public(top="W", colour="B"))
    assert table(public(top="F", colour="G")) != table(public(top="W", colour="G"))


def test_the_rule_count_shows() -> None:
    assert len({table(public(rules=n)) for n in (0, 1, 3, 20)}) == 4


def test_no_rule_text_reaches_the_table() -> None:
    """Rule texts or penalty phrases, even if a view carried them, change nothing: only the count is drawn."""
    counted = public(rules=3, ficelle_rule=True, ficelle=2)
    leaky = {**counted, "rules": [dict(rule) for rule in SECRET_RULES], "penalties": SECRET_PENALTIES}
    assert table(leaky) == table(counted)
    assert table({**counted, "penalties": SECRET_PENALTIES}) == table(counted)


def test_no_rule_text_reaches_the_hand() -> None:
    counted = seat_view(full_hand(9), rules=3)
    leaky = {**counted, "rules": SECRET_RULES, "penalties": SECRET_PENALTIES}
    assert cv.render_hand(leaky, "fr", ["R7"]) == cv.render_hand(counted, "fr", ["R7"])


def test_the_module_never_reads_rule_texts() -> None:
    source = Path(cv.__file__).read_text(encoding="utf-8")
    for key in ('"phrase"', '"text"', '"message"', '"expected"', '"said"', '"template"'):
        assert key not in source, key
    assert source.count('"penalties"') == 1  # the example view's empty list only


def test_missing_names_fall_back() -> None:
    open_png(table(public(), []))
    open_png(table(public(), ["", "😀", "\u200b"]))


def test_the_table_needs_only_the_public_view() -> None:
    view = public()
    data = table(view)
    assert table({**view, "seat": 1, "hand": ["R7", "W"], "drawn": "W"}) == data


def test_the_table_follows_the_language() -> None:
    view = public(rules=2)
    assert table(view, locale="fr") != table(view, locale="en-GB")


# --- the hand --------------------------------------------------------------------------------------------


def test_hand_layout_never_cuts_a_card() -> None:
    for count in range(1, 81):
        per_row, rows, step = cv.hand_layout(count)
        assert per_row * rows >= count > per_row * (rows - 1)
        assert per_row <= cv.HAND_ROW_LIMIT
        assert 2 * cv.MARGIN + cv.HAND_CARD + step * (per_row - 1) <= cv.HAND_MAX_WIDTH + 0.5
        if per_row > 1:
            assert step >= cv.HAND_CARD * 0.6  # each card's corner (symbol and colour initial) stays visible
    assert cv.hand_layout(0) == (0, 0, 0.0)


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("playable", [None, [], ["R7", "W", "F", "Y0", "GD"]])
def test_sixty_card_hand(locale: str, playable: list[str] | None) -> None:
    hand = full_hand(60)
    image = open_png(cv.render_hand(seat_view(hand, drawn=hand[20]), locale, playable))
    assert image.width == cv.HAND_MAX_WIDTH
    rows = math.ceil(60 / cv.HAND_ROW_LIMIT)
    assert image.height > cv.HEADER + cv.HAND_STRIP + rows * kit.card_size(cv.HAND_CARD)[1]


def test_hand_sizes() -> None:
    heights = []
    for cards in (0, 1, 7, 15, 16, 30, 31, 45, 46, 60):
        image = open_png(cv.render_hand(seat_view(full_hand(cards)), "fr", None))
        assert cv.HAND_MIN_WIDTH <= image.width <= cv.HAND_MAX_WIDTH
        heights.append(image.height)
    assert heights == sorted(heights)
    assert heights[3] < heights[4] < heights[6] < heights[8]


def test_hand_numbers_follow_the_count() -> None:
    one = cv.render_hand(seat_view(["R7", "R7"]), "fr", None)
    other = cv.render_hand(seat_view(["R7", "R8"]), "fr", None)
    assert one != other


def test_playable_cards_change_the_hand() -> None:
    view = seat_view(["Y3", "R7", "B2", "W"])
    plain = cv.render_hand(view, "fr", None)
    none = cv.render_hand(view, "fr", [])
    some = cv.render_hand(view, "fr", ["R7", "W"])
    others = cv.render_hand(view, "fr", ["Y3"])
    assert len({plain, none, some, others}) == 4


def test_the_drawn_card_is_marked() -> None:
    hand = ["Y3", "R7", "B2", "G9"]
    plain = cv.render_hand(seat_view(hand, drawing=1), "fr", ["G9"])
    drawn = cv.render_hand(seat_view(hand, drawn="G9", drawing=1), "fr", ["G9"])
    assert plain != drawn
    open_png(cv.render_hand(seat_view(hand, drawn="F"), "en", None))  # not (or no longer) in hand


def test_hand_strip_shows_pile_colour_and_burdens() -> None:
    hand = ["Y3", "R7"]
    base = cv.render_hand(seat_view(hand, top="W", colour="B"), "fr", None)
    assert base != cv.render_hand(seat_view(hand, top="W", colour="G"), "fr", None)
    assert base != cv.render_hand(seat_view(hand, top="B4", colour="B"), "fr", None)
    pending = {"kind": "plus4", "count": 4, "target": 1}
    busy = seat_view(hand, top="F", colour="B", pending=pending, skipped=1, ficelle=1, ficelle_rule=True)
    image = open_png(cv.render_hand(busy, "fr", None))
    assert image.width > cv.HAND_MIN_WIDTH  # widened so that every label fits


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "direction", "dealer": 1, "turn": None},
        {"phase": "direction", "dealer": 0, "turn": None},
        {"phase": "over", "turn": None, "winner": 1},
        {"turn": 1, "drawing": 1},
        {"turn": 2},
        {"seat": None},
        {"top": "", "colour": ""},
        {"hand": ["R7", "??", "W"]},
    ],
)
def test_hand_states(change: dict[str, Any]) -> None:
    view = {**seat_view(["Y3", "R7", "B2", "W"], drawn="W"), **change}
    for locale in ("fr", "en"):
        open_png(cv.render_hand(view, locale, ["W"]))


# --- words, examples, timing -----------------------------------------------------------------------------


def test_words_come_from_both_catalogs() -> None:
    fr, en = catalog("fr"), catalog("en")
    keys = [k for k in fr if k.startswith("cv.render.")]
    assert "cv.render.rules.zero" in keys and len(keys) > 30
    for key in keys:
        assert key in en and fr[key].strip() and en[key].strip(), key
        assert placeholders(fr[key]) == placeholders(en[key]), key
    assert cv.words("fr", "turn", name="Zoé") == "À Zoé de jouer"
    assert cv.words("en", "turn", name="Zoé") == "Zoé to play"


def test_plurals() -> None:
    assert cv._plural("fr", "rules", 0) == "Aucune règle secrète"
    assert cv._plural("fr", "rules", 1) == "1 règle secrète"
    assert cv._plural("en", "rules", 3) == "3 secret rules"
    assert cv._plural("fr", "cards", 0) == "0 carte"
    assert cv._plural("en", "cards", 0) == "0 cards"


def test_example_pictures(tmp_path: Path) -> None:
    target = tmp_path / "chat_vert_table.png"
    size = cv.write_example(target)
    assert size == target.stat().st_size < 150_000
    assert open_png(target.read_bytes()).width == 700
    hand = tmp_path / "chat_vert_hand.png"
    size = cv.write_hand_example(hand)
    assert size == hand.stat().st_size < 150_000
    assert open_png(hand.read_bytes()).width == 700


def test_benchmark_reports_both_pictures() -> None:
    timings = cv.benchmark(repeat=1)
    assert set(timings) == {"table_ms", "hand_ms"}
    assert all(value > 0 for value in timings.values())
