"""The store on a real SQLite file: migrations, replay, the unique action number."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.games.base import Action
from bot.games.base import action_rng
from bot.registry import engine_of
from bot.registry import player_of
from bot.store import SCHEMA_VERSION
from bot.store import ActiveTableExists
from bot.store import DuplicateAction
from bot.store import Seat
from bot.store import Store
from bot.tables import TableService


async def _game(store: Store, channel: int = 10) -> int:
    row = await store.create_game(
        guild_id=1,
        channel_id=channel,
        kind="nain_jaune",
        options={"deals": 2, "tokens": 120, "announce": False},
        seats=[Seat("Alice", 1), Seat("Bob", 2), Seat("Ordi 1")],
        seed=42,
        host_id=1,
        locale="fr",
    )
    return row.id


async def test_migrates_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = await Store.open(path)
    assert await store.version() == SCHEMA_VERSION
    await store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "actions", "panels", "results", "users", "table_data"} <= tables
    # Opening again is a no-op migration.
    store = await Store.open(path)
    assert await store.version() == SCHEMA_VERSION
    await store.close()


async def test_refuses_a_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(Exception, match="newer"):
        await Store.open(path)


async def test_one_active_table_per_channel(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.db")
    first = await _game(store)
    with pytest.raises(ActiveTableExists):
        await _game(store)
    await store.update_game(first, status="over")
    await _game(store)  # the channel is free again once the first game is over
    await store.close()


async def test_same_action_number_twice_is_refused(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.db")
    game = await _game(store)
    await store.append_action(game, 1, 0, Action.of("play", card="AS").dumps())
    with pytest.raises(DuplicateAction):
        await store.append_action(game, 1, 1, Action.of("play", card="2S").dumps())
    rows = await store.actions(game)
    assert [(r.n, r.seat) for r in rows] == [(1, 0)]
    await store.close()


async def test_concurrent_writers_on_two_connections(tmp_path: Path) -> None:
    """Two processes (two connections) race for action 1: exactly one wins, the file stays sound."""
    path = tmp_path / "t.db"
    a = await Store.open(path)
    b = await Store.open(path)
    game = await _game(a)

    async def write(store: Store, seat: int) -> bool:
        try:
            await store.append_action(game, 1, seat, Action.of("play", card="AS").dumps())
            return True
        except DuplicateAction:
            return False

    outcomes = await asyncio.gather(write(a, 0), write(b, 1))
    assert sorted(outcomes) == [False, True]
    assert len(await a.actions(game)) == 1
    assert len(await b.actions(game)) == 1
    await a.close()
    await b.close()


async def test_replay_rebuilds_the_live_state(tmp_path: Path) -> None:
    """Play moves through the service, then rebuild from the file alone: the states agree."""
    path = tmp_path / "t.db"
    store = await Store.open(path)
    service = TableService(store)
    row = await service.open_table(
        guild_id=1, channel_id=5, kind="nain_jaune", options={"deals": 2}, host_id=1, host_name="A", locale="fr"
    )
    await service.join(row.id, 2, "B")
    live = await service.start(row.id, 1)
    engine = live.engine
    for _ in range(12):
        if engine.is_over(live.state):
            break
        seat = min(engine.to_act(live.state))
        action = player_of("nain_jaune").act(live.state, seat, action_rng(1, live.n))
        user = live.row.seats[seat].user_id
        assert user is not None
        await service.act(row.id, user, action)
    expected_public = engine.public_view(live.state)
    expected_views = [engine.view(live.state, s) for s in range(2)]
    count = live.n
    await store.close()

    store = await Store.open(path)
    fresh = TableService(store)
    again = await fresh.load(row.id)
    assert again.n == count == await store.action_count(row.id)
    assert engine_of("nain_jaune").public_view(again.state) == expected_public
    assert [engine.view(again.state, s) for s in range(2)] == expected_views
    await store.close()


async def test_table_data_and_locales(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.db")
    await store.set_table_data(7, "chat_vert", "rules", [{"say": "miaou"}])
    assert await store.table_data(7, "chat_vert", "rules") == [{"say": "miaou"}]
    assert await store.table_data(7, "chat_vert", "other") is None
    await store.set_user_locale(3, "en")
    await store.set_user_locale(3, "fr")
    assert await store.user_locale(3) == "fr"
    await store.close()
