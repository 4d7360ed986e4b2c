"""The panels under the Neurotrio grid: the ten base cartons (each one spent showing its bidder's colour and the cell
it lies on, and at the end the points it scored), the players in two columns (VP, cards and cartons left), and a
state line (the limits and "deux cartes"; the auction's caller; at the end the treasure and the hidden card).

Everything a player needs to decide is drawn at least ``Type.BODY`` (20 px) on a picture ``WIDTH`` (680 px) wide, so
it still shows 10 px tall on a phone; the few captions are secondary and at least ``Type.NOTE``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from PIL import Image
from PIL import ImageDraw

from bot.games.neurotrio import BASES
from bot.games.neurotrio_views import NeurotrioTable
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import SeatInfo
from bot.i18n import plural
from bot.i18n import t
from renders import kit
from renders import layout
from renders import measure
from renders.layout import Space
from renders.layout import Type
from renders.neurotrio.cards import USED
from renders.neurotrio.cards import USED_INK
from renders.neurotrio.cards import card_halo
from renders.neurotrio.cards import card_image
from renders.neurotrio.cards import carton
from renders.neurotrio.cards import paste_card
from renders.neurotrio.cards import seat_name
from renders.neurotrio.cards import signed
from renders.neurotrio.flat import colour_at
from renders.neurotrio.flat import line
from renders.neurotrio.flat import text
from renders.neurotrio.parts import frame_ground
from renders.neurotrio.parts import panel_ground
from renders.regions import Regions
from renders.regions import local

WIDTH: Final = 680
"""Every Neurotrio picture's width: shown 340 px wide on a phone, a 20 px text still reads 10 px."""
EDGE: Final = Space.L
"""Between the picture's edge and its panels."""
PAD: Final = Space.M
"""Between a panel's edge and its text."""
BASES_H: Final = 96
PLAYER_H: Final = 64
STATUS_H: Final = 60
CARTON_H: Final = 30
NAME_Y: Final = 21
DETAIL_Y: Final = 45
"""The middles of a player's name line and detail line, from the top of its box."""
STRIPE: Final = 24
"""From a player's box's left edge to its text, past the colour stripe."""
STATUS_CARD: Final = 48
RANK_W: Final = 30

View = NeurotrioTableView


@dataclass(frozen=True)
class Panels:
    """The heights of the panels under the grid for a table of ``players``."""

    players: int

    @property
    def player_rows(self) -> int:
        return math.ceil(self.players / 2)

    @property
    def players_h(self) -> int:
        return self.player_rows * (PLAYER_H + Space.S) - Space.S

    @property
    def height(self) -> int:
        return Space.S + BASES_H + Space.S + self.players_h + Space.S + STATUS_H


PARTS: Final = Regions(maxsize=96)
"""The panels as last drawn: a move redraws only the player who moved, the bases or the state line it changed."""


def draw_panels(canvas: Image.Image, view: View, names: Sequence[str], locale: str, top: int) -> None:
    """The base cartons, the players and the state line, from ``top`` down (each panel pasted whole when it shows
    what it showed on an earlier picture)."""
    table = view.table
    left, right = EDGE, WIDTH - EDGE
    y = top + Space.S
    bases = (left, y, right, y + BASES_H)
    ground = panel_ground(_size(bases))
    draw = partial(_draw_bases, table=table, over=view.over, locale=locale, box=local(bases))
    PARTS.put(canvas, bases, _bases_key(table, view.over, locale), draw, ground)
    y += BASES_H + Space.S
    players: Sequence[SeatInfo] = table.players
    if view.over:
        players = sorted(players, key=lambda p: (p.rank, p.seat))
    columns = layout.columns((left, y, right, y), 2, Space.S)
    for k, player in enumerate(players):
        row, col = divmod(k, 2)
        x0, _, x1, _ = columns[col]
        y0 = y + row * (PLAYER_H + Space.S)
        frame = (x0, y0, x1, y0 + PLAYER_H)
        _paste_player(canvas, frame, player, seat_name(names, player.seat, locale), view, locale)
    y += Panels(len(players)).players_h + Space.S
    box = (left, y, right, y + STATUS_H)
    key: tuple[object, ...]
    if view.over:
        key = ("treasure", table.treasure, table.hidden, locale)
        draw = partial(_draw_treasure, table=table, locale=locale, box=local(box))
        PARTS.put(canvas, box, key, draw, panel_ground(_size(box), lit=True))
    else:
        caller = seat_name(names, table.auction.caller, locale) if table.auction is not None else ""
        key = ("status", table.auction, caller, table.deux_cartes, table.limit_rows, table.limit_cols, locale)
        draw = partial(_draw_status, table=table, names=names, locale=locale, box=local(box))
        PARTS.put(canvas, box, key, draw, panel_ground(_size(box), lit=table.auction is not None))


def _size(box: kit.Box) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


def _paste_player(canvas: Image.Image, frame: kit.Box, player: SeatInfo, name: str, view: View, locale: str) -> None:
    """One player's panel, drawn on its seat frame (tinted and outlined when it is the player's turn or when the
    player won)."""
    active = player.seat == view.table.turn and not view.over
    winner = view.over and player.rank == 1
    colour = kit.seat_colour(player.seat)
    lit = active or winner
    ground = frame_ground(_size(frame), colour, lit=lit, edge=kit.GOLD if winner else None)
    draw = partial(_draw_player, frame=local(frame), player=player, name=name, ranked=view.over, locale=locale)
    PARTS.put(canvas, frame, ("player", player, name, active, view.over, locale), draw, ground)


def _bases_key(table: NeurotrioTable, over: bool, locale: str) -> tuple[object, ...]:
    """Everything the bases panel shows: who took which base on which cell, the bases left, the points scored."""
    bids = tuple((bid.base, bid.seat, table.cell_name(bid.r, bid.c)) for bid in table.bids)
    points = tuple((bid.base, bid.points) for bid in table.reveal)
    return ("bases", over, locale, bids, table.bases_left, points)


def _draw_player(canvas: Image.Image, frame: kit.Box, player: SeatInfo, name: str, ranked: bool, locale: str) -> None:
    """One player on its seat frame: rank at the end, name, VP on the right; cards (or place out) and cartons
    under (all but the name copied from pieces drawn once on the frame's colour)."""
    x0, y0, x1, _y1 = frame
    colour = kit.seat_colour(player.seat)
    winner = ranked and player.rank == 1
    ground = colour_at(canvas, (x1 - PAD - 1, y0 + NAME_Y))
    x = x0 + STRIPE
    body, bold = layout.face(Type.BODY), layout.face(Type.BODY, True)
    if ranked:
        rank = [(f"{player.rank}.", bold, kit.GOLD if winner else kit.INK)]
        line(canvas, (x, y0 + NAME_Y), ("rank", player.rank, winner), ground, rank)
        x += RANK_W
    vp_runs: list[kit.Run] = [
        (str(player.vp), layout.face(Type.HEAD, True), kit.INK),
        (" " + t(locale, "neuro.render.vp"), body, kit.INK_DIM),
    ]
    vp_w = kit.runs_width(vp_runs)
    line(canvas, (x1 - PAD, y0 + NAME_Y), ("vp", player.vp, locale), ground, vp_runs, align="right")
    draw = ImageDraw.Draw(canvas)
    kit.draw_text(draw, (x, y0 + NAME_Y), name, bold, colour, anchor="lm", max_width=x1 - PAD - vp_w - Space.S - x)
    cartons = plural(locale, "neuro.render.cartons", player.cartons_left)
    if player.out is not None:
        runs = [(t(locale, "neuro.render.out", n=player.out), bold, kit.GOLD), (" · " + cartons, body, kit.INK_DIM)]
    else:
        runs = [(plural(locale, "neuro.render.cards", player.cards) + " · " + cartons, body, kit.INK_DIM)]
    key = ("detail", player.out, player.cards, player.cartons_left, locale)
    line(canvas, (x0 + STRIPE, y0 + DETAIL_Y), key, ground, runs)


def _draw_bases(canvas: Image.Image, table: NeurotrioTable, over: bool, locale: str, box: kit.Box) -> None:
    """The ten base cartons: left ones in gold; a spent one in its bidder's colour with its cell under it, and at
    the end the points it scored (on the panel's ground)."""
    left, top, right, _bottom = box
    ground = colour_at(canvas, layout.centre(box))
    if over:
        carton_y, cell_y = top + 24, top + 53
    else:
        carton_y, cell_y = top + 44, top + 76
        with measure.secondary():
            note = layout.face(Type.NOTE)
            title = t(locale, "neuro.render.bases")
            x = (
                left
                + PAD
                + text(canvas, (left + PAD, top + 14), "caption", ground, title, note, kit.INK_DIM, anchor="lm")
            )
            legend = t(locale, "neuro.render.legend")
            if kit.text_width(legend, note) <= right - PAD - x - Space.XL:
                text(canvas, (right - PAD, top + 14), "caption", ground, legend, note, kit.INK_DIM, anchor="rm")
    bids = {bid.base: bid for bid in table.bids}
    points = {bid.base: bid.points for bid in table.reveal}
    slots = layout.columns(layout.inset(box, Space.S, 0), len(BASES), Space.XS)
    bold = layout.face(Type.BODY, True)
    for n, slot in zip(BASES, slots, strict=True):
        cx = layout.centre(slot)[0]
        bid = bids.get(n)
        if bid is not None:
            fill, ink = kit.seat_colour(bid.seat), kit.INK_DARK
        elif n in table.bases_left:
            fill, ink = kit.GOLD, kit.INK_DARK
        else:
            fill, ink = USED, USED_INK
        carton(canvas, (cx, carton_y), str(n), fill, CARTON_H, ink=ink, min_width=44, size=Type.BODY, ground=ground)
        if bid is None:
            continue
        name = table.cell_name(bid.r, bid.c)
        text(canvas, (cx, cell_y), "cell", ground, name, bold, kit.INK, anchor="mm", max_width=layout.width(slot))
        if n in points:
            score = points[n]
            colour = kit.GOLD if score > 0 else kit.ALERT if score < 0 else kit.INK_DIM
            text(canvas, (cx, top + 80), "score", ground, signed(score), bold, colour, anchor="mm")


def _draw_status(canvas: Image.Image, table: NeurotrioTable, names: Sequence[str], locale: str, box: kit.Box) -> None:
    """While building: the limits and "deux cartes"; in an auction: who called it and how
    many have bid (on the panel's ground, lit during an auction)."""
    left, top, right, bottom = box
    auction = table.auction
    draw = ImageDraw.Draw(canvas)
    cy = (top + bottom) / 2
    body = layout.face(Type.BODY)
    end: float = right - PAD
    if table.deux_cartes:
        label: list[kit.Run] = [(t(locale, "neuro.render.deux_cartes"), layout.face(Type.BODY, True), kit.INK)]
        end = kit.pill(canvas, (end, cy), label, kit.ALERT, align="right", height=36, pad=Space.M)[0] - Space.L
    if auction is not None:
        if auction.done:
            done = plural(locale, "neuro.render.bids_done", len(auction.done))
            end -= kit.draw_text(draw, (end, cy), done, body, kit.INK_DIM, anchor="rm") + Space.L
        name = seat_name(names, auction.caller, locale)
        runs = kit.catalog_runs(
            locale, "neuro.render.caller", name, body, kit.INK, kit.seat_colour(auction.caller), end - left - PAD
        )
        kit.draw_runs(draw, (left + PAD, cy), runs)
        return
    limits = t(locale, "neuro.render.limits", rows=table.limit_rows, cols=table.limit_cols)
    bold = layout.face(Type.BODY, True)
    ground = colour_at(canvas, (left + PAD, cy))
    text(canvas, (left + PAD, cy), "limits", ground, limits, bold, kit.INK, anchor="lm", max_width=end - left - PAD)


def _draw_treasure(canvas: Image.Image, table: NeurotrioTable, locale: str, box: kit.Box) -> None:
    """The treasure and the hidden card, face up, side by side (on the lit panel's ground)."""
    top, bottom = box[1], box[3]
    draw = ImageDraw.Draw(canvas)
    cy = (top + bottom) / 2
    halves = layout.columns(layout.inset(box, PAD, 0), 2, Space.L)
    shown = (("neuro.render.treasure", table.treasure, kit.GOLD), ("neuro.render.hidden", table.hidden, kit.INK_DIM))
    for (key, code, colour), half in zip(shown, halves, strict=True):
        room = layout.width(half) - STATUS_CARD - Space.M
        width = kit.draw_text(
            draw, (half[0], cy), t(locale, key), layout.face(Type.BODY, True), colour, anchor="lm", max_width=room
        )
        if code:
            xy = (half[0] + width + Space.M, cy - STATUS_CARD / 2)
            if colour == kit.GOLD:
                card_halo(canvas, xy, STATUS_CARD, kit.GOLD, Space.XS)
            paste_card(canvas, card_image(code, STATUS_CARD, locale), xy, shadow=False)
