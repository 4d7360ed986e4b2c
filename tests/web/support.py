"""What the web tests share: games played through the table service on a real SQLite file, and the pages served
over them by aiohttp's test server."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient
from aiohttp.test_utils import TestServer

from bot.registry import player_of
from bot.service.tables import TableService
from tests.service_support import SHORT as SHORT
from tests.service_support import started_with_computers
from web.app import PAGES
from web.app import make_app
from web.guard import Limits
from web.hub import Hub
from web.serve import Announcing
from web.tokens import Signer

SECRET = "a secret for the tests, long enough"
SIGNER = Signer(SECRET)
HOST = 1
GUILD = 1


async def host_moves(service: TableService, game_id: int, count: int | None = None, seed: int = 5) -> int:
    """The host's moves, chosen by the computer player, ``count`` of them or until the game ends: how many."""
    rng = random.Random(seed)
    made = 0
    while count is None or made < count:
        live = await service.load(game_id) if game_id in service._live else None
        row = await service.store.get_game(game_id)
        assert row is not None
        if row.status != "running":
            break
        live = await service.load(game_id)
        seat = live.row.seat_of(HOST)
        assert seat is not None and seat in live.engine.to_act(live.state)
        await service.act(game_id, HOST, player_of(live.row.kind).act(live.state, seat, rng))
        made += 1
    return made


async def played(path: Path, kind: str, *, moves: int | None = None) -> tuple[TableService, int]:
    """A short game of ``kind`` started by the host (Alice) with computer players, then ``moves`` of the host's
    moves made (all of them, to the game's end, by default)."""
    players, options = SHORT[kind]
    service, game_id = await started_with_computers(path, kind, players, dict(options), HOST)
    await host_moves(service, game_id, moves)
    return service, game_id


def live_link(game_id: int) -> str:
    return f"/g/{SIGNER.game(game_id)}/"


def server_link(guild_id: int = GUILD) -> str:
    return f"/s/{SIGNER.guild(guild_id)}/"


@asynccontextmanager
async def pages(
    service: TableService, *, pushed: bool = True, limits: Limits | None = None
) -> AsyncIterator[TestClient[Any, Any]]:
    """The pages over ``service`` as the bot serves them (its publications reach them), or alone (``pushed``
    False: the watched games are polled)."""
    app = make_app(service, service.store, SECRET, pushed=pushed, limits=limits)
    hub: Hub = app[PAGES].hub
    if pushed:
        service.publisher = Announcing(service.publisher, hub)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()
