"""Pictures drawn from parts kept whole between moves: an opaque crop of the finished picture, keyed by what it shows.

Most of a picture does not change from one move to the next (the players who did not move, the header, the static
panels). A picture starts from a base (the felt, or the felt with what never changes at its size, cached by the
game), and each part whose every drawing lies inside its box, a box nothing else draws into, is the same pixels
whenever the same things are drawn there on the same base: it is drawn once, in the picture's own coordinates, on a
copy of the base, cropped, and pasted as it is on the next pictures that show the same things. Pasting an opaque
crop is a copy, so the picture is pixel for pixel the one drawn from scratch. A crop keeps the readability marks
drawn while it was made and hands them on where it is pasted.

A part drawn on a copy of the whole picture costs that copy at every miss (a table is 2-3 MB), more than most parts'
drawing when hundreds of tables make the parts come and go. A part that lies on the bare felt, or on a ground its key
determines, is drawn instead in its own coordinates on a scratch of its own size (``put``): the felt is one flat
colour and pieces land on the same pixels when moved by whole pixels, so the part is the same pixels.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable

from PIL import Image

from renders import kit
from renders import measure

Draw = Callable[[Image.Image], None]


def start(base: Image.Image) -> Image.Image:
    """A fresh picture on a cached ``base`` (which stays untouched), the marks drawn on the base passed on."""
    canvas = base.copy()
    measure.pasted(base, (0, 0))
    return canvas


class Regions:
    """A bounded cache of picture parts, least recently used dropped first."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._parts: OrderedDict[Hashable, tuple[Image.Image, Image.Image | None]] = OrderedDict()

    def paste(
        self, canvas: Image.Image, box: kit.Box, key: Hashable, draw: Draw, base: Image.Image | None = None
    ) -> None:
        """Paste the part ``box`` of ``canvas`` that ``draw`` paints for ``key`` on ``base`` (the bare felt when
        None; else the image the picture started from, of its size)."""
        full = (canvas.size, box, key, None if base is None else id(base))
        self._lay(canvas, box, full, base, lambda: self._make(canvas.size, box, draw, base))

    def put(
        self, canvas: Image.Image, box: kit.Box, key: Hashable, draw: Draw, ground: Image.Image | None = None
    ) -> None:
        """Paste the part ``box`` of ``canvas`` that ``draw`` paints for ``key`` in the part's own coordinates (its
        top left at (0, 0)) on ``ground`` (a picture of the box's size that ``key`` determines; the felt when None)."""
        self._lay(canvas, box, ("local", box, key), None, lambda: _make_local(box, draw, ground))

    def _lay(
        self,
        canvas: Image.Image,
        box: kit.Box,
        full: Hashable,
        base: Image.Image | None,
        make: Callable[[], Image.Image],
    ) -> None:
        """Paste the part kept under ``full`` (made now when missing), the least recently used dropped past
        ``maxsize``."""
        found = self._parts.get(full)
        # a part drawn on a base is kept with it: another image never takes the id of one still held here
        if found is None or found[1] is not base:
            found = (make(), base)
            self._parts[full] = found
            if len(self._parts) > self.maxsize:
                self._parts.popitem(last=False)
        else:
            self._parts.move_to_end(full)
        part = found[0]
        canvas.paste(part, box[:2])
        measure.pasted(part, box[:2])

    @staticmethod
    def _make(size: tuple[int, int], box: kit.Box, draw: Draw, base: Image.Image | None) -> Image.Image:
        scratch = kit.new_canvas(*size) if base is None else base.copy()
        with measure.piece() as marks, measure.placed(1.0, (-box[0], -box[1])):
            draw(scratch)
        return measure.attach(scratch.crop(box), marks)

    def clear(self) -> None:
        self._parts.clear()


def _make_local(box: kit.Box, draw: Draw, ground: Image.Image | None) -> Image.Image:
    scratch = kit.new_canvas(box[2] - box[0], box[3] - box[1]) if ground is None else ground.copy()
    with measure.piece() as marks:
        if ground is not None:
            measure.pasted(ground, (0, 0))
        draw(scratch)
    return measure.attach(scratch, marks)


def local(box: kit.Box) -> kit.Box:
    """``box`` moved to the origin: where a part drawn in its own coordinates (``Regions.put``) lies."""
    return (0, 0, box[2] - box[0], box[3] - box[1])
