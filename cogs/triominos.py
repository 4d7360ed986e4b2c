"""Triominos on Discord: ``/triominos new`` and the private panel where a tile is picked, then its spot.

The panel first shows the numbered hand and a list of the tiles that fit; choosing one redraws the
table with every legal spot of that tile marked by a letter and its score. "All moves" lists every
placement sorted by score. Long lists are paged by 25.
"""

from __future__ import annotations

import string
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.games import triominos as engine
from bot.games.base import Action, JSONValue
from bot.i18n import t
from bot.tables import Snapshot
from bot.texts.triominos import bonus_name
from cogs.components import ActButton, ActSelect, FocusButton, FocusSelect
from cogs.tables import open_lobby
from cogs.ui import FocusPanel, GameUI, register
from renders import triominos as pictures

PAGE = 25
ALL = "*"
TIMEOUT_KEY = "cmd.new.timeout"


def letters(n: int) -> str:
    """A, B, ... Z, AA, AB, ...: the names of the spots on the picture."""
    out = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = string.ascii_uppercase[rest] + out
    return out


def scored(public: dict[str, JSONValue], actions: list[Action]) -> list[tuple[Action, int, str | None]]:
    """Every placement with its points and bonus, best first (ties in a stable order)."""
    board: Any = public.get("board") or []
    layout = engine.Layout.from_board(board)
    kids = bool(public.get("kids_scoring"))
    out = []
    for action in actions:
        points, bonus = engine.score_placement(layout, action)
        if kids:
            points = 1 + (engine.KIDS_BONUS[bonus] if bonus else 0)
        out.append((action, points, bonus))
    out.sort(key=lambda item: (-item[1], str(item[0]["tile"]), int(item[0]["r"]), int(item[0]["c"])))
    return out


def corners_of(action: Action) -> list[int]:
    nums = [int(x) for x in str(action["tile"]).split("-")]
    rot = int(action["rot"])
    return [nums[(i + rot) % 3] for i in range(3)]


def _hand(view: dict[str, JSONValue], legal: list[Action], locale: str) -> bytes:
    playable = sorted({str(a["tile"]) for a in legal if a.kind == "place"})
    return pictures.render_hand(view, locale, playable if legal else None)


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


def _focus_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel | None:
    if snapshot.over:
        return None
    if seat not in snapshot.to_act:
        if not _turn_passed(snapshot, seat):
            return None
        seat_view = snapshot.views[seat]
        return FocusPanel([t(lang, "tri.panel.passed")], lambda: pictures.render_hand(seat_view, lang, None), None)
    game = snapshot.game
    legal = snapshot.legal.get(seat, [])
    places = [a for a in legal if a.kind == "place"]
    seat_view = snapshot.views[seat]
    names = [s.name for s in game.seats]
    view = discord.ui.View(timeout=None)
    if focus is None:
        hand = [str(x) for x in seat_view.get("hand") or []]  # type: ignore[union-attr]
        by_tile: dict[str, list[tuple[Action, int, str | None]]] = {}
        for item in scored(snapshot.public, places):
            by_tile.setdefault(str(item[0]["tile"]), []).append(item)
        options = []
        for number, tile in enumerate(hand, start=1):
            if tile in by_tile:
                best = by_tile[tile][0][1]
                label = t(lang, "tri.panel.tile_option", n=number, tile=tile, count=len(by_tile[tile]), best=best)
                options.append(discord.SelectOption(label=label[:100], value=tile))
        lines = [t(lang, "tri.panel.pick") if options else t(lang, "tri.panel.no_place")]
        if options:
            select = FocusSelect(game.id, snapshot.stage, options[:PAGE], t(lang, "tri.panel.choose_tile"))
            select.item.row = 0
            view.add_item(select)
            everything = FocusButton(game.id, snapshot.stage, ALL, 0, t(lang, "tri.panel.all_moves"))
            everything.item.row = 1
            view.add_item(everything)
        _side_buttons(snapshot, seat, lang, view, 1)
        playable = sorted(by_tile)
        return FocusPanel(lines, lambda: pictures.render_hand(seat_view, lang, playable), view)

    chosen = [a for a in places if focus == ALL or a["tile"] == focus]
    ranked = scored(snapshot.public, chosen)
    pages = max(1, (len(ranked) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    start = page * PAGE
    chunk = ranked[start : start + PAGE]
    spots = []
    options = []
    for i, (action, points, bonus) in enumerate(chunk):
        letter = letters(start + i)
        spots.append(
            {
                "letter": letter,
                "r": int(action["r"]),
                "c": int(action["c"]),
                "corners": corners_of(action),
                "points": points,
                "bonus": bonus,
            }
        )
        named = bonus_name(bonus, lang)
        key = "tri.panel.spot_option_bonus" if named else "tri.panel.spot_option"
        label = t(lang, key, letter=letter, tile=action["tile"], points=points, bonus=named or "")
        options.append(discord.SelectOption(label=label[:100], value=action.dumps()))
    if options:
        select = ActSelect(game.id, snapshot.n, page, options, t(lang, "tri.panel.choose_spot"))
        select.item.row = 0
        view.add_item(select)
    back = FocusButton(game.id, snapshot.stage, "", 0, t(lang, "tri.panel.back"))
    back.item.row = 1
    view.add_item(back)
    if pages > 1:
        prev = FocusButton(game.id, snapshot.stage, focus, max(page - 1, 0), t(lang, "panel.prev"), page == 0)
        nxt = FocusButton(
            game.id, snapshot.stage, focus, min(page + 1, pages - 1), t(lang, "panel.next"), page >= pages - 1
        )
        prev.item.row = nxt.item.row = 1
        view.add_item(prev)
        view.add_item(nxt)
    _side_buttons(snapshot, seat, lang, view, 2)
    lines = [t(lang, "tri.panel.spots", page=page + 1, pages=pages)]
    tile = focus if focus != ALL else ""
    public = snapshot.public
    return FocusPanel(lines, lambda: pictures.render_placements(public, names, lang, tile, spots), view)


UI = register(
    GameUI(
        kind="triominos",
        title_key="game.triominos",
        table_picture=pictures.render_table,
        hand_picture=_hand,
        focus_panel=_focus_panel,
    )
)


class TriominosCog(commands.Cog):
    triominos = app_commands.Group(
        name=_("triominos", key="cmd.triominos.name"),
        description=_("Triominos: lay triangular tiles, make bridges and hexagons", key="cmd.triominos.description"),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @triominos.command(
        name=_("new", key="cmd.new.name"),
        description=_("Open a Triominos table in this channel (2 to 6 players)", key="cmd.triominos.new.description"),
    )
    @app_commands.describe(
        target=_("Target score (50-2000, default 400)", key="cmd.triominos.new.target"),
        rounds=_("Number of rounds (0: until the target)", key="cmd.triominos.new.rounds"),
        classic_start=_("Classic start: the highest triple starts (+10)", key="cmd.triominos.new.classic_start"),
        kids_scoring=_("Kids scoring: 1 point per tile, no negative points", key="cmd.triominos.new.kids_scoring"),
        reminder=_("Minutes before a reminder (0: never, default 2)", key="cmd.new.reminder"),
        timeout=_("Minutes before the computer plays for an absent player (0: never, default 10)", key=TIMEOUT_KEY),
    )
    @app_commands.rename(
        target=_("target", key="cmd.triominos.new.target.name"),
        rounds=_("rounds", key="cmd.triominos.new.rounds.name"),
        classic_start=_("classic_start", key="cmd.triominos.new.classic_start.name"),
        kids_scoring=_("kids_scoring", key="cmd.triominos.new.kids_scoring.name"),
        reminder=_("reminder", key="cmd.new.reminder.name"),
        timeout=_("timeout", key="cmd.new.timeout.name"),
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        target: app_commands.Range[int, 50, 2000] = 400,
        rounds: app_commands.Range[int, 0, 20] = 0,
        classic_start: bool = False,
        kids_scoring: bool = False,
        reminder: app_commands.Range[int, 0, 1440] = 2,
        timeout: app_commands.Range[int, 0, 1440] = 10,
    ) -> None:
        options: dict[str, JSONValue] = {
            "target": target,
            "rounds": rounds,
            "classic_start": classic_start,
            "kids_scoring": kids_scoring,
        }
        await open_lobby(interaction, "triominos", options, reminder, timeout)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TriominosCog(bot))
