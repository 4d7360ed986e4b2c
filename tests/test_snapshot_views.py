"""A published snapshot works its views out from the state's pickle when first read, and only a few publications
read theirs and draw at once (``bot.pictures.redraw.drawing_slot``): tables waiting behind busy workers hold
their state's bytes, not every seat's view."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bench.moves import RenderingPublisher
from bench.moves import open_full_table
from bot.games.base import action_rng
from bot.pictures import workers
from bot.pictures.redraw import DRAWING_AT_ONCE
from bot.pictures.redraw import drawing_slot
from bot.registry import engine_of
from bot.registry import player_of
from bot.service.live import Snapshot
from bot.service.tables import TableService
from tests.service_support import Clock
from tests.service_support import Recorder
from tests.service_support import open_store
from tests.service_support import open_table


@pytest.fixture(autouse=True)
async def _threads() -> AsyncIterator[None]:
    """Pictures in the render threads: what is tested is when they are drawn, not where."""
    workers.set_mode("threads")
    yield
    workers.set_mode("processes")


async def test_a_snapshot_shows_its_own_version_whatever_came_after(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "t.db")
    try:
        service = TableService(store, Recorder(), clock=Clock())
        row = await service.game_row(await open_table(service, "njet", people=4, channel_id=7))
        await service.start(row.id, 1)
        engine, player = engine_of("njet"), player_of("njet")
        mine = engine.setup(4, (await service.load(row.id)).row.options, action_rng(row.seed, 0))
        snapshots: list[tuple[Snapshot, object]] = []
        for n in range(1, 6):
            live = await service.load(row.id)
            seat = min(engine.to_act(live.state))
            action = player.act(live.state, seat, random.Random(n))
            user = live.row.seats[seat].user_id
            assert user is not None
            await service.act(row.id, user, action)
            engine.apply(mine, seat, action, action_rng(row.seed, n))
            snapshot = await service.snapshot(row.id)
            assert "_drawn" not in vars(snapshot)  # nothing worked out yet
            snapshots.append((snapshot, engine.all_views(mine, 4)))
        # Read after every move was made: each shows the views of its own version.
        for snapshot, (public, views) in snapshots:
            assert snapshot.public == public and snapshot.views == views
            assert snapshot.legal == {s: list(view.legal) for s, view in views.items()}
    finally:
        await store.close()


class Watching(RenderingPublisher):
    """Keeps every snapshot it is given, before waiting for its turn to draw."""

    def __init__(self) -> None:
        super().__init__()
        self.given: list[Snapshot] = []

    async def publish(self, snapshot: Snapshot) -> None:
        self.given.append(snapshot)
        await super().publish(snapshot)


async def test_a_publication_waiting_for_its_turn_holds_no_views(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "t.db")
    try:
        publisher = Watching()
        service = TableService(store, publisher, clock=Clock())
        game = await open_full_table(service, "nain_jaune", 4)
        slot = drawing_slot()
        for _ in range(DRAWING_AT_ONCE):  # every turn taken: the workers are busy
            await slot.acquire()
        live = await service.load(game)
        seat = min(live.engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None
        move = asyncio.ensure_future(
            service.act(game, user, player_of("nain_jaune").act(live.state, seat, random.Random(1)))
        )
        async with asyncio.timeout(10):
            while not publisher.given:
                await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        assert not move.done()
        waiting = publisher.given[-1]
        assert "_drawn" not in vars(waiting)
        slot.release()
        await move
        assert "_drawn" in vars(waiting) and publisher.drawn.publishes == 1
        for _ in range(DRAWING_AT_ONCE - 1):
            slot.release()
    finally:
        await store.close()
