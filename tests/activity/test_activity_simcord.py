"""A Nain Jaune game on simcord's offline Discord where Carol plays on Discord's own messages (she opens the table
with ``/nainjaune new``, adds a computer player and starts from the lobby message's buttons, and makes every move
by clicking her DM panel) while Alice and Bob play the same game from the Activity's page in headless Chromium,
joining from there: one table service serves both, the lobby message shows who joined from the Activity, the pages
show Carol's clicks, and the channel's table message shows the end."""

from __future__ import annotations

import random
import time
from typing import Any

from aiohttp.test_utils import TestServer

from bot.config import ActivitySettings
from bot.registry import player_of
from tests.activity.browser import Player
from tests.activity.browser import chromium
from tests.activity.browser import moved
from tests.activity.browser import play_on_page
from tests.activity.browser import ready_for
from tests.activity.browser import signed_in
from tests.activity.support import BOT_TOKEN
from tests.activity.support import CLIENT_ID
from tests.activity.support import CLIENT_SECRET
from tests.activity.support import INSTANCE
from tests.activity.support import PAGES_SECRET
from tests.activity.support import FakeDiscord
from tests.activity.support import Served
from tests.activity.support import host_page
from tests.activity.support import host_script
from tests.browser import skip_without_chromium
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import custom_ids
from tests.e2e.simhelpers import text_of
from web.activity.app import mount
from web.app import make_app

pytestmark = skip_without_chromium


async def activity_over(table: SimTable, fake: FakeDiscord) -> tuple[TestServer, Served]:
    """The bot's pages with the Activity mounted over its own table service, and the client double's host page."""
    bot = table.bot
    app = make_app(bot.tables, bot.store, PAGES_SECRET, pushed=True)
    fake_server = TestServer(fake.app(), host="127.0.0.1")
    await fake_server.start_server()
    settings = ActivitySettings(CLIENT_ID, CLIENT_SECRET, BOT_TOKEN, str(fake_server.make_url("/api/v10")))
    activity = mount(app, bot.tables, bot.store, settings)
    app.router.add_get("/test-host/", host_page)
    app.router.add_get("/test-host/host.js", host_script)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    return fake_server, Served(server, fake, bot.tables, activity)


async def test_a_game_on_the_buttons_and_in_the_activity_at_once(simcord_env: Any) -> None:
    table = SimTable(simcord_env, ("alice", "bob", "carol"), "jeux")
    alice_id, bob_id, carol_id = (m.id for m in table.members)
    carol = table.members[2]
    fake = FakeDiscord()
    fake.user(alice_id, "Alice", "fr")
    fake.user(bob_id, "Bob", "en-US")
    fake.instance(INSTANCE, table.channel.id, [alice_id, bob_id], guild_id=table.guild.id)
    fake_server, serving = await activity_over(table, fake)
    try:
        async with chromium() as browser:
            await carol.slash(table.channel, "nainjaune new", deals=1)
            lobby = table.channel.last_message
            table.game_id = int(custom_ids(lobby, "tb:l:")[0].split(":")[2])
            pages = {
                alice_id: await signed_in(browser, serving, alice_id),
                bob_id: await signed_in(browser, serving, bob_id),
            }
            for page in pages.values():
                await page.click('#app[data-view="lobby"] [data-op="join"]')
                await page.wait('#app[data-view="lobby"] [data-op="leave"]')
            await table.publisher.wait_idle()
            shown = text_of(next(m for m in table.channel.history() if m.id == lobby.id))
            assert "Alice" in shown and "Bob" in shown  # the lobby message follows the joins made in the Activity
            await carol.click(lobby, custom_id=f"tb:l:{table.game_id}:bot")
            await carol.click(lobby, custom_id=f"tb:l:{table.game_id}:start")
            await table.publisher.wait_idle()
            made, delays = await play(table, serving, pages, carol_id)
            assert all(made.values()), made
            assert max(delays) < 1.0, delays
            for page in pages.values():
                await page.wait('#app[data-view="game"] ol.results li')
                assert not page.errors, page.errors
            ending = text_of(await table.table_message())
            assert all(name in ending for name in ("Alice", "Bob", "carol")), ending
    finally:
        await serving.server.close()
        await fake_server.close()


async def play(
    table: SimTable, serving: Served, pages: dict[int, Player], carol_id: int
) -> tuple[dict[int, int], list[float]]:
    """Every human move to the game's end: Carol's by clicks in her DM panel, the others' on their pages; the moves
    each made, and how long each of Carol's clicks took to show on both pages."""
    made = dict.fromkeys([*pages, carol_id], 0)
    delays: list[float] = []
    rng = random.Random(3)
    while await table.status() == "running":
        snapshot = await table.bot.tables.snapshot(table.game_id)
        if snapshot.over:
            continue
        live = await table.live()
        seat = min(s for s in snapshot.to_act if live.row.seats[s].user_id is not None)
        user = live.row.seats[seat].user_id
        assert user is not None
        made[user] += 1
        if user == carol_id:
            await table.publisher.wait_idle()  # her DM panel shows her turn
            started = time.monotonic()
            await table.play(carol_id)  # the computer player's choice, clicked in her DM panel
            after = (await table.bot.tables.snapshot(table.game_id)).n
            for page in pages.values():
                await page.wait(f'#app[data-n="{after}"]')
            delays.append(time.monotonic() - started)
            continue
        page = pages[user]
        await ready_for(page, snapshot.n)
        await play_on_page(page, snapshot, seat, player_of(live.row.kind).act(live.state, seat, rng))
        await moved(serving, table.game_id, snapshot.n, page)
    return made, delays
