"""Njet! in words: the table and hand pictures described for a screen reader, on fixed deals whose every sentence
is worked out by hand from the rules."""

from __future__ import annotations

import dataclasses

from bot.games.njet import GAME
from bot.games.njet import NjetState
from bot.registry import ALT_MAX
from bot.texts.njet import TEXTS
from tests.games.test_njet import act
from tests.games.test_njet import block
from tests.games.test_njet import decide
from tests.games.test_njet import fixed
from tests.games.test_njet import play

NAMES = ["Ana", "Ben", "Cléo", "Dan"]
HANDS = [
    ["R1", "R2", "R3", "R4", "R5", "K1", "K2", "K3", "K4", "K5"],
    ["R1", "R6", "R7", "R8", "R9", "K1", "K6", "K7", "K8", "K9"],
    ["B1", "B1", "B2", "B3", "B4", "B5", "G1", "G2", "G3", "G4"],
    ["B6", "B7", "B8", "B9", "G1", "G5", "G6", "G7", "G8", "G9"],
]
"""Ana holds the low reds and blacks, Ben the high ones; Cléo and Dan share blue and green, a green 1 each."""
CLEO_HAND = "1 bleu, 1 bleu, 2 bleu, 3 bleu, 4 bleu, 5 bleu, 1 vert{s}, 2 vert, 3 vert, 4 vert"


def njet_phase() -> NjetState:
    """Dan deals, so Ana blocks first: she says Njet to black trumps, then Ben to Cléo starting."""
    state = fixed(4, HANDS, dealer=3)
    block(state, [("trump", "K"), ("start", "2")])
    return state


def tricks_phase() -> NjetState:
    """Ana starts with Cléo as partner, trumps red, super-trump green (the two green 1s), no discard, 2 points a
    trick; Ana leads the 5 of red and Ben covers it with the 9."""
    state = fixed(4, HANDS, dealer=3)
    decide(state, start=0, trump="R", super="G", discard="0", points=2)
    act(state, 0, "partner", seat=2)
    play(state, 0, "R5")
    play(state, 1, "R9")
    return state


def test_the_board_in_words() -> None:
    state = njet_phase()
    assert TEXTS.describe_table(GAME.public_view(state), NAMES, "fr") == (
        "Njet!, manche 1 sur 8, donneur : Dan. Phase Njet : à Cléo de poser une pierre, 13 pierres restantes. "
        "Premier joueur : Ana, Ben, Dan ; Njet ! sur Cléo (Ben). Défausse : 2 cartes, 1 carte, aucune. "
        "Atout : rouge, bleu, vert ; Njet ! sur noir (Ana). Super-atout : rouge, noir, bleu, vert, aucun. "
        "Points par pli : 1, 2, 3, 4. "
        "Ana (Ours) : 10 cartes, 0 point. Ben (Loup) : 10 cartes, 0 point. Cléo (Faucon) : 10 cartes, 0 point. "
        "Dan (Colombe) : 10 cartes, 0 point."
    )
    assert TEXTS.describe_hand(GAME.view(state, 2), NAMES, "fr") == (
        f"Votre main (Faucon) : {CLEO_HAND.format(s='')}. À vous de poser une pierre sur le plateau."
    )
    assert TEXTS.describe_hand(GAME.view(state, 3), NAMES, "en").endswith("green 8, green 9.")


def test_a_trick_in_words() -> None:
    """Cléo cannot follow red and must trump: her only trump is the green 1, a super-trump."""
    state = tricks_phase()
    assert TEXTS.describe_table(GAME.public_view(state), NAMES, "fr") == (
        "Njet!, manche 1 sur 8, donneur : Dan. "
        "Règles : Ana entame, pas de défausse, atout rouge, super-atout vert, 2 points par pli. "
        "Équipe Ana et Cléo : 0 pli, 0 carte « 1 », soit 0 point chacun. "
        "Équipe Ben et Dan : 0 pli, 0 carte « 1 », soit 0 point chacun. "
        "Pli en cours : Ana : 5 rouge, Ben : 9 rouge, maître. À Cléo de jouer. "
        "Ana (Ours) : 9 cartes, 0 point. Ben (Loup) : 9 cartes, 0 point. Cléo (Faucon) : 10 cartes, 0 point. "
        "Dan (Colombe) : 10 cartes, 0 point."
    )
    assert TEXTS.describe_hand(GAME.view(state, 2), NAMES, "fr") == (
        f"Votre main (Faucon) : {CLEO_HAND.format(s=' (super-atout)')}. Jouables maintenant : 1 vert (super-atout)."
    )
    assert TEXTS.describe_hand(GAME.view(state, 2), NAMES, "en") == (
        "Your hand (Hawk): blue 1, blue 1, blue 2, blue 3, blue 4, blue 5, green 1 (super-trump), green 2, green 3, "
        "green 4. Playable now: green 1 (super-trump)."
    )
    assert TEXTS.describe_hand(GAME.view(state, 3), NAMES, "fr").endswith(
        "9 vert. Aucune carte à jouer avant votre tour."
    )


def test_the_last_trick_and_the_teams_tally_in_words() -> None:
    """Both green 1s fall on the trick: the last played (Dan's) takes it, with two 1s: (1 trick + 2 ones) x 2
    points = 6 points each for Ben and Dan."""
    state = tricks_phase()
    play(state, 2, "G1")
    play(state, 3, "G1")
    text = TEXTS.describe_table(GAME.public_view(state), NAMES, "en")
    assert "Team Ben and Dan: 1 trick, 2 “1” cards, so 6 points each." in text
    assert "Team Ana and Cléo: 0 tricks, 0 “1” cards, so 0 points each." in text
    assert (
        "Dan to play. Last trick, won by Dan: Ana: red 5, Ben: red 9, Cléo: green 1 (super-trump), "
        "Dan: green 1 (super-trump), winning. Ana (Bear): 9 cards" in text
    )
    assert "Trick in play" not in text


def test_the_end_ranks_the_players() -> None:
    public = GAME.public_view(tricks_phase())
    players = tuple(
        dataclasses.replace(p, score=score, rank=rank)
        for p, score, rank in zip(public.table.players, (40, 52, 40, 12), (2, 1, 2, 4), strict=True)
    )
    over = dataclasses.replace(
        public, phase="over", over=True, table=dataclasses.replace(public.table, players=players)
    )
    assert TEXTS.describe_table(over, NAMES, "fr") == (
        "Njet!, manche 1 sur 8, donneur : Dan. Partie terminée. "
        "Classement : 1. Ben, 52 points, 2. Ana, 40 points, 2. Cléo, 40 points, 4. Dan, 12 points."
    )


def test_a_description_is_cut_to_what_discord_keeps() -> None:
    state = njet_phase()
    names = [f"{name} " * 60 for name in NAMES]
    text = TEXTS.describe_table(GAME.public_view(state), names, "fr")
    assert ALT_MAX - 80 < len(text) <= ALT_MAX
    assert text.endswith("…") and text.startswith("Njet!, manche 1 sur 8")


def test_the_summary_says_the_rules_and_the_teams_tally() -> None:
    """The rules show in the words from the partner's choice on; the teams' tally once the tricks are played (the
    table picture leaves both to the words). Dan's trick with the two green 1s: (1 + 2) x 2 = 6 points."""
    state = fixed(4, HANDS, dealer=3)
    decide(state, start=0, trump="R", super="G", discard="1", points=2)
    rules = "Ana entame, défausse de 1 carte, atout rouge, super-atout vert, 2 points par pli"
    assert TEXTS.summary(GAME.public_view(state), NAMES, "fr") == [
        "Manche 1/8 · donneur : Dan",
        f"Règles : {rules}",
        "Ana choisit son partenaire",
    ]
    act(state, 0, "partner", seat=2)
    assert TEXTS.summary(GAME.public_view(state), NAMES, "fr")[1:] == [
        f"Règles : {rules}",
        "Défausse secrète : on attend Ana, Ben, Cléo, Dan",
    ]
    state = tricks_phase()
    play(state, 2, "G1")
    play(state, 3, "G1")
    assert TEXTS.summary(GAME.public_view(state), NAMES, "en") == [
        "Round 1/8 · dealer: Dan",
        "Ana leads, no discard, trump red, super-trump green, 2 points per trick · Dan to play",
        "Team A (Ana, Cléo): 0 tricks, 0 “1” cards, so 0 points · Team B (Ben, Dan): 1 trick, 2 “1” cards, so 6 points",
    ]
