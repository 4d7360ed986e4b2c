"""The side panel of the Neurotrio table picture: the players, then the base cartons, the limits, the auction and
the last move; or, once over, the ranking, the treasure and every bid revealed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.neurotrio import BASES
from bot.games.neurotrio_views import LastMove
from bot.games.neurotrio_views import NeurotrioTable
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import SeatInfo
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders.layout import SMALL_RADIUS
from renders.layout import Space
from renders.layout import Type
from renders.neurotrio.cards import USED
from renders.neurotrio.cards import USED_INK
from renders.neurotrio.cards import card_halo
from renders.neurotrio.cards import card_image
from renders.neurotrio.cards import carton
from renders.neurotrio.cards import mention_label
from renders.neurotrio.cards import paste_card
from renders.neurotrio.cards import seat_name
from renders.neurotrio.cards import vp_change

PANEL: Final = layout.SidePanel(360, row=58, gap=6, ranking=34)
BASES_H: Final = 78
INFO_H: Final = 70
AUCTION_H: Final = 74
LAST_H: Final = 62
TREASURE_H: Final = 112
SECTION_HEAD: Final = 40
"""From a section's top to its first line under the title."""
TITLE_Y: Final = 18
"""A section title's middle, from the section's top."""
CARTON_H: Final = 26
TAG_H: Final = 20
LAST_CARD: Final = 42
TREASURE_CARD: Final = 74
PAD: Final = Space.M + Space.HAIR
"""Between a section's edge and its text."""
LINE_1: Final = 20
LINE_2: Final = 49
"""The middles of a small section's two lines of text, from its top."""
ROW_NAME_Y: Final = 19
ROW_DETAIL_Y: Final = 42
"""The middles of a player row's name and detail lines, from its top."""
RANK_W: Final = 30
ARROW_W: Final = 22
CARTONS_Y: Final = 52
"""The middle of the base cartons, from their section's top."""
TREASURE_CARD_Y: Final = 30

View = NeurotrioTableView


@dataclass(frozen=True)
class Listing:
    """A titled section with one ``row`` px line per item (the bids made, revealed), the first line's middle
    ``first`` px under the section's top."""

    row: int
    first: float

    def height(self, count: int) -> int:
        """The section's height for ``count`` lines (one saying there are none when there are none)."""
        return SECTION_HEAD + max(1, count) * self.row + Space.S

    def middle(self, top: float, index: int) -> float:
        """The middle of line ``index`` in the section starting at ``top``."""
        return top + self.first + index * self.row


@dataclass(frozen=True)
class Reveal(Listing):
    """The end's list of every bid: its card ``card`` px wide, its base carton ``carton`` (width, height) and its
    mention cut to ``mention`` px."""

    card: int
    carton: tuple[int, int]
    mention: int


REVEAL: Final = Reveal(row=28, first=SECTION_HEAD + 28 / 2, card=22, carton=(26, 20), mention=92)


def panel_height(view: View) -> int:
    """The height the side panel needs: the picture grows rather than clip it."""
    table = view.table
    height = PANEL.players_height(len(table.players), view.over)
    if view.over:
        return height + TREASURE_H + Space.M + REVEAL.height(len(table.reveal))
    height += BASES_H + Space.M + INFO_H + Space.M
    if table.auction is not None:
        height += AUCTION_H + Space.M
    if table.last is not None:
        height += LAST_H + Space.M
    return height


def section(canvas: Image.Image, box: kit.Box, title: str) -> ImageDraw.ImageDraw:
    """A panel with its title in the muted caption colour."""
    layout.card_panel(canvas, box)
    draw = ImageDraw.Draw(canvas)
    kit.draw_text(
        draw,
        (box[0] + PAD, box[1] + TITLE_Y),
        title,
        layout.face(Type.SMALL, True),
        kit.INK_DIM,
        anchor="lm",
        max_width=layout.width(box) - 2 * (PAD),
    )
    return draw


def draw_panel(canvas: Image.Image, view: View, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """Players, then the base cartons, limits and auction; or, at the end, the treasure and the reveal."""
    left, top, right, _bottom = box
    table = view.table
    draw = ImageDraw.Draw(canvas)
    y = top
    players: Sequence[SeatInfo] = table.players
    if view.over:
        face = layout.face(Type.LABEL, True)
        kit.draw_text(
            draw, (left, y + PANEL.ranking // 2 - 3), t(locale, "neuro.render.ranking"), face, kit.GOLD, anchor="lm"
        )
        y += PANEL.ranking
        players = sorted(players, key=lambda p: (p.rank, p.seat))
    may_call = set(table.may_call)
    for player in players:
        frame = PANEL.frame(left, y, right)
        active = player.seat == table.turn and not view.over
        _draw_player(
            canvas,
            frame,
            player,
            seat_name(names, player.seat, locale),
            active,
            view.over,
            player.seat in may_call,
            locale,
        )
        y += PANEL.step
    if view.over:
        y = _draw_treasure(canvas, table, locale, (left, y, right, y + TREASURE_H)) + Space.M
        _draw_reveal(canvas, table, names, locale, (left, y, right))
        return
    y = _draw_bases(canvas, table, locale, (left, y, right, y + BASES_H)) + Space.M
    y = _draw_info(canvas, table, locale, (left, y, right, y + INFO_H)) + Space.M
    if table.auction is not None:
        y = _draw_auction(canvas, table, names, locale, (left, y, right, y + AUCTION_H)) + Space.M
    if table.last is not None:
        _draw_last(canvas, table, table.last, names, locale, (left, y, right, y + LAST_H))


def _draw_player(
    canvas: Image.Image,
    frame: kit.Box,
    player: SeatInfo,
    name: str,
    active: bool,
    ranked: bool,
    may_call: bool,
    locale: str,
) -> None:
    """One player: colour stripe, turn arrow or rank, name, cards and cartons under it, VP on the right."""
    x0, y0, x1, y1 = frame
    colour = kit.seat_colour(player.seat)
    winner = ranked and player.rank == 1
    kit.seat_frame(canvas, frame, colour, lit=active or winner, edge=kit.GOLD if winner else None)
    draw = ImageDraw.Draw(canvas)
    x = x0 + Space.XL
    top_y, low_y = y0 + ROW_NAME_Y, y0 + ROW_DETAIL_Y
    if ranked:
        face = layout.face(Type.BODY, True)
        kit.draw_text(draw, (x, top_y), f"{player.rank}.", face, kit.GOLD if winner else kit.INK, anchor="lm")
        x += RANK_W
    elif active:
        kit.draw_glyph(draw, (x + 7, top_y), "▶", layout.face(Type.SMALL), colour)
        x += ARROW_W
    vp_w = kit.draw_runs(
        draw,
        (x1 - Space.M, (y0 + y1) / 2),
        [
            (str(player.vp), layout.face(Type.HEAD, True), kit.INK),
            (" " + t(locale, "neuro.render.vp"), layout.face(Type.NOTE), kit.INK_DIM),
        ],
        align="right",
    )
    room = x1 - Space.M - vp_w - Space.S - x
    kit.draw_text(draw, (x, top_y), name, layout.face(Type.BODY, True), colour, anchor="lm", max_width=room)
    detail = " · ".join(
        (
            plural(locale, "neuro.render.cards", player.cards),
            plural(locale, "neuro.render.cartons", player.cartons_left),
        )
    )
    width = kit.draw_text(draw, (x, low_y), detail, layout.face(Type.NOTE), kit.INK_DIM, anchor="lm", max_width=room)
    out = player.out
    tag = (
        t(locale, "neuro.render.out", n=out)
        if out is not None
        else t(locale, "neuro.render.may_call")
        if may_call
        else ""
    )
    if tag:
        face = layout.face(Type.NOTE, True)
        if x + width + Space.L + face.getlength(tag) + Space.M <= x1 - Space.M - vp_w:
            fill = kit.GOLD if out is not None else kit.mix(kit.PANEL_SOLID, kit.INK, 0.2)
            ink = kit.INK_DARK if out is not None else kit.INK
            kit.pill(canvas, (x + width + Space.S, low_y), [(tag, face, ink)], fill, height=TAG_H, pad=SMALL_RADIUS)


def _draw_bases(canvas: Image.Image, table: NeurotrioTable, locale: str, box: kit.Box) -> int:
    """The ten base cartons, those already used greyed; returns the bottom."""
    left, top, right, bottom = box
    section(canvas, box, t(locale, "neuro.render.bases"))
    slots = layout.columns(layout.inset((left, top, right, bottom), Space.M, 0), len(BASES), Space.HAIR)
    for n, slot in zip(BASES, slots, strict=True):
        centre = (layout.centre(slot)[0], top + CARTONS_Y)
        fill, ink = (kit.GOLD, kit.INK_DARK) if n in table.bases_left else (USED, USED_INK)
        carton(canvas, centre, str(n), fill, CARTON_H, ink=ink, min_width=layout.width(slot))
    return bottom


def _draw_info(canvas: Image.Image, table: NeurotrioTable, locale: str, box: kit.Box) -> int:
    """The grid limits, the "deux cartes" state and the background letters; returns the bottom."""
    left, top, right, bottom = box
    layout.card_panel(canvas, box)
    draw = ImageDraw.Draw(canvas)
    pad = PAD
    text = t(locale, "neuro.render.limits", rows=table.limit_rows, cols=table.limit_cols)
    width = kit.draw_text(draw, (left + pad, top + LINE_1), text, layout.face(Type.SMALL, True), kit.INK, anchor="lm")
    if table.deux_cartes:
        face = layout.face(Type.NOTE, True)
        label = [(kit.fit_text(t(locale, "neuro.render.deux_cartes"), face, right - left - width - 60), face, kit.INK)]
        kit.pill(canvas, (right - 10, top + LINE_1), label, kit.ALERT, align="right", height=CARTON_H, pad=Space.S)
    else:
        no = t(locale, "neuro.render.no_deux_cartes")
        room = right - left - width - 44
        kit.draw_text(
            draw, (right - pad, top + LINE_1), no, layout.face(Type.NOTE), kit.INK_DIM, anchor="rm", max_width=room
        )
    legend = t(locale, "neuro.render.legend")
    room = right - left - 2 * pad
    kit.draw_text(
        draw, (left + pad, top + LINE_2), legend, layout.face(Type.NOTE), kit.INK_DIM, anchor="lm", max_width=room
    )
    return bottom


def _draw_auction(canvas: Image.Image, table: NeurotrioTable, names: Sequence[str], locale: str, box: kit.Box) -> int:
    """The auction round: who called "neuro" and who bids now; returns the bottom."""
    left, top, right, bottom = box
    auction = table.auction
    layout.card_panel(canvas, box, lit=True)
    if auction is None:
        return bottom
    draw = ImageDraw.Draw(canvas)
    face = layout.face(Type.SMALL)
    done_w = 0.0
    if auction.done:
        text = plural(locale, "neuro.render.bids_done", len(auction.done))
        done_face = layout.face(Type.NOTE)
        done_w = kit.draw_text(draw, (right - PAD, top + LINE_1), text, done_face, kit.INK_DIM, anchor="rm") + Space.S
    lines = (("neuro.render.caller", auction.caller, done_w), ("neuro.render.bidder", auction.bidder, 0.0))
    for (key, seat, beside), y in zip(lines, (top + LINE_1, top + LINE_2), strict=True):
        if seat is not None:
            name = seat_name(names, seat, locale)
            room = right - left - 2 * PAD - beside
            runs = kit.catalog_runs(locale, key, name, face, kit.INK, kit.seat_colour(seat), room)
            kit.draw_runs(draw, (left + PAD, y), runs)
    return bottom


def _draw_last(
    canvas: Image.Image, table: NeurotrioTable, last: LastMove, names: Sequence[str], locale: str, box: kit.Box
) -> int:
    """The last move: who placed which card where and the VP it scored, or who passed; returns the bottom."""
    left, top, right, bottom = box
    layout.card_panel(canvas, box)
    draw = ImageDraw.Draw(canvas)
    cy = (top + bottom) / 2
    x = left + Space.M
    vp_w = 0.0
    if last.vp:
        colour = kit.GOLD if last.vp > 0 else kit.ALERT
        face = layout.face(Type.BODY, True)
        vp_w = kit.draw_text(
            draw, (right - Space.M - Space.HAIR, cy), vp_change(last.vp, locale), face, colour, anchor="rm"
        )
    if last.kind == "place" and last.card is not None and last.r is not None and last.c is not None:
        paste_card(canvas, card_image(last.card, LAST_CARD, locale), (x, cy - LAST_CARD / 2), shadow=False)
        x += LAST_CARD + Space.S
        cell = table.cell_name(last.r, last.c)
        key = "neuro.render.placed"
    else:
        cell = ""
        key = "neuro.render.passed"
    title_face = layout.face(Type.NOTE, True)
    kit.draw_text(draw, (x, top + TITLE_Y - 1), t(locale, "neuro.render.last"), title_face, kit.INK_DIM, anchor="lm")
    name = seat_name(names, last.seat, locale)
    colour = kit.seat_colour(last.seat)
    runs = kit.catalog_runs(
        locale, key, name, layout.face(Type.SMALL), kit.INK, colour, right - x - vp_w - 24, cell=cell
    )
    kit.draw_runs(draw, (x, top + ROW_DETAIL_Y - 1), runs)
    return bottom


def _draw_treasure(canvas: Image.Image, table: NeurotrioTable, locale: str, box: kit.Box) -> int:
    """The treasure and the hidden card, face up; returns the bottom."""
    top, bottom = box[1], box[3]
    layout.card_panel(canvas, box, lit=True)
    draw = ImageDraw.Draw(canvas)
    halves = layout.columns(box, 2)
    shown = (("neuro.render.treasure", table.treasure), ("neuro.render.hidden", table.hidden))
    for k, ((key, code), half) in enumerate(zip(shown, halves, strict=True)):
        cx = layout.centre(half)[0]
        face = layout.face(Type.NOTE, True)
        colour = kit.GOLD if k == 0 else kit.INK_DIM
        kit.draw_centered(
            draw, (cx, top + TITLE_Y - 2), t(locale, key), face, colour, max_width=layout.width(half) - Space.L
        )
        if code:
            xy = (cx - TREASURE_CARD / 2, top + TREASURE_CARD_Y)
            if k == 0:
                card_halo(canvas, xy, TREASURE_CARD, kit.GOLD, Space.S)
            paste_card(canvas, card_image(code, TREASURE_CARD, locale), xy)
    return bottom


def _draw_reveal(
    canvas: Image.Image, table: NeurotrioTable, names: Sequence[str], locale: str, box: tuple[int, int, int]
) -> int:
    """Every bid revealed: bidder, base carton, card and cell, mention and points; returns the bottom."""
    left, top, right = box
    reveal = table.reveal
    height = REVEAL.height(len(reveal))
    draw = section(canvas, (left, top, right, top + height), t(locale, "neuro.render.reveal"))
    face = layout.face(Type.NOTE, True)
    if not reveal:
        no = t(locale, "neuro.render.no_bids")
        y = REVEAL.middle(top, 0)
        kit.draw_text(draw, (left + PAD, y), no, layout.face(Type.NOTE), kit.INK_DIM, anchor="lm")
    for k, item in enumerate(reveal):
        y = REVEAL.middle(top, k)
        colour = kit.seat_colour(item.seat)
        points = item.points
        text = f"+{points}" if points > 0 else str(points)
        ink = kit.GOLD if points > 0 else kit.ALERT if points < 0 else kit.INK_DIM
        pw = kit.draw_text(draw, (right - Space.M, y), text, layout.face(Type.SMALL, True), ink, anchor="rm")
        mx = right - Space.M - max(pw, 34) - 10
        mention = mention_label(item.carton, locale)
        mw = kit.draw_text(
            draw, (mx, y), mention, layout.face(Type.NOTE), kit.INK, anchor="rm", max_width=REVEAL.mention
        )
        cx = mx - max(mw, 20) - 10
        cw = kit.draw_text(draw, (cx, y), table.cell_name(item.r, item.c), face, kit.INK_DIM, anchor="rm")
        kx = cx - cw - SMALL_RADIUS - REVEAL.card
        paste_card(canvas, card_image(item.card, REVEAL.card, locale), (kx, y - REVEAL.card / 2), shadow=False)
        bx = kx - Space.S - REVEAL.carton[0] / 2 - 1
        carton(canvas, (bx, y), str(item.base), colour, REVEAL.carton[1], min_width=REVEAL.carton[0])
        name = seat_name(names, item.seat, locale)
        room = bx - Space.L - left - Space.M
        kit.draw_text(draw, (left + Space.M, y), name, face, colour, anchor="lm", max_width=room)
    return top + height
