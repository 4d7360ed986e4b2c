"""Shared fixtures: a real SQLite file per test, a throwaway PostgreSQL server (``tests/postgres_server.py``) when a
test asks for one, and a suite whose outcome never depends on chance or load.

- Every table a test opens is dealt from seeds fixed by the test's own id, so a test plays the same deals on
  every run (``TABLEE_TEST_SEED=<anything>`` deals other ones, to look for deals a test mishandles).
- Hypothesis draws the same examples on every run and never fails because the machine is busy (no deadline,
  no "too slow" health check). ``HYPOTHESIS_PROFILE=explore`` draws new examples each run instead.
"""

from __future__ import annotations

import os
import random
import re
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import settings

from tests.postgres_server import postgres_server
from tests.postgres_server import postgres_url
from tests.service_support import OPEN

__all__ = ["postgres_server", "postgres_url"]

BACKEND_IDS = "sqlite|postgresql"
"""The ids of the store's backends in parametrized tests."""

settings.register_profile(
    "tablee", derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "tablee"))


def _deal_name(nodeid: str) -> str:
    """A test's id less the store's backend: a test deals the same cards on SQLite and on PostgreSQL."""
    nodeid = re.sub(rf"\[(?:{BACKEND_IDS})\]$", "", nodeid)
    return re.sub(rf"(?<=\[)(?:{BACKEND_IDS})-|-(?:{BACKEND_IDS})(?=[-\]])", "", nodeid)


@pytest.fixture(autouse=True)
def _seeded_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Game seeds come from ``secrets.randbits``: here from an RNG named after the test instead."""
    rng = random.Random(f"{os.environ.get('TABLEE_TEST_SEED', '')}:{_deal_name(request.node.nodeid)}")
    monkeypatch.setattr(secrets, "randbits", rng.getrandbits)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tablee.db"


@pytest.fixture(autouse=True)
async def _close_stores() -> AsyncIterator[None]:
    """Close every store a test opened with ``tests.service_support.open_store``, even when it fails."""
    yield
    while OPEN:
        await OPEN.pop().close()  # closing twice is harmless
