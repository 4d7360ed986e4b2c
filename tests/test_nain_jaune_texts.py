"""Nain Jaune in words, on hand-built tables: the summary carries the players' counts the picture no longer shows,
and the pictures' descriptions (alt texts) say what they show, in French and English, within Discord's limit.

Every expected text is written out by hand from the table below: three players (Ana dealt, Bruno must lay a seven
after the 4♣ 5♥ 6♠ Ana laid), the five boxes holding 3, 6, 9, 12 and 15 tokens.
"""

from __future__ import annotations

import dataclasses

from bot.games.base import Action
from bot.games.nain_jaune_views import BoxView
from bot.games.nain_jaune_views import NainJauneOwn
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.games.nain_jaune_views import NainJauneTable
from bot.games.nain_jaune_views import NainJauneTableView
from bot.games.nain_jaune_views import PlayerView
from bot.registry import ALT_MAX
from bot.texts.nain_jaune import TEXTS
from bot.texts.nain_jaune import fit_alt

NAMES = ["Ana", "Bruno", "Chloé"]
BOXES = (
    BoxView("10D", 1, 3, False, False),
    BoxView("JC", 2, 6, False, False),
    BoxView("QS", 3, 9, False, False),
    BoxView("KH", 4, 12, False, False),
    BoxView("7D", 5, 15, False, True),
)
TABLE = NainJauneTable(
    deal=2,
    deals=5,
    dealer=0,
    current=1,
    boxes=BOXES,
    players=(
        PlayerView(0, tokens=100, cards=5, dealer=True, acting=False),
        PlayerView(1, tokens=90, cards=4, dealer=False, acting=True),
        PlayerView(2, tokens=120, cards=1, dealer=False, acting=False),
    ),
    sequence=("4C", "5H", "6S"),
    last_card="6S",
    last_seat=0,
    wanted="7",
    sans=None,
    new_sequence=False,
    talon=7,
    laid=("4C", "5H", "6S"),
    pending_claims=(),
    awaiting_claims=False,
    announce=False,
    over=False,
    end_reason=None,
)
ENVELOPE = {
    "game": "nain_jaune",
    "phase": "play",
    "to_act": frozenset({1}),
    "may_interrupt": frozenset(),
    "scores": (100, 90, 120),
    "events": (),
    "version": 12,
}


def public(table: NainJauneTable = TABLE) -> NainJauneTableView:
    return NainJauneTableView(**ENVELOPE, over=table.over, table=table)


def seat(
    seat: int, hand: tuple[str, ...], playable: tuple[str, ...], table: NainJauneTable = TABLE
) -> NainJauneSeatView:
    my_turn = table.current == seat and not table.over
    own = NainJauneOwn(hand=hand, playable=playable, my_turn=my_turn, tokens=table.players[seat].tokens)
    legal = tuple(Action.of("play", card=code) for code in playable) if my_turn else ()
    return NainJauneSeatView(**ENVELOPE, over=table.over, seat=seat, table=table, own=own, legal=legal)


def test_the_summary_lists_every_player_with_cards_and_tokens() -> None:
    assert TEXTS.summary(public(), NAMES, "fr") == [
        "Donne 2/5 · donneur : Ana · talon : 7 cartes",
        "Dernière carte 6♠ · on attend un sept · à Bruno de jouer",
        "Ana : 5 cartes · 100 jetons",
        "▶ **Bruno** : 4 cartes · 90 jetons",
        "Chloé : 1 carte · 120 jetons",
    ]
    assert TEXTS.summary(public(), NAMES, "en") == [
        "Deal 2/5 · dealer: Ana · talon: 7 cards",
        "Last card 6♠ · wanted: a seven · Bruno to play",
        "Ana: 5 cards · 100 tokens",
        "▶ **Bruno**: 4 cards · 90 tokens",
        "Chloé: 1 card · 120 tokens",
    ]


def test_the_summary_of_an_ended_game_is_two_lines() -> None:
    over = dataclasses.replace(TABLE, current=None, over=True, end_reason="deals")
    assert TEXTS.summary(public(over), NAMES, "fr") == [
        "Donne 2/5 · donneur : Ana · talon : 7 cartes",
        "Partie terminée.",
    ]


def test_the_table_described_box_by_box_then_the_sequence() -> None:
    assert TEXTS.describe_table(public(), NAMES, "fr") == (
        "Plateau : dix de carreau (3 jetons), valet de trèfle (6 jetons), Nain jaune, sept de carreau (15 jetons), "
        "dame de pique (9 jetons), roi de cœur (12 jetons). "
        "Suite en cours : quatre de trèfle, cinq de cœur, six de pique. On attend un sept, à Bruno de jouer."
    )
    assert TEXTS.describe_table(public(), NAMES, "en") == (
        "Board: ten of diamonds (3 tokens), jack of clubs (6 tokens), Nain jaune, seven of diamonds (15 tokens), "
        "queen of spades (9 tokens), king of hearts (12 tokens). "
        "Sequence so far: four of clubs, five of hearts, six of spades. Wanted: a seven, Bruno to play."
    )


def test_a_claim_a_sans_and_an_empty_sequence_in_words() -> None:
    claim = dataclasses.replace(
        TABLE,
        boxes=(dataclasses.replace(BOXES[0], claimable=True), *BOXES[1:]),
        sequence=(),
        last_card=None,
        current=2,
        sans="7",
    )
    assert TEXTS.describe_table(public(claim), NAMES, "fr") == (
        "Plateau : dix de carreau (3 jetons), valet de trèfle (6 jetons), Nain jaune, sept de carreau (15 jetons), "
        "dame de pique (9 jetons), roi de cœur (12 jetons). "
        "En attente du « qui prend » : la case du dix de carreau. Aucune carte posée. "
        "Annonce « sans sept » : à Chloé de jouer."
    )


def test_the_hand_described_with_what_is_playable_now() -> None:
    mine = seat(1, ("7D", "7S", "9H", "KC"), ("7D", "7S"))
    assert TEXTS.describe_hand(mine, NAMES, "fr") == (
        "Votre main, 4 cartes : sept de carreau, sept de pique, neuf de cœur, roi de trèfle. "
        "Jouable maintenant : sept de carreau, sept de pique."
    )
    assert TEXTS.describe_hand(mine, NAMES, "en") == (
        "Your hand, 4 cards: seven of diamonds, seven of spades, nine of hearts, king of clubs. "
        "Playable now: seven of diamonds, seven of spades."
    )
    waiting = seat(0, ("2C",), ())
    assert TEXTS.describe_hand(waiting, NAMES, "fr") == (
        "Votre main, 1 carte : deux de trèfle. Aucune carte jouable maintenant : à Bruno de jouer."
    )
    opening = seat(1, ("AH", "KC"), ("AH", "KC"), dataclasses.replace(TABLE, wanted=None, new_sequence=True))
    assert (
        TEXTS.describe_hand(opening, NAMES, "en")
        == "Your hand, 2 cards: ace of hearts, king of clubs. All playable now."
    )
    assert TEXTS.describe_hand(seat(1, (), ()), NAMES, "en") == "Your hand is empty."


def test_the_largest_hand_fits_and_a_longer_text_is_cut_at_a_word() -> None:
    """Twenty-two cards, every one playable (two players, a new sequence): the description stays whole."""
    hand = ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS")
    hand += ("AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D")
    opening = seat(1, hand, hand, dataclasses.replace(TABLE, wanted=None, new_sequence=True))
    for lang in ("fr", "en"):
        text = TEXTS.describe_hand(opening, NAMES, lang)
        assert len(text) <= ALT_MAX and text.endswith(".") and "…" not in text
    long = "mot " * 400
    cut = fit_alt(long)
    assert len(cut) <= ALT_MAX and cut.endswith("mot…")
    assert fit_alt("court") == "court"
