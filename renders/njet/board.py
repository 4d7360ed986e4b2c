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
from renders.layout import RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import height
from renders.layout import inset
from renders.layout import width
from renders.njet.common import PAD
from renders.njet.common import TITLE_Y
from renders.njet.common import colour_name
from renders.njet.common import heading
from renders.njet.common import initial
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

LABEL_WIDTH: Final = 180
"""The column of row names on the board."""
TILE_MAX: Final = (88, 78)
"""The largest option tile (width, height)."""
ROWS_TOP: Final = 50
"""From the board's top to its first row."""
BLOCKED_VEIL: Final[kit.RGBA] = (0, 0, 0, 70)
BLOCKED_ALPHA: Final = 55
"""Percent of opacity left to a blocked option's drawing under its stone."""
RULE_CELLS: Final = (220, 178, 156, 176)
"""The widths of the first four cells of the rules strip; the points take what is left."""
RULE_ICON: Final = 40
"""The starting player's emblem and the colour swatches in the rules strip."""


def draw_board(canvas: Image.Image, table: NjetTable, locale: str, box: kit.Box) -> None:
    """Five rows of options; blocked ones under a stone ringed in the blocker's colour, open ones lit."""
    x0, y0, x1, y1 = box
    section(canvas, box)
    draw = ImageDraw.Draw(canvas)
    head_y = y0 + TITLE_Y
    stones_text = plural(locale, "njet.render.stones", table.stones_left)
    font = face(Type.BODY, True)
    text_w = font.getlength(stones_text)
    kit.draw_text(draw, (x1 - PAD, head_y), stones_text, font, kit.INK, anchor="rm")
    paste_centered(canvas, stone(Space.XL, kit.INK_DIM, ""), (x1 - PAD - text_w - PAD, head_y))
    heading(draw, (x0 + PAD, head_y), t(locale, "njet.render.board"), x1 - x0 - text_w - 90)
    top = y0 + ROWS_TOP
    row_h = (y1 - Space.M - top) / len(table.board)
    widest = max(5, max((len(row.options) for row in table.board), default=5))
    tile_w = min(TILE_MAX[0], int((x1 - x0 - 2 * PAD - LABEL_WIDTH - Space.M * (widest - 1)) / widest))
    tile_h = round(min(TILE_MAX[1], row_h - Space.M))
    for r, row in enumerate(table.board):
        cy = top + row_h * r + row_h / 2
        label = t(locale, f"njet.render.row.{row.row}")
        label_face = kit.fit_font(label, LABEL_WIDTH - Space.S, Type.BODY, Type.NOTE, True)
        kit.draw_text(draw, (x0 + PAD, cy), label, label_face, kit.GOLD if row.decided else kit.INK, anchor="lm")
        if r:
            rule_line(canvas, x0 + PAD, x1 - PAD, top + row_h * r)
        for i, option in enumerate(row.options):
            tx = x0 + PAD + LABEL_WIDTH + i * (tile_w + Space.M)
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
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    _draw_option_content(layer, table, locale, row, option.option, (w / 2, h / 2), h)
    if blocker is not None:
        layer.putalpha(layer.getchannel("A").point(lambda v: v * BLOCKED_ALPHA // 100))
    kit.paste(canvas, layer, (x0, y0))
    if blocker is not None:
        size = round(min(w, h) * 0.64)
        mark = stone(size, kit.seat_colour(blocker), initial(table, blocker, locale))
        paste_centered(canvas, mark, (x0 + w / 2 + w * 0.16, y0 + h / 2 + h * 0.12))


def _draw_option_content(
    layer: Image.Image, table: NjetTable, locale: str, row: str, option: str, centre: tuple[float, float], h: int
) -> None:
    """What an option means, drawn: the seat's emblem, the colour, the number of cards, or the points."""
    draw = ImageDraw.Draw(layer)
    size = round(h * 0.72)
    if row == "start":
        paste_centered(layer, seat_emblem(table, int(option), size), centre)
    elif row in ("trump", "super"):
        paste_centered(layer, swatch(option if option in COLOURS else "none", round(size * 0.9)), centre)
    elif row == "discard":
        if option == "0":
            text = t(locale, "njet.render.njet")
            font = kit.fit_font(text, layer.width - Space.M, Type.TITLE, Type.NOTE, True)
            kit.draw_centered(draw, centre, text, font, kit.ALERT)
        else:
            kit.draw_glyph(draw, centre, option, kit.font(round(h * 0.5), True), kit.INK)
    else:
        kit.draw_glyph(draw, centre, f"×{option}", kit.font(round(h * 0.4), True), kit.GOLD)


def draw_rules(canvas: Image.Image, table: NjetTable, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The five rules of the round in a strip: each row's name over its drawn value (nothing before they are
    decided)."""
    rules = table.rules
    if rules is None:
        return
    x0, y0, x1, y1 = box
    draw = ImageDraw.Draw(canvas)
    last = (x1 - x0) - sum(RULE_CELLS) - Space.M * len(RULE_CELLS)
    x = x0
    label_face, value_face = face(Type.NOTE), face(Type.BODY, True)
    rows = ("start", "discard", "trump", "super", "points")
    for row, cell_w in zip(rows, (*RULE_CELLS, last), strict=True):
        cell = (x, y0, x + cell_w, y1)
        kit.panel(canvas, cell, Space.M, kit.PANEL, outline=kit.PANEL_EDGE, width=Space.HAIR, shadow=True)
        text_box = inset(cell, Space.M)
        room = width(text_box)
        label = t(locale, f"njet.render.row.{row}")
        kit.draw_text(draw, (text_box[0], y0 + PAD), label, label_face, kit.INK_DIM, anchor="lm", max_width=room)
        cy = y1 - 32
        vx = text_box[0]
        if row in ("trump", "super"):
            colour = rules.trump if row == "trump" else rules.super_colour
            code = colour if colour in COLOURS else "none"
            kit.paste(canvas, swatch(code, 34), (vx, round(cy - 17)))
            if row == "super" and code != "none":
                kit.paste(canvas, star(Space.L + Space.XS), (vx + Space.XL, round(cy - 26)))
            text = colour_name(code, locale)
            kit.draw_text(draw, (vx + 44, cy), text, value_face, kit.INK, anchor="lm", max_width=room - 44)
        elif row == "start":
            seat = rules.start
            kit.paste(canvas, seat_emblem(table, seat, RULE_ICON), (vx, round(cy - RULE_ICON / 2)))
            name = seat_name(names, seat, locale)
            room_left = room - RULE_ICON - Space.S
            kit.draw_text(
                draw,
                (vx + RULE_ICON + Space.S, cy),
                name,
                value_face,
                kit.seat_colour(seat),
                anchor="lm",
                max_width=room_left,
            )
        elif row == "discard":
            _draw_discard_rule(canvas, draw, rules.discard, locale, (vx, cy), x + cell_w - Space.M)
        else:
            shown = kit.draw_text(draw, (vx, cy), f"×{rules.points}", face(Type.HEAD, True), kit.GOLD, anchor="lm")
            kit.draw_text(
                draw,
                (vx + shown + Space.S, cy + Space.HAIR),
                t(locale, "njet.render.per_trick"),
                face(Type.SMALL),
                kit.INK_DIM,
                anchor="lm",
                max_width=room - shown - Space.S,
            )
        x += cell_w + Space.M


def _draw_discard_rule(
    canvas: Image.Image, draw: ImageDraw.ImageDraw, count: int, locale: str, xy: tuple[int, int], right: int
) -> None:
    """How many cards each player discards: small backs and the number, or "Njet: none"."""
    vx, cy = xy
    value_face = face(Type.BODY, True)
    if count <= 0:
        text = t(locale, "njet.render.no_discard")
        kit.draw_text(draw, (vx, cy), text, value_face, kit.ALERT, anchor="lm", max_width=right - vx)
        return
    back_w = Space.XL - Space.HAIR
    for i in range(count):
        kit.paste_card(canvas, card_back(back_w), (vx + i * Space.S, round(cy - Space.L)), shadow=False)
    bx = vx + back_w + Space.S * (count - 1) + Space.M
    text = plural(locale, "njet.render.discard_cards", count)
    kit.draw_text(draw, (bx, cy), text, value_face, kit.INK, anchor="lm", max_width=right - bx)
