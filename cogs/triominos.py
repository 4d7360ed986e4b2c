"""Triominos on Discord: the private panel where a placement is chosen (``/triominos new`` is made from the
engine's options, in ``cogs.game_commands``).

On the seat's turn the panel's picture is the board with every spot where a tile fits lettered, over the whole
hand: each tile with the letters of its spots, or greyed when it fits nowhere. A space keeps its letter for the
whole turn. With up to 25 placements, one list names them best score first (the spot's letter, the tile, its
rotation and its points): one click. With more, a tile is picked first (each named with its spots' letters), then
its spot ("All moves" still lists every placement by score, paged by 25). Draw and Pass are buttons. Out of its
turn, the panel shows the hand with each tile's value; how many tiles and their total are the panel's text.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from collections.abc import Sequence

import discord
from discord.ext import commands

from bot.games.triominos_views import Placement
from bot.games.triominos_views import TriominosSeatView
from bot.i18n import plural
from bot.i18n import t
from bot.service.tables import Snapshot
from bot.texts.triominos import bonus_name
from bot.texts.triominos import ranked
from bot.texts.triominos import space_letters
from bot.texts.triominos import tile_letters
from cogs.components import ActButton
from cogs.components import ActSelect
from cogs.components import FocusButton
from cogs.components import FocusSelect
from cogs.components import focused_choice
from cogs.game_commands import command_group
from cogs.ui import FocusPanel
from cogs.ui import GameUI
from renders.triominos import render_hand
from renders.triominos import render_turn

PAGE = 25
ALL = "*"


def _side_buttons(snapshot: Snapshot, seat: int, lang: str, view: discord.ui.View, row: int) -> None:
    """Draw (-5) and Pass, when they are legal."""
    for action in snapshot.legal.get(seat, []):
        if action.kind in ("draw", "pass"):
            style = discord.ButtonStyle.danger if action.kind == "draw" else discord.ButtonStyle.secondary
            button = ActButton(snapshot.game.id, snapshot.n, action, t(lang, f"tri.action.{action.kind}"), style)
            button.item.row = row
            view.add_item(button)


def _turn_passed(snapshot: Snapshot, seat: int) -> bool:
    """Whether this seat's latest move was the automatic pass after three draws."""
    for event in reversed(snapshot.recent):
        if event.seat == seat:
            return event.kind == "turn_passed"
    return False


def _spot_options(
    chunk: Sequence[Placement], letters: Mapping[tuple[int, int], str], lang: str
) -> list[discord.SelectOption]:
    """One option per placement: its spot's letter (as the picture letters it), the tile, its rotation and its
    points (and bonus)."""
    options = []
    for placement in chunk:
        named = bonus_name(placement.bonus, lang)
        key = "tri.panel.spot_option_bonus" if named else "tri.panel.spot_option"
        label = t(
            lang,
            key,
            letter=letters[(placement.r, placement.c)],
            tile=placement.tile,
            turn=placement.rot * 120,
            points=plural(lang, "tri.pts", placement.points),
            bonus=named or "",
        )
        options.append(discord.SelectOption(label=label[:100], value=placement.action.dumps()))
    return options


def _hand_line(view: TriominosSeatView, lang: str) -> str:
    """How many tiles the seat holds and their total value (the picture shows the tiles)."""
    return plural(lang, "tri.panel.hand", len(view.own.hand), total=view.own.total)


def _turn_picture(
    snapshot: Snapshot, view: TriominosSeatView, lang: str, spots: Sequence[Placement], focus: str | None = None
) -> Callable[[], bytes]:
    names = [s.name for s in snapshot.game.seats]
    return lambda: render_turn(view, names, lang, spots, focus)


def _one_list_panel(snapshot: Snapshot, seat: int, lang: str) -> FocusPanel:
    """Every placement in one list, best first, the spots lettered on the table: one click lays a tile."""
    game = snapshot.game
    seat_view: TriominosSeatView = snapshot.views[seat]
    spots = ranked(seat_view.own.placements)
    letters = space_letters(spots)
    view = discord.ui.View(timeout=None)
    select = ActSelect(game.id, snapshot.n, 0, _spot_options(spots, letters, lang), t(lang, "tri.panel.choose_spot"))
    select.item.row = 0
    view.add_item(select)
    _side_buttons(snapshot, seat, lang, view, 1)
    lines = [_hand_line(seat_view, lang), t(lang, "tri.panel.spots_all")]
    return FocusPanel(lines, _turn_picture(snapshot, seat_view, lang, spots), view)


def _tile_panel(snapshot: Snapshot, seat: int, lang: str) -> FocusPanel:
    """The hand and the tiles that fit, each with the letters of its spots and its best score."""
    game = snapshot.game
    seat_view: TriominosSeatView = snapshot.views[seat]
    spots = ranked(seat_view.own.placements)
    best: dict[str, int] = {}
    for placement in spots:
        best.setdefault(placement.tile, placement.points)
    letters = tile_letters(spots)
    view = discord.ui.View(timeout=None)
    options = []
    for tile in seat_view.own.codes:
        if tile in best:
            spots_named = " ".join(letters[tile])
            best_points = plural(lang, "tri.pts", best[tile])
            label = t(lang, "tri.panel.tile_option", tile=tile, letters=spots_named, best=best_points)
            options.append(discord.SelectOption(label=label[:100], value=tile))
    lines = [_hand_line(seat_view, lang), t(lang, "tri.panel.pick") if options else t(lang, "tri.panel.no_place")]
    if options:
        select = FocusSelect(game.id, snapshot.stage, options[:PAGE], t(lang, "tri.panel.choose_tile"))
        select.item.row = 0
        view.add_item(select)
        everything = FocusButton(game.id, snapshot.stage, ALL, 0, t(lang, "tri.panel.all_moves"))
        everything.item.row = 1
        view.add_item(everything)
    _side_buttons(snapshot, seat, lang, view, 1)
    return FocusPanel(lines, _turn_picture(snapshot, seat_view, lang, spots), view)


def _focus_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel | None:
    if snapshot.over:
        return None
    seat_view: TriominosSeatView = snapshot.views[seat]
    if seat not in snapshot.to_act:
        lines = [_hand_line(seat_view, lang)]
        if _turn_passed(snapshot, seat):
            lines.append(t(lang, "tri.panel.passed"))
        return FocusPanel(lines, lambda: render_hand(seat_view, lang, mark=False), None)
    if focus is None and 0 < len(seat_view.own.placements) <= PAGE:
        return _one_list_panel(snapshot, seat, lang)
    if focus is None:
        return _tile_panel(snapshot, seat, lang)
    every = ranked(seat_view.own.placements)
    letters = space_letters(every)
    spots = [p for p in every if focus == ALL or p.tile == focus]
    pages = max(1, (len(spots) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    start = page * PAGE
    chunk = spots[start : start + PAGE]
    options = _spot_options(chunk, letters, lang)
    placeholder, back = t(lang, "tri.panel.choose_spot"), t(lang, "tri.panel.back")
    view = focused_choice(snapshot, focus, page, pages, options, placeholder, back, lang)
    _side_buttons(snapshot, seat, lang, view, 2)
    lines = [_hand_line(seat_view, lang), t(lang, "tri.panel.spots", page=page + 1, pages=pages)]
    tile = focus if focus != ALL else None
    return FocusPanel(lines, _turn_picture(snapshot, seat_view, lang, chunk, tile), view)


def _panel_key(view: TriominosSeatView) -> Hashable:
    """A private panel changes with the hand and the moves, not with every tile laid around the table."""
    return (view.own.codes, tuple(a.dumps() for a in view.legal))


UI = GameUI(kind="triominos", panel_key=_panel_key, focus_panel=_focus_panel)


class TriominosCog(commands.Cog):
    triominos = command_group("triominos")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TriominosCog(bot))
