"""Nain Jaune's shared table, drawn from the public view only, sized for a phone.

Discord shows it about 340 px wide on a phone, so the picture is narrow (560 px) and portrait: the five boxes in
a row, the running sequence beside the talon, then one line per player. Its size depends on the number of players
only. The deal number and the dealer's name are in the message text; the picture keeps the dealer's badge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.nain_jaune_views import BoxView
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.games.nain_jaune_views import NainJauneTable
from bot.games.nain_jaune_views import NainJauneTableView
from bot.games.nain_jaune_views import PlayerView
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.kit import Font
from renders.layout import HEADER
from renders.layout import RADIUS
from renders.layout import Named
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout import header_pill
from renders.layout import header_title
from renders.layout import header_turn
from renders.layout import inset
from renders.layout import rows
from renders.layout import split_left
from renders.layout import split_top
from renders.layout import width
from renders.nain_jaune.pieces import card
from renders.nain_jaune.pieces import card_height
from renders.nain_jaune.pieces import chip_face
from renders.nain_jaune.pieces import coin_count
from renders.nain_jaune.pieces import draw_chips
from renders.nain_jaune.pieces import seat_name
from renders.nain_jaune.pieces import state_chips
from renders.regions import Draw
from renders.regions import Regions
from renders.regions import start

WIDTH: Final = 560
EDGE: Final = Space.L
"""Between the picture's edge and its panels."""
GAP: Final = Space.M
"""Between two bands."""

BOX_CARD: Final = 64
CENTRE_BOX_WIDTH: Final = 116
"""The Nain jaune's box, wider than the four others (its label is longer)."""
BOX_LABEL_ROOM: Final = 14
"""Above the boxes: the half of the Nain jaune's label that stands over its edge."""
BOX_PAD: Final = 16
BOX_BAND: Final = BOX_LABEL_ROOM + BOX_PAD + card_height(BOX_CARD) + 38
BOX_ORDER: Final = (0, 1, 4, 2, 3)
"""Board boxes left to right: 10♦, V♣, the Nain jaune (7♦) in the middle, D♠, R♥."""
NAIN_JAUNE_BOX: Final = 4
NAIN_JAUNE_FILL: Final[kit.Colour] = (60, 48, 6, 150)
CLAIM_FILL: Final[kit.Colour] = (96, 20, 16, 170)
"""A box waiting for its "qui prend" (the sequence's panel says so in words)."""

SEQUENCE_CARD: Final = 64
SEQUENCE_OVERLAP: Final = 44
"""The narrowest step between two cards of the sequence: each still shows its rank and suit."""
LAST_CARD_LIFT: Final = Space.S
PANEL_PAD: Final = 10
LAID_BY_LEAST: Final = 4
"""Who laid the last card is shown only with at least this many letters of their name."""
SECTION_HEAD: Final = 30
MIDDLE_BAND: Final = 2 * PANEL_PAD + SECTION_HEAD + Space.S + LAST_CARD_LIFT + card_height(SEQUENCE_CARD)
TALON_WIDTH: Final = 100
TALON_CARD: Final = 40
TALON_LAYERS: Final = 4
TALON_SPREAD: Final = 4

PLAYER_ROW: Final = 44
PLAYER_GAP: Final = 6
MINI_BACK: Final = 18
DEALER_BADGE: Final = 32
ARROW: Final = Type.TITLE
"""The size of the turn arrow (its ink must stay readable on a phone)."""


def table_height(players: int) -> int:
    """The picture's height for ``players`` seats: one line each under the fixed bands."""
    lines = players * PLAYER_ROW + max(0, players - 1) * PLAYER_GAP
    return HEADER + GAP + BOX_BAND + GAP + MIDDLE_BAND + GAP + lines + EDGE


@dataclass(frozen=True)
class TableBoxes:
    """Where each band of the table picture goes."""

    boxes: kit.Box
    sequence: kit.Box
    talon: kit.Box
    players: kit.Box


def table_layout(players: int) -> TableBoxes:
    """The table cut into its bands: the boxes, then the sequence beside the talon, then the players."""
    body = (EDGE, HEADER + GAP, WIDTH - EDGE, table_height(players) - EDGE)
    boxes, rest = split_top(body, BOX_BAND, GAP)
    middle, seats = split_top(rest, MIDDLE_BAND, GAP)
    sequence, talon = split_left(middle, width(middle) - TALON_WIDTH - Space.S, Space.S)
    return TableBoxes(boxes, sequence, talon, seats)


def table_image(view: NainJauneTableView | NainJauneSeatView, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture (for callers that compose or scale it before encoding).

    Drawn from cached parts: the felt with the panels' shadows for this many players, then one part per look
    (the header, each box, the talon, each player's line), and the running sequence, the one part that changes at
    every move, drawn on its cached empty panel."""
    table = view.table
    players = len(table.players)
    bands = table_layout(players)
    base = _base(players)
    canvas = start(base)
    header = _header_key(table, names, locale)
    PARTS.paste(canvas, (0, 0, WIDTH, HEADER), (header, locale), lambda c: _draw_header(c, header, locale), base)
    for box, frame in zip(_ordered_boxes(table), box_frames(bands.boxes), strict=True):
        region = _box_region(frame, bands.boxes)
        PARTS.paste(canvas, region, (box, locale), _box_drawing(box, locale, frame), base)
    sequence = _sequence_region(bands)
    PARTS.paste(canvas, sequence, "sequence", lambda c: _draw_sequence_panel(c, bands.sequence), base)
    _draw_sequence_content(canvas, table, names, locale, bands.sequence)
    talon = (table.talon, locale)
    PARTS.paste(canvas, bands.talon, talon, lambda c: _draw_talon(c, table.talon, locale, bands.talon), base)
    line_face = face(Type.LABEL, True)
    widths = _count_widths(table.players, line_face)
    for player, frame in zip(table.players, rows(bands.players, players, PLAYER_GAP), strict=True):
        name = seat_name(names, player.seat, locale)
        key = (player, name, widths, locale)
        PARTS.paste(canvas, frame, key, _player_drawing(frame, player, name, widths, locale), base)
    return canvas


PARTS: Final = Regions(maxsize=128)
"""The parts of the tables as last drawn: a move changes the header, a player's line or two and maybe a box."""


@lru_cache(maxsize=4)
def _base(players: int) -> Image.Image:
    """The felt and the shadows of the panels (boxes, sequence, talon) for ``players`` seats: what never changes."""
    canvas = kit.new_canvas(WIDTH, table_height(players))
    bands = table_layout(players)
    for frame in box_frames(bands.boxes):
        kit.drop_shadow(canvas, frame, RADIUS)
    kit.drop_shadow(canvas, bands.sequence, RADIUS)
    kit.drop_shadow(canvas, bands.talon, RADIUS)
    return canvas


HeaderKey = tuple[int, int, bool, int | None, str]
"""What the header shows: the deal, the number of deals, the end, whose turn it is and their name."""


def _header_key(table: NainJauneTable, names: Sequence[str], locale: str) -> HeaderKey:
    current = None if table.over else table.current
    name = seat_name(names, current, locale) if current is not None else ""
    return table.deal, table.deals, table.over, current, name


def _ordered_boxes(table: NainJauneTable) -> list[BoxView]:
    return [table.boxes[index] for index in BOX_ORDER]


def box_frames(band: kit.Box) -> list[kit.Box]:
    """The five boxes' frames left to right, the Nain jaune's wider in the middle."""
    side = (width(band) - CENTRE_BOX_WIDTH - 4 * Space.S) // 4
    frames = []
    x = band[0]
    for index in BOX_ORDER:
        w = CENTRE_BOX_WIDTH if index == NAIN_JAUNE_BOX else side
        frames.append((x, band[1] + BOX_LABEL_ROOM, x + w, band[3]))
        x += w + Space.S
    return frames


def _box_region(frame: kit.Box, band: kit.Box) -> kit.Box:
    """What a box's part covers: its column of the band, to the middle of the gaps beside it."""
    return (frame[0] - Space.S // 2, band[1], frame[2] + Space.S // 2, band[3])


def _box_drawing(box: BoxView, locale: str, frame: kit.Box) -> Draw:
    return lambda canvas: _draw_box(canvas, box, locale, frame)


def _player_drawing(frame: kit.Box, player: PlayerView, name: str, widths: tuple[float, float], locale: str) -> Draw:
    return lambda canvas: _draw_player(canvas, frame, player, name, face(Type.LABEL, True), widths, locale)


def _count_widths(players: Sequence[PlayerView], line_face: Font) -> tuple[float, float]:
    """The widest card count and token count: every line keeps its numbers in the same columns."""
    return (
        max(line_face.getlength(str(p.cards)) for p in players),
        max(line_face.getlength(str(p.tokens)) for p in players),
    )


def _middle(box: kit.Box) -> float:
    return (box[1] + box[3]) / 2


def _draw_header(canvas: Image.Image, key: HeaderKey, locale: str) -> None:
    """The deal number on the left (the message repeats it), whose turn it is or the end of the game on the right."""
    deal, deals, over, current, name = key
    with measure.secondary():
        x = header_title(canvas, t(locale, "nj.render.deal", n=deal, total=deals), kit.GOLD, x=EDGE)
    room = WIDTH - EDGE - x - Space.XXL - Space.XL
    if over:
        header_pill(canvas, t(locale, "nj.render.over"), kit.INK, size=Type.TITLE, room=room, margin=EDGE)
    elif current is not None:
        line = Named(locale, "nj.render.turn", name, kit.seat_colour(current))
        header_turn(canvas, line, room, glyph_size=ARROW, margin=EDGE)


def _draw_box(canvas: Image.Image, box: BoxView, locale: str, frame: kit.Box) -> None:
    """One box (its shadow is on the base): a "qui prend ?" look while it waits for a claim, the Nain jaune's gold."""
    if box.claimable:
        kit.panel(canvas, frame, RADIUS, CLAIM_FILL, outline=kit.ALERT, width=4)
    elif box.nain_jaune:
        kit.panel(canvas, frame, RADIUS, NAIN_JAUNE_FILL, outline=kit.GOLD, width=3)
    else:
        kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2)
    cx = (frame[0] + frame[2]) / 2
    top = frame[1] + BOX_PAD
    kit.paste_card(canvas, card(box.card, BOX_CARD, locale), (round(cx - BOX_CARD / 2), top))
    count_y = (top + card_height(BOX_CARD) + frame[3]) / 2
    colour = kit.GOLD if box.nain_jaune else kit.INK
    count_face = _count_face(str(box.tokens), width(frame) - Space.S)
    coin_count(canvas, (cx, count_y), box.tokens, count_face, colour, align="center")
    if box.nain_jaune:
        label = [(t(locale, "nj.render.nain_jaune"), face(Type.SMALL, True), kit.INK_DARK)]
        kit.pill(canvas, (cx, frame[1]), label, kit.ALERT if box.claimable else kit.GOLD, align="center")


def _count_face(text: str, room: float) -> Font:
    """The box's count in bold, smaller when its coin and digits would overflow the box (never below SMALL)."""
    size = int(Type.LABEL)
    while size > Type.SMALL and size * 1.35 + kit.font(size, True).getlength(text) > room:
        size -= 1
    return kit.font(size, True)


def _sequence_region(bands: TableBoxes) -> kit.Box:
    """The running sequence's part: its panel and the gap before the talon that its glow may reach."""
    frame = bands.sequence
    return (frame[0], frame[1], bands.talon[0], frame[3])


def _draw_sequence_panel(canvas: Image.Image, frame: kit.Box) -> None:
    """The sequence's empty panel (its shadow is on the base)."""
    kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2)


def _draw_sequence_content(
    canvas: Image.Image, table: NainJauneTable, names: Sequence[str], locale: str, frame: kit.Box
) -> None:
    """The running sequence's state (wanted rank, "sans X") and who laid the last card, over its last cards."""
    head, cards = split_top(inset(frame, PANEL_PAD), SECTION_HEAD, Space.S)
    cy = _middle(head)
    chips = state_chips(table, locale)
    if any(box.claimable for box in table.boxes):
        chips.insert(0, (t(locale, "nj.render.claim"), kit.ALERT, kit.INK))
    chips_face = chip_face(chips, width(head), Type.BODY, Type.SMALL)
    x = draw_chips(canvas, (head[0], cy), chips, chips_face) if chips else head[0] - Space.M
    if table.last_seat is not None and table.sequence:
        name = seat_name(names, table.last_seat, locale)
        colour = kit.seat_colour(table.last_seat)
        room = head[2] - x - Space.M
        with measure.secondary():
            runs = kit.catalog_runs(locale, "nj.render.laid_by", name, face(Type.SMALL), kit.INK_DIM, colour, room)
            if len(runs[1][0].rstrip(kit.ELLIPSIS)) >= min(len(name), LAID_BY_LEAST) and kit.runs_width(runs) <= room:
                kit.draw_runs(ImageDraw.Draw(canvas), (x + Space.M, cy), runs)
    _draw_sequence_cards(canvas, table, locale, cards)


def _draw_sequence_cards(canvas: Image.Image, table: NainJauneTable, locale: str, area: kit.Box) -> None:
    """The last cards of the sequence left to right (overlapping when many), the last one raised and lit, the
    earlier ones counted."""
    left, _, right, bottom = area
    card_h = card_height(SEQUENCE_CARD)
    top = bottom - card_h
    if not table.sequence:
        centre = ((left + right) / 2, (area[1] + bottom) / 2)
        text = t(locale, "nj.render.no_sequence")
        kit.draw_centered(ImageDraw.Draw(canvas), centre, text, face(Type.BODY), kit.INK_DIM, max_width=right - left)
        return
    room = right - left - SEQUENCE_CARD - Space.XS
    fits = 1 + int(room // SEQUENCE_OVERLAP)
    if len(table.sequence) > fits:
        label_face = face(Type.BODY, True)
        longest = label_face.getlength(t(locale, "nj.render.earlier", n=len(table.sequence)))
        fits = 1 + int((room - longest - 3 * Space.S) // SEQUENCE_OVERLAP)
    shown = table.sequence[-fits:]
    hidden = len(table.sequence) - len(shown)
    if hidden:
        label = [(t(locale, "nj.render.earlier", n=hidden), face(Type.BODY, True), kit.INK)]
        pill = kit.pill(canvas, (left, top + card_h / 2), label, kit.PANEL_SOLID, outline=kit.PANEL_EDGE, pad=Space.S)
        left = pill[2] + Space.S
    room = right - left - SEQUENCE_CARD - Space.XS
    step = min(SEQUENCE_CARD + Space.S, room / (len(shown) - 1)) if len(shown) > 1 else 0
    last = table.last_card or shown[-1]
    for i, code in enumerate(shown):
        xy = (round(left + i * step), top)
        if i == len(shown) - 1 and code == last:
            xy = (xy[0] + Space.XS, top - LAST_CARD_LIFT)
            kit.card_glow(canvas, xy, SEQUENCE_CARD, kit.GOLD, Space.M)
            kit.paste_card(canvas, card(code, SEQUENCE_CARD, locale, kit.GOLD), xy)
        else:
            kit.paste_card(canvas, card(code, SEQUENCE_CARD, locale), xy)


def _draw_talon(canvas: Image.Image, talon: int, locale: str, frame: kit.Box) -> None:
    """The talon (its shadow is on the base): its name, a face-down stack (an empty slot when there is none) and its
    count."""
    kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2)
    draw = ImageDraw.Draw(canvas)
    cx = (frame[0] + frame[2]) / 2
    room = width(frame) - Space.S
    with measure.secondary():
        label = t(locale, "nj.render.talon")
        kit.draw_centered(
            draw, (cx, frame[1] + PANEL_PAD + 10), label, face(Type.SMALL, True), kit.INK_DIM, max_width=room
        )
    count = plural(locale, "nj.render.cards", talon)
    kit.draw_centered(draw, (cx, frame[3] - PANEL_PAD - 10), count, face(Type.SMALL, True), kit.INK, max_width=room)
    card_w, card_h = kit.card_size(TALON_CARD)
    layers = min(talon, TALON_LAYERS)
    spread = TALON_SPREAD * max(0, layers - 1)
    x0 = round(cx - (card_w + spread) / 2)
    y0 = round(_middle(frame) - (card_h + spread) / 2)
    if layers == 0:
        slot = (x0, y0, x0 + card_w, y0 + card_h)
        kit.panel(canvas, slot, kit.card_radius(card_w), (0, 0, 0, 0), outline=kit.PANEL_EDGE, width=2)
        return
    for i in range(layers):
        xy = (x0 + i * TALON_SPREAD, y0 + spread - i * TALON_SPREAD)
        kit.paste_card(canvas, kit.card_back(card_w), xy, shadow=i == 0)


def _draw_player(
    canvas: Image.Image,
    frame: kit.Box,
    player: PlayerView,
    name: str,
    line_face: Font,
    widths: tuple[float, float],
    locale: str,
) -> None:
    """One player's line: colour stripe, turn arrow, name, dealer badge, then cards in hand and tokens."""
    x0, _, x1, _ = frame
    cy = _middle(frame)
    colour = kit.seat_colour(player.seat)
    kit.seat_frame(canvas, frame, colour, lit=player.acting, tint=0.28)
    draw = ImageDraw.Draw(canvas)
    x = x0 + Space.XL
    if player.acting:
        kit.draw_glyph(draw, (x + Space.S, cy), "▶", face(ARROW), colour)
        x += Space.XL
    tokens_w = round(line_face.size * 1.35 + widths[1])
    cards_w = MINI_BACK + Space.S + widths[0]
    cards_x = round(x1 - Space.M - tokens_w - Space.L - cards_w)
    badge = DEALER_BADGE + Space.S if player.dealer else 0
    drawn = kit.draw_text(draw, (x, cy), name, line_face, colour, anchor="lm", max_width=cards_x - x - badge - Space.S)
    if player.dealer:
        centre = (x + drawn + Space.S + DEALER_BADGE / 2, cy)
        kit.disc(canvas, centre, DEALER_BADGE, kit.INK)
        kit.draw_glyph(draw, centre, t(locale, "nj.render.dealer_badge"), face(Type.TITLE, True), kit.INK_DARK)
    back_h = kit.card_size(MINI_BACK)[1]
    kit.paste_card(canvas, kit.card_back(MINI_BACK), (cards_x, round(cy - back_h / 2)), shadow=False)
    kit.draw_text(draw, (cards_x + MINI_BACK + Space.S, cy), str(player.cards), line_face, kit.INK, anchor="lm")
    coin_count(canvas, (x1 - Space.M, cy), player.tokens, line_face, kit.INK, align="right")
