"""Hints on a simulated Discord: with the table's "Hints allowed" ticked in the lobby, the private panel of the
player whose move it is shows a 💡 button; its click answers that player alone with the computer player's move and
its reason, changes nothing in the game, and marks the game as hinted (not rated)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.players.hints import hint_rng
from bot.registry import KINDS
from bot.registry import player_of
from bot.registry import spec_of
from bot.registry import texts_of
from bot.service.table_settings import hinted
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import panel_of

UNRATED = "A game in which a hint was used is not rated."


class HintTable(SimTable):
    """alice, bob and carol sit at one table; alice, the host, sets the table's settings in the lobby."""

    def __init__(self, env: Any) -> None:
        super().__init__(env, ("alice", "bob", "carol"), "jeux")

    async def open(self, kind: str, settings: list[str]) -> None:
        alice, *others = self.members
        await alice.slash(self.channel, f"{spec_of(kind).command} new", **dict(spec_of(kind).short))
        lobby = self.channel.last_message
        self.game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
        await alice.select(lobby, settings, custom_id=f"tb:u:{self.game_id}")
        for member in others:
            await member.click(lobby, custom_id=f"tb:l:{self.game_id}:join")
        await alice.click(lobby, custom_id=f"tb:l:{self.game_id}:start")
        await self.bot.publisher.wait_idle()

    async def awaited(self) -> tuple[Any, int]:
        """The member whose move it is, and their seat."""
        live = await self.live()
        seat = min(s for s in live.engine.to_act(live.state) if live.engine.legal_actions(live.state, s))
        return self.by_id[live.row.seats[seat].user_id], seat


def hint_buttons(message: Any) -> list[Any]:
    return [c for c in components(message) if (c.custom_id or "").startswith("tb:i:")]


@pytest.mark.parametrize("kind", KINDS)
async def test_the_hint_button_tells_the_player_the_computer_move(simcord_env: Any, kind: str) -> None:
    table = HintTable(simcord_env)
    await table.open(kind, ["autoplay", "undo", "takeover", "hints"])
    member, seat = await table.awaited()
    panel = member.user.dm_channel.last_message
    (button,) = hint_buttons(panel)
    assert str(button.emoji) == "💡" and button.label == "Hint"
    live = await table.live()
    for other_seat, other in enumerate(live.row.seats):  # a seat with no move to make has no hint on its panel
        if other_seat not in live.engine.to_act(live.state):
            assert hint_buttons(table.by_id[other.user_id].user.dm_channel.last_message) == []

    n, before = live.n, live.engine.public_view(live.state)
    expected = player_of(kind).act(live.state, seat, hint_rng(table.game_id, n, seat))
    names = [s.name for s in live.row.seats]
    label = texts_of(kind).action_label(expected, live.engine.view(live.state, seat), "en", names)

    result = await member.user.click(panel, custom_id=button.custom_id)
    answer = panel_of(result)
    assert answer.ephemeral
    assert answer.content.startswith(f"💡 **{label}**: ") and answer.content.endswith(UNRATED)
    reason = answer.content.split("**: ", 1)[1].split(".\n", 1)[0]
    assert len(reason) > 10 and "hint." not in reason and "{" not in reason

    again = panel_of(await member.user.click(panel, custom_id=button.custom_id))
    assert again.content == answer.content  # the same moment gives the same hint

    live = await table.live()
    assert live.n == n and live.engine.public_view(live.state) == before  # nothing was played
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and hinted(row)


async def test_without_the_setting_there_is_no_hint(simcord_env: Any) -> None:
    table = HintTable(simcord_env)
    await table.open("triominos", ["autoplay", "undo", "takeover"])
    member, _ = await table.awaited()
    assert hint_buttons(member.user.dm_channel.last_message) == []
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and not hinted(row) and row.settings["hints"] is False
