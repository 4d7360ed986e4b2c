"""The Njet board while the rules are being blocked, and the strip of the rules it decided once they are."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.njet_views import BoardOption
from bot.games.njet_views import NjetTable
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
from renders.njet.common import FINE
from renders.njet.common import PAD
from renders.njet.common import READ
from renders.njet.common import TITLE_Y
from renders.njet.common import heading
from renders.njet.common import rule_line
from renders.njet.common import seat_emblem
from renders.njet.common import seat_name
from renders.njet.common import section
from renders.njet.shapes import COLOURS
from renders.njet.shapes import card_back
from renders.njet.shapes import paste_centered
from renders.njet.shapes import star
from renders.njet.shapes import stone
from renders.njet.shapes import swatch

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
    for r, row in enumerate(table.board):
        cy = top + row_h * r + row_h / 2
        label = t(locale, f"njet.render.row.{row.row}")
        label_face = kit.fit_font(label, LABEL_WIDTH - Space.S, READ, READ - 1, True)
        kit.draw_text(
            draw,
            (x0 + PAD, cy),
            label,
            label_face,
            kit.GOLD if row.decided else kit.INK,
            anchor="lm",
            max_width=LABEL_WIDTH - Space.S,
        )
        if r:
            rule_line(canvas, x0 + PAD, x1 - PAD, top + row_h * r)
        for i, option in enumerate(row.options):
            tx = x0 + PAD + LABEL_WIDTH + i * (tile_w + TILE_GAP)
            ty = round(cy - tile_h / 2)
            _draw_option(canvas, table, locale, row.row, option, (tx, ty, tx + tile_w, ty + tile_h), row.decided)


def _draw_option(
    canvas: Image.Image,
    table: NjetTable,
    locale: str,
    row: str,
    option: BoardOption,
    box: kit.Box,
    decided: bool,
) -> None:
    x0, y0, _, _ = box
    w, h = width(box), height(box)
    blocker = option.blocked_by
    if decided and blocker is None:
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
    if blocker is None:
        _draw_option_content(canvas, table, locale, row, option.option, centre, h)
        return
    # A blocked option: its drawing faded under the blocker's stone, still telling which option it was.
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    with measure.placed(1.0, (x0, y0)):
        _draw_option_content(layer, table, locale, row, option.option, (w * 0.4, h * 0.4), round(h * 0.9))
    layer.putalpha(layer.getchannel("A").point(lambda v: v * BLOCKED_ALPHA // 100))
    kit.paste(canvas, layer, (x0, y0))
    size = round(min(w, h) * STONE_SHARE)
    spot = (x0 + w - size / 2 - Space.HAIR, y0 + h - size / 2 - Space.HAIR)
    paste_centered(canvas, stone(size, kit.seat_colour(blocker)), spot)
    paste_centered(canvas, seat_emblem(table, blocker, round(size * 0.62)), spot)


def _draw_option_content(
    layer: Image.Image,
    table: NjetTable,
    locale: str,
    row: str,
    option: str,
    centre: tuple[float, float],
    h: int,
) -> None:
    """What an option means, drawn on ``layer``: the seat's emblem, the colour, the number of cards, or the points."""
    draw = ImageDraw.Draw(layer)
    size = round(h * 0.7)
    if row == "start":
        paste_centered(layer, seat_emblem(table, int(option), size), centre)
    elif row in ("trump", "super"):
        paste_centered(layer, swatch(option if option in COLOURS else "none", round(size * 0.9)), centre)
    elif row == "discard":
        if option == "0":
            text = t(locale, "njet.render.njet")
            font = kit.fit_font(text, layer.width - Space.S, Type.TITLE, READ, True)
            kit.draw_centered(draw, centre, text, font, kit.ALERT)
        else:
            kit.draw_glyph(draw, centre, option, kit.font(round(h * 0.5), True), kit.INK)
    else:
        kit.draw_glyph(draw, centre, f"×{option}", kit.font(round(h * 0.42), True), kit.GOLD)


def draw_rules(canvas: Image.Image, table: NjetTable, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The five rules of the round in a strip, drawn as on the board: each row's name (a caption) over its value."""
    rules = table.rules
    if rules is None:
        return
    x0, y0, x1, y1 = box
    draw = ImageDraw.Draw(canvas)
    x = x0
    rows = ("start", "discard", "trump", "super", "points")
    spare = (x1 - x0) - sum(RULE_CELLS) - RULE_GAP * (len(RULE_CELLS) - 1)
    for row, cell_w in zip(rows, RULE_CELLS, strict=True):
        cell_w += spare if row == "start" else 0
        cell = (x, y0, x + cell_w, y1)
        kit.panel(canvas, cell, Space.M, kit.PANEL, outline=kit.PANEL_EDGE, width=Space.HAIR, shadow=True)
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
            _draw_start_rule(canvas, draw, table, names, locale, rules.start, (x + Space.S, cy), room)
        elif row == "discard":
            _draw_discard_rule(canvas, draw, rules.discard, locale, (cx, cy))
        else:
            kit.draw_centered(draw, (cx, cy), f"×{rules.points}", face(Type.HEAD, True), kit.GOLD)
        x += cell_w + RULE_GAP


def _draw_start_rule(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    table: NjetTable,
    names: Sequence[str],
    locale: str,
    seat: int,
    xy: tuple[float, float],
    room: float,
) -> None:
    """The starting player: their emblem and name, the name cut to the cell."""
    vx, cy = xy
    kit.paste(canvas, seat_emblem(table, seat, RULE_ICON), (round(vx), round(cy - RULE_ICON / 2)))
    name = seat_name(names, seat, locale)
    left = room - RULE_ICON - Space.S
    kit.draw_text(
        draw, (vx + RULE_ICON + Space.S, cy), name, face(READ, True), kit.seat_colour(seat), anchor="lm", max_width=left
    )


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
