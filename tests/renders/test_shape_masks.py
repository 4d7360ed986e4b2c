"""Masks and bands measured from cached pieces: the quick ways give the very pixels and rows of the plain ones."""

from __future__ import annotations

import random

import pytest
from PIL import Image
from PIL import ImageDraw

from renders import kit
from renders.layout.laying import _measure_band
from renders.neurotrio import board
from renders.neurotrio.cards import card_image


def drawn_whole(width: int, height: int, radius: int) -> Image.Image:
    """A rounded-rectangle mask drawn at four times its size and scaled down, all of it at once."""
    s = kit.SUPERSAMPLE
    big = Image.new("L", (width * s, height * s), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=radius * s, fill=255)
    return big.resize((width, height), Image.Resampling.BOX)


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 5, 8, 10, 12, 17, 30])
def test_a_rounded_mask_is_the_one_drawn_whole(radius: int) -> None:
    sizes = [*range(1, 2 * radius + 6), 41, 64, 97, 203]
    for width in sizes:
        for height in (1, 2, radius + 1, 2 * radius + 1, 2 * radius + 2, 2 * radius + 3, 40, 81, 420):
            quick = kit.rounded_mask.__wrapped__(width, height, radius)
            assert quick.tobytes() == drawn_whole(width, height, radius).tobytes(), (width, height, radius)


def test_a_large_mask_is_quick_to_make(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 600 x 420 frame's mask touches its corners only: no supersampled canvas of 4 million pixels."""
    made: list[tuple[int, int]] = []
    real = Image.new

    def watched(mode: str, size: tuple[int, int], *args: object) -> Image.Image:
        made.append(size)
        return real(mode, size, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Image, "new", watched)
    kit.rounded_mask.__wrapped__(600, 420, 10)
    assert max(w * h for w, h in made) == 600 * 420


def band_row_by_row(layer: Image.Image) -> tuple[int, int]:
    """The opaque rows around the middle, looked for one row at a time from the middle outwards."""
    alpha = layer.getchannel("A")

    def opaque(row: int) -> bool:
        return all(alpha.getpixel((x, row)) == 255 for x in range(layer.width))

    middle = layer.height // 2
    if not opaque(middle):
        return middle, middle
    top, bottom = middle, middle + 1
    while top > 0 and opaque(top - 1):
        top -= 1
    while bottom < layer.height and opaque(bottom):
        bottom += 1
    return top, bottom


def test_the_opaque_band_is_the_one_found_row_by_row() -> None:
    rng = random.Random(7)
    layers = [card_image(code, width) for code in ("CN1", "EV2", "RB3") for width in (20, 33, 52, 61, 100)]
    layers += [kit.glow(50, 40, 8, (200, 100, 0), 6), Image.new("RGBA", (10, 10), (0, 0, 0, 0))]
    for _ in range(400):
        width, height = rng.randint(1, 24), rng.randint(1, 24)
        layer = Image.new("RGBA", (width, height), (1, 2, 3, 255))
        for _ in range(rng.randint(0, 4)):
            layer.putpixel((rng.randrange(width), rng.randrange(height)), (0, 0, 0, rng.choice([0, 100, 254])))
        layers.append(layer)
    for layer in layers:
        assert _measure_band(layer) == band_row_by_row(layer)


def test_the_grid_frame_is_the_one_drawn_whole() -> None:
    """Neurotrio's grid frame at any size: its rims stretched from a small frame are the rims of the whole one."""
    rim = board.FRAME_RIM
    for width, height in [(25, 25), (26, 40), (25, 90), (90, 26), (101, 77), (603, 421), (540, 380)]:
        scratch = kit.new_canvas(width, height)
        board._frame(width, height, scratch)
        colour, pieces = board._frame_pieces.__wrapped__(width, height)
        assert scratch.getpixel((width // 2, height // 2)) == colour
        for piece, (x, y) in pieces:
            whole = scratch.crop((x, y, x + piece.width, y + piece.height))
            assert piece.tobytes() == whole.tobytes(), (width, height, x, y)
        middle = scratch.crop((rim, rim, width - rim, height - rim)).getcolors(1)
        assert middle is not None and middle[0][1] == colour
