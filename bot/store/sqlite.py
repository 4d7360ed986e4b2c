"""SQLite through aiosqlite, the embedded default: one file, one connection, writes one at a time.

The schema is versioned with ``PRAGMA user_version`` and migrated at start. The file runs in WAL mode with
``synchronous=FULL``: an acknowledged move survives a power cut. Each action is one committed row keyed by
(game, number): a second write of the same number fails cleanly, which turns a double click or a race between two
processes on the same file into a refusal instead of a double move.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.base import Backend
from bot.store.model import ENDED_EARLY
from bot.store.model import ActionRow
from bot.store.model import ActiveTableExists
from bot.store.model import ChatVertChange
from bot.store.model import ChatVertTable
from bot.store.model import DuplicateAction
from bot.store.model import FinishedGame
from bot.store.model import GameEnded
from bot.store.model import GameRow
from bot.store.model import PlayerRating
from bot.store.model import RateGame
from bot.store.model import RatingChange
from bot.store.model import ResultLine
from bot.store.model import Seat
from bot.store.model import StatLine
from bot.store.model import StoreError
from bot.store.model import T
from bot.store.model import rule_ids

log = logging.getLogger(__name__)

MIGRATIONS: tuple[str, ...] = (
    # 1: games, their actions, the private panels, results, user languages and table-level data.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'over', 'abandoned', 'cancelled')),
        host_id INTEGER NOT NULL,
        locale TEXT NOT NULL DEFAULT 'fr',
        reminder_s INTEGER NOT NULL DEFAULT 120,
        timeout_s INTEGER NOT NULL DEFAULT 600,
        lobby_message_id INTEGER,
        table_message_id INTEGER,
        turn_since REAL,
        reminded INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        started_at REAL,
        ended_at REAL
    );
    CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        seat INTEGER,
        action TEXT NOT NULL,
        by_bot INTEGER NOT NULL DEFAULT 0,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, n)
    ) WITHOUT ROWID;
    CREATE TABLE panels (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        channel_id INTEGER,
        message_id INTEGER,
        dm_refused INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, user_id)
    ) WITHOUT ROWID;
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE users (
        user_id INTEGER PRIMARY KEY,
        locale TEXT NOT NULL
    );
    CREATE TABLE table_data (
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (channel_id, kind, key)
    ) WITHOUT ROWID;
    """,
    # 2: Le Chat vert's rules, one row each, keyed by table and rule id (a repeated id, left by racing writers,
    # gets the next free one); games already started (running or over) keep the draw pile as they were played, so
    # that their replay (after a restart, for a log) gives the same game.
    """
    CREATE TABLE chat_vert_rules (
        channel_id INTEGER NOT NULL,
        rule_id INTEGER NOT NULL CHECK (rule_id >= 1),
        rule TEXT NOT NULL CHECK (json_valid(rule)),
        PRIMARY KEY (channel_id, rule_id)
    ) WITHOUT ROWID;
    INSERT INTO chat_vert_rules (channel_id, rule_id, rule)
    WITH items AS (
        SELECT d.channel_id AS channel_id, CAST(j.key AS INTEGER) AS pos, j.value AS rule,
               CAST(json_extract(j.value, '$.id') AS INTEGER) AS rule_id
        FROM table_data AS d, json_each(d.value) AS j
        WHERE d.kind = 'chat_vert' AND d.key = 'rules' AND json_type(j.value) = 'object'
    ),
    ranked AS (
        SELECT channel_id, pos, rule, rule_id,
               CASE WHEN rule_id >= 1 THEN ROW_NUMBER() OVER (PARTITION BY channel_id, rule_id ORDER BY pos)
                    ELSE 2 END AS copy,
               MAX(COALESCE(rule_id, 0)) OVER (PARTITION BY channel_id) AS top
        FROM items
    ),
    numbered AS (
        SELECT channel_id, rule,
               CASE WHEN copy = 1 THEN rule_id
                    ELSE top + ROW_NUMBER() OVER (PARTITION BY channel_id, copy = 1 ORDER BY pos) END AS rule_id
        FROM ranked
    )
    SELECT channel_id, rule_id, json_set(rule, '$.id', rule_id) FROM numbered;
    DELETE FROM table_data WHERE kind = 'chat_vert' AND key = 'rules';
    UPDATE games SET options = json_set(options, '$.pause', 0) WHERE kind = 'chat_vert' AND status != 'lobby';
    """,
    # 3: the table's own settings (forced moves, undo, seat takeover, rematch votes), the one "your turn" message
    # of a table, and how each player wants to be called when their turn comes.
    """
    ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings));
    ALTER TABLE games ADD COLUMN turn_message_id INTEGER;
    ALTER TABLE actions ADD COLUMN how TEXT CHECK (how IN ('auto', 'timeout'));
    CREATE TABLE notify (
        user_id INTEGER PRIMARY KEY,
        mode TEXT NOT NULL CHECK (mode IN ('channel', 'dm', 'off'))
    );
    """,
    # 4: ratings per server, game and player, and each rated game's changes (which also mark it as rated).
    """
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        PRIMARY KEY (guild_id, kind, player)
    ) WITHOUT ROWID;
    CREATE TABLE rating_changes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        player TEXT NOT NULL,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        shown_before REAL NOT NULL,
        shown_after REAL NOT NULL,
        PRIMARY KEY (game_id, player)
    ) WITHOUT ROWID;
    """,
    # 5: the games whose end still owes its epilogue (the game's own hook, the rating): written with the end, deleted
    # once the epilogue is done, so a crash between the two leaves it owed to the next start.
    """
    CREATE TABLE epilogues (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
    );
    """,
    # 6: whether the people awaited since the turn began were called, once they had not moved for a while.
    """
    ALTER TABLE games ADD COLUMN called INTEGER NOT NULL DEFAULT 0;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)

_GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, options, seats, seed, status, host_id, locale, reminder_s, timeout_s, "
    "lobby_message_id, table_message_id, turn_since, reminded, created_at, started_at, ended_at, settings, "
    "turn_message_id, called"
)
_JSON_COLUMNS = ("options", "settings")


def _row_to_game(row: Sequence[Any]) -> GameRow:
    return GameRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        kind=row[3],
        options=json.loads(row[4]),
        seats=[Seat.from_json(s) for s in json.loads(row[5])],
        seed=row[6],
        status=row[7],
        host_id=row[8],
        locale=row[9],
        reminder_s=row[10],
        timeout_s=row[11],
        lobby_message_id=row[12],
        table_message_id=row[13],
        turn_since=row[14],
        reminded=bool(row[15]),
        created_at=row[16],
        started_at=row[17],
        ended_at=row[18],
        settings=json.loads(row[19]),
        turn_message_id=row[20],
        called=bool(row[21]),
    )


def _write_finish(db: sqlite3.Connection, game_id: int, status: str, results: Iterable[ResultLine], now: float) -> None:
    """Inside a transaction (in the connection's thread): the game's end and its ranking, keyed by seat so that
    writing it again changes nothing; a game newly over owes its epilogue."""
    found = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
    if status == "over" and found is not None and found[0] != "over":
        db.execute("INSERT OR IGNORE INTO epilogues (game_id) VALUES (?)", (game_id,))
    db.execute("UPDATE games SET status = ?, ended_at = ? WHERE id = ?", (status, now, game_id))
    db.executemany(
        "INSERT OR REPLACE INTO results (game_id, seat, user_id, name, rank, score) VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, *r) for r in results],
    )


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

    async def _write(self, sql: str, params: Sequence[Any]) -> None:
        """One statement in its own write transaction."""

        def write(db: sqlite3.Connection) -> None:
            db.execute(sql, params)

        await self.one_trip(write)

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

    # -- games ---------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        options: dict[str, Any],
        seats: list[Seat],
        seed: int,
        host_id: int,
        locale: str,
        reminder_s: int,
        timeout_s: int,
        now: float,
        settings: dict[str, Any],
    ) -> GameRow:
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, kind, options, seats, seed, status, host_id, locale,"
                    " reminder_s, timeout_s, created_at, settings)"
                    " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        kind,
                        json.dumps(options),
                        json.dumps([s.to_json() for s in seats]),
                        seed,
                        host_id,
                        locale,
                        reminder_s,
                        timeout_s,
                        now,
                        json.dumps(settings),
                    ),
                )
        except sqlite3.IntegrityError:
            raise ActiveTableExists(channel_id) from None
        game = await self.get_game(int(cur.lastrowid or 0))
        assert game is not None
        return game

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self.db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return _row_to_game(row) if row else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        async with self.db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _row_to_game(row) if row else None

    async def last_game(self, channel_id: int) -> GameRow | None:
        async with self.db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND started_at IS NOT NULL"
            " ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _row_to_game(row) if row else None

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        async with self.db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id", statuses
        ) as cur:
            rows = await cur.fetchall()
        return [_row_to_game(r) for r in rows]

    async def update_game(self, game_id: int, fields: dict[str, Any]) -> None:
        values: list[Any] = []
        for name, value in fields.items():
            if name == "seats":
                value = json.dumps([s.to_json() for s in value])
            elif name in _JSON_COLUMNS:
                value = json.dumps(value)
            values.append(value)
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._write(f"UPDATE games SET {assignments} WHERE id = ?", (*values, game_id))

    async def close_game(self, game_id: int, status: str, now: float) -> bool:
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET status = ?, ended_at = ? WHERE id = ? AND status IN ('lobby', 'running')",
                (status, now, game_id),
            )
            return cur.rowcount == 1

    # -- actions -------------------------------------------------------------------------------

    async def append_action(
        self,
        game_id: int,
        n: int,
        seat: int | None,
        action: str,
        *,
        by_bot: bool,
        at: float,
        turn_since: float | None,
        results: Iterable[ResultLine] | None,
        how: str | None,
    ) -> None:

        def write(db: sqlite3.Connection) -> None:
            found = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
            if found is not None and found[0] in ENDED_EARLY:
                raise GameEnded(game_id, n)
            db.execute(
                "INSERT INTO actions (game_id, n, seat, action, by_bot, at, how) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, n, seat, action, int(by_bot), at, how),
            )
            if turn_since is not None:
                db.execute(
                    "UPDATE games SET turn_since = ?, reminded = 0, called = 0 WHERE id = ?", (turn_since, game_id)
                )
            if results is not None:
                _write_finish(db, game_id, "over", results, at)

        try:
            await self.one_trip(write)
        except sqlite3.IntegrityError as error:
            # Only the (game, number) key means "already written"; any other constraint is a failed write.
            if "actions.game_id" in str(error):
                raise DuplicateAction(game_id, n) from None
            raise

    async def actions(self, game_id: int) -> list[ActionRow]:
        async with self.db.execute(
            "SELECT n, seat, action, by_bot, at, how FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [ActionRow(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows]

    async def action_count(self, game_id: int) -> int:
        async with self.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def game_version(self, game_id: int) -> tuple[int, GameRow] | None:
        async with self.db.execute(
            f"SELECT {_GAME_COLUMNS}, (SELECT COALESCE(MAX(n), 0) FROM actions WHERE game_id = ?1) FROM games"
            " WHERE id = ?1",
            (game_id,),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else (int(row[22]), _row_to_game(row))

    async def claim_call(self, game_id: int, turn_since: float) -> bool:
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET called = 1 WHERE id = ? AND called = 0 AND turn_since = ?", (game_id, turn_since)
            )
        return cur.rowcount == 1

    async def claim_reminder(self, game_id: int, turn_since: float) -> bool:
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET reminded = 1 WHERE id = ? AND reminded = 0 AND turn_since = ?", (game_id, turn_since)
            )
        return cur.rowcount == 1

    # -- private panels ------------------------------------------------------------------------

    async def panel(self, game_id: int, user_id: int) -> tuple[int | None, int | None, bool]:
        async with self.db.execute(
            "SELECT channel_id, message_id, dm_refused FROM panels WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        ) as cur:
            row = await cur.fetchone()
        return (row[0], row[1], bool(row[2])) if row else (None, None, False)

    async def set_panel(
        self, game_id: int, user_id: int, *, channel_id: int | None, message_id: int | None, dm_refused: bool
    ) -> None:
        await self._write(
            "INSERT INTO panels (game_id, user_id, channel_id, message_id, dm_refused) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id,"
            " message_id = excluded.message_id, dm_refused = excluded.dm_refused",
            (game_id, user_id, channel_id, message_id, int(dm_refused)),
        )

    # -- users ---------------------------------------------------------------------------------

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        await self._write(
            "INSERT INTO users (user_id, locale) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET locale ="
            " excluded.locale WHERE users.locale != excluded.locale",
            (user_id, locale),
        )

    async def user_locale(self, user_id: int) -> str | None:
        async with self.db.execute("SELECT locale FROM users WHERE user_id = ?", (user_id,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def set_notify(self, user_id: int, mode: str) -> None:
        await self._write(
            "INSERT INTO notify (user_id, mode) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode",
            (user_id, mode),
        )

    async def notify_modes(self, user_ids: list[int]) -> dict[int, str]:
        marks = ", ".join("?" for _ in user_ids)
        async with self.db.execute(f"SELECT user_id, mode FROM notify WHERE user_id IN ({marks})", user_ids) as cur:
            rows = await cur.fetchall()
        return {int(r[0]): str(r[1]) for r in rows}

    # -- results and statistics ----------------------------------------------------------------

    async def finish_game(self, game_id: int, status: str, results: Iterable[ResultLine], now: float) -> None:
        await self.one_trip(lambda db: _write_finish(db, game_id, status, results, now))

    async def owed_epilogues(self) -> list[int]:
        async with self.db.execute("SELECT game_id FROM epilogues ORDER BY game_id") as cur:
            rows = await cur.fetchall()
        return [int(r[0]) for r in rows]

    async def claim_epilogue(self, game_id: int, now: float, lease_s: float) -> bool:
        # One process alone: nobody else can hold the claim, so an owed epilogue is this process's.
        async with self.db.execute("SELECT 1 FROM epilogues WHERE game_id = ?", (game_id,)) as cur:
            return await cur.fetchone() is not None

    async def epilogue_done(self, game_id: int) -> None:
        await self._write("DELETE FROM epilogues WHERE game_id = ?", (game_id,))

    async def stats(self, guild_id: int, kind: str | None) -> list[StatLine]:
        query = (
            "SELECT g.kind, r.user_id, MAX(r.name), COUNT(*), SUM(r.rank = 1) FROM results r"
            " JOIN games g ON g.id = r.game_id WHERE g.guild_id = ? AND g.status = 'over' AND r.user_id IS NOT NULL"
        )
        params: list[Any] = [guild_id]
        if kind is not None:
            query += " AND g.kind = ?"
            params.append(kind)
        query += " GROUP BY g.kind, r.user_id ORDER BY g.kind, SUM(r.rank = 1) DESC, COUNT(*) DESC, MAX(r.name)"
        async with self.db.execute(query, params) as cur:
            rows = await cur.fetchall()
        return [StatLine(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def games_played(self, guild_id: int) -> dict[str, int]:
        async with self.db.execute(
            "SELECT kind, COUNT(*) FROM games WHERE guild_id = ? AND status = 'over' GROUP BY kind", (guild_id,)
        ) as cur:
            rows = await cur.fetchall()
        return {r[0]: r[1] for r in rows}

    # -- table-level data that outlives one game -----------------------------------------------

    async def table_data(self, channel_id: int, kind: str, key: str) -> Any:
        async with self.db.execute(
            "SELECT value FROM table_data WHERE channel_id = ? AND kind = ? AND key = ?", (channel_id, kind, key)
        ) as cur:
            row = await cur.fetchone()
        return json.loads(row[0]) if row else None

    async def set_table_data(self, channel_id: int, kind: str, key: str, value: Any) -> None:
        await self._write(
            "INSERT OR REPLACE INTO table_data (channel_id, kind, key, value) VALUES (?, ?, ?, ?)",
            (channel_id, kind, key, json.dumps(value)),
        )

    # -- Le Chat vert's rules --------------------------------------------------------------------

    async def chat_vert_rules(self, channel_id: int) -> list[dict[str, Any]]:
        async with self.db.execute(
            "SELECT rule FROM chat_vert_rules WHERE channel_id = ? ORDER BY rule_id", (channel_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [json.loads(r[0]) for r in rows]

    async def change_chat_vert_rules(self, channel_id: int, keys: tuple[str, ...], change: ChatVertChange[T]) -> T:
        # BEGIN IMMEDIATE takes the file's write lock first: what is read below is what the change replaces.
        async with self.transaction() as db:
            async with db.execute(
                "SELECT rule_id, rule FROM chat_vert_rules WHERE channel_id = ? ORDER BY rule_id", (channel_id,)
            ) as cur:
                stored = {int(r[0]): json.loads(r[1]) for r in await cur.fetchall()}
            marks = ", ".join("?" for _ in keys)
            async with db.execute(
                f"SELECT key, value FROM table_data WHERE channel_id = ? AND kind = 'chat_vert' AND key IN ({marks})",
                (channel_id, *keys),
            ) as cur:
                found = {str(r[0]): json.loads(r[1]) for r in await cur.fetchall()}
            table, answer = change(ChatVertTable(list(stored.values()), {key: found.get(key) for key in keys}))
            ids = rule_ids(table.rules)
            await db.executemany(
                "DELETE FROM chat_vert_rules WHERE channel_id = ? AND rule_id = ?",
                [(channel_id, rule_id) for rule_id in stored.keys() - set(ids)],
            )
            for rule_id, rule in zip(ids, table.rules, strict=True):
                sql = (
                    "UPDATE chat_vert_rules SET rule = ?3 WHERE channel_id = ?1 AND rule_id = ?2"
                    if rule_id in stored
                    else "INSERT INTO chat_vert_rules (channel_id, rule_id, rule) VALUES (?1, ?2, ?3)"
                )
                await db.execute(sql, (channel_id, rule_id, json.dumps(rule)))
            await db.executemany(
                "INSERT OR REPLACE INTO table_data (channel_id, kind, key, value) VALUES (?, 'chat_vert', ?, ?)",
                [(channel_id, key, json.dumps(value)) for key, value in table.data.items()],
            )
        return answer

    # -- the history of finished games ---------------------------------------------------------

    async def recent_games(
        self, guild_id: int, limit: int, before_id: int | None
    ) -> list[tuple[GameRow, list[ResultLine]]]:
        async with self.db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ('over', 'abandoned')"
            " AND (? IS NULL OR id < ?) ORDER BY id DESC LIMIT ?",
            (guild_id, before_id, before_id, limit),
        ) as cur:
            games = [_row_to_game(r) for r in await cur.fetchall()]
        if not games:
            return []
        marks = ", ".join("?" for _ in games)
        async with self.db.execute(
            f"SELECT game_id, seat, user_id, name, rank, score FROM results WHERE game_id IN ({marks})"
            " ORDER BY rank, seat",
            [g.id for g in games],
        ) as cur:
            rows = await cur.fetchall()
        results: dict[int, list[ResultLine]] = {g.id: [] for g in games}
        for r in rows:
            results[int(r[0])].append((int(r[1]), r[2], str(r[3]), int(r[4]), int(r[5])))
        return [(g, results[g.id]) for g in games]

    async def last_finished_game(self, channel_id: int) -> GameRow | None:
        async with self.db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('over', 'abandoned')"
            " ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _row_to_game(row) if row else None

    # -- ratings -------------------------------------------------------------------------------

    async def ladders(self, guild_id: int, kind: str | None) -> dict[str, list[PlayerRating]]:
        async with self.db.execute(
            "SELECT kind, player, name, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND (? IS NULL OR"
            " kind = ?) ORDER BY kind, player",
            (guild_id, kind, kind),
        ) as cur:
            rows = await cur.fetchall()
        out: dict[str, list[PlayerRating]] = {}
        for r in rows:
            out.setdefault(str(r[0]), []).append(PlayerRating(r[1], r[2], r[3], r[4], r[5], r[6]))
        return out

    async def rate_game(self, game_id: int, guild_id: int, kind: str, rate: RateGame) -> list[RatingChange]:
        # BEGIN IMMEDIATE takes the file's write lock first: the ladder read below is the one the game changes.
        async with self.transaction() as db:
            done = await _changes_of(db, game_id)
            if done:
                return done
            async with db.execute(
                "SELECT player, name, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND kind = ?",
                (guild_id, kind),
            ) as cur:
                ladder = [PlayerRating(*r) for r in await cur.fetchall()]
            ratings, changes = rate(ladder)
            await _write_ratings(db, [(guild_id, kind, r) for r in ratings], {game_id: changes})
        return changes

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        return await _changes_of(self.db, game_id)

    async def finished_games(self, guild_id: int | None) -> list[FinishedGame]:
        async with self.db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'over' AND guild_id IS NOT NULL"
            " AND (? IS NULL OR guild_id = ?) ORDER BY ended_at, id",
            (guild_id, guild_id),
        ) as cur:
            games = [_row_to_game(r) for r in await cur.fetchall()]
        async with self.db.execute(
            "SELECT r.game_id, r.seat, r.user_id, r.name, r.rank, r.score FROM results r JOIN games g ON g.id ="
            " r.game_id WHERE g.status = 'over' AND (? IS NULL OR g.guild_id = ?) ORDER BY r.game_id, r.seat",
            (guild_id, guild_id),
        ) as cur:
            rows = await cur.fetchall()
        results: dict[int, list[ResultLine]] = {g.id: [] for g in games}
        for r in rows:
            if int(r[0]) in results:
                results[int(r[0])].append((int(r[1]), r[2], str(r[3]), int(r[4]), int(r[5])))
        return [(g, results[g.id]) for g in games]

    async def replace_ratings(
        self,
        guild_id: int | None,
        ratings: list[tuple[int, str, PlayerRating]],
        changes: dict[int, list[RatingChange]],
    ) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM ratings WHERE ? IS NULL OR guild_id = ?", (guild_id, guild_id))
            await db.execute(
                "DELETE FROM rating_changes WHERE ? IS NULL OR game_id IN (SELECT id FROM games WHERE guild_id = ?)",
                (guild_id, guild_id),
            )
            await _write_ratings(db, ratings, changes)


async def _changes_of(db: aiosqlite.Connection, game_id: int) -> list[RatingChange]:
    async with db.execute(
        "SELECT player, name, shown_before, shown_after FROM rating_changes WHERE game_id = ? ORDER BY seat",
        (game_id,),
    ) as cur:
        return [RatingChange(*r) for r in await cur.fetchall()]


async def _write_ratings(
    db: aiosqlite.Connection, ratings: list[tuple[int, str, PlayerRating]], changes: dict[int, list[RatingChange]]
) -> None:
    """Inside a transaction: ratings written over the stored ones, and games' changes (their seat: their order)."""
    await db.executemany(
        "INSERT OR REPLACE INTO ratings (guild_id, kind, player, name, mu, sigma, games, wins)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(g, k, r.player, r.name, r.mu, r.sigma, r.games, r.wins) for g, k, r in ratings],
    )
    await db.executemany(
        "INSERT INTO rating_changes (game_id, player, seat, name, shown_before, shown_after) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (game_id, c.player, seat, c.name, c.before, c.after)
            for game_id, game_changes in changes.items()
            for seat, c in enumerate(game_changes)
        ],
    )
