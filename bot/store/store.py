"""The store the bot holds: one class whatever the database, so the table service, the cogs and the tools never
depend on which backend runs (and a test may subclass it to inject faults on either).

Its methods are written once, statements in PostgreSQL's spelling (``bot.store.dialect`` says how SQLite reads them),
over the backend's few primitives (``bot.store.base``): a method added here runs, and is tested, on both databases.
This module holds the games, their actions, turn timers, panels and players; ``bot.store.records`` what outlives a
game.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any
from typing import Self

import aiosqlite

from bot.store.base import Backend
from bot.store.base import ChangeWatcher
from bot.store.base import Tx
from bot.store.model import ENDED_EARLY
from bot.store.model import ActionRow
from bot.store.model import ActiveTableExists
from bot.store.model import DuplicateAction
from bot.store.model import GameEnded
from bot.store.model import GameRow
from bot.store.model import ResultLine
from bot.store.model import Seat
from bot.store.model import game_fields
from bot.store.records import Records
from bot.store.records import write_finish
from bot.store.rows import ACTION_COLUMNS
from bot.store.rows import GAME_COLUMNS
from bot.store.rows import action_from_row
from bot.store.rows import game_from_row
from bot.store.rows import game_values
from bot.store.sqlite import SQLiteBackend


class Store(Records):
    """Games, actions, stats: every call is one short transaction on ``backend`` (see ``bot.store.base``).

    ``await Store.open(path)`` opens a SQLite file; ``bot.store.open_store`` chooses from a setting.
    """

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    @classmethod
    async def open(cls, path: str | Path) -> Self:
        """The SQLite file at ``path``, created and migrated as needed."""
        return cls(await SQLiteBackend.open(path))

    @property
    def db(self) -> aiosqlite.Connection:
        """The SQLite connection, for what only SQLite has (its PRAGMAs, for the bench); no attribute elsewhere."""
        if not isinstance(self.backend, SQLiteBackend):
            raise AttributeError(f"a store on {type(self.backend).__name__} has no SQLite connection")
        return self.backend.db

    @property
    def shared(self) -> bool:
        """Whether other processes write the same database (PostgreSQL): cached games must then be checked."""
        return self.backend.shared

    def transaction(self) -> AbstractAsyncContextManager[object]:
        """A write transaction of the backend: the connection it yields belongs to that backend."""
        return self.backend.transaction()

    async def close(self) -> None:
        await self.backend.close()

    async def version(self) -> int:
        return await self.backend.version()

    async def migrate(self) -> None:
        await self.backend.migrate()

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
        reminder_s: int = 120,
        timeout_s: int = 600,
        now: float | None = None,
        settings: dict[str, Any] | None = None,
    ) -> GameRow:
        """A new game in its lobby; ``ActiveTableExists`` when the channel already has an open table."""
        values = (guild_id, channel_id, kind, json.dumps(options), json.dumps([s.to_json() for s in seats]), seed)
        rest = (host_id, locale, reminder_s, timeout_s, time.time() if now is None else now, json.dumps(settings or {}))

        async def insert(tx: Tx) -> Any:
            return await tx.fetchrow(
                "INSERT INTO games (guild_id, channel_id, kind, options, seats, seed, status, host_id, locale,"
                " reminder_s, timeout_s, created_at, settings)"
                f" VALUES ($1, $2, $3, $4, $5, $6, 'lobby', $7, $8, $9, $10, $11, $12) RETURNING {GAME_COLUMNS}",
                *values,
                *rest,
            )

        try:
            row = await self.backend.run(insert)
        except Exception as error:
            if self.backend.violates(error, "games_one_active_per_channel"):
                raise ActiveTableExists(channel_id) from None
            raise
        return game_from_row(row)

    async def get_game(self, game_id: int) -> GameRow | None:
        return await self._game("id = $1", game_id)

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's open table (lobby or running), if any."""
        return await self._game("channel_id = $1 AND status IN ('lobby', 'running')", channel_id)

    async def last_game(self, channel_id: int) -> GameRow | None:
        """The most recent game of a channel that was started, whatever its status."""
        return await self._game("channel_id = $1 AND started_at IS NOT NULL ORDER BY id DESC LIMIT 1", channel_id)

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        """Every game in one of ``statuses``, oldest first."""
        return await self._games("status = ANY($1::text[]) ORDER BY id", list(statuses))

    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Set some columns of a game (those of ``model.UPDATABLE``)."""
        assignments = ", ".join(f"{name} = ${i}" for i, name in enumerate(game_fields(fields), start=2))
        await self.backend.change_game(f"UPDATE games SET {assignments} WHERE id = $1", game_id, *game_values(fields))

    async def close_game(self, game_id: int, status: str, now: float) -> bool:
        """End a lobby (cancelled) or a running game (abandoned) unless it already ended: whether it did now,
        serialized with its moves (its last move, in another process, may have ended it first)."""

        async def close(tx: Tx) -> bool:
            await tx.lock_game(game_id)  # after a move being written, never in the middle of it
            return await tx.change_game(
                "UPDATE games SET status = $2, ended_at = $3 WHERE id = $1 AND status IN ('lobby', 'running')",
                game_id,
                status,
                now,
            )

        return await self.backend.run(close)

    # -- actions -------------------------------------------------------------------------------

    async def append_action(
        self,
        game_id: int,
        n: int,
        seat: int | None,
        action: str,
        *,
        by_bot: bool = False,
        at: float | None = None,
        turn_since: float | None = None,
        results: Iterable[ResultLine] | None = None,
        how: str | None = None,
    ) -> None:
        """Write action ``n`` in its own transaction, with the turn clock and, for a final move, the game's end.

        With ``results`` the game is closed ('over'), its ranking recorded and its epilogue marked owed in the same
        transaction as its last move: a crash can never leave a finished game marked running, nor lose its epilogue.
        ``DuplicateAction`` when ``n`` is taken (by this process or another); ``GameEnded`` when the game was closed
        early.
        """
        row = ActionRow(n, seat, action, by_bot, time.time() if at is None else at, how)

        async def append(tx: Tx) -> None:
            await tx.lock_game(game_id)
            if not await tx.add_action(game_id, row, turn_since):
                status = await tx.fetchval("SELECT status FROM games WHERE id = $1", game_id)
                raise (GameEnded if status in ENDED_EARLY else DuplicateAction)(game_id, n)
            if results is not None:
                await write_finish(tx, game_id, "over", results, row.at)

        try:
            await self.backend.run(append)
        except Exception as error:
            # Only the (game, number) key means "already written"; any other constraint is a failed write.
            if self.backend.violates(error, "actions_game_number"):
                raise DuplicateAction(game_id, n) from None
            raise

    async def actions(self, game_id: int) -> list[ActionRow]:
        """A game's actions in order."""
        rows = await self.backend.fetch(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = $1 ORDER BY n", game_id)
        return [action_from_row(r) for r in rows]

    async def action_count(self, game_id: int) -> int:
        return int(await self.backend.fetchval("SELECT COUNT(*) FROM actions WHERE game_id = $1", game_id))

    async def game_version(self, game_id: int) -> tuple[int, GameRow] | None:
        """The number of a game's last action (0 before the first) and its row, read together; None if no game."""
        row = await self.backend.fetchrow(
            f"SELECT {GAME_COLUMNS}, (SELECT COALESCE(MAX(n), 0) FROM actions WHERE game_id = $1)"
            " FROM games WHERE id = $1",
            game_id,
        )
        return None if row is None else (int(row[22]), game_from_row(row))

    # -- between processes ---------------------------------------------------------------------

    def watch(self, watcher: ChangeWatcher) -> None:
        """Call ``watcher(game_id, n)`` when another process changes a game (``n`` 0: only its row changed)."""
        self.backend.watch(watcher)

    def exclusive(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Held while a game's lobby is read and written back: no other process sharing the store changes it in
        between (nothing to hold on a store of one process)."""
        return self.backend.exclusive(game_id)

    async def claim_timers(self, now: float, lobby_before: float, lease_s: float) -> list[GameRow]:
        """The lobbies created before ``lobby_before`` and the running games whose timers this process checks now
        (lobbies first), each claimed from the other processes for ``lease_s`` seconds or until released."""
        return await self.backend.claim_timers(now, lobby_before, lease_s)

    async def release_timer(self, game_id: int) -> None:
        await self.backend.release_timer(game_id)

    async def claim_call(self, game_id: int, turn_since: float) -> bool:
        """Mark the people awaited since ``turn_since`` as called: True for the one caller that did it (False when
        they already were, or the turn moved on)."""
        sql = "UPDATE games SET called = TRUE WHERE id = $1 AND NOT called AND turn_since = $2"
        return await self.backend.execute(sql, game_id, turn_since) == 1

    async def claim_reminder(self, game_id: int, turn_since: float) -> bool:
        """Mark the turn that began at ``turn_since`` as reminded: True for the one caller that did it."""
        sql = "UPDATE games SET reminded = TRUE WHERE id = $1 AND NOT reminded AND turn_since = $2"
        return await self.backend.execute(sql, game_id, turn_since) == 1

    # -- private panels ------------------------------------------------------------------------

    async def panel(self, game_id: int, user_id: int) -> tuple[int | None, int | None, bool]:
        """(DM channel id, DM message id, DM refused) for a player's private panel."""
        row = await self.backend.fetchrow(
            "SELECT channel_id, message_id, dm_refused FROM panels WHERE game_id = $1 AND user_id = $2",
            game_id,
            user_id,
        )
        return (row[0], row[1], bool(row[2])) if row else (None, None, False)

    async def set_panel(
        self,
        game_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        message_id: int | None = None,
        dm_refused: bool = False,
    ) -> None:
        await self.backend.execute(
            "INSERT INTO panels (game_id, user_id, channel_id, message_id, dm_refused) VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = EXCLUDED.channel_id,"
            " message_id = EXCLUDED.message_id, dm_refused = EXCLUDED.dm_refused",
            *(game_id, user_id, channel_id, message_id, dm_refused),
        )

    # -- users ---------------------------------------------------------------------------------

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        await self.backend.execute(
            "INSERT INTO users (user_id, locale) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET locale ="
            " EXCLUDED.locale WHERE users.locale <> EXCLUDED.locale",
            user_id,
            locale,
        )

    async def user_locale(self, user_id: int) -> str | None:
        locale = await self.backend.fetchval("SELECT locale FROM users WHERE user_id = $1", user_id)
        return None if locale is None else str(locale)

    async def set_notify(self, user_id: int, mode: str) -> None:
        """How a player is called when their turn comes: ``channel`` (a mention), ``dm`` or ``off``."""
        await self.backend.execute(
            "INSERT INTO notify (user_id, mode) VALUES ($1, $2)"
            " ON CONFLICT (user_id) DO UPDATE SET mode = EXCLUDED.mode",
            user_id,
            mode,
        )

    async def notify_modes(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each player's choice; those who never chose are called in the channel."""
        ids = list(dict.fromkeys(user_ids))
        if not ids:
            return {}
        rows = await self.backend.fetch("SELECT user_id, mode FROM notify WHERE user_id = ANY($1::bigint[])", ids)
        found = {int(r[0]): str(r[1]) for r in rows}
        return {user_id: found.get(user_id, "channel") for user_id in ids}
