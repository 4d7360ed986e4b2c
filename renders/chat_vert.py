"""Le Chat vert pictures: the shared table (from the public view only) and a player's private hand.

The cards are drawn here, not taken from the playing-card kit: four colours (yellow, red, blue, green) with
numbers 0-9, "skip" (a barred circle), "reverse" (two arrows) and "+2", and two black majors, the colour change
(four quarters) and the "+4". Every coloured card also carries its colour's initial under the corner symbol
(J R B V in French, Y R B G in English) so that the colour never has to be told by hue.

The table seats up to ten players around an oval, clockwise in seat order, with the direction of play drawn as
arrows around the pile. Only counts are drawn: the number of added rules in force, never their text, and the
penalty list of the view (which may quote a rule's phrase) is never read. The few words come from the small
table below, keyed by language; the layout is sized for Discord's preview, about 550 px wide.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from PIL import Image, ImageDraw

from bot.i18n import has, plural, t
from renders import kit
from renders.kit import Font, Run

WIDTH: Final = 1000
HEIGHT: Final = 800
MARGIN: Final = 18
HEADER: Final = 64
CENTRE: Final = (WIDTH // 2, HEADER + (HEIGHT - HEADER) // 2)
SEAT_RX: Final = 378
SEAT_RY: Final = 280
OVAL_RX: Final = 268
OVAL_RY: Final = 186
ARROW_RX: Final = 250
ARROW_RY: Final = 172
TOP_CARD: Final = 122
STOCK_CARD: Final = 84

HAND_MAX_WIDTH: Final = 1000
HAND_MIN_WIDTH: Final = 760
HAND_CARD: Final = 88
HAND_GAP: Final = 12
HAND_ROW_LIMIT: Final = 15
HAND_RAISE: Final = 16
HAND_LABEL: Final = 30
HAND_STRIP: Final = 100
STRIP_CARD: Final = 62

COLOURS: Final = ("Y", "R", "B", "G")
SYMBOLS: Final = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "D")
MAJORS: Final = ("W", "F")
CARD_COLOURS: Final[dict[str, kit.RGB]] = {
    "Y": (238, 188, 24),
    "R": (212, 38, 50),
    "B": (28, 98, 200),
    "G": (30, 148, 70),
}
MAJOR_BODY: Final[kit.RGB] = (28, 28, 34)
BACK_GREEN: Final[kit.RGB] = (48, 176, 88)
DRAWN: Final[kit.RGB] = (90, 226, 232)
STRING: Final[kit.RGB] = (232, 208, 160)
CORNER_INK: Final[dict[str, kit.RGB]] = {"Y": kit.INK_DARK, "R": kit.PAPER, "B": kit.PAPER, "G": kit.PAPER}
ALL_CARDS: Final = tuple(colour + symbol for colour in COLOURS for symbol in SYMBOLS) + MAJORS

# --- small helpers -------------------------------------------------------------------------------------------


def words(locale: object, key: str, **params: object) -> str:
    """The picture word ``key`` (``cv.render.<key>`` in the catalogs); ``{name}`` templates are drawn in colour."""
    return t(locale, f"cv.render.{key}", **params)


def _plural(locale: object, key: str, n: int) -> str:
    """French counts 0 and 1 as singular, English only 1; ``rules`` has its own zero line."""
    if n == 0 and has(f"cv.render.{key}.zero"):
        return words(locale, f"{key}.zero", n=n)
    return plural(locale, f"cv.render.{key}", n)


def _seat(value: object) -> int | None:
    """A seat number from the view, or None (booleans and junk are not seats)."""
    if value is None or isinstance(value, bool):
        return None
    seat = kit.as_int(value, -1)
    return seat if seat >= 0 else None


def _seat_name(names: Sequence[str], seat: int, locale: object) -> str:
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or words(locale, "player", n=seat + 1)


def _rule_count(value: object) -> int:
    """The number of added rules: the view gives a count; a collection is only ever counted, never read."""
    if isinstance(value, int) and not isinstance(value, bool):
        return max(0, value)
    if isinstance(value, Sequence | Mapping) and not isinstance(value, str):
        return len(value)
    return 0


def _phase(view: Mapping[str, Any]) -> str:
    phase = str(view.get("phase") or "play")
    return phase if phase in ("direction", "play", "over") else "play"


def _counts(view: Mapping[str, Any]) -> list[int]:
    counts = [max(0, kit.as_int(n)) for n in view.get("counts") or ()]
    players = kit.as_int(view.get("players"), len(counts))
    players = max(0, min(players if players else len(counts), 10))
    return (counts + [0] * players)[:players]


def _pending(view: Mapping[str, Any]) -> tuple[int, int | None] | None:
    pending = view.get("pending")
    if not isinstance(pending, Mapping):
        return None
    count = kit.as_int(pending.get("count"))
    return (count, _seat(pending.get("target"))) if count > 0 else None


def parse_card(code: str) -> tuple[str | None, str]:
    """Split a card code into colour and symbol: ``"R7"`` -> ("R", "7"), ``"W"`` -> (None, "W").

    Raises ``ValueError`` on anything that is not a Chat vert card.
    """
    text = str(code).upper()
    if text in MAJORS:
        return None, text
    if len(text) == 2 and text[0] in COLOURS and text[1] in SYMBOLS:
        return text[0], text[1]
    raise ValueError(f"not a Chat vert card: {code!r}")


def is_major(code: str) -> bool:
    return str(code).upper() in MAJORS


# --- drawn pieces: symbols, cards, backs, icons --------------------------------------------------------------

Point = tuple[float, float]


def _ellipse_points(
    cx: float, cy: float, rx: float, ry: float, tilt: float, start: float = 0.0, end: float = 360.0
) -> list[Point]:
    """Points of a tilted ellipse from parameter angle ``start`` to ``end`` (degrees)."""
    cos_t, sin_t = math.cos(math.radians(tilt)), math.sin(math.radians(tilt))
    steps = max(8, int(abs(end - start) / 4))
    points: list[Point] = []
    for i in range(steps + 1):
        a = math.radians(start + (end - start) * i / steps)
        x, y = rx * math.cos(a), ry * math.sin(a)
        points.append((cx + x * cos_t - y * sin_t, cy + x * sin_t + y * cos_t))
    return points


def _arrow(tail: Point, head: Point, shaft: float, head_w: float, head_l: float) -> list[Point]:
    """A straight arrow polygon from ``tail`` to ``head``."""
    dx, dy = head[0] - tail[0], head[1] - tail[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    base = (head[0] - ux * head_l, head[1] - uy * head_l)
    return [
        (tail[0] + nx * shaft / 2, tail[1] + ny * shaft / 2),
        (base[0] + nx * shaft / 2, base[1] + ny * shaft / 2),
        (base[0] + nx * head_w / 2, base[1] + ny * head_w / 2),
        head,
        (base[0] - nx * head_w / 2, base[1] - ny * head_w / 2),
        (base[0] - nx * shaft / 2, base[1] - ny * shaft / 2),
        (tail[0] - nx * shaft / 2, tail[1] - ny * shaft / 2),
    ]


def _quarters(draw: ImageDraw.ImageDraw, cx: float, cy: float, rx: float, ry: float, tilt: float) -> None:
    """An ellipse cut in four quarters, one per colour (yellow, red, blue, green clockwise from the top left)."""
    for k, colour in enumerate(("R", "B", "G", "Y")):
        arc = _ellipse_points(cx, cy, rx, ry, tilt, -90 + 90 * k, 90 * k)
        draw.polygon([(cx, cy), *arc], fill=kit.with_alpha(CARD_COLOURS[colour], 255))


def _symbol(
    draw: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, size: float, fill: kit.RGBA, **opts: Any
) -> None:
    """A card symbol about ``size`` px tall centred on ``(cx, cy)``: a number, +2/+4, skip, reverse or quarters.

    ``underline`` marks 6 and 9 so that they are told apart upside down; ``stroke`` outlines text glyphs.
    """
    stroke = opts.get("stroke")
    if symbol in ("S",):
        r = size * 0.44
        line = max(2.0, size * 0.13)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=round(line))
        d = (r - line / 2) * 0.72
        draw.line((cx + d, cy - d, cx - d, cy + d), fill=fill, width=round(line))
        return
    if symbol == "R":
        shaft, head_w, head_l = size * 0.15, size * 0.38, size * 0.26
        off = size * 0.12
        span = size * 0.38
        draw.polygon(
            _arrow((cx - span - off, cy + span - off), (cx + span - off, cy - span - off), shaft, head_w, head_l),
            fill=fill,
        )
        draw.polygon(
            _arrow((cx + span + off, cy - span + off), (cx - span + off, cy + span + off), shaft, head_w, head_l),
            fill=fill,
        )
        return
    if symbol == "W":
        _quarters(draw, cx, cy, size * 0.42, size * 0.42, 0)
        return
    text = {"D": "+2", "F": "+4"}.get(symbol, symbol)
    face = kit.font(max(6, round(size * (0.78 if len(text) > 1 else 1.0))), True)
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = cx - (left + right) / 2
    y = cy - (top + bottom) / 2
    if stroke is not None:
        width = max(1, round(size * 0.06))
        draw.text((x, y), text, font=face, fill=fill, anchor="ls", stroke_width=width, stroke_fill=stroke)
    else:
        draw.text((x, y), text, font=face, fill=fill, anchor="ls")
    if opts.get("underline") and symbol in ("6", "9"):
        line = max(2.0, size * 0.07)
        y0 = cy + (bottom - top) / 2 + line * 1.2
        draw.rectangle((cx - (right - left) * 0.42, y0, cx + (right - left) * 0.42, y0 + line), fill=fill)


def _corner_index(symbol: str, colour: str | None, letter: str, W: int) -> Image.Image:
    """The corner index of a card ``W`` px wide (supersampled): the symbol, and under it the colour's initial."""
    index = W * 0.2
    size = (round(W * 0.27), round(W * 0.5))
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    paper = kit.with_alpha(kit.PAPER, 255)
    ink = kit.with_alpha(CORNER_INK[colour] if colour else kit.PAPER, 255)
    ix, iy = W * 0.035 + index / 2, W * 0.03 + index / 2
    if symbol == "W":
        r = index * 0.4
        _quarters(draw, ix, iy, r, r, 0)
        draw.ellipse((ix - r, iy - r, ix + r, iy + r), outline=paper, width=max(1, W // 90))
    else:
        _symbol(draw, symbol, ix, iy, index, ink)
    if colour and letter:
        face = kit.font(round(W * 0.16), True)
        kit.draw_glyph(draw, (ix, iy + index * 0.5 + W * 0.11), letter, face, ink)
    return layer


@lru_cache(maxsize=512)
def _card_base(code: str, width: int, letter: str) -> Image.Image:
    """A card face: white rim, the colour (black for majors), the tilted oval, the symbol, corner indices."""
    colour, symbol = parse_card(code)
    body = CARD_COLOURS[colour] if colour else MAJOR_BODY
    s = 3
    w, h = kit.card_size(width)
    W, H = w * s, h * s
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    radius = kit.card_radius(width) * s
    paper = kit.with_alpha(kit.PAPER, 255)
    draw.rounded_rectangle((0, 0, W - 1, H - 1), radius=radius, fill=paper)
    inset = max(2, round(width * 0.055)) * s
    body_ink = kit.with_alpha(body, 255)
    draw.rounded_rectangle(
        (inset, inset, W - 1 - inset, H - 1 - inset), radius=max(s, radius - inset // 2), fill=body_ink
    )
    cx, cy = W / 2, H / 2
    rx, ry, tilt = W * 0.34, H * 0.4, 28
    if colour:
        draw.polygon(_ellipse_points(cx, cy, rx, ry, tilt), fill=paper)
        _symbol(draw, symbol, cx, cy, W * 0.5, body_ink, underline=True)
    else:
        draw.polygon(_ellipse_points(cx, cy, rx + s * 2, ry + s * 2, tilt), fill=paper)
        _quarters(draw, cx, cy, rx, ry, tilt)
        if symbol == "F":
            _symbol(draw, "F", cx, cy, W * 0.5, paper, stroke=body_ink)
    corner = _corner_index(symbol, colour, letter, W)
    big.alpha_composite(corner, (inset, inset))
    flipped = corner.rotate(180)
    big.alpha_composite(flipped, (W - inset - flipped.width, H - inset - flipped.height))
    card = big.resize((w, h), Image.Resampling.LANCZOS)
    kit.panel(card, (0, 0, w, h), kit.card_radius(width), (0, 0, 0, 0), outline=kit.PAPER_EDGE, width=1)
    return card


def colour_letter(colour: str, locale: object) -> str:
    """The initial printed on a card of ``colour`` for colour-blind players: J R B V in French, Y R B G in English."""
    return words(locale, f"letter.{colour}") if colour in COLOURS else ""


@lru_cache(maxsize=1024)
def _marked(code: str, width: int, letter: str, dim: bool, ring: kit.Colour | None) -> Image.Image:
    card = _card_base(code, width, letter)
    if not dim and ring is None:
        return card
    card = card.copy()
    w, h = card.size
    radius = kit.card_radius(width)
    if dim:
        kit.panel(card, (0, 0, w, h), radius, (34, 40, 38, 140))
    if ring is not None:
        kit.panel(card, (0, 0, w, h), radius, (0, 0, 0, 0), outline=ring, width=max(2, round(width * 0.05)))
    return card


def card_face(
    code: str, width: int, locale: object = "fr", *, dim: bool = False, ring: kit.Colour | None = None
) -> Image.Image:
    """The face of card ``code``, ``width`` px wide (height x 1.4), its colour initial in ``locale``.

    ``ring`` draws a coloured border (playable, drawn), ``dim`` greys the card out. Shared by a cache: paste it,
    never draw on it.
    """
    colour, _ = parse_card(code)
    letter = colour_letter(colour, locale) if colour else ""
    return _marked(str(code).upper(), width, letter, dim, ring)


def _cat_head(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: kit.RGBA, eyes: kit.RGBA) -> None:
    """A cat's head: a round face, two pointed ears, two eyes."""
    draw.polygon([(cx - r * 0.95, cy - r * 0.2), (cx - r * 0.85, cy - r * 1.35), (cx - r * 0.2, cy - r * 0.85)], fill)
    draw.polygon([(cx + r * 0.95, cy - r * 0.2), (cx + r * 0.85, cy - r * 1.35), (cx + r * 0.2, cy - r * 0.85)], fill)
    draw.ellipse((cx - r, cy - r * 0.95, cx + r, cy + r * 0.85), fill=fill)
    for side in (-1, 1):
        ex = cx + side * r * 0.42
        draw.ellipse((ex - r * 0.2, cy - r * 0.3, ex + r * 0.2, cy + r * 0.02), fill=eyes)
        draw.ellipse((ex - r * 0.06, cy - r * 0.27, ex + r * 0.06, cy - r * 0.01), fill=fill)


@lru_cache(maxsize=16)
def card_back(width: int) -> Image.Image:
    """The back of a Chat vert card: black with a green oval and a cat's head. Shared: paste it, never draw on it."""
    s = 3
    w, h = kit.card_size(width)
    W, H = w * s, h * s
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    radius = kit.card_radius(width) * s
    draw.rounded_rectangle((0, 0, W - 1, H - 1), radius=radius, fill=kit.with_alpha(kit.PAPER, 255))
    inset = max(1, round(width * 0.055)) * s
    body = kit.with_alpha(MAJOR_BODY, 255)
    draw.rounded_rectangle((inset, inset, W - 1 - inset, H - 1 - inset), radius=max(s, radius - inset // 2), fill=body)
    draw.polygon(_ellipse_points(W / 2, H / 2, W * 0.34, H * 0.4, 28), fill=kit.with_alpha(BACK_GREEN, 255))
    _cat_head(draw, W / 2, H / 2 + W * 0.06, W * 0.22, body, kit.with_alpha(BACK_GREEN, 255))
    card = big.resize((w, h), Image.Resampling.LANCZOS)
    kit.panel(card, (0, 0, w, h), kit.card_radius(width), (0, 0, 0, 0), outline=kit.PAPER_EDGE, width=1)
    return card


@lru_cache(maxsize=32)
def swatch(colour: str, size: int, letter: str) -> Image.Image:
    """A round colour token with the colour's initial, for "colour: red" labels."""
    s = kit.SUPERSAMPLE
    S = size * s
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, S - 1, S - 1), fill=kit.with_alpha(kit.PAPER, 255))
    edge = max(s, round(S * 0.08))
    fill = CARD_COLOURS.get(colour, MAJOR_BODY)
    draw.ellipse((edge, edge, S - 1 - edge, S - 1 - edge), fill=kit.with_alpha(fill, 255))
    if letter:
        ink = CORNER_INK.get(colour, kit.PAPER)
        kit.draw_glyph(draw, (S / 2, S / 2), letter, kit.font(round(S * 0.52), True), kit.with_alpha(ink, 255))
    return big.resize((size, size), Image.Resampling.BOX)


@lru_cache(maxsize=32)
def icon(kind: str, size: int) -> Image.Image:
    """A seat marker on a round token: ``skipped`` (barred circle), ``drawing`` (a card and a question mark),
    ``ficelle`` (a knotted string) or ``turn`` (an arrow)."""
    s = kit.SUPERSAMPLE
    S = size * s
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    fills = {"skipped": kit.ALERT, "drawing": DRAWN, "ficelle": (120, 76, 40), "turn": kit.GOLD}
    draw.ellipse((0, 0, S - 1, S - 1), fill=kit.with_alpha(kit.PAPER, 255))
    edge = max(s, round(S * 0.07))
    draw.ellipse((edge, edge, S - 1 - edge, S - 1 - edge), fill=kit.with_alpha(fills.get(kind, kit.INK), 255))
    paper = kit.with_alpha(kit.PAPER, 255)
    dark = kit.with_alpha(kit.INK_DARK, 255)
    c = S / 2
    if kind == "skipped":
        _symbol(draw, "S", c, c, S * 0.62, paper)
    elif kind == "drawing":
        cw, ch = S * 0.44, S * 0.6
        draw.rounded_rectangle((c - cw / 2, c - ch / 2, c + cw / 2, c + ch / 2), radius=round(S * 0.06), fill=paper)
        kit.draw_glyph(draw, (c, c), "?", kit.font(round(S * 0.44), True), dark)
    elif kind == "ficelle":
        rope = kit.with_alpha(STRING, 255)
        points = [(S * 0.18 + S * 0.64 * i / 24, c + S * 0.16 * math.sin(i / 24 * math.tau * 1.25)) for i in range(25)]
        draw.line(points, fill=rope, width=round(S * 0.09), joint="curve")
        knot = S * 0.1
        kx, ky = points[12]
        draw.ellipse((kx - knot, ky - knot, kx + knot, ky + knot), fill=rope)
    elif kind == "turn":
        draw.polygon([(c - S * 0.16, c - S * 0.24), (c + S * 0.26, c), (c - S * 0.16, c + S * 0.24)], fill=dark)
    return big.resize((size, size), Image.Resampling.BOX)


def _dealer_token(canvas: Image.Image, centre: Point, size: int, locale: object) -> None:
    kit.disc(canvas, centre, size, kit.INK)
    face = kit.font(round(size * 0.6), True)
    kit.draw_glyph(ImageDraw.Draw(canvas), centre, words(locale, "dealer_badge"), face, kit.INK_DARK)


@lru_cache(maxsize=16)
def direction_ring(direction: int, colour: kit.RGB, alpha: int) -> Image.Image:
    """Four curved arrows on an oval around the pile, turning clockwise for 1, counter-clockwise for -1.

    0 draws the arcs without heads (the direction is still to be chosen). Paste centred on the table.
    """
    s = 2
    pad = 30
    W, H = (ARROW_RX + pad) * 2 * s, (ARROW_RY + pad) * 2 * s
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    cx, cy = W / 2, H / 2
    ink = kit.with_alpha(colour, alpha)
    rx, ry = ARROW_RX * s, ARROW_RY * s
    line = 7 * s
    for k in range(4):
        middle = 90 * k
        start, end = middle - 25, middle + 25
        if direction < 0:
            start, end = end, start
        points = _ellipse_points(cx, cy, rx, ry, 0, start, end)
        if direction:
            tip = points[-1]
            before = points[-4]
            points = points[:-3]
            dx, dy = tip[0] - before[0], tip[1] - before[1]
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            head_l, head_w = 24 * s, 24 * s
            base = (tip[0] - ux * head_l * 0.4, tip[1] - uy * head_l * 0.4)
            apex = (base[0] + ux * head_l, base[1] + uy * head_l)
            draw.polygon(
                [
                    apex,
                    (base[0] - uy * head_w / 2, base[1] + ux * head_w / 2),
                    (base[0] + uy * head_w / 2, base[1] - ux * head_w / 2),
                ],
                fill=ink,
            )
        draw.line(points, fill=ink, width=line, joint="curve")
    return big.resize((W // s, H // s), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4)
def _oval(rx: int, ry: int) -> Image.Image:
    """The darker oval of the table around the pile, with a light rim."""
    s = kit.SUPERSAMPLE
    big = Image.new("RGBA", (rx * 2 * s, ry * 2 * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, rx * 2 * s - 1, ry * 2 * s - 1), fill=(255, 255, 255, 40))
    rim = 4 * s
    draw.ellipse((rim, rim, rx * 2 * s - 1 - rim, ry * 2 * s - 1 - rim), fill=(6, 36, 22, 150))
    return big.resize((rx * 2, ry * 2), Image.Resampling.BOX)


def _chip(
    canvas: Image.Image,
    xy: Point,
    runs: Sequence[Run],
    fill: kit.Colour,
    *,
    align: str = "left",
    token: Image.Image | None = None,
    outline: kit.Colour | None = None,
) -> kit.Box:
    """A pill holding ``runs`` after an optional round token; returns its box."""
    face = max((r[1] for r in runs), key=lambda f: f.size)
    height = round(face.size * 1.7)
    pad = round(face.size * 0.6)
    token_w = token.width + 8 if token is not None else 0
    width = round(kit.runs_width(runs)) + 2 * pad + token_w - (4 if token is not None else 0)
    x0 = round(xy[0] - (width if align == "right" else width / 2 if align == "center" else 0))
    y0 = round(xy[1] - height / 2)
    box = (x0, y0, x0 + width, y0 + height)
    kit.panel(canvas, box, height // 2, fill, outline=outline, width=2)
    if token is not None:
        kit.paste(canvas, token, (x0 + pad - 6, round(xy[1] - token.height / 2)))
    kit.draw_runs(ImageDraw.Draw(canvas), (x0 + pad + token_w - 4, xy[1]), runs)
    return box


# --- the table -----------------------------------------------------------------------------------------------


def render_table(public: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes, drawn from the engine's public view and the seat names.

    Only public fields are read (a seat view passed by mistake still shows no hand), and of the rules only
    their number: no rule text or phrase ever reaches the picture.
    """
    return kit.encode_png(table_image(public, names, locale))


def table_image(public: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture (for callers that compose or scale it before encoding)."""
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    _draw_header(canvas, public, names, locale)
    _draw_centre(canvas, public, names, locale)
    _draw_seats(canvas, public, names, locale)
    _draw_legend(canvas, public, locale)
    return canvas


def _draw_header(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str) -> None:
    """Title and the number of secret rules on the left; whose turn it is, who chooses or who won on the right."""
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    x = MARGIN + kit.draw_text(draw, (MARGIN, cy), words(locale, "title"), kit.font(30, True), BACK_GREEN, anchor="lm")
    rules = _rule_count(view.get("rules"))
    chip_face = kit.font(20, True)
    box = _chip(
        canvas,
        (x + 18, cy),
        [(_plural(locale, "rules", rules), chip_face, kit.INK if rules else kit.INK_DIM)],
        kit.PANEL_SOLID,
        outline=kit.GOLD if rules else kit.PANEL_EDGE,
    )
    left = box[2] + 24
    phase = _phase(view)
    face, name_face = kit.font(24), kit.font(24, True)
    right = WIDTH - MARGIN
    room = right - left - 40
    if phase == "over":
        winner = _seat(view.get("winner"))
        if winner is None:
            kit.draw_text(draw, (right, cy), words(locale, "over"), name_face, kit.GOLD, anchor="rm", max_width=room)
            return
        runs = kit.catalog_runs(
            locale, "cv.render.wins", _seat_name(names, winner, locale), face, kit.GOLD, kit.seat_colour(winner), room
        )
        width = kit.draw_runs(draw, (right, cy), runs, align="right")
        kit.draw_glyph(draw, (right - width - 20, cy), "★", kit.font(24), kit.GOLD)
        return
    key, seat = ("choose", _seat(view.get("dealer"))) if phase == "direction" else ("turn", _seat(view.get("turn")))
    if seat is None:
        return
    runs = kit.catalog_runs(
        locale, f"cv.render.{key}", _seat_name(names, seat, locale), face, kit.INK, kit.seat_colour(seat), room
    )
    width = kit.draw_runs(draw, (right, cy), runs, align="right")
    kit.draw_glyph(draw, (right - width - 20, cy), "▶", kit.font(22), kit.seat_colour(seat))


def _draw_centre(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str) -> None:
    """The oval with the direction arrows, the top card (after a major: ringed in the chosen colour, with that
    colour's token on its corner), the draw pile with its size, and a pending +2/+4 with its target."""
    cx, cy = CENTRE
    oval = _oval(OVAL_RX, OVAL_RY)
    kit.paste(canvas, oval, (cx - OVAL_RX, cy - OVAL_RY))
    phase = _phase(view)
    direction = 0 if phase == "direction" else (-1 if kit.as_int(view.get("dir"), 1) < 0 else 1)
    alpha = 120 if phase == "over" else 215
    ring = direction_ring(direction, kit.INK_DIM if direction == 0 else kit.GOLD, alpha)
    kit.paste(canvas, ring, (cx - ring.width // 2, cy - ring.height // 2))
    top = str(view.get("top") or "")
    colour = str(view.get("colour") or "")
    card_h = kit.card_size(TOP_CARD)[1]
    card_xy = (cx - 30 - TOP_CARD, cy - card_h // 2 - 20)
    try:
        face = card_face(top, TOP_CARD, locale)
    except ValueError:
        face = None
    if face is not None:
        if is_major(top) and colour in COLOURS:
            kit.card_glow(canvas, card_xy, TOP_CARD, CARD_COLOURS[colour], 16)
            face = card_face(top, TOP_CARD, locale, ring=CARD_COLOURS[colour])
        kit.paste_card(canvas, face, card_xy)
    else:
        kit.panel(
            canvas,
            (card_xy[0], card_xy[1], card_xy[0] + TOP_CARD, card_xy[1] + card_h),
            kit.card_radius(TOP_CARD),
            (0, 0, 0, 0),
            outline=kit.PANEL_EDGE,
            width=2,
        )
    _draw_stock(canvas, view, locale, (cx + 34, cy - 16))
    if face is not None and is_major(top) and colour in COLOURS:
        badge = swatch(colour, 48, colour_letter(colour, locale))
        kit.paste(canvas, badge, (card_xy[0] + TOP_CARD - 30, card_xy[1] - 18))
    below = card_xy[1] + card_h + 46
    chip: tuple[list[Run], kit.Colour] | None = None
    pending = _pending(view)
    if pending is not None and phase == "play":
        count, target = pending
        face_p = kit.font(22, True)
        if target is None:
            chip = ([(f"+{count}", face_p, kit.INK)], kit.ALERT)
        else:
            name_fill = kit.mix(kit.seat_colour(target), kit.PAPER, 0.55)
            name = _seat_name(names, target, locale)
            chip = (
                kit.catalog_runs(locale, "cv.render.pending", name, face_p, kit.INK, name_fill, 380, n=count),
                kit.ALERT,
            )
    elif phase == "direction":
        chip = ([(words(locale, "direction"), kit.font(20, True), kit.INK_DARK)], kit.GOLD)
    if chip is not None:
        _chip(canvas, (cx, below), chip[0], chip[1], align="center", outline=kit.PAPER)


def _draw_stock(canvas: Image.Image, view: Mapping[str, Any], locale: str, xy: tuple[int, int]) -> None:
    """The draw pile as a face-down stack (an empty slot when there is none), its label and size under it."""
    count = max(0, kit.as_int(view.get("stock")))
    card_w = STOCK_CARD
    card_h = kit.card_size(card_w)[1]
    layers = min(4, math.ceil(count / 15)) if count else 0
    spread = 4
    x0, cy = xy
    y0 = round(cy - card_h / 2 - 10)
    draw = ImageDraw.Draw(canvas)
    if layers == 0:
        kit.panel(
            canvas, (x0, y0, x0 + card_w, y0 + card_h), kit.card_radius(card_w), (0, 0, 0, 0), outline=kit.PANEL_EDGE
        )
    for i in range(layers):
        offset = (layers - 1 - i) * spread
        kit.paste_card(canvas, card_back(card_w), (x0 + i * spread, y0 + offset), shadow=i == 0)
    label_y = y0 + card_h + 14 + spread * max(0, layers - 1)
    mid = x0 + card_w / 2 + spread * max(0, layers - 1) / 2
    runs = [(words(locale, "stock") + " ", kit.font(17), kit.INK_DIM), (str(count), kit.font(20, True), kit.INK)]
    kit.draw_runs(draw, (mid, label_y), runs, align="center")


def seat_positions(players: int) -> list[tuple[int, int]]:
    """Centres of the seat plates, clockwise from the bottom in seat order (seat 0 at the bottom)."""
    cx, cy = CENTRE
    out = []
    for seat in range(players):
        angle = math.radians(90 + 360 * seat / max(1, players))
        out.append((round(cx + SEAT_RX * math.cos(angle)), round(cy + SEAT_RY * math.sin(angle))))
    return out


def _plate_size(players: int) -> tuple[int, int]:
    return (232, 92) if players <= 6 else (212, 86)


def _draw_seats(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str) -> None:
    counts = _counts(view)
    players = len(counts)
    if not players:
        return
    w, h = _plate_size(players)
    for seat, (px, py) in enumerate(seat_positions(players)):
        frame = (px - w // 2, py - h // 2, px + w // 2, py + h // 2)
        _draw_seat(canvas, view, frame, seat, counts[seat], _seat_name(names, seat, locale), locale)


def _seat_marks(view: Mapping[str, Any], seat: int) -> list[str]:
    """The markers of ``seat``, in drawing order: dealer, skipped, drawing, ficelle."""
    marks = []
    if _seat(view.get("dealer")) == seat:
        marks.append("dealer")
    if _phase(view) != "over":
        if _seat(view.get("skipped")) == seat:
            marks.append("skipped")
        if _seat(view.get("drawing")) == seat:
            marks.append("drawing")
    if view.get("ficelle_rule") and _seat(view.get("ficelle")) == seat:
        marks.append("ficelle")
    return marks


def _draw_seat(
    canvas: Image.Image,
    view: Mapping[str, Any],
    frame: kit.Box,
    seat: int,
    count: int,
    name: str,
    locale: str,
) -> None:
    """One plate: colour stripe, turn arrow, name, a fan of backs with the card count, the seat's markers."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(seat)
    phase = _phase(view)
    winner = phase == "over" and _seat(view.get("winner")) == seat
    turn = phase == "play" and _seat(view.get("turn")) == seat
    choosing = phase == "direction" and _seat(view.get("dealer")) == seat
    pending = _pending(view)
    targeted = phase == "play" and pending is not None and pending[1] == seat
    lit = winner or turn or choosing
    w, h = x1 - x0, y1 - y0
    if lit:
        halo = kit.GOLD if winner else colour
        kit.paste(canvas, kit.glow(w, h, 12, halo, 14), (x0 - 14, y0 - 14))
    edge = kit.GOLD if winner else kit.ALERT if targeted else None
    kit.seat_frame(canvas, frame, colour, lit=lit or targeted, edge=edge, tint=0.3, shadow=True)
    draw = ImageDraw.Draw(canvas)
    name_face = kit.font(21, True)
    row1 = y0 + 26
    x = x0 + 24
    if turn or choosing:
        kit.paste(canvas, icon("turn", 24), (x - 2, row1 - 12))
        x += 28
    elif winner:
        kit.draw_glyph(draw, (x + 9, row1), "★", kit.font(24), kit.GOLD)
        x += 26
    kit.draw_text(draw, (x, row1), name, name_face, colour, anchor="lm", max_width=x1 - 12 - x)
    row2 = y1 - 28
    back_w = 18
    back_h = kit.card_size(back_w)[1]
    fan = min(count, 4)
    bx = x0 + 24
    for i in range(fan):
        kit.paste_card(canvas, card_back(back_w), (bx + i * 6, round(row2 - back_h / 2)), shadow=i == 0)
    bx += back_w + 6 * max(0, fan - 1) + 8 if fan else 0
    count_face = kit.font(26, True)
    if winner:
        kit.draw_text(draw, (bx, row2), words(locale, "winner"), kit.font(21, True), kit.GOLD, anchor="lm")
    else:
        kit.draw_text(draw, (bx, row2), str(count), count_face, kit.ALERT if count == 1 else kit.INK, anchor="lm")
    size = 28
    mx = x1 - 12 - size
    for mark in reversed(_seat_marks(view, seat)):
        if mark == "dealer":
            _dealer_token(canvas, (mx + size / 2, row2), size, locale)
        else:
            kit.paste(canvas, icon(mark, size), (mx, round(row2 - size / 2)))
        mx -= size + 5


def _draw_legend(canvas: Image.Image, view: Mapping[str, Any], locale: str) -> None:
    """What the markers on the plates mean, for the markers shown, in the bottom left corner."""
    shown: list[str] = []
    for seat in range(len(_counts(view))):
        for mark in _seat_marks(view, seat):
            if mark not in shown:
                shown.append(mark)
    order = ("dealer", "skipped", "drawing", "ficelle")
    shown = [mark for mark in order if mark in shown]
    draw = ImageDraw.Draw(canvas)
    face = kit.font(16)
    size = 20
    y = HEIGHT - MARGIN - 12 - 24 * (len(shown) - 1)
    for mark in shown:
        if mark == "dealer":
            _dealer_token(canvas, (MARGIN + size / 2, y), size, locale)
        else:
            kit.paste(canvas, icon(mark, size), (MARGIN, round(y - size / 2)))
        kit.draw_text(draw, (MARGIN + size + 8, y), words(locale, f"legend.{mark}"), face, kit.INK_DIM, anchor="lm")
        y += 24


# --- the hand ------------------------------------------------------------------------------------------------


def render_hand(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> bytes:
    """A player's hand as PNG bytes, from that seat's view: every card numbered (1, 2, ...) in hand order.

    ``playable`` raises and rings those cards and dims the rest (None: no highlighting). The drawn card waiting
    to be played or kept is tagged. A strip above shows the card on the pile and the colour to match.
    """
    return kit.encode_png(hand_image(view, locale, playable))


def hand_layout(count: int) -> tuple[int, int, float]:
    """Cards per row, rows and the step between cards of a row (under a card's width: they overlap)."""
    if count == 0:
        return 0, 0, 0.0
    rows = math.ceil(count / HAND_ROW_LIMIT)
    per_row = math.ceil(count / rows)
    room = HAND_MAX_WIDTH - 2 * MARGIN - HAND_CARD
    step = min(HAND_CARD + HAND_GAP, room / (per_row - 1)) if per_row > 1 else 0.0
    return per_row, rows, step


def hand_image(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> Image.Image:
    """The hand as an RGBA picture: the header, the pile strip, then rows of cards with their numbers."""
    hand = [str(code).upper() for code in view.get("hand") or ()]
    per_row, rows, step = hand_layout(len(hand))
    card_h = kit.card_size(HAND_CARD)[1]
    raise_by = HAND_RAISE if playable is not None else 0
    row_h = raise_by + card_h + HAND_LABEL
    cards_top = HEADER + HAND_STRIP + 10
    height = cards_top + (rows * row_h + (rows - 1) * 8 if hand else 80) + MARGIN
    width = max(HAND_MIN_WIDTH, round(2 * MARGIN + HAND_CARD + step * (per_row - 1))) if hand else HAND_MIN_WIDTH
    width = _strip_width(view, locale, width)
    canvas = kit.new_canvas(width, height)
    _draw_hand_header(canvas, view, locale, len(hand))
    _draw_hand_strip(canvas, view, locale)
    draw = ImageDraw.Draw(canvas)
    if not hand:
        kit.draw_centered(draw, (width / 2, cards_top + 40), words(locale, "empty"), kit.font(26), kit.INK_DIM)
        return canvas
    allowed = {str(code).upper() for code in playable} if playable is not None else None
    drawn = str(view.get("drawn") or "").upper()
    drawn_index = hand.index(drawn) if drawn in hand else -1
    label_face = kit.font(18, True)
    visible = min(step, HAND_CARD) if step else HAND_CARD
    tag_xy: Point | None = None
    for i, code in enumerate(hand):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(hand) - row * per_row)
        x = round((width - (HAND_CARD + step * (in_row - 1))) / 2 + col * step)
        y = cards_top + row * (row_h + 8) + raise_by
        lit = allowed is not None and code in allowed
        dim = allowed is not None and not lit
        is_drawn = i == drawn_index
        ring = kit.GOLD if lit else DRAWN if is_drawn else None
        if lit:
            y -= raise_by
        try:
            face = card_face(code, HAND_CARD, locale, dim=dim, ring=ring)
        except ValueError:
            continue
        if is_drawn:
            kit.card_glow(canvas, (x, y), HAND_CARD, DRAWN, 10)
        kit.paste_card(canvas, face, (x, y))
        if is_drawn:
            tag_xy = (x + HAND_CARD / 2, y)
        label_y = cards_top + row * (row_h + 8) + raise_by + card_h + HAND_LABEL / 2 + 2
        fill = kit.GOLD if lit else kit.INK_DIM if dim else kit.INK
        kit.draw_centered(draw, (x + visible / 2, label_y), str(i + 1), label_face, fill)
    if tag_xy is not None:
        # on top of the neighbours that overlap the drawn card
        label = [(words(locale, "drawn"), kit.font(16, True), kit.INK_DARK)]
        kit.pill(canvas, tag_xy, label, DRAWN, align="center", height=24, outline=kit.PAPER)
    return canvas


def _task(view: Mapping[str, Any], locale: str) -> tuple[str, kit.Colour, kit.Colour] | None:
    """What the seat has to do now, as one label (text, background, ink)."""
    seat = _seat(view.get("seat"))
    colour = kit.seat_colour(seat) if seat is not None else kit.INK
    phase = _phase(view)
    if phase == "over":
        return words(locale, "over"), kit.GOLD, kit.INK_DARK
    if seat is None:
        return None
    if phase == "direction":
        if _seat(view.get("dealer")) == seat:
            return words(locale, "your_choice"), colour, kit.INK_DARK
        return None
    if _seat(view.get("drawing")) == seat and view.get("drawn"):
        return words(locale, "drawn_choice"), DRAWN, kit.INK_DARK
    if _seat(view.get("turn")) == seat:
        return words(locale, "your_turn"), colour, kit.INK_DARK
    return None


def _draw_hand_header(canvas: Image.Image, view: Mapping[str, Any], locale: str, count: int) -> None:
    """Title and card count on the left, the task on the right."""
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    seat = _seat(view.get("seat"))
    colour = kit.seat_colour(seat) if seat is not None else kit.INK
    x = MARGIN + kit.draw_text(draw, (MARGIN, cy), words(locale, "your_hand"), kit.font(28, True), colour, anchor="lm")
    kit.draw_text(draw, (x + 16, cy), _plural(locale, "cards", count), kit.font(22), kit.INK_DIM, anchor="lm")
    task = _task(view, locale)
    if task is not None:
        text, fill, ink = task
        kit.pill(canvas, (canvas.width - MARGIN, cy), [(text, kit.font(22, True), ink)], fill, align="right")


def _strip_chips(
    view: Mapping[str, Any], locale: object
) -> list[tuple[str, kit.Colour, kit.Colour, Image.Image | None]]:
    """The labels of the pile strip: the colour to match, then what weighs on the seat (a pending +2/+4, a skip,
    the string), as (text, background, ink, token)."""
    chips: list[tuple[str, kit.Colour, kit.Colour, Image.Image | None]] = []
    colour = str(view.get("colour") or "")
    if colour in COLOURS:
        label = words(locale, "colour", colour=words(locale, f"colour.{colour}"))
        chips.append((label, kit.INK, kit.INK_DARK, swatch(colour, 26, colour_letter(colour, locale))))
    if _phase(view) != "play":
        return chips
    seat = _seat(view.get("seat"))
    pending = _pending(view)
    if pending is not None:
        count, target = pending
        if seat is not None and target == seat:
            chips.append((words(locale, "pending_you", n=count), kit.ALERT, kit.INK, None))
        else:
            chips.append((words(locale, "pending_other", n=count), kit.PANEL_SOLID, kit.INK, None))
    if seat is not None and _seat(view.get("skipped")) == seat:
        chips.append((words(locale, "skipped_you"), kit.ALERT, kit.INK, icon("skipped", 24)))
    if seat is not None and view.get("ficelle_rule") and _seat(view.get("ficelle")) == seat:
        chips.append((words(locale, "ficelle_you"), kit.PANEL_SOLID, kit.INK, icon("ficelle", 24)))
    return chips


def _chip_width(text: str, face: Font, token: Image.Image | None) -> float:
    return face.getlength(text) + 2 * round(face.size * 0.6) + (token.width + 4 if token is not None else 0)


STRIP_GAP: Final = 10


def _span(widths: Sequence[float]) -> float:
    return sum(widths) + STRIP_GAP * max(0, len(widths) - 1)


def _strip_lines(widths: Sequence[float], room: float) -> list[list[int]]:
    """The strip's labels on one line when it fits ``room``, else in two lines, the longer one as short as can be."""
    if len(widths) < 2 or _span(widths) <= room:
        return [list(range(len(widths)))]
    best = min(range(1, len(widths)), key=lambda k: max(_span(widths[:k]), _span(widths[k:])))
    return [list(range(best)), list(range(best, len(widths)))]


def _strip_start(locale: object) -> float:
    """Where the strip's labels begin: after "On the pile" and the card."""
    return MARGIN + kit.font(20, True).getlength(words(locale, "on_pile")) + 14 + STRIP_CARD + 18


def _strip_width(view: Mapping[str, Any], locale: object, base: int) -> int:
    """The hand picture's width: ``base`` (what the cards need), widened up to the maximum for the strip's labels."""
    face = kit.font(20, True)
    widths = [_chip_width(text, face, token) for text, _, _, token in _strip_chips(view, locale)]
    start = _strip_start(locale)
    lines = _strip_lines(widths, base - start - MARGIN)
    needed = start + max(_span([widths[i] for i in line]) for line in lines) + MARGIN
    return max(base, min(HAND_MAX_WIDTH, math.ceil(needed)))


def _draw_hand_strip(canvas: Image.Image, view: Mapping[str, Any], locale: str) -> None:
    """The card on the pile, then its labels on one line, or on two when one is too short."""
    top = HEADER
    kit.panel(canvas, (0, top, canvas.width, top + HAND_STRIP), 0, (6, 36, 22, 110))
    draw = ImageDraw.Draw(canvas)
    cy = top + HAND_STRIP / 2
    x: float = MARGIN
    x += kit.draw_text(draw, (x, cy), words(locale, "on_pile"), kit.font(20, True), kit.INK_DIM, anchor="lm") + 14
    code = str(view.get("top") or "")
    colour = str(view.get("colour") or "")
    card_h = kit.card_size(STRIP_CARD)[1]
    card_xy = (round(x), round(cy - card_h / 2))
    try:
        ring = CARD_COLOURS[colour] if is_major(code) and colour in COLOURS else None
        face = card_face(code, STRIP_CARD, locale, ring=ring)
    except ValueError:
        face = None
    if face is not None:
        if ring is not None:
            kit.card_glow(canvas, card_xy, STRIP_CARD, ring, 8)
        kit.paste_card(canvas, face, card_xy)
        x += STRIP_CARD + 18
    chips = _strip_chips(view, locale)
    if not chips:
        return
    chip_face = kit.font(20, True)
    widths = [_chip_width(text, chip_face, token) for text, _, _, token in chips]
    lines = _strip_lines(widths, canvas.width - MARGIN - x)
    offsets = [0.0] if len(lines) == 1 else [-21.0, 21.0]
    for line, dy in zip(lines, offsets, strict=True):
        lx = x
        for i in line:
            text, fill, ink, token = chips[i]
            left = canvas.width - MARGIN - lx - (token.width + 4 if token is not None else 0) - 2 * 12
            runs = [(kit.fit_text(text, chip_face, max(30.0, left)), chip_face, ink)]
            box = _chip(canvas, (lx, cy + dy), runs, fill, token=token)
            lx = box[2] + STRIP_GAP


# --- examples and timing -------------------------------------------------------------------------------------

EXAMPLE_NAMES = ("Amélie", "Bruno", "Chloé", "Étienne", "Françoise")


def example_view() -> dict[str, Any]:
    """A mid-game public view of a five-player table: a +4 chose red, a +6 pending, the string rule in force."""
    return {
        "phase": "play",
        "players": 5,
        "dealer": 4,
        "turn": 2,
        "dir": 1,
        "top": "F",
        "colour": "R",
        "first": False,
        "pile": 31,
        "stock": 47,
        "counts": [6, 3, 9, 1, 7],
        "at": 30,
        "pending": {"kind": "plus4", "count": 6, "target": 2},
        "skipped": None,
        "drawing": None,
        "rules": 3,
        "ficelle": 0,
        "ficelle_rule": True,
        "penalties": [],
        "winner": None,
        "timer": 60,
    }


EXAMPLE_HAND = ["Y3", "Y9", "RS", "R2", "BR", "B6", "GD", "W", "F"]


def example_seat_view(seat: int = 2) -> dict[str, Any]:
    """The example table seen by ``seat``, the target of the pending +6."""
    return {**example_view(), "seat": seat, "hand": list(EXAMPLE_HAND), "drawn": None}


def _scaled(image: Image.Image, width: int) -> bytes:
    height = round(image.height * width / image.width)
    small = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    return kit.encode_png(small, colors=256)


def write_example(path: str | Path, width: int = 700, locale: str = "fr") -> int:
    """Write the example table, scaled to ``width`` px and palette-encoded, for documentation; return its size."""
    data = _scaled(table_image(example_view(), EXAMPLE_NAMES, locale), width)
    Path(path).write_bytes(data)
    return len(data)


def write_hand_example(path: str | Path, width: int = 700, locale: str = "fr") -> int:
    """Write the example hand (only the +4 may answer the pending +4), scaled, for documentation; return its size."""
    data = _scaled(hand_image(example_seat_view(), locale, ["F"]), width)
    Path(path).write_bytes(data)
    return len(data)


def largest_view() -> dict[str, Any]:
    """Ten seats of 40 cards, every marker and badge on: the busiest table."""
    return {
        **example_view(),
        "players": 10,
        "dealer": 9,
        "turn": 7,
        "dir": -1,
        "counts": [40] * 10,
        "pending": {"kind": "plus2", "count": 24, "target": 7},
        "skipped": 8,
        "drawing": 7,
        "ficelle": 6,
        "rules": 20,
        "stock": 0,
    }


def largest_hand_view() -> dict[str, Any]:
    """A 60-card hand with a drawn card waiting."""
    hand = sorted((ALL_CARDS * 2)[:60], key=lambda c: (c in MAJORS, ALL_CARDS.index(c)))
    return {**largest_view(), "seat": 7, "hand": hand, "drawn": hand[17]}


def benchmark(repeat: int = 20) -> dict[str, float]:
    """Median milliseconds per PNG for the busiest table (10 seats, 40 cards each) and a 60-card hand."""
    names = [f"Éléonore-Françoise n°{i} de Châteaubriand"[:32] for i in range(10)]
    table = largest_view()
    hand = largest_hand_view()
    playable = hand["hand"][::3]
    return {
        "table_ms": kit.measure_ms(lambda: render_table(table, names, "fr"), repeat),
        "hand_ms": kit.measure_ms(lambda: render_hand(hand, "fr", playable), repeat),
    }
