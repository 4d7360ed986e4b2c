"""A finished game's table message shows two pictures in its gallery: the table as it ended and the results."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.registry import player_of
from tests.e2e.simhelpers import set_locales
from tests.e2e.test_clicks_e2e import SETUPS
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import fix_seed

LONGER = {"nain_jaune": {"deals": 2}, "njet": {"rounds": 2}}


@pytest.mark.parametrize("kind", ["nain_jaune", "njet"])
async def test_the_finished_table_shows_the_results_beside_the_table(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    fix_seed(monkeypatch)
    set_locales(simcord_env, {})
    (setup,) = [s for s in SETUPS if s.kind == kind]
    table = OneSeatTable(simcord_env, replace(setup, moves=400, options={**setup.options, **LONGER[kind]}))
    await table.begin()
    rng = random.Random(3)
    while (turn := await table.person_to_act()) is not None:
        live, seat = turn
        await table.bot.tables.act(table.game_id, table.person.id, player_of(kind).act(live.state, seat, rng))
    message = await table.table_message()
    assert await table.status() == "over"
    (container,) = message.components
    (gallery,) = [c for c in container.children if type(c).__name__ == "MediaGalleryComponent"]
    assert [item.media.url.rsplit("/", 1)[-1] for item in gallery.items] == ["table.png", "results.png"]
    assert sorted(a.filename for a in message.attachments) == ["results.png", "table.png"]
    png = await next(a for a in message.attachments if a.filename == "results.png").read()
    assert png.startswith(b"\x89PNG")
    if kind == "nain_jaune":  # the last deal's end and the ranking are one message
        assert any("🏆" in (m.content or "") and "End of deal 2" in (m.content or "") for m in table.channel.history())
