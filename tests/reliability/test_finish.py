"""A game's final move and its end (status, ranking, statistics) are one transaction; a start-up finishes the rest.

Before, the final move and the end were two transactions, and a crash between them (seen in 2 of 120 kills) left
a finished game marked running for ever. The crash is made here exactly: the final move stored, the end not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service.tables import TableError
from tests.reliability.support import service_on
from tests.reliability.support import to_the_last_move

SHORT = {"nain_jaune": {"deals": 1}, "triominos": {"rounds": 1, "target": 50}}


@pytest.mark.parametrize("kind", sorted(SHORT))
async def test_a_failing_end_takes_the_final_move_back_with_it(db_path: Path, kind: str) -> None:
    service = await service_on(db_path)
    game, live, user, action = await to_the_last_move(service, kind, 11, **SHORT[kind])
    n = live.n
    await service.store.db.execute(
        "CREATE TEMP TRIGGER no_results BEFORE INSERT ON main.results BEGIN SELECT RAISE(ABORT, 'disk'); END"
    )
    with pytest.raises(TableError) as failed:
        await service.act(game, user, action)
    assert failed.value.code == "not_saved"
    row = await service.store.get_game(game)
    assert row is not None and row.status == "running"
    assert await service.store.action_count(game) == n  # the final move went with its failed end
    assert not live.engine.is_over((await service.load(game)).state)

    await service.store.db.execute("DROP TRIGGER no_results")
    await service.act(game, user, action)
    row = await service.store.get_game(game)
    assert row is not None and row.status == "over" and await service.store.action_count(game) == n + 1
    assert len(await service.store.stats(1, kind)) == 2


@pytest.mark.parametrize("kind", sorted(SHORT))
async def test_a_crash_between_the_final_move_and_the_end_is_finished_at_start_up(db_path: Path, kind: str) -> None:
    service = await service_on(db_path)
    game, live, _, action = await to_the_last_move(service, kind, 11, **SHORT[kind])
    seat = min(live.engine.to_act(live.state))
    # The crash: the final move is written alone, as the old two-step finish did before dying.
    await service.store.append_action(game, live.n + 1, seat, action.dumps(), at=service.clock())
    await service.store.close()

    restarted = await service_on(db_path)
    assert await restarted.recover() == [game]
    row = await restarted.store.get_game(game)
    assert row is not None and row.status == "over" and row.ended_at is not None
    stats = await restarted.store.stats(1, kind)
    assert sorted(line.user_id for line in stats) == [1, 2] and all(line.games == 1 for line in stats)
    assert sum(line.wins for line in stats) >= 1

    # Once only: a second start-up finds nothing to finish and records nothing twice.
    await restarted.store.close()
    again = await service_on(db_path)
    assert await again.recover() == []
    assert await again.store.stats(1, kind) == stats
    async with again.store.db.execute("SELECT COUNT(*) FROM results WHERE game_id = ?", (game,)) as cur:
        count = await cur.fetchone()
    assert count is not None and count[0] == 2
