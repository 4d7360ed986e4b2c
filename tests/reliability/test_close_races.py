"""Closing a table races nothing: the status is read under the game's own lock.

Before, ``close()`` read the status outside the lock: an abandon racing the final move turned a finished game
into an abandoned one (its ranking vanished from the statistics), a Cancel racing Start marked a started game
cancelled, and the lobby's Cancel button could abandon a running game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

from bot.service.tables import TableError
from bot.service.tables import TableService
from tests.reliability.support import open_table
from tests.reliability.support import service_on
from tests.reliability.support import to_the_last_move


async def status_is(service: TableService, game: int, status: str) -> None:
    row = await service.store.get_game(game)
    assert row is not None and row.status == status


async def second_refused(first: Coroutine[Any, Any, Any], second: Coroutine[Any, Any, Any], code: str) -> None:
    """``first`` takes the game's lock; ``second``, started while it holds it, is then refused with ``code``."""
    holder = asyncio.create_task(first)
    await asyncio.sleep(0)  # the first holds the lock (the final move is writing, Start is starting)
    waiter = asyncio.create_task(second)
    await holder
    with pytest.raises(TableError) as refused:
        await waiter
    assert refused.value.code == code


async def test_an_abandon_racing_the_final_move_leaves_the_game_finished(db_path: Path) -> None:
    service = await service_on(db_path)
    game, _, user, action = await to_the_last_move(service, "nain_jaune", 5, deals=1)
    await second_refused(service.act(game, user, action), service.close(game, 1, can_manage=True), "game_over")
    await status_is(service, game, "over")
    assert sum(line.games for line in await service.store.stats(1, "nain_jaune")) == 2


async def test_a_cancel_racing_start_does_not_cancel_a_started_game(db_path: Path) -> None:
    service = await service_on(db_path)
    game = await open_table(service, "triominos", people=2)
    cancel = service.close(game, 1, can_manage=False, lobby_only=True)
    await second_refused(service.start(game, 1), cancel, "already_started")
    await status_is(service, game, "running")


async def test_the_lobby_cancel_button_never_abandons_a_running_game(db_path: Path) -> None:
    service = await service_on(db_path)
    game = await open_table(service, "njet", people=3)
    await service.start(game, 1)
    with pytest.raises(TableError) as refused:
        await service.close(game, 1, can_manage=True, lobby_only=True)
    assert refused.value.code == "already_started"
    await status_is(service, game, "running")
    await service.close(game, 1, can_manage=False)  # /table abandon still stops it
    await status_is(service, game, "abandoned")
