"""Pictures drawn from parts kept whole between moves: an opaque crop of the finished picture, keyed by what it shows.

Most of a picture does not change from one move to the next (the players who did not move, the header, the static
panels). A picture starts from a base (the felt, or the felt with what never changes at its size, cached by the
game), and each part whose every drawing lies inside its box, a box nothing else draws into, is the same pixels
whenever the same things are drawn there on the same base: it is drawn once, cropped, and pasted as it is on the
next pictures that show the same things. Pasting an opaque crop is a copy, so the picture is pixel for pixel the
one drawn from scratch. A crop keeps the readability marks drawn while it was made and hands them on where it is
pasted.

A part is drawn in one of three frames, the first the slowest:

- ``Parts.paste``: in the picture's own coordinates, on a copy of the whole base (a table is 2-3 MB to copy);
- ``Parts.tile``: moved by its box's corner rounded down to even coordinates (``origin``), on a scratch cut from
  the base from there to the box's far corner: halves round the same way, so the part is the one drawn in place;
- ``Parts.put``: in its box's own coordinates (its top left at (0, 0)) on a ground of the box's size that its key
  determines (the felt when None): the felt is one flat colour and pieces land on the same pixels when moved by
  whole pixels, as long as halves keep rounding the same way (an even corner, or drawings at whole pixels).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable
from typing import TypeVar

from PIL import Image

from renders import kit
from renders import measure

Draw = Callable[[Image.Image], None]
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(OrderedDict[K, V]):
    """A bounded cache, least recently used dropped first: every cache of pieces of the kit keeps its pieces so."""

    def __init__(self, maxsize: int) -> None:
        super().__init__()
        self.maxsize = maxsize

    def hit(self, key: K) -> V | None:
        """The piece kept under ``key`` (now the most recently used), or None."""
        found = self.get(key)
        if found is not None:
            self.move_to_end(key)
        return found

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` as the most recently used, the least recently used dropped past
        ``maxsize``; returns ``value``."""
        self[key] = value
        self.move_to_end(key)
        if len(self) > self.maxsize:
            self.popitem(last=False)
        return value


def start(base: Image.Image) -> Image.Image:
    """A fresh picture on a cached ``base`` (which stays untouched), the marks drawn on the base passed on."""
    canvas = base.copy()
    measure.pasted(base, (0, 0))
    return canvas


def origin(box: kit.Box) -> tuple[int, int]:
    """Where the scratch of a ``Parts.tile`` part starts: the box's corner, rounded down to even coordinates."""
    return box[0] - box[0] % 2, box[1] - box[1] % 2


def in_tile(box: kit.Box) -> kit.Box:
    """``box`` as a ``Parts.tile`` drawing sees it: moved by ``-origin(box)``."""
    ox, oy = origin(box)
    return (box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy)


def local(box: kit.Box) -> kit.Box:
    """``box`` moved to the origin: where a part drawn in its own coordinates (``Parts.put``) lies."""
    return (0, 0, box[2] - box[0], box[3] - box[1])


def drawn(size: tuple[int, int], box: kit.Box, draw: Draw, base: Image.Image | None = None) -> Image.Image:
    """The ``box`` of what ``draw`` paints, in the picture's coordinates, on a copy of ``base`` (a felt picture of
    ``size`` when None), with the marks drawn there: an opaque piece to paste whole."""
    scratch = kit.new_canvas(*size) if base is None else base.copy()
    with measure.piece() as marks, measure.placed(1.0, (-box[0], -box[1])):
        draw(scratch)
    return measure.attach(scratch.crop(box), marks)


def _tiled(box: kit.Box, draw: Draw, base: Image.Image | None) -> Image.Image:
    """The part ``box`` drawn on a scratch from ``origin(box)`` to the box's far corner, cut from ``base``."""
    ox, oy = origin(box)
    scratch = kit.new_canvas(box[2] - ox, box[3] - oy) if base is None else base.crop((ox, oy, box[2], box[3]))
    with measure.piece() as marks, measure.placed(1.0, (ox - box[0], oy - box[1])):
        draw(scratch)
    part = scratch.crop((box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy))
    return measure.attach(part, marks)


def _local(box: kit.Box, draw: Draw, ground: Image.Image | None) -> Image.Image:
    """The part ``box`` drawn in its own coordinates on a copy of ``ground`` (the felt when None)."""
    scratch = kit.new_canvas(box[2] - box[0], box[3] - box[1]) if ground is None else ground.copy()
    with measure.piece() as marks:
        if ground is not None:
            measure.pasted(ground, (0, 0))
        draw(scratch)
    return measure.attach(scratch, marks)


class Parts:
    """A bounded cache of picture parts, least recently used dropped first."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._parts: Kept[Hashable, tuple[Image.Image, Image.Image | None]] = Kept(maxsize)

    def paste(
        self, canvas: Image.Image, box: kit.Box, key: Hashable, draw: Draw, base: Image.Image | None = None
    ) -> None:
        """Paste the part ``box`` of ``canvas`` that ``draw`` paints for ``key``, in the picture's coordinates, on
        ``base`` (the bare felt when None; else the image the picture started from, of its size)."""
        full = ("picture", canvas.size, box, key, None if base is None else id(base))
        self._lay(canvas, box, full, base, lambda: drawn(canvas.size, box, draw, base))

    def tile(
        self, canvas: Image.Image, box: kit.Box, key: Hashable, draw: Draw, base: Image.Image | None = None
    ) -> None:
        """``paste`` for a drawing moved by ``-origin(box)`` (see ``in_tile``), on a scratch no larger than the
        box."""
        full = ("tile", canvas.size, box, key, None if base is None else id(base))
        self._lay(canvas, box, full, base, lambda: _tiled(box, draw, base))

    def put(
        self, canvas: Image.Image, box: kit.Box, key: Hashable, draw: Draw, ground: Image.Image | None = None
    ) -> None:
        """Paste the part ``box`` of ``canvas`` that ``draw`` paints for ``key`` in the part's own coordinates (its
        top left at (0, 0)) on ``ground`` (a picture of the box's size that ``key`` determines; the felt when None)."""
        self._lay(canvas, box, ("local", box, key), None, lambda: _local(box, draw, ground))

    def _lay(
        self,
        canvas: Image.Image,
        box: kit.Box,
        full: Hashable,
        base: Image.Image | None,
        make: Callable[[], Image.Image],
    ) -> None:
        """Paste the part kept under ``full`` (made now when missing)."""
        found = self._parts.get(full)
        # a part drawn on a base is kept with it: another image never takes the id of one still held here
        if found is None or found[1] is not base:
            found = self._parts.keep(full, (make(), base))
        else:
            self._parts.move_to_end(full)
        part = found[0]
        canvas.paste(part, box[:2])
        measure.pasted(part, box[:2])

    def clear(self) -> None:
        self._parts.clear()
