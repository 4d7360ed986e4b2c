"""What a game's end leaves behind (the game's hook, its rating) survives a crash and a failed write.

The end's transaction marks the epilogue owed; a process killed right after it, or an epilogue whose write fails,
leaves it owed, and the next start (or timer tick, or game started) does it once. Before, the epilogue ran in
transactions of its own after the end and a failure was only logged: the restarted bot had the game over, but the
winner of Le Chat vert owed no rule, the rules seen in the game stayed unseen, the next game's dealer was drawn by
lot and the game was never rated.
"""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import GameError
from bot.service.chat_vert_table import HOOKS
from bot.service.chat_vert_table import add_rule
from bot.service.chat_vert_table import last_winner
from bot.service.chat_vert_table import table_rules
from bot.service.chat_vert_table import used_rules
from bot.service.tables import TableService
from bot.store import Store
from tests.reliability.end_child import CHANNEL
from tests.reliability.end_child import GUILD
from tests.reliability.end_child import people
from tests.reliability.end_child import started
from tests.reliability.support import KINDS
from tests.reliability.support import ahead
from tests.reliability.support import next_move
from tests.reliability.support import replayed
from tests.service_support import Clock
from tests.service_support import Recorder
from tests.service_support import open_store

ROOT = Path(__file__).resolve().parents[2]
SAY_RULE = {"template": "say", "phrase": "Un", "author": 90, "author_name": "Autrice"}


def killed_at_the_end(db: Path, kind: str) -> int:
    """Run the child that plays a game of ``kind`` and dies right after its end is stored: the game's id."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.reliability.end_child", str(db), kind],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == -9, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("game ")]
    assert len(lines) == 1, done.stdout
    return int(lines[0].split()[1])


async def restarted(db: Path, store_class: type[Store] = Store) -> TableService:
    service = TableService(await open_store(db, store_class), Recorder(), clock=Clock())
    await service.recover()
    return service


async def assert_rated_once(service: TableService, game: int, kind: str) -> None:
    changes = await service.store.rating_changes(game)
    assert len(changes) == people(kind)
    ladder = await service.store.ladder(GUILD, kind)
    assert sorted(r.games for r in ladder) == [1] * people(kind)


async def assert_chat_vert_epilogue(service: TableService, game: int) -> None:
    """The winner owes their rule, the rules broken or used are seen, the winner deals the next game."""
    live = await replayed(service, game)
    (result,) = [r for r in live.engine.results(live.state) if r.rank == 1]
    winner = live.row.seats[result.seat]
    owed = await last_winner(service.store, CHANNEL)
    assert owed is not None and owed["user"] == winner.user_id and owed["pending"] is True
    used = used_rules(live.log)
    assert used, "the game put none of its rules to work: the seen marks are not tested"
    assert {r["id"] for r in await table_rules(service.store, CHANNEL) if r["seen"]} == used

    assert winner.user_id is not None
    rule = await add_rule(service.store, CHANNEL, winner.user_id, {**SAY_RULE, "phrase": "Quatre"} | _cond(4))
    assert rule["author"] == winner.user_id
    nxt = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, kind="chat_vert", options={}, host_id=1, host_name="P1", locale="fr"
    )
    for user in range(2, people("chat_vert") + 1):
        await service.join(nxt.id, user, f"P{user}")
    started = await service.start(nxt.id, 1)
    assert started.row.options["dealer"] == result.seat


def _cond(number: int) -> dict[str, Any]:
    return {"cond": {"colour": None, "number": number, "kind": None}}


@pytest.mark.parametrize("kind", KINDS)
async def test_a_process_killed_right_after_the_end_owes_the_epilogue_to_the_next_start(
    db_path: Path, kind: str
) -> None:
    game = killed_at_the_end(db_path, kind)
    service = await restarted(db_path)
    row = await service.store.get_game(game)
    assert row is not None and row.status == "over"
    # The end the crash kept from being shown (the ranking, the ratings, "Play again") is shown at the start.
    recorder = service.publisher
    assert isinstance(recorder, Recorder)
    assert [(s.game.id, s.over) for s in recorder.snapshots] == [(game, True)]
    await assert_rated_once(service, game, kind)
    if kind == "chat_vert":
        await assert_chat_vert_epilogue(service, game)
    assert await service.store.owed_epilogues() == []

    # Once only: another start finds nothing owed and rates nothing twice.
    again = await restarted(db_path)
    assert await again.store.owed_epilogues() == []
    assert isinstance(again.publisher, Recorder) and again.publisher.snapshots == []
    await assert_rated_once(again, game, kind)


class FailingOnce(Store):
    """The real store whose first rating write fails, as a full disk or a locked database makes it fail."""

    failures = 1

    async def rate_game(self, *args: Any, **kwargs: Any) -> Any:
        if self.failures > 0:
            self.failures -= 1
            raise sqlite3.OperationalError("database or disk is full")
        return await super().rate_game(*args, **kwargs)


@pytest.mark.parametrize("kind", KINDS)
async def test_an_epilogue_whose_write_fails_is_done_at_the_next_timer_tick(db_path: Path, kind: str) -> None:
    store = await open_store(db_path, FailingOnce)
    service = TableService(store, clock=Clock())
    row = await started(service, kind)
    rng = random.Random(3)
    while (live := await service.load(row.id)).row.status == "running":
        user, action = next_move(live, rng)
        over = live.engine.is_over(ahead(live, action))
        await service.act(row.id, user, action)
        if over:
            break
    assert store.failures == 0
    assert await store.rating_changes(row.id) == []

    await service.run_timers()
    await assert_rated_once(service, row.id, kind)
    assert await store.owed_epilogues() == []


async def test_the_hook_done_twice_makes_a_computer_winners_rule_once(db_path: Path) -> None:
    """A computer winner makes its rule at once; the hook done again (an epilogue retried) makes no second one."""
    store = await open_store(db_path)
    service = TableService(store, clock=Clock())
    row = await service.open_table(
        guild_id=GUILD, channel_id=CHANNEL, kind="chat_vert", options={}, host_id=1, host_name="P1", locale="fr"
    )
    await service.add_bot(row.id, 1)
    await service.start(row.id, 1)
    rng = random.Random(5)
    while (live := await service.load(row.id)).row.status == "running":
        user, action = next_move(live, rng)
        await service.act(row.id, user, action)
    live = await replayed(service, row.id)
    computer = next(i for i, s in enumerate(live.row.seats) if s.is_bot)
    assert [r.seat for r in live.engine.results(live.state) if r.rank == 1] == [computer]  # this seed's deal
    made = await table_rules(store, CHANNEL)
    assert len(made) == 1 and made[0]["author"] is None

    await HOOKS.finished(store, live.row, live.state, live.log)
    assert await table_rules(store, CHANNEL) == made
    winner = await last_winner(store, CHANNEL)
    assert winner is not None and winner["game"] == row.id and winner["pending"] is False
    with pytest.raises(GameError) as refused:
        await add_rule(store, CHANNEL, 1, {**SAY_RULE} | _cond(5))
    assert refused.value.code == "no_rule_owed"
