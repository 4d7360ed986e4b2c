"""A whole game of each kind, played to its end from the Activity in headless Chromium.

Alice (French) and Bob (English) play from the Activity's page, each in a browser context of their own; Carol plays
at the same table through the table service, with the calls the channel's lobby and move buttons make
(``TableService.join`` and ``TableService.act`` with the version the button was drawn from); one computer player
takes the fourth seat. Alice opens the table from the Activity, sets its short options there (``GameSpec.short``),
adds the computer player and starts; Bob takes his seat from the page.

Each move is the computer player's choice for that seat (so that every game ends), made on the page through the
game's own controls. The table message and the DM panels are published through the same publisher for every move,
whoever made it: the test's publisher records them.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from bot.registry import KINDS
from bot.registry import player_of
from bot.registry import spec_of
from bot.store import GameRow
from tests.activity.browser import Player
from tests.activity.browser import chromium
from tests.activity.browser import moved
from tests.activity.browser import play_on_page
from tests.activity.browser import ready_for
from tests.activity.browser import signed_in
from tests.activity.support import CHANNEL
from tests.activity.support import INSTANCE
from tests.activity.support import Served
from tests.activity.support import served
from tests.browser import skip_without_chromium
from tests.service_support import Recorder

ALICE, BOB, CAROL = 101, 102, 103

pytestmark = skip_without_chromium


async def open_from_the_page(alice: Player, bob: Player, serving: Served, kind: str) -> GameRow:
    """Alice opens a table of ``kind``, Bob and Carol sit, Alice sets the short options, adds a computer player and
    starts."""
    await alice.click(f'[data-kind="{kind}"]')
    await alice.wait('#app[data-view="lobby"] [data-op="start"]')
    row = await serving.tables.store.active_game(CHANNEL)
    assert row is not None and row.kind == kind and row.host_id == ALICE
    await bob.wait('#app[data-view="lobby"] [data-op="join"]')
    await bob.click('[data-op="join"]')
    await bob.wait('#app[data-view="lobby"] [data-op="leave"]')
    await serving.tables.join(row.id, CAROL, "Carol")
    for name, value in spec_of(kind).short:
        await alice.frame.locator(f"#option-{name}").fill(str(value))
        await alice.click(f'[data-set="{name}"]')
        await alice.wait(f'[data-option="{name}"][data-current="{value}"]')
    await alice.click('[data-op="bot"]')
    await alice.wait('#app[data-view="lobby"] li:has-text("🤖")')
    row = await serving.tables.store.active_game(CHANNEL)
    assert row is not None
    assert [s.user_id for s in row.seats] == [ALICE, BOB, CAROL, None]
    assert dict(spec_of(kind).short).items() <= row.options.items()
    await alice.click('[data-op="start"]')
    await alice.wait('#app[data-view="game"]')
    return row


async def play_to_the_end(
    serving: Served, game_id: int, pages: dict[int, Player], delays: list[float]
) -> dict[int, int]:
    """Every human move until the game ends: on the pages for Alice and Bob, through the service for Carol. The
    moves each made; ``delays`` gets, for each of Carol's moves, the time until both pages show it."""
    tables = serving.tables
    rng = random.Random(game_id)
    made = {ALICE: 0, BOB: 0, CAROL: 0}
    while True:
        row = await tables.store.get_game(game_id)
        assert row is not None
        if row.status != "running":
            return made
        snapshot = await tables.snapshot(game_id)  # under the game's lock: the computer player's moves are made
        if snapshot.over:
            continue
        live = await tables.load(game_id)
        waiting = [s for s in sorted(snapshot.to_act) if live.row.seats[s].user_id is not None]
        assert waiting, f"nobody to move at version {snapshot.n}: {snapshot.to_act} {live.row.seats}"
        seat = waiting[0]
        user = live.row.seats[seat].user_id
        assert user is not None
        action = player_of(live.row.kind).act(live.state, seat, rng)
        made[user] += 1
        if user == CAROL:
            started = time.monotonic()
            await tables.act(game_id, CAROL, action, snapshot.n)
            after = (await tables.snapshot(game_id)).n
            for shown in pages.values():
                await shown.wait(f'#app[data-n="{after}"]')
            delays.append(time.monotonic() - started)
            continue
        page = pages[user]
        await ready_for(page, snapshot.n)
        await play_on_page(page, snapshot, seat, action)
        await moved(serving, game_id, snapshot.n, page)


@pytest.mark.parametrize("kind", KINDS)
async def test_a_whole_game_from_the_activity(tmp_path: Path, kind: str) -> None:
    async with served(tmp_path) as serving, chromium() as browser:
        serving.fake.user(ALICE, "Alice", "fr")
        serving.fake.user(BOB, "Bob", "en-US")
        serving.fake.instance(INSTANCE, CHANNEL, [ALICE, BOB])
        alice = await signed_in(browser, serving, ALICE)
        bob = await signed_in(browser, serving, BOB, width=1280)
        row = await open_from_the_page(alice, bob, serving, kind)
        delays: list[float] = []
        made = await play_to_the_end(serving, row.id, {ALICE: alice, BOB: bob}, delays)
        assert made[ALICE] and made[BOB] and made[CAROL], made
        delays.sort()
        print(f"{kind}: {made}, a move on the buttons shown on both pages in {delays[len(delays) // 2]:.2f} s "
              f"(median), {delays[-1]:.2f} s at most")  # fmt: skip
        assert delays[len(delays) // 2] < 1.0
        for player in (alice, bob):
            await player.wait('#app[data-view="game"] ol.results li')
            results = await player.frame.locator("ol.results").inner_text()
            assert all(n in results for n in ("Alice", "Bob", "Carol")), results
            assert not player.errors, player.errors
        assert "La partie est terminée" in await alice.frame.locator("#turn").inner_text()
        assert "The game is over" in await bob.frame.locator("#turn").inner_text()
        recorder = serving.tables.publisher.inner  # type: ignore[attr-defined]
        assert isinstance(recorder, Recorder)
        shown = [s for s in recorder.snapshots if s.game.id == row.id]
        assert len(shown) >= sum(made.values()) and shown[-1].over
