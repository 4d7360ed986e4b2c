"""The results picture shown beside a finished game's table: the final ranking, then, for a game played in several
rounds, a chart of each seat's score after each round.

Drawn for how Discord shows a picture: about 550 px on a desktop and 340 px on a phone, so the picture is 680 px
wide and no text is under 22 px (still 11 px on a phone). Every game uses it, from plain data (the engine's
results and the scores round by round, ``bot.service.score_history``): one look for the five games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image
from PIL import ImageDraw

from bot.games.base import Result
from bot.i18n import has
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders import png
from renders.layout import Space
from renders.layout import Type
from renders.layout import names as names_kit

WIDTH = 680
MARGIN = layout.MARGIN
ROW = 52
"""The height of one line of the ranking."""
ROW_GAP = Space.S
BADGE = 38
"""The diameter of the place badge."""
CHART_HEIGHT = 320
"""The chart's panel, its title and axis labels included."""
PLOT_PAD = Space.L
LINE = 4
"""The width of a score line, in px of the picture."""
SUPER = 3
"""Score lines are drawn this many times larger, then scaled down: antialiased."""
MARKS_UP_TO = 16
"""Rounds up to which every point of a line gets its dot."""
MEDALS: tuple[kit.RGB, ...] = (kit.GOLD, (204, 210, 218), (214, 142, 80))
"""The badge of the first three places: gold, silver, bronze; the others are plain."""
PLAIN_BADGE: kit.RGB = (150, 176, 162)


def results_picture(
    ranking: Sequence[Result],
    points: Sequence[Sequence[int]],
    names: Sequence[str],
    kind: str,
    unit_key: str,
    locale: str,
) -> bytes:
    """The PNG: ``ranking`` (rank 1 first; equal ranks share the place) and ``points`` (the scores per seat at the
    start, then after each round); the chart only when at least two rounds were played."""
    ordered = sorted(ranking, key=lambda r: (r.rank, r.seat))
    chart = len(points) >= 3
    height = layout.HEADER + MARGIN + len(ordered) * (ROW + ROW_GAP) - ROW_GAP + MARGIN
    if chart:
        height += CHART_HEIGHT + Space.L
    canvas = kit.new_canvas(WIDTH, height)
    title = t(locale, "results.render.title")
    layout.header_title(canvas, title, kit.GOLD, t(locale, f"game.{kind}"))
    y = layout.HEADER + MARGIN
    for result in ordered:
        _rank_line(canvas, (MARGIN, y, WIDTH - MARGIN, y + ROW), result, names, unit_key, locale)
        y += ROW + ROW_GAP
    if chart:
        y += Space.L - ROW_GAP
        _chart(canvas, (MARGIN, y, WIDTH - MARGIN, y + CHART_HEIGHT), points, kind, locale)
    return png.encode_png(canvas)


def seat_label(names: Sequence[str], seat: int, locale: str) -> str:
    """A seat's name as the font can draw it ("Player 3" when nothing of it is left)."""
    return names_kit.seat_name(names, seat, locale, "results.render.player")


def _rank_line(
    canvas: Image.Image, box: kit.Box, result: Result, names: Sequence[str], unit_key: str, locale: str
) -> None:
    """One place: its badge, the seat's colour and name, the score with its unit; the winners lit in gold."""
    colour = kit.seat_colour(result.seat)
    winner = result.rank == 1
    kit.seat_frame(canvas, box, colour, lit=winner, edge=kit.GOLD, tint=0.18)
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    medal = MEDALS[result.rank - 1] if result.rank <= len(MEDALS) else PLAIN_BADGE
    kit.draw_badge(canvas, (x0 + 26 + BADGE / 2, cy), BADGE, str(result.rank), medal)
    draw = ImageDraw.Draw(canvas)
    score = plural(locale, unit_key, result.score)
    score_face = layout.face(Type.TITLE, True)
    right = x1 - Space.L
    score_width = kit.draw_text(draw, (right, cy), score, score_face, kit.GOLD if winner else kit.INK, anchor="rm")
    left = x0 + 26 + BADGE + Space.M
    name_face = layout.face(Type.TITLE, True)
    room = right - score_width - Space.L - left
    kit.draw_text(
        draw, (left, cy), seat_label(names, result.seat, locale), name_face, colour, anchor="lm", max_width=room
    )


def _chart(canvas: Image.Image, box: kit.Box, points: Sequence[Sequence[int]], kind: str, locale: str) -> None:
    """Each seat's score after each round, one line per seat in its colour, over a few labelled grid lines."""
    layout.card_panel(canvas, box)
    draw = ImageDraw.Draw(canvas)
    label = layout.face(Type.LABEL)
    key = f"results.render.chart.{kind}" if has(f"results.render.chart.{kind}") else "results.render.chart"
    x0, y0, x1, y1 = layout.inset(box, PLOT_PAD)
    kit.draw_text(
        draw, (x0, y0), t(locale, key), layout.face(Type.LABEL, True), kit.INK, anchor="lt", max_width=x1 - x0
    )
    low = min(min(p) for p in points)
    high = max(max(p) for p in points)
    ticks = nice_ticks(low, high)
    tick_width = max(label.getlength(str(v)) for v in ticks)
    plot = (
        round(x0 + tick_width + Space.M),
        y0 + int(Type.LABEL) + Space.L,
        x1 - Space.S,
        y1 - int(Type.LABEL) - Space.M,
    )
    px0, py0, px1, py1 = plot
    span = (ticks[0], ticks[-1])
    rounds = len(points) - 1

    def at(index: int, value: int) -> tuple[float, float]:
        x = px0 + (px1 - px0) * index / rounds
        y = py1 - (py1 - py0) * (value - span[0]) / (span[1] - span[0])
        return x, y

    for value in ticks:
        _, y = at(0, value)
        draw.line((px0, round(y), px1, round(y)), fill=kit.with_alpha(kit.INK_DIM, 90), width=1)
        kit.draw_text(draw, (px0 - Space.M, y), str(value), label, kit.INK_DIM, anchor="rm")
    for index in round_ticks(rounds, px1 - px0, label):
        x, _ = at(index, span[0])
        kit.draw_text(draw, (x, py1 + Space.S), str(index), label, kit.INK_DIM, anchor="mt")
    _lines(canvas, plot, [[at(i, p[seat]) for i, p in enumerate(points)] for seat in range(len(points[0]))])


def _lines(canvas: Image.Image, plot: kit.Box, lines: Sequence[Sequence[tuple[float, float]]]) -> None:
    """The score lines, drawn large on their own layer and scaled down so that they are smooth."""
    pad = Space.S
    left, top = plot[0] - pad, plot[1] - pad
    size = (layout.width(plot) + 2 * pad, layout.height(plot) + 2 * pad)
    layer = Image.new("RGBA", (size[0] * SUPER, size[1] * SUPER), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    dots = max(len(line) for line in lines) <= MARKS_UP_TO + 1
    for seat in reversed(range(len(lines))):  # the first seats on top
        xy = [((x - left) * SUPER, (y - top) * SUPER) for x, y in lines[seat]]
        colour = kit.with_alpha(kit.seat_colour(seat), 255)
        draw.line(xy, fill=colour, width=LINE * SUPER, joint="curve")
        radius = (LINE + 2) * SUPER / 2 if dots else LINE * SUPER / 2
        for x, y in xy if dots else (xy[0], xy[-1]):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)
    kit.paste(canvas, layer.resize(size, Image.Resampling.LANCZOS), (left, top))


def nice_ticks(low: int, high: int, most: int = 5) -> list[int]:
    """A few round values (steps of 1, 2 or 5 times a power of ten) from at or below ``low`` to at or above
    ``high``: at least two, at most ``most`` (six for some spans)."""
    if high <= low:
        low, high = low - 1, high + 1
    raw = (high - low) / (most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(s * power for s in (1, 2, 5, 10) if s * power >= raw)
    step = max(1, int(step))
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(first, last + 1, step))


def round_ticks(rounds: int, room: float, face: kit.Font) -> list[int]:
    """The rounds labelled under the chart: 0 and the last always, others every few so that labels never touch."""
    widest = face.getlength(str(rounds)) + Space.L
    fit = max(1, int(room // widest))
    step = max(1, math.ceil(rounds / fit))
    shown = list(range(0, rounds + 1, step))
    if shown[-1] != rounds:
        if (rounds - shown[-1]) * room / rounds < widest:
            shown.pop()
        shown.append(rounds)
    return shown
