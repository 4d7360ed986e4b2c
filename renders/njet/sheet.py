"""The counts of a Njet! game: the teams' tally of the round, the score sheet, the final standings, and the score
sheet as a picture of its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders.layout import HEADER
from renders.layout import MARGIN
from renders.layout import SMALL_RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import header_title
from renders.njet.common import LOW_TITLE_Y
from renders.njet.common import PAD
from renders.njet.common import Table
from renders.njet.common import character_name
from renders.njet.common import character_of
from renders.njet.common import points_runs
from renders.njet.common import round_title
from renders.njet.common import rule_line
from renders.njet.common import seat_emblem
from renders.njet.common import seat_name
from renders.njet.common import team_disc
from renders.njet.common import titled_section
from renders.njet.shapes import paste_centered

TALLY_COLUMNS: Final = (200, 112, 28)
"""The right edges of the tally's columns (tricks, 1s, points), from the panel's right edge."""
TALLY_EMBLEM: Final = 32
SHEET_WIDTH: Final = 1000
SHEET_HEAD: Final = 70
SHEET_ROW: Final = 38
SHEET_FOOT: Final = 48
COMPACT_ROWS: Final = (22, 36)
"""The least and most height of a round's line on the compact sheet."""
FULL_ROWS: Final = (26, SHEET_ROW)
CURRENT_ROW: Final[kit.RGBA] = (255, 255, 255, 26)
ODD_ROW: Final[kit.RGBA] = (0, 0, 0, 34)
STANDING_ROW: Final = 104
"""The most height of a line of the final standings."""
STANDING_PLAIN: Final[kit.RGBA] = (0, 0, 0, 50)
LEADER_EMBLEM: Final = 36


def draw_tally(canvas: Image.Image, view: Table, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The teams with the tricks and 1s they took, and what that makes at the round's points per trick."""
    x0, y0, x1, y1 = box
    table = view.table
    draw, _ = titled_section(canvas, box, t(locale, "njet.render.teams"), room=200, title_y=LOW_TITLE_Y)
    head_y = y0 + LOW_TITLE_Y
    if not table.teams:
        kit.draw_centered(
            draw,
            ((x0 + x1) / 2, (y0 + y1) / 2 + Space.M),
            t(locale, "njet.render.no_teams"),
            face(Type.BODY),
            kit.INK_DIM,
            max_width=x1 - x0 - 2 * PAD,
        )
        return
    columns = tuple(x1 - offset for offset in TALLY_COLUMNS)
    head_face = face(Type.NOTE, True)
    for key, cx in zip(("tricks", "ones", "points"), columns, strict=True):
        label = t(locale, f"njet.render.tally.{key}")
        kit.draw_text(draw, (cx, head_y), label, head_face, kit.INK_DIM, anchor="rm", max_width=86)
    teams = table.teams[:2]
    row_h = (y1 - y0 - 46) / len(teams)
    value_face = face(Type.TITLE, True)
    for i, team in enumerate(teams):
        ry = y0 + 42 + row_h * i
        cy = ry + row_h / 2
        if i:
            rule_line(canvas, x0 + PAD, x1 - PAD, ry)
        team_disc(canvas, (x0 + 36, cy), i, 34)
        x: float = x0 + 66
        alone_label = t(locale, "njet.render.alone") if team.alone else ""
        name_y = cy - 11 if alone_label else cy
        member_room = (columns[0] - 44 - x) / max(1, len(team.seats))
        for seat in team.seats:
            kit.paste(canvas, seat_emblem(table, seat, TALLY_EMBLEM), (round(x), round(cy - TALLY_EMBLEM / 2)))
            name = seat_name(names, seat, locale)
            room = member_room - 52
            colour = kit.seat_colour(seat)
            kit.draw_text(draw, (x + 38, name_y), name, face(Type.BODY, True), colour, anchor="lm", max_width=room)
            if alone_label:
                kit.draw_text(
                    draw, (x + 38, cy + 13), alone_label, face(Type.NOTE), kit.GOLD, anchor="lm", max_width=room
                )
            x += member_room
        kit.draw_text(draw, (columns[0], cy), str(team.tricks), value_face, kit.INK, anchor="rm")
        kit.draw_text(draw, (columns[1], cy), str(team.ones), value_face, kit.INK, anchor="rm")
        kit.draw_text(draw, (columns[2], cy), str(team.points), value_face, kit.GOLD, anchor="rm")


def draw_sheet(
    canvas: Image.Image,
    view: Table,
    names: Sequence[str],
    locale: str,
    box: kit.Box,
    *,
    compact: bool,
    title: bool = True,
) -> None:
    """The score sheet: one row per round (future rounds blank), one column per character, totals at the foot.

    When the rows do not fit, future rounds go first, then the earliest ones give way to a line counting them.
    """
    x0, y0, x1, y1 = box
    table = view.table
    draw, _ = titled_section(canvas, box, t(locale, "njet.render.sheet") if title else "", title_y=LOW_TITLE_Y)
    seats = [player.seat for player in table.players]
    rows = table.sheet
    totals = [player.score for player in table.players]
    current = table.round
    planned = max(len(rows), table.rounds, current)
    head_h = 40 if compact else SHEET_HEAD - 6
    top = y0 + (42 if title else 6)
    foot_h = 38 if compact else SHEET_FOOT
    min_row, max_row = COMPACT_ROWS if compact else FULL_ROWS
    body = y1 - 10 - top - head_h - foot_h
    shown = list(range(planned))
    if len(shown) * min_row > body:
        in_play = 0 if view.over else 1
        shown = list(range(max(len(rows), min(current, len(rows) + in_play))))
        fit = max(1, int(body // min_row))
        if len(shown) > fit:
            shown = shown[len(shown) - fit + 1 :]
    earlier = shown[0] if shown else 0
    lines = len(shown) + (1 if earlier else 0)
    row_h = min(max_row, body / max(1, lines))
    label_w = 46 if compact else 110
    col_w = (x1 - x0 - 2 * Space.M - label_w) / max(1, len(seats))
    cols = [x0 + Space.M + label_w + col_w * i + col_w / 2 for i in range(len(seats))]
    for i, seat in enumerate(seats):
        if compact:
            paste_centered(canvas, seat_emblem(table, seat, 32), (cols[i], top + head_h / 2))
        else:
            paste_centered(canvas, seat_emblem(table, seat, 36), (cols[i], top + 20))
            kit.draw_centered(
                draw,
                (cols[i], top + 50),
                seat_name(names, seat, locale),
                face(Type.NOTE, True),
                kit.seat_colour(seat),
                max_width=col_w - Space.S,
            )
    kit.panel(canvas, (x0 + 10, round(top + head_h) - 1, x1 - 10, round(top + head_h) + 1), 1, kit.PANEL_EDGE)
    y: float = top + head_h
    size = max((step for step in Type if step <= min(Type.BODY, row_h * 0.68)), default=Type.NOTE)
    plain, bold = face(size), face(size, True)
    label_x = x0 + Space.M + label_w / 2
    if earlier:
        text = plural(locale, "njet.render.earlier", earlier)
        kit.draw_centered(draw, ((x0 + x1) / 2, y + row_h / 2), text, face(Type.NOTE), kit.INK_DIM)
        y += row_h
    for index in shown:
        cy = y + row_h / 2
        playing = index == current - 1 and index >= len(rows) and not view.over
        band = (x0 + Space.S, round(y) + 1, x1 - Space.S, round(y + row_h) - 1)
        if playing:
            kit.panel(canvas, band, SMALL_RADIUS, CURRENT_ROW)
        elif index % 2:
            kit.panel(canvas, band, SMALL_RADIUS, ODD_ROW)
        number = bold if playing else plain
        kit.draw_centered(draw, (label_x, cy), str(index + 1), number, kit.GOLD if playing else kit.INK_DIM)
        if index < len(rows):
            values = rows[index]
            best = max(values, default=0)
            for cx, value in zip(cols, values, strict=False):
                top_score = best > 0 and value == best
                fill = kit.INK if top_score else kit.INK_DIM
                kit.draw_centered(draw, (cx, cy), str(value), bold if top_score else plain, fill)
        elif playing:
            for cx in cols:
                kit.draw_centered(draw, (cx, cy), "…", plain, kit.INK_DIM)
        y += row_h
    foot_top = y1 - 10 - foot_h
    kit.panel(canvas, (x0 + Space.S, round(foot_top), x1 - Space.S, y1 - 10), Space.S, kit.with_alpha(kit.GOLD, 36))
    fy = foot_top + foot_h / 2
    total_label = "Σ" if compact else t(locale, "njet.render.total")
    kit.draw_centered(draw, (label_x, fy), total_label, face(Type.BODY, True), kit.GOLD)
    total_face = face(Type.TITLE if compact else Type.HEAD, True)
    for cx, player in zip(cols, table.players, strict=True):
        leading = player.rank == 1 and max(totals, default=0) > 0
        kit.draw_centered(draw, (cx, fy), str(player.score), total_face, kit.GOLD if leading else kit.INK)


def draw_standings(canvas: Image.Image, view: Table, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """Final ranking: players by total score, the winner (or joint winners) in gold."""
    x0, y0, x1, y1 = box
    table = view.table
    draw, _ = titled_section(canvas, box, t(locale, "njet.render.standings"))
    ranking = sorted(table.players, key=lambda p: (p.rank, p.seat))
    winners = [p for p in ranking if p.rank == 1]
    label = t(locale, "njet.render.winner") if len(winners) == 1 else t(locale, "njet.render.winners")
    top = y0 + 52
    row_h = min(STANDING_ROW, (y1 - 14 - top) / max(1, len(ranking)))
    for pos, player in enumerate(ranking):
        seat = player.seat
        ry = top + row_h * pos
        frame = (x0 + 14, round(ry + Space.XS), x1 - 14, round(ry + row_h - Space.XS))
        cy = (frame[1] + frame[3]) / 2
        won = player.rank == 1
        if won:
            kit.panel(canvas, frame, 14, kit.mix(kit.PANEL_SOLID, kit.GOLD, 0.22), outline=kit.GOLD, width=3)
        else:
            kit.panel(canvas, frame, 14, STANDING_PLAIN, outline=kit.PANEL_EDGE, width=1)
        rank_fill = kit.GOLD if won else kit.INK_DIM
        kit.draw_centered(draw, (frame[0] + 26, cy), str(player.rank), face(Type.HEAD, True), rank_fill)
        size = min(60, round(row_h - Space.XL))
        kit.paste(canvas, seat_emblem(table, seat, size), (frame[0] + 50, round(cy - size / 2)))
        tx = frame[0] + 60 + size
        score_w = 150
        name_y = cy - 12 if won else cy - 10
        kit.draw_text(
            draw,
            (tx, name_y),
            seat_name(names, seat, locale),
            face(Type.LABEL, True),
            kit.seat_colour(seat),
            anchor="lm",
            max_width=frame[2] - tx - score_w,
        )
        sub = label if won else character_name(character_of(table, seat), locale)
        kit.draw_text(draw, (tx, name_y + 26), sub, face(Type.SMALL, won), rank_fill, anchor="lm")
        number = face(Type.HEAD, True)
        runs = points_runs(locale, player.score, number, kit.GOLD if won else kit.INK, face(Type.SMALL))
        kit.draw_runs(draw, (frame[2] - PAD, cy), runs, align="right")


def sheet_image(view: Table, names: Sequence[str], locale: str) -> Image.Image:
    """The score sheet as an RGBA picture, tall enough for every round of the game."""
    table = view.table
    rows = max(len(table.sheet), table.rounds, 1)
    height = HEADER + Space.M + SHEET_HEAD + rows * SHEET_ROW + SHEET_FOOT + 20 + MARGIN
    canvas = kit.new_canvas(SHEET_WIDTH, height)
    cy = HEADER // 2
    x = header_title(canvas, t(locale, "njet.render.sheet"), kit.GOLD, round_title(table, locale), gap=Space.XL)
    leaders = [player.seat for player in table.players if player.rank == 1]
    if leaders:
        if view.over:
            key = "njet.render.winner" if len(leaders) == 1 else "njet.render.winners"
        else:
            key = "njet.render.leading"
        _draw_leaders(canvas, view, names, locale, t(locale, key), leaders, (x + 30, SHEET_WIDTH - MARGIN), cy)
    box = (MARGIN, HEADER + Space.M, SHEET_WIDTH - MARGIN, height - MARGIN)
    draw_sheet(canvas, view, names, locale, box, compact=False, title=False)
    return canvas


def _draw_leaders(
    canvas: Image.Image,
    view: Table,
    names: Sequence[str],
    locale: str,
    label: str,
    seats: Sequence[int],
    span: tuple[float, float],
    cy: float,
) -> None:
    """ "Winner" (or "Leading") then the emblem and name of one leader, or the emblems of several, right-aligned."""
    draw = ImageDraw.Draw(canvas)
    left, right = span
    plain, bold = face(Type.LABEL), face(Type.LABEL, True)
    size = LEADER_EMBLEM
    x = right
    if len(seats) == 1:
        seat = seats[0]
        room = right - left - plain.getlength(label) - size - Space.XL
        name = seat_name(names, seat, locale)
        x -= kit.draw_text(draw, (x, cy), name, bold, kit.seat_colour(seat), anchor="rm", max_width=room)
        x -= Space.S
    for seat in reversed(seats):
        kit.paste(canvas, seat_emblem(view.table, seat, size), (round(x - size), round(cy - size / 2)))
        x -= size + 6
    kit.draw_text(draw, (x - 6, cy), label, plain, kit.INK_DIM, anchor="rm", max_width=x - 6 - left)
