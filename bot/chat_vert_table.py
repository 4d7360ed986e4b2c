"""Le Chat vert's rules belong to the table (the channel): stored, frozen into each game, updated at its end.

A game starts with the rules in force at that moment (they become its ``rules`` option, so a replay after a
restart sees exactly them) and the last winner deals. When it ends, the winner owes the table a new rule
(a computer winner makes one at once), and every rule that earned a penalty or was used is marked "seen":
computer players obey only rules they have seen at work.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

from bot.games.base import Event, GameError, JSONValue, get_game
from bot.games.chat_vert_rules import MAX_RULES, check_new_rule, validate_rule
from bot.players.chat_vert import make_rule
from bot.store import GameRow, Store
from bot.table_hooks import register_hooks

KIND = "chat_vert"
RULES = "rules"
NEXT_ID = "next_id"
WINNER = "winner"

_locks: dict[int, asyncio.Lock] = {}


class TableRuleError(GameError):
    """A refusal about the table's rules (not the winner, nothing owed...)."""

    code = "table_rules"


def _lock(channel_id: int) -> asyncio.Lock:
    lock = _locks.get(channel_id)
    if lock is None:
        lock = _locks[channel_id] = asyncio.Lock()
    return lock


async def table_rules(store: Store, channel_id: int) -> list[dict[str, Any]]:
    """The rules in force at a table, oldest first."""
    return list(await store.table_data(channel_id, KIND, RULES) or [])


async def last_winner(store: Store, channel_id: int) -> dict[str, Any] | None:
    """``{"user", "name", "game", "pending"}`` of the last game won at this table, if any."""
    value = await store.table_data(channel_id, KIND, WINNER)
    return dict(value) if value else None


async def add_rule(store: Store, channel_id: int, user_id: int, raw: dict[str, JSONValue]) -> dict[str, Any]:
    """The winner's new rule: checked against the limits and the rules in force, then stored."""
    async with _lock(channel_id):
        winner = await last_winner(store, channel_id)
        if winner is None or not winner.get("pending"):
            raise TableRuleError("no_rule_owed")
        if winner.get("user") != user_id:
            raise TableRuleError("winner_only", name=winner.get("name", "?"))
        rules = await table_rules(store, channel_id)
        number = int(await store.table_data(channel_id, KIND, NEXT_ID) or len(rules) + 1)
        rule = validate_rule(
            {**raw, "id": number, "author": user_id, "author_name": winner.get("name", "?"), "seen": False}
        )
        check_new_rule(rules, rule)
        rules.append(rule)
        await store.set_table_data(channel_id, KIND, RULES, rules)
        await store.set_table_data(channel_id, KIND, NEXT_ID, number + 1)
        await store.set_table_data(channel_id, KIND, WINNER, {**winner, "pending": False})
        return rule


async def reset_rules(store: Store, channel_id: int) -> list[dict[str, Any]]:
    """End of a session: every rule is removed (and returned, to be revealed)."""
    async with _lock(channel_id):
        rules = await table_rules(store, channel_id)
        await store.set_table_data(channel_id, KIND, RULES, [])
        winner = await last_winner(store, channel_id)
        if winner is not None and winner.get("pending"):
            await store.set_table_data(channel_id, KIND, WINNER, {**winner, "pending": False})
        return rules


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
        int(event.data["rule"])
        for _, event in log
        if event.kind in ("penalty", "play", "rule_draw", "die", "ficelle") and event.data.get("rule") is not None
    }


class ChatVertHooks:
    """Implements ``bot.table_hooks.TableHooks`` for Le Chat vert."""

    async def prepare(self, store: Store, row: GameRow) -> dict[str, JSONValue]:
        rules = await table_rules(store, row.channel_id)
        return {"rules": rules, "dealer": dealer_seat(row, await last_winner(store, row.channel_id))}

    async def finished(self, store: Store, row: GameRow, state: Any, log: list[tuple[int, Event]]) -> None:
        results = get_game(row.kind).results(state)
        winners = [r.seat for r in results if r.rank == 1]
        async with _lock(row.channel_id):
            seen = used_rules(log)
            rules = await table_rules(store, row.channel_id)
            if seen:
                rules = [{**r, "seen": True} if r["id"] in seen else r for r in rules]
                await store.set_table_data(row.channel_id, KIND, RULES, rules)
            if len(winners) != 1:
                return
            seat = row.seats[winners[0]]
            owed = len(rules) < MAX_RULES
            winner = {"user": seat.user_id, "name": seat.name, "game": row.id, "pending": owed and not seat.is_bot}
            await store.set_table_data(row.channel_id, KIND, WINNER, winner)
            if seat.is_bot and owed:
                made = make_rule(rules, random.Random(f"{row.seed}:rule"))
                if made is not None:
                    number = int(await store.table_data(row.channel_id, KIND, NEXT_ID) or len(rules) + 1)
                    rule = validate_rule(
                        {**made, "id": number, "author": None, "author_name": seat.name, "seen": False}
                    )
                    rules.append(rule)
                    await store.set_table_data(row.channel_id, KIND, RULES, rules)
                    await store.set_table_data(row.channel_id, KIND, NEXT_ID, number + 1)


register_hooks(KIND, ChatVertHooks())
