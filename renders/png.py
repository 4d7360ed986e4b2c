"""Pictures as PNG bytes for Discord attachments: lossless, encoded in a millisecond or two.

The rows are packed by Pillow and deflated by ISA-L, unfiltered: on these pictures (flat colours, repeated pieces)
raw rows deflate smaller than with any single PNG filter, and choosing a filter per row costs more than the deflate.
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import Final

from isal import isal_zlib
from PIL import Image

PNG_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
DEFLATE_LEVEL: Final = 1
"""ISA-L's level 1: as small as zlib's level 1 and about five times faster (measured on every game's pictures)."""


def encode_png(img: Image.Image, *, colors: int | None = None) -> bytes:
    """The picture as PNG bytes, ready for a Discord attachment: lossless, encoded in a few milliseconds.

    Pictures are opaque, so alpha is dropped. Full colour by default: a palette blurs the antialiased card
    symbols. ``colors`` quantises to a palette for small documentation images.
    """
    if colors is not None:
        out = img.convert("RGB").quantize(colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        buffer = io.BytesIO()
        out.save(buffer, format="PNG", compress_level=6)
        return buffer.getvalue()
    width, height = img.size
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, deflate, filters, no interlace
    idat = isal_zlib.compress(png_rows(img), DEFLATE_LEVEL)
    return PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def png_rows(rgb: Image.Image) -> bytes:
    """The scanlines of a picture as RGB, as PNG stores them before deflate: each row after its filter byte, 0 (none).
    An RGBA picture's rows are read as RGB straight from it (alpha dropped), without converting the picture.

    Pillow's own encoder tries five filters on every row, which costs more than the deflate itself. On these
    pictures (flat colours, repeated pieces) the raw rows deflate smaller than with any single filter: measured over
    every game's pictures, about 12 % smaller than "Up" (each byte minus the one above it) and 15 % than "Sub".

    Pillow's raw packer writes the rows in one pass, each padded to a given stride with a zero byte at its end: the
    same bytes as the filter byte before each row, moved by one.
    """
    width, height = rgb.size
    stride = 3 * width + 1
    packer = Image._getencoder(rgb.mode, "raw", ("RGB", stride, 1))
    packer.setimage(rgb.im, (0, 0, width, height))
    _, status, padded = packer.encode(max(1, stride * height))
    if status != 1 or len(padded) != stride * height:
        return _rows_by_paste(rgb)
    return b"".join((b"\0", memoryview(padded)[:-1]))


def _rows_by_paste(rgb: Image.Image) -> bytes:
    """:func:`png_rows` the slow way: the packed rows pasted after a first column of zeros."""
    width, height = rgb.size
    stride = 3 * width
    samples = rgb.tobytes() if rgb.mode == "RGB" else rgb.tobytes("raw", "RGB")
    flat = Image.frombuffer("L", (stride, height), samples, "raw", "L", 0, 1)  # one byte per sample, not copied
    lines = Image.new("L", (stride + 1, height), 0)  # a first column of filter bytes
    lines.paste(flat, (1, 0))
    return lines.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
