"""Njet! pictures: the shared table (from the public view only), a player's hand and the score sheet.

Njet cards are not playing cards: four colours, each with a shape of its own so that colour-blind players read
them too (red circle, black square, blue triangle, green diamond), values 1 to 9. The table adapts to the phase:
the Njet board while the rules are being blocked, then the decided rules, the trick, the tallies and the sheet.
Every word comes from the catalog; the layout is sized for Discord's preview, about 550 px wide.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from PIL import Image, ImageDraw, ImageFilter

from bot.i18n import plural, t
from renders import kit
from renders.kit import Font, Run

WIDTH: Final = 1000
HEIGHT: Final = 750
MARGIN: Final = 18
GAP: Final = 12
HEADER: Final = 64
PLAYERS_H: Final = 108
MAIN_TOP: Final = HEADER + GAP
PLAYERS_TOP: Final = HEIGHT - MARGIN - PLAYERS_H
MAIN_BOTTOM: Final = PLAYERS_TOP - 20

HAND_CARD: Final = 120
HAND_RAISE: Final = 22
HAND_MIN_WIDTH: Final = 760
HAND_MAX_WIDTH: Final = 1000
HAND_ROW_LIMIT: Final = 13
HAND_INFO: Final = 46

SHEET_WIDTH: Final = 1000
SHEET_HEAD: Final = 70
SHEET_ROW: Final = 38
SHEET_FOOT: Final = 48


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
DONE: Final[kit.RGB] = (96, 200, 120)

CHARACTERS: Final = ("ours", "loup", "faucon", "colombe")
TEAM_LETTERS: Final = ("A", "B")
PHASES: Final = ("njet", "partner", "discard", "tricks", "over")
ROWS: Final = ("start", "discard", "trump", "super", "points")


# --- small helpers -------------------------------------------------------------------------------------------


def _turn_seats(view: Mapping[str, Any]) -> list[int]:
    """The seats that act now, sorted; the view gives a list, a single seat or None."""
    to_act = view.get("to_act")
    if to_act is None or view.get("over"):
        return []
    if isinstance(to_act, int):
        return [to_act]
    return sorted({kit.as_int(seat) for seat in to_act})


def _phase(view: Mapping[str, Any]) -> str:
    phase = str(view.get("phase") or "njet")
    if view.get("over"):
        return "over"
    return phase if phase in PHASES else "njet"


def _players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in view.get("players") or () if isinstance(p, Mapping)]


def _seat_of(player: Mapping[str, Any], index: int) -> int:
    return kit.as_int(player.get("seat", index), index)


def _characters(view: Mapping[str, Any]) -> dict[int, str]:
    """Each seat's character; seats without one get the one of their seat number."""
    out: dict[int, str] = {}
    for i, player in enumerate(_players(view)):
        seat = _seat_of(player, i)
        character = str(player.get("character") or "")
        out[seat] = character if character in CHARACTERS else CHARACTERS[seat % len(CHARACTERS)]
    return out


def _character_of(view: Mapping[str, Any], seat: int) -> str:
    return _characters(view).get(seat, CHARACTERS[seat % len(CHARACTERS)])


def _character_name(character: str, locale: str) -> str:
    return t(locale, f"njet.render.character.{character}")


def _seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or t(locale, "njet.render.player", n=seat + 1)


def _colour_name(code: object, locale: str) -> str:
    text = str(code)
    return t(locale, f"njet.render.colour.{text}") if text in (*COLOURS, "none") else "—"


def parse_card(code: str) -> tuple[str, int]:
    """Split a Njet card code such as ``"G7"`` into colour and value; raise ``ValueError`` on anything else."""
    colour, value = code[:1].upper(), code[1:]
    if colour not in COLOURS or not value.isdigit() or not 1 <= int(value) <= 9:
        raise ValueError(f"not a Njet card: {code!r}")
    return colour, int(value)


def _rules(view: Mapping[str, Any]) -> Mapping[str, Any]:
    rules = view.get("rules")
    return rules if isinstance(rules, Mapping) else {}


def _super_colour(view: Mapping[str, Any]) -> str | None:
    colour = _rules(view).get("super")
    return colour if colour in COLOURS else None


def is_super(code: str, super_colour: str | None) -> bool:
    """Whether ``code`` is one of the two super-trumps (the 1s of the super-trump colour)."""
    return super_colour is not None and code.upper() == f"{super_colour}1"


def trick_winner(trick: Sequence[str], trump: str | None, super_colour: str | None) -> int | None:
    """Index of the card that takes the trick so far: the last super-trump, the highest trump, the highest led."""
    if not trick:
        return None
    cards = [parse_card(code) for code in trick]
    supers = [i for i, code in enumerate(trick) if is_super(code, super_colour)]
    if supers:
        return supers[-1]
    for wanted in (trump, cards[0][0]):
        candidates = [i for i, (colour, _) in enumerate(cards) if colour == wanted]
        if candidates:
            return max(candidates, key=lambda i: (cards[i][1], -i))
    return 0


def _section_title(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, max_width: float) -> float:
    return kit.draw_text(draw, xy, text, kit.font(21, True), kit.INK_DIM, anchor="lm", max_width=max_width)


# --- drawn pieces: shapes, cards, swatches, emblems, stones --------------------------------------------------


def _shape_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if kind == "triangle":
        return [(cx, cy - r * 1.08), (cx + r * 1.08, cy + r * 0.78), (cx - r * 1.08, cy + r * 0.78)]
    if kind == "diamond":
        return [(cx, cy - r * 1.15), (cx + r * 0.88, cy), (cx, cy + r * 1.15), (cx - r * 0.88, cy)]
    side = r * 0.86
    return [(cx - side, cy - side), (cx + side, cy - side), (cx + side, cy + side), (cx - side, cy + side)]


def _draw_shape(draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill: kit.Colour) -> None:
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


@lru_cache(maxsize=32)
def star(size: int) -> Image.Image:
    """The gold super-trump star with a dark rim."""
    s = kit.SUPERSAMPLE
    big = Image.new("RGBA", (size * s, size * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * s / 2
    draw.polygon(_star_points(c, c + s * 0.04 * size, c * 0.98), fill=kit.with_alpha(kit.GOLD_DARK, 255))
    draw.polygon(_star_points(c, c + s * 0.04 * size, c * 0.78), fill=kit.with_alpha(kit.GOLD, 255))
    return big.resize((size, size), Image.Resampling.BOX)


@lru_cache(maxsize=256)
def _card_base(code: str, width: int) -> Image.Image:
    """A card face: white rim, the colour, its shape as a watermark, the big value, corner indices."""
    colour, value = parse_card(code)
    fill = CARD_COLOURS[colour]
    kind = SHAPES[colour]
    s = 3
    w, h = kit.card_size(width)
    W, H = w * s, h * s
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    radius = kit.card_radius(width) * s
    draw.rounded_rectangle((0, 0, W - 1, H - 1), radius=radius, fill=kit.with_alpha(kit.PAPER, 255))
    inset = max(2, round(width * 0.055)) * s
    draw.rounded_rectangle(
        (inset, inset, W - 1 - inset, H - 1 - inset), radius=max(s, radius - inset // 2), fill=kit.with_alpha(fill, 255)
    )
    small = width < 64
    label = str(value)
    light = kit.with_alpha(kit.mix(fill, kit.PAPER, 0.16 if colour != "K" else 0.12), 255)
    centre_y = H * (0.56 if small else 0.5)
    _draw_shape(draw, kind, W / 2, centre_y, W * (0.3 if small else 0.33), light)
    big_face = kit.font(round(W * (0.62 if small else 0.5)), True)
    kit.draw_glyph(draw, (W / 2, centre_y), label, big_face, kit.with_alpha(kit.PAPER, 255))
    index_face = kit.font(round(W * (0.3 if small else 0.22)), True)
    corner = inset + W * 0.05
    left, top, right, bottom = index_face.getbbox(label, anchor="ls")
    draw.text((corner - left, corner - top), label, font=index_face, fill=kit.with_alpha(kit.PAPER, 255), anchor="ls")
    if small:
        ix = W - corner - W * 0.1
        _draw_shape(draw, kind, ix, corner + W * 0.1, W * 0.09, kit.with_alpha(kit.PAPER, 255))
    else:
        digit_h = bottom - top
        _draw_shape(
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
    card = big.resize((w, h), Image.Resampling.LANCZOS)
    kit.panel(card, (0, 0, w, h), kit.card_radius(width), (0, 0, 0, 0), outline=kit.PAPER_EDGE, width=1)
    return card


@lru_cache(maxsize=1024)
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
    card = card.copy()
    w, h = card.size
    radius = kit.card_radius(width)
    if dim:
        kit.panel(card, (0, 0, w, h), radius, (34, 40, 38, 135))
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
    return kit.card_back(width, (120, 28, 40))


@lru_cache(maxsize=64)
def swatch(colour: str, size: int) -> Image.Image:
    """A colour option as on the board: a rounded tile of the colour with its shape; ``"none"`` is crossed out."""
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
        _draw_shape(draw, SHAPES[colour], S / 2, S / 2, S * 0.22, kit.with_alpha(kit.PAPER, 255))
    else:
        draw.rounded_rectangle(inner, radius=radius - edge // 2, fill=kit.with_alpha(NONE_SWATCH, 255))
        line = round(S * 0.09)
        pad = S * 0.22
        draw.line((pad, pad, S - pad, S - pad), fill=kit.with_alpha(kit.PAPER, 255), width=line)
        draw.line((pad, S - pad, S - pad, pad), fill=kit.with_alpha(kit.PAPER, 255), width=line)
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


@lru_cache(maxsize=128)
def emblem(character: str, diameter: int, colour: kit.RGB, letter: str = "") -> Image.Image:
    """A character's emblem: a disc in the seat's colour with the animal's head drawn in dark ink."""
    s = kit.SUPERSAMPLE
    D = diameter * s
    big = Image.new("RGBA", (D, D), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    rim = max(s, round(D * 0.05))
    draw.ellipse((0, 0, D - 1, D - 1), fill=kit.with_alpha(kit.mix(colour, (0, 0, 0), 0.45), 255))
    draw.ellipse((rim, rim, D - 1 - rim, D - 1 - rim), fill=kit.with_alpha(colour, 255))
    ink = kit.with_alpha((30, 30, 38), 255)
    light = kit.with_alpha(kit.mix(colour, kit.PAPER, 0.55), 255)
    inset = D * 0.1
    if not _silhouette(draw, character, inset, (D - 2 * inset) / 100, ink, light):
        kit.draw_glyph(draw, (D / 2, D / 2), (letter or character[:1]).upper(), kit.font(round(D * 0.5), True), ink)
    return big.resize((diameter, diameter), Image.Resampling.BOX)


def _emblem(view: Mapping[str, Any], seat: int, diameter: int) -> Image.Image:
    return emblem(_character_of(view, seat), diameter, kit.seat_colour(seat))


@lru_cache(maxsize=64)
def stone(diameter: int, colour: kit.RGB, letter: str) -> Image.Image:
    """A black Njet stone with a sheen, ringed in the blocker's seat colour and marked with their initial."""
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
    if letter:
        kit.draw_glyph(
            draw, (D / 2, D / 2 + D * 0.02), letter, kit.font(round(D * 0.42), True), kit.with_alpha(colour, 255)
        )
    return big.resize((diameter, diameter), Image.Resampling.BOX)


def _initial(view: Mapping[str, Any], seat: int, locale: str) -> str:
    return _character_name(_character_of(view, seat), locale)[:1].upper()


def _paste_centered(canvas: Image.Image, image: Image.Image, centre: tuple[float, float]) -> None:
    kit.paste(canvas, image, (round(centre[0] - image.width / 2), round(centre[1] - image.height / 2)))


# --- the table -----------------------------------------------------------------------------------------------


def render_table(view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes, drawn from the engine's public view and the seat names.

    Only public fields are read, so a seat view passed by mistake still shows no hand.
    """
    return kit.encode_png(table_image(view, names, locale))


def table_image(view: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture, laid out for the current phase."""
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    phase = _phase(view)
    _draw_header(canvas, view, names, locale, phase)
    if phase == "njet":
        split = WIDTH - MARGIN - 280
        _draw_board(canvas, view, locale, (MARGIN, MAIN_TOP, split - GAP, MAIN_BOTTOM))
        _draw_sheet(canvas, view, names, locale, (split, MAIN_TOP, WIDTH - MARGIN, MAIN_BOTTOM), compact=True)
    elif phase == "over":
        split = MARGIN + 440
        _draw_standings(canvas, view, names, locale, (MARGIN, MAIN_TOP, split, MAIN_BOTTOM))
        _draw_sheet(canvas, view, names, locale, (split + GAP, MAIN_TOP, WIDTH - MARGIN, MAIN_BOTTOM), compact=False)
    else:
        strip_bottom = MAIN_TOP + 84
        _draw_rules(canvas, view, names, locale, (MARGIN, MAIN_TOP, WIDTH - MARGIN, strip_bottom))
        top = strip_bottom + GAP
        split = MARGIN + 600
        trick_bottom = top + 262
        if phase == "tricks":
            _draw_trick(canvas, view, names, locale, (MARGIN, top, split, trick_bottom))
        elif phase == "partner":
            _draw_partner(canvas, view, names, locale, (MARGIN, top, split, trick_bottom))
        else:
            _draw_discard(canvas, view, names, locale, (MARGIN, top, split, trick_bottom))
        _draw_tally(canvas, view, names, locale, (MARGIN, trick_bottom + GAP, split, MAIN_BOTTOM))
        last_bottom = top + 150
        _draw_last_trick(canvas, view, names, locale, (split + GAP, top, WIDTH - MARGIN, last_bottom))
        _draw_sheet(
            canvas, view, names, locale, (split + GAP, last_bottom + GAP, WIDTH - MARGIN, MAIN_BOTTOM), compact=True
        )
    _draw_players(canvas, view, names, locale, phase, (MARGIN, PLAYERS_TOP, WIDTH - MARGIN, HEIGHT - MARGIN))
    return canvas


def _draw_header(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, phase: str) -> None:
    """Round and dealer on the left; whose turn it is, how many discards are awaited, or the end on the right."""
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    n, total = kit.as_int(view.get("round")), kit.as_opt_int(view.get("rounds"))
    title = t(locale, "njet.render.round", n=n, total=total) if total else t(locale, "njet.render.round_open", n=n)
    x = MARGIN + kit.draw_text(draw, (MARGIN, cy), title, kit.font(30, True), kit.GOLD, anchor="lm")
    half = WIDTH * 0.5 - 10
    dealer = kit.as_opt_int(view.get("dealer"))
    if dealer is not None:
        runs = kit.catalog_runs(
            locale,
            "njet.render.dealer",
            _seat_name(names, dealer, locale),
            kit.font(22),
            kit.INK_DIM,
            kit.seat_colour(dealer),
            half - x - 22,
        )
        kit.draw_runs(draw, (x + 22, cy), runs)
    right = WIDTH - MARGIN
    room = right - half - 40
    turn = _turn_seats(view)
    if phase == "over":
        kit.pill(
            canvas,
            (right, cy),
            [(t(locale, "njet.render.over"), kit.font(23, True), kit.INK_DARK)],
            kit.GOLD,
            align="right",
        )
    elif len(turn) == 1:
        seat = turn[0]
        runs = kit.catalog_runs(
            locale,
            f"njet.render.turn.{phase}",
            _seat_name(names, seat, locale),
            kit.font(24),
            kit.INK,
            kit.seat_colour(seat),
            room,
        )
        width = kit.draw_runs(draw, (right, cy), runs, align="right")
        kit.draw_glyph(draw, (right - width - 20, cy), "▶", kit.font(21), kit.seat_colour(seat))
    elif turn:
        text = plural(locale, "njet.render.waiting", len(turn))
        width = kit.draw_text(draw, (right, cy), text, kit.font(24), kit.INK, anchor="rm", max_width=room)
        for i, seat in enumerate(reversed(turn)):
            kit.disc(canvas, (right - width - 18 - i * 16, cy), 12, kit.seat_colour(seat))


# --- Njet board ----------------------------------------------------------------------------------------------


def _board_rows(view: Mapping[str, Any]) -> dict[str, list[Mapping[str, Any]]]:
    board = view.get("board")
    board = board if isinstance(board, Mapping) else {}
    rows: dict[str, list[Mapping[str, Any]]] = {}
    for row in ROWS:
        rows[row] = [
            option if isinstance(option, Mapping) else {"option": option, "blocked_by": None}
            for option in board.get(row) or ()
        ]
    return rows


def _draw_board(canvas: Image.Image, view: Mapping[str, Any], locale: str, box: kit.Box) -> None:
    """Five rows of options; blocked ones under a stone ringed in the blocker's colour, open ones lit."""
    x0, y0, x1, y1 = box
    kit.panel(canvas, box, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    head_y = y0 + 26
    stones = kit.as_int(view.get("stones_left"))
    stones_text = plural(locale, "njet.render.stones", stones)
    face = kit.font(20, True)
    text_w = face.getlength(stones_text)
    kit.draw_text(draw, (x1 - 18, head_y), stones_text, face, kit.INK, anchor="rm")
    _paste_centered(canvas, stone(24, kit.INK_DIM, ""), (x1 - 18 - text_w - 18, head_y))
    _section_title(draw, (x0 + 18, head_y), t(locale, "njet.render.board"), x1 - x0 - text_w - 90)
    rows = _board_rows(view)
    top = y0 + 50
    row_h = (y1 - 10 - top) / len(ROWS)
    label_w = 180
    tile_gap = 10
    widest = max((len(options) for options in rows.values()), default=5)
    tile_w = min(88, int((x1 - x0 - 36 - label_w - tile_gap * (max(widest, 5) - 1)) / max(widest, 5)))
    tile_h = round(min(78, row_h - 10))
    for r, row in enumerate(ROWS):
        cy = top + row_h * r + row_h / 2
        options = rows[row]
        open_count = sum(1 for option in options if option.get("blocked_by") is None)
        decided = len(options) > 1 and open_count == 1
        label_face = kit.fit_font(t(locale, f"njet.render.row.{row}"), label_w - 8, 21, 15, True)
        kit.draw_text(
            draw,
            (x0 + 18, cy),
            t(locale, f"njet.render.row.{row}"),
            label_face,
            kit.GOLD if decided else kit.INK,
            anchor="lm",
        )
        if r:
            line_y = round(top + row_h * r)
            kit.panel(canvas, (x0 + 16, line_y - 1, x1 - 16, line_y + 1), 1, (255, 255, 255, 22))
        for i, option in enumerate(options):
            tx = x0 + 18 + label_w + i * (tile_w + tile_gap)
            ty = round(cy - tile_h / 2)
            _draw_option(canvas, view, locale, row, option, (tx, ty, tx + tile_w, ty + tile_h), decided)


def _draw_option(
    canvas: Image.Image,
    view: Mapping[str, Any],
    locale: str,
    row: str,
    option: Mapping[str, Any],
    box: kit.Box,
    decided: bool,
) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    blocker = kit.as_opt_int(option.get("blocked_by"))
    blocked = blocker is not None
    if decided and not blocked:
        kit.paste(canvas, kit.glow(w, h, 12, kit.GOLD, 10), (x0 - 10, y0 - 10))
        kit.panel(canvas, box, 12, kit.mix(kit.PANEL_SOLID, kit.GOLD, 0.25), outline=kit.GOLD, width=3)
    elif blocked:
        kit.panel(canvas, box, 12, (0, 0, 0, 70), outline=kit.PANEL_EDGE, width=1)
    else:
        kit.panel(
            canvas, box, 12, kit.mix(kit.PANEL_SOLID, kit.INK, 0.12), outline=kit.with_alpha(kit.INK, 150), width=2
        )
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    _draw_option_content(layer, view, locale, row, str(option.get("option")), (w / 2, h / 2), h)
    if blocked:
        layer.putalpha(layer.getchannel("A").point(lambda v: v * 55 // 100))
    kit.paste(canvas, layer, (x0, y0))
    if blocker is not None:
        size = round(min(w, h) * 0.64)
        _paste_centered(
            canvas,
            stone(size, kit.seat_colour(blocker), _initial(view, blocker, locale)),
            (centre[0] + w * 0.16, centre[1] + h * 0.12),
        )


def _draw_option_content(
    layer: Image.Image, view: Mapping[str, Any], locale: str, row: str, option: str, centre: tuple[float, float], h: int
) -> None:
    draw = ImageDraw.Draw(layer)
    size = round(h * 0.72)
    if row == "start":
        seat = kit.as_opt_int(option)
        if seat is not None:
            _paste_centered(layer, _emblem(view, seat, size), centre)
    elif row in ("trump", "super"):
        _paste_centered(layer, swatch(option if option in COLOURS else "none", round(size * 0.9)), centre)
    elif row == "discard":
        if option in ("0", "njet", "none"):
            face = kit.fit_font(t(locale, "njet.render.njet"), layer.width - 12, 24, 12, True)
            kit.draw_centered(draw, centre, t(locale, "njet.render.njet"), face, kit.ALERT)
        else:
            kit.draw_glyph(draw, centre, option, kit.font(round(h * 0.5), True), kit.INK)
    else:
        kit.draw_glyph(draw, centre, f"×{option}", kit.font(round(h * 0.4), True), kit.GOLD)


# --- decided rules, trick, tallies ---------------------------------------------------------------------------


def _draw_rules(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The five rules of the round in a strip: each row's name over its drawn value."""
    x0, y0, x1, y1 = box
    rules = _rules(view)
    draw = ImageDraw.Draw(canvas)
    cell_gap = 10
    widths = (220, 178, 156, 176)
    last = (x1 - x0) - sum(widths) - cell_gap * len(widths)
    x = x0
    label_face, value_face = kit.font(16), kit.font(21, True)
    for row, cell_w in zip(ROWS, (*widths, last), strict=True):
        cell = (x, y0, x + cell_w, y1)
        kit.panel(canvas, cell, 14, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
        kit.draw_text(
            draw,
            (x + 14, y0 + 18),
            t(locale, f"njet.render.row.{row}"),
            label_face,
            kit.INK_DIM,
            anchor="lm",
            max_width=cell_w - 28,
        )
        cy = y0 + 52
        vx = x + 14
        room = cell_w - 28
        value = rules.get(row)
        if value is None:
            kit.draw_text(draw, (vx, cy), "—", value_face, kit.INK_DIM, anchor="lm")
        elif row == "start":
            seat = kit.as_int(value)
            kit.paste(canvas, _emblem(view, seat, 40), (vx, round(cy - 20)))
            kit.draw_text(
                draw,
                (vx + 48, cy),
                _seat_name(names, seat, locale),
                value_face,
                kit.seat_colour(seat),
                anchor="lm",
                max_width=room - 48,
            )
        elif row == "discard":
            count = kit.as_int(value)
            if count <= 0:
                kit.draw_text(
                    draw,
                    (vx, cy),
                    t(locale, "njet.render.no_discard"),
                    value_face,
                    kit.ALERT,
                    anchor="lm",
                    max_width=room,
                )
            else:
                back_w = 22
                for i in range(count):
                    kit.paste_card(canvas, card_back(back_w), (vx + i * 8, round(cy - 16)), shadow=False)
                bx = vx + back_w + 8 * (count - 1) + 10
                text = plural(locale, "njet.render.discard_cards", count)
                kit.draw_text(draw, (bx, cy), text, value_face, kit.INK, anchor="lm", max_width=x + cell_w - 14 - bx)
        elif row in ("trump", "super"):
            code = str(value) if value in COLOURS else "none"
            kit.paste(canvas, swatch(code, 34), (vx, round(cy - 17)))
            if row == "super" and code != "none":
                kit.paste(canvas, star(20), (vx + 24, round(cy - 26)))
            kit.draw_text(
                draw, (vx + 44, cy), _colour_name(code, locale), value_face, kit.INK, anchor="lm", max_width=room - 44
            )
        else:
            width = kit.draw_text(draw, (vx, cy), f"×{kit.as_int(value)}", kit.font(28, True), kit.GOLD, anchor="lm")
            kit.draw_text(
                draw,
                (vx + width + 8, cy + 2),
                t(locale, "njet.render.per_trick"),
                kit.font(17),
                kit.INK_DIM,
                anchor="lm",
                max_width=room - width - 8,
            )
        x += cell_w + cell_gap


def _play_order(view: Mapping[str, Any]) -> list[int]:
    """Seats in clockwise order from the trick's leader (or the first to act)."""
    seats = sorted(_seat_of(p, i) for i, p in enumerate(_players(view)))
    if not seats:
        return []
    trick = [play for play in view.get("trick") or () if isinstance(play, Mapping)]
    leader = kit.as_opt_int(view.get("leader"))
    if trick:
        leader = kit.as_opt_int(trick[0].get("seat"))
    if leader is None:
        turn = _turn_seats(view)
        leader = turn[0] if turn else seats[0]
    start = seats.index(leader) if leader in seats else 0
    return seats[start:] + seats[:start]


def _plays(view: Mapping[str, Any], key: str) -> list[tuple[int, str]]:
    plays = []
    for play in view.get(key) or ():
        if isinstance(play, Mapping):
            seat, card = kit.as_opt_int(play.get("seat")), str(play.get("card") or "")
            if seat is not None and card:
                try:
                    parse_card(card)
                except ValueError:
                    continue
                plays.append((seat, card.upper()))
    return plays


def _draw_trick(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The current trick: one slot per player in play order, played cards face up, the card winning it lit."""
    x0, y0, x1, _ = box
    kit.panel(canvas, box, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    head_y = y0 + 24
    title_w = _section_title(draw, (x0 + 18, head_y), t(locale, "njet.render.trick"), 220)
    plays = _plays(view, "trick")
    order = _play_order(view)
    turn = _turn_seats(view)
    if not plays and turn:
        runs = kit.catalog_runs(
            locale,
            "njet.render.leads",
            _seat_name(names, turn[0], locale),
            kit.font(19),
            kit.INK_DIM,
            kit.seat_colour(turn[0]),
            x1 - x0 - title_w - 60,
        )
        kit.draw_runs(draw, (x1 - 18, head_y), runs, align="right")
    rules = _rules(view)
    super_colour = _super_colour(view)
    winner = trick_winner([card for _, card in plays], rules.get("trump"), super_colour) if len(plays) > 1 else None
    played = dict(plays)
    slots = len(order) or 1
    card_w = 108 if slots <= 4 else 92
    card_h = kit.card_size(card_w)[1]
    slot_w = (x1 - x0 - 36) / slots
    card_top = y0 + 56
    name_y = card_top + card_h + 26
    for i, seat in enumerate(order):
        cx = x0 + 18 + slot_w * i + slot_w / 2
        cardx = round(cx - card_w / 2)
        colour = kit.seat_colour(seat)
        code = played.get(seat)
        if code is not None:
            winning = winner is not None and plays[winner][0] == seat
            if winning:
                kit.card_glow(canvas, (cardx, card_top), card_w, kit.GOLD, 12)
            face = card_face(code, card_w, super_trump=is_super(code, super_colour), ring=kit.GOLD if winning else None)
            kit.paste_card(canvas, face, (cardx, card_top))
            if winning:
                label = [(t(locale, "njet.render.winning"), kit.font(16, True), kit.INK_DARK)]
                kit.pill(canvas, (cx, card_top + card_h), label, kit.GOLD, align="center", height=24)
        else:
            slot = (cardx, card_top, cardx + card_w, card_top + card_h)
            is_next = seat in turn
            kit.panel(
                canvas,
                slot,
                kit.card_radius(card_w),
                kit.with_alpha(colour, 40) if is_next else (0, 0, 0, 50),
                outline=colour if is_next else kit.PANEL_EDGE,
                width=3 if is_next else 2,
            )
            _paste_centered(canvas, _emblem(view, seat, 54), (cx, card_top + card_h / 2))
        emblem_size = 26
        name_face = kit.font(19, True)
        name = kit.fit_text(_seat_name(names, seat, locale), name_face, slot_w - emblem_size - 14)
        width = emblem_size + 6 + name_face.getlength(name)
        nx = cx - width / 2
        kit.paste(canvas, _emblem(view, seat, emblem_size), (round(nx), round(name_y - emblem_size / 2)))
        kit.draw_text(draw, (nx + emblem_size + 6, name_y), name, name_face, colour, anchor="lm")


def _draw_centred_message(
    canvas: Image.Image,
    view: Mapping[str, Any],
    names: Sequence[str],
    locale: str,
    box: kit.Box,
    title: str,
    seats: Sequence[int],
    lines: Sequence[tuple[str, Font, kit.Colour]],
) -> None:
    """A panel with a title, a row of emblems (with names) and a few centred lines under them."""
    x0, y0, x1, _ = box
    kit.panel(canvas, box, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    _section_title(draw, (x0 + 18, y0 + 24), title, x1 - x0 - 36)
    cx = (x0 + x1) / 2
    size = 78 if len(seats) <= 1 else 62
    col_w = (x1 - x0 - 36) / max(1, len(seats))
    ey = y0 + 60 + size / 2
    for i, seat in enumerate(seats):
        ex = x0 + 18 + col_w * i + col_w / 2
        _paste_centered(canvas, _emblem(view, seat, size), (ex, ey))
        kit.draw_centered(
            draw,
            (ex, ey + size / 2 + 18),
            _seat_name(names, seat, locale),
            kit.font(20, True),
            kit.seat_colour(seat),
            max_width=col_w - 12,
        )
    y = ey + size / 2 + 56
    for text, face, fill in lines:
        kit.draw_centered(draw, (cx, y), text, face, fill, max_width=x1 - x0 - 36)
        y += face.size + 14


def _draw_partner(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box
) -> None:
    """The starting player choosing a partner (or, with three players, to play alone)."""
    starter = kit.as_opt_int(view.get("starter"))
    if starter is None:
        starter = kit.as_opt_int(_rules(view).get("start"))
    lines: list[tuple[str, Font, kit.Colour]] = [(t(locale, "njet.render.partner_choice"), kit.font(24, True), kit.INK)]
    if len(_players(view)) == 3:
        lines.append((t(locale, "njet.render.partner_alone"), kit.font(20), kit.INK_DIM))
    seats = [starter] if starter is not None else []
    _draw_centred_message(canvas, view, names, locale, box, t(locale, "njet.render.partner_title"), seats, lines)


def _draw_discard(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box
) -> None:
    """Everyone discarding at once: each player's emblem with a check once done."""
    count = kit.as_int(_rules(view).get("discard"))
    x0, y0, x1, _ = box
    kit.panel(canvas, box, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    _section_title(draw, (x0 + 18, y0 + 24), t(locale, "njet.render.discard_title"), x1 - x0 - 36)
    kit.draw_centered(
        draw,
        ((x0 + x1) / 2, y0 + 66),
        plural(locale, "njet.render.discard_each", count),
        kit.font(23, True),
        kit.INK,
        max_width=x1 - x0 - 36,
    )
    players = _players(view)
    turn = set(_turn_seats(view))
    col_w = (x1 - x0 - 36) / max(1, len(players))
    size = 64
    ey = y0 + 140
    for i, player in enumerate(players):
        seat = _seat_of(player, i)
        ex = x0 + 18 + col_w * i + col_w / 2
        done = bool(player.get("discarded")) and seat not in turn
        colour = kit.seat_colour(seat)
        _paste_centered(canvas, _emblem(view, seat, size), (ex, ey))
        if done:
            kit.disc(canvas, (ex + size * 0.36, ey + size * 0.36), 30, kit.PANEL_SOLID)
            kit.disc(canvas, (ex + size * 0.36, ey + size * 0.36), 26, DONE)
            kit.draw_glyph(draw, (ex + size * 0.36, ey + size * 0.36), "✓", kit.font(19, True), kit.INK_DARK)
        else:
            for k in range(max(1, count)):
                kit.paste_card(
                    canvas, card_back(20), (round(ex + size * 0.22 + k * 8), round(ey + size * 0.1)), shadow=False
                )
        kit.draw_centered(
            draw,
            (ex, ey + size / 2 + 20),
            _seat_name(names, seat, locale),
            kit.font(19, True),
            colour,
            max_width=col_w - 10,
        )
        status = t(locale, "njet.render.discarded") if done else t(locale, "njet.render.to_act.discard")
        kit.draw_centered(
            draw, (ex, ey + size / 2 + 44), status, kit.font(17), DONE if done else kit.INK_DIM, max_width=col_w - 10
        )


def _teams(view: Mapping[str, Any]) -> list[list[int]]:
    teams = view.get("teams")
    if not isinstance(teams, Sequence):
        return []
    return [[kit.as_int(seat) for seat in team] for team in teams if isinstance(team, Sequence)]


def _alone_team(view: Mapping[str, Any], teams: Sequence[Sequence[int]]) -> int | None:
    if not view.get("alone"):
        return None
    starter = kit.as_opt_int(view.get("starter"))
    for i, team in enumerate(teams):
        if len(team) == 1 and (starter is None or starter in team):
            return i
    return None


def _team_of(view: Mapping[str, Any]) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, team in enumerate(_teams(view)):
        for seat in team:
            out[seat] = i
    for i, player in enumerate(_players(view)):
        team = kit.as_opt_int(player.get("team"))
        if team is not None:
            out.setdefault(_seat_of(player, i), team)
    return out


def _team_colours(index: int) -> tuple[kit.RGB, kit.RGB]:
    """Fill and ink of a team's marks: team A light, team B dark."""
    return (kit.INK, kit.INK_DARK) if index % 2 == 0 else ((58, 64, 72), kit.INK)


def _team_badge(
    canvas: Image.Image, xy: tuple[float, float], index: int, locale: str, size: int, align: str = "left"
) -> kit.Box:
    """A pill naming the team ("Équipe A")."""
    fill, ink = _team_colours(index)
    text = t(locale, "njet.render.team", letter=TEAM_LETTERS[index % len(TEAM_LETTERS)])
    return kit.pill(
        canvas,
        xy,
        [(text, kit.font(size, True), ink)],
        fill,
        align=align,
        height=round(size * 1.55),
        outline=kit.PANEL_EDGE if index % 2 else None,
    )


def _team_disc(canvas: Image.Image, centre: tuple[float, float], index: int, diameter: int) -> None:
    """The team's letter in a disc."""
    fill, ink = _team_colours(index)
    kit.disc(canvas, centre, diameter + 4, kit.with_alpha(kit.INK, 90))
    kit.disc(canvas, centre, diameter, fill)
    letter = TEAM_LETTERS[index % len(TEAM_LETTERS)]
    kit.draw_glyph(ImageDraw.Draw(canvas), centre, letter, kit.font(round(diameter * 0.55), True), ink)


def _draw_tally(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The teams with the tricks and 1s they took, and what that makes at the round's points per trick."""
    x0, y0, x1, y1 = box
    kit.panel(canvas, box, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    teams = _teams(view)
    head_y = y0 + 22
    _section_title(draw, (x0 + 18, head_y), t(locale, "njet.render.teams"), 200)
    if not teams:
        kit.draw_centered(
            draw,
            ((x0 + x1) / 2, (y0 + y1) / 2 + 12),
            t(locale, "njet.render.no_teams"),
            kit.font(20),
            kit.INK_DIM,
            max_width=x1 - x0 - 36,
        )
        return
    columns = (x1 - 200, x1 - 112, x1 - 28)
    head_face = kit.font(16, True)
    for key, cx in zip(("tricks", "ones", "points"), columns, strict=True):
        kit.draw_text(
            draw, (cx, head_y), t(locale, f"njet.render.tally.{key}"), head_face, kit.INK_DIM, anchor="rm", max_width=86
        )
    tricks = list(view.get("team_tricks") or ())
    ones = list(view.get("team_ones") or ())
    points = kit.as_opt_int(_rules(view).get("points"))
    alone = _alone_team(view, teams)
    rows = teams[:2]
    row_h = (y1 - y0 - 46) / max(1, len(rows))
    for i, team in enumerate(rows):
        ry = y0 + 42 + row_h * i
        cy = ry + row_h / 2
        if i:
            kit.panel(canvas, (x0 + 16, round(ry) - 1, x1 - 16, round(ry) + 1), 1, (255, 255, 255, 22))
        _team_disc(canvas, (x0 + 36, cy), i, 34)
        x: float = x0 + 66
        alone_label = t(locale, "njet.render.alone") if i == alone else ""
        name_y = cy - 11 if alone_label else cy
        member_room = (columns[0] - 44 - x) / max(1, len(team))
        for seat in team:
            kit.paste(canvas, _emblem(view, seat, 32), (round(x), round(cy - 16)))
            kit.draw_text(
                draw,
                (x + 38, name_y),
                _seat_name(names, seat, locale),
                kit.font(20, True),
                kit.seat_colour(seat),
                anchor="lm",
                max_width=member_room - 52,
            )
            if alone_label:
                kit.draw_text(
                    draw,
                    (x + 38, cy + 13),
                    alone_label,
                    kit.font(16),
                    kit.GOLD,
                    anchor="lm",
                    max_width=member_room - 52,
                )
            x += member_room
        n_tricks = kit.as_int(tricks[i]) if i < len(tricks) else 0
        n_ones = kit.as_int(ones[i]) if i < len(ones) else 0
        value_face = kit.font(24, True)
        kit.draw_text(draw, (columns[0], cy), str(n_tricks), value_face, kit.INK, anchor="rm")
        kit.draw_text(draw, (columns[1], cy), str(n_ones), value_face, kit.INK, anchor="rm")
        if points is not None:
            total = (n_tricks + n_ones) * points * (2 if i == alone else 1)
            kit.draw_text(draw, (columns[2], cy), str(total), value_face, kit.GOLD, anchor="rm")


def _draw_last_trick(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box
) -> None:
    """The previous trick, small, its winning card ringed, with who won it."""
    x0, y0, x1, y1 = box
    kit.panel(canvas, box, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    head_y = y0 + 22
    title_w = _section_title(draw, (x0 + 16, head_y), t(locale, "njet.render.last_trick"), x1 - x0 - 32)
    plays = _plays(view, "last_trick")
    if not plays:
        kit.draw_centered(
            draw,
            ((x0 + x1) / 2, (y0 + y1) / 2 + 14),
            t(locale, "njet.render.no_last_trick"),
            kit.font(18),
            kit.INK_DIM,
            max_width=x1 - x0 - 32,
        )
        return
    winner = kit.as_opt_int(view.get("last_winner"))
    if winner is not None:
        runs = kit.catalog_runs(
            locale,
            "njet.render.won_by",
            _seat_name(names, winner, locale),
            kit.font(17),
            kit.INK_DIM,
            kit.seat_colour(winner),
            x1 - x0 - title_w - 44,
        )
        kit.draw_runs(draw, (x1 - 16, head_y), runs, align="right")
    super_colour = _super_colour(view)
    card_w = 60
    card_h = kit.card_size(card_w)[1]
    slot_w = (x1 - x0 - 24) / max(1, len(plays))
    top = y0 + 44
    for i, (seat, code) in enumerate(plays):
        cx = x0 + 12 + slot_w * i + slot_w / 2
        xy = (round(cx - card_w / 2), top)
        won = seat == winner
        face = card_face(code, card_w, super_trump=is_super(code, super_colour), ring=kit.GOLD if won else None)
        kit.paste_card(canvas, face, xy)
        kit.panel(
            canvas, (xy[0] + 6, top + card_h + 6, xy[0] + card_w - 6, top + card_h + 11), 2, kit.seat_colour(seat)
        )


# --- score sheet ---------------------------------------------------------------------------------------------


def _sheet_rows(view: Mapping[str, Any], seats: Sequence[int]) -> list[list[int | None]]:
    rows = []
    for row in view.get("sheet") or ():
        values = list(row) if isinstance(row, Sequence) else []
        rows.append([kit.as_opt_int(values[seat]) if seat < len(values) else None for seat in seats])
    return rows


def _totals(view: Mapping[str, Any], rows: Sequence[Sequence[int | None]]) -> list[int]:
    """Each player's total: the score the view gives, else the sum of the sheet."""
    totals = []
    for i, player in enumerate(_players(view)):
        score = kit.as_opt_int(player.get("score"))
        totals.append(score if score is not None else sum(row[i] or 0 for row in rows))
    return totals


def _draw_sheet(
    canvas: Image.Image,
    view: Mapping[str, Any],
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
    kit.panel(canvas, box, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    if title:
        _section_title(draw, (x0 + 16, y0 + 22), t(locale, "njet.render.sheet"), x1 - x0 - 32)
    players = _players(view)
    seats = [_seat_of(p, i) for i, p in enumerate(players)]
    rows = _sheet_rows(view, seats)
    totals = _totals(view, rows)
    current = kit.as_int(view.get("round"))
    planned = max(len(rows), kit.as_int(view.get("rounds")), current)
    head_h = 40 if compact else SHEET_HEAD - 6
    top = y0 + (42 if title else 6)
    foot_h = 38 if compact else SHEET_FOOT
    min_row = 22 if compact else 26
    max_row = 36 if compact else SHEET_ROW
    body = y1 - 10 - top - head_h - foot_h
    shown = list(range(planned))
    if len(shown) * min_row > body:
        in_play = 0 if view.get("over") else 1
        shown = list(range(max(len(rows), min(current, len(rows) + in_play))))
        fit = max(1, int(body // min_row))
        if len(shown) > fit:
            shown = shown[len(shown) - fit + 1 :]
    earlier = shown[0] if shown else 0
    lines = len(shown) + (1 if earlier else 0)
    row_h = min(max_row, body / max(1, lines))
    label_w = 46 if compact else 110
    col_w = (x1 - x0 - 24 - label_w) / max(1, len(seats))
    cols = [x0 + 12 + label_w + col_w * i + col_w / 2 for i in range(len(seats))]
    for i, seat in enumerate(seats):
        if compact:
            _paste_centered(canvas, _emblem(view, seat, 32), (cols[i], top + head_h / 2))
        else:
            _paste_centered(canvas, _emblem(view, seat, 36), (cols[i], top + 20))
            kit.draw_centered(
                draw,
                (cols[i], top + 50),
                _seat_name(names, seat, locale),
                kit.font(16, True),
                kit.seat_colour(seat),
                max_width=col_w - 8,
            )
    kit.panel(canvas, (x0 + 10, round(top + head_h) - 1, x1 - 10, round(top + head_h) + 1), 1, kit.PANEL_EDGE)
    y = top + head_h
    face = kit.font(min(21, round(row_h * 0.68)), False)
    bold = kit.font(min(21, round(row_h * 0.68)), True)
    label_x = x0 + 12 + label_w / 2
    if earlier:
        kit.draw_centered(
            draw,
            ((x0 + x1) / 2, y + row_h / 2),
            plural(locale, "njet.render.earlier", earlier),
            kit.font(15),
            kit.INK_DIM,
        )
        y += row_h
    for index in shown:
        cy = y + row_h / 2
        playing = index == current - 1 and index >= len(rows) and not view.get("over")
        if playing:
            kit.panel(canvas, (x0 + 8, round(y) + 1, x1 - 8, round(y + row_h) - 1), 6, (255, 255, 255, 26))
        elif index % 2:
            kit.panel(canvas, (x0 + 8, round(y) + 1, x1 - 8, round(y + row_h) - 1), 6, (0, 0, 0, 34))
        kit.draw_centered(
            draw, (label_x, cy), str(index + 1), bold if playing else face, kit.GOLD if playing else kit.INK_DIM
        )
        if index < len(rows):
            values = rows[index]
            best = max((v for v in values if v is not None), default=None)
            for i, value in enumerate(values):
                if value is None:
                    continue
                top_score = best is not None and best > 0 and value == best
                kit.draw_centered(
                    draw, (cols[i], cy), str(value), bold if top_score else face, kit.INK if top_score else kit.INK_DIM
                )
        elif playing:
            for cx in cols:
                kit.draw_centered(draw, (cx, cy), "…", face, kit.INK_DIM)
        y += row_h
    foot_top = y1 - 10 - foot_h
    kit.panel(canvas, (x0 + 8, round(foot_top), x1 - 8, y1 - 10), 8, kit.with_alpha(kit.GOLD, 36))
    fy = foot_top + foot_h / 2
    kit.draw_centered(
        draw, (label_x, fy), "Σ" if compact else t(locale, "njet.render.total"), kit.font(19, True), kit.GOLD
    )
    best_total = max(totals, default=0) or None
    total_face = kit.font(24 if compact else 28, True)
    for i, total in enumerate(totals):
        kit.draw_centered(draw, (cols[i], fy), str(total), total_face, kit.GOLD if total == best_total else kit.INK)


def _draw_standings(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, box: kit.Box
) -> None:
    """Final ranking: players by total score, the winner (or joint winners) in gold."""
    x0, y0, x1, y1 = box
    kit.panel(canvas, box, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    _section_title(draw, (x0 + 18, y0 + 24), t(locale, "njet.render.standings"), x1 - x0 - 36)
    players = _players(view)
    seats = [_seat_of(p, i) for i, p in enumerate(players)]
    totals = _totals(view, _sheet_rows(view, seats))
    ranking = sorted(range(len(seats)), key=lambda i: (-totals[i], seats[i]))
    best = max(totals, default=0)
    winners = [i for i in ranking if totals[i] == best]
    label = t(locale, "njet.render.winner") if len(winners) == 1 else t(locale, "njet.render.winners")
    top = y0 + 52
    row_h = min(104, (y1 - 14 - top) / max(1, len(ranking)))
    rank = 0
    for pos, i in enumerate(ranking):
        if pos == 0 or totals[i] != totals[ranking[pos - 1]]:
            rank = pos + 1
        seat = seats[i]
        ry = top + row_h * pos
        frame = (x0 + 14, round(ry + 4), x1 - 14, round(ry + row_h - 4))
        cy = (frame[1] + frame[3]) / 2
        won = i in winners
        if won:
            kit.panel(canvas, frame, 14, kit.mix(kit.PANEL_SOLID, kit.GOLD, 0.22), outline=kit.GOLD, width=3)
        else:
            kit.panel(canvas, frame, 14, (0, 0, 0, 50), outline=kit.PANEL_EDGE, width=1)
        kit.draw_centered(draw, (frame[0] + 26, cy), str(rank), kit.font(28, True), kit.GOLD if won else kit.INK_DIM)
        size = min(60, round(row_h - 24))
        kit.paste(canvas, _emblem(view, seat, size), (frame[0] + 50, round(cy - size / 2)))
        tx = frame[0] + 60 + size
        score_w = 150
        name_y = cy - 12 if won else cy - 10
        kit.draw_text(
            draw,
            (tx, name_y),
            _seat_name(names, seat, locale),
            kit.font(23, True),
            kit.seat_colour(seat),
            anchor="lm",
            max_width=frame[2] - tx - score_w,
        )
        sub = label if won else _character_name(_character_of(view, seat), locale)
        kit.draw_text(draw, (tx, name_y + 26), sub, kit.font(17, won), kit.GOLD if won else kit.INK_DIM, anchor="lm")
        runs = _points_runs(locale, totals[i], kit.font(32, True), kit.GOLD if won else kit.INK, kit.font(17))
        kit.draw_runs(draw, (frame[2] - 16, cy), runs, align="right")


# --- players -------------------------------------------------------------------------------------------------


def _draw_players(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, phase: str, box: kit.Box
) -> None:
    players = _players(view)
    if not players:
        return
    x0, y0, x1, y1 = box
    count = len(players)
    panel_w = (x1 - x0 - GAP * (count - 1)) / count
    turn = set(_turn_seats(view))
    teams = _team_of(view)
    dealer = kit.as_opt_int(view.get("dealer"))
    for i, player in enumerate(players):
        seat = _seat_of(player, i)
        left = round(x0 + i * (panel_w + GAP))
        frame = (left, y0, round(left + panel_w), y1)
        _draw_player(
            canvas,
            view,
            frame,
            seat,
            player,
            _seat_name(names, seat, locale),
            locale,
            phase,
            seat in turn,
            teams.get(seat),
            dealer == seat,
        )


def _draw_player(
    canvas: Image.Image,
    view: Mapping[str, Any],
    frame: kit.Box,
    seat: int,
    player: Mapping[str, Any],
    name: str,
    locale: str,
    phase: str,
    is_turn: bool,
    team: int | None,
    is_dealer: bool,
) -> None:
    """One player: emblem, name in the seat colour, character, team, cards in hand and total score."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(seat)
    if is_turn:
        kit.panel(canvas, frame, 14, kit.mix(kit.PANEL_SOLID, colour, 0.26), outline=colour, width=3, shadow=True)
    else:
        kit.panel(canvas, frame, 14, kit.PANEL, outline=kit.PANEL_EDGE, width=1)
    draw = ImageDraw.Draw(canvas)
    size = 62
    ecy = (y0 + y1) / 2
    kit.paste(canvas, _emblem(view, seat, size), (x0 + 12, round(ecy - size / 2)))
    discarded = phase == "discard" and bool(player.get("discarded")) and not is_turn
    if discarded:
        centre = (x0 + 12 + size * 0.86, ecy + size * 0.34)
        kit.disc(canvas, centre, 26, kit.PANEL_SOLID)
        kit.disc(canvas, centre, 22, DONE)
        kit.draw_glyph(draw, centre, "✓", kit.font(16, True), kit.INK_DARK)
    tx = x0 + 12 + size + 12
    room = x1 - 12 - tx
    name_face = kit.font(21, True)
    badge = 24 if is_dealer else 0
    drawn = kit.draw_text(
        draw, (tx, y0 + 24), name, name_face, colour, anchor="lm", max_width=room - (badge + 8 if badge else 0)
    )
    if is_dealer:
        centre = (tx + drawn + 6 + badge / 2, y0 + 24)
        kit.disc(canvas, centre, badge, kit.INK)
        kit.draw_glyph(draw, centre, t(locale, "njet.render.dealer_badge"), kit.font(15, True), kit.INK_DARK)
    line2 = y0 + 53
    character = _character_name(_character_of(view, seat), locale)
    kit.draw_text(draw, (tx, line2), character, kit.font(17), kit.INK_DIM, anchor="lm", max_width=room)
    line3 = y0 + 84
    back_w = 17
    cards = kit.as_int(player.get("cards"))
    kit.paste_card(canvas, card_back(back_w), (tx, round(line3 - kit.card_size(back_w)[1] / 2)), shadow=False)
    kit.draw_text(draw, (tx + back_w + 7, line3), str(cards), kit.font(20, True), kit.INK, anchor="lm")
    runs = _points_runs(locale, kit.as_int(player.get("score")), kit.font(22, True), kit.GOLD, kit.font(15))
    kit.draw_runs(draw, (x1 - 12, line3), runs, align="right")
    tab_face = kit.font(15, True)
    if team is not None and phase != "over":
        _team_badge(canvas, (x1 - 14, y0), team, locale, 15, align="right")
    if is_turn:
        label = [(t(locale, f"njet.render.to_act.{phase}"), tab_face, kit.INK_DARK)]
        kit.pill(canvas, (x0 + 14, y0), label, colour, height=22)
    elif discarded:
        label = [(t(locale, "njet.render.discarded"), tab_face, kit.INK_DARK)]
        kit.pill(canvas, (x0 + 14, y0), label, DONE, height=22)


def _points_runs(locale: str, n: int, face: Font, fill: kit.Colour, unit_face: Font) -> list[Run]:
    """A score as "34 pts": the number in ``face``, the unit (from the catalog) smaller and dimmer."""
    before, _, after = (
        plural(locale, "njet.render.points", n).replace(str(n), kit.NAME_MARK, 1).partition(kit.NAME_MARK)
    )
    return [(before, unit_face, kit.INK_DIM), (str(n), face, fill), (after, unit_face, kit.INK_DIM)]


# --- the hand ------------------------------------------------------------------------------------------------


def render_hand(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> bytes:
    """A player's hand as PNG bytes, from that seat's view; ``playable`` raises those cards and dims the rest."""
    return kit.encode_png(hand_image(view, locale, playable))


def hand_image(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> Image.Image:
    """The hand as an RGBA picture: a header with the task, the round's colours once decided, the cards, and the
    seat's own discards under them when it has some."""
    hand = [str(code).upper() for code in view.get("hand") or ()]
    discards = [str(code).upper() for code in view.get("discards") or ()]
    card_w = HAND_CARD
    card_h = kit.card_size(card_w)[1]
    rows = 1 if len(hand) <= HAND_ROW_LIMIT else 2
    per_row = max(1, math.ceil(len(hand) / rows))
    widest = HAND_MAX_WIDTH - 2 * MARGIN - card_w
    step = min(card_w + 12, widest / (per_row - 1)) if per_row > 1 else 0
    width = max(HAND_MIN_WIDTH, round(2 * MARGIN + card_w + step * (per_row - 1)))
    raise_by = HAND_RAISE if playable is not None else 0
    row_h = card_h + raise_by
    info = _rule_chips(view, locale)
    band = HAND_INFO if info else 0
    body = rows * row_h + (rows - 1) * 14 if hand else 90
    discard_w = 70
    strip = kit.card_size(discard_w)[1] + 24 if discards else 0
    height = HEADER + band + MARGIN + body + MARGIN + strip
    canvas = kit.new_canvas(width, height)
    _draw_hand_header(canvas, view, locale, len(hand))
    if info:
        kit.panel(canvas, (0, HEADER, width, HEADER + band), 0, (0, 0, 0, 60))
        x: float = MARGIN
        for chip in info:
            x = _chip(canvas, x, HEADER + band / 2, chip, kit.font(19, True), align="left") + 10
    top = HEADER + band + MARGIN
    super_colour = _super_colour(view)
    if not hand:
        kit.draw_centered(
            ImageDraw.Draw(canvas),
            (width / 2, top + 45),
            t(locale, "njet.render.hand.empty"),
            kit.font(26),
            kit.INK_DIM,
        )
    allowed = {code.upper() for code in playable} if playable is not None else None
    row_width = card_w + step * (per_row - 1)
    for i, code in enumerate(hand):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(hand) - row * per_row)
        offset = (width - (card_w + step * (in_row - 1))) / 2 if in_row < per_row else (width - row_width) / 2
        x = round(offset + col * step)
        y = top + row * (row_h + 14) + raise_by
        special = is_super(code, super_colour)
        if allowed is None:
            kit.paste_card(canvas, card_face(code, card_w, super_trump=special), (x, y))
        elif code in allowed:
            kit.paste_card(canvas, card_face(code, card_w, super_trump=special, ring=kit.GOLD), (x, y - raise_by))
        else:
            kit.paste_card(canvas, card_face(code, card_w, super_trump=special, dim=True), (x, y))
    if discards:
        _draw_own_discards(canvas, discards, locale, discard_w, height - strip - 4, super_colour)
    return canvas


def _draw_own_discards(
    canvas: Image.Image, discards: Sequence[str], locale: str, card_w: int, top: int, super_colour: str | None
) -> None:
    """The seat's own face-down discards, shown small under the hand (private: only in the seat's picture)."""
    draw = ImageDraw.Draw(canvas)
    kit.panel(canvas, (0, top - 4, canvas.width, canvas.height), 0, kit.HEADER)
    card_h = kit.card_size(card_w)[1]
    cy = top + 8 + card_h / 2
    x = MARGIN + kit.draw_text(
        draw, (MARGIN, cy), t(locale, "njet.render.hand.discards"), kit.font(21, True), kit.INK_DIM, anchor="lm"
    )
    x += 20
    for code in discards:
        try:
            parse_card(code)
        except ValueError:
            continue
        kit.paste_card(
            canvas, card_face(code, card_w, super_trump=is_super(code, super_colour), dim=True), (round(x), top + 8)
        )
        x += card_w + 10


Chip = tuple[str, kit.Colour, kit.Colour, Image.Image | None]


def _chip(canvas: Image.Image, x: float, cy: float, chip: Chip, face: Font, *, align: str = "right") -> float:
    """A pill with an optional icon before its text, ending (or, left-aligned, starting) at ``x``.

    Returns its far end: the left end when right-aligned, the right end when left-aligned.
    """
    text, fill, ink, icon = chip
    pad = round(face.size * 0.6)
    height = round(face.size * 1.65)
    icon_w = icon.width + 8 if icon is not None else 0
    width = round(face.getlength(text)) + 2 * pad + icon_w
    x0 = round(x - width) if align == "right" else round(x)
    kit.panel(canvas, (x0, round(cy - height / 2), x0 + width, round(cy - height / 2) + height), height // 2, fill)
    if icon is not None:
        kit.paste(canvas, icon, (x0 + pad - 2, round(cy - icon.height / 2)))
    kit.draw_text(ImageDraw.Draw(canvas), (x0 + pad + icon_w, cy), text, face, ink, anchor="lm")
    return x0 if align == "right" else x0 + width


def _rule_chips(view: Mapping[str, Any], locale: str) -> list[Chip]:
    """The round's trump, super-trump and points per trick, once the Njet phase has decided them."""
    phase = _phase(view)
    rules = _rules(view)
    if phase not in ("partner", "discard", "tricks"):
        return []
    chips: list[Chip] = []
    trump = rules.get("trump")
    if trump in COLOURS:
        text = t(locale, "njet.render.hand.trump", colour=_colour_name(trump, locale))
        chips.append((text, kit.INK, kit.INK_DARK, swatch(trump, 22)))
    sup = rules.get("super")
    if sup is not None:
        text = t(locale, "njet.render.hand.super", colour=_colour_name(sup, locale))
        chips.append((text, kit.PANEL_SOLID, kit.INK, star(22) if sup in COLOURS else swatch("none", 22)))
    points = kit.as_opt_int(rules.get("points"))
    if points is not None:
        chips.append((f"×{points} {t(locale, 'njet.render.per_trick')}", kit.PANEL_SOLID, kit.GOLD, None))
    return chips


def _task_chip(view: Mapping[str, Any], locale: str) -> Chip | None:
    """What the seat has to do now (or that it waits), as one label."""
    seat = kit.as_opt_int(view.get("seat"))
    colour = kit.seat_colour(seat) if seat is not None else kit.INK
    phase = _phase(view)
    mine = seat is not None and seat in _turn_seats(view)
    waiting: kit.Colour = kit.PANEL_SOLID
    if phase == "over":
        return (t(locale, "njet.render.over"), kit.GOLD, kit.INK_DARK, None)
    if phase == "njet":
        if mine:
            return (t(locale, "njet.render.hand.block"), colour, kit.INK_DARK, None)
        return (t(locale, "njet.render.hand.njet"), waiting, kit.INK, None)
    if phase == "partner":
        if mine:
            return (t(locale, "njet.render.hand.partner"), colour, kit.INK_DARK, None)
        return (t(locale, "njet.render.hand.partner_wait"), waiting, kit.INK, None)
    if phase == "discard":
        if mine:
            count = kit.as_int(_rules(view).get("discard"))
            return (plural(locale, "njet.render.hand.discard", count), kit.ALERT, kit.INK, None)
        return (t(locale, "njet.render.hand.discard_done"), DONE, kit.INK_DARK, None)
    if mine:
        return (t(locale, "njet.render.hand.play"), colour, kit.INK_DARK, None)
    return None


def _draw_hand_header(canvas: Image.Image, view: Mapping[str, Any], locale: str, count: int) -> None:
    """Emblem, title and card count on the left, the task on the right."""
    draw = ImageDraw.Draw(canvas)
    width = canvas.width
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    seat = kit.as_opt_int(view.get("seat"))
    x: float = MARGIN
    if seat is not None:
        kit.paste(canvas, _emblem(view, seat, 44), (MARGIN, round(cy - 22)))
        x += 54
    colour = kit.seat_colour(seat) if seat is not None else kit.INK
    x += kit.draw_text(draw, (x, cy), t(locale, "njet.render.your_hand"), kit.font(28, True), colour, anchor="lm")
    x += 16 + kit.draw_text(
        draw, (x + 16, cy), plural(locale, "njet.render.cards", count), kit.font(21), kit.INK_DIM, anchor="lm"
    )
    chip = _task_chip(view, locale)
    if chip is not None:
        _chip(canvas, width - MARGIN, cy, chip, kit.font(21, True))


# --- score sheet picture -------------------------------------------------------------------------------------


def render_sheet(view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The full score sheet (up to 16 rounds) as PNG bytes, for the end of the game."""
    return kit.encode_png(sheet_image(view, names, locale))


def sheet_image(view: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The score sheet as an RGBA picture, tall enough for every round of the game."""
    rows = max(len(view.get("sheet") or ()), kit.as_int(view.get("rounds")), 1)
    height = HEADER + GAP + SHEET_HEAD + rows * SHEET_ROW + SHEET_FOOT + 20 + MARGIN
    canvas = kit.new_canvas(SHEET_WIDTH, height)
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    x = MARGIN + kit.draw_text(
        draw, (MARGIN, cy), t(locale, "njet.render.sheet"), kit.font(30, True), kit.GOLD, anchor="lm"
    )
    n, total = kit.as_int(view.get("round")), kit.as_opt_int(view.get("rounds"))
    round_text = t(locale, "njet.render.round", n=n, total=total) if total else t(locale, "njet.render.round_open", n=n)
    x += 22 + kit.draw_text(draw, (x + 22, cy), round_text, kit.font(22), kit.INK_DIM, anchor="lm")
    players = _players(view)
    seats = [_seat_of(p, i) for i, p in enumerate(players)]
    totals = _totals(view, _sheet_rows(view, seats))
    if totals:
        best = max(totals)
        leaders = [seats[i] for i, value in enumerate(totals) if value == best]
        if view.get("over"):
            key = "njet.render.winner" if len(leaders) == 1 else "njet.render.winners"
        else:
            key = "njet.render.leading"
        _draw_leaders(canvas, view, names, locale, t(locale, key), leaders, (x + 30, SHEET_WIDTH - MARGIN), cy)
    box = (MARGIN, HEADER + GAP, SHEET_WIDTH - MARGIN, height - MARGIN)
    _draw_sheet(canvas, view, names, locale, box, compact=False, title=False)
    return canvas


def _draw_leaders(
    canvas: Image.Image,
    view: Mapping[str, Any],
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
    face, name_face = kit.font(22), kit.font(22, True)
    size = 36
    x = right
    if len(seats) == 1:
        seat = seats[0]
        room = right - left - face.getlength(label) - size - 24
        x -= kit.draw_text(
            draw,
            (x, cy),
            _seat_name(names, seat, locale),
            name_face,
            kit.seat_colour(seat),
            anchor="rm",
            max_width=room,
        )
        x -= 8
    for seat in reversed(seats):
        kit.paste(canvas, _emblem(view, seat, size), (round(x - size), round(cy - size / 2)))
        x -= size + 6
    kit.draw_text(draw, (x - 6, cy), label, face, kit.INK_DIM, anchor="rm", max_width=x - 6 - left)


# --- examples and timing -------------------------------------------------------------------------------------


EXAMPLE_NAMES = ("Amélie", "Bruno", "Chloé", "Étienne")

EXAMPLE_SHEET = [[4, 0, 4, 0], [0, 6, 0, 6], [9, 9, 0, 0], [0, 2, 0, 2], [12, 0, 12, 0], [0, 8, 8, 0], [3, 0, 0, 3]]


def board_view(players: int, blocks: Mapping[str, Mapping[str, int]]) -> dict[str, list[dict[str, Any]]]:
    """A board as the public view gives it: every row's options, ``blocks[row][option]`` naming the blocker."""
    options = {
        "start": [str(seat) for seat in range(players)],
        "discard": ["2", "1", "0"],
        "trump": list(COLOURS),
        "super": [*COLOURS, "none"],
        "points": ["1", "2", "3", "4"],
    }
    return {
        row: [{"option": option, "blocked_by": blocks.get(row, {}).get(option)} for option in values]
        for row, values in options.items()
    }


def example_view(phase: str = "tricks") -> dict[str, Any]:
    """A four-player public view in ``phase`` (njet, partner, discard, tricks or over), round 3 of 8."""
    sheet = [row[:] for row in EXAMPLE_SHEET[:2]]
    scores = [sum(row[i] for row in sheet) for i in range(4)]
    decided = {"start": 2, "discard": 1, "trump": "G", "super": "R", "points": 3}
    full_blocks = {
        "start": {"0": 1, "1": 3, "3": 0},
        "discard": {"2": 2, "0": 1},
        "trump": {"R": 0, "K": 3, "B": 2},
        "super": {"K": 1, "B": 0, "G": 3, "none": 2},
        "points": {"1": 3, "2": 0, "4": 1},
    }
    view: dict[str, Any] = {
        "game": "njet",
        "round": 3,
        "rounds": 8,
        "dealer": 1,
        "phase": phase,
        "players": [
            {
                "seat": seat,
                "character": CHARACTERS[seat],
                "cards": 10,
                "score": scores[seat],
                "team": None,
                "discarded": False,
            }
            for seat in range(4)
        ],
        "board": board_view(4, full_blocks),
        "stones_left": 0,
        "rules": dict(decided),
        "starter": 2,
        "partner": None,
        "alone": False,
        "teams": None,
        "trick": [],
        "leader": None,
        "last_trick": [],
        "last_winner": None,
        "team_tricks": [0, 0],
        "team_ones": [0, 0],
        "to_act": [2],
        "sheet": sheet,
        "over": False,
    }
    if phase == "njet":
        partial = {
            "start": {"0": 1, "3": 0},
            "discard": {"2": 2},
            "trump": {"R": 0, "K": 3, "B": 2},
            "super": {"K": 1, "none": 2},
            "points": {"1": 3},
        }
        view.update(
            board=board_view(4, partial),
            stones_left=6,
            rules={"start": None, "discard": None, "trump": "G", "super": None, "points": None},
            starter=None,
            to_act=[3],
        )
        return view
    if phase == "partner":
        return view
    teams = [[2, 0], [1, 3]]
    for player in view["players"]:
        player["team"] = 0 if player["seat"] in teams[0] else 1
    view.update(partner=0, teams=teams)
    if phase == "discard":
        view["players"][0]["discarded"] = True
        view["players"][3]["discarded"] = True
        view.update(to_act=[1, 2])
        return view
    for player in view["players"]:
        player["discarded"] = True
    if phase == "tricks":
        for player, cards in zip(view["players"], (5, 4, 5, 5), strict=True):
            player["cards"] = cards
        view.update(
            trick=[{"seat": 2, "card": "B7"}, {"seat": 3, "card": "G4"}, {"seat": 0, "card": "B9"}],
            leader=2,
            last_trick=[
                {"seat": 1, "card": "K3"},
                {"seat": 2, "card": "K8"},
                {"seat": 3, "card": "R1"},
                {"seat": 0, "card": "K1"},
            ],
            last_winner=3,
            team_tricks=[2, 2],
            team_ones=[1, 1],
            to_act=[1],
        )
        return view
    sheet = [row[:] for row in EXAMPLE_SHEET] + [[6, 6, 0, 0]]
    scores = [sum(row[i] for row in sheet) for i in range(4)]
    for player in view["players"]:
        player["score"] = scores[player["seat"]]
        player["cards"] = 0
    view.update(
        round=8,
        dealer=3,
        phase="over",
        over=True,
        sheet=sheet,
        to_act=[],
        trick=[],
        team_tricks=[5, 4],
        team_ones=[2, 1],
    )
    return view


def example_seat_view(phase: str = "tricks", seat: int = 1) -> dict[str, Any]:
    """The example table seen by ``seat``, with a hand and (after the discard) its discarded card."""
    view = example_view(phase)
    hands = {
        "njet": ["R1", "R5", "R9", "K2", "K6", "B1", "B3", "B8", "G2", "G7"],
        "partner": ["R1", "R5", "R9", "K2", "K6", "B1", "B3", "B8", "G2", "G7"],
        "discard": ["R1", "R5", "R9", "K2", "K6", "B1", "B3", "B8", "G2", "G7"],
        "tricks": ["R1", "R9", "B3", "G2"],
        "over": [],
    }
    discards = [] if phase in ("njet", "partner", "discard") else ["K2"]
    return {**view, "seat": seat, "hand": hands.get(phase, []), "discards": discards}


def write_example(path: str | Path, width: int = 700, locale: str = "fr") -> int:
    """Write the example trick table, scaled to ``width`` px and palette-encoded, for documentation; return its size."""
    image = table_image(example_view("tricks"), EXAMPLE_NAMES, locale)
    height = round(image.height * width / image.width)
    small = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    data = kit.encode_png(small, colors=256)
    Path(path).write_bytes(data)
    return len(data)


def benchmark(repeat: int = 20) -> dict[str, float]:
    """Median milliseconds per PNG for the busiest pictures: the full board, a trick, a 12-card hand, the sheet."""
    names = [f"Éléonore-Françoise n°{i} de Châteaubriand"[:32] for i in range(4)]
    board = example_view("njet")
    trick = example_view("tricks")
    hand = {
        **example_seat_view("discard"),
        "hand": ["R1", "R2", "R5", "R9", "K2", "K6", "B1", "B3", "B8", "G1", "G2", "G7"],
    }
    sheet = {**example_view("over"), "rounds": 16, "sheet": [[9, 9, 0, 0]] * 16}
    return {
        "board_ms": kit.measure_ms(lambda: render_table(board, names, "fr"), repeat),
        "trick_ms": kit.measure_ms(lambda: render_table(trick, names, "fr"), repeat),
        "hand_ms": kit.measure_ms(lambda: render_hand(hand, "fr", hand["hand"][::2]), repeat),
        "sheet_ms": kit.measure_ms(lambda: render_sheet(sheet, names, "fr"), repeat),
    }
