"""What outlives a game, written once for both databases: results and statistics, table data, Le Chat vert's
rules, the history of finished games, ratings. ``Store`` holds these methods with its own (``bot.store.store``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.store.base import Backend
from bot.store.base import Conn
from bot.store.base import Tx
from bot.store.model import EPILOGUE_LEASE_S
from bot.store.model import ChatVertChange
from bot.store.model import ChatVertTable
from bot.store.model import FinishedGame
from bot.store.model import GameRow
from bot.store.model import PlayerRating
from bot.store.model import RateGame
from bot.store.model import RatingChange
from bot.store.model import ResultLine
from bot.store.model import StatLine
from bot.store.model import T
from bot.store.model import rule_ids
from bot.store.rows import GAME_COLUMNS
from bot.store.rows import RESULT_COLUMNS
from bot.store.rows import game_from_row
from bot.store.rows import result_from_row

_RATING_CHANGES = "SELECT player, name, shown_before, shown_after FROM rating_changes WHERE game_id = $1 ORDER BY seat"
_SET_TABLE_DATA = (
    "INSERT INTO table_data (channel_id, kind, key, value) VALUES ($1, $2, $3, $4)"
    " ON CONFLICT (channel_id, kind, key) DO UPDATE SET value = EXCLUDED.value"
)


async def write_finish(tx: Tx, game_id: int, status: str, results: Iterable[ResultLine], now: float) -> None:
    """Inside a transaction: the game's end and its ranking, keyed by seat so that writing it again changes nothing;
    a game newly over owes its epilogue."""
    found = await tx.fetchval("SELECT status FROM games WHERE id = $1", game_id)
    if status == "over" and found is not None and found != "over":
        await tx.owe_epilogue(game_id, now)
    await tx.execute("UPDATE games SET status = $1, ended_at = $2 WHERE id = $3", status, now, game_id)
    await tx.executemany(
        f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)"
        " ON CONFLICT (game_id, seat) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name,"
        " rank = EXCLUDED.rank, score = EXCLUDED.score",
        [(game_id, *r) for r in results],
    )


def _rankings(games: list[GameRow], rows: list[Any]) -> list[tuple[GameRow, list[ResultLine]]]:
    """Each game with its result lines among ``rows`` (of ``RESULT_COLUMNS``), in the rows' order."""
    results: dict[int, list[ResultLine]] = {g.id: [] for g in games}
    for row in rows:
        game_id, line = result_from_row(row)
        if game_id in results:
            results[game_id].append(line)
    return [(g, results[g.id]) for g in games]


async def _changes_of(tx: Conn, game_id: int) -> list[RatingChange]:
    return [RatingChange(*r) for r in await tx.fetch(_RATING_CHANGES, game_id)]


async def _write_ratings(
    tx: Tx, ratings: list[tuple[int, str, PlayerRating]], changes: dict[int, list[RatingChange]]
) -> None:
    """Inside a transaction: ratings written over the stored ones, and games' changes (their seat: their order)."""
    await tx.executemany(
        "INSERT INTO ratings (guild_id, kind, player, name, mu, sigma, games, wins)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (guild_id, kind, player) DO UPDATE SET"
        " name = EXCLUDED.name, mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, games = EXCLUDED.games,"
        " wins = EXCLUDED.wins",
        [(g, k, r.player, r.name, r.mu, r.sigma, r.games, r.wins) for g, k, r in ratings],
    )
    await tx.executemany(
        "INSERT INTO rating_changes (game_id, player, seat, name, shown_before, shown_after)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        [
            (game_id, c.player, seat, c.name, c.before, c.after)
            for game_id, game_changes in changes.items()
            for seat, c in enumerate(game_changes)
        ],
    )


class Records:
    """The store's methods about what outlives a game (``backend``: the database they run on)."""

    backend: Backend

    async def _game(self, where: str, *args: Any) -> GameRow | None:
        """The first game that ``where`` (a condition on ``games``, then its order) finds, if any."""
        row = await self.backend.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", *args)
        return game_from_row(row) if row else None

    async def _games(self, where: str, *args: Any) -> list[GameRow]:
        """The games that ``where`` (a condition on ``games``, then their order) finds."""
        return [
            game_from_row(r) for r in await self.backend.fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", *args)
        ]

    # -- results and statistics ----------------------------------------------------------------

    async def finish_game(self, game_id: int, status: str, results: Iterable[ResultLine], now: float) -> None:
        """Close a game and record its ranking (seat, user, name, rank, score) in one transaction (writing it again
        changes nothing); a game newly over owes its epilogue from that transaction on, as with ``append_action``'s
        final move."""

        async def finish(tx: Tx) -> None:
            await tx.lock_game(game_id)
            await write_finish(tx, game_id, status, results, now)
            await tx.announce(game_id)

        await self.backend.run(finish)

    async def owed_epilogues(self) -> list[int]:
        """The games over whose epilogue (their hook, their rating) is still owed: a crash or a failure came between
        their end and it."""
        return [int(r[0]) for r in await self.backend.fetch("SELECT game_id FROM epilogues ORDER BY game_id")]

    async def claim_epilogue(self, game_id: int, now: float, lease_s: float = EPILOGUE_LEASE_S) -> bool:
        """Whether this process may do a game's owed epilogue now (claimed for ``lease_s`` from the others)."""
        return await self.backend.claim_epilogue(game_id, now, lease_s)

    async def epilogue_done(self, game_id: int) -> None:
        await self.backend.execute("DELETE FROM epilogues WHERE game_id = $1", game_id)

    async def stats(self, guild_id: int, kind: str | None = None) -> list[StatLine]:
        """Finished games and wins per game kind and human player on one server, best first."""
        # Names and kinds compare byte by byte ("C") whatever the database's locale.
        rows = await self.backend.fetch(
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
        rows = await self.backend.fetch(
            "SELECT kind, COUNT(*) FROM games WHERE guild_id = $1 AND status = 'over' GROUP BY kind", guild_id
        )
        return {str(r[0]): int(r[1]) for r in rows}

    # -- table-level data that outlives one game -----------------------------------------------

    async def table_data(self, channel_id: int, kind: str, key: str) -> Any:
        """A JSON value kept for a table (None when never set)."""
        value = await self.backend.fetchval(
            "SELECT value FROM table_data WHERE channel_id = $1 AND kind = $2 AND key = $3", channel_id, kind, key
        )
        return None if value is None else json.loads(value)

    async def set_table_data(self, channel_id: int, kind: str, key: str, value: Any) -> None:
        await self.backend.execute(_SET_TABLE_DATA, channel_id, kind, key, json.dumps(value))

    # -- Le Chat vert's rules --------------------------------------------------------------------

    async def chat_vert_rules(self, channel_id: int) -> list[dict[str, Any]]:
        """The rules in force at a table, by id (oldest first)."""
        rows = await self.backend.fetch(
            "SELECT rule FROM chat_vert_rules WHERE channel_id = $1 ORDER BY rule_id", channel_id
        )
        return [json.loads(r[0]) for r in rows]

    async def change_chat_vert_rules(self, channel_id: int, keys: tuple[str, ...], change: ChatVertChange[T]) -> T:
        """Read a table's rules and its Chat vert data ``keys``, store what ``change`` makes of them: one
        transaction, one at a time per table across processes.

        A rule with a new id is inserted, so a repeated id fails on the key and the whole change rolls back; a stored
        one is rewritten; the ones left out are deleted. An error raised by ``change`` rolls everything back too.
        """

        async def rewrite(tx: Tx) -> T:
            await tx.lock_rules(channel_id)  # what is read below is what the change replaces
            rows = await tx.fetch(
                "SELECT rule_id, rule FROM chat_vert_rules WHERE channel_id = $1 ORDER BY rule_id", channel_id
            )
            stored = {int(r[0]): json.loads(r[1]) for r in rows}
            rows = await tx.fetch(
                "SELECT key, value FROM table_data WHERE channel_id = $1 AND kind = 'chat_vert'"
                " AND key = ANY($2::text[])",
                channel_id,
                list(keys),
            )
            found = {str(r[0]): json.loads(r[1]) for r in rows}
            table, answer = change(ChatVertTable(list(stored.values()), {key: found.get(key) for key in keys}))
            ids = rule_ids(table.rules)
            await tx.execute(
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
                await tx.execute(sql, channel_id, rule_id, json.dumps(rule))
            await tx.executemany(
                _SET_TABLE_DATA,
                [(channel_id, "chat_vert", key, json.dumps(value)) for key, value in table.data.items()],
            )
            return answer

        return await self.backend.run(rewrite)

    # -- the history of finished games ---------------------------------------------------------

    async def recent_games(
        self, guild_id: int, limit: int = 10, before_id: int | None = None
    ) -> list[tuple[GameRow, list[ResultLine]]]:
        """A server's games over or abandoned, newest first, each with its ranking by rank then seat (none for an
        abandoned game); ``before_id`` pages to older ones (the games numbered below it)."""
        games = await self._games(
            "guild_id = $1 AND status IN ('over', 'abandoned') AND ($2::bigint IS NULL OR id < $2::bigint)"
            " ORDER BY id DESC LIMIT $3",
            guild_id,
            before_id,
            limit,
        )
        if not games:
            return []
        lines = await self.backend.fetch(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ANY($1::bigint[]) ORDER BY rank, seat",
            [g.id for g in games],
        )
        return _rankings(games, lines)

    async def last_finished_game(self, channel_id: int) -> GameRow | None:
        """The channel's latest game over or abandoned, the one to replay while a newer game runs there."""
        return await self._game(
            "channel_id = $1 AND status IN ('over', 'abandoned') ORDER BY id DESC LIMIT 1", channel_id
        )

    # -- ratings -------------------------------------------------------------------------------

    async def _ladders(self, guild_id: int, kind: str | None) -> dict[str, list[PlayerRating]]:
        rows = await self.backend.fetch(
            "SELECT kind, player, name, mu, sigma, games, wins FROM ratings WHERE guild_id = $1"
            ' AND ($2::text IS NULL OR kind = $2::text) ORDER BY kind COLLATE "C", player COLLATE "C"',
            guild_id,
            kind,
        )
        out: dict[str, list[PlayerRating]] = {}
        for r in rows:
            out.setdefault(str(r[0]), []).append(PlayerRating(r[1], r[2], r[3], r[4], r[5], r[6]))
        return out

    async def ladder(self, guild_id: int, kind: str) -> list[PlayerRating]:
        """The ratings of a server's players at one game (by player key; ``bot.ratings.service`` ranks them)."""
        return (await self._ladders(guild_id, kind)).get(kind, [])

    async def ladders(self, guild_id: int) -> dict[str, list[PlayerRating]]:
        """A server's ratings at every game it has rated."""
        return await self._ladders(guild_id, None)

    async def rate_game(self, game_id: int, guild_id: int, kind: str, rate: RateGame) -> list[RatingChange]:
        """Rate a finished game once: in one transaction, one at a time across processes, read the ladder of its
        server and kind, store what ``rate`` makes of it and the game's changes. A game already rated keeps its
        changes (they are returned) and ``rate`` is not called."""

        async def rating(tx: Tx) -> list[RatingChange]:
            await tx.lock_ratings()  # the ladder read below is the one this game changes
            done = await _changes_of(tx, game_id)
            if done:
                return done
            rows = await tx.fetch(
                "SELECT player, name, mu, sigma, games, wins FROM ratings WHERE guild_id = $1 AND kind = $2",
                guild_id,
                kind,
            )
            ratings, changes = rate([PlayerRating(*r) for r in rows])
            await _write_ratings(tx, [(guild_id, kind, r) for r in ratings], {game_id: changes})
            return changes

        return await self.backend.run(rating)

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        """A game's rating changes in seat order (none when it was not rated)."""
        return await _changes_of(self.backend, game_id)

    async def finished_games(self, guild_id: int | None = None) -> list[FinishedGame]:
        """The games over (not abandoned) on a server (every server when None) in the order they ended, each with
        its ranking by seat."""
        games = await self._games(
            "status = 'over' AND guild_id IS NOT NULL AND ($1::bigint IS NULL OR guild_id = $1::bigint)"
            " ORDER BY ended_at, id",
            guild_id,
        )
        lines = await self.backend.fetch(
            "SELECT r.game_id, r.seat, r.user_id, r.name, r.rank, r.score FROM results r JOIN games g ON g.id ="
            " r.game_id WHERE g.status = 'over' AND ($1::bigint IS NULL OR g.guild_id = $1::bigint)"
            " ORDER BY r.game_id, r.seat",
            guild_id,
        )
        return _rankings(games, lines)

    async def replace_ratings(
        self,
        guild_id: int | None,
        ratings: list[tuple[int, str, PlayerRating]],
        changes: dict[int, list[RatingChange]],
    ) -> None:
        """In one transaction: forget the ratings and changes of a server (every server when None), then store
        ``ratings`` (server, kind, rating) and the games' ``changes``: ratings recomputed from the results."""

        async def replace(tx: Tx) -> None:
            await tx.lock_ratings()
            await tx.execute("DELETE FROM ratings WHERE $1::bigint IS NULL OR guild_id = $1::bigint", guild_id)
            await tx.execute(
                "DELETE FROM rating_changes WHERE $1::bigint IS NULL"
                " OR game_id IN (SELECT id FROM games WHERE guild_id = $1::bigint)",
                guild_id,
            )
            await _write_ratings(tx, ratings, changes)

        await self.backend.run(replace)

    async def clear_ratings(self, guild_id: int | None = None) -> None:
        """Forget a server's ratings and rated games (every server's when None)."""
        await self.replace_ratings(guild_id, [], {})
