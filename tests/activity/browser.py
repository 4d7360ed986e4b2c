"""Playing from the Activity's page in headless Chromium, as a player taps: Debian's Chromium (``/usr/bin/chromium``)
driven by Playwright, each player in a browser context of their own, the Activity in the frame of the client double.

A player's move is chosen by the game's computer player (so a game ends), then made on the page the way a person
would: the button of the move, or the lettered spot then the tile, the card then the cell, the bid's three parts,
the cards of a discard, the words typed before the card.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from playwright.async_api import Browser
from playwright.async_api import FrameLocator
from playwright.async_api import Page
from playwright.async_api import async_playwright

from bot.games.base import Action
from bot.games.base import as_texts
from bot.games.chat_vert.cards import canonical
from bot.games.njet_views import NjetSeatView
from bot.games.triominos_views import TriominosSeatView
from bot.service.tables import Snapshot
from bot.texts.triominos import space_letters
from tests.activity.support import Served
from tests.browser import ARGS
from tests.browser import CHROMIUM
from web.activity.app import BUILT

WAIT_MS = 20_000


def css(value: str) -> str:
    """A CSS string of ``value`` (for an attribute selector)."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@dataclass
class Player:
    """A person in the browser: their page (the client double) and its console's errors."""

    user_id: int
    page: Page
    errors: list[str]

    @property
    def frame(self) -> FrameLocator:
        return self.page.frame_locator("#frame")

    async def wait(self, selector: str) -> None:
        await self.frame.locator(selector).first.wait_for(timeout=WAIT_MS)

    async def click(self, selector: str) -> None:
        await self.frame.locator(selector).first.click(timeout=WAIT_MS)

    async def host_log(self) -> list[list[object]]:
        return list(json.loads(await self.page.evaluate("JSON.stringify(window.hostLog)")))


async def signed_in(browser: Browser, served: Served, user_id: int, width: int = 420) -> Player:
    """A player who opened the Activity: their page once Discord's client double and the server know them."""
    assert (BUILT / "activity.js").exists(), "the Activity's script is not built: make builds it (make test)"
    context = await browser.new_context(viewport={"width": width, "height": 900})
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(served.host(user_id))
    player = Player(user_id, page, errors)
    await player.wait(f'#app[data-user="{user_id}"][data-view]')
    return player


async def ready_for(player: Player, n: int) -> None:
    """Wait until the page shows version ``n`` of the game, the player's turn, and no request under way."""
    await player.wait(f'#app[data-n="{n}"][data-mine="1"]:not([data-waiting])')


async def play_on_page(player: Player, snapshot: Snapshot, seat: int, action: Action) -> None:
    """Make ``action`` on the page as a person would, through the game's own controls."""
    kind = snapshot.game.kind
    words = action.text("say") or None
    target = canonical(action) if kind == "chat_vert" else action
    move = f"[data-move={css(target.dumps())}]"
    if kind == "triominos" and action.kind == "place":
        view: TriominosSeatView = snapshot.views[seat]
        letters = space_letters(view.own.placements)
        letter = letters[(action.number("r"), action.number("c"))]
        if not await player.frame.locator(move).count():
            await player.click(f"[data-group={css(letter)}]")
    elif kind == "neurotrio" and action.kind == "place":
        key = f"[data-key={css(action.text('card'))}]"
        if await player.frame.locator(key).count():
            await player.click(key)
    elif kind == "neurotrio" and action.kind == "bid":
        for field, value in (
            ("base", {"base": action.get("base")}),
            ("cell", {"r": action.get("r"), "c": action.get("c")}),
            ("carton", {"carton": action.get("carton")}),
        ):
            await player.click(f"[data-field={css(field)}][data-value={css(json.dumps(value, separators=(',', ':')))}]")
        await player.click('[data-submit="bid"]')
        return
    elif kind == "njet" and action.kind == "discard":
        njet_view: NjetSeatView = snapshot.views[seat]
        taken: set[int] = set()
        for card in as_texts(action.get("cards")):
            index = next(i for i, code in enumerate(njet_view.own.codes) if code == card and i not in taken)
            taken.add(index)
            await player.click(f'[data-pick="{index}"]')
        await player.click('[data-submit="discard"]')
        return
    elif kind == "chat_vert" and not await player.frame.locator(move).count():
        await open_group_of(player, move)
    if words:
        await player.frame.locator("#words").fill(words)
    await player.click(move)


async def open_group_of(player: Player, move: str) -> None:
    """Open, one after the other, the groups that hide their moves (a major's colours) until ``move`` shows."""
    groups = player.frame.locator("[data-group]:not([data-move])")
    for index in range(await groups.count()):
        await groups.nth(index).click(timeout=WAIT_MS)
        if await player.frame.locator(move).count():
            return
        await player.click("[data-back]")
    raise AssertionError(f"no control makes {move}")


async def moved(served: Served, game_id: int, n: int, player: Player | None = None) -> None:
    """Wait until the game is past version ``n`` (or over); a page's refusal is the failure's message."""
    for _ in range(int(WAIT_MS / 20)):
        found = await served.tables.store.game_version(game_id)
        assert found is not None
        if found[0] > n or found[1].status != "running":
            return
        await asyncio.sleep(0.02)
    said = await player.frame.locator("#notice").inner_text() if player is not None else ""
    raise AssertionError(f"game {game_id} did not move past {n}: {said!r}")
