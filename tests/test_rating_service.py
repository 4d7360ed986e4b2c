"""Ratings kept by the table service as games end, on both backends: each game counts once, games with a hint and
abandoned games do not count, Njet is rated by its rounds' partnerships, and ``rebuild`` (and the command that runs
it) gives back exactly the ratings the games gave one by one."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from bot.__main__ import main
from bot.ratings.model import Ladder
from bot.ratings.model import entrants
from bot.ratings.model import njet_matches
from bot.ratings.model import provisional
from bot.ratings.service import change_numbers
from bot.ratings.service import rate_finished
from bot.ratings.service import rating_text
from bot.ratings.service import rebuild
from bot.ratings.service import shown_changes
from bot.ratings.service import standings
from bot.registry import player_of
from bot.registry import spec_of
from bot.service.table_settings import HINTED
from bot.service.tables import TableService
from bot.store import PlayerRating
from bot.store import RatingChange
from bot.store import Store
from bot.store import open_store
from tests.service_support import Clock
from tests.service_support import Recorder

GUILD = 40
OTHER_GUILD = 41
ANA, BEN, CLO = (1, "Ana"), (2, "Ben"), (3, "Clo")


@pytest.fixture(params=("sqlite", "postgresql"))
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A new SQLite file, or a new database of the throwaway PostgreSQL server."""
    return tmp_path / "t.db" if request.param == "sqlite" else str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def service(database: str | Path) -> AsyncIterator[TableService]:
    store = await open_store(database)
    try:
        yield TableService(store, Recorder(), clock=Clock())
    finally:
        await store.close()


class Play:
    """Games played to their end through the table service, the humans' moves chosen by the computer player."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.channel = 100

    async def game(
        self,
        kind: str,
        humans: list[tuple[int, str]],
        computers: int = 0,
        *,
        guild: int = GUILD,
        hint_at: int | None = None,
        hints: bool = False,
        abandon_at: int | None = None,
    ) -> int:
        """Play one game; ``hints``: the table allows hints (as it must for ``hint_at``: a player asks for one
        before that human move); ``abandon_at``: the host stops the game then. The table's clock moves on a minute
        per move, so games end in the order played."""
        service, clock = self.service, self.service.clock
        assert isinstance(clock, Clock)
        self.channel += 1
        host_id, host_name = humans[0]
        row = await service.open_table(
            guild_id=guild,
            channel_id=self.channel,
            kind=kind,
            options=dict(spec_of(kind).short),
            host_id=host_id,
            host_name=host_name,
            locale="fr",
            settings={"hints": hints or hint_at is not None},
        )
        for user_id, name in humans[1:]:
            await service.join(row.id, user_id, name)
        for _ in range(computers):
            await service.add_bot(row.id, host_id)
        await service.start(row.id, host_id)
        rng = random.Random(row.id)
        moves = 0
        while (live := await service.load(row.id)).row.status == "running":
            if moves == abandon_at:
                await service.close(row.id, host_id, can_manage=False)
                break
            if moves == hint_at:
                async with service.locked(row.id) as held:  # what the hint button does to the game
                    held.row.settings = {**held.row.settings, HINTED: True}
                    await service.store.update_game(row.id, settings=held.row.settings)
            seat = min(s for s in live.engine.to_act(live.state) if not live.row.seats[s].is_bot)
            mover = live.row.seats[seat].user_id
            assert mover is not None
            await service.act(row.id, mover, player_of(kind).act(live.state, seat, rng))
            clock.now += 60
            moves += 1
        clock.now += 60
        return row.id


def _fresh_shown(ranks: list[int]) -> list[float]:
    """Each player's shown rating after one game between fresh players, from openskill itself."""
    model = PlackettLuce()
    teams = [[model.rating()] for _ in ranks]
    return [team[0].ordinal() for team in model.rate(teams, ranks=[float(rank) for rank in ranks])]


async def _everything(store: Store) -> tuple[dict[int, dict[str, list[PlayerRating]]], dict[int, list[RatingChange]]]:
    ladders = {guild: await store.ladders(guild) for guild in (GUILD, OTHER_GUILD)}
    changes = {row.id: await store.rating_changes(row.id) for row, _ in await store.finished_games()}
    return ladders, changes


async def test_a_game_is_rated_as_it_ends_and_once(service: TableService) -> None:
    game = await Play(service).game("triominos", [ANA, BEN], computers=1)
    store = service.store
    (row, results), *_ = await store.finished_games(GUILD)
    ranks = {seat: rank for seat, _, _, rank, _ in results}
    expected = _fresh_shown([ranks[0], ranks[1], ranks[2]])
    changes = await store.rating_changes(game)
    assert [(c.player, c.name, c.before) for c in changes] == [
        ("1", "Ana", 0.0),
        ("2", "Ben", 0.0),
        ("cpu:1", "Ordi 1", 0.0),
    ]
    assert [c.after for c in changes] == pytest.approx(expected, abs=1e-9)
    ladder = {r.player: r for r in await store.ladder(GUILD, "triominos")}
    assert {key: (r.games, r.wins) for key, r in ladder.items()} == {
        "1": (1, int(ranks[0] == 1)),
        "2": (1, int(ranks[1] == 1)),
        "cpu:1": (1, int(ranks[2] == 1)),
    }
    # Rated again (a restart finishing it once more, a second process): nothing moves.
    live = await service.replay(row)
    assert await rate_finished(store, row, live.log, results) == changes
    assert {r.player: r for r in await store.ladder(GUILD, "triominos")} == ladder


async def test_games_with_hints_on_and_abandoned_games_are_not_rated(service: TableService) -> None:
    play = Play(service)
    hinted = await play.game("nain_jaune", [ANA, BEN], hint_at=2)
    allowed = await play.game("nain_jaune", [ANA, BEN], hints=True)  # no hint asked: still a learning table
    abandoned = await play.game("nain_jaune", [ANA, BEN], abandon_at=3)
    store = service.store
    statuses = {row.id: row.status for row in await store.games_with_status("over", "abandoned")}
    assert statuses == {hinted: "over", allowed: "over", abandoned: "abandoned"}
    for game in (hinted, allowed, abandoned):
        assert await store.rating_changes(game) == []
    assert await store.ladders(GUILD) == {}
    done = await rebuild(store)
    assert (done.games, done.skipped) == (0, 2) and await store.ladders(GUILD) == {}


async def test_njet_is_rated_by_its_rounds_partnerships(service: TableService) -> None:
    game = await Play(service).game("njet", [ANA, BEN], computers=1)
    row, log = await service.full_log(game)
    matches = njet_matches(row.seats, [event for _, event in log])
    assert len(matches) == 2  # the short game's two rounds, each a team against the others
    assert all(len(m.teams) == 2 and sum(len(team) for team in m.teams) == 3 for m in matches)
    results = {seat: rank for seat, _, _, rank, _ in (await service.store.finished_games(GUILD))[0][1]}
    people = entrants(row.seats)
    ladder = Ladder()
    expected = ladder.play(matches, [people[s] for s in results if results[s] == 1], people)
    changes = await service.store.rating_changes(game)
    assert [(c.player, c.after) for c in changes] == [(e.key, e.after) for e in expected]
    single = _fresh_shown([results[0], results[1], results[2]])
    assert [c.after for c in changes] != pytest.approx(single)  # the rounds, not the final ranking


async def test_the_rebuild_equals_the_ratings_made_game_by_game(service: TableService) -> None:
    play = Play(service)
    await play.game("nain_jaune", [ANA, BEN], computers=1)
    await play.game("triominos", [BEN, CLO])
    await play.game("njet", [ANA, CLO], computers=1)
    await play.game("nain_jaune", [BEN, ANA], hint_at=1)
    await play.game("nain_jaune", [CLO, ANA, BEN])
    await play.game("triominos", [ANA, BEN], abandon_at=2)
    await play.game("triominos", [ANA, CLO], computers=1)
    await play.game("nain_jaune", [ANA, BEN], computers=2, guild=OTHER_GUILD)
    store = service.store
    incremental = await _everything(store)
    ladders, changes = incremental
    assert set(ladders[GUILD]) == {"nain_jaune", "triominos", "njet"} and set(ladders[OTHER_GUILD]) == {"nain_jaune"}
    assert [r.games for r in ladders[GUILD]["nain_jaune"]] == [2, 2, 1, 1]  # Ana, Ben, Clo, the computer
    assert sum(1 for game in changes.values() if game) == 6

    done = await rebuild(store)
    assert (done.games, done.skipped, done.late) == (6, 1, 0)
    assert await _everything(store) == incremental  # the same floats, to the last bit

    await store.clear_ratings(GUILD)
    assert (await rebuild(store, GUILD)).games == 5
    assert await _everything(store) == incremental

    await store.clear_ratings()
    assert await store.ladders(GUILD) == {} and await store.ladders(OTHER_GUILD) == {}


def test_standings_best_first_with_shared_places() -> None:
    ladder = [
        PlayerRating("1", "Ana", 30.0, 5.0, 3, 1),  # shown 15.0
        PlayerRating("2", "Ben", 27.0, 4.0, 2, 0),  # 15.0 too: the same place, after Ana (more games)
        PlayerRating("3", "Clo", 25.0, 25 / 3, 0, 0),  # 0.0
        PlayerRating("cpu:1", "Ordi 1", 40.0, 3.0, 9, 9),  # 31.0
    ]
    assert [(place, r.name) for place, r in standings(ladder)] == [(1, "Ordi 1"), (2, "Ana"), (2, "Ben"), (4, "Clo")]


async def _played_then_cleared(path: Path) -> dict[str, list[PlayerRating]]:
    """Two games on a SQLite file (the second with a hint), then the ratings forgotten: what they were."""
    store = await open_store(path)
    try:
        play = Play(TableService(store, Recorder(), clock=Clock()))
        await play.game("triominos", [ANA, BEN])
        await play.game("triominos", [BEN, CLO], hint_at=0)
        before = await store.ladders(GUILD)
        await store.clear_ratings()
        assert await store.ladders(GUILD) == {}
        return before
    finally:
        await store.close()


async def _ladders_of(path: Path) -> dict[str, list[PlayerRating]]:
    store = await open_store(path)
    try:
        return await store.ladders(GUILD)
    finally:
        await store.close()


def test_the_rebuild_command(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = asyncio.run(_played_then_cleared(db_path))
    monkeypatch.setenv("TABLEE_DATABASE", str(db_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.chdir(db_path.parent)
    assert main(["ratings", "--rebuild"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "ratings rebuilt on every server from 1 finished game (1 more not rated: hints were allowed), 2 ratings"
    ]
    assert asyncio.run(_ladders_of(db_path)) == before
    assert main(["ratings"]) == 2
    assert "ratings: error: nothing to do" in capsys.readouterr().err


def test_a_rating_is_provisional_for_the_first_five_rated_games() -> None:
    assert [provisional(games) for games in range(7)] == [True] * 5 + [False] * 2
    assert rating_text(23.2 - 3 * 8.0, 1) == "-0.8?"  # one game lost: below 0, and marked
    assert rating_text(15.04, 4) == "15.0?"
    assert rating_text(15.06, 5) == "15.1"
    assert rating_text(-0.04, 9) == "0.0"  # never "-0.0"


def test_a_change_is_marked_provisional_before_and_after_as_the_games_say() -> None:
    first = RatingChange("1", "Ana", 0.0, -1.84)
    assert change_numbers(first, 1) == {"before": "0.0?", "after": "-1.8?", "delta": "-1.8"}
    fifth = RatingChange("1", "Ana", 3.26, 4.01)
    assert change_numbers(fifth, 5) == {"before": "3.3?", "after": "4.0", "delta": "+0.7"}
    sixth = RatingChange("1", "Ana", 4.01, 3.94)
    assert change_numbers(sixth, 6) == {"before": "4.0", "after": "3.9", "delta": "-0.1"}
    assert change_numbers(first) == {"before": "0.0", "after": "-1.8", "delta": "-1.8"}


async def test_the_changes_of_a_game_read_with_the_players_rated_games(service: TableService) -> None:
    store = service.store
    settled = PlayerRating("1", "Ana", 30.0, 5.0, 4, 2)  # shown 15.0, four games: this one is her fifth
    await store.replace_ratings(GUILD, [(GUILD, "triominos", settled)], {})
    game = await Play(service).game("triominos", [ANA, BEN])
    row = await store.get_game(game)
    assert row is not None
    (ana, ana_numbers), (ben, ben_numbers) = await shown_changes(store, row)
    assert ana_numbers == {
        "before": "15.0?",
        "after": f"{ana.after:.1f}",
        "delta": f"{round(ana.after, 1) - 15.0:+.1f}",
    }
    assert (ben.before, ben_numbers["before"], ben_numbers["after"]) == (0.0, "0.0?", f"{ben.after:.1f}?")
