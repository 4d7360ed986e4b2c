"""What a move costs on Discord: the requests counted toward the bot token's global limit (50 a second for every
table the bot hosts) and the pictures uploaded.

- A click in a DM panel is answered by editing that panel: interaction answers are outside the global limit, and
  the panel's next edits go through the click's answer while Discord takes it (15 minutes).
- An edit whose pictures did not change uploads nothing: Discord keeps a message's attachments.
- At every game's largest table, all people playing by clicks, a move costs at most three requests (``make bench``
  measures it at length, and with one person among computer players).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.discord_requests import REQUESTS_BUDGET_ALL_PEOPLE
from bench.discord_requests import move_cost
from bot.registry import KINDS
from bot.registry import engine_of
from bot.registry import player_of
from tests.reliability.test_publish_faults import Table


def requests(env: Any, method: str, prefix: str) -> list[Any]:
    return [r for r in env.http_requests if r.method == method and r.path.startswith(prefix)]


async def test_every_counted_request_goes_through_the_pacer(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start()
    await table.play(await table.human_to_act())
    counted = [r for r in simcord_env.http_requests if not r.path.startswith(("/interactions", "/webhooks"))]
    # The login asks Discord who the application is before anything is set up: every later request is paced.
    assert counted[0].path == "/oauth2/applications/@me"
    assert table.bot.pacer.stats.requests == len(counted) - 1 > 0


async def test_a_click_in_a_dm_panel_edits_it_through_its_answer(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start()
    user = await table.human_to_act()
    panel_path = table.dm_path(user)
    before = len(simcord_env.http_requests)
    await table.play(user)
    after = simcord_env.http_requests[before:]
    assert not [r for r in after if r.method == "PATCH" and r.path == panel_path]  # not a counted edit
    answers = [r for r in after if r.method == "PATCH" and r.path.startswith("/webhooks/")]
    assert answers, "the panel was not edited through the click's answer"
    await table.assert_panel_is_current(user)


async def test_a_panel_whose_last_click_is_too_old_is_edited_as_any_message(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start()
    user = await table.human_to_act()
    await table.play(user)
    for answer in table.publisher._answers.values():
        answer.id -= (16 * 60 * 1000) << 22  # sixteen minutes older: Discord would no longer take its answer
    panel_path = table.dm_path(user)
    for _ in range(6):
        mover = await table.human_to_act()
        live = await table.live()
        seat = min(live.engine.to_act(live.state))
        action = player_of(live.row.kind).act(live.state, seat, random.Random(live.n))
        await table.bot.tables.act(table.game_id, mover, action, live.n)
        await table.publisher.wait_idle()
        if requests(simcord_env, "PATCH", panel_path):
            break
    assert requests(simcord_env, "PATCH", panel_path), "the stale click's panel was never edited"


async def test_an_edit_whose_pictures_did_not_change_uploads_nothing(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start()
    table_path = await table.table_path()
    snapshot = await table.bot.tables.snapshot(table.game_id)
    before = len(simcord_env.http_requests)
    await table.publisher.publish(snapshot)  # the same table again (as /table show would, without moving it)
    await table.publisher.wait_idle()
    (edit,) = [r for r in simcord_env.http_requests[before:] if r.method == "PATCH" and r.path == table_path]
    assert "attachments" not in (edit.json or {})  # the picture is kept, not uploaded again
    message = await table.table_message()
    assert [a.filename for a in message.attachments] == ["table.png"]


@pytest.mark.parametrize("kind", KINDS)
async def test_a_move_at_a_full_table_of_people_costs_at_most_three_requests(kind: str) -> None:
    seats = engine_of(kind).max_players
    cost = await move_cost(kind, seats, seats, moves=12)
    assert cost.moves >= 12
    # Forced moves played for people share their publication: a move may cost less than one request.
    assert 0 < cost.requests <= REQUESTS_BUDGET_ALL_PEOPLE, cost.routes
