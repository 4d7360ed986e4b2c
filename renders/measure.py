"""What a picture shows, measured: every text and symbol the kit draws, with the size it is drawn at.

Discord shows a picture smaller than it is drawn (265 px wide on a phone, 560 px on a desktop, as ``make shots``
measures them in the preview and writes to ``shown_widths.json``), so a picture is readable when what it draws is
still large enough once scaled down. While a recording is open, the kit notes
every text (its font size, as CSS measures text) and every symbol (its drawn height). Pieces drawn once and pasted
many times (card faces, tiles, badges) keep the marks drawn on them and hand them on, moved and scaled, wherever
they are pasted. Outside a recording, noting costs one context-variable read.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from functools import wraps
from pathlib import Path
from typing import Final
from typing import ParamSpec

from PIL import Image

SHOWN_WIDTHS: Final = Path(__file__).with_name("shown_widths.json")
"""How wide the preview shows a table picture, measured by ``make shots`` (which rewrites the file)."""
_shown = json.loads(SHOWN_WIDTHS.read_text(encoding="utf-8"))
PHONE_WIDTH: Final[int] = int(_shown["phone"])
"""How wide Discord shows a picture on a phone (a 390 px screen), in CSS px."""
DESKTOP_WIDTH: Final[int] = int(_shown["desktop"])
"""How wide Discord shows a picture on a desktop, in CSS px."""
PHONE_MIN: Final = 10.0
"""What a player needs to decide is at least this tall on a phone."""
PHONE_FLOOR: Final = 8.0
"""Nothing a picture shows is smaller than this on a phone: a text that cannot reach it leaves the picture."""
DESKTOP_MIN: Final = 12.0
"""Every text is at least this tall on a desktop."""

Area = tuple[float, float, float, float]
P = ParamSpec("P")


@dataclass(frozen=True)
class Mark:
    """One text or symbol as drawn: its height (font size, or a symbol's drawn height) and where it is."""

    text: str
    height: float
    box: Area
    symbol: bool = False
    essential: bool = True

    def moved(self, scale: float, dx: float, dy: float, essential: bool = True) -> Mark:
        """The mark scaled by ``scale`` then moved by (``dx``, ``dy``); no longer essential unless both are."""
        x0, y0, x1, y1 = self.box
        box = (x0 * scale + dx, y0 * scale + dy, x1 * scale + dx, y1 * scale + dy)
        return Mark(self.text, self.height * scale, box, self.symbol, self.essential and essential)


_marks: ContextVar[list[Mark] | None] = ContextVar("marks", default=None)
_frame: ContextVar[tuple[float, float, float]] = ContextVar("frame", default=(1.0, 0.0, 0.0))
_essential: ContextVar[bool] = ContextVar("essential", default=True)
_pieces: dict[int, tuple[Mark, ...]] = {}


def note(text: str, height: float, box: Area, *, symbol: bool = False) -> None:
    """Note a text or symbol just drawn (a no-op outside a recording)."""
    marks = _marks.get()
    if marks is None or not text.strip():
        return
    scale, dx, dy = _frame.get()
    marks.append(Mark(text, height, box, symbol, _essential.get()).moved(scale, dx, dy))


def noting() -> bool:
    """Whether marks are being recorded now: a mark that costs a measurement is measured only then."""
    return _marks.get() is not None


@contextmanager
def recording() -> Iterator[list[Mark]]:
    """Collect the marks of everything drawn inside, in the coordinates of the picture being drawn."""
    marks: list[Mark] = []
    tokens = (_marks.set(marks), _frame.set((1.0, 0.0, 0.0)), _essential.set(True))
    try:
        yield marks
    finally:
        _marks.reset(tokens[0])
        _frame.reset(tokens[1])
        _essential.reset(tokens[2])


@contextmanager
def secondary() -> Iterator[None]:
    """What is drawn inside is not needed to decide a move (it need not be readable on a phone)."""
    token = _essential.set(False)
    try:
        yield
    finally:
        _essential.reset(token)


@contextmanager
def placed(scale: float = 1.0, offset: tuple[float, float] = (0.0, 0.0)) -> Iterator[None]:
    """What is drawn inside lands on the picture moved by ``offset`` and scaled by ``scale`` (a sub-image)."""
    outer, dx, dy = _frame.get()
    token = _frame.set((outer * scale, dx + offset[0] * outer, dy + offset[1] * outer))
    try:
        yield
    finally:
        _frame.reset(token)


def _forget(key: int) -> None:
    _pieces.pop(key, None)


def attach(image: Image.Image, marks: Iterable[Mark]) -> Image.Image:
    """Give ``image`` the marks drawn on it, so that pasting it passes them on; returns ``image``."""
    found = tuple(marks)
    if found and id(image) not in _pieces:
        weakref.finalize(image, _forget, id(image))
    if found:
        _pieces[id(image)] = found
    return image


def marks_of(image: Image.Image) -> tuple[Mark, ...]:
    return _pieces.get(id(image), ())


@contextmanager
def piece() -> Iterator[list[Mark]]:
    """Collect the marks drawn on a piece (always, recording or not: pieces are cached and drawn once)."""
    marks: list[Mark] = []
    tokens = (_marks.set(marks), _frame.set((1.0, 0.0, 0.0)))
    try:
        yield marks
    finally:
        _marks.reset(tokens[0])
        _frame.reset(tokens[1])


def piece_cache(maxsize: int) -> Callable[[Callable[P, Image.Image]], Callable[P, Image.Image]]:
    """``lru_cache`` for functions that draw a piece: the cached image keeps the marks drawn while making it."""

    def decorate(make: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
        @wraps(make)
        def drawn(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
            with piece() as marks:
                image = make(*args, **kwargs)
            return attach(image, (*marks_of(image), *marks))

        return lru_cache(maxsize=maxsize)(drawn)  # type: ignore[return-value]

    return decorate


def pasted(image: Image.Image, xy: tuple[float, float], scale: float = 1.0) -> None:
    """Pass on the marks of ``image``, pasted at ``xy`` (after being scaled by ``scale``)."""
    found = _pieces.get(id(image))
    if not found or _marks.get() is None:
        return
    with placed(scale, xy):
        scale, dx, dy = _frame.get()
        essential = _essential.get()
        marks = _marks.get()
        assert marks is not None
        marks.extend(mark.moved(scale, dx, dy, essential) for mark in found)


def note_mark(mark: Mark) -> None:
    """Note a mark already measured on a piece, in the current frame."""
    marks = _marks.get()
    if marks is None:
        return
    scale, dx, dy = _frame.get()
    marks.append(mark.moved(scale, dx, dy, _essential.get()))


def copied(source: Image.Image, copy: Image.Image, scale: float = 1.0) -> Image.Image:
    """``copy`` (a copy or a resized version of ``source``) keeps the marks of ``source``, scaled; returns it."""
    return attach(copy, (mark.moved(scale, 0.0, 0.0) for mark in marks_of(source)))


def resized(image: Image.Image, size: tuple[int, int], resample: Image.Resampling) -> Image.Image:
    """``image`` resized to ``size``, keeping its marks (scaled by the width ratio)."""
    return copied(image, image.resize(size, resample), size[0] / image.width)


# --- reading the marks -------------------------------------------------------------------------------------------


def shown(width: int, screen: float) -> float:
    """How much a picture ``width`` px wide is scaled when shown ``screen`` px wide (never enlarged)."""
    return min(1.0, screen / width)


@dataclass(frozen=True)
class Readability:
    """The smallest things of a picture as shown: essential marks and every mark on a phone, every mark on a
    desktop."""

    phone_min: float
    phone_text: str
    desktop_min: float
    desktop_text: str
    phone_floor: float = float("inf")
    """The smallest mark of all on a phone, essential or not."""
    floor_text: str = ""

    @property
    def readable(self) -> bool:
        return self.phone_min >= PHONE_MIN and self.phone_floor >= PHONE_FLOOR and self.desktop_min >= DESKTOP_MIN


def readability(marks: Iterable[Mark], width: int, phone_width: float = PHONE_WIDTH) -> Readability:
    """The smallest essential mark and the smallest mark on a phone, and the smallest mark on a desktop, in CSS px
    as shown (``phone_width``: how wide the phone shows this picture)."""
    phone, desktop = shown(width, phone_width), shown(width, DESKTOP_WIDTH)
    phone_min, phone_text = float("inf"), ""
    floor, floor_text = float("inf"), ""
    desktop_min, desktop_text = float("inf"), ""
    for mark in marks:
        if mark.essential and mark.height * phone < phone_min:
            phone_min, phone_text = mark.height * phone, mark.text
        if mark.height * phone < floor:
            floor, floor_text = mark.height * phone, mark.text
        if mark.height * desktop < desktop_min:
            desktop_min, desktop_text = mark.height * desktop, mark.text
    return Readability(
        round(phone_min, 1), phone_text, round(desktop_min, 1), desktop_text, round(floor, 1), floor_text
    )
