"""Every picture the bot posts carries a description a screen reader reads: the table message's, the private
panel's, the results', a leaderboard's and a replay's, in the reader's language, and each says what it shows."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.registry import ALT_MAX
from bot.registry import player_of
from tests.e2e.simhelpers import set_locales
from tests.e2e.test_clicks_e2e import SETUPS
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import fix_seed


def gallery_items(message: Any) -> list[Any]:
    """The media gallery items of a layout message, in order."""
    (container,) = message.components
    galleries = [c for c in container.children if type(c).__name__ == "MediaGalleryComponent"]
    return [item for gallery in galleries for item in gallery.items]


def described(message: Any) -> dict[str, str]:
    """Each gallery item's file name and its description."""
    return {item.media.url.rsplit("/", 1)[-1]: item.description or "" for item in gallery_items(message)}


@pytest.mark.parametrize("setup", SETUPS, ids=[s.kind for s in SETUPS])
async def test_the_table_and_the_panel_are_described(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, setup: Any
) -> None:
    """In the middle of a game and at its end: the table picture's description names the person (a seat of the
    table), the panel's is there, both within Discord's limit; the end adds the results, described with the
    ranking."""
    fix_seed(monkeypatch)
    set_locales(simcord_env, {})
    table = OneSeatTable(simcord_env, replace(setup, moves=400))
    await table.begin()
    rng = random.Random(5)
    turn = await table.person_to_act()
    assert turn is not None
    message = await table.table_message()
    words = described(message)
    assert list(words) == ["table.png"]
    assert 0 < len(words["table.png"]) <= ALT_MAX
    panel = described(table.person.user.dm_channel.last_message)
    assert list(panel) == ["hand.png"] and 0 < len(panel["hand.png"]) <= ALT_MAX
    while (turn := await table.person_to_act()) is not None:
        live, seat = turn
        await table.bot.tables.act(table.game_id, table.person.id, player_of(setup.kind).act(live.state, seat, rng))
    words = described(await table.table_message())
    assert list(words) == ["table.png", "results.png"]
    assert words["results.png"].startswith("Final ranking of")
    assert "pat" in words["results.png"]  # the person is ranked, by name
