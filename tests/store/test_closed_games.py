"""A game closed early (cancelled, abandoned) takes no more moves, and a game its last move ended stays ended:
on both backends, whichever process writes first (the store serializes a close with the game's moves)."""

from __future__ import annotations

import pytest

from bot.games.base import Action
from bot.store import GameEnded
from bot.store import Store
from tests.store.test_epilogue_marks import running_game


async def test_a_closed_game_takes_no_more_moves(store: Store) -> None:
    game = await running_game(store, 20)
    await store.append_action(game, 1, 0, Action.of("play", card="AS").dumps())
    assert await store.close_game(game, "abandoned", 100.0)
    assert not await store.close_game(game, "abandoned", 101.0)  # once only
    with pytest.raises(GameEnded):
        await store.append_action(game, 2, 1, Action.of("play", card="2S").dumps())
    assert await store.action_count(game) == 1
    row = await store.get_game(game)
    assert row is not None and (row.status, row.ended_at) == ("abandoned", 100.0)


async def test_a_game_its_last_move_ended_is_not_abandoned_after(store: Store) -> None:
    game = await running_game(store, 21)
    await store.append_action(game, 1, 0, Action.of("play", card="AS").dumps(), results=[(0, 1, "A", 1, 10)])
    assert not await store.close_game(game, "abandoned", 200.0)
    row = await store.get_game(game)
    assert row is not None and row.status == "over"
