"""A whole round of Njet! on a simulated Discord: three people and one computer player.

The stones are placed from the table message (one menu while more than ten are open, then buttons), the partner
is chosen and the tricks are played from the DM panels, and the secret discard is a multi-select of exactly N cards.
"""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import GameError
from bot.games.base import as_texts
from bot.players.njet import PLAYER
from bot.texts import narrate
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import errors_of
from tests.e2e.simhelpers import finished_texts
from tests.e2e.simhelpers import move_buttons
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import select_moves
from tests.e2e.simhelpers import until_over


class NjetTable(SimTable):
    def __init__(self, env: Any) -> None:
        super().__init__(env, ("ana", "ben", "cleo"), "njet")

    async def start(self) -> None:
        await super().open_and_start("njet", players=3, computers=1, rounds=1)


async def test_a_whole_round_through_buttons_and_panels(simcord_env: Any) -> None:
    table = NjetTable(simcord_env)
    await table.start()
    phases_seen: set[str] = set()
    rng = random.Random(5)
    menus = 0
    async for live in until_over(table, 200):
        engine = live.engine
        public = engine.public_view(live.state)
        phase = public.phase
        phases_seen.add(phase)
        seats = sorted(engine.to_act(live.state))
        seat = seats[0]
        user = live.row.seats[seat].user_id
        assert user is not None, "computer players act by themselves"
        member = table.by_id[user]
        choice = PLAYER.act(live.state, seat, rng)

        if phase == "njet":
            message = await table.table_message()
            buttons = move_buttons(message)
            select_id, offered = select_moves(message)
            legal = {a.dumps() for a in engine.legal_actions(live.state, seat)}
            # Every blockable option, and only those: buttons up to ten, one menu past ten.
            assert (set(buttons), select_id is None) == (legal, True) if len(legal) <= 10 else set(offered) == legal
            # Someone else choosing the stone is refused and nothing changes.
            other = next(m for m in table.members if m.id != user)
            before = live.n
            if buttons:
                refused = await other.click(message, custom_id=buttons[choice.dumps()])
            else:
                refused = await other.select(message, [choice.dumps()], custom_id=select_id)
            assert panel_of(refused).ephemeral
            assert live.n == before
            if buttons:
                await member.click(message, custom_id=buttons[choice.dumps()])
            else:
                await member.select(message, [choice.dumps()], custom_id=select_id)
            menus += select_id is not None
            continue

        panel = member.user.dm_channel.last_message
        if phase == "discard":
            select = next(c for c in components(panel) if (c.custom_id or "").startswith("tb:m:"))
            cards = as_texts(choice.get("cards"))
            count = len(cards)
            assert (select.min_values, select.max_values) == (count, count)
            values = []
            remaining = list(cards)
            for option in select.options:
                code = option.value.split("#")[0]
                if code in remaining:
                    remaining.remove(code)
                    values.append(option.value)
            await member.user.select(panel, values, custom_id=select.custom_id)
            continue

        buttons = move_buttons(panel)
        if buttons:
            assert set(buttons) == {a.dumps() for a in engine.legal_actions(live.state, seat)}
            await member.user.click(panel, custom_id=buttons[choice.dumps()])
        else:
            select_id, values = select_moves(panel)
            assert select_id is not None
            await member.user.select(panel, [choice.dumps()], custom_id=select_id)

    assert {"njet", "tricks"} <= phases_seen
    assert menus > 0  # the round's first stones (more than ten open) were chosen in the menu
    await finished_texts(table)
    row, log = await table.bot.tables.full_log(table.game_id)
    names = [s.name for s in row.seats]
    told = [narrate("njet", event, names, "en") or "" for _, event in log]
    assert any("This round's rules" in line for line in told)  # in the moves' lines, not a message of its own
    assert all(isinstance(e, GameError) for e in errors_of(simcord_env))
