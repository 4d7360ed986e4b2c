"""Who is behind a page: a random token given to the page once Discord said who the player is, kept only in this
process's memory, and good for a while.

Not a cookie: the Activity runs in a frame of discord.com, where browsers keep or drop third-party cookies as they
please; the page holds the token in memory and sends it as the first message of its WebSocket. A session ends when
it has not been used for ``IDLE_S`` or is older than ``MAX_S``; the page then asks Discord again (silently: the
player already allowed it).
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

IDLE_S = 30 * 60.0
MAX_S = 12 * 60 * 60.0
KEPT = 20_000
"""Sessions kept at most: past it the least recently used go first."""


@dataclass
class Session:
    """A player known to Discord: their id, name and language, since when, and when last seen."""

    user_id: int
    name: str
    lang: str
    created: float
    used: float


class Sessions:
    """The live sessions, by token."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, idle_s: float = IDLE_S, max_s: float = MAX_S):
        self.clock = clock
        self.idle_s = idle_s
        self.max_s = max_s
        self._sessions: OrderedDict[str, Session] = OrderedDict()

    def open(self, user_id: int, name: str, lang: str) -> str:
        """A new session's token (32 random bytes)."""
        token = secrets.token_urlsafe(32)
        now = self.clock()
        self._sessions[token] = Session(user_id, name, lang, now, now)
        while len(self._sessions) > KEPT:
            self._sessions.popitem(last=False)
        return token

    def get(self, token: object) -> Session | None:
        """The session a token opens, now marked as used; None for an unknown token or an expired session (which is
        forgotten)."""
        if not isinstance(token, str) or len(token) > 64:
            return None
        session = self._sessions.get(token)
        if session is None:
            return None
        now = self.clock()
        if now - session.used > self.idle_s or now - session.created > self.max_s:
            del self._sessions[token]
            return None
        session.used = now
        self._sessions.move_to_end(token)
        return session

    def __len__(self) -> int:
        return len(self._sessions)
