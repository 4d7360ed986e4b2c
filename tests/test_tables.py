"""The table service: the one pipeline of a move, the lobby rules and the turn timers."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import GameError
from bot.games.base import NotYourTurn
from bot.registry import player_of
from bot.service.tables import LiveGame
from bot.service.tables import TableError
from bot.service.tables import TableService
from tests.service_support import OPEN
from tests.service_support import Clock
from tests.service_support import Recorder
from tests.service_support import open_store


async def _service(path: Path, clock: Clock | None = None) -> tuple[TableService, Recorder]:
    recorder = Recorder()
    return TableService(await open_store(path), recorder, clock=clock or Clock()), recorder


async def _three_humans(service: TableService, **options: object) -> int:
    row = await service.open_table(
        guild_id=1, channel_id=9, kind="nain_jaune", options=options, host_id=1, host_name="Alice", locale="fr"
    )
    await service.join(row.id, 2, "Bob")
    await service.join(row.id, 3, "Carol")
    return row.id


def _user_to_act(live: LiveGame) -> tuple[int, int]:
    seat = min(live.engine.to_act(live.state))
    user = live.row.seats[seat].user_id
    assert user is not None
    return seat, user


async def test_lobby_rules(db_path: Path) -> None:
    service, recorder = await _service(db_path)
    game = await _three_humans(service)
    with pytest.raises(TableError) as error:
        await service.join(game, 2, "Bob")
    assert error.value.code == "already_seated"
    with pytest.raises(TableError) as error:
        await service.open_table(
            guild_id=1, channel_id=9, kind="nain_jaune", options={}, host_id=5, host_name="E", locale="fr"
        )
    assert error.value.code == "table_exists"
    with pytest.raises(TableError) as error:
        await service.start(game, 2)
    assert error.value.code == "host_only"
    for _ in range(5):
        await service.add_bot(game, 1)
    with pytest.raises(TableError) as error:
        await service.join(game, 9, "Ivan")
    assert error.value.code == "table_full"
    with pytest.raises(TableError) as error:
        await service.add_bot(game, 1)
    assert error.value.code == "table_full"
    row = await service.game_row(game)
    assert [s.name for s in row.seats][:4] == ["Alice", "Bob", "Carol", "Ordi 1"]
    assert recorder.lobbies.count("lobby") == 7


async def test_options_are_checked(db_path: Path) -> None:
    service, _ = await _service(db_path)
    with pytest.raises(BadOption) as error:
        await service.open_table(
            guild_id=1, channel_id=1, kind="nain_jaune", options={"deals": 0}, host_id=1, host_name="A", locale="fr"
        )
    assert error.value.code == "bad_option_range"
    with pytest.raises(BadOption):
        await service.open_table(
            guild_id=1, channel_id=1, kind="nain_jaune", options={"colour": 1}, host_id=1, host_name="A", locale="fr"
        )
    with pytest.raises(BadOption):
        await service.open_table(
            guild_id=1,
            channel_id=1,
            kind="nain_jaune",
            options={},
            host_id=1,
            host_name="A",
            locale="fr",
            timeout_min=-1,
        )


async def test_not_enough_players_and_host_leaving_the_lobby(db_path: Path) -> None:
    service, recorder = await _service(db_path)
    row = await service.open_table(
        guild_id=1, channel_id=2, kind="nain_jaune", options={}, host_id=1, host_name="A", locale="fr"
    )
    with pytest.raises(TableError) as error:
        await service.start(row.id, 1)
    assert error.value.code == "not_enough_players"
    await service.join(row.id, 2, "B")
    await service.leave(row.id, 1)
    assert (await service.game_row(row.id)).host_id == 2  # the host role passes on
    await service.leave(row.id, 2)
    assert (await service.game_row(row.id)).status == "cancelled"
    assert recorder.closings == ["cancelled"]


async def test_refusals_leave_the_game_unchanged(db_path: Path) -> None:
    service, _ = await _service(db_path)
    game = await _three_humans(service)
    live = await service.start(game, 1)
    seat, user = _user_to_act(live)
    other = next(s.user_id for i, s in enumerate(live.row.seats) if i != seat)
    assert other is not None
    before = copy.deepcopy(live.state)
    legal = live.engine.legal_actions(live.state, seat)

    with pytest.raises(TableError) as error:
        await service.act(game, 99, legal[0])
    assert error.value.code == "not_seated"
    with pytest.raises(NotYourTurn):
        await service.act(game, other, legal[0])
    with pytest.raises(TableError) as error:
        await service.act(game, user, legal[0], version=live.n + 1)
    assert error.value.code == "stale_button"
    with pytest.raises(GameError):
        await service.act(game, user, Action.of("play", card="XX"))
    with pytest.raises(GameError):
        await service.act(game, user, Action.of("dance"))
    assert live.state == before
    assert live.n == 0
    assert await service.store.action_count(game) == 0


async def test_a_double_click_applies_once(db_path: Path) -> None:
    service, recorder = await _service(db_path)
    game = await _three_humans(service)
    live = await service.start(game, 1)
    seat, user = _user_to_act(live)
    action = live.engine.legal_actions(live.state, seat)[0]
    await service.act(game, user, action)
    count = await service.store.action_count(game)
    with pytest.raises(GameError):
        await service.act(game, user, action)
    assert await service.store.action_count(game) == count
    assert len(recorder.snapshots) == 2  # the start and the one move


async def test_leaving_a_running_game_hands_the_seat_to_the_computer(db_path: Path) -> None:
    service, recorder = await _service(db_path)
    row = await service.open_table(
        guild_id=1, channel_id=3, kind="nain_jaune", options={"deals": 1}, host_id=1, host_name="A", locale="fr"
    )
    await service.add_bot(row.id, 1)
    await service.start(row.id, 1)
    await service.leave(row.id, 1)
    # Only computer players are left: they play the single deal to its end.
    final = await service.store.get_game(row.id)
    assert final is not None and final.status == "over"
    assert final.seats[0].user_id is None and final.seats[0].name == "A (ordi)"
    assert recorder.snapshots[-1].over
    assert any(e.kind == "left" for e in recorder.snapshots[-1].new_events)


async def test_timers_remind_then_play_for_the_absent_player_even_after_a_restart(db_path: Path) -> None:
    clock = Clock()
    service, recorder = await _service(db_path, clock)
    game = await _three_humans(service)
    live = await service.start(game, 1)
    seat, _ = _user_to_act(live)

    clock.now += 119
    await service.run_timers()
    assert recorder.reminders == []
    clock.now += 2
    await service.run_timers()
    assert recorder.reminders == [(game, [seat])]
    await service.run_timers()
    assert len(recorder.reminders) == 1  # reminded once

    # The bot restarts: a new service on the same file, nothing in memory.
    await OPEN.pop().close()
    service, recorder = await _service(db_path, clock)
    clock.now += 600
    await service.run_timers()
    fresh = await service.load(game)
    assert fresh.n >= 1
    actions = await service.store.actions(game)
    assert actions[0].seat == seat and actions[0].by_bot
    assert any(e.kind == "timeout" and e.seat == seat for e in recorder.snapshots[-1].new_events)


async def test_abandon_needs_the_host_or_a_manager(db_path: Path) -> None:
    service, recorder = await _service(db_path)
    game = await _three_humans(service)
    await service.start(game, 1)
    with pytest.raises(TableError) as error:
        await service.close(game, 2, can_manage=False)
    assert error.value.code == "host_or_manager_only"
    await service.close(game, 2, can_manage=True)
    assert (await service.game_row(game)).status == "abandoned"
    with pytest.raises(TableError):
        await service.act(game, 1, Action.of("play", card="AS"))
    assert recorder.closings == ["abandoned"]


async def test_full_game_records_results_and_stats(db_path: Path) -> None:
    service, _ = await _service(db_path)
    row = await service.open_table(
        guild_id=77, channel_id=4, kind="nain_jaune", options={"deals": 2}, host_id=1, host_name="A", locale="fr"
    )
    await service.join(row.id, 2, "B")
    live = await service.start(row.id, 1)
    while live.row.status == "running":
        seat, user = _user_to_act(live)
        await service.act(row.id, user, player_of(live.row.kind).act(live.state, seat, __import__("random").Random(0)))
    stats = await service.store.stats(77)
    assert sum(s.games for s in stats) == 2
    assert sum(s.wins for s in stats) >= 1
    assert await service.store.games_played(77) == {"nain_jaune": 1}
    _, log = await service.full_log(row.id)
    assert log[-1][1].kind == "game_end"
