"""A throwaway PostgreSQL server for the tests (``bench.pg_server``): one per test session, a fresh database per test.

Without PostgreSQL on the machine the tests that need it are skipped, except in CI (``CI=true``), where a missing
server fails them.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from collections.abc import Iterator
from typing import NoReturn

import pytest

from bench.pg_server import PostgresServer
from bench.pg_server import PostgresUnavailable
from bench.pg_server import start_server

__all__ = ["PostgresServer", "postgres_server", "postgres_url", "unavailable"]


def unavailable(reason: str) -> NoReturn:
    """Skip, or fail in CI, where every test must run."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is needed in CI: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL server can run here: {reason}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One server for the whole session, started on first use only."""
    try:
        server = start_server()
    except PostgresUnavailable as error:
        unavailable(str(error))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """The URL of a new, empty database, dropped after the test (whoever is still connected)."""
    url = await postgres_server.create_database()
    try:
        yield url
    finally:
        await postgres_server.drop_database(url)
