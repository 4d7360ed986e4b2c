"""The Njet board while the rules are being blocked, and the strip of the rules it decided once they are."""

from __future__ import annotations

import math
from collections.abc import Hashable
from collections.abc import Sequence
from functools import lru_cache
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
from renders import regions
from renders.layout import RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import height
from renders.layout import width
from renders.njet.common import FINE
from renders.njet.common import PAD
from renders.njet.common import READ
from renders.njet.common import TITLE_Y
from renders.njet.common import character_of
from renders.njet.common import colour_at
from renders.njet.common import even_grown
from renders.njet.common import heading
from renders.njet.common import rule_line
from renders.njet.common import seat_emblem
from renders.njet.common import seat_name
from renders.njet.common import section
from renders.njet.common import shadow_reach
from renders.njet.shapes import COLOURS
from renders.njet.shapes import card_back
from renders.njet.shapes import emblem
from renders.njet.shapes import paste_centered
from renders.njet.shapes import star
from renders.njet.shapes import stone
from renders.njet.shapes import swatch
from renders.njet.stamp import Stamps
from renders.regions import Regions

LABEL_WIDTH: Final = 184
"""The column of row names on the board (the longest, "Points per trick", at ``READ`` px bold)."""
TILE_GAP: Final = Space.S
TILE_MAX: Final = (88, 76)
"""The largest option tile (width, height)."""
ROWS_TOP: Final = 44
"""From the board's top to its first row."""
BLOCKED_VEIL: Final[kit.RGBA] = (0, 0, 0, 70)
BLOCKED_ALPHA: Final = 60
"""Percent of opacity left to a blocked option's drawing under its stone."""
STONE_SHARE: Final = 0.58
"""A stone's diameter, as a share of the tile's smaller side: it sits in the tile's lower right corner, leaving the
blocked option in sight."""
RULE_CELLS: Final = (150, 92, 88, 110, 128)
"""The widths of the five cells of the rules strip (start, discard, trump, super-trump, points)."""
RULE_GAP: Final = 6
RULE_ICON: Final = 36
"""The starting player's emblem and the colour swatches in the rules strip."""


def draw_board(canvas: Image.Image, table: NjetTable, locale: str, box: kit.Box) -> None:
    """Five rows of options; blocked ones under a stone ringed in the blocker's colour, open ones lit."""
    x0, y0, x1, y1 = box
    section(canvas, box)
    draw = ImageDraw.Draw(canvas)
    head_y = y0 + TITLE_Y
    stones_text = plural(locale, "njet.render.stones", table.stones_left)
    text_w = kit.draw_text(draw, (x1 - PAD, head_y), stones_text, face(READ, True), kit.INK, anchor="rm")
    mark = Space.XL
    paste_centered(canvas, stone(mark, kit.INK_DIM), (x1 - PAD - text_w - Space.S - mark / 2, head_y))
    heading(draw, (x0 + PAD, head_y), t(locale, "njet.render.board"), x1 - x0 - 3 * PAD - text_w - mark)
    top = y0 + ROWS_TOP
    row_h = (y1 - Space.S - top) / max(1, len(table.board))
    widest = max(5, max((len(row.options) for row in table.board), default=5))
    room = x1 - x0 - 2 * PAD - LABEL_WIDTH
    tile_w = min(TILE_MAX[0], int((room - TILE_GAP * (widest - 1)) / widest))
    tile_h = round(min(TILE_MAX[1], row_h - Space.S - Space.XS))
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


LABELS: Final = Regions(maxsize=32)
"""The board's row names as last drawn: they change when a row is decided."""


def _paste_labels(
    canvas: Image.Image, table: NjetTable, locale: str, at: tuple[int, int], row_h: float, ground: kit.RGBA
) -> None:
    """The rows' names (gold once decided), in the column from ``at`` down, on the board's plain panel."""
    x, top = at
    first = round(top + row_h / 2) - Space.L
    first -= first % 2
    last = math.ceil(top + row_h * (len(table.board) - 0.5)) + Space.L
    box = (x, first, x + LABEL_WIDTH, last)
    rows = tuple((row.row, row.decided) for row in table.board)
    draw = partial(_draw_labels, rows=rows, locale=locale, top=top - first, row_h=row_h)
    LABELS.put(canvas, box, ("labels", rows, locale, top - first, row_h), draw, _plain(regions.local(box), ground))


@lru_cache(maxsize=8)
def _plain(box: kit.Box, colour: kit.RGBA) -> Image.Image:
    """A ground of one colour the size of ``box``: shared by a cache, copied before it is drawn on."""
    return Image.new("RGBA", (box[2], box[3]), colour)


def _draw_labels(canvas: Image.Image, rows: Sequence[tuple[str, bool]], locale: str, top: int, row_h: float) -> None:
    """The rows' names at the left of the column, the first row's middle ``row_h / 2`` below ``top``."""
    draw = ImageDraw.Draw(canvas)
    for r, (row, decided) in enumerate(rows):
        cy = top + row_h * r + row_h / 2
        label = t(locale, f"njet.render.row.{row}")
        label_face = kit.fit_font(label, LABEL_WIDTH - Space.S, READ, READ - 1, True)
        fill = kit.GOLD if decided else kit.INK
        kit.draw_text(draw, (0, cy), label, label_face, fill, anchor="lm", max_width=LABEL_WIDTH - Space.S)


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
            kit.draw_glyph(draw, centre, option, kit.font(round(h * 0.5), True), kit.INK)
    else:
        kit.draw_glyph(draw, centre, f"×{option}", kit.font(round(h * 0.42), True), kit.GOLD)


STRIP: Final = Regions(maxsize=32)
"""The rules strip as last drawn: the same for a whole round."""


def rules_part(box: kit.Box) -> kit.Box:
    """The part of the picture the rules strip ``box`` changes: the strip and its cells' shadows."""
    return even_grown(box, shadow_reach())


def draw_rule_cells(canvas: Image.Image, box: kit.Box) -> None:
    """The five empty cells of the rules strip ``box``: the same in every round."""
    x0, y0, _, y1 = box
    for cell_w in _rule_widths(box):
        kit.panel(
            canvas, (x0, y0, x0 + cell_w, y1), Space.M, kit.PANEL, outline=kit.PANEL_EDGE, width=Space.HAIR, shadow=True
        )
        x0 += cell_w + RULE_GAP


def draw_rules(
    canvas: Image.Image,
    table: NjetTable,
    names: Sequence[str],
    locale: str,
    box: kit.Box,
    ground: tuple[Hashable, Image.Image],
) -> None:
    """The five rules of the round in a strip, drawn as on the board: each row's name (a caption) over its value.

    ``ground`` is the picture under ``rules_part(box)`` with the empty cells (``draw_rule_cells``), and its key."""
    rules = table.rules
    if rules is None:
        return
    part = rules_part(box)
    local = (box[0] - part[0], box[1] - part[1], box[2] - part[0], box[3] - part[1])
    name = seat_name(names, rules.start, locale)
    character = character_of(table, rules.start)
    draw = partial(_draw_rule_values, rules=rules, character=character, name=name, locale=locale, box=local)
    STRIP.put(canvas, part, ("rules", ground[0], rules, character, name, locale), draw, ground[1])


def _rule_widths(box: kit.Box) -> list[int]:
    """The widths of the strip's cells: the first takes what the others leave."""
    spare = (box[2] - box[0]) - sum(RULE_CELLS) - RULE_GAP * (len(RULE_CELLS) - 1)
    return [RULE_CELLS[0] + spare, *RULE_CELLS[1:]]


def _draw_rule_values(canvas: Image.Image, rules: Rules, character: str, name: str, locale: str, box: kit.Box) -> None:
    """Each cell's caption and value, on the empty cells."""
    x0, y0, _, y1 = box
    draw = ImageDraw.Draw(canvas)
    x = x0
    rows = ("start", "discard", "trump", "super", "points")
    for row, cell_w in zip(rows, _rule_widths(box), strict=True):
        room = cell_w - 2 * Space.S
        label = t(locale, f"njet.render.row.{row}")
        with measure.secondary():
            caption = kit.fit_font(label, room, FINE, FINE - 1)
            kit.draw_text(
                draw, (x + cell_w / 2, y0 + Space.L), label, caption, kit.INK_DIM, anchor="mm", max_width=room
            )
        cx, cy = x + cell_w / 2, (y0 + Space.XL + y1) / 2 + Space.XS
        if row in ("trump", "super"):
            colour = rules.trump if row == "trump" else rules.super_colour
            code = colour if colour in COLOURS else "none"
            paste_centered(canvas, swatch(code, RULE_ICON), (cx, cy))
            if row == "super" and code != "none":
                paste_centered(canvas, star(Space.XL), (cx + RULE_ICON / 2, cy - RULE_ICON / 2 + Space.XS))
        elif row == "start":
            _draw_start_rule(canvas, draw, character, rules.start, name, (x + Space.S, cy), room)
        elif row == "discard":
            _draw_discard_rule(canvas, draw, rules.discard, locale, (cx, cy))
        else:
            kit.draw_centered(draw, (cx, cy), f"×{rules.points}", face(Type.HEAD, True), kit.GOLD)
        x += cell_w + RULE_GAP


def _draw_start_rule(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    character: str,
    seat: int,
    name: str,
    xy: tuple[float, float],
    room: float,
) -> None:
    """The starting player: their emblem and name, the name cut to the cell."""
    vx, cy = xy
    colour = kit.seat_colour(seat)
    kit.paste(canvas, emblem(character, RULE_ICON, colour), (round(vx), round(cy - RULE_ICON / 2)))
    left = room - RULE_ICON - Space.S
    kit.draw_text(draw, (vx + RULE_ICON + Space.S, cy), name, face(READ, True), colour, anchor="lm", max_width=left)


def _draw_discard_rule(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, count: int, locale: str, centre: tuple[float, float]
) -> None:
    """How many cards each player discards: card backs and the number, or "Njet" in red for none."""
    cx, cy = centre
    if count <= 0:
        kit.draw_centered(draw, (cx, cy), t(locale, "njet.render.njet"), face(Type.TITLE, True), kit.ALERT)
        return
    back_w = Space.L + Space.XS
    back_h = kit.card_size(back_w)[1]
    number = face(Type.HEAD, True)
    span = back_w + Space.XS * (count - 1) + Space.S + number.getlength(str(count))
    left = cx - span / 2
    for i in range(count):
        kit.paste_card(canvas, card_back(back_w), (round(left + i * Space.XS), round(cy - back_h / 2)), shadow=False)
    nx = left + back_w + Space.XS * (count - 1) + Space.S
    kit.draw_text(draw, (nx, cy), str(count), number, kit.INK, anchor="lm")
