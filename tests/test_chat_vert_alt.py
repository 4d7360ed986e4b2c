"""Le Chat vert in words where the pictures are: the table message's lines and the two pictures' descriptions.

Built from fixed deals whose expected words follow from the rules by hand: the hand is sorted yellow, red, blue,
green, then the majors (each colour 0-9, skip, reverse, +2); a card matches the top card's colour or symbol; play
order runs from the seat to play in the chosen direction.
"""

from __future__ import annotations

import random
import re

import pytest

from bot.games.base import Action
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.engine import deal_fixed
from bot.registry import ALT_MAX
from bot.texts.chat_vert import TEXTS
from bot.texts.chat_vert import hand_slots
from bot.texts.chat_vert import playing_order

NAMES = ["Zoé", "Hugo", "Léa", "Max"]


def _state() -> ChatVertState:
    """Four seats, Hugo dealt, Léa to play counterclockwise on a red 5 with two cards left in the draw pile."""
    state = GAME.setup(4, {"timer": 0}, random.Random(0))
    hands = [["W", "R7", "B2", "R7"], ["B1", "B3"], ["Y1", "Y5"], ["G1", "G2", "G3"]]
    return deal_fixed(state, hands, top="R5", stock=["Y9", "Y8"], turn=2, dir=-1, dealer=1)


def test_equal_cards_share_one_number() -> None:
    assert hand_slots(("R7", "R7", "B2", "W", "W", "W")) == [("R7", 2), ("B2", 1), ("W", 3)]
    assert hand_slots(()) == []


def test_the_playing_order_starts_with_the_seat_to_play() -> None:
    table = GAME.public_view(_state()).table
    assert playing_order(table) == [2, 1, 0, 3]


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "fr",
            [
                "Sur la pile : 5 rouge · couleur rouge · sens ↺ · pioche : 2",
                "À Léa de jouer",
                "-# Cartes en main, dans l'ordre du jeu : Léa 2 · Hugo 2 · Zoé 4 · Max 3",
            ],
        ),
        (
            "en",
            [
                "On the pile: red 5 · colour red · direction ↺ · draw pile: 2",
                "Léa to play",
                "-# Cards in hand, in playing order: Léa 2 · Hugo 2 · Zoé 4 · Max 3",
            ],
        ),
    ],
)
def test_the_summary_counts_every_hand_in_playing_order(lang: str, lines: list[str]) -> None:
    assert TEXTS.summary(GAME.public_view(_state()), NAMES, lang) == lines


@pytest.mark.parametrize(
    ("card", "second", "order"),
    [
        ("RD", "À Hugo de jouer · 2 cartes à piocher", "Hugo 2 · Zoé 4 · Max 3 · Léa 2"),
        ("RS", "À Zoé de jouer · Hugo passe son tour", "Zoé 4 · Max 3 · Léa 2 · Hugo 2"),
    ],
)
def test_a_penalty_and_a_skip_are_said(card: str, second: str, order: str) -> None:
    """Léa plays a red +2 (Hugo, next counterclockwise, must draw 2) or a red skip (Hugo is passed over)."""
    state = GAME.setup(4, {"timer": 0}, random.Random(0))
    hands = [["W", "R7", "B2", "R7"], ["B1", "B3"], ["Y1", "RD", "RS"], ["G1", "G2", "G3"]]
    deal_fixed(state, hands, top="R5", stock=["Y9", "Y8", "Y7"], turn=2, dir=-1, dealer=1)
    GAME.apply(state, 2, Action.of("play", card=card, n=1, colour=None), random.Random(0))
    lines = TEXTS.summary(GAME.public_view(state), NAMES, "fr")
    assert lines[1:] == [second, f"-# Cartes en main, dans l'ordre du jeu : {order}"]


def test_the_table_described_in_french() -> None:
    described = TEXTS.describe_table(GAME.public_view(_state()), NAMES, "fr")
    assert described == (
        "À Léa de jouer. Sur la pile : 5 rouge. Le jeu tourne dans le sens antihoraire. Pioche : 2 cartes. "
        "Cartes en main, dans l'ordre du jeu : Léa : 2 cartes, Hugo : 2 cartes, Zoé : 4 cartes, Max : 3 cartes. "
        "Donneur : Hugo."
    )


def test_the_table_described_in_english_after_a_wild() -> None:
    """Léa holds no wild: Zoé (seat 0) plays hers on her turn, calling blue; play then goes to Max (seat 3)."""
    state = _state()
    state.turn = 0
    GAME.apply(state, 0, Action.of("play", card="W", n=1, colour="B"), random.Random(0))
    described = TEXTS.describe_table(GAME.public_view(state), NAMES, "en")
    assert described.startswith("Max to play. On the pile: Wild, colour called: blue. Play goes counterclockwise. ")
    assert "Cards in hand, in playing order: Max: 3 cards, Léa: 2 cards, Hugo: 2 cards, Zoé: 3 cards." in described


@pytest.mark.parametrize(
    ("seat", "lang", "words"),
    [
        (0, "fr", "Votre main, 4 cartes : 1. 7 rouge (2 exemplaires), 2. 2 bleu, 3. Changement de couleur."),
        (2, "fr", "Votre main, 2 cartes : 1. 1 jaune, 2. 5 jaune (jouable)."),
        (2, "en", "Your hand, 2 cards: 1. yellow 1, 2. yellow 5 (playable)."),
        (1, "en", "Your hand, 2 cards: 1. blue 1, 2. blue 3."),
    ],
)
def test_the_hand_described_with_its_numbers_and_playable_cards(seat: int, lang: str, words: str) -> None:
    assert TEXTS.describe_hand(GAME.view(_state(), seat), NAMES, lang) == words


def test_a_hand_with_nothing_to_play_says_so() -> None:
    """Hugo to play on a red 5 with a blue 1 and a blue 3: nothing matches."""
    state = _state()
    state.turn = 1
    words = TEXTS.describe_hand(GAME.view(state, 1), NAMES, "fr")
    assert words == "Votre main, 2 cartes : 1. 1 bleu, 2. 3 bleu. Aucune carte jouable selon les règles de base."


def test_a_long_hand_is_cut_with_a_count_of_what_is_left_out() -> None:
    """Both copies of every coloured card but the red 5 on the pile (103 cards, 52 numbers) cannot all be named in
    1024 characters: the numbers left out are counted at the end."""
    state = GAME.setup(2, {"timer": 0}, random.Random(0))
    every = [c + s for c in "YRBG" for s in "0123456789SRD" for _ in range(2)]
    every.remove("R5")
    deal_fixed(state, [every, ["W"]], top="R5", stock=[], turn=1)
    words = TEXTS.describe_hand(GAME.view(state, 0), NAMES, "fr")
    assert len(words) <= ALT_MAX
    assert words.startswith("Votre main, 103 cartes : 1. 0 jaune (2 exemplaires), 2. 1 jaune (2 exemplaires),")
    named = int(re.findall(r"(\d+)\. ", words)[-1])
    assert 10 < named < 52 and words.endswith(f" et {52 - named} autres.")
