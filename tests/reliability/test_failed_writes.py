"""A write that fails leaves the game exactly as it was, says so, and the next click works.

The faults are real SQLite errors: a full disk on the write of a move (raised by the store), a COMMIT that SQLite
itself refuses (a deferred foreign key checked only at COMMIT), a lobby write that fails.
"""

from __future__ import annotations

import asyncio
import copy
import random
import sqlite3
from pathlib import Path

import pytest

from bot.service.tables import TableError
from bot.service.tables import TableService
from bot.store import Seat
from bot.store import Store
from cogs.common import error_text
from tests.reliability.support import KINDS
from tests.reliability.support import FaultyStore
from tests.reliability.support import ahead
from tests.reliability.support import next_move
from tests.reliability.support import open_service
from tests.reliability.support import open_table
from tests.reliability.support import replayed


async def _faulty(path: Path) -> tuple[TableService, FaultyStore]:
    service, _, _ = await open_service(path, FaultyStore)
    assert isinstance(service.store, FaultyStore)
    return service, service.store


@pytest.mark.parametrize("kind", KINDS)
async def test_a_failed_write_with_a_click_queued_behind_it_changes_nothing(db_path: Path, kind: str) -> None:
    service, store = await _faulty(db_path)
    game = await open_table(service, kind)
    await service.start(game, 1)
    live = await service.load(game)
    rng = random.Random(7)
    for _ in range(3):  # a few moves in, so that the game has a past to lose
        user, action = next_move(live, rng)
        await service.act(game, user, action)
        live = await service.load(game)
    before, n = copy.deepcopy(live.state), live.n

    # The move that will fail, and behind it the next move as it would follow (legal only after the first).
    user, action = next_move(live, rng)
    later = copy.copy(live)
    later.state = ahead(live, action)
    queued = next_move(later, rng) if live.engine.to_act(later.state) else None

    store.fail_appends = 1
    first = asyncio.create_task(service.act(game, user, action))
    second = asyncio.create_task(service.act(game, *queued)) if queued else None
    outcomes = await asyncio.gather(first, *([second] if second else []), return_exceptions=True)

    # The store still replays, and it agrees with the memory.
    stored = await replayed(service, game)
    live = await service.load(game)
    assert stored.state == live.state and stored.n == live.n
    # The failed move is not there; the queued one is there only if it was legal without it.
    actions = await service.store.actions(game)
    if len(actions) == n:
        assert live.n == n and live.state == before
    else:
        assert queued is not None and [a.action for a in actions[n:]] == [queued[1].dumps()]
    # The clicker was told, with a sentence of the catalog.
    assert isinstance(outcomes[0], TableError) and outcomes[0].code == "not_saved"
    # The same click again now works (when the queued move did not take its place), and the game still replays.
    if len(actions) == n:
        await service.act(game, user, action)
    assert (await replayed(service, game)).state == (await service.load(game)).state


async def test_the_clicker_is_told_in_their_language() -> None:
    error = TableError("not_saved")
    assert error_text(error, "fr") == "Le coup n'a pas pu être enregistré ; rien n'a changé. Réessayez."
    assert error_text(error, "en") == "The move could not be saved; nothing changed. Try again."


async def _failing_commits(store: Store) -> None:
    """Every later move fails at COMMIT: a deferred foreign key that only COMMIT checks (as a real I/O error would)."""
    await store.db.executescript(
        """
        CREATE TABLE IF NOT EXISTS boom (game_id INTEGER REFERENCES games (id) DEFERRABLE INITIALLY DEFERRED);
        CREATE TEMP TRIGGER boom_on_move AFTER INSERT ON main.actions BEGIN INSERT INTO boom VALUES (-1); END;
        """
    )


async def test_a_failed_commit_does_not_poison_the_connection(db_path: Path) -> None:
    service, _, _ = await open_service(db_path)
    game = await open_table(service, "triominos", people=2)
    await service.start(game, 1)
    live = await service.load(game)
    user, action = next_move(live)
    await _failing_commits(service.store)

    with pytest.raises(TableError) as failed:
        await service.act(game, user, action)
    assert failed.value.code == "not_saved"
    assert not service.store.db.in_transaction  # rolled back, not left open
    assert await service.store.action_count(game) == 0

    await service.store.db.execute("DROP TRIGGER boom_on_move")
    await service.act(game, user, action)  # the connection still writes
    assert await service.store.action_count(game) == 1
    await service.store.set_user_locale(5, "en")  # and so does every other write
    assert await service.store.user_locale(5) == "en"


async def test_a_failed_lobby_write_leaves_the_lobby_as_it_was(db_path: Path) -> None:
    service, _, _ = await open_service(db_path)
    game = await open_table(service, "nain_jaune", people=2)
    await service.store.db.execute(
        "CREATE TEMP TRIGGER no_seats BEFORE UPDATE OF seats ON main.games BEGIN SELECT RAISE(ABORT, 'disk'); END"
    )
    with pytest.raises(sqlite3.DatabaseError):
        await service.join(game, 3, "P3")
    with pytest.raises(sqlite3.DatabaseError):
        await service.add_bot(game, 1)
    await service.store.db.execute("DROP TRIGGER no_seats")
    row = await service.store.get_game(game)
    assert row is not None and [s.user_id for s in row.seats] == [1, 2]
    await service.join(game, 3, "P3")
    row = await service.store.get_game(game)
    assert row is not None and row.seats[-1] == Seat(name="P3", user_id=3)


async def test_a_failed_write_of_a_computer_move_is_retried_by_the_timer(db_path: Path) -> None:
    service, store = await _faulty(db_path)
    row = await service.open_table(
        guild_id=1, channel_id=9, kind="nain_jaune", options={}, host_id=1, host_name="P1", locale="fr"
    )
    await service.add_bot(row.id, 1)
    await service.add_bot(row.id, 1)
    live = await service.start(row.id, 1)
    rng = random.Random(3)
    for _ in range(200):  # the person plays until their move hands the turn to a computer player
        user, action = next_move(live, rng)
        after = ahead(live, action)
        if live.engine.is_over(after) or 0 in live.engine.to_act(after):
            await service.act(row.id, user, action)
            live = await service.load(row.id)
            continue
        break
    n = live.n
    store.pass_appends, store.fail_appends = 1, 1
    await service.act(row.id, user, action)  # the person's move is stored; the computer's write after it fails
    live = await service.load(row.id)
    assert live.n == n + 1 and await store.action_count(row.id) == n + 1
    assert 0 not in live.engine.to_act(live.state)  # a computer player is awaited, and nothing else would wake it

    await service.run_timers(service.clock() + 10)
    live = await service.load(row.id)
    assert live.n > n + 1 and (0 in live.engine.to_act(live.state) or live.engine.is_over(live.state))
    assert (await replayed(service, row.id)).state == live.state
