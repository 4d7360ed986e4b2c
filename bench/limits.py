"""Discord's REST rate limits, enforced offline: simcord answers every request, so nothing there would ever show that
the bot sends too much. This double stands between the bot's pacer and simcord and answers as Discord does.

From Discord's documentation (topics/rate-limits):
- a bot token may make 50 requests a second, interaction endpoints (``/interactions``, ``/webhooks``) aside;
- routes have buckets per top-level resource; a channel takes about 5 message creates, edits or deletes per 5 s;
- past a limit the answer is 429, with ``retry_after`` (seconds, a float), ``global`` and ``code`` in its body and
  the ``Retry-After`` and ``X-RateLimit-*`` headers (``Scope``: ``user``, ``global`` or ``shared``);
- 10,000 invalid requests (401, 403, 429) in 10 minutes get the host banned by Cloudflare.

simcord replaces discord.py's ``HTTPClient.request``, so discord.py's own 429 handling never runs under it: the
double also does what discord.py does with a 429 (waits ``retry_after`` and tries again, five tries in all, the
whole token waiting out a global one), and counts each.
"""

from __future__ import annotations

import asyncio
import contextvars
import math
import re
import time
from collections import Counter
from collections import deque
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

import discord

Send = Callable[..., Awaitable[Any]]
"""discord.py's ``HTTPClient.request``: ``(route, **kwargs)``."""

GLOBAL_LIMIT = 50
"""Requests a bot token may make in a second."""
EXEMPT = ("/interactions", "/webhooks")
"""Routes outside the global limit: interaction endpoints."""
MESSAGES = re.compile(r"^/channels/\{channel_id\}/messages")
"""A channel's message routes, limited per channel."""
MESSAGE_METHODS = frozenset({"POST", "PATCH", "DELETE"})
INVALID_WINDOW = 600.0
"""Seconds over which Cloudflare counts a host's invalid requests."""
INVALID_BAN = 10_000
"""Invalid requests in that window that get a host banned."""
TRIES = 5
"""Attempts discord.py makes of a request answered 429."""

TAG: contextvars.ContextVar[object] = contextvars.ContextVar("discord_limits_tag", default=None)
"""What the current task is sending, for whoever reads ``DiscordLimits.sent`` (a load test marks table edits)."""


@dataclass(frozen=True)
class Answer429:
    """A 429 as Discord sends it: its status, headers and JSON body."""

    route: str
    headers: dict[str, str]
    body: dict[str, Any]
    status: int = 429

    @property
    def scope(self) -> str:
        return self.headers["X-RateLimit-Scope"]


@dataclass(frozen=True)
class Sent:
    """A request that reached Discord and was answered (not 429)."""

    at: float
    method: str
    path: str
    """The route's template, e.g. ``/channels/{channel_id}/messages/{message_id}``."""
    channel_id: int | None
    tag: object
    """``TAG`` as the sending task had it."""


@dataclass
class _Window:
    """A sliding window of ``limit`` requests per ``period`` seconds."""

    limit: int
    period: float
    times: deque[float] = field(default_factory=deque)

    def free_in(self, now: float) -> float:
        """Seconds until the window takes one more request (0: now)."""
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        if len(self.times) < self.limit:
            return 0.0
        return self.times[0] + self.period - now

    def reset_after(self, now: float) -> float:
        """Seconds until the window is empty again."""
        return max(0.0, self.times[-1] + self.period - now) if self.times else 0.0


class _Response:
    """Enough of an aiohttp response for ``discord.HTTPException`` (as simcord builds its errors)."""

    def __init__(self, status: int, headers: dict[str, str]) -> None:
        self.status = status
        self.reason = "Too Many Requests"
        self.headers = headers


class DiscordLimits:
    """Wraps a send coroutine with Discord's global and per-channel message limits (see the module's docstring).

    ``clock`` and ``sleep`` are the time it reads and waits in (a test gives its own).
    """

    def __init__(
        self,
        *,
        global_limit: int = GLOBAL_LIMIT,
        channel_limit: int = 5,
        channel_window: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        tries: int = TRIES,
    ) -> None:
        self.global_limit = global_limit
        self.channel_limit = channel_limit
        self.channel_window = channel_window
        self.clock = clock
        self.sleep = sleep
        self.tries = tries
        self._global = _Window(global_limit, 1.0)
        self._channels: dict[int, _Window] = {}
        self._global_over_until = 0.0
        """discord.py's ``_global_over``: after a global 429 every request waits until then."""
        self.answers: list[Answer429] = []
        """Every 429 answered, in order."""
        self.by_bucket: Counter[tuple[str, str]] = Counter()
        """429s by (bucket, scope)."""
        self.sent: list[Sent] = []
        self.exempt = 0
        """Interaction requests passed through, outside every limit."""
        self._invalid: deque[float] = deque()

    @property
    def responses_429(self) -> int:
        return len(self.answers)

    def invalid_requests(self) -> int:
        """Invalid requests (401, 403, 429) in the last ten minutes, as Cloudflare counts them."""
        horizon = self.clock() - INVALID_WINDOW
        while self._invalid and self._invalid[0] <= horizon:
            self._invalid.popleft()
        return len(self._invalid)

    def wrap(self, send: Send) -> Send:
        """``send`` under Discord's limits, retried past a 429 as discord.py retries."""

        async def request(route: Any, **kwargs: Any) -> Any:
            return await self.request(send, route, **kwargs)

        return request

    async def request(self, send: Send, route: Any, **kwargs: Any) -> Any:
        path = str(route.path)
        if path.startswith(EXEMPT):
            self.exempt += 1
            return await send(route, **kwargs)
        answer: Answer429 | None = None
        for attempt in range(self.tries):
            if (wait := self._global_over_until - self.clock()) > 0:
                await self.sleep(wait)
            answer = self._admit(route)
            if answer is None:
                return await self._send(send, route, **kwargs)
            self._invalid.append(self.clock())
            self.answers.append(answer)
            self.by_bucket[(answer.headers["X-RateLimit-Bucket"], answer.scope)] += 1
            retry_after = float(answer.body["retry_after"])
            if answer.body["global"]:
                self._global_over_until = max(self._global_over_until, self.clock() + retry_after)
            if attempt + 1 < self.tries:
                await self.sleep(retry_after)
        assert answer is not None  # at least one try was answered 429
        raise discord.HTTPException(_Response(429, answer.headers), answer.body)

    async def _send(self, send: Send, route: Any, **kwargs: Any) -> Any:
        """The request, admitted: sent, and recorded once answered (a 401 or 403 counts as invalid)."""
        began = self.clock()
        tag = TAG.get()
        try:
            result = await send(route, **kwargs)
        except discord.HTTPException as error:
            if error.status in (401, 403):
                self._invalid.append(self.clock())
            raise
        channel = getattr(route, "channel_id", None)
        self.sent.append(Sent(began, str(route.method), str(route.path), channel, tag))
        return result

    def _bucket(self, route: Any) -> tuple[str, _Window] | None:
        """The route's own limited bucket, if it has one here: a channel's messages."""
        channel = getattr(route, "channel_id", None)
        if channel is None or route.method not in MESSAGE_METHODS or not MESSAGES.match(str(route.path)):
            return None
        window = self._channels.get(int(channel))
        if window is None:
            window = self._channels[int(channel)] = _Window(self.channel_limit, self.channel_window)
        return f"messages:{channel}", window

    def _admit(self, route: Any) -> Answer429 | None:
        """Counts the request in its windows, or the 429 Discord would answer (nothing counted then)."""
        now = self.clock()
        if (wait := self._global.free_in(now)) > 0:
            return self._answer(route, "global", wait, self._global, "global")
        bucket = self._bucket(route)
        if bucket is not None and (wait := bucket[1].free_in(now)) > 0:
            return self._answer(route, bucket[0], wait, bucket[1], "user")
        self._global.times.append(now)
        if bucket is not None:
            bucket[1].times.append(now)
        return None

    def _answer(self, route: Any, bucket: str, retry_after: float, window: _Window, scope: str) -> Answer429:
        is_global = scope == "global"
        message = "You are being rate limited."
        headers = {
            "Retry-After": str(math.ceil(retry_after)),
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": f"{window.reset_after(self.clock()):.3f}",
            "X-RateLimit-Bucket": bucket,
            "X-RateLimit-Scope": scope,
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        # Milliseconds, rounded up (never 0): a client that waits exactly ``retry_after`` finds room.
        body = {
            "message": message,
            "retry_after": max(1, math.ceil(retry_after * 1000 - 1e-6)) / 1000,
            "global": is_global,
            "code": 0,
        }
        return Answer429(f"{route.method} {route.path}", headers, body)
