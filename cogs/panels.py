"""Private panels: a player's hand picture and the controls for exactly their legal moves.

The same panel is sent as a DM (edited in place as the hand changes) or, when DMs are closed,
as an ephemeral message from the "My hand" button or ``/table hand``.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.base import GameError
from bot.i18n import t
from bot.tables import Snapshot, TableError
from bot.texts import texts_for
from bot.workers import off_loop
from cogs.common import bot_of, check_origin, remember_locale, report_error, user_lang
from cogs.components import ActButton, ActSelect, PageButton
from cogs.ui import ui_for

log = logging.getLogger(__name__)

BUTTONS_MAX = 20
"""Up to this many moves show as buttons (4 rows of 5); more go to a paged select."""
SELECT_PAGE = 25


@dataclass
class Panel:
    content: str
    png: bytes
    view: discord.ui.View | None

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename="hand.png")


def _status_line(snapshot: Snapshot, seat: int, lang: str) -> str:
    names = [s.name for s in snapshot.game.seats]
    if snapshot.over:
        return t(lang, "panel.over")
    if seat in snapshot.to_act:
        return t(lang, "panel.your_turn")
    waiting = ", ".join(names[s] for s in sorted(snapshot.to_act)) or "—"
    return t(lang, "panel.waiting", names=waiting)


def build_controls(snapshot: Snapshot, seat: int, lang: str, page: int = 0) -> discord.ui.View | None:
    """Buttons for a handful of moves; a select, paged by 25, for more."""
    legal = [] if snapshot.over else list(dict.fromkeys(snapshot.legal.get(seat, [])))
    if not legal:
        return None
    game = snapshot.game
    ui = ui_for(game.kind)
    texts = texts_for(game.kind)
    names = [s.name for s in game.seats]
    view_data = snapshot.views[seat]
    view = discord.ui.View(timeout=None)
    if len(legal) <= BUTTONS_MAX:
        for i, action in enumerate(legal):
            label = texts.action_label(action, view_data, lang, names)
            button = ActButton(game.id, snapshot.n, action, label, ui.action_style(action))
            button.item.row = i // 5
            view.add_item(button)
        return view
    pages = (len(legal) + SELECT_PAGE - 1) // SELECT_PAGE
    page = max(0, min(page, pages - 1))
    chunk = legal[page * SELECT_PAGE : (page + 1) * SELECT_PAGE]
    options = [
        discord.SelectOption(label=texts.action_label(a, view_data, lang, names)[:100], value=a.dumps()) for a in chunk
    ]
    select = ActSelect(game.id, snapshot.n, page, options, t(lang, "panel.choose", page=page + 1, pages=pages))
    select.item.row = 0
    view.add_item(select)
    if pages > 1:
        prev = PageButton(game.id, max(page - 1, 0), t(lang, "panel.prev"), disabled=page == 0)
        nxt = PageButton(game.id, min(page + 1, pages - 1), t(lang, "panel.next"), disabled=page >= pages - 1)
        prev.item.row = nxt.item.row = 1
        view.add_item(prev)
        view.add_item(nxt)
    return view


async def build_panel(snapshot: Snapshot, seat: int, lang: str, page: int = 0, focus: str | None = None) -> Panel:
    game = snapshot.game
    ui = ui_for(game.kind)
    legal = [] if snapshot.over else snapshot.legal.get(seat, [])
    names = [s.name for s in game.seats]
    lines = [
        t(lang, "panel.header", game=t(lang, ui.title_key), channel=f"<#{game.channel_id}>"),
        *texts_for(game.kind).summary(snapshot.public, names, lang),
        f"**{_status_line(snapshot, seat, lang)}**",
    ]
    custom = ui.focus_panel(snapshot, seat, lang, focus, page) if ui.focus_panel is not None else None
    if custom is not None:
        png = await off_loop(custom.picture)
        return Panel("\n".join([*lines, *custom.lines])[:2000], png, custom.controls)
    png = await off_loop(ui.hand_picture, snapshot.views[seat], legal, lang)
    return Panel("\n".join(lines)[:2000], png, build_controls(snapshot, seat, lang, page))


async def _seat_snapshot(
    interaction: discord.Interaction[Any], game_id: int, *, private: bool = True
) -> tuple[Snapshot, int]:
    """The snapshot and the clicker's seat, once the interaction is known to come from the game's own place."""
    bot = bot_of(interaction)
    row = await bot.tables.game_row(game_id)
    check_origin(interaction, row, private=private)
    if row.status == "lobby":
        raise TableError("not_started")
    seat = row.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("not_seated")
    if row.status != "running":
        raise TableError("game_over")
    return await bot.tables.snapshot(game_id), seat


async def send_ephemeral_panel(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The "My hand" button and ``/table hand``: the private panel as an ephemeral message."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        snapshot, seat = await _seat_snapshot(interaction, game_id, private=False)
        await remember_locale(interaction)
    except GameError as error:
        await report_error(interaction, error)
        return
    panel = await build_panel(snapshot, seat, user_lang(interaction))
    kwargs: dict[str, Any] = {"view": panel.view} if panel.view is not None else {}
    await interaction.followup.send(panel.content, file=panel.file(), ephemeral=True, **kwargs)


async def refresh_clicked_panel(interaction: discord.Interaction[Any], game_id: int, *, stale: bool = False) -> None:
    """After a move from an ephemeral panel, show the new hand in that same message.

    DM panels are refreshed by the publisher, which edits the player's one DM message; after a stale click
    (``stale``) the clicked DM panel is redrawn at once too, so the player sees the game as it is now.
    """
    message = interaction.message
    if message is None:
        return
    in_dm = interaction.guild_id is None
    if not (message.flags.ephemeral or (stale and in_dm)):
        return
    try:
        snapshot, seat = await _seat_snapshot(interaction, game_id)
    except GameError:
        return
    panel = await build_panel(snapshot, seat, user_lang(interaction))
    try:
        await interaction.edit_original_response(content=panel.content, attachments=[panel.file()], view=panel.view)
    except discord.HTTPException:
        log.warning("could not redraw the clicked panel of game %s", game_id, exc_info=True)


async def show_page(interaction: discord.Interaction[Any], game_id: int, page: int) -> None:
    """Turn a page of a long list of moves, in place (acknowledged before the game's lock is waited for)."""
    await interaction.response.defer()
    try:
        snapshot, seat = await _seat_snapshot(interaction, game_id)
    except GameError as error:
        await report_error(interaction, error)
        return
    lang = user_lang(interaction)
    view = build_controls(snapshot, seat, lang, page)
    await interaction.edit_original_response(view=view)


async def show_focus(
    interaction: discord.Interaction[Any], game_id: int, stage: int, focus: str | None, page: int
) -> None:
    """Redraw a private panel in place around what the player chose to look at (no move is made).

    Acknowledged first: the snapshot waits for the game's lock, which a busy game may hold for a while.
    """
    await interaction.response.defer()
    try:
        snapshot, seat = await _seat_snapshot(interaction, game_id)
        if snapshot.stage != stage:
            raise TableError("stale_stage")
    except GameError as error:
        await report_error(interaction, error)
        return
    panel = await build_panel(snapshot, seat, user_lang(interaction), page, focus)
    await interaction.edit_original_response(content=panel.content, attachments=[panel.file()], view=panel.view)
