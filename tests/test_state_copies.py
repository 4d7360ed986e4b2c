"""A move is applied to a copy of the state (``bot.service.live.copied``): the copy must equal the state and share
nothing with it, for every game at every step; and the state kept for an undo is bytes, not a second live state."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games.base import Action
from bot.games.base import action_rng
from bot.registry import GAMES
from bot.registry import engine_of
from bot.registry import player_of
from bot.service.live import UNDO
from bot.service.live import copied
from bot.service.tables import TableService
from tests.service_support import Clock
from tests.service_support import Recorder
from tests.service_support import open_store


@pytest.mark.parametrize("kind", [spec.kind for spec in GAMES])
def test_a_copy_equals_the_state_and_a_move_on_it_leaves_the_state_alone(kind: str) -> None:
    engine, player = engine_of(kind), player_of(kind)
    state = engine.setup(engine.max_players, {}, action_rng(9, 0))
    for n in range(1, 40):
        if engine.is_over(state):
            break
        seat = min(engine.to_act(state))
        action = player.act(state, seat, random.Random(n))
        copy, _ = copied(state)
        assert copy == state
        views = [engine.view(state, s) for s in range(engine.max_players)]
        engine.apply(copy, seat, action, action_rng(9, n))
        assert [engine.view(state, s) for s in range(engine.max_players)] == views, "the copy shared a part"
        engine.apply(state, seat, action, action_rng(9, n))
        assert copy == state


async def test_the_state_kept_for_an_undo_is_bytes_and_restores_the_state(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "t.db")
    service = TableService(store, Recorder(), clock=Clock())
    row = await service.open_table(
        guild_id=1, channel_id=7, kind="njet", options={}, host_id=1, host_name="Ana", locale="fr"
    )
    for user in (2, 3):
        await service.join(row.id, user, f"P{user}")
    await service.start(row.id, 1)
    live = await service.load(row.id)
    seat = min(live.engine.to_act(live.state))
    user = live.row.seats[seat].user_id
    assert user is not None
    before = [live.engine.view(live.state, s) for s in range(3)]
    await service.act(row.id, user, player_of("njet").act(live.state, seat, random.Random(1)))
    assert live.undo is not None and isinstance(live.undo.saved, bytes)
    await service.act(row.id, user, Action.of(UNDO))
    assert [live.engine.view(live.state, s) for s in range(3)] == before
