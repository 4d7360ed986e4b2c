"""The counts of a Njet! game: the score sheet, the final standings, and the score sheet as a picture of its own
(the teams' tally of the round is in the table message's words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.layout import HEADER
from renders.layout import MARGIN
from renders.layout import SMALL_RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import header_title
from renders.njet.common import FINE
from renders.njet.common import PAD
from renders.njet.common import READ
from renders.njet.common import TITLE_Y
from renders.njet.common import WIDTH
from renders.njet.common import Table
from renders.njet.common import points_runs
from renders.njet.common import seat_emblem
from renders.njet.common import seat_name
from renders.njet.common import titled_section
from renders.njet.shapes import paste_centered

SHEET_WIDTH: Final = WIDTH
SHEET_HEAD: Final = 52
SHEET_ROW: Final = 28
SHEET_FOOT: Final = 36
SHEET_LABEL: Final = 56
"""The column of the rounds' numbers."""
SHEET_ROWS: Final = (22, 28)
"""The least and most height of a round's line on the sheet (its numbers ``READ`` px)."""
CURRENT_ROW: Final[kit.RGBA] = (255, 255, 255, 26)
ODD_ROW: Final[kit.RGBA] = (0, 0, 0, 34)
STANDING_ROW: Final = 44
"""The most height of a line of the final standings."""
STANDING_PLAIN: Final[kit.RGBA] = (0, 0, 0, 50)
LEADER_EMBLEM: Final = 28
STANDING_EMBLEM: Final = 32
RANK_COLUMN: Final = 36
"""From a line of the standings' left edge to past its rank."""


def draw_sheet(
    canvas: Image.Image,
    view: Table,
    names: Sequence[str],
    locale: str,
    box: kit.Box,
    *,
    title: bool = True,
) -> None:
    """The score sheet: one row per round (future rounds blank), one column per character (its emblem, its name
    under it as a caption), totals at the foot.

    When the rows do not fit, future rounds go first, then the earliest ones give way to a line counting them.
    """
    x0, y0, x1, y1 = box
    table = view.table
    draw, _ = titled_section(canvas, box, t(locale, "njet.render.sheet") if title else "")
    seats = [player.seat for player in table.players]
    rows = table.sheet
    totals = [player.score for player in table.players]
    current = table.round
    planned = max(len(rows), table.rounds, current)
    head_h = SHEET_HEAD
    top = y0 + (2 * TITLE_Y if title else Space.S)
    foot_h = SHEET_FOOT
    min_row, max_row = SHEET_ROWS
    body = y1 - Space.M - top - head_h - foot_h
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
    label_w = SHEET_LABEL
    col_w = (x1 - x0 - 2 * Space.M - label_w) / max(1, len(seats))
    cols = [x0 + Space.M + label_w + col_w * i + col_w / 2 for i in range(len(seats))]
    for i, seat in enumerate(seats):
        paste_centered(canvas, seat_emblem(table, seat, LEADER_EMBLEM), (cols[i], top + LEADER_EMBLEM / 2))
        with measure.secondary():
            kit.draw_centered(
                draw,
                (cols[i], top + head_h - Space.L),
                seat_name(names, seat, locale),
                face(FINE, True),
                kit.seat_colour(seat),
                max_width=col_w - Space.S,
            )
    kit.panel(canvas, (x0 + 10, round(top + head_h) - 1, x1 - 10, round(top + head_h) + 1), 1, kit.PANEL_EDGE)
    y: float = top + head_h
    plain, bold = face(READ), face(READ, True)
    label_x = x0 + Space.M + label_w / 2
    if earlier:
        with measure.secondary():
            text = plural(locale, "njet.render.earlier", earlier)
            kit.draw_centered(draw, ((x0 + x1) / 2, y + row_h / 2), text, face(FINE), kit.INK_DIM)
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
        y += row_h
    foot_top = y1 - Space.M - foot_h
    kit.panel(
        canvas, (x0 + Space.S, round(foot_top), x1 - Space.S, y1 - Space.M), Space.S, kit.with_alpha(kit.GOLD, 36)
    )
    fy = foot_top + foot_h / 2
    total_label = t(locale, "njet.render.total")
    kit.draw_centered(draw, (label_x, fy), total_label, face(READ, True), kit.GOLD, max_width=label_w)
    total_face = face(Type.HEAD, True)
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
    top = y0 + 2 * TITLE_Y - Space.XS
    row_h = min(STANDING_ROW, (y1 - Space.S - top) / max(1, len(ranking)))
    for pos, player in enumerate(ranking):
        seat = player.seat
        ry = top + row_h * pos
        frame = (x0 + Space.M, round(ry + Space.XS), x1 - Space.M, round(ry + row_h - Space.XS))
        cy = (frame[1] + frame[3]) / 2
        won = player.rank == 1
        if won:
            kit.panel(canvas, frame, Space.M, kit.mix(kit.PANEL_SOLID, kit.GOLD, 0.22), outline=kit.GOLD, width=3)
        else:
            kit.panel(canvas, frame, Space.M, STANDING_PLAIN, outline=kit.PANEL_EDGE, width=1)
        rank_fill = kit.GOLD if won else kit.INK_DIM
        kit.draw_centered(draw, (frame[0] + RANK_COLUMN / 2, cy), str(player.rank), face(Type.TITLE, True), rank_fill)
        size = min(STANDING_EMBLEM, round(row_h - Space.M))
        kit.paste(canvas, seat_emblem(table, seat, size), (frame[0] + RANK_COLUMN, round(cy - size / 2)))
        tx = frame[0] + RANK_COLUMN + size + Space.S
        number = face(Type.TITLE, True)
        runs = points_runs(locale, player.score, number, kit.GOLD if won else kit.INK, face(READ))
        score_w = kit.draw_runs(draw, (frame[2] - PAD, cy), runs, align="right")
        room = frame[2] - PAD - score_w - Space.M - tx
        name_face = face(Type.LABEL, True)
        drawn = kit.draw_text(
            draw,
            (tx, cy),
            seat_name(names, seat, locale),
            name_face,
            kit.seat_colour(seat),
            anchor="lm",
            max_width=room,
        )
        if won and face(FINE, True).getlength(label) <= room - drawn - Space.M:
            with measure.secondary():
                kit.draw_text(
                    draw,
                    (tx + drawn + Space.M, cy + Space.HAIR),
                    label,
                    face(FINE, True),
                    kit.GOLD,
                    anchor="lm",
                    max_width=room - drawn - Space.M,
                )


def sheet_image(view: Table, names: Sequence[str], locale: str) -> Image.Image:
    """The score sheet as an RGBA picture, tall enough for every round of the game."""
    table = view.table
    rows = max(len(table.sheet), table.rounds, 1)
    height = HEADER + Space.M + Space.S + SHEET_HEAD + rows * SHEET_ROW + SHEET_FOOT + Space.M + MARGIN
    canvas = kit.new_canvas(SHEET_WIDTH, height)
    cy = HEADER // 2
    x = header_title(canvas, t(locale, "njet.render.sheet"), kit.GOLD)
    leaders = [player.seat for player in table.players if player.rank == 1]
    if leaders:
        if view.over:
            key = "njet.render.winner" if len(leaders) == 1 else "njet.render.winners"
        else:
            key = "njet.render.leading"
        _draw_leaders(canvas, view, locale, t(locale, key), leaders, (x + Space.L, SHEET_WIDTH - MARGIN), cy)
    box = (MARGIN, HEADER + Space.M, SHEET_WIDTH - MARGIN, height - MARGIN)
    draw_sheet(canvas, view, names, locale, box, title=False)
    return canvas


def _draw_leaders(
    canvas: Image.Image,
    view: Table,
    locale: str,
    label: str,
    seats: Sequence[int],
    span: tuple[float, float],
    cy: float,
) -> None:
    """ "Winner" (or "Leading") then the emblems of the leaders, right-aligned (their names head the columns)."""
    draw = ImageDraw.Draw(canvas)
    left, right = span
    size = LEADER_EMBLEM
    x = right
    for seat in reversed(seats):
        kit.paste(canvas, seat_emblem(view.table, seat, size), (round(x - size), round(cy - size / 2)))
        x -= size + Space.XS
    kit.draw_text(draw, (x - Space.XS, cy), label, face(READ), kit.INK_DIM, anchor="rm", max_width=x - Space.XS - left)
