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

import json
import secrets
from collections.abc import AsyncIterator
from collections.abc import Iterable
from collections.abc import Mapping
from contextlib import asynccontextmanager
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from bot.store.base import Backend
from bot.store.base import ChangeWatcher
from bot.store.model import ENDED_EARLY
from bot.store.model import EPILOGUE_LEASE_S
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
from bot.store.postgres_schema import MIGRATIONS
from bot.store.postgres_schema import SCHEMA_VERSION

_MIGRATION_LOCK = 1
"""First key of the advisory lock that migrations hold (two-key space)."""
_RULES_LOCK = 2
"""First key of the advisory locks of Le Chat vert's rules, the second being a hash of the channel."""
_LOBBY_LOCK = 3
"""First key of the advisory lock a process holds while it changes a game's lobby, the second being the game."""
_RATINGS_LOCK = 3
"""First key of the advisory lock that every change of the ratings holds (the second is 0): one at a time."""

_GAME_COLUMNS = (
    "id, guild_id, channel_id, kind, options, seats, seed, status, host_id, locale, reminder_s, timeout_s, "
    "lobby_message_id, table_message_id, turn_since, reminded, created_at, started_at, ended_at, settings, "
    "turn_message_id, called"
)
_JSON_COLUMNS = ("options", "settings")
CHANNEL = "tablee_games"
"""The NOTIFY channel of changes: the payload is ``"<game id> <last action or 0> <origin>"``."""
_FLAG_COLUMNS = ("reminded", "called")


def game_from_row(row: Mapping[str, Any]) -> GameRow:
    return GameRow(
        id=int(row["id"]),
        guild_id=row["guild_id"],
        channel_id=int(row["channel_id"]),
        kind=str(row["kind"]),
        options=json.loads(row["options"]),
        seats=[Seat.from_json(s) for s in json.loads(row["seats"])],
        seed=int(row["seed"]),
        status=str(row["status"]),
        host_id=int(row["host_id"]),
        locale=str(row["locale"]),
        reminder_s=int(row["reminder_s"]),
        timeout_s=int(row["timeout_s"]),
        lobby_message_id=row["lobby_message_id"],
        table_message_id=row["table_message_id"],
        turn_since=row["turn_since"],
        reminded=bool(row["reminded"]),
        created_at=float(row["created_at"]),
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        settings=json.loads(row["settings"]),
        turn_message_id=row["turn_message_id"],
        called=bool(row["called"]),
    )


async def _write_finish(
    conn: Any, game_id: int, status: str, results: Iterable[ResultLine], now: float, owner: str
) -> None:
    """Inside a transaction: the game's end and its ranking, keyed by seat so that writing it again changes nothing;
    a game newly over owes its epilogue, claimed by the process that ends it (``owner``) for a lease."""
    if status == "over" and await conn.fetchval("SELECT status FROM games WHERE id = $1", game_id) != "over":
        await conn.execute(
            "INSERT INTO epilogues (game_id, owner, until) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            game_id,
            owner,
            now + EPILOGUE_LEASE_S,
        )
    await conn.execute("UPDATE games SET status = $1, ended_at = $2 WHERE id = $3", status, now, game_id)
    await conn.executemany(
        "INSERT INTO results (game_id, seat, user_id, name, rank, score) VALUES ($1, $2, $3, $4, $5, $6)"
        " ON CONFLICT (game_id, seat) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name,"
        " rank = EXCLUDED.rank, score = EXCLUDED.score",
        [(game_id, *r) for r in results],
    )


async def _lock_game(conn: Any, game_id: int) -> None:
    """Inside a transaction: wait for the other writers of this game (any process) and hold them off until commit."""
    await conn.execute("SELECT pg_advisory_xact_lock($1::bigint)", game_id)


class PostgresBackend(Backend):
    """A PostgreSQL database through a pool of connections. Open with ``await PostgresBackend.open(url)``."""

    shared = True

    def __init__(self, pool: Any) -> None:
        self.pool = pool
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
            row = await self.pool.fetchrow(
                "INSERT INTO games (guild_id, channel_id, kind, options, seats, seed, status, host_id, locale,"
                " reminder_s, timeout_s, created_at, settings)"
                f" VALUES ($1, $2, $3, $4, $5, $6, 'lobby', $7, $8, $9, $10, $11, $12) RETURNING {_GAME_COLUMNS}",
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
            )
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == "games_one_active_per_channel":
                raise ActiveTableExists(channel_id) from None
            raise
        return game_from_row(row)

    async def get_game(self, game_id: int) -> GameRow | None:
        row = await self.pool.fetchrow(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = $1", game_id)
        return game_from_row(row) if row else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        row = await self.pool.fetchrow(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status IN ('lobby', 'running')", channel_id
        )
        return game_from_row(row) if row else None

    async def last_game(self, channel_id: int) -> GameRow | None:
        row = await self.pool.fetchrow(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 AND started_at IS NOT NULL"
            " ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return game_from_row(row) if row else None

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        rows = await self.pool.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = ANY($1::text[]) ORDER BY id", list(statuses)
        )
        return [game_from_row(r) for r in rows]

    async def update_game(self, game_id: int, fields: dict[str, Any]) -> None:
        values: list[Any] = []
        for name, value in fields.items():
            if name == "seats":
                value = json.dumps([s.to_json() for s in value])
            elif name in _JSON_COLUMNS:
                value = json.dumps(value)
            elif name in _FLAG_COLUMNS:
                value = bool(value)
            values.append(value)
        assignments = ", ".join(f"{name} = ${i}" for i, name in enumerate(fields, start=4))
        await self.pool.execute(
            f"WITH changed AS (UPDATE games SET {assignments} WHERE id = $1 RETURNING id)"
            " SELECT pg_notify($2, $3) FROM changed",
            game_id,
            CHANNEL,
            self._news(game_id),
            *values,
        )

    async def close_game(self, game_id: int, status: str, now: float) -> bool:
        async with self.transaction() as conn:
            await _lock_game(conn, game_id)  # after a move being written, never in the middle of it
            closed = await conn.fetchval(
                "WITH changed AS (UPDATE games SET status = $2, ended_at = $3"
                " WHERE id = $1 AND status IN ('lobby', 'running') RETURNING id)"
                " SELECT pg_notify($4, $5) IS NOT NULL FROM changed",
                game_id,
                status,
                now,
                CHANNEL,
                self._news(game_id),
            )
        return bool(closed)

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
        try:
            async with self.transaction() as conn:
                await _lock_game(conn, game_id)
                # One statement after the lock: the number checked against what is stored (and the game not closed
                # meanwhile), the action, the turn clock and the announcement (sent at commit). No row back: this
                # number or a later one is taken, or another process closed the game.
                added = await conn.fetchval(
                    "WITH added AS (INSERT INTO actions (game_id, n, seat, action, by_bot, at, how)"
                    " SELECT $1, $2, $3, $4, $5, $6, $7"
                    " WHERE NOT EXISTS (SELECT 1 FROM actions WHERE game_id = $1 AND n >= $2)"
                    " AND NOT EXISTS (SELECT 1 FROM games WHERE id = $1 AND status IN ('cancelled', 'abandoned'))"
                    " RETURNING n),"
                    " clock AS (UPDATE games SET turn_since = $8, reminded = FALSE, called = FALSE"
                    " WHERE id = $1 AND $8::double precision IS NOT NULL AND EXISTS (SELECT 1 FROM added))"
                    " SELECT n, pg_notify($9, $10) FROM added",
                    game_id,
                    n,
                    seat,
                    action,
                    by_bot,
                    at,
                    how,
                    turn_since,
                    CHANNEL,
                    self._news(game_id, n),
                )
                if added is None:
                    status = await conn.fetchval("SELECT status FROM games WHERE id = $1", game_id)
                    raise (GameEnded if status in ENDED_EARLY else DuplicateAction)(game_id, n)
                if results is not None:
                    await _write_finish(conn, game_id, "over", results, at, self.origin)
        except asyncpg.UniqueViolationError as error:
            # Only the (game, number) key means "already written"; any other constraint is a failed write.
            if error.constraint_name == "actions_game_number":
                raise DuplicateAction(game_id, n) from None
            raise

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self.pool.fetch(
            "SELECT n, seat, action, by_bot, at, how FROM actions WHERE game_id = $1 ORDER BY n", game_id
        )
        return [ActionRow(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    async def action_count(self, game_id: int) -> int:
        return int(await self.pool.fetchval("SELECT COUNT(*) FROM actions WHERE game_id = $1", game_id))

    async def game_version(self, game_id: int) -> tuple[int, GameRow] | None:
        row = await self.pool.fetchrow(
            f"SELECT {_GAME_COLUMNS}, (SELECT COALESCE(MAX(n), 0) FROM actions WHERE game_id = $1) AS last"
            " FROM games WHERE id = $1",
            game_id,
        )
        return None if row is None else (int(row["last"]), game_from_row(row))

    # -- turn timers ---------------------------------------------------------------------------

    async def claim_timers(self, now: float, lobby_before: float, lease_s: float) -> list[GameRow]:
        # Rows another process is claiming right now are skipped, not waited for; a claim is seen by the others
        # until it is released or its lease runs out (its process died).
        rows = await self.pool.fetch(
            f"UPDATE games SET timer_owner = $1, timer_until = $2 + $3 WHERE id IN (SELECT id FROM games"
            " WHERE (status = 'running' OR (status = 'lobby' AND created_at <= $4))"
            " AND (timer_until IS NULL OR timer_until <= $2) ORDER BY id FOR UPDATE SKIP LOCKED)"
            f" RETURNING {_GAME_COLUMNS}",
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

    async def claim_call(self, game_id: int, turn_since: float) -> bool:
        done = await self.pool.execute(
            "UPDATE games SET called = TRUE WHERE id = $1 AND NOT called AND turn_since = $2", game_id, turn_since
        )
        return bool(done == "UPDATE 1")

    async def claim_reminder(self, game_id: int, turn_since: float) -> bool:
        done = await self.pool.execute(
            "UPDATE games SET reminded = TRUE WHERE id = $1 AND NOT reminded AND turn_since = $2", game_id, turn_since
        )
        return bool(done == "UPDATE 1")

    # -- private panels ------------------------------------------------------------------------

    async def panel(self, game_id: int, user_id: int) -> tuple[int | None, int | None, bool]:
        row = await self.pool.fetchrow(
            "SELECT channel_id, message_id, dm_refused FROM panels WHERE game_id = $1 AND user_id = $2",
            game_id,
            user_id,
        )
        return (row[0], row[1], bool(row[2])) if row else (None, None, False)

    async def set_panel(
        self, game_id: int, user_id: int, *, channel_id: int | None, message_id: int | None, dm_refused: bool
    ) -> None:
        await self.pool.execute(
            "INSERT INTO panels (game_id, user_id, channel_id, message_id, dm_refused) VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = EXCLUDED.channel_id,"
            " message_id = EXCLUDED.message_id, dm_refused = EXCLUDED.dm_refused",
            game_id,
            user_id,
            channel_id,
            message_id,
            dm_refused,
        )

    # -- users ---------------------------------------------------------------------------------

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        await self.pool.execute(
            "INSERT INTO users (user_id, locale) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET locale ="
            " EXCLUDED.locale WHERE users.locale <> EXCLUDED.locale",
            user_id,
            locale,
        )

    async def user_locale(self, user_id: int) -> str | None:
        locale = await self.pool.fetchval("SELECT locale FROM users WHERE user_id = $1", user_id)
        return None if locale is None else str(locale)

    async def set_notify(self, user_id: int, mode: str) -> None:
        await self.pool.execute(
            "INSERT INTO notify (user_id, mode) VALUES ($1, $2)"
            " ON CONFLICT (user_id) DO UPDATE SET mode = EXCLUDED.mode",
            user_id,
            mode,
        )

    async def notify_modes(self, user_ids: list[int]) -> dict[int, str]:
        rows = await self.pool.fetch("SELECT user_id, mode FROM notify WHERE user_id = ANY($1::bigint[])", user_ids)
        return {int(r[0]): str(r[1]) for r in rows}

    # -- results and statistics ----------------------------------------------------------------

    async def finish_game(self, game_id: int, status: str, results: Iterable[ResultLine], now: float) -> None:
        async with self.transaction() as conn:
            await _lock_game(conn, game_id)
            await _write_finish(conn, game_id, status, results, now, self.origin)
            await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, self._news(game_id))

    async def owed_epilogues(self) -> list[int]:
        return [int(r[0]) for r in await self.pool.fetch("SELECT game_id FROM epilogues ORDER BY game_id")]

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

    async def epilogue_done(self, game_id: int) -> None:
        await self.pool.execute("DELETE FROM epilogues WHERE game_id = $1", game_id)

    async def stats(self, guild_id: int, kind: str | None) -> list[StatLine]:
        # Names and kinds compare byte by byte ("C"), as SQLite compares them, whatever the database's locale.
        rows = await self.pool.fetch(
            'SELECT g.kind, r.user_id, MAX(r.name COLLATE "C"), COUNT(*), COUNT(*) FILTER (WHERE r.rank = 1)'
            " FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE g.guild_id = $1 AND g.status = 'over' AND r.user_id IS NOT NULL"
            " AND ($2::text IS NULL OR g.kind = $2::text)"
            ' GROUP BY g.kind, r.user_id ORDER BY g.kind COLLATE "C", COUNT(*) FILTER (WHERE r.rank = 1) DESC,'
            ' COUNT(*) DESC, MAX(r.name COLLATE "C")',
            guild_id,
            kind,
        )
        return [StatLine(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def games_played(self, guild_id: int) -> dict[str, int]:
        rows = await self.pool.fetch(
            "SELECT kind, COUNT(*) FROM games WHERE guild_id = $1 AND status = 'over' GROUP BY kind", guild_id
        )
        return {str(r[0]): int(r[1]) for r in rows}

    # -- table-level data that outlives one game -----------------------------------------------

    async def table_data(self, channel_id: int, kind: str, key: str) -> Any:
        value = await self.pool.fetchval(
            "SELECT value FROM table_data WHERE channel_id = $1 AND kind = $2 AND key = $3", channel_id, kind, key
        )
        return None if value is None else json.loads(value)

    async def set_table_data(self, channel_id: int, kind: str, key: str, value: Any) -> None:
        await self.pool.execute(
            "INSERT INTO table_data (channel_id, kind, key, value) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (channel_id, kind, key) DO UPDATE SET value = EXCLUDED.value",
            channel_id,
            kind,
            key,
            json.dumps(value),
        )

    # -- Le Chat vert's rules --------------------------------------------------------------------

    async def chat_vert_rules(self, channel_id: int) -> list[dict[str, Any]]:
        rows = await self.pool.fetch(
            "SELECT rule FROM chat_vert_rules WHERE channel_id = $1 ORDER BY rule_id", channel_id
        )
        return [json.loads(r[0]) for r in rows]

    async def change_chat_vert_rules(self, channel_id: int, keys: tuple[str, ...], change: ChatVertChange[T]) -> T:
        async with self.transaction() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", _RULES_LOCK, str(channel_id))
            rows = await conn.fetch(
                "SELECT rule_id, rule FROM chat_vert_rules WHERE channel_id = $1 ORDER BY rule_id", channel_id
            )
            stored = {int(r[0]): json.loads(r[1]) for r in rows}
            rows = await conn.fetch(
                "SELECT key, value FROM table_data WHERE channel_id = $1 AND kind = 'chat_vert'"
                " AND key = ANY($2::text[])",
                channel_id,
                list(keys),
            )
            found = {str(r[0]): json.loads(r[1]) for r in rows}
            table, answer = change(ChatVertTable(list(stored.values()), {key: found.get(key) for key in keys}))
            ids = rule_ids(table.rules)
            await conn.execute(
                "DELETE FROM chat_vert_rules WHERE channel_id = $1 AND rule_id = ANY($2::integer[])",
                channel_id,
                sorted(stored.keys() - set(ids)),
            )
            for rule_id, rule in zip(ids, table.rules, strict=True):
                sql = (
                    "UPDATE chat_vert_rules SET rule = $3 WHERE channel_id = $1 AND rule_id = $2"
                    if rule_id in stored
                    else "INSERT INTO chat_vert_rules (channel_id, rule_id, rule) VALUES ($1, $2, $3)"
                )
                await conn.execute(sql, channel_id, rule_id, json.dumps(rule))
            await conn.executemany(
                "INSERT INTO table_data (channel_id, kind, key, value) VALUES ($1, 'chat_vert', $2, $3)"
                " ON CONFLICT (channel_id, kind, key) DO UPDATE SET value = EXCLUDED.value",
                [(channel_id, key, json.dumps(value)) for key, value in table.data.items()],
            )
        return answer

    # -- the history of finished games ---------------------------------------------------------

    async def recent_games(
        self, guild_id: int, limit: int, before_id: int | None
    ) -> list[tuple[GameRow, list[ResultLine]]]:
        rows = await self.pool.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = $1 AND status IN ('over', 'abandoned')"
            " AND ($2::bigint IS NULL OR id < $2::bigint) ORDER BY id DESC LIMIT $3",
            guild_id,
            before_id,
            limit,
        )
        games = [game_from_row(r) for r in rows]
        if not games:
            return []
        lines = await self.pool.fetch(
            "SELECT game_id, seat, user_id, name, rank, score FROM results WHERE game_id = ANY($1::bigint[])"
            " ORDER BY rank, seat",
            [g.id for g in games],
        )
        results: dict[int, list[ResultLine]] = {g.id: [] for g in games}
        for r in lines:
            results[int(r[0])].append((int(r[1]), r[2], str(r[3]), int(r[4]), int(r[5])))
        return [(g, results[g.id]) for g in games]

    async def last_finished_game(self, channel_id: int) -> GameRow | None:
        row = await self.pool.fetchrow(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = $1 AND status IN ('over', 'abandoned')"
            " ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return game_from_row(row) if row else None

    # -- ratings -------------------------------------------------------------------------------

    async def ladders(self, guild_id: int, kind: str | None) -> dict[str, list[PlayerRating]]:
        rows = await self.pool.fetch(
            "SELECT kind, player, name, mu, sigma, games, wins FROM ratings WHERE guild_id = $1"
            ' AND ($2::text IS NULL OR kind = $2::text) ORDER BY kind COLLATE "C", player COLLATE "C"',
            guild_id,
            kind,
        )
        out: dict[str, list[PlayerRating]] = {}
        for r in rows:
            out.setdefault(str(r[0]), []).append(PlayerRating(r[1], r[2], r[3], r[4], r[5], r[6]))
        return out

    async def rate_game(self, game_id: int, guild_id: int, kind: str, rate: RateGame) -> list[RatingChange]:
        async with self.transaction() as conn:
            # Every change of the ratings, in any process, waits here: the ladder read below is the one it changes.
            await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", _RATINGS_LOCK)
            done = await _changes_of(conn, game_id)
            if done:
                return done
            rows = await conn.fetch(
                "SELECT player, name, mu, sigma, games, wins FROM ratings WHERE guild_id = $1 AND kind = $2",
                guild_id,
                kind,
            )
            ratings, changes = rate([PlayerRating(*r) for r in rows])
            await _write_ratings(conn, [(guild_id, kind, r) for r in ratings], {game_id: changes})
        return changes

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        async with self.pool.acquire() as conn:
            return await _changes_of(conn, game_id)

    async def finished_games(self, guild_id: int | None) -> list[FinishedGame]:
        rows = await self.pool.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'over' AND guild_id IS NOT NULL"
            " AND ($1::bigint IS NULL OR guild_id = $1::bigint) ORDER BY ended_at, id",
            guild_id,
        )
        games = [game_from_row(r) for r in rows]
        lines = await self.pool.fetch(
            "SELECT game_id, seat, user_id, name, rank, score FROM results WHERE game_id = ANY($1::bigint[])"
            " ORDER BY game_id, seat",
            [g.id for g in games],
        )
        results: dict[int, list[ResultLine]] = {g.id: [] for g in games}
        for r in lines:
            results[int(r[0])].append((int(r[1]), r[2], str(r[3]), int(r[4]), int(r[5])))
        return [(g, results[g.id]) for g in games]

    async def replace_ratings(
        self,
        guild_id: int | None,
        ratings: list[tuple[int, str, PlayerRating]],
        changes: dict[int, list[RatingChange]],
    ) -> None:
        async with self.transaction() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", _RATINGS_LOCK)
            await conn.execute("DELETE FROM ratings WHERE $1::bigint IS NULL OR guild_id = $1::bigint", guild_id)
            await conn.execute(
                "DELETE FROM rating_changes WHERE $1::bigint IS NULL"
                " OR game_id IN (SELECT id FROM games WHERE guild_id = $1::bigint)",
                guild_id,
            )
            await _write_ratings(conn, ratings, changes)


async def _changes_of(conn: Any, game_id: int) -> list[RatingChange]:
    rows = await conn.fetch(
        "SELECT player, name, shown_before, shown_after FROM rating_changes WHERE game_id = $1 ORDER BY seat",
        game_id,
    )
    return [RatingChange(*r) for r in rows]


async def _write_ratings(
    conn: Any, ratings: list[tuple[int, str, PlayerRating]], changes: dict[int, list[RatingChange]]
) -> None:
    """Inside a transaction: ratings written over the stored ones, and games' changes (their seat: their order)."""
    await conn.executemany(
        "INSERT INTO ratings (guild_id, kind, player, name, mu, sigma, games, wins)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (guild_id, kind, player) DO UPDATE SET"
        " name = EXCLUDED.name, mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, games = EXCLUDED.games,"
        " wins = EXCLUDED.wins",
        [(g, k, r.player, r.name, r.mu, r.sigma, r.games, r.wins) for g, k, r in ratings],
    )
    await conn.executemany(
        "INSERT INTO rating_changes (game_id, player, seat, name, shown_before, shown_after)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        [
            (game_id, c.player, seat, c.name, c.before, c.after)
            for game_id, game_changes in changes.items()
            for seat, c in enumerate(game_changes)
        ],
    )


async def _version(conn: Any) -> int:
    """The schema version, 0 before the first migration (no ``schema_version`` table yet)."""
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
