"""A whole round of Triominos on a simulated Discord: two people and one computer player.

Every placement is made through the private panel: one list of placements by score, or (over 25) a tile, then
its lettered spot.
"""

from __future__ import annotations

import random
from typing import Any

from bot.players.triominos import PLAYER
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import finished_texts
from tests.e2e.simhelpers import move_buttons
from tests.e2e.simhelpers import pick_paged
from tests.e2e.simhelpers import select_of
from tests.e2e.simhelpers import until_over


class TriominosTable(SimTable):
    def __init__(self, env: Any) -> None:
        super().__init__(env, ("zoe", "yann"), "triominos")

    async def start(self) -> None:
        await super().open_and_start("triominos", players=2, computers=1, rounds=1)


async def test_a_whole_round_through_the_panel(simcord_env: Any) -> None:
    table = TriominosTable(simcord_env)
    await table.start()
    rng = random.Random(3)
    placements = 0
    async for live in until_over(table, 400):
        engine = live.engine
        seat = min(engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None
        member = table.by_id[user]
        choice = PLAYER.act(live.state, seat, rng)
        dm = member.user.dm_channel

        if choice.kind != "place":
            await member.user.click(dm.last_message, custom_id=move_buttons(dm.last_message)[choice.dumps()])
            continue

        spots = select_of(dm.last_message, "tb:s:")
        if spots is not None:
            # Up to 25 placements: one list, best score first, lettered from A like the picture.
            points = [int(o.label.split(" · ")[2].split()[0]) for o in spots.options]
            assert points == sorted(points, reverse=True)
            assert spots.options[0].label.startswith("A · ")
            await member.user.select(dm.last_message, [choice.dumps()], custom_id=spots.custom_id)
            placements += 1
            continue
        # More: pick the tile (the panel is redrawn in place with its spots), then the spot, paged by 25.
        tiles = select_of(dm.last_message, "tb:f:")
        assert tiles is not None and choice.text("tile") in [o.value for o in tiles.options]
        panel_id = dm.last_message.id
        await member.user.select(dm.last_message, [choice.text("tile")], custom_id=tiles.custom_id)
        assert dm.last_message.id == panel_id
        spots = await pick_paged(member.user, "tb:s:", choice.dumps())
        assert spots.options[0].label.startswith("A · ")
        placements += 1

    assert placements >= 3
    await finished_texts(table)
