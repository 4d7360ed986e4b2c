"""Publishing: the one table message per game, milestone messages, private DM panels, reminders.

Updates are queued per game and drained by one worker, so a burst of moves (a computer
player's chain, say) costs one edit of each message; pictures render in a worker thread.
Every delivery stands alone: a failed one is tried again with a short backoff in its game's
worker (other games never wait for it), and never keeps the others from going out.
"""

from __future__ import annotations

import asyncio
import datetime
import io
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord

from bot.games.base import offered_options
from bot.i18n import t
from bot.pictures.cache import pictures
from bot.pictures.cache import table_picture
from bot.pictures.redraw import drawing_slot
from bot.pictures.redraw import panels_to_redraw
from bot.pictures.workers import off_loop
from bot.ratings.service import shown_changes
from bot.registry import engine_of
from bot.registry import spec_of
from bot.registry import texts_of
from bot.service.table_settings import TABLE_SETTINGS
from bot.service.table_settings import setting
from bot.service.table_settings import unrated_for_hints
from bot.service.tables import Snapshot
from bot.store import GameRow
from bot.texts import narrate
from bot.texts import ranking_lines
from cogs.activity_launch import launch_buttons
from cogs.alt_text import fit
from cogs.alt_text import results_alt
from cogs.common import Host
from cogs.components import HandButton
from cogs.components import LobbyButton
from cogs.components import Panel
from cogs.components import build_panel
from cogs.delivery import FAILURES
from cogs.delivery import NO_MENTIONS
from cogs.delivery import RETRY_DELAYS
from cogs.delivery import deliver
from cogs.delivery import describe
from cogs.delivery import final
from cogs.delivery import mentioning
from cogs.help import RulesButton
from cogs.layouts import Shown
from cogs.layouts import action_rows
from cogs.layouts import layout
from cogs.lobby_options import option_selects
from cogs.pacing import PRIORITY
from cogs.pacing import Priority
from cogs.pacing import at
from cogs.permissions import tell_missing
from cogs.table_buttons import settings_select
from cogs.table_buttons import table_controls
from cogs.table_moves import public_moves
from cogs.ui import ui_for
from cogs.uploads import Uploads
from cogs.web_links import link_buttons
from renders.results import results_picture

log = logging.getLogger(__name__)

ANSWER_VALID = datetime.timedelta(minutes=14)
"""How long the answer to a click may edit its message: Discord takes it for 15 minutes."""
HAND = "hand.png"
"""The file name of a private panel's picture (``cogs.components.Panel.file``)."""


@dataclass(frozen=True)
class _Changed:
    """A private panel to edit: its player, what it will show (its key) and the player's language."""

    user_id: int
    key: bytes
    lang: str


ENDED = frozenset({"over", "abandoned", "cancelled"})


def lobby_layout(row: GameRow) -> discord.ui.LayoutView:
    """The lobby: who sits, the options and the table's settings; while it is open, its buttons and menus."""
    lang = row.locale
    ui = ui_for(row.kind)
    engine = engine_of(row.kind)
    badge = ui.seat_badge or (lambda _seat, _lang: "")
    seats = "\n".join(
        f"{i + 1}. {badge(i, lang)}{'🤖 ' if s.is_bot else ''}{s.name}{' 👑' if s.user_id == row.host_id else ''}"
        for i, s in enumerate(row.seats)
    )
    options = []
    for spec in offered_options(engine):  # not those the table sets itself (Chat vert's rules and dealer)
        value = row.options.get(spec.name, spec.default)
        if isinstance(value, bool):
            value = t(lang, "common.yes" if value else "common.no")
        options.append(t(lang, "lobby.option_line", option=t(lang, f"option.{spec.name}"), value=value))
    options.append(t(lang, "lobby.timer_line", reminder=row.reminder_s // 60, timeout=row.timeout_s // 60))
    on = [t(lang, f"setting.{o.name}") for o in TABLE_SETTINGS if setting(row, o.name)]
    options.append(t(lang, "setting.line", settings=", ".join(on) or "—"))
    status = {
        "lobby": t(lang, "lobby.status.open", min=engine.min_players, max=engine.max_players),
        "running": t(lang, "lobby.status.running"),
        "cancelled": t(lang, "lobby.status.cancelled"),
        "abandoned": t(lang, "lobby.status.abandoned"),
        "over": t(lang, "lobby.status.over"),
    }[row.status]
    title = t(lang, "lobby.title", game=t(lang, spec_of(row.kind).title_key))
    texts = [
        f"## {title}\n{status}",
        f"**{t(lang, 'lobby.seats', n=len(row.seats), max=engine.max_players)}**\n{seats or '—'}",
        f"**{t(lang, 'lobby.options')}**\n" + "\n".join(options),
    ]
    rows: list[discord.ui.ActionRow[Any]] = []
    if row.status == "lobby":
        styles = {
            "join": discord.ButtonStyle.success,
            "leave": discord.ButtonStyle.secondary,
            "bot": discord.ButtonStyle.secondary,
            "start": discord.ButtonStyle.primary,
            "cancel": discord.ButtonStyle.danger,
        }
        buttons = [LobbyButton(row.id, op, t(lang, f"lobby.button.{op}"), style) for op, style in styles.items()]
        for button in buttons:
            button.item.row = 0  # the first row; the options' selects take the rows under it
        rows = action_rows([*buttons, *option_selects(row)])
        rows.append(discord.ui.ActionRow(settings_select(row)))
    return layout(texts, rows=rows)


def table_layout(snapshot: Snapshot, lang: str, *, ended: bool, results: str | None = None) -> discord.ui.LayoutView:
    """The table message: the status and summary, the picture (and, once the game is over, the results picture
    beside it, ``results`` its description), the last moves, then the public moves (rows), "My hand", the table's
    own buttons and the rules; an ended table keeps its words and picture, with "Play again" once the game is
    over. Each picture carries its description in words."""
    game = snapshot.game
    names = [s.name for s in game.seats]
    texts = texts_of(game.kind)
    title = t(lang, spec_of(game.kind).title_key)
    summary = "\n".join([f"## {title}", *texts.summary(snapshot.public, names, lang)])
    moves = [line for e in snapshot.recent if (line := narrate(game.kind, e, names, lang))]
    last = "\n".join(f"› {m}" for m in moves[-5:])
    items = [] if ended else public_moves(snapshot, lang)
    own = [
        *([] if ended else [HandButton(game.id, t(lang, "table.my_hand"))]),
        *table_controls(game, over=ended),
        RulesButton(game.kind, t(lang, "flow.rules")),
        *link_buttons(game, lang),
        *launch_buttons(game, lang, ended=ended),
    ]
    pictures = [Shown("table.png", fit(texts.describe_table(snapshot.public, names, lang)))]
    if results is not None:
        pictures.append(Shown("results.png", results))
    return layout([summary, last], picture=pictures, rows=[*action_rows(items), *action_rows(own)])


@dataclass
class _Batch:
    """Snapshots of one game not yet shown: the last one is drawn, the events of all are told."""

    snapshots: list[Snapshot]


@dataclass
class _Lobby:
    """The lobby message to redraw from this row (its buttons go once the table started or ended)."""

    row: GameRow
    tried: int = 0


@dataclass
class _Notice:
    """A message to post once in a game's channel, pinging exactly ``users``."""

    channel_id: int
    text: str
    users: tuple[int, ...] = ()
    tried: int = 0


@dataclass
class _Strip:
    """An ended table's message, whose buttons must go (drawn again from the game as it ended)."""

    game_id: int
    tried: int = 0


@dataclass
class _Release:
    """A player who no longer holds a seat: their private panel closes."""

    game: GameRow
    user_id: int
    tried: int = 0


Job = _Batch | _Lobby | _Notice | _Strip | _Release


class DiscordPublisher:
    """Implements ``bot.service.tables.Publisher`` on Discord."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.retry_delays: Sequence[float] = RETRY_DELAYS
        """Waits before each new attempt of a failed delivery (tests set zeros: no wall-clock wait)."""
        self._queues: dict[int, list[Job]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._answers: dict[tuple[int, int], discord.Interaction[Any]] = {}
        """(game, user) -> the player's latest click in their DM panel, whose answer edits that panel while it is
        valid: interaction answers do not count toward the bot's global limit of requests."""
        self._uploads = Uploads()
        """What each message shows as attachments: an edit uploads only the pictures that changed."""
        self._panel_keys: dict[int, dict[int, bytes]] = {}
        """game -> seat -> what the player's DM panel shows, recorded once it is delivered."""
        self._repost: set[int] = set()
        self._ending: set[int] = set()
        """Games over, abandoned or cancelled: their bookkeeping goes once their last delivery is out."""

    # -- the Publisher protocol ----------------------------------------------------------------

    async def publish(self, snapshot: Snapshot) -> None:
        self._enqueue(snapshot.game.id, [_Batch([snapshot])])

    async def lobby_changed(self, game: GameRow) -> None:
        await self._submit(game.id, [_Lobby(game)])

    async def remind(self, game: GameRow, seats: list[int]) -> None:
        users = tuple(user for s in seats if (user := game.seats[s].user_id) is not None)
        if not users:
            return
        mentions = " ".join(f"<@{user}>" for user in users)
        text = t(game.locale, "timer.reminder", mentions=mentions, minutes=max(1, game.timeout_s // 60))
        if not game.timeout_s:
            text = t(game.locale, "timer.reminder_no_timeout", mentions=mentions)
        await self._submit(game.id, [_Notice(game.channel_id, text, users)])

    async def call(self, game: GameRow, seats: list[int]) -> None:
        """Call the people awaited who have not moved for a while, as each chose (``/table notify``): in one short
        channel message, never deleted (a deleted mention reads as a ghost ping), or by DM."""
        users = [user for s in seats if (user := game.seats[s].user_id) is not None]
        if not users:
            return
        modes = await self.bot.store.notify_modes(users)
        title = t(game.locale, spec_of(game.kind).title_key)
        here = tuple(u for u in users if modes[u] == "channel")
        if here:
            text = t(game.locale, "flow.turn", mentions=" ".join(f"<@{u}>" for u in here), game=title)
            await self._submit(game.id, [_Notice(game.channel_id, text, here)])
        for user_id in (u for u in users if modes[u] == "dm"):
            await at(
                Priority.CALL, self._safely(f"the turn DM of {user_id}", partial(self._turn_dm, game, user_id, title))
            )

    async def closed(self, game: GameRow) -> None:
        """The lobby and the table lose their buttons, and the channel is told."""
        self._ending.add(game.id)
        jobs: list[Job] = [_Lobby(game), _Notice(game.channel_id, t(game.locale, f"table.closed.{game.status}"))]
        if game.table_message_id:
            jobs.append(_Strip(game.id))
        await self._submit(game.id, jobs)

    async def released(self, game: GameRow, user_id: int) -> None:
        await self._submit(game.id, [_Release(game, user_id)])

    def answer_through(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """A click in a player's DM panel: the panel's next edits go through its answer, while it is valid."""
        if interaction.guild_id is None and interaction.message is not None:
            self._answers[(game_id, interaction.user.id)] = interaction

    # -- the table message ---------------------------------------------------------------------

    async def repost(self, game_id: int) -> None:
        """Post the table message again at the bottom of the channel (``/table show``)."""
        snapshot = await self.bot.tables.snapshot(game_id)
        self._repost.add(game_id)
        await self.publish(snapshot)

    async def wait_idle(self) -> None:
        """Wait until every queued update is out (tests, shutdown)."""
        while any(not w.done() for w in self._workers.values()):
            await asyncio.gather(*[w for w in self._workers.values() if not w.done()], return_exceptions=True)

    # -- queues and workers --------------------------------------------------------------------

    def _busy(self, game_id: int) -> bool:
        worker = self._workers.get(game_id)
        return bool(self._queues.get(game_id)) or (worker is not None and not worker.done())

    def _enqueue(self, game_id: int, jobs: list[Job]) -> None:
        queue = self._queues.setdefault(game_id, [])
        for job in jobs:
            if isinstance(job, _Batch) and queue and isinstance(queue[-1], _Batch):
                queue[-1].snapshots.extend(job.snapshots)  # a burst of moves costs one edit
                continue
            if isinstance(job, _Lobby):
                queue[:] = [j for j in queue if not isinstance(j, _Lobby)]  # only the newest lobby is worth drawing
            queue.append(job)
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.create_task(self._drain(game_id), name=f"publish-{game_id}")

    async def _submit(self, game_id: int, jobs: list[Job]) -> None:
        """Behind the game's pending updates if any; else one attempt now, and the failed ones to the worker."""
        if self._busy(game_id):
            self._enqueue(game_id, jobs)
            return
        failed: list[Job] = []
        for job in jobs:
            try:
                await self._run(job, ())
            except FAILURES as error:
                if final(error):
                    log.warning("%s refused (%s): not tried again", _what(job), describe(error))
                    continue
                log.warning("%s failed (%s); trying again shortly", _what(job), describe(error))
                if not isinstance(job, _Batch):
                    job.tried = 1
                failed.append(job)
            except Exception:
                log.exception("%s failed", _what(job))
        if failed:
            self._enqueue(game_id, failed)
        elif not self._busy(game_id):
            self._settle(game_id)

    async def _drain(self, game_id: int) -> None:
        PRIORITY.set(Priority.PANEL)  # this worker's own: not that of whoever started it
        try:
            while jobs := self._queues.pop(game_id, None):
                for job in jobs:
                    try:
                        await self._run(job, self.retry_delays)
                    except FAILURES as error:
                        log.warning("gave up on %s after retries (%s)", _what(job), describe(error))
                    except Exception:
                        log.exception("%s failed", _what(job))
        finally:
            if self._workers.get(game_id) is asyncio.current_task():
                del self._workers[game_id]
            if not self._queues.get(game_id):
                self._settle(game_id)

    def _settle(self, game_id: int) -> None:
        """Once an ended game's last delivery is out, forget everything kept about it."""
        if game_id not in self._ending:
            return
        self._ending.discard(game_id)
        self._panel_keys.pop(game_id, None)
        self._uploads.forget(game_id)
        for key in [key for key in self._answers if key[0] == game_id]:
            del self._answers[key]
        self._repost.discard(game_id)
        self._queues.pop(game_id, None)

    async def _run(self, job: Job, delays: Sequence[float]) -> None:
        if isinstance(job, _Batch):
            await self._publish_batch(job.snapshots)
            return
        if isinstance(job, _Lobby):
            row = job.row
            if row.lobby_message_id is None:
                return
            message = self.bot.get_partial_messageable(row.channel_id).get_partial_message(row.lobby_message_id)
            try:
                await deliver(
                    _what(job),
                    lambda: message.edit(
                        content=None, embed=None, view=lobby_layout(row), allowed_mentions=NO_MENTIONS
                    ),
                    delays,
                    tried=job.tried,
                )
            except discord.NotFound:
                log.info("the lobby message of game %s was deleted", row.id)
            return
        if isinstance(job, _Release):
            await self._close_panel(job, delays)
            return
        if isinstance(job, _Strip):
            snapshot = await self.bot.tables.final_snapshot(job.game_id)
            game = snapshot.game
            if game.table_message_id is None:
                return
            channel = self.bot.get_partial_messageable(game.channel_id)
            try:
                await self._update_table(channel, snapshot, repost=False, ended=True, only_edit=True)
            except discord.NotFound:
                log.info("the table message of an ended game was deleted: no buttons left to remove")
            return
        channel = self.bot.get_partial_messageable(job.channel_id)
        text, allowed = job.text[:2000], mentioning(job.users) if job.users else NO_MENTIONS
        send = deliver(_what(job), lambda: channel.send(text, allowed_mentions=allowed), delays, tried=job.tried)
        await at(Priority.CALL if job.users else Priority.PANEL, send)  # a mention calls someone: it waits the most

    # -- one batch: milestones, the table message, the private panels -------------------------

    async def _publish_batch(self, batch: list[Snapshot]) -> None:
        last = batch[-1]
        game = last.game
        lang = game.locale
        names = [s.name for s in game.seats]
        channel = self.bot.get_partial_messageable(game.channel_id)
        events = [e for s in batch for e in s.new_events if e.private_to is None]
        milestones = texts_of(game.kind).milestones(events, names, lang)
        if last.over and last.results is not None:
            ranking = ranking_lines(last.results, names, lang, texts_of(game.kind).score_unit_key)
            title = t(lang, spec_of(game.kind).title_key)
            ratings = await self._rating_lines(game, lang)
            ending = "\n".join([f"🏆 **{t(lang, 'table.game_over', game=title)}**", *ranking, *ratings])
            together = "\n\n".join([*milestones, ending])  # the last deal's end and the ranking: one message
            milestones = [together] if len(together) <= 2000 else [*milestones, ending]
        ended = last.over or game.status in ENDED
        if ended:
            self._ending.add(game.id)
        repost = bool(milestones) or game.id in self._repost
        self._repost.discard(game.id)

        if await self._overtaken(last):
            # Another process has applied a later move and shows it: only this process's milestones go out.
            for text in milestones:
                await self._safely(
                    f"a milestone of game {game.id}",
                    partial(channel.send, text[:2000], allowed_mentions=NO_MENTIONS),
                )
            return

        # A deal or round that ends mid-game leaves its table message where it is, with how it ended, and the next
        # deal's table comes below it: one new message, not a text and a table. The game's end is told in a message
        # of its own, above the final table.
        told = "\n\n".join(milestones) if milestones and not ended else ""

        async def channel_side() -> None:
            for text in [] if told else milestones:
                await self._safely(
                    f"a milestone of game {game.id}",
                    partial(channel.send, text[:2000], allowed_mentions=NO_MENTIONS),
                )
            await self._safely(
                f"the table message of game {game.id}",
                lambda: self._update_table(channel, last, repost=repost, ended=ended, told=told),
                retried=True,
            )

        slot = drawing_slot()
        await slot.acquire()
        try:
            changed = await self._changed_panels(last)
        except BaseException:
            slot.release()
            raise
        drawing = asyncio.ensure_future(
            self._safely(f"the pictures of game {game.id}", lambda: self._draw(last, changed))
        )
        drawing.add_done_callback(lambda _: slot.release())  # run even when cancelled before it began
        panels = [
            at(
                Priority.TO_ACT if seat in last.to_act else Priority.PANEL,
                self._safely(
                    f"the panel of seat {seat} in game {game.id}",
                    partial(self._refresh_panel, channel, last, seat, panel),
                    retried=True,
                ),
            )
            for seat, panel in sorted(changed.items(), key=lambda item: item[0] not in last.to_act)  # who acts, first
        ]
        await asyncio.gather(drawing, at(Priority.TABLE, channel_side()), *panels)

    async def _rating_lines(self, game: GameRow, lang: str) -> list[str]:
        """Each player's rating change, under the final ranking: the table service stores them with the game's end,
        before the game is published; a game at a table that allowed hints says it is not rated."""
        reason = unrated_for_hints(game)
        if reason == "hinted":
            return ["", t(lang, "ratings.not_rated")]
        if reason == "hints":
            return ["", t(lang, "ratings.not_rated_hints")]
        try:
            changes = await shown_changes(self.bot.store, game)
        except Exception:
            log.exception("the rating changes of game %s could not be read", game.id)
            return []
        lines = [t(lang, "ratings.change", name=c.name, **numbers) for c, numbers in changes]
        return ["", f"📈 **{t(lang, 'ratings.changes')}**", *lines] if lines else []

    async def _changed_panels(self, snapshot: Snapshot) -> dict[int, _Changed]:
        """The private panels this publication edits (``bot.pictures.redraw.panels_to_redraw``: what they show
        changed, and it is worth an edit now), each with what it will show and the language of its player (read once
        for the picture and the panel)."""
        game = snapshot.game
        ui = ui_for(game.kind)
        on_table = frozenset(a.dumps() for row in ui.table_actions(snapshot) for a in row) if ui.table_actions else ()
        redraw = panels_to_redraw(snapshot, self._panel_keys.get(game.id, {}), ui.private_key, on_table)
        changed: dict[int, _Changed] = {}
        for seat, shown in redraw.items():
            user = game.seats[seat].user_id
            if user is not None:
                changed[seat] = _Changed(user, shown, await self._language(user, game))
        return changed

    async def _language(self, user_id: int, game: GameRow) -> str:
        """The player's own language, else the table's (also when the store cannot say: the panel still goes)."""
        try:
            return await self.bot.store.user_locale(user_id) or game.locale
        except Exception:
            log.exception("the language of %s could not be read", user_id)
            return game.locale

    async def _draw(self, snapshot: Snapshot, changed: dict[int, _Changed]) -> None:
        """Draw, in one go shared among the workers, the table and the hands that this publication will show: the
        table message and the panels, built meanwhile, find them drawn or being drawn (the picture cache)."""
        game = snapshot.game
        ui = ui_for(game.kind)
        hands = [
            (snapshot.views[seat], panel.lang)
            for seat, panel in changed.items()  # a panel of its own (a focus) draws its own picture
            if ui.focus_panel is None or ui.focus_panel(snapshot, seat, panel.lang, None, 0) is None
        ]
        await pictures(game.kind, (snapshot.public, [s.name for s in game.seats], game.locale), hands, game.id)

    async def _overtaken(self, snapshot: Snapshot) -> bool:
        """Whether the game has moved past ``snapshot`` in the store, by another process sharing it (which then
        publishes the later state: drawing this one would put an older table over it). Never on a store of one
        process, whose moves of a game are published in order; when the store cannot say, the snapshot goes out."""
        store = self.bot.store
        if not store.shared or snapshot.over:
            return False
        try:
            found = await store.game_version(snapshot.game.id)
        except Exception:
            log.exception("the version of game %s could not be read", snapshot.game.id)
            return False
        return found is not None and found[0] > snapshot.n

    async def _safely(self, what: str, attempt: Callable[[], Awaitable[Any]], *, retried: bool = False) -> None:
        """One delivery, tried again on failure; whatever happens, it never stops the others."""
        try:
            await (attempt() if retried else deliver(what, attempt, self.retry_delays))
        except FAILURES as error:
            log.warning("gave up on %s after retries (%s)", what, describe(error))
        except Exception:
            log.exception("%s failed", what)

    async def _update_table(
        self,
        channel: discord.PartialMessageable,
        snapshot: Snapshot,
        *,
        repost: bool,
        ended: bool,
        only_edit: bool = False,
        told: str = "",
    ) -> None:
        """Edit the table message (posted again when it was deleted, or at the bottom on ``repost``); an ended
        table that lost its message (``only_edit``) is not posted again. A table posted again at the bottom deletes
        its old message, or with ``told`` (how a deal ended) leaves it there saying it, with its last picture."""
        game = snapshot.game
        lang = game.locale
        names = [s.name for s in game.seats]
        pngs = {"table.png": await table_picture(game.kind, snapshot.public, names, lang)}
        results = None
        if snapshot.over and snapshot.results is not None and (drawn := await self._results_picture(game)):
            pngs["results.png"], results = drawn
        view = table_layout(snapshot, lang, ended=ended, results=results)
        what = f"the table message of game {game.id}"

        def files() -> list[discord.File]:
            return [discord.File(io.BytesIO(png), filename=name) for name, png in pngs.items()]

        old = game.table_message_id
        if old is not None and not repost:
            message = channel.get_partial_message(old)
            try:
                await self._edit_pictured(what, message, game.id, pngs, lambda: view, embed=None)
                return
            except discord.NotFound:
                if only_edit:
                    raise
                log.info("the table message of game %s was deleted: posting it again", game.id)
            except discord.Forbidden as error:
                await tell_missing(self, self.bot, channel, game, error, self.retry_delays)
                raise
        try:
            posted = await deliver(
                what,
                lambda: channel.send(view=view, files=files(), allowed_mentions=NO_MENTIONS),
                self.retry_delays,
            )
        except discord.Forbidden as error:
            await tell_missing(self, self.bot, channel, game, error, self.retry_delays)
            raise
        self._uploads.remember(game.id, posted, pngs)
        await self.bot.tables.set_table_message(game.id, posted.id)
        if old is not None:
            self._uploads.forget(game.id, old)
            if told:
                await self._safely(
                    f"the table message of game {game.id} as its deal ended",
                    partial(
                        channel.get_partial_message(old).edit,
                        view=layout([told], picture=Shown("table.png", fit(told))),
                        allowed_mentions=NO_MENTIONS,
                    ),
                )
                return
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException:
                log.debug("old table message %s already gone", old)

    async def _results_picture(self, game: GameRow) -> tuple[bytes, str] | None:
        """The ranking and the scores round by round of a finished game, replayed and drawn off the event loop,
        with its description (None if that fails: the table message still goes out, with its own picture)."""
        names = [s.name for s in game.seats]
        unit = texts_of(game.kind).score_unit_key
        try:
            history = await self.bot.tables.score_history(game.id)
            png = await off_loop(results_picture, history.ranking, history.points, names, game.kind, unit, game.locale)
            return png, results_alt(history.ranking, history.points, names, game.kind, game.locale)
        except Exception:
            log.exception("the results picture of game %s failed", game.id)
            return None

    # -- your turn -----------------------------------------------------------------------------

    async def _turn_dm(self, game: GameRow, user_id: int, title: str) -> None:
        lang = await self.bot.store.user_locale(user_id) or game.locale
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        text = t(lang, "flow.turn_dm", game=title, channel=f"<#{game.channel_id}>")
        await user.send(text, allowed_mentions=NO_MENTIONS)

    # -- private panels ------------------------------------------------------------------------

    async def _refresh_panel(
        self, channel: discord.PartialMessageable, snapshot: Snapshot, seat: int, changed: _Changed
    ) -> None:
        """Edit a player's DM panel whose content changed; remembered only once delivered."""
        if self._panel_keys.get(snapshot.game.id, {}).get(seat) == changed.key:
            return  # delivered by an earlier attempt
        await self._send_panel(channel, snapshot, seat, changed.user_id, changed.lang)
        self._panel_keys.setdefault(snapshot.game.id, {})[seat] = changed.key

    async def _send_panel(
        self, channel: discord.PartialMessageable, snapshot: Snapshot, seat: int, user_id: int, lang: str
    ) -> None:
        """The panel in the player's one DM message (edited; sent again if it is gone), or, DMs closed, a notice."""
        game = snapshot.game
        store = self.bot.store
        dm_channel_id, message_id, refused = await store.panel(game.id, user_id)
        if refused:
            return
        panel = await build_panel(snapshot, seat, lang)
        what = f"the panel of {user_id} in game {game.id}"
        if message_id is not None and await self._edit_through_answer(game.id, user_id, message_id, panel):
            return
        if dm_channel_id is not None and message_id is not None:
            dm = self.bot.get_partial_messageable(dm_channel_id, type=discord.ChannelType.private)
            message = dm.get_partial_message(message_id)
            try:
                await self._edit_pictured(what, message, game.id, {HAND: panel.png}, panel.layout)
                return
            except discord.NotFound:
                self._uploads.forget(game.id, message.id)
                log.info("the DM panel of %s in game %s was deleted: sending it again", user_id, game.id)

        async def send() -> discord.Message:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return await user.send(view=panel.layout(), file=panel.file(), allowed_mentions=NO_MENTIONS)

        try:
            sent = await deliver(what, send, self.retry_delays)
        except discord.Forbidden as error:
            await self._dms_closed(channel, game, user_id, error)
            return
        self._uploads.remember(game.id, sent, {HAND: panel.png})
        await store.set_panel(game.id, user_id, channel_id=sent.channel.id, message_id=sent.id)

    async def _edit_pictured(
        self,
        what: str,
        message: discord.PartialMessage,
        game_id: int,
        pngs: dict[str, bytes],
        view: Callable[[], discord.ui.LayoutView],
        **fields: Any,
    ) -> None:
        """Edit ``message`` to show ``view()`` and ``pngs``, tried again as ``deliver`` does; only the pictures it
        does not show yet are uploaded, and what it shows now is remembered."""
        edited = await deliver(
            what,
            lambda: message.edit(
                content=None,
                view=view(),
                allowed_mentions=NO_MENTIONS,
                **fields,
                **self._uploads.edit_fields(game_id, message.id, pngs),
            ),
            self.retry_delays,
        )
        self._uploads.remember(game_id, edited, pngs)

    async def _edit_through_answer(self, game_id: int, user_id: int, message_id: int, panel: Panel) -> bool:
        """Edit a DM panel through the player's latest click in it, while Discord still takes its answer (a little
        under its 15 minutes); whether it was edited so (else the panel is edited as any message)."""
        answer = self._answers.get((game_id, user_id))
        if answer is None or answer.message is None or answer.message.id != message_id:
            return False
        if discord.utils.utcnow() - answer.created_at > ANSWER_VALID:
            del self._answers[(game_id, user_id)]
            return False
        pngs = {HAND: panel.png}
        try:
            edited = await answer.edit_original_response(
                view=panel.layout(),
                allowed_mentions=NO_MENTIONS,
                **self._uploads.edit_fields(game_id, message_id, pngs),
            )
        except discord.HTTPException as error:
            log.info("the panel of %s could not be edited through its click (%s)", user_id, describe(error))
            self._answers.pop((game_id, user_id), None)
            return False
        self._uploads.remember(game_id, edited, pngs)
        return True

    async def _close_panel(self, job: _Release, delays: Sequence[float]) -> None:
        """A player who left: their DM panel says so, its controls gone (it would only refuse them now)."""
        game, user_id = job.game, job.user_id
        dm_channel_id, message_id, _refused = await self.bot.store.panel(game.id, user_id)
        if dm_channel_id is None or message_id is None:
            return
        lang = await self.bot.store.user_locale(user_id) or game.locale
        title = t(lang, spec_of(game.kind).title_key)
        view = layout([t(lang, "flow.panel_closed", game=title, channel=f"<#{game.channel_id}>")])
        dm = self.bot.get_partial_messageable(dm_channel_id, type=discord.ChannelType.private)
        message = dm.get_partial_message(message_id)
        try:
            await deliver(
                _what(job),
                lambda: message.edit(content=None, attachments=[], view=view, allowed_mentions=NO_MENTIONS),
                delays,
                tried=job.tried,
            )
        except discord.NotFound:
            log.info("the DM panel of %s in game %s was already deleted", user_id, game.id)

    async def _dms_closed(
        self, channel: discord.PartialMessageable, game: GameRow, user_id: int, error: discord.Forbidden
    ) -> None:
        """Once per game and player: remember it, and tell them (pinging only them) where their hand is."""
        log.info("DM to %s refused (code %s)", user_id, error.code)
        await self.bot.store.set_panel(game.id, user_id, dm_refused=True)
        text = t(game.locale, "dm.refused", mention=f"<@{user_id}>", button=t(game.locale, "table.my_hand"))
        await self._safely(
            f"the closed-DM notice of {user_id} in game {game.id}",
            lambda: channel.send(text, allowed_mentions=mentioning([user_id])),
        )


def _what(job: Job) -> str:
    if isinstance(job, _Batch):
        return f"publishing game {job.snapshots[-1].game.id}"
    if isinstance(job, _Lobby):
        return f"the lobby message of game {job.row.id}"
    if isinstance(job, _Notice):
        return f"a message in channel {job.channel_id}"
    if isinstance(job, _Release):
        return f"closing the panel of {job.user_id} in game {job.game.id}"
    return f"removing the buttons of game {job.game_id}"
