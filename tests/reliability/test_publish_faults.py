"""Publishing survives Discord's failures: each delivery stands alone, is tried again a few times, and a
deleted message is posted again.

Nain Jaune on simcord, with Alice and Bob and a computer player; Discord errors are injected on one
message at a time. The publisher's backoff is set to zero waits, so retries cost no wall-clock time.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import move_buttons
from tests.e2e.simhelpers import text_of

ATTEMPTS = 4
"""One attempt and three retries: the zero waits set below stand for the three backoff delays."""


class Table(SimTable):
    def __init__(self, env: Any) -> None:
        super().__init__(env, ("alice", "bob"), "jeux")
        self.alice, self.bob = self.members
        self.publisher.retry_delays = (0.0, 0.0, 0.0)

    async def start(self) -> None:
        await self.open_and_start("nainjaune", players=2, computers=1)

    async def status_of(self, game_id: int) -> str:
        row = await self.bot.store.get_game(game_id)
        assert row is not None
        return row.status

    def dm_path(self, user_id: int) -> str:
        dm = self.by_id[user_id].user.dm_channel
        return f"/channels/{dm.id}/messages/{dm.last_message.id}"

    async def assert_panel_is_current(self, user_id: int) -> None:
        """The player's DM panel offers exactly their legal moves now, drawn from the current version."""
        live = await self.live()
        seat = live.row.seat_of(user_id)
        assert seat is not None
        panel = self.by_id[user_id].user.dm_channel.last_message
        legal = {a.dumps() for a in live.engine.legal_actions(live.state, seat)}
        buttons = move_buttons(panel)
        assert set(buttons) == legal
        assert all(int(custom_id.split(":")[3]) == live.n for custom_id in buttons.values())
        if seat in live.engine.to_act(live.state):
            assert "Your turn!" in text_of(panel)


def message_in(table: Table, message_id: int) -> Any:
    return next(m for m in table.channel.history() if m.id == message_id)


def requests_to(env: Any, method: str, path: str) -> int:
    return sum(1 for r in env.http_requests if r.method == method and r.path == path)


@pytest.mark.parametrize(("status", "code", "attempts"), [(503, 0, ATTEMPTS), (403, 50013, 1)])
async def test_a_failed_table_edit_still_refreshes_the_panels(
    simcord_env: Any, caplog: pytest.LogCaptureFixture, status: int, code: int, attempts: int
) -> None:
    table = Table(simcord_env)
    await table.start()
    user = await table.human_to_act()
    table_path = await table.table_path()
    simcord_env.inject_error("PATCH", table_path, status=status, code=code, times=None)
    before = requests_to(simcord_env, "PATCH", table_path)

    with caplog.at_level(logging.WARNING):
        await table.play(user)

    # The players' panels went out all the same.
    for member in (table.alice, table.bob):
        await table.assert_panel_is_current(member.id)
    # The table message was tried four times (once: a missing permission is final), then given up on, in the log
    # and not as an error.
    assert requests_to(simcord_env, "PATCH", table_path) - before == attempts
    assert any("gave up on the table message" in r.getMessage() for r in caplog.records)
    assert not simcord_env.errors


async def test_a_table_message_deleted_by_a_moderator_is_posted_again(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start()
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.table_message_id is not None
    deleted = row.table_message_id
    simcord_env.backend.delete_message(table.channel.id, deleted)

    await table.play(await table.human_to_act())

    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.table_message_id not in (None, deleted)
    posted = next(m for m in table.channel.history() if m.id == row.table_message_id)
    assert [a.filename for a in posted.attachments] == ["table.png"]
    assert any((c.custom_id or "").startswith("tb:h:") for c in components(posted))
    # Unknown Message is an answer, not a failure: the edit was tried once, then the table posted again.
    assert requests_to(simcord_env, "PATCH", f"/channels/{table.channel.id}/messages/{deleted}") == 1


async def test_a_failed_dm_edit_is_retried_until_the_panel_shows_the_turn(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start()
    first = await table.human_to_act()
    other = table.bob.id if first == table.alice.id else table.alice.id
    other_path = table.dm_path(other)
    failed = 0
    moves = 0
    while await table.human_to_act() == first:
        # Every edit of the other player's panel fails once: the one that gives them the turn included.
        simcord_env.inject_error("PATCH", other_path, status=503, times=1)
        await table.play(first)
        failed += sum(1 for f in simcord_env.backend.faults if f["path"] == other_path) == 0
        simcord_env.backend.faults[:] = [f for f in simcord_env.backend.faults if f["path"] != other_path]
        moves += 1
        assert moves < 60

    assert failed >= 1
    assert await table.human_to_act() == other
    await table.assert_panel_is_current(other)
    assert not simcord_env.errors


async def test_a_panel_given_up_on_is_sent_at_the_next_update(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    table = Table(simcord_env)
    await table.start()
    user = await table.human_to_act()
    path = table.dm_path(user)
    simcord_env.inject_error("PATCH", path, status=503, times=None)
    # The click's own answer fails too: the panel is then edited as any message, and retried.
    simcord_env.inject_error("PATCH", "/webhooks/*", status=503, times=None)
    with caplog.at_level(logging.WARNING):
        await table.play(user)
    assert requests_to(simcord_env, "PATCH", path) == ATTEMPTS  # the panel was posted at Start: no edit before
    assert any("gave up on the panel" in r.getMessage() for r in caplog.records)
    assert not simcord_env.errors

    # Discord is back; the next update (here /table show) delivers the panel that never arrived.
    simcord_env.backend.faults.clear()
    await table.alice.slash(table.channel, "table show")
    await table.publisher.wait_idle()
    await table.assert_panel_is_current(user)


async def test_the_buttons_of_the_lobby_and_of_an_abandoned_table_go_despite_a_failure(simcord_env: Any) -> None:
    table = Table(simcord_env)
    host = table.alice
    await host.slash(table.channel, "nainjaune new")
    lobby = next(m for m in table.channel.history() if custom_ids(m, "tb:l:"))
    table.game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
    await table.bob.click(lobby, custom_id=f"tb:l:{table.game_id}:join")
    lobby_path = f"/channels/{table.channel.id}/messages/{lobby.id}"
    simcord_env.inject_error("PATCH", lobby_path, status=503, times=1)
    await host.click(lobby, custom_id=f"tb:l:{table.game_id}:start")
    await table.publisher.wait_idle()
    assert components(message_in(table, lobby.id)) == []

    table_path = await table.table_path()
    table_id = int(table_path.rsplit("/", 1)[1])
    assert components(message_in(table, table_id))
    simcord_env.inject_error("PATCH", table_path, status=503, times=1)
    await host.slash(table.channel, "table abandon")
    await table.publisher.wait_idle()
    assert await table.status() == "abandoned"
    assert [c.custom_id for c in components(message_in(table, table_id))] == ["tb:rules:nain_jaune"]  # moves gone
    assert "The game of this channel was abandoned." in [m.content for m in table.channel.history()]


async def test_a_thousand_ended_games_leave_nothing_behind(simcord_env: Any) -> None:
    """Every ending (over, abandoned, cancelled) once its last delivery is out: the bookkeeping is empty.

    Pictures cost a tenth of a second each, so one game in a hundred is played (over) and one abandoned,
    both with every publication real; the others are cancelled in the lobby, every fifth of them while Discord
    fails the closing notice once (so it goes through the game's retry worker).
    """
    table = Table(simcord_env)
    tables, publisher, alice = table.bot.tables, table.publisher, table.alice
    endings: dict[str, int] = {"over": 0, "abandoned": 0, "cancelled": 0}
    for i in range(1000):
        row = await table.lobby_through_service("chat_vert")
        if i % 100 in (0, 50):
            for _ in range(2):
                await tables.add_bot(row.id, alice.id)
            await tables.start(row.id, alice.id)
            await publisher.wait_idle()
            assert publisher._panel_keys  # Alice's DM panel is remembered while the game runs
            if i % 100 == 0:
                await publisher.repost(row.id)
                await tables.leave(row.id, alice.id)  # a computer player takes her seat and the game plays out
            else:
                await tables.close(row.id, alice.id, can_manage=False)
        else:
            if i % 5 == 1:
                simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=1)
            await tables.close(row.id, alice.id, can_manage=False)
        await publisher.wait_idle()
        status = await table.status_of(row.id)
        endings[status] += 1

    assert endings == {"over": 10, "abandoned": 10, "cancelled": 980}
    assert publisher._panel_keys == {}
    assert publisher._queues == {}
    assert publisher._workers == {}
    assert publisher._repost == set()
    assert publisher._ending == set()


async def test_a_lobby_edit_refused_for_a_missing_permission_is_tried_once(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.alice.slash(table.channel, "nainjaune new")
    lobby = next(m for m in table.channel.history() if custom_ids(m, "tb:l:"))
    table.game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
    lobby_path = f"/channels/{table.channel.id}/messages/{lobby.id}"
    simcord_env.inject_error("PATCH", lobby_path, status=403, code=50013, times=None)
    await table.bob.click(lobby, custom_id=f"tb:l:{table.game_id}:join")
    await table.publisher.wait_idle()
    assert requests_to(simcord_env, "PATCH", lobby_path) == 1  # no retry can change a missing permission
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and [s.user_id for s in row.seats] == [table.alice.id, table.bob.id]
