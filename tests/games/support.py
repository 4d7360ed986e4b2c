"""What the game tests share: a refused move, and a move chosen by the computer player or at random."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import GameError
from bot.games.base import IllegalAction
from bot.games.base import NotYourTurn
from bot.games.base import Player


def refused(
    engine: AnyEngine, state: Any, seat: int, action: Action, code: str, rng: random.Random, *, unaccepted: bool = False
) -> None:
    """``action`` by ``seat`` is refused with ``code`` (not your turn, or else illegal), and leaves ``state`` as it
    was; with ``unaccepted``, ``accepts`` says no as well."""
    before = copy.deepcopy(state)
    with pytest.raises(GameError) as err:
        engine.apply(state, seat, action, rng)
    assert err.value.code == code
    assert isinstance(err.value, NotYourTurn if code == "not_your_turn" else IllegalAction)
    assert state == before
    if unaccepted:
        assert not engine.accepts(state, seat, action)


def choose(engine: AnyEngine, player: Player, state: Any, seat: int, rng: random.Random, bot_share: float) -> Action:
    """The computer player's move (checked legal) with chance ``bot_share``, else a random legal move."""
    legal = engine.legal_actions(state, seat)
    assert legal
    if rng.random() < bot_share:
        action = player.act(state, seat, rng)
        assert action in legal
        return action
    return rng.choice(legal)
