"""Nain Jaune pictures: the shared table (from the public view only) and a player's private hand.

The table is laid out for Discord's preview, where a 1000 px picture shows about 550 px wide: large type,
one band per kind of information (boxes, sequence and talon, players). Every word comes from the catalog, every
rule-given fact (the wanted rank, the boxes waiting for a claim, the playable cards) from the engine's views.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image
from PIL import ImageDraw

from bot.games.nain_jaune_views import BoxView
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.games.nain_jaune_views import NainJauneTable
from bot.games.nain_jaune_views import NainJauneTableView
from bot.games.nain_jaune_views import PlayerView
from bot.i18n import t
from renders import kit
from renders import layout
from renders.kit import Font
from renders.layout import HEADER
from renders.layout import MARGIN
from renders.layout import RADIUS
from renders.layout import Named
from renders.layout import Space
from renders.layout import Type
from renders.layout import columns
from renders.layout import face
from renders.layout import header_detail
from renders.layout import header_title
from renders.layout import header_turn
from renders.layout import height
from renders.layout import inset
from renders.layout import rows
from renders.layout import split_left
from renders.layout import split_top
from renders.layout import width

WIDTH = 1000
HEIGHT = 720

BOX_BAND = 186
"""The height of the band of the five boxes."""
MIDDLE_BAND = 200
"""The height of the band of the sequence and the talon."""
TALON_WIDTH = 228
CENTRE_BOX_WIDTH = 220
"""The Nain jaune's box, wider than the four others."""
SECTION_HEAD = 28
"""The line of a panel's title (the sequence, the talon)."""
PLAYER_ROW = 60
"""The tallest a player's line may be."""

BOX_CARD = 84
SEQUENCE_CARD = 96
TALON_CARD = 88
MINI_BACK = 20
"""The card back before a player's count of cards."""
SEQUENCE_SHOWN = 13
"""How many cards of the sequence are drawn; the older ones are counted."""
TALON_LAYERS = 4
TALON_SPREAD = 6
LAST_CARD_LIFT = Space.S
DEALER_BADGE = 28
"""The diameter of the dealer's badge."""
NAIN_JAUNE_FILL: kit.Colour = (60, 48, 6, 150)

BOX_ORDER = (0, 1, 4, 2, 3)
"""Board boxes left to right: 10♦, V♣, the Nain jaune (7♦) in the middle, D♠, R♥."""

HAND_MIN_WIDTH = layout.HAND_MIN_WIDTH
HAND_MAX_WIDTH = layout.HAND_MAX_WIDTH
HAND_CARD = 120
HAND_RAISE = Space.XL
"""How far a playable card stands above the others."""
HAND_ROW_LIMIT = 12
HAND_ROW = layout.HandRow(HAND_CARD, HAND_ROW_LIMIT, max_rows=2)
"""A hand too long for one row goes on two, its cards closer."""
EMPTY_HAND_HEIGHT = 120

Chip = tuple[str, kit.Colour, kit.Colour]
"""A state label: text, background, ink."""


# --- shared pieces -------------------------------------------------------------------------------------------


def _plural(locale: str, key: str, n: int) -> str:
    """``key.zero``, ``key.one`` or ``key.other``: French and English disagree on zero ("0 carte", "0 cards")."""
    form = "zero" if n == 0 else "one" if n == 1 else "other"
    return t(locale, f"{key}.{form}", n=n)


def _seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    name = kit.clean_text(names[seat], bold=True) if 0 <= seat < len(names) else ""
    return name or t(locale, "nj.render.player", n=seat + 1)


def _rank_text(rank: str, locale: str) -> str:
    return kit.rank_name(rank, locale) if rank in kit.RANKS else rank


def _state_chips(table: NainJauneTable, locale: str, *, with_over: bool = True) -> list[Chip]:
    """The sequence state as labels: "sans X", the wanted rank or a new sequence (or the end of the game)."""
    if table.over:
        return [(t(locale, "nj.render.over"), kit.INK, kit.INK_DARK)] if with_over else []
    chips: list[Chip] = []
    if table.sans:
        chips.append((t(locale, "nj.render.sans", rank=_rank_text(table.sans, locale)), kit.ALERT, kit.INK))
    if table.wanted and table.wanted != table.sans:
        chips.append((t(locale, "nj.render.wanted", rank=_rank_text(table.wanted, locale)), kit.GOLD, kit.INK_DARK))
    elif table.new_sequence:
        chips.append((t(locale, "nj.render.new_sequence"), kit.INK, kit.INK_DARK))
    return chips


def _chip_pad(chip_face: Font) -> int:
    """The padding ``kit.pill`` gives a label on each side."""
    return round(chip_face.size * 0.6)


def _draw_chips(canvas: Image.Image, right: float, cy: float, chips: Sequence[Chip], chip_face: Font) -> float:
    """Pills laid from right to left ending at ``right``; returns the left end."""
    x = right
    for text, fill, ink in reversed(chips):
        box = kit.pill(canvas, (x, cy), [(text, chip_face, ink)], fill, align="right")
        x = box[0] - Space.S
    return x + Space.S


def _coin_count(
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


def _middle(box: kit.Box) -> float:
    return (box[1] + box[3]) / 2


# --- the table -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableBoxes:
    """Where each band of the table picture goes."""

    boxes: kit.Box
    sequence: kit.Box
    talon: kit.Box
    players: kit.Box


def table_layout() -> TableBoxes:
    """The table cut into its bands: the boxes, then the sequence beside the talon, then the players."""
    body = (MARGIN, HEADER + Space.M, WIDTH - MARGIN, HEIGHT - MARGIN)
    boxes, rest = split_top(body, BOX_BAND, Space.M)
    middle, players = split_top(rest, MIDDLE_BAND, Space.M)
    sequence, talon = split_left(middle, width(middle) - TALON_WIDTH - Space.M, Space.M)
    return TableBoxes(boxes, sequence, talon, players)


def table_image(view: NainJauneTableView | NainJauneSeatView, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture (for callers that compose or scale it before encoding)."""
    table = view.table
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    bands = table_layout()
    _draw_header(canvas, table, names, locale)
    _draw_boxes(canvas, table, locale, bands.boxes)
    _draw_sequence(canvas, table, names, locale, bands.sequence)
    _draw_talon(canvas, table, locale, bands.talon)
    _draw_players(canvas, table, names, locale, bands.players)
    return canvas


def _draw_header(canvas: Image.Image, table: NainJauneTable, names: Sequence[str], locale: str) -> None:
    """Deal number and dealer on the left, whose turn it is (or the end of the game) on the right."""
    title = t(locale, "nj.render.deal", n=table.deal, total=table.deals)
    x = header_title(canvas, title, kit.GOLD)
    half = WIDTH / 2 - Space.S
    dealer = Named(locale, "nj.render.dealer", _seat_name(names, table.dealer, locale), kit.seat_colour(table.dealer))
    header_detail(canvas, x, dealer, gap=Space.XL, room=half - x - Space.XL)
    if table.over:
        _draw_chips(canvas, WIDTH - MARGIN, HEADER // 2, _state_chips(table, locale), face(Type.TITLE, True))
    elif table.current is not None:
        seat = table.current
        room = WIDTH - MARGIN - half - Space.XXL - Space.L
        header_turn(
            canvas, Named(locale, "nj.render.turn", _seat_name(names, seat, locale), kit.seat_colour(seat)), room
        )


def _draw_boxes(canvas: Image.Image, table: NainJauneTable, locale: str, band: kit.Box) -> None:
    """The five boxes in a row, the Nain jaune in the middle, a "qui prend ?" on those waiting for a claim."""
    side = (width(band) - CENTRE_BOX_WIDTH - 4 * Space.L) // 4
    x = band[0]
    for index in BOX_ORDER:
        box = table.boxes[index]
        w = CENTRE_BOX_WIDTH if box.nain_jaune else side
        _draw_box(canvas, box, locale, (x, band[1], x + w, band[3]))
        x += w + Space.L


def _draw_box(canvas: Image.Image, box: BoxView, locale: str, frame: kit.Box) -> None:
    if box.nain_jaune:
        kit.panel(canvas, frame, RADIUS, NAIN_JAUNE_FILL, outline=kit.GOLD, width=3, shadow=True)
    else:
        kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    card_area, coins = split_top(inset(frame, 0, Space.L), kit.card_size(BOX_CARD)[1])
    cx = (frame[0] + frame[2]) / 2
    kit.paste_card(canvas, kit.card_face(box.card, BOX_CARD, locale), (round(cx - BOX_CARD / 2), card_area[1]))
    colour = kit.GOLD if box.nain_jaune else kit.INK
    _coin_count(canvas, (cx, _middle(coins)), box.tokens, face(Type.HEAD, True), colour, align="center")
    if box.nain_jaune:
        label = [(t(locale, "nj.render.nain_jaune"), face(Type.BODY, True), kit.INK_DARK)]
        kit.pill(canvas, (cx, frame[1]), label, kit.GOLD, align="center")
    if box.claimable:
        claim = [(t(locale, "nj.render.claim"), face(Type.BODY, True), kit.INK)]
        kit.pill(canvas, (cx, frame[1]), claim, kit.ALERT, align="center")


def _draw_sequence(
    canvas: Image.Image, table: NainJauneTable, names: Sequence[str], locale: str, frame: kit.Box
) -> None:
    """The cards of the running sequence, the last one raised and lit, with its state and who laid it."""
    kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    head, cards = split_top(inset(frame, Space.L, Space.M), SECTION_HEAD, Space.S)
    _draw_sequence_cards(canvas, table, locale, cards)
    draw = ImageDraw.Draw(canvas)
    cy = _middle(head)
    x = head[0] + kit.draw_text(
        draw, (head[0], cy), t(locale, "nj.render.sequence"), face(Type.LABEL, True), kit.INK_DIM, anchor="lm"
    )
    chips_left = _draw_chips(canvas, head[2], cy, _state_chips(table, locale, with_over=False), face(Type.LABEL, True))
    if table.last_seat is not None and table.sequence:
        name = _seat_name(names, table.last_seat, locale)
        colour = kit.seat_colour(table.last_seat)
        room = chips_left - x - Space.XXL
        runs = kit.catalog_runs(locale, "nj.render.laid_by", name, face(Type.BODY), kit.INK_DIM, colour, room)
        kit.draw_runs(draw, (x + Space.M, cy), runs)


def _draw_sequence_cards(canvas: Image.Image, table: NainJauneTable, locale: str, area: kit.Box) -> None:
    """The last cards of the sequence fanned left to right in ``area`` (bottom-aligned), older ones counted."""
    left, _, right, bottom = area
    card_h = kit.card_size(SEQUENCE_CARD)[1]
    card_top = bottom - card_h
    if not table.sequence:
        text = t(locale, "nj.render.no_sequence")
        kit.draw_centered(
            ImageDraw.Draw(canvas), ((left + right) / 2, _middle(area)), text, face(Type.TITLE), kit.INK_DIM
        )
        return
    shown = table.sequence[-SEQUENCE_SHOWN:]
    hidden = len(table.sequence) - len(shown)
    if hidden:
        label = [(t(locale, "nj.render.earlier", n=hidden), face(Type.BODY, True), kit.INK)]
        pill = kit.pill(canvas, (left, card_top + card_h / 2), label, kit.PANEL_SOLID, outline=kit.PANEL_EDGE)
        left = pill[2] + Space.S
    last = table.last_card or shown[-1]
    span = right - left - SEQUENCE_CARD - Space.M
    step = min(SEQUENCE_CARD + Space.M, span / max(1, len(shown) - 1)) if len(shown) > 1 else 0
    for i, code in enumerate(shown):
        xy = (round(left + i * step), card_top)
        if i == len(shown) - 1 and code == last:
            xy = (xy[0] + Space.XS, card_top - LAST_CARD_LIFT)
            kit.card_glow(canvas, xy, SEQUENCE_CARD, kit.GOLD, Space.M)
            kit.paste_card(canvas, kit.card_face(code, SEQUENCE_CARD, locale, ring=kit.GOLD), xy)
        else:
            kit.paste_card(canvas, kit.card_face(code, SEQUENCE_CARD, locale), xy)


def _draw_talon(canvas: Image.Image, table: NainJauneTable, locale: str, frame: kit.Box) -> None:
    """The talon as a face-down stack (an empty slot when there is none) with its count."""
    kit.panel(canvas, frame, RADIUS, kit.PANEL, outline=kit.PANEL_EDGE, width=2, shadow=True)
    head, area = split_top(inset(frame, Space.L, Space.M), SECTION_HEAD, Space.S)
    draw = ImageDraw.Draw(canvas)
    cy = _middle(head)
    label_face = face(Type.LABEL, True)
    kit.draw_text(draw, (head[0], cy), t(locale, "nj.render.talon"), label_face, kit.INK_DIM, anchor="lm")
    count = _plural(locale, "nj.render.cards", table.talon)
    kit.draw_text(draw, (head[2], cy), count, label_face, kit.INK, anchor="rm")
    card_w, card_h = kit.card_size(TALON_CARD)
    layers = min(table.talon, TALON_LAYERS)
    stack_w = card_w + TALON_SPREAD * max(0, layers - 1)
    x0 = round((frame[0] + frame[2] - stack_w) / 2)
    y0 = area[3] - card_h - TALON_SPREAD * max(0, layers - 1) // 2
    if layers == 0:
        slot = (x0, y0, x0 + card_w, y0 + card_h)
        kit.panel(canvas, slot, kit.card_radius(card_w), (0, 0, 0, 0), outline=kit.PANEL_EDGE, width=2)
        return
    for i in range(layers):
        xy = (x0 + i * TALON_SPREAD, y0 + (layers - 1 - i) * TALON_SPREAD // 2)
        kit.paste_card(canvas, kit.card_back(card_w), xy, shadow=i == 0)


def _draw_players(canvas: Image.Image, table: NainJauneTable, names: Sequence[str], locale: str, area: kit.Box) -> None:
    """One line per player, in one column up to three players, else two columns filled top to bottom."""
    players = table.players
    count = 1 if len(players) <= 3 else 2
    per_column = math.ceil(len(players) / count)
    row_h = min(PLAYER_ROW, (height(area) - Space.S * (per_column - 1)) // per_column)
    line_face = face(Type.TITLE if row_h >= 46 else Type.LABEL, True)
    widths = (
        max(line_face.getlength(str(p.cards)) for p in players),
        max(line_face.getlength(str(p.tokens)) for p in players),
    )
    for c, column in enumerate(columns(area, count, Space.M)):
        band = (column[0], column[1], column[2], column[1] + per_column * row_h + (per_column - 1) * Space.S)
        chunk = players[c * per_column : (c + 1) * per_column]
        for player, frame in zip(chunk, rows(band, per_column, Space.S), strict=False):
            _draw_player(canvas, frame, player, _seat_name(names, player.seat, locale), line_face, widths, locale)


def _draw_player(
    canvas: Image.Image,
    frame: kit.Box,
    player: PlayerView,
    name: str,
    line_face: Font,
    widths: tuple[float, float],
    locale: str,
) -> None:
    """One player's line: colour stripe, turn arrow, name, dealer badge, cards in hand, tokens."""
    x0, _, x1, _ = frame
    cy = _middle(frame)
    colour = kit.seat_colour(player.seat)
    kit.seat_frame(canvas, frame, colour, lit=player.acting, tint=0.28, shadow=True)
    draw = ImageDraw.Draw(canvas)
    x = x0 + Space.XL
    if player.acting:
        kit.draw_glyph(draw, (x + Space.S, cy), "▶", face(Type.BODY), colour)
        x += Space.XL + Space.HAIR
    cards_w = MINI_BACK + Space.S + widths[0] + Space.XL
    tokens_w = round(line_face.size * 1.35 + widths[1])
    right_block = round(x1 - Space.M - tokens_w - cards_w)
    badge = DEALER_BADGE if player.dealer else 0
    room = right_block - x - badge - Space.M
    drawn = kit.draw_text(draw, (x, cy), name, line_face, colour, anchor="lm", max_width=room)
    if player.dealer:
        centre = (x + drawn + Space.S + badge / 2, cy)
        kit.disc(canvas, centre, badge, kit.INK)
        kit.draw_glyph(draw, centre, t(locale, "nj.render.dealer_badge"), face(Type.SMALL, True), kit.INK_DARK)
    back_h = kit.card_size(MINI_BACK)[1]
    bx = right_block + Space.S
    kit.paste_card(canvas, kit.card_back(MINI_BACK), (bx, round(cy - back_h / 2)), shadow=False)
    kit.draw_text(draw, (bx + MINI_BACK + Space.S, cy), str(player.cards), line_face, kit.INK, anchor="lm")
    _coin_count(canvas, (x1 - Space.M, cy), player.tokens, line_face, kit.INK, align="right")


# --- the hand ------------------------------------------------------------------------------------------------


def hand_image(view: NainJauneSeatView, locale: str) -> Image.Image:
    """The hand as an RGBA picture: on the seat's turn the playable cards stand raised and ringed, the rest dim."""
    hand = view.own.hand
    marked = view.own.my_turn
    card_w, card_h = kit.card_size(HAND_CARD)
    fan = HAND_ROW.fan(len(hand))
    picture_w = fan.width
    raise_by = HAND_RAISE if marked else 0
    row_h = card_h + raise_by
    cards_h = 2 * MARGIN + fan.rows * row_h + (fan.rows - 1) * Space.M
    picture_h = HEADER + (cards_h if hand else EMPTY_HAND_HEIGHT)
    canvas = kit.new_canvas(picture_w, picture_h)
    _draw_hand_header(canvas, view, locale)
    if not hand:
        text = t(locale, "nj.render.empty_hand")
        centre = (picture_w / 2, HEADER + EMPTY_HAND_HEIGHT / 2)
        kit.draw_centered(ImageDraw.Draw(canvas), centre, text, face(Type.TITLE), kit.INK_DIM)
        return canvas
    playable = frozenset(view.own.playable)
    for i, code in enumerate(hand):
        row, x = fan.place(i)
        y = HEADER + MARGIN + row * (row_h + Space.M) + raise_by
        if not marked:
            kit.paste_card(canvas, kit.card_face(code, card_w, locale), (x, y))
        elif code in playable:
            kit.paste_card(canvas, kit.card_face(code, card_w, locale, ring=kit.GOLD), (x, y - raise_by))
        else:
            kit.paste_card(canvas, kit.card_face(code, card_w, locale, dim=True), (x, y))
    return canvas


def _draw_hand_header(canvas: Image.Image, view: NainJauneSeatView, locale: str) -> None:
    """Title, card count and tokens on the left, the turn and the wanted rank on the right.

    When the line is too short the tokens give way first, then the turn label: the wanted rank stays.
    """
    cy = HEADER // 2
    colour = kit.seat_colour(view.seat)
    title_face, count_face, chip_face = face(Type.HEAD, True), face(Type.LABEL), face(Type.LABEL, True)
    title = t(locale, "nj.render.your_hand")
    cards = _plural(locale, "nj.render.cards", len(view.own.hand))
    tokens: str | None = _plural(locale, "nj.render.tokens", view.own.tokens)
    chips = _state_chips(view.table, locale)
    if view.own.my_turn:
        chips.insert(0, (t(locale, "nj.render.your_turn"), colour, kit.INK_DARK))

    def chips_width() -> float:
        return sum(chip_face.getlength(text) + 2 * _chip_pad(chip_face) + Space.S for text, _, _ in chips)

    left = MARGIN + title_face.getlength(title) + Space.L + count_face.getlength(cards)
    tokens_width = Space.XL + chip_face.size * 1.4 + chip_face.getlength(tokens) if tokens else 0.0
    room = canvas.width - MARGIN - Space.M
    if tokens and left + tokens_width + chips_width() > room:
        tokens = None
    if len(chips) > 1 and left + chips_width() > room:
        chips.pop(0)
    x = header_title(canvas, title, colour, cards)
    if tokens:
        _coin_count(canvas, (x + Space.XL, cy), tokens, chip_face, kit.INK, align="left")
    _draw_chips(canvas, canvas.width - MARGIN, cy, chips, chip_face)


# --- the pictures of the registry ----------------------------------------------------------------------------


class NainJaunePictures:
    """The game's pictures as PNG bytes (``bot.registry.Pictures``), drawn from the engine's views only."""

    def table(self, view: NainJauneTableView | NainJauneSeatView, names: Sequence[str], locale: str) -> bytes:
        """The shared table; only the public body is read, so a seat's view shows no hand either."""
        return kit.encode_png(table_image(view, names, locale))

    def hand(self, view: NainJauneSeatView, locale: str) -> bytes:
        """A player's hand, its playable cards marked on its turn."""
        return kit.encode_png(hand_image(view, locale))


PICTURES = NainJaunePictures()
