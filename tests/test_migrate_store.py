"""``python -m bot migrate-store``: a SQLite file with games of the five kinds (finished, running, a lobby), Le Chat
vert's rules, statistics, languages and panels, copied into a throwaway PostgreSQL database and played on there."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bench.chat_vert import twenty_rules
from bot.__main__ import main
from bot.cli.migrate_store import MigrationError
from bot.cli.migrate_store import _same_game
from bot.cli.migrate_store import migrate_store
from bot.registry import KINDS
from bot.registry import player_of
from bot.service.chat_vert_table import set_rules
from bot.service.tables import TableService
from bot.store import Seat
from bot.store import Store
from bot.store import open_store

SHORT = {"nain_jaune": {"deals": 1}, "njet": {"rounds": 1}, "triominos": {"rounds": 1}}
GUILD = 5
PEOPLE = (501, 502)


async def play(service: TableService, game_id: int, moves: int | None = None) -> None:
    """Let the people of a game play their computer player's choice, ``moves`` times or to the end."""
    done = 0
    while moves is None or done < moves:
        live = await service.load(game_id)
        if live.row.status != "running":
            return
        seat = min(s for s in live.engine.to_act(live.state) if not live.row.seats[s].is_bot)
        action = player_of(live.row.kind).act(live.state, seat, random.Random(done))
        user = live.row.seats[seat].user_id
        assert user is not None
        await service.act(game_id, user, action)
        done += 1


async def table(service: TableService, kind: str, channel: int, *, start: bool = True) -> int:
    """Two people and a computer player at a table of ``kind``."""
    seats = [Seat("Anne", PEOPLE[0]), Seat("Bruno", PEOPLE[1]), Seat("Ordi")]
    row = await service.open_table(
        guild_id=GUILD,
        channel_id=channel,
        kind=kind,
        options=SHORT.get(kind, {}),
        host_id=PEOPLE[0],
        host_name="Anne",
        locale="fr",
        seats=seats,
    )
    if start:
        await service.start(row.id, PEOPLE[0])
    return row.id


async def everything(path: Path) -> dict[str, list[int]]:
    """The file: per kind a finished game and a running one in another channel; a lobby; rules, panels, languages."""
    store = await Store.open(path)
    service = TableService(store)
    games: dict[str, list[int]] = {}
    await set_rules(store, 400, twenty_rules()[:2])
    for k, kind in enumerate(KINDS):
        finished = await table(service, kind, 100 + k if kind != "chat_vert" else 400)
        await play(service, finished)
        running = await table(service, kind, 200 + k)
        await play(service, running, 3)
        games[kind] = [finished, running]
    games["lobby"] = [await table(service, "njet", 300, start=False)]
    await store.set_user_locale(PEOPLE[0], "en")
    await store.set_notify(PEOPLE[1], "dm")
    await store.set_panel(games["njet"][1], PEOPLE[0], channel_id=77, message_id=88)
    await store.set_table_data(100, "njet", "note", {"a": [1, 2]})
    await store.close()
    return games


async def test_every_game_and_what_outlives_them_is_copied_and_plays_on(postgres_url: str, tmp_path: Path) -> None:
    path = tmp_path / "tablee.db"
    games = await everything(path)
    lines: list[str] = []
    reports = await migrate_store(path, postgres_url, say=lines.append)
    assert set(reports) == set(KINDS) | {"njet"}
    for kind in KINDS:
        report = reports[kind]
        assert report.statuses["over"] == 1 and report.statuses["running"] == 1
        assert report.replayed == 2 and report.actions > 3
    assert reports["njet"].statuses["lobby"] == 1
    assert any(line.startswith("chat_vert: 2 games (1 over, 1 running)") for line in lines)

    source = await Store.open(path)
    target = await open_store(postgres_url)
    try:
        for ids in games.values():
            for game_id in ids:
                assert await target.get_game(game_id) == await source.get_game(game_id)
                assert await target.actions(game_id) == await source.actions(game_id)
        assert (await target.stats(GUILD)) == (await source.stats(GUILD)) != []
        assert await target.games_played(GUILD) == dict.fromkeys(KINDS, 1)
        assert await target.chat_vert_rules(400) == await source.chat_vert_rules(400) != []
        assert await target.user_locale(PEOPLE[0]) == "en"
        assert await target.notify_modes(list(PEOPLE)) == {PEOPLE[0]: "channel", PEOPLE[1]: "dm"}
        assert await target.panel(games["njet"][1], PEOPLE[0]) == (77, 88, False)
        assert await target.table_data(100, "njet", "note") == {"a": [1, 2]}
        assert await target.ladders(GUILD) == await source.ladders(GUILD) != {}
        for ids in games.values():
            assert await target.rating_changes(ids[0]) == await source.rating_changes(ids[0])
        # The copy goes on where the file stopped: a running game takes its next move, a new table a new id.
        service = TableService(target)
        running = games["triominos"][1]
        before = await target.action_count(running)
        await play(service, running, 1)
        assert await target.action_count(running) > before
        newest = await table(service, "njet", 999)
        assert newest > max(i for ids in games.values() for i in ids)
    finally:
        await source.close()
        await target.close()

    # A database that holds something is refused, unless told; told, it holds the file's games only.
    with pytest.raises(MigrationError, match="not empty"):
        await migrate_store(path, postgres_url, say=lines.append)
    await migrate_store(path, postgres_url, force=True, say=lines.append)
    target = await open_store(postgres_url)
    try:
        assert await target.get_game(newest) is None
        assert await target.action_count(running) == before
    finally:
        await target.close()


async def test_a_copy_that_does_not_replay_the_same_is_told(tmp_path: Path) -> None:
    path = tmp_path / "tablee.db"
    store = await Store.open(path)
    service = TableService(store)
    game = await table(service, "njet", 1)
    await play(service, game, 4)
    row = await store.get_game(game)
    rows = await store.actions(game)
    await store.close()
    assert row is not None and len(rows) >= 4
    assert _same_game(row, row, rows, list(rows))
    assert not _same_game(row, row, rows, rows[:-1])
    other: dict[str, Any] = {**vars(row), "seed": row.seed + 1}
    assert not _same_game(row, type(row)(**other), rows, rows)


def test_the_command_copies_and_reports(postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    path = tmp_path / "tablee.db"
    asyncio.run(everything(path))
    assert main(["migrate-store", "--from", str(path), "--to", postgres_url]) == 0
    out = capsys.readouterr().out
    assert all(f"{kind}: " in out for kind in KINDS) and "copied " in out
    assert main(["migrate-store", "--from", str(path), "--to", postgres_url]) == 2
    assert "not empty" in capsys.readouterr().err
