"""Unguessable links: a game's or a server's number with an HMAC of it, keyed by the pages' secret.

A token is ``<number>-<signature>``: the signature is the first 128 bits of HMAC-SHA256 over ``"game:<id>"`` or
``"guild:<id>"``, in base64url. Whoever has a link can share it; nobody can make one for another game or server
without the secret, and changing the secret withdraws every link given before.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.store import Store

SIGNATURE_BYTES = 16
TOKEN = re.compile(r"([0-9]{1,19})-([A-Za-z0-9_-]{22})")
"""A token's shape: what the router accepts before any signature is checked."""
ROUTE = r"[0-9]{1,19}-[A-Za-z0-9_\-]{22}"
"""The same shape for aiohttp's router (a path that does not match it is 404 without any work)."""
SECRET_KEY = ("web", "secret")
"""Where a random secret is kept in the store's table data (channel 0) when none is set."""


class Signer:
    """Makes and checks the tokens of one secret."""

    def __init__(self, secret: str | bytes) -> None:
        key = secret.encode() if isinstance(secret, str) else secret
        if len(key) < 16:
            raise ValueError("the pages' secret must be at least 16 bytes long")
        self._key = key

    def _signature(self, scope: str, number: int) -> str:
        mac = hmac.new(self._key, f"{scope}:{number}".encode(), hashlib.sha256).digest()[:SIGNATURE_BYTES]
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()

    def token(self, scope: str, number: int) -> str:
        return f"{number}-{self._signature(scope, number)}"

    def game(self, game_id: int) -> str:
        return self.token("game", game_id)

    def guild(self, guild_id: int) -> str:
        return self.token("guild", guild_id)

    def check(self, scope: str, token: str) -> int | None:
        """The number a token signs for ``scope``, or None for anything else (compared in constant time)."""
        match = TOKEN.fullmatch(token)
        if match is None:
            return None
        number = int(match[1])
        if not hmac.compare_digest(self._signature(scope, number), match[2]):
            return None
        return number


def new_secret() -> str:
    """A random secret, for a bot whose settings name none."""
    return secrets.token_urlsafe(32)


async def pages_secret(store: Store, configured: str) -> str:
    """The secret the links are signed with: the one set (``TABLEE_WEB_SECRET``), else one made once and kept in the
    database, so that links outlive a restart and the bot and ``python -m bot web`` sign alike."""
    if configured:
        return configured
    channel, (kind, key) = 0, SECRET_KEY
    stored = await store.table_data(channel, kind, key)
    if isinstance(stored, str) and len(stored) >= 16:
        return stored
    await store.set_table_data(channel, kind, key, new_secret())
    found = await store.table_data(channel, kind, key)  # another process may have written its own meanwhile
    return str(found)
