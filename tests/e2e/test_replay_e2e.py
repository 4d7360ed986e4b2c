"""``/table replay`` on a simulated Discord: refused while no game of the channel has ended, then, once a seeded
game of Njet! is over, the animated replay is posted in the channel and its progress told privately."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from bot.games.base import GameError
from bot.registry import player_of
from tests.e2e.simhelpers import errors_of
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import set_locales
from tests.e2e.test_clicks_e2e import SETUPS
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import fix_seed


async def play_to_the_end(table: OneSeatTable, kind: str) -> None:
    """The person's moves, chosen by the computer player, until the game is over."""
    rng = random.Random(3)
    while (turn := await table.person_to_act()) is not None:
        live, seat = turn
        await table.bot.tables.act(table.game_id, table.person.id, player_of(kind).act(live.state, seat, rng))
    assert await table.status() == "over"


def refusal(env: Any, result: Any) -> tuple[str, str]:
    """The private sentence of a refused command and the code of the refusal (the last one told)."""
    error = [e for e in errors_of(env) if isinstance(e, GameError)][-1]
    answer = panel_of(result)
    assert answer.ephemeral
    return answer.content, error.code


async def test_the_replay_of_the_last_game_is_posted_in_the_channel(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch)
    set_locales(simcord_env, {})
    (setup,) = [s for s in SETUPS if s.kind == "njet"]
    table = OneSeatTable(simcord_env, replace(setup, moves=400))
    person = table.person

    content, code = refusal(simcord_env, await person.slash(table.channel, "table replay"))
    assert code == "replay_none" and content == "There is no finished game to replay in this channel."

    await table.begin()
    content, code = refusal(simcord_env, await person.slash(table.channel, "table replay"))
    assert code == "replay_running" and "not over yet" in content

    await play_to_the_end(table, "njet")
    before = len(table.channel.history())
    answer = panel_of(await person.slash(table.channel, "table replay"))
    assert answer.ephemeral and answer.content == "The replay is posted in the channel."

    posted = table.channel.history()[before:]
    (message,) = [m for m in posted if m.attachments]
    assert message.content == f"🎞️ Njet! · game #{table.game_id}, replayed"
    (attachment,) = message.attachments
    assert attachment.filename == f"tablee-njet-{table.game_id}.gif"
    assert attachment.description.startswith(f"Animation of game #{table.game_id} of Njet!")
    data = await attachment.read()
    assert len(data) < 10_000_000
    with Image.open(io.BytesIO(data)) as shown:
        assert shown.format == "GIF" and getattr(shown, "n_frames", 1) > 10

    # A game named by its number: this channel's is replayed, another channel's is refused.
    again = panel_of(await person.slash(table.channel, "table replay", game=table.game_id))
    assert again.content == "The replay is posted in the channel."
    other = table.guild.create_text_channel("ailleurs")
    content, code = refusal(simcord_env, await person.slash(other, "table replay", game=table.game_id))
    assert code == "replay_elsewhere" and content == f"Game #{table.game_id} was not played in this channel."
