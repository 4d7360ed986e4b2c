"""Ratings on a simulated Discord: the end-of-game message gives each player's rating change, computer players
included; ``/table stats`` writes each game's leaderboard (place, rating, wins and games, a provisional rating
marked, what a rating is said under them) and attaches its picture with the asker's line lit; ``player:`` opens a
player's own page; a game in which a hint was asked says it is not rated."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.registry import player_of
from bot.service.table_settings import HINTED
from bot.store import PlayerRating
from renders.leaderboard import Line
from renders.leaderboard import leaderboard_picture
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import set_locales
from tests.e2e.test_clicks_e2e import SETUPS
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import fix_seed


class RatedTable(OneSeatTable):
    """Pat and two computer players at Triominos (one round), in English, with Zoé watching and Bob, who plays
    elsewhere."""

    def __init__(self, env: Any) -> None:
        (setup,) = [s for s in SETUPS if s.kind == "triominos"]
        super().__init__(env, replace(setup, moves=400))
        self.zoe = self.guild.add_member(env.create_user("zoe"))
        self.bob = self.guild.add_member(env.create_user("bob"))

    async def play_to_the_end(self, *, hint: bool = False) -> None:
        """Pat plays the computer player's moves; ``hint``: the game is marked as the hint button marks it."""
        await self.begin()
        if hint:
            async with self.bot.tables.locked(self.game_id) as live:
                live.row.settings = {**live.row.settings, HINTED: True}
                await self.bot.store.update_game(self.game_id, settings=live.row.settings)
        rng = random.Random(5)
        while (turn := await self.person_to_act()) is not None:
            live, seat = turn
            await self.bot.tables.act(self.game_id, self.person.id, player_of("triominos").act(live.state, seat, rng))
        await self.bot.publisher.wait_idle()
        assert await self.status() == "over"

    async def ending(self) -> str:
        (text,) = [m.content for m in self.channel.history() if "🏆" in (m.content or "")]
        return str(text)

    async def ranks(self) -> tuple[list[str], list[int]]:
        """The seats' names and final ranks, as stored."""
        (row, results), *_ = await self.bot.store.finished_games(self.guild.id)
        by_seat = {seat: rank for seat, _, _, rank, _ in results}
        return [s.name for s in row.seats], [by_seat[s] for s in range(len(row.seats))]


def _after_one_game(ranks: list[int]) -> list[float]:
    """Each fresh player's shown rating (mu - 3 sigma) after one game ranked so, from openskill itself."""
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in ranks], ranks=[float(rank) for rank in ranks])
    return [team[0].mu - 3 * team[0].sigma for team in rated]


def _order(names: list[str], after: list[float]) -> list[tuple[int, int]]:
    """(place, seat) best first after one game: a tie (equal ranks give equal ratings) by name, sharing the place."""
    order = sorted(range(len(names)), key=lambda s: (-round(after[s], 1), names[s]))
    return [(1 + sum(1 for a in after if round(a, 1) > round(after[s], 1)), s) for s in order]


def _leaderboard(names: list[str], ranks: list[int], after: list[float], me: int | None) -> list[Line]:
    """The leaderboard after one game: every player with one game (provisional) and the winners with one win; seat
    ``me``'s line lit."""
    return [
        Line(place, names[s], after[s], 1, int(ranks[s] == 1), s == me, provisional=True)
        for place, s in _order(names, after)
    ]


EXPLAINED = (
    "Rating: a cautious estimate of skill (μ − 3σ), which rises as rated games make it surer. ? marks a provisional"
    " rating: fewer than 5 rated games."
)


@pytest.fixture
def english(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    fix_seed(monkeypatch)
    set_locales(simcord_env, {})
    return simcord_env


async def test_the_end_of_the_game_gives_each_rating_change_and_stats_the_leaderboard(english: Any) -> None:
    table = RatedTable(english)
    await table.play_to_the_end()
    names, ranks = await table.ranks()
    after = _after_one_game(ranks)
    ending = await table.ending()
    expected = [f"{name}: 0.0? → {a:.1f}? ({a:+.1f})" for name, a in zip(names, after, strict=True)]
    assert ending.endswith("\n\n📈 **Ratings**\n" + "\n".join(expected)), ending
    assert names[0] == "pat" and len(names) == 3  # the computer players are rated too

    answer = panel_of(await table.person.slash(table.channel, "table stats"))
    assert answer.ephemeral and answer.embeds[0].title == "Server statistics"
    (field,) = answer.embeds[0].fields
    assert field.name == "Triominos (1 game)"
    assert field.value.splitlines() == [
        f"{'**' if s == 0 else ''}{place}\\. {names[s]} · rating {after[s]:.1f}? · "
        f"{'1 win' if ranks[s] == 1 else '0 wins'} in 1 game{'**' if s == 0 else ''}"
        for place, s in _order(names, after)
    ]  # Pat's line in bold, every rating provisional after one game
    assert answer.embeds[0].footer.text == EXPLAINED
    (picture,) = answer.attachments
    assert picture.filename == "leaderboard-triominos.png"
    assert picture.description.startswith("Triominos leaderboard on this server: 1. ")
    lines = _leaderboard(names, ranks, after, me=0)
    assert await picture.read() == leaderboard_picture(lines, "triominos", "en")  # Pat's line lit

    shared = panel_of(await table.zoe.slash(table.channel, "table stats", game="triominos", share=True))
    assert not shared.ephemeral
    (posted,) = [m for m in table.channel.history() if m.attachments and m.embeds]
    unlit = _leaderboard(names, ranks, after, me=None)  # Zoé has not played: no line lit
    assert await posted.attachments[0].read() == leaderboard_picture(unlit, "triominos", "en")


async def test_a_players_own_page(english: Any) -> None:
    table = RatedTable(english)
    await table.play_to_the_end()
    names, ranks = await table.ranks()
    after = _after_one_game(ranks)
    place = 1 + sum(1 for a in after if round(a, 1) > round(after[0], 1))
    wins = "1 win" if ranks[0] == 1 else "0 wins"

    page = panel_of(await table.zoe.slash(table.channel, "table stats", player=table.person))
    assert page.ephemeral
    (embed,) = page.embeds
    assert embed.title == "pat's ratings"
    assert [(f.name, f.value) for f in embed.fields] == [
        ("Triominos", f"Place {place} of 3 · rating {after[0]:.1f}?\n{wins} in 1 game")
    ]
    assert embed.footer.text == EXPLAINED
    (picture,) = page.attachments
    assert await picture.read() == leaderboard_picture(_leaderboard(names, ranks, after, me=0), "triominos", "en")

    empty = panel_of(await table.person.slash(table.channel, "table stats", player=table.zoe))
    assert empty.embeds[0].title == "zoe's ratings" and empty.embeds[0].description == "No rated game yet."
    assert not empty.attachments


async def test_a_game_with_a_hint_is_not_rated(english: Any) -> None:
    table = RatedTable(english)
    await table.play_to_the_end(hint=True)
    ending = await table.ending()
    assert ending.endswith("\n\nNot rated: a hint was asked."), ending
    assert await table.bot.store.ladders(table.guild.id) == {}
    answer = panel_of(await table.person.slash(table.channel, "table stats"))
    assert not answer.attachments  # no game rated on this server: no leaderboard


LADDER = [
    PlayerRating("ana", "Ana", 30.0, 5.0, 12, 7),  # 30 - 3 x 5 = 15.0, twelve games: settled
    PlayerRating("pat", "pat", 27.0, 4.0, 5, 1),  # 27 - 12 = 15.0 too: the same place, after Ana (fewer games)
    PlayerRating("cpu:1", "Ordi 1", 26.0, 7.0, 4, 4),  # 26 - 21 = 5.0, four games: provisional
    PlayerRating("bob", "bob", 23.2, 8.0, 1, 0),  # 23.2 - 24 = -0.8, after one game lost: provisional
]


async def _seeded(table: RatedTable, ladder: list[PlayerRating]) -> None:
    """The server's Triominos ratings replaced by ``ladder`` (members' keys: their ids), after one game played."""
    await table.play_to_the_end()
    ids = {"pat": table.person.id, "bob": table.bob.id}
    ratings = [(table.guild.id, "triominos", replace(r, player=str(ids.get(r.player, r.player)))) for r in ladder]
    await table.bot.store.replace_ratings(table.guild.id, ratings, {})


@pytest.fixture
def bilingual(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Pat reads French; everyone else English."""
    fix_seed(monkeypatch)
    return simcord_env


async def test_stats_write_places_ratings_wins_and_games_in_both_languages(bilingual: Any) -> None:
    table = RatedTable(bilingual)
    set_locales(bilingual, {table.person.id: "fr"})
    await _seeded(table, LADDER)

    french = panel_of(await table.person.slash(table.channel, "table stats"))
    (field,) = french.embeds[0].fields
    assert field.name == "Triominos (1 partie)"
    assert field.value.splitlines() == [
        "1\\. Ana · cote 15.0 · 7 victoires en 12 parties",
        "**1\\. pat · cote 15.0 · 1 victoire en 5 parties**",
        "3\\. Ordi 1 · cote 5.0? · 4 victoires en 4 parties",
        "4\\. bob · cote -0.8? · 0 victoire en 1 partie",
    ]
    assert french.embeds[0].footer.text == (
        "Cote : une estimation prudente du niveau (μ − 3σ), qui monte à mesure que les parties classées la rendent"
        " plus sûre. ? marque une cote provisoire : moins de 5 parties classées."
    )
    expected = [
        Line(1, "Ana", 15.0, 12, 7),
        Line(1, "pat", 15.0, 5, 1, me=True),
        Line(3, "Ordi 1", 5.0, 4, 4, provisional=True),
        Line(4, "bob", 23.2 - 24.0, 1, 0, provisional=True),
    ]
    assert await french.attachments[0].read() == leaderboard_picture(expected, "triominos", "fr")

    english = panel_of(await table.zoe.slash(table.channel, "table stats", game="triominos"))
    assert english.embeds[0].fields[0].value.splitlines() == [
        "1\\. Ana · rating 15.0 · 7 wins in 12 games",
        "1\\. pat · rating 15.0 · 1 win in 5 games",
        "3\\. Ordi 1 · rating 5.0? · 4 wins in 4 games",
        "4\\. bob · rating -0.8? · 0 wins in 1 game",
    ]  # Zoé is not on it: no line in bold
    assert english.embeds[0].footer.text == EXPLAINED

    page = panel_of(await table.zoe.slash(table.channel, "table stats", player=table.bob))
    assert [(f.name, f.value) for f in page.embeds[0].fields] == [
        ("Triominos", "Place 4 of 4 · rating -0.8?\n0 wins in 1 game")
    ]
    assert page.embeds[0].footer.text == EXPLAINED
    settled = panel_of(await table.zoe.slash(table.channel, "table stats", player=table.person))
    assert settled.embeds[0].fields[0].value == "Place 1 of 4 · rating 15.0\n1 win in 5 games"


async def test_stats_add_the_askers_line_under_the_first_ten(english: Any) -> None:
    table = RatedTable(english)
    others = [PlayerRating(f"p{i}", f"P{i}", 40.0 - i, 5.0, 6, 3) for i in range(11)]  # 25.0 down to 15.0
    await _seeded(table, [*others, PlayerRating("pat", "pat", 20.0, 6.0, 2, 0)])  # 20 - 18 = 2.0, 12th

    answer = panel_of(await table.person.slash(table.channel, "table stats"))
    lines = answer.embeds[0].fields[0].value.splitlines()
    assert lines == [
        *(f"{i + 1}\\. P{i} · rating {25.0 - i:.1f} · 3 wins in 6 games" for i in range(10)),
        "**12\\. pat · rating 2.0? · 0 wins in 2 games**",
    ]  # P10, 11th, is left out as the picture leaves it out
