"""Discord gives an interaction 3 seconds to be acknowledged; a busy database must not make it fail.

The store is made slow for real: every access waits until the test lets it go (declared to simcord as an outside
wait, so the simulation settles around it). While it waits, every handler must already have acknowledged its
interaction; once it goes on, the handler finishes normally.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.games.base import GameError
from bot.store import Store
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import errors_of
from tests.e2e.simhelpers import select_of


class SlowStore:
    """Hold every access to the bot's store until ``release()``."""

    def __init__(self, env: Any, store: Store) -> None:
        self.env = env
        self.gate = asyncio.Event()
        self.gate.set()
        self.waited = 0
        for name, method in inspect.getmembers(store, inspect.iscoroutinefunction):
            if not name.startswith("_") and name not in ("open", "close", "migrate", "version"):
                setattr(store, name, self._slowed(method))
        transaction = store.transaction

        @asynccontextmanager
        async def slow_transaction() -> AsyncIterator[Any]:
            await self._wait()
            async with transaction() as db:
                yield db

        store.transaction = slow_transaction  # type: ignore[method-assign]

    async def _wait(self) -> None:
        if not self.gate.is_set():
            self.waited += 1
            await self.env.external_wait(self.gate.wait(), reason="a slow database")

    def _slowed(self, method: Callable[..., Any]) -> Callable[..., Any]:
        async def slowed(*args: Any, **kwargs: Any) -> Any:
            await self._wait()
            return await method(*args, **kwargs)

        return slowed

    def hold(self) -> None:
        self.gate.clear()
        self.waited = 0

    async def release(self) -> None:
        self.gate.set()
        await self.env.settle()


async def _check(slow: SlowStore, act: Callable[[], Any]) -> Any:
    """Run ``act`` with the store held: acknowledged while the store still waits; then finished once it goes on."""
    slow.hold()
    result = await act()
    assert slow.waited >= 1, "the handler did not touch the store"
    assert result.acknowledged, "acknowledged only after the store answered"
    await slow.release()
    return result


COMMANDS = ("table join", "table addbot", "table hand", "table show", "table log", "table rules", "table stats")


async def test_slash_commands_acknowledge_before_the_store(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben", "cleo"), "jeux")
    host, guest, other = table.members
    slow = SlowStore(simcord_env, table.bot.store)
    for command in ("nainjaune", "triominos", "neurotrio", "njet", "chatvert"):
        await _check(slow, lambda c=command: host.slash(table.channel, f"{c} new"))  # type: ignore[misc]
        lobby = table.channel.last_message
        game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
        assert (await table.bot.store.get_game(game_id)) is not None
        await host.slash(table.channel, "table abandon")
    await host.slash(table.channel, "nainjaune new")
    for command in COMMANDS:
        await _check(slow, lambda c=command: guest.slash(table.channel, c))  # type: ignore[misc]
    await _check(slow, lambda: other.slash(table.channel, "table join"))
    await _check(slow, lambda: other.slash(table.channel, "table leave"))
    await _check(slow, lambda: host.slash(table.channel, "table start"))
    await table.bot.publisher.wait_idle()
    for command in ("table hand", "table show", "table log", "table abandon"):
        await _check(slow, lambda c=command: host.slash(table.channel, c))  # type: ignore[misc]
    # What was refused was refused in words (a log before the start, say), never a crash.
    assert all(isinstance(e, GameError) for e in errors_of(simcord_env))


@pytest.mark.parametrize("op", ["join", "bot", "leave", "start"])
async def test_lobby_buttons_acknowledge_before_the_store(simcord_env: Any, op: str) -> None:
    table = SimTable(simcord_env, ("ana", "ben"), "jeux")
    host, guest = table.members
    await host.slash(table.channel, "nainjaune new")
    lobby = table.channel.last_message
    game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
    await guest.click(lobby, custom_id=f"tb:l:{game_id}:join") if op in ("leave", "start") else None
    slow = SlowStore(simcord_env, table.bot.store)
    clicker = host if op in ("bot", "start") else guest
    await _check(slow, lambda: clicker.click(lobby, custom_id=f"tb:l:{game_id}:{op}"))


async def test_panel_buttons_acknowledge_before_the_store(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben"), "jeux")
    await table.open_and_start("triominos", players=2, rounds=1)
    live = await table.live()
    seat = min(live.engine.to_act(live.state))
    member = table.by_id[live.row.seats[seat].user_id or 0]
    panel = member.user.dm_channel.last_message
    message = await table.table_message()
    slow = SlowStore(simcord_env, table.bot.store)

    table.bot.tables.forget(table.game_id)  # not in memory: the panel must read the store
    await _check(slow, lambda: member.click(message, custom_id=f"tb:h:{table.game_id}"))
    table.bot.tables.forget(table.game_id)
    tiles = select_of(panel, "tb:f:")
    if tiles is not None:  # more than 25 placements: a tile, then its spot
        await _check(slow, lambda: member.user.select(panel, [tiles.options[0].value], custom_id=tiles.custom_id))
        panel = member.user.dm_channel.last_message
        back = next(i for i in custom_ids(panel, "tb:g:"))
        table.bot.tables.forget(table.game_id)
        await _check(slow, lambda: member.user.click(panel, custom_id=back))
        panel = member.user.dm_channel.last_message
        await member.user.select(panel, [tiles.options[0].value], custom_id=tiles.custom_id)
        panel = member.user.dm_channel.last_message
    spots = select_of(panel, "tb:s:")
    assert spots is not None
    table.bot.tables.forget(table.game_id)
    await _check(slow, lambda: member.user.select(panel, [spots.options[0].value], custom_id=spots.custom_id))
    await table.bot.publisher.wait_idle()
    assert (await table.live()).n >= 1


async def test_chat_vert_commands_acknowledge_before_the_store(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben"), "chat-vert")
    await table.open_and_start("chatvert", players=2, timer=0)
    host = table.members[0]
    slow = SlowStore(simcord_env, table.bot.store)
    await _check(slow, lambda: host.slash(table.channel, "chatvert say", text="Miaou"))
    for command in ("chatvert myrules", "chatvert addrule", "chatvert reveal"):
        await _check(slow, lambda c=command: host.slash(table.channel, c))  # type: ignore[misc]
    assert all(isinstance(e, GameError) for e in errors_of(simcord_env))  # (no rule owed, a game running...)
