"""A lobby changed by several processes at once loses nothing: each reads the seats and writes them back while no
other process can (the lobby's lock on the shared database). Two processes are two stores (each with its own pool)
and two table services on the same throwaway PostgreSQL database.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.service.live import TableError
from bot.service.tables import TableService
from bot.store import open_store

HOST = 1

Two = tuple[TableService, TableService]


@pytest.fixture
async def two(postgres_url: str) -> AsyncIterator[Two]:
    """Two processes: two table services, each with its own store and pool, on the same database."""
    first = TableService(await open_store(postgres_url))
    second = TableService(await open_store(postgres_url))
    yield first, second
    await first.store.close()
    await second.store.close()


async def _lobby(service: TableService, channel: int) -> int:
    row = await service.open_table(
        guild_id=1, channel_id=channel, kind="nain_jaune", options={}, host_id=HOST, host_name="Hôte", locale="fr"
    )
    return row.id


async def test_joins_from_two_processes_at_once_all_take_a_seat(two: Two) -> None:
    first, second = two
    row_id = await _lobby(first, 9)
    joiners = list(range(2, 9))  # Nain Jaune seats eight: the host and seven more
    await asyncio.gather(
        *((first if user % 2 else second).join(row_id, user, f"Joueur {user}") for user in joiners),
        second.add_bot(row_id, HOST),
        return_exceptions=True,
    )
    stored = await first.store.get_game(row_id)
    assert stored is not None
    people = sorted(s.user_id for s in stored.seats if s.user_id is not None)
    computers = [s for s in stored.seats if s.user_id is None]
    # Eight seats, every person who got one kept it; the one refused (a full table) is the only one missing.
    assert len(stored.seats) == 8
    assert len(people) + len(computers) == 8 and len(set(people)) == len(people)
    assert set(people) <= {HOST, *joiners}
    assert len(computers) <= 1


async def test_the_host_starts_while_someone_joins_from_another_process(two: Two) -> None:
    first, second = two
    row_id = await _lobby(first, 10)
    await first.join(row_id, 2, "Deux")
    started, joined = await asyncio.gather(
        first.start(row_id, HOST), second.join(row_id, 3, "Trois"), return_exceptions=True
    )
    assert not isinstance(started, BaseException)
    live = await first.load(row_id)
    # Either the join came first and the game was dealt for three, or it was refused: never a third seat
    # that the deal left out.
    assert len(live.row.seats) == len(live.engine.scores(live.state))
    stored = await first.store.get_game(row_id)
    assert stored is not None and len(stored.seats) == len(live.row.seats)
    if isinstance(joined, BaseException):
        assert len(stored.seats) == 2
    else:
        assert len(stored.seats) == 3


async def test_a_move_after_another_process_abandoned_the_game_is_refused(two: Two) -> None:
    first, second = two
    row_id = await _lobby(first, 11)
    await first.join(row_id, 2, "Deux")
    await first.start(row_id, HOST)
    live = await second.load(row_id)  # the second process holds the running game
    seat = min(live.engine.to_act(live.state))
    user = live.row.seats[seat].user_id
    assert user is not None
    move = live.engine.legal_actions(live.state, seat)[0]
    before = await first.store.action_count(row_id)
    await first.close(row_id, HOST, can_manage=False)
    with pytest.raises(TableError):
        await second.act(row_id, user, move)
    assert await first.store.action_count(row_id) == before
    stored = await first.store.get_game(row_id)
    assert stored is not None and stored.status == "abandoned"
