"""SQLite runs a move's write whole in its connection's thread: one trip, however many statements, and nothing of
another coroutine in the middle of it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.games.base import Action
from bot.store import Seat
from bot.store import Store
from bot.store import open_store
from bot.store.sqlite import SQLiteBackend


async def _game(store: Store) -> int:
    row = await store.create_game(
        guild_id=1,
        channel_id=10,
        kind="nain_jaune",
        options={"deals": 2, "tokens": 120, "announce": False},
        seats=[Seat("Alice", 1), Seat("Bob", 2)],
        seed=42,
        host_id=1,
        locale="fr",
    )
    await store.update_game(row.id, status="running")
    return int(row.id)


async def test_a_final_move_is_one_trip_to_the_connection_thread(tmp_path: Path) -> None:
    """The last move of a game is five statements (the check, the action, the turn, the end, the ranking) and a
    commit: a single trip, where each statement was a trip of its own."""
    store = await open_store(tmp_path / "t.db")
    try:
        backend = store.backend
        assert isinstance(backend, SQLiteBackend)
        game = await _game(store)
        trips = 0
        queue = backend.db._execute

        async def counted(*args: Any, **kwargs: Any) -> Any:
            nonlocal trips
            trips += 1
            return await queue(*args, **kwargs)  # type: ignore[no-untyped-call]

        backend.db._execute = counted  # type: ignore[method-assign]
        await store.append_action(
            game,
            1,
            0,
            Action.of("play", card="AS").dumps(),
            at=5.0,
            turn_since=5.0,
            results=[(0, 1, "Alice", 1, 10), (1, 2, "Bob", 2, -10)],
        )
        backend.db._execute = queue  # type: ignore[method-assign]
        assert trips == 1
        row = await store.get_game(game)
        assert row is not None and row.status == "over" and row.turn_since == 5.0
        assert [(r.n, r.seat) for r in await store.actions(game)] == [(1, 0)]
    finally:
        await store.close()


async def test_a_read_waits_for_the_write_under_way(tmp_path: Path) -> None:
    """Reads asked while moves are being written see each move whole or not at all, never between its statements
    (the same connection would otherwise see its own uncommitted half-written move)."""
    store = await open_store(tmp_path / "t.db")
    try:
        game = await _game(store)
        seen: list[tuple[int, float | None]] = []

        async def write(n: int) -> None:
            await store.append_action(game, n, n % 2, '{"kind":"draw"}', at=float(n), turn_since=float(n))

        async def read() -> None:
            query = "SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?), turn_since FROM games WHERE id = ?"
            for _ in range(200):
                async with store.db.execute(query, (game, game)) as cur:
                    found = await cur.fetchone()
                assert found is not None
                seen.append((int(found[0]), found[1]))

        await asyncio.gather(read(), *(write(n) for n in range(1, 21)))
        # Each action n sets turn_since to n in the same transaction: a read never finds the action without it.
        assert all(since == (count or None) for count, since in seen)
        assert await store.action_count(game) == 20
    finally:
        await store.close()
