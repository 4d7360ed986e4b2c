"""Neurotrio's card art: square tiles in their background colour, and the small cartons (base cartons, personal
mentions).

A card is read at a glance even on a phone: its background colour fills it, its nature is one large drawn shape
(heart, five-pointed star or rose) in its lower part, and a band across its top prints the background's initial
(for colour-blind players) on the left and the strength on the right, both as large as the card allows. Sizes inside
a card or a carton are fractions of its side, so the art scales from the notebook to the hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.i18n import language
from bot.i18n import t
from renders import kit
from renders import measure
from renders.layout import laying
from renders.layout.laying import Shadow
from renders.layout.stamps import Flat

NATURES: Final = ("C", "E", "R")
FONDS: Final = ("N", "V", "B")
FORCES: Final = ("1", "2", "3")
ALL_TYPES: Final = tuple(n + f + s for n in NATURES for f in FONDS for s in FORCES)
MENTIONS: Final = ("0", "1", "2", "nature", "fond", "force")

FOND_COLOURS: Final[dict[str, kit.RGB]] = {"N": (30, 30, 36), "V": (22, 132, 70), "B": (34, 86, 200)}
NATURE_COLOURS: Final[dict[str, kit.RGB]] = {"C": (238, 56, 78), "E": (252, 206, 56), "R": (250, 136, 190)}
ROSE_HEART: Final[kit.RGB] = (176, 30, 96)
CARD_EDGE: Final[kit.RGB] = (236, 232, 220)
USED: Final[kit.RGB] = (88, 104, 96)
"""A carton already spent."""
USED_INK: Final[kit.RGB] = (150, 160, 154)

ROSE_PETAL: Final = 0.24
"""A rose's petal radius, as a fraction of its size."""
CARD_ROUND: Final = 0.13
"""A card's corner radius, as a fraction of its side."""
CARD_BORDER: Final = 0.03
INDEX_TEXT: Final = (0.3, 0.53, 26)
"""The top band's letters: a fraction of the side on large cards, up to a larger fraction (capped at a size in px)
on small ones, so that a grid card 42 px wide still prints them 22 px tall (10 px on a phone)."""
INDEX_INSET: Final = 0.1
"""From a card's side edges to its letters, as a fraction of the side."""
INDEX_GAP: Final = 0.02
"""Between the border, the letters and the shape, as a fraction of the side."""
SHAPE_MOST: Final = 0.6
"""The widest the shape gets, as a fraction of the side."""
CARTON_TEXT: Final = 0.66
"""A carton's label size, as a fraction of its height."""
FADE_DIM: Final = 135
FADE_CROSSED: Final = 150

Point = tuple[float, float]


def parse_card(code: object) -> tuple[str, str, str]:
    """Nature, background and strength of a code such as ``"CN1"``; ``ValueError`` on anything else."""
    text = str(code).upper()
    if len(text) != 3 or text[0] not in NATURES or text[1] not in FONDS or text[2] not in FORCES:
        raise ValueError(f"not a card code: {code!r}")
    return text[0], text[1], text[2]


def card_radius(width: int) -> int:
    return max(3, round(width * CARD_ROUND))


def index_size(width: int) -> int:
    """The font size of a ``width`` px card's letters."""
    low, high, cap = INDEX_TEXT
    return max(round(low * width), min(round(high * width), cap))


def _heart(cx: float, cy: float, size: float) -> list[Point]:
    scale = size / 34
    pts = []
    for k in range(60):
        a = 2 * math.pi * k / 60
        x = 16 * math.sin(a) ** 3
        y = 13 * math.cos(a) - 5 * math.cos(2 * a) - 2 * math.cos(3 * a) - math.cos(4 * a)
        pts.append((cx + x * scale, cy - (y + 2.5) * scale))
    return pts


def _star(cx: float, cy: float, size: float) -> list[Point]:
    outer, inner = size / 2, size / 2 * 0.42
    pts = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + radius * math.cos(a), cy + 0.06 * size + radius * math.sin(a)))
    return pts


def _rose_spots(cx: float, cy: float, size: float) -> list[Point]:
    """The centres of a rose's five petals."""
    ring = size * 0.26
    return [
        (cx + ring * math.cos(a), cy + ring * math.sin(a))
        for a in (-math.pi / 2 + k * 2 * math.pi / 5 for k in range(5))
    ]


def _grow(pts: Sequence[Point], centre: Point, by: float) -> list[Point]:
    return [(centre[0] + (x - centre[0]) * by, centre[1] + (y - centre[1]) * by) for x, y in pts]


def _draw_nature(draw: ImageDraw.ImageDraw, nature: str, cx: float, cy: float, size: float, edge: float) -> kit.Box:
    """One shape at ``(cx, cy)``, ``size`` across, with a light outline ``edge`` wide; returns its ink box."""
    fill = kit.with_alpha(NATURE_COLOURS[nature], 255)
    rim = kit.with_alpha(CARD_EDGE, 255)
    if nature in ("C", "E"):
        pts = _heart(cx, cy, size) if nature == "C" else _star(cx, cy, size)
        centre = (cx, cy) if nature == "C" else (cx, cy + 0.06 * size)
        grown = _grow(pts, centre, 1 + (2 if nature == "C" else 3) * edge / size)
        draw.polygon(grown, fill=rim)
        draw.polygon(pts, fill=fill)
        xs, ys = [x for x, _ in grown], [y for _, y in grown]
        return (round(min(xs)), round(min(ys)), round(max(xs)), round(max(ys)))
    petal = size * ROSE_PETAL
    spots = _rose_spots(cx, cy, size)
    r = petal + edge
    for x, y in spots:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=rim)
    for x, y in spots:
        draw.ellipse((x - petal, y - petal, x + petal, y + petal), fill=fill)
    core = size * 0.17
    draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=kit.with_alpha(ROSE_HEART, 255))
    dot = core * 0.45
    draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=kit.with_alpha(NATURE_COLOURS["E"], 255))
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    return (round(min(xs) - r), round(min(ys) - r), round(max(xs) + r), round(max(ys) + r))


def fond_letter(fond: str, locale: object) -> str:
    """The background's initial printed on the card (``N V B`` in French, ``K G B`` in English)."""
    return t(locale, f"neuro.render.fond_letter.{fond}")


@lru_cache(maxsize=8)
def _unit_box(nature: str) -> tuple[float, float, float, float]:
    """The ink box of a shape one unit across centred on (0, 0), rim left out."""
    if nature == "R":
        spots = _rose_spots(0, 0, 1)
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        return (min(xs) - ROSE_PETAL, min(ys) - ROSE_PETAL, max(xs) + ROSE_PETAL, max(ys) + ROSE_PETAL)
    pts = _heart(0, 0, 1) if nature == "C" else _star(0, 0, 1)
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return (min(xs), min(ys), max(xs), max(ys))


SMALLEST_FACE: Final = 12
"""Below this a face's shape has no room between its corner letters: a cell of a domain at least 25 rows tall,
which the limits (6 rows at the start) would have to grow 19 times to allow."""


@measure.piece_cache(maxsize=4096)
def _card(code: str, width: int, lang: str) -> Image.Image:
    # Every type at every cell size of the grid in both languages is 2,916 faces (``board.warm_faces``), plus the
    # sizes of hands and headers: a smaller cache would drop the faces of tables still being played.
    nature, fond, force = parse_card(code)
    face = kit.font(index_size(width), True)
    border = max(1, round(width * CARD_BORDER))
    baseline = border + math.ceil(width * INDEX_GAP) - face.getbbox("N", anchor="ls")[1]
    edge = max(1.0, width * 0.025)
    top = baseline + width * INDEX_GAP + edge
    bottom = width - border - edge
    x0, y0, x1, y1 = _unit_box(nature)
    size = min((bottom - top) / (y1 - y0), width * SHAPE_MOST / (x1 - x0))
    cy = top + (bottom - top - (y1 - y0) * size) / 2 - y0 * size
    s = kit.SUPERSAMPLE
    big_w = width * s
    big = Image.new("RGBA", (big_w, big_w), kit.with_alpha(CARD_EDGE, 0))
    draw = ImageDraw.Draw(big)
    radius = card_radius(width) * s
    draw.rounded_rectangle((0, 0, big_w - 1, big_w - 1), radius=radius, fill=kit.with_alpha(CARD_EDGE, 255))
    draw.rounded_rectangle(
        (border * s, border * s, big_w - 1 - border * s, big_w - 1 - border * s),
        radius=max(s, radius - border * s),
        fill=kit.with_alpha(FOND_COLOURS[fond], 255),
    )
    ink = _draw_nature(draw, nature, width / 2 * s, cy * s, size * s, edge * s)
    card = big.resize((width, width), Image.Resampling.BOX)
    shape_box = (ink[0] / s, ink[1] / s, ink[2] / s, ink[3] / s)
    measure.note(t(lang, f"neuro.nature.{nature}"), shape_box[3] - shape_box[1], shape_box, symbol=True)
    cdraw = ImageDraw.Draw(card)
    inset = width * INDEX_INSET
    kit.draw_text(cdraw, (inset, baseline), fond_letter(fond, lang), face, kit.INK, anchor="ls")
    kit.draw_text(cdraw, (width - inset, baseline), force, face, kit.INK, anchor="rs")
    return card


@measure.piece_cache(maxsize=512)
def _variant(code: str, width: int, lang: str, alpha: int, veil: int, cross: bool) -> Image.Image:
    source = _card(code, width, lang)
    card = measure.copied(source, source.copy())
    if alpha < 255:
        card.putalpha(card.getchannel("A").point(lambda v: v * alpha // 255))
    if veil:
        shade = Image.new("RGBA", card.size, (14, 22, 18, 0))
        shade.putalpha(kit.rounded_mask(width, width, card_radius(width)).point(lambda v: v * veil // 255))
        card.alpha_composite(shade)
    if cross:
        s = kit.SUPERSAMPLE
        layer = Image.new("RGBA", (width * s, width * s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(layer)
        pad, line = width * 0.16 * s, max(2, round(width * 0.08)) * s
        colour = kit.with_alpha(kit.ALERT, 255)
        draw.line((pad, pad, width * s - pad, width * s - pad), fill=colour, width=line)
        draw.line((pad, width * s - pad, width * s - pad, pad), fill=colour, width=line)
        card.alpha_composite(layer.resize((width, width), Image.Resampling.BOX))
    return card


def card_image(
    code: str, width: int, locale: object = "fr", *, alpha: int = 255, dim: bool = False, crossed: bool = False
) -> Image.Image:
    """The card ``code`` as a ``width`` px square; ``alpha`` fades it, ``dim`` darkens it (not playable),
    ``crossed`` darkens and crosses it out (cannot be the treasure).

    An unknown code draws a blank tile. Shared by a cache: paste it, never draw on it.
    """
    lang = language(locale)
    try:
        parse_card(code)
    except ValueError:
        return _blank(width)
    code = str(code).upper()
    if alpha == 255 and not dim and not crossed:
        return _card(code, width, lang)
    return _variant(code, width, lang, alpha, FADE_CROSSED if crossed else FADE_DIM if dim else 0, crossed)


@lru_cache(maxsize=64)
def _blank(width: int) -> Image.Image:
    tile = Image.new("RGBA", (width, width), kit.with_alpha(CARD_EDGE, 0))
    kit.panel(tile, (0, 0, width, width), card_radius(width), (120, 120, 120), outline=CARD_EDGE, width=2)
    return tile


SHADOW: Final = Shadow(blur=3, offset=(1, 3), opacity=120)
"""The soft shadow under a card."""


def lay_card(
    canvas: Image.Image,
    card: Image.Image,
    xy: tuple[float, float],
    *,
    shadow: bool = True,
    halo: tuple[kit.Colour, int] | None = None,
) -> None:
    """A card at ``xy`` (its top left, rounded to the pixel) on its shadow unless ``shadow`` is off, in a ``halo``
    (colour and spread: the last move, the treasure): the kit's ``lay_card`` with this game's corners and shadow."""
    at = (round(xy[0]), round(xy[1]))
    radius = card_radius(card.width)
    laying.lay_card(canvas, card, at, shadow=SHADOW if shadow else False, glow=halo, radius=radius)


def carton(
    canvas: Image.Image,
    centre: Point,
    text: str,
    fill: kit.Colour,
    height: int,
    *,
    ink: kit.Colour = kit.INK_DARK,
    min_width: int = 0,
    size: int | None = None,
    ground: kit.RGBA | None = None,
) -> kit.Box:
    """A small rounded carton with a bold label (``size`` px, else a share of the height), centred on ``centre``;
    returns its box. On a plain ``ground`` it is copied from a carton drawn once on that colour."""
    face = kit.font(size or max(8, round(height * CARTON_TEXT)), True)
    width = max(min_width, height, round(kit.text_width(text, face) + face.size * 0.8))
    x0, y0 = round(centre[0] - width / 2), round(centre[1] - height / 2)
    box = (x0, y0, x0 + width, y0 + height)
    if ground is None:
        _draw_carton(canvas, box, centre[1], text, fill, ink, face)
        return box

    def draw(image: Image.Image, at: tuple[float, float]) -> None:
        x, y = int(at[0]), int(at[1])
        _draw_carton(image, (x, y, x + width, y + height), y + centre[1] - y0, text, fill, ink, face)

    key = ("carton", text, fill, ink, face, width, height, centre[1] - y0)
    CARTONS.draw(canvas, (x0, y0), key, ground, (0, 0, width, height), draw)
    return box


CARTONS: Final = Flat(maxsize=256)
"""Cartons (the bases, the personal mentions) on the grounds they lie on, shared by every table."""


def _draw_carton(
    canvas: Image.Image, box: kit.Box, cy: float, text: str, fill: kit.Colour, ink: kit.Colour, face: kit.Font
) -> None:
    height = box[3] - box[1]
    kit.panel(canvas, box, max(2, height // 4), fill, outline=kit.PAPER, width=max(1, height // 12))
    kit.draw_text(ImageDraw.Draw(canvas), ((box[0] + box[2]) / 2, cy), text, face, ink, anchor="mm")


def pips(canvas: Image.Image, box: kit.Box, colours: Sequence[kit.Colour], diameter: int) -> None:
    """One disc per bid in the bidder's colour, centred along the bottom edge of the card ``box`` (closer together
    when many share a card); the bids' numbers and cells are the table message's words."""
    if not colours:
        return
    x0, _y0, x1, y1 = box
    room = x1 - x0 - diameter
    step = min(diameter + 2.0, room / (len(colours) - 1)) if len(colours) > 1 else 0.0
    left = (x0 + x1) / 2 - step * (len(colours) - 1) / 2 - diameter / 2
    top = y1 - diameter * 0.7
    for k, colour in enumerate(colours):
        x = round(left + k * step)
        kit.disc(canvas, (x + diameter / 2, top + diameter / 2), diameter + 2, kit.INK_DARK)
        kit.disc(canvas, (x + diameter / 2, top + diameter / 2), diameter, colour)
    with measure.secondary():
        measure.note(
            "●" * len(colours),
            diameter,
            (left, top, left + step * (len(colours) - 1) + diameter, top + diameter),
            symbol=True,
        )


def mention_label(mention: str, locale: str) -> str:
    """A personal carton's mention as printed: ``0 1 2`` or the attribute's word."""
    return t(locale, f"neuro.render.mention.{mention}") if mention in MENTIONS else mention


def signed(n: int) -> str:
    """``+5``, ``-1``, ``0``."""
    return f"+{n}" if n > 0 else str(n)
