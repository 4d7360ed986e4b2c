"""When a Neurotrio player's private panel is drawn again: with what it shows of the seat's own and with its moves,
not with every card laid around the table (the domain's cells, which only a bid shows, change at every placement)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.games.neurotrio import GAME
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.players.neurotrio import PLAYER
from cogs.neurotrio import UI

PLAYERS = 8


def _pairs(seed: int, moves: int = 60) -> Iterator[tuple[int, NeurotrioSeatView, NeurotrioSeatView]]:
    """(seat, its view before a move by another seat, after it), for every seat that did not move."""
    rng = random.Random(seed)
    state = GAME.setup(PLAYERS, {}, rng)
    for _ in range(moves):
        if GAME.is_over(state):
            return
        mover = min(GAME.to_act(state))
        before = [GAME.view(state, seat) for seat in range(PLAYERS)]
        GAME.apply(state, mover, PLAYER.act(state, mover, rng), rng)
        for seat in range(PLAYERS):
            if seat != mover:
                yield seat, before[seat], GAME.view(state, seat)


def test_a_card_laid_elsewhere_leaves_a_waiting_panel_unless_its_notebook_or_moves_change() -> None:
    kept = redrawn = 0
    for seed in range(3):
        for seat, before, after in _pairs(seed):
            if seat in after.to_act or seat in before.to_act:
                continue
            same_own = (before.own.hand, before.own.cartons, before.own.my_bids, before.own.notebook) == (
                after.own.hand,
                after.own.cartons,
                after.own.my_bids,
                after.own.notebook,
            )
            same = same_own and before.legal == after.legal
            assert (UI.private_key(before) == UI.private_key(after)) == same
            if same and before.own.bid != after.own.bid:
                kept += 1  # the domain grew: the old key (the whole own part) would have drawn this panel again
            if before.own.notebook != after.own.notebook:
                redrawn += 1
    assert kept > 20
    assert redrawn > 0


def test_the_seat_to_act_sees_its_placements_and_its_bid_parts() -> None:
    for seat, before, after in _pairs(4):
        if seat in after.to_act and before.own.placements != after.own.placements:
            assert UI.private_key(before) != UI.private_key(after)
            return
    raise AssertionError("no seat came to act with new placements in the seeded game")


def test_fewer_panels_than_seats_are_drawn_again_per_move() -> None:
    """Before the game's own key, every waiting seat's panel was drawn again at every card laid."""
    changed = total = 0
    for seed in range(3):
        for _seat, before, after in _pairs(seed):
            total += 1
            changed += UI.private_key(before) != UI.private_key(after)
    assert changed / total < 0.75
