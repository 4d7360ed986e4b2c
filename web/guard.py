"""What every answer of the pages goes through: strict headers, a request rate and size per client, and a plain
answer for anything refused or broken (a status and one line of text, never a traceback page).

The headers suit a page that Discord may later open in its frame (an Activity): everything is loaded from the page's
own origin (``default-src 'self'``, no inline script or style, no third-party host), frames are allowed from the same
origin and Discord only, and no address (links carry their token) is ever sent as a referrer.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass

from aiohttp import web
from aiohttp.typedefs import Middleware

log = logging.getLogger(__name__)

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'self' https://discord.com https://*.discord.com"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}
MAX_QUERY = 256
"""Characters a query string may have: the pages take ``lang`` and ``before`` only."""
MAX_PATH = 256
CLIENT_MAX_SIZE = 1024
"""Bytes a request's body may have: the pages take none."""
CLIENTS_KEPT = 10_000

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Limits:
    """Per client (its address): requests a second on average, the burst allowed above it, and live streams open at
    once."""

    rate: float = 20.0
    burst: float = 80.0
    streams: int = 12


class Buckets:
    """A token bucket per client address, the least recently seen forgotten first."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self.streams: dict[str, int] = {}

    def take(self, client: str) -> bool:
        now = self.clock()
        tokens, last = self._buckets.pop(client, (self.limits.burst, now))
        tokens = min(self.limits.burst, tokens + (now - last) * self.limits.rate)
        allowed = tokens >= 1
        self._buckets[client] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > CLIENTS_KEPT:
            self._buckets.popitem(last=False)
        return allowed


def plain(status: int, reason: str) -> web.Response:
    return web.Response(status=status, text=f"{status} {reason}\n", content_type="text/plain")


def client_of(request: web.Request) -> str:
    return request.remote or "?"


def guard(buckets: Buckets) -> Middleware:
    """The middleware: refuse what is too big or too often, and answer every error plainly."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if len(request.raw_path) > MAX_PATH + MAX_QUERY or len(request.query_string) > MAX_QUERY:
            return plain(414, "URI Too Long")
        if request.method not in ("GET", "HEAD"):
            return plain(405, "Method Not Allowed")
        if request.content_length or request.headers.get("Transfer-Encoding"):
            return plain(413, "Payload Too Large")
        return await answered(request, handler, buckets, "page")

    return middleware


async def answered(request: web.Request, handler: Handler, buckets: Buckets, what: str) -> web.StreamResponse:
    """The client's turn taken from ``buckets`` (429 past its rate), then ``handler``'s answer; a refusal or a
    failure is one plain line, never a traceback page (``what`` names the failure in the log)."""
    if not buckets.take(client_of(request)):
        response = plain(429, "Too Many Requests")
        response.headers["Retry-After"] = "1"
        return response
    try:
        return await handler(request)
    except web.HTTPException as error:
        if error.status < 400:
            raise
        return plain(error.status, error.reason)
    except (ConnectionResetError, TimeoutError):
        raise
    except Exception:
        log.exception("%s %s failed", what, request.path)
        return plain(500, "Internal Server Error")


async def secure_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Added to every answer, streams and errors included, before its headers go out."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers.setdefault("Cache-Control", "no-store")
