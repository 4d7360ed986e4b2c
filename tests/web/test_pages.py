"""The pages through aiohttp's test client: what each shows, its headers, its refusals, and the live table's events
after a move made through the table service."""

from __future__ import annotations

import asyncio
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markupsafe import escape

from bot.i18n import plural
from bot.i18n import t
from bot.pictures.cache import table_picture
from bot.registry import engine_of
from bot.service.replay import public_changes
from bot.service.tables import TableService
from tests.service_support import Clock
from tests.service_support import Recorder
from tests.service_support import open_store
from tests.web.sse import next_event
from tests.web.support import GUILD
from tests.web.support import HOST
from tests.web.support import SIGNER
from tests.web.support import host_moves
from tests.web.support import live_link
from tests.web.support import pages
from tests.web.support import played
from tests.web.support import server_link
from web.guard import CSP
from web.guard import Limits
from web.views import reader_language


class Tags(HTMLParser):
    """Every start tag of a page with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline_script = False
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_script = True


def tags_of(page: str) -> Tags:
    parser = Tags()
    parser.feed(page)
    return parser


def check_page_rules(page: str) -> None:
    """No inline script or style, no event attribute, every address relative, every picture described."""
    parsed = tags_of(page)
    assert not parsed.inline_script
    for tag, attrs in parsed.tags:
        assert "style" not in attrs and tag != "style", tag
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
        for name in ("href", "src", "action"):
            address = attrs.get(name)
            if address:
                assert not address.startswith(("/", "http:", "https:", "//", "data:", "javascript:")), address
        if tag == "img":
            assert "alt" in attrs, attrs
        if tag == "script":
            assert attrs.get("src"), attrs
    assert any(tag == "h1" for tag, _ in parsed.tags)


async def test_the_live_page_shows_the_table_as_the_channel_sees_it(db_path: Path) -> None:
    service, game_id = await played(db_path, "nain_jaune", moves=2)
    snapshot = await service.snapshot(game_id)
    async with pages(service) as client:
        answer = await client.get(live_link(game_id))
        assert answer.status == 200 and answer.content_type == "text/html"
        page = await answer.text()
        state = await (await client.get(live_link(game_id) + "state.json")).json()
        english = await (await client.get(live_link(game_id), headers={"Accept-Language": "en-GB,en;q=0.8"})).text()
        picture = await client.get(live_link(game_id) + state["picture"])
        assert picture.status == 200 and picture.content_type == "image/png"
        drawn = await picture.read()
    check_page_rules(page)
    assert '<html lang="fr">' in page and '<html lang="en">' in english
    assert escape(t("fr", "web.live.moves")) in page and t("en", "web.live.moves") in english
    names = [seat.name for seat in snapshot.game.seats]
    assert names[0] == "Alice" and all(name in page for name in names)
    assert state["n"] == snapshot.n and state["status"] == "running"
    assert state["picture"] == f"pic/fr/{snapshot.n}.png"
    waiting = ", ".join(names[s] for s in sorted(snapshot.public.to_act))
    assert state["turn"] == t("fr", "web.turn", names=waiting)
    assert [s["score"] for s in state["scores"]] == [plural("fr", "unit.tokens", n) for n in snapshot.public.scores]
    assert state["watchers"] == plural("fr", "web.watchers", 0)
    assert drawn == await table_picture("nain_jaune", snapshot.public, names, "fr")  # the channel's very picture


async def test_every_answer_carries_the_strict_headers(db_path: Path) -> None:
    service, game_id = await played(db_path, "njet", moves=1)
    async with pages(service) as client:
        for path in (live_link(game_id), live_link(game_id) + "state.json", server_link(), "/static/tablee.js", "/x"):
            answer = await client.get(path)
            assert answer.headers["Content-Security-Policy"] == CSP, path
            assert "default-src 'self'" in CSP and "'unsafe-inline'" not in CSP and "http:" not in CSP
            assert answer.headers["X-Content-Type-Options"] == "nosniff"
            assert answer.headers["Referrer-Policy"] == "no-referrer"
            assert "X-Frame-Options" not in answer.headers  # Discord may frame the pages (frame-ancestors)


async def test_only_signed_links_open_a_page_and_anything_else_is_a_plain_404(db_path: Path) -> None:
    service, game_id = await played(db_path, "njet", moves=1)
    token = SIGNER.game(game_id)
    number, signature = token.split("-", 1)
    other_signature = SIGNER.game(game_id + 1).split("-", 1)[1]
    wrong = [
        f"/g/{number}-{other_signature}/",  # another game's signature
        f"/g/{game_id + 1}-{signature}/",  # this signature on another game
        f"/g/{SIGNER.guild(game_id)}/",  # a server's token on a game's path
        f"/s/{token}/",  # a game's token on a server's path
        f"/g/{number}-{signature[:-1]}A/",
        f"/g/{number}/",
        f"/g/{token}",
        f"/g/{token}/pic/de/1.png",
        "/",
        "/static/",
        "/static/../web/app.py",
        "/admin",
        f"/g/{SIGNER.game(999)}/",  # a well signed game that does not exist
    ]
    async with pages(service) as client:
        assert (await client.get(f"/g/{token}/")).status == 200
        for path in wrong:
            answer = await client.get(path)
            text = await answer.text()
            assert answer.status == 404, path
            assert answer.content_type == "text/plain" and "Traceback" not in text and len(text) < 40, path
        assert (await client.post(f"/g/{token}/", data=b"x")).status == 405
        assert (await client.get(f"/g/{token}/", data=b"x" * 10)).status == 413
        assert (await client.get(f"/g/{token}/?lang=" + "x" * 400)).status == 414
        assert (await client.get(server_link() + "?before=abc")).status == 400
        assert (await client.get(f"/g/{token}/pic/fr/9999.png")).status == 404


def test_a_token_is_its_number_and_a_signature_of_it() -> None:
    token = SIGNER.game(12)
    assert SIGNER.check("game", token) == 12
    assert SIGNER.check("guild", token) is None
    assert SIGNER.check("game", token.replace("12-", "13-")) is None
    assert SIGNER.check("game", "12-" + "A" * 22) is None
    assert len(token.split("-", 1)[1]) == 22  # 128 bits


def test_the_readers_language_is_the_first_fr_or_en_the_browser_accepts() -> None:
    assert reader_language("en-US,en;q=0.9,fr;q=0.8") == "en"
    assert reader_language("de-DE,de;q=0.9,fr;q=0.8,en;q=0.7") == "fr"
    assert reader_language("fr;q=0.2,en;q=0.9") == "en"
    assert reader_language("de") == "en"
    assert reader_language("") == "fr"
    assert reader_language("en", asked="fr") == "fr"


async def test_the_live_stream_tells_each_move_within_a_second(db_path: Path) -> None:
    service, game_id = await played(db_path, "triominos", moves=1)
    async with pages(service) as client:
        stream = await client.get(live_link(game_id) + "events")
        assert stream.content_type == "text/event-stream"
        first = await next_event(stream)
        assert first.kind == "state" and first.json()["n"] == (await service.snapshot(game_id)).n
        assert first.id == f"{first.json()['n']}-running"
        started = time.monotonic()
        await host_moves(service, game_id, 1)
        moved = await next_event(stream, timeout=1.0)
        assert time.monotonic() - started < 1.0
        assert moved.kind == "state" and moved.json()["n"] > first.json()["n"]
        assert moved.json()["picture"] == f"pic/fr/{moved.json()['n']}.png"
        assert (await client.get(live_link(game_id) + moved.json()["picture"])).status == 200
        # a browser that reconnects with the last event it had is sent nothing until the next change
        again = await client.get(live_link(game_id) + "events", headers={"Last-Event-ID": moved.id or ""})
        count = await next_event(again)  # the spectators' count (now two), not the state again
        assert count.kind == "watchers" and count.json()["watchers"] == plural("fr", "web.watchers", 2)
        stream.close()
        again.close()


async def test_the_pages_alone_see_moves_made_by_the_bot_through_the_store(db_path: Path) -> None:
    """``python -m bot web`` on SQLite: another table service (the bot's) moves, the pages poll and tell it."""
    bot, game_id = await played(db_path, "nain_jaune", moves=1)
    alone = TableService(await open_store(db_path), Recorder(), clock=Clock())
    async with pages(alone, pushed=False) as client:
        stream = await client.get(live_link(game_id) + "events?lang=en")
        first = await next_event(stream)
        started = time.monotonic()
        await host_moves(bot, game_id, 1)
        moved = await next_event(stream, timeout=1.0)
        assert time.monotonic() - started < 1.0 and moved.json()["n"] > first.json()["n"]
        assert moved.json()["state"] == t("en", "web.status.running")
        stream.close()


async def test_a_lobby_page_waits_and_changes_when_the_game_starts(db_path: Path) -> None:
    service = TableService(await open_store(db_path), Recorder(), clock=Clock())
    row = await service.open_table(
        guild_id=GUILD, channel_id=9, kind="njet", options={}, host_id=HOST, host_name="Alice", locale="fr"
    )
    async with pages(service) as client:
        page = await (await client.get(live_link(row.id))).text()
        assert escape(t("fr", "web.live.waiting")) in page
        stream = await client.get(live_link(row.id) + "events")
        assert (await next_event(stream)).json()["picture"] is None
        for _ in range(2):
            await service.add_bot(row.id, HOST)
        await service.start(row.id, HOST)
        started = await next_event(stream, timeout=2.0)
        while started.json()["status"] != "running":
            started = await next_event(stream, timeout=2.0)
        assert started.json()["picture"] and started.json()["scores"]
        stream.close()


async def test_the_replay_steps_through_every_public_change(db_path: Path) -> None:
    service, game_id = await played(db_path, "njet")
    row = await service.store.get_game(game_id)
    assert row is not None and row.status == "over"
    changes = public_changes(engine_of("njet"), row, await service.store.actions(game_id))
    async with pages(service) as client:
        page = await (await client.get(live_link(game_id) + "replay")).text()
        data = await (await client.get(live_link(game_id) + "steps.json?lang=en")).json()
        first = await (await client.get(live_link(game_id) + "step/en/0.png")).read()
        beyond = await client.get(live_link(game_id) + f"step/en/{len(changes)}.png")
    check_page_rules(page)
    for label in ("first", "previous", "play", "next", "last", "slider", "jump"):
        assert escape(t("fr", f"web.replay.{label}")) in page
    steps = data["steps"]
    assert [s["n"] for s in steps] == [f.number for f in changes]  # the animated replay's frames, all of them
    assert steps[0]["mark"] == t("en", "web.replay.start") and steps[-1]["mark"] == t("en", "web.replay.end")
    assert any(s["mark"] for s in steps[1:-1])  # the round's milestones are places to jump to
    assert all(s["alt"] for s in steps)
    assert data["pace"] == 900
    names = [seat.name for seat in row.seats]
    assert first == await table_picture("njet", changes[0].view, names, "en")
    assert beyond.status == 404


async def test_a_running_game_has_no_replay_yet(db_path: Path) -> None:
    service, game_id = await played(db_path, "njet", moves=1)
    async with pages(service) as client:
        page = await (await client.get(live_link(game_id) + "replay")).text()
        assert escape(t("fr", "web.replay.unfinished")) in page
        assert (await client.get(live_link(game_id) + "steps.json")).status == 404
        assert (await client.get(live_link(game_id) + "step/fr/0.png")).status == 404


async def test_the_server_page_lists_its_leaderboards_and_finished_games(db_path: Path) -> None:
    service, first = await played(db_path, "njet")
    channel = 10
    row = await service.open_table(
        guild_id=GUILD, channel_id=channel, kind="chat_vert", options={"timer": 0}, host_id=HOST, host_name="Alice",
        locale="fr",
    )  # fmt: skip
    await service.add_bot(row.id, HOST)
    await service.start(row.id, HOST)
    await host_moves(service, row.id)
    async with pages(service) as client:
        page = await (await client.get(server_link())).text()
        other = await (await client.get(server_link(GUILD + 1))).text()
        replay = await client.get(live_link(first) + "replay")
    check_page_rules(page)
    assert page.index(t("fr", "game.njet")) < page.index(t("fr", "game.chat_vert"))  # the registry's order
    assert f'href="../../g/{SIGNER.game(row.id)}/replay"' in page
    assert f'href="../../g/{SIGNER.game(first)}/replay"' in page
    assert page.index(f"/g/{SIGNER.game(row.id)}/") < page.index(f"/g/{SIGNER.game(first)}/")  # newest first
    assert "Alice" in page and "<caption>" in page
    assert escape(t("fr", "web.server.no_history")) in other
    assert replay.status == 200


async def test_a_client_asking_too_often_is_told_to_wait(db_path: Path) -> None:
    service, game_id = await played(db_path, "njet", moves=1)
    async with pages(service, limits=Limits(rate=0.01, burst=3, streams=1)) as client:
        statuses = [(await client.get(live_link(game_id) + "state.json")).status for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
    async with pages(service, limits=Limits(rate=100, burst=100, streams=1)) as client:
        stream = await client.get(live_link(game_id) + "events")
        await next_event(stream)
        assert (await client.get(live_link(game_id) + "events")).status == 429
        stream.close()
        await asyncio.sleep(0.05)


@pytest.mark.parametrize("status", ["abandoned"])
async def test_an_abandoned_game_is_told_to_its_watchers(db_path: Path, status: str) -> None:
    service, game_id = await played(db_path, "njet", moves=1)
    async with pages(service) as client:
        stream = await client.get(live_link(game_id) + "events")
        await next_event(stream)
        await service.close(game_id, HOST, can_manage=True)
        ended = await next_event(stream, timeout=2.0)
        assert ended.json()["status"] == status and ended.json()["replay"] == "replay"
        stream.close()
