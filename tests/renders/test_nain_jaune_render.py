"""Nain Jaune pictures drawn from the engine's own views, at every phase of seeded games, smallest to largest:
one size per table and per hand for the whole game, what a player needs shown (and the words the texts carry
not drawn), and readable on a phone."""

from __future__ import annotations

import copy
import math
from collections.abc import Iterator
from functools import cache
from functools import partial

import pytest
from PIL import Image

from bot.games.nain_jaune import GAME
from bot.games.nain_jaune import NainJauneState
from bot.i18n import t
from bot.players.nain_jaune import PLAYER
from renders import kit
from renders import measure
from renders import nain_jaune as nj
from renders.layout import grid_x
from renders.nain_jaune.hand import CARD_GAP
from renders.nain_jaune.hand import EDGE
from renders.nain_jaune.hand import RAISE
from renders.nain_jaune.hand import ROW_GAP
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


def test_the_table_keeps_one_size_whatever_the_players() -> None:
    """The players are listed in the message's text: the picture holds the boxes and the sequence only, 560 px
    wide (12 px texts on a phone) and far from a tower: a phone shows it 265 x 189."""
    assert nj.WIDTH == 560
    assert {nj.table_height(players) for players in range(2, 9)} == {400}


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("players", [2, 8])
def test_tables_at_every_phase(players: int, locale: str) -> None:
    """One size all game long; every box's tokens, the wanted rank, the call for a claim and the end written on it,
    and no name (the text says whose turn it is and lists every player)."""
    names = LONG_NAMES[:players]
    for state in moments(players):
        table = GAME.public_view(state).table
        with measure.recording() as marks:
            data = nj.PICTURES.table(GAME.public_view(state), names, locale)
        open_png(data, size=(560, 400))
        shown = texts(marks)
        assert {str(box.tokens) for box in table.boxes} <= shown
        assert not shown & set(names)
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
        (22, HandGrid(per_row=6, rows=4, card=81, width=558)),  # (560 - 2*16 - 5*8) // 6 = 81; 32 + 40 + 486
        (15, HandGrid(per_row=5, rows=3, card=96, width=544)),  # 3 rows of 5 at the largest card: 32 + 32 + 480
        (12, HandGrid(per_row=6, rows=2, card=81, width=558)),
        (9, HandGrid(per_row=5, rows=2, card=96, width=544)),
        (8, HandGrid(per_row=4, rows=2, card=96, width=440)),  # 32 + 24 + 384: a phone shows 96 px as 58
        (7, HandGrid(per_row=4, rows=2, card=96, width=440)),
        (6, HandGrid(per_row=6, rows=1, card=81, width=558)),
    ],
)
def test_a_hand_frame_holds_a_whole_deal(capacity: int, grid: HandGrid) -> None:
    assert nj.hand_grid(capacity) == grid
    assert grid.height <= 1.6 * grid.width


def _paper(image: Image.Image, xy: tuple[float, float]) -> int:
    """How bright the picture is at ``xy``: a card's bare paper is over 240, dimmed under 200, the felt under 140."""
    r, g, b, *_ = image.getpixel((round(xy[0]), round(xy[1])))
    return min(r, g, b)


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize(("players", "deal"), [(2, 22), (8, 6)])
def test_hands_keep_one_size_and_show_every_card_and_nothing_else(players: int, deal: int, locale: str) -> None:
    """Each card's rank and suit, no word (the count, the tokens and the turn are the panel's text); on the seat's
    turn its playable cards raised and bright, the others dim; off its turn every card dim; the rows a hand still
    fills in the middle of its frame."""
    grid = nj.hand_grid(deal)
    card_h = kit.card_size(grid.card)[1]
    for state in moments(players):
        for seat in range(players):
            view = GAME.view(state, seat)
            hand = view.own.hand
            with measure.recording() as marks:
                image = open_png(nj.PICTURES.hand(view, locale), size=(grid.width, grid.height)).convert("RGB")
            ranks = sorted(kit.rank_label(code[:-1], locale) for code in hand)
            suits = {kit.SUIT_SYMBOLS[code[-1]] for code in hand}
            assert sorted(m.text for m in marks if not m.symbol) == ranks or not hand
            assert {m.text for m in marks if m.symbol} == suits
            for i, code in enumerate(hand):
                row, x = grid_x(i, len(hand), grid.per_row, grid.card, CARD_GAP, grid.width)
                step = card_h + RAISE + ROW_GAP
                empty_rows = grid.rows - math.ceil(len(hand) / grid.per_row)  # the rows left lie in the middle
                raised = EDGE + empty_rows * step // 2 + row * step
                lit = view.own.my_turn and code in view.own.playable
                paper = _paper(image, (x + grid.card * 0.85, raised + RAISE + card_h * 0.2))
                assert paper > 240 if lit else paper < 200, (code, lit, paper)
                assert (_paper(image, (x + grid.card * 0.85, raised + 6)) > 140) == lit


@pytest.mark.parametrize("players", [2, 3, 5, 6, 7])
def test_smaller_tables_are_readable_on_a_phone_too(players: int) -> None:
    """The largest table is checked for every game; the other hands (22 cards at two players, four to a row at six
    and seven) are checked here."""
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


def test_the_names_given_change_nothing() -> None:
    """No name is drawn: missing or undrawable names give the same picture as long ones."""
    view = GAME.public_view(moments(3, seed=3)[1])
    drawn = nj.PICTURES.table(view, LONG_NAMES[:3], "fr")
    assert nj.PICTURES.table(view, [], "fr") == drawn
    assert nj.PICTURES.table(view, ["", "😀", "\u200b"], "fr") == drawn


def test_every_key_the_renderer_uses_exists() -> None:
    used = support.used_keys(nj, "nj.render.")
    support.assert_keys_exist(used)
