"""The reliability tests drive the same production bot through simcord as the end-to-end tests, and close every
store they open."""

from collections.abc import AsyncIterator

import pytest

from tests.e2e.conftest import _close_bots, simcord_bot, simcord_env
from tests.reliability.support import OPEN

__all__ = ["_close_bots", "simcord_bot", "simcord_env"]


@pytest.fixture(autouse=True)
async def _close_stores() -> AsyncIterator[None]:
    yield
    while OPEN:
        await OPEN.pop().close()  # closing twice is harmless
