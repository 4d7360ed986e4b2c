"""The Bot: opens the store, wires the table service to Discord, loads the cogs, runs the timers."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections.abc import Callable
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.ext import tasks

from bot.config import Settings
from bot.config import WebSettings
from bot.i18n import Translator
from bot.pictures import workers
from bot.registry import GAMES
from bot.service import collector
from bot.service.tables import TableService
from bot.store import Store
from bot.store import open_store
from cogs.activity import sync_keeping_entry_point
from cogs.activity_launch import activity_on
from cogs.choice_modal import ChoiceButton
from cogs.components import DYNAMIC_ITEMS
from cogs.game_commands import game_group
from cogs.pacing import REST_RATE
from cogs.pacing import Pacer
from cogs.pacing import install
from cogs.publish import DiscordPublisher
from cogs.tables import on_tree_error

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.tables", "cogs.help", "cogs.web_links", "cogs.activity", *(spec.cog for spec in GAMES))
"""The table commands, ``/help``, the web pages and the Discord Activity, then each declared game's module: an
extension when it has commands of its own."""


class TableeTree(app_commands.CommandTree["TableeBot"]):
    """The command tree; its one error handler turns refusals into short ephemeral sentences."""

    async def on_error(self, interaction: discord.Interaction[TableeBot], error: app_commands.AppCommandError) -> None:
        await on_tree_error(interaction, error)


class TableeBot(commands.Bot):
    """One process over one store (an SQLite file, or a PostgreSQL server shared with other processes).

    Every process runs the turn timers: each game's timers are claimed in the store first, so they fire once.
    """

    store: Store
    tables: TableService
    pacer: Pacer
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
    web: WebSettings = WebSettings()
    """The web pages (``cogs.web_links`` serves them when a port is set): off unless the settings ask."""

    def __init__(
        self,
        database: str | Path,
        *,
        dev_guild: int | None = None,
        sync_commands: bool = True,
        timer_tick: float = 10.0,
        clock: Callable[[], float] | None = None,
        rest_rate: float = REST_RATE,
        channel_window: float = 5.0,
        **sharding: Any,
    ) -> None:
        # No privileged intent: everything goes through interactions, DMs are sent, not read.
        intents = discord.Intents.default()
        intents.message_content = False
        # Nobody is pinged unless a message names exactly whom it means to ping (users only, never roles or everyone).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=TableeTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **sharding,
        )
        self.database = database
        self.dev_guild = dev_guild
        self.sync_commands = sync_commands
        self.timer_tick = timer_tick
        self.rest_rate = rest_rate
        self.channel_window = channel_window
        """Seconds in which a channel takes five message requests (``cogs.pacing``); 0 paces no channel."""
        # Discord's clock (simulated in tests), so that turn deadlines follow the same time as Discord.
        self.clock = clock or (lambda: discord.utils.utcnow().timestamp())
        self._timer_loop: tasks.Loop[Callable[[], Coroutine[Any, Any, None]]] | None = None

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Register persistent components, and remember their templates (to answer ids that none of them takes)."""
        self.dynamic_items = (*self.dynamic_items, *items)
        super().add_dynamic_items(*items)

    async def setup_hook(self) -> None:
        # Every REST request of this process is paced under its share of the token's budget (``cogs.pacing``).
        self.pacer = install(self.http, self.rest_rate, self.channel_window)
        self.store = await open_store(self.database)
        self.publisher = DiscordPublisher(self)
        self.tables = TableService(self.store, self.publisher, clock=self.clock)
        await self.tables.recover()
        await self.tree.set_translator(Translator())
        for extension in EXTENSIONS:
            if hasattr(importlib.import_module(extension), "setup"):
                await self.load_extension(extension)
        for spec in GAMES:
            game_group(spec, self.tree)
        self.add_dynamic_items(*DYNAMIC_ITEMS, ChoiceButton)
        if self.sync_commands:
            await self.sync_application_commands()
        if self.timer_tick > 0:
            # A discord.py task loop, not a bare ``asyncio.sleep``: its sleep follows Discord's clock, and a
            # simulated Discord (simcord) sees it as parked, so its clock alone (``advance_time``) wakes the loop.
            self._timer_loop = tasks.loop(seconds=self.timer_tick, name="turn-timers")(self._timers)
            self._timer_loop.before_loop(self.wait_until_ready)
            self._timer_loop.start()
        # What is loaded by now (modules, fonts, catalogs, recovered games) is there to stay: full collections of
        # the garbage collector skip it, so they stay short (unreferenced objects are still freed as usual).
        collector.settle()

    async def sync_application_commands(self) -> None:
        """Sync to the development server (instant) when one is set, else globally."""
        if self.dev_guild is not None:
            guild = discord.Object(id=self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        elif activity_on(self.web):
            await sync_keeping_entry_point(self.tree)  # Discord refuses a sync that drops the Activity's Entry Point
        else:
            await self.tree.sync()

    async def _timers(self) -> None:
        """One tick of the turn timers; a failure is logged and never stops the loop, the next tick tries again."""
        try:
            await self.tables.run_timers()
        except Exception:
            log.exception("turn timers failed")

    async def close(self) -> None:
        if self._timer_loop is not None:
            self._timer_loop.cancel()
        if hasattr(self, "publisher"):
            # Let queued table edits and DMs go out before the connection closes.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.publisher.wait_idle(), timeout=5)
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()
        await workers.shutdown()
        collector.unsettle()


class ShardedTableeBot(TableeBot, commands.AutoShardedBot):
    """A process on some of the gateway's shards (``SHARD_COUNT``, ``SHARD_IDS``), the other shards run by other
    processes on the same PostgreSQL store: an interaction reaches its game whichever shard brings it (direct
    messages come on shard 0), since every game is in the shared store."""

    def __init__(
        self,
        database: str | Path,
        *,
        shard_count: int | None,
        shard_ids: list[int] | None,
        dev_guild: int | None = None,
        sync_commands: bool = True,
        timer_tick: float = 10.0,
        clock: Callable[[], float] | None = None,
        rest_rate: float = REST_RATE,
    ) -> None:
        super().__init__(
            database,
            dev_guild=dev_guild,
            sync_commands=sync_commands,
            timer_tick=timer_tick,
            clock=clock,
            rest_rate=rest_rate,
            shard_count=shard_count,
            shard_ids=shard_ids,
        )


def build_bot(settings: Settings) -> TableeBot:
    """The bot the settings ask for: sharded when ``SHARD_COUNT`` is set, else one plain gateway connection."""
    bot = _built(settings)
    bot.web = settings.web
    return bot


def _built(settings: Settings) -> TableeBot:
    if settings.shard_count is None:
        return TableeBot(
            settings.store,
            dev_guild=settings.dev_guild,
            sync_commands=settings.sync_commands,
            timer_tick=settings.timer_tick,
            rest_rate=settings.rest_share,
        )
    return ShardedTableeBot(
        settings.store,
        shard_count=settings.shard_count,
        shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),
        dev_guild=settings.dev_guild,
        sync_commands=settings.sync_commands,
        timer_tick=settings.timer_tick,
        rest_rate=settings.rest_share,
    )
