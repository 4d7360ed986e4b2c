"""End-to-end fixtures: the real bot and discord.py client against simcord's offline Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from simcord import Env

from cogs.client import TableeBot
from tests.e2e.simhelpers import BOTS
from tests.e2e.simhelpers import SETTLE_GUARD_S
from tests.e2e.simhelpers import make_bot


@pytest.fixture
def bot_database(db_path: Path) -> str | Path:
    """Where the bot keeps its games: a SQLite file here (the reliability tests add a PostgreSQL database)."""
    return db_path


@pytest.fixture
async def simcord_bot(bot_database: str | Path) -> AsyncIterator[TableeBot]:
    """The bot, closed (its store too) before its database goes: a PostgreSQL one is dropped after the test."""
    yield make_bot(bot_database)  # type: ignore[arg-type]  # a SQLite path or a PostgreSQL URL
    for bot in BOTS:
        if not bot.is_closed():
            await bot.close()


@pytest.fixture
async def simcord_env(simcord_bot: TableeBot, request: pytest.FixtureRequest) -> AsyncIterator[Env]:
    """simcord's own fixture, with a settlement guard that a busy machine cannot reach (see ``SETTLE_GUARD_S``).

    Options of a ``simcord`` marker still apply, and win.
    """
    marker = request.node.get_closest_marker("simcord")
    env = Env(simcord_bot, **{"settle_timeout": SETTLE_GUARD_S, **(marker.kwargs if marker else {})})
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


@pytest.fixture(autouse=True)
async def _close_bots() -> AsyncIterator[None]:
    """simcord never closes a bot (not even the one a restart replaced): close each one's database."""
    BOTS.clear()
    yield
    for bot in BOTS:
        if not bot.is_closed():
            await bot.close()
