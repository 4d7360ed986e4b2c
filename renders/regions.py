"""Parts of a picture kept whole between moves: an opaque crop of the finished picture, keyed by what it shows.

Most of a table picture does not change from one move to the next (the players who did not move, the header, the
static panels). A part whose every drawing lies inside its box, and whose box nothing else draws into, is the same
pixels whenever the same things are drawn there: it is drawn once on the felt, cropped, and pasted as it is on the
next pictures that show the same things. Pasting an opaque crop is a copy, so the picture is pixel for pixel the one
drawn from scratch. A crop keeps the readability marks drawn while it was made and hands them on where it is pasted.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable

from PIL import Image

from renders import kit
from renders import measure

Draw = Callable[[Image.Image], None]


class Regions:
    """A bounded cache of picture parts, least recently used dropped first."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._parts: OrderedDict[Hashable, Image.Image] = OrderedDict()

    def paste(self, canvas: Image.Image, box: kit.Box, key: Hashable, draw: Draw) -> None:
        """Paste the part ``box`` of ``canvas`` that ``draw`` paints (on the bare felt) for ``key``."""
        full = (canvas.size, box, key)
        part = self._parts.get(full)
        if part is None:
            part = self._make(canvas.size, box, draw)
            self._parts[full] = part
            if len(self._parts) > self.maxsize:
                self._parts.popitem(last=False)
        else:
            self._parts.move_to_end(full)
        canvas.paste(part, box[:2])
        measure.pasted(part, box[:2])

    @staticmethod
    def _make(size: tuple[int, int], box: kit.Box, draw: Draw) -> Image.Image:
        scratch = kit.new_canvas(*size)
        with measure.piece() as marks, measure.placed(1.0, (-box[0], -box[1])):
            draw(scratch)
        return measure.attach(scratch.crop(box), marks)

    def clear(self) -> None:
        self._parts.clear()
