"""Every public method of the store, on both backends, with values worked out by hand: games and their columns,
actions, panels, languages and how players are called, table data, results and statistics."""

from __future__ import annotations

import pytest

from bot.store import GameRow
from bot.store import ResultLine
from bot.store import Seat
from bot.store import StatLine
from bot.store import Store
from bot.store import StoreError

SNOWFLAKE = 1_234_567_890_123_456_789
"""A Discord id needs 64 bits (this one is above 2**60)."""


async def _open(
    store: Store, channel: int, *, guild: int | None = 1, kind: str = "nain_jaune", **extra: object
) -> GameRow:
    return await store.create_game(
        guild_id=guild,
        channel_id=channel,
        kind=kind,
        options={"deals": 2},
        seats=[Seat("Alice", 1), Seat("Ordi 1")],
        seed=7,
        host_id=1,
        locale="fr",
        **extra,  # type: ignore[arg-type]
    )


async def test_a_new_game_is_a_lobby_with_the_defaults(store: Store) -> None:
    row = await _open(store, SNOWFLAKE, guild=SNOWFLAKE + 1, now=1000.5)
    assert row == GameRow(
        id=row.id,
        guild_id=SNOWFLAKE + 1,
        channel_id=SNOWFLAKE,
        kind="nain_jaune",
        options={"deals": 2},
        seats=[Seat("Alice", 1), Seat("Ordi 1")],
        seed=7,
        status="lobby",
        host_id=1,
        locale="fr",
        reminder_s=120,
        timeout_s=600,
        lobby_message_id=None,
        table_message_id=None,
        turn_since=None,
        reminded=False,
        created_at=1000.5,
        settings={},
    )
    assert await store.get_game(row.id) == row
    assert await store.get_game(row.id + 1000) is None
    assert await store.active_game(SNOWFLAKE) == row
    assert await store.active_game(5) is None


async def test_every_column_that_may_change_changes(store: Store) -> None:
    row = await _open(store, 3, reminder_s=30, timeout_s=90, settings={"undo": True})
    assert (row.reminder_s, row.timeout_s, row.settings) == (30, 90, {"undo": True})
    changes = {
        "seats": [Seat("Bob", SNOWFLAKE), Seat("Élodie", 2)],
        "status": "running",
        "host_id": SNOWFLAKE,
        "locale": "en",
        "lobby_message_id": SNOWFLAKE + 1,
        "table_message_id": SNOWFLAKE + 2,
        "turn_message_id": SNOWFLAKE + 3,
        "turn_since": 1234.25,
        "reminded": 1,  # the table service writes a number
        "started_at": 1200.0,
        "ended_at": 1300.5,
        "options": {"deals": 3, "rules": [{"id": 1, "phrase": "Miaou"}]},
        "seed": 2**62 - 1,
        "settings": {"autoplay": False, "rematch": [1, 2]},
    }
    await store.update_game(row.id, **changes)
    again = await store.get_game(row.id)
    assert again is not None
    assert {name: getattr(again, name) for name in changes} == {**changes, "reminded": True}
    await store.update_game(row.id, reminded=False)
    assert (await store.get_game(row.id) or row).reminded is False


async def test_columns_that_never_change_are_refused(store: Store) -> None:
    row = await _open(store, 3)
    with pytest.raises(StoreError, match="channel_id"):
        await store.update_game(row.id, channel_id=4, status="over")
    assert await store.get_game(row.id) == row


async def test_last_game_and_games_by_status(store: Store) -> None:
    lobby = await _open(store, 1)
    first = await _open(store, 2)
    await store.update_game(first.id, status="over", started_at=10.0)
    second = await _open(store, 2)
    await store.update_game(second.id, status="running", started_at=20.0)
    never_started = await _open(store, 3)
    await store.update_game(never_started.id, status="cancelled")
    assert (await store.last_game(2) or lobby).id == second.id
    assert await store.last_game(1) is None  # a lobby was never started
    assert await store.last_game(3) is None
    assert [r.id for r in await store.games_with_status("lobby")] == [lobby.id]
    assert [r.id for r in await store.games_with_status("over", "running")] == [first.id, second.id]
    assert await store.games_with_status("abandoned") == []


async def test_actions_keep_their_order_and_details(store: Store) -> None:
    row = await _open(store, 1)
    await store.update_game(row.id, reminded=True)
    await store.append_action(row.id, 1, 0, '{"kind":"play"}', at=50.0)
    assert (await store.get_game(row.id) or row).reminded is True  # no turn clock given: untouched
    await store.append_action(row.id, 2, 1, '{"kind":"pass"}', by_bot=True, at=51.5, turn_since=51.5, how="timeout")
    await store.append_action(row.id, 3, None, '{"kind":"deal"}', at=52.0, how="auto")
    actions = await store.actions(row.id)
    assert [(a.n, a.seat, a.action, a.by_bot, a.at, a.how) for a in actions] == [
        (1, 0, '{"kind":"play"}', False, 50.0, None),
        (2, 1, '{"kind":"pass"}', True, 51.5, "timeout"),
        (3, None, '{"kind":"deal"}', False, 52.0, "auto"),
    ]
    assert await store.action_count(row.id) == 3
    assert await store.action_count(row.id + 1) == 0
    after = await store.get_game(row.id)
    assert after is not None and (after.turn_since, after.reminded) == (51.5, False)


async def test_a_final_move_closes_the_game_in_the_same_write(store: Store) -> None:
    row = await _open(store, 1)
    await store.update_game(row.id, status="running", started_at=1.0)
    results = [(0, 1, "Alice", 1, 30), (1, None, "Ordi 1", 2, -30)]
    await store.append_action(row.id, 1, 0, '{"kind":"play"}', at=99.0, results=results)
    after = await store.get_game(row.id)
    assert after is not None and (after.status, after.ended_at) == ("over", 99.0)
    assert await store.stats(1) == [StatLine("nain_jaune", 1, "Alice", 1, 1)]
    assert await store.active_game(1) is None


async def test_panels_are_remembered_per_game_and_player(store: Store) -> None:
    row = await _open(store, 1)
    assert await store.panel(row.id, 1) == (None, None, False)
    await store.set_panel(row.id, 1, channel_id=SNOWFLAKE, message_id=SNOWFLAKE + 5)
    assert await store.panel(row.id, 1) == (SNOWFLAKE, SNOWFLAKE + 5, False)
    await store.set_panel(row.id, 1, dm_refused=True)  # written again: replaced, not added
    assert await store.panel(row.id, 1) == (None, None, True)
    assert await store.panel(row.id, 2) == (None, None, False)


async def test_languages_and_how_players_are_called(store: Store) -> None:
    assert await store.user_locale(3) is None
    await store.set_user_locale(3, "en")
    await store.set_user_locale(3, "fr")
    await store.set_user_locale(SNOWFLAKE, "en")
    assert (await store.user_locale(3), await store.user_locale(SNOWFLAKE)) == ("fr", "en")
    assert await store.notify_modes([]) == {}
    await store.set_notify(3, "dm")
    await store.set_notify(4, "off")
    await store.set_notify(4, "channel")
    await store.set_notify(SNOWFLAKE, "off")
    assert await store.notify_modes([5, 3, 4, 3, SNOWFLAKE]) == {5: "channel", 3: "dm", 4: "channel", SNOWFLAKE: "off"}
    assert list(await store.notify_modes([5, 3, 5])) == [5, 3]  # each once, in the order asked


async def test_table_data_keeps_any_json_value(store: Store) -> None:
    assert await store.table_data(7, "chat_vert", "rules") is None
    value = {"say": "miaou", "n": [1, 2.5, None, True], "é": {"nested": "ü"}}
    await store.set_table_data(7, "chat_vert", "draft:1", value)
    await store.set_table_data(8, "chat_vert", "draft:1", 3)
    assert await store.table_data(7, "chat_vert", "draft:1") == value
    assert await store.table_data(8, "chat_vert", "draft:1") == 3
    assert await store.table_data(7, "other", "draft:1") is None
    await store.set_table_data(7, "chat_vert", "draft:1", None)  # a draft thrown away
    assert await store.table_data(7, "chat_vert", "draft:1") is None
    await store.set_table_data(SNOWFLAKE, "chat_vert", "next_id", 4)
    assert await store.table_data(SNOWFLAKE, "chat_vert", "next_id") == 4


async def _finished(
    store: Store, channel: int, guild: int, kind: str, lines: list[ResultLine], status: str = "over"
) -> int:
    row = await _open(store, channel, guild=guild, kind=kind)
    await store.update_game(row.id, status="running", started_at=1.0)
    await store.finish_game(row.id, status, lines, 5.0)
    return row.id


async def test_statistics_count_finished_games_and_wins_per_player(store: Store) -> None:
    # Server 1: Ana wins twice at Nain Jaune, Bob once; Zoé plays one game of Njet and wins it.
    await _finished(store, 1, 1, "nain_jaune", [(0, 10, "Ana", 1, 5), (1, 20, "Bob", 2, 0), (2, None, "Ordi", 3, 0)])
    await _finished(store, 1, 1, "nain_jaune", [(0, 10, "Ana", 1, 9), (1, 20, "Bob", 2, 1)])
    await _finished(store, 1, 1, "nain_jaune", [(0, 10, "Ana", 2, 1), (1, 20, "Bob", 1, 4)])
    await _finished(store, 2, 1, "njet", [(0, 30, "Zoé", 1, 50), (1, None, "Ordi", 2, 10)])
    # Not counted: an abandoned game, and a game on another server.
    await _finished(store, 1, 1, "nain_jaune", [(0, 20, "Bob", 1, 3)], status="abandoned")
    await _finished(store, 3, 2, "nain_jaune", [(0, 10, "Ana", 1, 3)])
    assert await store.stats(1) == [
        StatLine("nain_jaune", 10, "Ana", 3, 2),
        StatLine("nain_jaune", 20, "Bob", 3, 1),
        StatLine("njet", 30, "Zoé", 1, 1),
    ]
    assert await store.stats(1, "njet") == [StatLine("njet", 30, "Zoé", 1, 1)]
    assert await store.stats(1, "triominos") == []
    assert await store.stats(2) == [StatLine("nain_jaune", 10, "Ana", 1, 1)]
    assert await store.games_played(1) == {"nain_jaune": 3, "njet": 1}
    assert await store.games_played(9) == {}


async def test_ties_are_broken_by_games_then_name(store: Store) -> None:
    # One win each. Ana and Chloé played two games, Émile and Zed one. Names compare byte by byte, as SQLite
    # compares them whatever the locale: "Z" (0x5A) comes before "É" (0xC3 0x89).
    await _finished(store, 1, 1, "njet", [(0, 1, "Émile", 1, 0), (1, 2, "Chloé", 2, 0)])
    await _finished(store, 1, 1, "njet", [(0, 2, "Chloé", 1, 0), (1, 3, "Ana", 2, 0)])
    await _finished(store, 1, 1, "njet", [(0, 3, "Ana", 1, 0)])
    await _finished(store, 1, 1, "njet", [(0, 4, "Zed", 1, 0)])
    assert [(s.name, s.games, s.wins) for s in await store.stats(1)] == [
        ("Ana", 2, 1),
        ("Chloé", 2, 1),
        ("Zed", 1, 1),
        ("Émile", 1, 1),
    ]


async def test_finishing_twice_changes_nothing(store: Store) -> None:
    lines = [(0, 10, "Ana", 1, 5), (1, 20, "Bob", 2, 0)]
    game = await _finished(store, 1, 1, "njet", lines)
    await store.finish_game(game, "over", lines, 5.0)
    assert await store.stats(1) == [StatLine("njet", 10, "Ana", 1, 1), StatLine("njet", 20, "Bob", 1, 0)]
    row = await store.get_game(game)
    assert row is not None and (row.status, row.ended_at) == ("over", 5.0)
