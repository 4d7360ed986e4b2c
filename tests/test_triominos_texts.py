"""Triominos in words: the summary under the table, the pictures described for a screen reader, and the letters
that name the spots where a tile fits. Every expected text is worked out by hand from the rules and the fixed
rounds below."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.games.triominos import GAME
from bot.games.triominos import TriominosState
from bot.games.triominos import fixed_round
from bot.games.triominos_views import Placement
from bot.games.triominos_views import StartDraw
from bot.games.triominos_views import TileFace
from bot.registry import ALT_MAX
from bot.texts.triominos import TEXTS
from bot.texts.triominos import ranked
from bot.texts.triominos import space_letters
from bot.texts.triominos import tile_letters

NAMES = ["Zoé", "Hugo", "Léa"]


def laid_by_hugo() -> TriominosState:
    """Three players, round 1 of 2, target 400: 0-0-0 alone on the table, Hugo (seat 1) to play. His 0-0-2 fits on
    each of the three sides of 0-0-0 (two zeros on the shared side) for its value, 2 points; he lays it. Léa's
    4-4-4 and 3-4-5 then match nothing (the table shows only 0s and a 2). Two tiles stay in the pool."""
    state = GAME.setup(3, {"rounds": 2}, random.Random(0))
    hands = [["0-0-1", "1-2-3", "5-5-5"], ["0-0-2", "3-3-3"], ["4-4-4", "3-4-5"]]
    fixed_round(state, hands=hands, pool=["2-2-2", "1-1-1"], board=[(0, 0, [0, 0, 0])], current=1)
    hugo = GAME.view(state, 1)
    assert {(p.tile, p.r, p.c, p.points) for p in hugo.own.placements} == {
        ("0-0-2", 0, -1, 2),
        ("0-0-2", 0, 1, 2),
        ("0-0-2", 1, 0, 2),
    }
    GAME.apply(state, 1, hugo.own.placements[0].action, random.Random(0))
    return state


def test_the_summary_carries_the_round_the_turn_and_every_player() -> None:
    public = GAME.public_view(laid_by_hugo())
    assert TEXTS.summary(public, NAMES, "fr") == [
        "Manche 1/2 · objectif 400 · pioche : 2 tuiles",
        "À Léa de jouer",
        "Zoé : 0 point · 3 tuiles en main",
        "Hugo : 2 points · 1 tuile en main",
        "▶ **Léa** : 0 point · 2 tuiles en main",
    ]
    assert TEXTS.summary(public, NAMES, "en") == [
        "Round 1/2 · target 400 · pool: 2 tiles",
        "Léa to play",
        "Zoé: 0 points · 3 tiles in hand",
        "Hugo: 2 points · 1 tile in hand",
        "▶ **Léa**: 0 points · 2 tiles in hand",
    ]


def test_the_summary_names_the_rules_in_force_and_the_final_scores() -> None:
    public = GAME.public_view(laid_by_hugo())
    table = dataclasses.replace(public.table, rounds=0, kids_scoring=True, classic_start=True)
    first = TEXTS.summary(dataclasses.replace(public, table=table), NAMES, "fr")[0]
    assert first == "Manche 1 · objectif 400 · pioche : 2 tuiles · Score enfants · Départ classique"
    players = (
        dataclasses.replace(public.table.players[0], score=150, rank=2),
        dataclasses.replace(public.table.players[1], score=210, rank=1),
        dataclasses.replace(public.table.players[2], score=150, rank=2),
    )
    over = dataclasses.replace(public, over=True, table=dataclasses.replace(public.table, players=players, over=True))
    assert TEXTS.summary(over, NAMES, "en") == [
        "Round 1/2 · target 400 · pool: 2 tiles",
        "Game over: 1. Hugo (210 points), 2. Zoé (150 points), 2. Léa (150 points)",
    ]


def test_a_negative_score_takes_the_plural_of_its_size() -> None:
    """Three draws cost 15 points: "-15 points", not "-15 point" (French singular goes up to 1)."""
    public = GAME.public_view(laid_by_hugo())
    players = (dataclasses.replace(public.table.players[0], score=-15), *public.table.players[1:])
    lines = TEXTS.summary(
        dataclasses.replace(public, table=dataclasses.replace(public.table, players=players)), NAMES, "fr"
    )
    assert lines[2] == "Zoé : -15 points · 3 tuiles en main"


def test_the_table_described() -> None:
    public = GAME.public_view(laid_by_hugo())
    assert TEXTS.describe_table(public, NAMES, "fr") == (
        "2 tuiles posées sur la table. La dernière, 0-0-2, posée par Hugo : 2 points. À Léa de jouer."
        " Scores : Zoé 0 point (3 tuiles en main), Hugo 2 points (1 tuile en main), Léa 0 point (2 tuiles en main)."
        " Pioche : 2 tuiles."
    )
    assert TEXTS.describe_table(public, NAMES, "en") == (
        "2 tiles laid on the table. The last one, 0-0-2, laid by Hugo: 2 points. Léa to play."
        " Scores: Zoé 0 points (3 tiles in hand), Hugo 2 points (1 tile in hand), Léa 0 points (2 tiles in hand)."
        " Pool: 2 tiles."
    )


def test_the_starting_draw_described() -> None:
    """Zoé drew 3-4-5 (12), Hugo 5-5-5 (15): the highest tile starts."""
    public = GAME.public_view(laid_by_hugo())
    draws = (
        StartDraw(0, TileFace("3-4-5", (3, 4, 5), 12), False),
        StartDraw(1, TileFace("5-5-5", (5, 5, 5), 15), True),
    )
    table = dataclasses.replace(public.table, board=(), last=None, start_draws=draws, starter=1, current=1)
    text = TEXTS.describe_table(dataclasses.replace(public, table=table), NAMES, "en")
    assert text.startswith(
        "Empty table. Draw to start: Zoé drew 3-4-5 (value 12), Hugo drew 5-5-5 (value 15); Hugo starts. Hugo to play."
    )
    classic = dataclasses.replace(table, start_draws=())
    text = TEXTS.describe_table(dataclasses.replace(public, table=classic), NAMES, "fr")
    assert text.startswith("Table vide : aucune tuile posée ; Hugo commence. À Hugo de jouer.")


def test_the_hand_described_on_its_turn_and_out_of_it() -> None:
    """Before Hugo's move: his 0-0-2 fits at the three spaces around 0-0-0 (lettered A, B, C) and 3-3-3 nowhere.
    After it: Zoé waits (no letters), Léa's tiles fit nowhere."""
    state = GAME.setup(3, {"rounds": 2}, random.Random(0))
    hands = [["0-0-1", "1-2-3", "5-5-5"], ["0-0-2", "3-3-3"], ["4-4-4", "3-4-5"]]
    fixed_round(state, hands=hands, pool=["2-2-2", "1-1-1"], board=[(0, 0, [0, 0, 0])], current=1)
    assert TEXTS.describe_hand(GAME.view(state, 1), NAMES, "fr") == (
        "Vos 2 tuiles (valeur totale 11) : 0-0-2, 3-3-3. Places marquées sur la table : A, B, C."
        " 0-0-2 se pose en A, B ou C. 3-3-3 ne se pose nulle part."
    )
    after = laid_by_hugo()
    assert TEXTS.describe_hand(GAME.view(after, 0), NAMES, "en") == (
        "Your 3 tiles (total value 22): 0-0-1, 1-2-3, 5-5-5."
    )
    assert TEXTS.describe_hand(GAME.view(after, 1), NAMES, "fr") == "Votre tuile (valeur 9) : 3-3-3."
    assert TEXTS.describe_hand(GAME.view(after, 2), NAMES, "en") == (
        "Your 2 tiles (total value 24): 3-4-5, 4-4-4. 3-4-5 and 4-4-4 fit nowhere."
    )


def _placement(tile: str, r: int, c: int, points: int) -> Placement:
    return Placement(tile, r, c, 0, (r + c) % 2 == 0, (0, 0, 0), points, None, 0)


def test_the_letters_follow_the_best_placements_and_name_each_space_once() -> None:
    """0-1-1 at (0, -1) for 42 comes first (A); then 0-0-2 at (0, 1) for 2 (B); 0-0-1 fits at (0, 1) and at
    (1, 0) for 1: B again, then C."""
    spots = [
        _placement("0-0-1", 0, 1, 1),
        _placement("0-0-1", 1, 0, 1),
        _placement("0-0-2", 0, 1, 2),
        _placement("0-1-1", 0, -1, 42),
    ]
    assert [p.points for p in ranked(spots)] == [42, 2, 1, 1]
    assert space_letters(spots) == {(0, -1): "A", (0, 1): "B", (1, 0): "C"}
    assert tile_letters(spots) == {"0-1-1": ("A",), "0-0-2": ("B",), "0-0-1": ("B", "C")}
    many = [_placement("0-0-1", 0, c, 1) for c in range(30)]
    assert list(space_letters(many).values())[24:28] == ["Y", "Z", "AA", "AB"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_descriptions_stay_within_discords_limit(lang: str) -> None:
    state = laid_by_hugo()
    long = ["Éloïse-Marguerite " * 30, "Bartholomew " * 40, "李小龙" * 200]
    text = TEXTS.describe_table(GAME.public_view(state), long, lang)
    assert len(text) <= ALT_MAX and text.endswith("…")
    assert len(TEXTS.describe_hand(GAME.view(state, 0), long, lang)) <= ALT_MAX
