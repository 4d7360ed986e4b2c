"""Neurotrio scenarios: fixed deals, fixed moves, expected VP worked out by hand from the rules."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.neurotrio import CARTONS
from bot.games.neurotrio import DECK
from bot.games.neurotrio import GAME
from bot.games.neurotrio import TYPES
from bot.games.neurotrio import NeurotrioState
from bot.games.neurotrio import bid_points
from bot.games.neurotrio import compatible
from bot.games.neurotrio import deal_fixed
from bot.games.neurotrio import judge
from bot.games.neurotrio import last_penalty
from bot.games.neurotrio import notebook
from bot.games.neurotrio import shared
from bot.games.neurotrio_views import Auction
from bot.games.neurotrio_views import BidChoices
from bot.games.neurotrio_views import Box
from bot.games.neurotrio_views import LastMove
from bot.games.neurotrio_views import OwnBid
from bot.games.neurotrio_views import PublicBid
from bot.games.neurotrio_views import RevealedBid
from bot.games.neurotrio_views import SeatInfo
from bot.games.neurotrio_views import Spot
from bot.players.neurotrio import PLAYER
from bot.players.neurotrio import bench_scores
from bot.players.neurotrio import choose
from bot.players.neurotrio import interrupt
from bot.players.neurotrio import odds
from bot.registry import engine_of
from tests.games import support

RNG = random.Random(7)


def fixed(hands: list[list[str]], *, hidden: str, first: str = "CN1", first_player: int = 0) -> NeurotrioState:
    """A game dealt the given hands, ``first`` face up at (0, 0), ``hidden`` removed (its twin is the treasure)."""
    state = GAME.setup(len(hands), {}, random.Random(0))
    return deal_fixed(state, hands, hidden=hidden, first=first, first_player=first_player)


def with_grid(state: NeurotrioState, cells: dict[tuple[int, int], str]) -> NeurotrioState:
    """Replace the domain by ``cells`` (a test fixture: the cards need not come from the deal)."""
    state.grid = dict(cells)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    state.box = (min(rows), max(rows), min(cols), max(cols))
    return state


def act(state: NeurotrioState, seat: int, kind: str, /, **args: JSONValue) -> list[Event]:
    return GAME.apply(state, seat, Action.of(kind, **args), RNG)


def place(state: NeurotrioState, seat: int, card: str, r: int, c: int) -> list[Event]:
    return act(state, seat, "place", card=card, r=r, c=c)


refused = partial(support.refused, GAME, rng=RNG, unaccepted=True)
"""Refuse a move with a code, leaving the state as it was."""


def brief(events: list[Event]) -> list[tuple[str, int | None, dict[str, Any]]]:
    return [(e.kind, e.seat, dict(e.data)) for e in events if e.private_to is None]


# ----- cards and deal -----


def test_deck_and_compatibility() -> None:
    assert len(TYPES) == 27 and len(DECK) == 54
    assert shared("CN1", "CN1") == 3
    assert shared("CN1", "CN2") == 2 and compatible("CN1", "CN2")
    assert shared("CN1", "CV2") == 1 and not compatible("CN1", "CV2")
    assert shared("CN1", "EV2") == 0 and not compatible("CN1", "EV2")
    assert compatible("RB3", "EB3") and compatible("RB3", "RV3") and not compatible("RB3", "EV3")
    # Every type is compatible with 6 others (3 attributes x 2 other values) and with itself.
    assert all(sum(compatible(a, b) for b in TYPES) == 7 for a in TYPES)


@pytest.mark.parametrize("players", range(3, 9))
def test_setup_deals_one_card_at_a_time_and_rewards_longer_hands(players: int) -> None:
    state = GAME.setup(players, {}, random.Random(players))
    sizes = [len(h) for h in state.hands]
    assert sum(sizes) == 52
    f = state.first_player
    assert state.current == f
    extra = 52 % players
    for i in range(players):
        seat = (f + i) % players
        assert sizes[seat] == 52 // players + (1 if i < extra else 0)
        assert state.vp[seat] == 5 + (1 if i < extra else 0)
    assert sorted(state.extra_vp) == sorted((f + i) % players for i in range(extra))
    (deal,) = GAME.start_events(state)
    assert deal.kind == "deal" and deal.milestone
    assert deal.data == {"first": state.grid[0, 0], "extra_vp": state.extra_vp}
    assert sorted([*(c for h in state.hands for c in h), state.hidden, state.grid[0, 0]]) == sorted(DECK)
    assert GAME.stage(state) == 1
    assert GAME.to_act(state) == {f}
    assert GAME.interrupters(state) == frozenset()  # no move yet


def test_registry_and_options() -> None:
    assert engine_of("neurotrio") is GAME
    assert (GAME.min_players, GAME.max_players, GAME.options) == (3, 8, ())
    with pytest.raises(BadOption):
        GAME.setup(4, {"rounds": 2}, random.Random(0))
    with pytest.raises(ValueError):
        GAME.setup(2, {}, random.Random(0))


# ----- placements -----


def test_placement_next_to_one_card_needs_it_compatible_and_earns_nothing() -> None:
    state = fixed(
        [["CN2", "EV2", "CV3", "RB2"], ["CN3", "EB1", "RV2", "RB1"], ["CB1", "EN3", "RV3", "EB2"]], hidden="RB3"
    )
    refused(state, 0, Action.of("place", card="EV2", r=0, c=1), "incompatible")
    refused(state, 0, Action.of("place", card="CV3", r=0, c=1), "incompatible")  # one attribute only
    refused(state, 0, Action.of("place", card="CN2", r=0, c=2), "not_adjacent")
    refused(state, 0, Action.of("place", card="CN2", r=0, c=0), "cell_taken")
    refused(state, 0, Action.of("place", card="CN3", r=0, c=1), "card_not_in_hand")
    refused(state, 1, Action.of("place", card="CN3", r=0, c=1), "not_your_turn")
    events = place(state, 0, "CN2", 0, 1)
    assert brief(events) == [("place", 0, {"card": "CN2", "r": 0, "c": 1, "vp": 0, "compatible": 1, "neighbours": 1})]
    assert state.vp[0] == 5 and state.hands[0] == ["EV2", "CV3", "RB2"]
    assert GAME.to_act(state) == {1}
    # A third card in the row would make 1 row x 3 columns: more than twice as many columns as rows.
    refused(state, 1, Action.of("place", card="CN3", r=0, c=2), "limit_ratio")
    assert GAME.public_view(state).table.last == LastMove(0, "place", "CN2", 0, 1, 0)


def test_placement_next_to_two_cards_needs_two_compatible_and_earns_one() -> None:
    state = fixed(
        [["CN2", "EV2", "CV3", "RB2"], ["CN3", "EB1", "RV2", "RB1"], ["CB2", "EN3", "RV3", "EB2"]], hidden="RB3"
    )
    place(state, 0, "CN2", 0, 1)
    place(state, 1, "CN3", 1, 0)
    # (1, 1) touches CN2 and CN3. CB2 is compatible with CN2 (C, 2) but not with CN3 (C only): C = 1 < 2.
    refused(state, 2, Action.of("place", card="CB2", r=1, c=1), "incompatible")
    act(state, 2, "pass")
    assert state.vp[2] == 4
    # CV3 is compatible with CN3 (C, 3) but not with CN2: refused; seat 0 passes too.
    refused(state, 0, Action.of("place", card="CV3", r=1, c=1), "incompatible")
    act(state, 0, "pass")
    state.hands[1].append("CN1")
    events = place(state, 1, "CN1", 1, 1)
    assert brief(events)[0] == ("place", 1, {"card": "CN1", "r": 1, "c": 1, "vp": 1, "compatible": 2, "neighbours": 2})
    assert state.vp[1] == 6


RING = {
    (0, 0): "EB2",
    (0, 1): "CN1",
    (0, 2): "EB3",
    (1, 0): "CN2",
    (1, 2): "CV1",
    (2, 0): "RB2",
    (2, 2): "RB3",
}


@pytest.mark.parametrize(
    ("below", "vp", "comp"),
    [("EN1", 20, 4), ("RB1", 5, 3)],
)
def test_placement_among_four_cards(below: str, vp: int, comp: int) -> None:
    """CN1 in the middle of a 3x3 ring: CN1, CN2 and CV1 around it are compatible, the fourth decides."""
    state = fixed([["CN1", "EV2", "RV2"], ["CN3", "EB1", "RV2"], ["CB2", "EN3", "RV3"]], hidden="RB3")
    with_grid(state, {**RING, (2, 1): below})
    events = place(state, 0, "CN1", 1, 1)
    assert brief(events)[0] == (
        "place",
        0,
        {"card": "CN1", "r": 1, "c": 1, "vp": vp, "compatible": comp, "neighbours": 4},
    )
    assert state.vp[0] == 5 + vp


def test_judge_three_neighbours() -> None:
    grid = {k: v for k, v in RING.items() if k != (1, 2)} | {(2, 1): "EN1"}
    box = (0, 2, 0, 2)
    assert judge(grid, box, (6, 11), "CN1", (1, 1)) == (None, 5, 3, 3)
    assert judge(grid, box, (6, 11), "CV1", (1, 1)) == ("incompatible", 0, 1, 3)


def l_shape() -> dict[tuple[int, int], str]:
    """Row 0 over columns 0..10 and column 0 over rows 0..5: a 6 x 11 box, CN2 at both ends."""
    cells = {(0, c): "EV3" for c in range(11)} | {(r, 0): "EV3" for r in range(6)}
    cells[0, 10] = "CN2"
    cells[5, 0] = "CN2"
    return cells


def test_row_and_column_limits() -> None:
    state = fixed([["CN1", "EV2", "RV2"], ["CN3", "EB1", "RV2"], ["CB2", "EN3", "RV3"]], hidden="RB3")
    with_grid(state, l_shape())
    refused(state, 0, Action.of("place", card="CN1", r=0, c=11), "limit_cols")
    refused(state, 0, Action.of("place", card="CN1", r=6, c=0), "limit_rows")
    assert Action.of("place", card="CN1", r=1, c=10) in GAME.legal_actions(state, 0)
    state.rows, state.cols = 7, 12
    assert Action.of("place", card="CN1", r=0, c=11) in GAME.legal_actions(state, 0)


def test_limits_grow_when_every_holder_is_blocked() -> None:
    state = fixed(
        [["CN2", "EV2", "RV2", "RB2"], ["CN3", "EB1", "RV2", "RB1"], ["CB1", "EN3", "RV3", "EB2"]], hidden="RB3"
    )
    state.rows, state.cols = 1, 2
    events = place(state, 0, "CN2", 0, 1)
    # 1 x 2 now: a third column or a second row breaks a limit, for everyone; both grow by one, once.
    assert brief(events)[1:] == [("limits", None, {"rows": 2, "cols": 3})]
    assert (state.rows, state.cols) == (2, 3)
    assert Action.of("place", card="CN3", r=1, c=0) in GAME.legal_actions(state, 1)
    table = GAME.public_view(state).table
    assert (table.limit_rows, table.limit_cols) == (2, 3)


def test_blocked_for_good_ends_with_every_holder_penalised() -> None:
    # Nothing is compatible with CN1 and no growth can help: the first pass ends the game.
    state = fixed([["EV2", "RB3"], ["EB2"], ["RV3", "EV3", "RB2", "EB3"]], hidden="RV2")
    assert state.vp == [6, 5, 6] and state.deux_cartes
    assert GAME.legal_actions(state, 0) == [Action.of("pass")]
    events = act(state, 0, "pass")
    assert [e.kind for e in events] == ["pass", "game_end"]
    end = events[-1].data
    assert end["last"] is None and end["penalty"] == 0
    assert end["penalties"] == [
        {"seat": 0, "cards": 2, "vp": -2},
        {"seat": 1, "cards": 1, "vp": -1},
        {"seat": 2, "cards": 4, "vp": -20},
    ]
    assert state.vp == [6 - 1 - 2, 5 - 1, 6 - 20]
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()


# ----- passing, deux cartes, going out, the end -----


def test_pass_with_and_without_cards() -> None:
    state = fixed([["CN2"], ["EV2", "RB3"], ["EB2", "RV3"], ["CN3", "EV3", "CB3"]], hidden="RB1")
    assert state.vp == [5, 6, 6, 6]
    events = place(state, 0, "CN2", 0, 1)
    assert brief(events)[1] == ("out", 0, {"rank": 1, "vp": 5})
    assert brief(act(state, 1, "pass")) == [("pass", 1, {"vp": -1})]
    assert brief(act(state, 2, "pass")) == [("pass", 2, {"vp": -1})]
    refused(state, 3, Action.of("pass"), "must_place")
    events = place(state, 3, "CN3", 1, 0)
    # Seat 0 has no card left: its turn passes by itself, at no cost, and seat 1 is due.
    assert ("pass", 0, {"vp": 0, "auto": True}) in brief(events)
    assert GAME.to_act(state) == frozenset({1})
    assert state.vp[:1] == [10]


def test_deux_cartes_forbids_passing_with_a_legal_placement() -> None:
    state = fixed([["CN2", "CN3", "EV2"], ["CV1", "CB1", "RB3"], ["CB2", "EN3", "RV3"]], hidden="RB1")
    assert not state.deux_cartes
    assert brief(act(state, 0, "pass")) == [("pass", 0, {"vp": -1})]
    events = place(state, 1, "CV1", 1, 0)
    assert [e.kind for e in events] == ["place", "deux_cartes"] and events[1].milestone
    assert GAME.public_view(state).table.deux_cartes is True
    # None of seat 2's cards fits next to CN1 or CV1: it may still pass.
    assert Action.of("pass") in GAME.legal_actions(state, 2)
    act(state, 2, "pass")
    assert Action.of("pass") not in GAME.legal_actions(state, 0)
    refused(state, 0, Action.of("pass"), "must_place")


def test_going_out_bonuses_and_the_last_player() -> None:
    state = fixed([["CN2"], ["CN3"], ["CN1"], ["EV2", "RB3"]], hidden="RB1")
    assert brief(place(state, 0, "CN2", 0, 1))[1] == ("out", 0, {"rank": 1, "vp": 5})
    assert brief(place(state, 1, "CN3", 1, 0))[1] == ("out", 1, {"rank": 2, "vp": 3})
    events = place(state, 2, "CN1", 1, 1)
    assert [e.kind for e in events] == ["place", "out", "game_end"]
    assert events[0].data["vp"] == 1 and events[1].data == {"rank": 3, "vp": 1}
    end = events[-1].data
    assert end["last"] == 3 and end["penalty"] == 2 and end["treasure"] == "RB1" and end["bids"] == []
    assert state.vp == [10, 8, 7, 4]
    assert [r.seat for r in GAME.results(state)] == [0, 1, 2, 3]
    refused(state, 3, Action.of("pass"), "game_over")


@pytest.mark.parametrize(("cards", "penalty"), [(1, 1), (2, 2), (3, 5), (4, 20), (6, 20)])
def test_last_player_penalty(cards: int, penalty: int) -> None:
    last = ["EV2", "RB3", "EB2", "RV3", "EV3", "RB2"][:cards]
    state = fixed([["CN2"], ["CN3"], last], hidden="RB1")
    place(state, 0, "CN2", 0, 1)
    events = place(state, 1, "CN3", 1, 0)
    assert events[-1].kind == "game_end" and events[-1].data["penalty"] == penalty
    assert last_penalty(cards) == penalty
    assert state.vp[2] == 5 + (1 if cards > 1 else 0) - penalty
    assert GAME.interrupters(state) == frozenset()  # no auction once one player holds cards


# ----- neuro and auctions -----


def test_neuro_and_one_auction_round() -> None:
    state = fixed(
        [["CN2", "EV2", "RV2", "RB2"], ["CN3", "EB1", "RV2", "RB1"], ["CB2", "EN3", "RV3", "EB2"]], hidden="RB3"
    )
    refused(state, 1, Action.of("neuro"), "neuro_closed")
    place(state, 0, "CN2", 0, 1)
    assert GAME.interrupters(state) == {0, 1, 2} and GAME.to_act(state) == {1}
    assert Action.of("neuro") in GAME.legal_actions(state, 1)
    assert GAME.legal_actions(state, 2) == [Action.of("neuro")]
    refused(state, 2, Action.of("pass"), "not_your_turn")
    events = act(state, 2, "neuro")
    assert brief(events) == [("neuro", 2, {})] and events[0].milestone
    assert GAME.to_act(state) == {2} and GAME.interrupters(state) == frozenset()
    assert GAME.public_view(state).table.auction == Auction(2, 2, ())
    legal = GAME.legal_actions(state, 2)
    assert Action.of("nobid") not in legal and len(legal) == 10 * 6
    refused(state, 2, Action.of("nobid"), "caller_must_bid")
    refused(state, 0, Action.of("bid", base=10, r=0, c=0, carton="2"), "not_your_turn")
    refused(state, 2, Action.of("bid", base=10, r=5, c=5, carton="2"), "not_a_card")
    refused(state, 2, Action.of("bid", base=11, r=0, c=0, carton="2"), "unknown_action")
    refused(state, 2, Action.of("place", card="CB2", r=1, c=0), "unknown_action")
    wide = Action.of("bid", base=10, r=0, c=1, carton="2")
    assert wide not in legal and GAME.is_legal_bid(state, 2, wide) and GAME.accepts(state, 2, wide)
    events = GAME.apply(state, 2, wide, RNG)
    assert [(e.kind, e.seat, dict(e.data), e.private_to) for e in events] == [
        # The public event names the domain card (CN2, laid at (0, 1) above) but never the carton.
        ("bid", 2, {"base": 10, "r": 0, "c": 1, "card": "CN2"}, None),
        ("bid", 2, {"base": 10, "r": 0, "c": 1, "card": "CN2", "carton": "2"}, frozenset({2})),
    ]
    refused(state, 2, Action.of("bid", base=9, r=0, c=0, carton="1"), "already_bid")
    assert GAME.to_act(state) == {0}
    assert Action.of("nobid") in GAME.legal_actions(state, 0)
    assert brief(act(state, 0, "nobid")) == [("nobid", 0, {})]
    refused(state, 1, Action.of("bid", base=10, r=0, c=0, carton="1"), "base_used")
    events = act(state, 1, "bid", base=9, r=0, c=0, carton="nature")
    # (0, 0) holds the first domain card, CN1 by default in ``fixed``.
    assert brief(events) == [("bid", 1, {"base": 9, "r": 0, "c": 0, "card": "CN1"}), ("auction_end", None, {})]
    # Building resumes with the seat that was due; the call closes until the next move.
    assert state.phase == "build" and GAME.to_act(state) == {1} and GAME.interrupters(state) == frozenset()
    refused(state, 0, Action.of("neuro"), "neuro_closed")
    public = GAME.public_view(state)
    assert public.table.bids == (PublicBid(2, 10, 0, 1, "CN2"), PublicBid(1, 9, 0, 0, "CN1"))
    assert public.table.bases_left == tuple(range(1, 9))
    assert "nature" not in repr(public)
    mine = GAME.view(state, 1)
    assert mine.own.my_bids == (OwnBid(9, 0, 0, "CN1", "nature", "9:nature"),)
    assert mine.own.cartons == ("0", "1", "2", "fond", "force")
    assert [p.cartons_left for p in public.table.players] == [6, 5, 5]
    assert "9:nature" in GAME.secrets(state, 1) and "9:nature" not in repr(GAME.view(state, 2))
    # The next move reopens the call; a seat without cartons may neither call nor bid.
    act(state, 1, "pass")
    state.cartons[0] = []
    assert GAME.interrupters(state) == {1, 2}
    refused(state, 0, Action.of("neuro"), "no_carton_left")
    act(state, 1, "neuro")
    assert state.bidders == [1, 2]
    refused(state, 1, Action.of("bid", base=8, r=0, c=0, carton="nature"), "carton_used")
    act(state, 1, "bid", base=8, r=0, c=0, carton="0")
    act(state, 2, "nobid")
    assert state.phase == "build"


def test_no_neuro_without_bases() -> None:
    state = fixed(
        [["CN2", "EV2", "RV2", "RB2"], ["CN3", "EB1", "RV2", "RB1"], ["CB2", "EN3", "RV3", "EB2"]], hidden="RB3"
    )
    state.bases = [4]
    place(state, 0, "CN2", 0, 1)
    act(state, 1, "neuro")
    events = act(state, 1, "bid", base=4, r=0, c=0, carton="1")
    assert [e.kind for e in events] == ["bid", "bid", "auction_end"]  # no base left: the round stops
    act(state, 1, "pass")
    assert GAME.interrupters(state) == frozenset()
    refused(state, 0, Action.of("neuro"), "no_base_left")


# ----- the treasure -----


@pytest.mark.parametrize(
    ("carton", "base", "card", "treasure", "points"),
    [
        ("2", 10, "CN1", "CN1", 60),  # on the treasure: 3 x 10 x 2
        ("1", 7, "CN2", "CN1", 7),  # two attributes: +V
        ("2", 5, "CV2", "CN1", -10),  # one attribute: -V
        ("1", 4, "EV2", "CN1", -8),  # none: -2V
        ("0", 9, "CN1", "CN1", 0),  # the bluff
        ("0", 9, "EV2", "CN1", 0),
        ("nature", 6, "CV3", "CN1", 6),
        ("nature", 6, "EN1", "CN1", -6),
        ("fond", 3, "EN2", "CN1", 3),
        ("fond", 3, "CB1", "CN1", -3),
        ("force", 8, "RB1", "CN1", 8),
        ("force", 8, "CN3", "CN1", -8),
    ],
)
def test_bid_points(carton: str, base: int, card: str, treasure: str, points: int) -> None:
    assert bid_points(carton, base, card, treasure) == points


def test_treasure_is_the_first_domain_card() -> None:
    state = fixed([["CN2"], ["CN3"], ["EV2", "RB3", "EB3"]], hidden="CN1", first="CN1")
    assert state.vp == [5, 5, 6]
    place(state, 0, "CN2", 0, 1)
    act(state, 1, "neuro")
    act(state, 1, "bid", base=10, r=0, c=0, carton="2")
    act(state, 2, "bid", base=9, r=0, c=1, carton="1")
    act(state, 0, "bid", base=8, r=0, c=1, carton="fond")
    assert GAME.public_view(state).table.treasure is None
    events = place(state, 1, "CN3", 1, 0)
    end = events[-1]
    assert end.kind == "game_end" and end.milestone
    assert end.data["treasure"] == "CN1" and end.data["hidden"] == "CN1"
    assert end.data["last"] == 2 and end.data["penalty"] == 5
    assert end.data["bids"] == [
        {"seat": 1, "base": 10, "r": 0, "c": 0, "card": "CN1", "carton": "2", "points": 60},
        {"seat": 2, "base": 9, "r": 0, "c": 1, "card": "CN2", "carton": "1", "points": 9},
        {"seat": 0, "base": 8, "r": 0, "c": 1, "card": "CN2", "carton": "fond", "points": 8},
    ]
    assert state.vp == [5 + 5 + 8, 5 + 3 + 60, 6 - 5 + 9]
    public = GAME.public_view(state)
    assert public.over and public.phase == "over" and public.table.treasure == "CN1"
    assert public.table.reveal[0] == RevealedBid(1, 10, 0, 0, "CN1", "2", 60)
    assert public.table.winners == (1,) and [p.rank for p in public.table.players] == [2, 1, 3]


def test_treasure_still_in_the_last_hand() -> None:
    state = fixed([["CN2"], ["CN3"], ["RB3", "EV2"]], hidden="RB3")
    place(state, 0, "CN2", 0, 1)
    act(state, 2, "neuro")
    act(state, 2, "bid", base=10, r=0, c=0, carton="0")  # a bluff on CN1
    act(state, 0, "bid", base=9, r=0, c=1, carton="2")  # CN2 shares nothing with RB3: -2 x 18
    act(state, 1, "bid", base=1, r=0, c=1, carton="force")  # 2 is not 3: -1
    events = place(state, 1, "CN3", 1, 0)
    assert events[-1].data["treasure"] == "RB3"
    bids = events[-1].data["bids"]
    assert isinstance(bids, list) and [b["points"] for b in bids if isinstance(b, dict)] == [0, -36, -1]
    assert state.vp == [5 + 5 - 36, 5 + 3 - 1, 6 - 2]


def test_notebook_and_views() -> None:
    state = fixed([["CN2", "CN1", "EV2"], ["CN3", "EB1", "EV2"], ["CB2", "EN3", "RV3"]], hidden="RB3")
    mine = GAME.view(state, 0)
    assert mine.own.hand == ("CN1", "CN2", "EV2") and mine.own.notebook == ("CN1",)
    assert GAME.view(state, 1).own.notebook == ()
    public = GAME.public_view(state)
    assert public.table.grid == (Spot(0, 0, "CN1"),)
    assert public.table.box == Box(0, 0, 1, 1)
    assert public.table.players[0] == SeatInfo(0, 5, 3, 6, None, 1)
    text = repr(public)
    assert "RB3" not in text and "CN2" not in text and "hand" not in text
    assert mine.table == public.table
    assert notebook(["RB3"], ["RB3", "CN1"]) == ["RB3"]
    assert mine.own.bid == BidChoices(tuple(range(1, 11)), (Spot(0, 0, "CN1"),), CARTONS, False)
    # Seat 0 is the builder: its legal placements with their VP, and the cards they use.
    assert [(p.card, p.r, p.c, p.vp) for p in mine.own.placements] == [
        ("CN1", -1, 0, 0),
        ("CN1", 0, -1, 0),
        ("CN1", 0, 1, 0),
        ("CN1", 1, 0, 0),
        ("CN2", -1, 0, 0),
        ("CN2", 0, -1, 0),
        ("CN2", 0, 1, 0),
        ("CN2", 1, 0, 0),
    ]
    assert mine.own.playable == ("CN1", "CN2") and mine.own.pass_vp == -1
    assert GAME.view(state, 1).own.placements == ()
    # Seat 0's secrets: its cards nobody else shows (EV2 is in seat 1's hand too, CN1 on the table).
    assert GAME.secrets(state, 0) == {"CN2"}
    assert public.table.cell_name(0, 0) == "B2" and public.table.cell_name(-1, 2) == "D1"


# ----- the computer player -----


def test_computer_prefers_the_richest_placement() -> None:
    state = fixed([["CN1", "EV2", "CN3"], ["CN3", "EB1", "RV2"], ["CB2", "EN3", "RV3"]], hidden="RB3")
    with_grid(state, {**RING, (2, 1): "EN1"})
    action = PLAYER.act(state, 0, random.Random(1))
    assert action == Action.of("place", card="CN1", r=1, c=1)


def test_computer_calls_and_bids_on_the_narrowed_treasure() -> None:
    state = fixed([["CN2", "EV2", "RV2"], ["CN3", "EB1", "RV2"], ["CB2", "EN3", "RV3"]], hidden="CN1", first="CN1")
    place(state, 0, "CN2", 0, 1)
    view = GAME.view(state, 2)
    assert len(odds(view)) == 27
    assert not interrupt(view, random.Random(0))
    # Pretend seat 2 has seen both copies of every type but CN1: the treasure is CN1, on (0, 0).
    seen = tuple(t for t in TYPES if t != "CN1" for _ in range(2))
    view = replace(view, own=replace(view.own, hand=seen))
    assert odds(view) == {"CN1": 1.0}
    assert interrupt(view, random.Random(0))
    act(state, 2, "neuro")
    after = GAME.view(state, 2)
    action = choose(replace(after, own=replace(after.own, hand=seen)), random.Random(0))
    assert action == Action.of("bid", base=10, r=0, c=0, carton="2")
    assert GAME.accepts(state, 2, action)


def test_computer_caller_bluffs_without_a_good_bid() -> None:
    state = fixed([["CN2", "EV2", "RV2"], ["CN3", "EB1", "RV2"], ["CB2", "EN3", "RV3"]], hidden="RB3")
    place(state, 0, "CN2", 0, 1)
    act(state, 1, "neuro")
    action = PLAYER.act(state, 1, random.Random(0))
    assert action.kind == "bid" and action["carton"] == "0" and action["base"] == 1
    assert GAME.accepts(state, 1, action)
    GAME.apply(state, 1, action, RNG)
    assert PLAYER.act(state, 2, random.Random(5)).kind in ("nobid", "bid")
    assert PLAYER.interrupt(state, 2, random.Random(0)) is None


def test_computer_clearly_beats_random() -> None:
    computer, rand = bench_scores(30)
    assert computer > rand + 8
