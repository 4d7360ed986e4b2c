"""Nain Jaune pictures drawn from the engine's own views, at every phase of seeded games, smallest to largest."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from functools import cache

import pytest

from bot.games.nain_jaune import GAME
from bot.games.nain_jaune import NainJauneState
from bot.players.nain_jaune import PLAYER
from renders import kit
from renders import nain_jaune as nj
from tests.renders import support
from tests.renders.support import open_png

LONG_NAMES = support.LONG_NAMES[:8]
SAMPLES = 6
"""How many moments of a game are drawn, besides its first and last states and a wait for a claim."""


def _game(players: int, seed: int, tokens: int) -> Iterator[NainJauneState]:
    """Every state of a seeded game with ``announce`` (half computer moves, half random legal ones)."""
    return support.seeded_game(GAME, PLAYER, players, {"deals": 2, "tokens": tokens, "announce": True}, seed, 0.5)


@cache
def moments(players: int, seed: int = 11, tokens: int = 10000) -> tuple[NainJauneState, ...]:
    """Copies of a game's states: its start, a few moments spread over it, a wait for a claim, and its end."""
    states = [copy.deepcopy(s) for s in _game(players, seed, tokens)]
    picked = support.spread(len(states), SAMPLES)
    claims = [i for i, s in enumerate(states) if GAME.phase(s) == "claims"]
    picked.update(claims[:1])
    return tuple(states[i] for i in sorted(picked))


@pytest.mark.parametrize("players", [2, 8])
def test_the_samples_cover_every_phase(players: int) -> None:
    assert {GAME.phase(s) for s in moments(players)} == {"play", "claims", "over"}


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("players", [2, 8])
def test_tables_at_every_phase(players: int, locale: str) -> None:
    for state in moments(players):
        image = open_png(nj.PICTURES.table(GAME.public_view(state), LONG_NAMES[:players], locale))
        assert image.size == (nj.WIDTH, nj.HEIGHT)


@pytest.mark.parametrize("players", range(2, 9))
def test_every_table_size(players: int) -> None:
    state = moments(players, seed=players)[len(moments(players, seed=players)) // 2]
    open_png(nj.PICTURES.table(GAME.public_view(state), LONG_NAMES[:players], "fr"))


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("players", [2, 8])
def test_hands_at_every_phase(players: int, locale: str) -> None:
    card_h = kit.card_size(nj.HAND_CARD)[1]
    for state in moments(players):
        for seat in range(players):
            view = GAME.view(state, seat)
            width, height = open_png(nj.PICTURES.hand(view, locale)).size
            assert nj.HAND_MIN_WIDTH <= width <= nj.HAND_MAX_WIDTH
            if len(view.own.hand) > nj.HAND_ROW_LIMIT:
                assert height > 2 * card_h
            elif view.own.hand:
                assert height > card_h + (nj.HAND_RAISE if view.own.my_turn else 0)


def test_the_largest_hand_takes_two_rows() -> None:
    state = moments(2)[0]
    seat = min(GAME.to_act(state))
    view = GAME.view(state, seat)
    assert len(view.own.hand) == 22 and view.own.my_turn
    width, height = open_png(nj.PICTURES.hand(view, "fr")).size
    assert width == nj.HAND_MAX_WIDTH
    assert height > 2 * kit.card_size(nj.HAND_CARD)[1] + nj.HAND_RAISE
    waiting = GAME.view(state, 1 - seat)
    assert open_png(nj.PICTURES.hand(waiting, "fr")).size[1] < height


def test_missing_names_fall_back() -> None:
    view = GAME.public_view(moments(3, seed=3)[1])
    open_png(nj.PICTURES.table(view, [], "en"))
    open_png(nj.PICTURES.table(view, ["", "😀", "\u200b"], "fr"))


def test_every_key_the_renderer_uses_exists() -> None:
    used = support.used_keys(nj, "nj.render.")
    support.assert_keys_exist(used, counted={"nj.render.cards", "nj.render.tokens"}, forms=("zero", "one", "other"))
