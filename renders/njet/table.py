"""The shared Njet! table, drawn from the public view only, laid out for the phase in one frame: the Njet board
while the rules are being blocked; then the decided rules over the partner's choice, the discard or the trick with
the teams' tally and the last trick; the standings and the score sheet at the end. The players sit at the foot.

The picture keeps one size for the whole game (set by the number of players): every phase fills the same frame.
The round's score sheet is left to the end (each round's scores are posted in the channel as it ends); the
players' totals are always at the foot.
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
from renders import regions
from renders.layout import HEADER
from renders.layout import MARGIN
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import split_left
from renders.layout import split_top
from renders.njet.board import draw_board
from renders.njet.board import draw_rule_cells
from renders.njet.board import draw_rules
from renders.njet.board import rules_part
from renders.njet.common import PANELS
from renders.njet.common import READ
from renders.njet.common import WIDTH as PICTURE_WIDTH
from renders.njet.common import Table
from renders.njet.common import round_title
from renders.njet.common import seat_name
from renders.njet.common import section
from renders.njet.foot import draw_players
from renders.njet.foot import foot_frames
from renders.njet.foot import players_height
from renders.njet.sheet import draw_sheet
from renders.njet.sheet import draw_standings
from renders.njet.sheet import draw_tally
from renders.njet.trick import draw_discard
from renders.njet.trick import draw_last_trick
from renders.njet.trick import draw_partner
from renders.njet.trick import draw_trick
from renders.regions import Regions

WIDTH: Final = PICTURE_WIDTH
MAIN_H: Final = 484
"""The phase's part of the table: the board, or the rules, the trick, the tally and the last trick."""
RULES_H: Final = 88
TRICK_H: Final = 226
"""The trick in play; the tally and the last trick share what is left under it."""
LAST_W: Final = 244
STANDINGS_ROW: Final = 56


def table_size(players: int) -> tuple[int, int]:
    """The picture's size for a table of ``players``: the same in every phase of the game."""
    return WIDTH, HEADER + Space.M + MAIN_H + Space.M + players_height(players) + MARGIN


def table_image(view: Table, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture, laid out for the current phase."""
    players = view.table.players
    size = table_size(len(players))
    phase = view.phase
    content = (MARGIN, HEADER + Space.M, WIDTH - MARGIN, size[1] - MARGIN)
    main, foot = split_top(content, MAIN_H, Space.M)
    panels = _panels(phase, len(players), content, main)
    base = _panel_base(size, panels)
    canvas = regions.start(base)
    header = (0, 0, WIDTH, HEADER)
    PARTS.paste(canvas, header, _header_key(view, names, locale), lambda c: _draw_header(c, view, names, locale))
    if phase == "over":
        standings, sheet = panels
        draw_standings(canvas, view, names, locale, standings)
        draw_sheet(canvas, view, names, locale, sheet)
        return canvas
    if phase == "njet":
        draw_board(canvas, view.table, locale, main)
    else:
        rules, rest = split_top(main, RULES_H, Space.M)
        strip = ((size, panels), _rules_ground(size, panels, rules))
        draw_rules(canvas, view.table, names, locale, rules, strip)
        if phase == "tricks":
            middle, tally, last = panels
            draw_trick(canvas, view, names, locale, middle)
            shown = (tuple(player.character for player in players), locale)
            tally_key = ("tally", view.table.teams, *shown)
            _put_panel(canvas, (size, panels), tally, tally_key, partial(draw_tally, view=view, locale=locale))
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
        standings_h = 2 * Space.XL + STANDINGS_ROW * players + Space.XS
        return split_top(content, standings_h, Space.M)
    if phase == "njet":
        return (main,)
    rest = split_top(main, RULES_H, Space.M)[1]
    if phase != "tricks":
        return (rest,)
    middle, lower = split_top(rest, TRICK_H, Space.M)
    return (middle, *split_left(lower, layout.width(lower) - LAST_W - Space.M, Space.M))


@measure.piece_cache(maxsize=16)
def _panel_base(size: tuple[int, int], panels: tuple[kit.Box, ...]) -> Image.Image:
    """The felt with a layout's panels and their shadows: the same in every picture of a phase at a table size. Its
    copies know they hold them (``section`` leaves them alone)."""
    base = kit.new_canvas(*size)
    for box in panels:
        section(base, box)
    base.info[PANELS] = frozenset(panels)
    return base


PARTS: Final = Regions(maxsize=64)
"""The header as last drawn: most moves do not change it."""


PANEL_PARTS: Final = Regions(maxsize=64)
"""The teams' tally and the last trick as last drawn: they change when a trick ends."""


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
    PANEL_PARTS.put(canvas, box, (key, where), lambda part: draw(part, regions.local(box)), ground)


@lru_cache(maxsize=32)
def _panel_ground(size: tuple[int, int], panels: tuple[kit.Box, ...], box: kit.Box) -> Image.Image:
    """The panel ``box`` of a layout, empty, cut from its base: it knows it holds the panel (``section``)."""
    ground = _panel_base(size, panels).crop(box)
    ground.info[PANELS] = frozenset({regions.local(box)})
    return ground


@lru_cache(maxsize=16)
def _rules_ground(size: tuple[int, int], panels: tuple[kit.Box, ...], box: kit.Box) -> Image.Image:
    """What lies under the rules strip ``box`` in a layout, with its empty cells: the same at every table."""
    part = rules_part(box)
    canvas = _panel_base(size, panels).crop(part)
    draw_rule_cells(canvas, (box[0] - part[0], box[1] - part[1], box[2] - part[0], box[3] - part[1]))
    return canvas


@lru_cache(maxsize=24)
def _foot_ground(
    size: tuple[int, int], panels: tuple[kit.Box, ...], band: kit.Box, lit: tuple[tuple[int, bool], ...]
) -> Image.Image:
    """The foot of a layout with the players' empty panels, lit for those to act (the shadows of the panels above
    fall on it): the same at every table, the players' parts are pasted over it."""
    canvas = _panel_base(size, panels).copy()
    foot_frames(canvas, lit, (MARGIN, band[1] + Space.M, WIDTH - MARGIN, size[1] - MARGIN))
    return canvas.crop(band)


def _header_key(view: Table, names: Sequence[str], locale: str) -> tuple[object, ...]:
    """Everything the header shows: the round, whose turn it is (or how many are awaited), the end."""
    turn = tuple(sorted(view.to_act))
    shown = seat_name(names, turn[0], locale) if len(turn) == 1 else ""
    return ("header", round_title(view.table, locale), view.over, view.phase, turn, shown, locale)


def _draw_header(canvas: Image.Image, view: Table, names: Sequence[str], locale: str) -> None:
    """The round on the left; whose turn it is, how many discards are awaited, or the end on the right (the dealer
    wears a badge at the foot)."""
    x = layout.header_title(canvas, round_title(view.table, locale), kit.GOLD)
    right, cy = WIDTH - MARGIN, HEADER // 2
    room = right - x - Space.XL
    turn = sorted(view.to_act)
    if view.over:
        layout.header_pill(canvas, t(locale, "njet.render.over"), kit.GOLD)
    elif len(turn) == 1:
        seat = turn[0]
        line = layout.Named(
            locale, f"njet.render.turn.{view.phase}", seat_name(names, seat, locale), kit.seat_colour(seat)
        )
        layout.header_turn(canvas, line, room - Space.XL, glyph_size=Type.HEAD)
    elif turn:
        draw = ImageDraw.Draw(canvas)
        text = plural(locale, "njet.render.waiting", len(turn))
        dots = Space.L * len(turn) + Space.S
        shown = kit.draw_text(draw, (right, cy), text, face(READ), kit.INK, anchor="rm", max_width=room - dots)
        for i, seat in enumerate(reversed(turn)):
            kit.disc(canvas, (right - shown - Space.L - i * Space.L, cy), Space.M, kit.seat_colour(seat))
