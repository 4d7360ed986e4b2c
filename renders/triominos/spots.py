"""The badges of the spots a player may choose: one letter per space (``bot.texts.triominos.space_letters``), shared
by the picture, the hand's labels and the panel's lists.

Several placements (other tiles, other rotations) may use the same space; they share its letter, so that a space
never carries more than one badge. A badge sits inside its space's inscribed circle, where no tile's number and no
other badge can reach.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PIL import Image
from PIL import ImageDraw

from renders import kit
from renders.triominos.tiles import ROOT3
from renders.triominos.tiles import Area
from renders.triominos.tiles import Point

BADGE_MOST: Final = 36
RIM: Final = 2
"""The paper ring around a badge."""


def badge_diameter(side: int) -> int:
    """The outer diameter of a badge: within the space's inscribed circle, a pixel short of it."""
    return min(BADGE_MOST, int(side / ROOT3) - 2)


@dataclass(frozen=True)
class Badge:
    """One spot's letter as drawn: its space, centre, outer diameter, whether it earns a bonus, and its box."""

    letter: str
    r: int
    c: int
    centre: Point
    diameter: int
    bonus: bool

    @property
    def box(self) -> Area:
        """The disc's box as :func:`kit.disc` pastes it (rounded to whole pixels)."""
        x = round(self.centre[0] - self.diameter / 2)
        y = round(self.centre[1] - self.diameter / 2)
        return (float(x), float(y), float(x + self.diameter), float(y + self.diameter))


def letter_face(text: str, diameter: int) -> kit.Font:
    """The bold face of a badge's letters: as large as the disc holds."""
    inner = diameter - 2 * RIM
    return kit.fit_font(text, inner * 0.78, round(diameter * 0.64), 8, True)


def draw_badge(canvas: Image.Image, badge: Badge) -> None:
    """A paper-rimmed disc, red for a bonus and gold otherwise, with the letter in dark ink."""
    fill = kit.ALERT if badge.bonus else kit.GOLD
    kit.disc(canvas, badge.centre, badge.diameter, kit.PAPER)
    kit.disc(canvas, badge.centre, badge.diameter - 2 * RIM, fill)
    face = letter_face(badge.letter, badge.diameter)
    kit.draw_glyph(ImageDraw.Draw(canvas), badge.centre, badge.letter, face, kit.INK_DARK)
