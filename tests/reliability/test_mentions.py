"""Nobody is pinged but the people a message names: never everyone, here or a role.

A whole game of each kind on simcord: Alice, whose DMs are closed (the channel is told, pinging her), and two
computer players. She is reminded once, then the turn timer plays every one of her turns. Every message the
bot posted or edited (channel, DMs, interaction answers) is read back from simcord's request log.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cogs.publish import DiscordPublisher
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import block_dms

GAMES = [
    ("nainjaune", {"deals": 1}),
    ("triominos", {"rounds": 1}),
    ("neurotrio", {}),
    ("njet", {"rounds": 1}),
    ("chatvert", {"timer": 0}),
]
REMINDER_S = 2 * 60
TIMEOUT_S = 10 * 60
MENTION = re.compile(r"<@!?(\d+)>")


def message_bodies(env: Any) -> list[tuple[str, dict[str, Any]]]:
    """(request, body) for every message the bot posted or edited, interaction answers included."""
    out = []
    for request in env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        if request.path.endswith("/callback"):
            body = body.get("data") or {}
        if request.method in ("POST", "PATCH") and any(k in body for k in ("content", "embeds", "components")):
            out.append((f"{request.method} {request.path}", body))
    return out


@pytest.mark.parametrize(("command", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_every_message_pings_exactly_whom_it_names(
    simcord_env: Any, command: str, options: dict[str, Any]
) -> None:
    table = SimTable(simcord_env, ("alice",), "jeux")
    alice = table.members[0]
    publisher = table.bot.publisher
    assert isinstance(publisher, DiscordPublisher)
    publisher.retry_delays = (0.0, 0.0, 0.0)
    block_dms(simcord_env, alice.user)
    await table.open_and_start(command, players=1, computers=2, **options)

    reminded = False
    turns = 0
    while await table.status() == "running":
        live = await table.live()
        if not live.engine.to_act(live.state):
            break
        if not reminded:
            await simcord_env.advance_time(REMINDER_S + 1)
            await table.bot.tables.run_timers()
            await publisher.wait_idle()
            reminded = True
        await simcord_env.advance_time(TIMEOUT_S + 1)
        await table.bot.tables.run_timers()  # the computer plays Alice's turn
        await publisher.wait_idle()
        turns += 1
        assert turns < 400
    assert await table.status() == "over"

    bodies = message_bodies(simcord_env)
    assert len(bodies) > turns  # the table message at least, edited at every turn
    pinged: list[str] = []
    everyone_pinged: set[str] = set()
    for request, body in bodies:
        allowed = body.get("allowed_mentions")
        assert allowed is not None, f"{request} lets Discord ping every mention in it"
        assert not {"everyone", "roles", "users"} & set(allowed.get("parse", [])), request
        named = set(MENTION.findall(body.get("content") or ""))
        users = {str(u) for u in allowed.get("users", [])}
        assert users <= named, request
        assert not allowed.get("roles"), request
        pinged.extend(body.get("content") or "" for _ in users)
        everyone_pinged |= users

    # The closed-DM notice and the reminder do ping Alice, and only her.
    assert any("cannot send you direct messages" in text and f"<@{alice.id}>" in text for text in pinged)
    assert any("your turn" in text and f"<@{alice.id}>" in text for text in pinged)
    assert everyone_pinged == {str(alice.id)}
