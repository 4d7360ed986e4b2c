"""One pacer per process: every REST request of the bot waits its turn here, under Discord's limits, most urgent
first.

Discord allows a bot token 50 requests a second across all its processes (interaction answers aside) and about 5
messages created, edited or deleted per 5 seconds in one channel; past them it answers 429, and 10,000 invalid
requests in 10 minutes get the host banned. discord.py paces a route's bucket once Discord's headers described it,
but not the global limit. So requests are paced here, ahead of Discord: a token bucket of ``rate`` a second (this
process's share of the token's budget) and, per channel, at most ``channel_limit`` message requests in any
``channel_window`` seconds. When requests wait, the more urgent go first (``Priority``): a table message before the
panel of the seat to act, before the other panels, before calls. A game's publisher sends one update at a time and
merges the moves made meanwhile, so a game whose requests wait shows its newest state next, never a queue of stale
ones.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import time
from collections import deque
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

Send = Callable[..., Awaitable[Any]]
"""discord.py's ``HTTPClient.request``: ``(route, **kwargs)``."""

REST_RATE = 45.0
"""Requests a second one bot token sends at most: under Discord's 50, whatever a second's boundary."""
PROMOTED_AFTER_S = 1.0
"""A request waiting longer than this goes with the most urgent ones."""
EXEMPT = ("/interactions", "/webhooks")
"""Routes outside the global limit: answers to interactions (through their token)."""
CHANNEL_MESSAGES = re.compile(r"^/channels/\{channel_id\}/messages")
"""Routes of a channel's messages, which Discord limits per channel."""
OPEN_DM = "/users/@me/channels"
"""The route that opens a DM: Discord warns that opening many quickly can get a bot blocked from opening DMs."""
DM_OPENS = "@dm"
"""The window of DM openings, beside the channels' ones."""


class Priority(IntEnum):
    """Who goes first when requests wait: the lower, the sooner."""

    LATE = 0
    """A request that has waited over ``PROMOTED_AFTER_S``, whatever it is: the oldest go first."""
    TABLE = 1
    """The table message and the channel's milestones: what everyone watches."""
    TO_ACT = 2
    """The private panel of a seat that must act now."""
    PANEL = 3
    """Other panels, the lobby, notices."""
    CALL = 4
    """Calls and reminders: they wait for the rest."""


PRIORITY: contextvars.ContextVar[Priority] = contextvars.ContextVar("rest_priority", default=Priority.PANEL)
"""The priority of the requests made in the current task (``at``)."""


async def at(priority: Priority, request: Awaitable[T]) -> T:
    """``request`` awaited with its REST requests (and those of the tasks it starts) at ``priority``."""
    token = PRIORITY.set(priority)
    try:
        return await request
    finally:
        PRIORITY.reset(token)


@dataclass
class Stats:
    """What the pacer let through and waited."""

    requests: int = 0
    waited_s: float = 0.0
    responses_429: int = 0


class Pacer:
    """Paces the requests of ``send`` (see the module's docstring). ``clock`` and ``sleep`` are the time it reads
    and waits in (a test gives its own)."""

    def __init__(
        self,
        send: Send,
        rate: float = REST_RATE,
        *,
        channel_limit: int = 5,
        channel_window: float = 5.0,
        dm_interval: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.send = send
        """The request itself, once its turn came (a test double may wrap it)."""
        self.rate = rate
        self.burst = max(1.0, rate / 9)
        """Requests that may go at once after a quiet spell: with the rate, never more than 50 in any second at 45 a
        second (5 at once, then 45 a second), and each process's share the same way."""
        self.channel_limit = channel_limit
        self.channel_window = channel_window
        self.dm_interval = dm_interval
        """Seconds between two DM openings: a game's start opens its players' DMs one after the other, the seat to
        act first (its panel goes first), not all at once."""
        self.clock = clock
        self.sleep = sleep
        self.stats = Stats()
        self._tokens = self.burst
        self._last = clock()
        self._sent: dict[str, deque[float]] = {}
        self._ready = [0] * (max(Priority) + 1)
        """Requests waiting for the global budget only, by priority."""
        self._queued: dict[str, list[int]] = {}
        """Requests waiting for a channel's (or the DM openings') window, by priority."""

    async def request(self, route: Any, **kwargs: Any) -> Any:
        """discord.py's ``HTTPClient.request``, paced."""
        path = str(route.path)
        if not path.startswith(EXEMPT):
            channel = str(route.channel_id) if CHANNEL_MESSAGES.match(path) else None
            if route.method == "POST" and path == OPEN_DM:
                channel = DM_OPENS
            await self._turn(PRIORITY.get(), channel)
        return await self.send(route, **kwargs)

    async def _turn(self, priority: Priority, channel: str | None) -> None:
        began = self.clock()
        queued = self._queued.setdefault(channel, [0] * len(self._ready)) if channel is not None else None
        if queued is not None:
            queued[priority] += 1
        try:
            # A window's next place goes to the most urgent of those waiting for it.
            while (free := self._channel_free_at(channel)) > self.clock() or (queued and any(queued[:priority])):
                await self.sleep(max(free - self.clock(), 1 / self.rate))
        finally:
            if queued is not None and channel is not None:
                queued[priority] -= 1
                if not any(queued):
                    self._queued.pop(channel, None)
        self._ready[priority] += 1
        try:
            while True:
                now = self.clock()
                if priority > Priority.LATE and now - began > PROMOTED_AFTER_S:
                    # Waited long enough: it goes before anything newer, so that a full budget delays everyone a
                    # little rather than starving panels (and the games whose next update waits behind them).
                    self._ready[priority] -= 1
                    priority = Priority.LATE
                    self._ready[priority] += 1
                self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
                self._last = now
                first = not any(self._ready[:priority])
                if self._tokens >= 1 and first and self._channel_free_at(channel) <= now:
                    self._tokens -= 1
                    break
                await self.sleep(max(1 / self.rate, (1 - self._tokens) / self.rate))
        finally:
            self._ready[priority] -= 1
        if channel is not None and self.channel_window > 0:
            self._sent.setdefault(channel, deque()).append(self.clock())
        self.stats.requests += 1
        self.stats.waited_s += self.clock() - began

    def _channel_free_at(self, channel: str | None) -> float:
        """When the channel's window next lets a message request through (now when it has room)."""
        if channel is None or self.channel_window <= 0:
            return 0.0
        sent = self._sent.get(channel)
        if sent is None:
            return 0.0
        limit, window = (1, self.dm_interval) if channel == DM_OPENS else (self.channel_limit, self.channel_window)
        horizon = self.clock() - window
        while sent and sent[0] <= horizon:
            sent.popleft()
        if not sent:
            del self._sent[channel]
            return 0.0
        return 0.0 if len(sent) < limit else sent[0] + window


class RateLimitCounter(logging.Filter):
    """Counts the 429 answers discord.py reports (it waits them out itself, logging each with its bucket)."""

    def __init__(self, stats: Stats) -> None:
        super().__init__()
        self.stats = stats

    def filter(self, record: logging.LogRecord) -> bool:
        if "responded with 429" in record.getMessage():
            self.stats.responses_429 += 1
        return True


def install(http: Any, rate: float = REST_RATE, channel_window: float = 5.0) -> Pacer:
    """Put a pacer in front of a discord.py ``HTTPClient``: every request its methods make goes through it
    (``channel_window`` 0: no channel nor DM opening is paced, for a simulated Discord that has no such limit)."""
    pacer = Pacer(http.request, rate, channel_window=channel_window)
    http.request = pacer.request
    logging.getLogger("discord.http").addFilter(RateLimitCounter(pacer.stats))
    return pacer
