"""A Nain Jaune player's panel on their turn: every card of the hand is either a button or dimmed in the picture.

The buttons are the seat's legal moves; the hand picture rings the cards its view calls playable and dims the
others (``tests/renders/test_nain_jaune_render.py`` checks the pixels). So the legal card moves must be exactly
those cards, each button named as the picture prints the card (V, D, R in French), and a hand of up to twenty
moves is buttons, a larger one a menu (``cogs.components.BUTTONS_MAX``).
"""

from __future__ import annotations

import itertools

import pytest

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.nain_jaune import GAME
from bot.players.nain_jaune import PLAYER
from bot.texts.nain_jaune import TEXTS
from cogs.components import BUTTONS_MAX
from renders import kit
from tests.renders import support

NAMES = ["Ana", "Bruno", "Chloé", "Driss", "Éva", "Farid", "Gaëlle", "Hugo"]


@pytest.mark.parametrize(("players", "announce"), [(2, False), (3, True), (8, False)])
def test_the_buttons_are_the_cards_the_picture_rings(players: int, announce: bool) -> None:
    options = {"deals": 2, "announce": announce}
    buttons_seen, menus_seen = 0, 0
    for state in support.seeded_game(GAME, PLAYER, players, options, seed=players, bot_share=0.5):
        for seat in GAME.to_act(state):
            view = GAME.view(state, seat)
            assert view.own.my_turn
            played = [a.text("card") for a in view.legal if a.kind == "play"]
            assert sorted(played) == sorted(view.own.playable)
            assert set(played) <= set(view.own.hand)
            for action in view.legal:
                assert len(TEXTS.action_label(action, view, "fr", NAMES)) <= 80
            buttons_seen += len(view.legal) <= BUTTONS_MAX
            menus_seen += len(view.legal) > BUTTONS_MAX
    assert buttons_seen > 10
    if players == 2:
        assert menus_seen, "a new sequence with 22 cards in hand is a menu"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_button_names_a_card_as_the_picture_prints_it(lang: str) -> None:
    """Nain Jaune's cards are all different (one pack): one button a card, labelled with the corner of its face."""
    state = GAME.setup(2, {}, action_rng(0, 0))
    view = GAME.view(state, 0)
    for rank, suit in itertools.product(kit.RANKS, kit.SUITS):
        label = TEXTS.action_label(Action.of("play", card=rank + suit), view, lang, NAMES)
        assert label == kit.rank_label(rank, lang) + kit.SUIT_SYMBOLS[suit]
