"""The one interface both databases implement (SQLite, embedded; PostgreSQL, shared by several processes).

Every method is one short transaction of its own, committed before it returns, so that a failure leaves nothing
half-written and a connection is never held between two calls. What one backend refuses (a second action with the
same number, a second open table in a channel), the other refuses with the same error.
"""

from __future__ import annotations

from abc import ABC
from abc import abstractmethod
from collections.abc import Callable
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from contextlib import nullcontext
from typing import Any

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

ChangeWatcher = Callable[[int, int], None]
"""Told ``(game_id, n)`` when another process changed a game: ``n`` its new last action, 0 when only its row changed."""


class Backend(ABC):
    """What a database does for the bot: games, their numbered actions, panels, players, results, table data.

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
        """A write transaction, rolled back on any failure: the store's own methods build on it."""

    # -- games ---------------------------------------------------------------------------------

    @abstractmethod
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
        """A new game in its lobby; ``ActiveTableExists`` when the channel already has an open table."""

    @abstractmethod
    async def get_game(self, game_id: int) -> GameRow | None: ...

    @abstractmethod
    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's open table (lobby or running), if any."""

    @abstractmethod
    async def last_game(self, channel_id: int) -> GameRow | None:
        """The most recent game of a channel that was started, whatever its status."""

    @abstractmethod
    async def games_with_status(self, *statuses: str) -> list[GameRow]:
        """Every game in one of ``statuses``, oldest first."""

    @abstractmethod
    async def update_game(self, game_id: int, fields: dict[str, Any]) -> None:
        """Set some columns of a game (already checked against ``model.UPDATABLE``)."""

    @abstractmethod
    async def close_game(self, game_id: int, status: str, now: float) -> bool:
        """End a lobby or a running game with ``status`` (cancelled, abandoned), serialized with its moves; False
        when it is neither any more (its last move, in another process, ended it first)."""

    # -- actions -------------------------------------------------------------------------------

    @abstractmethod
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
        """Action ``n`` with the turn clock and, for a final move, the game's end: one transaction.

        ``DuplicateAction`` when action ``n`` of this game is already written, by this process or another.
        """

    @abstractmethod
    async def actions(self, game_id: int) -> list[ActionRow]:
        """A game's actions in order."""

    @abstractmethod
    async def action_count(self, game_id: int) -> int: ...

    @abstractmethod
    async def game_version(self, game_id: int) -> tuple[int, GameRow] | None:
        """The number of a game's last action (0 before the first) and its row, read together; None if no game."""

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
        rows = await self.games_with_status("lobby", "running")
        return [r for r in rows if r.status == "running" or r.created_at <= lobby_before]

    async def release_timer(self, game_id: int) -> None:
        """Give back the claim on a game's timers once they are done (a claim a dead process left expires)."""
        return None

    @abstractmethod
    async def claim_call(self, game_id: int, turn_since: float) -> bool:
        """Mark the people awaited since ``turn_since`` as called; False when they already were, or the turn moved
        on."""

    @abstractmethod
    async def claim_reminder(self, game_id: int, turn_since: float) -> bool:
        """Mark the turn that began at ``turn_since`` as reminded; False when it already was, or the turn moved on."""

    # -- private panels ------------------------------------------------------------------------

    @abstractmethod
    async def panel(self, game_id: int, user_id: int) -> tuple[int | None, int | None, bool]:
        """(DM channel id, DM message id, DM refused) for a player's private panel."""

    @abstractmethod
    async def set_panel(
        self, game_id: int, user_id: int, *, channel_id: int | None, message_id: int | None, dm_refused: bool
    ) -> None: ...

    # -- users ---------------------------------------------------------------------------------

    @abstractmethod
    async def set_user_locale(self, user_id: int, locale: str) -> None: ...

    @abstractmethod
    async def user_locale(self, user_id: int) -> str | None: ...

    @abstractmethod
    async def set_notify(self, user_id: int, mode: str) -> None:
        """How a player is called when their turn comes: ``channel``, ``dm`` or ``off``."""

    @abstractmethod
    async def notify_modes(self, user_ids: list[int]) -> dict[int, str]:
        """The choices of those of ``user_ids`` (distinct) who made one."""

    # -- results and statistics ----------------------------------------------------------------

    @abstractmethod
    async def finish_game(self, game_id: int, status: str, results: Iterable[ResultLine], now: float) -> None:
        """Close a game and record its ranking in one transaction (writing it again changes nothing); a game newly
        over owes its epilogue from that transaction on, as with ``append_action``'s final move."""

    @abstractmethod
    async def owed_epilogues(self) -> list[int]:
        """The games over whose epilogue (hook, rating) is not done yet, oldest first."""

    @abstractmethod
    async def claim_epilogue(self, game_id: int, now: float, lease_s: float) -> bool:
        """Claim a game's owed epilogue for ``lease_s`` seconds: False when it is not owed any more, or another live
        process holds it. The process that ends a game holds it from the end's transaction on."""

    @abstractmethod
    async def epilogue_done(self, game_id: int) -> None:
        """The game's epilogue is done: nothing is owed for it any more."""

    @abstractmethod
    async def stats(self, guild_id: int, kind: str | None) -> list[StatLine]:
        """Finished games and wins per game kind and human player on one server, best first."""

    @abstractmethod
    async def games_played(self, guild_id: int) -> dict[str, int]:
        """Finished games per kind on one server."""

    # -- table-level data that outlives one game -----------------------------------------------

    @abstractmethod
    async def table_data(self, channel_id: int, kind: str, key: str) -> Any:
        """A JSON value kept for a table (None when never set)."""

    @abstractmethod
    async def set_table_data(self, channel_id: int, kind: str, key: str, value: Any) -> None: ...

    # -- Le Chat vert's rules --------------------------------------------------------------------

    @abstractmethod
    async def chat_vert_rules(self, channel_id: int) -> list[dict[str, Any]]:
        """The rules in force at a table, by id (oldest first)."""

    @abstractmethod
    async def change_chat_vert_rules(self, channel_id: int, keys: tuple[str, ...], change: ChatVertChange[T]) -> T:
        """Read a table's rules and its Chat vert data ``keys``, store what ``change`` makes of them: one
        transaction, one at a time per table across processes.

        A rule with a new id is inserted, so a repeated id fails on the key and the whole change rolls back; a stored
        one is rewritten; the ones left out are deleted. An error raised by ``change`` rolls everything back too.
        """

    # -- the history of finished games ---------------------------------------------------------

    @abstractmethod
    async def recent_games(
        self, guild_id: int, limit: int, before_id: int | None
    ) -> list[tuple[GameRow, list[ResultLine]]]:
        """A server's games over or abandoned, newest first (only those numbered below ``before_id`` when given),
        each with its ranking by rank then seat (none for an abandoned game)."""

    @abstractmethod
    async def last_finished_game(self, channel_id: int) -> GameRow | None:
        """The channel's latest game over or abandoned, even while a newer one is open there."""

    # -- ratings -------------------------------------------------------------------------------

    @abstractmethod
    async def ladders(self, guild_id: int, kind: str | None) -> dict[str, list[PlayerRating]]:
        """A server's ratings per game kind (only ``kind`` when given), each kind's players by key."""

    @abstractmethod
    async def rate_game(self, game_id: int, guild_id: int, kind: str, rate: RateGame) -> list[RatingChange]:
        """Rate a finished game once: in one transaction, one at a time across processes, read the ladder of its
        server and kind, store what ``rate`` makes of it and the game's changes. A game already rated keeps its
        changes (they are returned) and ``rate`` is not called."""

    @abstractmethod
    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """A game's rating changes in seat order (none when it was not rated)."""

    @abstractmethod
    async def finished_games(self, guild_id: int | None) -> list[FinishedGame]:
        """The games over (not abandoned) on a server, or on every server, in the order they ended, each with its
        ranking by seat."""

    @abstractmethod
    async def replace_ratings(
        self,
        guild_id: int | None,
        ratings: list[tuple[int, str, PlayerRating]],
        changes: dict[int, list[RatingChange]],
    ) -> None:
        """In one transaction: forget the ratings and changes of a server (every server when None), then store
        ``ratings`` (server, kind, rating) and the games' ``changes``."""
