"""Le Chat vert's drawn pieces: the cards (faces and backs), the colour tokens, the seat markers, the direction
ring and the chips, shared by the table and the hand pictures.

The cards are drawn here, not taken from the playing-card kit: four colours (yellow, red, blue, green) with
numbers 0-9, "skip" (a barred circle), "reverse" (two arrows) and "+2", and two black majors, the colour change
(four quarters) and the "+4". Every coloured card also carries its colour's initial under the corner symbol
(J R B V in French, Y R B G in English) so that the colour never has to be told by hue.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.i18n import t
from renders import kit
from renders import layout
from renders import measure
from renders.kit import Run
from renders.layout import names as names_kit

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
ROPE_BROWN: Final[kit.RGB] = (120, 76, 40)
CORNER_INK: Final[dict[str, kit.RGB]] = {"Y": kit.INK_DARK, "R": kit.PAPER, "B": kit.PAPER, "G": kit.PAPER}
ALL_CARDS: Final = tuple(colour + symbol for colour in COLOURS for symbol in SYMBOLS) + MAJORS
CARD_SAMPLE: Final = 3
"""Cards are drawn this many times larger, then scaled down (smooth ovals and symbols)."""
CARD_RESAMPLE: Final = Image.Resampling.BOX
"""How a card is scaled down: each pixel the average of its block, which keeps the flat colours flat (a sharper
filter rings around every edge, and a hand of 19 cards then weighs half as much again)."""
RING_SAMPLE: Final = 2
ARROW_PAD: Final = 30
ARROW_LINE: Final = 7
ARROW_HEAD: Final = 24
ARROW_SPAN: Final = (15, 30)
"""Each arrow covers this many degrees either side of its middle: on the long sides of the oval, at its ends."""
OVAL_RIM: Final = 4
TILT: Final = 28
"""The tilt (degrees) of the oval on a card's face."""
CHIP_HEIGHT: Final = 1.7
CHIP_PAD: Final = 0.6
"""A chip is this many times its text's size tall, padded by this many times the size on each side."""
TOKEN_TUCK: Final = 6
"""How far a chip's round token sits into its left padding."""


def words(locale: object, key: str, **params: object) -> str:
    """The picture word ``key`` (``cv.render.<key>`` in the catalogs); ``{name}`` templates are drawn in colour."""
    return t(locale, f"cv.render.{key}", **params)


def seat_name(names: Sequence[str], seat: int, locale: object) -> str:
    """A seat's name as the picture shows it ("Player 3" when the name is missing or cannot be drawn)."""
    return names_kit.seat_name(names, seat, locale, "cv.render.player")


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


def _note_shape(label: str, points: Sequence[Point]) -> None:
    """Note a symbol drawn as shapes (a skip, a reverse, the quarters) at the height of its points."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    measure.note(label, max(ys) - min(ys), (min(xs), min(ys), max(xs), max(ys)), symbol=True)


def _symbol(
    draw: ImageDraw.ImageDraw,
    symbol: str,
    cx: float,
    cy: float,
    size: float,
    fill: kit.RGBA,
    *,
    stroke: kit.RGBA | None = None,
    underline: bool = False,
    compact: bool = False,
) -> None:
    """A card symbol about ``size`` px tall centred on ``(cx, cy)``: a number, +2/+4, skip, reverse or quarters.

    ``underline`` marks 6 and 9 so that they are told apart upside down; ``stroke`` outlines text glyphs;
    ``compact`` draws the "+" of +2/+4 smaller so that the digit keeps its full size in a narrow corner.
    """
    if symbol == "S":
        r = size * 0.44
        line = max(2.0, size * 0.13)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=round(line))
        d = (r - line / 2) * 0.72
        draw.line((cx + d, cy - d, cx - d, cy + d), fill=fill, width=round(line))
        _note_shape("⊘", [(cx - r, cy - r), (cx + r, cy + r)])
        return
    if symbol == "R":
        shaft, head_w, head_l = size * 0.15, size * 0.38, size * 0.26
        off = size * 0.12
        span = size * 0.38
        first = _arrow((cx - span - off, cy + span - off), (cx + span - off, cy - span - off), shaft, head_w, head_l)
        second = _arrow((cx + span + off, cy - span + off), (cx - span + off, cy + span + off), shaft, head_w, head_l)
        draw.polygon(first, fill=fill)
        draw.polygon(second, fill=fill)
        _note_shape("⇄", [*first, *second])
        return
    if symbol == "W":
        _quarters(draw, cx, cy, size * 0.42, size * 0.42, 0)
        _note_shape("◕", [(cx - size * 0.42, cy - size * 0.42), (cx + size * 0.42, cy + size * 0.42)])
        return
    text = {"D": "+2", "F": "+4"}.get(symbol, symbol)
    if compact and len(text) > 1:
        _compact_plus(draw, text, cx, cy, size, fill)
        return
    face = kit.font(max(6, round(size * (0.78 if len(text) > 1 else 1.0))), True)
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = cx - (left + right) / 2
    y = cy - (top + bottom) / 2
    if stroke is not None:
        width = max(1, round(size * 0.06))
        draw.text((x, y), text, font=face, fill=fill, anchor="ls", stroke_width=width, stroke_fill=stroke)
    else:
        draw.text((x, y), text, font=face, fill=fill, anchor="ls")
    measure.note(text, bottom - top, (x + left, y + top, x + right, y + bottom), symbol=True)
    if underline and symbol in ("6", "9"):
        line = max(2.0, size * 0.07)
        y0 = cy + (bottom - top) / 2 + line * 1.2
        draw.rectangle((cx - (right - left) * 0.42, y0, cx + (right - left) * 0.42, y0 + line), fill=fill)


def _compact_plus(draw: ImageDraw.ImageDraw, text: str, cx: float, cy: float, size: float, fill: kit.RGBA) -> None:
    """ "+2" or "+4" with a small "+" before a full-size digit, centred on ``(cx, cy)``."""
    plus, digit = kit.font(max(6, round(size * 0.55)), True), kit.font(max(6, round(size)), True)
    p_left, p_top, p_right, p_bottom = plus.getbbox("+", anchor="ls")
    d_left, d_top, d_right, d_bottom = digit.getbbox(text[1:], anchor="ls")
    gap = size * 0.02
    width = (p_right - p_left) + gap + (d_right - d_left)
    x = cx - width / 2
    baseline = cy - (d_top + d_bottom) / 2
    draw.text((x - p_left, cy - (p_top + p_bottom) / 2), "+", font=plus, fill=fill, anchor="ls")
    dx = x + (p_right - p_left) + gap - d_left
    draw.text((dx, baseline), text[1:], font=digit, fill=fill, anchor="ls")
    box = (x, baseline + d_top, x + width, baseline + d_bottom)
    measure.note(text, d_bottom - d_top, box, symbol=True)


CORNER: Final = 0.31
"""The corner index's symbol is this many card widths tall (in font size), its colour initial as much: large
enough to be read on a phone where the cards of a hand overlap and only their corners show."""
CORNER_COLUMN: Final = 0.36
"""The width of the corner index's column, in card widths: what must stay visible of an overlapped card."""


def _corner_index(symbol: str, colour: str | None, letter: str, W: int) -> Image.Image:
    """The corner index of a card ``W`` px wide (supersampled): the symbol, and under it the colour's initial."""
    index = W * CORNER
    size = (round(W * CORNER_COLUMN), round(W * (0.6 if colour and letter else 0.34)))
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    body = CARD_COLOURS[colour] if colour else MAJOR_BODY
    # the index sits on the card's colour even where the oval reaches into the corner
    draw.rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=round(W * 0.06), fill=kit.with_alpha(body, 255))
    paper = kit.with_alpha(kit.PAPER, 255)
    ink = kit.with_alpha(CORNER_INK[colour] if colour else kit.PAPER, 255)
    ix, iy = size[0] / 2, W * 0.02 + index * 0.4
    if symbol == "W":
        r = index * 0.42
        _quarters(draw, ix, iy, r, r, 0)
        draw.ellipse((ix - r, iy - r, ix + r, iy + r), outline=paper, width=max(1, W // 90))
        _note_shape("◕", [(ix - r, iy - r), (ix + r, iy + r)])
    elif symbol == "F":
        _symbol(draw, symbol, ix, iy, index, ink, compact=True)
    else:
        _symbol(draw, symbol, ix, iy, index * (0.8 if symbol in ("S", "R") else 1.0), ink, compact=True)
    if colour and letter:
        face = kit.font(round(W * CORNER), True)
        kit.draw_glyph(draw, (ix, iy + index * 0.45 + W * 0.16), letter, face, ink)
    return layer


@measure.piece_cache(maxsize=512)
def _card_base(code: str, width: int, letter: str) -> Image.Image:
    """A card face: white rim, the colour (black for majors), the tilted oval, the symbol, corner indices."""
    colour, symbol = parse_card(code)
    body = CARD_COLOURS[colour] if colour else MAJOR_BODY
    rimmed = kit.rimmed_card(width, CARD_SAMPLE, body)
    big, draw, s, inset = rimmed.image, rimmed.draw, rimmed.scale, rimmed.inset
    W, H = big.size
    paper, body_ink = kit.with_alpha(kit.PAPER, 255), kit.with_alpha(body, 255)
    cx, cy = W / 2, H / 2
    rx, ry, tilt = W * 0.27, H * 0.36, TILT
    with measure.placed(1 / s):
        if colour:
            draw.polygon(_ellipse_points(cx, cy, rx, ry, tilt), fill=paper)
            _symbol(draw, symbol, cx, cy, W * 0.44, body_ink, underline=True)
        else:
            draw.polygon(_ellipse_points(cx, cy, rx + s * 2, ry + s * 2, tilt), fill=paper)
            _quarters(draw, cx, cy, rx, ry, tilt)
            if symbol == "F":
                _symbol(draw, "F", cx, cy, W * 0.5, paper, stroke=body_ink)
        with measure.placed(1.0, (inset, inset)):
            layer = _corner_index(symbol, colour, letter, W)
    big.alpha_composite(layer, (inset, inset))
    flipped = layer.rotate(180)
    big.alpha_composite(flipped, (W - inset - flipped.width, H - inset - flipped.height))
    return rimmed.finish(width, CARD_RESAMPLE)


def colour_letter(colour: str, locale: object) -> str:
    """The initial printed on a card of ``colour`` for colour-blind players: J R B V in French, Y R B G in English."""
    return words(locale, f"letter.{colour}") if colour in COLOURS else ""


@measure.piece_cache(maxsize=1024)
def _marked(code: str, width: int, letter: str, dim: bool, ring: kit.Colour | None) -> Image.Image:
    card = _card_base(code, width, letter)
    if not dim and ring is None:
        return card
    card = measure.copied(card, card.copy())
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
    rimmed = kit.rimmed_card(width, CARD_SAMPLE, MAJOR_BODY, min_rim=1)
    draw, (W, H) = rimmed.draw, rimmed.image.size
    green = kit.with_alpha(BACK_GREEN, 255)
    draw.polygon(_ellipse_points(W / 2, H / 2, W * 0.34, H * 0.4, TILT), fill=green)
    _cat_head(draw, W / 2, H / 2 + W * 0.06, W * 0.22, kit.with_alpha(MAJOR_BODY, 255), green)
    return rimmed.finish(width, CARD_RESAMPLE)


@measure.piece_cache(maxsize=32)
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
        with measure.placed(1 / s):
            kit.draw_glyph(draw, (S / 2, S / 2), letter, kit.font(round(S * 0.6), True), kit.with_alpha(ink, 255))
    return big.resize((size, size), Image.Resampling.BOX)


ICON_LABELS: Final = {"skipped": "⊘", "ficelle": "~", "turn": "▶"}


@measure.piece_cache(maxsize=32)
def icon(kind: str, size: int) -> Image.Image:
    """A seat marker on a round token: ``skipped`` (barred circle), ``ficelle`` (a knotted string) or ``turn`` (an
    arrow). Each notes its drawn sign's height."""
    s = kit.SUPERSAMPLE
    S = size * s
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    fills = {"skipped": kit.ALERT, "ficelle": ROPE_BROWN, "turn": kit.GOLD}
    draw.ellipse((0, 0, S - 1, S - 1), fill=kit.with_alpha(kit.PAPER, 255))
    edge = max(s, round(S * 0.07))
    draw.ellipse((edge, edge, S - 1 - edge, S - 1 - edge), fill=kit.with_alpha(fills.get(kind, kit.INK), 255))
    paper = kit.with_alpha(kit.PAPER, 255)
    dark = kit.with_alpha(kit.INK_DARK, 255)
    c = S / 2
    with measure.placed(1 / s):
        if kind == "skipped":
            _symbol(draw, "S", c, c, S * 0.74, paper)
        elif kind == "ficelle":
            rope = kit.with_alpha(STRING, 255)
            wave = [(S * 0.16 + S * 0.68 * i / 24, c + S * 0.2 * math.sin(i / 24 * math.tau * 1.25)) for i in range(25)]
            width = S * 0.12
            draw.line(wave, fill=rope, width=round(width), joint="curve")
            knot = S * 0.12
            kx, ky = wave[12]
            draw.ellipse((kx - knot, ky - knot, kx + knot, ky + knot), fill=rope)
            ys = [y for _, y in wave]
            box = (S * 0.16, min(ys) - width / 2, S * 0.84, max(ys) + width / 2)
            measure.note(ICON_LABELS[kind], box[3] - box[1], box, symbol=True)
        elif kind == "turn":
            points = [(c - S * 0.2, c - S * 0.31), (c + S * 0.3, c), (c - S * 0.2, c + S * 0.31)]
            draw.polygon(points, fill=dark)
            _note_shape(ICON_LABELS[kind], points)
    return big.resize((size, size), Image.Resampling.BOX)


@measure.piece_cache(maxsize=16)
def direction_ring(direction: int, colour: kit.RGB, alpha: int, rx: int, ry: int) -> Image.Image:
    """Four curved arrows on an ``rx`` by ``ry`` oval around the pile, turning clockwise for 1, counter-clockwise
    for -1. 0 draws the arcs without heads (the direction is still to be chosen). Paste centred on the table."""
    s = RING_SAMPLE
    pad = ARROW_PAD
    W, H = (rx + pad) * 2 * s, (ry + pad) * 2 * s
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    cx, cy = W / 2, H / 2
    ink = kit.with_alpha(colour, alpha)
    line = ARROW_LINE * s
    for k in range(4):
        middle = 90 * k
        span = ARROW_SPAN[k % 2]
        start, end = middle - span, middle + span
        if direction < 0:
            start, end = end, start
        points = _ellipse_points(cx, cy, rx * s, ry * s, 0, start, end)
        if direction:
            tip = points[-1]
            before = points[-4]
            points = points[:-3]
            dx, dy = tip[0] - before[0], tip[1] - before[1]
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            head_l, head_w = ARROW_HEAD * s, ARROW_HEAD * s
            base = (tip[0] - ux * head_l * 0.4, tip[1] - uy * head_l * 0.4)
            apex = (base[0] + ux * head_l, base[1] + uy * head_l)
            head = [
                apex,
                (base[0] - uy * head_w / 2, base[1] + ux * head_w / 2),
                (base[0] + uy * head_w / 2, base[1] - ux * head_w / 2),
            ]
            draw.polygon(head, fill=ink)
            with measure.placed(1 / s):
                _note_shape("↻" if direction > 0 else "↺", head)
        draw.line(points, fill=ink, width=line, joint="curve")
    return big.resize((W // s, H // s), Image.Resampling.LANCZOS)


@lru_cache(maxsize=4)
def table_oval(rx: int, ry: int) -> Image.Image:
    """The darker oval of the table around the pile, with a light rim."""
    s = kit.SUPERSAMPLE
    big = Image.new("RGBA", (rx * 2 * s, ry * 2 * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, rx * 2 * s - 1, ry * 2 * s - 1), fill=(255, 255, 255, 40))
    rim = OVAL_RIM * s
    draw.ellipse((rim, rim, rx * 2 * s - 1 - rim, ry * 2 * s - 1 - rim), fill=(6, 36, 22, 150))
    return big.resize((rx * 2, ry * 2), Image.Resampling.BOX)


def chip(
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
    height = round(face.size * CHIP_HEIGHT)
    pad = round(face.size * CHIP_PAD)
    token_w = token.width + layout.Space.S if token is not None else 0
    width = round(kit.runs_width(runs)) + 2 * pad + token_w - (layout.Space.XS if token is not None else 0)
    x0 = round(xy[0] - (width if align == "right" else width / 2 if align == "center" else 0))
    y0 = round(xy[1] - height / 2)
    box = (x0, y0, x0 + width, y0 + height)
    kit.panel(canvas, box, height // 2, fill, outline=outline, width=layout.Space.HAIR)
    if token is not None:
        with measure.secondary():  # the token repeats what the chip's text says
            kit.paste(canvas, token, (x0 + pad - TOKEN_TUCK, round(xy[1] - token.height / 2)))
    kit.draw_runs(ImageDraw.Draw(canvas), (x0 + pad + token_w - layout.Space.XS, xy[1]), runs)
    return box
