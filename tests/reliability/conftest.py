"""The reliability tests drive the same production bot through simcord as the end-to-end tests."""

from tests.e2e.conftest import _close_bots, simcord_bot

__all__ = ["_close_bots", "simcord_bot"]
