"""Several processes on one database: the version check before a move, the timer claims, the announcements that
drop a stale cache; and on SQLite (one process) the same calls change nothing of today's behaviour.

Two processes are two stores (each with its own pool and listener) and two table services in this test process,
on the same throwaway PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.registry import player_of
from bot.service.tables import TableService
from bot.store import Store
from bot.store import open_store
from bot.store.postgres import PostgresBackend
from tests.service_support import Clock
from tests.service_support import Recorder

ALICE, BOB = 11, 12


async def two_player_game(service: TableService, channel: int = 7) -> int:
    """A running Nain Jaune between two people (no computer player), turn timers of 2 and 10 minutes."""
    row = await service.open_table(
        guild_id=1, channel_id=channel, kind="nain_jaune", options={}, host_id=ALICE, host_name="Alice", locale="fr"
    )
    await service.join(row.id, BOB, "Bob")
    await service.start(row.id, ALICE)
    return row.id


async def move(service: TableService, game_id: int) -> int:
    """The awaited person's move, as their computer player would choose it, with the version the service holds."""
    live = await service.load(game_id)
    seat = min(live.engine.to_act(live.state))
    action = player_of(live.row.kind).act(live.state, seat, random.Random(live.n))
    user = live.row.seats[seat].user_id
    assert user is not None
    await service.act(game_id, user, action, live.n)
    return (await service.load(game_id)).n


async def test_a_process_whose_cache_is_behind_reloads_before_it_applies(postgres_url: str) -> None:
    first = TableService(await open_store(postgres_url))
    # The second process hears nothing: only the check under the game's lock can tell it that its copy is behind.
    second = TableService(Store(await PostgresBackend.open(postgres_url, listen=False)))
    try:
        game = await two_player_game(first)
        await second.load(game)
        cached = second._live[game]
        stored = await move(first, game)
        assert second._live[game] is cached and cached.n < stored  # still behind
        # Under the game's lock the second process finds its copy behind and replays the stored game instead.
        async with second.locked(game) as fresh:
            assert fresh is not cached and fresh.n == stored
            assert second._live[game] is fresh
        # So its next move follows the stored ones, rather than writing again a number the first process took.
        final = await move(second, game)
        assert final > stored
        assert [a.n for a in await first.store.actions(game)] == list(range(1, final + 1))
    finally:
        await first.store.close()
        await second.store.close()


async def test_an_announced_move_drops_the_other_process_cache(postgres_url: str) -> None:
    first, second = TableService(await open_store(postgres_url)), TableService(await open_store(postgres_url))
    try:
        game = await two_player_game(first)
        await first.load(game)
        await second.load(game)
        await move(first, game)
        assert game in first._live  # a process's own move never drops its own copy
        for _ in range(200):
            if game not in second._live:
                break
            await asyncio.sleep(0.01)
        assert game not in second._live
        assert (await second.load(game)).n == (await first.load(game)).n
    finally:
        await first.store.close()
        await second.store.close()


async def test_two_processes_claim_a_due_timer_once(postgres_url: str) -> None:
    a, b = await open_store(postgres_url), await open_store(postgres_url)
    try:
        row = await a.create_game(
            guild_id=1, channel_id=1, kind="njet", options={}, seats=[], seed=1, host_id=1, locale="fr", now=0.0
        )
        await a.update_game(row.id, status="running", turn_since=10.0)
        claims = await asyncio.gather(a.claim_timers(500.0, 0.0, 60.0), b.claim_timers(500.0, 0.0, 60.0))
        assert sorted(len(c) for c in claims) == [0, 1]
        # Held: nobody else gets it until the claim is released, or its lease (60 s) runs out.
        assert await b.claim_timers(559.0, 0.0, 60.0) == [] and await a.claim_timers(559.0, 0.0, 60.0) == []
        holder = a if claims[0] else b
        other = b if holder is a else a
        await other.release_timer(row.id)  # only the holder's release counts
        assert await other.claim_timers(520.0, 0.0, 60.0) == []
        await holder.release_timer(row.id)
        assert [g.id for g in await other.claim_timers(520.0, 0.0, 60.0)] == [row.id]
        # The new holder dies without releasing: at 581 s its lease is over and the first store takes the game.
        assert [g.id for g in await holder.claim_timers(581.0, 0.0, 60.0)] == [row.id]
    finally:
        await a.close()
        await b.close()


async def test_a_reminder_is_claimed_once_per_turn(store: Store) -> None:
    row = await store.create_game(
        guild_id=1, channel_id=1, kind="njet", options={}, seats=[], seed=1, host_id=1, locale="fr", now=0.0
    )
    await store.update_game(row.id, status="running", turn_since=10.0)
    assert await store.claim_reminder(row.id, 9.0) is False  # not the current turn
    assert await store.claim_reminder(row.id, 10.0) is True
    assert await store.claim_reminder(row.id, 10.0) is False
    await store.append_action(row.id, 1, 0, '{"kind":"x"}', at=20.0, turn_since=20.0)
    assert await store.claim_reminder(row.id, 20.0) is True


async def test_reminders_fire_once_with_two_processes_ticking_together(postgres_url: str) -> None:
    clock = Clock()
    recorders = [Recorder(), Recorder()]
    services = [TableService(await open_store(postgres_url), r, clock=clock) for r in recorders]
    try:
        games = [await two_player_game(services[0], channel) for channel in (1, 2, 3)]
        clock.now += 121
        await asyncio.gather(*(s.run_timers() for s in services))
        await asyncio.gather(*(s.run_timers() for s in services))
        reminded = sorted(g for r in recorders for g, _ in r.reminders)
        assert reminded == games  # each once, whichever process sent it
        clock.now += 480  # ten minutes: the computer plays for the absent person, once
        counts = [await services[0].store.action_count(g) for g in games]
        await asyncio.gather(*(s.run_timers() for s in services))
        for game, count in zip(games, counts, strict=True):
            actions = await services[1].store.actions(game)
            timed_out = [a for a in actions[count:] if a.how == "timeout"]
            assert len(timed_out) == 1 and actions[count].how == "timeout"
    finally:
        for service in services:
            await service.store.close()


async def test_on_sqlite_one_process_claims_everything_and_hears_nothing(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.db")
    try:
        assert store.shared is False
        heard: list[tuple[int, int]] = []
        store.watch(lambda game, n: heard.append((game, n)))
        old = await store.create_game(
            guild_id=1, channel_id=1, kind="njet", options={}, seats=[], seed=1, host_id=1, locale="fr", now=0.0
        )
        new = await store.create_game(
            guild_id=1, channel_id=2, kind="njet", options={}, seats=[], seed=1, host_id=1, locale="fr", now=90.0
        )
        running = await store.create_game(
            guild_id=1, channel_id=3, kind="njet", options={}, seats=[], seed=1, host_id=1, locale="fr", now=0.0
        )
        await store.update_game(running.id, status="running", turn_since=5.0)
        # Lobbies created before the given time (they expire), then the running games; again and again, no lease.
        for _ in range(2):
            assert [g.id for g in await store.claim_timers(100.0, 50.0, 60.0)] == [old.id, running.id]
            await store.release_timer(running.id)
        assert new.id not in [g.id for g in await store.claim_timers(100.0, 50.0, 60.0)]
        await store.append_action(running.id, 1, 0, '{"kind":"x"}')
        assert heard == []
        assert await store.game_version(running.id) == (1, await store.get_game(running.id))
        assert await store.game_version(999) is None
    finally:
        await store.close()
