"""What follows a game's end once it is stored: the game's own epilogue (Le Chat vert's winner owes a rule) and its
rating, each given the game's whole log when it reads it.

The end's own transaction marks the epilogue owed (``Store.append_action``, ``Store.finish_game``); it is marked done
only once the hook and the rating both are. A crash or a failed write in between leaves it owed: the next start, a
timer tick or the next game started does it, by whichever process claims it. Both parts may so run again after a
failure and do nothing the second time: a game is rated once (``Store.rate_game``), and a hook sees what it did.

A live game keeps only its latest events (``bot.service.live.trim_log``); the whole log is replayed from the stored
actions here, once a game, and only for a game whose epilogue or rating reads it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Set
from typing import Protocol

from bot.games.base import Event
from bot.ratings.service import rate_finished
from bot.ratings.service import rounds_of
from bot.registry import hooks_of
from bot.service.live import LiveGame
from bot.service.live import Publisher
from bot.service.live import Snapshot
from bot.service.live import result_lines
from bot.store import GameRow
from bot.store import Store

Replay = Callable[[GameRow], Awaitable[LiveGame]]
"""The table service's replay of a game from its stored actions."""

log = logging.getLogger(__name__)


class Ending(Protocol):
    """What finishing games and their epilogues needs of the table service."""

    store: Store
    clock: Callable[[], float]
    publisher: Publisher

    def lock_for(self, game_id: int) -> asyncio.Lock: ...

    async def final_snapshot(self, game_id: int) -> Snapshot: ...

    async def replay(self, row: GameRow) -> LiveGame: ...

    def forget_ended(self, game_id: int) -> None: ...


async def whole_log(live: LiveGame, replay: Replay) -> list[tuple[int, Event]]:
    """Every event of a live game: its log, or replayed from the stored actions once the log was trimmed."""
    return list(live.log) if live.whole else (await replay(live.row)).log


async def epilogue(store: Store, live: LiveGame, replay: Replay) -> None:
    """The hook and the rating of a game whose end is stored, then the epilogue marked done; raises on a failure
    (the epilogue stays owed)."""
    hooks = hooks_of(live.row.kind)
    wanted = hooks is not None or rounds_of(live.row.kind) is not None
    events = await whole_log(live, replay) if wanted else []
    if hooks is not None:
        await hooks.finished(store, live.row, live.state, events)
    await rate_finished(store, live.row, events, result_lines(live.row, live.engine.results(live.state)))
    await store.epilogue_done(live.row.id)


async def after_finish(store: Store, live: LiveGame, replay: Replay) -> bool:
    """The epilogue of a game whose end is stored: whether it is done; a failure is logged and leaves it owed."""
    try:
        await epilogue(store, live, replay)
    except Exception:
        log.exception("the epilogue of game %s failed: it stays owed and is done again later", live.row.id)
        return False
    return True


async def settle(service: Ending) -> list[int]:
    """Do the epilogue of every game whose end is stored but whose epilogue is still owed (a crash or a failure
    came between the two), each under its game's lock once claimed from the other processes; the ids done."""
    done: list[int] = []
    for game_id in await service.store.owed_epilogues():
        async with service.lock_for(game_id):
            try:
                if not await service.store.claim_epilogue(game_id, service.clock()):
                    continue
                row = await service.store.get_game(game_id)
                if row is None:
                    continue
                # Replayed, not cached: nothing of an ended game stays in memory for this.
                live = await service.replay(row)
            except Exception:
                log.exception("the owed epilogue of game %s could not be read", game_id)
                continue
            if await after_finish(service.store, live, service.replay):
                done.append(game_id)
        service.forget_ended(game_id)
    return done


async def recover(service: Ending, cached: Set[int]) -> list[int]:
    """At start-up: finish every game left 'running' whose replayed state is over (a crash at the worst time), but
    those live in this process (``cached``, read under each game's lock); then do every owed epilogue.

    The end is written as it would have been (status, ranking keyed by seat, so never twice), which marks its
    epilogue owed; the settling that follows does it with those of games whose end was stored just before a crash,
    and shows each of these games' end, which the crash kept from being shown (the ranking, the ratings, "Play
    again"). Returns the ids of the games finished so.
    """
    finished: list[int] = []
    for row in await service.store.games_with_status("running"):
        async with service.lock_for(row.id):
            if row.id in cached:
                continue
            try:
                # Replayed, not cached: a restart does not load every running game into memory at once.
                live = await service.replay(row)
            except Exception:
                log.exception("game %s could not be replayed at start-up", row.id)
                continue
            if not live.engine.is_over(live.state):
                continue
            results = result_lines(live.row, live.engine.results(live.state))
            await service.store.finish_game(row.id, "over", results, service.clock())
        service.forget_ended(row.id)
        finished.append(row.id)
    for game_id in await settle(service):
        await service.publisher.publish(await service.final_snapshot(game_id))
    return finished
