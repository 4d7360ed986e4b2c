"""The panel under the Triominos board: the players (or the final ranking) two to a row, then the pool and the
last placement. Its height is set by the number of players alone, so the table picture keeps one size."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.triominos_views import LastPlacement
from bot.games.triominos_views import PlayerView
from bot.games.triominos_views import TriominosTable
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.layout import Space
from renders.layout import Type
from renders.layout import card_panel
from renders.layout import face
from renders.triominos.tiles import BACK
from renders.triominos.tiles import BACK_EDGE
from renders.triominos.tiles import MARGIN
from renders.triominos.tiles import bonus_label
from renders.triominos.tiles import pad_of
from renders.triominos.tiles import tile_shape

GAP: Final = Space.S
PLAYER_ROW: Final = 64
COLUMNS: Final = 2
INFO_ROW: Final = 64
POOL_W: Final = 176
POOL_TILE: Final = 26
BONUS_INK: Final[kit.RGB] = (255, 150, 140)


def seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    """The seat's name, or "Player N" when it has none that can be drawn."""
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or t(locale, "tri.render.player", n=seat + 1)


def panel_height(players: int) -> int:
    """The height of the panel for ``players`` seats: their rows, then the pool and last placement."""
    rows = math.ceil(players / COLUMNS)
    return rows * (PLAYER_ROW + GAP) + INFO_ROW


def draw_panel(canvas: Image.Image, table: TriominosTable, names: Sequence[str], locale: str, top: int) -> None:
    """Players (ranked once the game is over), then the pool and the last placement, from ``top`` down."""
    left, right = MARGIN, canvas.width - MARGIN
    players: Sequence[PlayerView] = table.players
    if table.over:
        players = sorted(players, key=lambda p: (p.rank, -p.score))
    col_w = (right - left - GAP * (COLUMNS - 1)) / COLUMNS
    for index, player in enumerate(players):
        row, col = divmod(index, COLUMNS)
        x0 = round(left + col * (col_w + GAP))
        y0 = top + row * (PLAYER_ROW + GAP)
        frame = (x0, y0, round(x0 + col_w), y0 + PLAYER_ROW)
        _draw_player(canvas, frame, player, seat_name(names, player.seat, locale), table.over, locale)
    y = top + math.ceil(len(players) / COLUMNS) * (PLAYER_ROW + GAP)
    _draw_pool(canvas, table, locale, (left, y, left + POOL_W, y + INFO_ROW))
    if table.last is not None:
        _draw_last(canvas, table.last, names, locale, (left + POOL_W + GAP, y, right, y + INFO_ROW))


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
    top_y, low_y = y0 + 20, y0 + 45
    if rank:
        kit.draw_text(draw, (x, top_y), f"{rank}.", face(Type.BODY, True), kit.GOLD if winner else kit.INK, anchor="lm")
        x += 28
    elif is_turn:
        kit.draw_glyph(draw, (x + 8, top_y), "▶", face(Type.LABEL), colour)
        x += Space.XL
    score_w = kit.draw_text(
        draw, (x1 - Space.M, (y0 + y1) / 2), str(player.score), face(Type.HEAD, True), kit.INK, anchor="rm"
    )
    room = x1 - Space.M - score_w - Space.S - x
    kit.draw_text(draw, (x, top_y), name, face(Type.BODY, True), colour, anchor="lm", max_width=room)
    text = plural(locale, "tri.render.tiles", player.tiles)
    kit.draw_text(draw, (x, low_y), text, face(Type.SMALL), kit.INK_DIM, anchor="lm", max_width=room)


def _draw_pool(canvas: Image.Image, table: TriominosTable, locale: str, box: kit.Box) -> None:
    """The pool (face-down tiles to buy) with its count, and the tiles bought this turn."""
    left, top, right, _bottom = box
    card_panel(canvas, box)
    draw = ImageDraw.Draw(canvas)
    side = POOL_TILE
    back = tile_shape(side, True, BACK, BACK_EDGE)
    pad = pad_of(side)
    for i in range(2):
        kit.paste(canvas, back, (left + 12 + i * 6 - pad, top + 14 + i * 3 - pad))
    if table.draws and not table.over:
        label = [(t(locale, "tri.render.bought", n=table.draws), face(Type.SMALL, True), kit.INK)]
        kit.pill(canvas, (left + 48, top + 19), label, kit.ALERT, align="left", height=26)
    else:
        with measure.secondary():
            kit.draw_text(
                draw, (left + 52, top + 20), t(locale, "tri.render.pool"), face(Type.NOTE), kit.INK_DIM, anchor="lm"
            )
    text = plural(locale, "tri.render.tiles", table.pool)
    ink = kit.INK if table.pool else kit.ALERT
    kit.draw_text(
        draw, (left + 52, top + 44), text, face(Type.BODY, True), ink, anchor="lm", max_width=right - left - 60
    )


def _draw_last(canvas: Image.Image, last: LastPlacement, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The last placement: who laid it, its points and its bonus (the tile itself is lit on the board)."""
    left, top, right, _bottom = box
    colour = kit.seat_colour(last.seat)
    kit.seat_frame(canvas, box, colour, lit=False, shadow=False)
    draw = ImageDraw.Draw(canvas)
    x = left + Space.XL
    head = t(locale, "tri.render.last")
    with measure.secondary():
        width = kit.draw_text(draw, (x, top + 20), head, face(Type.NOTE), kit.INK_DIM, anchor="lm")
    name = seat_name(names, last.seat, locale)
    kit.draw_text(
        draw,
        (x + width + Space.S, top + 20),
        name,
        face(Type.SMALL, True),
        colour,
        anchor="lm",
        max_width=right - x - width - Space.M - Space.S,
    )
    points = t(locale, "tri.render.points", n=last.points)
    shown = kit.draw_text(draw, (x, top + 44), points, face(Type.BODY, True), kit.INK, anchor="lm")
    bonus = bonus_label(last.bonus, last.bonus_points, locale)
    if bonus:
        room = right - x - shown - Space.M - Space.S
        kit.draw_text(
            draw, (x + shown + Space.M, top + 44), bonus, face(Type.BODY, True), BONUS_INK, anchor="lm", max_width=room
        )
