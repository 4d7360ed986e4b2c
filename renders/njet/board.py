"""The Njet board while the rules are being blocked, and the band of the rules it decided once they are."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.njet_views import BoardOption
from bot.games.njet_views import NjetTable
from bot.games.njet_views import Rules
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.layout import RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import height
from renders.layout import width
from renders.layout.panels import colour_at
from renders.layout.panels import plain
from renders.layout.parts import Parts
from renders.layout.parts import in_tile
from renders.layout.stamps import Stamps
from renders.njet.common import PAD
from renders.njet.common import READ
from renders.njet.common import SYMBOL
from renders.njet.common import TITLE_Y
from renders.njet.common import Chip
from renders.njet.common import character_of
from renders.njet.common import chip
from renders.njet.common import heading
from renders.njet.common import rule_line
from renders.njet.common import seat_emblem
from renders.njet.common import section
from renders.njet.shapes import COLOURS
from renders.njet.shapes import emblem
from renders.njet.shapes import paste_centered
from renders.njet.shapes import star
from renders.njet.shapes import stone
from renders.njet.shapes import swatch

LABEL_WIDTH: Final = 96
"""The column of row names on the board, each on one or two lines of ``READ`` px bold ("Points / per trick")."""
LABEL_LINE: Final = 20
"""From one line of a row's name to the next."""
TILE_GAP: Final = Space.XS + Space.HAIR
TILE_MAX: Final = (64, 52)
"""The largest option tile (width, height)."""
ROWS_TOP: Final = 2 * TITLE_Y - Space.XS
"""From the board's top to its first row."""
GLYPH: Final = 0.56
"""The height of a tile's number ("2", "×4"), as a share of the tile's: its ink at least ``SYMBOL`` px."""
BLOCKED_VEIL: Final[kit.RGBA] = (0, 0, 0, 70)
BLOCKED_ALPHA: Final = 60
"""Percent of opacity left to a blocked option's drawing under its stone."""
STONE_SHARE: Final = 0.62
"""A stone's diameter, as a share of the tile's smaller side: it sits in the tile's lower right corner, leaving the
blocked option in sight."""
BAND_ICON: Final = 20
"""The swatches and the star in the band of rules."""


def draw_board(canvas: Image.Image, table: NjetTable, locale: str, box: kit.Box) -> None:
    """Five rows of options; blocked ones under a stone ringed in the blocker's colour, open ones lit."""
    x0, y0, x1, y1 = box
    section(canvas, box)
    draw = ImageDraw.Draw(canvas)
    head_y = y0 + TITLE_Y
    stones_text = plural(locale, "njet.render.stones", table.stones_left)
    text_w = kit.draw_text(draw, (x1 - PAD, head_y), stones_text, face(READ, True), kit.INK, anchor="rm")
    mark = SYMBOL + Space.HAIR
    paste_centered(canvas, stone(mark, kit.INK_DIM), (x1 - PAD - text_w - Space.S - mark / 2, head_y))
    heading(draw, (x0 + PAD, head_y), t(locale, "njet.render.board"), x1 - x0 - 3 * PAD - text_w - mark)
    top = y0 + ROWS_TOP
    row_h = (y1 - Space.S - top) / max(1, len(table.board))
    widest = max(5, max((len(row.options) for row in table.board), default=5))
    room = x1 - x0 - 2 * PAD - LABEL_WIDTH
    tile_w = min(TILE_MAX[0], int((room - TILE_GAP * (widest - 1)) / widest))
    tile_h = round(min(TILE_MAX[1], row_h - Space.S))
    ground = colour_at(canvas, (x0 + PAD + LABEL_WIDTH + tile_w // 2, round(top + row_h / 2)))
    _paste_labels(canvas, table, locale, (x0 + PAD, top), row_h, ground)
    glows: list[kit.Box] = []
    for r, row in enumerate(table.board):
        cy = top + row_h * r + row_h / 2
        if r:
            rule_line(canvas, x0 + PAD, x1 - PAD, top + row_h * r)
        for i, option in enumerate(row.options):
            tx = x0 + PAD + LABEL_WIDTH + i * (tile_w + TILE_GAP)
            ty = round(cy - tile_h / 2)
            tile = (tx, ty, tx + tile_w, ty + tile_h)
            if row.decided and option.blocked_by is None:
                _draw_option(canvas, table, locale, row.row, option, tile, lit=True)
                glows.append((tx - Space.M, ty - Space.M, tile[2] + Space.M, tile[3] + Space.M))
            else:  # tiles lie apart: only the glows may reach under one
                _stamp_option(canvas, table, locale, row.row, option, tile, ground, list(glows))


LABELS: Final = Parts(maxsize=32)
"""The board's row names as last drawn: they change when a row is decided."""


def _paste_labels(
    canvas: Image.Image, table: NjetTable, locale: str, at: tuple[int, int], row_h: float, ground: kit.RGBA
) -> None:
    """The rows' names (gold once decided), in the column from ``at`` down, on the board's plain panel."""
    x, top = at
    first = round(top + row_h / 2) - LABEL_LINE - Space.XS
    first -= first % 2
    last = math.ceil(top + row_h * (len(table.board) - 0.5)) + LABEL_LINE + Space.XS
    box = (x, first, x + LABEL_WIDTH, last)
    rows = tuple((row.row, row.decided) for row in table.board)
    draw = partial(_draw_labels, rows=rows, locale=locale, top=top - first, row_h=row_h)
    size = (box[2] - box[0], box[3] - box[1])
    LABELS.put(canvas, box, ("labels", rows, locale, top - first, row_h), draw, plain(size, ground))


def _draw_labels(canvas: Image.Image, rows: Sequence[tuple[str, bool]], locale: str, top: int, row_h: float) -> None:
    """The rows' names at the left of the column, the first row's middle ``row_h / 2`` below ``top``: each on the
    lines the catalog breaks it into, centred on its row."""
    draw = ImageDraw.Draw(canvas)
    label_face = face(READ, True)
    for r, (row, decided) in enumerate(rows):
        cy = top + row_h * r + row_h / 2
        lines = t(locale, f"njet.render.row.{row}").split("\n")
        fill = kit.GOLD if decided else kit.INK
        for i, line in enumerate(lines):
            y = cy + (i - (len(lines) - 1) / 2) * LABEL_LINE
            kit.draw_text(draw, (0, y), line, label_face, fill, anchor="lm", max_width=LABEL_WIDTH - Space.XS)


TILES: Final = Stamps(maxsize=256)
"""The board's options, open or under a stone, stamped on the board's plain panel: the same at every table."""


def _stamp_option(
    canvas: Image.Image,
    table: NjetTable,
    locale: str,
    row: str,
    option: BoardOption,
    box: kit.Box,
    ground: kit.RGBA,
    drawn: list[kit.Box],
) -> None:
    """An option that is not lit, stamped from a patch drawn once (``drawn``: as ``Stamps.stamp``)."""
    w, h = width(box), height(box)
    blocker = option.blocked_by
    shown = character_of(table, int(option.option)) if row == "start" else ""
    by = None if blocker is None else (blocker, character_of(table, blocker))
    words = locale if (row, option.option) == ("discard", "0") else ""  # "Njet" is the only word on a tile
    key = ("option", row, option.option, shown, by, w, h, words)

    def lay(image: Image.Image, x: int, y: int) -> None:
        _draw_option(image, table, locale, row, option, (x, y, x + w, y + h), lit=False)

    TILES.stamp(canvas, box[:2], (w, h), key, ground, lay, drawn)


def _draw_option(
    canvas: Image.Image,
    table: NjetTable,
    locale: str,
    row: str,
    option: BoardOption,
    box: kit.Box,
    *,
    lit: bool,
) -> None:
    """One option's tile: lit (the option a decided row kept), open, or blocked under its blocker's stone."""
    x0, y0, _, _ = box
    w, h = width(box), height(box)
    blocker = option.blocked_by
    if lit and blocker is None:
        kit.paste(canvas, kit.glow(w, h, RADIUS, kit.GOLD, Space.M), (x0 - Space.M, y0 - Space.M))
        kit.panel(canvas, box, RADIUS, kit.mix(kit.PANEL_SOLID, kit.GOLD, 0.25), outline=kit.GOLD, width=3)
    elif blocker is not None:
        kit.panel(canvas, box, RADIUS, BLOCKED_VEIL, outline=kit.PANEL_EDGE, width=1)
    else:
        kit.panel(
            canvas,
            box,
            RADIUS,
            kit.mix(kit.PANEL_SOLID, kit.INK, 0.12),
            outline=kit.with_alpha(kit.INK, 150),
            width=Space.HAIR,
        )
    centre = (x0 + w / 2, y0 + h / 2)
    shown = character_of(table, int(option.option)) if row == "start" else ""
    if blocker is None:
        _draw_option_content(canvas, shown, locale, row, option.option, centre, h, w - Space.S)
        return
    # A blocked option: its drawing faded under the blocker's stone, still telling which option it was.
    kit.paste(canvas, _faded(row, option.option, shown, (w, h), locale), (x0, y0))
    size = round(min(w, h) * STONE_SHARE)
    spot = (x0 + w - size / 2 - Space.HAIR, y0 + h - size / 2 - Space.HAIR)
    paste_centered(canvas, stone(size, kit.seat_colour(blocker)), spot)
    paste_centered(canvas, seat_emblem(table, blocker, round(size * 0.62)), spot)


@measure.piece_cache(maxsize=256)
def _faded(row: str, option: str, character: str, size: tuple[int, int], locale: str) -> Image.Image:
    """A blocked option's drawing, faded (on a clear layer the size of its tile): ``character`` is the one of the
    seat a starting-player option shows. Shared by a cache: paste it, never draw on it."""
    w, h = size
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    _draw_option_content(layer, character, locale, row, option, (w * 0.4, h * 0.4), round(h * 0.9), w - Space.S)
    layer.putalpha(layer.getchannel("A").point(lambda v: v * BLOCKED_ALPHA // 100))
    return layer


def _draw_option_content(
    layer: Image.Image,
    character: str,
    locale: str,
    row: str,
    option: str,
    centre: tuple[float, float],
    h: int,
    room: int,
) -> None:
    """What an option means, drawn on ``layer``: the seat's emblem (``character``), the colour, the number of cards,
    or the points ("Njet" cut to ``room``)."""
    draw = ImageDraw.Draw(layer)
    size = round(h * 0.7)
    glyph = kit.font(round(h * GLYPH), True)
    if row == "start":
        paste_centered(layer, emblem(character, size, kit.seat_colour(int(option))), centre)
    elif row in ("trump", "super"):
        paste_centered(layer, swatch(option if option in COLOURS else "none", round(size * 0.9)), centre)
    elif row == "discard":
        if option == "0":
            text = t(locale, "njet.render.njet")
            font = kit.fit_font(text, room, Type.TITLE, READ, True)
            kit.draw_centered(draw, centre, text, font, kit.ALERT)
        else:
            kit.draw_glyph(draw, centre, option, glyph, kit.INK)
    else:
        kit.draw_glyph(draw, centre, f"×{option}", glyph, kit.GOLD)


BAND: Final = Parts(maxsize=32)
"""The band of rules as last drawn: the same for a whole round."""


def draw_band(canvas: Image.Image, rules: Rules | None, locale: str, box: kit.Box, base: Image.Image) -> None:
    """The round's trump, super-trump and points per trick as labels on one line (the starting player and the
    discard show in the part of the table below); ``base`` is the picture the table started from."""
    if rules is None:
        return
    shown = (rules.trump, rules.super_colour, rules.points)
    draw = partial(_draw_band, shown=shown, locale=locale, box=in_tile(box))
    BAND.tile(canvas, box, ("band", shown, locale), draw, base)


def _draw_band(canvas: Image.Image, shown: tuple[str, str, int], locale: str, box: kit.Box) -> None:
    trump, sup, points = shown
    font = face(READ)
    labels: list[Chip] = [
        (t(locale, "njet.render.band.trump"), kit.INK, kit.INK_DARK, swatch(_code(trump), BAND_ICON)),
        (t(locale, "njet.render.band.super"), kit.PANEL_SOLID, kit.INK, _super_icon(_code(sup))),
        (plural(locale, "njet.render.band.points", points), kit.PANEL_SOLID, kit.GOLD, None),
    ]
    x: float = box[0]
    cy = (box[1] + box[3]) / 2
    for label in labels:
        x = chip(canvas, x, cy, label, font, align="left") + Space.S


def _code(colour: str) -> str:
    return colour if colour in COLOURS else "none"


@measure.piece_cache(maxsize=8)
def _super_icon(code: str) -> Image.Image:
    """The super-trump's star (as on its cards) before its colour's swatch, or the crossed swatch for none."""
    if code == "none":
        return swatch(code, BAND_ICON)
    icon = Image.new("RGBA", (2 * BAND_ICON + Space.HAIR, BAND_ICON), (0, 0, 0, 0))
    kit.paste(icon, star(BAND_ICON), (0, 0))
    kit.paste(icon, swatch(code, BAND_ICON), (BAND_ICON + Space.HAIR, 0))
    return icon
