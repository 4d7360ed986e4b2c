"""Ratings on a simulated Discord: the end-of-game message gives each player's rating change, computer players
included; ``/table stats`` attaches the leaderboard picture with the asker's line lit; ``player:`` opens a player's
own page; a game in which a hint was asked says it is not rated."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.registry import player_of
from bot.table_settings import HINTED
from renders.leaderboard import Line
from renders.leaderboard import leaderboard_picture
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import set_locales
from tests.e2e.test_clicks_e2e import SETUPS
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import fix_seed


class RatedTable(OneSeatTable):
    """Pat and two computer players at Triominos (one round), in English, with Zoé watching."""

    def __init__(self, env: Any) -> None:
        (setup,) = [s for s in SETUPS if s.kind == "triominos"]
        super().__init__(env, replace(setup, moves=400))
        self.zoe = self.guild.add_member(env.create_user("zoe"))

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


def _leaderboard(names: list[str], ranks: list[int], after: list[float], me: int | None) -> list[Line]:
    """The leaderboard after one game: best first, a tie (equal ranks give equal ratings) by name and sharing the
    place, every player with one game and the winners with one win; seat ``me``'s line lit."""
    order = sorted(range(len(names)), key=lambda s: (-round(after[s], 1), names[s]))
    return [
        Line(1 + sum(1 for a in after if round(a, 1) > round(after[s], 1)), names[s], after[s], 1, int(ranks[s] == 1),
             s == me)
        for s in order
    ]  # fmt: skip


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
    expected = [f"{name}: 0.0 → {a:.1f} ({a:+.1f})" for name, a in zip(names, after, strict=True)]
    assert ending.endswith("\n\n📈 **Ratings**\n" + "\n".join(expected)), ending
    assert names[0] == "pat" and len(names) == 3  # the computer players are rated too

    answer = panel_of(await table.person.slash(table.channel, "table stats"))
    assert answer.ephemeral and answer.embeds[0].title == "Server statistics"
    (picture,) = answer.attachments
    assert picture.filename == "leaderboard-triominos.png"
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
        ("Triominos", f"Place {place} of 3 · rating {after[0]:.1f}\n{wins} in 1 game")
    ]
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
