"""Njet! drawn pieces: card faces and backs, colour swatches, the super-trump star, the characters' emblems and
the blocking stones.

Njet cards are not playing cards: four colours, each with a shape of its own so that colour-blind players read
them too (red circle, black square, blue triangle, green diamond), values 1 to 9. Sizes inside a piece are
proportions of the piece itself, so that one drawing serves every size.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFilter

from renders import kit
from renders import measure

COLOURS: Final = ("R", "K", "B", "G")
CARD_COLOURS: Final[dict[str, kit.RGB]] = {
    "R": (206, 40, 50),
    "K": (38, 38, 46),
    "B": (36, 98, 206),
    "G": (24, 142, 72),
}
SHAPES: Final = {"R": "circle", "K": "square", "B": "triangle", "G": "diamond"}
"""One shape per colour, printed on every card and swatch so that the colour never has to be told by hue."""
NONE_SWATCH: Final[kit.RGB] = (92, 100, 104)
STONE: Final[kit.RGB] = (22, 22, 26)
BACK: Final[kit.RGB] = (120, 28, 40)
"""The game's dark red on the back of the cards."""
DIM_VEIL: Final[kit.RGBA] = (34, 40, 38, 135)
"""Laid over a card that may not be played."""
EMBLEM_INK: Final[kit.RGBA] = (30, 30, 38, 255)
SUPERSCALE: Final = 3
"""Card faces are drawn this many times larger, then reduced: crisp shapes and digits."""


def parse_card(code: str) -> tuple[str, int]:
    """Split a Njet card code such as ``"G7"`` into colour and value; raise ``ValueError`` on anything else."""
    colour, value = code[:1].upper(), code[1:]
    if colour not in COLOURS or not value.isdigit() or not 1 <= int(value) <= 9:
        raise ValueError(f"not a Njet card: {code!r}")
    return colour, int(value)


def _shape_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if kind == "triangle":
        return [(cx, cy - r * 1.08), (cx + r * 1.08, cy + r * 0.78), (cx - r * 1.08, cy + r * 0.78)]
    if kind == "diamond":
        return [(cx, cy - r * 1.15), (cx + r * 0.88, cy), (cx, cy + r * 1.15), (cx - r * 0.88, cy)]
    side = r * 0.86
    return [(cx - side, cy - side), (cx + side, cy - side), (cx + side, cy + side), (cx - side, cy + side)]


def draw_shape(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill: kit.Colour) -> None:
    """A colour's shape of "radius" ``r`` centred on ``(cx, cy)``; all four look about the same size."""
    if kind == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    else:
        draw.polygon(_shape_points(kind, cx, cy, r), fill=fill)


def _star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


@measure.piece_cache(maxsize=32)
def star(size: int) -> Image.Image:
    """The gold super-trump star with a dark rim (a symbol players read: it marks the super-trumps)."""
    s = kit.SUPERSAMPLE
    big = Image.new("RGBA", (size * s, size * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * s / 2
    draw.polygon(_star_points(c, c + s * 0.04 * size, c * 0.98), fill=kit.with_alpha(kit.GOLD_DARK, 255))
    draw.polygon(_star_points(c, c + s * 0.04 * size, c * 0.78), fill=kit.with_alpha(kit.GOLD, 255))
    measure.note("★", size, (0, 0, size, size), symbol=True)
    return big.resize((size, size), Image.Resampling.BOX)


@measure.piece_cache(maxsize=256)
def _card_base(code: str, width: int) -> Image.Image:
    """A card face: white rim, the colour, its shape as a watermark, the big value, corner indices.

    Drawn ``SUPERSCALE`` times larger, so its marks are noted at a ``1 / SUPERSCALE`` scale; the big value in the
    middle is what a player reads, the corner index (hidden under the next card in a fan) is secondary."""
    with measure.placed(1 / SUPERSCALE):
        return _draw_card_base(code, width)


def _draw_card_base(code: str, width: int) -> Image.Image:
    colour, value = parse_card(code)
    fill = CARD_COLOURS[colour]
    kind = SHAPES[colour]
    rimmed = kit.rimmed_card(width, SUPERSCALE, fill)
    big, draw, inset = rimmed.image, rimmed.draw, rimmed.inset
    W, H = big.size
    small = width < 64
    label = str(value)
    light = kit.with_alpha(kit.mix(fill, kit.PAPER, 0.16 if colour != "K" else 0.12), 255)
    centre_y = H * (0.56 if small else 0.5)
    draw_shape(draw, kind, W / 2, centre_y, W * (0.3 if small else 0.33), light)
    big_face = kit.font(round(W * (0.62 if small else 0.5)), True)
    kit.draw_glyph(draw, (W / 2, centre_y), label, big_face, kit.with_alpha(kit.PAPER, 255))
    index_face = kit.font(round(W * (0.3 if small else 0.22)), True)
    corner = inset + W * 0.05
    left, top, right, bottom = index_face.getbbox(label, anchor="ls")
    with measure.secondary():
        kit.draw_text(
            draw, (corner - left, corner - top), label, index_face, kit.with_alpha(kit.PAPER, 255), anchor="ls"
        )
    if small:
        ix = W - corner - W * 0.1
        draw_shape(draw, kind, ix, corner + W * 0.1, W * 0.09, kit.with_alpha(kit.PAPER, 255))
    else:
        digit_h = bottom - top
        draw_shape(
            draw,
            kind,
            corner + (right - left) / 2,
            corner + digit_h + W * 0.1,
            W * 0.055,
            kit.with_alpha(kit.PAPER, 255),
        )
        corner_img = big.crop((0, 0, round(W * 0.4), round(H * 0.36)))
        flipped = corner_img.rotate(180)
        big.alpha_composite(flipped, (W - flipped.width, H - flipped.height))
    card = rimmed.finish(width)
    return card


@measure.piece_cache(maxsize=1024)
def card_face(
    code: str, width: int, *, super_trump: bool = False, dim: bool = False, ring: kit.RGB | None = None
) -> Image.Image:
    """The face of Njet card ``code``, ``width`` px wide; ``super_trump`` adds the gold star in the corner.

    ``ring`` draws a coloured border (playable, winning), ``dim`` greys the card out. Shared by a cache: paste it,
    never draw on it.
    """
    card = _card_base(code, width)
    if not (super_trump or dim or ring):
        return card
    card = measure.copied(card, card.copy())
    w, h = card.size
    radius = kit.card_radius(width)
    if dim:
        kit.panel(card, (0, 0, w, h), radius, DIM_VEIL)
    if ring is not None:
        thickness = max(2, round(width * 0.045))
        kit.panel(card, (0, 0, w, h), radius, (0, 0, 0, 0), outline=ring, width=thickness)
    if super_trump:
        size = max(14, round(width * 0.32))
        kit.paste(card, star(size), (round((w - size) / 2 + width * 0.04), round(width * 0.03)))
    return card


@lru_cache(maxsize=8)
def card_back(width: int) -> Image.Image:
    """The back of a Njet card: the kit's lattice back in the game's dark red."""
    return kit.card_back(width, BACK)


@measure.piece_cache(maxsize=64)
def swatch(colour: str, size: int) -> Image.Image:
    """A colour option as on the board: a rounded tile of the colour with its shape; ``"none"`` is crossed out.

    A symbol players read, noted at its size."""
    s = kit.SUPERSAMPLE
    S = size * s
    big = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    radius = round(S * 0.2)
    edge = max(s, round(S * 0.05))
    draw.rounded_rectangle((0, 0, S - 1, S - 1), radius=radius, fill=kit.with_alpha(kit.PAPER, 255))
    inner = (edge, edge, S - 1 - edge, S - 1 - edge)
    if colour in CARD_COLOURS:
        draw.rounded_rectangle(inner, radius=radius - edge // 2, fill=kit.with_alpha(CARD_COLOURS[colour], 255))
        draw_shape(draw, SHAPES[colour], S / 2, S / 2, S * 0.22, kit.with_alpha(kit.PAPER, 255))
    else:
        draw.rounded_rectangle(inner, radius=radius - edge // 2, fill=kit.with_alpha(NONE_SWATCH, 255))
        line = round(S * 0.09)
        pad = S * 0.22
        draw.line((pad, pad, S - pad, S - pad), fill=kit.with_alpha(kit.PAPER, 255), width=line)
        draw.line((pad, S - pad, S - pad, pad), fill=kit.with_alpha(kit.PAPER, 255), width=line)
    measure.note(colour, size, (0, 0, size, size), symbol=True)
    return big.resize((size, size), Image.Resampling.BOX)


Poly = list[tuple[float, float]]


def _silhouette(
    draw: ImageDraw.ImageDraw, character: str, origin: float, scale: float, ink: kit.RGBA, light: kit.RGBA
) -> bool:
    """Draw a character's head on a 100-unit grid placed at ``origin`` and scaled by ``scale``.

    Returns False for a character it does not know.
    """

    def p(points: Poly) -> Poly:
        return [(origin + x * scale, origin + y * scale) for x, y in points]

    def ellipse(x0: float, y0: float, x1: float, y1: float, fill: kit.RGBA) -> None:
        (a, b), (c, d) = p([(x0, y0), (x1, y1)])
        draw.ellipse((a, b, c, d), fill=fill)

    if character == "ours":
        ellipse(17, 18, 41, 42, ink)
        ellipse(59, 18, 83, 42, ink)
        ellipse(23, 24, 35, 36, light)
        ellipse(65, 24, 77, 36, light)
        ellipse(20, 26, 80, 84, ink)
        ellipse(36, 52, 64, 78, light)
        ellipse(43, 53, 57, 62, ink)
        ellipse(34, 41, 42, 49, light)
        ellipse(58, 41, 66, 49, light)
        return True
    if character == "loup":
        draw.polygon(
            p([(20, 12), (40, 32), (60, 32), (80, 12), (84, 50), (66, 64), (50, 90), (34, 64), (16, 50)]), fill=ink
        )
        draw.polygon(p([(25, 22), (36, 33), (27, 40)]), fill=light)
        draw.polygon(p([(75, 22), (64, 33), (73, 40)]), fill=light)
        draw.polygon(p([(30, 46), (44, 50), (32, 54)]), fill=light)
        draw.polygon(p([(70, 46), (56, 50), (68, 54)]), fill=light)
        draw.polygon(p([(44, 74), (56, 74), (50, 82)]), fill=light)
        return True
    if character == "faucon":
        draw.polygon(p([(36, 50), (26, 92), (88, 92), (82, 62), (72, 40)]), fill=ink)
        ellipse(26, 14, 74, 62, ink)
        draw.polygon(p([(30, 34), (14, 38), (6, 50), (8, 60), (14, 52), (22, 50), (32, 52)]), fill=light)
        draw.polygon(p([(8, 60), (14, 52), (12, 50), (6, 52)]), fill=ink)
        ellipse(38, 26, 54, 42, light)
        ellipse(43, 30, 51, 38, ink)
        draw.polygon(p([(32, 26), (62, 18), (60, 27), (36, 31)]), fill=ink)
        draw.polygon(p([(34, 54), (52, 56), (42, 80)]), fill=light)
        return True
    if character == "colombe":
        draw.polygon(p([(20, 44), (44, 44), (66, 54), (94, 56), (88, 68), (66, 70), (40, 70), (24, 60)]), fill=ink)
        ellipse(10, 30, 34, 54, ink)
        draw.polygon(p([(12, 38), (0, 44), (12, 47)]), fill=ink)
        ellipse(18, 36, 24, 42, light)
        draw.polygon(p([(34, 50), (38, 24), (50, 8), (56, 26), (70, 10), (76, 18), (70, 40), (58, 56)]), fill=ink)
        draw.line(p([(44, 48), (50, 26)]), fill=light, width=max(1, round(2.5 * scale)))
        draw.line(p([(54, 50), (66, 26)]), fill=light, width=max(1, round(2.5 * scale)))
        return True
    return False


@measure.piece_cache(maxsize=128)
def emblem(character: str, diameter: int, colour: kit.RGB, letter: str = "") -> Image.Image:
    """A character's emblem: a disc in the seat's colour with the animal's head drawn in dark ink.

    It tells the seats apart wherever names do not fit, so it is noted as a symbol of its diameter."""
    s = kit.SUPERSAMPLE
    D = diameter * s
    big = Image.new("RGBA", (D, D), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    rim = max(s, round(D * 0.05))
    draw.ellipse((0, 0, D - 1, D - 1), fill=kit.with_alpha(kit.mix(colour, (0, 0, 0), 0.45), 255))
    draw.ellipse((rim, rim, D - 1 - rim, D - 1 - rim), fill=kit.with_alpha(colour, 255))
    ink = EMBLEM_INK
    light = kit.with_alpha(kit.mix(colour, kit.PAPER, 0.55), 255)
    inset = D * 0.1
    if not _silhouette(draw, character, inset, (D - 2 * inset) / 100, ink, light):
        with measure.placed(1 / s):
            kit.draw_glyph(draw, (D / 2, D / 2), (letter or character[:1]).upper(), kit.font(round(D * 0.5), True), ink)
    measure.note(character, diameter, (0, 0, diameter, diameter), symbol=True)
    return big.resize((diameter, diameter), Image.Resampling.BOX)


@measure.piece_cache(maxsize=64)
def stone(diameter: int, colour: kit.RGB) -> Image.Image:
    """A black Njet stone with a sheen, ringed in the blocker's seat colour (the blocker's emblem goes on top)."""
    s = kit.SUPERSAMPLE
    D = diameter * s
    big = Image.new("RGBA", (D, D), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, D - 1, D - 1), fill=kit.with_alpha(colour, 255))
    ring = max(2 * s, round(D * 0.09))
    draw.ellipse((ring, ring, D - 1 - ring, D - 1 - ring), fill=kit.with_alpha(STONE, 255))
    sheen = Image.new("RGBA", (D, D), (0, 0, 0, 0))
    ImageDraw.Draw(sheen).ellipse((D * 0.22, D * 0.16, D * 0.62, D * 0.46), fill=(255, 255, 255, 46))
    sheen = sheen.filter(ImageFilter.GaussianBlur(D * 0.05))
    big.alpha_composite(sheen)
    measure.note("●", diameter, (0, 0, diameter, diameter), symbol=True)
    return big.resize((diameter, diameter), Image.Resampling.BOX)


def paste_centered(canvas: Image.Image, image: Image.Image, centre: tuple[float, float]) -> None:
    """Paste ``image`` with its centre on ``centre``."""
    kit.paste(canvas, image, (round(centre[0] - image.width / 2), round(centre[1] - image.height / 2)))
