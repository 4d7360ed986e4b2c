"""The web pages from Discord, on a simulated Discord: the bot serves them when its settings give a port; ``/table
web`` answers privately with the channel's live table and the server's page, the table message links to its live
page when a public address is set, the replay's caption and the history link to the replay page; the links open the
pages the bot serves, which follow the game's moves. Without a port, nothing is served and nothing links."""

from __future__ import annotations

import re
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.config import WebSettings
from cogs import web_links
from cogs.client import TableeBot
from tests.e2e.simhelpers import BOTS
from tests.e2e.simhelpers import _walk
from tests.e2e.simhelpers import make_bot
from tests.e2e.simhelpers import panel_of
from tests.e2e.simhelpers import set_locales
from tests.e2e.test_clicks_e2e import SETUPS
from tests.e2e.test_clicks_e2e import OneSeatTable
from tests.e2e.test_clicks_e2e import fix_seed
from tests.e2e.test_replay_e2e import play_to_the_end

PUBLIC = "https://tablee.example.org"
SECRET = "the pages' secret in this test"


@pytest.fixture
async def simcord_bot(bot_database: str | Path, request: pytest.FixtureRequest) -> AsyncIterator[TableeBot]:
    """The bot with its pages on a free port of this machine, their links to ``PUBLIC`` (unless the test is marked
    one without a port)."""
    bot = make_bot(bot_database)  # type: ignore[arg-type]
    if "without_a_port" not in request.node.name:
        bot.web = WebSettings(port=0, host="127.0.0.1", public_url=PUBLIC, secret=SECRET)
    yield bot
    for each in BOTS:
        if not each.is_closed():
            await each.close()


def served_port() -> int:
    from web.serve import served_port as port_of

    served = [served for bot, served in sys.modules["cogs.web_links"]._runners]  # the extension's own module
    return port_of(served[-1].runner)


def link_urls(message: Any) -> list[str]:
    """The addresses of a message's link buttons."""
    return [c.url for c in _walk(getattr(message, "message", message).components) if getattr(c, "url", None)]


async def fetch(url: str) -> tuple[int, str]:
    """What the pages the bot serves answer at ``url`` (its public address taken for this machine's port)."""
    local = url.replace(PUBLIC, f"http://127.0.0.1:{served_port()}")
    async with aiohttp.ClientSession() as session, session.get(local) as answer:
        return answer.status, await answer.text()


async def test_table_web_gives_the_links_and_they_follow_the_game(simcord_env: Any, monkeypatch: Any) -> None:
    fix_seed(monkeypatch)
    set_locales(simcord_env, {})
    (setup,) = [s for s in SETUPS if s.kind == "njet"]
    table = OneSeatTable(simcord_env, replace(setup, moves=400))
    await table.begin()
    await table.bot.publisher.wait_idle()

    answer = panel_of(await table.person.slash(table.channel, "table web"))
    assert answer.ephemeral
    live, server = re.findall(r"https://\S+", answer.content)
    assert live.startswith(f"{PUBLIC}/g/{table.game_id}-") and live.endswith("/")
    assert server.startswith(f"{PUBLIC}/s/{table.guild.id}-")

    message = await table.table_message()
    urls = link_urls(message)
    assert live in urls  # the table message's link button

    status, page = await fetch(live)
    assert status == 200 and "Njet!" in page
    status, before = await fetch(live + "state.json")
    await play_to_the_end(table, "njet")
    status, after = await fetch(live + "state.json")
    assert status == 200 and before != after and '"status": "over"' in after
    status, replay = await fetch(live + "replay")
    assert status == 200 and "Njet!" in replay

    answer = panel_of(await table.person.slash(table.channel, "table replay"))
    posted = table.channel.last_message
    assert f"{live}replay" in posted.content  # the replay's caption links to its page
    history = panel_of(await table.person.slash(table.channel, "table history"))
    assert f"{live}replay" in str(history.components) or f"{live}replay" in history.content


async def test_without_a_port_nothing_is_served_nor_linked(simcord_env: Any, monkeypatch: Any) -> None:
    fix_seed(monkeypatch)
    set_locales(simcord_env, {})
    (setup,) = [s for s in SETUPS if s.kind == "njet"]
    table = OneSeatTable(simcord_env, setup)
    await table.begin()
    await table.bot.publisher.wait_idle()
    assert web_links.links() is None
    answer = panel_of(await table.person.slash(table.channel, "table web"))
    assert answer.ephemeral and "TABLEE_WEB_PORT" in answer.content
    message = await table.table_message()
    assert link_urls(message) == []
