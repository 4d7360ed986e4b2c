"""Serving the pages: inside the bot's process (``start_in_bot``, from ``cogs.web_links``), or alone over the same
database (``python -m bot web``, ``main``).

In the bot's process every move the table service publishes reaches the pages at once (``Announcing`` passes each
publication on to the hub, after the Discord publisher); moves made by other processes on a shared PostgreSQL store
come through its notifications. Alone, the pages never change a game: on PostgreSQL they hear the bot's
notifications, on SQLite they look at the watched games' versions a few times a second.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.config import WebSettings
from bot.service.live import Relay
from bot.service.tables import Publisher
from bot.service.tables import Snapshot
from bot.service.tables import TableService
from bot.store import GameRow
from bot.store import Store
from web.activity.app import mount as mount_activity
from web.app import PAGES
from web.app import make_app
from web.guard import Limits
from web.hub import Hub
from web.tokens import Signer
from web.tokens import pages_secret

log = logging.getLogger(__name__)

MAX_LINE = 4096
MAX_FIELD = 8192
"""A request line and each header, at most: the pages take short addresses and ordinary headers only."""
DEFAULT_PORT = 8080


class Announcing(Relay):
    """The table service's publisher, as it was, and the pages' hub told of every change after it."""

    def __init__(self, inner: Publisher, hub: Hub) -> None:
        super().__init__(inner)
        self.hub = hub

    def told(self, game: GameRow, snapshot: Snapshot | None) -> None:
        if snapshot is not None:
            self.hub.published(snapshot)
        else:
            self.hub.changed(game.id)


@dataclass
class Served:
    """Pages being served: their runner (to stop them), signer and hub, and where links start."""

    runner: web.AppRunner
    signer: Signer
    hub: Hub
    base_url: str

    async def stop(self) -> None:
        await self.runner.cleanup()


async def serve(app: web.Application, host: str, port: int) -> web.AppRunner:
    runner = web.AppRunner(
        app,
        access_log=None,
        shutdown_timeout=2.0,
        handler_cancellation=True,  # a watcher who leaves ends its stream at once (its count with it)
        max_line_size=MAX_LINE,
        max_field_size=MAX_FIELD,
    )
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner


def served_port(runner: web.AppRunner) -> int:
    """The port actually bound (the one asked for, or the one the system chose for port 0)."""
    for address in runner.addresses:
        if isinstance(address, tuple):
            return int(address[1])
    raise RuntimeError("the pages are not served")


async def start_in_bot(tables: TableService, store: Store, settings: WebSettings, **options: Any) -> Served:
    """Serve the pages from the bot's process, over its table service: its publications reach the pages."""
    secret = await pages_secret(store, settings.secret)
    app = make_app(tables, store, secret, pushed=True, **options)
    pages = app[PAGES]
    if settings.activity is not None:  # the Discord Activity, on the same origin (web.activity)
        mount_activity(app, tables, store, settings.activity, buckets=pages.buckets)
    runner = await serve(app, settings.host, settings.port or 0)
    tables.publisher = Announcing(tables.publisher, pages.hub)
    if store.shared:
        store.watch(pages.hub.changed)
    port = served_port(runner)
    base = settings.public_url or WebSettings(port=port, host=settings.host).base_url or ""
    log.info("web pages served on %s:%s (links: %s)", settings.host, port, base)
    return Served(runner, pages.signer, pages.hub, base)


async def start_alone(store: Store, settings: WebSettings, limits: Limits | None = None) -> Served:
    """Serve the pages alone over ``store``: a table service of their own reads the games and never changes them."""
    tables = TableService(store)
    secret = await pages_secret(store, settings.secret)
    app = make_app(tables, store, secret, pushed=store.shared, limits=limits)
    pages = app[PAGES]
    if store.shared:
        store.watch(pages.hub.changed)
    runner = await serve(app, settings.host, settings.port or 0)
    port = served_port(runner)
    base = settings.public_url or WebSettings(port=port, host=settings.host).base_url or ""
    return Served(runner, pages.signer, pages.hub, base)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot web", description="Serve the web pages alone.")
    parser.add_argument("--host", help="the address to listen on (default: TABLEE_WEB_HOST, else 127.0.0.1)")
    parser.add_argument("--port", type=int, help=f"the port (default: TABLEE_WEB_PORT, else {DEFAULT_PORT})")
    return parser


async def run_alone(settings: WebSettings, database: Any) -> None:
    from bot.pictures import workers
    from bot.store import open_store

    store = await open_store(database)
    try:
        served = await start_alone(store, settings)
        print(f"Tablée's pages are served at {served.base_url}/ (Ctrl-C stops them)", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        try:
            await stop.wait()
        finally:
            await served.stop()
    finally:
        await store.close()
        await workers.shutdown()


def main(argv: list[str] | None = None) -> int:
    """``python -m bot web``: the pages alone over the database the settings name."""
    from bot import config

    args = build_parser().parse_args(argv)
    try:
        settings = config.load()
    except config.ConfigError as error:
        print(f"python -m bot web: error: {error}", file=sys.stderr)
        return 2
    web_settings = WebSettings(
        port=args.port or settings.web.port or DEFAULT_PORT,
        host=args.host or settings.web.host,
        public_url=settings.web.public_url,
        secret=settings.web.secret,
    )
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.database_url is None and not settings.database.exists():
        print(f"python -m bot web: error: there is no SQLite file at {settings.database} (TABLEE_DATABASE)",
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        asyncio.run(run_alone(web_settings, settings.store))
    except OSError as error:
        print(f"python -m bot web: error: cannot serve on {web_settings.host}:{web_settings.port}: {error}",
              file=sys.stderr)  # fmt: skip
        return 2
    return 0
