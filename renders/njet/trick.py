"""The middle of the table after the Njet phase: the partner being chosen, the secret discard, the trick in play
and the last trick."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Final

from PIL import Image

from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import measure
from renders.kit import Font
from renders.layout import Space
from renders.layout import Type
from renders.layout import face
from renders.layout.panels import colour_at
from renders.layout.stamps import Stamps
from renders.njet.common import DONE
from renders.njet.common import FINE
from renders.njet.common import PAD
from renders.njet.common import READ
from renders.njet.common import SYMBOL
from renders.njet.common import TITLE_Y
from renders.njet.common import Table
from renders.njet.common import character_of
from renders.njet.common import done_mark
from renders.njet.common import empty_note
from renders.njet.common import seat_emblem
from renders.njet.common import seat_name
from renders.njet.common import titled_section
from renders.njet.shapes import card_back
from renders.njet.shapes import card_face
from renders.njet.shapes import emblem
from renders.njet.shapes import paste_centered

TRICK_CARD: Final = 64
"""The width of a card of the trick in play."""
TRICK_TOP: Final = 2 * TITLE_Y - Space.HAIR
"""From the trick panel's top to its cards."""
NAME_GAP: Final = Space.XL - Space.HAIR
"""From the bottom of a card of the trick to the middle of its player's name."""
SLOT_EMBLEM: Final = 36
"""The emblem in the empty slot of a seat yet to play."""
NAME_EMBLEM: Final = SYMBOL + Space.HAIR
"""The small emblem before each name under the trick."""
EMPTY_SLOT: Final[kit.RGBA] = (0, 0, 0, 50)
WIN_PILL: Final = 20
"""The height of the label under the card taking the trick."""
LAST_CARD: Final = 50
"""The width of a card of the last trick (its value and a super-trump's star still 10 px tall on a phone)."""
LAST_EMBLEM: Final = SYMBOL + 2 * Space.HAIR
MESSAGE_EMBLEM: Final = (64, 52)
"""The emblems of a centred message: one seat, several seats."""
DISCARD_EMBLEM: Final = 52
DISCARD_BACK: Final = 14
DONE_MARK: Final = 28


def draw_trick(canvas: Image.Image, view: Table, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The current trick: one slot per player in play order, played cards face up, the card winning it lit."""
    x0, y0, x1, _ = box
    table = view.table
    title = t(locale, "njet.render.trick")
    draw, title_w = titled_section(canvas, box, title, room=(x1 - x0) / 2 - PAD)
    head_y = y0 + TITLE_Y
    turn = sorted(view.to_act)
    if not table.trick and turn:
        runs = kit.catalog_runs(
            locale,
            "njet.render.leads",
            seat_name(names, turn[0], locale),
            face(READ),
            kit.INK_DIM,
            kit.seat_colour(turn[0]),
            x1 - x0 - title_w - 3 * PAD,
        )
        kit.draw_runs(draw, (x1 - PAD, head_y), runs, align="right")
    played = {play.seat: play for play in table.trick}
    show_winner = len(table.trick) > 1
    slots = len(table.order) or 1
    card_w = TRICK_CARD
    card_h = kit.card_size(card_w)[1]
    slot_w = (x1 - x0 - 2 * PAD) / slots
    card_top = y0 + TRICK_TOP
    name_y = card_top + card_h + NAME_GAP
    ground = colour_at(canvas, ((x0 + x1) // 2, card_top + card_h // 2))
    drawn = _not_plain(box)
    winning = t(locale, "njet.render.winning")
    for i, seat in enumerate(table.order):
        cx = x0 + PAD + slot_w * i + slot_w / 2
        cardx = round(cx - card_w / 2)
        play = played.get(seat)
        if play is not None:
            label = winning if show_winner and play.wins else ""
            middle = cx - cardx if label else 0.0  # the label centred on the slot, as the card is to the pixel
            key = ("card", play.card, play.super_trump, label, middle)
            lay = partial(_lay_card, card=play.card, super_trump=play.super_trump, label=label, middle=middle)
            SLOTS.stamp(canvas, (cardx, card_top), (card_w, card_h), key, ground, lay, drawn)
        else:
            character = character_of(table, seat)
            is_next = seat in view.to_act
            lay = partial(_lay_slot, seat=seat, character=character, is_next=is_next)
            SLOTS.stamp(
                canvas, (cardx, card_top), (card_w, card_h), ("slot", seat, character, is_next), ground, lay, drawn
            )
        name_face = face(READ, True)
        name = kit.fit_text(seat_name(names, seat, locale), name_face, slot_w - NAME_EMBLEM - Space.S - Space.S)
        span = NAME_EMBLEM + Space.XS + name_face.getlength(name)
        nx = cx - span / 2
        kit.paste(canvas, seat_emblem(table, seat, NAME_EMBLEM), (round(nx), round(name_y - NAME_EMBLEM / 2)))
        kit.draw_text(draw, (nx + NAME_EMBLEM + Space.XS, name_y), name, name_face, kit.seat_colour(seat), anchor="lm")
        drawn.append((math.floor(nx) - Space.XS, name_y - Space.L, math.ceil(nx + span) + Space.XS, name_y + Space.L))


SLOTS: Final = Stamps(maxsize=128)
"""The trick's cards and empty slots, stamped on the trick panel's plain middle: the same at every table."""


def _not_plain(box: kit.Box) -> list[kit.Box]:
    """Where the trick panel ``box`` is not of one colour before the cards are laid: its edges (and its shadow
    under them) and its title line."""
    x0, y0, x1, y1 = box
    edge = 2 * Space.L
    return [(x0, y0, x0 + edge, y1), (x1 - edge, y0, x1, y1), (x0, y0, x1, y0 + TITLE_Y + Space.L)]


def _lay_card(canvas: Image.Image, x: int, y: int, card: str, super_trump: bool, label: str, middle: float) -> None:
    """A card of the trick at ``(x, y)``: lit and ringed when it is winning the trick, with ``label`` under it
    centred ``middle`` right of ``x``."""
    card_w = TRICK_CARD
    if label:
        kit.card_glow(canvas, (x, y), card_w, kit.GOLD, Space.M)
    ring = kit.GOLD if label else None
    image = card_face(card, card_w, super_trump=super_trump, ring=ring)
    kit.paste_card(canvas, image, (x, y))
    if label:
        runs = [(label, face(FINE, True), kit.INK_DARK)]
        with measure.secondary():
            kit.pill(canvas, (x + middle, y + image.height), runs, kit.GOLD, align="center", height=WIN_PILL)


def _lay_slot(canvas: Image.Image, x: int, y: int, seat: int, character: str, is_next: bool) -> None:
    """The empty slot of a seat yet to play at ``(x, y)``, its emblem in the middle; outlined when it is next."""
    card_w, card_h = kit.card_size(TRICK_CARD)
    colour = kit.seat_colour(seat)
    kit.panel(
        canvas,
        (x, y, x + card_w, y + card_h),
        kit.card_radius(card_w),
        kit.with_alpha(colour, 40) if is_next else EMPTY_SLOT,
        outline=colour if is_next else kit.PANEL_EDGE,
        width=3 if is_next else Space.HAIR,
    )
    paste_centered(canvas, emblem(character, SLOT_EMBLEM, colour), (x + card_w / 2, y + card_h / 2))


def _draw_centred_message(
    canvas: Image.Image,
    view: Table,
    names: Sequence[str],
    locale: str,
    box: kit.Box,
    title: str,
    seats: Sequence[int],
    lines: Sequence[tuple[str, Font, kit.Colour]],
) -> None:
    """A panel with a title, a row of emblems (with names) and a few centred lines under them."""
    x0, y0, x1, _ = box
    draw, _ = titled_section(canvas, box, title)
    cx = (x0 + x1) / 2
    size = MESSAGE_EMBLEM[0] if len(seats) <= 1 else MESSAGE_EMBLEM[1]
    col_w = (x1 - x0 - 2 * PAD) / max(1, len(seats))
    ey = y0 + 2 * TITLE_Y + size / 2
    for i, seat in enumerate(seats):
        ex = x0 + PAD + col_w * i + col_w / 2
        paste_centered(canvas, seat_emblem(view.table, seat, size), (ex, ey))
        kit.draw_centered(
            draw,
            (ex, ey + size / 2 + Space.L + Space.XS),
            seat_name(names, seat, locale),
            face(Type.LABEL, True),
            kit.seat_colour(seat),
            max_width=col_w - Space.M,
        )
    y = ey + size / 2 + Space.XXL + Space.XL
    for text, font, fill in lines:
        kit.draw_centered(draw, (cx, y), text, font, fill, max_width=x1 - x0 - 2 * PAD)
        y += font.size + Space.L


def draw_partner(canvas: Image.Image, view: Table, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """The starting player choosing a partner (or, with three players, to play alone)."""
    table = view.table
    lines: list[tuple[str, Font, kit.Colour]] = [
        (t(locale, "njet.render.partner_choice"), face(Type.TITLE, True), kit.INK)
    ]
    if table.may_play_alone:
        lines.append((t(locale, "njet.render.partner_alone"), face(Type.LABEL), kit.INK_DIM))
    seats = [table.starter] if table.starter is not None else []
    _draw_centred_message(canvas, view, names, locale, box, t(locale, "njet.render.partner_title"), seats, lines)


def draw_discard(canvas: Image.Image, view: Table, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """Everyone discarding at once: each player's emblem with a check once done."""
    table = view.table
    count = table.rules.discard if table.rules is not None else 0
    x0, y0, x1, y1 = box
    draw, _ = titled_section(canvas, box, t(locale, "njet.render.discard_title"))
    kit.draw_centered(
        draw,
        ((x0 + x1) / 2, y0 + 2 * TITLE_Y + Space.M),
        plural(locale, "njet.render.discard_each", count),
        face(READ),
        kit.INK,
        max_width=x1 - x0 - 2 * PAD,
    )
    col_w = (x1 - x0 - 2 * PAD) / max(1, len(table.players))
    size = DISCARD_EMBLEM
    ey = (y0 + y1) / 2 + Space.L
    for i, player in enumerate(table.players):
        seat = player.seat
        ex = x0 + PAD + col_w * i + col_w / 2
        done = player.discarded and seat not in view.to_act
        paste_centered(canvas, seat_emblem(table, seat, size), (ex, ey))
        if done:
            done_mark(canvas, (ex + size * 0.4, ey + size * 0.36), DONE_MARK)
        else:
            for k in range(max(1, count)):
                xy = (round(ex + size * 0.22 + k * Space.S), round(ey + size * 0.1))
                kit.paste_card(canvas, card_back(DISCARD_BACK), xy, shadow=False)
        name = seat_name(names, seat, locale)
        colour = kit.seat_colour(seat)
        name_y = ey + size / 2 + Space.L + Space.XS
        kit.draw_centered(draw, (ex, name_y), name, face(READ, True), colour, max_width=col_w - Space.S)
        status = t(locale, "njet.render.discarded") if done else t(locale, "njet.render.to_act.discard")
        fill = DONE if done else kit.INK_DIM
        kit.draw_centered(
            draw, (ex, name_y + Space.XL - Space.HAIR), status, face(READ), fill, max_width=col_w - Space.S
        )


def draw_last_trick(canvas: Image.Image, box: kit.Box, *, view: Table, locale: str) -> None:
    """The previous trick, right of its title, in play order: each card over its player's emblem, the winner's card
    ringed."""
    x0, y0, x1, y1 = box
    table = view.table
    draw, title_w = titled_section(canvas, box, t(locale, "njet.render.last_trick"))
    area = (round(x0 + PAD + title_w + Space.S), y0, x1 - PAD, y1)
    if not table.last_trick:
        empty_note(draw, area, t(locale, "njet.render.no_last_trick"))
        return
    card_w = LAST_CARD
    card_h = kit.card_size(card_w)[1]
    slot_w = (area[2] - area[0]) / max(1, len(table.last_trick))
    top = y0 + Space.S
    for i, play in enumerate(table.last_trick):
        cx = area[0] + slot_w * i + slot_w / 2
        xy = (round(cx - card_w / 2), top)
        ring = kit.GOLD if play.wins else None
        kit.paste_card(canvas, card_face(play.card, card_w, super_trump=play.super_trump, ring=ring), xy)
        ey = top + card_h
        if play.wins:
            kit.disc(canvas, (cx, ey), LAST_EMBLEM + Space.XS + Space.HAIR, kit.GOLD)
        paste_centered(canvas, seat_emblem(table, play.seat, LAST_EMBLEM), (cx, ey))
