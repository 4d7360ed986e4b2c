"""Neurotrio's words around its pictures, on a fixed deal worked out by hand from the rules.

Three players, Zoé, Hugo and Léa; the domain starts with heart · black · 1 (CN1) at (0, 0). Zoé lays heart · black · 2
right of it, Hugo heart · green · 1 under it: the domain's box is rows 0-1 and columns 0-1, so the picture names
its cells from A1 (the ring's top left) to D4, (0, 0) being B2. Léa is to play, holding CV2, EB2, RV1, EN2 and the
second CN2.
"""

from __future__ import annotations

import random

import pytest

from bot.games.base import Action
from bot.games.neurotrio import GAME
from bot.games.neurotrio import NeurotrioState
from bot.games.neurotrio import deal_fixed
from bot.games.neurotrio_views import Placement
from bot.registry import ALT_MAX
from bot.texts.neurotrio import TEXTS
from bot.texts.neurotrio import describe_cells
from bot.texts.neurotrio import fit
from tests.renders.test_neurotrio_render import LONG_NAMES
from tests.renders.test_neurotrio_render import played

NAMES = ["Zoé", "Hugo", "Léa"]
HANDS = [
    ["CN2", "EB3", "RV3", "EV1", "RN2"],
    ["CV1", "RB2", "EN3", "RN3", "EV3"],
    ["CV2", "EB2", "RV1", "EN2", "CN2"],
]


def building() -> NeurotrioState:
    """Léa to lay a card, a "Neuro !" call open after Hugo's card."""
    state = GAME.setup(3, {}, random.Random(0))
    deal_fixed(state, HANDS, hidden="RB3", first="CN1")
    GAME.apply(state, 0, Action.of("place", card="CN2", r=0, c=1), random.Random(1))
    GAME.apply(state, 1, Action.of("place", card="CV1", r=1, c=0), random.Random(2))
    return state


def after_an_auction() -> NeurotrioState:
    """Zoé called "Neuro !" and put base 7 on her heart · black · 2 with her nature carton; Hugo passed; Léa put
    base 3 on Hugo's heart · green · 1 with her 0 carton. Léa is to lay a card again."""
    state = building()
    GAME.apply(state, 0, Action.of("neuro"), random.Random(3))
    GAME.apply(state, 0, Action.of("bid", base=7, r=0, c=1, carton="nature"), random.Random(4))
    GAME.apply(state, 1, Action.of("nobid"), random.Random(5))
    GAME.apply(state, 2, Action.of("bid", base=3, r=1, c=0, carton="0"), random.Random(6))
    return state


def test_the_summary_says_whose_turn_the_players_and_the_limits() -> None:
    public = GAME.public_view(building())
    assert TEXTS.summary(public, NAMES, "fr") == [
        "À Léa de poser une carte ou de passer · « Neuro ! » possible",
        "Zoé 5 PV (4 cartes, 6 cartons) · Hugo 5 PV (4 cartes, 6 cartons) · Léa 5 PV (5 cartes, 6 cartons)",
        "-# Domaine : 6 lignes et 11 colonnes au plus · cartons de base restants : 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"
        " · fonds : N noir, V vert, B bleu",
    ]
    assert TEXTS.summary(public, NAMES, "en")[1:] == [
        "Zoé 5 VP (4 cards, 6 cartons) · Hugo 5 VP (4 cards, 6 cartons) · Léa 5 VP (5 cards, 6 cartons)",
        "-# Domain: at most 6 rows by 11 columns · base cartons left: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"
        " · backgrounds: K black, G green, B blue",
    ]


def test_the_summary_lists_the_bids_in_small_print() -> None:
    """Heart · black · 2 lies on (0, 1), cell C2; heart · green · 1 on (1, 0), cell B3."""
    public = GAME.public_view(after_an_auction())
    assert TEXTS.summary(public, NAMES, "fr") == [
        "À Léa de poser une carte ou de passer",
        "Zoé 5 PV (4 cartes, 5 cartons) · Hugo 5 PV (4 cartes, 6 cartons) · Léa 5 PV (5 cartes, 5 cartons)",
        "-# Mises : 7 de Zoé sur C2 · 3 de Léa sur B3",
        "-# Domaine : 6 lignes et 11 colonnes au plus · cartons de base restants : 1, 2, 4, 5, 6, 8, 9, 10"
        " · fonds : N noir, V vert, B bleu",
    ]
    assert TEXTS.summary(public, NAMES, "en")[2] == "-# Bids: 7 by Zoé on C2 · 3 by Léa on B3"


def test_the_table_picture_in_words() -> None:
    public = GAME.public_view(after_an_auction())
    assert TEXTS.describe_table(public, NAMES, "fr") == (
        "À Léa de jouer. Domaine de 3 cartes (étendue : 2 × 2), grille de A1 à D4."
        " Dernière pose, en surbrillance : B3, par Hugo. Disques des mises : C2, B3."
        " Ligne 2 : B cœur noir 1, C cœur noir 2. Ligne 3 : B cœur vert 1."
    )
    assert TEXTS.describe_table(public, NAMES, "en") == (
        "Léa to play. Domain of 3 cards (span: 2 × 2), grid from A1 to D4."
        " Last card laid, highlighted: B3, by Hugo. Bid discs: C2, B3."
        " Row 2: B black heart 1, C black heart 2. Row 3: B green heart 1."
    )


def test_the_hand_in_words_says_what_can_be_laid() -> None:
    """Léa's heart · black · 2, heart · green · 2, star · black · 2 and rose · green · 1 fit somewhere; her
    star · blue · 2 shares at most one attribute with each domain card. Both heart · black · 2 are seen (hers and
    Zoé's on the domain): the treasure is one of the other 26 types."""
    described = TEXTS.describe_hand(GAME.view(building(), 2), NAMES, "fr")
    assert described.startswith(
        "Votre main, 5 cartes : cœur · noir · 2 (jouable), cœur · vert · 2 (jouable), étoile · bleu · 2,"
        " étoile · noir · 2 (jouable), rose · vert · 1 (jouable)."
        " Carnet : le trésor peut encore être l'un de ces 26 types : cœur noir 1, cœur noir 3, cœur vert 1,"
    )
    assert "cœur noir 2," not in described
    assert described.endswith(" rose bleu 3. Vos cartons restants : 0 (bluff), 1, 2, nature, fond, force.")


def test_the_hand_in_words_tells_the_seats_own_bids() -> None:
    """Zoé waits (nothing said playable); her nature carton lies under base 7 on C2."""
    zoe = GAME.view(after_an_auction(), 0)
    assert TEXTS.describe_hand(zoe, NAMES, "en").startswith(
        "Your hand, 4 cards: star · blue · 3, star · green · 1, rose · black · 2, rose · green · 3. Notebook:"
    )
    assert TEXTS.describe_hand(zoe, NAMES, "fr").endswith(
        "Vos cartons restants : 0 (bluff), 1, 2, fond, force."
        " Vos mises : carton nature sous le carton de base 7 en C2 (cœur noir 2)."
    )
    assert "Vos mises" not in TEXTS.describe_hand(GAME.view(after_an_auction(), 1), NAMES, "fr")


def test_the_cells_of_a_card_in_words() -> None:
    """Heart · green · 2 fits under Zoé's card and right of Hugo's at (1, 1), C3, with two neighbours: +1 VP."""
    table = GAME.public_view(building()).table
    cells = [Placement("CV2", 1, 1, 1, 2), Placement("CV2", -1, 1, 0, 1)]
    assert describe_cells(table, "CV2", cells, "fr") == (
        "Le domaine, avec les cases où poser cœur · vert · 2 : C3 (+1 PV), C1."
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_description_stays_within_discords_limit(lang: str) -> None:
    """A whole domain of 52 cards with long names is cut at a word, "…" saying that some is left out."""
    assert fit("mot " * 400, 100).endswith("mot…")
    *_, last = played(8, 1)
    public = GAME.public_view(last)
    assert len(public.table.grid) == 52
    described = TEXTS.describe_table(public, LONG_NAMES, lang)
    assert len(described) <= ALT_MAX and described.endswith("…")
