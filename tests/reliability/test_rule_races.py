"""Le Chat vert's table rules under races and failures: one transaction per change, a unique key per rule.

Two processes add rules to one table at once; a write fails in the middle of a change; a database written before
rules had their own table is migrated. Afterwards the rules always validate (distinct ids, no contradiction), so
the table can start its next game, and a failed change leaves the rules and the owed rule exactly as they were.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import GameError
from bot.games.base import validate_options
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import deal_fixed
from bot.games.chat_vert.rules import MAX_RULES
from bot.games.chat_vert.rules import check_rules
from bot.games.chat_vert.rules import validate_rule
from bot.service import chat_vert_table
from bot.service.chat_vert_table import KIND
from bot.service.chat_vert_table import ChatVertHooks
from bot.service.chat_vert_table import add_rule
from bot.service.chat_vert_table import last_winner
from bot.service.chat_vert_table import reset_rules
from bot.service.chat_vert_table import set_rules
from bot.service.chat_vert_table import table_rules
from bot.store import MIGRATIONS
from bot.store import GameRow
from bot.store import Seat
from bot.store import Store
from tests.service_support import game_row

CHANNEL = 4242
ROOT = Path(__file__).resolve().parents[2]
WORKER = """
import asyncio, random, sys
from bot.store import Store
from tests.reliability.test_rule_races import computer_wins

async def main(path: str, worker: int, games: int) -> None:
    store = await Store.open(path)
    try:
        Path = __import__("pathlib").Path
        Path(f"{path}.ready{worker}").touch()
        while not Path(f"{path}.go").exists():
            await asyncio.sleep(0.005)
        for game in range(games):
            await computer_wins(store, 1000 * worker + game)
    finally:
        await store.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
"""


def _row(game_id: int, seats: list[Seat]) -> GameRow:
    return game_row(game_id, KIND, seats, channel_id=CHANNEL, seed=game_id, status="over", host_id=1)


async def computer_wins(store: Store, game_id: int) -> None:
    """A game at the table ends with a computer player's win: the end-of-game hook makes its rule."""
    state = deal_fixed(GAME.setup(2, {}, random.Random(0)), [["R3"], ["B1", "B2"]], top="R5", turn=0)
    from bot.games.base import Action

    GAME.apply(state, 0, Action.of("play", card="R3", n=1, colour=None), random.Random(0))
    assert GAME.is_over(state)
    await ChatVertHooks().finished(store, _row(game_id, [Seat("Minou"), Seat("Ana", 7)]), state, [])


async def human_won(store: Store, user_id: int = 9) -> None:
    await store.set_table_data(CHANNEL, KIND, "winner", {"user": user_id, "name": "Wu", "game": 1, "pending": True})


def say_rule(rule_id: int, number: int, phrase: str) -> dict[str, Any]:
    cond = {"colour": None, "number": number, "kind": None}
    return validate_rule({"id": rule_id, "template": "say", "cond": cond, "phrase": phrase, "author": 5})


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


async def _can_start(store: Store) -> None:
    """What the table does when its next game starts: the rules in force become a valid option, and it deals."""
    extra = await ChatVertHooks().prepare(store, _row(99, [Seat("A", 1), Seat("B", 2)]))
    options = validate_options(GAME, {"timer": 0, **extra})
    GAME.setup(2, options, random.Random(1))


async def test_two_processes_adding_rules_never_give_two_rules_one_id(store: Store, db_path: Path) -> None:
    games = 12  # two workers: 24 wins, more than the 20 rules a table may hold
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", WORKER, str(db_path), str(w), str(games), cwd=ROOT, stderr=asyncio.subprocess.PIPE
        )
        for w in (1, 2)
    ]
    while not all(Path(f"{db_path}.ready{w}").exists() for w in (1, 2)):
        assert all(w.returncode is None for w in workers), "a worker died before the start"
        await asyncio.sleep(0.01)
    Path(f"{db_path}.go").touch()
    for worker in workers:
        _, err = await worker.communicate()
        assert worker.returncode == 0, err.decode()
    rules = await table_rules(store, CHANNEL)
    ids = [r["id"] for r in rules]
    assert len(rules) == MAX_RULES and sorted(set(ids)) == ids == list(range(1, MAX_RULES + 1))
    assert check_rules(rules) == rules
    await _can_start(store)


@pytest.mark.parametrize("key", ["next_id", "winner"])
async def test_a_write_failing_in_the_middle_of_a_new_rule_changes_nothing(store: Store, key: str) -> None:
    await set_rules(store, CHANNEL, [say_rule(1, 8, "Vélocyclette")])
    await human_won(store)
    before = (await table_rules(store, CHANNEL), await last_winner(store, CHANNEL))
    await store.db.execute(
        f"CREATE TEMP TRIGGER fail BEFORE INSERT ON table_data WHEN NEW.key = '{key}'"
        " BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END"
    )
    tortue = {"template": "greater", "phrase": "Tortue"}
    with pytest.raises(sqlite3.DatabaseError):
        await add_rule(store, CHANNEL, 9, tortue)
    assert (await table_rules(store, CHANNEL), await last_winner(store, CHANNEL)) == before
    # The disk is back: the winner still owes the rule, writes it once, and the table can deal again.
    await store.db.execute("DROP TRIGGER fail")
    made = await add_rule(store, CHANNEL, 9, tortue)
    assert made["id"] == 2 and [r["id"] for r in await table_rules(store, CHANNEL)] == [1, 2]
    assert (await last_winner(store, CHANNEL) or {})["pending"] is False
    await _can_start(store)


async def test_a_write_failing_in_the_end_of_game_hook_changes_nothing(store: Store) -> None:
    rules = [say_rule(1, 8, "Vélocyclette")]
    await set_rules(store, CHANNEL, rules)
    await human_won(store)
    before = (await table_rules(store, CHANNEL), await last_winner(store, CHANNEL))
    await store.db.execute(
        "CREATE TEMP TRIGGER fail BEFORE INSERT ON table_data WHEN NEW.key = 'winner'"
        " BEGIN SELECT RAISE(ABORT, 'disk I/O error (injected)'); END"
    )
    state = deal_fixed(GAME.setup(2, {"rules": rules}, random.Random(0)), [["R8"], ["B1", "B2"]], top="R5", turn=0)
    from bot.games.base import Action

    log = [(1, e) for e in GAME.apply(state, 0, Action.of("play", card="R8", n=1, colour=None), random.Random(0))]
    assert any(e.kind == "penalty" and e.data.get("rule") == 1 for _, e in log)  # rule 1 showed at work
    with pytest.raises(sqlite3.DatabaseError):
        await ChatVertHooks().finished(store, _row(5, [Seat("Minou"), Seat("Ana", 7)]), state, log)
    assert (await table_rules(store, CHANNEL), await last_winner(store, CHANNEL)) == before


async def test_concurrent_changes_in_one_process_stay_consistent(store: Store) -> None:
    """A winner's double submit and a reset racing it: one rule at most, never a half-written change."""
    await human_won(store)
    outcomes = await asyncio.gather(
        add_rule(store, CHANNEL, 9, {"template": "greater", "phrase": "Tortue"}),
        add_rule(store, CHANNEL, 9, {"template": "greater", "phrase": "Tortue"}),
        return_exceptions=True,
    )
    assert sum(isinstance(o, dict) for o in outcomes) == 1
    assert [o.code for o in outcomes if isinstance(o, GameError)] == ["no_rule_owed"]
    assert len(await table_rules(store, CHANNEL)) == 1


async def test_the_migration_moves_rules_and_renumbers_a_repeated_id(db_path: Path) -> None:
    """A table left by the old three-write code with two rules numbered 2; a game running during the upgrade."""
    with sqlite3.connect(db_path) as db:
        db.executescript(f"BEGIN; {MIGRATIONS[0]}; PRAGMA user_version = 1; COMMIT;")
        old = [say_rule(1, 8, "Vélocyclette"), say_rule(2, 3, "Trois"), say_rule(2, 4, "Quatre")]
        db.execute(
            "INSERT INTO table_data VALUES (?, 'chat_vert', 'rules', ?)", (CHANNEL, __import__("json").dumps(old))
        )
        db.execute("INSERT INTO table_data VALUES (?, 'chat_vert', 'next_id', '3')", (CHANNEL,))
        for status in ("running", "lobby", "over"):
            db.execute(
                "INSERT INTO games (channel_id, kind, options, seats, seed, status, host_id, created_at)"
                " VALUES (?, 'chat_vert', '{\"timer\": 60}', '[]', 1, ?, 1, 0)",
                (CHANNEL + (status == "lobby"), status),
            )
    store = await Store.open(db_path)
    try:
        await _check_migrated(store)
    finally:
        await store.close()


async def _check_migrated(store: Store) -> None:
    rules = await table_rules(store, CHANNEL)
    assert [(r["id"], r["phrase"]) for r in rules] == [(1, "Vélocyclette"), (2, "Trois"), (3, "Quatre")]
    assert check_rules(rules) == rules
    assert await store.table_data(CHANNEL, KIND, "rules") is None
    running, lobby = await store.games_with_status("running"), await store.games_with_status("lobby")
    assert running[0].options == {"timer": 60, "pause": 0} and lobby[0].options == {"timer": 60}
    # A finished game replays (for its log) as it was played, too.
    assert (await store.games_with_status("over"))[0].options == {"timer": 60, "pause": 0}
    await human_won(store)
    assert (await add_rule(store, CHANNEL, 9, {"template": "greater", "phrase": "Tortue"}))["id"] == 4


async def test_channel_locks_are_dropped_once_nobody_holds_them(store: Store) -> None:
    await set_rules(store, CHANNEL, [])

    async def refused(channel_id: int) -> None:
        with pytest.raises(GameError):
            await add_rule(store, channel_id, 9, {"template": "transfer"})

    # 1,000 tables, two racing rule operations each (one waits on the other's lock), then resets.
    await asyncio.gather(*(refused(channel_id) for channel_id in range(1, 1001) for _ in range(2)))
    assert chat_vert_table._locks == {}
    for channel_id in range(1, 1001, 100):
        await reset_rules(store, channel_id)
    assert chat_vert_table._locks == {}
