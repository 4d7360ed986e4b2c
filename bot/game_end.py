"""What follows a game's end once it is stored: the game's own epilogue (Le Chat vert's winner owes a rule) and its
rating, each given the game's whole log when it reads it.

A live game keeps only its latest events (``bot.live.trim_log``); the whole log is replayed from the stored actions
here, once a game, and only for a game whose epilogue or rating reads it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from collections.abc import Callable

from bot.games.base import Event
from bot.live import LiveGame
from bot.rating_service import rate_ended
from bot.rating_service import rounds_of
from bot.registry import hooks_of
from bot.store import GameRow
from bot.store import Store

Replay = Callable[[GameRow], Awaitable[LiveGame]]
"""The table service's replay of a game from its stored actions."""

log = logging.getLogger(__name__)


async def whole_log(live: LiveGame, replay: Replay) -> list[tuple[int, Event]]:
    """Every event of a live game: its log, or replayed from the stored actions once the log was trimmed."""
    return list(live.log) if live.whole else (await replay(live.row)).log


async def after_finish(store: Store, live: LiveGame, replay: Replay) -> None:
    """The epilogue and the rating of a game whose end is stored; an epilogue that fails is logged."""
    hooks = hooks_of(live.row.kind)
    wanted = hooks is not None or rounds_of(live.row.kind) is not None
    events = await whole_log(live, replay) if wanted else []
    if hooks is not None:
        try:
            await hooks.finished(store, live.row, live.state, events)
        except Exception:
            log.exception("the end-of-game hook of game %s failed", live.row.id)
    await rate_ended(store, live, events)
