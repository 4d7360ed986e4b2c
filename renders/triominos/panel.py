"""The side panel of the Triominos table: the players (or the final ranking), then either the pool, the last
placement and the notes of the round, or the legend of the placements shown on the board."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import LastPlacement
from bot.games.triominos_views import Placement
from bot.games.triominos_views import PlayerView
from bot.games.triominos_views import TriominosTable
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders.layout import Space
from renders.layout import Type
from renders.layout import card_panel
from renders.layout import face
from renders.triominos.tiles import BACK
from renders.triominos.tiles import BACK_EDGE
from renders.triominos.tiles import MARGIN
from renders.triominos.tiles import bonus_label
from renders.triominos.tiles import letter_label
from renders.triominos.tiles import pad_of
from renders.triominos.tiles import paste_tile
from renders.triominos.tiles import tile_height
from renders.triominos.tiles import tile_image
from renders.triominos.tiles import tile_shape

GAP: Final = Space.M
BOTTOM: Final = MARGIN
"""The room below the panel, as at the picture's edge."""
PANEL: Final = layout.SidePanel(320, row=64, gap=Space.S, ranking=34)
POOL_H: Final = 58
LAST_H: Final = 96
LAST_BONUS_H: Final = 124
NOTE_STEP: Final = 44
LEGEND_HEAD: Final = 44
LEGEND_LONG: Final = 8
"""Up to this many placements the legend is one column with every score and bonus spelled out."""
LEGEND_ROW: Final = 32
LAST_TILE: Final = 50
POOL_TILE: Final = 34
ICON_TILE: Final = 14
BONUS_INK: Final[kit.RGB] = (255, 150, 140)


def seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    """The seat's name, or "Player N" when it has none that can be drawn."""
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or t(locale, "tri.render.player", n=seat + 1)


def legend_rows(count: int) -> tuple[int, int]:
    """Columns and rows of the placements legend."""
    columns = 1 if count <= LEGEND_LONG else 3
    return columns, math.ceil(count / columns)


def panel_height(table: TriominosTable, spots: int = 0) -> int:
    """The height the side panel needs: the picture grows rather than clip it."""
    players = PANEL.players_height(len(table.players), table.over)
    if spots:
        return GAP + players + 6 + 52 + legend_rows(spots)[1] * LEGEND_ROW + BOTTOM
    extra = 48 * ((table.bell or table.out is not None) + table.kids_scoring)
    return GAP + players + 6 + POOL_H + GAP + LAST_BONUS_H + GAP + extra + BOTTOM


def draw_panel(
    canvas: Image.Image,
    table: TriominosTable,
    names: Sequence[str],
    locale: str,
    box: kit.Box,
    spots: Sequence[Placement] = (),
    first: int = 0,
) -> None:
    """Players (or the final ranking), then the placements legend, or the pool, last placement and notes."""
    left, top, right, _bottom = box
    draw = ImageDraw.Draw(canvas)
    y = top
    players: Sequence[PlayerView] = table.players
    if table.over:
        kit.draw_text(
            draw, (left, y + 14), t(locale, "tri.render.ranking"), face(Type.LABEL, True), kit.GOLD, anchor="lm"
        )
        y += PANEL.ranking
        players = sorted(players, key=lambda p: (p.rank, -p.score))
    for player in players:
        _draw_player(
            canvas, PANEL.frame(left, y, right), player, seat_name(names, player.seat, locale), table.over, locale
        )
        y += PANEL.step
    y += 6
    if spots:
        _draw_legend(canvas, spots, first, locale, (left, y, right))
        return
    y = _draw_pool(canvas, table, locale, (left, y, right, y + POOL_H)) + GAP
    if table.last is not None:
        y = _draw_last(canvas, table.last, names, locale, (left, y, right)) + GAP
    notes: list[tuple[str, kit.Colour, kit.Colour]] = []
    if table.out is not None:
        name = seat_name(names, table.out, locale)
        notes.append((t(locale, "tri.render.out", name=name), kit.GOLD, kit.INK_DARK))
    elif table.bell:
        notes.append((t(locale, "tri.render.bell"), kit.GOLD, kit.INK_DARK))
    if table.kids_scoring:
        notes.append((t(locale, "tri.render.kids"), kit.PANEL_SOLID, kit.INK_DIM))
    note_face = face(Type.BODY, True)
    for text, fill, ink in notes:
        text = kit.fit_text(text, note_face, right - left - 30)
        kit.pill(canvas, (left, y + Space.L), [(text, note_face, ink)], fill, align="left", height=34)
        y += NOTE_STEP


def _draw_player(
    canvas: Image.Image, frame: kit.Box, player: PlayerView, name: str, ranking: bool, locale: str
) -> None:
    """One player: colour stripe, turn arrow or rank, name, tiles in hand under it, score on the right."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(player.seat)
    rank = player.rank if ranking else 0
    winner = rank == 1
    is_turn = player.acting and not ranking
    kit.seat_frame(canvas, frame, colour, lit=is_turn or winner, edge=kit.GOLD if winner else None, shadow=True)
    draw = ImageDraw.Draw(canvas)
    x = x0 + Space.XL
    top_y, low_y = y0 + 22, y0 + 46
    if rank:
        kit.draw_text(draw, (x, top_y), f"{rank}.", face(Type.BODY, True), kit.GOLD if winner else kit.INK, anchor="lm")
        x += 30
    elif is_turn:
        kit.draw_glyph(draw, (x + 7, top_y), "▶", face(Type.SMALL), colour)
        x += Space.XL
    score_w = kit.draw_runs(
        draw,
        (x1 - 14, (y0 + y1) / 2),
        [
            (str(player.score), face(Type.HEAD, True), kit.INK),
            (" " + t(locale, "tri.render.pts"), face(Type.SMALL), kit.INK_DIM),
        ],
        align="right",
    )
    room = x1 - 14 - score_w - Space.M - x
    kit.draw_text(draw, (x, top_y), name, face(Type.BODY, True), colour, anchor="lm", max_width=room)
    icon = ICON_TILE
    paste_tile(canvas, tile_image((), icon, True), (x + 1, low_y - tile_height(icon) / 2 - 1), icon)
    text = plural(locale, "tri.render.tiles", player.tiles)
    kit.draw_text(
        draw,
        (x + icon + Space.S, low_y),
        text,
        face(Type.SMALL),
        kit.INK_DIM,
        anchor="lm",
        max_width=room - icon - Space.S,
    )


def _draw_pool(canvas: Image.Image, table: TriominosTable, locale: str, box: kit.Box) -> int:
    """The pool (face-down tiles to buy) with its count; returns the bottom."""
    left, top, right, bottom = box
    card_panel(canvas, box)
    draw = ImageDraw.Draw(canvas)
    cy = (top + bottom) / 2
    side = POOL_TILE
    back = tile_shape(side, True, BACK, BACK_EDGE)
    pad = pad_of(side)
    for i in range(3):
        kit.paste(canvas, back, (left + 12 + i * 6 - pad, round(cy - tile_height(side) / 2) - pad - 2 + i * 2))
    kit.draw_text(draw, (left + 70, cy), t(locale, "tri.render.pool"), face(Type.BODY, True), kit.INK_DIM, anchor="lm")
    text = plural(locale, "tri.render.tiles", table.pool)
    ink = kit.INK if table.pool else kit.ALERT
    kit.draw_text(draw, (right - 14, cy), text, face(Type.LABEL, True), ink, anchor="rm")
    if table.draws and not table.over:
        label = [(t(locale, "tri.render.bought", n=table.draws), face(Type.SMALL, True), kit.INK)]
        kit.pill(canvas, (right - 10, top), label, kit.ALERT, align="right", height=Space.XL)
    return bottom


def _draw_last(
    canvas: Image.Image, last: LastPlacement, names: Sequence[str], locale: str, box: tuple[int, int, int]
) -> int:
    """The last placement: who laid which tile, for how many points and which bonus; returns the bottom."""
    left, top, right = box
    bonus = bonus_label(last.bonus, last.bonus_points, locale)
    height = LAST_BONUS_H if bonus else LAST_H
    card_panel(canvas, (left, top, right, top + height))
    draw = ImageDraw.Draw(canvas)
    kit.draw_text(
        draw, (left + 14, top + 20), t(locale, "tri.render.last"), face(Type.SMALL, True), kit.INK_DIM, anchor="lm"
    )
    side = LAST_TILE
    ty = top + 38
    paste_tile(canvas, tile_image(last.tile.numbers, side), (left + 14, ty), side)
    x = left + 14 + side + 14
    name = seat_name(names, last.seat, locale)
    colour = kit.seat_colour(last.seat)
    kit.draw_text(draw, (x, ty + Space.M), name, face(Type.BODY, True), colour, anchor="lm", max_width=right - x - 10)
    points = t(locale, "tri.render.points", n=last.points)
    kit.draw_text(draw, (x, ty + 38), points, face(Type.BODY, True), kit.INK, anchor="lm")
    if bonus:
        pill = [(bonus, face(Type.SMALL, True), kit.INK)]
        kit.pill(canvas, (x, top + height - 20), pill, kit.ALERT, align="left", height=28)
    return top + height


def _draw_legend(
    canvas: Image.Image, spots: Sequence[Placement], first: int, locale: str, box: tuple[int, int, int]
) -> int:
    """Every spot's letter with its score (and its bonus when there is room); returns the bottom."""
    left, top, right = box
    columns, rows = legend_rows(len(spots))
    height = LEGEND_HEAD + rows * LEGEND_ROW + Space.S
    card_panel(canvas, (left, top, right, top + height))
    draw = ImageDraw.Draw(canvas)
    kit.draw_text(
        draw, (left + 14, top + 22), t(locale, "tri.render.choices"), face(Type.SMALL, True), kit.INK_DIM, anchor="lm"
    )
    col_w = (right - left - 20) / columns
    score_face = face(Type.BODY, True)
    for index, spot in enumerate(spots):
        col, row = divmod(index, rows)
        x = left + Space.M + col * col_w
        y = top + LEGEND_HEAD + row * LEGEND_ROW + LEGEND_ROW / 2
        fill = kit.ALERT if spot.bonus else kit.GOLD
        kit.draw_badge(canvas, (x + 13, y), Space.XL, letter_label(first + index), fill=fill)
        text = t(locale, "tri.render.points", n=spot.points) if columns == 1 else f"+{spot.points}"
        width = kit.draw_text(draw, (x + 32, y), text, score_face, kit.INK, anchor="lm")
        if spot.bonus and columns == 1:
            label = bonus_label(spot.bonus, spot.bonus_points, locale)
            kit.draw_text(draw, (x + 44 + width, y), label, face(Type.SMALL, True), BONUS_INK, anchor="lm")
    return top + height
