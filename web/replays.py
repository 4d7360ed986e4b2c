"""A finished game's steps, for its replay page: the public table after every public change, rebuilt from the seed and
the stored actions by the same replay as a restart's (``bot.service.live.rebuild``), with the public events of each
step.

The steps are those of the animated replay (``bot.service.replay``: a move that changes nothing a spectator sees
makes no step; its public words, if any, join the step before), but all of them: a page steps through a whole game. The
latest games asked for are kept, a few at a time.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import Event
from bot.pictures.workers import off_loop
from bot.registry import engine_of
from bot.service.live import UNDO
from bot.service.live import rebuild
from bot.service.live import undone_numbers
from bot.service.replay import DEFAULT_PACE_MS
from bot.service.replay import HOLD_MILESTONE_MS
from bot.service.replay import PACE_MS
from bot.service.replay import visible
from bot.store import ActionRow
from bot.store import GameRow
from bot.store import Store
from web.views import Step
from web.views import public_only
from web.views import steps_data

KEPT = 8
"""Replays kept in memory: the games being watched now."""


def steps_of(engine: AnyEngine, row: GameRow, rows: Sequence[ActionRow]) -> list[Step]:
    """The game rebuilt from ``rows``: a step after the setup and after each action that changed the public table."""
    undone = undone_numbers(list(rows))
    applied = [r for r in rows if r.n not in undone and Action.loads(r.action).kind != UNDO]
    steps: list[Step] = []

    def observe(state: Any, events: list[Event]) -> None:
        view = engine.public_view(state)
        public = public_only(events)
        milestone = any(e.milestone for e in public)
        if steps and visible(steps[-1].view) == visible(view):
            if public:
                last = steps[-1]
                steps[-1] = replace(last, events=last.events + public, milestone=last.milestone or milestone)
            return
        made_by = applied[view.version - 1] if view.version else None
        steps.append(Step(view, made_by.n if made_by is not None else 0, public, milestone))

    rebuild(engine, row, list(rows), observe)
    return steps


@dataclass
class Replay:
    """A game's steps, and its page's data already encoded, by language."""

    row: GameRow
    steps: list[Step]
    encoded: dict[str, bytes] = field(default_factory=dict)

    def data(self, lang: str) -> bytes:
        found = self.encoded.get(lang)
        if found is None:
            pace = PACE_MS.get(self.row.kind, DEFAULT_PACE_MS)
            data = steps_data(self.row, self.steps, lang, pace, HOLD_MILESTONE_MS)
            found = self.encoded[lang] = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        return found


class Replays:
    """The replays of the latest games asked for; a game asked for by many at once is rebuilt once."""

    def __init__(self, store: Store, kept: int = KEPT) -> None:
        self.store = store
        self.kept = kept
        self._done: OrderedDict[int, Replay] = OrderedDict()
        self._making: dict[int, asyncio.Future[Replay]] = {}

    async def of(self, row: GameRow) -> Replay:
        found = self._done.get(row.id)
        if found is not None:
            self._done.move_to_end(row.id)
            return found
        making = self._making.get(row.id)
        if making is None:
            making = self._making[row.id] = asyncio.ensure_future(self._make(row))
            making.add_done_callback(lambda _: self._making.pop(row.id, None))
        return await asyncio.shield(making)

    async def _make(self, row: GameRow) -> Replay:
        actions = await self.store.actions(row.id)
        steps = await off_loop(steps_of, engine_of(row.kind), row, actions)
        replay = Replay(row, steps)
        self._done[row.id] = replay
        while len(self._done) > self.kept:
            self._done.popitem(last=False)
        return replay
