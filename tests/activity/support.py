"""What the Activity's tests share: a fake of Discord's API (its OAuth2 token endpoint, ``users/@me`` and the
Activity instances), the pages with the Activity mounted over a real table service, and a host page that plays
Discord's client: it frames the Activity and answers the Embedded App SDK over ``postMessage`` as Discord's client
does (the SDK's documented protocol: ``[opcode, payload]`` frames; HANDSHAKE answered by the READY dispatch; the
AUTHORIZE and AUTHENTICATE commands answered with their nonce, any other command with an ERROR event).

Discord is never reached: every address of the Activity's server-side calls points at the fake.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.config import ActivitySettings
from bot.service.tables import TableService
from tests.service_support import Recorder
from tests.service_support import open_store
from web.activity.app import mount
from web.activity.rooms import Activity
from web.activity.sessions import Sessions
from web.app import make_app

CLIENT_ID = "123456789012345678"
CLIENT_SECRET = "client-secret-that-must-never-reach-a-page"
BOT_TOKEN = "bot-token-that-must-never-reach-a-page"
PAGES_SECRET = "a secret for the tests, long enough"
GUILD = 1
CHANNEL = 9
INSTANCE = "i-1234567890123456789-gc-1-9"
FRAME = "3f0c2a7e-0f6b-4f7e-9a3f-2b8f0c9d4e51"
HOST_PAGE = Path(__file__).with_name("host.html")
HOST_SCRIPT = Path(__file__).with_name("host.js")


@dataclass
class FakeDiscord:
    """Discord's API as the Activity's server uses it: codes handed out by the client double, each used once, for
    an access token; who a token belongs to; and where each instance runs, with whom."""

    users: dict[int, dict[str, Any]] = field(default_factory=dict)
    codes: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    instances: dict[str, dict[str, Any]] = field(default_factory=dict)
    exchanges: list[dict[str, str]] = field(default_factory=list)
    """Every form posted to the token endpoint."""

    def user(self, user_id: int, name: str, locale: str = "fr") -> None:
        self.users[user_id] = {"id": str(user_id), "username": name.lower(), "global_name": name, "locale": locale}

    def code_for(self, user_id: int) -> str:
        code = secrets.token_hex(15)
        self.codes[code] = user_id
        return code

    def instance(self, instance_id: str, channel_id: int, users: list[int], guild_id: int | None = GUILD) -> None:
        location = {"id": f"gc-{guild_id}-{channel_id}", "kind": "gc", "channel_id": str(channel_id)}
        if guild_id is not None:
            location["guild_id"] = str(guild_id)
        self.instances[instance_id] = {
            "application_id": CLIENT_ID,
            "instance_id": instance_id,
            "launch_id": "1",
            "location": location,
            "users": [str(u) for u in users],
        }

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/api/v10/oauth2/token", self.token)
        app.router.add_get("/api/v10/users/@me", self.me)
        app.router.add_get("/api/v10/applications/{app}/activity-instances/{instance}", self.instance_of)
        return app

    async def token(self, request: web.Request) -> web.Response:
        form = dict(await request.post())
        self.exchanges.append({k: str(v) for k, v in form.items()})
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        user_id = self.codes.pop(str(form.get("code")), None)
        if form.get("grant_type") != "authorization_code" or user_id is None:
            return web.json_response({"error": "invalid_grant"}, status=400)
        access = secrets.token_hex(16)
        self.tokens[access] = user_id
        return web.json_response({"access_token": access, "token_type": "Bearer", "expires_in": 604800})

    async def me(self, request: web.Request) -> web.Response:
        bearer = request.headers.get("Authorization", "")
        user_id = self.tokens.get(bearer.removeprefix("Bearer "))
        if not bearer.startswith("Bearer ") or user_id is None:
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        return web.json_response(self.users[user_id])

    async def instance_of(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != f"Bot {BOT_TOKEN}" or request.match_info["app"] != CLIENT_ID:
            return web.json_response({"message": "401: Unauthorized"}, status=401)
        found = self.instances.get(request.match_info["instance"])
        if found is None:
            return web.json_response({"message": "Unknown Activity Instance"}, status=404)
        return web.json_response(found)


@dataclass
class Served:
    """The pages with the Activity, over a table service, and the fake Discord they ask."""

    server: TestServer
    fake: FakeDiscord
    tables: TableService
    activity: Activity

    def url(self, path: str) -> str:
        return str(self.server.make_url(path))

    def host(self, user_id: int, instance: str = INSTANCE) -> str:
        """The client double's page for a user: the code it will hand out is theirs."""
        code = self.fake.code_for(user_id)
        name = self.fake.users[user_id]["global_name"]
        query = f"user={user_id}&name={name}&code={code}&client={CLIENT_ID}&frame={FRAME}&instance={instance}"
        return self.url(f"/test-host/?{query}")


async def host_page(_: web.Request) -> web.Response:
    return web.Response(text=HOST_PAGE.read_text(), content_type="text/html")


async def host_script(_: web.Request) -> web.Response:
    return web.Response(text=HOST_SCRIPT.read_text(), content_type="text/javascript")


@asynccontextmanager
async def served(path: Path, *, sessions: Sessions | None = None) -> AsyncIterator[Served]:
    """A table service on a SQLite file, its pages with the Activity mounted (pointing at a fake Discord), the
    client double's host page beside them on the same origin, all served on 127.0.0.1."""
    fake = FakeDiscord()
    fake_server = TestServer(fake.app(), host="127.0.0.1")
    await fake_server.start_server()
    tables = TableService(await open_store(path / "tablee.db"), Recorder())
    app = make_app(tables, tables.store, PAGES_SECRET, pushed=True)
    settings = ActivitySettings(CLIENT_ID, CLIENT_SECRET, BOT_TOKEN, str(fake_server.make_url("/api/v10")))
    activity = mount(app, tables, tables.store, settings, sessions=sessions)
    app.router.add_get("/test-host/", host_page)
    app.router.add_get("/test-host/host.js", host_script)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        yield Served(server, fake, tables, activity)
    finally:
        await server.close()
        await fake_server.close()
