"""Discord wants an answer to every interaction within 3 seconds, and a form (a modal) must be that first answer.

A busy game: another player's change holds the game's lock while the store holds its write (declared to simcord as
an outside wait, so simcord's clock, which times the 3 seconds, stands still meanwhile). A form must open all the
same, from the game as the bot holds it in memory; its submission is checked under the lock like any move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.games.base import Action
from bot.games.chat_vert.rules import validate_rule
from bot.players.neurotrio import PLAYER
from bot.service.chat_vert_table import KIND
from bot.service.chat_vert_table import WINNER
from bot.service.chat_vert_table import set_rules
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import move_buttons
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import play_placement
from tests.reliability.test_slow_store import SlowStore


class BusyStore(SlowStore):
    """A held store that still finds a channel's table and remembers a user's language, so that a player's change
    gets as far as the game's lock before the store holds it."""

    SPARED = ("active_game", "set_user_locale")

    def _slowed(self, method: Callable[..., Any]) -> Callable[..., Any]:
        return method if method.__name__ in self.SPARED else super()._slowed(method)


async def _to_auction(table: SimTable) -> Any:
    """Play a Neurotrio game through the panels until a "Neuro !" call opens an auction; the live game then."""
    rng = random.Random(5)
    for _ in range(300):
        live = await table.live()
        engine = live.engine
        public = engine.public_view(live.state)
        if public.phase == "auction":
            return live
        if public.may_interrupt:
            caller = table.by_id[live.row.seats[sorted(public.may_interrupt)[-1]].user_id]
            message = await table.table_message()
            neuro = [c for c in custom_ids(message, "tb:a:") if '"kind":"neuro"' in c]
            await caller.click(message, custom_id=neuro[0])
            continue
        seat = min(engine.to_act(live.state))
        user = table.by_id[live.row.seats[seat].user_id].user
        choice = PLAYER.act(live.state, seat, rng)
        if choice.kind == "pass":
            panel = user.dm_channel.last_message
            await user.click(panel, custom_id=move_buttons(panel)[choice.dumps()])
            continue
        await play_placement(user, choice, str(choice["card"]))
    raise AssertionError("no auction")


async def _auction(env: Any) -> tuple[SimTable, Any, Any, str]:
    """A three-player Neurotrio game at its auction: the table, the bidder, another player, and the bidder's
    button that opens the bid's form."""
    table = SimTable(env, ("lina", "marc", "nour"), "tresor")
    await table.open_and_start("neurotrio", players=3)
    live = await _to_auction(table)
    await table.bot.publisher.wait_idle()
    bidder = live.engine.public_view(live.state).table.auction.bidder
    member = table.by_id[live.row.seats[bidder].user_id]
    other = next(m for m in table.members if m is not member)
    opener = [c for c in custom_ids(member.user.dm_channel.last_message, "tb:x:") if c.endswith(":bid")]
    assert opener, "the bidder's panel offers the bid's form"
    return table, member, other, opener[0]


def _answer(field: dict[str, Any]) -> list[str]:
    """The first option of one of the form's menus."""
    return [field["component"]["options"][0]["value"]]


async def test_the_bid_form_opens_while_the_game_is_busy(simcord_env: Any) -> None:
    table, member, other, opener = await _auction(simcord_env)
    busy = BusyStore(simcord_env, table.bot.store)
    busy.hold()
    await other.slash(table.channel, "table leave")  # takes the game's lock, then waits for the store
    assert busy.waited == 1
    assert table.bot.tables.lock_for(table.game_id).locked()

    shown = await member.user.click(member.user.dm_channel.last_message, custom_id=opener)

    assert shown.modal is not None, "the form is the first answer, while the lock and the store are held"
    assert busy.waited == 1, "opening the form read nothing from the store"
    await busy.release()
    answers = {field["component"]["custom_id"]: _answer(field) for field in shown.modal["components"]}
    await member.user.submit_modal(shown, answers)
    await table.bot.publisher.wait_idle()
    seat = (await table.live()).row.seat_of(member.id)
    played = [Action.loads(a.action).kind for a in await table.bot.store.actions(table.game_id) if a.seat == seat]
    assert played[-1] == "bid", "the bid from the form was checked under the lock and played"


async def test_the_bid_form_of_a_game_not_in_memory_is_acknowledged_before_the_store(simcord_env: Any) -> None:
    table, member, _, opener = await _auction(simcord_env)
    busy = BusyStore(simcord_env, table.bot.store)
    table.bot.tables.forget(table.game_id)  # after a restart, or a move made by another process
    busy.hold()

    clicked = await member.user.click(member.user.dm_channel.last_message, custom_id=opener)

    assert clicked.acknowledged, "acknowledged while the store still waits"
    assert busy.waited >= 1
    await busy.release()
    await table.bot.publisher.wait_idle()
    # The same choices, as the panel's menus: the base carton, the domain card, the personal carton.
    panel = member.user.dm_channel.last_message
    assert len(custom_ids(panel, "tb:f:")) == 3
    assert not custom_ids(panel, "tb:x:")


async def test_the_say_form_opens_while_the_game_is_busy(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben", "cleo"), "chat-vert")
    await table.open_and_start("chatvert", players=3, timer=0)
    live = await table.live()
    seat = min(live.engine.to_act(live.state))
    speaker = next(m for m in table.members if live.row.seat_of(m.id) != seat)
    leaver = next(m for m in table.members if m is not speaker and live.row.seat_of(m.id) != seat)
    say = [c for c in custom_ids(speaker.user.dm_channel.last_message, "tb:k:") if '"kind":"say"' in c]
    assert say, "the panel offers Say…"
    busy = BusyStore(simcord_env, table.bot.store)
    busy.hold()
    await leaver.slash(table.channel, "table leave")
    assert table.bot.tables.lock_for(table.game_id).locked()

    shown = await speaker.user.click(speaker.user.dm_channel.last_message, custom_id=say[0])

    assert shown.modal is not None
    await busy.release()


async def test_rule_suggestions_come_in_time_when_the_store_is_slow(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben"), "chat-vert")
    await table.open_and_start("chatvert", players=2, timer=0)
    author = table.members[0]
    busy = SlowStore(simcord_env, table.bot.store)
    busy.hold()

    choices = await author.autocomplete(table.channel, "chatvert penalty", "rule", "")

    asked = max(simcord_env.backend.interactions.values(), key=lambda record: record.id)
    assert busy.waited >= 1
    assert asked.responded, "an autocomplete cannot be deferred: it is answered while the store still waits"
    assert choices == []
    await busy.release()


async def test_rule_suggestions_name_the_authors_free_rules(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben"), "chat-vert")
    author = table.members[0]
    free = {"id": 4, "template": "free", "text": "Toucher son nez", "message": "Nez !", "author": author.id}
    await set_rules(table.bot.store, table.channel.id, [validate_rule(free)])
    await table.open_and_start("chatvert", players=2, timer=0)

    choices = await author.autocomplete(table.channel, "chatvert penalty", "rule", "")

    assert [choice["value"] for choice in choices] == [4]


async def test_the_rule_dialogs_forms_open_while_the_store_is_slow(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben"), "chat-vert")
    winner = table.members[0]
    owed = {"user": winner.id, "name": "ana", "game": 1, "pending": True}
    await table.bot.store.set_table_data(table.channel.id, KIND, WINNER, owed)
    dialog = panel_of(await winner.slash(table.channel, "chatvert addrule"))
    template = next(i for i in custom_ids(dialog, "tb:r:") if i.endswith(":tpl"))
    slow = SlowStore(simcord_env, table.bot.store)
    for name, field in (("say", "phrase"), ("free", "free")):
        dialog = panel_of(await winner.select(dialog, [name], custom_id=template))
        opener = next(i for i in custom_ids(dialog, "tb:q:") if i.endswith(f":{field}"))
        slow.hold()

        shown = await winner.click(dialog, custom_id=opener)

        assert shown.modal is not None, f"the {field} form is the first answer, while the store waits"
        assert slow.waited == 0
        await slow.release()
