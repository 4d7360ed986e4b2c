"""Le Chat vert's shared table, drawn from the public view only.

The table seats up to ten players around an oval, clockwise in seat order, with the direction of play drawn as
arrows around the pile. Of the added rules only their number is drawn, never their text, and the view's last
penalties (which may quote what a rule makes players say) are never read. The layout is sized for Discord's preview.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.chat_vert_views import ChatVertTable
from bot.games.chat_vert_views import Mark
from bot.games.chat_vert_views import SeatInfo
from renders import kit
from renders import layout
from renders.chat_vert.cards import BACK_GREEN
from renders.chat_vert.cards import CARD_COLOURS
from renders.chat_vert.cards import COLOURS
from renders.chat_vert.cards import Point
from renders.chat_vert.cards import card_back
from renders.chat_vert.cards import card_face
from renders.chat_vert.cards import chip
from renders.chat_vert.cards import colour_letter
from renders.chat_vert.cards import counted
from renders.chat_vert.cards import dealer_token
from renders.chat_vert.cards import direction_ring
from renders.chat_vert.cards import icon
from renders.chat_vert.cards import seat_name
from renders.chat_vert.cards import swatch
from renders.chat_vert.cards import table_oval
from renders.chat_vert.cards import words
from renders.kit import Run
from renders.layout import Space
from renders.layout import Type
from renders.layout import face

WIDTH: Final = 1000
HEIGHT: Final = 800
CENTRE: Final = (WIDTH // 2, layout.HEADER + (HEIGHT - layout.HEADER) // 2)


@dataclass(frozen=True)
class Ellipse:
    """An ellipse ``rx`` by ``ry`` px around the table's centre: the felt oval, and the line the seats sit on."""

    rx: int
    ry: int

    def point(self, degrees: float) -> tuple[int, int]:
        """The point of the ellipse at ``degrees`` clockwise from its right end."""
        angle = math.radians(degrees)
        return round(CENTRE[0] + self.rx * math.cos(angle)), round(CENTRE[1] + self.ry * math.sin(angle))

    def corner(self) -> tuple[int, int]:
        """The top left of its bounding box, where its picture is pasted."""
        return CENTRE[0] - self.rx, CENTRE[1] - self.ry


SEATS: Final = Ellipse(378, 280)
OVAL: Final = Ellipse(268, 186)
TOP_CARD: Final = 122
STOCK_CARD: Final = 84
PLATE_LARGE: Final = (232, 92)
PLATE_SMALL: Final = (212, 86)
"""Seat plates: the larger up to six seats, the smaller beyond."""
PILE_GAP: Final = 30
"""Between the top card and the centre of the table (the draw pile is on the other side)."""
BADGE: Final = 48
"""The colour token on the corner of a major on the pile."""
MARK: Final = 28
LEGEND_MARK: Final = 20
BACK: Final = 18
"""The width of the small backs fanned on a plate."""
FAN_STEP: Final = 6
STOCK_SPREAD: Final = 4
STOCK_LAYER: Final = 15
"""One face-down layer of the draw pile per this many cards (four at most)."""
GLOW: Final = 14
ACTIVE_ALPHA: Final = 215
DONE_ALPHA: Final = 120
ORDER: Final[tuple[Mark, ...]] = ("dealer", "skipped", "drawing", "ficelle")


def table_image(table: ChatVertTable, names: Sequence[str], locale: str) -> Image.Image:
    """The shared table as an RGBA picture."""
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    _draw_header(canvas, table, names, locale)
    _draw_centre(canvas, table, names, locale)
    _draw_seats(canvas, table, names, locale)
    _draw_legend(canvas, table, locale)
    return canvas


def _draw_header(canvas: Image.Image, table: ChatVertTable, names: Sequence[str], locale: str) -> None:
    """Title and the number of secret rules on the left; whose turn it is, who chooses or who won on the right."""
    cy = layout.HEADER // 2
    x = layout.header_title(canvas, words(locale, "title"), BACK_GREEN)
    rules = table.rules
    box = chip(
        canvas,
        (x + Space.L, cy),
        [(counted(locale, "rules", rules), face(Type.BODY, True), kit.INK if rules else kit.INK_DIM)],
        kit.PANEL_SOLID,
        outline=kit.GOLD if rules else kit.PANEL_EDGE,
    )
    left = box[2] + Space.XL
    right = WIDTH - layout.MARGIN
    room = right - left - 2 * Space.XL
    if table.phase == "over":
        winner = table.winner
        if winner is None:
            draw = ImageDraw.Draw(canvas)
            kit.draw_text(
                draw, (right, cy), words(locale, "over"), face(Type.TITLE, True), kit.GOLD, anchor="rm", max_width=room
            )
            return
        line = layout.Named(locale, "cv.render.wins", seat_name(names, winner, locale), kit.seat_colour(winner))
        layout.header_turn(canvas, line, room, fill=kit.GOLD, glyph="★", glyph_colour=kit.GOLD, glyph_size=Type.TITLE)
        return
    key, seat = ("choose", table.dealer) if table.phase == "direction" else ("turn", table.turn)
    if seat is not None:
        line = layout.Named(locale, f"cv.render.{key}", seat_name(names, seat, locale), kit.seat_colour(seat))
        layout.header_turn(canvas, line, room)


def _draw_centre(canvas: Image.Image, table: ChatVertTable, names: Sequence[str], locale: str) -> None:
    """The oval with the direction arrows, the top card (after a major: ringed in the chosen colour, with that
    colour's token on its corner), the draw pile with its size, and a pending +2/+4 with its target."""
    cx, cy = CENTRE
    kit.paste(canvas, table_oval(OVAL.rx, OVAL.ry), OVAL.corner())
    direction = table.arrows
    alpha = DONE_ALPHA if table.phase == "over" else ACTIVE_ALPHA
    ring = direction_ring(direction, kit.INK_DIM if direction == 0 else kit.GOLD, alpha)
    kit.paste(canvas, ring, (cx - ring.width // 2, cy - ring.height // 2))
    card_h = kit.card_size(TOP_CARD)[1]
    card_xy = (cx - PILE_GAP - TOP_CARD, cy - card_h // 2 - Space.XL + Space.XS)
    chosen = CARD_COLOURS[table.colour] if table.top_major and table.colour in COLOURS else None
    if chosen is not None:
        kit.card_glow(canvas, card_xy, TOP_CARD, chosen, Space.L)
    kit.paste_card(canvas, card_face(table.top, TOP_CARD, locale, ring=chosen), card_xy)
    _draw_stock(canvas, table.stock, locale, (cx + PILE_GAP + Space.XS, cy - Space.L))
    if chosen is not None:
        badge = swatch(table.colour, BADGE, colour_letter(table.colour, locale))
        kit.paste(canvas, badge, (card_xy[0] + TOP_CARD - PILE_GAP, card_xy[1] - Space.L - Space.HAIR))
    below = card_xy[1] + card_h + Space.XXL + Space.M + Space.HAIR
    label: tuple[list[Run], kit.Colour] | None = None
    pending = table.pending
    if pending is not None and table.phase == "play":
        bold = face(Type.LABEL, True)
        if pending.target is None:
            label = ([(f"+{pending.count}", bold, kit.INK)], kit.ALERT)
        else:
            fill = kit.mix(kit.seat_colour(pending.target), kit.PAPER, 0.55)
            name = seat_name(names, pending.target, locale)
            runs = kit.catalog_runs(locale, "cv.render.pending", name, bold, kit.INK, fill, 380, n=pending.count)
            label = (runs, kit.ALERT)
    elif table.phase == "direction":
        label = ([(words(locale, "direction"), face(Type.BODY, True), kit.INK_DARK)], kit.GOLD)
    if label is not None:
        chip(canvas, (cx, below), label[0], label[1], align="center", outline=kit.PAPER)


def _draw_stock(canvas: Image.Image, count: int, locale: str, xy: tuple[int, int]) -> None:
    """The draw pile as a face-down stack (an empty slot when there is none), its label and size under it."""
    card_w = STOCK_CARD
    card_h = kit.card_size(card_w)[1]
    layers = min(4, math.ceil(count / STOCK_LAYER)) if count else 0
    spread = STOCK_SPREAD
    x0, cy = xy
    y0 = round(cy - card_h / 2 - Space.S - Space.HAIR)
    if layers == 0:
        kit.panel(
            canvas, (x0, y0, x0 + card_w, y0 + card_h), kit.card_radius(card_w), (0, 0, 0, 0), outline=kit.PANEL_EDGE
        )
    for i in range(layers):
        offset = (layers - 1 - i) * spread
        kit.paste_card(canvas, card_back(card_w), (x0 + i * spread, y0 + offset), shadow=i == 0)
    label_y = y0 + card_h + Space.M + Space.HAIR + spread * max(0, layers - 1)
    mid = x0 + card_w / 2 + spread * max(0, layers - 1) / 2
    runs = [
        (words(locale, "stock") + " ", face(Type.SMALL), kit.INK_DIM),
        (str(count), face(Type.BODY, True), kit.INK),
    ]
    kit.draw_runs(ImageDraw.Draw(canvas), (mid, label_y), runs, align="center")


def seat_positions(players: int) -> list[tuple[int, int]]:
    """Centres of the seat plates, clockwise from the bottom in seat order (seat 0 at the bottom)."""
    return [SEATS.point(90 + 360 * seat / max(1, players)) for seat in range(players)]


def plate_size(players: int) -> tuple[int, int]:
    return PLATE_LARGE if players <= 6 else PLATE_SMALL


def _draw_seats(canvas: Image.Image, table: ChatVertTable, names: Sequence[str], locale: str) -> None:
    w, h = plate_size(len(table.seats))
    for seat, (info, (px, py)) in enumerate(zip(table.seats, seat_positions(len(table.seats)), strict=True)):
        frame = (px - w // 2, py - h // 2, px + w // 2, py + h // 2)
        _draw_seat(canvas, info, frame, seat, seat_name(names, seat, locale), locale)


def _draw_seat(canvas: Image.Image, info: SeatInfo, frame: kit.Box, seat: int, name: str, locale: str) -> None:
    """One plate: colour stripe, turn arrow, name, a fan of backs with the card count, the seat's markers."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(seat)
    lit = info.winner or info.awaited
    w, h = x1 - x0, y1 - y0
    if lit:
        halo = kit.GOLD if info.winner else colour
        kit.paste(canvas, kit.glow(w, h, layout.RADIUS, halo, GLOW), (x0 - GLOW, y0 - GLOW))
    edge = kit.GOLD if info.winner else kit.ALERT if info.targeted else None
    kit.seat_frame(canvas, frame, colour, lit=lit or info.targeted, edge=edge, tint=0.3, shadow=True)
    draw = ImageDraw.Draw(canvas)
    row1 = y0 + Space.XL + Space.HAIR
    x = x0 + Space.XL
    if info.awaited:
        kit.paste(canvas, icon("turn", Space.XL), (x - Space.HAIR, row1 - Space.M))
        x += MARK
    elif info.winner:
        kit.draw_glyph(draw, (x + Space.S + 1, row1), "★", face(Type.TITLE), kit.GOLD)
        x += MARK - Space.HAIR
    kit.draw_text(draw, (x, row1), name, face(Type.BODY, True), colour, anchor="lm", max_width=x1 - Space.M - x)
    row2 = y1 - MARK
    back_h = kit.card_size(BACK)[1]
    fan = min(info.cards, 4)
    bx = x0 + Space.XL
    for i in range(fan):
        kit.paste_card(canvas, card_back(BACK), (bx + i * FAN_STEP, round(row2 - back_h / 2)), shadow=i == 0)
    bx += BACK + FAN_STEP * max(0, fan - 1) + Space.S if fan else 0
    if info.winner:
        kit.draw_text(draw, (bx, row2), words(locale, "winner"), face(Type.BODY, True), kit.GOLD, anchor="lm")
    else:
        ink = kit.ALERT if info.cards == 1 else kit.INK
        kit.draw_text(draw, (bx, row2), str(info.cards), face(Type.TITLE, True), ink, anchor="lm")
    mx = x1 - Space.M - MARK
    for mark in reversed(info.marks):
        if mark == "dealer":
            dealer_token(canvas, (mx + MARK / 2, row2), MARK, locale)
        else:
            kit.paste(canvas, icon(mark, MARK), (mx, round(row2 - MARK / 2)))
        mx -= MARK + Space.XS + 1


def _draw_legend(canvas: Image.Image, table: ChatVertTable, locale: str) -> None:
    """What the markers on the plates mean, for the markers shown, in the bottom left corner."""
    shown = {mark for info in table.seats for mark in info.marks}
    marks = [mark for mark in ORDER if mark in shown]
    draw = ImageDraw.Draw(canvas)
    step = Space.XL
    y: float = HEIGHT - layout.MARGIN - Space.M - step * (len(marks) - 1)
    x: int = layout.MARGIN
    for mark in marks:
        centre: Point = (x + LEGEND_MARK / 2, y)
        if mark == "dealer":
            dealer_token(canvas, centre, LEGEND_MARK, locale)
        else:
            kit.paste(canvas, icon(mark, LEGEND_MARK), (x, round(y - LEGEND_MARK / 2)))
        label = words(locale, f"legend.{mark}")
        kit.draw_text(draw, (x + LEGEND_MARK + Space.S, y), label, face(Type.SMALL), kit.INK_DIM, anchor="lm")
        y += step
