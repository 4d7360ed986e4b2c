"""Every display name shows: Latin, Greek, Cyrillic, Chinese, Japanese, Korean and emoji are drawn, never boxes."""

from __future__ import annotations

import pytest
from PIL import Image
from PIL import ImageDraw

from renders import kit
from renders import measure

NAMES = {
    "Éloïse Lefèvre": "Éloïse Lefèvre",
    "Νίκος Παπαδόπουλος": "Νίκος Παπαδόπουλος",
    "Ольга Смирнова": "Ольга Смирнова",
    "李小龙": "李小龙",
    "さくら・タナカ": "さくら・タナカ",
    "김민준": "김민준",
    "Maëlle 🎲": "Maëlle 🎲",
    "👍🏽 Léo": "👍 Léo",
    "❤️ Zoé": "❤ Zoé",
    "Zoé\u200b\u0007": "Zoé",
}
"""A name as Discord gives it, and as it is drawn: skin tones, variation selectors and controls are dropped."""


def notdef(face: kit.Font) -> bytes:
    return bytes(face.getmask(kit.NOTDEF_PROBE))


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize(("name", "drawn"), NAMES.items())
def test_every_character_of_a_name_is_drawn_by_a_font_that_has_it(name: str, drawn: str, bold: bool) -> None:
    cleaned = kit.clean_text(name, bold=bold)
    assert cleaned == drawn
    face = kit.font(28, bold)
    for piece, piece_face in kit.segments(cleaned, face):
        for char in piece.replace(" ", ""):
            assert bytes(piece_face.getmask(char)) != notdef(piece_face), f"{char!r} is a box"


def test_a_name_in_several_scripts_is_drawn_in_one_line() -> None:
    """The fallback fonts draw on the main font's baseline: the line is as wide as its pieces, and inked."""
    canvas = Image.new("RGB", (600, 60), (0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    face = kit.font(28)
    with measure.recording() as marks:
        width = kit.draw_text(draw, (10, 30), "Zoé 李小龙 🎲", face, (255, 255, 255), anchor="lm")
    pieces = kit.segments("Zoé 李小龙 🎲", face)
    assert [piece for piece, _ in pieces] == ["Zoé ", "李小龙", " ", "🎲"]
    assert width == pytest.approx(sum(piece_face.getlength(piece) for piece, piece_face in pieces))
    assert [(mark.text, mark.height) for mark in marks] == [("Zoé 李小龙 🎲", 28)]
    box = canvas.getbbox()
    assert box is not None and box[2] - box[0] > 0.9 * width and box[1] > 5 and box[3] < 55


def test_long_names_are_shortened_to_a_measured_width() -> None:
    face = kit.font(24, True)
    for name in ("Jean-Christophe de La Tour d'Auvergne", "欧阳诸葛司马上官长孙慕容", "🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲"):
        short = kit.fit_text(name, face, 150)
        assert short.endswith(kit.ELLIPSIS) and len(short) < len(name)
        assert kit.text_width(short, face) <= 150
        assert kit.text_width(name[: len(short)] + kit.ELLIPSIS, face) > 150
