"""Nain Jaune pictures drawn from the engine's own views, at every phase of seeded games, smallest to largest:
one size per table and per hand for the whole game, what a player needs shown, and readable on a phone."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from functools import cache
from functools import partial

import pytest

from bot.games.nain_jaune import GAME
from bot.games.nain_jaune import NainJauneState
from bot.i18n import plural
from bot.i18n import t
from bot.players.nain_jaune import PLAYER
from renders import kit
from renders import measure
from renders import nain_jaune as nj
from renders.nain_jaune.hand import HandGrid
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
    longest = max(range(len(states)), key=lambda i: len(states[i].sequence) if not states[i].over else -1)
    picked.add(longest)
    return tuple(states[i] for i in sorted(picked))


def texts(marks: list[measure.Mark]) -> set[str]:
    return {mark.text for mark in marks}


@pytest.mark.parametrize("players", [2, 8])
def test_the_samples_cover_every_phase(players: int) -> None:
    assert {GAME.phase(s) for s in moments(players)} == {"play", "claims", "over"}
    assert max(len(GAME.public_view(s).table.sequence) for s in moments(players)) >= 9, "no long sequence drawn"


def test_the_table_is_narrow_and_grows_by_one_line_per_player() -> None:
    """560 px wide (Discord's inline width or a little more); each player adds a 44 px line and a 6 px gap."""
    assert nj.WIDTH == 560
    assert nj.table_height(8) - nj.table_height(2) == 6 * (44 + 6)
    assert nj.table_height(8) <= 1.6 * nj.WIDTH


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("players", [2, 8])
def test_tables_at_every_phase(players: int, locale: str) -> None:
    """One size all game long, and every box's tokens, every player's cards and tokens, the wanted rank and the
    call for a claim written on it."""
    for state in moments(players):
        table = GAME.public_view(state).table
        with measure.recording() as marks:
            data = nj.PICTURES.table(GAME.public_view(state), LONG_NAMES[:players], locale)
        open_png(data, size=(nj.WIDTH, nj.table_height(players)))
        shown = texts(marks)
        assert {str(box.tokens) for box in table.boxes} <= shown
        assert {str(p.tokens) for p in table.players} <= shown
        assert {str(p.cards) for p in table.players} <= shown
        if table.wanted and table.wanted != table.sans and not table.over:
            assert t(locale, "nj.render.wanted", rank=kit.rank_name(table.wanted, locale)) in shown
        if table.sans and not table.over:
            assert t(locale, "nj.render.sans", rank=kit.rank_name(table.sans, locale)) in shown
        assert (t(locale, "nj.render.claim") in shown) == any(box.claimable for box in table.boxes)
        assert (t(locale, "nj.render.over") in shown) == table.over
        if table.sequence:
            assert kit.rank_label(table.sequence[-1][:-1], locale) in shown


def test_a_long_sequence_counts_the_cards_it_does_not_show() -> None:
    state = max(moments(2), key=lambda s: len(s.sequence) if not s.over else -1)
    sequence = GAME.public_view(state).table.sequence
    with measure.recording() as marks:
        nj.table_image(GAME.public_view(state), LONG_NAMES[:2], "fr")
    counted = [m.text for m in marks if m.text.startswith("+")]
    assert len(counted) == 1
    hidden = int(counted[0][1:])
    assert 0 < hidden < len(sequence)


@pytest.mark.parametrize(
    ("capacity", "grid"),
    [
        (22, HandGrid(per_row=6, rows=4, card=81)),  # 4 rows of 6: (560 - 2*16 - 5*8) // 6 = 81
        (15, HandGrid(per_row=5, rows=3, card=88)),  # 3 rows of 5: 99 px of room, capped at 88
        (8, HandGrid(per_row=4, rows=2, card=88)),
        (7, HandGrid(per_row=7, rows=1, card=68)),  # (528 - 6*8) // 7 = 68
        (6, HandGrid(per_row=6, rows=1, card=81)),
    ],
)
def test_a_hand_frame_holds_a_whole_deal(capacity: int, grid: HandGrid) -> None:
    assert nj.hand_grid(capacity) == grid
    assert grid.height <= 1.6 * nj.WIDTH


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize(("players", "deal"), [(2, 22), (8, 6)])
def test_hands_keep_one_size_and_show_every_card(players: int, deal: int, locale: str) -> None:
    size = (nj.WIDTH, nj.hand_grid(deal).height)
    for state in moments(players):
        for seat in range(players):
            view = GAME.view(state, seat)
            with measure.recording() as marks:
                open_png(nj.PICTURES.hand(view, locale), size=size)
            shown = [m.text for m in marks]
            assert plural(locale, "nj.render.cards", len(view.own.hand)) in shown
            ranks = sorted(kit.rank_label(code[:-1], locale) for code in view.own.hand)
            assert sorted(m.text for m in marks if m.text in {kit.rank_label(r, locale) for r in kit.RANKS}) == ranks
            assert (t(locale, "nj.render.your_turn") in shown) == view.own.my_turn
            claim = view.own.my_turn and view.table.awaiting_claims
            assert (t(locale, "nj.render.claim") in shown) == claim


@pytest.mark.parametrize("players", [2, 3, 5])
def test_smaller_tables_are_readable_on_a_phone_too(players: int) -> None:
    """The largest table is checked for every game; the largest hands (22 cards at two players) are checked here."""
    names = LONG_NAMES[:players]
    for state in moments(players, seed=players)[::2]:
        drawers = [partial(nj.PICTURES.table, GAME.public_view(state), names, "fr")]
        drawers += [partial(nj.PICTURES.hand, GAME.view(state, seat), "fr") for seat in range(players)]
        for draw in drawers:
            with measure.recording() as marks:
                width = open_png(draw()).width
            figures = measure.readability(marks, width)
            assert figures.readable, figures


@pytest.mark.parametrize("players", range(2, 9))
def test_every_table_size(players: int) -> None:
    state = moments(players, seed=players)[len(moments(players, seed=players)) // 2]
    open_png(nj.PICTURES.table(GAME.public_view(state), LONG_NAMES[:players], "fr"))


def test_missing_names_fall_back() -> None:
    view = GAME.public_view(moments(3, seed=3)[1])
    open_png(nj.PICTURES.table(view, [], "en"))
    open_png(nj.PICTURES.table(view, ["", "😀", "\u200b"], "fr"))


def test_every_key_the_renderer_uses_exists() -> None:
    used = support.used_keys(nj, "nj.render.")
    support.assert_keys_exist(used, counted={"nj.render.cards", "nj.render.tokens"})
