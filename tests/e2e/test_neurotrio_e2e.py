"""A whole game of Neurotrio between three people on a simulated Discord, with a "Neuro !" call.

Cards are laid through the private panel (the five best placements as buttons, the next ones in a
menu, past them a card then its cell); the call is the public button of the table message; the bids
go through the private form (base carton, card, hidden carton).
"""

from __future__ import annotations

import json
import random
from typing import Any

from bot.players.neurotrio import PLAYER
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import finished_texts
from tests.e2e.simhelpers import move_buttons
from tests.e2e.simhelpers import play_placement
from tests.e2e.simhelpers import until_over
from tests.e2e.test_chat_vert_e2e import displayed_texts


class NeuroTable(SimTable):
    def __init__(self, env: Any) -> None:
        super().__init__(env, ("lina", "marc", "nour"), "tresor")

    async def start(self) -> None:
        await super().open_and_start("neurotrio", players=3)


def _on(fields: dict[str, Any], cell: tuple[int, int]) -> bool:
    """Whether an option of the form agrees with ``cell`` (options that name no row or column always do)."""
    return fields.get("r", cell[0]) == cell[0] and fields.get("c", cell[1]) == cell[1]


async def _bid_through_dialogue(member: Any, cell: tuple[int, int]) -> None:
    """Open the bid's form, choose the first base carton and carton and the domain card on ``cell``, send it."""
    dm = member.user.dm_channel
    opener = [c for c in custom_ids(dm.last_message, "tb:x:") if c.endswith(":bid")]
    assert opener, "the panel offers the bid's form"
    shown = await member.user.click(dm.last_message, custom_id=opener[0])
    answers = {}
    for label in shown.modal["components"]:
        select = label["component"]
        values = [o["value"] for o in select["options"]]
        wanted = [
            v
            for v in values
            if json.loads(v).get("r", cell[0]) == cell[0] and json.loads(v).get("c", cell[1]) == cell[1]
        ]
        answers[select["custom_id"]] = [wanted[0]]
    await member.user.submit_modal(shown, answers)


async def test_a_game_with_a_neuro_call_and_an_auction(simcord_env: Any) -> None:
    table = NeuroTable(simcord_env)
    await table.start()
    rng = random.Random(11)
    called = False
    bids_made = 0
    async for live in until_over(table, 600):
        engine = live.engine
        public = engine.public_view(live.state)
        if public.phase == "auction":
            bidder = public.table.auction.bidder
            member = table.by_id[live.row.seats[bidder].user_id]
            if bidder == public.table.auction.caller or bids_made < 2:
                spot = live.engine.view(live.state, bidder).own.bid.cells[0]
                await _bid_through_dialogue(member, (spot.r, spot.c))
                bids_made += 1
            else:
                dm = member.user.dm_channel
                nobid = [c for c in custom_ids(dm.last_message, "tb:a:") if '"kind":"nobid"' in c]
                await member.user.click(dm.last_message, custom_id=nobid[0])
            continue
        if not called and len(public.table.grid) >= 4 and public.may_interrupt:
            caller_seat = sorted(public.may_interrupt)[-1]
            caller = table.by_id[live.row.seats[caller_seat].user_id]
            message = await table.table_message()
            neuro = [c for c in custom_ids(message, "tb:a:") if '"kind":"neuro"' in c]
            assert neuro, "the table message offers Neuro ! while a call is open"
            result = await caller.click(message, custom_id=neuro[0])
            assert result.acknowledged
            # The call is told on the table message's recent moves, not in a message of its own.
            assert any("Neuro!" in text for text in displayed_texts((await table.table_message()).components))
            called = True
            continue

        seat = min(engine.to_act(live.state))
        member = table.by_id[live.row.seats[seat].user_id]
        choice = PLAYER.act(live.state, seat, rng)
        dm = member.user.dm_channel
        if choice.kind == "pass":
            await member.user.click(dm.last_message, custom_id=move_buttons(dm.last_message)[choice.dumps()])
            continue
        assert choice.kind == "place"
        await play_placement(member.user, choice, str(choice["card"]))

    assert called and bids_made >= 1
    texts = await finished_texts(table)
    assert any("The treasure was" in text for text in texts)
