"""A whole Nain Jaune game on a simulated Discord, played through the bot's own messages.

Three people and one computer player; every human move is a click on the player's private
panel (a DM, or the ephemeral panel for someone whose DMs are closed).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.games.base import Action
from bot.games.base import GameError
from bot.players.nain_jaune import PLAYER
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import block_dms
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import errors_of
from tests.e2e.simhelpers import make_bot
from tests.e2e.simhelpers import move_buttons
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import select_moves
from tests.e2e.simhelpers import set_locales
from tests.e2e.simhelpers import text_of


class Table(SimTable):
    """The arranged world: a server, a channel, three members and an outsider (dave)."""

    def __init__(self, env: Any, guild_locale: str = "en-US") -> None:
        super().__init__(env, ("alice", "bob", "carol", "dave"), "jeux", guild_locale)
        self.alice, self.bob, self.carol, self.dave = self.members

    async def start(self, deals: int = 1) -> None:
        """``/nainjaune new``, two joins and a computer player through the lobby buttons, then Start."""
        started = await self.open_and_start("nainjaune", players=3, computers=1, deals=deals)
        assert panel_of(started).ephemeral

    async def to_act(self) -> tuple[int, int]:
        """(seat, user id) of the human whose turn it is."""
        live = await self.live()
        seat = min(live.engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None, "a computer player should have played already"
        return seat, user

    async def choice(self, seat: int) -> Action:
        """The move a sensible player would make (the computer player's choice)."""
        live = await self.live()
        return PLAYER.act(live.state, seat, random.Random(seat))

    async def play_from_dm(self, user_id: int) -> None:
        """Click, in the player's DM panel, the button (or select option) of a sensible legal move."""
        member = self.by_id[user_id]
        seat, _ = await self.to_act()
        panel = member.user.dm_channel.last_message
        legal = {a.dumps() for a in (await self.live()).engine.legal_actions((await self.live()).state, seat)}
        wanted = (await self.choice(seat)).dumps()
        buttons = move_buttons(panel)
        if buttons:
            assert set(buttons) == legal  # exactly the legal moves, no more, no less
            await member.user.click(panel, custom_id=buttons[wanted])
            return
        select_id, values = select_moves(panel)
        assert select_id is not None and wanted in values
        await member.user.select(panel, [wanted], custom_id=select_id)


async def test_a_whole_game_through_the_dm_panels(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start(deals=2)
    channel = table.channel
    assert "Deal 1" in text_of(await table.table_message()), "the first deal shows on the table"
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.table_message_id is not None
    first_table_id = row.table_message_id

    # Every seated person got one DM with a picture of their hand.
    for member in (table.alice, table.bob, table.carol):
        history = member.user.dm_channel.history()
        assert len(history) == 1
        assert [a.filename for a in history[0].attachments] == ["hand.png"]
        assert history[0].attachments[0].content_type in (None, "image/png")

    moves = 0
    while await table.status() == "running":
        _, user = await table.to_act()
        await table.play_from_dm(user)
        moves += 1
        assert moves < 400
    assert moves > 10

    # The DM panels were edited in place, never re-sent.
    for member in (table.alice, table.bob, table.carol):
        assert len(member.user.dm_channel.history()) == 1

    texts = [m.content or "" for m in channel.history()]
    assert any("🏆" in t for t in texts), "the final ranking is posted"
    # The first deal's table message stays above the next one's, saying how the deal ended: one new message.
    (deal_end,) = [m for m in channel.history() if "End of deal 1" in text_of(m)]
    assert not deal_end.content and [a.filename for a in deal_end.attachments] == ["table.png"]
    assert not components(deal_end)
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.status == "over"
    assert row.table_message_id is not None
    assert row.table_message_id != first_table_id  # reposted at the bottom at milestones
    final = channel.get_message(row.table_message_id) if hasattr(channel, "get_message") else None
    if final is not None:
        assert not custom_ids(final, "tb:h:")  # no "My hand" button once the game is over
    stats = await table.bot.store.stats(table.guild.id)
    assert sum(s.games for s in stats) == 3


async def test_closed_dms_play_through_the_ephemeral_panel(simcord_env: Any) -> None:
    table = Table(simcord_env)
    block_dms(simcord_env, table.carol.user)
    await table.start()
    refusals = [m for m in table.channel.history() if "cannot send you direct messages" in (m.content or "")]
    assert len(refusals) == 1 and f"<@{table.carol.id}>" in refusals[0].content
    assert table.carol.user.dm_channel.history() == []

    played_by_carol = 0
    while await table.status() == "running" and played_by_carol < 3:
        _, user = await table.to_act()
        if user != table.carol.id:
            await table.play_from_dm(user)
            continue
        row = await table.bot.store.get_game(table.game_id)
        assert row is not None and row.table_message_id is not None
        table_msg = next(m for m in table.channel.history() if m.id == row.table_message_id)
        opened = await table.carol.click(table_msg, custom_id=f"tb:h:{table.game_id}")
        assert panel_of(opened).ephemeral
        panel = panel_of(opened)
        assert [a.filename for a in panel.attachments] == ["hand.png"]
        seat, _ = await table.to_act()
        wanted = (await table.choice(seat)).dumps()
        buttons = move_buttons(panel)
        if buttons:
            await table.carol.click(panel, custom_id=buttons[wanted])
        else:
            select_id, _values = select_moves(panel)
            await table.carol.select(panel, [wanted], custom_id=select_id)
        played_by_carol += 1
    # The refusal in the channel was said once, however many times the hand changed.
    refusals = [m for m in table.channel.history() if "cannot send you direct messages" in (m.content or "")]
    assert len(refusals) == 1
    assert played_by_carol >= 1 or await table.status() == "over"


async def test_table_hand_command_opens_the_same_panel(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start()
    result = await table.bob.slash(table.channel, "table hand")
    assert panel_of(result).ephemeral
    panel = panel_of(result)
    assert [a.filename for a in panel.attachments] == ["hand.png"]


async def test_restart_mid_game_then_click_an_old_button(simcord_env: Any, db_path: Path) -> None:
    table = Table(simcord_env)
    await table.start()
    for _ in range(3):
        _, user = await table.to_act()
        await table.play_from_dm(user)
    before = await table.bot.store.action_count(table.game_id)
    seat, user = await table.to_act()
    old_panel = table.by_id[user].user.dm_channel.last_message
    wanted = (await table.choice(seat)).dumps()
    custom_id = move_buttons(old_panel)[wanted]

    old_bot = table.bot
    await simcord_env.restart_bot(make_bot(db_path))
    await old_bot.close()
    assert table.bot is not old_bot
    assert table.game_id not in table.bot.tables._live  # nothing in memory: the state comes from the file

    await table.by_id[user].user.click(old_panel, custom_id=custom_id)
    assert await table.bot.store.action_count(table.game_id) > before
    # And the game goes on to its end with the new process.
    while await table.status() == "running":
        _, user = await table.to_act()
        await table.play_from_dm(user)
    assert await table.status() == "over"


async def test_refusals_are_ephemeral_and_change_nothing(simcord_env: Any) -> None:
    table = Table(simcord_env)
    set_locales(simcord_env, {table.dave.id: "fr"})
    await table.start()
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.table_message_id is not None
    table_msg = next(m for m in table.channel.history() if m.id == row.table_message_id)

    # Someone who is not seated asks for a hand: refused, in their language.
    outsider = await table.dave.click(table_msg, custom_id=f"tb:h:{table.game_id}")
    assert panel_of(outsider).ephemeral
    said = panel_of(outsider).content
    assert said == "Vous n'avez pas de place à cette table."

    # A player opens their ephemeral panel while it is their turn, plays from the DM, then clicks the old panel.
    _, user = await table.to_act()
    member = table.by_id[user]
    opened = await member.click(table_msg, custom_id=f"tb:h:{table.game_id}")
    stale_panel = panel_of(opened)
    stale_ids = custom_ids(stale_panel, "tb:a:")
    stale_text = text_of(stale_panel)
    while (await table.to_act())[1] == user:  # a Nain Jaune turn goes on while the player can lay
        await table.play_from_dm(user)
    count = await table.bot.store.action_count(table.game_id)
    late = await member.click(stale_panel, custom_id=stale_ids[0])
    assert panel_of(late).ephemeral
    assert panel_of(late).content == (
        "This button is from an earlier moment of the game; here is your panel as it is now."
    )
    assert await table.bot.store.action_count(table.game_id) == count
    # The stale panel was redrawn in place: its moves now carry the game's current version.
    from simcord.results import ResponseMessage

    redrawn = ResponseMessage(simcord_env, simcord_env.backend.get_message(stale_panel.channel_id, stale_panel.id))
    versions = {i.split(":")[3] for i in custom_ids(redrawn, "tb:a:")}
    assert versions <= {str(count)} and versions != {i.split(":")[3] for i in stale_ids}
    now = text_of(redrawn)
    assert now != stale_text and "Your turn" in stale_text and "Your turn" not in now

    # A slash command from someone not seated goes through the tree's one error handler.
    result = await table.dave.slash(table.channel, "table leave")
    assert result.ephemeral
    assert any(isinstance(e, GameError) and e.code == "not_seated" for e in errors_of(simcord_env))

    # A second table in the same channel is refused.
    again = await table.bob.slash(table.channel, "nainjaune new")
    assert again.ephemeral
    assert "already open" in (panel_of(again).content or "")
    assert any(isinstance(e, GameError) and e.code == "table_exists" for e in errors_of(simcord_env))


async def test_a_double_click_applies_once(simcord_env: Any) -> None:
    from simcord import InteractionResult
    from simcord import interactions as sim_interactions
    from simcord.actors import _find_component
    from simcord.actors import _visible_message
    from simcord.backend import serializers
    from simcord.enums import ComponentType
    from simcord.enums import InteractionType

    table = Table(simcord_env)
    await table.start()
    seat, user = await table.to_act()
    member = table.by_id[user]
    panel = member.user.dm_channel.last_message
    custom_id = move_buttons(panel)[(await table.choice(seat)).dumps()]
    before = await table.bot.store.action_count(table.game_id)

    def emit_click() -> InteractionResult:
        """Send the click's interaction without waiting: two of them race like a real double click."""
        env = simcord_env
        stored = _visible_message(member.user, panel)
        button = _find_component(stored.components, types=(ComponentType.BUTTON,), custom_id=custom_id, label=None)
        data = {"custom_id": button["custom_id"], "component_type": ComponentType.BUTTON}
        record, payload = sim_interactions.base_payload(
            env.backend,
            type=InteractionType.MESSAGE_COMPONENT,
            channel_id=stored.channel_id,
            guild_id=None,
            user_id=member.id,
            data=data,
        )
        payload["message"] = dict(serializers.message_payload(env.backend, stored))
        record.source_message_id = stored.id
        env.backend.emit("INTERACTION_CREATE", payload)
        return InteractionResult(env, record)

    first, second = emit_click(), emit_click()
    await simcord_env.settle()
    assert first.acknowledged and second.acknowledged
    live = await table.live()
    moved_by_user = [n for n in range(before + 1, live.n + 1)]
    actions = await table.bot.store.actions(table.game_id)
    human_moves = [a for a in actions[before:] if not a.by_bot]
    assert len(human_moves) == 1, moved_by_user
    assert isinstance(second, InteractionResult)


async def test_table_commands_log_status_rules_stats_abandon(simcord_env: Any) -> None:
    table = Table(simcord_env, guild_locale="fr")
    set_locales(simcord_env, {table.alice.id: "fr", table.bob.id: "en-US"})
    await table.start()
    for _ in range(4):
        _, user = await table.to_act()
        await table.play_from_dm(user)

    # The lobby and the table speak the server's language.
    texts = [text_of(m) for m in table.channel.history()]
    assert any("Donne 1" in t for t in texts)

    log = panel_of(await table.bob.slash(table.channel, "table log"))
    assert log.ephemeral
    data = await log.attachments[0].read()
    lines = data.decode("utf-8").splitlines()
    assert lines[0].startswith("Tablée · Nain Jaune")
    assert any(" plays " in line for line in lines)  # narrated in Bob's language

    row = await table.bot.store.get_game(table.game_id)
    assert row is not None
    old_table = row.table_message_id
    status = await table.alice.slash(table.channel, "table show")
    assert panel_of(status).ephemeral
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.table_message_id != old_table
    assert table.channel.history()[-1].id == row.table_message_id  # the table is at the bottom again

    rules = panel_of(await table.alice.slash(table.channel, "table rules"))
    assert rules.ephemeral and "Grand opéra" in rules.content and "52 cartes" in rules.content

    # Bob is not the host and does not manage the channel: he cannot stop the game.
    refused = panel_of(await table.bob.slash(table.channel, "table abandon"))
    assert refused.content == "Only the host or a member who manages channels can stop the game."
    assert any(isinstance(e, GameError) and e.code == "host_or_manager_only" for e in errors_of(simcord_env))
    stopped = panel_of(await table.alice.slash(table.channel, "table abandon"))
    assert stopped.content == "Partie arrêtée."
    assert await table.status() == "abandoned"
    assert "La partie de ce salon a été abandonnée." in [m.content for m in table.channel.history()]

    stats = panel_of(await table.alice.slash(table.channel, "table stats"))
    assert stats.embeds and stats.embeds[0].title == "Statistiques du serveur"


async def test_turn_timer_reminds_then_plays_for_the_absent_player(simcord_env: Any) -> None:
    table = Table(simcord_env)
    await table.start()
    seat, user = await table.to_act()
    before = await table.bot.store.action_count(table.game_id)

    await simcord_env.advance_time(121)
    await table.bot.tables.run_timers()
    await simcord_env.settle()
    reminder = table.channel.history()[-1]
    assert f"<@{user}>" in reminder.content and "your turn" in reminder.content

    await simcord_env.advance_time(600)
    await table.bot.tables.run_timers()
    await simcord_env.settle()
    actions = await table.bot.store.actions(table.game_id)
    assert len(actions) > before
    assert actions[before].seat == seat and actions[before].by_bot
