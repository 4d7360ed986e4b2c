"""The turn flow of a real table, on simcord: the player whose turn comes is called (once, in one message that the
next call replaces, or by DM, as they chose), forced moves play themselves, a seat changes hands, a finished table
is played again.

Moves go through the table service as the panels' buttons do (same pipeline, same publisher): these tests are about
what happens around the moves, not how a move is clicked.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action
from bot.registry import player_of
from bot.service.table_settings import CALL_AFTER_S
from bot.service.turn_flow import TurnFlow
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import set_locales
from tests.e2e.simhelpers import text_of
from tests.reliability.test_mentions import message_bodies

TURN = "your turn"


def lobby_game(lobby: Any) -> int:
    """The game id a lobby message's buttons carry."""
    return int(next(c.custom_id for c in components(lobby) if c.custom_id.startswith("tb:l:")).split(":")[2])


class Trio(SimTable):
    """alice and bob play Triominos; carol watches from the channel."""

    def __init__(self, env: Any, guild_locale: str = "en-US") -> None:
        super().__init__(env, ("alice", "bob", "carol"), "jeux", guild_locale)
        self.alice, self.bob, self.carol = self.members

    def calls(self) -> list[Any]:
        """The "your turn" messages the channel holds now."""
        return [m for m in self.channel.history() if TURN in (m.content or "")]

    async def wait(self, seconds: float) -> None:
        """The turn timers' tick ``seconds`` after the current turn began (the people awaited have not moved)."""
        row = await self.bot.store.get_game(self.game_id)
        assert row is not None and row.turn_since is not None
        await self.bot.tables.run_timers(row.turn_since + seconds)
        await self.bot.publisher.wait_idle()

    async def start_without_autoplay(self) -> None:
        """Open Triominos, untick "forced moves play themselves" in the lobby, bob joins, start."""
        await self.alice.slash(self.channel, "triominos new", rounds=1)
        lobby = self.channel.last_message
        self.game_id = lobby_game(lobby)
        await self.alice.select(lobby, ["undo", "takeover"], custom_id=f"tb:u:{self.game_id}")
        await self.bob.click(lobby, custom_id=f"tb:l:{self.game_id}:join")
        await self.alice.click(lobby, custom_id=f"tb:l:{self.game_id}:start")
        await self.bot.publisher.wait_idle()

    async def awaited_user(self) -> int:
        live = await self.live()
        (seat,) = live.engine.to_act(live.state)
        user = live.row.seats[seat].user_id
        assert user is not None
        return int(user)

    async def play_one(self) -> int:
        """The awaited person makes the computer player's choice; returns who played."""
        live = await self.live()
        (seat,) = live.engine.to_act(live.state)
        user = live.row.seats[seat].user_id
        assert user is not None
        action = player_of(live.row.kind).act(live.state, seat, random.Random(live.n))
        await self.bot.tables.act(self.game_id, user, action, live.n)
        await self.bot.publisher.wait_idle()
        return int(user)

    async def pass_turn(self) -> int:
        """The awaited person plays until the turn is someone else's (a Triominos draw keeps the turn)."""
        mover = await self.awaited_user()
        for _ in range(10):
            await self.play_one()
            if await self.awaited_user() != mover:
                return mover
        raise AssertionError("the turn never passed")


async def test_a_player_who_has_not_moved_for_a_while_is_called_once(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.open_and_start("triominos", players=2, rounds=1)
    first = await table.awaited_user()
    await table.wait(CALL_AFTER_S - 1)
    assert table.calls() == []  # a quick move costs no message and no ping
    await table.wait(CALL_AFTER_S + 1)
    (call,) = table.calls()
    assert f"<@{first}>" in call.content and "Triominos" in call.content
    posted = [body for _, body in message_bodies(simcord_env) if TURN in (body.get("content") or "")]
    assert [str(u) for u in posted[-1]["allowed_mentions"]["users"]] == [str(first)]  # that user only
    assert not posted[-1]["allowed_mentions"].get("parse")
    await table.wait(2 * CALL_AFTER_S)
    assert len(table.calls()) == 1  # once a turn

    mover = await table.pass_turn()
    awaited = await table.awaited_user()
    assert len(table.calls()) == 1  # the turn passed quickly: nobody else is called
    await table.wait(CALL_AFTER_S + 1)
    old, new = sorted(table.calls(), key=lambda m: m.id)
    assert old.id == call.id  # a call is never deleted: a deleted mention reads as a ghost ping
    assert f"<@{awaited}>" in new.content and f"<@{mover}>" not in new.content
    deletes = [r for r in simcord_env.http_requests if r.method == "DELETE" and r.path.endswith(f"/{call.id}")]
    assert deletes == []


async def test_a_table_that_does_not_call_calls_nobody(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.alice.slash(table.channel, "triominos new", rounds=1)
    lobby = table.channel.last_message
    table.game_id = lobby_game(lobby)
    await table.alice.select(lobby, ["autoplay", "undo", "takeover"], custom_id=f"tb:u:{table.game_id}")
    await table.bob.click(lobby, custom_id=f"tb:l:{table.game_id}:join")
    await table.alice.click(lobby, custom_id=f"tb:l:{table.game_id}:start")
    await table.bot.publisher.wait_idle()
    await table.wait(CALL_AFTER_S + 1)
    assert table.calls() == []
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.reminder_s > CALL_AFTER_S
    await table.wait(row.reminder_s)  # the table's reminder still comes
    assert len([m for m in table.channel.history() if f"<@{await table.awaited_user()}>" in (m.content or "")]) == 1


async def test_each_player_chooses_how_to_be_called(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.open_and_start("triominos", players=2, rounds=1)
    first = await table.awaited_user()
    other = table.bob.id if first == table.alice.id else table.alice.id
    result = await table.by_id[other].slash(table.channel, "table notify", mode="dm")
    assert result.response.ephemeral
    await table.pass_turn()  # the turn comes to ``other``: a DM, no call in the channel
    await table.wait(CALL_AFTER_S + 1)
    assert table.calls() == []
    dm = table.by_id[other].user.dm_channel
    assert any("Your turn in" in (m.content or "") for m in dm.history())

    await table.by_id[first].slash(table.channel, "table notify", mode="off")
    dms_before = len(table.by_id[first].user.dm_channel.history())
    await table.pass_turn()  # back to ``first``, who wants nothing
    await table.wait(CALL_AFTER_S + 1)
    assert table.calls() == []
    assert len(table.by_id[first].user.dm_channel.history()) == dms_before  # the panel is edited, nothing new

    await table.by_id[other].slash(table.channel, "table notify", mode="channel")
    await table.pass_turn()
    await table.wait(CALL_AFTER_S + 1)
    (call,) = table.calls()
    assert f"<@{other}>" in call.content


async def test_forced_moves_play_themselves_and_the_log_says_so(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("alice", "bob", "carol"), "jeux")
    await table.open_and_start("nainjaune", players=3, computers=1, deals=1)
    auto = 0
    for _ in range(400):
        live = await table.live()
        if live.engine.is_over(live.state):
            break
        for seat in live.engine.to_act(live.state):
            assert live.engine.forced(live.state, seat) is None, "a forced move waits for its player"
        seat = min(live.engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None
        action = player_of("nain_jaune").act(live.state, seat, random.Random(live.n))
        await table.bot.tables.act(table.game_id, user, action, live.n)
        await table.bot.publisher.wait_idle()
        live = await table.live()
        auto += sum(1 for _, e in live.log if e.kind == "auto")
        if auto and "played automatically" in text_of(await table.table_message()):
            break
    assert auto > 0
    assert "played automatically" in text_of(await table.table_message())


async def test_with_autoplay_off_a_forced_move_waits(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("alice", "bob", "carol"), "jeux")
    alice, bob, carol = table.members
    await alice.slash(table.channel, "nainjaune new", deals=1)
    lobby = table.channel.last_message
    table.game_id = lobby_game(lobby)
    await alice.select(lobby, ["undo", "takeover"], custom_id=f"tb:u:{table.game_id}")
    for member in (bob, carol):
        await member.click(lobby, custom_id=f"tb:l:{table.game_id}:join")
    await alice.click(lobby, custom_id=f"tb:l:{table.game_id}:start")
    waited = False
    for _ in range(400):
        live = await table.live()
        if live.engine.is_over(live.state):
            break
        seat = min(live.engine.to_act(live.state))
        if live.engine.forced(live.state, seat) is not None:
            waited = True
            break
        user = live.row.seats[seat].user_id
        assert user is not None
        action = player_of("nain_jaune").act(live.state, seat, random.Random(live.n))
        await table.bot.tables.act(table.game_id, user, action, live.n)
    assert waited
    _, events = await table.bot.tables.full_log(table.game_id)
    assert not any(e.kind == "auto" for _, e in events)


async def test_a_member_takes_a_computer_seat_and_a_leaver_panel_closes(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.open_and_start("triominos", players=2, computers=1, rounds=1)
    message = await table.table_message()
    (take,) = [c for c in components(message) if c.custom_id == f"tb:t:{table.game_id}"]
    result = await table.carol.click(message, custom_id=take.custom_id)
    assert result.followups[-1].ephemeral
    await table.bot.publisher.wait_idle()
    live = await table.live()
    assert [s.user_id for s in live.row.seats] == [table.alice.id, table.bob.id, table.carol.id]
    assert table.carol.user.dm_channel is not None and table.carol.user.dm_channel.history()  # her panel came
    assert "carol takes a computer player's seat" in text_of(await table.table_message())
    assert take.custom_id not in [c.custom_id for c in components(await table.table_message())]  # none left
    try:
        await TurnFlow(table.bot.tables).take_seat(table.game_id, 999, "dave")
    except Exception as error:
        assert getattr(error, "code", "") == "no_computer_seat"
    else:
        raise AssertionError("a seat was taken from nobody")

    await table.bob.slash(table.channel, "table leave")
    await table.bot.publisher.wait_idle()
    (panel,) = table.bob.user.dm_channel.history()
    assert "You left the table" in text_of(panel)
    assert components(panel) == []  # nothing left to click that would only be refused


async def test_a_finished_table_is_played_again_with_the_same_seats(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.open_and_start("triominos", players=2, computers=1, rounds=1)
    live = await table.live()
    old_id, options = table.game_id, dict(live.row.options)
    for _ in range(600):
        live = await table.live()
        if live.engine.is_over(live.state):
            break
        await table.play_one()
    assert await table.status() == "over"
    assert table.calls() == []  # the last call went with the game
    final = await table.table_message()
    ask = f"tb:n:{old_id}:ask"
    assert ask in [c.custom_id for c in components(final)]

    first = await table.alice.click(final, custom_id=ask)
    assert "bob" in (first.followups[-1].content or "")  # still waiting for him
    outsider = await table.carol.click(final, custom_id=ask)
    assert "do not have a seat" in (outsider.followups[-1].content or "")
    await table.bob.click(final, custom_id=ask)
    await table.bot.publisher.wait_idle()

    new = await table.bot.store.active_game(table.channel.id)
    assert new is not None and new.id != old_id and new.status == "running"
    assert [s.user_id for s in new.seats] == [table.alice.id, table.bob.id, None]
    assert new.options == options and new.host_id == table.alice.id
    late = await table.bob.click(final, custom_id=ask)
    assert late.followups[-1].ephemeral  # refused: the channel already has its new table


async def test_the_table_message_is_a_layout_with_picture_words_and_controls(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.open_and_start("triominos", players=2, rounds=1)
    message = await table.table_message()
    (container,) = message.components
    kinds = [type(c).__name__ for c in container.children]
    assert kinds[:2] == ["TextDisplay", "MediaGalleryComponent"]
    assert "ActionRow" in kinds
    assert [a.filename for a in message.attachments] == ["table.png"]
    ids = [c.custom_id for c in components(message)]
    assert f"tb:h:{table.game_id}" in ids and "tb:rules:triominos" in ids
    assert message.content in (None, "") and message.embeds == []


async def test_undo_then_replay_gives_the_same_game(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.start_without_autoplay()  # so that no forced move of the next player follows the one taken back
    for _ in range(40):
        live = await table.live()
        (seat,) = live.engine.to_act(live.state)
        places = [a for a in live.engine.legal_actions(live.state, seat) if a.kind == "place"]
        if places:
            break
        await table.play_one()
    user = live.row.seats[seat].user_id
    assert user is not None and places
    before = live.engine.public_view(live.state)
    await table.bot.tables.act(table.game_id, user, places[0], live.n)
    await table.bot.publisher.wait_idle()
    panel = table.by_id[user].user.dm_channel.last_message
    undo = [c.custom_id for c in components(panel) if c.custom_id.endswith('{"kind":"undo"}')]
    assert len(undo) == 1
    await table.by_id[user].user.click(panel, custom_id=undo[0])
    await table.bot.publisher.wait_idle()
    live = await table.live()
    assert live.engine.public_view(live.state).table == before.table
    assert live.engine.to_act(live.state) == frozenset({seat})
    assert "takes back their last move" in text_of(await table.table_message())

    table.bot.tables.forget(table.game_id)  # a restart: the game is replayed from the store
    replayed = await table.live()
    assert replayed.engine.public_view(replayed.state).table == before.table
    assert replayed.n == live.n and replayed.undo is None


async def test_undo_is_refused_after_a_draw(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.start_without_autoplay()
    for _ in range(200):
        live = await table.live()
        (seat,) = live.engine.to_act(live.state)
        if any(a.kind == "draw" for a in live.engine.legal_actions(live.state, seat)):
            break
        await table.play_one()
    user = live.row.seats[seat].user_id
    assert user is not None
    await table.bot.tables.act(table.game_id, user, Action.of("draw"), live.n)
    await table.bot.publisher.wait_idle()
    panel = table.by_id[user].user.dm_channel.last_message
    assert not [c for c in components(panel) if c.custom_id.endswith('{"kind":"undo"}')]
    live = await table.live()
    try:
        await table.bot.tables.act(table.game_id, user, Action.of("undo"), live.n)
    except Exception as error:
        assert getattr(error, "code", "") == "cannot_undo"
    else:
        raise AssertionError("an undo after a draw was taken")


async def test_an_abandoned_table_keeps_its_picture_and_words_without_controls(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.open_and_start("triominos", players=2, rounds=1)
    await table.alice.slash(table.channel, "table abandon")
    await table.bot.publisher.wait_idle()
    message = await table.table_message()
    assert "## Triominos" in text_of(message)
    assert [a.filename for a in message.attachments] == ["table.png"]
    assert [c.custom_id for c in components(message)] == ["tb:rules:triominos"]  # the rules stay readable
    await table.bot.tables.run_timers(table.bot.clock() + 10 * CALL_AFTER_S)
    await table.bot.publisher.wait_idle()
    assert table.calls() == []  # nobody is called to a table that is gone


async def test_the_host_starts_again_with_those_who_asked(simcord_env: Any) -> None:
    table = Trio(simcord_env)
    await table.open_and_start("triominos", players=2, computers=1, rounds=1)
    old_id = table.game_id
    for _ in range(600):
        live = await table.live()
        if live.engine.is_over(live.state):
            break
        await table.play_one()
    final = await table.table_message()
    refused = await table.bob.click(final, custom_id=f"tb:n:{old_id}:start")
    assert "host" in (refused.followups[-1].content or "")
    await table.alice.click(final, custom_id=f"tb:n:{old_id}:start")
    await table.bot.publisher.wait_idle()
    new = await table.bot.store.active_game(table.channel.id)
    assert new is not None and new.status == "running"
    assert [s.user_id for s in new.seats] == [table.alice.id, None]  # bob did not ask: his seat went


async def test_in_a_french_server_the_call_and_the_table_speak_french(simcord_env: Any) -> None:
    table = Trio(simcord_env, guild_locale="fr")
    set_locales(simcord_env, {})  # the server's language reaches the bot with each interaction
    await table.open_and_start("triominos", players=2, computers=1, rounds=1)
    first = await table.awaited_user()
    await table.wait(CALL_AFTER_S + 1)
    (call,) = [m for m in table.channel.history() if "à vous de jouer" in (m.content or "")]
    assert call.content == f"🎲 <@{first}> : à vous de jouer (Triominos)."
    labels = [getattr(c, "label", "") for c in components(await table.table_message())]
    assert {"Ma main", "Prendre la place d'un ordinateur", "Règles"} <= set(labels)
