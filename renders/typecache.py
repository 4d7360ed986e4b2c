"""Fonts that remember what they measured and rendered.

Laying out and rendering a line with FreeType costs a fraction of a millisecond, and a table picture draws the same
few dozen lines (names, "12 VP", column letters) on every move. A ``MemoFont`` is the bundled font whose
measurements and glyph masks are kept in bounded caches, so a line already drawn at the same sub-pixel position is
pasted, not laid out again: the pixels are the very ones FreeType gave the first time.
"""

from __future__ import annotations

from functools import cache
from functools import lru_cache
from typing import Any

from PIL import ImageFont

from bot.i18n import t
from renders import kit
from renders.typeface import FONT_BOLD
from renders.typeface import FONT_REGULAR

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


@lru_cache(maxsize=8192)
def _length(face: MemoFont, text: str | bytes, mode: str, direction: str | None, language: str | None) -> float:
    return ImageFont.FreeTypeFont.getlength(face, text, mode, direction, None, language)


@lru_cache(maxsize=8192)
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


@lru_cache(maxsize=4096)
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
def memo_font(size: int, bold: bool = False) -> MemoFont:
    """The bundled DejaVu Sans at ``size`` px (the face ``kit.font`` opens), with its work cached."""
    return MemoFont(str(FONT_BOLD if bold else FONT_REGULAR), size)


def face(size: int, bold: bool = False) -> MemoFont:
    """A size of the type scale (``layout.Type``), as ``layout.face`` gives it, with its work cached."""
    return memo_font(int(size), bold)


def fit_font(text: str, max_width: float, size: int, min_size: int, bold: bool = False) -> kit.Font:
    """``kit.fit_font`` with cached faces."""
    return kit.fit_font(text, max_width, size, min_size, bold, make=memo_font)


def catalog_runs(
    locale: object,
    key: str,
    name: str,
    face: MemoFont,
    fill: kit.Colour,
    name_fill: kit.Colour,
    max_width: float,
    **params: object,
) -> list[kit.Run]:
    """``kit.catalog_runs`` with the name set in the cached bold face."""
    line = t(locale, key, name=kit.NAME_MARK, **params)
    return kit.name_runs(line, name, face, fill, memo_font(face.size, True), name_fill, max_width)
