"""The descriptions of the pictures every game shares (results, leaderboard, replay), in French and English."""

from __future__ import annotations

from bot.games.base import Result
from cogs.alt_text import fit
from cogs.alt_text import leaderboard_alt
from cogs.alt_text import replay_alt
from cogs.alt_text import results_alt
from renders.leaderboard import Line

NAMES = ["Zoé", "Hugo", "Léa"]


def test_the_results_say_the_ranking_and_the_chart() -> None:
    """Triominos (points): Hugo 210 first, Zoé and Léa tied second with 150; three rounds charted (the start
    and three lines of points)."""
    ranking = [Result(0, 2, 150), Result(1, 1, 210), Result(2, 2, 150)]
    points = [(0, 0, 0), (50, 70, 40), (100, 140, 90), (150, 210, 150)]
    assert results_alt(ranking, points, NAMES, "triominos", "fr") == (
        "Classement final de Triominos : 1. Hugo, 210 points, 2. Zoé, 150 points, 2. Léa, 150 points."
        " Courbe des scores de chaque joueur après chacune des 3 manches."
    )
    assert results_alt(ranking, points[:2], NAMES, "triominos", "en") == (
        "Final ranking of Triominos: 1. Hugo, 210 points, 2. Zoé, 150 points, 2. Léa, 150 points."
    )


def test_a_leaderboard_says_the_lines_drawn_and_the_readers_own() -> None:
    lines = [
        Line(1, "Zoé", 31.24, 12, 7),
        Line(2, "Hugo", 25.0, 3, 1, provisional=True),
        Line(3, "Léa", 20.0, 9, 0, me=True),
    ]
    assert leaderboard_alt(lines, 1, "njet", "en") == (
        "Njet! leaderboard on this server: 1. Zoé, rating 31.2, 12 games, 7 wins; 3. Léa, rating 20.0, 9 games, 0 wins."
    )
    assert (
        leaderboard_alt([], 10, "njet", "fr")
        == "Classement de Njet! sur ce serveur : aucune partie classée pour l'instant."
    )


def test_a_replay_says_its_game_and_its_length() -> None:
    assert replay_alt(42, "chat_vert", 1, "", "en") == (
        "Animation of game #42 of Le Chat vert, 1 frame, from the deal to the last move."
    )


def test_a_long_description_is_cut_at_a_word() -> None:
    text = "mot " * 400
    cut = fit(text, 100)
    assert len(cut) <= 100 and cut.endswith("mot…")
    assert fit("  a   b  ") == "a b"
