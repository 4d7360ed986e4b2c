"""The end of a Nain Jaune deal as the referee tells it: who paid whom and how much, a Grand opéra, the boxes
doubled. Fixed deals, every figure worked out by hand from the rules (/work/shared/rules/nain-jaune.md)."""

from __future__ import annotations

import random

from bot.games.base import Action
from bot.games.base import Event
from bot.games.nain_jaune import GAME
from bot.games.nain_jaune import NainJauneState
from bot.games.nain_jaune import deal_fixed
from bot.texts.nain_jaune import TEXTS

NAMES = ["Alice", "Bob", "Chloé"]


def plays(state: NainJauneState, moves: list[tuple[int, str]]) -> list[Event]:
    events: list[Event] = []
    for seat, card in moves:
        events += GAME.apply(state, seat, Action.of("play", card=card), random.Random(1))
    return events


def short_of_tokens() -> list[Event]:
    """Three players with 40 tokens, so 25 each once deal 1 is staked; the boxes hold 3, 6, 9, 12 and 15.

    Alice (seat 0, after the dealer) lays A, 2; "sans 3": Bob lays his 3; "sans 4": Chloé has none, Alice lays her
    4 and is out. Bob owes his K♥ (10) and pays it all (15 left); Chloé owes Q♠ 10 + 5 + 9 = 24 and pays it all (1
    left). Then the doublings, seat by seat from Bob: Bob's K♥ box holds 12 (3 left); Chloé's Q♠ box holds 9 and
    she has 1 token: she cannot pay in full, and the game ends after this deal.
    """
    state = GAME.setup(3, {"tokens": 40}, random.Random(0))
    deal_fixed(state, [["AS", "2H", "4C"], ["3D", "KH"], ["QS", "5H", "9C"]], dealer=2)
    events = plays(state, [(0, "AS"), (0, "2H"), (1, "3D"), (0, "4C")])
    assert state.tokens == [25 + 10 + 24, 25 - 10 - 12, 25 - 24 - 1]
    return events


def grand_opera() -> list[Event]:
    """Two players with 120 tokens (105 once staked); the boxes hold 2, 4, 6, 8 and 10 (30 in all).

    Alice lays A, 2, 3 of spades in one turn, her whole hand: Bob pays his Q♠ 10 + 5 = 15, and Alice sweeps the
    board (30); Bob's Q♠ would double an empty box: nothing. Deal 2 follows, dealt by Alice (she laid first).
    """
    state = GAME.setup(2, {}, random.Random(0))
    deal_fixed(state, [["AS", "2S", "3S"], ["QS", "5H"]], dealer=1)
    events = plays(state, [(0, "AS"), (0, "2S"), (0, "3S")])
    assert state.tokens == [105 + 15 + 30 - 15, 105 - 15 - 15]  # then each stakes 15 for deal 2
    return events


def test_a_deal_that_ends_the_game_says_who_paid_whom_and_the_doublings_in_french() -> None:
    assert TEXTS.milestones(short_of_tokens(), NAMES, "fr") == [
        "\n".join(
            [
                "**Fin de la donne 1 : Alice n'a plus de cartes**",
                "• Bob paie 10 jetons à Alice",
                "• Chloé paie 24 jetons à Alice",
                "• Bob double la mise du roi de cœur : 12 jetons",
                "• Chloé ne peut doubler la mise de la dame de pique qu'avec 1 jeton sur 9",
                "*Un joueur ne peut plus payer : la partie s'arrête.*",
            ]
        )
    ]


def test_the_same_deal_in_english() -> None:
    (text,) = TEXTS.milestones(short_of_tokens(), NAMES, "en")
    assert text.splitlines()[1:5] == [
        "• Bob pays 10 tokens to Alice",
        "• Chloé pays 24 tokens to Alice",
        "• Bob doubles the stake of the king of hearts: 12 tokens",
        "• Chloé can only double the stake of the queen of spades with 1 token of 9",
    ]


def test_a_grand_opera_then_the_next_deal() -> None:
    (text,) = TEXTS.milestones(grand_opera(), NAMES[:2], "fr")
    lines = text.splitlines()
    assert lines[0] == "**Fin de la donne 1 : Alice n'a plus de cartes**"
    assert lines[1] == "• Bob paie 15 jetons à Alice"
    assert lines[2].startswith("🎭 **Grand opéra !") and "+30 jetons" in lines[2]
    assert lines[3] == "🃏 **Donne 2 : Alice distribue**"
    assert len(lines) == 4  # no doubling: the Grand opéra emptied the boxes


def test_a_payment_short_of_tokens_says_what_was_owed() -> None:
    event = Event("payment", 2, {"to": 0, "tokens": 3, "owed": 7})
    end = Event("deal_end", None, {"deal": 4, "winner": 0})
    (text,) = TEXTS.milestones([event, end], NAMES, "fr")
    assert text.splitlines()[1] == "• Chloé ne peut payer que 3 jetons sur 7 à Alice"
