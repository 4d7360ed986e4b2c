"""SQLite through aiosqlite, the embedded default: one file, one connection, writes one at a time.

The schema is versioned with ``PRAGMA user_version`` and migrated at start (``bot.store.sqlite_schema``). The file
runs in WAL mode with ``synchronous=FULL``: an acknowledged move survives a power cut. Each action is one committed
row keyed by (game, number): a second write of the same number fails cleanly, which turns a double click or a race
between two processes on the same file into a refusal instead of a double move.

aiosqlite runs each call in the connection's thread, one trip each. Here a whole transaction is one trip: its work
(written once for both databases, ``bot.store.base.Body``) runs in that thread, where each statement returns at once.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Coroutine
from collections.abc import Iterable
from collections.abc import Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.base import Backend
from bot.store.base import Body
from bot.store.base import Row
from bot.store.base import Tx
from bot.store.dialect import sqlite_args
from bot.store.dialect import sqlite_sql
from bot.store.model import StoreError
from bot.store.model import T
from bot.store.sqlite_schema import MIGRATIONS as MIGRATIONS
from bot.store.sqlite_schema import SCHEMA_VERSION as SCHEMA_VERSION

log = logging.getLogger(__name__)

_KEYS = {
    "actions_game_number": "actions.game_id",
    "games_one_active_per_channel": "UNIQUE constraint failed: games.channel_id",
}
"""How SQLite names, in its error, the unique keys PostgreSQL names (for ``violates``)."""


class _InThread(Tx):
    """The connection inside a transaction, in its own thread: each statement runs when awaited and returns at once."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return self.db.execute(sqlite_sql(sql), sqlite_args(args)).fetchall()

    async def execute(self, sql: str, *args: Any) -> int:
        return self.db.execute(sqlite_sql(sql), sqlite_args(args)).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.db.executemany(sqlite_sql(sql), [sqlite_args(r) for r in rows])


def _to_the_end(work: Coroutine[Any, Any, T]) -> T:
    """Run a transaction's work, which never waits (its statements return at once), to its end."""
    try:
        work.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    work.close()
    raise RuntimeError("a SQLite transaction waited for something other than its statements")


def _in_one_trip(db: sqlite3.Connection, write: Callable[[sqlite3.Connection], T]) -> T:
    """``write`` as one transaction, run whole in the connection's thread; rolled back if anything fails."""
    db.execute("BEGIN IMMEDIATE")
    try:
        done = write(db)
        db.commit()
    except BaseException:
        if db.in_transaction:
            db.rollback()
        raise
    return done


def _read(db: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> list[Row]:
    return db.execute(sql, args).fetchall()


class SQLiteBackend(Backend):
    """The bot's SQLite file. Open with ``await SQLiteBackend.open(path)``."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._write_lock = asyncio.Lock()
        self._closed = False

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction at a time on this connection: concurrent games never interleave.

        Whatever fails, the BEGIN included, and the COMMIT itself too, the transaction is rolled back before the
        error goes on: the connection is never left inside a transaction that would refuse every later write.
        """
        async with self._write_lock:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                yield self.db
                await self.db.commit()
            except BaseException:
                await self._rollback()
                raise

    async def one_trip(self, write: Callable[[sqlite3.Connection], T]) -> T:
        """``write`` as one transaction in a single trip to the connection's thread, where each statement of
        ``transaction`` is a trip of its own: a move's write, the hottest, waits on the thread once, not six times.
        Nothing else on this connection runs in the middle of it."""
        async with self._write_lock:
            # aiosqlite queues work for its thread through ``_execute``; its public calls are one statement each.
            done: T = await self.db._execute(_in_one_trip, self.db._conn, write)  # type: ignore[no-untyped-call]
            return done

    async def run(self, body: Body[T]) -> T:
        return await self.one_trip(lambda db: _to_the_end(body(_InThread(db))))

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """A read in one trip to the connection's thread: never in the middle of a transaction of ``run``."""
        rows: list[Row] = await self.db._execute(  # type: ignore[no-untyped-call]
            _read, self.db._conn, sqlite_sql(sql), sqlite_args(args)
        )
        return rows

    async def execute(self, sql: str, *args: Any) -> int:
        """One statement in its own write transaction."""
        return await self.run(lambda tx: tx.execute(sql, *args))

    def violates(self, error: BaseException, key: str) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and _KEYS[key] in str(error)

    async def _rollback(self) -> None:
        if not self.db.in_transaction:
            return
        try:
            await self.db.rollback()
        except Exception:
            log.exception("rollback failed")

    @classmethod
    async def open(cls, path: str | Path) -> SQLiteBackend:
        db = await aiosqlite.connect(str(path), timeout=10)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=10000"):
            async with db.execute(f"PRAGMA {pragma}") as cur:
                await cur.fetchall()
        backend = cls(db)
        try:
            await backend.migrate()
        except BaseException:
            await db.close()
            raise
        return backend

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            await self.db.close()

    async def version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        current = await self.version()
        if current > SCHEMA_VERSION:
            raise StoreError(f"database schema {current} is newer than this bot ({SCHEMA_VERSION})")
        for version in range(current, SCHEMA_VERSION):
            await self.db.executescript(f"BEGIN; {MIGRATIONS[version]}; PRAGMA user_version = {version + 1}; COMMIT;")
