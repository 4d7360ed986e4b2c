"""Between moves a live game rests as the pickles of its state and log (``LiveGame.rest``): the garbage collector
walks a handful of its objects instead of every card of its state and every event of its log, and the game comes
back exactly as it was, move after move, in every game."""

from __future__ import annotations

import gc
import pickle
import random
from pathlib import Path

import pytest

from bench.chat_vert import twenty_rules
from bench.growth import rebuild_of
from bot.games.base import action_rng
from bot.games.chat_vert.engine import GAME as CHAT_VERT
from bot.registry import GAMES
from bot.registry import engine_of
from bot.registry import player_of
from bot.service.live import LiveGame
from bot.service.tables import TableService
from bot.store import Seat
from tests.service_support import Clock
from tests.service_support import Recorder
from tests.service_support import game_row
from tests.service_support import open_store
from tests.service_support import open_table

PEOPLE = 4


def tracked_beyond_row(live: LiveGame) -> int:
    """The objects the collector walks that the live game holds, its row (which every publication shares) aside."""
    seen: set[int] = {id(live.row), id(live.engine)}
    stack: list[object] = [live]
    count = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or not gc.is_tracked(item) or isinstance(item, type):
            continue
        seen.add(id(item))
        count += 1
        stack.extend(gc.get_referents(item))
    return count


@pytest.mark.parametrize("kind", [spec.kind for spec in GAMES])
async def test_a_game_rests_between_moves_and_comes_back_as_it_was(kind: str, tmp_path: Path) -> None:
    store = await open_store(tmp_path / "t.db")
    try:
        service = TableService(store, Recorder(), clock=Clock())
        row = await service.game_row(await open_table(service, kind, people=PEOPLE, channel_id=7))
        await service.start(row.id, 1)
        engine, player = engine_of(kind), player_of(kind)
        # The same moves on a state of our own: the live game must match it after every rest.
        mine = engine.setup(PEOPLE, (await service.load(row.id)).row.options, action_rng(row.seed, 0))
        live = await service.load(row.id)
        for n in range(1, 25):
            if engine.is_over(live.state):
                break
            assert live.state == mine
            seat = min(engine.to_act(live.state))
            action = player.act(live.state, seat, random.Random(n))
            user = live.row.seats[seat].user_id
            assert user is not None
            await service.act(row.id, user, action)
            engine.apply(mine, seat, action, action_rng(row.seed, live.n))
            assert live.n == n and live.resting
            held = tracked_beyond_row(live)
            assert held <= 12, f"a resting game holds {held} objects for the collector"
            assert [e for _, e in live.log][-1:]  # the log comes back with its events
        assert live.state == mine
    finally:
        await store.close()


def test_a_pickled_chat_vert_state_leaves_its_compiled_rules_out_and_finds_them_again() -> None:
    state = CHAT_VERT.setup(4, {"rules": twenty_rules()}, random.Random(3))
    compiled = state.index()
    saved = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    back = pickle.loads(saved)
    assert back == state and back.compiled is None
    assert back.index() is compiled  # every list of the same rules shares one index


def test_the_growth_bench_measures_a_game_as_the_service_keeps_it() -> None:
    """Resting between moves: the memory the bench prints is the memory the table service holds."""
    seats = [Seat(f"P{i}", 100 + i) for i in range(PEOPLE)]
    row = game_row(5, "njet", seats, channel_id=2, seed=1, status="running", host_id=100)
    assert rebuild_of(row, [])().resting
