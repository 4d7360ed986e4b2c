"""Animated replays made from a game's own table pictures: one size for every frame, one animation Discord plays
inline (GIF or animated WebP), always under Discord's upload limit.

Measured on a long game of each kind (2 cores; 120 frames at most, the table pictures at full size):

    game (long)                    frames  size      GIF           WebP (quality 75)
    Nain Jaune, 3 players, 50 deals   120  560x566   1.58 MB 1.0 s  1.66 MB 4.0 s
    Triominos, 2 players, to 2000     120  560x740   3.41 MB 0.8 s  2.56 MB 4.9 s
    Neurotrio, 8 players               54  680x980   1.01 MB 0.7 s  1.15 MB 3.1 s
    Njet!, 4 players, 16 rounds       120  640x756   3.43 MB 1.0 s  2.74 MB 5.8 s
    Le Chat vert, 10 players           77  600x628   0.76 MB 0.4 s  0.80 MB 2.0 s

A GIF with one palette for the whole game is as small as the WebP within 25 %, five times faster to make, and its
small text stays sharp (WebP's lossy compression softens it); both are far under the limit, both play inline. So a
replay is a GIF; an animated WebP when the GIF would not fit; then smaller frames; then fewer.

Frames are made one at a time from the PNG bytes (decoded, brought to the common size, mapped to the palette),
so that a long game never holds its pictures in full colour at once.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import Image

Format = Literal["gif", "webp"]
FORMATS: tuple[Format, ...] = ("gif", "webp")
"""In the order they are tried."""

LIMIT_BYTES = 10_000_000
"""Discord's upload limit for a server without boosts (10 MB): a replay is always smaller."""
SCALES = (1.0, 0.8, 0.64, 0.5)
"""The sizes tried, largest first, when a replay would not fit."""
PALETTE_SAMPLES = 12
"""Frames, spread over the game, whose colours make the replay's one palette (cards and pieces of the whole game,
not only of its first picture)."""
COLOURS = 256
WEBP_QUALITY = 75
WEBP_METHOD = 4


@dataclass(frozen=True)
class Animation:
    """An encoded replay: its bytes, format, size in pixels and number of frames."""

    data: bytes
    format: Format
    size: tuple[int, int]
    frames: int

    def filename(self, stem: str) -> str:
        return f"{stem}.{self.format}"


def picture_size(png: bytes) -> tuple[int, int]:
    """The size of a picture, read from its header (nothing decoded)."""
    with Image.open(io.BytesIO(png)) as image:
        return image.size


def common_size(pictures: Sequence[bytes]) -> tuple[int, int]:
    """The smallest size that holds every picture: the tables of one game may differ in height between phases."""
    sizes = [picture_size(p) for p in pictures]
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def frame(png: bytes, box: tuple[int, int], scale: float) -> Image.Image:
    """One picture in full colour at the common size (centred on its own background colour), then scaled."""
    with Image.open(io.BytesIO(png)) as opened:
        image = opened.convert("RGB")
    if image.size != box:
        canvas = Image.new("RGB", box, image.getpixel((0, 0)))
        canvas.paste(image, ((box[0] - image.width) // 2, (box[1] - image.height) // 2))
        image = canvas
    if scale != 1.0:
        size = (max(1, round(box[0] * scale)), max(1, round(box[1] * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)
    return image


def palette(pictures: Sequence[bytes], box: tuple[int, int], scale: float) -> Image.Image:
    """One palette for the whole replay, from frames spread over the game: the same colour never changes from
    one frame to the next (no flicker), and unchanged regions stay byte-equal (small delta frames)."""
    count = min(PALETTE_SAMPLES, len(pictures))
    picks = sorted({round(i * (len(pictures) - 1) / max(1, count - 1)) for i in range(count)})
    samples = [frame(pictures[i], box, scale) for i in picks]
    width = samples[0].width
    mosaic = Image.new("RGB", (width, sum(s.height for s in samples)))
    top = 0
    for sample in samples:
        mosaic.paste(sample, (0, top))
        top += sample.height
    return mosaic.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def frames(pictures: Sequence[bytes], box: tuple[int, int], scale: float) -> Iterator[Image.Image]:
    """Every picture as a frame of the replay's palette, made as the encoder asks for it."""
    colours = palette(pictures, box, scale)
    for png in pictures:
        yield frame(png, box, scale).quantize(palette=colours, dither=Image.Dither.NONE)


def encode(fmt: Format, pictures: Sequence[bytes], durations: Sequence[int], scale: float = 1.0) -> bytes:
    """The pictures as one looping animation, each shown for its duration (ms)."""
    made = frames(pictures, common_size(pictures), scale)
    first = next(made)
    out = io.BytesIO()
    options: dict[str, object] = {"save_all": True, "append_images": made, "duration": list(durations), "loop": 0}
    if fmt == "gif":
        first.save(out, format="GIF", **options)
    else:
        options["append_images"] = list(made)  # the WebP encoder counts its frames first
        first.save(out, format="WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD, **options)
    return out.getvalue()


def thinned(pictures: Sequence[bytes], durations: Sequence[int]) -> tuple[list[bytes], list[int]]:
    """Every other picture, the first and the last always kept, each with its own duration."""
    keep = [i for i in range(len(pictures)) if i % 2 == 0 or i == len(pictures) - 1]
    return [pictures[i] for i in keep], [durations[i] for i in keep]


def animate(pictures: Sequence[bytes], durations: Sequence[int], limit: int = LIMIT_BYTES) -> Animation:
    """The replay under ``limit`` bytes: a GIF, else an animated WebP, each at full size then smaller; when even
    the smallest does not fit, every other frame is left out and the sizes are tried again."""
    if not pictures or len(pictures) != len(durations):
        raise ValueError("a replay needs one duration per picture")
    box = common_size(pictures)
    shown, times = list(pictures), list(durations)
    while True:
        for scale in SCALES:
            size = (max(1, round(box[0] * scale)), max(1, round(box[1] * scale)))
            for fmt in FORMATS:
                data = encode(fmt, shown, times, scale)
                if len(data) < limit:
                    return Animation(data, fmt, size, len(shown))
        if len(shown) <= 2:
            raise ValueError(f"no replay fits in {limit} bytes")
        shown, times = thinned(shown, times)
