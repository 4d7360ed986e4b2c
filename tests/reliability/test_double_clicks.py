"""Two clicks, or twenty, on one rendered button apply at most once, in every game.

Components carry the version of the state they were drawn from (the number of actions); a click from an earlier
version is refused once its seat has acted since. The clicks here are real interactions racing through the real
discord.py client (simcord), sent at once as a double-clicking or impatient player's client sends them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.registry import player_of
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.reliability.forge import emit_component
from tests.reliability.forge import emit_modal

GAMES = {
    "nain_jaune": ("nainjaune", {"deals": 1}),
    "triominos": ("triominos", {"rounds": 1}),
    "neurotrio": ("neurotrio", {}),
    "njet": ("njet", {"rounds": 1}),
    "chat_vert": ("chatvert", {"timer": 0}),
}


def _enabled(message: Any, prefix: str) -> list[Any]:
    return [c for c in components(message) if (c.custom_id or "").startswith(prefix) and not c.disabled]


async def _rendered_move(table: SimTable, user_id: int) -> tuple[Any, str, list[str] | None]:
    """A move component the player sees now: (message, custom_id, select values or None for a button)."""
    member = table.by_id[user_id]
    for message in (member.user.dm_channel.last_message, await table.table_message()):
        for button in _enabled(message, "tb:a:"):
            return message, button.custom_id, None
        for select in _enabled(message, "tb:s:") + _enabled(message, "tb:m:"):
            count = select.min_values or 1
            return message, select.custom_id, [o.value for o in select.options[:count]]
    # A move chosen in two steps (a tile, then its spot): look at the first thing first.
    panel = member.user.dm_channel.last_message
    focus = _enabled(panel, "tb:f:")[0]
    await member.user.select(panel, [focus.options[0].value], custom_id=focus.custom_id)
    return await _rendered_move(table, user_id)


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("clicks", [2, 20])
async def test_clicks_on_one_rendered_move_apply_once(simcord_env: Any, kind: str, clicks: int) -> None:
    command, options = GAMES[kind]
    table = SimTable(simcord_env, ("ana", "ben", "cleo"), "jeux")
    await table.open_and_start(command, players=3, **options)
    live = await table.live()
    seat = min(live.engine.to_act(live.state))
    user = live.row.seats[seat].user_id
    assert user is not None
    message, custom_id, values = await _rendered_move(table, user)
    before = await table.bot.store.action_count(table.game_id)

    dm = table.by_id[user].user.dm_channel
    dms_before = len(dm.history())
    requests_before = len(simcord_env.http_requests)
    results = [emit_component(simcord_env, user, message, custom_id, values=values) for _ in range(clicks)]
    await simcord_env.settle()
    await table.bot.publisher.wait_idle()

    assert all(r.acknowledged for r in results)
    actions = await table.bot.store.actions(table.game_id)
    assert [a.seat for a in actions[before:]] == [seat]  # one move, the clicker's, whatever came after it
    if message.channel.id == dm.id:
        # In a DM nothing is private: each refusal is said on the panel itself, never as a new message.
        assert len(dm.history()) == dms_before
        said = [json.dumps(r.json) for r in simcord_env.http_requests[requests_before:] if r.method == "PATCH"]
        assert len([body for body in said if "earlier moment" in body]) == clicks - 1
    else:
        refused = [f.content for r in results for f in r.followups if f.ephemeral]
        assert len([text for text in refused if "earlier moment" in text]) == clicks - 1


async def test_twenty_false_chat_vert_claims_cost_one_card(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben", "cleo"), "chat-vert")
    await table.open_and_start("chatvert", players=3, timer=0)
    live = await table.live()
    seat = max(set(range(3)) - set(live.engine.to_act(live.state)))  # someone waiting, with nothing to claim
    user = live.row.seats[seat].user_id
    assert user is not None
    hand = len(live.engine.view(live.state, seat).own.hand)
    modal_id = f'tb:y:{table.game_id}:{live.n}:{{"kind":"say"}}'

    channel = table.by_id[user].user.dm_channel.id
    results = [emit_modal(simcord_env, user, channel, modal_id, {"say": "Chat vert"}) for _ in range(20)]
    await simcord_env.settle()
    await table.bot.publisher.wait_idle()

    assert all(r.acknowledged for r in results)
    live = await table.live()
    assert len(live.engine.view(live.state, seat).own.hand) == hand + 1  # one penalty card, not twenty
    assert len(await table.bot.store.actions(table.game_id)) == 1


async def test_twenty_clicks_on_triominos_draw_draw_one_tile(simcord_env: Any) -> None:
    """Drawing stays legal after a draw: only the version tells the second click from a new one."""
    table = SimTable(simcord_env, ("ana", "ben"), "jeux")
    await table.open_and_start("triominos", players=2, rounds=1)
    rng = random.Random(2)
    for _ in range(100):
        live = await table.live()
        seat = min(live.engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None
        panel = table.by_id[user].user.dm_channel.last_message
        draw = next((i for i in (c.custom_id or "" for c in components(panel)) if '"kind":"draw"' in i), None)
        if draw is not None:
            break
        await table.bot.tables.act(table.game_id, user, player_of(live.row.kind).act(live.state, seat, rng))
        await table.bot.publisher.wait_idle()
    else:  # pragma: no cover - a draw comes within the first turns of a round
        raise AssertionError("nobody could draw")
    hand = len(live.engine.view(live.state, seat).own.hand)
    before = live.n

    results = [emit_component(simcord_env, user, panel, draw) for _ in range(20)]
    await simcord_env.settle()
    await table.bot.publisher.wait_idle()

    assert all(r.acknowledged for r in results)
    live = await table.live()
    assert len(live.engine.view(live.state, seat).own.hand) == hand + 1  # type: ignore[arg-type]
    assert [a.action for a in (await table.bot.store.actions(table.game_id))[before:]] == ['{"kind":"draw"}']
