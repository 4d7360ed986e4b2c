"""The reliability tests drive the same production bot through simcord as the end-to-end tests (``tests/conftest.py``
closes every store they open)."""

from tests.e2e.conftest import _close_bots
from tests.e2e.conftest import simcord_bot
from tests.e2e.conftest import simcord_env

__all__ = ["_close_bots", "simcord_bot", "simcord_env"]
