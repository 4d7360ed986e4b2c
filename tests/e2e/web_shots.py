"""``make shots``'s web pages: the live table of a game in progress, the replay of a finished one and the server's
page, as a browser shows them at a desktop's and a phone's width (``web-<page>-<width>.png``).

The pages are served over the shots' own bot (its table service and store) on a free port of this machine; one of
its games is played to its end for the replay, the computer player choosing the person's moves.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.registry import player_of
from web.app import make_app
from web.serve import serve
from web.serve import served_port
from web.tokens import Signer

SECRET = "the screenshots' own secret"
HEIGHT = 1000


async def finish(bot: Any, game_id: int) -> None:
    """A game played to its end: each person's move chosen by the computer player."""
    rng = random.Random(7)
    for _ in range(5000):
        live = await bot.tables.load(game_id)
        if live.row.status != "running":
            return
        seat = min(s for s in live.engine.to_act(live.state) if not live.row.seats[s].is_bot)
        user = live.row.seats[seat].user_id
        await bot.tables.act(game_id, user, player_of(live.row.kind).act(live.state, seat, rng))


async def shoot_pages(bot: Any, browser: Any, out: Path, lang: str, widths: dict[str, int]) -> list[Path]:
    running = await bot.store.games_with_status("running")
    if len(running) < 2:
        return []
    playing, finished = running[0], running[-1]
    await finish(bot, finished.id)
    await bot.publisher.wait_idle()
    runner = await serve(make_app(bot.tables, bot.store, SECRET, pushed=True), "127.0.0.1", 0)
    signer = Signer(SECRET)
    base = f"http://127.0.0.1:{served_port(runner)}"
    pages = {
        "live": (f"/g/{signer.game(playing.id)}/", "body[data-connected=yes]"),
        "replay": (f"/g/{signer.game(finished.id)}/replay#12", "body[data-ready=yes]"),
        "server": (f"/s/{signer.guild(finished.guild_id or 0)}/", "main"),
    }
    shots: list[Path] = []
    try:
        for name, width in widths.items():
            context = await browser.new_context(viewport={"width": width, "height": HEIGHT}, locale=lang)
            page = await context.new_page()
            for what, (path, ready) in pages.items():
                await page.goto(base + path)
                await page.wait_for_selector(ready, state="attached")
                if what != "live":  # a live page's stream never idles
                    await page.wait_for_load_state("networkidle")
                await page.wait_for_timeout(500)
                shot = out / f"web-{what}-{name}.png"
                await page.screenshot(path=str(shot), full_page=True)
                shots.append(shot)
            await context.close()
    finally:
        await runner.cleanup()
    return shots
