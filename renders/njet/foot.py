"""The players at the foot of the table: one panel each, two to a row, the panel of a seat that is to act lit.

A move changes one or two players (the one who moved, the one now awaited), so each player's panel is kept whole
between moves. A lit panel's shadow and the shadows of the panels above fall a few pixels into the neighbouring
panels, so a player's kept part is its panel less those few pixels along its left and top edges (where nothing of
the player is drawn): it depends on that player alone. What lies around the parts (the felt, the shadows, the
panels' edges) depends only on who is to act, and is kept for each such set.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.njet_views import PlayerView
from bot.i18n import t
from renders import kit
from renders import layout
from renders import measure
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout.panels import shadow_reach
from renders.layout.parts import Parts
from renders.njet.common import READ
from renders.njet.common import Table
from renders.njet.common import done_mark
from renders.njet.common import points_runs
from renders.njet.common import seat_name
from renders.njet.common import team_disc
from renders.njet.shapes import card_back
from renders.njet.shapes import emblem

PLAYER_H: Final = 56
"""One player's panel; they sit two to a row at the foot."""
PLAYER_COLUMNS: Final = 2
PLAYER_GAP: Final = Space.S
PLAYER_EMBLEM: Final = 36
TEAM_DISC: Final = 24
"""The team's letter, on the emblem's top left."""
DEALER_BADGE: Final = 24
CARD_BACK: Final = 12
"""The small back before a player's count of cards."""
DONE_MARK: Final = 28
PANEL_RADIUS: Final = 12
LIT_EDGE: Final = 3
LINE: Final = Space.L
"""From a panel's top (bottom) edge to the middle of its first (second) line."""

PARTS: Final = Parts(maxsize=96)
"""Each player's panel as last drawn: a move changes one or two of them."""


def players_height(players: int) -> int:
    """The height of the players' panels at the foot: two to a row."""
    rows = max(1, math.ceil(players / PLAYER_COLUMNS))
    return rows * PLAYER_H + (rows - 1) * PLAYER_GAP


def frames(box: kit.Box, players: int) -> list[kit.Box]:
    """The players' panels in seat order, two to a row."""
    rows = layout.rows(box, max(1, math.ceil(players / PLAYER_COLUMNS)), PLAYER_GAP)
    return [frame for row in rows for frame in layout.columns(row, PLAYER_COLUMNS, PLAYER_GAP)][:players]


def draw_frame(canvas: Image.Image, frame: kit.Box, seat: int, lit: bool) -> None:
    """A player's panel without what it holds: lit (tinted, outlined in the seat colour, lifted) when to act."""
    colour = kit.seat_colour(seat)
    if lit:
        fill = kit.mix(kit.PANEL_SOLID, colour, 0.3)
        kit.panel(canvas, frame, PANEL_RADIUS, fill, outline=colour, width=LIT_EDGE, shadow=True)
    else:
        kit.panel(canvas, frame, PANEL_RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=1)


def shadow_inset() -> tuple[int, int]:
    """How far into a panel, from its left and top edges, a neighbour's (or a panel above's) shadow may fall,
    rounded up to even so that a part moved there draws as in place."""
    _, _, right, below = shadow_reach(Space.L)
    into_right, into_below = max(0, right - PLAYER_GAP), max(0, below - PLAYER_GAP)
    return into_right + into_right % 2, into_below + into_below % 2


def part_box(frame: kit.Box) -> kit.Box:
    """The part of a player's panel only that player draws on."""
    left, top = shadow_inset()
    return (frame[0] + left, frame[1] + top, frame[2], frame[3])


def draw_players(canvas: Image.Image, view: Table, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """Each player's part pasted (drawn when it shows something new) on the frames around it (``foot_frames``)."""
    for player, frame in zip(view.table.players, frames(box, len(view.table.players)), strict=True):
        name = seat_name(names, player.seat, locale)
        lit = player.seat in view.to_act
        done = view.phase == "discard" and player.discarded and not lit
        team = None if view.over else player.team
        part = part_box(frame)
        size = (layout.width(frame), layout.height(frame))
        ground = _part_ground(size, player.seat, player.character, lit, team, done)
        draw = partial(_draw_player, player=player, name=name, team=team, locale=locale)
        key = ("player", player.seat, player.character, player.cards, player.score, team, player.dealer, done, lit)
        PARTS.put(canvas, part, (*key, name, locale), draw, ground)


def foot_frames(canvas: Image.Image, seats: Sequence[tuple[int, bool]], box: kit.Box) -> None:
    """The players' panels, empty, as drawn around their parts: in seat order (each seat with whether it is lit),
    each lit one's shadow over those before it."""
    for (seat, lit), frame in zip(seats, frames(box, len(seats)), strict=True):
        draw_frame(canvas, frame, seat, lit)


def _frame_in(part: Image.Image) -> kit.Box:
    """Where a player's whole panel lies in the coordinates of its part (``part_box``)."""
    left, top = shadow_inset()
    return (-left, -top, part.width, part.height)


@measure.piece_cache(maxsize=64)
def _part_ground(
    size: tuple[int, int], seat: int, character: str, lit: bool, team: int | None, done: bool
) -> Image.Image:
    """A player's panel with what shows no name nor number (emblem, discard mark, team, card back), cut to its part:
    the same at every table."""
    left, top = shadow_inset()
    canvas = kit.new_canvas(size[0] - left, size[1] - top)
    x0, y0, x1, y1 = _frame_in(canvas)
    draw_frame(canvas, (x0, y0, x1, y1), seat, lit)
    emblem_size = PLAYER_EMBLEM
    ecy = (y0 + y1) / 2
    tile = emblem(character, emblem_size, kit.seat_colour(seat))
    ex = x0 + Space.M
    kit.paste(canvas, tile, (ex, round(ecy - emblem_size / 2)))
    if done:
        done_mark(canvas, (ex + emblem_size * 0.88, ecy + emblem_size * 0.3), DONE_MARK)
    if team is not None:
        team_disc(canvas, (ex + Space.XS, ecy - emblem_size / 2 + Space.XS), team, TEAM_DISC)
    back_h = kit.card_size(CARD_BACK)[1]
    kit.paste_card(canvas, card_back(CARD_BACK), (_text_x(x0), round(y1 - LINE - back_h / 2)), shadow=False)
    return canvas


def _text_x(x0: int) -> int:
    """Where a player's name and count of cards start, past the emblem."""
    return x0 + Space.M + PLAYER_EMBLEM + Space.S


def _draw_player(canvas: Image.Image, player: PlayerView, name: str, team: int | None, locale: str) -> None:
    """The name in the seat colour (the dealer's badge after it), the cards in hand and the total, on the player's
    ground (``_part_ground``): nothing drawn there reaches what the ground holds (the team's letter sits on the
    emblem)."""
    x0, y0, x1, y1 = _frame_in(canvas)
    draw = ImageDraw.Draw(canvas)
    tx = _text_x(x0)
    right = x1 - Space.M
    line1, line2 = y0 + LINE, y1 - LINE
    badge = DEALER_BADGE + Space.XS if player.dealer else 0
    room = right - tx - badge
    colour = kit.seat_colour(player.seat)
    drawn = kit.draw_text(draw, (tx, line1), name, face(READ, True), colour, anchor="lm", max_width=room)
    if player.dealer:
        centre = (tx + drawn + Space.XS + DEALER_BADGE / 2, line1)
        kit.disc(canvas, centre, DEALER_BADGE, kit.INK)
        kit.draw_centered(draw, centre, t(locale, "njet.render.dealer_badge"), face(READ, True), kit.INK_DARK)
    cards_x = tx + CARD_BACK + Space.XS
    kit.draw_text(draw, (cards_x, line2), str(player.cards), face(READ, True), kit.INK, anchor="lm")
    runs = points_runs(locale, player.score, face(Type.LABEL, True), kit.GOLD, face(READ))
    kit.draw_runs(draw, (right, line2), runs, align="right")
