"""Boxes (left, top, right, bottom in px) measured, shrunk and cut into rows, columns and bands."""

from __future__ import annotations

from renders import kit


def inset(box: kit.Box, dx: int, dy: int | None = None) -> kit.Box:
    """``box`` shrunk by ``dx`` on the left and right and ``dy`` (default ``dx``) at the top and bottom."""
    dy = dx if dy is None else dy
    x0, y0, x1, y1 = box
    return (x0 + dx, y0 + dy, x1 - dx, y1 - dy)


def width(box: kit.Box) -> int:
    return box[2] - box[0]


def height(box: kit.Box) -> int:
    return box[3] - box[1]


def centre(box: kit.Box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def rows(box: kit.Box, count: int, gap: int = 0) -> list[kit.Box]:
    """``box`` cut into ``count`` rows of equal height, ``gap`` apart."""
    if count <= 0:
        return []
    x0, y0, x1, y1 = box
    step = (y1 - y0 - gap * (count - 1)) / count
    return [(x0, round(y0 + i * (step + gap)), x1, round(y0 + i * (step + gap) + step)) for i in range(count)]


def columns(box: kit.Box, count: int, gap: int = 0) -> list[kit.Box]:
    """``box`` cut into ``count`` columns of equal width, ``gap`` apart."""
    if count <= 0:
        return []
    x0, y0, x1, y1 = box
    step = (x1 - x0 - gap * (count - 1)) / count
    return [(round(x0 + i * (step + gap)), y0, round(x0 + i * (step + gap) + step), y1) for i in range(count)]


def split_top(box: kit.Box, size: int, gap: int = 0) -> tuple[kit.Box, kit.Box]:
    """The top ``size`` px of ``box`` and what is left below it, ``gap`` apart."""
    x0, y0, x1, y1 = box
    return (x0, y0, x1, y0 + size), (x0, y0 + size + gap, x1, y1)


def split_left(box: kit.Box, size: int, gap: int = 0) -> tuple[kit.Box, kit.Box]:
    """The left ``size`` px of ``box`` and what is left to its right, ``gap`` apart."""
    x0, y0, x1, y1 = box
    return (x0, y0, x0 + size, y1), (x0 + size + gap, y0, x1, y1)
