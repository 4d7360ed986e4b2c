"""The history of a server's finished games, on both backends: which games it lists (over or abandoned, this server
only), in which order, with which rankings, page by page; and the last finished game of a channel while a newer one
is open there. Every expected list is written out by hand from the games the test makes."""

from __future__ import annotations

from bot.store import GameRow
from bot.store import ResultLine
from bot.store import Seat
from bot.store import Store

GUILD = 1_234_567_890_123_456_789
"""A Discord id needs 64 bits (this one is above 2**60)."""
OTHER_GUILD = GUILD + 1


async def _game(store: Store, channel: int, status: str, *, guild: int = GUILD, kind: str = "njet") -> GameRow:
    """A game of ``channel`` left in ``status`` (a game that ended started first, as a real one does)."""
    row = await store.create_game(
        guild_id=guild,
        channel_id=channel,
        kind=kind,
        options={},
        seats=[Seat("Alice", 11), Seat("Bruno", 12), Seat("Ordi 3")],
        seed=5,
        host_id=11,
        locale="fr",
        now=1000.0,
    )
    if status != "lobby":
        await store.update_game(row.id, status="running", started_at=1001.0)
    if status in ("abandoned", "cancelled"):
        await store.update_game(row.id, status=status, ended_at=1002.0)
    return row


async def _over(store: Store, channel: int, results: list[ResultLine], **extra: str) -> GameRow:
    row = await _game(store, channel, "running", **extra)
    await store.finish_game(row.id, "over", results, 2000.0 + row.id)
    return row


RANKING: list[ResultLine] = [(0, 11, "Alice", 2, 30), (1, 12, "Bruno", 1, 45), (2, None, "Ordi 3", 2, 30)]
"""Bruno first; Alice and the computer tie for second (Alice sits first, so she is listed first)."""
BY_RANK: list[ResultLine] = [(1, 12, "Bruno", 1, 45), (0, 11, "Alice", 2, 30), (2, None, "Ordi 3", 2, 30)]


async def test_the_history_lists_finished_games_of_the_server_newest_first(store: Store) -> None:
    first = await _over(store, 10, RANKING)
    abandoned = await _game(store, 10, "abandoned")
    await _game(store, 10, "cancelled")  # a lobby that never started: not a game played
    elsewhere = await _over(store, 20, [(0, 11, "Alice", 1, 7), (1, 12, "Bruno", 2, 3)], guild=OTHER_GUILD)
    second = await _over(store, 30, [(0, 11, "Alice", 1, 12), (1, 12, "Bruno", 2, 9)], kind="triominos")
    await _game(store, 10, "running")  # the table open now
    await _game(store, 30, "lobby")

    listed = await store.recent_games(GUILD)
    assert [(row.id, row.status, row.kind) for row, _ in listed] == [
        (second.id, "over", "triominos"),
        (abandoned.id, "abandoned", "njet"),
        (first.id, "over", "njet"),
    ]
    assert [results for _, results in listed] == [
        [(0, 11, "Alice", 1, 12), (1, 12, "Bruno", 2, 9)],
        [],
        BY_RANK,
    ]
    row, _ = listed[2]
    assert row.seats == [Seat("Alice", 11), Seat("Bruno", 12), Seat("Ordi 3")]
    assert row.ended_at == 2000.0 + first.id and listed[1][0].ended_at == 1002.0

    other = await store.recent_games(OTHER_GUILD)
    assert [(row.id, results) for row, results in other] == [
        (elsewhere.id, [(0, 11, "Alice", 1, 7), (1, 12, "Bruno", 2, 3)])
    ]
    assert await store.recent_games(GUILD + 99) == []


async def test_the_history_pages_by_game_number(store: Store) -> None:
    ids = [(await _over(store, 40 + i, [(0, 11, "Alice", 1, i), (1, 12, "Bruno", 2, 0)])).id for i in range(5)]
    newest = list(reversed(ids))

    page = await store.recent_games(GUILD, limit=2)
    assert [row.id for row, _ in page] == newest[:2]
    page = await store.recent_games(GUILD, limit=2, before_id=page[-1][0].id)
    assert [row.id for row, _ in page] == newest[2:4]
    page = await store.recent_games(GUILD, limit=2, before_id=page[-1][0].id)
    assert [row.id for row, _ in page] == newest[4:]
    assert [results[0][4] for _, results in page] == [0]  # the first game: Alice scored 0
    assert await store.recent_games(GUILD, limit=2, before_id=ids[0]) == []
    assert len(await store.recent_games(GUILD)) == 5


async def test_the_last_finished_game_of_a_channel_ignores_the_open_one(store: Store) -> None:
    assert await store.last_finished_game(50) is None
    await _game(store, 50, "cancelled")
    assert await store.last_finished_game(50) is None

    over = await _over(store, 50, RANKING)
    running = await _game(store, 50, "running")
    found = await store.last_finished_game(50)
    assert found is not None and found.id == over.id and found.status == "over"
    last = await store.last_game(50)
    assert last is not None and last.id == running.id  # what /table replay used to find

    await store.update_game(running.id, status="abandoned", ended_at=3000.0)
    found = await store.last_finished_game(50)
    assert found is not None and found.id == running.id and found.status == "abandoned"
    await _game(store, 60, "running")
    assert await store.last_finished_game(60) is None
