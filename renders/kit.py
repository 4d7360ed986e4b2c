"""The drawing kit every game's pictures share: bundled fonts, palette, text, panels, cards, PNG encoding.

Everything is drawn with Pillow from the bundled fonts (``renders.typeface``), so a picture looks the same on every
host and needs no downloaded asset. Pillow's own shapes are not antialiased, so rounded shapes go through supersampled
masks. Everything costly (fonts, masks, card faces, shadows) is cached: a render only pastes ready pieces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageChops
from PIL import ImageDraw
from PIL import ImageFilter
from PIL import _imaging as pillow_core

from bot.i18n import has
from bot.i18n import language
from bot.i18n import t
from renders import measure
from renders import memory
from renders.blending import blend_quickly
from renders.blending import blendable
from renders.blending import ring_spans
from renders.typeface import FONT_BOLD as FONT_BOLD
from renders.typeface import FONT_DIR as FONT_DIR
from renders.typeface import FONT_REGULAR as FONT_REGULAR
from renders.typeface import NOTDEF_PROBE as NOTDEF_PROBE
from renders.typeface import Font as Font
from renders.typeface import MemoFont
from renders.typeface import clean_text as clean_text
from renders.typeface import face_index as face_index
from renders.typeface import fallbacks as fallbacks
from renders.typeface import font as font
from renders.typeface import has_glyph as has_glyph
from renders.typeface import pieces_of
from renders.typeface import segments as segments
from renders.typeface import text_width as text_width

memory.keep_freed_memory()  # every process that draws pictures imports the kit first

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA
Box = tuple[int, int, int, int]

# --- palette -------------------------------------------------------------------------------------------------

FELT: Final[RGB] = (24, 98, 62)
FELT_LIGHT: Final[RGB] = (38, 126, 82)
FELT_DARK: Final[RGB] = (12, 58, 36)
PANEL: Final[RGBA] = (6, 36, 22, 170)
PANEL_SOLID: Final[RGB] = (15, 62, 40)
PANEL_EDGE: Final[RGBA] = (255, 255, 255, 38)
INK: Final[RGB] = (246, 243, 232)
INK_DIM: Final[RGB] = (176, 204, 188)
INK_DARK: Final[RGB] = (28, 30, 34)
GOLD: Final[RGB] = (246, 200, 62)
GOLD_DARK: Final[RGB] = (168, 122, 20)
ALERT: Final[RGB] = (226, 72, 64)
SUIT_RED: Final[RGB] = (204, 28, 44)
SUIT_BLACK: Final[RGB] = (26, 26, 32)
PAPER: Final[RGB] = (253, 251, 245)
PAPER_EDGE: Final[RGB] = (168, 166, 160)
FIGURE_TINT: Final[RGB] = (250, 236, 196)
BACK_BLUE: Final[RGB] = (34, 62, 140)
BACK_RED: Final[RGB] = (150, 30, 44)
HEADER: Final[RGBA] = (4, 30, 18, 150)

SEAT_COLOURS: Final[tuple[RGB, ...]] = (
    (255, 122, 110),  # coral
    (96, 182, 255),  # sky
    (255, 214, 80),  # sun
    (204, 150, 255),  # lilac
    (255, 166, 72),  # orange
    (255, 128, 200),  # pink
    (90, 226, 232),  # cyan
    (190, 236, 110),  # lime
    (236, 236, 236),  # white
    (222, 186, 140),  # sand
)
"""One colour per seat, all readable on the dark felt panels and distinct from each other."""


def seat_colour(seat: int) -> RGB:
    """The colour of ``seat`` (wraps after ten seats)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def with_alpha(colour: Colour, alpha: int) -> RGBA:
    return (colour[0], colour[1], colour[2], alpha)


def mix(a: Colour, b: Colour, amount: float) -> RGB:
    """``a`` moved ``amount`` (0..1) of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


# --- text ----------------------------------------------------------------------------------------------------

ELLIPSIS: Final = "…"


@lru_cache(maxsize=8192)
def fit_text(text: str, face: Font, max_width: float, ellipsis: str = ELLIPSIS) -> str:
    """``text`` cut at a character boundary and ended with an ellipsis so that it fits ``max_width``.

    Remembered: the same long names are cut to the same widths on every move.
    """
    if text_width(text, face) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ellipsis, face) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ellipsis if face.getlength(ellipsis) <= max_width else ""
    return text[:lo].rstrip() + ellipsis


def fit_font(text: str, max_width: float, size: int, min_size: int, bold: bool = False) -> Font:
    """The largest font between ``min_size`` and ``size`` in which ``text`` fits ``max_width``."""
    for candidate in range(size, min_size, -1):
        if text_width(text, font(candidate, bold)) <= max_width:
            return font(candidate, bold)
    return font(min_size, bold)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: Font,
    fill: Colour,
    *,
    anchor: str = "la",
    max_width: float | None = None,
    stroke: int = 0,
    stroke_fill: Colour | None = None,
) -> float:
    """Draw ``text`` (cut with an ellipsis past ``max_width``); return the width drawn."""
    if max_width is not None:
        text = fit_text(text, face, max_width)
    if not text:
        return 0.0
    pieces = pieces_of(text, face)
    if len(pieces) == 1 and pieces[0][1] is face:
        if stroke:
            draw.text(xy, text, font=face, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
        else:
            put_text(draw, xy, text, face, fill, anchor)
        if measure.noting():
            measure.note(text, face.size, draw.textbbox(xy, text, font=face, anchor=anchor))
        return face.getlength(text)
    return _draw_pieces(draw, xy, pieces, face, fill, anchor, stroke, stroke_fill)


def _draw_pieces(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    pieces: Sequence[tuple[str, Font]],
    face: Font,
    fill: Colour,
    anchor: str,
    stroke: int,
    stroke_fill: Colour | None,
) -> float:
    """Draw a line set in several fonts as one, placed by ``anchor`` on the metrics of its main ``face``."""
    width = sum(piece_face.getlength(piece) for piece, piece_face in pieces)
    ascent, descent = face.getmetrics()
    horizontal, vertical = anchor[0], anchor[1]
    x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}.get(horizontal, 0.0)
    baseline = xy[1] + {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "d": -descent, "b": -descent}.get(
        vertical, 0.0
    )
    start = x
    for piece, piece_face in pieces:
        if stroke:
            draw.text(
                (x, baseline),
                piece,
                font=piece_face,
                fill=fill,
                anchor="ls",
                stroke_width=stroke,
                stroke_fill=stroke_fill,
            )
        else:
            put_text(draw, (x, baseline), piece, piece_face, fill, "ls")
        x += piece_face.getlength(piece)
    measure.note("".join(piece for piece, _ in pieces), face.size, (start, baseline - ascent, x, baseline + descent))
    return width


def put_text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: Font, fill: Colour, anchor: str
) -> None:
    """``draw.text`` of one line without stroke: the same mask at the same place, without the layout of lines and
    the checks Pillow makes on every call (they cost more than pasting a remembered mask)."""
    if not isinstance(face, MemoFont) or not isinstance(fill, tuple) or draw.palette is not None or "\n" in text:
        draw.text(xy, text, font=face, fill=fill, anchor=anchor)
        return
    ink = draw.draw.draw_ink(fill)
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    mask, offset = face.getmask2(text, draw.fontmode, None, None, None, 0, anchor, ink, start, stroke_filled=True)
    draw.draw.draw_bitmap((int(x) + offset[0], int(y) + offset[1]), mask, ink)


def draw_centered(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    face: Font,
    fill: Colour,
    *,
    max_width: float | None = None,
) -> float:
    """Draw ``text`` centred on ``centre`` (horizontally on its advance, vertically on the font's middle)."""
    return draw_text(draw, centre, text, face, fill, anchor="mm", max_width=max_width)


def draw_glyph(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, face: Font, fill: Colour) -> None:
    """Draw ``text`` with its ink box centred on ``centre``: symbols like ♦ sit off their line's middle."""
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    put_text(draw, (x, y), text, face, fill, "ls")
    measure.note(text, bottom - top, (x + left, y + top, x + right, y + bottom), symbol=True)


Run = tuple[str, Font, Colour]


def runs_width(runs: Sequence[Run]) -> float:
    return sum(text_width(text, face) for text, face, _ in runs)


NAME_MARK = "\x00"
"""Stands for the ``{name}`` of a catalog line, so that the name can be drawn in its own style."""


def catalog_runs(
    locale: object,
    key: str,
    name: str,
    face: Font,
    fill: Colour,
    name_fill: Colour,
    max_width: float,
    **params: object,
) -> list[Run]:
    """A catalog line whose ``{name}`` is drawn bold in its own colour and cut to keep the line in ``max_width``."""
    line = t(locale, key, name=NAME_MARK, **params)
    return name_runs(line, name, face, fill, font(face.size, True), name_fill, max_width)


def name_runs(
    line: str, name: str, face: Font, fill: Colour, name_face: Font, name_fill: Colour, max_width: float
) -> list[Run]:
    """Split ``line`` at ``NAME_MARK`` into runs: the name in its own style, cut to keep the line in ``max_width``."""
    before, _, after = line.partition(NAME_MARK)
    room = max_width - text_width(before + after, face)
    return [(before, face, fill), (fit_text(name, name_face, room), name_face, name_fill), (after, face, fill)]


def draw_runs(draw: ImageDraw.ImageDraw, xy: tuple[float, float], runs: Sequence[Run], *, align: str = "left") -> float:
    """Draw differently styled pieces of one line on a shared baseline, vertically centred on ``xy[1]``.

    ``align`` says whether ``xy[0]`` is the left end, the right end or the centre of the line. Returns the width.
    """
    runs = [run for run in runs if run[0]]
    if not runs:
        return 0.0
    width = runs_width(runs)
    x = xy[0] - (width if align == "right" else width / 2 if align == "center" else 0)
    ascent = max(face.getmetrics()[0] for _, face, _ in runs)
    descent = max(face.getmetrics()[1] for _, face, _ in runs)
    baseline = xy[1] + (ascent - descent) / 2
    for text, face, fill in runs:
        for piece, piece_face in pieces_of(text, face):
            put_text(draw, (x, baseline), piece, piece_face, fill, "ls")
            x += piece_face.getlength(piece)
        measure.note(text, face.size, (x - text_width(text, face), baseline - ascent, x, baseline + descent))
    return width


# --- shapes --------------------------------------------------------------------------------------------------

SUPERSAMPLE: Final = 4


@lru_cache(maxsize=512)
def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """An antialiased rounded-rectangle mask ("L"), drawn large and scaled down.

    Only its four corners are not fully opaque: a large mask is the opaque rectangle with the corners of a small one
    pasted in (the very pixels of drawing it whole, tested; a 600 px frame costs 0.3 ms instead of 6 to 13)."""
    side = radius + 1
    if width < 2 * side or height < 2 * side:
        return _drawn_mask(width, height, radius)
    corners = _drawn_mask(2 * side, 2 * side, radius)
    mask = Image.new("L", (width, height), 255)
    for x, to_x in ((0, 0), (side, width - side)):
        for y, to_y in ((0, 0), (side, height - side)):
            mask.paste(corners.crop((x, y, x + side, y + side)), (to_x, to_y))
    return mask


def _drawn_mask(width: int, height: int, radius: int) -> Image.Image:
    """A rounded-rectangle mask drawn whole, ``SUPERSAMPLE`` times larger, then scaled down."""
    s = SUPERSAMPLE
    big = Image.new("L", (width * s, height * s), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=radius * s, fill=255)
    return big.resize((width, height), Image.Resampling.BOX)


@lru_cache(maxsize=512)
def ring_mask(width: int, height: int, radius: int, thickness: int) -> Image.Image:
    """The border band of a rounded rectangle, ``thickness`` px wide, antialiased on both edges."""
    inner = Image.new("L", (width, height), 0)
    if width > 2 * thickness and height > 2 * thickness:
        inner.paste(
            rounded_mask(width - 2 * thickness, height - 2 * thickness, max(radius - thickness, 0)),
            (thickness, thickness),
        )
    return ImageChops.subtract(rounded_mask(width, height, radius), inner)


@lru_cache(maxsize=256)
def disc_mask(diameter: int) -> Image.Image:
    """An antialiased disc mask."""
    s = SUPERSAMPLE
    big = Image.new("L", (diameter * s, diameter * s), 0)
    ImageDraw.Draw(big).ellipse((0, 0, diameter * s - 1, diameter * s - 1), fill=255)
    return big.resize((diameter, diameter), Image.Resampling.BOX)


@lru_cache(maxsize=1024)
def _solid(size: tuple[int, int], colour: Colour, mask_key: tuple[str, tuple[int, ...]]) -> Image.Image:
    kind, args = mask_key
    mask = {"round": rounded_mask, "ring": ring_mask, "disc": disc_mask}[kind](*args)
    alpha = colour[3] if len(colour) == 4 else 255
    if alpha != 255:
        mask = mask.point(lambda v: v * alpha // 255)
    layer = Image.new("RGBA", size, with_alpha(colour, 0))
    layer.putalpha(mask)
    spans = ring_spans(mask, args[3] + 1, args[2]) if kind == "ring" else ((0, 0, *size),)
    return blendable(layer, with_alpha(colour, 255), spans)


def paste(canvas: Image.Image, layer: Image.Image, xy: tuple[int, int]) -> None:
    """Alpha-composite ``layer`` onto the RGBA ``canvas`` at ``xy``, clipped to the canvas.

    The pixels of ``Image.alpha_composite``, through Pillow's core in three calls: a picture pastes hundreds of
    pieces, and the checks and copies of the Python layer cost as much as the blending of a card.
    """
    x, y = int(xy[0]), int(xy[1])
    left, top = max(0, -x), max(0, -y)
    right = min(layer.width, canvas.width - x)
    bottom = min(layer.height, canvas.height - y)
    if right <= left or bottom <= top:
        return
    if blend_quickly(canvas, layer, x, y):
        measure.pasted(layer, (x, y))
        return
    whole = left == 0 and top == 0 and right == layer.width and bottom == layer.height
    source = layer.im if whole else layer.im.crop((left, top, right, bottom))
    box = (x + left, y + top, x + right, y + bottom)
    canvas.im.paste(pillow_core.alpha_composite(canvas.im.crop(box), source), box)
    measure.pasted(layer, (x, y))


def panel(
    canvas: Image.Image,
    box: Box,
    radius: int,
    fill: Colour,
    *,
    outline: Colour | None = None,
    width: int = 2,
    shadow: bool = False,
) -> None:
    """A rounded panel on the RGBA ``canvas``: antialiased, optionally outlined and lifted by a soft shadow."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w <= 0 or h <= 0:
        return
    if shadow:
        drop_shadow(canvas, box, radius)
    paste(canvas, _solid((w, h), fill, ("round", (w, h, radius))), (x0, y0))
    if outline is not None and width > 0:
        paste(canvas, _solid((w, h), outline, ("ring", (w, h, radius, width))), (x0, y0))


def seat_frame(
    canvas: Image.Image,
    frame: Box,
    colour: Colour,
    *,
    lit: bool,
    edge: Colour | None = None,
    tint: float = 0.25,
    shadow: bool = False,
    stripe: bool = True,
) -> None:
    """One player's line on a table (or, without ``stripe``, any section): tinted with ``colour`` and outlined in
    ``edge`` when lit (their turn, the winner), the plain panel otherwise; the stripe is the seat's colour."""
    x0, y0, _x1, y1 = frame
    if lit:
        panel(canvas, frame, 12, mix(PANEL_SOLID, colour, tint), outline=edge or colour, width=3, shadow=shadow)
    else:
        panel(canvas, frame, 12, PANEL, outline=PANEL_EDGE, width=1)
    if stripe:
        panel(canvas, (x0 + 8, y0 + 8, x0 + 14, y1 - 8), 3, colour)


def header_strip(canvas: Image.Image, height: int) -> None:
    """The darker band across the top of a picture that holds its title line."""
    panel(canvas, (0, 0, canvas.width, height), 0, HEADER)


def disc(canvas: Image.Image, centre: tuple[float, float], diameter: int, fill: Colour) -> None:
    """An antialiased filled circle."""
    x, y = round(centre[0] - diameter / 2), round(centre[1] - diameter / 2)
    paste(canvas, _solid((diameter, diameter), fill, ("disc", (diameter,))), (x, y))


@lru_cache(maxsize=256)
def _shadow(width: int, height: int, radius: int, blur: int, opacity: int) -> Image.Image:
    pad = blur * 3
    mask = Image.new("L", (width + 2 * pad, height + 2 * pad), 0)
    mask.paste(rounded_mask(width, height, radius), (pad, pad))
    mask = mask.filter(ImageFilter.GaussianBlur(blur)).point(lambda v: v * opacity // 255)
    layer = Image.new("RGBA", mask.size, (0, 0, 0, 0))
    layer.putalpha(mask)
    return blendable(layer, (0, 0, 0, 255), ((0, 0, *mask.size),))


def drop_shadow(
    canvas: Image.Image, box: Box, radius: int, *, blur: int = 5, offset: tuple[int, int] = (2, 4), opacity: int = 120
) -> None:
    """A soft shadow under the rounded rectangle ``box``."""
    x0, y0, x1, y1 = box
    pad = blur * 3
    paste(canvas, _shadow(x1 - x0, y1 - y0, radius, blur, opacity), (x0 - pad + offset[0], y0 - pad + offset[1]))


@lru_cache(maxsize=128)
def glow(width: int, height: int, radius: int, colour: Colour, spread: int) -> Image.Image:
    """A coloured halo around a ``width`` x ``height`` rounded shape, ``spread`` px larger on every side.

    Paste it at the shape's position minus ``spread`` before the shape itself.
    """
    mask = Image.new("L", (width + 2 * spread, height + 2 * spread), 0)
    grown = rounded_mask(width + spread, height + spread, radius + spread // 2)
    mask.paste(grown, (spread // 2, spread // 2))
    mask = mask.filter(ImageFilter.GaussianBlur(spread / 2.5))
    mask = mask.point(lambda v: min(255, v * 2))
    layer = Image.new("RGBA", mask.size, with_alpha(colour, 0))
    layer.putalpha(mask)
    return blendable(layer, with_alpha(colour, 255), ((0, 0, *mask.size),))


@lru_cache(maxsize=64)
def felt(width: int, height: int) -> Image.Image:
    """The table background: plain felt green. Cached: copy it before drawing on it.

    Plain rather than a radial gradient: the panels hide most of the felt, and a flat colour makes every picture
    about a third smaller and faster to encode.
    """
    return Image.new("RGBA", (width, height), with_alpha(FELT, 255))


def new_canvas(width: int, height: int) -> Image.Image:
    """A fresh RGBA picture on the felt."""
    return felt(width, height).copy()


@lru_cache(maxsize=64)
def coin(diameter: int, colour: RGB = GOLD) -> Image.Image:
    """A token: a coin with a rim, for scores and stakes."""
    s = SUPERSAMPLE
    d = diameter * s
    big = Image.new("RGBA", (d, d), with_alpha(colour, 0))
    draw = ImageDraw.Draw(big)
    rim = mix(colour, (0, 0, 0), 0.35)
    draw.ellipse((0, 0, d - 1, d - 1), fill=with_alpha(rim, 255))
    edge = max(s, d // 9)
    draw.ellipse((edge, edge, d - 1 - edge, d - 1 - edge), fill=with_alpha(colour, 255))
    inner = d // 4
    draw.ellipse((inner, inner, d - 1 - inner, d - 1 - inner), outline=with_alpha(rim, 255), width=max(s, d // 16))
    return big.resize((diameter, diameter), Image.Resampling.BOX)


def pill(
    canvas: Image.Image,
    xy: tuple[float, float],
    runs: Sequence[Run],
    fill: Colour,
    *,
    align: str = "left",
    height: int | None = None,
    pad: int | None = None,
    outline: Colour | None = None,
) -> Box:
    """A rounded label holding ``runs``, vertically centred on ``xy[1]``; ``align`` as in :func:`draw_runs`.

    Returns the pill's box so that callers can chain labels.
    """
    size = max(face.size for _, face, _ in runs)
    height = height or round(size * 1.6)
    pad = pad if pad is not None else round(size * 0.6)
    width = round(runs_width(runs)) + 2 * pad
    x0 = round(xy[0] - (width if align == "right" else width / 2 if align == "center" else 0))
    y0 = round(xy[1] - height / 2)
    box = (x0, y0, x0 + width, y0 + height)
    panel(canvas, box, height // 2, fill, outline=outline, width=2)
    draw_runs(ImageDraw.Draw(canvas), (x0 + pad, xy[1]), runs)
    return box


# --- playing cards -------------------------------------------------------------------------------------------

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final = ("S", "H", "D", "C")
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS: Final = frozenset({"H", "D"})
FIGURES: Final = frozenset({"J", "Q", "K"})
CARD_RATIO: Final = 1.4
ALL_CARDS: Final = tuple(rank + suit for suit in SUITS for rank in RANKS)


def parse_card(code: str) -> tuple[str, str]:
    """Split a card code such as ``"10D"`` into rank and suit; raise ``ValueError`` on anything else."""
    rank, suit = code[:-1].upper(), code[-1:].upper()
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card code: {code!r}")
    return rank, suit


def suit_colour(suit: str) -> RGB:
    return SUIT_RED if suit in RED_SUITS else SUIT_BLACK


def rank_label(rank: str, locale: object) -> str:
    """The rank as printed on a card face: ``V D R`` for the French figures, ``J Q K`` in English."""
    return t(locale, f"render.rank.{rank}")


def rank_name(rank: str, locale: object) -> str:
    """The rank as a word where it has one ("dame", "queen"), else its number: for phrases like "sans dame"."""
    key = f"render.rank_name.{rank}"
    return t(locale, key) if has(key) else rank_label(rank, locale)


def card_label(code: str, locale: object) -> str:
    """A card as short text, e.g. ``"D♠"`` in French or ``"Q♠"`` in English."""
    rank, suit = parse_card(code)
    return rank_label(rank, locale) + SUIT_SYMBOLS[suit]


def card_size(width: int) -> tuple[int, int]:
    """Width and height of a card drawn ``width`` px wide."""
    return width, round(width * CARD_RATIO)


def card_radius(width: int) -> int:
    return max(3, round(width * 0.08))


@dataclass(frozen=True)
class RimmedCard:
    """A card being drawn ``scale`` times larger than shown: a white rim around a coloured body; ``inset`` is the
    rim's width on ``image`` (draw on ``draw``, then ``finish``)."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    scale: int
    inset: int

    def finish(self, width: int, resample: Image.Resampling = Image.Resampling.LANCZOS) -> Image.Image:
        """The card at its size, with the thin edge that sets it apart from a light background.

        ``BOX`` (the plain average of each block) is as smooth as ``LANCZOS`` on flat cards, and leaves no ringing
        around their edges: a picture of many such cards compresses to about two thirds.
        """
        card = measure.resized(self.image, card_size(width), resample)
        panel(card, (0, 0, card.width, card.height), card_radius(width), (0, 0, 0, 0), outline=PAPER_EDGE, width=1)
        return card


def rimmed_card(width: int, scale: int, body: Colour, min_rim: int = 2) -> RimmedCard:
    """The start of a card face or back drawn at ``scale`` (sharp edges once shrunk): paper, then the body inside."""
    w, h = card_size(width)
    big_w, big_h = w * scale, h * scale
    image = Image.new("RGBA", (big_w, big_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = card_radius(width) * scale
    draw.rounded_rectangle((0, 0, big_w - 1, big_h - 1), radius=radius, fill=with_alpha(PAPER, 255))
    inset = max(min_rim, round(width * 0.055)) * scale
    draw.rounded_rectangle(
        (inset, inset, big_w - 1 - inset, big_h - 1 - inset),
        radius=max(scale, radius - inset // 2),
        fill=with_alpha(body, 255),
    )
    return RimmedCard(image, draw, scale, inset)


@lru_cache(maxsize=64)
def _blank_card(width: int, paper: RGB = PAPER) -> Image.Image:
    w, h = card_size(width)
    radius = card_radius(width)
    card = Image.new("RGBA", (w, h), with_alpha(paper, 0))
    paste(card, _solid((w, h), paper, ("round", (w, h, radius))), (0, 0))
    paste(card, _solid((w, h), PAPER_EDGE, ("ring", (w, h, radius, max(1, width // 60)))), (0, 0))
    return card


@measure.piece_cache(maxsize=256)
def _corner_index(label: str, suit: str, width: int) -> Image.Image:
    """Rank over suit, as printed in a card's corner; sized so that "10" still fits a narrow overlap."""
    ink = suit_colour(suit)
    rank_size = round(width * 0.28)
    rank_face = font(rank_size, True)
    max_rank_width = width * 0.32
    while rank_size > 6 and rank_face.getlength(label) > max_rank_width:
        rank_size -= 1
        rank_face = font(rank_size, True)
    suit_face = font(max(6, round(width * 0.25)))
    symbol = SUIT_SYMBOLS[suit]
    r_left, r_top, r_right, r_bottom = rank_face.getbbox(label, anchor="ls")
    s_left, s_top, s_right, s_bottom = suit_face.getbbox(symbol, anchor="ls")
    gap = max(1, round(width * 0.03))
    col = round(max(r_right - r_left, s_right - s_left, width * 0.2)) + 2
    height = round((r_bottom - r_top) + gap + (s_bottom - s_top)) + 2
    index = Image.new("RGBA", (col, height), with_alpha(ink, 0))
    draw = ImageDraw.Draw(index)
    draw.text((col / 2 - (r_left + r_right) / 2, 1 - r_top), label, font=rank_face, fill=ink, anchor="ls")
    y = 1 + (r_bottom - r_top) + gap
    draw.text((col / 2 - (s_left + s_right) / 2, y - s_top), symbol, font=suit_face, fill=ink, anchor="ls")
    measure.note(label, rank_face.size, (0, 0, col, r_bottom - r_top))
    measure.note(symbol, s_bottom - s_top, (0, y, col, height), symbol=True)
    return index


@measure.piece_cache(maxsize=1024)
def _face(code: str, width: int, lang: str) -> Image.Image:
    rank, suit = parse_card(code)
    ink = suit_colour(suit)
    label = rank_label(rank, lang)
    card = _blank_card(width).copy()
    w, h = card.size
    small = width < 56
    index = _corner_index(label, suit, round(width * 1.25) if small else width)
    margin_x = max(2, round(width * 0.05))
    margin_y = max(2, round(width * 0.06))
    paste(card, index, (margin_x, margin_y))
    if not small:
        paste(card, index.rotate(180), (w - margin_x - index.width, h - margin_y - index.height))
    draw = ImageDraw.Draw(card)
    centre = (w / 2, h / 2 + (h * 0.12 if small else 0))
    symbol = SUIT_SYMBOLS[suit]
    if rank in FIGURES and not small:
        medal = round(w * 0.6)
        disc(card, (w / 2, h / 2), medal + max(2, round(w * 0.05)), mix(ink, PAPER, 0.25))
        disc(card, (w / 2, h / 2), medal, FIGURE_TINT)
        draw_glyph(draw, (w / 2, h / 2 - medal * 0.1), label, font(round(w * 0.34), True), ink)
        draw_glyph(draw, (w / 2, h / 2 + medal * 0.28), symbol, font(round(w * 0.17)), ink)
    else:
        size = 0.78 if rank == "A" else 0.56
        if small:
            size = 0.62
        draw_glyph(draw, centre, symbol, font(round(w * size)), ink)
    return card


@measure.piece_cache(maxsize=2048)
def _marked(code: str, width: int, lang: str, badge: str | None, ring: Colour | None, dim: bool) -> Image.Image:
    face = _face(code, width, lang)
    card = measure.copied(face, face.copy())
    w, h = card.size
    if dim:
        veil = _solid((w, h), (40, 48, 44, 120), ("round", (w, h, card_radius(width))))
        paste(card, veil, (0, 0))
    if ring is not None:
        thickness = max(2, round(width * 0.045))
        paste(card, _solid((w, h), ring, ("ring", (w, h, card_radius(width), thickness))), (0, 0))
    if badge:
        draw_badge(card, (w - w * 0.2, w * 0.2), round(w * 0.3), badge, fill=ring or GOLD)
    return card


def card_face(
    code: str,
    width: int,
    locale: object = "fr",
    *,
    badge: str | None = None,
    ring: Colour | None = None,
    dim: bool = False,
) -> Image.Image:
    """The face of card ``code``, ``width`` px wide (height = width x 1.4), with rank labels in ``locale``.

    ``ring`` draws a coloured border (selection, emphasis), ``badge`` a round label in the top right corner
    (a number or letter that buttons refer to), ``dim`` greys the card out (not playable). The image is
    shared by a cache: paste it, never draw on it.
    """
    lang = language(locale)
    if badge is None and ring is None and not dim:
        return _face(code, width, lang)
    return _marked(code, width, lang, badge, ring, dim)


def draw_badge(canvas: Image.Image, centre: tuple[float, float], diameter: int, text: str, fill: Colour = GOLD) -> None:
    """A round badge with a short bold label (a number or a letter)."""
    disc(canvas, centre, diameter + max(2, diameter // 10), PAPER)
    disc(canvas, centre, diameter, fill)
    face = fit_font(text, diameter * 0.8, round(diameter * 0.62), 6, True)
    draw_glyph(ImageDraw.Draw(canvas), centre, text, face, INK_DARK)


@lru_cache(maxsize=64)
def card_back(width: int, colour: RGB = BACK_BLUE) -> Image.Image:
    """The back of a card: a lattice inside a white border. Shared by a cache: paste it, never draw on it."""
    w, h = card_size(width)
    s = 3
    big = Image.new("RGBA", (w * s, h * s), with_alpha(PAPER, 0))
    draw = ImageDraw.Draw(big)
    radius = card_radius(width) * s
    draw.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=radius, fill=with_alpha(PAPER, 255))
    border = max(2 * s, round(width * 0.07) * s)
    inner = (border, border, w * s - 1 - border, h * s - 1 - border)
    draw.rounded_rectangle(inner, radius=max(s, radius - border // 2), fill=with_alpha(colour, 255))
    light = with_alpha(mix(colour, PAPER, 0.35), 255)
    step = max(4 * s, round(width * 0.14) * s)
    line = max(1, s * width // 70)
    pattern = Image.new("RGBA", big.size, (0, 0, 0, 0))
    pdraw = ImageDraw.Draw(pattern)
    for offset in range(-h * s, w * s + h * s, step):
        pdraw.line((offset, 0, offset + h * s, h * s), fill=light, width=line)
        pdraw.line((offset, h * s, offset + h * s, 0), fill=light, width=line)
    clip = Image.new("L", big.size, 0)
    ImageDraw.Draw(clip).rounded_rectangle(
        (inner[0] + 2 * s, inner[1] + 2 * s, inner[2] - 2 * s, inner[3] - 2 * s),
        radius=max(s, radius - border),
        fill=255,
    )
    big.paste(pattern, (0, 0), ImageChops.multiply(clip, pattern.getchannel("A")))
    centre = (w * s / 2, h * s / 2)
    rx = w * s * 0.2
    ry = h * s * 0.14
    diamond = [
        (centre[0], centre[1] - ry),
        (centre[0] + rx, centre[1]),
        (centre[0], centre[1] + ry),
        (centre[0] - rx, centre[1]),
    ]
    draw.polygon(diamond, fill=with_alpha(colour, 255), outline=with_alpha(PAPER, 255), width=max(s, line))
    card = big.resize((w, h), Image.Resampling.LANCZOS)
    paste(card, _solid((w, h), PAPER_EDGE, ("ring", (w, h, card_radius(width), max(1, width // 60)))), (0, 0))
    return card


def paste_card(canvas: Image.Image, card: Image.Image, xy: tuple[int, int], *, shadow: bool = True) -> None:
    """Lay a card image (face or back) on the canvas with a soft shadow under it."""
    if shadow:
        x, y = int(xy[0]), int(xy[1])
        radius = card_radius(card.width)
        blur = max(2, card.width // 25)
        drop_shadow(canvas, (x, y, x + card.width, y + card.height), radius, blur=blur, offset=(1, blur), opacity=110)
    paste(canvas, card, xy)


def card_glow(canvas: Image.Image, xy: tuple[int, int], width: int, colour: Colour = GOLD, spread: int = 12) -> None:
    """A halo around the card that will be laid at ``xy``: draw it first, then the card."""
    w, h = card_size(width)
    paste(canvas, glow(w, h, card_radius(width), colour, spread), (xy[0] - spread, xy[1] - spread))
