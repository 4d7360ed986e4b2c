"""Le Chat vert's rules belong to the table (the channel): stored, frozen into each game, updated at its end.

A game starts with the rules in force at that moment (they become its ``rules`` option, so a replay after a
restart sees exactly them) and the last winner deals. When it ends, the winner owes the table a new rule
(a computer winner makes one at once), and every rule that earned a penalty or was used is marked "seen":
computer players obey only rules they have seen at work.

Every change of a table's rules is one transaction (the rules, the next id and the winner together) and rule ids
are a unique key: two processes adding rules, or a failure in the middle, can never leave two rules one id or a
rule made while the winner still seems to owe one.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from collections.abc import Mapping
from collections.abc import Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.rules import MAX_RULES
from bot.games.chat_vert.rules import check_new_rule
from bot.games.chat_vert.rules import check_rules
from bot.games.chat_vert.rules import validate_rule
from bot.players.chat_vert import make_rule
from bot.store import ChatVertTable
from bot.store import GameRow
from bot.store import Store

KIND = "chat_vert"
NEXT_ID = "next_id"
WINNER = "winner"


@dataclass
class _ChannelLock:
    lock: asyncio.Lock
    users: int = 0


_locks: dict[int, _ChannelLock] = {}
"""One lock per table while somebody holds or awaits it: dropped as soon as nobody does (no entry per channel ever
seen). The transaction is what makes a change safe; the lock only spares the database a queue of writers."""


class TableRuleError(GameError):
    """A refusal about the table's rules (not the winner, nothing owed...)."""

    code = "table_rules"


@asynccontextmanager
async def _locked(channel_id: int) -> AsyncIterator[None]:
    entry = _locks.get(channel_id)
    if entry is None:
        entry = _locks[channel_id] = _ChannelLock(asyncio.Lock())
    entry.users += 1
    try:
        async with entry.lock:
            yield
    finally:
        entry.users -= 1
        if entry.users == 0 and _locks.get(channel_id) is entry:
            del _locks[channel_id]


async def table_rules(store: Store, channel_id: int) -> list[dict[str, Any]]:
    """The rules in force at a table, oldest first."""
    return await store.chat_vert_rules(channel_id)


async def last_winner(store: Store, channel_id: int) -> dict[str, Any] | None:
    """``{"user", "name", "game", "pending"}`` of the last game won at this table, if any."""
    value = await store.table_data(channel_id, KIND, WINNER)
    return dict(value) if value else None


def _next_id(rules: Sequence[dict[str, Any]], counter: object) -> int:
    """Ids are never reused at a table (not even after a reset): above every rule and the stored counter."""
    highest = max((int(r["id"]) for r in rules), default=0)
    return max(highest + 1, counter if isinstance(counter, int) else 1)


async def add_rule(store: Store, channel_id: int, user_id: int, raw: Mapping[str, object]) -> dict[str, Any]:
    """The winner's new rule: checked against the limits and the rules in force, then stored (one transaction)."""

    def change(table: ChatVertTable) -> tuple[ChatVertTable, dict[str, Any]]:
        winner = table.data[WINNER]
        if not winner or not winner.get("pending"):
            raise TableRuleError("no_rule_owed")
        if winner.get("user") != user_id:
            raise TableRuleError("winner_only", name=winner.get("name", "?"))
        number = _next_id(table.rules, table.data[NEXT_ID])
        rule = validate_rule(
            {**raw, "id": number, "author": user_id, "author_name": winner.get("name", "?"), "seen": False}
        )
        check_new_rule(table.rules, rule)
        data = {NEXT_ID: number + 1, WINNER: {**winner, "pending": False}}
        return ChatVertTable([*table.rules, rule], data), rule

    async with _locked(channel_id):
        return await store.change_chat_vert_rules(channel_id, (NEXT_ID, WINNER), change)


async def reset_rules(store: Store, channel_id: int) -> list[dict[str, Any]]:
    """End of a session: every rule is removed (and returned, to be revealed), and no rule is owed any more."""

    def change(table: ChatVertTable) -> tuple[ChatVertTable, list[dict[str, Any]]]:
        winner = table.data[WINNER]
        data: dict[str, Any] = {NEXT_ID: _next_id(table.rules, table.data[NEXT_ID])}
        if winner and winner.get("pending"):
            data[WINNER] = {**winner, "pending": False}
        return ChatVertTable([], data), table.rules

    async with _locked(channel_id):
        return await store.change_chat_vert_rules(channel_id, (NEXT_ID, WINNER), change)


async def set_rules(store: Store, channel_id: int, rules: Sequence[Mapping[str, object]]) -> None:
    """Put given rules in force at a table at once (the bench's worst case, test set-ups); they are checked first."""
    checked = check_rules(list(rules))

    def change(table: ChatVertTable) -> tuple[ChatVertTable, None]:
        return ChatVertTable(checked, {NEXT_ID: _next_id(checked, table.data[NEXT_ID])}), None

    async with _locked(channel_id):
        await store.change_chat_vert_rules(channel_id, (NEXT_ID,), change)


def dealer_seat(row: GameRow, winner: dict[str, Any] | None) -> int:
    """The seat of the last winner in a new game, or -1 (drawn by lot) when they are not seated."""
    if not winner:
        return -1
    for i, seat in enumerate(row.seats):
        if winner.get("user") is not None and seat.user_id == winner["user"]:
            return i
        if winner.get("user") is None and seat.is_bot and seat.name == winner.get("name"):
            return i
    return -1


def used_rules(log: Sequence[tuple[int, Event]]) -> set[int]:
    """Rules a game showed at work: a penalty for them, or a move that relied on them."""
    return {
        event.number("rule")
        for _, event in log
        if event.kind in ("penalty", "play", "rule_draw", "die", "ficelle") and event.data.get("rule") is not None
    }


def _winner_written(winner: object, game_id: int) -> bool:
    """Whether the table's winner is already this game's: its epilogue ran before, and the winner stays as it left it
    (the rule it owes, or made)."""
    return isinstance(winner, dict) and winner.get("game") == game_id


class ChatVertHooks:
    """Implements ``bot.service.table_hooks.TableHooks`` for Le Chat vert."""

    async def prepare(self, store: Store, row: GameRow) -> dict[str, JSONValue]:
        rules = await table_rules(store, row.channel_id)
        return {"rules": list[JSONValue](rules), "dealer": dealer_seat(row, await last_winner(store, row.channel_id))}

    async def finished(self, store: Store, row: GameRow, state: ChatVertState, log: list[tuple[int, Event]]) -> None:
        """The rules seen at work, the winner and a computer winner's rule: one transaction. Done again (an epilogue
        that failed after it), it changes nothing: the winner written for this game stays, with the rule it owes
        or made."""
        results = GAME.results(state)
        winners = [r.seat for r in results if r.rank == 1]
        seen = used_rules(log)

        def change(table: ChatVertTable) -> tuple[ChatVertTable, None]:
            rules = [{**r, "seen": True} if r["id"] in seen else r for r in table.rules]
            data: dict[str, Any] = {}
            if len(winners) == 1 and not _winner_written(table.data[WINNER], row.id):
                seat = row.seats[winners[0]]
                owed = len(rules) < MAX_RULES
                data[WINNER] = {
                    "user": seat.user_id,
                    "name": seat.name,
                    "game": row.id,
                    "pending": owed and not seat.is_bot,
                }
                made = make_rule(rules, random.Random(f"{row.seed}:rule")) if seat.is_bot and owed else None
                if made is not None:
                    number = _next_id(rules, table.data[NEXT_ID])
                    rules.append(
                        validate_rule({**made, "id": number, "author": None, "author_name": seat.name, "seen": False})
                    )
                    data[NEXT_ID] = number + 1
            return ChatVertTable(rules, data), None

        async with _locked(row.channel_id):
            await store.change_chat_vert_rules(row.channel_id, (NEXT_ID, WINNER), change)


HOOKS = ChatVertHooks()
"""The table service's hooks for Le Chat vert (the registry names ``bot.service.chat_vert_table:HOOKS``)."""
