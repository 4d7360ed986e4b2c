"""The page in headless Chromium, framed by the double of Discord's client: the SDK's side of the conversation (its
handshake, its commands and what they carry), the sign-in again when the session has expired, and the page at a
phone's width."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.activity.browser import chromium
from tests.activity.browser import signed_in
from tests.activity.support import CHANNEL
from tests.activity.support import CLIENT_ID
from tests.activity.support import FRAME
from tests.activity.support import INSTANCE
from tests.activity.support import served
from tests.browser import skip_without_chromium

pytestmark = skip_without_chromium
ALICE = 101


async def test_the_sdk_signs_the_player_in_through_discord_s_client(tmp_path: Path) -> None:
    async with served(tmp_path) as serving, chromium() as browser:
        serving.fake.user(ALICE, "Alice", "fr")
        serving.fake.instance(INSTANCE, CHANNEL, [ALICE])
        alice = await signed_in(browser, serving, ALICE)
        log = await alice.host_log()
        (handshake_op, handshake), *frames = log
        assert handshake_op == 0
        assert handshake["v"] == 1 and handshake["client_id"] == CLIENT_ID and handshake["frame_id"] == FRAME
        assert handshake["sdk_version"] == "2.5.0"
        assert [(op, frame["cmd"]) for op, frame in frames] == [(1, "AUTHORIZE"), (1, "AUTHENTICATE")]
        authorize, authenticate = (frame for _, frame in frames)
        assert authorize["args"] == {
            "client_id": CLIENT_ID,
            "response_type": "code",
            "state": "",
            "prompt": "none",
            "scope": ["identify"],
        }
        assert serving.fake.tokens[authenticate["args"]["access_token"]] == ALICE
        assert all(frame["nonce"] for _, frame in frames) and authorize["nonce"] != authenticate["nonce"]
        assert len(serving.activity.sessions) == 1
        title = await alice.frame.locator("h1").inner_text()
        assert title == "Pas de table dans ce salon. Ouvrez-en une :"
        assert not alice.errors, alice.errors


async def test_an_expired_session_signs_in_again_without_a_word(tmp_path: Path) -> None:
    """The server forgets the session (it expired, or the bot restarted): the page's next request is refused, the
    page asks Discord for a code again (no prompt: the player already allowed it) and comes back."""
    async with served(tmp_path) as serving, chromium() as browser:
        serving.fake.user(ALICE, "Alice", "fr")
        serving.fake.instance(INSTANCE, CHANNEL, [ALICE])
        alice = await signed_in(browser, serving, ALICE)
        serving.activity.sessions._sessions.clear()
        serving.fake.codes[alice.page.url.split("code=")[1].split("&")[0]] = ALICE  # Discord hands the code again
        await alice.click('[data-kind="njet"]')
        for _ in range(200):  # the page signs in again
            if len([entry for entry in await alice.host_log() if entry[0] == 1]) == 4:
                break
            await asyncio.sleep(0.05)
        await alice.wait('#app[data-view="none"]:not([data-waiting]) [data-kind="njet"]')
        commands = [frame["cmd"] for op, frame in await alice.host_log() if op == 1]
        assert commands == ["AUTHORIZE", "AUTHENTICATE", "AUTHORIZE", "AUTHENTICATE"]
        assert await serving.tables.store.active_game(CHANNEL) is None  # the refused request made nothing
        await alice.click('[data-kind="njet"]')
        await alice.wait('#app[data-view="lobby"]')
        assert not alice.errors, alice.errors


async def test_the_page_fits_a_phone(tmp_path: Path) -> None:
    async with served(tmp_path) as serving, chromium() as browser:
        serving.fake.user(ALICE, "Alice", "en")
        serving.fake.instance(INSTANCE, CHANNEL, [ALICE])
        alice = await signed_in(browser, serving, ALICE, width=390)
        await alice.click('[data-kind="neurotrio"]')
        await alice.click('[data-op="bot"]')
        await alice.click('[data-op="bot"]')
        await alice.click('[data-op="start"]')
        await alice.wait('#app[data-view="game"] img[data-picture="1"][src^="blob:"]')
        frame = alice.page.frames[1]
        widths = await frame.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], widths
        assert await frame.evaluate("[...document.images].every((image) => image.alt.length > 0)")
        assert not alice.errors, alice.errors
