"""The pictures already drawn, so that drawing an unchanged table or hand again costs nothing.

A picture is keyed by what it is drawn from: the game, which picture, the view, the names and the language. A table's
view is a frozen dataclass that may hold dicts (event data), so its key holds a digest of the pickled view: equal
pickles mean equal views, so a hit is always the right picture (two equal views that pickle differently only miss).
Pictures never draw a view's ``events`` or ``version`` (a test checks it), so both are left out. A hand is keyed by
what its game's hand picture draws of the view (``hand_key``, tested to draw the same picture whenever it is equal):
a seat whose view changed only in what its hand does not show (the others' counts, the moves its buttons offer) keeps
its picture. Keys are kept as their ``digest`` (16 bytes). The cache is an LRU bounded by its bytes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import pickle
from collections import OrderedDict
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Sequence
from typing import Any
from typing import cast

from bot.games.base import SeatView
from bot.games.base import TableView
from bot.pictures.digest import digest
from bot.pictures.workers import Job
from bot.pictures.workers import Picture
from bot.pictures.workers import render
from bot.pictures.workers import render_many
from bot.registry import pictures_of

BUDGET = 32 * 1024 * 1024
"""About three hundred pictures: the recent ones of the tables being played."""


def view_digest(view: TableView[Any] | SeatView[Any, Any]) -> bytes:
    """What in ``view`` a picture may depend on, as a short digest (events and version left out)."""
    drawn = dataclasses.replace(view, events=(), version=0)
    return hashlib.blake2b(pickle.dumps(drawn, protocol=pickle.HIGHEST_PROTOCOL), digest_size=16).digest()


def picture_key(kind: str, what: Picture, view: TableView[Any] | SeatView[Any, Any], *args: Hashable) -> bytes:
    """A table is keyed by its whole view; a hand by what its game's hand picture draws of the view (``hand_key``):
    a seat whose view changed only in what its hand does not show keeps its picture. Kept as a ``digest``."""
    if what == "hand":
        return digest((kind, what, pictures_of(kind).hand_key(cast("SeatView[Any, Any]", view)), args))
    return digest((kind, what, view_digest(view), args))


class PictureCache:
    """PNGs by key, least recently used first out once their bytes pass ``budget``."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.size = 0
        self.hits = 0
        self.misses = 0
        self._pngs: OrderedDict[Hashable, bytes] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[bytes]] = {}
        self._batches: set[asyncio.Future[list[bytes]]] = set()

    def __len__(self) -> int:
        return len(self._pngs)

    def get(self, key: Hashable) -> bytes | None:
        png = self._pngs.get(key)
        if png is not None:
            self._pngs.move_to_end(key)
        return png

    def put(self, key: Hashable, png: bytes) -> None:
        """Keep ``png`` (not when it alone is over the budget), dropping the least recently used to make room."""
        old = self._pngs.pop(key, None)
        if old is not None:
            self.size -= len(old)
        if len(png) > self.budget:
            return
        self._pngs[key] = png
        self.size += len(png)
        while self.size > self.budget:
            _, dropped = self._pngs.popitem(last=False)
            self.size -= len(dropped)

    async def picture(self, key: Hashable, draw: Callable[[], Awaitable[bytes]]) -> bytes:
        """The picture for ``key``: kept, being drawn for someone else (shared), or drawn now and kept.

        The drawing is a task of its own: a caller that gives up (cancelled) leaves it to the others and the cache.
        """
        png = self.get(key)
        if png is not None:
            self.hits += 1
            return png
        task = self._drawing.get(key)
        if task is None:
            self.misses += 1
            task = asyncio.ensure_future(draw())
            self._drawing[key] = task
            task.add_done_callback(functools.partial(self._drawn, key))
        else:
            self.hits += 1
        return await asyncio.shield(task)

    async def many(
        self,
        wanted: Sequence[tuple[Hashable, Job]],
        draw_many: Callable[[list[Job]], Awaitable[list[bytes]]],
    ) -> list[bytes]:
        """The pictures for several keys, in order: those kept or being drawn are shared, the others drawn together
        by one call of ``draw_many`` (each then kept, and shared meanwhile like any picture being drawn)."""
        loop = asyncio.get_running_loop()
        futures: list[asyncio.Future[bytes]] = []
        missing: list[tuple[asyncio.Future[bytes], Job]] = []
        for key, job in wanted:
            png = self.get(key)
            drawing = self._drawing.get(key)
            if png is not None or drawing is not None:
                self.hits += 1
                if drawing is None:
                    drawing = loop.create_future()
                    drawing.set_result(png or b"")
                futures.append(drawing)
                continue
            self.misses += 1
            future: asyncio.Future[bytes] = loop.create_future()
            self._drawing[key] = future
            future.add_done_callback(functools.partial(self._drawn, key))
            futures.append(future)
            missing.append((future, job))
        if missing:
            # held until done: a task nobody holds may be collected half-way
            self._batches.add(batch := asyncio.ensure_future(draw_many([job for _, job in missing])))
            batch.add_done_callback(self._batches.discard)
            batch.add_done_callback(functools.partial(_settle, [future for future, _ in missing]))
        return [await asyncio.shield(future) for future in futures]

    def _drawn(self, key: Hashable, task: asyncio.Future[bytes]) -> None:
        del self._drawing[key]
        if not task.cancelled() and task.exception() is None:
            self.put(key, task.result())

    def clear(self) -> None:
        self._pngs.clear()
        self.size = 0


def _settle(futures: Sequence[asyncio.Future[bytes]], task: asyncio.Future[list[bytes]]) -> None:
    """Hand each picture of a batch to its own future (or the batch's failure to each)."""
    for index, future in enumerate(futures):
        if future.done():
            continue
        if task.cancelled():
            future.cancel()
        elif (error := task.exception()) is not None:
            future.set_exception(error)
        else:
            future.set_result(task.result()[index])


CACHE = PictureCache()


async def table_picture(kind: str, view: TableView[Any] | SeatView[Any, Any], names: Sequence[str], lang: str) -> bytes:
    """The table picture of ``view``, drawn off the loop unless the same one was drawn recently."""
    key = picture_key(kind, "table", view, tuple(names), lang)
    return await CACHE.picture(key, lambda: render(kind, "table", view, list(names), lang))


async def hand_picture(kind: str, view: SeatView[Any, Any], lang: str) -> bytes:
    """A seat's hand picture, drawn off the loop unless the same one was drawn recently."""
    return await CACHE.picture(picture_key(kind, "hand", view, lang), lambda: render(kind, "hand", view, lang))


async def pictures(
    kind: str,
    table: tuple[TableView[Any] | SeatView[Any, Any], Sequence[str], str] | None,
    hands: Sequence[tuple[SeatView[Any, Any], str]],
    lane: int | None = None,
) -> list[bytes]:
    """The table picture (when asked: view, names, language) and hands (view, language) a published move needs,
    in that order: the ones not kept are drawn together, shared among the workers (``render_many``), the table by
    the ``lane``'s worker (give the game's id: its caches hold the game's last pictures)."""
    wanted: list[tuple[Hashable, Job]] = []
    if table is not None:
        view, names, lang = table
        wanted.append((picture_key(kind, "table", view, tuple(names), lang), ("table", (view, list(names), lang))))
    for hand, lang in hands:
        wanted.append((picture_key(kind, "hand", hand, lang), ("hand", (hand, lang))))
    return await CACHE.many(wanted, functools.partial(render_many, kind, lane=lane))
