"""What a database gives the store: statements in one spelling, transactions, and the few things only a database
that several processes share must do.

The store (``bot.store.store``) writes every statement once, in PostgreSQL's spelling (``$1`` parameters, ``ANY``
of an array, ``ON CONFLICT``, ``RETURNING``); SQLite runs the same text through ``bot.store.dialect``. What one
database refuses (a second action with the same number, a second open table in a channel), the other refuses with
the same error. Each call is one short transaction of its own, committed before it returns, so that a failure leaves
nothing half-written and a connection is never held between two calls.
"""

from __future__ import annotations

from abc import ABC
from abc import abstractmethod
from collections.abc import Callable
from collections.abc import Coroutine
from collections.abc import Iterable
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from contextlib import nullcontext
from typing import Any

from bot.store.model import ENDED_EARLY
from bot.store.model import ActionRow
from bot.store.model import GameRow
from bot.store.model import T
from bot.store.rows import GAME_COLUMNS
from bot.store.rows import game_from_row

ChangeWatcher = Callable[[int, int], None]
"""Told ``(game_id, n)`` when another process changed a game: ``n`` its new last action, 0 when only its row changed."""

Row = Any
"""A row as the driver gives it: read by position (a tuple on SQLite, a record on PostgreSQL)."""


class Conn(ABC):
    """Statements in PostgreSQL's spelling, on one database: outside a transaction (each statement committed on its
    own; a read may be answered by any connection) or inside one (``Tx``)."""

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """The rows of a read (outside a transaction, only a read: a write goes through ``execute``)."""

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: Any) -> Any:
        row = await self.fetchrow(sql, *args)
        return None if row is None else row[0]

    @abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """Run a write; the number of rows it changed."""

    async def change_game(self, sql: str, *args: Any) -> bool:
        """Run ``sql``, an ``UPDATE`` of the game whose id is ``$1``: whether it changed it. Where other processes
        share the database, they are told (in the same statement)."""
        return await self.execute(sql, *args) == 1


class Tx(Conn):
    """Inside one transaction. The waits and announcements do nothing here: that is a database only one process
    writes, whose transactions already hold the whole file (``BEGIN IMMEDIATE``); ``bot.store.postgres`` says them."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def lock_game(self, game_id: int) -> None:
        """Wait for the other writers of this game's moves and hold them off until the commit."""
        return None

    async def lock_rules(self, channel_id: int) -> None:
        """Wait for the other changes of a table's Chat vert rules and hold them off until the commit."""
        return None

    async def lock_ratings(self) -> None:
        """Wait for the other changes of the ratings and hold them off until the commit."""
        return None

    async def announce(self, game_id: int, n: int = 0) -> None:
        """Tell the other processes, at the commit, that a game changed (``n``: its last action, 0 for its row)."""
        return None

    async def add_action(self, game_id: int, action: ActionRow, turn_since: float | None) -> bool:
        """Write an action and restart the turn clock (when ``turn_since`` is given); False, writing nothing, when
        the game was closed early. A number already taken fails on the (game, number) key."""
        status = await self.fetchval("SELECT status FROM games WHERE id = $1", game_id)
        if status in ENDED_EARLY:
            return False
        await self.execute(
            "INSERT INTO actions (game_id, n, seat, action, by_bot, at, how) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            *(game_id, action.n, action.seat, action.action, action.by_bot, action.at, action.how),
        )
        if turn_since is not None:
            await self.execute(
                "UPDATE games SET turn_since = $1, reminded = FALSE, called = FALSE WHERE id = $2", turn_since, game_id
            )
        return True

    async def owe_epilogue(self, game_id: int, now: float) -> None:
        """Mark a game newly over as owing its epilogue (its hook, its rating)."""
        await self.execute("INSERT INTO epilogues (game_id) VALUES ($1) ON CONFLICT DO NOTHING", game_id)


Body = Callable[[Tx], Coroutine[Any, Any, T]]
"""A transaction's work: it awaits nothing but its ``Tx`` (SQLite runs it whole in its connection's thread)."""


class Backend(Conn):
    """One database, SQLite (embedded, the default) or PostgreSQL (shared by several processes).

    ``shared`` says whether other processes may write the same database: then a cached game is checked against the
    stored one before each move, timers are claimed, and changes are announced to the other processes. On a
    database only one process uses (SQLite), the claims take everything and nothing is announced.
    """

    shared = False

    @abstractmethod
    async def close(self) -> None:
        """Close the connection (SQLite) or the pool (PostgreSQL); closing twice is harmless."""

    @abstractmethod
    async def version(self) -> int:
        """The schema version the database is at (0 when empty)."""

    @abstractmethod
    async def migrate(self) -> None:
        """Bring the schema to this bot's version, one migration per transaction; refuse a newer database."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[object]:
        """A write transaction on the driver's own connection, rolled back on any failure (for tools)."""

    @abstractmethod
    async def run(self, body: Body[T]) -> T:
        """``body`` as one transaction, committed when it returns, rolled back if anything fails (the commit too)."""

    @abstractmethod
    def violates(self, error: BaseException, key: str) -> bool:
        """Whether ``error`` is a write refused by the unique key named ``key`` (PostgreSQL's name of it)."""

    # -- between processes ---------------------------------------------------------------------

    def watch(self, watcher: ChangeWatcher) -> None:
        """Call ``watcher`` when another process changes a game (nothing to watch when no other process writes)."""
        return None

    def exclusive(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Held while one process reads a game's lobby and writes it back, so that no other process changes it in
        between (a join, a computer seat, an option, a start). One process alone needs nothing more than its own
        lock of the game."""
        return nullcontext()

    async def claim_timers(self, now: float, lobby_before: float, lease_s: float) -> list[GameRow]:
        """The games whose timers this process checks now, each claimed for ``lease_s`` seconds: lobbies created
        before ``lobby_before`` (they expire) and running games. One process alone claims them all."""
        rows = await self.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status = ANY($1::text[]) ORDER BY id", ["lobby", "running"]
        )
        games = [game_from_row(r) for r in rows]
        return [g for g in games if g.status == "running" or g.created_at <= lobby_before]

    async def release_timer(self, game_id: int) -> None:
        """Give back the claim on a game's timers once they are done (a claim a dead process left expires)."""
        return None

    async def claim_epilogue(self, game_id: int, now: float, lease_s: float) -> bool:
        """Claim a game's owed epilogue for ``lease_s`` seconds: False when it is not owed any more, or another live
        process holds it. One process alone: nobody else holds a claim, so an owed epilogue is this process's."""
        return await self.fetchval("SELECT 1 FROM epilogues WHERE game_id = $1", game_id) is not None
