"""Nain Jaune scenarios: fixed deals, fixed moves, expected tokens worked out by hand from the rules."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Mapping
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import IllegalAction
from bot.games.base import NotYourTurn
from bot.games.base import validate_options
from bot.games.nain_jaune import BOARD
from bot.games.nain_jaune import DECK
from bot.games.nain_jaune import GAME
from bot.games.nain_jaune import NainJauneState
from bot.games.nain_jaune import deal_fixed
from bot.games.nain_jaune_views import BoxView
from bot.games.nain_jaune_views import NainJauneOwn
from bot.players.nain_jaune import PLAYER

RNG = random.Random(7)


def fixed(
    players: int, hands: list[list[str]], *, dealer: int, talon: list[str] | None = None, **options: Any
) -> NainJauneState:
    """A game whose first deal is the given hands (stakes of deal 1 already paid)."""
    state = GAME.setup(players, options, random.Random(0))
    return deal_fixed(state, hands, talon, dealer=dealer)


def play(state: NainJauneState, seat: int, card: str) -> list[Event]:
    return GAME.apply(state, seat, Action.of("play", card=card), RNG)


def brief(events: list[Event]) -> list[tuple[str, int | None, dict[str, Any]]]:
    return [(e.kind, e.seat, dict(e.data)) for e in events]


def test_options_and_bounds() -> None:
    opts = validate_options(GAME, {})
    assert opts == {"deals": 10, "tokens": 120, "announce": False}
    with pytest.raises(BadOption):
        validate_options(GAME, {"tokens": 14})
    with pytest.raises(BadOption):
        validate_options(GAME, {"deals": 51})
    assert (GAME.min_players, GAME.max_players) == (2, 8)


@pytest.mark.parametrize(("players", "size", "talon"), [(2, 22, 8), (8, 6, 4)])
def test_deal_sizes(players: int, size: int, talon: int) -> None:
    state = GAME.setup(players, {}, random.Random(3))
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.talon) == talon
    cards = [c for h in state.hands for c in h] + state.talon
    assert sorted(cards) == sorted(DECK)
    # Every player staked 1+2+3+4+5 = 15 of the 120 tokens.
    assert state.tokens == [105] * players
    assert state.boxes == [1 * players, 2 * players, 3 * players, 4 * players, 5 * players]
    assert GAME.to_act(state) == frozenset({(state.dealer + 1) % players})
    assert brief(GAME.start_events(state)) == [
        ("stake", None, {"deal": 1}),
        ("deal", state.dealer, {"deal": 1, "dealer": state.dealer}),
    ]
    assert GAME.stage(state) == 1


def test_whole_small_deal_and_payments() -> None:
    # 3 players, 120 tokens: after the stakes 105 each, boxes 3/6/9/12/15. Seat 2 deals, seat 0 starts.
    state = fixed(3, [["2S", "3H", "4C", "9S"], ["5D", "6S", "KS"], ["5C", "AS", "QH"]], dealer=2, deals=2)
    assert state.tokens == [105, 105, 105]
    assert state.boxes == [3, 6, 9, 12, 15]
    assert GAME.legal_actions(state, 0) == [Action.of("play", card=c) for c in ["2S", "3H", "4C", "9S"]]
    assert play(state, 0, "2S") == [Event("play", 0, {"card": "2S"})]
    # Seat 0 holds a 3: it must go on, and only the 3 is legal.
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.legal_actions(state, 0) == [Action.of("play", card="3H")]
    play(state, 0, "3H")
    # No 5 after the 4: "sans 5", seat 1 holds one.
    assert brief(play(state, 0, "4C")) == [("play", 0, {"card": "4C"}), ("sans", 0, {"rank": "5"})]
    assert GAME.public_view(state).table.sans == "5"
    assert GAME.legal_actions(state, 1) == [Action.of("play", card="5D")]
    play(state, 1, "5D")
    # Nobody holds a 7 or an 8: seat 1 is asked each next rank first; seat 0 answers the 9.
    assert brief(play(state, 1, "6S")) == [
        ("play", 1, {"card": "6S"}),
        ("sans", 1, {"rank": "7"}),
        ("pass", 2, {"rank": "7"}),
        ("pass", 0, {"rank": "7"}),
        ("next_rank", 1, {"rank": "8"}),
        ("sans", 1, {"rank": "8"}),
        ("pass", 2, {"rank": "8"}),
        ("pass", 0, {"rank": "8"}),
        ("next_rank", 1, {"rank": "9"}),
        ("sans", 1, {"rank": "9"}),
        ("pass", 2, {"rank": "9"}),
    ]
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.public_view(state).table.sequence == ("2S", "3H", "4C", "5D", "6S")
    # Seat 0 lays its last card. Seat 1 keeps KS = 10; seat 2 keeps 5C + AS + QH = 5 + 1 + 10 = 16.
    # Seat 0: 105 + 10 + 16 = 131; seat 1: 105 - 10 = 95; seat 2: 105 - 16 = 89. No Grand opéra (two turns),
    # no board card in a hand (KS and QH are not KH and QS). Seat 0 laid the first card: it deals deal 2,
    # everyone stakes 15 again: 116, 80, 74 and boxes 6/12/18/24/30; seat 1 starts.
    assert brief(play(state, 0, "9S")) == [
        ("play", 0, {"card": "9S"}),
        ("payment", 1, {"to": 0, "tokens": 10, "owed": 10}),
        ("payment", 2, {"to": 0, "tokens": 16, "owed": 16}),
        ("deal_end", None, {"deal": 1, "winner": 0}),
        ("stake", None, {"deal": 2}),
        ("deal", 0, {"deal": 2, "dealer": 0}),
    ]
    assert state.tokens == [116, 80, 74]
    assert state.boxes == [6, 12, 18, 24, 30]
    assert (state.deal, state.dealer, GAME.stage(state)) == (2, 0, 2)
    assert GAME.to_act(state) == frozenset({1})
    assert [len(h) for h in state.hands] == [15, 15, 15]
    assert not GAME.is_over(state)


def test_game_ends_after_the_last_deal() -> None:
    # deals=1: seat 0 lays AS, 2S and goes out. Seat 1 pays 3 (the 3H): 105 + 3 = 108 plus the Grand opéra
    # (one single turn) 2 + 4 + 6 + 8 + 10 = 30 -> 138; seat 1: 102. Boxes empty. 138 + 102 = 240.
    state = fixed(2, [["AS", "2S"], ["3H"]], dealer=1, deals=1)
    play(state, 0, "AS")
    events = play(state, 0, "2S")
    assert [e.kind for e in events] == ["play", "payment", "grand_opera", "deal_end", "game_end"]
    assert events[-1].data == {"reason": "deals", "seats": []}
    assert GAME.is_over(state)
    assert state.tokens == [138, 102]
    assert GAME.to_act(state) == frozenset()
    assert GAME.results(state)[0].seat == 0
    assert [(r.seat, r.rank, r.score) for r in GAME.results(state)] == [(0, 1, 138), (1, 2, 102)]
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "3H")
    assert err.value.code == "game_over"


def test_sans_nobody_not_a_king_same_player_goes_on_and_grand_opera() -> None:
    # Every 6 is in the talon. Seat 0: 5S, then "sans 6", seat 1 passes, nobody has one: seat 0 is asked the 7
    # first, holds it and goes on: still the same turn.
    talon = [c for c in DECK if c not in {"5S", "7S", "8H", "AS", "2S", "10D"}]
    state = fixed(2, [["5S", "7S", "8H"], ["AS", "2S", "10D"]], dealer=1, talon=talon)
    assert brief(play(state, 0, "5S")) == [
        ("play", 0, {"card": "5S"}),
        ("sans", 0, {"rank": "6"}),
        ("pass", 1, {"rank": "6"}),
        ("next_rank", 0, {"rank": "7"}),
    ]
    view = GAME.public_view(state).table
    assert (view.current, view.wanted, view.sans) == (0, "7", None)
    play(state, 0, "7S")
    # Seat 0 empties its hand in one turn: Grand opéra. Seat 1 pays AS + 2S + 10D = 1 + 2 + 10 = 13:
    # 105 + 13 = 118, then all the boxes 2 + 4 + 6 + 8 + 10 = 30 -> 148. Seat 1: 105 - 13 = 92, and its 10D
    # would double a box that the Grand opéra emptied: nothing to add, no event. 148 + 92 + 0 = 240.
    events = play(state, 0, "8H")
    assert brief(events[:4]) == [
        ("play", 0, {"card": "8H"}),
        ("payment", 1, {"to": 0, "tokens": 13, "owed": 13}),
        ("grand_opera", 0, {"tokens": 30}),
        ("deal_end", None, {"deal": 1, "winner": 0}),
    ]
    assert events[2].milestone
    # The next deal: seat 0 laid the first card and deals; 148 - 15 = 133, 92 - 15 = 77, boxes 2/4/6/8/10.
    assert state.tokens == [133, 77]
    assert state.boxes == [2, 4, 6, 8, 10]
    assert state.dealer == 0


def test_sans_king_nobody_new_sequence_of_their_choice() -> None:
    # Every king is in the talon. Seat 0 lays QH: "sans K", nobody: seat 0 starts a new sequence, any card.
    state = fixed(2, [["QH", "3S", "5D"], ["2C", "9C"]], dealer=1)
    assert brief(play(state, 0, "QH")) == [
        ("play", 0, {"card": "QH"}),
        ("sans", 0, {"rank": "K"}),
        ("pass", 1, {"rank": "K"}),
        ("new_sequence", 0, {}),
    ]
    assert GAME.public_view(state).table.wanted is None
    assert GAME.legal_actions(state, 0) == [Action.of("play", card="3S"), Action.of("play", card="5D")]
    # 5D opens a new sequence; then 6, 7, 8 are held by nobody and seat 0 is asked each first; seat 1 has the 9.
    assert brief(play(state, 0, "5D")) == [
        ("play", 0, {"card": "5D"}),
        ("sans", 0, {"rank": "6"}),
        ("pass", 1, {"rank": "6"}),
        ("next_rank", 0, {"rank": "7"}),
        ("sans", 0, {"rank": "7"}),
        ("pass", 1, {"rank": "7"}),
        ("next_rank", 0, {"rank": "8"}),
        ("sans", 0, {"rank": "8"}),
        ("pass", 1, {"rank": "8"}),
        ("next_rank", 0, {"rank": "9"}),
        ("sans", 0, {"rank": "9"}),
    ]
    view = GAME.public_view(state).table
    assert (view.sequence, view.current, view.wanted, view.sans) == (("5D",), 1, "9", "9")
    assert view.laid == ("QH", "5D")


def test_after_a_king_the_same_player_starts_again() -> None:
    state = fixed(2, [["KS", "4H", "8C"], ["2C", "9C"]], dealer=1)
    assert brief(play(state, 0, "KS")) == [("play", 0, {"card": "KS"}), ("new_sequence", 0, {})]
    assert GAME.to_act(state) == frozenset({0})
    assert len(GAME.legal_actions(state, 0)) == 2


def test_collecting_a_box() -> None:
    # 2 players: the 7D box holds 5 x 2 = 10; laying 7D takes it: 105 + 10 = 115.
    state = fixed(2, [["6S", "7D", "9C"], ["8C", "2C"]], dealer=1)
    play(state, 0, "6S")
    assert brief(play(state, 0, "7D")) == [
        ("play", 0, {"card": "7D"}),
        ("take", 0, {"card": "7D", "tokens": 10}),
        ("sans", 0, {"rank": "8"}),
    ]
    assert state.tokens == [115, 105]
    assert state.boxes == [2, 4, 6, 8, 0]
    box = GAME.public_view(state).table.boxes[4]
    assert (box.card, box.tokens) == ("7D", 0)


def test_board_cards_left_in_hand_double_and_talon_changes_nothing() -> None:
    # KH is in the talon. Seat 0: AS, "sans 2", seat 1 lays 2H, "sans 3", seat 0 lays 3S and goes out (second turn:
    # no Grand opéra). Seat 1 keeps QS + 10D = 20: 105 - 20 = 85, seat 0: 105 + 20 = 125.
    # Doublings, boxes in board order: 10D box 2 -> seat 1 adds 2 (83, box 4); QS box 6 -> adds 6 (77, box 12).
    # KH in the talon: its box keeps 8. Total 125 + 77 + (4 + 4 + 12 + 8 + 10) = 240.
    state = fixed(2, [["AS", "3S"], ["2H", "QS", "10D"]], dealer=1, deals=1)
    assert "KH" in state.talon
    play(state, 0, "AS")
    play(state, 1, "2H")
    assert brief(play(state, 0, "3S")) == [
        ("play", 0, {"card": "3S"}),
        ("payment", 1, {"to": 0, "tokens": 20, "owed": 20}),
        ("double", 1, {"card": "10D", "tokens": 2, "owed": 2}),
        ("double", 1, {"card": "QS", "tokens": 6, "owed": 6}),
        ("deal_end", None, {"deal": 1, "winner": 0}),
        ("game_end", None, {"reason": "deals", "seats": []}),
    ]
    assert state.tokens == [125, 77]
    assert state.boxes == [4, 4, 12, 8, 10]
    # Tokens in the boxes stay there at the end of the game.
    assert sum(state.tokens) + sum(state.boxes) == 240


def seat_1_owes_twenty(tokens: int) -> tuple[NainJauneState, list[Event]]:
    """A two-player deal, ``tokens`` each before the stakes (15), that seat 0 ends on its third card while seat 1
    keeps QH + JH = 20; with the events of that last card."""
    state = fixed(2, [["AS", "3S"], ["2H", "QH", "JH"]], dealer=1, tokens=tokens)
    play(state, 0, "AS")
    play(state, 1, "2H")
    return state, play(state, 0, "3S")


def test_player_who_cannot_pay_ends_the_game() -> None:
    # 20 tokens each, 5 left after the stakes. Seat 1 keeps QH + JH = 20 but has 5: pays 5, the game ends.
    # Seat 0: 5 + 5 = 10, seat 1: 0, boxes 2/4/6/8/10 = 30; 10 + 0 + 30 = 40.
    state, events = seat_1_owes_twenty(20)
    assert brief(events[1:]) == [
        ("payment", 1, {"to": 0, "tokens": 5, "owed": 20}),
        ("deal_end", None, {"deal": 1, "winner": 0}),
        ("game_end", None, {"reason": "cannot_pay", "seats": [1]}),
    ]
    assert GAME.is_over(state)
    assert state.tokens == [10, 0]
    assert [(r.seat, r.rank, r.score) for r in GAME.results(state)] == [(0, 1, 10), (1, 2, 0)]


def test_player_who_cannot_stake_ends_the_game() -> None:
    # 40 tokens each, 25 after the stakes. Seat 1 pays QH + JH = 20 in full (5 left, seat 0 45): the next deal
    # needs 15 from everyone, seat 1 has 5: the game ends before it, nobody stakes. 45 + 5 + 30 = 80.
    state, events = seat_1_owes_twenty(40)
    assert brief(events[1:]) == [
        ("payment", 1, {"to": 0, "tokens": 20, "owed": 20}),
        ("deal_end", None, {"deal": 1, "winner": 0}),
        ("game_end", None, {"reason": "cannot_stake", "seats": [1]}),
    ]
    assert state.tokens == [45, 5]
    assert state.boxes == [2, 4, 6, 8, 10]
    assert state.deal == 1
    assert GAME.is_over(state)
    assert GAME.legal_actions(state, 0) == []


def test_announce_claim_during_the_turn() -> None:
    state = fixed(2, [["6S", "7D", "8S", "JH"], ["9C", "2H"]], dealer=1, announce=True)
    play(state, 0, "6S")
    # 7D laid: nothing taken yet, the claim is pending; seat 0 still holds an 8 and may claim or go on.
    assert brief(play(state, 0, "7D")) == [("play", 0, {"card": "7D"})]
    assert GAME.public_view(state).table.pending_claims == ("7D",)
    assert [b.card for b in GAME.public_view(state).table.boxes if b.claimable] == ["7D"]
    assert GAME.legal_actions(state, 0) == [Action.of("play", card="8S"), Action.of("claim", card="7D")]
    # "Nain jaune qui prend": the 7D box (5 x 2 = 10) -> 105 + 10 = 115.
    assert brief(GAME.apply(state, 0, Action.of("claim", card="7D"), RNG)) == [
        ("take", 0, {"card": "7D", "tokens": 10}),
    ]
    assert state.tokens == [115, 105]
    assert state.boxes[4] == 0
    assert GAME.legal_actions(state, 0) == [Action.of("play", card="8S")]
    # Nothing pending any more: "sans 9" is automatic and seat 1 answers it.
    assert brief(play(state, 0, "8S")) == [("play", 0, {"card": "8S"}), ("sans", 0, {"rank": "9"})]
    assert GAME.to_act(state) == frozenset({1})


def test_announce_claim_when_the_turn_would_end() -> None:
    state = fixed(2, [["6S", "7D", "JH"], ["8C", "2H"]], dealer=1, announce=True)
    play(state, 0, "6S")
    # No 8: the turn would go to seat 1, so the engine waits for seat 0's claim or "sans 8".
    assert brief(play(state, 0, "7D")) == [("play", 0, {"card": "7D"})]
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.legal_actions(state, 0) == [Action.of("claim", card="7D"), Action.of("pass")]
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "JH")
    assert err.value.code == "must_claim_or_pass"
    assert brief(GAME.apply(state, 0, Action.of("claim", card="7D"), RNG)) == [
        ("take", 0, {"card": "7D", "tokens": 10}),
        ("sans", 0, {"rank": "8"}),
    ]
    assert state.tokens == [115, 105]
    assert GAME.to_act(state) == frozenset({1})


def test_announce_forgotten_claim_leaves_the_tokens() -> None:
    state = fixed(2, [["6S", "7D", "8S", "JH"], ["9C", "2H"]], dealer=1, announce=True)
    play(state, 0, "6S")
    play(state, 0, "7D")
    # Seat 0 goes on without claiming; at the end of its turn it must claim or pass.
    assert play(state, 0, "8S") == [Event("play", 0, {"card": "8S"})]
    assert GAME.legal_actions(state, 0) == [Action.of("claim", card="7D"), Action.of("pass")]
    assert brief(GAME.apply(state, 0, Action.of("pass"), RNG)) == [
        ("forfeit", 0, {"card": "7D"}),
        ("sans", 0, {"rank": "9"}),
    ]
    # The 10 tokens stay in the 7D box for a later deal.
    assert state.tokens == [105, 105]
    assert state.boxes == [2, 4, 6, 8, 10]
    assert GAME.public_view(state).table.pending_claims == ()
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, Action.of("claim", card="7D"), RNG)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Action.of("claim", card="7D"), RNG)
    assert err.value.code == "nothing_to_claim"


def test_announce_last_card_waits_for_the_claim() -> None:
    # Seat 0 goes out with 7D pending: the deal ends only after the claim (or pass). Grand opéra: one turn.
    # Claim: 105 + 10 = 115; seat 1 pays 2H = 2 -> 117; Grand opéra: the other boxes 2 + 4 + 6 + 8 = 20 -> 137.
    state = fixed(2, [["6S", "7D"], ["2H"]], dealer=1, announce=True, deals=1)
    play(state, 0, "6S")
    assert [e.kind for e in play(state, 0, "7D")] == ["play"]
    assert not GAME.is_over(state)
    events = GAME.apply(state, 0, Action.of("claim", card="7D"), RNG)
    assert [e.kind for e in events] == ["take", "payment", "grand_opera", "deal_end", "game_end"]
    assert events[2].data == {"tokens": 20}
    assert state.tokens == [137, 103]


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = fixed(2, [["4S", "5H", "5D", "9C"], ["6C", "KD"]], dealer=1)
    play(state, 0, "4S")
    before = copy.deepcopy(state)
    cases: list[tuple[int, Action, type[GameError], str]] = [
        (1, Action.of("play", card="6C"), NotYourTurn, "not_your_turn"),
        (0, Action.of("play", card="9C"), IllegalAction, "wrong_rank"),
        (0, Action.of("play", card="5S"), IllegalAction, "card_not_in_hand"),
        (0, Action.of("play", card="6C"), IllegalAction, "card_not_in_hand"),
        (0, Action.of("play", card="1X"), IllegalAction, "bad_card"),
        (0, Action.of("play"), IllegalAction, "bad_card"),
        (0, Action.of("claim", card="10D"), IllegalAction, "nothing_to_claim"),
        (0, Action.of("pass"), IllegalAction, "cannot_pass"),
        (0, Action.of("draw"), IllegalAction, "unknown_action"),
        (5, Action.of("play", card="5H"), NotYourTurn, "not_your_turn"),
    ]
    for seat, action, error, code in cases:
        with pytest.raises(error) as err:
            GAME.apply(state, seat, action, RNG)
        assert err.value.code == code
        assert state == before
    # Either 5 may be laid (suits do not matter).
    assert GAME.legal_actions(state, 0) == [Action.of("play", card="5H"), Action.of("play", card="5D")]
    assert GAME.legal_actions(state, 1) == []


def _codes(value: object, skip_boxes: bool = True) -> set[str]:
    """Every card code in a view, the box labels apart."""
    found: set[str] = set()
    if isinstance(value, str) and value in DECK:
        found.add(value)
    elif isinstance(value, BoxView) and skip_boxes:
        pass
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            found |= _codes(getattr(value, item.name), skip_boxes)
    elif isinstance(value, Mapping):
        for v in value.values():
            found |= _codes(v, skip_boxes)
    elif isinstance(value, tuple | list | frozenset):
        for v in value:
            found |= _codes(v, skip_boxes)
    return found


def test_public_view_has_no_hand_and_view_has_own_hand() -> None:
    state = fixed(2, [["10S", "2H", "2S", "AC", "KD", "QS"], ["3C", "7D", "JC"]], dealer=1)
    play(state, 0, "AC")
    play(state, 0, "2S")
    public = GAME.public_view(state)
    assert _codes(public) == {"AC", "2S"}
    assert [b.card for b in public.table.boxes] == list(BOARD)
    assert [(p.seat, p.tokens, p.cards) for p in public.table.players] == [(0, 105, 4), (1, 105, 3)]
    assert public.table.talon == 52 - 9
    mine = GAME.view(state, 0)
    assert mine.seat == 0
    assert mine.own.hand == ("2H", "10S", "QS", "KD")
    assert _codes(mine.table) | _codes(mine.events) == {"AC", "2S"}
    assert GAME.view(state, 1).own.hand == ("3C", "7D", "JC")
    assert mine.table == public.table


def _against_everything(hand: list[str], **options: Any) -> NainJauneState:
    """Seat 0 holds ``hand``, seat 1 every other card, the talon is empty: nothing is left to chance."""
    return fixed(2, [hand, [c for c in DECK if c not in hand]], dealer=1, talon=[], **options)


def test_computer_player_starts_the_longest_run() -> None:
    # From 2H: 2, 3, 4 then seat 1 holds the 5 (three cards); 9S and QC give one card each.
    state = _against_everything(["9S", "2H", "3H", "4H", "QC"])
    assert PLAYER.act(state, 0, random.Random(0)) == Action.of("play", card="2H")


def test_computer_player_lays_the_board_card_of_the_wanted_rank() -> None:
    state = _against_everything(["6S", "7S", "7D", "9C"])
    play(state, 0, "6S")
    for seed in range(5):
        assert PLAYER.act(state, 0, random.Random(seed)) == Action.of("play", card="7D")


def test_computer_player_always_claims() -> None:
    state = _against_everything(["6S", "7D", "8S", "JH"], announce=True)
    play(state, 0, "6S")
    play(state, 0, "7D")
    assert PLAYER.act(state, 0, random.Random(0)) == Action.of("claim", card="7D")


def test_the_views_say_what_the_rules_allow() -> None:
    state = fixed(2, [["6S", "7D", "JH"], ["8C", "2H"]], dealer=1, announce=True)
    start = GAME.view(state, 0)
    assert (start.phase, start.table.new_sequence, start.table.awaiting_claims) == ("play", True, False)
    assert start.own.playable == ("6S", "7D", "JH") and start.own.my_turn
    assert [p.acting for p in start.table.players] == [True, False]
    assert [p.dealer for p in start.table.players] == [False, True]
    assert GAME.view(state, 1).own == NainJauneOwn(hand=("2H", "8C"), playable=(), my_turn=False, tokens=105)
    play(state, 0, "6S")
    play(state, 0, "7D")
    # No 8: seat 0 must claim the 7D box or pass before "sans 8"; no card may be laid meanwhile.
    waiting = GAME.view(state, 0)
    assert (waiting.phase, waiting.table.awaiting_claims, waiting.table.new_sequence) == ("claims", True, False)
    assert waiting.table.wanted == "8"
    assert waiting.own.playable == () and waiting.own.my_turn
    assert [(b.card, b.claimable, b.nain_jaune) for b in waiting.table.boxes if b.claimable] == [("7D", True, True)]
    assert GAME.scores(state) == (105, 105)
    # A board card in a hand is no secret: its code names a box on the table.
    assert GAME.secrets(state, 0) == frozenset({"JH"})
    assert GAME.secrets(state, 1) == frozenset({"8C", "2H"})


def test_the_end_of_the_game_in_the_views() -> None:
    state = fixed(2, [["AS", "2S"], ["3H"]], dealer=1, deals=1)
    play(state, 0, "AS")
    play(state, 0, "2S")
    public = GAME.public_view(state)
    assert (public.phase, public.over, public.to_act, public.table.end_reason) == ("over", True, frozenset(), "deals")
    assert public.table.current is None and not public.table.new_sequence
    assert not GAME.view(state, 0).own.my_turn
