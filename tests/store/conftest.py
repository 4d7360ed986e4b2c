"""The store's suite runs on both backends: a real SQLite file and a database of the throwaway PostgreSQL server.

``database`` is the setting a test opens (a SQLite path or a PostgreSQL URL), ``store`` a store opened on it; the
``raw_*`` helpers look at the database beside the store, in each backend's own SQL.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.store import open_store
from bot.store import postgres
from bot.store import sqlite

BACKENDS = ("sqlite", "postgresql")
SCHEMA_VERSIONS = {"sqlite": sqlite.SCHEMA_VERSION, "postgresql": postgres.SCHEMA_VERSION}


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """What ``open_store`` is given: a new SQLite file, or a new PostgreSQL database (the server starts once)."""
    if backend == "sqlite":
        return tmp_path / "t.db"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    opened = await open_store(database)
    try:
        yield opened
    finally:
        await opened.close()


async def raw_fetch(database: str | Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows straight from the database (``?`` marks for SQLite, ``$1`` for PostgreSQL), outside the store."""
    if isinstance(database, Path):
        import sqlite3

        with sqlite3.connect(database) as raw:
            rows = raw.execute(sql, args).fetchall()
        raw.close()
        return rows
    import asyncpg

    conn = await asyncpg.connect(database)
    try:
        return [tuple(r) for r in await conn.fetch(sql, *args)]
    finally:
        await conn.close()


async def raw_tables(database: str | Path) -> set[str]:
    if isinstance(database, Path):
        rows = await raw_fetch(database, "SELECT name FROM sqlite_master WHERE type = 'table'")
    else:
        rows = await raw_fetch(database, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    return {str(r[0]) for r in rows}


async def raw_set_version(database: str | Path, version: int) -> None:
    """Mark the schema as at ``version`` (as a newer bot would have left it)."""
    if isinstance(database, Path):
        await raw_fetch(database, f"PRAGMA user_version = {version}")
    else:
        await raw_fetch(database, "UPDATE schema_version SET version = $1", version)
