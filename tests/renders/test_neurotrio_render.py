"""Neurotrio pictures drawn from views the engine produced, in every phase, from 3 to 8 players, in both languages."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

import pytest
from PIL import Image

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.neurotrio import GAME
from bot.games.neurotrio import NeurotrioState
from bot.games.neurotrio import deal_fixed
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import column_label
from bot.i18n import has
from bot.players.neurotrio import PLAYER
from renders import neurotrio as neuro
from renders.neurotrio import board
from renders.neurotrio import cards
from renders.neurotrio import hand
from tests.renders import support

LONG_NAMES = support.LONG_NAMES[:8]

Public = NeurotrioTableView
Private = NeurotrioSeatView


def open_png(data: bytes) -> Image.Image:
    """A PNG under the budget, at least 600 x 400."""
    image = support.open_png(data)
    assert image.width >= 600 and image.height >= 400
    return image


def played(players: int, seed: int, call: float = 0.2) -> Iterator[NeurotrioState]:
    """Every state of a seeded game played by the computer player, with random "neuro" calls."""
    state = GAME.setup(players, {}, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    yield state
    while not GAME.is_over(state):
        callers = sorted(GAME.interrupters(state))
        if callers and rng.random() < call:
            seat, action = rng.choice(callers), Action.of("neuro")
        else:
            seat = min(GAME.to_act(state))
            action = PLAYER.act(state, seat, rng)
        number += 1
        GAME.apply(state, seat, action, action_rng(seed, number))
        yield state


@cache
def moments(players: int, seed: int) -> tuple[tuple[str, Public, Private], ...]:
    """Views at the start, in the first auction, at the widest domain while building, and at the end; each with the
    seat view of the seat awaited (seat 0 at the end)."""
    out: dict[str, tuple[str, Public, Private]] = {}
    widest = 0
    for state in played(players, seed):
        seat = min(GAME.to_act(state), default=0)
        shot = (GAME.phase(state), GAME.public_view(state), GAME.view(state, seat))
        out.setdefault("start", shot)
        if state.phase == "auction":
            out.setdefault("auction", shot)
        r0, r1, c0, c1 = state.box
        if state.phase == "build" and (r1 - r0 + 1) * (c1 - c0 + 1) > widest:
            widest = (r1 - r0 + 1) * (c1 - c0 + 1)
            out["widest"] = shot
        if state.over:
            out["over"] = shot
    return tuple(out.values())


TABLES = [(players, seed) for players in (3, 8) for seed in (1, 2)] + [(5, 3)]


@pytest.mark.parametrize(("players", "seed"), TABLES)
def test_every_phase_from_the_engine(players: int, seed: int) -> None:
    shots = moments(players, seed)
    assert {phase for phase, _, _ in shots} >= {"build", "over"}
    names = LONG_NAMES[:players]
    for k, (_phase, public, private) in enumerate(shots):
        locale = ("fr", "en")[k % 2]
        table = open_png(neuro.PICTURES.table(public, names, locale))
        assert table.width <= 1500 and table.height <= 1200
        mine = open_png(neuro.PICTURES.hand(private, locale))
        assert mine.width == hand.HAND.width and mine.height <= 900
        if private.own.playable:
            card = private.own.playable[0]
            spots = [p for p in private.own.placements if p.card == card]
            open_png(neuro.render_cells(public, names, locale, card, spots))


def test_the_widest_domain_of_the_largest_table() -> None:
    shots = [shot for seed in (1, 2) for shot in moments(8, seed)]
    public = max(shots, key=lambda shot: shot[1].table.box.rows * shot[1].table.box.cols)[1]
    area = board.Area(public.table)
    grid = board.Grid(area)
    assert (area.rows, area.cols) == (public.table.box.rows + 2, public.table.box.cols + 2)
    assert grid.cell >= board.ROOM.least
    image = open_png(neuro.render_table(public, LONG_NAMES, "fr"))
    assert image.width <= 1500 and image.height <= 1200


def test_the_end_reveals_every_bid() -> None:
    over = [public for seed in (1, 2) for phase, public, _ in moments(8, seed) if phase == "over"]
    assert over and all(public.table.treasure for public in over)
    assert any(public.table.reveal for public in over)
    for public in over:
        for locale in ("fr", "en"):
            open_png(neuro.render_table(public, LONG_NAMES, locale))


def test_the_table_needs_only_the_public_view() -> None:
    _, public, private = moments(3, 1)[0]
    names = LONG_NAMES[:3]
    data = neuro.render_table(public, names, "fr")
    assert private.table == public.table
    assert neuro.render_table(replace(public, table=private.table), names, "fr") == data
    assert neuro.render_table(public, names, "en") != data


def test_missing_names_fall_back() -> None:
    _, public, _ = moments(3, 1)[0]
    open_png(neuro.render_table(public, [], "en"))
    open_png(neuro.render_table(public, ["", "😀", "\u200b"], "fr"))


def fixed_view(hands: list[list[str]], seat: int) -> Private:
    state = GAME.setup(len(hands), {}, random.Random(0))
    deal_fixed(state, hands, hidden="RB3", first="CN1")
    return GAME.view(state, seat)


def test_hand_sizes_and_marks() -> None:
    big = fixed_view([list(cards.ALL_TYPES[:18]), ["EB1"], ["EB2"]], 0)
    small = fixed_view([["CN2"], ["EB1", "RB1"], ["EB2"]], 0)
    assert big.own.playable and big.legal
    full = open_png(neuro.PICTURES.hand(big, "fr"))
    assert open_png(neuro.PICTURES.hand(small, "fr")).height < full.height
    assert full.width == hand.HAND.width and full.height <= 900
    assert neuro.render_hand(big, "fr", mark=True) != neuro.render_hand(big, "fr", mark=False)
    assert neuro.render_hand(big, "fr", mark=True) != neuro.render_hand(big, "en", mark=True)
    waiting = fixed_view([list(cards.ALL_TYPES[:18]), ["EB1"], ["EB2"]], 1)
    assert not waiting.legal and neuro.PICTURES.hand(waiting, "fr") == neuro.render_hand(waiting, "fr", mark=False)


def test_card_codes_and_names() -> None:
    assert cards.parse_card("cn1") == ("C", "N", "1")
    with pytest.raises(ValueError):
        cards.parse_card("XN1")
    assert len(set(cards.ALL_TYPES)) == 27
    assert [column_label(i) for i in (0, 25, 26)] == ["A", "Z", "AA"]
    _, public, _ = moments(3, 1)[0]
    table = public.table
    assert table.cell_name(table.box.r0 - 1, table.box.c0 - 1) == "A1"
    assert table.cell_name(table.box.r0, table.box.c0) == "B2"


def test_cards_are_distinct_cached_images() -> None:
    images = {code: cards.card_image(code, 60).tobytes() for code in cards.ALL_TYPES}
    assert len(set(images.values())) == 27
    assert cards.card_image("EV2", 60) is cards.card_image("EV2", 60)
    assert cards.card_image("EV2", 60, "fr").tobytes() != cards.card_image("EV2", 60, "en").tobytes()
    assert cards.card_image("??", 60).size == (60, 60)


def test_every_key_the_renderer_uses_exists() -> None:
    counted = {"neuro.render.cards", "neuro.render.cartons", "neuro.render.choices", "neuro.render.bids_done"}
    counted |= {"neuro.render.ruled_out", "neuro.render.winners"}
    support.assert_keys_exist(support.used_keys(neuro, "neuro.render."), counted)
    for phase in ("build", "auction", "over"):
        assert has(f"neuro.render.phase.{phase}")
    for mention in cards.MENTIONS:
        assert has(f"neuro.render.mention.{mention}")
    for fond in cards.FONDS:
        assert has(f"neuro.render.fond_letter.{fond}")
