"""Each game's ``hand_key``: what of a seat's view its hand picture draws, the picture cache's key for hands.

A key that left out something the hand draws would show a player a stale hand, so the property checked is the one
the cache relies on: over seeded games of every size, any two seat views with equal keys draw byte-identical hands
(whoever's seat, whenever in the game), and a seat whose hand changed gets a new key.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.base import SeatView
from bot.games.base import action_rng
from bot.pictures.cache import view_digest
from bot.registry import GAMES
from bot.registry import engine_of
from bot.registry import pictures_of
from bot.registry import player_of

MOVES = 24
"""Moves followed in each seeded game: every seat's view is drawn after each of them."""


def _seat_views(kind: str) -> Iterator[tuple[int, SeatView[Any, Any]]]:
    """Every seat's view after each move of seeded games at the smallest and the largest table."""
    engine = engine_of(kind)
    player = player_of(kind)
    for game, players in enumerate(sorted({engine.min_players, engine.max_players})):
        state = engine.setup(players, {}, action_rng(40 + game, 0))
        for n in range(MOVES + 1):
            for seat in range(players):
                yield seat, engine.view(state, seat)
            if engine.is_over(state):
                return
            mover = min(engine.to_act(state))
            engine.apply(state, mover, player.act(state, mover, random.Random(n)), action_rng(40 + game, n + 1))


@pytest.mark.parametrize("kind", [spec.kind for spec in GAMES])
def test_equal_hand_keys_draw_the_same_hand(kind: str) -> None:
    pictures = pictures_of(kind)
    drawn: dict[Hashable, bytes] = {}
    last: dict[int, tuple[bytes, Hashable, bytes]] = {}
    changed = 0
    for seat, view in _seat_views(kind):
        key = pictures.hand_key(view)
        hash(key)
        png = pictures.hand(view, "fr")
        assert drawn.setdefault(key, png) == png, f"{kind}: two views with the key {key!r} draw different hands"
        digest = view_digest(view)
        previous = last.get(seat)
        if previous is not None and previous[0] != digest:
            changed += 1
            if previous[2] != png:
                assert previous[1] != key
        last[seat] = (digest, key, png)
    assert changed, "the views changed during the games"
    assert len(drawn) > 1, "the hands changed during the games"


@pytest.mark.parametrize("kind", [spec.kind for spec in GAMES])
def test_the_hand_key_leaves_out_version_and_events(kind: str) -> None:
    pictures = pictures_of(kind)
    _, view = next(_seat_views(kind))
    bare = dataclasses.replace(view, version=view.version + 3, events=())
    assert pictures.hand_key(bare) == pictures.hand_key(view)
