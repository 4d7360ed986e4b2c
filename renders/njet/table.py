"""The shared Njet! table, drawn from the public view only, laid out for the phase: the Njet board while the rules
are being blocked, then the decided rules, the trick, the tallies and the sheet, and the standings at the end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.njet_views import PlayerView
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders.layout import HEADER
from renders.layout import MARGIN
from renders.layout import Space
from renders.layout import Type
from renders.layout import columns
from renders.layout import face
from renders.layout import height
from renders.layout import split_left
from renders.layout import split_top
from renders.layout import width
from renders.njet.board import draw_board
from renders.njet.board import draw_rules
from renders.njet.common import DONE
from renders.njet.common import Table
from renders.njet.common import character_name
from renders.njet.common import done_mark
from renders.njet.common import points_runs
from renders.njet.common import round_title
from renders.njet.common import seat_emblem
from renders.njet.common import seat_name
from renders.njet.common import team_badge
from renders.njet.shapes import card_back
from renders.njet.sheet import draw_sheet
from renders.njet.sheet import draw_standings
from renders.njet.sheet import draw_tally
from renders.njet.trick import draw_discard
from renders.njet.trick import draw_last_trick
from renders.njet.trick import draw_partner
from renders.njet.trick import draw_trick

WIDTH: Final = 1000
HEIGHT: Final = 750
PLAYERS_H: Final = 108
"""The height of the players' panels at the foot of the table."""
SIDEBAR: Final = 280
"""The score sheet beside the Njet board."""
STANDINGS_W: Final = 440
RULES_H: Final = 84
TRICK_W: Final = 600
"""The trick (or the partner, or the discard) and the tally on the left; the last trick and the sheet beside."""
TRICK_H: Final = 262
LAST_H: Final = 150
PLAYER_EMBLEM: Final = 62
CARD_BACK: Final = 17
"""The small back before a player's count of cards."""
DEALER_BADGE: Final = Space.XL


def table_image(view: Table, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture, laid out for the current phase."""
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    phase = view.phase
    _draw_header(canvas, view, names, locale)
    content = (MARGIN, HEADER + Space.M, WIDTH - MARGIN, HEIGHT - MARGIN)
    main, players = split_top(content, height(content) - PLAYERS_H - Space.L, Space.L)
    if phase == "njet":
        board, side = split_left(main, width(main) - SIDEBAR - Space.M, Space.M)
        draw_board(canvas, view.table, locale, board)
        draw_sheet(canvas, view, names, locale, side, compact=True)
    elif phase == "over":
        standings, sheet = split_left(main, STANDINGS_W, Space.M)
        draw_standings(canvas, view, names, locale, standings)
        draw_sheet(canvas, view, names, locale, sheet, compact=False)
    else:
        rules, rest = split_top(main, RULES_H, Space.M)
        draw_rules(canvas, view.table, names, locale, rules)
        left, right = split_left(rest, TRICK_W, Space.M)
        middle, tally = split_top(left, TRICK_H, Space.M)
        if phase == "tricks":
            draw_trick(canvas, view, names, locale, middle)
        elif phase == "partner":
            draw_partner(canvas, view, names, locale, middle)
        else:
            draw_discard(canvas, view, names, locale, middle)
        draw_tally(canvas, view, names, locale, tally)
        last, sheet = split_top(right, LAST_H, Space.M)
        draw_last_trick(canvas, view, names, locale, last)
        draw_sheet(canvas, view, names, locale, sheet, compact=True)
    _draw_players(canvas, view, names, locale, players)
    return canvas


def _draw_header(canvas: Image.Image, view: Table, names: Sequence[str], locale: str) -> None:
    """Round and dealer on the left; whose turn it is, how many discards are awaited, or the end on the right."""
    table = view.table
    x = layout.header_title(canvas, round_title(table, locale), kit.GOLD)
    half = WIDTH // 2 - Space.M
    dealer = layout.Named(
        locale, "njet.render.dealer", seat_name(names, table.dealer, locale), kit.seat_colour(table.dealer)
    )
    layout.header_detail(canvas, x, dealer, gap=Space.XL, room=half - x - Space.XL)
    right, cy = WIDTH - MARGIN, HEADER // 2
    room = right - half - 40
    turn = sorted(view.to_act)
    if view.over:
        layout.header_pill(canvas, t(locale, "njet.render.over"), kit.GOLD)
    elif len(turn) == 1:
        seat = turn[0]
        line = layout.Named(
            locale, f"njet.render.turn.{view.phase}", seat_name(names, seat, locale), kit.seat_colour(seat)
        )
        layout.header_turn(canvas, line, room)
    elif turn:
        draw = ImageDraw.Draw(canvas)
        text = plural(locale, "njet.render.waiting", len(turn))
        shown = kit.draw_text(draw, (right, cy), text, face(Type.TITLE), kit.INK, anchor="rm", max_width=room)
        for i, seat in enumerate(reversed(turn)):
            kit.disc(canvas, (right - shown - 18 - i * Space.L, cy), Space.M, kit.seat_colour(seat))


def _draw_players(canvas: Image.Image, view: Table, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """One panel per player, side by side."""
    players = view.table.players
    for player, frame in zip(players, columns(box, len(players), Space.M), strict=True):
        _draw_player(canvas, view, frame, player, seat_name(names, player.seat, locale), locale)


def _draw_player(canvas: Image.Image, view: Table, frame: kit.Box, player: PlayerView, name: str, locale: str) -> None:
    """One player: emblem, name in the seat colour, character, team, cards in hand and total score."""
    x0, y0, x1, y1 = frame
    seat = player.seat
    colour = kit.seat_colour(seat)
    is_turn = seat in view.to_act
    if is_turn:
        kit.panel(canvas, frame, 14, kit.mix(kit.PANEL_SOLID, colour, 0.26), outline=colour, width=3, shadow=True)
    else:
        kit.panel(canvas, frame, 14, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    size = PLAYER_EMBLEM
    ecy = (y0 + y1) / 2
    kit.paste(canvas, seat_emblem(view.table, seat, size), (x0 + Space.M, round(ecy - size / 2)))
    discarded = view.phase == "discard" and player.discarded and not is_turn
    if discarded:
        done_mark(canvas, (x0 + Space.M + size * 0.86, ecy + size * 0.34), 22, Type.NOTE)
    tx = x0 + Space.M + size + Space.M
    room = x1 - Space.M - tx
    badge = DEALER_BADGE if player.dealer else 0
    line1 = y0 + Space.XL
    drawn = kit.draw_text(
        draw,
        (tx, line1),
        name,
        face(Type.BODY, True),
        colour,
        anchor="lm",
        max_width=room - (badge + Space.S if badge else 0),
    )
    if player.dealer:
        centre = (tx + drawn + 6 + badge / 2, line1)
        kit.disc(canvas, centre, badge, kit.INK)
        kit.draw_glyph(draw, centre, t(locale, "njet.render.dealer_badge"), face(Type.NOTE, True), kit.INK_DARK)
    line2 = y0 + 53
    character = character_name(player.character, locale)
    kit.draw_text(draw, (tx, line2), character, face(Type.SMALL), kit.INK_DIM, anchor="lm", max_width=room)
    line3 = y0 + 84
    back_h = kit.card_size(CARD_BACK)[1]
    kit.paste_card(canvas, card_back(CARD_BACK), (tx, round(line3 - back_h / 2)), shadow=False)
    cards_x = tx + CARD_BACK + Space.S
    kit.draw_text(draw, (cards_x, line3), str(player.cards), face(Type.BODY, True), kit.INK, anchor="lm")
    runs = points_runs(locale, player.score, face(Type.LABEL, True), kit.GOLD, face(Type.NOTE))
    kit.draw_runs(draw, (x1 - Space.M, line3), runs, align="right")
    tab = face(Type.NOTE, True)
    if player.team is not None and not view.over:
        team_badge(canvas, (x1 - 14, y0), player.team, locale, Type.NOTE, align="right")
    if is_turn:
        label = [(t(locale, f"njet.render.to_act.{view.phase}"), tab, kit.INK_DARK)]
        kit.pill(canvas, (x0 + 14, y0), label, colour, height=22)
    elif discarded:
        label = [(t(locale, "njet.render.discarded"), tab, kit.INK_DARK)]
        kit.pill(canvas, (x0 + 14, y0), label, DONE, height=22)
