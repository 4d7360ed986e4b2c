"""The bundled fonts and the chain that draws any display name: DejaVu Sans, then Noto Emoji, then WenQuanYi.

A picture must look the same on every host, so fonts ship with the code (``renders/fonts``, with their licences).
DejaVu draws Latin, Greek, Cyrillic and the card suits; a character it lacks is drawn by the first fallback that
has it, so a Chinese, Japanese or Korean name or an emoji shows instead of a box.

Laying out and rendering a line with FreeType costs a fraction of a millisecond, and a picture draws the same few
dozen lines (names, counts, labels) on every move, and measures long names again and again to cut them. So the
DejaVu faces remember: a ``MemoFont`` keeps its measurements and glyph masks in bounded caches, and a line already
drawn at the same sub-pixel position is pasted, not laid out again (the very pixels FreeType gave the first time).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from functools import lru_cache
from pathlib import Path
from typing import Any
from typing import Final

from PIL import ImageFont

Font = ImageFont.FreeTypeFont

FONT_DIR: Final = Path(__file__).with_name("fonts")
FONT_REGULAR: Final = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD: Final = FONT_DIR / "DejaVuSans-Bold.ttf"
FONT_EMOJI: Final = FONT_DIR / "NotoEmoji.ttf"
FONT_CJK: Final = FONT_DIR / "WenQuanYiMicroHei.ttf"
NOTDEF_PROBE: Final = "\U0010fffd"
"""A private-use character no font we ship covers: it draws each font's .notdef box."""
INVISIBLE: Final = frozenset({"\ufe0e", "\ufe0f", "\u200d", *map(chr, range(0x1F3FB, 0x1F400))})
"""Variation selectors, the zero-width joiner and skin tones: they change an emoji's look, which a monochrome emoji
font cannot show, so they are dropped rather than drawn as boxes."""


Mask = tuple[Any, tuple[int, int]]
"""A glyph mask as Pillow's internal image and its offset."""
Bbox = tuple[float, float, float, float]


class MemoFont(ImageFont.FreeTypeFont):
    """A ``FreeTypeFont`` whose lengths, boxes and masks of plain lines (no OpenType features) are cached."""

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if features is not None:
            return super().getlength(text, mode, direction, features, language)
        return _length(self, text, mode, direction, language)

    def getbbox(
        self,
        text: str | bytes | bytearray,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
    ) -> Bbox:
        if features is not None or isinstance(text, bytearray):
            return super().getbbox(text, mode, direction, features, language, stroke_width, anchor)
        return _bbox(self, text, mode, direction, language, stroke_width, anchor)

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Mask:
        """The mask is shared by the cache: Pillow only reads it when it draws a line in "L" or "1" mode."""
        if features is not None or args or mode == "RGBA" or set(kwargs) - {"stroke_filled"}:
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        where = (0.0, 0.0) if start is None else (float(start[0]), float(start[1]))
        filled = bool(kwargs.get("stroke_filled", False))
        return _mask(self, text, mode, direction, language, stroke_width, anchor, ink, where, filled)


@lru_cache(maxsize=16384)
def _length(face: MemoFont, text: str | bytes, mode: str, direction: str | None, language: str | None) -> float:
    return ImageFont.FreeTypeFont.getlength(face, text, mode, direction, None, language)


@lru_cache(maxsize=16384)
def _bbox(
    face: MemoFont,
    text: str | bytes,
    mode: str,
    direction: str | None,
    language: str | None,
    stroke_width: float,
    anchor: str | None,
) -> Bbox:
    return ImageFont.FreeTypeFont.getbbox(face, text, mode, direction, None, language, stroke_width, anchor)


@lru_cache(maxsize=8192)
def _mask(
    face: MemoFont,
    text: str | bytes,
    mode: str,
    direction: str | None,
    language: str | None,
    stroke_width: float,
    anchor: str | None,
    ink: int,
    start: tuple[float, float],
    filled: bool,
) -> Mask:
    return ImageFont.FreeTypeFont.getmask2(
        face, text, mode, direction, None, language, stroke_width, anchor, ink, start, stroke_filled=filled
    )


@cache
def font(size: int, bold: bool = False) -> MemoFont:
    """The bundled DejaVu Sans at ``size`` px, cached with its work: opening a face costs more than drawing with it."""
    return MemoFont(str(FONT_BOLD if bold else FONT_REGULAR), size)


@cache
def fallbacks(size: int, bold: bool = False) -> tuple[Font, ...]:
    """The fonts that draw what DejaVu lacks, in order: emoji, then Chinese, Japanese and Korean."""
    emoji = MemoFont(str(FONT_EMOJI), size)
    emoji.set_variation_by_axes([700 if bold else 400])
    return emoji, MemoFont(str(FONT_CJK), size)


def _glyph_signature(face: Font, char: str) -> tuple[tuple[float, float, float, float], bytes]:
    return face.getbbox(char), bytes(face.getmask(char))


def _draws(face: Font, char: str) -> bool:
    return _glyph_signature(face, char) != _glyph_signature(face, NOTDEF_PROBE)


@lru_cache(maxsize=8192)
def face_index(char: str, bold: bool = False) -> int | None:
    """Which font of the chain draws ``char``: 0 for DejaVu, 1.. for the fallbacks, ``None`` for none."""
    if char in INVISIBLE or unicodedata.category(char) in {"Cc", "Cf", "Cs", "Co", "Cn"}:
        return None
    for index, face in enumerate((font(32, bold), *fallbacks(32, bold))):
        if _draws(face, char):
            return index
    return None


def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether a bundled font draws ``char`` itself rather than a .notdef box."""
    return face_index(char, bold) is not None


def clean_text(text: str, bold: bool = False) -> str:
    """User text made drawable: NFC-composed, emoji modifiers and characters no font has dropped, spaces collapsed."""
    composed = unicodedata.normalize("NFC", text)
    kept = "".join(ch if ch.isspace() or has_glyph(ch, bold) else "" if ch in INVISIBLE else " " for ch in composed)
    return " ".join(kept.split())


def is_bold(face: Font) -> bool:
    return str(getattr(face, "path", "")) == str(FONT_BOLD)


def segments(text: str, face: Font) -> list[tuple[str, Font]]:
    """``text`` cut into pieces each drawn by one font of the chain (``face`` first, then its fallbacks)."""
    return list(pieces_of(text, face))


@lru_cache(maxsize=16384)
def pieces_of(text: str, face: Font) -> tuple[tuple[str, Font], ...]:
    """:func:`segments` as a shared tuple, remembered: a picture cuts the same names and labels on every move."""
    if text.isascii():
        return ((text, face),)
    bold = is_bold(face)
    chain = (face, *fallbacks(face.size, bold))
    pieces: list[tuple[str, Font]] = []
    for char in text:
        index = face_index(char, bold) or 0
        if pieces and pieces[-1][1] is chain[index]:
            pieces[-1] = (pieces[-1][0] + char, chain[index])
        else:
            pieces.append((char, chain[index]))
    return tuple(pieces)


@lru_cache(maxsize=16384)
def text_width(text: str, face: Font) -> float:
    """The advance of ``text`` drawn with ``face`` and its fallbacks (remembered: long names are measured often)."""
    return sum(piece_face.getlength(piece) for piece, piece_face in pieces_of(text, face))
