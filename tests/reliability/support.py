"""What the reliability tests share: a table service on a real SQLite file, tables of people, injected faults."""

from __future__ import annotations

import asyncio
import copy
import random
import sqlite3
from pathlib import Path
from typing import Any

from bot.games.base import Action
from bot.registry import player_of
from bot.service.tables import LiveGame
from bot.service.tables import TableService
from bot.store import Store
from tests.service_support import Clock
from tests.service_support import Recorder
from tests.service_support import open_store
from tests.service_support import open_table

KINDS = ("nain_jaune", "triominos", "neurotrio", "njet", "chat_vert")
"""Every game; four people (``open_table``'s lobby) fit every one of them."""


class FaultyStore(Store):
    """The real store, whose next writes of moves fail as a full disk or a locked database makes them fail."""

    pass_appends = 0
    fail_appends = 0

    async def append_action(self, *args: Any, **kwargs: Any) -> None:
        if self.pass_appends > 0:
            self.pass_appends -= 1
        elif self.fail_appends > 0:
            self.fail_appends -= 1
            await asyncio.sleep(0)  # a real write waits on the disk before it fails: other clicks run meanwhile
            raise sqlite3.OperationalError("database or disk is full")
        await super().append_action(*args, **kwargs)


async def open_service(path: Path, store_class: type[Store] = Store) -> tuple[TableService, Recorder, Clock]:
    store = await open_store(path, store_class)
    recorder, clock = Recorder(), Clock()
    return TableService(store, recorder, clock=clock), recorder, clock


def next_move(live: LiveGame, rng: random.Random | None = None) -> tuple[int, Action]:
    """The user to act and the move the computer player would make for them (the game's most common move)."""
    seat = min(live.engine.to_act(live.state))
    user = live.row.seats[seat].user_id
    assert user is not None
    return user, player_of(live.row.kind).act(live.state, seat, rng or random.Random(live.n))


async def replayed(service: TableService, game_id: int) -> LiveGame:
    """The game as the store alone tells it (a fresh replay, as after a restart)."""
    row = await service.store.get_game(game_id)
    assert row is not None
    return await service.replay(row)


async def service_on(path: Path) -> TableService:
    """A table service on the real SQLite file at ``path``."""
    return (await open_service(path))[0]


def ahead(live: LiveGame, action: Action) -> Any:
    """The state once the seat to act made ``action``, worked out on a copy (the game itself is untouched)."""
    state = copy.deepcopy(live.state)
    live.engine.apply(state, min(live.engine.to_act(live.state)), action, random.Random(0))
    return state


async def to_the_last_move(
    service: TableService, kind: str, seed: int, **options: Any
) -> tuple[int, LiveGame, int, Action]:
    """A game of two people played up to its final move, returned unplayed: (game, live, user, action)."""
    game = await open_table(service, kind, people=2, **options)
    await service.start(game, 1)
    rng = random.Random(seed)
    while True:
        live = await service.load(game)
        user, action = next_move(live, rng)
        if live.engine.is_over(ahead(live, action)):
            return game, live, user, action
        await service.act(game, user, action)
