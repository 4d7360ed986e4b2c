"""Publishing: the one table message per game, milestone messages, private DM panels, reminders.

Updates are queued per game and drained by one worker, so a burst of moves (a computer
player's chain, say) costs one edit of each message; pictures render in a worker thread.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.games.base import DataOption
from bot.i18n import has, t
from bot.store import GameRow
from bot.tables import Snapshot
from bot.texts import narrate, ranking_lines, texts_for
from bot.workers import off_loop
from cogs.components import ActButton, HandButton, LobbyButton
from cogs.panels import build_panel
from cogs.ui import ui_for

if TYPE_CHECKING:
    from bot.app import TableeBot

log = logging.getLogger(__name__)

CANNOT_DM = 50007
COLOUR = discord.Colour(0xE8B931)


def lobby_embed(row: GameRow) -> discord.Embed:
    lang = row.locale
    ui = ui_for(row.kind)
    from bot.games.base import get_game

    engine = get_game(row.kind)
    badge = ui.seat_badge or (lambda _seat, _lang: "")
    seats = "\n".join(
        f"{i + 1}. {badge(i, lang)}{'🤖 ' if s.is_bot else ''}{s.name}{' 👑' if s.user_id == row.host_id else ''}"
        for i, s in enumerate(row.seats)
    )
    options = []
    for spec in engine.options:
        if isinstance(spec, DataOption) or not has(f"option.{spec.name}"):
            continue  # set by the table itself (Chat vert's rules and dealer), not chosen in the lobby
        value = row.options.get(spec.name, spec.default)
        if isinstance(value, bool):
            value = t(lang, "common.yes" if value else "common.no")
        options.append(t(lang, "lobby.option_line", option=t(lang, f"option.{spec.name}"), value=value))
    options.append(t(lang, "lobby.timer_line", reminder=row.reminder_s // 60, timeout=row.timeout_s // 60))
    status = {
        "lobby": t(lang, "lobby.status.open", min=engine.min_players, max=engine.max_players),
        "running": t(lang, "lobby.status.running"),
        "cancelled": t(lang, "lobby.status.cancelled"),
        "abandoned": t(lang, "lobby.status.abandoned"),
        "over": t(lang, "lobby.status.over"),
    }[row.status]
    embed = discord.Embed(title=t(lang, "lobby.title", game=t(lang, ui.title_key)), description=status, colour=COLOUR)
    embed.add_field(name=t(lang, "lobby.seats", n=len(row.seats), max=engine.max_players), value=seats or "—")
    embed.add_field(name=t(lang, "lobby.options"), value="\n".join(options)[:1024])
    return embed


def lobby_view(row: GameRow) -> discord.ui.View | None:
    if row.status != "lobby":
        return None
    lang = row.locale
    view = discord.ui.View(timeout=None)
    styles = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "bot": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    for op, style in styles.items():
        view.add_item(LobbyButton(row.id, op, t(lang, f"lobby.button.{op}"), style))
    return view


def table_view(snapshot: Snapshot, lang: str) -> discord.ui.View:
    """The table message's buttons: the game's public moves (rows) and "My hand" where it fits."""
    game = snapshot.game
    ui = ui_for(game.kind)
    names = [s.name for s in game.seats]
    texts = texts_for(game.kind)
    view = discord.ui.View(timeout=None)
    rows = [row[:5] for row in (ui.table_actions(snapshot) if ui.table_actions else []) if row][:5]
    for r, row in enumerate(rows):
        for action in row:
            label = texts.action_label(action, snapshot.public, lang, names)
            button = ActButton(game.id, snapshot.stage, action, label, ui.action_style(action))
            button.item.row = r
            view.add_item(button)
    hand = HandButton(game.id, t(lang, "table.my_hand"))
    free = [r for r, row in enumerate(rows) if len(row) < 5]
    hand.item.row = len(rows) if len(rows) < 5 else (free[0] if free else None)
    if hand.item.row is not None:
        view.add_item(hand)
    return view


class DiscordPublisher:
    """Implements ``bot.tables.Publisher`` on Discord."""

    def __init__(self, bot: TableeBot) -> None:
        self.bot = bot
        self._queues: dict[int, list[Snapshot]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._panel_keys: dict[tuple[int, int], Any] = {}
        self._repost: set[int] = set()

    # -- the Publisher protocol ----------------------------------------------------------------

    async def publish(self, snapshot: Snapshot) -> None:
        game_id = snapshot.game.id
        self._queues.setdefault(game_id, []).append(snapshot)
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.create_task(self._drain(game_id), name=f"publish-{game_id}")

    async def lobby_changed(self, game: GameRow) -> None:
        if game.lobby_message_id is None:
            return
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            await channel.get_partial_message(game.lobby_message_id).edit(
                embed=lobby_embed(game), view=lobby_view(game)
            )
        except discord.HTTPException:
            log.warning("could not edit the lobby of game %s", game.id, exc_info=True)

    async def remind(self, game: GameRow, seats: list[int]) -> None:
        mentions = " ".join(f"<@{game.seats[s].user_id}>" for s in seats if game.seats[s].user_id)
        if not mentions:
            return
        channel = self.bot.get_partial_messageable(game.channel_id)
        text = t(game.locale, "timer.reminder", mentions=mentions, minutes=max(1, game.timeout_s // 60))
        if not game.timeout_s:
            text = t(game.locale, "timer.reminder_no_timeout", mentions=mentions)
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException:
            log.warning("could not remind in game %s", game.id, exc_info=True)

    async def closed(self, game: GameRow) -> None:
        await self.lobby_changed(game)
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            await channel.send(t(game.locale, f"table.closed.{game.status}"))
            if game.table_message_id:
                await channel.get_partial_message(game.table_message_id).edit(view=None)
        except discord.HTTPException:
            log.warning("could not announce the end of game %s", game.id, exc_info=True)

    # -- the table message ---------------------------------------------------------------------

    async def repost(self, game_id: int) -> None:
        """Post the table message again at the bottom of the channel (``/table status``)."""
        self._repost.add(game_id)
        await self.publish(await self.bot.tables.snapshot(game_id))

    async def wait_idle(self) -> None:
        """Wait until every queued update is out (tests, shutdown)."""
        while any(not w.done() for w in self._workers.values()):
            await asyncio.gather(*[w for w in self._workers.values() if not w.done()], return_exceptions=True)

    async def _drain(self, game_id: int) -> None:
        while self._queues.get(game_id):
            batch = self._queues.pop(game_id)
            try:
                await self._publish_batch(batch)
            except Exception:
                log.exception("publishing game %s failed", game_id)

    async def _publish_batch(self, batch: list[Snapshot]) -> None:
        last = batch[-1]
        game = last.game
        lang = game.locale
        names = [s.name for s in game.seats]
        channel = self.bot.get_partial_messageable(game.channel_id)
        events = [e for s in batch for e in s.new_events if e.private_to is None]
        milestones = texts_for(game.kind).milestones(events, names, lang)
        if last.over and last.results is not None:
            ui = ui_for(game.kind)
            ranking = ranking_lines(last.results, names, lang, texts_for(game.kind).score_unit_key)
            milestones.append("\n".join([f"🏆 **{t(lang, 'table.game_over', game=t(lang, ui.title_key))}**", *ranking]))
        for text in milestones:
            await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())
        repost = bool(milestones) or game.id in self._repost
        self._repost.discard(game.id)
        await self._update_table(channel, last, repost=repost)
        await self._refresh_panels(channel, last)

    async def _update_table(self, channel: discord.PartialMessageable, snapshot: Snapshot, *, repost: bool) -> None:
        game = snapshot.game
        lang = game.locale
        ui = ui_for(game.kind)
        names = [s.name for s in game.seats]
        png = await off_loop(ui.table_picture, snapshot.public, names, lang)
        texts = texts_for(game.kind)
        lines = texts.summary(snapshot.public, names, lang)
        moves = [line for e in snapshot.recent if (line := narrate(game.kind, e, names, lang))]
        description = "\n".join(lines)
        if moves:
            description += "\n\n" + "\n".join(f"› {m}" for m in moves[-5:])
        embed = discord.Embed(title=t(lang, ui.title_key), description=description[:4000], colour=COLOUR)
        embed.set_image(url="attachment://table.png")
        view = None if snapshot.over else table_view(snapshot, lang)
        file = discord.File(io.BytesIO(png), filename="table.png")
        old = game.table_message_id
        if old is not None and not repost:
            try:
                await channel.get_partial_message(old).edit(embed=embed, attachments=[file], view=view)
                return
            except discord.NotFound:
                pass
            file = discord.File(io.BytesIO(png), filename="table.png")
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        message = await channel.send(embed=embed, file=file, **kwargs)
        await self.bot.tables.set_table_message(game.id, message.id)
        if old is not None:
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException:
                log.debug("old table message %s already gone", old)

    # -- private panels ------------------------------------------------------------------------

    async def _refresh_panels(self, channel: discord.PartialMessageable, snapshot: Snapshot) -> None:
        game = snapshot.game
        ui = ui_for(game.kind)
        for seat, holder in enumerate(game.seats):
            if holder.user_id is None:
                continue
            legal = [] if snapshot.over else snapshot.legal.get(seat, [])
            key = (ui.private_key(snapshot.views[seat], legal), seat in snapshot.to_act, snapshot.stage, snapshot.over)
            if self._panel_keys.get((game.id, seat)) == key:
                continue
            self._panel_keys[(game.id, seat)] = key
            await self._send_panel(channel, snapshot, seat, holder.user_id)

    async def _send_panel(
        self, channel: discord.PartialMessageable, snapshot: Snapshot, seat: int, user_id: int
    ) -> None:
        game = snapshot.game
        store = self.bot.store
        dm_channel_id, message_id, refused = await store.panel(game.id, user_id)
        if refused:
            return
        lang = await store.user_locale(user_id) or game.locale
        panel = await build_panel(snapshot, seat, lang)
        kwargs: dict[str, Any] = {"view": panel.view}
        try:
            if dm_channel_id is not None and message_id is not None:
                dm = self.bot.get_partial_messageable(dm_channel_id, type=discord.ChannelType.private)
                try:
                    await dm.get_partial_message(message_id).edit(
                        content=panel.content, attachments=[panel.file()], **kwargs
                    )
                    return
                except discord.NotFound:
                    pass
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            if panel.view is None:
                kwargs = {}
            message = await user.send(panel.content, file=panel.file(), **kwargs)
            await store.set_panel(game.id, user_id, channel_id=message.channel.id, message_id=message.id)
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                log.warning("DM to %s refused: %s", user_id, error)
            await store.set_panel(game.id, user_id, dm_refused=True)
            await channel.send(
                t(game.locale, "dm.refused", mention=f"<@{user_id}>", button=t(game.locale, "table.my_hand")),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        except discord.HTTPException:
            log.warning("could not update the panel of %s in game %s", user_id, game.id, exc_info=True)
