"""Neurotrio's card art: square tiles in their background colour holding one to three drawn shapes, and the small
cartons (base cartons, personal mentions).

A card is a square tile in its background colour (black, green or blue) holding one, two or three drawn shapes
(heart, five-pointed star or rose): the count is the strength, also written small in the top right corner, and the
background's initial sits in the top left corner for colour-blind players. Sizes inside a card or a carton are
fractions of its side, so the art scales with the grid.
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

SHAPE_SPOTS: Final[dict[int, tuple[tuple[float, float, float], ...]]] = {
    1: ((0.5, 0.54, 0.56),),
    2: ((0.66, 0.36, 0.4), (0.34, 0.68, 0.4)),
    3: ((0.5, 0.31, 0.33), (0.27, 0.7, 0.33), (0.73, 0.7, 0.33)),
}
"""Centre x, centre y and size of each shape, as fractions of the card side, by strength."""
CARD_ROUND: Final = 0.13
"""A card's corner radius, as a fraction of its side."""
CARD_BORDER: Final = 0.05
CORNER_TEXT: Final = 0.2
"""The corner letters' size, as a fraction of the side (cards under ``CORNER_MIN`` px have none)."""
CORNER_MIN: Final = 40
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


def _grow(pts: Sequence[Point], centre: Point, by: float) -> list[Point]:
    return [(centre[0] + (x - centre[0]) * by, centre[1] + (y - centre[1]) * by) for x, y in pts]


def _draw_nature(draw: ImageDraw.ImageDraw, nature: str, cx: float, cy: float, size: float, edge: float) -> None:
    """One shape at ``(cx, cy)``, ``size`` across, with a light outline ``edge`` wide."""
    fill = kit.with_alpha(NATURE_COLOURS[nature], 255)
    rim = kit.with_alpha(CARD_EDGE, 255)
    if nature == "C":
        pts = _heart(cx, cy, size)
        draw.polygon(_grow(pts, (cx, cy), 1 + 2 * edge / size), fill=rim)
        draw.polygon(pts, fill=fill)
    elif nature == "E":
        pts = _star(cx, cy, size)
        draw.polygon(_grow(pts, (cx, cy + 0.06 * size), 1 + 3 * edge / size), fill=rim)
        draw.polygon(pts, fill=fill)
    else:
        petal = size * 0.24
        ring = size * 0.26
        spots = [
            (cx + ring * math.cos(a), cy + ring * math.sin(a))
            for a in (-math.pi / 2 + k * 2 * math.pi / 5 for k in range(5))
        ]
        for x, y in spots:
            r = petal + edge
            draw.ellipse((x - r, y - r, x + r, y + r), fill=rim)
        for x, y in spots:
            draw.ellipse((x - petal, y - petal, x + petal, y + petal), fill=fill)
        core = size * 0.17
        draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=kit.with_alpha(ROSE_HEART, 255))
        dot = core * 0.45
        draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=kit.with_alpha(NATURE_COLOURS["E"], 255))


def fond_letter(fond: str, locale: object) -> str:
    """The background's initial printed on the card (``N V B`` in French, ``K G B`` in English)."""
    return t(locale, f"neuro.render.fond_letter.{fond}")


@lru_cache(maxsize=512)
def _card(code: str, width: int, lang: str) -> Image.Image:
    nature, fond, force = parse_card(code)
    s = kit.SUPERSAMPLE
    big_w = width * s
    big = Image.new("RGBA", (big_w, big_w), kit.with_alpha(CARD_EDGE, 0))
    draw = ImageDraw.Draw(big)
    radius = card_radius(width) * s
    draw.rounded_rectangle((0, 0, big_w - 1, big_w - 1), radius=radius, fill=kit.with_alpha(CARD_EDGE, 255))
    border = max(2, round(width * CARD_BORDER)) * s
    draw.rounded_rectangle(
        (border, border, big_w - 1 - border, big_w - 1 - border),
        radius=max(s, radius - border),
        fill=kit.with_alpha(FOND_COLOURS[fond], 255),
    )
    edge = max(1.0, width * 0.025) * s
    for x, y, size in SHAPE_SPOTS[int(force)]:
        _draw_nature(draw, nature, x * big_w, y * big_w, size * big_w, edge)
    card = big.resize((width, width), Image.Resampling.BOX)
    if width >= CORNER_MIN:
        cdraw = ImageDraw.Draw(card)
        face = kit.font(max(9, round(width * CORNER_TEXT)), True)
        corner = width * 0.065 + face.size * 0.45
        kit.draw_glyph(cdraw, (corner + 1, corner + 1), fond_letter(fond, lang), face, kit.INK)
        kit.draw_glyph(cdraw, (width - corner - 1, corner + 1), force, face, kit.INK)
    return card


@lru_cache(maxsize=512)
def _variant(code: str, width: int, lang: str, alpha: int, veil: int, cross: bool) -> Image.Image:
    card = _card(code, width, lang).copy()
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


def paste_card(canvas: Image.Image, card: Image.Image, xy: tuple[float, float], *, shadow: bool = True) -> None:
    """Paste a card at ``xy`` (its top left), with a soft shadow under it unless ``shadow`` is off."""
    x, y = round(xy[0]), round(xy[1])
    if shadow:
        box = (x, y, x + card.width, y + card.height)
        kit.drop_shadow(canvas, box, card_radius(card.width), blur=3, offset=(1, 3), opacity=120)
    kit.paste(canvas, card, (x, y))


def card_halo(canvas: Image.Image, xy: tuple[float, float], side: int, colour: kit.Colour, spread: int) -> None:
    """A glow around the card of ``side`` px about to be pasted at ``xy``: the last move, the treasure."""
    halo = kit.glow(side, side, card_radius(side), colour, spread)
    kit.paste(canvas, halo, (round(xy[0]) - spread, round(xy[1]) - spread))


def carton(
    canvas: Image.Image,
    centre: Point,
    text: str,
    fill: kit.Colour,
    height: int,
    *,
    ink: kit.Colour = kit.INK_DARK,
    min_width: int = 0,
) -> kit.Box:
    """A small rounded carton with a bold label, centred on ``centre``; returns its box."""
    face = kit.font(max(8, round(height * CARTON_TEXT)), True)
    width = max(min_width, height, round(face.getlength(text) + height * 0.5))
    x0, y0 = round(centre[0] - width / 2), round(centre[1] - height / 2)
    box = (x0, y0, x0 + width, y0 + height)
    kit.panel(canvas, box, max(2, height // 4), fill, outline=kit.PAPER, width=max(1, height // 12))
    kit.draw_glyph(ImageDraw.Draw(canvas), ((box[0] + box[2]) / 2, centre[1]), text, face, ink)
    return box


def mention_label(mention: str, locale: str) -> str:
    """A personal carton's mention as printed: ``0 1 2`` or the attribute's word."""
    return t(locale, f"neuro.render.mention.{mention}") if mention in MENTIONS else mention


def seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    """The seat's name cleaned for the font, or "Player n" when there is none."""
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or t(locale, "neuro.render.player", n=seat + 1)


def vp_change(vp: int, locale: str) -> str:
    """``+5 VP``, ``-1 VP``, ``0 VP``."""
    return t(locale, "neuro.render.vp_change", n=f"+{vp}" if vp > 0 else str(vp))
