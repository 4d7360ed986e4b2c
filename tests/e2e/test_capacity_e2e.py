"""Tables at human pace on Discord's limits: the production bot on simcord, Discord's rate limits enforced beneath
its pacer (``bench.limits``), tables of every game, all people or one person among computer players, each in its
own channel and making a person's move every ten seconds, in real time (each person's first move a click in their DM
panel, as people play). ``make bench`` runs the same at 300 tables
and more (``bench.capacity``); here twenty tables, two moves each."""

from __future__ import annotations

from bench.capacity import SHOWN_P95_BUDGET_S
from bench.capacity import load_on_discord


async def test_twenty_tables_at_human_pace_get_no_429_and_show_every_move_within_a_second() -> None:
    run = await load_on_discord(20, 20.0)
    assert run.responses_429 == 0, run.line
    assert run.invalid == 0
    assert run.failures == 0
    # The tables moved (twice each, unless no person was awaited), and every move reached its table message.
    assert run.moves >= 20, run.line
    assert run.lost == 0 and run.tables_behind == 0, run.line
    assert run.p(95) <= SHOWN_P95_BUDGET_S, run.line
    assert 0 < run.requests_per_s <= 50
