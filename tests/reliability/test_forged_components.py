"""A component names its game by id, and game ids are sequential: a forged custom_id sent from another server or
another channel must find nothing to act on. Managing one's own server gives no say over a table elsewhere.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import select_moves
from tests.reliability.forge import emit_component


class Place:
    """Somewhere else: a server the intruder owns, or another channel of the table's own server."""

    def __init__(self, env: Any, table: SimTable, *, same_guild: bool) -> None:
        if same_guild:
            self.guild = table.guild
            self.member = table.members[-1]  # seated elsewhere? no: a member of the server, not of the table
        else:
            owner = env.create_user("mallory")
            self.guild = env.create_guild("Elsewhere", owner=owner)
            self.member = self.guild.add_member(owner)
        self.channel = self.guild.create_text_channel("ailleurs")


async def _carrier(place: Place) -> Any:
    """A message of the bot's in the other place to click on: the intruder's own lobby there."""
    await place.member.slash(place.channel, "triominos new")
    return place.channel.last_message


async def _forge_all(
    env: Any, place: Place, carrier: Any, ids: list[str | tuple[str, list[str]]], user: int | None = None
) -> list[Any]:
    """Each id clicked (a button), or chosen with its values (a select: ``(id, values)``), from ``place``."""
    clicker = place.member.id if user is None else user
    results = []
    for forged in ids:
        custom_id, values = (forged, None) if isinstance(forged, str) else forged
        results.append(
            emit_component(
                env, clicker, carrier, custom_id, values=values, guild_id=place.guild.id, channel_id=place.channel.id
            )
        )
    await env.settle()
    return results


async def test_forged_lobby_buttons_from_another_server_change_nothing(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben"), "jeux")
    await table.members[0].slash(table.channel, "nainjaune new")
    lobby = table.channel.last_message
    game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
    place = Place(simcord_env, table, same_guild=False)
    carrier = await _carrier(place)

    ops = ("join", "bot", "start", "cancel", "leave")
    results = await _forge_all(simcord_env, place, carrier, [f"tb:l:{game_id}:{op}" for op in ops])

    row = await table.bot.store.get_game(game_id)
    assert row is not None and row.status == "lobby"  # the owner of another server cannot cancel it
    assert [s.user_id for s in row.seats] == [table.members[0].id]
    texts = [f.content for r in results for f in r.followups]
    assert texts and all("another channel" in text for text in texts)


async def test_forged_moves_from_another_channel_and_server_change_nothing(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben", "cleo"), "jeux")
    await table.open_and_start("njet", players=3, rounds=1)
    message = await table.table_message()
    select_id, offered = select_moves(message)  # the first stones: more than ten open, one menu
    assert select_id is not None and offered
    stones: list[str | tuple[str, list[str]]] = [(select_id, [value]) for value in offered]
    live = await table.live()
    placer = live.row.seats[min(live.engine.to_act(live.state))].user_id
    before = live.n

    for same_guild in (True, False):
        place = Place(simcord_env, table, same_guild=same_guild)
        carrier = await _carrier(place)
        user = placer if same_guild else place.member.id
        ids = [*stones, f"tb:h:{table.game_id}"]
        results = await _forge_all(simcord_env, place, carrier, ids, user)
        assert all(r.acknowledged for r in results)
        texts = [f.content for r in results for f in r.followups]
        assert all("another channel" in text for text in texts), texts

    assert (await table.live()).n == before
    assert await table.status() == "running"


async def test_forged_rule_dialogue_from_another_server_changes_nothing(simcord_env: Any) -> None:
    """Le Chat vert's rule dialogue names a table by its channel: another server cannot write a rule there."""
    table = SimTable(simcord_env, ("ana", "ben"), "chat-vert")
    await table.open_and_start("chatvert", players=2, timer=0)
    place = Place(simcord_env, table, same_guild=False)
    carrier = await _carrier(place)
    channel = table.channel.id
    results = await _forge_all(simcord_env, place, carrier, [f"tb:q:{channel}:open", f"tb:q:{channel}:ok"])
    assert all(r.acknowledged for r in results)
    texts = [f.content for r in results for f in r.followups] + [r.response.content for r in results if r.response]
    assert any("another channel" in text for text in texts), texts
    assert await table.bot.store.chat_vert_rules(channel) == []
