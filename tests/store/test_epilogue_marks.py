"""The mark of an owed epilogue: written with a game's end, once; claimed by one process at a time; gone once done."""

from __future__ import annotations

import asyncio

from bot.store import ResultLine
from bot.store import Seat
from bot.store import Store
from bot.store import open_store

RESULTS: list[ResultLine] = [(0, 1, "A", 1, 10), (1, 2, "B", 2, 5)]


async def running_game(store: Store, channel: int = 1) -> int:
    row = await store.create_game(
        guild_id=1,
        channel_id=channel,
        kind="njet",
        options={},
        seats=[Seat("A", 1), Seat("B", 2)],
        seed=1,
        host_id=1,
        locale="fr",
        now=0.0,
    )
    await store.update_game(row.id, status="running")
    return row.id


async def test_the_final_move_marks_the_epilogue_owed_until_it_is_done(store: Store) -> None:
    game = await running_game(store)
    await store.append_action(game, 1, 0, '{"k":"x"}', at=1.0)
    assert await store.owed_epilogues() == []
    await store.append_action(game, 2, 1, '{"k":"x"}', at=2.0, results=RESULTS)
    assert await store.owed_epilogues() == [game]
    assert await store.claim_epilogue(game, 3.0)
    await store.epilogue_done(game)
    assert await store.owed_epilogues() == []
    assert not await store.claim_epilogue(game, 4.0)
    # The end written again (a start-up finishing it twice) owes nothing new.
    await store.finish_game(game, "over", RESULTS, 5.0)
    assert await store.owed_epilogues() == []


async def test_a_game_finished_at_start_up_owes_its_epilogue_and_an_abandoned_one_none(store: Store) -> None:
    finished, abandoned = await running_game(store, 1), await running_game(store, 2)
    await store.finish_game(finished, "over", RESULTS, 1.0)
    await store.finish_game(abandoned, "abandoned", [], 1.0)
    assert await store.owed_epilogues() == [finished]


async def test_two_processes_claim_an_owed_epilogue_one_at_a_time(postgres_url: str) -> None:
    a, b = await open_store(postgres_url), await open_store(postgres_url)
    try:
        game = await running_game(a)
        await a.append_action(game, 1, 0, '{"k":"x"}', at=100.0, results=RESULTS)
        # The process that ended the game holds its epilogue; the other waits for the lease to run out.
        assert await a.claim_epilogue(game, 101.0, 60.0)
        assert not await b.claim_epilogue(game, 101.0, 60.0)
        # a dies: past its lease, b takes it, and holds it from a and from a third process alike.
        assert await b.claim_epilogue(game, 170.0, 60.0)
        c = await open_store(postgres_url)
        try:
            both = await asyncio.gather(a.claim_epilogue(game, 171.0, 60.0), c.claim_epilogue(game, 171.0, 60.0))
            assert both == [False, False]
        finally:
            await c.close()
        await b.epilogue_done(game)
        assert await a.owed_epilogues() == []
    finally:
        await a.close()
        await b.close()
