"""The letters of the spots a player may choose: one letter per space, shared by the picture and the panel's list.

Several placements (other tiles, other rotations) may use the same space; they share its letter, so that a space
never carries more than one badge. A badge sits inside its space's inscribed circle, where no tile's number and no
other badge can reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import Placement
from renders import kit
from renders.triominos.tiles import ROOT3
from renders.triominos.tiles import Area
from renders.triominos.tiles import Point
from renders.triominos.tiles import letter_label

BADGE_MOST: Final = 44
RIM: Final = 2
"""The paper ring around a badge."""


def spot_letters(spots: Sequence[Placement], first: int = 0) -> list[str]:
    """The letter of each placement: its space's, the spaces lettered in order of first appearance from the
    ``first``-th letter on."""
    letters: dict[tuple[int, int], str] = {}
    for spot in spots:
        letters.setdefault((spot.r, spot.c), letter_label(first + len(letters)))
    return [letters[(spot.r, spot.c)] for spot in spots]


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
