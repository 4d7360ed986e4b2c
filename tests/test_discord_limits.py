"""The double of Discord's REST limits: 50 requests a second per token, 5 message requests per 5 s in a channel,
interaction endpoints outside both; past a limit a 429 as Discord writes it, waited out and retried as discord.py
does, and counted (invalid requests too, as Cloudflare counts them)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.http import Route

from bench.limits import TAG
from bench.limits import DiscordLimits


class FakeClock:
    """Time that moves only when someone sleeps (requests here are sent one after another)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


class Discord:
    """What answers behind the double: records each request's route and the time it arrived."""

    def __init__(self, clock: FakeClock, status: int = 200) -> None:
        self.clock = clock
        self.status = status
        self.got: list[tuple[str, float]] = []

    async def __call__(self, route: Route, **kwargs: Any) -> Any:
        self.got.append((route.url, self.clock.now))
        if self.status != 200:
            raise discord.Forbidden(Response(self.status), {"message": "Missing Access", "code": 50001})
        return {"id": "1"}


class Response:
    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "Forbidden"
        self.headers: dict[str, str] = {}


def edit(channel: int) -> Route:
    return Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=channel, message_id=9)


def limited(clock: FakeClock, tries: int = 5) -> tuple[DiscordLimits, Discord, Any]:
    limits = DiscordLimits(clock=clock, sleep=clock.sleep, tries=tries)
    discord_ = Discord(clock)
    return limits, discord_, limits.wrap(discord_)


async def test_fifty_requests_in_a_second_pass_and_the_fifty_first_is_answered_429_global() -> None:
    clock = FakeClock()
    limits, discord_, send = limited(clock)
    for channel in range(50):
        await send(edit(channel))  # 50 requests at once, in 50 channels
    assert limits.responses_429 == 0 and len(discord_.got) == 50
    clock.now += 0.5
    await send(Route("GET", "/users/@me"))
    (answer,) = limits.answers
    assert answer.status == 429 and answer.scope == "global"
    assert answer.body == {"message": "You are being rate limited.", "retry_after": 0.5, "global": True, "code": 0}
    assert answer.headers["X-RateLimit-Global"] == "true"
    assert answer.headers["Retry-After"] == "1"
    assert answer.headers["X-RateLimit-Limit"] == "50" and answer.headers["X-RateLimit-Remaining"] == "0"
    # Waited out, then answered: the first request of the window had left it by then.
    assert clock.slept == [0.5]
    assert discord_.got[-1][0] == "https://discord.com/api/v10/users/@me"
    assert discord_.got[-1][1] == 1001.0
    assert limits.by_bucket == {("global", "global"): 1}


async def test_the_sixth_edit_in_a_channel_within_five_seconds_waits_and_other_channels_do_not() -> None:
    clock = FakeClock()
    limits, discord_, send = limited(clock)
    for _ in range(5):
        await send(edit(7))
        clock.now += 0.5
    await send(edit(8))  # another channel: its own bucket
    assert limits.responses_429 == 0
    await send(edit(7))  # the sixth in 2.5 s
    (answer,) = limits.answers
    assert answer.scope == "user" and answer.body["global"] is False and answer.body["retry_after"] == 2.5
    assert answer.headers["X-RateLimit-Bucket"] == "messages:7" and "X-RateLimit-Global" not in answer.headers
    assert answer.headers["X-RateLimit-Limit"] == "5" and answer.headers["X-RateLimit-Reset-After"] == "4.500"
    assert discord_.got[-1][1] == 1005.0  # sent once the first edit left the window
    await send(Route("POST", "/channels/{channel_id}/messages", channel_id=8))
    await send(Route("DELETE", "/channels/{channel_id}/messages/{message_id}", channel_id=8, message_id=1))
    assert limits.responses_429 == 1


async def test_creates_edits_and_deletes_share_the_channels_bucket_but_other_routes_do_not() -> None:
    clock = FakeClock()
    limits, _discord, send = limited(clock)
    post = Route("POST", "/channels/{channel_id}/messages", channel_id=3)
    delete = Route("DELETE", "/channels/{channel_id}/messages/{message_id}", channel_id=3, message_id=1)
    for route in (post, post, edit(3), delete, edit(3)):
        await send(route)
    await send(Route("GET", "/channels/{channel_id}/messages", channel_id=3))  # reading is not limited here
    await send(Route("POST", "/channels/{channel_id}/typing", channel_id=3))
    assert limits.responses_429 == 0
    await send(post)
    assert [a.headers["X-RateLimit-Bucket"] for a in limits.answers] == ["messages:3"]


async def test_interaction_endpoints_are_never_limited_nor_counted() -> None:
    clock = FakeClock()
    limits, discord_, send = limited(clock)
    for n in range(200):
        await send(Route("POST", "/interactions/{interaction_id}/{token}/callback", interaction_id=n, token="t"))
        await send(Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", webhook_id=1,
                         webhook_token="t"))  # fmt: skip
    assert limits.responses_429 == 0 and limits.exempt == 400 and clock.slept == []
    for channel in range(50):
        await send(edit(channel))  # the global window is still whole
    assert limits.responses_429 == 0 and len(discord_.got) == 450


async def test_a_global_429_holds_every_request_until_its_retry_after() -> None:
    clock = FakeClock()
    limits, discord_, send = limited(clock)
    for channel in range(50):
        await send(edit(channel))
    await send(edit(99))
    assert limits.answers[0].body["retry_after"] == 1.0
    assert discord_.got[-1][1] == 1001.0


async def test_after_five_429s_the_request_fails_as_discord_py_gives_up() -> None:
    clock = FakeClock()
    limits = DiscordLimits(clock=clock, sleep=clock.sleep)

    async def stuck(seconds: float) -> None:  # a sleep that never lets the window empty
        clock.slept.append(seconds)

    limits.sleep = stuck
    send = limits.wrap(Discord(clock))
    for _ in range(5):
        await send(edit(1))
    with pytest.raises(discord.HTTPException) as failed:
        await send(edit(1))
    assert failed.value.status == 429 and failed.value.code == 0
    assert failed.value.response.headers["X-RateLimit-Scope"] == "user"
    assert limits.responses_429 == 5 and len(clock.slept) == 4  # slept between tries, not after the last
    assert limits.invalid_requests() == 5


async def test_invalid_requests_are_counted_over_ten_minutes() -> None:
    clock = FakeClock()
    limits = DiscordLimits(clock=clock, sleep=clock.sleep)
    send = limits.wrap(Discord(clock, status=403))
    for _ in range(3):
        with pytest.raises(discord.Forbidden):
            await send(Route("GET", "/guilds/{guild_id}", guild_id=1))
    assert limits.invalid_requests() == 3 and limits.responses_429 == 0 and limits.sent == []
    clock.now += 601
    assert limits.invalid_requests() == 0


async def test_each_request_answered_is_recorded_with_its_senders_tag() -> None:
    clock = FakeClock()
    limits, _discord, send = limited(clock)
    token = TAG.set(("table", 4, 12))
    try:
        await send(edit(5))
    finally:
        TAG.reset(token)
    await send(edit(5))
    assert [(s.method, s.channel_id, s.tag) for s in limits.sent] == [
        ("PATCH", 5, ("table", 4, 12)),
        ("PATCH", 5, None),
    ]
