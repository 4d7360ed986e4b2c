"""The production timer loop on a simulated Discord: only simcord's clock (``advance_time``) moves it.

The bot runs its real loop (``TableeBot._timers`` every ``timer_tick`` seconds); no test calls ``run_timers``.
Each test also shows that slash commands and clicks settle as usual while the loop is on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from bot.registry import player_of
from bot.service.tables import LOBBY_EXPIRY_S
from cogs.client import TableeBot
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import make_bot
from tests.e2e.simhelpers import move_buttons
from tests.e2e.simhelpers import select_moves
from tests.e2e.simhelpers import text_of

SHORT_TICK = 2.0
"""Shorter than simcord's settlement guard: a bare ``asyncio.sleep`` this short kept every command from settling,
and let the wall clock move Discord's clock."""

TICK = 10.0
"""The production tick."""

LONG_TICK = 300.0
"""A coarser tick for the hour a lobby waits, so that the test takes few steps."""


@pytest.fixture
def simcord_bot(db_path: Path, request: pytest.FixtureRequest) -> TableeBot:
    return make_bot(db_path, timer_tick=request.param)


def ticks(*values: float) -> pytest.MarkDecorator:
    """Run a test with the bot's timer loop ticking every ``value`` seconds."""
    return pytest.mark.parametrize("simcord_bot", values, indirect=True, ids=lambda v: f"tick={v:g}s")


async def let_time_pass(env: Any, seconds: float, tick: float) -> None:
    """Move Discord's clock one tick at a time, so that each tick's work settles before the next."""
    remaining = seconds
    while remaining > 0:
        step = min(tick, remaining)
        await env.advance_time(step)
        remaining -= step


class TimerTable(SimTable):
    def __init__(self, env: Any) -> None:
        super().__init__(env, ("alice", "bob"), "jeux")
        self.alice, self.bob = self.members

    async def to_act(self) -> tuple[int, int]:
        """(seat, user id) of the person whose turn it is."""
        live = await self.live()
        seat = min(live.engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None
        return seat, user

    async def play_from_dm(self, user_id: int) -> None:
        """The player clicks, in their DM panel, a sensible legal move."""
        seat, _ = await self.to_act()
        live = await self.live()
        wanted = player_of(live.row.kind).act(live.state, seat, random.Random(seat)).dumps()
        panel = self.by_id[user_id].user.dm_channel.last_message
        buttons = move_buttons(panel)
        if buttons:
            await self.by_id[user_id].user.click(panel, custom_id=buttons[wanted])
            return
        select_id, values = select_moves(panel)
        assert select_id is not None and wanted in values
        await self.by_id[user_id].user.select(panel, [wanted], custom_id=select_id)

    async def open_lobby(self, member: Any, **options: Any) -> Any:
        """``/nainjaune new``: the lobby message it posted in the channel."""
        await member.slash(self.channel, "nainjaune new", **options)
        lobby = [m for m in self.channel.history() if custom_ids(m, "tb:l:")][-1]
        self.game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
        return lobby

    async def start(self, **options: Any) -> None:
        """Alice opens a table, Bob joins, Alice starts: one slash command and two clicks."""
        lobby = await self.open_lobby(self.alice, **options)
        await self.bob.click(lobby, custom_id=f"tb:l:{self.game_id}:join")
        await self.alice.click(lobby, custom_id=f"tb:l:{self.game_id}:start")
        await self.bot.publisher.wait_idle()
        assert await self.status() == "running"

    def reminders(self) -> list[str]:
        return [m.content for m in self.channel.history() if (m.content or "").startswith("⏰")]


@ticks(SHORT_TICK)
async def test_a_slow_player_is_reminded_and_commands_settle_while_the_loop_runs(simcord_env: Any) -> None:
    table = TimerTable(simcord_env)
    opened_at = simcord_env.now()
    await table.start(reminder=60, timeout=600)  # a slash command and two clicks settle with the loop on
    assert simcord_env.now() == opened_at, "only advance_time moves Discord's clock"
    _, user = await table.to_act()
    n = (await table.live()).n

    await let_time_pass(simcord_env, 60 - SHORT_TICK, SHORT_TICK)
    assert table.reminders() == []

    await let_time_pass(simcord_env, 2 * SHORT_TICK, SHORT_TICK)
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None
    assert table.reminders() == [t(row.locale, "timer.reminder", mentions=f"<@{user}>", minutes=10)]
    assert (await table.live()).n == n, "a reminder plays no move"

    # The reminded player plays: the click settles and is applied, the loop still runs.
    await table.play_from_dm(user)
    assert (await table.live()).n > n
    _, next_user = await table.to_act()
    await let_time_pass(simcord_env, 60 + SHORT_TICK, SHORT_TICK)
    assert table.reminders()[1:] == [t(row.locale, "timer.reminder", mentions=f"<@{next_user}>", minutes=10)]


@ticks(TICK)
async def test_the_computer_plays_for_an_absent_player_and_the_game_goes_on(simcord_env: Any) -> None:
    table = TimerTable(simcord_env)
    await table.start(reminder=0, timeout=120)
    seat, _ = await table.to_act()
    n = (await table.live()).n

    await let_time_pass(simcord_env, 120 - TICK, TICK)
    assert (await table.live()).n == n, "nobody plays before the timeout"

    await let_time_pass(simcord_env, 2 * TICK, TICK)
    row, log = await table.bot.tables.full_log(table.game_id)
    assert row.status == "running"
    timed_out = [event.seat for _, event in log if event.kind == "timeout"]
    assert timed_out and set(timed_out) == {seat}, "the computer played for the absent player, and only for them"
    assert (await table.live()).n >= n + len(timed_out)
    message = await table.table_message()
    narration = t(row.locale, "narrate.timeout", name=row.seats[seat].name)
    assert narration in text_of(message)
    assert table.reminders() == [], "reminders were switched off"

    # The game goes on: whoever is to act now plays from their panel.
    _, next_user = await table.to_act()
    before = (await table.live()).n
    await table.play_from_dm(next_user)
    assert (await table.live()).n > before
    assert await table.status() == "running"


@ticks(LONG_TICK)
async def test_a_forgotten_lobby_is_cancelled_and_its_buttons_removed(simcord_env: Any) -> None:
    table = TimerTable(simcord_env)
    lobby = await table.open_lobby(table.alice)
    game_id = table.game_id
    await table.bob.click(lobby, custom_id=f"tb:l:{game_id}:join")

    await let_time_pass(simcord_env, LOBBY_EXPIRY_S - LONG_TICK, LONG_TICK)
    row = await table.bot.store.get_game(game_id)
    assert row is not None and row.status == "lobby"
    assert custom_ids(lobby_message(table, row.lobby_message_id), "tb:l:")

    await let_time_pass(simcord_env, 2 * LONG_TICK, LONG_TICK)
    row = await table.bot.store.get_game(game_id)
    assert row is not None and row.status == "cancelled"
    assert components(lobby_message(table, row.lobby_message_id)) == []
    closed = t(row.locale, "table.closed.cancelled")
    assert [m.content for m in table.channel.history() if m.content == closed] == [closed]

    # The channel is free again: a new table opens at once.
    await table.open_lobby(table.bob)
    assert table.game_id != game_id
    assert await table.status() == "lobby"


def lobby_message(table: TimerTable, message_id: int | None) -> Any:
    assert message_id is not None
    return next(m for m in table.channel.history() if m.id == message_id)


@ticks(TICK)
async def test_a_failing_tick_is_logged_and_the_loop_goes_on(
    simcord_env: Any, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    table = TimerTable(simcord_env)
    await table.start(reminder=60, timeout=0)
    _, user = await table.to_act()

    # The database loses its games table for a while: every tick fails on its first query.
    rename_games(db_path, "games", "games_away")
    await let_time_pass(simcord_env, 60 + TICK, TICK)
    failures = [r for r in caplog.records if r.name == "cogs.client" and r.levelno == logging.ERROR]
    assert len(failures) >= 6, "each tick failed"
    assert table.reminders() == []

    rename_games(db_path, "games_away", "games")
    await let_time_pass(simcord_env, TICK, TICK)
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None
    assert table.reminders() == [t(row.locale, "timer.reminder_no_timeout", mentions=f"<@{user}>")]


@ticks(TICK)
async def test_closing_the_bot_stops_the_loop(simcord_env: Any) -> None:
    assert [task for task in asyncio.all_tasks() if task.get_name() == "turn-timers" and not task.done()]
    await simcord_env.bot.close()
    await asyncio.sleep(0)
    assert not [task for task in asyncio.all_tasks() if task.get_name() == "turn-timers" and not task.done()]


def rename_games(db_path: Path, old: str, new: str) -> None:
    with contextlib.closing(sqlite3.connect(db_path)) as db:
        db.execute(f"ALTER TABLE {old} RENAME TO {new}")
        db.commit()
