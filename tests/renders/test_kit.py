"""The shared drawing kit: bundled fonts with real glyphs, text fitting, card faces, PNG output."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from PIL import ImageDraw
from PIL import ImageFont

from renders import kit
from renders import png
from tests.renders.support import PNG_SIGNATURE
from tests.test_i18n import catalog_file


def test_fonts_are_bundled_with_their_licence() -> None:
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE"):
        assert (kit.FONT_DIR / name).is_file()
    assert "Bitstream" in (kit.FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    assert kit.font(20).path == str(kit.FONT_REGULAR)
    assert kit.font(20, True).path == str(kit.FONT_BOLD)


def test_fonts_are_cached() -> None:
    assert kit.font(31) is kit.font(31)
    assert kit.font(31) is not kit.font(31, True)


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("char", list("éÉèçàÀœŒÿ♦♠♥♣…▶"))
def test_the_font_really_has_the_glyphs(char: str, bold: bool) -> None:
    face = kit.font(40, bold)
    left, top, right, bottom = face.getbbox(char)
    assert right > left and bottom > top
    notdef = (face.getbbox(kit.NOTDEF_PROBE), bytes(face.getmask(kit.NOTDEF_PROBE)))
    assert (face.getbbox(char), bytes(face.getmask(char))) != notdef
    assert kit.has_glyph(char, bold)


def test_missing_glyphs_are_detected_and_dropped() -> None:
    assert not kit.has_glyph(kit.NOTDEF_PROBE)
    assert kit.has_glyph("李") and kit.face_index("李") == 2 and kit.face_index("🎲") == 1
    assert not kit.has_glyph("\U00020bb7"), "a rare ideograph no bundled font has"
    assert kit.clean_text("  Zoe\u0301 \ue000 李小龙  Bruce \U00020bb7") == "Zoé 李小龙 Bruce"
    assert kit.clean_text("\u200b") == ""


def test_fit_text_cuts_with_an_ellipsis() -> None:
    face = kit.font(24, True)
    name = "Éléonore-Françoise de Châteaubri"
    assert kit.fit_text(name, face, 10_000) == name
    cut = kit.fit_text(name, face, 200)
    assert cut.endswith(kit.ELLIPSIS) and len(cut) < len(name)
    assert face.getlength(cut) <= 200
    assert kit.fit_text(name, face, 1) == ""
    assert kit.fit_font(name, 200, 30, 10).getlength(name) <= 200


def test_seat_colours_are_distinct() -> None:
    colours = [kit.seat_colour(seat) for seat in range(10)]
    assert len(set(colours)) == 10
    assert kit.seat_colour(10) == kit.seat_colour(0)


def test_rank_labels_follow_the_locale() -> None:
    assert [kit.rank_label(rank, "fr") for rank in ("A", "10", "J", "Q", "K")] == ["A", "10", "V", "D", "R"]
    assert [kit.rank_label(rank, "en") for rank in ("A", "10", "J", "Q", "K")] == ["A", "10", "J", "Q", "K"]
    assert kit.card_label("QS", "fr") == "D♠"
    assert kit.card_label("10D", "en-US") == "10♦"
    assert kit.rank_name("Q", "fr") == "dame"
    assert kit.rank_name("K", "en") == "king"
    assert kit.rank_name("8", "fr") == "8"


@pytest.mark.parametrize("code", ["", "1S", "11H", "QX", "S", "10"])
def test_bad_card_codes_are_refused(code: str) -> None:
    with pytest.raises(ValueError):
        kit.parse_card(code)


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("width", [24, 48, 96, 140])
def test_every_card_face_renders(width: int, locale: str) -> None:
    assert len(kit.ALL_CARDS) == 52
    for code in kit.ALL_CARDS:
        face = kit.card_face(code, width, locale)
        assert face.mode == "RGBA"
        assert face.size == kit.card_size(width)
        alpha = face.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0  # rounded corner
        assert alpha.getpixel((width // 2, 2)) == 255
        _, suit = kit.parse_card(code)
        colours = face.convert("RGB").getcolors(maxcolors=width * width * 2) or []
        assert kit.suit_colour(suit) in {colour for _, colour in colours}


def test_faces_are_cached_and_localised() -> None:
    assert kit.card_face("QS", 96, "fr") is kit.card_face("QS", 96, "fr-FR")
    assert kit.card_face("QS", 96, "fr").tobytes() != kit.card_face("QS", 96, "en").tobytes()
    assert kit.card_face("7D", 96, "fr").tobytes() == kit.card_face("7D", 96, "en").tobytes()


def test_marked_variants_keep_the_card_size() -> None:
    plain = kit.card_face("7D", 96)
    for variant in (
        kit.card_face("7D", 96, badge="3"),
        kit.card_face("7D", 96, ring=kit.GOLD),
        kit.card_face("7D", 96, dim=True),
        kit.card_face("7D", 96, badge="B", ring=kit.seat_colour(1)),
    ):
        assert variant.size == plain.size
        assert variant.tobytes() != plain.tobytes()


def test_card_back() -> None:
    back = kit.card_back(88)
    assert back.size == kit.card_size(88)
    assert kit.card_back(88, kit.BACK_RED).tobytes() != back.tobytes()


def test_drawing_off_the_canvas_is_clipped() -> None:
    canvas = kit.new_canvas(200, 100)
    kit.paste_card(canvas, kit.card_face("AS", 96), (-50, -60))
    kit.paste_card(canvas, kit.card_face("AS", 96), (180, 90))
    kit.panel(canvas, (150, 50, 260, 140), 12, kit.PANEL, outline=kit.GOLD, shadow=True)
    kit.card_glow(canvas, (-5, -5), 40)
    assert canvas.size == (200, 100)


def test_new_canvas_is_a_copy() -> None:
    canvas = kit.new_canvas(50, 40)
    canvas.paste((255, 0, 0, 255), (0, 0, 50, 40))
    assert kit.new_canvas(50, 40).getpixel((25, 20)) != (255, 0, 0, 255)


def test_encode_png_gives_real_png_bytes() -> None:
    canvas = kit.new_canvas(320, 200)
    kit.paste_card(canvas, kit.card_face("10H", 96, "fr"), (20, 20))
    data = png.encode_png(canvas)
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        assert image.size == (320, 200)
        assert image.mode == "RGB"
    small = png.encode_png(canvas, colors=64)
    with Image.open(io.BytesIO(small)) as image:
        assert image.mode == "P"


def test_every_rank_has_its_word() -> None:
    """The kit's own catalog names every rank (both languages say the same: ``tests/test_i18n.py``)."""
    assert {f"render.rank.{rank}" for rank in kit.RANKS} <= catalog_file("fr", "render_kit.po").keys()


def speckled_layer(width: int, height: int) -> Image.Image:
    """A layer whose every pixel has its own colour and opacity, fully transparent and fully opaque ones among them."""
    data = bytes((x * 7 + y * 13 + c * 101) % 256 for y in range(height) for x in range(width) for c in range(4))
    return Image.frombytes("RGBA", (width, height), data)


@pytest.mark.parametrize("xy", [(10, 12), (-7, -5), (50, 30), (-40, 0), (70, 50)])
def test_paste_blends_as_pillow_does_and_clips_to_the_canvas(xy: tuple[int, int]) -> None:
    layer = speckled_layer(40, 30)
    canvas = speckled_layer(80, 60)
    expected = canvas.copy()
    x0, y0 = max(0, xy[0]), max(0, xy[1])
    source = (x0 - xy[0], y0 - xy[1], min(40, 80 - xy[0]), min(30, 60 - xy[1]))
    if source[2] > source[0] and source[3] > source[1]:
        expected.alpha_composite(layer, (x0, y0), source)
    kit.paste(canvas, layer, xy)
    assert canvas.tobytes() == expected.tobytes()


@pytest.mark.parametrize(("text", "size", "bold"), [("Éléonore ♦ 12", 20, False), ("À vous de jouer", 24, True)])
def test_the_fonts_that_remember_draw_what_freetype_draws(text: str, size: int, bold: bool) -> None:
    plain = ImageFont.truetype(str(kit.FONT_BOLD if bold else kit.FONT_REGULAR), size)
    face = kit.font(size, bold)
    pictures = []
    for font in (plain, face, face):  # the second time from the cache
        canvas = kit.new_canvas(260, 50)
        ImageDraw.Draw(canvas).text((10.25, 25.5), text, font=font, fill=kit.INK, anchor="lm")
        pictures.append(canvas.tobytes())
        assert font.getlength(text) == plain.getlength(text)
        assert font.getbbox(text, anchor="lm") == plain.getbbox(text, anchor="lm")
    assert pictures[0] == pictures[1] == pictures[2]
    assert pictures[0] != kit.new_canvas(260, 50).tobytes()


@pytest.mark.parametrize("xy", [(10.25, 25.5), (-3.75, 8.0), (40, 30)])
@pytest.mark.parametrize("anchor", ["la", "mm", "ls", "rd"])
def test_put_text_draws_what_pillow_draws(xy: tuple[float, float], anchor: str) -> None:
    face = kit.font(20)
    pictures = []
    for put in (True, False):
        canvas = kit.new_canvas(200, 50)
        draw = ImageDraw.Draw(canvas)
        if put:
            kit.put_text(draw, xy, "Éléonore ♦ 12", face, kit.GOLD, anchor)
        else:
            draw.text(xy, "Éléonore ♦ 12", font=face, fill=kit.GOLD, anchor=anchor)
        pictures.append(canvas.tobytes())
    assert pictures[0] == pictures[1]


@pytest.mark.parametrize("ground", [(24, 98, 62, 255), (24, 98, 62, 200), (0, 0, 0, 0)])
@pytest.mark.parametrize("fill", [kit.PANEL, kit.GOLD, kit.HEADER])
def test_panels_blend_as_alpha_composite_on_any_ground(ground: kit.RGBA, fill: kit.Colour) -> None:
    canvas = Image.new("RGBA", (120, 80), ground)
    kit.paste(canvas, speckled_layer(50, 40), (60, 30))
    expected = canvas.copy()
    for layer, xy in (
        (kit._solid((90, 50), fill, ("round", (90, 50, 12))), (-10, 20)),
        (kit._solid((90, 50), fill, ("ring", (90, 50, 12, 3))), (20, 5)),
        (kit._shadow(60, 40, 8, 5, 120), (30, 10)),
    ):
        kit.paste(canvas, layer, xy)
        expected.alpha_composite(layer, (max(0, xy[0]), max(0, xy[1])), (max(0, -xy[0]), max(0, -xy[1])))
    assert canvas.tobytes() == expected.tobytes()


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
@pytest.mark.parametrize("size", [(1, 1), (3, 2), (37, 11)])
def test_png_rows_put_a_filter_byte_before_each_row(mode: str, size: tuple[int, int]) -> None:
    picture = speckled_layer(*size).convert(mode)
    samples = picture.convert("RGB").tobytes()
    stride = 3 * size[0]
    rows = b"".join(b"\0" + samples[y * stride : (y + 1) * stride] for y in range(size[1]))
    assert png.png_rows(picture) == rows


def test_a_png_holds_the_very_pixels_drawn() -> None:
    canvas = kit.new_canvas(300, 180)
    kit.paste_card(canvas, kit.card_face("QS", 96, "fr", ring=kit.GOLD), (20, 10))
    kit.paste(canvas, speckled_layer(120, 90), (160, 60))
    with Image.open(io.BytesIO(png.encode_png(canvas))) as image:
        assert image.convert("RGB").tobytes() == canvas.convert("RGB").tobytes()


FAULTS = """
import resource, sys
sys.path.insert(0, {root!r})
from PIL import Image

def faults():
    # what encoding a 600 x 700 picture allocates, 20 times over
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(20):
        rgb = Image.new("RGBA", (600, 700), (24, 98, 62, 255)).convert("RGB")
        flat = Image.frombytes("L", (1800, 700), rgb.tobytes())
        lines = Image.new("L", (1801, 700), 0)
        lines.paste(flat, (1, 0))
        lines.tobytes()
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before

faults()
first = faults()
from renders import memory
kept = memory.keep_freed_memory()
faults()  # the heap grows once to hold the buffers
print(first, faults(), kept)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the GNU C library's settings")
def test_freed_picture_buffers_are_kept_for_the_next_picture() -> None:
    """The buffers of 20 pictures cost thousands of page faults when the C library hands them back each time;
    kept, the next pictures reuse the heap's pages."""
    root = str(Path(__file__).resolve().parents[2])
    done = subprocess.run([sys.executable, "-c", FAULTS.format(root=root)], capture_output=True, text=True, check=True)
    first, kept_faults, kept = done.stdout.split()
    assert kept == "True"
    assert int(first) > 2000
    assert int(kept_faults) < int(first) // 10
