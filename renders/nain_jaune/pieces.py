"""Nain Jaune's drawn pieces, shared by the table and the hand: the cards, the state labels and the counts.

The cards are drawn here rather than taken from the kit's playing cards: a phone shows the pictures 265 px wide,
where the kit's corner index and its court cards' medals shrink below a readable size. These faces keep the kit's
paper, edge and suit colours but print only what a player reads, large: the rank and its suit in the top left
corner (still visible when cards overlap), and one big suit below.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.nain_jaune_views import NainJauneTable
from bot.i18n import t
from renders import kit
from renders import measure
from renders.kit import Font

Chip = tuple[str, kit.Colour, kit.Colour]
"""A state label: text, background, ink."""

RANK_SIZE: Final = 0.40
"""The corner rank's font size, as a share of the card's width."""
SUIT_SIZE: Final = 0.44
"""The corner suit's font size (its ink is about three quarters of it)."""
BIG_SUIT_SIZE: Final = 0.62
DIM_VEIL: Final[kit.RGBA] = (40, 48, 44, 120)
CHIP_GAP: Final = 8


def rank_text(rank: str, locale: str) -> str:
    return kit.rank_name(rank, locale) if rank in kit.RANKS else rank


SequenceState = tuple[str | None, str | None, bool]
"""What the state labels say: the rank announced missing, the wanted rank, whether a new sequence is due."""


def sequence_state(table: NainJauneTable) -> SequenceState:
    """The sequence state the labels show (none once the game is over; the wanted rank unless it is the missing one,
    a new sequence only without it)."""
    if table.over:
        return None, None, False
    wanted = table.wanted if table.wanted and table.wanted != table.sans else None
    return table.sans or None, wanted, wanted is None and table.new_sequence


def state_chips(table: NainJauneTable, locale: str) -> list[Chip]:
    """The sequence state as labels: "sans X", the wanted rank or a new sequence (the end of the game aside)."""
    sans, wanted, new_sequence = sequence_state(table)
    chips: list[Chip] = []
    if sans:
        chips.append((t(locale, "nj.render.sans", rank=rank_text(sans, locale)), kit.ALERT, kit.INK))
    if wanted:
        chips.append((t(locale, "nj.render.wanted", rank=rank_text(wanted, locale)), kit.GOLD, kit.INK_DARK))
    elif new_sequence:
        chips.append((t(locale, "nj.render.new_sequence"), kit.INK, kit.INK_DARK))
    return chips


def draw_chips(
    canvas: Image.Image, xy: tuple[float, float], chips: Sequence[Chip], chip_face: Font, *, align: str = "left"
) -> float:
    """Pills in a row from ``xy`` (its left end, or its right end with ``align="right"``); returns the far end."""
    ordered = list(reversed(chips)) if align == "right" else list(chips)
    x = xy[0]
    for text, fill, ink in ordered:
        box = kit.pill(canvas, (x, xy[1]), [(text, chip_face, ink)], fill, align=align)
        x = box[0] - CHIP_GAP if align == "right" else box[2] + CHIP_GAP
    return x + (CHIP_GAP if align == "right" else -CHIP_GAP)


def chips_width(chips: Sequence[Chip], chip_face: Font) -> float:
    """How wide ``draw_chips`` lays ``chips`` (with the kit's pill padding)."""
    pad = 2 * round(chip_face.size * 0.6)
    return sum(chip_face.getlength(text) + pad for text, _, _ in chips) + CHIP_GAP * max(0, len(chips) - 1)


def chip_face(chips: Sequence[Chip], room: float, size: int, least: int) -> Font:
    """The bold face, from ``size`` down to ``least``, in which ``chips`` fit ``room``."""
    while size > least and chips_width(chips, kit.font(size, True)) > room:
        size -= 1
    return kit.font(size, True)


def coin_count(
    canvas: Image.Image, xy: tuple[float, float], count: int | str, text_face: Font, fill: kit.Colour, *, align: str
) -> float:
    """A coin followed by a count, vertically centred on ``xy[1]``; returns the width."""
    size = round(text_face.size * 1.05)
    text = str(count)
    span = size + round(text_face.size * 0.3) + text_face.getlength(text)
    x = xy[0] - (span if align == "right" else span / 2 if align == "center" else 0)
    kit.paste(canvas, kit.coin(size), (round(x), round(xy[1] - size / 2)))
    kit.draw_text(ImageDraw.Draw(canvas), (x + span, xy[1]), text, text_face, fill, anchor="rm")
    return span


def card_height(width: int) -> int:
    return kit.card_size(width)[1]


@measure.piece_cache(maxsize=512)
def card(code: str, width: int, lang: str, ring: kit.RGB | None = None, dim: bool = False) -> Image.Image:
    """The face of ``code`` ``width`` px wide: paper (court cards tinted), rank over suit in the top left corner,
    a big suit below; ``ring`` borders it (playable, last laid), ``dim`` greys it out. Shared: paste, never draw."""
    rank, suit = kit.parse_card(code)
    w, h = kit.card_size(width)
    radius = kit.card_radius(width)
    image = Image.new("RGBA", (w, h), kit.with_alpha(kit.PAPER, 0))
    kit.panel(image, (0, 0, w, h), radius, kit.PAPER, outline=kit.PAPER_EDGE, width=1)
    ink = kit.suit_colour(suit)
    draw = ImageDraw.Draw(image)
    label = kit.rank_label(rank, lang)
    margin = max(3, round(width * 0.07))
    rank_face = kit.fit_font(label, w * 0.62, round(width * RANK_SIZE), round(width * 0.3), True)
    left, top, right, bottom = rank_face.getbbox(label, anchor="ls")
    column = max(right - left, width * 0.3)
    symbol = kit.SUIT_SYMBOLS[suit]
    suit_face = kit.font(round(width * SUIT_SIZE))
    s_top, s_bottom = suit_face.getbbox(symbol, anchor="ls")[1::2]
    gap = max(2, round(width * 0.04))
    index_bottom = margin + bottom - top + gap + s_bottom - s_top
    if rank in kit.FIGURES:
        rim = max(3, round(width * 0.06))
        body = (rim, round(index_bottom) + gap, w - rim, h - rim)
        kit.panel(image, body, max(2, radius - rim // 2), kit.FIGURE_TINT, outline=kit.mix(ink, kit.PAPER, 0.4))
    kit.draw_text(
        draw, (margin - left + (column - (right - left)) / 2, margin - top), label, rank_face, ink, anchor="ls"
    )
    suit_centre = (margin + column / 2, index_bottom - (s_bottom - s_top) / 2)
    kit.draw_glyph(draw, suit_centre, symbol, suit_face, ink)
    kit.draw_glyph(draw, (w * 0.6, h * 0.7), symbol, kit.font(round(width * BIG_SUIT_SIZE)), ink)
    if dim:
        kit.panel(image, (0, 0, w, h), radius, DIM_VEIL)
    if ring is not None:
        kit.panel(image, (0, 0, w, h), radius, (0, 0, 0, 0), outline=ring, width=max(3, round(width * 0.05)))
    return image
