"""Where CPU work runs off the event loop: game pictures in worker processes, everything else in two threads.

Drawing a picture is pure Python and Pillow, bound by the GIL: in threads it competes with the event loop for
one core and stalls it. Worker processes, one per core, draw in parallel and leave the loop's GIL alone; only the
view (a few KiB) and the PNG cross the pipe. They start from a "forkserver" that has imported the renderers once
(safe with a running event loop and threads, unlike a plain fork), so a new worker is ready at once. When processes
cannot start (no semaphores, no fork) pictures fall back to the threads, and so does any callable that cannot be
sent to another process (``off_loop``).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import multiprocessing
import os
import select
import signal
import threading
import time
import weakref
from collections.abc import Callable
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Literal
from typing import ParamSpec
from typing import TypeVar

from bot.registry import GAMES
from bot.registry import pictures_of

P = ParamSpec("P")
R = TypeVar("R")
Mode = Literal["processes", "threads"]
Picture = Literal["table", "hand"]

log = logging.getLogger(__name__)

RENDER_THREADS = 2
RENDER_PROCESSES = max(1, os.cpu_count() or 1)
START_METHOD = "forkserver"
WORKER_NICENESS = 10
PARENT_CHECK_SECONDS = 1.0
START_TIMEOUT = 60.0
"""Workers yield the cores to the event loop's process: a move's reply never waits behind someone's picture."""
PRELOAD = ("bot.pictures.workers", *(spec.pictures.partition(":")[0] for spec in GAMES), "bot.pictures.warmed")
"""Imported once by the fork server, so that every worker starts with the renderers loaded and their caches warm."""

_starting = threading.Lock()
_threads = ThreadPoolExecutor(max_workers=RENDER_THREADS, thread_name_prefix="render")


STEAL_AFTER = 2
"""A lane this many jobs busier than another gives a new job away: a worker's warm caches save a third of a picture,
waiting behind two more pictures costs more than that."""


class _Processes:
    """The worker processes, one lane each (a pool of one process), started on first use; a lane whose worker died
    starts again on the next picture; ``failed`` once they could not start (threads from then on).

    Pictures have lanes rather than one shared queue because each worker keeps the parts it drew last (a table's
    panels, the board at its size, the faces of the cards in play): a game drawn by the same worker move after move
    finds them there: measured, its table costs about a third less (hands about a tenth) than when the two workers
    take turns at it."""

    mode: Mode = "processes"
    lanes: list[ProcessPoolExecutor | None] = [None] * RENDER_PROCESSES
    waiting: list[int] = [0] * RENDER_PROCESSES
    """Jobs sent to each lane and not yet back."""
    failed: bool = False

    @classmethod
    def live(cls) -> list[ProcessPoolExecutor]:
        """The lanes' pools that have a worker."""
        return [pool for pool in cls.lanes if pool is not None]


def set_mode(mode: Mode) -> None:
    """Draw pictures in worker processes (the default) or in the render threads (to compare, or by choice)."""
    _Processes.mode = mode


def mode() -> Mode:
    """Where pictures are drawn now: "threads" when processes are not wanted or could not start."""
    return "threads" if _Processes.mode == "threads" or _Processes.failed else "processes"


def _worker_started(bot: int) -> None:
    """In each worker: Ctrl-C is the bot's to handle, the cores are the bot's first, the worker ends with the bot
    process ``bot``; every game's pictures are loaded before the first one."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(WORKER_NICENESS)
    threading.Thread(target=_end_with, args=(bot,), name="end-with-bot", daemon=True).start()
    for spec in GAMES:
        pictures_of(spec.kind)


def _end_with(bot: int) -> None:
    """Exit once the bot process has ended: killed without a shutdown, it cannot tell its workers (which would wait
    for work forever, holding the fork server alive). A process descriptor sees the end even before the bot's own
    parent reaps it; without one, the bot is looked for every second."""
    try:
        ended = os.pidfd_open(bot)
    except (AttributeError, OSError):
        while _exists(bot):
            time.sleep(PARENT_CHECK_SECONDS)
    else:
        select.select([ended], [], [])
    os._exit(0)


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _ready() -> None:
    """Nothing: each worker answers it once it has started."""


def _start() -> None:
    """Start the worker of every lane without one, and wait until each answers; mark the processes failed if they
    cannot (and stop them all: pictures go to the threads).

    Run in a thread (starting takes a moment) and in an empty context: nothing of the caller's (a simulated clock
    in tests) reaches the waits of ``multiprocessing``. Every worker starts here, so that a picture never starts one.
    """
    with _starting:
        lanes = _Processes.lanes
        missing = [lane for lane, pool in enumerate(lanes) if pool is None]
        if not missing or _Processes.failed:
            return
        started: dict[int, ProcessPoolExecutor] = {}
        try:
            context = multiprocessing.get_context(START_METHOD)
            context.set_forkserver_preload(list(PRELOAD))
            for lane in missing:
                started[lane] = ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=_worker_started, initargs=(os.getpid(),)
                )
            for ready in [pool.submit(_ready) for pool in started.values()]:
                ready.result(timeout=START_TIMEOUT)
        except (OSError, ValueError, ImportError, BrokenProcessPool, TimeoutError) as error:
            log.warning("render processes cannot start (%r): pictures are drawn in threads", error)
            _Processes.failed = True
            for pool in [*started.values(), *_Processes.live()]:
                pool.shutdown(wait=False, cancel_futures=True)
            _Processes.lanes = [None] * RENDER_PROCESSES
            return
        for lane, pool in started.items():
            lanes[lane] = pool


def start_now() -> None:
    """Start the worker processes from a program whose event loop is not running yet (the bot, before it connects),
    so that the first move finds them ready and warm."""
    if _Processes.mode == "processes":
        _start()


async def start() -> None:
    """Start the worker processes now rather than at the first picture (it takes a moment: the bench's warm-up)."""
    if _Processes.mode == "processes" and None in _Processes.lanes and not _Processes.failed:
        await asyncio.get_running_loop().run_in_executor(_threads, contextvars.Context().run, _start)


def draw(kind: str, what: Picture, *args: object) -> bytes:
    """Draw one picture of a game (in whichever process runs it): ``pictures_of(kind).table`` or ``.hand``."""
    picture: Callable[..., bytes] = getattr(pictures_of(kind), what)
    return picture(*args)


Job = tuple[Picture, tuple[object, ...]]
"""One picture of a game to draw: which, and the arguments of the game's ``table`` or ``hand``."""
COST: dict[tuple[str, Picture], float] = {}
"""How long a game's table and a hand take to draw (ms), as the workers measured them lately: what balances the
batches of a move. A table costs two to six hands depending on the game, and a batch holding the table and half the
hands would keep the move waiting for it."""
FIRST_COST: dict[Picture, float] = {"table": 6.0, "hand": 2.0}
"""Until a game's pictures are measured."""
LEARNING = 0.2
"""The weight of the newest measure in the running mean."""


def draw_many(kind: str, jobs: Sequence[Job]) -> tuple[list[bytes], list[float]]:
    """Draw several pictures of a game, in order, in one call (one trip to a worker process for all of them); with
    how long each took (ms)."""
    pngs, took = [], []
    for what, args in jobs:
        start = time.perf_counter()
        pngs.append(draw(kind, what, *args))
        took.append((time.perf_counter() - start) * 1000)
    return pngs, took


def cost(kind: str, what: Picture) -> float:
    """How long a picture of ``kind`` takes to draw (ms), lately."""
    return COST.get((kind, what), FIRST_COST[what])


def _learn(kind: str, what: Picture, took: float) -> None:
    COST[kind, what] = (1 - LEARNING) * cost(kind, what) + LEARNING * took


def shares_of(costs: Sequence[float], batches: int) -> list[list[int]]:
    """The jobs of the given costs split into at most ``batches`` batches of about equal cost (the dearest first,
    each to the cheapest batch so far): the first batch holds the dearest job."""
    shares: list[list[int]] = [[] for _ in range(min(len(costs), batches))]
    loads = [0.0] * len(shares)
    for index in sorted(range(len(costs)), key=lambda i: -costs[i]):
        lightest = loads.index(min(loads))
        shares[lightest].append(index)
        loads[lightest] += costs[index]
    return shares


async def render(kind: str, what: Picture, *args: object) -> bytes:
    """Draw a game's picture in a worker process (or a render thread) without blocking the loop."""
    return await _off_loop(draw, kind, what, *args)


async def render_many(kind: str, jobs: Sequence[Job], lane: int | None = None) -> list[bytes]:
    """Draw several pictures of a game at once: shared among the workers in as many batches as there are workers,
    balanced by what each picture costs lately (``COST``), so that each batch crosses the pipe once rather than once
    a picture; in the order given.

    ``lane`` (a game's id) sends the first batch, the one with the table, to the same worker every time, and the
    next batches to the next workers: a game's pictures find that worker's caches holding what it drew last."""
    shares = shares_of([cost(kind, what) for what, _ in jobs], RENDER_PROCESSES)
    lanes = [None if lane is None else lane + n for n in range(len(shares))]
    drawn = await asyncio.gather(
        *(
            _off_loop(draw_many, kind, [jobs[i] for i in share], lane=at)
            for share, at in zip(shares, lanes, strict=True)
        )
    )
    out: list[bytes] = [b""] * len(jobs)
    for share, (pngs, took) in zip(shares, drawn, strict=True):
        for index, png, ms in zip(share, pngs, took, strict=True):
            out[index] = png
            _learn(kind, jobs[index][0], ms)
    return out


async def _off_loop(fn: Callable[..., R], *args: object, lane: int | None = None) -> R:
    """``fn(*args)`` in a worker process (the ``lane``'s, modulo their number, unless it is much busier than
    another; the least busy without one), or in a render thread when processes cannot be had."""
    loop = asyncio.get_running_loop()
    await start()
    chosen = _lane(lane) if _Processes.mode == "processes" else None
    if chosen is not None:
        pool = _Processes.lanes[chosen]
        assert pool is not None
        _Processes.waiting[chosen] += 1
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except (BrokenProcessPool, OSError) as error:
            # A worker died (killed, out of memory): this work is done here, the next by a new worker.
            log.warning("render process failed (%r): starting a new one", error)
            if _Processes.lanes[chosen] is pool:
                _Processes.lanes[chosen] = None
            pool.shutdown(wait=False, cancel_futures=True)
        finally:
            _Processes.waiting[chosen] -= 1
    return await loop.run_in_executor(_threads, fn, *args)


def _lane(wanted: int | None) -> int | None:
    """The lane a job goes to: ``wanted`` unless it has no worker or waits ``STEAL_AFTER`` jobs more than the
    least busy lane, which takes it then (and any job that wants no lane); None when no lane has a worker."""
    waiting = _Processes.waiting
    live = [lane for lane, pool in enumerate(_Processes.lanes) if pool is not None]
    if not live:
        return None
    least = min(live, key=waiting.__getitem__)
    if wanted is None:
        return least
    wanted %= len(_Processes.lanes)
    if _Processes.lanes[wanted] is None or waiting[wanted] >= waiting[least] + STEAL_AFTER:
        return least
    return wanted


async def off_loop(fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
    """Run ``fn`` in a render thread and wait for it without blocking the loop (any callable, even a closure)."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_threads, functools.partial(fn, *args, **kwargs))


class Turns:
    """At most ``size`` at once of some work on the event loop: a semaphore for each running loop (a test's loop
    never waits on another's)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )

    def __call__(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        turns = self._loops.get(loop)
        if turns is None:
            turns = self._loops[loop] = asyncio.Semaphore(self.size)
        return turns


async def shutdown() -> None:
    """Stop the worker processes (waiting for them off the loop); the next picture starts new ones."""
    pools = _Processes.live()
    _Processes.lanes = [None] * RENDER_PROCESSES
    for pool in pools:
        await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
