"""End-to-end fixtures: the real bot and discord.py client against simcord's offline Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import TableeBot
from tests.e2e.simhelpers import BOTS, make_bot


@pytest.fixture
def simcord_bot(db_path: Path) -> TableeBot:
    return make_bot(db_path)


@pytest.fixture(autouse=True)
async def _close_bots() -> AsyncIterator[None]:
    """simcord never closes a bot (not even the one a restart replaced): close each one's database."""
    BOTS.clear()
    yield
    for bot in BOTS:
        if not bot.is_closed():
            await bot.close()
