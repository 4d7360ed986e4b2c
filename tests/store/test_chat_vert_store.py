"""Le Chat vert's rules in the store, on both backends: one change is one transaction, rule ids a unique key, and
changes from two stores (two processes) at once are applied one after the other."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import GameError
from bot.games.chat_vert.rules import validate_rule
from bot.service.chat_vert_table import add_rule
from bot.service.chat_vert_table import last_winner
from bot.service.chat_vert_table import reset_rules
from bot.service.chat_vert_table import set_rules
from bot.service.chat_vert_table import table_rules
from bot.store import ChatVertTable
from bot.store import Store
from bot.store import StoreError
from bot.store import open_store

CHANNEL = 1_234_567_890_123_456_789
KEYS = ("next_id", "winner")


def rule(rule_id: int, phrase: str) -> dict[str, Any]:
    return {"id": rule_id, "template": "say", "phrase": phrase}


async def test_a_change_sees_the_stored_rules_and_data_and_replaces_them(store: Store) -> None:
    seen: list[ChatVertTable] = []

    def first(table: ChatVertTable) -> tuple[ChatVertTable, str]:
        seen.append(table)
        return ChatVertTable([rule(1, "Un"), rule(2, "Deux")], {"next_id": 3, "winner": {"user": 9}}), "done"

    assert await store.change_chat_vert_rules(CHANNEL, KEYS, first) == "done"
    assert seen == [ChatVertTable([], {"next_id": None, "winner": None})]
    assert await store.chat_vert_rules(CHANNEL) == [rule(1, "Un"), rule(2, "Deux")]
    assert await store.table_data(CHANNEL, "chat_vert", "winner") == {"user": 9}

    def second(table: ChatVertTable) -> tuple[ChatVertTable, None]:
        seen.append(table)
        # Rule 1 is dropped, rule 2 rewritten, rule 5 added; only next_id is written.
        return ChatVertTable([rule(5, "Cinq"), rule(2, "Deux bis")], {"next_id": 6}), None

    await store.change_chat_vert_rules(CHANNEL, ("next_id",), second)
    assert seen[1] == ChatVertTable([rule(1, "Un"), rule(2, "Deux")], {"next_id": 3})
    assert await store.chat_vert_rules(CHANNEL) == [rule(2, "Deux bis"), rule(5, "Cinq")]  # by id
    assert await store.table_data(CHANNEL, "chat_vert", "next_id") == 6
    assert await store.table_data(CHANNEL, "chat_vert", "winner") == {"user": 9}
    assert await store.chat_vert_rules(CHANNEL + 1) == []  # another table is untouched


async def test_a_failing_change_changes_nothing(store: Store) -> None:
    await store.change_chat_vert_rules(CHANNEL, KEYS, lambda t: (ChatVertTable([rule(1, "Un")], {"next_id": 2}), 0))

    def refused(table: ChatVertTable) -> tuple[ChatVertTable, None]:
        raise GameError("refused")

    with pytest.raises(GameError):
        await store.change_chat_vert_rules(CHANNEL, KEYS, refused)
    with pytest.raises(StoreError, match="repeated"):
        await store.change_chat_vert_rules(
            CHANNEL, KEYS, lambda t: (ChatVertTable([rule(2, "A"), rule(2, "B")], {"next_id": 3}), 0)
        )
    assert await store.chat_vert_rules(CHANNEL) == [rule(1, "Un")]
    assert await store.table_data(CHANNEL, "chat_vert", "next_id") == 2


async def test_the_table_rules_functions_on_each_backend(store: Store) -> None:
    """The winner's rule, a reset, rules put in force: through the store alone, whatever its database."""
    cond = {"colour": None, "number": 8, "kind": None}
    say = validate_rule({"id": 1, "template": "say", "cond": cond, "phrase": "Vélocyclette", "author": 5})
    await set_rules(store, CHANNEL, [say])
    assert await table_rules(store, CHANNEL) == [say]
    with pytest.raises(GameError, match="no_rule_owed"):
        await add_rule(store, CHANNEL, 9, {"template": "greater", "phrase": "Tortue"})
    await store.set_table_data(CHANNEL, "chat_vert", "winner", {"user": 9, "name": "Wu", "game": 1, "pending": True})
    with pytest.raises(GameError, match="winner_only"):
        await add_rule(store, CHANNEL, 8, {"template": "greater", "phrase": "Tortue"})
    made = await add_rule(store, CHANNEL, 9, {"template": "greater", "phrase": "Tortue"})
    assert (made["id"], made["author"], made["author_name"]) == (2, 9, "Wu")
    assert await last_winner(store, CHANNEL) == {"user": 9, "name": "Wu", "game": 1, "pending": False}
    assert await reset_rules(store, CHANNEL) == [say, made]
    assert await table_rules(store, CHANNEL) == []
    # Ids are never reused at a table, not even after a reset.
    assert await store.table_data(CHANNEL, "chat_vert", "next_id") == 3


async def test_changes_from_two_stores_at_once_never_give_two_rules_one_id(database: str | Path) -> None:
    """Two processes (two connections or pools) each add ten rules, every one numbered after the last one read."""
    stores = [await open_store(database), await open_store(database)]

    def add(phrase: str) -> Any:
        def change(table: ChatVertTable) -> tuple[ChatVertTable, int]:
            number = max((r["id"] for r in table.rules), default=0) + 1
            return ChatVertTable([*table.rules, rule(number, phrase)], {"next_id": number + 1}), number

        return change

    async def adder(store: Store, name: str) -> list[int]:
        return [await store.change_chat_vert_rules(CHANNEL, KEYS, add(f"{name}{i}")) for i in range(10)]

    got = await asyncio.gather(adder(stores[0], "a"), adder(stores[1], "b"))
    assert sorted(got[0] + got[1]) == list(range(1, 21))
    rules = await stores[0].chat_vert_rules(CHANNEL)
    assert [r["id"] for r in rules] == list(range(1, 21))
    assert sorted(r["phrase"] for r in rules) == sorted([f"a{i}" for i in range(10)] + [f"b{i}" for i in range(10)])
    assert await stores[1].table_data(CHANNEL, "chat_vert", "next_id") == 21
    for store in stores:
        await store.close()
