"""The shared Njet! table, drawn from the public view only, laid out for the phase in one frame: the Njet board
while the rules are being blocked; then the decided rules over the partner's choice, the discard or the trick with
the teams' tally and the last trick; the standings and the score sheet at the end. The players sit at the foot.

The picture keeps one size for the whole game (set by the number of players): every phase fills the same frame.
The round's score sheet is left to the end (each round's scores are posted in the channel as it ends); the
players' totals are always at the foot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.njet_views import PlayerView
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
from renders.njet.board import draw_rules
from renders.njet.common import PANELS
from renders.njet.common import READ
from renders.njet.common import WIDTH as PICTURE_WIDTH
from renders.njet.common import Table
from renders.njet.common import done_mark
from renders.njet.common import points_runs
from renders.njet.common import round_title
from renders.njet.common import seat_emblem
from renders.njet.common import seat_name
from renders.njet.common import section
from renders.njet.common import team_disc
from renders.njet.shapes import card_back
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
PLAYER_H: Final = 78
"""One player's panel; they sit two to a row at the foot."""
PLAYER_COLUMNS: Final = 2
PLAYER_EMBLEM: Final = 52
TEAM_DISC: Final = 30
DEALER_BADGE: Final = 28
CARD_BACK: Final = 16
"""The small back before a player's count of cards."""
DONE_MARK: Final = 36
STANDINGS_ROW: Final = 56


def players_height(players: int) -> int:
    """The height of the players' panels at the foot: two to a row."""
    rows = max(1, math.ceil(players / PLAYER_COLUMNS))
    return rows * PLAYER_H + (rows - 1) * Space.M


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
        draw_rules(canvas, view.table, names, locale, rules)
        if phase == "tricks":
            middle, tally, last = panels
            draw_trick(canvas, view, names, locale, middle)
            draw_tally(canvas, view, names, locale, tally)
            draw_last_trick(canvas, view, names, locale, last)
        elif phase == "partner":
            draw_partner(canvas, view, names, locale, rest)
        else:
            draw_discard(canvas, view, names, locale, rest)
    band = (0, main[3], WIDTH, size[1])
    above = _bottom_sections(view, main)
    key = ("foot", above, view.table.players, tuple(sorted(view.to_act)), view.phase == "discard", view.over, locale)
    PARTS.paste(canvas, band, (*key, *names), lambda c: _draw_foot(c, view, names, locale, foot, above), base)
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
"""The header and the players' foot as last drawn: most moves change neither."""


def _header_key(view: Table, names: Sequence[str], locale: str) -> tuple[object, ...]:
    """Everything the header shows: the round, whose turn it is (or how many are awaited), the end."""
    turn = tuple(sorted(view.to_act))
    shown = seat_name(names, turn[0], locale) if len(turn) == 1 else ""
    return ("header", round_title(view.table, locale), view.over, view.phase, turn, shown, locale)


def _bottom_sections(view: Table, main: kit.Box) -> tuple[kit.Box, ...]:
    """The panels of the phase that end on the main part's bottom edge: their shadows fall on the foot's top."""
    panels = _panels(view.phase, len(view.table.players), main, main)
    return tuple(box for box in panels if box[3] == main[3])


def _draw_foot(
    canvas: Image.Image, view: Table, names: Sequence[str], locale: str, foot: kit.Box, above: Sequence[kit.Box]
) -> None:
    """The players at the foot, over the shadows of the panels above them (already there on a base that has them)."""
    for box in above:
        section(canvas, box)
    _draw_players(canvas, view, names, locale, foot)


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


def _draw_players(canvas: Image.Image, view: Table, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """One panel per player, two to a row."""
    players = view.table.players
    rows = layout.rows(box, max(1, math.ceil(len(players) / PLAYER_COLUMNS)), Space.M)
    frames = [frame for row in rows for frame in layout.columns(row, PLAYER_COLUMNS, Space.M)]
    for player, frame in zip(players, frames, strict=False):
        _draw_player(canvas, view, frame, player, seat_name(names, player.seat, locale), locale)


def _draw_player(canvas: Image.Image, view: Table, frame: kit.Box, player: PlayerView, name: str, locale: str) -> None:
    """One player: emblem, name in the seat colour (the dealer's badge after it), team, cards in hand and total."""
    x0, y0, x1, y1 = frame
    seat = player.seat
    colour = kit.seat_colour(seat)
    is_turn = seat in view.to_act
    if is_turn:
        kit.panel(canvas, frame, 14, kit.mix(kit.PANEL_SOLID, colour, 0.3), outline=colour, width=3, shadow=True)
    else:
        kit.panel(canvas, frame, 14, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    size = PLAYER_EMBLEM
    ecy = (y0 + y1) / 2
    kit.paste(canvas, seat_emblem(view.table, seat, size), (x0 + Space.M, round(ecy - size / 2)))
    if view.phase == "discard" and player.discarded and not is_turn:
        done_mark(canvas, (x0 + Space.M + size * 0.88, ecy + size * 0.3), DONE_MARK)
    tx = x0 + Space.M + size + Space.M
    right = x1 - Space.M
    line1, line2 = y0 + Space.XL, y1 - Space.XL
    team = player.team is not None and not view.over
    if team and player.team is not None:
        team_disc(canvas, (right - TEAM_DISC / 2, line1), player.team, TEAM_DISC)
    badge = DEALER_BADGE + Space.S if player.dealer else 0
    room = right - tx - badge - (TEAM_DISC + Space.S if team else 0)
    drawn = kit.draw_text(draw, (tx, line1), name, face(READ, True), colour, anchor="lm", max_width=room)
    if player.dealer:
        centre = (tx + drawn + Space.S + DEALER_BADGE / 2, line1)
        kit.disc(canvas, centre, DEALER_BADGE, kit.INK)
        kit.draw_centered(draw, centre, t(locale, "njet.render.dealer_badge"), face(READ, True), kit.INK_DARK)
    back_h = kit.card_size(CARD_BACK)[1]
    kit.paste_card(canvas, card_back(CARD_BACK), (tx, round(line2 - back_h / 2)), shadow=False)
    cards_x = tx + CARD_BACK + Space.S
    kit.draw_text(draw, (cards_x, line2), str(player.cards), face(READ, True), kit.INK, anchor="lm")
    runs = points_runs(locale, player.score, face(Type.LABEL, True), kit.GOLD, face(READ))
    kit.draw_runs(draw, (right, line2), runs, align="right")
