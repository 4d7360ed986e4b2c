"""PostgreSQL through asyncpg: one database that several bot processes share.

Every call borrows a connection from the pool for one short transaction and gives it back at once. The schema is
versioned in ``schema_version`` and migrated at start under an advisory lock, so that processes starting together
migrate once. A move's transaction first takes the advisory lock of its game (``pg_advisory_xact_lock(game_id)``),
so that moves of one game are written one after the other whichever process makes them; the (game, number) key
refuses a second write of the same number, as on SQLite; under that lock the write also checks that no action of
that number or a later one exists, so that a process whose cached game is behind is told so instead of writing.
Changes of a table's Chat vert rules take a lock of their own, keyed by the channel, in the two-key space of
advisory locks (which never meets the games' one-key space).

Several processes share the database: each change of a game is announced on the ``tablee_games`` channel
(``NOTIFY``, sent at commit) so that the other processes drop their cached copy early; turn timers are claimed per
game with ``FOR UPDATE SKIP LOCKED`` and a lease, so that one process checks a game's timers at a time and a claim
left by a process that died expires.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from collections.abc import Iterable
from collections.abc import Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from bot.store.base import Backend
from bot.store.base import Body
from bot.store.base import ChangeWatcher
from bot.store.base import Row
from bot.store.base import Tx
from bot.store.model import EPILOGUE_LEASE_S
from bot.store.model import ActionRow
from bot.store.model import GameRow
from bot.store.model import StoreError
from bot.store.model import T
from bot.store.postgres_schema import MIGRATIONS
from bot.store.postgres_schema import SCHEMA_VERSION
from bot.store.rows import GAME_COLUMNS
from bot.store.rows import game_from_row as game_from_row

_MIGRATION_LOCK = 1
"""First key of the advisory lock that migrations hold (two-key space)."""
_RULES_LOCK = 2
"""First key of the advisory locks of Le Chat vert's rules, the second being a hash of the channel."""
_LOBBY_LOCK = 3
"""First key of the advisory lock a process holds while it changes a game's lobby, the second being the game."""
_RATINGS_LOCK = 3
"""First key of the advisory lock that every change of the ratings holds (the second is 0): one at a time."""

CHANNEL = "tablee_games"
"""The NOTIFY channel of changes: the payload is ``"<game id> <last action or 0> <origin>"``."""


class _Statements:
    """The pool, or one of its connections inside a transaction: asyncpg answers the same calls on both."""

    _on: Any
    _backend: PostgresBackend

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return list(await self._on.fetch(sql, *args))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        return await self._on.fetchrow(sql, *args)

    async def fetchval(self, sql: str, *args: Any) -> Any:
        return await self._on.fetchval(sql, *args)

    async def execute(self, sql: str, *args: Any) -> int:
        count = str(await self._on.execute(sql, *args)).rsplit(" ", 1)[-1]  # "UPDATE 1", "INSERT 0 1"
        return int(count) if count.isdigit() else 0

    async def change_game(self, sql: str, *args: Any) -> bool:
        """The update and its announcement, sent at commit only when it changed the game: one statement."""
        k = len(args)
        changed = await self._on.fetchval(
            f"WITH changed AS ({sql} RETURNING id) SELECT pg_notify(${k + 1}, ${k + 2}) IS NOT NULL FROM changed",
            *args,
            CHANNEL,
            self._backend._news(args[0]),
        )
        return changed is not None


class _Transaction(_Statements, Tx):
    """A connection of the pool inside one transaction: the waits are advisory locks, held until the commit."""

    def __init__(self, conn: Any, backend: PostgresBackend) -> None:
        self._on = conn
        self._backend = backend

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._on.executemany(sql, rows)

    async def lock_game(self, game_id: int) -> None:
        await self._on.execute("SELECT pg_advisory_xact_lock($1::bigint)", game_id)

    async def lock_rules(self, channel_id: int) -> None:
        await self._on.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", _RULES_LOCK, str(channel_id))

    async def lock_ratings(self) -> None:
        await self._on.execute("SELECT pg_advisory_xact_lock($1, 0)", _RATINGS_LOCK)

    async def announce(self, game_id: int, n: int = 0) -> None:
        await self._on.execute("SELECT pg_notify($1, $2)", CHANNEL, self._backend._news(game_id, n))

    async def add_action(self, game_id: int, action: ActionRow, turn_since: float | None) -> bool:
        # One statement after the game's lock: the number checked against what is stored (and the game not closed
        # meanwhile), the action, the turn clock and the announcement (sent at commit). No row back: this number or
        # a later one is taken, or another process closed the game.
        added = await self._on.fetchval(
            "WITH added AS (INSERT INTO actions (game_id, n, seat, action, by_bot, at, how)"
            " SELECT $1, $2, $3, $4, $5, $6, $7"
            " WHERE NOT EXISTS (SELECT 1 FROM actions WHERE game_id = $1 AND n >= $2)"
            " AND NOT EXISTS (SELECT 1 FROM games WHERE id = $1 AND status IN ('cancelled', 'abandoned'))"
            " RETURNING n),"
            " clock AS (UPDATE games SET turn_since = $8, reminded = FALSE, called = FALSE"
            " WHERE id = $1 AND $8::double precision IS NOT NULL AND EXISTS (SELECT 1 FROM added))"
            " SELECT n, pg_notify($9, $10) FROM added",
            *(game_id, action.n, action.seat, action.action, action.by_bot, action.at, action.how, turn_since),
            CHANNEL,
            self._backend._news(game_id, action.n),
        )
        return added is not None

    async def owe_epilogue(self, game_id: int, now: float) -> None:
        """Owed, and claimed for a lease by the process that ends the game."""
        await self._on.execute(
            "INSERT INTO epilogues (game_id, owner, until) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            game_id,
            self._backend.origin,
            now + EPILOGUE_LEASE_S,
        )


class PostgresBackend(_Statements, Backend):
    """A PostgreSQL database through a pool of connections. Open with ``await PostgresBackend.open(url)``."""

    shared = True

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self._on = pool
        self._backend = self
        self.origin = secrets.token_hex(8)
        """This process's token: in the announcements it sends (it ignores its own) and on the timers it claims."""
        self._listener: Any = None
        self._watchers: list[ChangeWatcher] = []

    @classmethod
    async def open(cls, url: str, *, max_connections: int = 10, listen: bool = True) -> PostgresBackend:
        """The pool, the schema migrated, and (``listen``) one more connection that hears the other processes."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=max_connections)
        backend = cls(pool)
        try:
            await backend.migrate()
            if listen:
                backend._listener = await asyncpg.connect(url)
                await backend._listener.add_listener(CHANNEL, backend._heard)
        except BaseException:
            await backend.close()
            raise
        return backend

    async def close(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            await listener.close()
        await self.pool.close()

    def watch(self, watcher: ChangeWatcher) -> None:
        self._watchers.append(watcher)

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        """A change announced by a process (this one's own are ignored): each watcher is told."""
        game_id, n, origin = payload.split()
        if origin == self.origin:
            return
        for watcher in self._watchers:
            watcher(int(game_id), int(n))

    def _news(self, game_id: int, n: int = 0) -> str:
        return f"{game_id} {n} {self.origin}"

    @asynccontextmanager
    async def exclusive(self, game_id: int) -> AsyncIterator[None]:
        """A transaction of its own holds the game's lobby lock (its own key space: a move's lock is another) until
        the block ends: the block's reads and writes, on other connections, are never interleaved with another
        process's."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", _LOBBY_LOCK, game_id)
            yield

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        """A connection of the pool inside one transaction, given back as soon as it commits or rolls back."""
        async with self.pool.acquire() as conn, conn.transaction():
            yield conn

    async def run(self, body: Body[T]) -> T:
        async with self.transaction() as conn:
            return await body(_Transaction(conn, self))

    def violates(self, error: BaseException, key: str) -> bool:
        return isinstance(error, asyncpg.UniqueViolationError) and error.constraint_name == key

    async def version(self) -> int:
        async with self.pool.acquire() as conn:
            return await _version(conn)

    async def migrate(self) -> None:
        while True:
            async with self.transaction() as conn:
                await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", _MIGRATION_LOCK)
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),"
                    " version INTEGER NOT NULL);"
                    " INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING"
                )
                current = await _version(conn)
                if current > SCHEMA_VERSION:
                    raise StoreError(f"database schema {current} is newer than this bot ({SCHEMA_VERSION})")
                if current == SCHEMA_VERSION:
                    return
                await conn.execute(MIGRATIONS[current])
                await conn.execute("UPDATE schema_version SET version = $1", current + 1)

    # -- turn timers ---------------------------------------------------------------------------

    async def claim_timers(self, now: float, lobby_before: float, lease_s: float) -> list[GameRow]:
        # Rows another process is claiming right now are skipped, not waited for; a claim is seen by the others
        # until it is released or its lease runs out (its process died).
        rows = await self.pool.fetch(
            f"UPDATE games SET timer_owner = $1, timer_until = $2 + $3 WHERE id IN (SELECT id FROM games"
            " WHERE (status = 'running' OR (status = 'lobby' AND created_at <= $4))"
            " AND (timer_until IS NULL OR timer_until <= $2) ORDER BY id FOR UPDATE SKIP LOCKED)"
            f" RETURNING {GAME_COLUMNS}",
            self.origin,
            now,
            lease_s,
            lobby_before,
        )
        return sorted((game_from_row(r) for r in rows), key=lambda g: (g.status == "running", g.id))

    async def release_timer(self, game_id: int) -> None:
        await self.pool.execute(
            "UPDATE games SET timer_owner = NULL, timer_until = NULL WHERE id = $1 AND timer_owner = $2",
            game_id,
            self.origin,
        )

    async def claim_epilogue(self, game_id: int, now: float, lease_s: float) -> bool:
        # This process's own claim, one whose lease ran out (its process died) or none: taken for ``lease_s``.
        claimed = await self.pool.fetchval(
            "UPDATE epilogues SET owner = $2, until = $3 + $4 WHERE game_id = $1"
            " AND (owner IS NULL OR owner = $2 OR until IS NULL OR until <= $3) RETURNING game_id",
            game_id,
            self.origin,
            now,
            lease_s,
        )
        return claimed is not None


async def _version(conn: Any) -> int:
    """The schema version, 0 before the first migration (no ``schema_version`` table yet)."""
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
