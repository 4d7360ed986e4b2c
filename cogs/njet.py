"""Njet! on Discord: the blocking stones on the table message (and in one menu of the private panel), the secret
discard."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games.base import Action
from bot.games.base import as_texts
from bot.games.njet import CHARACTERS
from bot.games.njet import ROWS
from bot.games.njet_views import NjetSeatView
from bot.i18n import plural
from bot.i18n import t
from bot.service.tables import Snapshot
from bot.texts.njet import TEXTS
from bot.texts.njet import card_label
from cogs.components import ActMultiSelect
from cogs.components import ActSelect
from cogs.ui import FocusPanel
from cogs.ui import GameUI
from renders.njet import PICTURES


def _style(action: Action) -> discord.ButtonStyle:
    if action.kind == "block":
        return discord.ButtonStyle.secondary
    if action.kind == "alone":
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.primary


def _table_actions(snapshot: Snapshot) -> list[list[Action]]:
    """During the Njet phase, the stones the player to act may place, one row of buttons per board row."""
    if snapshot.public.phase != "njet" or not snapshot.to_act:
        return []
    seat = min(snapshot.to_act)
    by_row: dict[str, list[Action]] = {row: [] for row in ROWS}
    for action in snapshot.legal.get(seat, []):
        if action.kind == "block":
            by_row[action.text("row")].append(action)
    return [by_row[row] for row in ROWS if by_row[row]]


def _copy_label(hand: Sequence[str], index: int, lang: str) -> str:
    """A card of the hand by name; a second copy of the same card says so, so that no two options read alike."""
    code = hand[index]
    copy = hand[: index + 1].count(code)
    label = card_label(code, lang)
    return label if copy == 1 else t(lang, "njet.panel.copy", card=label, n=copy)


def _panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel | None:
    """The private panel of the Njet phase (the stones in one menu) and of the discard (a multi-select); the other
    phases use the plain panel (a button per move: a partner, or each card that may be played, the others dimmed in
    the picture)."""
    legal = [] if snapshot.over else snapshot.legal.get(seat, [])
    if any(a.kind == "discard" for a in legal):
        return _discard_panel(snapshot, seat, lang, legal)
    stones = [a for a in legal if a.kind == "block"]
    if stones:
        return _stone_panel(snapshot, seat, lang, stones)
    return None


def _stone_panel(snapshot: Snapshot, seat: int, lang: str, stones: Sequence[Action]) -> FocusPanel:
    """Up to twenty stones in one menu, each said row first ("Atout : rouge"): a short panel on a phone."""
    seat_view: NjetSeatView = snapshot.views[seat]
    names = [s.name for s in snapshot.game.seats]
    options = [
        discord.SelectOption(label=TEXTS.action_label(a, seat_view, lang, names)[:100], value=a.dumps())
        for a in stones[:25]
    ]
    view = discord.ui.View(timeout=None)
    select = ActSelect(snapshot.game.id, snapshot.n, 0, options, t(lang, "njet.panel.stone"))
    select.item.row = 0
    view.add_item(select)
    return FocusPanel([], lambda: PICTURES.hand(seat_view, lang), view)


def _discard_panel(snapshot: Snapshot, seat: int, lang: str, legal: Sequence[Action]) -> FocusPanel:
    """The secret discard: one multi-select of exactly N cards of the hand."""
    discards = [a for a in legal if a.kind == "discard"]
    seat_view: NjetSeatView = snapshot.views[seat]
    count = len(as_texts(discards[0].get("cards")))
    hand = seat_view.own.codes
    options = [
        discord.SelectOption(label=_copy_label(hand, i, lang), value=f"{code}#{i}") for i, code in enumerate(hand[:25])
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(
        ActMultiSelect(
            snapshot.game.id,
            snapshot.n,
            "discard",
            "cards",
            options,
            plural(lang, "njet.panel.discard", count),
            count=count,
        )
    )
    return FocusPanel([], lambda: PICTURES.hand(seat_view, lang), view)


def _seat_badge(seat: int, lang: str) -> str:
    """The seat's character before its name in the lobby."""
    return f"{t(lang, f'njet.character.{CHARACTERS[seat % len(CHARACTERS)]}')} · "


UI = GameUI(
    kind="njet",
    action_style=_style,
    table_actions=_table_actions,
    focus_panel=_panel,
    seat_badge=_seat_badge,
)
