"""Nain Jaune pictures: the shared table (from the public view only) and a player's private hand.

The table is laid out for Discord's preview, where a 1000 px picture shows about 550 px wide: large type,
one band per kind of information (boxes, sequence and talon, players). Every word comes from the catalog.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from renders import kit
from renders.kit import Font

WIDTH = 1000
HEIGHT = 720
MARGIN = 18
GAP = 12
HEADER = 64

BOX_ORDER = (0, 1, 4, 2, 3)
"""Board boxes left to right: 10♦, V♣, the Nain jaune (7♦) in the middle, D♠, R♥."""
CENTRE_BOX = 4

HAND_MAX_WIDTH = 1000
HAND_MIN_WIDTH = 760
HAND_CARD = 120
HAND_RAISE = 22
HAND_ROW_LIMIT = 12


# --- shared pieces -------------------------------------------------------------------------------------------


def _plural(locale: str, key: str, n: int) -> str:
    """``key.zero``, ``key.one`` or ``key.other``: French and English disagree on zero ("0 carte", "0 cards")."""
    form = "zero" if n == 0 else "one" if n == 1 else "other"
    return t(locale, f"{key}.{form}", n=n)


def _turn_seats(view: Mapping[str, Any]) -> set[int]:
    """The seats that act now; the view gives one seat or None, a collection is accepted as well."""
    to_act = view.get("to_act")
    if to_act is None:
        return set()
    if isinstance(to_act, int):
        return {to_act}
    return {int(seat) for seat in to_act}


def _seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or t(locale, "nj.render.player", n=seat + 1)


def _rank_text(rank: object, locale: str) -> str:
    text = str(rank)
    return kit.rank_name(text, locale) if text in kit.RANKS else text


def _state_chips(
    view: Mapping[str, Any], locale: str, *, with_over: bool = True
) -> list[tuple[str, kit.Colour, kit.Colour]]:
    """The sequence state as labels (text, background, ink): "sans X", the wanted rank or a new sequence."""
    if view.get("over"):
        return [(t(locale, "nj.render.over"), kit.INK, kit.INK_DARK)] if with_over else []
    chips: list[tuple[str, kit.Colour, kit.Colour]] = []
    sans, wanted = view.get("sans"), view.get("wanted")
    if sans:
        chips.append((t(locale, "nj.render.sans", rank=_rank_text(sans, locale)), kit.ALERT, kit.INK))
    if wanted and wanted != sans:
        chips.append((t(locale, "nj.render.wanted", rank=_rank_text(wanted, locale)), kit.GOLD, kit.INK_DARK))
    elif wanted is None and not sans:
        chips.append((t(locale, "nj.render.new_sequence"), kit.INK, kit.INK_DARK))
    return chips


def _draw_chips(
    canvas: Image.Image,
    right: float,
    cy: float,
    chips: Sequence[tuple[str, kit.Colour, kit.Colour]],
    face: Font,
    gap: int = 10,
) -> float:
    """Pills laid from right to left ending at ``right``; returns the left end."""
    x = right
    for text, fill, ink in reversed(chips):
        box = kit.pill(canvas, (x, cy), [(text, face, ink)], fill, align="right")
        x = box[0] - gap
    return x + gap


def _coin_count(
    canvas: Image.Image, xy: tuple[float, float], count: object, face: Font, fill: kit.Colour, *, align: str = "left"
) -> float:
    """A coin followed by a count, vertically centred on ``xy[1]``; returns the width."""
    size = round(face.size * 1.05)
    text = str(count)
    width = size + round(face.size * 0.3) + face.getlength(text)
    x = xy[0] - (width if align == "right" else width / 2 if align == "center" else 0)
    kit.paste(canvas, kit.coin(size), (round(x), round(xy[1] - size / 2)))
    kit.draw_text(ImageDraw.Draw(canvas), (x + width, xy[1]), text, face, fill, anchor="rm")
    return width


# --- the table -----------------------------------------------------------------------------------------------


def render_table(view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes, drawn from the engine's public view and the seat names.

    Only public fields are read, so a seat view passed by mistake still shows no hand.
    """
    return kit.encode_png(table_image(view, names, locale))


def table_image(view: Mapping[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture (for callers that compose or scale it before encoding)."""
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    _draw_header(canvas, view, names, locale)
    top = HEADER
    boxes_bottom = _draw_boxes(canvas, view, locale, top + 14)
    middle_bottom = _draw_sequence(canvas, view, names, locale, boxes_bottom + GAP)
    _draw_talon(canvas, view, locale, boxes_bottom + GAP, middle_bottom)
    _draw_players(canvas, view, names, locale, middle_bottom + GAP, HEIGHT - MARGIN)
    return canvas


def _draw_header(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str) -> None:
    """Deal number and dealer on the left, whose turn it is (or the end of the game) on the right."""
    draw = ImageDraw.Draw(canvas)
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    deal, deals = int(view.get("deal") or 0), view.get("deals")
    title = t(locale, "nj.render.deal", n=deal, total=deals) if deals else t(locale, "nj.render.deal_open", n=deal)
    title_face = kit.font(30, True)
    x = MARGIN + kit.draw_text(draw, (MARGIN, cy), title, title_face, kit.GOLD, anchor="lm")
    half = WIDTH / 2 - 10
    dealer = view.get("dealer")
    if dealer is not None:
        face = kit.font(23)
        runs = kit.catalog_runs(
            locale,
            "nj.render.dealer",
            _seat_name(names, dealer, locale),
            face,
            kit.INK_DIM,
            kit.seat_colour(dealer),
            half - x - 24,
        )
        kit.draw_runs(draw, (x + 24, cy), runs)
    turn = _turn_seats(view)
    if view.get("over"):
        _draw_chips(canvas, WIDTH - MARGIN, cy, _state_chips(view, locale), kit.font(24, True))
    elif len(turn) == 1:
        to_act = next(iter(turn))
        face = kit.font(25)
        runs = kit.catalog_runs(
            locale,
            "nj.render.turn",
            _seat_name(names, to_act, locale),
            face,
            kit.INK,
            kit.seat_colour(to_act),
            WIDTH - MARGIN - half - 40,
        )
        width = kit.draw_runs(draw, (WIDTH - MARGIN, cy), runs, align="right")
        kit.draw_glyph(draw, (WIDTH - MARGIN - width - 20, cy), "▶", kit.font(22), kit.seat_colour(to_act))


def _claimed_cards(view: Mapping[str, Any]) -> set[str]:
    """Board cards whose box waits for its "qui prend" announcement (claims may be codes or small dicts)."""
    cards: set[str] = set()
    for claim in view.get("pending_claims") or ():
        if isinstance(claim, str):
            cards.add(claim)
        elif isinstance(claim, Mapping) and isinstance(claim.get("card"), str):
            cards.add(claim["card"])
    return cards


def _draw_boxes(canvas: Image.Image, view: Mapping[str, Any], locale: str, top: int) -> int:
    """The five boxes in a row, the Nain jaune in the middle; returns the bottom of the band."""
    boxes = list(view.get("boxes") or ())
    height = 186
    centre_w = 220
    normal_w = (WIDTH - 2 * MARGIN - centre_w - 4 * 15) // 4
    card_w = 84
    claimed = _claimed_cards(view)
    x = MARGIN
    for index in BOX_ORDER:
        if index >= len(boxes):
            continue
        box = boxes[index]
        is_centre = index == CENTRE_BOX
        w = centre_w if is_centre else normal_w
        frame = (x, top, x + w, top + height)
        if is_centre:
            kit.panel(canvas, frame, 18, (60, 48, 6, 150), outline=kit.GOLD, width=3, shadow=True)
        else:
            kit.panel(canvas, frame, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
        code = str(box.get("card", ""))
        card_h = kit.card_size(card_w)[1]
        card_xy = (round(x + (w - card_w) / 2), top + 16)
        if code:
            kit.paste_card(canvas, kit.card_face(code, card_w, locale), card_xy)
        tokens = int(box.get("tokens") or 0)
        row_y = top + 16 + card_h + (height - 16 - card_h) / 2
        _coin_count(
            canvas, (x + w / 2, row_y), tokens, kit.font(30, True), kit.GOLD if is_centre else kit.INK, align="center"
        )
        if is_centre:
            label = t(locale, "nj.render.nain_jaune")
            kit.pill(
                canvas,
                (x + w / 2, top),
                [(label, kit.font(20, True), kit.INK_DARK)],
                kit.GOLD,
                align="center",
                height=30,
            )
        if code in claimed:
            claim = [(t(locale, "nj.render.claim"), kit.font(19, True), kit.INK)]
            kit.pill(canvas, (x + w / 2, top), claim, kit.ALERT, align="center", height=30)
        x += w + 15
    return top + height


def _draw_sequence(canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, top: int) -> int:
    """The cards of the running sequence, the last one raised and lit, with its state; returns the bottom."""
    height = 200
    right = WIDTH - MARGIN - 228 - GAP
    kit.panel(canvas, (MARGIN, top, right, top + height), 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    sequence = [str(code) for code in view.get("sequence") or ()]
    _draw_sequence_cards(canvas, view, sequence, locale, (MARGIN + 18, top + 50, right - 18, top + height - 14))
    draw = ImageDraw.Draw(canvas)
    head_y = top + 26
    x: float = MARGIN + 18
    x += kit.draw_text(draw, (x, head_y), t(locale, "nj.render.sequence"), kit.font(22, True), kit.INK_DIM, anchor="lm")
    chips = _state_chips(view, locale, with_over=False)
    chips_left = _draw_chips(canvas, right - 14, head_y, chips, kit.font(22, True))
    last_seat = view.get("last_seat")
    if last_seat is not None and sequence:
        face = kit.font(20)
        runs = kit.catalog_runs(
            locale,
            "nj.render.laid_by",
            _seat_name(names, last_seat, locale),
            face,
            kit.INK_DIM,
            kit.seat_colour(last_seat),
            chips_left - x - 34,
        )
        kit.draw_runs(draw, (x + 14, head_y), runs)
    return top + height


def _draw_sequence_cards(
    canvas: Image.Image, view: Mapping[str, Any], sequence: Sequence[str], locale: str, area: kit.Box
) -> None:
    """The last 13 cards of the sequence fanned left to right in ``area`` (bottom-aligned), older ones counted."""
    left, top, right, bottom = area
    card_w = 96
    card_h = kit.card_size(card_w)[1]
    card_top = bottom - card_h
    if not sequence:
        text = t(locale, "nj.render.no_sequence")
        kit.draw_centered(
            ImageDraw.Draw(canvas), ((left + right) / 2, (top + bottom) / 2), text, kit.font(24), kit.INK_DIM
        )
        return
    shown = sequence[-13:]
    hidden = len(sequence) - len(shown)
    if hidden:
        label = [(t(locale, "nj.render.earlier", n=hidden), kit.font(20, True), kit.INK)]
        box = kit.pill(canvas, (left, card_top + card_h / 2), label, kit.PANEL_SOLID, outline=kit.PANEL_EDGE)
        left = box[2] + 10
    last = str(view.get("last_card") or shown[-1])
    span = right - left - card_w - 14
    step = min(card_w + 12, span / max(1, len(shown) - 1)) if len(shown) > 1 else 0
    for i, code in enumerate(shown):
        xy = (round(left + i * step), card_top)
        if i == len(shown) - 1 and code == last:
            xy = (xy[0] + 4, card_top - 8)
            kit.card_glow(canvas, xy, card_w, kit.GOLD, 12)
            kit.paste_card(canvas, kit.card_face(code, card_w, locale, ring=kit.GOLD), xy)
        else:
            kit.paste_card(canvas, kit.card_face(code, card_w, locale), xy)


def _draw_talon(canvas: Image.Image, view: Mapping[str, Any], locale: str, top: int, bottom: int) -> None:
    """The talon as a face-down stack (an empty slot when there is none) with its count."""
    left = WIDTH - MARGIN - 228
    frame = (left, top, WIDTH - MARGIN, bottom)
    kit.panel(canvas, frame, 16, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    draw = ImageDraw.Draw(canvas)
    head_y = top + 26
    kit.draw_text(draw, (left + 18, head_y), t(locale, "nj.render.talon"), kit.font(22, True), kit.INK_DIM, anchor="lm")
    count = int(view.get("talon") or 0)
    kit.draw_text(
        draw,
        (WIDTH - MARGIN - 18, head_y),
        _plural(locale, "nj.render.cards", count),
        kit.font(22, True),
        kit.INK,
        anchor="rm",
    )
    card_w = 88
    card_h = kit.card_size(card_w)[1]
    layers = min(count, 4)
    spread = 6
    stack_w = card_w + spread * max(0, layers - 1)
    x0 = round(left + (228 - stack_w) / 2)
    y0 = bottom - card_h - 14 - spread * max(0, layers - 1) // 2
    if layers == 0:
        kit.panel(
            canvas,
            (x0, y0, x0 + card_w, y0 + card_h),
            kit.card_radius(card_w),
            (0, 0, 0, 0),
            outline=kit.PANEL_EDGE,
            width=2,
        )
        return
    for i in range(layers):
        kit.paste_card(
            canvas, kit.card_back(card_w), (x0 + i * spread, y0 + (layers - 1 - i) * spread // 2), shadow=i == 0
        )


def _draw_players(
    canvas: Image.Image, view: Mapping[str, Any], names: Sequence[str], locale: str, top: int, bottom: int
) -> None:
    players = list(view.get("players") or ())
    if not players:
        return
    columns = 1 if len(players) <= 3 else 2
    rows = math.ceil(len(players) / columns)
    row_gap = 8
    row_h = min(60, (bottom - top - row_gap * (rows - 1)) // rows)
    col_w = (WIDTH - 2 * MARGIN - GAP * (columns - 1)) // columns
    dealer, turn = view.get("dealer"), _turn_seats(view)
    face = kit.font(24 if row_h >= 46 else 22, True)
    columns_w = (
        max(face.getlength(str(int(p.get("cards") or 0))) for p in players),
        max(face.getlength(str(int(p.get("tokens") or 0))) for p in players),
    )
    for i, player in enumerate(players):
        col, row = (i // rows, i % rows) if columns > 1 else (0, i)
        x0 = MARGIN + col * (col_w + GAP)
        y0 = top + row * (row_h + row_gap)
        seat = int(player.get("seat", i))
        _draw_player(
            canvas,
            (x0, y0, x0 + col_w, y0 + row_h),
            seat,
            player,
            _seat_name(names, seat, locale),
            dealer == seat,
            seat in turn,
            face,
            columns_w,
            locale,
        )


def _draw_player(
    canvas: Image.Image,
    frame: kit.Box,
    seat: int,
    player: Mapping[str, Any],
    name: str,
    is_dealer: bool,
    is_turn: bool,
    face: Font,
    columns_w: tuple[float, float],
    locale: str,
) -> None:
    """One player's line: colour stripe, turn arrow, name, dealer badge, cards in hand, tokens."""
    x0, y0, x1, y1 = frame
    cy = (y0 + y1) / 2
    colour = kit.seat_colour(seat)
    kit.seat_frame(canvas, frame, colour, lit=is_turn, tint=0.28, shadow=True)
    draw = ImageDraw.Draw(canvas)
    x = x0 + 24
    if is_turn:
        kit.draw_glyph(draw, (x + 8, cy), "▶", kit.font(face.size - 2), colour)
        x += 26
    back_w = 20
    cards_w = back_w + 8 + columns_w[0] + 22
    tokens_w = round(face.size * 1.35 + columns_w[1])
    right_block = round(x1 - 14 - tokens_w - cards_w)
    badge = 28 if is_dealer else 0
    drawn = kit.draw_text(draw, (x, cy), name, face, colour, anchor="lm", max_width=right_block - x - badge - 14)
    if is_dealer:
        centre = (x + drawn + 8 + badge / 2, cy)
        kit.disc(canvas, centre, badge, kit.INK)
        kit.draw_glyph(draw, centre, t(locale, "nj.render.dealer_badge"), kit.font(17, True), kit.INK_DARK)
    cards = int(player.get("cards") or 0)
    back_h = kit.card_size(back_w)[1]
    bx = right_block + 8
    kit.paste_card(canvas, kit.card_back(back_w), (bx, round(cy - back_h / 2)), shadow=False)
    kit.draw_text(draw, (bx + back_w + 8, cy), str(cards), face, kit.INK, anchor="lm")
    _coin_count(canvas, (x1 - 14, cy), int(player.get("tokens") or 0), face, kit.INK, align="right")


# --- the hand ------------------------------------------------------------------------------------------------


def render_hand(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> bytes:
    """A player's hand as PNG bytes, from that seat's view; ``playable`` raises those cards and dims the rest."""
    return kit.encode_png(hand_image(view, locale, playable))


def hand_image(view: Mapping[str, Any], locale: str, playable: Sequence[str] | None = None) -> Image.Image:
    """The hand as an RGBA picture."""
    hand = [str(code) for code in view.get("hand") or ()]
    card_w = HAND_CARD
    card_h = kit.card_size(card_w)[1]
    rows = 1 if len(hand) <= HAND_ROW_LIMIT else 2
    per_row = max(1, math.ceil(len(hand) / rows))
    widest = HAND_MAX_WIDTH - 2 * MARGIN - card_w
    step = min(card_w + 12, widest / (per_row - 1)) if per_row > 1 else 0
    width = max(HAND_MIN_WIDTH, round(2 * MARGIN + card_w + step * (per_row - 1)))
    header = HEADER
    raise_by = HAND_RAISE if playable is not None else 0
    row_h = card_h + raise_by
    height = header + MARGIN + rows * row_h + (rows - 1) * 14 + MARGIN if hand else header + 120
    canvas = kit.new_canvas(width, height)
    _draw_hand_header(canvas, view, locale, len(hand))
    if not hand:
        kit.draw_centered(
            ImageDraw.Draw(canvas),
            (width / 2, header + 60),
            t(locale, "nj.render.empty_hand"),
            kit.font(26),
            kit.INK_DIM,
        )
        return canvas
    allowed = set(playable) if playable is not None else None
    row_width = card_w + step * (per_row - 1)
    for i, code in enumerate(hand):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(hand) - row * per_row)
        offset = (width - (card_w + step * (in_row - 1))) / 2 if in_row < per_row else (width - row_width) / 2
        x = round(offset + col * step)
        y = header + MARGIN + row * (row_h + 14) + raise_by
        if allowed is None:
            kit.paste_card(canvas, kit.card_face(code, card_w, locale), (x, y))
        elif code in allowed:
            kit.paste_card(canvas, kit.card_face(code, card_w, locale, ring=kit.GOLD), (x, y - raise_by))
        else:
            kit.paste_card(canvas, kit.card_face(code, card_w, locale, dim=True), (x, y))
    return canvas


def _draw_hand_header(canvas: Image.Image, view: Mapping[str, Any], locale: str, count: int) -> None:
    """Title, card count and tokens on the left, the turn and the wanted rank on the right.

    When the line is too short the tokens give way first, then the turn label: the wanted rank stays.
    """
    draw = ImageDraw.Draw(canvas)
    width = canvas.width
    kit.header_strip(canvas, HEADER)
    cy = HEADER // 2
    seat = view.get("seat")
    colour = kit.seat_colour(seat) if isinstance(seat, int) else kit.INK
    title_face, count_face, chip_face = kit.font(28, True), kit.font(22), kit.font(22, True)
    title = t(locale, "nj.render.your_hand")
    cards = _plural(locale, "nj.render.cards", count)
    players = {int(p.get("seat", i)): p for i, p in enumerate(view.get("players") or ())}
    tokens = None
    if isinstance(seat, int) and seat in players:
        tokens = _plural(locale, "nj.render.tokens", int(players[seat].get("tokens") or 0))
    chips = _state_chips(view, locale)
    if isinstance(seat, int) and seat in _turn_seats(view) and not view.get("over"):
        chips.insert(0, (t(locale, "nj.render.your_turn"), colour, kit.INK_DARK))

    def chips_width() -> float:
        return sum(chip_face.getlength(text) + 2 * round(chip_face.size * 0.6) + 10 for text, _, _ in chips)

    left = MARGIN + title_face.getlength(title) + 16 + count_face.getlength(cards)
    tokens_width = 20 + chip_face.size * 1.4 + chip_face.getlength(tokens) if tokens else 0.0
    room = width - MARGIN - 12
    if tokens and left + tokens_width + chips_width() > room:
        tokens = None
    if len(chips) > 1 and left + chips_width() > room:
        chips.pop(0)
    x: float = MARGIN
    x += kit.draw_text(draw, (x, cy), title, title_face, colour, anchor="lm")
    x += 16 + kit.draw_text(draw, (x + 16, cy), cards, count_face, kit.INK_DIM, anchor="lm")
    if tokens:
        _coin_count(canvas, (x + 20, cy), tokens, chip_face, kit.INK)
    _draw_chips(canvas, width - MARGIN, cy, chips, chip_face)


# --- examples and timing -------------------------------------------------------------------------------------


def example_view() -> dict[str, Any]:
    """A mid-game public view of a five-player table, for the README picture and for benchmarks."""
    return {
        "game": "nain_jaune",
        "deal": 3,
        "deals": 10,
        "boxes": [
            {"card": "10D", "tokens": 5},
            {"card": "JC", "tokens": 20},
            {"card": "QS", "tokens": 15},
            {"card": "KH", "tokens": 40},
            {"card": "7D", "tokens": 50},
        ],
        "players": [
            {"seat": 0, "tokens": 104, "cards": 6},
            {"seat": 1, "tokens": 131, "cards": 9},
            {"seat": 2, "tokens": 96, "cards": 3},
            {"seat": 3, "tokens": 118, "cards": 8},
            {"seat": 4, "tokens": 87, "cards": 7},
        ],
        "dealer": 1,
        "to_act": 3,
        "sequence": ["4S", "5H", "6C", "7S", "8D"],
        "last_card": "8D",
        "last_seat": 2,
        "wanted": "9",
        "sans": "9",
        "talon": 7,
        "laid": ["AH", "2C", "3D", "QD", "KC", "4S", "5H", "6C", "7S", "8D"],
        "pending_claims": [],
        "over": False,
        "announce": False,
    }


EXAMPLE_NAMES = ("Amélie", "Bruno", "Chloé", "Étienne", "Françoise")
EXAMPLE_HAND = ["AS", "3H", "5D", "9C", "9H", "10S", "JD", "QH"]


def example_seat_view() -> dict[str, Any]:
    """The example table seen by seat 3, whose hand holds the wanted 9."""
    return {**example_view(), "seat": 3, "hand": list(EXAMPLE_HAND)}


def write_example(path: str | Path, width: int = 700, locale: str = "fr") -> int:
    """Write the example table, scaled to ``width`` px and palette-encoded, for documentation; return its size."""
    image = table_image(example_view(), EXAMPLE_NAMES, locale)
    height = round(image.height * width / image.width)
    small = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    data = kit.encode_png(small, colors=256)
    Path(path).write_bytes(data)
    return len(data)


def benchmark(repeat: int = 20) -> dict[str, float]:
    """Median milliseconds per PNG for the largest table (8 players) and the largest hand (22 cards)."""
    names = [f"Éléonore-Françoise n°{i} de Châteaubriand"[:32] for i in range(8)]
    view = {
        **example_view(),
        "players": [{"seat": i, "tokens": 99999, "cards": 6} for i in range(8)],
        "dealer": 0,
        "to_act": 5,
        "sequence": [rank + "S" for rank in kit.RANKS],
    }
    hand_view = {**view, "seat": 0, "hand": [code for code in kit.ALL_CARDS[:22]]}
    playable = hand_view["hand"][::3]
    return {
        "table_ms": kit.measure_ms(lambda: render_table(view, names, "fr"), repeat),
        "hand_ms": kit.measure_ms(lambda: render_hand(hand_view, "fr", playable), repeat),
    }
