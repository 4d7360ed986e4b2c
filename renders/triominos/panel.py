"""The panel under the Triominos board: the players (or the final ranking) two to a row, then the pool and the
last placement. Its height is set by the number of players alone, so the table picture keeps one size."""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
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
from renders.regions import Regions
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
    """Players (ranked once the game is over), then the pool and the last placement, from ``top`` down.

    Each section is pasted whole from ``PARTS``. Only a lit player's shadow reaches past its box: it is laid on
    what is already drawn (the earlier sections, the gaps), and the sections drawn after it are drawn on it, so
    that the picture is the one drawn section after section."""
    lifted: list[kit.Box] = []
    for section in _sections(canvas.width, table, names, locale, top):
        x0, y0 = section.box[:2]
        under = tuple((s[0] - x0, s[1] - y0, s[2] - x0, s[3] - y0) for s in lifted if _reaches(s, section.box))
        if section.lifted:
            kit.drop_shadow(canvas, section.box, RADIUS)
            lifted.append(section.box)
        PARTS.put(canvas, section.box, (*section.key, under), _drawing(section, under))


PARTS: Final = Regions(maxsize=192)
"""The sections as last drawn (about 65 kB each): a move redraws about half of a table's eight (the mover, the
next player, the sections their shadows fall on, the last placement)."""
RADIUS: Final = 12
"""The corner radius of a player's frame (``kit.seat_frame``), that of its shadow."""
SHADOW: Final = (5 * 3 - 2, 5 * 3 - 4, 5 * 3 + 2, 5 * 3 + 4)
"""How far past its box (left, top, right, bottom) a lifted frame's shadow reaches (``kit.drop_shadow``'s blur 5,
offset (2, 4))."""


@dataclass(frozen=True)
class Section:
    """One box of the panel: what it shows (its key), how it is drawn in its own coordinates, and whether it is
    lifted by a shadow that reaches past its box."""

    box: kit.Box
    key: tuple[object, ...]
    draw: Callable[[Image.Image, Shadows], None]
    lifted: bool = False


Shadows = tuple[kit.Box, ...]
"""The boxes of the lifted frames whose shadows fall on a section, in its own coordinates."""


def _reaches(lifted: kit.Box, box: kit.Box) -> bool:
    left, top, right, bottom = SHADOW
    return (
        lifted[0] - left < box[2]
        and lifted[2] + right > box[0]
        and lifted[1] - top < box[3]
        and lifted[3] + bottom > box[1]
    )


def _drawing(section: Section, under: Shadows) -> Callable[[Image.Image], None]:
    return lambda scratch: section.draw(scratch, under)


def _sections(width: int, table: TriominosTable, names: Sequence[str], locale: str, top: int) -> list[Section]:
    """The players two to a row, then the pool and the last placement, in the order they are drawn."""
    left, right = MARGIN, width - MARGIN
    players: Sequence[PlayerView] = table.players
    if table.over:
        players = sorted(players, key=lambda p: (p.rank, -p.score))
    col_w = (right - left - GAP * (COLUMNS - 1)) / COLUMNS
    found: list[Section] = []
    for index, player in enumerate(players):
        row, col = divmod(index, COLUMNS)
        x0 = round(left + col * (col_w + GAP))
        y0 = top + row * (PLAYER_ROW + GAP)
        frame = (x0, y0, round(x0 + col_w), y0 + PLAYER_ROW)
        found.append(_player_section(frame, player, seat_name(names, player.seat, locale), table.over, locale))
    y = top + math.ceil(len(players) / COLUMNS) * (PLAYER_ROW + GAP)
    pool = (left, y, left + POOL_W, y + INFO_ROW)
    key = ("pool", table.draws, table.over, table.pool, locale)
    found.append(Section(pool, key, lambda c, under: _draw_pool(c, table, locale, _size(pool), under)))
    last = table.last
    if last is not None:
        box = (left + POOL_W + GAP, y, right, y + INFO_ROW)
        name = seat_name(names, last.seat, locale)
        found.append(
            Section(
                box, ("last", last, name, locale), lambda c, under: _draw_last(c, last, name, locale, _size(box), under)
            )
        )
    return found


def _size(box: kit.Box) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


def _player_section(frame: kit.Box, player: PlayerView, name: str, ranking: bool, locale: str) -> Section:
    """One player's section: lifted (lit and shadowed) on their turn, or as the winner of a finished game."""
    rank = player.rank if ranking else 0
    lit = rank == 1 or (player.acting and not ranking)
    key = ("player", player.seat, player.score, player.tiles, rank, lit, name, locale)
    return Section(
        frame, key, lambda c, under: _draw_player(c, _size(frame), player, name, ranking, locale, under), lit
    )


def _felt(size: tuple[int, int], under: Shadows) -> Image.Image:
    """The felt of a section with the shadows that fall on it."""
    scratch = kit.new_canvas(*size)
    for box in under:
        kit.drop_shadow(scratch, box, RADIUS)
    return scratch


@lru_cache(maxsize=128)
def _frame_back(size: tuple[int, int], colour: kit.RGB, lit: bool, edge: kit.RGB | None, under: Shadows) -> Image.Image:
    """A player's frame (or the last placement's) on the felt: the same few for every table, so kept for all
    of them. Shared: paste it, never draw on it."""
    scratch = _felt(size, under)
    kit.seat_frame(scratch, (0, 0, *size), colour, lit=lit, edge=edge, shadow=True)
    return scratch


@lru_cache(maxsize=16)
def _pool_back(size: tuple[int, int], under: Shadows) -> Image.Image:
    """The pool's panel with two face-down tiles. Shared: paste it, never draw on it."""
    scratch = _felt(size, under)
    card_panel(scratch, (0, 0, *size))
    back = tile_shape(POOL_TILE, True, BACK, BACK_EDGE)
    pad = pad_of(POOL_TILE)
    for i in range(2):
        kit.paste(scratch, back, (12 + i * 6 - pad, 14 + i * 3 - pad))
    return scratch


@lru_cache(maxsize=512)
def _fitted(text: str, size: int, bold: bool, room: float) -> str:
    """``text`` cut to ``room`` as ``kit.draw_text`` cuts it: names and counts come back move after move."""
    return kit.fit_text(text, face(size, bold), room)


def _draw_player(
    canvas: Image.Image,
    size: tuple[int, int],
    player: PlayerView,
    name: str,
    ranking: bool,
    locale: str,
    under: Shadows,
) -> None:
    """One player: colour stripe, turn arrow or rank, name, tiles in hand under it, score on the right."""
    x1, y1 = size
    colour = kit.seat_colour(player.seat)
    rank = player.rank if ranking else 0
    winner = rank == 1
    is_turn = player.acting and not ranking
    canvas.paste(_frame_back(size, colour, is_turn or winner, kit.GOLD if winner else None, under))
    draw = ImageDraw.Draw(canvas)
    x: int = Space.XL
    top_y, low_y = 20, 45
    if rank:
        kit.draw_text(draw, (x, top_y), f"{rank}.", face(Type.BODY, True), kit.GOLD if winner else kit.INK, anchor="lm")
        x += 28
    elif is_turn:
        kit.draw_glyph(draw, (x + 8, top_y), "▶", face(Type.LABEL), colour)
        x += Space.XL
    score_w = kit.draw_text(
        draw, (x1 - Space.M, y1 / 2), str(player.score), face(Type.HEAD, True), kit.INK, anchor="rm"
    )
    room = x1 - Space.M - score_w - Space.S - x
    kit.draw_text(draw, (x, top_y), _fitted(name, Type.BODY, True, room), face(Type.BODY, True), colour, anchor="lm")
    text = _fitted(plural(locale, "tri.render.tiles", player.tiles), Type.SMALL, False, room)
    kit.draw_text(draw, (x, low_y), text, face(Type.SMALL), kit.INK_DIM, anchor="lm")


def _draw_pool(canvas: Image.Image, table: TriominosTable, locale: str, size: tuple[int, int], under: Shadows) -> None:
    """The pool (face-down tiles to buy) with its count, and the tiles bought this turn."""
    canvas.paste(_pool_back(size, under))
    draw = ImageDraw.Draw(canvas)
    if table.draws and not table.over:
        label = [(t(locale, "tri.render.bought", n=table.draws), face(Type.SMALL, True), kit.INK)]
        kit.pill(canvas, (48, 19), label, kit.ALERT, align="left", height=26)
    else:
        with measure.secondary():
            kit.draw_text(draw, (52, 20), t(locale, "tri.render.pool"), face(Type.NOTE), kit.INK_DIM, anchor="lm")
    text = plural(locale, "tri.render.tiles", table.pool)
    ink = kit.INK if table.pool else kit.ALERT
    kit.draw_text(draw, (52, 44), text, face(Type.BODY, True), ink, anchor="lm", max_width=size[0] - 60)


def _draw_last(
    canvas: Image.Image, last: LastPlacement, name: str, locale: str, size: tuple[int, int], under: Shadows
) -> None:
    """The last placement: who laid it, its points and its bonus (the tile itself is lit on the board)."""
    right = size[0]
    colour = kit.seat_colour(last.seat)
    canvas.paste(_frame_back(size, colour, False, None, under))
    draw = ImageDraw.Draw(canvas)
    x = Space.XL
    head = t(locale, "tri.render.last")
    with measure.secondary():
        width = kit.draw_text(draw, (x, 20), head, face(Type.NOTE), kit.INK_DIM, anchor="lm")
    room = right - x - width - Space.M - Space.S
    shown_name = _fitted(name, Type.SMALL, True, room)
    kit.draw_text(draw, (x + width + Space.S, 20), shown_name, face(Type.SMALL, True), colour, anchor="lm")
    points = t(locale, "tri.render.points", n=last.points)
    shown = kit.draw_text(draw, (x, 44), points, face(Type.BODY, True), kit.INK, anchor="lm")
    bonus = bonus_label(last.bonus, last.bonus_points, locale)
    if bonus:
        room = right - x - shown - Space.M - Space.S
        kit.draw_text(
            draw, (x + shown + Space.M, 44), bonus, face(Type.BODY, True), BONUS_INK, anchor="lm", max_width=room
        )
