"""What every Njet! picture shares: the views it reads, the two text sizes, names and emblems of seats, team
marks, chips and scores.

Pictures read the engine's typed views only: whose turn, the teams, the trick's winner, the points are fields of
the view, never worked out here. Discord shows a picture 265 px wide on a phone and up to 560 px on a desktop (at
its own size when narrower), so the pictures are ``WIDTH`` px wide: what a player reads to decide, drawn ``READ``
px tall, shows at least 10 px on a phone, every other text (``FINE``) at least 8 px there and 12 px on a desktop,
and every symbol a player reads (an emblem, a stone, a swatch) is at least ``SYMBOL`` px.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.njet import CHARACTERS
from bot.games.njet_views import NjetSeatView
from bot.games.njet_views import NjetTable
from bot.games.njet_views import NjetTableView
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.kit import Font
from renders.kit import Run
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import names as names_kit
from renders.njet.shapes import emblem

Table = NjetTableView
Seat = NjetSeatView

DONE: Final[kit.RGB] = (96, 200, 120)
"""The mark of a seat that has discarded."""
TEAM_LETTERS: Final = ("A", "B")
TEAM_B: Final[kit.RGB] = (58, 64, 72)
"""Team B's marks are dark, team A's light."""
RULE_LINE: Final[kit.RGBA] = (255, 255, 255, 22)
"""The faint line between the rows of a panel."""
PAD: Final = Space.M
"""Between a panel's edge and what it holds."""
TITLE_Y: Final = Space.L + Space.HAIR
"""From a panel's top to the middle of its title line."""
WIDTH: Final = 420
"""Every Njet! picture (table, hand) is this wide: shown at 0.63 of its size on a phone, at its size on a desktop."""
EDGE: Final = Space.M
"""Between a picture's edge and its panels."""
HEADER_H: Final = 48
"""The band at the top of a picture: the round or the hand's task."""
READ: Final = Type.SMALL
"""The smallest text a player reads to decide: 17 px drawn, 10.7 px on a phone."""
FINE: Final = Type.NOTE
"""The smallest text of all (captions, marked secondary): 15 px drawn, 9.5 px on a phone, 15 px on a desktop."""
SYMBOL: Final = 16
"""The least size of a symbol a player reads (an emblem on a stone, a swatch): 10 px on a phone."""


def seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    """The seat's name, cleaned for the font, or "Player n" when there is none."""
    return names_kit.seat_name(names, seat, locale, "njet.render.player")


def character_of(table: NjetTable, seat: int) -> str:
    """The character the seat plays (the bear, the wolf...)."""
    for player in table.players:
        if player.seat == seat:
            return player.character
    return CHARACTERS[seat % len(CHARACTERS)]


def seat_emblem(table: NjetTable, seat: int, diameter: int) -> Image.Image:
    """The emblem of the seat's character, on a disc of the seat's colour."""
    return emblem(character_of(table, seat), diameter, kit.seat_colour(seat))


def heading(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, max_width: float) -> float:
    """A panel's title, vertically centred on ``xy``; returns its width."""
    return kit.draw_text(draw, xy, text, face(READ, True), kit.INK_DIM, anchor="lm", max_width=max_width)


PANELS: Final = "njet.panels"
"""The key, in a picture's ``info``, of the panels its base already holds (``section`` leaves those alone)."""


def section(canvas: Image.Image, box: kit.Box) -> None:
    """The panel behind one part of the table, unless the picture started from a base that has it."""
    if box in canvas.info.get(PANELS, ()):
        return
    kit.panel(canvas, box, Space.L, kit.PANEL, outline=kit.PANEL_EDGE, width=Space.HAIR, shadow=True)


def titled_section(
    canvas: Image.Image, box: kit.Box, title: str, *, room: float | None = None, title_y: int = TITLE_Y
) -> tuple[ImageDraw.ImageDraw, float]:
    """A part of the table opened alike: its panel and its ``title`` (none when empty) ``title_y`` below the top,
    cut to ``room`` (default the panel's width inside its padding); returns a pen and the title's width."""
    x0, y0, x1, _ = box
    section(canvas, box)
    draw = ImageDraw.Draw(canvas)
    if not title:
        return draw, 0.0
    return draw, heading(draw, (x0 + PAD, y0 + title_y), title, x1 - x0 - 2 * PAD if room is None else room)


def empty_note(draw: ImageDraw.ImageDraw, box: kit.Box, text: str) -> None:
    """What an empty section says in its middle ("no trick yet"): secondary, the section's title says the rest."""
    x0, y0, x1, y1 = box
    with measure.secondary():
        kit.draw_centered(
            draw,
            ((x0 + x1) / 2, (y0 + y1) / 2 + Space.M),
            text,
            face(FINE),
            kit.INK_DIM,
            max_width=x1 - x0 - 2 * Space.S,
        )


def rule_line(canvas: Image.Image, x0: int, x1: int, y: float) -> None:
    """A faint horizontal line between two rows of a panel."""
    kit.panel(canvas, (x0, round(y) - 1, x1, round(y) + 1), 1, RULE_LINE)


def team_colours(index: int) -> tuple[kit.RGB, kit.RGB]:
    """Fill and ink of a team's marks: team A light, team B dark."""
    return (kit.INK, kit.INK_DARK) if index % 2 == 0 else (TEAM_B, kit.INK)


def team_disc(canvas: Image.Image, centre: tuple[float, float], index: int, diameter: int) -> None:
    """The team's letter in a disc, the letter ``READ`` px tall."""
    fill, ink = team_colours(index)
    kit.disc(canvas, centre, diameter + Space.XS, kit.with_alpha(kit.INK, 90))
    kit.disc(canvas, centre, diameter, fill)
    letter = TEAM_LETTERS[index % len(TEAM_LETTERS)]
    kit.draw_centered(ImageDraw.Draw(canvas), centre, letter, face(READ, True), ink)


def done_mark(canvas: Image.Image, centre: tuple[float, float], diameter: int) -> None:
    """The green check of a seat that has discarded (the check about half the disc tall)."""
    kit.disc(canvas, centre, diameter + Space.XS, kit.PANEL_SOLID)
    kit.disc(canvas, centre, diameter, DONE)
    kit.draw_glyph(ImageDraw.Draw(canvas), centre, "✓", kit.font(round(diameter * 0.85), True), kit.INK_DARK)


def points_runs(locale: str, n: int, number: Font, fill: kit.Colour, unit: Font) -> list[Run]:
    """A score as "34 pts": the number in ``number``, the unit (from the catalog) smaller and dimmer."""
    text = plural(locale, "njet.render.points", n).replace(str(n), kit.NAME_MARK, 1)
    before, _, after = text.partition(kit.NAME_MARK)
    return [(before, unit, kit.INK_DIM), (str(n), number, fill), (after, unit, kit.INK_DIM)]


def round_title(table: NjetTable, locale: str) -> str:
    """ "Round 3/8"."""
    if table.rounds:
        return t(locale, "njet.render.round", n=table.round, total=table.rounds)
    return t(locale, "njet.render.round_open", n=table.round)


Chip = tuple[str, kit.Colour, kit.Colour, Image.Image | None]
"""A label on a pill: text, fill, ink and an optional icon before the text."""


def chip(canvas: Image.Image, x: float, cy: float, label: Chip, font: Font, *, align: str = "right") -> float:
    """A pill with an optional icon before its text, ending (or, left-aligned, starting) at ``x``.

    Returns its far end: the left end when right-aligned, the right end when left-aligned.
    """
    text, fill, ink, icon = label
    pad = round(font.size * 0.6)
    height = round(font.size * 1.65)
    icon_w = icon.width + Space.S if icon is not None else 0
    width = round(font.getlength(text)) + 2 * pad + icon_w
    x0 = round(x - width) if align == "right" else round(x)
    kit.panel(canvas, (x0, round(cy - height / 2), x0 + width, round(cy - height / 2) + height), height // 2, fill)
    if icon is not None:
        kit.paste(canvas, icon, (x0 + pad - Space.HAIR, round(cy - icon.height / 2)))
    kit.draw_text(ImageDraw.Draw(canvas), (x0 + pad + icon_w, cy), text, font, ink, anchor="lm")
    return x0 if align == "right" else x0 + width
