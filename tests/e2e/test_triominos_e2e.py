"""A whole round of Triominos on a simulated Discord: two people and one computer player.

Every placement is made through the private panel: pick a tile, then pick its lettered spot.
"""

from __future__ import annotations

import random
from typing import Any

from bot.players.triominos import PLAYER
from tests.e2e.simhelpers import SimTable, components, move_buttons


class TriominosTable(SimTable):
    def __init__(self, env: Any) -> None:
        super().__init__(env, ("zoe", "yann"), "triominos")

    async def start(self) -> None:
        await super().open_and_start("triominos", players=2, computers=1, rounds=1)


def _select(message: Any, prefix: str) -> Any:
    return next((c for c in components(message) if (c.custom_id or "").startswith(prefix)), None)


async def test_a_whole_round_through_the_panel(simcord_env: Any) -> None:
    table = TriominosTable(simcord_env)
    await table.start()
    rng = random.Random(3)
    placements = 0
    steps = 0
    while True:
        live = await table.live()
        engine = live.engine
        if engine.is_over(live.state):
            break
        seat = min(engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None
        member = table.by_id[user]
        choice = PLAYER.act(live.state, seat, rng)
        dm = member.user.dm_channel
        steps += 1
        assert steps < 400

        if choice.kind != "place":
            await member.user.click(dm.last_message, custom_id=move_buttons(dm.last_message)[choice.dumps()])
            continue

        # 1. Pick the tile: the panel is redrawn in place with the tile's spots, lettered and scored.
        tiles = _select(dm.last_message, "tb:f:")
        assert tiles is not None and choice.text("tile") in [o.value for o in tiles.options]
        panel_id = dm.last_message.id
        await member.user.select(dm.last_message, [choice.text("tile")], custom_id=tiles.custom_id)
        assert dm.last_message.id == panel_id
        # 2. Pick the spot, turning pages if there are more than 25.
        for _ in range(10):
            spots = _select(dm.last_message, "tb:s:")
            assert spots is not None
            values = [o.value for o in spots.options]
            if choice.dumps() in values:
                labels = [o.label for o in spots.options]
                assert labels[0].startswith("A · ")
                await member.user.select(dm.last_message, [choice.dumps()], custom_id=spots.custom_id)
                break
            nxt = [c for c in components(dm.last_message) if (c.custom_id or "").startswith("tb:g:") and not c.disabled]
            await member.user.click(dm.last_message, custom_id=nxt[-1].custom_id)
        else:  # pragma: no cover - the move must be on one of the pages
            raise AssertionError("the chosen placement was not offered")
        placements += 1

    assert placements >= 3
    row = await table.bot.store.get_game(table.game_id)
    assert row is not None and row.status == "over"
    texts = [m.content or "" for m in table.channel.history()]
    assert any("🏆" in text for text in texts)
    for member in table.members:
        assert len(member.user.dm_channel.history()) == 1
