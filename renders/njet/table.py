"""The shared Njet! table, drawn from the public view only, laid out for the phase in one frame: the Njet board
while the rules are being blocked; then the band of the decided rules over the partner's choice, the discard or the
trick and the last trick; the standings and the score sheet at the end. The players sit at the foot.

The picture keeps one size for the whole game (set by the number of players): every phase fills the same frame.
The round's score sheet is left to the end (each round's scores are posted in the channel as it ends); the
players' totals are always at the foot, the teams' tally of the round is in the message's words.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from functools import lru_cache
from functools import partial
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders import measure
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import split_top
from renders.layout.parts import Parts
from renders.layout.parts import local
from renders.layout.parts import start
from renders.njet.board import draw_band
from renders.njet.board import draw_board
from renders.njet.common import EDGE
from renders.njet.common import HEADER_H
from renders.njet.common import PANELS
from renders.njet.common import READ
from renders.njet.common import WIDTH as PICTURE_WIDTH
from renders.njet.common import Table
from renders.njet.common import character_of
from renders.njet.common import round_title
from renders.njet.common import seat_emblem
from renders.njet.common import seat_name
from renders.njet.common import section
from renders.njet.foot import draw_players
from renders.njet.foot import foot_frames
from renders.njet.foot import players_height
from renders.njet.sheet import draw_sheet
from renders.njet.sheet import draw_standings
from renders.njet.trick import draw_discard
from renders.njet.trick import draw_last_trick
from renders.njet.trick import draw_partner
from renders.njet.trick import draw_trick

WIDTH: Final = PICTURE_WIDTH
GAP: Final = Space.S
"""Between two parts of the table."""
MAIN_H: Final = 308
"""The phase's part of the table: the board, or the band of rules over the partner, the discard or the tricks."""
BAND_H: Final = 32
"""The band of the round's rules."""
TRICK_H: Final = 166
"""The trick in play; the last trick has what is left under it."""
STANDINGS_ROW: Final = 44
TURN_EMBLEM: Final = 24
"""The emblem before whose turn it is, on the header."""


def table_size(players: int) -> tuple[int, int]:
    """The picture's size for a table of ``players``: the same in every phase of the game."""
    return WIDTH, HEADER_H + GAP + MAIN_H + GAP + players_height(players) + EDGE


def table_image(view: Table, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture, laid out for the current phase."""
    players = view.table.players
    size = table_size(len(players))
    phase = view.phase
    content = (EDGE, HEADER_H + GAP, WIDTH - EDGE, size[1] - EDGE)
    main, foot = split_top(content, MAIN_H, GAP)
    panels = _panels(phase, len(players), content, main)
    base = _panel_base(size, panels)
    canvas = start(base)
    header = (0, 0, WIDTH, HEADER_H)
    PARTS.tile(canvas, header, _header_key(view, names, locale), lambda c: _draw_header(c, view, names, locale))
    if phase == "over":
        standings, sheet = panels
        draw_standings(canvas, view, names, locale, standings)
        draw_sheet(canvas, view, names, locale, sheet)
        return canvas
    if phase == "njet":
        draw_board(canvas, view.table, locale, main)
    else:
        band, rest = split_top(main, BAND_H, GAP)
        draw_band(canvas, view.table.rules, locale, band, base)
        if phase == "tricks":
            middle, last = panels
            draw_trick(canvas, view, names, locale, middle)
            shown = (tuple(player.character for player in players), locale)
            last_key = ("last", view.table.last_trick, *shown)
            _put_panel(canvas, (size, panels), last, last_key, partial(draw_last_trick, view=view, locale=locale))
        elif phase == "partner":
            draw_partner(canvas, view, names, locale, rest)
        else:
            draw_discard(canvas, view, names, locale, rest)
    band = (0, main[3], WIDTH, size[1])
    lit = tuple((player.seat, player.seat in view.to_act) for player in players)
    ground = _foot_ground(size, panels, band, lit)
    canvas.paste(ground, band[:2])
    draw_players(canvas, view, names, locale, foot)
    return canvas


def _panels(phase: str, players: int, content: kit.Box, main: kit.Box) -> tuple[kit.Box, ...]:
    """The panels of a phase's layout, in the order they are drawn."""
    if phase == "over":
        standings_h = 2 * Space.L + Space.XS + STANDINGS_ROW * players + Space.S
        return split_top(content, standings_h, GAP)
    if phase == "njet":
        return (main,)
    rest = split_top(main, BAND_H, GAP)[1]
    if phase != "tricks":
        return (rest,)
    return split_top(rest, TRICK_H, GAP)


@measure.piece_cache(maxsize=16)
def _panel_base(size: tuple[int, int], panels: tuple[kit.Box, ...]) -> Image.Image:
    """The felt with a layout's panels and their shadows: the same in every picture of a phase at a table size. Its
    copies know they hold them (``section`` leaves them alone)."""
    base = kit.new_canvas(*size)
    for box in panels:
        section(base, box)
    base.info[PANELS] = frozenset(panels)
    return base


PARTS: Final = Parts(maxsize=64)
"""The header as last drawn: most moves do not change it."""


PANEL_PARTS: Final = Parts(maxsize=64)
"""The last trick as last drawn: it changes when a trick ends."""


Layout = tuple[tuple[int, int], tuple[kit.Box, ...]]
"""A picture's size and the panels of its phase: what its base (``_panel_base``) holds."""


def _put_panel(
    canvas: Image.Image,
    where: Layout,
    box: kit.Box,
    key: tuple[object, ...],
    draw: Callable[[Image.Image, kit.Box], None],
) -> None:
    """Paste the panel ``box`` of the layout ``where`` that ``draw`` fills (given a picture and the panel's box on
    it) for ``key``, everything ``draw`` shows (no name shows there)."""
    ground = _panel_ground(*where, box)
    PANEL_PARTS.put(canvas, box, (key, where), lambda part: draw(part, local(box)), ground)


@lru_cache(maxsize=32)
def _panel_ground(size: tuple[int, int], panels: tuple[kit.Box, ...], box: kit.Box) -> Image.Image:
    """The panel ``box`` of a layout, empty, cut from its base: it knows it holds the panel (``section``)."""
    ground = _panel_base(size, panels).crop(box)
    ground.info[PANELS] = frozenset({local(box)})
    return ground


@lru_cache(maxsize=24)
def _foot_ground(
    size: tuple[int, int], panels: tuple[kit.Box, ...], band: kit.Box, lit: tuple[tuple[int, bool], ...]
) -> Image.Image:
    """The foot of a layout with the players' empty panels, lit for those to act (the shadows of the panels above
    fall on it): the same at every table, the players' parts are pasted over it."""
    canvas = _panel_base(size, panels).copy()
    foot_frames(canvas, lit, (EDGE, band[1] + GAP, WIDTH - EDGE, size[1] - EDGE))
    return canvas.crop(band)


def _header_key(view: Table, names: Sequence[str], locale: str) -> tuple[object, ...]:
    """Everything the header shows: the round, whose turn it is (or how many are awaited), the end."""
    turn = tuple(sorted(view.to_act))
    shown = (seat_name(names, turn[0], locale), character_of(view.table, turn[0])) if len(turn) == 1 else None
    return ("header", round_title(view.table, locale), view.over, view.phase, turn, shown, locale)


def _draw_header(canvas: Image.Image, view: Table, names: Sequence[str], locale: str) -> None:
    """The round on the left; whose turn it is (after their emblem), how many discards are awaited, or the end on
    the right (the dealer wears a badge at the foot)."""
    kit.header_strip(canvas, HEADER_H)
    draw = ImageDraw.Draw(canvas)
    right, cy = WIDTH - EDGE, HEADER_H // 2
    title = round_title(view.table, locale)
    x = EDGE + kit.draw_text(draw, (EDGE, cy), title, face(Type.TITLE, True), kit.GOLD, anchor="lm")
    room = right - x - Space.L
    turn = sorted(view.to_act)
    if view.over:
        layout.header_pill(canvas, t(locale, "njet.render.over"), kit.GOLD, size=READ, margin=EDGE, height=HEADER_H)
    elif len(turn) == 1:
        seat = turn[0]
        name = seat_name(names, seat, locale)
        key = f"njet.render.turn.{view.phase}"
        runs = kit.catalog_runs(locale, key, name, face(READ), kit.INK, kit.seat_colour(seat), room - TURN_EMBLEM)
        shown = kit.draw_runs(draw, (right, cy), runs, align="right")
        at = (round(right - shown - Space.XS - TURN_EMBLEM), round(cy - TURN_EMBLEM / 2))
        kit.paste(canvas, seat_emblem(view.table, seat, TURN_EMBLEM), at)
    elif turn:
        text = plural(locale, "njet.render.waiting", len(turn))
        kit.draw_text(draw, (right, cy), text, face(READ), kit.INK, anchor="rm", max_width=room)
