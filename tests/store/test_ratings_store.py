"""The ratings in the store, on both backends: a game is rated once (its changes mark it), in one transaction that a
failure leaves untouched, one at a time across connections; the finished games come back in the order they ended;
a rebuild's replacement touches one server or all of them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import PlayerRating
from bot.store import RatingChange
from bot.store import ResultLine
from bot.store import Seat
from bot.store import Store
from bot.store import open_store
from bot.store.model import RateGame
from tests.store.conftest import raw_tables

GUILD = 5
OTHER_GUILD = 6


async def _over(
    store: Store,
    channel: int,
    ended: float,
    *,
    guild: int | None = GUILD,
    status: str = "over",
    kind: str = "triominos",
) -> int:
    """A two-player game (Ana, then a computer) ended at ``ended`` with ``status``; Ana won it."""
    row = await store.create_game(
        guild_id=guild,
        channel_id=channel,
        kind=kind,
        options={},
        seats=[Seat("Ana", 11), Seat("Ordi 1")],
        seed=1,
        host_id=11,
        locale="fr",
        now=ended - 100,
    )
    results: list[ResultLine] = [(1, None, "Ordi 1", 2, 10), (0, 11, "Ana", 1, 30)]
    await store.finish_game(row.id, status, results if status == "over" else [], ended)
    return row.id


def _plus_one(game: int) -> RateGame:
    """A rating step whose result is easy to check: every stored player gets one more game and mu + 1."""

    def rate(ladder: list[PlayerRating]) -> tuple[list[PlayerRating], list[RatingChange]]:
        found = {r.player: r for r in ladder}
        new = []
        for key, name in (("11", "Ana"), ("cpu:1", "Ordi 1")):
            old = found.get(key, PlayerRating(key, name, 25.0, 8.0, 0, 0))
            new.append(PlayerRating(key, name, old.mu + 1, old.sigma, old.games + 1, old.wins + (key == "11")))
        return new, [RatingChange(r.player, r.name, float(game), float(game) + 0.5) for r in new]

    return rate


async def test_the_migration_adds_the_two_tables(store: Store, database: str | Path) -> None:
    assert {"ratings", "rating_changes"} <= await raw_tables(database)
    assert await store.ladders(GUILD) == {}
    assert await store.rating_changes(1) == []


async def test_a_game_is_rated_once(store: Store) -> None:
    game = await _over(store, 1, 1000.0)
    changes = await store.rate_game(game, GUILD, "triominos", _plus_one(game))
    assert changes == [RatingChange("11", "Ana", game, game + 0.5), RatingChange("cpu:1", "Ordi 1", game, game + 0.5)]

    def never(ladder: list[PlayerRating]) -> tuple[list[PlayerRating], list[RatingChange]]:
        raise AssertionError("a game rated already is not rated again")

    assert await store.rate_game(game, GUILD, "triominos", never) == changes
    assert await store.rating_changes(game) == changes
    assert await store.ladder(GUILD, "triominos") == [
        PlayerRating("11", "Ana", 26.0, 8.0, 1, 1),
        PlayerRating("cpu:1", "Ordi 1", 26.0, 8.0, 1, 0),
    ]
    second = await _over(store, 1, 2000.0)
    await store.rate_game(second, GUILD, "triominos", _plus_one(second))
    assert [(r.mu, r.games, r.wins) for r in await store.ladder(GUILD, "triominos")] == [(27.0, 2, 2), (27.0, 2, 0)]
    assert await store.ladder(GUILD, "njet") == [] and await store.ladder(OTHER_GUILD, "triominos") == []


async def test_a_failed_rating_writes_nothing(store: Store) -> None:
    game = await _over(store, 1, 1000.0)

    def broken(ladder: list[PlayerRating]) -> tuple[list[PlayerRating], list[RatingChange]]:
        return [PlayerRating("11", "Ana", 30.0, 7.0, 1, 1)], [
            RatingChange("11", "Ana", 0.0, 1.0),
            RatingChange("11", "Ana", 0.0, 1.0),  # the same player twice: the key refuses it
        ]

    with pytest.raises(Exception):  # noqa: B017 - each backend's own integrity error
        await store.rate_game(game, GUILD, "triominos", broken)
    assert await store.ladders(GUILD) == {} and await store.rating_changes(game) == []
    await store.rate_game(game, GUILD, "triominos", _plus_one(game))
    assert len(await store.rating_changes(game)) == 2


async def test_concurrent_ratings_of_one_ladder_all_count(database: str | Path) -> None:
    """Two connections (one file, or two pools of one PostgreSQL database) rate eight games of one ladder at once:
    each reads the ladder the one before it wrote, so no game's step is lost."""
    stores = [await open_store(database) for _ in range(2)]
    try:
        games = [await _over(stores[0], 100 + i, 1000.0 + i) for i in range(8)]
        await asyncio.gather(
            *(stores[i % 2].rate_game(game, GUILD, "triominos", _plus_one(game)) for i, game in enumerate(games))
        )
        assert [(r.player, r.mu, r.games) for r in await stores[1].ladder(GUILD, "triominos")] == [
            ("11", 33.0, 8),
            ("cpu:1", 33.0, 8),
        ]
    finally:
        for opened in stores:
            await opened.close()


async def test_finished_games_in_the_order_they_ended(store: Store) -> None:
    late = await _over(store, 1, 3000.0)
    early = await _over(store, 2, 1000.0)
    await _over(store, 3, 500.0, status="abandoned")
    await _over(store, 4, 600.0, guild=None)
    other = await _over(store, 5, 2000.0, guild=OTHER_GUILD, kind="njet")
    running = await store.create_game(
        guild_id=GUILD, channel_id=6, kind="njet", options={}, seats=[Seat("Ana", 11)], seed=1, host_id=11, locale="fr"
    )
    await store.update_game(running.id, status="running")
    everywhere = await store.finished_games()
    assert [row.id for row, _ in everywhere] == [early, other, late]
    assert [row.id for row, _ in await store.finished_games(GUILD)] == [early, late]
    row, results = everywhere[0]
    assert (row.status, row.guild_id, row.ended_at) == ("over", GUILD, 1000.0)
    assert results == [(0, 11, "Ana", 1, 30), (1, None, "Ordi 1", 2, 10)]  # by seat


async def test_replacing_the_ratings_of_one_server_or_all(store: Store) -> None:
    here = await _over(store, 1, 1000.0)
    there = await _over(store, 2, 2000.0, guild=OTHER_GUILD)
    await store.rate_game(here, GUILD, "triominos", _plus_one(here))
    await store.rate_game(there, OTHER_GUILD, "triominos", _plus_one(there))

    rebuilt = PlayerRating("11", "Ana", 40.0, 2.0, 9, 9)
    change = RatingChange("11", "Ana", -1.0, 2.0)
    await store.replace_ratings(GUILD, [(GUILD, "njet", rebuilt)], {here: [change]})
    assert await store.ladders(GUILD) == {"njet": [rebuilt]}
    assert await store.rating_changes(here) == [change]
    assert [r.games for r in await store.ladder(OTHER_GUILD, "triominos")] == [1, 1]  # the other server kept
    assert len(await store.rating_changes(there)) == 2

    await store.clear_ratings()
    assert await store.ladders(GUILD) == {} and await store.ladders(OTHER_GUILD) == {}
    assert await store.rating_changes(here) == [] and await store.rating_changes(there) == []
