"""Closing a table races nothing: the status is read under the game's own lock.

Before, ``close()`` read the status outside the lock: an abandon racing the final move turned a finished game
into an abandoned one (its ranking vanished from the statistics), a Cancel racing Start marked a started game
cancelled, and the lobby's Cancel button could abandon a running game.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.tables import TableError
from tests.reliability.support import open_table, service_on, to_the_last_move


async def test_an_abandon_racing_the_final_move_leaves_the_game_finished(db_path: Path) -> None:
    service = await service_on(db_path)
    game, _, user, action = await to_the_last_move(service, "nain_jaune", 5, deals=1)

    final = asyncio.create_task(service.act(game, user, action))
    await asyncio.sleep(0)  # the final move holds the lock and is writing
    abandon = asyncio.create_task(service.close(game, 1, can_manage=True))
    await final
    with pytest.raises(TableError) as refused:
        await abandon
    assert refused.value.code == "game_over"
    row = await service.store.get_game(game)
    assert row is not None and row.status == "over"
    assert sum(line.games for line in await service.store.stats(1, "nain_jaune")) == 2


async def test_a_cancel_racing_start_does_not_cancel_a_started_game(db_path: Path) -> None:
    service = await service_on(db_path)
    game = await open_table(service, "triominos", people=2)
    start = asyncio.create_task(service.start(game, 1))
    await asyncio.sleep(0)  # Start holds the lock
    cancel = asyncio.create_task(service.close(game, 1, can_manage=False, lobby_only=True))
    await start
    with pytest.raises(TableError) as refused:
        await cancel
    assert refused.value.code == "already_started"
    row = await service.store.get_game(game)
    assert row is not None and row.status == "running"


async def test_the_lobby_cancel_button_never_abandons_a_running_game(db_path: Path) -> None:
    service = await service_on(db_path)
    game = await open_table(service, "njet", people=3)
    await service.start(game, 1)
    with pytest.raises(TableError) as refused:
        await service.close(game, 1, can_manage=True, lobby_only=True)
    assert refused.value.code == "already_started"
    row = await service.store.get_game(game)
    assert row is not None and row.status == "running"
    await service.close(game, 1, can_manage=False)  # /table abandon still stops it
    row = await service.store.get_game(game)
    assert row is not None and row.status == "abandoned"
