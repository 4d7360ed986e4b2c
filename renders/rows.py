"""Rows of cards laid on the bare felt from pieces kept between pictures, for the pixels of laying them one by one.

Blending a card and its shadow costs a few hundred thousand pixel operations a hand; copying them costs a tenth.
On the plain felt a card with its shadow is the same pixels wherever it lies, so it is drawn once on a patch of
felt and copied (its "body"). Two neighbours in a row share a few columns where their shadows' tails meet: there
the picture is the felt under both shadows (over the edge of the second face, when the first shadow reaches it),
which depends only on the two cards' tails, how far apart they lie and that edge, so that strip is drawn once too
and copied over the bodies. Where the pieces would not be exact (a face under a neighbour's shadow other than
that edge, rows whose shadows meet, something drawn under them), the cards are laid one by one as before.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence
from typing import Generic
from typing import TypeVar

from PIL import Image

from renders import kit
from renders import measure

L = TypeVar("L", bound=Hashable)
"""A look: what a card's face and its laying depend on."""
MARGIN = 64
"""How far past its face a card's shadow or halo may reach."""


class CardRows(Generic[L]):
    """Lays rows of cards given by their looks; ``face`` gives a look's face, ``lay`` lays it (shadow, halo and
    face, its marks passed on) with its top left corner at a point, ``tails`` what its shadow and halo depend on."""

    def __init__(
        self,
        face: Callable[[L], Image.Image],
        lay: Callable[[Image.Image, L, int, int], None],
        tails: Callable[[L], Hashable],
        kept: int,
    ) -> None:
        self.face, self.lay, self.tails, self.kept = face, lay, tails, kept
        self._reaches: dict[Hashable, kit.Box] = {}
        self._bodies: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._strips: OrderedDict[Hashable, Image.Image] = OrderedDict()

    def lay_rows(self, canvas: Image.Image, rows: Sequence[Sequence[tuple[L, int, int]]], above: int) -> None:
        """Lay the ``rows`` of cards (each left to right, the rows top to bottom) as ``lay`` does one after the
        other, on a canvas that is bare felt from row ``above`` down."""
        if not self._fits(canvas, rows, above):
            for row in rows:
                for look, x, y in row:
                    self.lay(canvas, look, x, y)
            return
        for row in rows:
            self._lay_row(canvas, row)

    def reach(self, look: L) -> kit.Box:
        """Where laying ``look`` changes pixels, from its top left corner: found once by laying it on nothing."""
        tails = self.tails(look)
        found = self._reaches.get(tails)
        if found is None:
            w, h = self.face(look).size
            clear = Image.new("RGBA", (w + 2 * MARGIN, h + 2 * MARGIN), (0, 0, 0, 0))
            with measure.piece():
                self.lay(clear, look, MARGIN, MARGIN)
            x0, y0, x1, y1 = clear.getchannel("A").getbbox() or (MARGIN, MARGIN, MARGIN + w, MARGIN + h)
            if min(x0, y0) == 0 or x1 == clear.width or y1 == clear.height:
                raise ValueError(f"a card reaches past its margin: {tails!r}")
            found = self._reaches[tails] = (x0 - MARGIN, y0 - MARGIN, x1 - MARGIN, y1 - MARGIN)
        return found

    def box(self, laid: tuple[L, int, int]) -> kit.Box:
        """Where laying a card at a point changes pixels."""
        look, x, y = laid
        r = self.reach(look)
        return (x + r[0], y + r[1], x + r[2], y + r[3])

    def _fits(self, canvas: Image.Image, rows: Sequence[Sequence[tuple[L, int, int]]], above: int) -> bool:
        """Whether the pieces give the exact pixels: every card on the canvas below ``above``, the rows' reaches
        apart, and in a row each card's reach meeting only its neighbours', on no face but the next one's edge."""
        bottom = above
        for row in rows:
            boxes = [self.box(laid) for laid in row]
            if any(b[1] < bottom or b[0] < 0 or b[2] > canvas.width or b[3] > canvas.height for b in boxes):
                return False
            bottom = max((b[3] for b in boxes), default=bottom)
            for i in range(len(row) - 1):
                (look, x, _), (next_look, next_x, _) = row[i], row[i + 1]
                if boxes[i + 1][0] < x + self.face(look).width or boxes[i][2] > next_x + self.face(next_look).width:
                    return False
                if boxes[i][2] > boxes[i + 1][2] or (i and boxes[i - 1][2] > boxes[i + 1][0]):
                    return False
        return True

    def _lay_row(self, canvas: Image.Image, row: Sequence[tuple[L, int, int]]) -> None:
        """Each card's body, then the strip it shares with the card before."""
        for i, laid in enumerate(row):
            look, x, y = laid
            box = self.box(laid)
            _paste(canvas, self._body(look), box[:2])
            if i and self.box(row[i - 1])[2] > box[0]:
                strip, at = self._strip(row[i - 1], laid)
                _paste(canvas, strip, at)
            measure.pasted(self.face(look), (x, y))

    def _body(self, look: L) -> Image.Image:
        """The card with its shadow on the felt, cut to its reach."""
        found = self._bodies.get(look)
        if found is not None:
            self._bodies.move_to_end(look)
            return found
        r = self.reach(look)
        body = self._drawn(((look, -r[0], -r[1]),), (r[2] - r[0], r[3] - r[1]))
        self._keep(self._bodies, look, body)
        return body

    def _strip(self, before: tuple[L, int, int], laid: tuple[L, int, int]) -> tuple[Image.Image, tuple[int, int]]:
        """The columns where two neighbours' reaches meet, and where they go."""
        first, second = self.box(before), self.box(laid)
        top = min(first[1], second[1])
        edge = self._edge(laid, first[2])
        key = (self.tails(before[0]), self.tails(laid[0]), laid[1] - before[1], laid[2] - before[2], edge)
        found = self._strips.get(key)
        if found is not None:
            self._strips.move_to_end(key)
            return found, (second[0], top)
        # drawn on a patch holding both reaches, then cut to the shared columns
        left = first[0]
        size = (max(first[2], second[2]) - left, max(first[3], second[3]) - top)
        cards = ((before[0], before[1] - left, before[2] - top), (laid[0], laid[1] - left, laid[2] - top))
        strip = self._drawn(cards, size).crop((second[0] - left, 0, first[2] - left, size[1]))
        self._keep(self._strips, key, strip)
        return strip, (second[0], top)

    def _edge(self, laid: tuple[L, int, int], end: int) -> bytes:
        """The columns of the face of ``laid`` left of ``end`` (under the shadow of the card before), as bytes."""
        look, x, _ = laid
        if end <= x:
            return b""
        face = self.face(look)
        return face.crop((0, 0, end - x, face.height)).tobytes()

    def _drawn(self, cards: Sequence[tuple[L, int, int]], size: tuple[int, int]) -> Image.Image:
        """``cards`` laid in order on a patch of felt of ``size``; their marks are passed on where they are pasted."""
        patch = kit.new_canvas(size[0] + 2 * MARGIN, size[1] + 2 * MARGIN)
        with measure.piece():
            for look, x, y in cards:
                self.lay(patch, look, x + MARGIN, y + MARGIN)
        return patch.crop((MARGIN, MARGIN, MARGIN + size[0], MARGIN + size[1]))

    def _keep(self, cache: OrderedDict[Hashable, Image.Image], key: Hashable, piece: Image.Image) -> None:
        cache[key] = piece
        if len(cache) > self.kept:
            cache.popitem(last=False)


def _paste(canvas: Image.Image, piece: Image.Image, xy: tuple[int, int]) -> None:
    canvas.im.paste(piece.im, (xy[0], xy[1], xy[0] + piece.width, xy[1] + piece.height))
