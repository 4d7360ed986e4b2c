"""The reliability tests drive the same production bot through simcord as the end-to-end tests (``tests/conftest.py``
closes every store they open), once on each backend: a SQLite file, and a database of the throwaway PostgreSQL
server (``tests/postgres_server.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import _close_bots
from tests.e2e.conftest import simcord_bot
from tests.e2e.conftest import simcord_env

__all__ = ["_close_bots", "bot_database", "simcord_bot", "simcord_env"]


@pytest.fixture(params=["sqlite", "postgresql"])
def bot_database(request: pytest.FixtureRequest, db_path: Path) -> str | Path:
    """The bot's store on each backend, in turn."""
    if request.param == "sqlite":
        return db_path
    return str(request.getfixturevalue("postgres_url"))
