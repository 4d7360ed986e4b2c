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

from bot.games.nain_jaune import HAND_SIZES
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
from renders.nain_jaune.pieces import drawn_part
from renders.nain_jaune.pieces import lay_card
from renders.nain_jaune.pieces import paste_part
from renders.nain_jaune.pieces import seat_name
from renders.nain_jaune.pieces import state_chips
from renders.regions import Regions

WIDTH: Final = 560
MIN_PLAYERS: Final = min(HAND_SIZES)
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

    Drawn on the felt with what never changes (the panels' shadows, the sequence's empty panel) for this many
    players. Each panel is pasted as it looks whatever the table (a box with its card, the talon's stack, a
    player's line), from pieces kept for good because they are few; only what is the table's own (names, counts,
    the running sequence) is drawn on them at every move."""
    table = view.table
    players = len(table.players)
    bands = table_layout(players)
    canvas = _base(players)
    _draw_header(canvas, table, names, locale)
    for index, (box, frame) in enumerate(zip(_ordered_boxes(table), box_frames(bands.boxes), strict=True)):
        _draw_box(canvas, box, locale, frame, index, bands.boxes)
    _draw_sequence_content(canvas, table, names, locale, bands.sequence)
    _draw_talon(canvas, table.talon, locale, bands.talon)
    line_face = face(Type.LABEL, True)
    widths = _count_widths(table.players, line_face)
    for row, (player, frame) in enumerate(zip(table.players, rows(bands.players, players, PLAYER_GAP), strict=True)):
        _draw_player(canvas, frame, row, player, seat_name(names, player.seat, locale), widths, locale)
    return canvas


def _base(players: int) -> Image.Image:
    """The felt with what never changes for ``players`` seats: the panels' shadows and the sequence's empty panel.

    They all lie above the players' lines, so the base is the smallest table's with more felt below (built at each
    picture rather than kept for every size: it costs a copy)."""
    canvas = kit.new_canvas(WIDTH, table_height(players))
    upper = _upper()
    canvas.paste(upper, (0, 0))
    measure.pasted(upper, (0, 0))
    return canvas


@lru_cache(maxsize=1)
def _upper() -> Image.Image:
    """The base of the smallest table: the shadows of the boxes, the sequence and the talon, the sequence's panel."""
    canvas = kit.new_canvas(WIDTH, table_height(MIN_PLAYERS))
    bands = table_layout(MIN_PLAYERS)
    for frame in box_frames(bands.boxes):
        kit.drop_shadow(canvas, frame, RADIUS)
    kit.drop_shadow(canvas, bands.sequence, RADIUS)
    kit.drop_shadow(canvas, bands.talon, RADIUS)
    kit.panel(canvas, bands.sequence, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2)
    return canvas


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
    """What a box's piece covers: its column of the band, to the middle of the gaps beside it."""
    return (frame[0] - Space.S // 2, band[1], frame[2] + Space.S // 2, band[3])


def _count_widths(players: Sequence[PlayerView], line_face: Font) -> tuple[float, float]:
    """The widest card count and token count: every line keeps its numbers in the same columns."""
    return (
        max(line_face.getlength(str(p.cards)) for p in players),
        max(line_face.getlength(str(p.tokens)) for p in players),
    )


def _middle(box: kit.Box) -> float:
    return (box[1] + box[3]) / 2


def _draw_header(canvas: Image.Image, table: NainJauneTable, names: Sequence[str], locale: str) -> None:
    """The deal number on the left (the message repeats it), whose turn it is or the end of the game on the right."""
    band, x = _header_band(table.deal, table.deals, locale)
    paste_part(canvas, band, (0, 0))
    room = WIDTH - EDGE - x - Space.XXL - Space.XL
    if table.over:
        header_pill(canvas, t(locale, "nj.render.over"), kit.INK, size=Type.TITLE, room=room, margin=EDGE)
    elif table.current is not None:
        name = seat_name(names, table.current, locale)
        line = Named(locale, "nj.render.turn", name, kit.seat_colour(table.current))
        header_turn(canvas, line, room, glyph_size=ARROW, margin=EDGE)


@lru_cache(maxsize=32)
def _header_band(deal: int, deals: int, locale: str) -> tuple[Image.Image, float]:
    """The header band with the deal number, and where the number ends: the same for every table at that deal."""
    end = [0.0]

    def draw(canvas: Image.Image) -> None:
        with measure.secondary():
            end[0] = header_title(canvas, t(locale, "nj.render.deal", n=deal, total=deals), kit.GOLD, x=EDGE)

    return drawn_part(_upper(), (0, 0, WIDTH, HEADER), draw), end[0]


def _draw_box(canvas: Image.Image, box: BoxView, locale: str, frame: kit.Box, index: int, band: kit.Box) -> None:
    """One box: its panel and card as every table shows them, under the tokens it holds (kept while they stay)."""
    x0, y0, _, _ = _piece_region(frame, band)
    piece = _box_panel(index, box.card, box.claimable, box.nain_jaune, locale)
    local = (frame[0] - x0, frame[1] - y0, frame[2] - x0, frame[3] - y0)
    where = (x0, y0, x0 + piece.width, y0 + piece.height)
    BOXES.put(canvas, where, (box, locale), lambda c: _draw_box_count(c, box, local), piece)


BOXES: Final = Regions(maxsize=48)
"""The boxes with their counts as last drawn: a count changes at a deal's stakes and at a claim."""


def _draw_box_count(canvas: Image.Image, box: BoxView, frame: kit.Box) -> None:
    """The tokens a box holds, under its card."""
    cx = (frame[0] + frame[2]) / 2
    count_y = (frame[1] + BOX_PAD + card_height(BOX_CARD) + frame[3]) / 2
    colour = kit.GOLD if box.nain_jaune else kit.INK
    count_face = _count_face(str(box.tokens), width(frame) - Space.S)
    coin_count(canvas, (cx, count_y), box.tokens, count_face, colour, align="center")


def _piece_region(frame: kit.Box, band: kit.Box) -> kit.Box:
    """A box's region, its left edge moved to an even column (a column of bare base more, shared with the box
    beside it): drawn there in the piece's own coordinates, halves still round as in the picture's."""
    region = _box_region(frame, band)
    return (region[0] - region[0] % 2, *region[1:])


@lru_cache(maxsize=32)
def _box_panel(index: int, code: str, claimable: bool, nain_jaune: bool, locale: str) -> Image.Image:
    """The ``index``-th box from the left without its count: a "qui prend ?" look while it waits for a claim, the
    Nain jaune's gold and label (the count lies below the card, clear of the label)."""
    band = table_layout(MIN_PLAYERS).boxes
    frame = box_frames(band)[index]
    return drawn_part(
        _upper(), _piece_region(frame, band), lambda c: _draw_box_panel(c, code, claimable, nain_jaune, locale, frame)
    )


def _draw_box_panel(
    canvas: Image.Image, code: str, claimable: bool, nain_jaune: bool, locale: str, frame: kit.Box
) -> None:
    """A box's panel (its shadow is on the base), its card and the Nain jaune's label."""
    if claimable:
        kit.panel(canvas, frame, RADIUS, CLAIM_FILL, outline=kit.ALERT, width=4)
    elif nain_jaune:
        kit.panel(canvas, frame, RADIUS, NAIN_JAUNE_FILL, outline=kit.GOLD, width=3)
    else:
        kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2)
    cx = (frame[0] + frame[2]) / 2
    kit.paste_card(canvas, card(code, BOX_CARD, locale), (round(cx - BOX_CARD / 2), frame[1] + BOX_PAD))
    if nain_jaune:
        label = [(t(locale, "nj.render.nain_jaune"), face(Type.SMALL, True), kit.INK_DARK)]
        kit.pill(canvas, (cx, frame[1]), label, kit.ALERT if claimable else kit.GOLD, align="center")


def _count_face(text: str, room: float) -> Font:
    """The box's count in bold, smaller when its coin and digits would overflow the box (never below SMALL)."""
    size = int(Type.LABEL)
    while size > Type.SMALL and size * 1.35 + kit.font(size, True).getlength(text) > room:
        size -= 1
    return kit.font(size, True)


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
            lay_card(canvas, card(code, SEQUENCE_CARD, locale, kit.GOLD), xy)
        else:
            lay_card(canvas, card(code, SEQUENCE_CARD, locale), xy)


def _draw_talon(canvas: Image.Image, talon: int, locale: str, frame: kit.Box) -> None:
    """The talon: its panel, name and face-down stack as every table shows them, under its count (kept while it
    stays)."""
    piece = _talon_stack(min(talon, TALON_LAYERS), locale)
    local = (0, 0, *piece.size)
    TALONS.put(canvas, frame, (talon, locale), lambda c: _draw_talon_count(c, talon, locale, local), piece)


TALONS: Final = Regions(maxsize=16)
"""The talons with their counts as last drawn."""


def _draw_talon_count(canvas: Image.Image, talon: int, locale: str, frame: kit.Box) -> None:
    """How many cards the talon holds, under its stack."""
    cx = (frame[0] + frame[2]) / 2
    count = plural(locale, "nj.render.cards", talon)
    count_face = face(Type.SMALL, True)
    room = width(frame) - Space.S
    kit.draw_centered(
        ImageDraw.Draw(canvas), (cx, frame[3] - PANEL_PAD - 10), count, count_face, kit.INK, max_width=room
    )


@lru_cache(maxsize=16)
def _talon_stack(layers: int, locale: str) -> Image.Image:
    """The talon's panel without its count (its shadow is on the base): its name and a stack of ``layers`` backs,
    an empty slot for none (the count lies under the stack)."""
    frame = table_layout(MIN_PLAYERS).talon
    return drawn_part(_upper(), frame, lambda c: _draw_talon_stack(c, layers, locale, frame))


def _draw_talon_stack(canvas: Image.Image, layers: int, locale: str, frame: kit.Box) -> None:
    """The talon's panel, its name and the stack, as ``_talon_stack`` keeps them."""
    kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2)
    cx = (frame[0] + frame[2]) / 2
    with measure.secondary():
        label = t(locale, "nj.render.talon")
        kit.draw_centered(
            ImageDraw.Draw(canvas),
            (cx, frame[1] + PANEL_PAD + 10),
            label,
            face(Type.SMALL, True),
            kit.INK_DIM,
            max_width=width(frame) - Space.S,
        )
    card_w, card_h = kit.card_size(TALON_CARD)
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
    row: int,
    player: PlayerView,
    name: str,
    widths: tuple[float, float],
    locale: str,
) -> None:
    """One player's line: its panel (colour stripe, turn arrow) as every table shows it, under the name, the dealer
    badge, the cards in hand and the tokens; kept whole while none of them changes (most lines, at a move)."""
    panel = _player_panel(player.seat, player.acting, row == 0)
    line = (0, 0, *panel.size)
    key = (player, name, widths, locale)
    LINES.put(canvas, frame, key, lambda c: _draw_player_line(c, line, player, name, widths, locale), panel)


LINES: Final = Regions(maxsize=96)
"""The players' lines as last drawn: a move changes one or two of a table's lines."""


def _draw_player_line(
    canvas: Image.Image,
    frame: kit.Box,
    player: PlayerView,
    name: str,
    widths: tuple[float, float],
    locale: str,
) -> None:
    """What a player's line shows on its panel: name, dealer badge, then cards in hand and tokens."""
    x0, _, x1, _ = frame
    cy = _middle(frame)
    line_face = face(Type.LABEL, True)
    draw = ImageDraw.Draw(canvas)
    x = x0 + Space.XL + (Space.XL if player.acting else 0)
    tokens_w = round(line_face.size * 1.35 + widths[1])
    cards_w = MINI_BACK + Space.S + widths[0]
    cards_x = round(x1 - Space.M - tokens_w - Space.L - cards_w)
    badge = DEALER_BADGE + Space.S if player.dealer else 0
    colour = kit.seat_colour(player.seat)
    drawn = kit.draw_text(draw, (x, cy), name, line_face, colour, anchor="lm", max_width=cards_x - x - badge - Space.S)
    if player.dealer:
        centre = (x + drawn + Space.S + DEALER_BADGE / 2, cy)
        kit.disc(canvas, centre, DEALER_BADGE, kit.INK)
        kit.draw_glyph(draw, centre, t(locale, "nj.render.dealer_badge"), face(Type.TITLE, True), kit.INK_DARK)
    back_h = kit.card_size(MINI_BACK)[1]
    kit.paste_card(canvas, kit.card_back(MINI_BACK), (cards_x, round(cy - back_h / 2)), shadow=False)
    kit.draw_text(draw, (cards_x + MINI_BACK + Space.S, cy), str(player.cards), line_face, kit.INK, anchor="lm")
    coin_count(canvas, (x1 - Space.M, cy), player.tokens, line_face, kit.INK, align="right")


@lru_cache(maxsize=40)
def _player_panel(seat: int, acting: bool, first: bool) -> Image.Image:
    """A player's panel with its colour stripe and, on their turn, the arrow. The lines lie on bare felt but for
    the first, which the shadows above just reach: the same panel fits any line but the first."""
    bands = table_layout(MIN_PLAYERS)
    frame = rows(bands.players, MIN_PLAYERS, PLAYER_GAP)[0 if first else 1]
    return drawn_part(_upper(), frame, lambda c: _draw_player_panel(c, frame, seat, acting))


def _draw_player_panel(canvas: Image.Image, frame: kit.Box, seat: int, acting: bool) -> None:
    """A player's tinted or plain panel, its stripe, and the arrow on their turn."""
    colour = kit.seat_colour(seat)
    kit.seat_frame(canvas, frame, colour, lit=acting, tint=0.28)
    if acting:
        kit.draw_glyph(
            ImageDraw.Draw(canvas), (frame[0] + Space.XL + Space.S, _middle(frame)), "▶", face(ARROW), colour
        )
