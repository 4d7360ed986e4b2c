"""The pages in a real browser: Debian's Chromium, headless, driven by Playwright, at a desktop's and a phone's width.

The live page changes after a move made through the table service (no reload), the replay steps with its buttons,
its slider and the arrow keys and names its step in the address, the server page lists the games and leads to their
replays; the browser's console shows no error and nothing is wider than the screen. Without Chromium these tests
are skipped, except in CI (``CI`` set), where a missing browser is a failure.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import ARGS
from tests.browser import chromium_or_skip
from tests.web.support import host_moves
from tests.web.support import live_link
from tests.web.support import pages
from tests.web.support import played
from tests.web.support import server_link

WIDTHS = {"desktop": (1280, 800), "phone": (390, 844)}


class Console:
    """The browser's console errors and the page's uncaught exceptions."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(str(error)))


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    executable = chromium_or_skip()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=executable, headless=True, args=ARGS)
        try:
            yield launched
        finally:
            await launched.close()


async def new_page(browser: Any, width: str) -> Any:
    w, h = WIDTHS[width]
    context = await browser.new_context(viewport={"width": w, "height": h}, locale="fr-FR")
    return await context.new_page()


async def until(page: Any, expression: str, timeout: float = 5.0) -> None:
    """Wait until ``expression`` is true in the page (polled from here: the pages' CSP forbids the evaluated string
    that Playwright's own ``wait_for_function`` polls with)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not await page.evaluate(expression):
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"still false after {timeout} s: {expression}")
        await asyncio.sleep(0.05)


async def fits_the_screen(page: Any) -> bool:
    return bool(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("width", list(WIDTHS))
async def test_the_live_page_follows_a_move_without_a_reload(db_path: Path, browser: Any, width: str) -> None:
    service, game_id = await played(db_path, "nain_jaune", moves=1)
    async with pages(service) as client:
        page = await new_page(browser, width)
        console = Console(page)
        await page.goto(str(client.make_url(live_link(game_id))))
        await page.wait_for_selector("body[data-connected=yes]")
        await until(page, "document.body.dataset.version !== undefined")
        before = int(await page.evaluate("document.body.dataset.version"))
        moves_before = await page.locator("#moves li").all_inner_texts()
        await page.evaluate("window.notReloaded = true")
        await host_moves(service, game_id, 1)
        await until(page, f"Number(document.body.dataset.version) > {before}", 5.0)
        assert await page.evaluate("window.notReloaded === true")
        src = await page.get_attribute("#picture", "src")
        after = int(await page.evaluate("document.body.dataset.version"))
        assert src == f"pic/fr/{after}.png"
        assert await page.evaluate("document.getElementById('picture').naturalWidth > 0")
        assert (await page.get_attribute("#picture", "alt") or "").strip()
        assert await page.locator("#moves li").all_inner_texts() != moves_before
        assert await page.locator("h1").count() == 1 and await page.locator("h2").count() >= 3
        assert await fits_the_screen(page)
        assert console.errors == []
        await page.context.close()


@pytest.mark.parametrize("width", list(WIDTHS))
async def test_the_replay_steps_with_buttons_slider_and_keys(db_path: Path, browser: Any, width: str) -> None:
    service, game_id = await played(db_path, "njet")
    async with pages(service) as client:
        page = await new_page(browser, width)
        console = Console(page)
        await page.goto(str(client.make_url(live_link(game_id) + "replay#4")))
        await page.wait_for_selector("body[data-ready=yes]")

        async def step() -> int:
            return int(await page.evaluate("document.body.dataset.step"))

        assert await step() == 4  # the address names the step
        total = int(await page.get_attribute("#slider", "max") or 0) + 1
        assert total > 10
        await page.keyboard.press("ArrowRight")
        assert await step() == 5
        await page.keyboard.press("ArrowLeft")
        await page.keyboard.press("ArrowLeft")
        assert await step() == 3
        await page.keyboard.press("End")
        assert await step() == total - 1
        await page.keyboard.press("Home")
        assert await step() == 0
        await page.click("#next")
        assert await step() == 1
        await page.locator("#slider").fill("7")
        assert await step() == 7
        await until(page, "location.hash === '#7'", 3.0)
        jump = await page.locator("#jump option").all_inner_texts()
        assert len(jump) >= 3  # the deal, the round's milestones, the end
        await page.click("#play")
        await until(page, "Number(document.body.dataset.step) > 7", 5.0)
        assert await page.get_attribute("#play", "aria-pressed") == "true"
        await page.click("#play")
        assert await page.get_attribute("#play", "aria-pressed") == "false"
        await until(page, "document.getElementById('picture').naturalWidth > 0")
        assert (await page.get_attribute("#picture", "alt") or "").strip()
        for control in ("#first", "#previous", "#play", "#next", "#last"):
            assert (await page.locator(control).inner_text()).strip()  # a name a screen reader reads
        assert await page.locator("label[for=slider]").count() == 1 and await page.locator("label[for=jump]").count()
        assert await fits_the_screen(page)
        assert console.errors == []
        await page.context.close()


@pytest.mark.parametrize("width", list(WIDTHS))
async def test_the_server_page_lists_the_games_and_leads_to_their_replays(
    db_path: Path, browser: Any, width: str
) -> None:
    service, first = await played(db_path, "njet")
    row = await service.open_table(
        guild_id=1, channel_id=10, kind="triominos", options={"rounds": 1, "target": 100}, host_id=1,
        host_name="Alice", locale="fr",
    )  # fmt: skip
    await service.add_bot(row.id, 1)
    await service.start(row.id, 1)
    await host_moves(service, row.id)
    async with pages(service) as client:
        page = await new_page(browser, width)
        console = Console(page)
        await page.goto(str(client.make_url(server_link())))
        games = page.locator("#history li")
        assert await games.count() == 2
        assert await page.locator("table.ladder caption").all_inner_texts() == ["Triominos", "Njet!"]
        assert await fits_the_screen(page)
        await page.locator("#history li a").last.click()
        await page.wait_for_selector("body[data-ready=yes]")
        assert live_link(first) + "replay" in page.url
        assert console.errors == []
        await page.context.close()
