"""Le Chat vert's private hand picture, drawn from one seat's view: every card numbered (1, 2, ...) in hand
order, the cards the base rules let it play raised and ringed while it is to play, the drawn card tagged, and a
strip above with the card on the pile, the colour to match and what weighs on the seat.

The picture keeps one size for the whole game: the cards lie in a frame of three rows, spread out while the hand
is small and overlapping more as it grows, never so much that a card's corner (its symbol and colour initial)
is hidden, up to ``CAPACITY`` cards."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.chat_vert_views import ChatVertSeatView
from renders import kit
from renders import layout
from renders import measure
from renders.chat_vert.cards import CARD_COLOURS
from renders.chat_vert.cards import CHIP_PAD
from renders.chat_vert.cards import COLOURS
from renders.chat_vert.cards import CORNER_COLUMN
from renders.chat_vert.cards import DRAWN
from renders.chat_vert.cards import card_face
from renders.chat_vert.cards import chip
from renders.chat_vert.cards import counted
from renders.chat_vert.cards import icon
from renders.chat_vert.cards import shaded_felt
from renders.chat_vert.cards import swatch
from renders.chat_vert.cards import words
from renders.chat_vert.status import fitted_pill
from renders.kit import Font
from renders.lay import Tiles
from renders.lay import lay_card
from renders.lay import origin
from renders.layout import Space
from renders.layout import Type
from renders.rows import CardRows

WIDTH: Final = 600
MARGIN: Final = 16
HAND_CARD: Final = 84
CARD_H: Final = kit.card_size(HAND_CARD)[1]
CARD_GAP: Final = Space.S
"""Between two cards that do not overlap."""
STEP_MIN: Final = math.ceil(HAND_CARD * CORNER_COLUMN) + Space.S
"""The closest two overlapping cards come: the corner index of the one below stays in sight."""
ROOM: Final = WIDTH - 2 * MARGIN - HAND_CARD
"""What the steps of a row may span."""
PER_ROW_EASY: Final = 1 + ROOM // (HAND_CARD + CARD_GAP)
PER_ROW_MAX: Final = 1 + ROOM // STEP_MIN
ROWS: Final = 3
CAPACITY: Final = ROWS * PER_ROW_MAX
"""The most cards a hand shows with every corner in sight; past it the cards overlap further."""
HAND_RAISE: Final = Space.M
HAND_LABEL: Final = 28
ROW_H: Final = HAND_RAISE + CARD_H + HAND_LABEL
ROW_GAP: Final = Space.XS
HAND_STRIP: Final = CARD_H + Space.L
STRIP_CARD: Final = HAND_CARD
STRIP_GAP: Final = Space.S
LINE_STEP: Final = 38
"""From one line of the strip's labels to the next."""
CARDS_TOP: Final = layout.HEADER + HAND_STRIP + Space.S
HEIGHT: Final = CARDS_TOP + ROWS * ROW_H + (ROWS - 1) * ROW_GAP + Space.M
TEXT: Final = 18
LABEL: Final = 20
TOKEN: Final = 26
MARK: Final = 28
TAG: Final = 28
"""The height of the "drawn" tag on the drawn card."""
STRIP_SHADE: Final = (6, 36, 22, 110)
STRIP_BOX: Final = (0, layout.HEADER, WIDTH, layout.HEADER + HAND_STRIP + Space.HAIR)
"""The pile strip's part: the strip and the tail of its card's shadow under it."""
HIGHLIGHT: Final = frozenset({"turn", "drawn"})
"""The tasks during which the playable cards are raised and the others dimmed."""

Chip = tuple[str, kit.Colour, kit.Colour, Image.Image | None]


def hand_layout(count: int) -> tuple[int, int, float]:
    """Cards per row, rows and the step between cards of a row (under a card's width: they overlap): as many rows
    as the cards need without overlapping, at most ``ROWS``, then the rows' cards drawn closer."""
    if count == 0:
        return 0, 0, 0.0
    rows = min(ROWS, math.ceil(count / PER_ROW_EASY))
    per_row = math.ceil(count / rows)
    step = min(HAND_CARD + CARD_GAP, ROOM / (per_row - 1)) if per_row > 1 else 0.0
    return per_row, rows, step


def _place(index: int, count: int, per_row: int, step: float) -> tuple[int, int]:
    """The row of card ``index`` and its left edge, its row centred in the picture."""
    row, col = divmod(index, per_row)
    in_row = min(per_row, count - row * per_row)
    return row, round((WIDTH - (HAND_CARD + step * (in_row - 1))) / 2 + col * step)


def hand_image(view: ChatVertSeatView, locale: str) -> Image.Image:
    """The hand as an RGBA picture: the header, the pile strip, then rows of cards with their numbers."""
    own = view.own
    hand = list(own.hand)
    per_row, rows, step = hand_layout(len(hand))
    canvas = kit.new_canvas(WIDTH, HEIGHT)
    _paste_header(canvas, view, locale, len(hand))
    strip_top = layout.HEADER - origin(STRIP_BOX)[1]
    PARTS.paste(canvas, STRIP_BOX, _strip_key(view, locale), lambda c: _draw_hand_strip(c, view, locale, strip_top))
    draw = ImageDraw.Draw(canvas)
    frame_h = ROWS * ROW_H + (ROWS - 1) * ROW_GAP
    if not hand:
        centre = (WIDTH / 2, CARDS_TOP + frame_h / 2)
        kit.draw_centered(draw, centre, words(locale, "empty"), kit.font(24), kit.INK_DIM)
        return canvas
    top = CARDS_TOP + (frame_h - (rows * ROW_H + (rows - 1) * ROW_GAP)) // 2
    allowed = set(own.playable) if own.task in HIGHLIGHT else None
    drawn_index = hand.index(own.drawn) if own.drawn in hand else -1
    label_face = kit.font(LABEL, True)
    visible = min(step, HAND_CARD) if step else HAND_CARD
    tag_xy: tuple[float, float] | None = None
    rows_laid: list[list[tuple[Look, int, int]]] = [[] for _ in range(rows)]
    labels: list[tuple[tuple[float, float], str, kit.Colour]] = []
    for i, code in enumerate(hand):
        row, x = _place(i, len(hand), per_row, step)
        row_top = top + row * (ROW_H + ROW_GAP)
        lit = allowed is not None and code in allowed
        dim = allowed is not None and not lit
        is_drawn = i == drawn_index
        ring = kit.GOLD if lit else DRAWN if is_drawn else None
        y = row_top + (0 if lit else HAND_RAISE)
        rows_laid[row].append(((code, locale, dim, ring, is_drawn), x, y))
        if is_drawn:
            tag_xy = (x + HAND_CARD / 2, y + CARD_H)
        label_y = row_top + HAND_RAISE + CARD_H + HAND_LABEL / 2 + Space.HAIR
        fill = kit.GOLD if lit else kit.INK_DIM if dim else kit.INK
        labels.append(((x + visible / 2, label_y), str(i + 1), fill))
    _lay_cards(canvas, rows_laid, labels, label_face)
    if tag_xy is not None:
        # on top of the neighbours that overlap the drawn card, over the bottom of its face
        label = [(words(locale, "drawn"), kit.font(TEXT, True), kit.INK_DARK)]
        kit.pill(
            canvas,
            (tag_xy[0], tag_xy[1] - TAG / 2 - Space.XS),
            label,
            DRAWN,
            align="center",
            height=TAG,
            outline=kit.PAPER,
        )
    return canvas


Look = tuple[str, str, bool, kit.Colour | None, bool]
"""A card of the hand as drawn: code, language, dimmed, ring, whether it glows as the drawn card."""
Label = tuple[tuple[float, float], str, kit.Colour]
"""A card's number: its centre, text and ink."""


def _lay_cards(canvas: Image.Image, rows: list[list[tuple[Look, int, int]]], labels: list[Label], font: Font) -> None:
    """The cards then their numbers, from kept pieces, when no number lies where a later card reaches; else each
    card then its number, in hand order."""
    draw = ImageDraw.Draw(canvas)
    laid = [card for row in rows for card in row]
    boxes = [CARDS.box(card) for card in laid]
    for i, (centre, text, _) in enumerate(labels):
        x0, y0, x1, y1 = draw.textbbox(centre, text, font=font, anchor="mm")
        if any(b[0] < x1 + 2 and x0 - 2 < b[2] and b[1] < y1 + 2 and y0 - 2 < b[3] for b in boxes[i + 1 :]):
            for card, (centre, text, fill) in zip(laid, labels, strict=True):
                _lay(canvas, *card)
                kit.draw_centered(draw, centre, text, font, fill)
            return
    CARDS.lay_rows(canvas, rows, STRIP_BOX[3])
    for centre, text, fill in labels:
        kit.draw_centered(draw, centre, text, font, fill)


def _face(look: Look) -> Image.Image:
    code, locale, dim, ring, _ = look
    return card_face(code, HAND_CARD, locale, dim=dim, ring=ring)


def _lay(canvas: Image.Image, look: Look, x: int, y: int) -> None:
    lay_card(canvas, _face(look), (x, y), glow=(DRAWN, Space.S) if look[4] else None)


def _tails(look: Look) -> bool:
    """A card's shadow is the same for every card of the hand; the drawn card glows too."""
    return look[4]


CARDS: Final = CardRows(_face, _lay, _tails, kept=192)
"""The hands' cards with their shadows on the felt (a pack's cards plain, lit or dimmed), and the strips where two
neighbours' shadows meet."""

PARTS: Final = Tiles(maxsize=64)
"""The headers' counts and tasks and the pile strips of the hands as last drawn: most moves change neither for most
seats, and a new deal or the end shows the same ones to many."""


def hand_key(view: ChatVertSeatView) -> tuple[object, ...]:
    """What the hand picture draws of ``view``, as plain values: the seat (its colour), the task (the header's
    label, and whether the cards are raised and dimmed), the cards in order with their marks (lit, or None when
    nothing is raised) and which is the drawn one, the card on the pile with the colour ringing it, the colour
    to match, and in the play phase the pending +2/+4 (its count, whether this seat must take it) and whether
    the seat is skipped or holds the string.

    Left out, as the picture never draws them: the version and the events, the legal moves and the pairs (the
    buttons'), the playable cards while the seat has nothing to play, and the rest of the table (the counts,
    the dealer, the turn, the direction, the rules, the penalties, the timer: the table picture's)."""
    table, own = view.table, view.own
    cards = tuple(own.hand)
    allowed = frozenset(own.playable) if own.task in HIGHLIGHT else None
    lit = None if allowed is None else tuple(code in allowed for code in cards)
    drawn = cards.index(own.drawn) if own.drawn in cards else -1
    colour = table.colour if table.colour in COLOURS else None
    ring = colour if table.top_major else None
    weighs: tuple[object, ...] | None = None
    if table.phase == "play":
        pending = table.pending
        marks = table.seats[view.seat].marks if 0 <= view.seat < len(table.seats) else ()
        due = (pending.count, pending.target == view.seat) if pending is not None else None
        weighs = (due, "skipped" in marks, "ficelle" in marks)
    return (view.seat, own.task, cards, lit, drawn, table.top, ring, colour, weighs)


def _strip_key(view: ChatVertSeatView, locale: str) -> tuple[object, ...]:
    """Everything the pile strip shows: the card on the pile, the colour to match and what weighs on the seat."""
    table = view.table
    pending = table.pending
    weighs = (pending.count, pending.target == view.seat) if pending is not None else None
    marks = table.seats[view.seat].marks if 0 <= view.seat < len(table.seats) else ()
    return ("strip", table.top, table.colour, table.top_major, table.phase, weighs, marks, locale)


def _task(view: ChatVertSeatView, locale: str) -> tuple[str, kit.Colour] | None:
    """What the seat has to do now, as one label (text, background)."""
    colour = kit.seat_colour(view.seat)
    task = view.own.task
    if task == "over":
        return words(locale, "over"), kit.GOLD
    if task == "choose":
        return words(locale, "your_choice"), colour
    if task == "drawn":
        return words(locale, "drawn_choice"), DRAWN
    if task == "turn":
        return words(locale, "your_turn"), colour
    return None


def _paste_header(canvas: Image.Image, view: ChatVertSeatView, locale: str, count: int) -> None:
    """Title and card count on the left, the task on the right: the title kept for the seat, the rest kept by what
    it shows (at a new deal or the end every seat shows the same count or the same task)."""
    title, x = _title(view.seat, locale)
    canvas.im.paste(title.im, (0, 0, WIDTH, layout.HEADER))
    measure.pasted(title, (0, 0))
    left = int(x) - int(x) % 2  # moved by an even step, halves round as in place
    task = _task(view, locale)
    key = ("detail", x, count, task, locale)
    ground = shaded_felt(WIDTH - left, layout.HEADER, kit.HEADER)
    PARTS.put(
        canvas, (left, 0, WIDTH, layout.HEADER), key, lambda c: _draw_detail(c, x - left, count, task, locale), ground
    )


@lru_cache(maxsize=24)
def _title(seat: int, locale: str) -> tuple[Image.Image, float]:
    """The header band with the title in the seat's colour, and where the title ends: the same for the whole game."""
    band = shaded_felt(WIDTH, layout.HEADER, kit.HEADER).copy()  # ``kit.header_strip``, blended once
    title = layout.face(Type.HEAD, True)
    with measure.piece() as marks:
        draw = ImageDraw.Draw(band)
        xy = (layout.MARGIN, layout.HEADER // 2)
        x = layout.MARGIN + kit.draw_text(
            draw, xy, words(locale, "your_hand"), title, kit.seat_colour(seat), anchor="lm"
        )
    return measure.attach(band, marks), x


def _draw_detail(canvas: Image.Image, x: float, count: int, task: tuple[str, kit.Colour] | None, locale: str) -> None:
    """The card count after the title (which ends at ``x``), the task on the right (shrunk, or on two lines, to
    stay whole)."""
    end = layout.header_detail(canvas, x, counted(locale, "cards", count), size=Type.BODY, gap=Space.M)
    if task is not None:
        right = canvas.width - MARGIN
        room = right - end - Space.L
        fitted_pill(canvas, right, layout.HEADER / 2, task[0], task[1], room, layout.HEADER - Space.XS)


def _strip_chips(view: ChatVertSeatView, locale: object) -> list[Chip]:
    """The labels of the pile strip: the colour to match, then what weighs on the seat (a pending +2/+4, a skip,
    the string), as (text, background, ink, token)."""
    table = view.table
    chips: list[Chip] = []
    if table.colour in COLOURS:
        label = words(locale, "colour", colour=words(locale, f"colour.{table.colour}"))
        chips.append((label, kit.INK, kit.INK_DARK, swatch(table.colour, TOKEN, "")))
    if table.phase != "play":
        return chips
    if table.pending is not None:
        if table.pending.target == view.seat:
            chips.append((words(locale, "pending_you", n=table.pending.count), kit.ALERT, kit.INK, None))
        else:
            chips.append((words(locale, "pending_other", n=table.pending.count), kit.PANEL_SOLID, kit.INK, None))
    marks = table.seats[view.seat].marks if 0 <= view.seat < len(table.seats) else ()
    if "skipped" in marks:
        chips.append((words(locale, "skipped_you"), kit.ALERT, kit.INK, icon("skipped", MARK)))
    if "ficelle" in marks:
        chips.append((words(locale, "ficelle_you"), kit.PANEL_SOLID, kit.INK, icon("ficelle", MARK)))
    return chips


def _chip_width(text: str, font: Font, token: Image.Image | None) -> float:
    return font.getlength(text) + 2 * round(font.size * CHIP_PAD) + (token.width + Space.XS if token is not None else 0)


def _strip_lines(widths: Sequence[float], room: float) -> list[list[int]]:
    """The strip's labels in order, as many to a line as fit ``room``."""
    lines: list[list[int]] = [[]]
    used = 0.0
    for i, width in enumerate(widths):
        if lines[-1] and used + STRIP_GAP + width > room:
            lines.append([])
            used = 0.0
        used += (STRIP_GAP if lines[-1] else 0) + width
        lines[-1].append(i)
    return lines


def _draw_hand_strip(canvas: Image.Image, view: ChatVertSeatView, locale: str, top: int) -> None:
    """The card on the pile, then its labels, as many to a line as fit; the strip's top at ``top``."""
    table = view.table
    canvas.paste(shaded_felt(WIDTH, HAND_STRIP, STRIP_SHADE), (0, top))
    draw = ImageDraw.Draw(canvas)
    cy = top + HAND_STRIP / 2
    font = kit.font(TEXT, True)
    x: float = MARGIN
    x += kit.draw_text(draw, (x, cy), words(locale, "on_pile"), font, kit.INK_DIM, anchor="lm")
    x += Space.M
    card_xy = (round(x), round(cy - CARD_H / 2))
    ring = CARD_COLOURS[table.colour] if table.top_major and table.colour in COLOURS else None
    face = card_face(table.top, STRIP_CARD, locale, ring=ring)
    lay_card(canvas, face, card_xy, glow=None if ring is None else (ring, Space.S))
    x += STRIP_CARD + Space.L
    chips = _strip_chips(view, locale)
    if not chips:
        return
    widths = [_chip_width(text, font, token) for text, _, _, token in chips]
    room = WIDTH - MARGIN - x
    lines = _strip_lines(widths, room)
    first = cy - LINE_STEP * (len(lines) - 1) / 2
    for n, line in enumerate(lines):
        lx = x
        for i in line:
            text, fill, ink, token = chips[i]
            tucked = token.width + Space.XS if token is not None else 0
            left = WIDTH - MARGIN - lx - tucked - 2 * round(font.size * CHIP_PAD)
            runs = [(kit.fit_text(text, font, max(30.0, left)), font, ink)]
            box = chip(canvas, (lx, first + n * LINE_STEP), runs, fill, token=token)
            lx = box[2] + STRIP_GAP
