"""The store's statements are written once, in PostgreSQL's spelling; SQLite reads them through a few rewrites, and
runs a transaction's work whole in its connection's thread."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import Seat
from bot.store import Store
from bot.store import open_store
from bot.store.base import Tx
from bot.store.dialect import sqlite_args
from bot.store.dialect import sqlite_sql


def test_parameters_lose_their_postgresql_types() -> None:
    sql = "UPDATE t SET a = $2 WHERE id = $1 AND ($3::bigint IS NULL OR b < $3::bigint) AND c = $10::double precision"
    assert sqlite_sql(sql) == "UPDATE t SET a = ?2 WHERE id = ?1 AND (?3 IS NULL OR b < ?3) AND c = ?10"


def test_an_array_is_a_json_list_on_sqlite() -> None:
    sql = "SELECT k FROM t WHERE k = ANY($1::text[]) AND n = ANY($2::bigint[])"
    assert (
        sqlite_sql(sql)
        == "SELECT k FROM t WHERE k IN (SELECT value FROM json_each(?1)) AND n IN (SELECT value FROM json_each(?2))"
    )
    assert sqlite_args([3, ["a", "é"], [1, 2], None]) == (3, '["a", "\\u00e9"]', "[1, 2]", None)


def test_byte_order_is_sqlites_own() -> None:
    sql = 'SELECT MAX(name COLLATE "C") FROM t ORDER BY kind COLLATE "C", name'
    assert sqlite_sql(sql) == "SELECT MAX(name) FROM t ORDER BY kind, name"


def test_what_both_spell_alike_is_left_as_written() -> None:
    sql = (
        "INSERT INTO t (k, v) VALUES ('$', TRUE) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v RETURNING k,"
        " COUNT(*) FILTER (WHERE v)"
    )
    assert sqlite_sql(sql) == sql


async def test_a_sqlite_transaction_that_waits_for_anything_else_is_refused_and_rolled_back(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "t.db")
    try:

        async def waits(tx: Tx) -> None:
            await tx.execute("INSERT INTO users (user_id, locale) VALUES ($1, $2)", 1, "fr")
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError):
            await store.backend.run(waits)
        assert await store.user_locale(1) is None
        assert not store.db.in_transaction
        await store.set_user_locale(1, "en")  # the connection still writes
        assert await store.user_locale(1) == "en"
    finally:
        await store.close()


async def test_lists_bind_alike_on_both_databases(store: Store) -> None:
    for user, mode in ((1, "dm"), (2, "off"), (3, "channel")):
        await store.set_notify(user, mode)
    assert await store.notify_modes([3, 1, 4, 1]) == {3: "channel", 1: "dm", 4: "channel"}
    ids = []
    for channel in (10, 11):
        row = await store.create_game(
            guild_id=1,
            channel_id=channel,
            kind="njet",
            options={},
            seats=[Seat("A", 1)],
            seed=0,
            host_id=1,
            locale="fr",
        )
        ids.append(row.id)
    await store.update_game(ids[1], status="running")
    assert [g.id for g in await store.games_with_status("running")] == [ids[1]]
    assert [g.id for g in await store.games_with_status("running", "lobby")] == ids
    assert await store.games_with_status("over") == []
