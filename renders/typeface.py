"""The bundled fonts and the chain that draws any display name: DejaVu Sans, then Noto Emoji, then WenQuanYi.

A picture must look the same on every host, so fonts ship with the code (``renders/fonts``, with their licences).
DejaVu draws Latin, Greek, Cyrillic and the card suits; a character it lacks is drawn by the first fallback that
has it, so a Chinese, Japanese or Korean name or an emoji shows instead of a box.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from functools import lru_cache
from pathlib import Path
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


@cache
def font(size: int, bold: bool = False) -> Font:
    """The bundled DejaVu Sans at ``size`` px, cached: opening a face costs more than drawing with it."""
    return ImageFont.truetype(str(FONT_BOLD if bold else FONT_REGULAR), size)


@cache
def fallbacks(size: int, bold: bool = False) -> tuple[Font, ...]:
    """The fonts that draw what DejaVu lacks, in order: emoji, then Chinese, Japanese and Korean."""
    emoji = ImageFont.truetype(str(FONT_EMOJI), size)
    emoji.set_variation_by_axes([700 if bold else 400])
    return emoji, ImageFont.truetype(str(FONT_CJK), size)


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
    if text.isascii():
        return [(text, face)]
    bold = is_bold(face)
    chain = (face, *fallbacks(face.size, bold))
    pieces: list[tuple[str, Font]] = []
    for char in text:
        index = face_index(char, bold) or 0
        if pieces and pieces[-1][1] is chain[index]:
            pieces[-1] = (pieces[-1][0] + char, chain[index])
        else:
            pieces.append((char, chain[index]))
    return pieces


def text_width(text: str, face: Font) -> float:
    """The advance of ``text`` drawn with ``face`` and its fallbacks."""
    return sum(piece_face.getlength(piece) for piece, piece_face in segments(text, face))
