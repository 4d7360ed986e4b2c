"""Le Chat vert's core (``bot.games.chat_vert.core``) against the engine's boundary, over many seeded random games.

The core's moves are the boundary's legal actions (but the claims, which only the boundary offers); a move made
through the core without events leaves exactly the state the boundary leaves with them; a player who says what
``required`` asks earns no penalty; and the core compiled by mypyc (``setup.py``) is the plain module's very rules,
compiled from the source as it stands.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.chat_vert import cards as chat_vert_cards
from bot.games.chat_vert import core
from bot.games.chat_vert import state as chat_vert_state
from bot.games.chat_vert.cards import ACTION
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from tests.games.test_chat_vert_fast import made_rules

GAMES = settings(max_examples=40, deadline=None)


def _fields(state: ChatVertState) -> dict[str, Any]:
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.compare}


def _random_move(state: ChatVertState, rng: random.Random) -> tuple[int, core.Said]:
    """A move of the core's random player: a random card when one can be played, said as the rules require, else
    the move that plays no card."""
    moves = core.plays(state)
    if moves:
        move = rng.choice(moves)
        return move, core.required(state, move)
    return core.pass_move(state), None


@GAMES
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from([0, 3, 20]), st.integers(2, 5))
def test_the_core_moves_as_the_boundary_does(seed: int, count: int, players: int) -> None:
    rng = random.Random(seed)
    state = GAME.setup(players, {"rules": made_rules(rng, count), "timer": 0}, random.Random(seed))
    for n in range(500):
        if core.is_over(state):
            assert GAME.is_over(state)
            break
        (seat,) = GAME.to_act(state)
        legal = [a for a in GAME.legal_actions(state, seat) if a.kind != "same"]
        ours = [ACTION[m] for m in core.plays(state)] + [ACTION[core.pass_move(state)]]
        if state.phase == "direction":  # the dealer's choice: the core's player takes the left neighbour
            assert ours == legal[:1] == [ACTION[chat_vert_cards.LEFT]]
        else:
            assert ours == legal
        move, said = _random_move(state, rng)
        twin = copy.deepcopy(state)
        core.act(state, move, said, random.Random(n))
        text = core.text_of(said)
        action = dataclasses.replace(ACTION[move], args=(*ACTION[move].args, ("say", text))) if text else ACTION[move]
        events = GAME.apply(twin, seat, action, random.Random(n))
        twin.slow = state.slow
        assert _fields(state) == {**_fields(twin), "version": state.version, "recent": state.recent}
        assert not [e for e in events if e.kind == "penalty"], "what ``required`` asks is what the rules ask"


def test_a_random_game_through_the_core_ends() -> None:
    rng = random.Random(7)
    for count in (0, 20):
        state = GAME.setup(2, {"rules": made_rules(random.Random(count), count), "timer": 0}, rng)
        for _ in range(5000):
            if core.is_over(state):
                break
            core.act(state, *_random_move(state, rng), rng)
        assert core.is_over(state) and state.winner is not None and not state.held[state.winner]


def _plain(name: str) -> ModuleType:
    """The module ``name`` loaded from its source as plain Python, beside the one imported (compiled or not)."""
    source = Path(sys.modules[name].__file__ or "").parent / (name.rsplit(".", 1)[1] + ".py")
    spec = importlib.util.spec_from_file_location(f"{name}_plain", source)
    assert spec is not None and spec.loader is not None
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    return plain


def test_the_plain_core_plays_as_the_one_imported() -> None:
    """Where no C compiler was at hand the plain module runs: the same rules, move for move."""
    plain = _plain("bot.games.chat_vert.core")
    assert not plain.COMPILED
    rng = random.Random(11)
    for count in (0, 3, 20):
        state = GAME.setup(3, {"rules": made_rules(random.Random(count), count), "timer": 0}, rng)
        twin = copy.deepcopy(state)
        for n in range(300):
            if core.is_over(state):
                break
            assert plain.plays(twin) == core.plays(state)
            move, said = _random_move(state, rng)
            kept: list[Any] = []
            core.act(state, move, said, random.Random(n), kept)
            again: list[Any] = []
            plain.act(twin, move, said, random.Random(n), again)
            assert kept == again and _fields(state) == _fields(twin)


@pytest.mark.parametrize("module", [chat_vert_cards, chat_vert_state, core], ids=lambda m: m.__name__)
def test_a_compiled_module_is_compiled_from_its_source_as_it_stands(module: ModuleType) -> None:
    """A module edited since its compilation would run as it was: ``make test`` compiles it again."""
    built = Path(module.__file__ or "")
    if built.suffix == ".py":
        pytest.skip("plain Python here (no C compiler at install)")
    source = built.parent / (module.__name__.rsplit(".", 1)[1] + ".py")
    assert source.stat().st_mtime <= built.stat().st_mtime, f"{source} changed since it was compiled: run make test"
