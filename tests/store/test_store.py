"""The store on both backends: migrations, one open table per channel, the unique action number under concurrent
writers (two connections, two pools, two processes), replay."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.games.base import Action
from bot.games.base import action_rng
from bot.registry import engine_of
from bot.registry import player_of
from bot.service.tables import TableService
from bot.store import ActiveTableExists
from bot.store import DuplicateAction
from bot.store import Seat
from bot.store import Store
from bot.store import StoreError
from bot.store import open_store
from tests.store.conftest import SCHEMA_VERSIONS
from tests.store.conftest import raw_set_version
from tests.store.conftest import raw_tables

ROOT = Path(__file__).resolve().parents[2]
TABLES = {"games", "actions", "panels", "results", "users", "notify", "table_data", "chat_vert_rules"}


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


async def test_migrates_an_empty_database(database: str | Path, backend: str) -> None:
    store = await open_store(database)
    assert await store.version() == SCHEMA_VERSIONS[backend]
    await store.close()
    assert await raw_tables(database) >= TABLES
    if isinstance(database, Path):
        with sqlite3.connect(database) as raw:
            assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        raw.close()
    # Opening again is a no-op migration, and the data stays.
    store = await open_store(database)
    game = await _game(store)
    await store.close()
    store = await open_store(database)
    assert await store.version() == SCHEMA_VERSIONS[backend]
    assert (await store.get_game(game)) is not None
    await store.close()


async def test_refuses_a_newer_schema(database: str | Path, backend: str) -> None:
    await (await open_store(database)).close()
    await raw_set_version(database, SCHEMA_VERSIONS[backend] + 1)
    with pytest.raises(StoreError, match="newer"):
        await open_store(database)


async def test_processes_starting_together_migrate_once(postgres_url: str) -> None:
    """PostgreSQL is shared: several processes may start at once on an empty database."""
    stores = await asyncio.gather(*(open_store(postgres_url) for _ in range(4)))
    try:
        assert [await s.version() for s in stores] == [SCHEMA_VERSIONS["postgresql"]] * 4
        await _game(stores[0])
        assert (await stores[3].active_game(10)) is not None
    finally:
        for s in stores:
            await s.close()


async def test_one_active_table_per_channel(store: Store) -> None:
    first = await _game(store)
    with pytest.raises(ActiveTableExists):
        await _game(store)
    await _game(store, channel=11)  # another channel is free
    await store.update_game(first, status="running")
    with pytest.raises(ActiveTableExists):
        await _game(store)
    await store.update_game(first, status="over")
    await _game(store)  # the channel is free again once the first game is over


async def test_same_action_number_twice_is_refused(store: Store) -> None:
    game = await _game(store)
    await store.append_action(game, 1, 0, Action.of("play", card="AS").dumps())
    with pytest.raises(DuplicateAction):
        await store.append_action(game, 1, 1, Action.of("play", card="2S").dumps())
    rows = await store.actions(game)
    assert [(r.n, r.seat) for r in rows] == [(1, 0)]
    # The refusal left nothing open: the next number goes in.
    await store.append_action(game, 2, 1, Action.of("play", card="2S").dumps())
    assert await store.action_count(game) == 2


async def test_another_failed_write_is_not_taken_for_a_duplicate(store: Store) -> None:
    """Only the (game, number) key means "already written": an action of a game that does not exist fails."""
    with pytest.raises(Exception) as failed:
        await store.append_action(999, 1, 0, '{"kind":"draw"}')
    assert not isinstance(failed.value, DuplicateAction)
    game = await _game(store)
    await store.append_action(game, 1, 0, '{"kind":"draw"}')


async def test_concurrent_writers_on_two_connections(database: str | Path) -> None:
    """Two processes (two connections, or two pools) race for action 1: exactly one wins, the data stays sound."""
    a = await open_store(database)
    b = await open_store(database)
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


async def test_many_racing_writers_write_each_number_once(database: str | Path) -> None:
    """Ten writers on two stores each try numbers 1 to 20 of one game: every number is written exactly once."""
    stores = [await open_store(database), await open_store(database)]
    game = await _game(stores[0])

    async def writer(store: Store, seat: int) -> list[int]:
        won = []
        for n in range(1, 21):
            try:
                await store.append_action(game, n, seat, f'{{"kind":"w{seat}"}}', at=float(n))
                won.append(n)
            except DuplicateAction:
                pass
        return won

    wins = await asyncio.gather(*(writer(stores[seat % 2], seat) for seat in range(10)))
    assert sorted(n for won in wins for n in won) == list(range(1, 21))
    rows = await stores[1].actions(game)
    assert [r.n for r in rows] == list(range(1, 21))
    assert all(r.action == f'{{"kind":"w{r.seat}"}}' and r.n in wins[r.seat or 0] for r in rows)
    for store in stores:
        await store.close()


WRITER = """
import asyncio, sys
from pathlib import Path
from bot.store import DuplicateAction, open_store

async def main(database: str, go: str, worker: int, game: int) -> None:
    store = await open_store(Path(database) if "://" not in database else database)
    won = []
    try:
        Path(f"{go}.ready{worker}").touch()
        while not Path(go).exists():
            await asyncio.sleep(0.005)
        for n in range(1, 41):
            try:
                await store.append_action(game, n, worker, '{"kind":"draw"}', at=float(n))
                won.append(n)
            except DuplicateAction:
                pass
    finally:
        await store.close()
    print(" ".join(map(str, won)))

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
"""


async def test_two_processes_racing_write_each_number_once(database: str | Path, tmp_path: Path) -> None:
    store = await open_store(database)
    game = await _game(store)
    go = tmp_path / "go"
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            *("-c", WRITER, str(database), str(go), str(w), str(game)),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        for w in (0, 1)
    ]
    while not all(Path(f"{go}.ready{w}").exists() for w in (0, 1)):
        assert all(w.returncode is None for w in workers), "a writer died before the start"
        await asyncio.sleep(0.01)
    go.touch()
    won: list[list[int]] = []
    for worker in workers:
        out, err = await worker.communicate()
        assert worker.returncode == 0, err.decode()
        won.append([int(n) for n in out.split()])
    assert sorted(won[0] + won[1]) == list(range(1, 41))
    rows = await store.actions(game)
    assert [(r.n, r.seat) for r in rows] == [(n, 0 if n in won[0] else 1) for n in range(1, 41)]
    await store.close()


async def test_replay_rebuilds_the_live_state(database: str | Path) -> None:
    """Play moves through the service, then rebuild from the database alone: the states agree."""
    store = await open_store(database)
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
    assert count >= 12
    await store.close()

    store = await open_store(database)
    fresh = TableService(store)
    again = await fresh.load(row.id)
    assert again.n == count == await store.action_count(row.id)
    assert engine_of("nain_jaune").public_view(again.state) == expected_public
    assert [engine.view(again.state, s) for s in range(2)] == expected_views
    await store.close()


async def test_the_sqlite_connection_is_only_on_sqlite(store: Store, backend: str) -> None:
    """What only SQLite has (its PRAGMAs, for the bench) is refused clearly on PostgreSQL."""
    if backend == "sqlite":
        async with store.db.execute("PRAGMA synchronous") as cur:
            assert await cur.fetchone() == (2,)  # FULL
    else:
        with pytest.raises(AttributeError, match="no SQLite connection"):
            _ = store.db
        assert not hasattr(store, "db")
