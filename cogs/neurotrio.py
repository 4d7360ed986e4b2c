"""Neurotrio on Discord: ``/neurotrio new``, the public "Neuro !" button and the private dialogues.

Building: pick a card, then one of its legal cells (named like the picture, C4, with the VP it
scores). Auction: the bidder picks a base carton, a domain card and a personal carton (hidden),
then confirms; "No bid" for everyone but the caller.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.games.base import Action, JSONValue
from bot.i18n import t
from bot.tables import Snapshot
from bot.texts.neurotrio import card_name, cell_name
from cogs.components import ActButton, ActSelect, FocusButton, FocusSelect
from cogs.tables import open_lobby
from cogs.ui import FocusPanel, GameUI, register
from renders import neurotrio as pictures

PAGE = 25
VP_FOR = {2: 1, 3: 5, 4: 20}
TIMEOUT_KEY = "cmd.new.timeout"


def compatible(a: str, b: str) -> bool:
    """Two cards are compatible when they share at least two of their three attributes."""
    return sum(x == y for x, y in zip(a, b, strict=True)) >= 2


def placement_vp(view: dict[str, Any], card: str, r: int, c: int) -> int:
    """The VP a legal placement scores, from the public grid: +1/+5/+20 for 2/3/4 compatible neighbours."""
    grid = {(int(cell["r"]), int(cell["c"])): str(cell["card"]) for cell in view.get("grid") or []}
    neighbours = [grid[p] for p in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if p in grid]
    if len(neighbours) < 2:
        return 0
    return VP_FOR.get(sum(compatible(card, n) for n in neighbours), 0)


def _hand(view: dict[str, JSONValue], legal: list[Action], locale: str) -> bytes:
    playable = sorted({str(a["card"]) for a in legal if a.kind == "place"})
    return pictures.render_hand(view, locale, playable if legal else None)


def _table_actions(snapshot: Snapshot) -> list[list[Action]]:
    """The public "Neuro !" button while a call is open."""
    public: Any = snapshot.public
    if public.get("phase") == "build" and public.get("interrupters"):
        return [[Action.of("neuro")]]
    return []


def _parse_bid(focus: str) -> tuple[int | None, tuple[int, int] | None, str | None]:
    """``bid:<base>:<r>,<c>:<carton>`` with empty parts for what is not chosen yet."""
    parts = [*focus.split(":"), "", "", "", ""][1:4]
    base = int(parts[0]) if parts[0] else None
    cell = None
    if parts[1]:
        r, c = parts[1].split(",")
        cell = (int(r), int(c))
    return base, cell, parts[2] or None


def _bid_focus(base: int | None, cell: tuple[int, int] | None, carton: str | None) -> str:
    where = f"{cell[0]},{cell[1]}" if cell else ""
    return f"bid:{base or ''}:{where}:{carton or ''}"


def _bid_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel:
    game = snapshot.game
    view: Any = snapshot.views[seat]
    legal = snapshot.legal.get(seat, [])
    base, cell, carton = _parse_bid(focus or "bid:::")
    controls = discord.ui.View(timeout=None)
    bases = [
        discord.SelectOption(
            label=t(lang, "neuro.panel.base_option", base=b), value=_bid_focus(b, cell, carton), default=b == base
        )
        for b in view.get("bases_left") or []
    ]
    grid = sorted(view.get("grid") or [], key=lambda g: (int(g["r"]), int(g["c"])))
    pages = max(1, (len(grid) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    targets = [
        discord.SelectOption(
            label=t(
                lang,
                "neuro.panel.target_option",
                cell=cell_name(view, int(g["r"]), int(g["c"])),
                card=card_name(str(g["card"]), lang),
            )[:100],
            value=_bid_focus(base, (int(g["r"]), int(g["c"])), carton),
            default=cell == (int(g["r"]), int(g["c"])),
        )
        for g in grid[page * PAGE : (page + 1) * PAGE]
    ]
    cartons = [
        discord.SelectOption(label=t(lang, f"neuro.carton.{k}"), value=_bid_focus(base, cell, k), default=k == carton)
        for k in view.get("cartons") or []
    ]
    for row, (options, placeholder) in enumerate(
        (
            (bases, t(lang, "neuro.panel.choose_base")),
            (targets, t(lang, "neuro.panel.choose_target", page=page + 1, pages=pages)),
            (cartons, t(lang, "neuro.panel.choose_carton")),
        )
    ):
        if options:
            select = FocusSelect(game.id, snapshot.stage, options, placeholder, slot=row)
            select.item.row = row
            controls.add_item(select)
    lines = [t(lang, "neuro.panel.bid_intro")]
    if base and cell and carton:
        bid = Action.of("bid", base=base, r=cell[0], c=cell[1], carton=carton)
        confirm = ActButton(game.id, snapshot.n, bid, t(lang, "neuro.action.bid"), discord.ButtonStyle.success)
        confirm.item.row = 3
        controls.add_item(confirm)
        lines.append(
            t(
                lang,
                "neuro.panel.chosen",
                base=base,
                cell=cell_name(view, *cell),
                carton=t(lang, f"neuro.carton.{carton}"),
            )
        )
    if pages > 1:
        here = focus or "bid:::"
        for label, target, off in (("panel.prev", page - 1, page == 0), ("panel.next", page + 1, page >= pages - 1)):
            button = FocusButton(game.id, snapshot.stage, here, max(0, min(target, pages - 1)), t(lang, label), off)
            button.item.row = 3
            controls.add_item(button)
    for action in legal:
        if action.kind == "nobid":
            skip = ActButton(game.id, snapshot.n, action, t(lang, "neuro.action.nobid"), discord.ButtonStyle.secondary)
            skip.item.row = 4
            controls.add_item(skip)
    if not any(a.kind == "nobid" for a in legal):
        lines.append(t(lang, "neuro.panel.caller_must_bid"))
    return FocusPanel(lines, lambda: pictures.render_hand(view, lang, None), controls)


def _focus_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel | None:
    if snapshot.over or seat not in snapshot.to_act:
        return None
    public: Any = snapshot.public
    if public.get("phase") == "auction":
        return _bid_panel(snapshot, seat, lang, focus if focus and focus.startswith("bid:") else None, page)
    game = snapshot.game
    view: Any = snapshot.views[seat]
    legal = snapshot.legal.get(seat, [])
    places = [a for a in legal if a.kind == "place"]
    controls = discord.ui.View(timeout=None)
    names = [s.name for s in game.seats]
    pass_action = next((a for a in legal if a.kind == "pass"), None)
    if focus is None:
        by_card: dict[str, list[int]] = {}
        for a in places:
            by_card.setdefault(str(a["card"]), []).append(placement_vp(view, str(a["card"]), int(a["r"]), int(a["c"])))
        options = [
            discord.SelectOption(
                label=t(lang, "neuro.panel.card_option", card=card_name(card, lang), count=len(vps), best=max(vps))[
                    :100
                ],
                value=card,
            )
            for card, vps in sorted(by_card.items())
        ][:PAGE]
        lines = [t(lang, "neuro.panel.pick") if options else t(lang, "neuro.panel.no_place")]
        if options:
            select = FocusSelect(game.id, snapshot.stage, options, t(lang, "neuro.panel.choose_card"))
            select.item.row = 0
            controls.add_item(select)
        label = t(lang, "neuro.action.pass" if view.get("hand") else "neuro.action.pass_free")
        if pass_action is not None:
            controls.add_item(ActButton(game.id, snapshot.n, pass_action, label, discord.ButtonStyle.danger))
        else:
            # Shown but disabled: "deux cartes" forbids passing while a card can be laid.
            disabled = ActButton(game.id, snapshot.n, Action.of("pass"), label, discord.ButtonStyle.danger)
            disabled.item.disabled = True
            controls.add_item(disabled)
            lines.append(t(lang, "neuro.panel.pass_forbidden"))
        playable = sorted(by_card)
        return FocusPanel(lines, lambda: pictures.render_hand(view, lang, playable), controls)

    cells = sorted(
        ((a, placement_vp(view, focus, int(a["r"]), int(a["c"]))) for a in places if a["card"] == focus),
        key=lambda item: (-item[1], int(item[0]["r"]), int(item[0]["c"])),
    )
    pages = max(1, (len(cells) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    chunk = cells[page * PAGE : (page + 1) * PAGE]
    spots = [
        {"r": int(a["r"]), "c": int(a["c"]), "name": cell_name(view, int(a["r"]), int(a["c"])), "vp": vp}
        for a, vp in chunk
    ]
    options = [
        discord.SelectOption(label=t(lang, "neuro.panel.cell_option", cell=s["name"], vp=s["vp"]), value=a.dumps())
        for (a, _vp), s in zip(chunk, spots, strict=True)
    ]
    if options:
        select = ActSelect(game.id, snapshot.n, page, options, t(lang, "neuro.panel.choose_cell"))
        select.item.row = 0
        controls.add_item(select)
    back = FocusButton(game.id, snapshot.stage, "", 0, t(lang, "neuro.panel.back"))
    back.item.row = 1
    controls.add_item(back)
    if pages > 1:
        for label, target, off in (("panel.prev", page - 1, page == 0), ("panel.next", page + 1, page >= pages - 1)):
            button = FocusButton(game.id, snapshot.stage, focus, max(0, min(target, pages - 1)), t(lang, label), off)
            button.item.row = 1
            controls.add_item(button)
    public_view = snapshot.public
    lines = [t(lang, "neuro.panel.cells")]
    return FocusPanel(lines, lambda: pictures.render_cells(public_view, names, lang, focus, spots), controls)


UI = register(
    GameUI(
        kind="neurotrio",
        title_key="game.neurotrio",
        table_picture=pictures.render_table,
        hand_picture=_hand,
        action_style=lambda a: discord.ButtonStyle.danger if a.kind == "neuro" else discord.ButtonStyle.primary,
        table_actions=_table_actions,
        focus_panel=_focus_panel,
    )
)


class NeurotrioCog(commands.Cog):
    neurotrio = app_commands.Group(
        name=_("neurotrio", key="cmd.neurotrio.name"),
        description=_("Neurotrio: the treasure hunt, a deduction game", key="cmd.neurotrio.description"),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @neurotrio.command(
        name=_("new", key="cmd.new.name"),
        description=_("Open a Neurotrio table in this channel (3 to 8 players)", key="cmd.neurotrio.new.description"),
    )
    @app_commands.describe(
        reminder=_("Minutes before a reminder (0: never, default 2)", key="cmd.new.reminder"),
        timeout=_("Minutes before the computer plays for an absent player (0: never, default 10)", key=TIMEOUT_KEY),
    )
    @app_commands.rename(
        reminder=_("reminder", key="cmd.new.reminder.name"),
        timeout=_("timeout", key="cmd.new.timeout.name"),
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        reminder: app_commands.Range[int, 0, 1440] = 2,
        timeout: app_commands.Range[int, 0, 1440] = 10,
    ) -> None:
        await open_lobby(interaction, "neurotrio", {}, reminder, timeout)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NeurotrioCog(bot))
