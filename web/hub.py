"""The games being watched, and the streams of their watchers: each change is read once, encoded once per language
and written to every stream of the game.

A change is learnt from whatever tells this process about one: in the bot's process, the table service's
publication of each move (``published``) and of a game closed (``changed``); in ``python -m bot web`` alone, the
store's announcements on PostgreSQL (``store.watch``) or, on SQLite, a look at the watched games' versions a few
times a second. The game is read through the table service: its cached game when it has one (``peek``), else replayed
from the store (``final_snapshot``), and only its public view and public events are kept.

A stream (server-sent events) gets a ``state`` event at each change, its id the game's version, so that a browser
that reconnects with ``Last-Event-ID`` is sent nothing it has; a ``watchers`` event when the number of spectators
changed (at most once a second); and a comment every 15 s, which keeps proxies from closing a quiet stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import OrderedDict
from collections import deque
from collections.abc import AsyncGenerator
from typing import Any

from bot.games.base import GameError
from bot.service.tables import Snapshot
from bot.service.tables import TableService
from bot.store import Store
from web.views import Shown
from web.views import live_data
from web.views import public_only
from web.views import watchers_text

log = logging.getLogger(__name__)

PING_S = 15.0
COUNT_EVERY_S = 1.0
"""The spectators' count goes out at most this often: 500 people arriving are one event, not 500 × 500."""
POLL_S = 0.25
"""How often the watched games' versions are looked at when nothing announces a change (SQLite)."""
KEPT_MOMENTS = 4
"""A game's latest moments kept: a page that asks for a picture just after the next move still gets it."""
IDLE_CHANNELS = 64
"""Games nobody watches now, kept in case their page is opened again."""
RETRY = 3000
"""What a browser waits before reconnecting a dropped stream, in ms."""


def sse(event: str, data: str, event_id: str | None = None) -> bytes:
    """One server-sent event (``data`` is one line of JSON, so it needs no splitting)."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {data}\n\n".encode()


def encoded(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def event_id(shown: Shown) -> str:
    return f"{shown.n}-{shown.status}"


class Channel:
    """One watched game: its latest moments, its watchers and what wakes their streams."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.moments: deque[Shown] = deque(maxlen=KEPT_MOMENTS)
        self.pending: tuple[Snapshot, str] | None = None
        """A publication not yet read (its views are worked out by the first stream that needs them)."""
        self.watchers = 0
        self.counted = 0
        """Bumped when the spectators' count has changed and is due out."""
        self.event = asyncio.Event()
        self.payloads: dict[str, tuple[tuple[int, str], int, str]] = {}
        self.dirty = False
        self.reading: asyncio.Task[None] | None = None
        self.counting: asyncio.TimerHandle | None = None

    @property
    def latest(self) -> Shown | None:
        if self.pending is not None:
            snapshot, status = self.pending
            self.pending = None
            row = snapshot.game
            self.moments.append(Shown(row, status, snapshot.public, public_only(snapshot.recent), snapshot.n))
        return self.moments[-1] if self.moments else None

    def show(self, shown: Shown) -> None:
        latest = self.latest
        if latest is not None and latest.key == shown.key:
            return
        if latest is not None and shown.n < latest.n:
            return  # a late read of an older moment
        self.moments.append(shown)
        self.wake()

    def wake(self) -> None:
        self.event.set()
        self.event = asyncio.Event()

    def payload(self, lang: str) -> str:
        """The latest moment as a ``state`` event's data in ``lang``, encoded once for every stream."""
        shown = self.latest
        assert shown is not None
        kept = self.payloads.get(lang)
        if kept is not None and kept[0] == shown.key and kept[1] == self.watchers:
            return kept[2]
        data = encoded(live_data(shown, lang, self.watchers))
        self.payloads[lang] = (shown.key, self.watchers, data)
        return data


class Hub:
    """The watched games of one process, read through ``tables`` (the bot's table service, or one of the web process
    alone, which never caches a game) over ``store``. ``pushed``: every change is announced (the bot's own moves,
    PostgreSQL's notifications); else the watched games are polled."""

    def __init__(self, tables: TableService, store: Store, *, pushed: bool, poll_s: float = POLL_S) -> None:
        self.tables = tables
        self.store = store
        self.pushed = pushed
        self.poll_s = poll_s
        self.channels: OrderedDict[int, Channel] = OrderedDict()
        self._poller: asyncio.Task[None] | None = None
        self._closing = False

    # -- reading a game ------------------------------------------------------------------------------------------

    async def read(self, game_id: int) -> Shown | None:
        """The game as it stands now (None when there is no such game)."""
        row = await self.store.get_game(game_id)
        if row is None:
            return None
        if row.status == "lobby" or row.started_at is None:
            return Shown(row, row.status, None, (), 0)
        snapshot = self.tables.peek(game_id)
        if snapshot is None:
            try:
                snapshot = await self.tables.final_snapshot(game_id)
            except GameError:
                return None
        return Shown(snapshot.game, row.status, snapshot.public, public_only(snapshot.recent), snapshot.n)

    def channel(self, game_id: int) -> Channel:
        channel = self.channels.get(game_id)
        if channel is None:
            channel = self.channels[game_id] = Channel(game_id)
            self._forget_idle()
        self.channels.move_to_end(game_id)
        return channel

    def _forget_idle(self) -> None:
        idle = [gid for gid, c in self.channels.items() if c.watchers == 0 and c.reading is None]
        for gid in idle[: max(0, len(idle) - IDLE_CHANNELS)]:
            del self.channels[gid]

    async def current(self, game_id: int) -> Shown | None:
        """The game's latest moment: the one kept while changes reach it, else read now."""
        channel = self.channel(game_id)
        latest = channel.latest
        if latest is not None and (self.pushed or channel.watchers > 0):
            return latest
        await self._read_once(channel)
        return channel.latest

    async def _read_once(self, channel: Channel) -> None:
        """Read the game again, once for all who ask at the same time."""
        self.changed(channel.game_id)
        if channel.reading is not None:
            await asyncio.shield(channel.reading)

    def moment(self, game_id: int, n: int) -> Shown | None:
        """A recent moment of a watched game, by version (its picture is asked for after its page or event)."""
        channel = self.channels.get(game_id)
        if channel is None:
            return None
        channel.latest  # noqa: B018  # a pending publication becomes a moment
        for shown in reversed(channel.moments):
            if shown.n == n and shown.view is not None:
                return shown
        return None

    # -- learning of changes -------------------------------------------------------------------------------------

    def published(self, snapshot: Snapshot) -> None:
        """The table service publishes a move (the bot's process): kept as it is, read when a stream needs it."""
        channel = self.channels.get(snapshot.game.id)
        if channel is None:
            return
        channel.pending = (snapshot, snapshot.game.status)
        channel.wake()

    def changed(self, game_id: int, n: int = 0) -> None:
        """Something changed in a game (its lobby, its end, a move announced by another process): read it again."""
        channel = self.channels.get(game_id)
        if channel is None or self._closing:
            return
        channel.dirty = True
        if channel.reading is None:
            channel.reading = asyncio.ensure_future(self._refresh(channel))

    async def _refresh(self, channel: Channel) -> None:
        try:
            while channel.dirty and not self._closing:
                channel.dirty = False
                try:
                    shown = await self.read(channel.game_id)
                except Exception:
                    log.exception("reading game %s for its page failed", channel.game_id)
                    return
                if shown is not None:
                    channel.show(shown)
        finally:
            channel.reading = None

    def start_polling(self) -> None:
        """Look at the watched games' versions every ``poll_s`` (a store that announces nothing: SQLite)."""
        if self._poller is None and not self.pushed:
            self._poller = asyncio.ensure_future(self._poll())

    async def _poll(self) -> None:
        while not self._closing:
            await asyncio.sleep(self.poll_s)
            for channel in [c for c in self.channels.values() if c.watchers > 0 and c.reading is None]:
                try:
                    found = await self.store.game_version(channel.game_id)
                except Exception:
                    log.exception("looking at game %s's version failed", channel.game_id)
                    continue
                latest = channel.latest
                if found is not None and (latest is None or (found[0], found[1].status) != latest.key):
                    self.changed(channel.game_id)

    async def close(self) -> None:
        """Stop reading and end every stream."""
        self._closing = True
        tasks = [c.reading for c in self.channels.values() if c.reading is not None]
        if self._poller is not None:
            tasks.append(self._poller)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for channel in self.channels.values():
            channel.wake()

    # -- the watchers' streams -----------------------------------------------------------------------------------

    def _count_changed(self, channel: Channel) -> None:
        if channel.counting is None and not self._closing:
            channel.counting = asyncio.get_running_loop().call_later(COUNT_EVERY_S, self._count_out, channel)

    def _count_out(self, channel: Channel) -> None:
        channel.counting = None
        channel.counted += 1
        channel.wake()

    async def stream(self, game_id: int, lang: str, last_id: str | None) -> AsyncGenerator[bytes, None]:
        """A watcher's events: the game's state now (unless ``last_id`` says the browser has it), then each change."""
        channel = self.channel(game_id)
        channel.watchers += 1
        self._count_changed(channel)
        self.start_polling()
        try:
            if channel.latest is None or (not self.pushed and channel.watchers == 1):
                await self._read_once(channel)
                if channel.latest is None:
                    return
            yield f"retry: {RETRY}\n\n".encode()
            latest = channel.latest
            sent = latest.key if latest is not None and last_id == event_id(latest) else None
            counted = channel.counted
            while not self._closing:
                wake = channel.event
                latest = channel.latest
                if latest is not None and latest.key != sent:
                    yield sse("state", channel.payload(lang), event_id(latest))
                    sent, counted = latest.key, channel.counted
                elif channel.counted != counted:
                    counted = channel.counted
                    yield sse("watchers", encoded({"watchers": watchers_text(lang, channel.watchers)}))
                    continue
                try:
                    await asyncio.wait_for(wake.wait(), PING_S)
                except TimeoutError:
                    yield b": ping\n\n"
        finally:
            channel.watchers -= 1
            self._count_changed(channel)
