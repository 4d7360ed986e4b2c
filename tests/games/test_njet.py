"""Njet! scenarios: fixed deals, fixed moves, expected tricks and scores worked out by hand from the rules."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import validate_options
from bot.games.njet import DECKS
from bot.games.njet import GAME
from bot.games.njet import ROWS
from bot.games.njet import NjetState
from bot.games.njet import deal_fixed
from bot.games.njet import playable
from bot.games.njet import row_options
from bot.games.njet import trick_winner
from bot.games.njet_views import BoardOption
from bot.games.njet_views import NjetTable
from bot.games.njet_views import Play
from bot.games.njet_views import PlayerView
from bot.games.njet_views import Rules
from bot.players.njet import PLAYER
from tests.games import support

RNG = random.Random(7)


def fixed(players: int, hands: list[list[str]], *, dealer: int, **options: Any) -> NjetState:
    """A game whose first round is dealt the given hands; the Njet phase starts after ``dealer``."""
    state = GAME.setup(players, options, random.Random(0))
    return deal_fixed(state, hands, dealer=dealer)


def block(state: NjetState, pairs: list[tuple[str, str]]) -> list[Event]:
    """Place stones on the given (row, option) pairs, each by the seat whose turn it is."""
    events: list[Event] = []
    for row, option in pairs:
        (seat,) = GAME.to_act(state)
        events += GAME.apply(state, seat, Action.of("block", row=row, option=option), RNG)
    return events


def stones_for(players: int, rules: dict[str, str], rows: tuple[str, ...] = ROWS) -> list[tuple[str, str]]:
    """Every option of ``rows`` except the wanted one, rows in board order."""
    return [(row, o) for row in rows for o in row_options(row, players) if o != rules[row]]


def decide(
    state: NjetState, *, start: int, trump: str, super: str = "none", discard: str = "0", points: int = 1
) -> list[Event]:
    """Play the whole Njet phase so that the given rules are left."""
    rules = {"start": str(start), "discard": discard, "trump": trump, "super": super, "points": str(points)}
    return block(state, stones_for(state.players, rules))


def act(state: NjetState, who: int, kind: str, /, **args: Any) -> list[Event]:
    return GAME.apply(state, who, Action.of(kind, **args), RNG)


def play(state: NjetState, seat: int, card: str) -> list[Event]:
    return act(state, seat, "play", card=card)


def legal_cards(state: NjetState, seat: int) -> list[str]:
    return [str(a["card"]) for a in GAME.legal_actions(state, seat)]


def play_legal(state: NjetState, seat: int, card: str, legal: list[str]) -> list[Event]:
    """``seat`` plays ``card``, after checking the cards it may play are exactly ``legal``."""
    assert legal_cards(state, seat) == legal
    return play(state, seat, card)


refused = partial(support.refused, GAME, rng=RNG)
"""Refuse a move with a code, leaving the state as it was."""


def only_card(state: NjetState, seat: int, card: str, *, refused_card: str, code: str) -> list[Event]:
    """``seat`` plays ``card``, after checking it is the only card it may play and that ``refused_card`` is refused
    with ``code``."""
    assert legal_cards(state, seat) == [card]
    refused(state, seat, Action.of("play", card=refused_card), code)
    return play(state, seat, card)


def table(state: NjetState) -> NjetTable:
    return GAME.public_view(state).table


def options(state: NjetState, row: str) -> tuple[BoardOption, ...]:
    """The options of a row of the board, as the public view gives them."""
    return next(r.options for r in table(state).board if r.row == row)


def teams(state: NjetState) -> list[list[int]]:
    return [list(t.seats) for t in table(state).teams]


def plays(trick: tuple[Play, ...]) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "card": p.card} for p in trick]


def brief(events: list[Event]) -> list[tuple[str, int | None, dict[str, Any]]]:
    return [(e.kind, e.seat, dict(e.data)) for e in events if e.private_to is None]


# ----- setup and options -----


def test_options_and_bounds() -> None:
    assert validate_options(GAME, {}) == {"rounds": 8}
    assert validate_options(GAME, {"rounds": 1}) == {"rounds": 1}
    for bad in (0, 17):
        with pytest.raises(BadOption):
            validate_options(GAME, {"rounds": bad})
    assert (GAME.min_players, GAME.max_players) == (3, 4)
    with pytest.raises(ValueError):
        GAME.setup(2, {}, random.Random(0))


@pytest.mark.parametrize(("players", "size", "stones"), [(4, 10, 15), (3, 12, 14)])
def test_deal(players: int, size: int, stones: int) -> None:
    state = GAME.setup(players, {}, random.Random(3))
    # 4 players: 4 colours x 10 = 40 cards; 3 players: the four 2s out, 36 = 3 x 12.
    assert [len(h) for h in state.hands] == [size] * players
    cards = [c for h in state.hands for c in h]
    assert Counter(cards) == Counter(DECKS[players])
    assert ("R2" in cards) == (players == 4)
    assert cards.count("G1") == 2
    # Stones: (players - 1) + 2 + 3 + 4 + 3.
    assert state.stones_left == stones
    assert GAME.to_act(state) == frozenset({(state.dealer + 1) % players})
    assert GAME.stage(state) == 1
    assert brief(GAME.start_events(state)) == [("deal", state.dealer, {"round": 1, "dealer": state.dealer})]
    assert GAME.start_events(state)[0].milestone
    public = GAME.public_view(state)
    assert public.phase == "njet"
    assert [o.option for o in options(state, "start")] == [str(s) for s in range(players)]
    assert [o.option for o in options(state, "discard")] == ["2", "1", "0"]
    assert [o.option for o in options(state, "trump")] == ["R", "K", "B", "G"]
    assert [o.option for o in options(state, "super")] == ["R", "K", "B", "G", "none"]
    assert [o.option for o in options(state, "points")] == ["1", "2", "3", "4"]
    assert public.table.rules is None


def test_deal_fixed_refuses_impossible_hands() -> None:
    state = GAME.setup(4, {}, random.Random(0))
    with pytest.raises(ValueError):
        deal_fixed(state, [["R1"], ["R1"], ["R1"], ["K1"]], dealer=0)  # three R1 in a deck of two
    with pytest.raises(ValueError):
        deal_fixed(state, [["R3"], ["R4"], ["R5"]], dealer=0)
    with pytest.raises(ValueError):
        deal_fixed(state, [["R3"], ["R4"], ["R5"], ["R6", "R7"]], dealer=0)
    small = GAME.setup(3, {}, random.Random(0))
    with pytest.raises(ValueError):
        deal_fixed(small, [["R2"], ["R4"], ["R5"]], dealer=0)  # no 2s with 3 players


# ----- the Njet phase -----


def test_njet_phase_turns_closed_rows_and_rules() -> None:
    state = fixed(4, [["R3"], ["R4"], ["R5"], ["R6"]], dealer=3)
    # Dealer 3: seat 0 places the first stone, then 1, 2, 3, 0...
    assert GAME.to_act(state) == frozenset({0})
    assert len(GAME.legal_actions(state, 0)) == 4 + 3 + 4 + 5 + 4
    assert GAME.legal_actions(state, 1) == []
    assert block(state, [("discard", "2")]) == [Event("block", 0, {"row": "discard", "option": "2"})]
    block(state, [("discard", "1")])
    # Seat 2 to act; only "0" is left in the discard row: it cannot be blocked, the row is out of the list.
    assert GAME.to_act(state) == frozenset({2})
    refused(state, 2, Action.of("block", row="discard", option="0"), "row_closed")
    refused(state, 2, Action.of("block", row="discard", option="2"), "option_blocked")
    refused(state, 2, Action.of("block", row="colour", option="R"), "unknown_option")
    refused(state, 2, Action.of("block", row="trump", option="none"), "unknown_option")
    refused(state, 2, Action.of("block", row="start", option="4"), "unknown_option")
    refused(state, 2, Action.of("block", row="points", option=1), "unknown_option")
    refused(state, 1, Action.of("block", row="trump", option="R"), "not_your_turn")
    assert not any(a["row"] == "discard" for a in GAME.legal_actions(state, 2))
    assert len(GAME.legal_actions(state, 2)) == 4 + 4 + 5 + 4
    assert options(state, "discard") == (
        BoardOption("2", 0),
        BoardOption("1", 1),
        BoardOption("0", None),
    )
    assert table(state).stones_left == 13
    # The other 13 stones: start 0, 1, 3 / trump R, K, G / super R, B, G, none / points 1, 2, 4.
    rules = {"start": "2", "discard": "0", "trump": "B", "super": "K", "points": "3"}
    pairs = stones_for(4, rules, ("start", "trump", "super", "points"))
    assert len(pairs) == 13
    events = block(state, pairs)
    # Stones 3..15 are placed by seats 2, 3, 0, 1, ... : the 15th (index 14) by seat 14 % 4 = 2.
    assert [e.seat for e in events[:-1]] == [(2 + k) % 4 for k in range(13)]
    assert brief(events[-2:]) == [
        ("block", 2, {"row": "points", "option": "4"}),
        ("rules", None, {"start": 2, "discard": 0, "trump": "B", "super": "K", "points": 3}),
    ]
    assert events[-1].milestone
    public = GAME.public_view(state)
    for row in ROWS:
        assert [o.option for o in options(state, row) if o.blocked_by is None] == [rules[row]]
    assert public.table.stones_left == 0
    assert public.table.rules == Rules(start=2, discard=0, trump="B", super_colour="K", points=3)
    assert (public.phase, public.table.starter, sorted(public.to_act)) == ("partner", 2, [2])
    assert GAME.legal_actions(state, 2) == [Action.of("partner", seat=s) for s in (0, 1, 3)]


# ----- card play -----

# Four players, dealer 3, seat 0 starts and takes seat 2; trump red, super-trump blue (the two B1), 2 points.
FOLLOW_HANDS = [
    ["K5", "B1", "G2", "R9"],
    ["K2", "R7", "B8", "G3"],
    ["R3", "G9", "G5", "G7"],
    ["B1", "B6", "G4", "B2"],
]


def test_follow_rules_winners_and_scores() -> None:
    state = fixed(4, FOLLOW_HANDS, dealer=3, rounds=1)
    decide(state, start=0, trump="R", super="B", points=2)
    assert brief(act(state, 0, "partner", seat=2)) == [("partner", 0, {"partner": 2})]
    # Discard "0": no discard phase, the starting player leads.
    assert GAME.public_view(state).phase == "tricks"
    assert teams(state) == [[0, 2], [1, 3]]
    assert GAME.to_act(state) == frozenset({0})
    assert legal_cards(state, 0) == ["R9", "K5", "B1", "G2"]

    # Trick 1: black led. Seat 1 holds a black: it must follow.
    play(state, 0, "K5")
    only_card(state, 1, "K2", refused_card="R7", code="must_follow")
    # Seat 2 has no black but a red (trump): it must trump.
    only_card(state, 2, "R3", refused_card="G9", code="must_trump")
    # Seat 3 has no black, no red: its only trump is the super-trump B1 (its B6 is no trump).
    assert legal_cards(state, 3) == ["B1"]
    refused(state, 3, Action.of("play", card="B6"), "must_trump")
    refused(state, 3, Action.of("play", card="G4"), "must_trump")
    # The super-trump beats the red 3: seat 3 wins; one 1 in the trick.
    assert brief(play(state, 3, "B1")) == [
        ("play", 3, {"card": "B1"}),
        ("trick", 3, {"winner": 3, "cards": ["K5", "K2", "R3", "B1"], "ones": 1}),
    ]
    assert GAME.to_act(state) == frozenset({3})

    # Trick 2: blue led. Seat 0's B1 is a super-trump, not a blue: it cannot follow and must trump (R9 or B1).
    play(state, 3, "B6")
    assert legal_cards(state, 0) == ["R9", "B1"]
    refused(state, 0, Action.of("play", card="G2"), "must_trump")
    play(state, 0, "B1")
    only_card(state, 1, "B8", refused_card="R7", code="must_follow")
    # Seat 2 has no blue and no trump left: any card.
    events = play_legal(state, 2, "G7", ["G5", "G7", "G9"])
    assert events[-1] == Event("trick", 0, {"winner": 0, "cards": ["B6", "B1", "B8", "G7"], "ones": 1})

    # Trick 3: green; G9 is the highest: seat 2.
    for seat, card in [(0, "G2"), (1, "G3"), (2, "G9")]:
        play(state, seat, card)
    assert play(state, 3, "G4")[-1].data == {"winner": 2, "cards": ["G2", "G3", "G9", "G4"], "ones": 0}
    view = table(state)
    assert plays(view.last_trick) == [
        {"seat": 0, "card": "G2"},
        {"seat": 1, "card": "G3"},
        {"seat": 2, "card": "G9"},
        {"seat": 3, "card": "G4"},
    ]
    assert [p.wins for p in view.last_trick] == [False, False, True, False]
    assert (view.last_winner, view.leader, plays(view.trick)) == (2, 2, [])
    # Team 0 (0, 2): tricks 2 and 3, one 1; team 1 (1, 3): trick 1, one 1.
    assert ([t.tricks for t in view.teams], [t.ones for t in view.teams]) == ([2, 1], [1, 1])
    assert [t.points for t in view.teams] == [(2 + 1) * 2, (1 + 1) * 2]

    # Trick 4: seat 2 leads green; seat 3 has neither green nor trump (B2 is no super-trump); seat 0 must trump
    # with R9, seat 1 with R7; the higher trump R9 wins.
    play(state, 2, "G5")
    play_legal(state, 3, "B2", ["B2"])
    play(state, 0, "R9")
    events = play(state, 1, "R7")
    # Team 0: 3 tricks + 1 one = 4, x 2 points = 8 for seats 0 and 2. Team 1: 1 trick + 1 one = 2, x 2 = 4.
    assert brief(events) == [
        ("play", 1, {"card": "R7"}),
        ("trick", 0, {"winner": 0, "cards": ["G5", "B2", "R9", "R7"], "ones": 0}),
        ("round_end", None, {"round": 1, "scores": [8, 4, 8, 4], "tricks": [3, 1], "ones": [1, 1]}),
        ("game_end", None, {}),
    ]
    assert state.scores == [8, 4, 8, 4]
    assert GAME.is_over(state)
    assert GAME.public_view(state).phase == "over"
    assert table(state).sheet == ((8, 4, 8, 4),)
    assert [p.rank for p in table(state).players] == [1, 3, 1, 3]
    assert [(r.seat, r.rank, r.score) for r in GAME.results(state)] == [(0, 1, 8), (2, 1, 8), (1, 3, 4), (3, 3, 4)]
    refused(state, 0, Action.of("play", card="R9"), "game_over")


def test_super_trump_led_asks_for_trumps() -> None:
    # Trump red, super-trump blue. B1 led: seat 1 holds red (trump) and blue: it must play the red, not follow blue.
    # Seat 2 holds blue and green, no trump: anything. Seat 3 holds the other B1: it may play it (a trump).
    state = fixed(4, [["B1", "K2"], ["R4", "B9"], ["B8", "G6"], ["B1", "K3"]], dealer=3)
    decide(state, start=0, trump="R", super="B")
    act(state, 0, "partner", seat=1)
    play(state, 0, "B1")
    only_card(state, 1, "R4", refused_card="B9", code="must_follow")
    play_legal(state, 2, "B8", ["B8", "G6"])
    # Two super-trumps in one trick: the one played last wins.
    assert play_legal(state, 3, "B1", ["B1"])[-1].data == {"winner": 3, "cards": ["B1", "R4", "B8", "B1"], "ones": 2}


def test_super_trump_none_ones_are_ordinary() -> None:
    # Trump black, no super-trump, seat 1 starts with seat 3 (team 0 = 1, 3; team 1 = 0, 2), 3 points.
    hands = [["G6", "R2", "G9"], ["B1", "R4", "K2"], ["B1", "K1", "K7"], ["G5", "R9", "G8"]]
    state = fixed(4, hands, dealer=0, rounds=1)
    decide(state, start=1, trump="K", super="none", points=3)
    act(state, 1, "partner", seat=3)
    assert teams(state) == [[1, 3], [0, 2]]
    # Trick 1: B1 led; seat 2 follows with its B1; seats 3 and 0 have no blue, no black: anything.
    play(state, 1, "B1")
    play_legal(state, 2, "B1", ["B1"])
    play_legal(state, 3, "G5", ["R9", "G5", "G8"])
    play(state, 0, "G6")
    # Two equal blue 1s: the first played ranks higher (house rule); two 1s captured by seat 1.
    assert state.last_winner == 1
    assert state.team_ones == [2, 0]
    # Trick 2: red led; seat 2 has no red: it must trump, and its K1 is a trump (the lowest one), not a super-trump.
    play(state, 1, "R4")
    play_legal(state, 2, "K1", ["K1", "K7"])
    play(state, 3, "R9")
    assert play(state, 0, "R2")[-1].data == {"winner": 2, "cards": ["R4", "K1", "R9", "R2"], "ones": 1}
    # Trick 3: black led: the higher trump, K7, beats K2.
    play(state, 2, "K7")
    play(state, 3, "G8")
    play(state, 0, "G9")
    events = play(state, 1, "K2")
    # Team 0: 1 trick + 2 ones = 3 x 3 = 9; team 1: 2 tricks + 1 one = 3 x 3 = 9.
    assert brief(events)[1:3] == [
        ("trick", 2, {"winner": 2, "cards": ["K7", "G8", "G9", "K2"], "ones": 0}),
        ("round_end", None, {"round": 1, "scores": [9, 9, 9, 9], "tricks": [1, 2], "ones": [2, 1]}),
    ]


def test_super_trump_colour_equal_to_trump_colour() -> None:
    # Trump green and super-trump green: the two G1 are super-trumps, the other greens trumps. Seat 2 starts with
    # seat 0 (team 0 = 0, 2), 4 points.
    hands = [["R5", "R6"], ["G1", "K3"], ["G9", "K6"], ["G1", "B4"]]
    state = fixed(4, hands, dealer=1, rounds=1)
    decide(state, start=2, trump="G", super="G", points=4)
    act(state, 2, "partner", seat=0)
    # G9 led asks for trumps: seat 3's only trump is its G1 (B4 is not one).
    play(state, 2, "G9")
    only_card(state, 3, "G1", refused_card="B4", code="must_follow")
    play_legal(state, 0, "R5", ["R5", "R6"])
    # The last super-trump wins over the first one and over the highest trump G9.
    assert play_legal(state, 1, "G1", ["G1"])[-1].data == {"winner": 1, "cards": ["G9", "G1", "R5", "G1"], "ones": 2}
    # Trick 2: seat 1 leads black; seat 2 follows with K6 and wins it.
    play(state, 1, "K3")
    play(state, 2, "K6")
    play(state, 3, "B4")
    events = play(state, 0, "R6")
    # Team 0: 1 trick, 0 ones = 1 x 4 = 4; team 1: 1 trick + 2 ones = 3 x 4 = 12.
    assert brief(events)[2] == (
        "round_end",
        None,
        {"round": 1, "scores": [4, 12, 4, 12], "tricks": [1, 1], "ones": [0, 2]},
    )


def test_cannot_follow_holding_only_the_super_trump_of_the_trump_colour() -> None:
    # Trump green = super-trump: black led, seat 1 has no black and only the G1 as trump: it must play it.
    state = fixed(4, [["R5", "R6"], ["G1", "B3"], ["K9", "K6"], ["K2", "B4"]], dealer=3)
    decide(state, start=2, trump="G", super="G")
    act(state, 2, "partner", seat=1)
    play(state, 2, "K9")
    play(state, 3, "K2")
    play_legal(state, 0, "R6", ["R5", "R6"])
    assert legal_cards(state, 1) == ["G1"]
    refused(state, 1, Action.of("play", card="B3"), "must_trump")


@pytest.mark.parametrize(
    ("cards", "trump", "super_colour", "winner"),
    [
        (["K5", "K9", "R2", "R4"], "R", "B", 3),  # the highest trump
        (["K5", "K9", "B2", "G9"], "R", "none", 1),  # no trump: the highest of the colour led
        (["R9", "B1", "R8", "K1"], "R", "B", 1),  # one super-trump beats the highest trump
        (["B1", "R9", "B1", "R8"], "R", "B", 2),  # two super-trumps: the last one
        (["G9", "G1", "R9", "G1"], "G", "G", 3),  # super colour = trump colour
        (["B1", "B1", "R1", "B2"], "R", "none", 2),  # no super-trump: R1 is a trump, the lowest
        (["B1", "B1", "G2", "K3"], "R", "none", 0),  # two equal 1s: the first played
    ],
)
def test_trick_winner(cards: list[str], trump: str, super_colour: str, winner: int) -> None:
    assert trick_winner(cards, trump, super_colour) == winner


def test_playable_is_complete_and_in_card_order() -> None:
    hand = ["G7", "B1", "R3", "K8", "B1"]
    assert playable(hand, [], "R", "B") == ["R3", "K8", "B1", "G7"]
    assert playable(hand, ["B9"], "R", "B") == ["R3", "B1"]  # no blue (B1 is super): trumps
    assert playable(hand, ["B9"], "R", "none") == ["B1"]  # no super-trump: B1 is a blue
    assert playable(hand, ["G2"], "R", "B") == ["G7"]
    assert playable(["G7", "K8"], ["R2"], "R", "B") == ["K8", "G7"]  # no trump at all: anything


# ----- discards -----


def test_discard_one_all_at_once_and_secret() -> None:
    hands = [["R5", "R6", "K1"], ["G1", "B3", "B5"], ["K9", "K6", "K2"], ["R2", "B4", "G8"]]
    state = fixed(4, hands, dealer=3)
    decide(state, start=1, trump="G", super="K", discard="1")
    assert GAME.public_view(state).table.rules == Rules(start=1, discard=1, trump="G", super_colour="K", points=1)
    assert brief(act(state, 1, "partner", seat=0)) == [("partner", 1, {"partner": 0})]
    # Everybody discards at once.
    assert GAME.to_act(state) == frozenset({0, 1, 2, 3})
    assert GAME.public_view(state).phase == "discard"
    assert GAME.legal_actions(state, 0) == [Action.of("discard", cards=[c]) for c in ["R5", "R6", "K1"]]
    refused(state, 2, Action.of("discard", cards=[]), "wrong_discard_count")
    refused(state, 2, Action.of("discard", cards=["K9", "K6"]), "wrong_discard_count")
    refused(state, 2, Action.of("discard", cards=["K5"]), "card_not_in_hand")
    refused(state, 2, Action.of("discard", cards=["X9"]), "card_not_in_hand")
    refused(state, 2, Action.of("discard", cards="K9"), "wrong_discard_count")
    refused(state, 2, Action.of("play", card="K9"), "unknown_action")
    events = act(state, 2, "discard", cards=["K2"])
    assert [(e.kind, e.seat, dict(e.data), e.private_to) for e in events] == [
        ("discarded", 2, {"count": 1}, None),
        ("discarded", 2, {"count": 1, "cards": ["K2"]}, frozenset({2})),
    ]
    assert GAME.to_act(state) == frozenset({0, 1, 3})
    assert GAME.legal_actions(state, 2) == []
    refused(state, 2, Action.of("discard", cards=["K9"]), "already_discarded")
    public = GAME.public_view(state)
    assert [p.discarded for p in public.table.players] == [False, False, True, False]
    assert [p.cards for p in public.table.players] == [3, 3, 2, 3]
    assert "'K2'" not in repr(public)
    assert [c.code for c in GAME.view(state, 2).own.discards] == ["K2"]
    assert list(GAME.view(state, 2).own.codes) == ["K6", "K9"]
    assert GAME.view(state, 0).own.discards == ()
    act(state, 0, "discard", cards=["K1"])
    act(state, 3, "discard", cards=["R2"])
    assert GAME.public_view(state).phase == "discard"
    act(state, 1, "discard", cards=["B5"])
    # The last discard starts the tricks: the starting player (1) leads, two cards each.
    public = GAME.public_view(state)
    assert (public.phase, sorted(public.to_act), public.table.leader) == ("tricks", [1], 1)
    assert [p.cards for p in public.table.players] == [2, 2, 2, 2]
    assert public.table.order == (1, 2, 3, 0)
    # The discarded K1 (a super-trump) is out of the round: nobody captures it.
    # Trump led (G1: a trump, not a super-trump). Seat 2 holds K9 and K6: no trump (only the K1s would be
    # super-trumps), so anything; seat 3 must follow with its trump G8.
    play(state, 1, "G1")
    play_legal(state, 2, "K9", ["K6", "K9"])
    play_legal(state, 3, "G8", ["G8"])
    events = play(state, 0, "R5")
    # G1 and G8 are trumps (green): G8 wins for seat 3 (team 1 = 2, 3); one 1 (G1) captured.
    assert events[-1].data == {"winner": 3, "cards": ["G1", "K9", "G8", "R5"], "ones": 1}


def test_discard_two_lists_every_distinct_pair() -> None:
    hands = [
        ["R1", "R1", "R3", "R4", "K5", "K6", "B7", "B8", "G9", "G2"],
        ["K1", "K1", "R5", "R6", "K7", "K8", "B9", "G3", "G4", "G5"],
        ["B1", "B1", "R7", "R8", "K9", "B2", "B3", "B4", "G6", "G7"],
        ["G1", "G1", "R9", "R2", "K2", "K3", "K4", "B5", "B6", "G8"],
    ]
    state = fixed(4, hands, dealer=0)
    decide(state, start=3, trump="R", super="none", discard="2")
    act(state, 3, "partner", seat=2)
    # Ten cards with R1 twice: nine distinct codes give C(9, 2) = 36 pairs, plus the pair of R1s: 37.
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 37
    assert Action.of("discard", cards=["R1", "R1"]) in legal
    assert legal[0] == Action.of("discard", cards=["R1", "R1"])
    # The codes of one discard in string order, as a multi-select returns them; the list in card order.
    assert Action.of("discard", cards=["G2", "R1"]) in legal
    assert Action.of("discard", cards=["R1", "G2"]) not in legal
    assert legal[-1] == Action.of("discard", cards=["G2", "G9"])
    assert legal[1] == Action.of("discard", cards=["R1", "R3"])
    act(state, 0, "discard", cards=["R1", "G2"])  # any order is accepted
    assert [c.code for c in GAME.view(state, 0).own.discards] == ["R1", "G2"]
    assert state.hands[0].count("R1") == 1
    refused(state, 1, Action.of("discard", cards=["R5", "R5"]), "card_not_in_hand")
    refused(state, 1, Action.of("discard", cards=["R5"]), "wrong_discard_count")
    for seat, cards in [(1, ["G4", "G5"]), (2, ["B2", "B3"]), (3, ["K2", "K3"])]:
        act(state, seat, "discard", cards=cards)
    assert [len(h) for h in state.hands] == [8, 8, 8, 8]
    assert GAME.to_act(state) == frozenset({3})


def test_discard_zero_goes_straight_to_the_tricks() -> None:
    state = fixed(4, FOLLOW_HANDS, dealer=3)
    decide(state, start=3, trump="K", discard="0")
    act(state, 3, "partner", seat=1)
    public = GAME.public_view(state)
    assert (public.phase, sorted(public.to_act), public.table.leader) == ("tricks", [3], 3)
    assert not any(p.discarded for p in public.table.players)


# ----- three players -----

THREE_HANDS = [["R9", "R8", "K1"], ["B1", "G3", "K9"], ["B3", "K5", "G4"]]


def _three_player_round(partner: int | None) -> list[Event]:
    """Seat 0 starts, trump red, no super-trump, 2 points; seat 0 wins two trumps, seat 1 the black trick."""
    state = fixed(3, THREE_HANDS, dealer=2, rounds=1)
    events = decide(state, start=0, trump="R", points=2)
    # 14 stones with 3 players: 2 + 2 + 3 + 4 + 3.
    assert len([e for e in events if e.kind == "block"]) == 14
    assert Action.of("alone") in GAME.legal_actions(state, 0)
    if partner is None:
        assert brief(act(state, 0, "alone")) == [("alone", 0, {})]
    else:
        act(state, 0, "partner", seat=partner)
    # Trick 1: R9 led; seats 1 and 2 have no red (and no trump): anything.
    play(state, 0, "R9")
    play_legal(state, 1, "B1", ["K9", "B1", "G3"])
    play(state, 2, "B3")
    # Trick 2: R8; trick 3: K1 led, seats 1 and 2 must follow black and K9 wins (with K1, a 1).
    play(state, 0, "R8")
    play(state, 1, "G3")
    play(state, 2, "G4")
    play(state, 0, "K1")
    play_legal(state, 1, "K9", ["K9"])
    return play(state, 2, "K5")


def test_three_players_alone_scores_double() -> None:
    events = _three_player_round(None)
    # Seat 0 alone: 2 tricks + 1 one (B1) = 3 x 2 = 6, doubled: 12. Seats 1 and 2: 1 trick + 1 one (K1) = 2 x 2 = 4.
    assert brief(events)[2] == ("round_end", None, {"round": 1, "scores": [12, 4, 4], "tricks": [2, 1], "ones": [1, 1]})


def test_three_players_with_a_partner() -> None:
    events = _three_player_round(2)
    # Seats 0 and 2: 2 tricks + 1 one = 3 x 2 = 6 each, not doubled; seat 1 alone against them: 2 x 2 = 4.
    assert brief(events)[2] == ("round_end", None, {"round": 1, "scores": [6, 4, 6], "tricks": [2, 1], "ones": [1, 1]})


def test_partner_choice_errors() -> None:
    state = fixed(4, FOLLOW_HANDS, dealer=3)
    decide(state, start=1, trump="K")
    refused(state, 1, Action.of("alone"), "alone_needs_three")
    refused(state, 1, Action.of("partner", seat=1), "not_a_partner")
    refused(state, 1, Action.of("partner", seat=4), "not_a_partner")
    refused(state, 1, Action.of("partner", seat="2"), "not_a_partner")
    refused(state, 1, Action.of("partner"), "not_a_partner")
    refused(state, 0, Action.of("partner", seat=2), "not_your_turn")
    refused(state, 1, Action.of("block", row="trump", option="R"), "unknown_action")
    assert Action.of("alone") not in GAME.legal_actions(state, 1)
    small = fixed(3, THREE_HANDS, dealer=2)
    decide(small, start=2, trump="K")
    assert GAME.legal_actions(small, 2) == [
        Action.of("partner", seat=0),
        Action.of("partner", seat=1),
        Action.of("alone"),
    ]


# ----- rounds -----


def test_next_round_moves_the_dealer_and_keeps_the_sheet() -> None:
    state = fixed(3, THREE_HANDS, dealer=2, rounds=2)
    decide(state, start=0, trump="R", points=2)
    act(state, 0, "alone")
    for seat, card in [(0, "R9"), (1, "B1"), (2, "B3"), (0, "R8"), (1, "G3"), (2, "G4"), (0, "K1"), (1, "K9")]:
        play(state, seat, card)
    events = play(state, 2, "K5")
    # Same round as above (12, 4, 4), then round 2 dealt by seat 0 (one seat on from 2): seat 1 places first.
    assert brief(events)[2:] == [
        ("round_end", None, {"round": 1, "scores": [12, 4, 4], "tricks": [2, 1], "ones": [1, 1]}),
        ("deal", 0, {"round": 2, "dealer": 0}),
    ]
    assert all(e.milestone for e in events[2:])
    assert (GAME.stage(state), state.dealer, GAME.to_act(state)) == (2, 0, frozenset({1}))
    public = GAME.public_view(state)
    assert public.table.sheet == ((12, 4, 4),)
    assert [p.score for p in public.table.players] == [12, 4, 4]
    assert public.scores == (12, 4, 4)
    assert [p.cards for p in public.table.players] == [12, 12, 12]
    assert (public.phase, public.table.teams, public.table.alone, public.table.stones_left) == ("njet", (), False, 14)
    assert public.table.rules is None
    assert not GAME.is_over(state)


# ----- views and refusals -----


def test_public_view_hides_hands_and_discards() -> None:
    state = fixed(4, FOLLOW_HANDS, dealer=3)
    decide(state, start=0, trump="R", super="B", points=2)
    act(state, 0, "partner", seat=2)
    play(state, 0, "K5")
    play(state, 1, "K2")
    public = GAME.public_view(state)
    assert public.table.players[1] == PlayerView(
        seat=1, character="loup", cards=3, score=0, team=1, discarded=False, dealer=False, rank=1
    )
    assert [p.character for p in public.table.players] == ["ours", "loup", "faucon", "colombe"]
    assert [p.dealer for p in public.table.players] == [False, False, False, True]
    assert plays(public.table.trick) == [{"seat": 0, "card": "K5"}, {"seat": 1, "card": "K2"}]
    # K5 led, K2 follows: the black 5 holds the trick so far; seat 2 plays next, then 3.
    assert [p.wins for p in public.table.trick] == [True, False]
    assert public.table.order == (0, 1, 2, 3)
    table_ = public.table
    assert (table_.leader, table_.starter, table_.partner, table_.alone) == (0, 0, 2, False)
    assert (sorted(public.to_act), public.over, public.game) == ([2], False, "njet")
    text = repr(public)
    for card in ["R9", "B1", "G2", "R7", "B8", "G3", "R3", "G9", "B6", "G4", "B2"]:
        assert f"'{card}'" not in text
    mine = GAME.view(state, 2)
    assert list(mine.own.codes) == ["R3", "G5", "G7", "G9"]
    assert [c.playable for c in mine.own.hand] == [True, False, False, False]  # no black: a trump (R3)
    assert mine.own.discards == ()
    assert mine.seat == 2
    assert mine.table == public.table
    assert GAME.secrets(state, 2) == frozenset({"R3", "G5", "G7", "G9"})
    assert not any(c.playable for c in GAME.view(state, 3).own.hand)


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = fixed(4, FOLLOW_HANDS, dealer=3)
    refused(state, 1, Action.of("block", row="trump", option="R"), "not_your_turn")
    refused(state, 9, Action.of("block", row="trump", option="R"), "not_your_turn")
    refused(state, 0, Action.of("play", card="K5"), "unknown_action")
    refused(state, 0, Action.of("draw"), "unknown_action")
    refused(state, 0, Action.of("block"), "unknown_option")
    decide(state, start=0, trump="R", super="B", points=2)
    refused(state, 0, Action.of("play", card="K5"), "unknown_action")
    act(state, 0, "partner", seat=2)
    refused(state, 0, Action.of("partner", seat=1), "unknown_action")
    refused(state, 0, Action.of("discard", cards=["K5"]), "unknown_action")
    refused(state, 1, Action.of("play", card="K2"), "not_your_turn")
    refused(state, 0, Action.of("play", card="K9"), "card_not_in_hand")
    refused(state, 0, Action.of("play", card="Z9"), "card_not_in_hand")
    refused(state, 0, Action.of("play", card=5), "card_not_in_hand")
    refused(state, 0, Action.of("play"), "card_not_in_hand")
    play(state, 0, "K5")
    refused(state, 1, Action.of("play", card="G3"), "must_follow")


# ----- the computer player -----


def _bot(state: NjetState, seat: int, seed: int = 0) -> Action:
    action = PLAYER.act(state, seat, random.Random(seed))
    assert action in GAME.legal_actions(state, seat)
    return action


def _hands_with(seat: int, hand: list[str], players: int = 4) -> list[list[str]]:
    """``hand`` for ``seat``, the rest of the deck dealt to the others in order."""
    rest = list((Counter(DECKS[players]) - Counter(hand)).elements())
    size = len(hand)
    others = [rest[k * size : (k + 1) * size] for k in range(players - 1)]
    return [hand if s == seat else others[s - (s > seat)] for s in range(players)]


STRONG_RED = ["R9", "R8", "R7", "R6", "R5", "K9", "K8", "B9", "B8", "B7"]


def test_computer_blocks_the_trump_colour_it_lacks() -> None:
    # Only the trump row is left open; seat 0 (no green at all, five reds) says Njet to green.
    state = fixed(4, _hands_with(0, STRONG_RED), dealer=3)
    rules = {"start": "0", "discard": "0", "trump": "", "super": "none", "points": "2"}
    block(state, stones_for(4, rules, ("start", "discard", "super", "points")))
    assert GAME.to_act(state) == frozenset({0})  # 12 stones placed: seat 12 % 4 = 0
    assert _bot(state, 0) == Action.of("block", row="trump", option="G")


def test_computer_blocks_a_super_trump_colour_whose_ones_it_lacks() -> None:
    # Seat 0 is strong in red (the trump) and holds both black 1s: a blue or green super-trump would give the
    # others two cards that beat its trumps. 11 stones elsewhere, then seat 3 blocks a red super-trump: seat 0 acts.
    hand = ["R9", "R8", "R7", "R6", "K1", "K1", "K9", "B9", "B8", "G9"]
    rules = {"start": "0", "discard": "0", "trump": "R", "super": "", "points": "2"}
    for seed in range(5):
        state = fixed(4, _hands_with(0, hand), dealer=3)
        block(state, [*stones_for(4, rules, ("start", "discard", "trump", "points")), ("super", "R")])
        assert GAME.to_act(state) == frozenset({0})
        chosen = _bot(state, 0, seed)
        assert chosen["row"] == "super" and chosen["option"] in {"B", "G"}


def test_computer_points_follow_hand_strength() -> None:
    weak = ["R2", "R3", "K2", "K3", "K4", "B2", "B3", "B4", "G2", "G3"]
    for hand, expected in [(weak, "4"), (STRONG_RED, "1")]:
        state = fixed(4, _hands_with(0, hand), dealer=3)
        # 3 + 2 + 3 + 4 = 12 stones on start, discard, trump (red), super (none): seat 0 to act on the points.
        rules = {"start": "1", "discard": "0", "trump": "R", "super": "none", "points": ""}
        block(state, stones_for(4, rules, ("start", "discard", "trump", "super")))
        assert _bot(state, 0) == Action.of("block", row="points", option=expected)


def test_computer_starting_player_by_strength() -> None:
    weak = ["R2", "R3", "K2", "K3", "K4", "B2", "B3", "B4", "G2", "G3"]
    for hand, self_blocked in [(weak, True), (STRONG_RED, False)]:
        state = fixed(4, _hands_with(0, hand), dealer=3)
        # 2 + 3 + 4 + 3 = 12 stones elsewhere (trump red, no super-trump): seat 0 then acts on the start row.
        rules = {"start": "", "discard": "0", "trump": "R", "super": "none", "points": "2"}
        block(state, stones_for(4, rules, ("discard", "trump", "super", "points")))
        action = _bot(state, 0)
        assert action["row"] == "start"
        assert (action["option"] == "0") == self_blocked


def test_computer_partner_follows_the_stones() -> None:
    state = fixed(4, FOLLOW_HANDS, dealer=3)
    # Seat 0 then 1, 2, 3...: seat 2 (third stone) blocks points "1": it wants high points, a strong hand;
    # seat 1 blocks "4" and seat 3 its own start.
    block(state, [("start", "1"), ("points", "4"), ("points", "1"), ("start", "3")])
    rules = {"start": "0", "discard": "0", "trump": "K", "super": "none", "points": "2"}
    block(
        state,
        [
            p
            for p in stones_for(4, rules)
            if p not in {("start", "1"), ("points", "4"), ("points", "1"), ("start", "3")}
        ],
    )
    assert _bot(state, 0) == Action.of("partner", seat=2)


def test_computer_plays_alone_only_with_a_very_strong_hand() -> None:
    strong = ["R9", "R8", "R7", "R6", "R5", "R4", "R1", "R1", "K9", "K8", "B9", "G9"]
    weak = ["R3", "K3", "K4", "K5", "B3", "B4", "B5", "G3", "G4", "G5", "G6", "B6"]
    for hand, alone in [(strong, True), (weak, False)]:
        state = fixed(3, _hands_with(0, hand, 3), dealer=2)
        decide(state, start=0, trump="R", super="none", points=2)
        assert (_bot(state, 0) == Action.of("alone")) == alone


def test_computer_discards_to_void_a_colour_and_keeps_trumps_and_ones() -> None:
    hand = ["R9", "R8", "R7", "R1", "K9", "K8", "K7", "B9", "B8", "G3"]
    state = fixed(4, _hands_with(0, hand), dealer=3)
    decide(state, start=0, trump="R", super="none", discard="1")
    act(state, 0, "partner", seat=2)
    assert _bot(state, 0) == Action.of("discard", cards=["G3"])
    hand = ["R9", "R8", "R7", "R6", "K1", "K9", "B9", "B8", "G3", "G2"]
    state = fixed(4, _hands_with(0, hand), dealer=3)
    decide(state, start=0, trump="R", super="none", discard="2")
    act(state, 0, "partner", seat=2)
    assert _bot(state, 0) == Action.of("discard", cards=["G2", "G3"])


def _tricks(hands: list[list[str]], *, start: int, partner: int, trump: str, super_colour: str = "none") -> NjetState:
    state = fixed(4, hands, dealer=(start + 3) % 4)
    decide(state, start=start, trump=trump, super=super_colour)
    act(state, start, "partner", seat=partner)
    return state


def _answer(hands: list[list[str]], played: list[tuple[int, str]]) -> str:
    """The card the computer plays next to a trick where seat 0 leads, with seat 2, against red trumps, after the
    ``played`` (seat, card) pairs."""
    state = _tricks(hands, start=0, partner=2, trump="R")
    for seat, card in played:
        play(state, seat, card)
    (seat,) = GAME.to_act(state)
    return str(_bot(state, seat)["card"])


def test_computer_wins_cheaply_and_throws_low() -> None:
    # Teams 0 + 2 against 1 + 3. Seat 0 leads K5; seat 1 holds K7 and K9: K7 is the cheapest winner.
    assert _answer([["K5", "B2"], ["K7", "K9"], ["K3", "B4"], ["G5", "G6"]], [(0, "K5")]) == "K7"
    # Seat 3, last, cannot beat K9 (no black, no red): it throws its lowest card, and not its 1.
    hands = [["K9", "B2"], ["K3", "B4"], ["K4", "B5"], ["G1", "G6"]]
    assert _answer(hands, [(0, "K9"), (1, "K3"), (2, "K4")]) == "G6"


def test_computer_does_not_overtake_its_partner_and_gives_it_a_one() -> None:
    # Seat 0 leads K7 and wins so far; its partner, seat 2, keeps its K8 and plays K6.
    assert _answer([["K7", "B2"], ["K3", "B4"], ["K8", "K6"], ["G5", "G6"]], [(0, "K7"), (1, "K3")]) == "K6"
    # Seat 1 wins with K9; its partner, seat 3, plays last: it gives its K1 to the trick (one point more).
    hands = [["K3", "B2"], ["K9", "B4"], ["G5", "G6"], ["K8", "K1"]]
    assert _answer(hands, [(0, "K3"), (1, "K9"), (2, "G5")]) == "K1"


def test_computer_saves_super_trumps_for_tricks_with_ones() -> None:
    # Trump red, super-trump blue; seat 2 starts with seat 0, so seat 1 plays last against them. Red led: seat 1
    # may play R2 (loses to R6) or its super-trump B1 (wins).
    hands = [["R6", "G6"], ["R2", "B1"], ["R5", "G5"], ["K4", "K1"]]
    state = _tricks(hands, start=2, partner=0, trump="R", super_colour="B")
    for seat, card in [(2, "R5"), (3, "K4"), (0, "R6")]:
        play(state, seat, card)
    assert legal_cards(state, 1) == ["R2", "B1"]
    # No 1 in the trick: the super-trump is kept for a better one.
    assert _bot(state, 1) == Action.of("play", card="R2")
    state = _tricks(hands, start=2, partner=0, trump="R", super_colour="B")
    for seat, card in [(2, "R5"), (3, "K1"), (0, "R6")]:
        play(state, seat, card)
    # Its partner gave a K1: the super-trump takes the trick and the 1.
    assert _bot(state, 1) == Action.of("play", card="B1")
