"""``python -m bot migrate-store --to postgresql://...``: move a server from its SQLite file to PostgreSQL.

Everything the file holds is copied in one transaction: games (with their ids), actions, private panels, results
(the statistics are counted from them), user languages and turn-call choices, table data and Le Chat vert's rules.
Before it commits, every started game is replayed from the copy and from the file: the two states must be equal,
or nothing is copied. A database that already holds something is refused unless ``--force`` empties it first.
"""

from __future__ import annotations

import json
from collections import Counter
from collections import defaultdict
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from bot.games.base import GameError
from bot.registry import engine_of
from bot.service.live import rebuild
from bot.store import ActionRow
from bot.store import GameRow
from bot.store import Store
from bot.store.postgres import PostgresBackend
from bot.store.postgres import game_from_row

COLUMNS: dict[str, tuple[str, ...]] = {
    "games": (
        "id", "guild_id", "channel_id", "kind", "options", "seats", "seed", "status", "host_id", "locale",
        "reminder_s", "timeout_s", "lobby_message_id", "table_message_id", "turn_since", "reminded", "created_at",
        "started_at", "ended_at", "settings", "turn_message_id", "called",
    ),
    "actions": ("game_id", "n", "seat", "action", "by_bot", "at", "how"),
    "panels": ("game_id", "user_id", "channel_id", "message_id", "dm_refused"),
    "results": ("game_id", "seat", "user_id", "name", "rank", "score"),
    "users": ("user_id", "locale"),
    "notify": ("user_id", "mode"),
    "table_data": ("channel_id", "kind", "key", "value"),
    "chat_vert_rules": ("channel_id", "rule_id", "rule"),
    "ratings": ("guild_id", "kind", "player", "name", "mu", "sigma", "games", "wins"),
    "rating_changes": ("game_id", "player", "seat", "name", "shown_before", "shown_after"),
    "epilogues": ("game_id",),
}  # fmt: skip
"""Every table of the store and its columns, in an order where each row's references are copied before it."""
FLAGS = frozenset({"reminded", "called", "by_bot", "dm_refused"})
"""Columns SQLite keeps as 0/1 and PostgreSQL as booleans."""
TIMES = frozenset({"turn_since", "created_at", "started_at", "ended_at", "at"})
"""Seconds since the epoch: PostgreSQL's double precision wants a float even where SQLite kept a whole number."""


class MigrationError(Exception):
    """The copy was refused or did not check out; nothing was written. The message says why."""


@dataclass
class KindReport:
    """What was copied of one game kind."""

    statuses: Counter[str] = field(default_factory=Counter)
    actions: int = 0
    replayed: int = 0

    def line(self, kind: str) -> str:
        statuses = ", ".join(f"{count} {status}" for status, count in sorted(self.statuses.items()))
        return (
            f"{kind}: {sum(self.statuses.values())} games ({statuses}), {self.actions} actions;"
            f" {self.replayed} started games replay to the same state"
        )


def _value(column: str, value: Any) -> Any:
    if value is None:
        return None
    if column in FLAGS:
        return bool(value)
    if column in TIMES:
        return float(value)
    return value


def _same_game(source: GameRow, copied: GameRow, source_rows: list[ActionRow], rows: list[ActionRow]) -> bool:
    """The copied game replays to the state the file replays to: the same public view, seat views and log."""
    engine = engine_of(source.kind)
    theirs = rebuild(engine, source, source_rows)
    try:
        ours = rebuild(engine, copied, rows)
    except GameError:  # the copy's actions do not even apply to its deal
        return False
    seats = len(source.seats)
    return (
        theirs.n == ours.n
        and theirs.log == ours.log
        and engine.all_views(theirs.state, seats) == engine.all_views(ours.state, seats)
    )


async def _read_source(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    tables: dict[str, list[tuple[Any, ...]]] = {}
    for table, columns in COLUMNS.items():
        async with store.db.execute(f"SELECT {', '.join(columns)} FROM {table}") as cur:
            rows = await cur.fetchall()
        tables[table] = [tuple(_value(c, v) for c, v in zip(columns, row, strict=True)) for row in rows]
    return tables


async def migrate_store(source: Path, url: str, *, force: bool = False, say: Any = print) -> dict[str, KindReport]:
    """Copy the SQLite file ``source`` into the PostgreSQL database at ``url``, check every game, commit; the
    report per game kind. ``MigrationError`` (nothing written) when refused or when a game does not check out."""
    if not source.is_file():
        raise MigrationError(f"there is no SQLite file at {source} (--from, or TABLEE_DATABASE)")
    store = await Store.open(source)
    try:
        tables = await _read_source(store)
        source_games = {row.id: row for row in await store.games_with_status(*_STATUSES)}
        source_actions = {game_id: await store.actions(game_id) for game_id in source_games}
    finally:
        await store.close()
    target = await PostgresBackend.open(url, listen=False)
    try:
        async with target.transaction() as conn:
            held = {t: int(await conn.fetchval(f"SELECT COUNT(*) FROM {t}")) for t in COLUMNS}
            if any(held.values()) and not force:
                kept = ", ".join(f"{count} {table}" for table, count in held.items() if count)
                raise MigrationError(f"the PostgreSQL database is not empty ({kept}); --force empties it first")
            await conn.execute(f"TRUNCATE {', '.join(COLUMNS)}")
            for table, columns in COLUMNS.items():
                if tables[table]:
                    await conn.copy_records_to_table(table, records=tables[table], columns=list(columns))
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL)"
                " FROM games"
            )
            reports = await _check(conn, tables, source_games, source_actions)
    finally:
        await target.close()
    for kind, report in sorted(reports.items()):
        say(report.line(kind))
    copied = ", ".join(f"{len(rows)} {table}" for table, rows in tables.items())
    say(f"copied {copied}")
    return reports


_STATUSES = ("lobby", "running", "over", "abandoned", "cancelled")


async def _check(
    conn: Any,
    tables: dict[str, list[tuple[Any, ...]]],
    source_games: dict[int, GameRow],
    source_actions: dict[int, list[ActionRow]],
) -> dict[str, KindReport]:
    """Inside the copy's transaction: every table has the file's rows, every game its row, and every started game
    replays to the file's state; else ``MigrationError``, which rolls the copy back."""
    for table in COLUMNS:
        count = int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}"))
        if count != len(tables[table]):
            raise MigrationError(f"{table}: {len(tables[table])} rows in the file, {count} copied")
    reports: dict[str, KindReport] = defaultdict(KindReport)
    for record in await conn.fetch(f"SELECT {', '.join(COLUMNS['games'])} FROM games ORDER BY id"):
        copied = game_from_row(record)
        source = source_games[copied.id]
        report = reports[copied.kind]
        report.statuses[copied.status] += 1
        if copied != source:
            raise MigrationError(f"game {copied.id} ({copied.kind}) was not copied as it is in the file")
        actions = await conn.fetch(
            "SELECT n, seat, action, by_bot, at, how FROM actions WHERE game_id = $1 ORDER BY n", copied.id
        )
        rows = [ActionRow(r[0], r[1], r[2], r[3], r[4], r[5]) for r in actions]
        report.actions += len(rows)
        if copied.started_at is None:
            continue
        if rows != source_actions[copied.id] or not _same_game(source, copied, source_actions[copied.id], rows):
            raise MigrationError(f"game {copied.id} ({copied.kind}) does not replay as it does from the file")
        report.replayed += 1
    for table in ("table_data", "chat_vert_rules"):
        stored = await conn.fetch(f"SELECT {', '.join(COLUMNS[table])} FROM {table}")
        ours = sorted((*r[:-1], json.loads(r[-1])) for r in stored)
        theirs = sorted((*r[:-1], json.loads(r[-1])) for r in tables[table])
        if ours != theirs:
            raise MigrationError(f"{table} was not copied as it is in the file")
    return dict(reports)
