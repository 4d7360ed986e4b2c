"""What the Activity asks Discord, from the server only: a player's OAuth2 code exchanged for their access token
(with the application's secret, which never reaches the page), who that token belongs to (``users/@me``), and where
an Activity instance runs and who is in it (with the bot's token).

The page says which instance it is in; the channel and the people in it come from Discord, never from the page.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import aiohttp

from bot.config import ActivitySettings

log = logging.getLogger(__name__)

TIMEOUT = aiohttp.ClientTimeout(total=10)
CODE = re.compile(r"[A-Za-z0-9_\-.~]{1,200}")
"""An OAuth2 code as Discord gives it (30 letters and digits): anything else is refused before Discord is asked."""
INSTANCE = re.compile(r"[A-Za-z0-9_\-:.]{1,200}")
SNOWFLAKE = re.compile(r"[0-9]{1,20}")
NAME_LIMIT = 32


class DiscordRefused(Exception):
    """Discord said no (a code already used or from another application, an instance that is over) or could not be
    reached: the page is told to start again, nothing is kept."""


@dataclass(frozen=True)
class User:
    """A Discord user as ``users/@me`` describes them: their id, the name shown and their language (``fr``...)."""

    id: int
    name: str
    locale: str


@dataclass(frozen=True)
class Instance:
    """An Activity instance: the server and channel it runs in (no server: a direct message) and its people."""

    guild_id: int | None
    channel_id: int
    users: frozenset[int]


def _snowflake(value: Any) -> int | None:
    text = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else ""
    return int(text) if SNOWFLAKE.fullmatch(text) and 0 < int(text) < 2**63 else None


def shown_name(data: dict[str, Any]) -> str:
    """The name a player goes by (their display name, else their user name), cut as the bot cuts names."""
    name = data.get("global_name") or data.get("username") or "?"
    name = str(name).strip() or "?"
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"


class DiscordApi:
    """Discord's API for one application, through one HTTP session opened at first use."""

    def __init__(self, settings: ActivitySettings) -> None:
        self.settings = settings
        self._session: aiohttp.ClientSession | None = None

    @property
    def base(self) -> str:
        return self.settings.api_url.rstrip("/")

    def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def _json(self, method: str, path: str, what: str, **options: Any) -> dict[str, Any]:
        try:
            async with self.session().request(method, self.base + path, **options) as response:
                if response.status >= 400:
                    log.info("Discord refused %s: %s", what, response.status)
                    raise DiscordRefused(what)
                data = await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            log.warning("Discord could not be asked for %s: %r", what, error)
            raise DiscordRefused(what) from error
        if not isinstance(data, dict):
            raise DiscordRefused(what)
        return data

    async def exchange(self, code: str) -> str:
        """The access token a player's OAuth2 code stands for (the code is used up)."""
        if not CODE.fullmatch(code):
            raise DiscordRefused("code")
        form = {
            "client_id": self.settings.client_id,
            "client_secret": self.settings.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        data = await self._json("POST", "/oauth2/token", "the code", data=form)
        token = data.get("access_token")
        if not isinstance(token, str) or not token:
            raise DiscordRefused("the code")
        return token

    async def me(self, access_token: str) -> User:
        """Who an access token belongs to."""
        headers = {"Authorization": f"Bearer {access_token}"}
        data = await self._json("GET", "/users/@me", "the user", headers=headers)
        user_id = _snowflake(data.get("id"))
        if user_id is None:
            raise DiscordRefused("the user")
        return User(user_id, shown_name(data), str(data.get("locale") or ""))

    async def instance(self, instance_id: str) -> Instance:
        """Where an instance of this application's Activity runs, and who is in it."""
        if not INSTANCE.fullmatch(instance_id):
            raise DiscordRefused("the instance")
        headers = {"Authorization": f"Bot {self.settings.bot_token}"}
        path = f"/applications/{self.settings.client_id}/activity-instances/{instance_id}"
        data = await self._json("GET", path, "the instance", headers=headers)
        location = data.get("location")
        if not isinstance(location, dict):
            raise DiscordRefused("the instance")
        channel_id = _snowflake(location.get("channel_id"))
        if channel_id is None:
            raise DiscordRefused("the instance")
        users = data.get("users")
        members = frozenset(u for u in (_snowflake(v) for v in users) if u) if isinstance(users, list) else frozenset()
        return Instance(_snowflake(location.get("guild_id")), channel_id, members)
