"""``make bench``'s section on the pages: how long 500 watchers of one table wait for a move, and what each page
weighs as a browser loads it.

One process serves the pages over real sockets on this machine, as the bot does (its table service's publications
reach the pages); the watchers are as many live streams (server-sent events) opened by a client in the same process,
so the delays include reading every event, on the same cores. A move is made through the table service, and each
watcher's delay runs from the call until its stream has the new state. The weights are the bytes a browser receives
(compressed where the pages compress) for a page, its style sheet, its script and its first picture: the live table
of a game in progress, the replay of a whole game (its steps too) and a server's page.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from bot.config import WebSettings
from bot.registry import player_of
from bot.service.tables import TableService
from bot.store import Store
from web.guard import Limits
from web.serve import Served
from web.serve import start_in_bot

WATCHERS = 500
DELAY_BUDGET_S = 1.0
WEIGHT_BUDGET = 300 * 1024
HOST = 1
SECRET = "the bench's own secret, unused elsewhere"
UNLIMITED = Limits(rate=1e9, burst=1e9, streams=1_000_000)
GAMES = {"nain_jaune": (4, {"deals": 1}), "chat_vert": (4, {"timer": 0}), "njet": (4, {"rounds": 1})}
"""The games weighed: the live table of the first, the replays of all (Le Chat vert's is the longest)."""


async def _started(service: TableService, kind: str, players: int, options: dict[str, Any], channel: int) -> int:
    row = await service.open_table(
        guild_id=1, channel_id=channel, kind=kind, options=options, host_id=HOST, host_name="Alice", locale="fr"
    )
    for _ in range(players - 1):
        await service.add_bot(row.id, HOST)
    await service.start(row.id, HOST)
    return row.id


async def _host_move(service: TableService, game_id: int, rng: random.Random) -> bool:
    """The host's move, chosen by the computer player; False once the game is over."""
    live = await service.load(game_id)
    if live.row.status != "running":
        return False
    seat = live.row.seat_of(HOST)
    assert seat is not None
    await service.act(game_id, HOST, player_of(live.row.kind).act(live.state, seat, rng))
    return True


async def _watch(session: aiohttp.ClientSession, url: str, ready: asyncio.Event, seen: dict[int, float]) -> None:
    """One watcher: its stream's versions, each with when it arrived."""
    async with session.get(url) as stream:
        async for raw in stream.content:
            line = raw.decode()
            if line.startswith("id: "):
                seen[int(line[4:].split("-")[0])] = time.perf_counter()
                ready.set()


async def measure_watchers(
    served: Served, service: TableService, game_id: int, watchers: int, moves: int
) -> list[float]:
    """Each watcher's delay after each move, in seconds."""
    url = f"{served.base_url}/g/{served.signer.game(game_id)}/events"
    connector = aiohttp.TCPConnector(limit=0)
    rng = random.Random(7)
    delays: list[float] = []
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=None)) as session:
        seen: list[dict[int, float]] = [{} for _ in range(watchers)]
        ready = [asyncio.Event() for _ in range(watchers)]
        tasks = [asyncio.ensure_future(_watch(session, url, ready[i], seen[i])) for i in range(watchers)]
        try:
            await asyncio.wait_for(asyncio.gather(*(event.wait() for event in ready)), 60)
            await asyncio.sleep(1.5)  # the spectators' count goes out once, after a second
            for _ in range(moves):
                started = time.perf_counter()
                if not await _host_move(service, game_id, rng):
                    break
                version = (await service.load(game_id)).n
                deadline = started + 10
                while not all(version in s for s in seen) and time.perf_counter() < deadline:
                    await asyncio.sleep(0.005)
                delays += [s[version] - started if version in s else float("inf") for s in seen]
                await asyncio.sleep(0.2)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    return delays


async def _weight(session: aiohttp.ClientSession, base: str, page: str, extra: list[str]) -> int:
    """The bytes received for a page and what it loads (compressed as sent)."""
    total = 0
    for path in [page, "/static/tablee.css", "/static/tablee.js", *extra]:
        async with session.get(base + path, headers={"Accept-Encoding": "gzip"}) as answer:
            assert answer.status == 200, (path, answer.status)
            total += len(await answer.read())
    return total


async def measure_weights(served: Served, live: int, finished: dict[str, int]) -> dict[str, int]:
    base = served.base_url
    weights: dict[str, int] = {}
    game = f"/g/{served.signer.game(live)}/"
    async with aiohttp.ClientSession() as session, session.get(base + game + "state.json") as answer:
        picture = (await answer.json())["picture"]
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        weights["live"] = await _weight(session, base, game, [game + picture])
        for kind, game_id in finished.items():
            game = f"/g/{served.signer.game(game_id)}/"
            weights[f"replay_{kind}"] = await _weight(
                session, base, game + "replay", [game + "steps.json?lang=fr", game + "step/fr/0.png"]
            )
        weights["server"] = await _weight(session, base, f"/s/{served.signer.guild(1)}/", [])
    return weights


async def bench_web(watchers: int = WATCHERS, moves: int = 5) -> tuple[bool, dict[str, Any]]:
    """The section's figures (and whether they meet their budgets), printed as the bench's other lines."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "web.db")
        service = TableService(store)
        served = await start_in_bot(service, store, WebSettings(port=0, secret=SECRET), limits=UNLIMITED)
        try:
            finished: dict[str, int] = {}
            for channel, (kind, (players, options)) in enumerate(GAMES.items(), start=10):
                game_id = await _started(service, kind, players, dict(options), channel)
                rng = random.Random(channel)
                while await _host_move(service, game_id, rng):
                    pass
                finished[kind] = game_id
            live = await _started(service, "nain_jaune", 4, {}, 1)
            await _host_move(service, live, random.Random(1))
            delays = await measure_watchers(served, service, live, watchers, moves)
            weights = await measure_weights(served, live, finished)
        finally:
            await served.stop()
            await store.close()
    ordered = sorted(delays)
    p50 = statistics.median(ordered) if ordered else float("inf")
    p95 = ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("inf")
    worst = ordered[-1] if ordered else float("inf")
    delay_ok = worst <= DELAY_BUDGET_S
    heaviest = max(weights.values())
    weight_ok = heaviest <= WEIGHT_BUDGET
    print(
        f"== web: {watchers} watchers of one table, {len(delays) // max(1, watchers)} moves: each watcher has the move"
        f" after {p50 * 1000:.0f} ms p50, {p95 * 1000:.0f} ms p95, {worst * 1000:.0f} ms at most"
        f" (budget <= {DELAY_BUDGET_S * 1000:.0f} ms) {'OK' if delay_ok else 'OVER'}"
    )
    shown = ", ".join(f"{name} {size / 1024:.0f} KB" for name, size in weights.items())
    print(f"== web: page weights with their picture: {shown} (budget < {WEIGHT_BUDGET // 1024} KB) "
          f"{'OK' if weight_ok else 'OVER'}")  # fmt: skip
    figures = {
        "watchers": watchers,
        "delay_p50_ms": round(p50 * 1000, 1),
        "delay_p95_ms": round(p95 * 1000, 1),
        "delay_max_ms": round(worst * 1000, 1),
        "page_bytes": weights,
    }
    return delay_ok and weight_ok, figures
