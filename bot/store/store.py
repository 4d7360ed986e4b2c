"""The store the bot holds: one class whatever the database, so the table service, the cogs and the tools never
depend on which backend runs (and a test may subclass it to inject faults on either)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any
from typing import Self

import aiosqlite

from bot.store.base import Backend
from bot.store.base import ChangeWatcher
from bot.store.model import EPILOGUE_LEASE_S
from bot.store.model import ActionRow
from bot.store.model import ChatVertChange
from bot.store.model import FinishedGame
from bot.store.model import GameRow
from bot.store.model import PlayerRating
from bot.store.model import RateGame
from bot.store.model import RatingChange
from bot.store.model import ResultLine
from bot.store.model import Seat
from bot.store.model import StatLine
from bot.store.model import T
from bot.store.model import game_fields
from bot.store.sqlite import SQLiteBackend


class Store:
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
        return await self.backend.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            kind=kind,
            options=options,
            seats=seats,
            seed=seed,
            host_id=host_id,
            locale=locale,
            reminder_s=reminder_s,
            timeout_s=timeout_s,
            now=time.time() if now is None else now,
            settings=settings or {},
        )

    async def get_game(self, game_id: int) -> GameRow | None:
        return await self.backend.get_game(game_id)

    async def active_game(self, channel_id: int) -> GameRow | None:
        return await self.backend.active_game(channel_id)

    async def last_game(self, channel_id: int) -> GameRow | None:
        """The most recent game of a channel that was started, whatever its status."""
        return await self.backend.last_game(channel_id)

    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        return await self.backend.games_with_status(*statuses)

    async def update_game(self, game_id: int, **fields: Any) -> None:
        await self.backend.update_game(game_id, game_fields(fields))

    async def close_game(self, game_id: int, status: str, now: float) -> bool:
        """End a lobby (cancelled) or a running game (abandoned) unless it already ended: whether it did now."""
        return await self.backend.close_game(game_id, status, now)

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
        ``DuplicateAction`` when ``n`` is taken.
        """
        await self.backend.append_action(
            game_id,
            n,
            seat,
            action,
            by_bot=by_bot,
            at=time.time() if at is None else at,
            turn_since=turn_since,
            results=results,
            how=how,
        )

    async def actions(self, game_id: int) -> list[ActionRow]:
        return await self.backend.actions(game_id)

    async def action_count(self, game_id: int) -> int:
        return await self.backend.action_count(game_id)

    async def game_version(self, game_id: int) -> tuple[int, GameRow] | None:
        """The number of a game's last action (0 before the first) and its row, read together; None if no game."""
        return await self.backend.game_version(game_id)

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
        """Mark the people awaited since ``turn_since`` as called: True for the one caller that did it."""
        return await self.backend.claim_call(game_id, turn_since)

    async def claim_reminder(self, game_id: int, turn_since: float) -> bool:
        """Mark the turn that began at ``turn_since`` as reminded: True for the one caller that did it."""
        return await self.backend.claim_reminder(game_id, turn_since)

    # -- private panels ------------------------------------------------------------------------

    async def panel(self, game_id: int, user_id: int) -> tuple[int | None, int | None, bool]:
        """(DM channel id, DM message id, DM refused) for a player's private panel."""
        return await self.backend.panel(game_id, user_id)

    async def set_panel(
        self,
        game_id: int,
        user_id: int,
        *,
        channel_id: int | None = None,
        message_id: int | None = None,
        dm_refused: bool = False,
    ) -> None:
        await self.backend.set_panel(
            game_id, user_id, channel_id=channel_id, message_id=message_id, dm_refused=dm_refused
        )

    # -- users ---------------------------------------------------------------------------------

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        await self.backend.set_user_locale(user_id, locale)

    async def user_locale(self, user_id: int) -> str | None:
        return await self.backend.user_locale(user_id)

    async def set_notify(self, user_id: int, mode: str) -> None:
        """How a player is called when their turn comes: ``channel`` (a mention), ``dm`` or ``off``."""
        await self.backend.set_notify(user_id, mode)

    async def notify_modes(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each player's choice; those who never chose are called in the channel."""
        ids = list(dict.fromkeys(user_ids))
        found = await self.backend.notify_modes(ids) if ids else {}
        return {user_id: found.get(user_id, "channel") for user_id in ids}

    # -- results and statistics ----------------------------------------------------------------

    async def finish_game(self, game_id: int, status: str, results: Iterable[ResultLine], now: float) -> None:
        """Close a game and record its ranking (seat, user, name, rank, score) in one transaction."""
        await self.backend.finish_game(game_id, status, results, now)

    async def owed_epilogues(self) -> list[int]:
        """The games over whose epilogue (their hook, their rating) is still owed: a crash or a failure came between
        their end and it."""
        return await self.backend.owed_epilogues()

    async def claim_epilogue(self, game_id: int, now: float, lease_s: float = EPILOGUE_LEASE_S) -> bool:
        """Whether this process may do a game's owed epilogue now (claimed for ``lease_s`` from the others)."""
        return await self.backend.claim_epilogue(game_id, now, lease_s)

    async def epilogue_done(self, game_id: int) -> None:
        await self.backend.epilogue_done(game_id)

    async def stats(self, guild_id: int, kind: str | None = None) -> list[StatLine]:
        """Finished games and wins per game kind and human player on one server, best first."""
        return await self.backend.stats(guild_id, kind)

    async def games_played(self, guild_id: int) -> dict[str, int]:
        return await self.backend.games_played(guild_id)

    # -- table-level data that outlives one game -----------------------------------------------

    async def table_data(self, channel_id: int, kind: str, key: str) -> Any:
        return await self.backend.table_data(channel_id, kind, key)

    async def set_table_data(self, channel_id: int, kind: str, key: str, value: Any) -> None:
        await self.backend.set_table_data(channel_id, kind, key, value)

    # -- Le Chat vert's rules --------------------------------------------------------------------

    async def chat_vert_rules(self, channel_id: int) -> list[dict[str, Any]]:
        """The rules in force at a table, by id (oldest first)."""
        return await self.backend.chat_vert_rules(channel_id)

    async def change_chat_vert_rules(self, channel_id: int, keys: tuple[str, ...], change: ChatVertChange[T]) -> T:
        """One change of a table's rules and of its Chat vert data ``keys``, in one transaction (see ``Backend``)."""
        return await self.backend.change_chat_vert_rules(channel_id, keys, change)

    # -- the history of finished games ---------------------------------------------------------

    async def recent_games(
        self, guild_id: int, limit: int = 10, before_id: int | None = None
    ) -> list[tuple[GameRow, list[ResultLine]]]:
        """A server's games over or abandoned, newest first, with their rankings; ``before_id`` pages to older ones
        (the games numbered below it)."""
        return await self.backend.recent_games(guild_id, limit, before_id)

    async def last_finished_game(self, channel_id: int) -> GameRow | None:
        """The channel's latest game over or abandoned, the one to replay while a newer game runs there."""
        return await self.backend.last_finished_game(channel_id)

    # -- ratings -------------------------------------------------------------------------------

    async def ladder(self, guild_id: int, kind: str) -> list[PlayerRating]:
        """The ratings of a server's players at one game (by player key; ``bot.rating_service`` ranks them)."""
        return (await self.backend.ladders(guild_id, kind)).get(kind, [])

    async def ladders(self, guild_id: int) -> dict[str, list[PlayerRating]]:
        """A server's ratings at every game it has rated."""
        return await self.backend.ladders(guild_id, None)

    async def rate_game(self, game_id: int, guild_id: int, kind: str, rate: RateGame) -> list[RatingChange]:
        """Rate a finished game once, ``rate`` turning the stored ladder into the new ratings and the game's changes;
        a game rated already keeps the changes it had (see ``Backend.rate_game``)."""
        return await self.backend.rate_game(game_id, guild_id, kind, rate)

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """A game's rating changes in seat order (none when it was not rated)."""
        return await self.backend.rating_changes(game_id)

    async def finished_games(self, guild_id: int | None = None) -> list[FinishedGame]:
        """The games over on a server (every server when None) in the order they ended, with their rankings."""
        return await self.backend.finished_games(guild_id)

    async def replace_ratings(
        self,
        guild_id: int | None,
        ratings: list[tuple[int, str, PlayerRating]],
        changes: dict[int, list[RatingChange]],
    ) -> None:
        """Put ratings recomputed from the results in place of a server's (every server's when None), at once."""
        await self.backend.replace_ratings(guild_id, ratings, changes)

    async def clear_ratings(self, guild_id: int | None = None) -> None:
        """Forget a server's ratings and rated games (every server's when None)."""
        await self.backend.replace_ratings(guild_id, [], {})
