"""Numbers at the boundary: a forged id too large for a game, a version or a page never reaches the store as a
number SQLite cannot hold (an uncaught OverflowError before); the clicker is told the button has expired."""

from __future__ import annotations

from typing import Any

from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import errors_of
from tests.e2e.simhelpers import panel_of
from tests.reliability.forge import emit_component

HUGE = 10**30


async def test_forged_numbers_are_refused_in_words(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("ana", "ben"), "jeux")
    await table.open_and_start("triominos", players=2, rounds=1)
    message = await table.table_message()
    user = table.members[0].id
    live = await table.live()
    before = live.n
    forged = [
        f"tb:l:{HUGE}:join",
        f"tb:h:{HUGE}",
        f'tb:a:{HUGE}:0:{{"kind":"draw"}}',
        f'tb:a:{table.game_id}:{HUGE}:{{"kind":"draw"}}',
        f"tb:p:{table.game_id}:{HUGE}",
        f"tb:g:{table.game_id}:{HUGE}:0:",
    ]
    results = [emit_component(simcord_env, user, message, custom_id) for custom_id in forged]
    await simcord_env.settle()

    assert errors_of(simcord_env) == []  # nothing raised in the bot
    for result in results:
        assert result.acknowledged
        assert panel_of(result).ephemeral and panel_of(result).content == "This button has expired."
    assert (await table.live()).n == before
