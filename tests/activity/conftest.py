"""The simulated Discord's fixtures, for the test where a player uses the buttons beside the Activity."""

from __future__ import annotations

from tests.e2e.conftest import _close_bots
from tests.e2e.conftest import bot_database
from tests.e2e.conftest import simcord_bot
from tests.e2e.conftest import simcord_env

__all__ = ["_close_bots", "bot_database", "simcord_bot", "simcord_env"]
