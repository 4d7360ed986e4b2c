"""Pictures drawn in worker processes: the same bytes as drawn here, a worker that dies is replaced, processes that
cannot start leave the pictures to threads, and no process outlives the shutdown."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bench.run import _largest_views
from bot.pictures import workers
from bot.registry import pictures_of

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
async def _fresh_pool() -> AsyncIterator[None]:
    yield
    await workers.shutdown()
    workers.set_mode("processes")
    workers._Processes.failed = False


async def test_a_picture_drawn_in_a_worker_process_is_the_one_drawn_here() -> None:
    public, names, hand = _largest_views("triominos")
    assert await workers.render("triominos", "table", public, names, "fr") == pictures_of("triominos").table(
        public, names, "fr"
    )
    assert await workers.render("triominos", "hand", hand, "en") == pictures_of("triominos").hand(hand, "en")
    assert workers.mode() == "processes" and multiprocessing.active_children()
    await workers.shutdown()
    assert multiprocessing.active_children() == []


async def test_threads_draw_the_same_picture() -> None:
    workers.set_mode("threads")
    public, names, _ = _largest_views("njet")
    assert await workers.render("njet", "table", public, names, "fr") == pictures_of("njet").table(public, names, "fr")
    assert multiprocessing.active_children() == []


async def test_a_dead_worker_is_replaced_and_the_picture_still_drawn() -> None:
    public, names, _ = _largest_views("chat_vert")
    expected = pictures_of("chat_vert").table(public, names, "fr")
    assert await workers.render("chat_vert", "table", public, names, "fr") == expected
    pool, *others = workers._Processes.lanes
    assert pool is not None
    with pytest.raises(Exception, match="terminated abruptly"):
        pool.submit(os._exit, 1).result(timeout=30)  # a worker killed: its lane is broken
    for _ in range(2 * workers.RENDER_PROCESSES):
        assert await workers.render("chat_vert", "table", public, names, "fr") == expected
    assert workers.mode() == "processes" and workers._Processes.lanes[0] not in (None, pool)
    assert workers._Processes.lanes[1:] == others, "the other lanes kept their workers"


async def test_processes_that_cannot_start_leave_the_pictures_to_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "START_METHOD", "no-such-method")
    public, names, _ = _largest_views("nain_jaune")
    png = await workers.render("nain_jaune", "table", public, names, "fr")
    assert png == pictures_of("nain_jaune").table(public, names, "fr")
    assert workers.mode() == "threads" and multiprocessing.active_children() == []


def test_workers_end_when_the_bot_process_is_killed() -> None:
    """Killed without a shutdown, the bot cannot tell its workers: they notice on their own and exit."""
    script = (
        "import asyncio, multiprocessing, os, signal\n"
        "from bot.pictures import workers\n"
        "from bench.run import _largest_views\n"
        "async def main():\n"
        "    public, names, _ = _largest_views('njet')\n"
        "    await workers.render('njet', 'table', public, names, 'fr')\n"
        "    print(*[p.pid for p in multiprocessing.active_children()], flush=True)\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "if __name__ == '__main__':\n"
        "    asyncio.run(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == -signal.SIGKILL, done.stderr
    pids = [int(pid) for pid in done.stdout.split()]
    assert pids, "the render processes had started"
    deadline = time.monotonic() + 10 * workers.PARENT_CHECK_SECONDS
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in pids)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_the_workers_can_start_before_the_event_loop_runs() -> None:
    """``python -m bot`` starts them before connecting: the first picture then waits for no process."""
    assert workers._Processes.live() == []
    workers.start_now()
    assert None not in workers._Processes.lanes
    assert len(multiprocessing.active_children()) >= workers.RENDER_PROCESSES
    for pool in workers._Processes.live():
        pool.shutdown(wait=True)
    workers._Processes.lanes = [None] * workers.RENDER_PROCESSES


async def test_several_pictures_drawn_together_are_the_ones_drawn_here_in_order() -> None:
    public, names, hand = _largest_views("njet")
    pictures = pictures_of("njet")
    jobs: list[workers.Job] = [("hand", (hand, "fr")), ("table", (public, names, "en")), ("hand", (hand, "en"))]
    expected = [pictures.hand(hand, "fr"), pictures.table(public, names, "en"), pictures.hand(hand, "en")]
    assert await workers.render_many("njet", jobs) == expected
    workers.set_mode("threads")
    assert await workers.render_many("njet", jobs) == expected


needs_two = pytest.mark.skipif(workers.RENDER_PROCESSES < 2, reason="one core: one lane")


@needs_two
async def test_a_game_is_drawn_by_the_same_worker_move_after_move() -> None:
    """A game's lane is its worker (its caches hold the game's last pictures); the next lane is another worker."""
    first = {await workers._off_loop(os.getpid, lane=7) for _ in range(6)}
    second = {await workers._off_loop(os.getpid, lane=8) for _ in range(6)}
    assert len(first) == 1 and len(second) == 1 and first != second


@needs_two
async def test_a_busy_lane_gives_new_work_to_an_idle_one() -> None:
    lane = await workers._off_loop(os.getpid, lane=0)
    slow = [asyncio.ensure_future(workers._off_loop(time.sleep, 2.0, lane=0)) for _ in range(workers.STEAL_AFTER)]
    await asyncio.sleep(0.2)
    started = time.monotonic()
    assert await workers._off_loop(os.getpid, lane=0) != lane, "taken by the idle worker"
    assert time.monotonic() - started < 1.5, "without waiting behind the busy one"
    await asyncio.gather(*slow)


@needs_two
async def test_the_batches_of_a_move_go_to_their_lanes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move's first batch (its table) is sent to its game's lane, the second to the next lane."""
    public, names, hand = _largest_views("njet")
    jobs: list[workers.Job] = [("table", (public, names, "fr")), ("hand", (hand, "fr"))]
    sent: list[tuple[int | None, list[str]]] = []
    real = workers._off_loop

    async def watched(fn: Any, kind: str, batch: list[workers.Job], lane: int | None = None) -> Any:
        sent.append((lane, [what for what, _ in batch]))
        return await real(fn, kind, batch, lane=lane)

    monkeypatch.setattr(workers, "_off_loop", watched)
    assert await workers.render_many("njet", jobs, lane=3) == await workers.render_many("njet", jobs)
    assert sent[:2] == [(3, ["table"]), (4, ["hand"])]
    assert sent[2:] == [(None, ["table"]), (None, ["hand"])]


def test_a_move_s_batches_are_balanced_by_cost() -> None:
    """A Nain Jaune table costs about six hands: with eight hands, the table's batch takes one of them and the other
    batch seven (9 + 1.5 = 10.5 = 7 x 1.5), where a table weighing two hands would take three (13.5 against 7.5)."""
    costs = [9.0] + [1.5] * 8
    shares = workers.shares_of(costs, 2)
    assert shares[0][0] == 0 and len(shares[0]) == 2 and len(shares[1]) == 7
    assert sorted(shares[0] + shares[1]) == list(range(9))
    assert workers.shares_of([2.0, 1.0], 4) == [[0], [1]]


async def test_what_the_workers_measure_weighs_the_next_batches() -> None:
    public, names, hand = _largest_views("njet")
    workers.COST.pop(("njet", "table"), None)
    jobs: list[workers.Job] = [("table", (public, names, "fr")), ("hand", (hand, "fr"))]
    pngs, took = workers.draw_many("njet", jobs)
    assert pngs == [pictures_of("njet").table(public, names, "fr"), pictures_of("njet").hand(hand, "fr")]
    assert len(took) == 2 and all(ms > 0 for ms in took)
    await workers.render_many("njet", jobs)
    assert workers.cost("njet", "table") != workers.FIRST_COST["table"]
