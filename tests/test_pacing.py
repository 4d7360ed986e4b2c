"""The pacer every REST request of the bot goes through: under the global budget, under each channel's window, the
most urgent first; interaction answers are never held.

Virtual time: a sleeper wakes when every request waits and it is the next one due, so each test runs at once and
sees exactly when each request went.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

from discord.http import Route

from bot.config import Settings
from cogs.client import build_bot
from cogs.pacing import Pacer
from cogs.pacing import Priority
from cogs.pacing import RateLimitCounter
from cogs.pacing import at


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + max(seconds, 0.0), id(future), future))
        await future

    async def run(self, *work: Awaitable[Any]) -> None:
        """Run ``work`` together, moving the time on whenever all of it waits."""
        done = asyncio.ensure_future(asyncio.gather(*work))
        while not done.done():
            for _ in range(50):
                await asyncio.sleep(0)
            if self._sleepers and not done.done():
                wake, _, future = heapq.heappop(self._sleepers)
                self.now = max(self.now, wake)
                future.set_result(None)
        await done


def edit(channel: int) -> Route:
    return Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=channel, message_id=1)


def channel_of(url: str) -> str:
    return url.split("/channels/")[1].split("/")[0] if "/channels/" in url else "-"


def paced(rate: float = 45.0) -> tuple[Pacer, FakeTime, list[tuple[float, str]]]:
    clock = FakeTime()
    sent: list[tuple[float, str]] = []

    async def send(route: Route, **_: Any) -> None:
        sent.append((clock.now, route.url))

    return Pacer(send, rate, clock=clock, sleep=clock.sleep), clock, sent


async def test_requests_go_at_the_budget_and_no_faster() -> None:
    pacer, clock, sent = paced(45.0)
    await clock.run(*(pacer.request(edit(channel)) for channel in range(90)))
    times = [when for when, _ in sent]
    assert len(times) == 90
    # A burst of five goes at once, then one every 1/45 s: 90 take about 2 s.
    assert times[4] == times[0] == 100.0 < times[5]
    for start, first in enumerate(times):
        assert len([t for t in times[start:] if t < first + 1.0]) <= 50  # never over Discord's 50 in any second
    assert 1.8 <= times[-1] - 100.0 <= 2.0


async def test_a_channel_takes_five_message_requests_in_five_seconds() -> None:
    pacer, clock, sent = paced()
    await clock.run(*(pacer.request(edit(7)) for _ in range(7)), pacer.request(edit(8)))
    sevens = [when for when, url in sent if channel_of(url) == "7"]
    eight = [when for when, url in sent if channel_of(url) == "8"]
    assert len(sevens) == 7
    assert all(t < 100.5 for t in sevens[:5])
    assert sevens[5] >= 105.0 and sevens[6] >= 105.0  # the window of the first five
    assert eight[0] < 100.5  # another channel does not wait behind the busy one


async def test_a_games_start_opens_its_players_dms_one_after_the_other_the_seat_to_act_first() -> None:
    pacer, clock, sent = paced()
    open_dm = Route("POST", "/users/@me/channels")

    async def panel(priority: Priority, channel: int) -> None:
        await at(priority, pacer.request(open_dm))
        await at(priority, pacer.request(Route("POST", "/channels/{channel_id}/messages", channel_id=channel)))

    await clock.run(*(panel(Priority.PANEL, 10 + seat) for seat in range(7)), panel(Priority.TO_ACT, 9))
    opened = [when for when, url in sent if url.endswith("/users/@me/channels")]
    assert len(opened) == 8 and all(later - earlier >= 0.5 for earlier, later in itertools.pairwise(opened))
    panels = [channel_of(url) for _, url in sent if "/users/" not in url]
    assert panels[:2] == ["10", "9"]  # the seat to act comes right after the opening already under way


async def test_the_table_goes_before_panels_and_calls_when_requests_wait() -> None:
    pacer, clock, sent = paced(5.0)  # a burst of one: every request waits its turn

    async def one(priority: Priority, channel: int) -> None:
        await at(priority, pacer.request(edit(channel)))

    await clock.run(pacer.request(edit(1)))  # takes the burst
    await clock.run(one(Priority.CALL, 2), one(Priority.PANEL, 3), one(Priority.TO_ACT, 4), one(Priority.TABLE, 5))
    assert [channel_of(url) for _, url in sent[1:]] == ["5", "4", "3", "2"]


async def test_a_panel_is_not_starved_by_a_stream_of_tables_over_the_budget() -> None:
    pacer, clock, sent = paced(5.0)

    async def tables() -> None:  # ten a second for ten seconds, twice the budget
        requests = []
        for channel in range(100, 200):
            requests.append(asyncio.ensure_future(at(Priority.TABLE, pacer.request(edit(channel)))))
            await clock.sleep(0.1)
        await asyncio.gather(*requests)

    async def panel() -> None:
        await clock.sleep(0.5)
        await at(Priority.PANEL, pacer.request(edit(7)))

    await clock.run(tables(), panel())
    (when,) = [when for when, url in sent if channel_of(url) == "7"]
    # Promoted after a second of waiting, it goes before the tables that came after it (not once they stop).
    assert when - 100.5 <= 3.0


async def test_interaction_answers_are_never_held() -> None:
    pacer, clock, sent = paced(1.0)
    answer = Route(
        "PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", webhook_id=1, webhook_token="x"
    )
    await clock.run(*(pacer.request(edit(c)) for c in range(3)), *(pacer.request(answer) for _ in range(10)))
    assert [when for when, url in sent if "/webhooks/" in url] == [100.0] * 10
    assert pacer.stats.requests == 3  # only the counted ones were paced


def test_a_429_discord_py_reports_is_counted() -> None:
    pacer, _clock, _sent = paced()
    counter = RateLimitCounter(pacer.stats)
    record = logging.getLogger("discord.http").makeRecord(
        "discord.http",
        logging.WARNING,
        __file__,
        1,
        "We are being rate limited. %s %s responded with 429. Retrying in %.2f seconds.",
        ("PATCH", "/channels/1/messages/2", 1.5),
        None,
    )
    assert counter.filter(record)
    assert pacer.stats.responses_429 == 1


def test_each_process_paces_its_share_of_the_token(tmp_path: Any) -> None:
    base = Settings("t", tmp_path / "t.db", None, False, 0, "INFO")
    assert base.rest_share == 45.0
    assert build_bot(base).rest_rate == 45.0
    half = replace(base, database_url="postgresql://x/y", shard_count=4, shard_ids=(0, 1), rest_rate=40.0)
    assert half.rest_share == 20.0  # two of the four shards: half of the token's budget
    assert build_bot(half).rest_rate == 20.0
