"""The pages' application: its few routes, each behind a signed token, and what each answers.

``/g/<game token>/``          the live table (``state.json``, ``events``: its state, its stream; ``pic/<lang>/<n>.png``)
``/g/<game token>/replay``    the replay (``steps.json``: every step's words; ``step/<lang>/<i>.png``: its picture)
``/s/<server token>/``        the server's leaderboards and finished games (``?before=<game>``: older games)
``/static/...``               the one script, the one style sheet and the icon

Every address inside a page is relative, so that the pages work under any prefix (a proxy's, an Activity's).
Everything else is 404.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from bot.i18n import LANGUAGES
from bot.pictures.cache import table_picture
from bot.service.tables import TableService
from bot.store import Store
from web.guard import CLIENT_MAX_SIZE
from web.guard import Buckets
from web.guard import Limits
from web.guard import client_of
from web.guard import guard
from web.guard import plain
from web.guard import secure_headers
from web.hub import Hub
from web.replays import Replays
from web.tokens import ROUTE
from web.tokens import Signer
from web.views import REPLAYABLE
from web.views import history_entry
from web.views import ladders_data
from web.views import live_data
from web.views import names_of
from web.views import ratings_note
from web.views import reader_language
from web.views import title_of
from web.words import page_words

HERE = Path(__file__).resolve().parent
STATIC = {
    "tablee.js": "text/javascript",
    "tablee.css": "text/css",
    "icon.svg": "image/svg+xml",
}
HISTORY_PAGE = 20
"""Finished games on one page of the server's history."""


@dataclass
class Pages:
    """What the handlers share: the signer, the games' hub, the replays, the store and the templates."""

    signer: Signer
    hub: Hub
    replays: Replays
    store: Store
    buckets: Buckets
    templates: jinja2.Environment
    static: dict[str, bytes]


PAGES = web.AppKey("pages", Pages)


def templates() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def make_app(
    tables: TableService, store: Store, secret: str, *, pushed: bool, limits: Limits | None = None
) -> web.Application:
    """The pages over ``tables`` and ``store``; ``pushed``: every change of a game is announced to ``hub`` (else the
    watched games are polled)."""
    buckets = Buckets(limits or Limits())
    app = web.Application(middlewares=[guard(buckets)], client_max_size=CLIENT_MAX_SIZE)
    hub = Hub(tables, store, pushed=pushed)
    app[PAGES] = Pages(
        signer=Signer(secret),
        hub=hub,
        replays=Replays(store),
        store=store,
        buckets=buckets,
        templates=templates(),
        static={name: (HERE / "static" / name).read_bytes() for name in STATIC},
    )
    game = f"/g/{{token:{ROUTE}}}"
    app.router.add_get(game + "/", live_page)
    app.router.add_get(game + "/state.json", live_state)
    app.router.add_get(game + "/events", live_events)
    app.router.add_get(game + "/pic/{lang:fr|en}/{n:[0-9]{1,7}}.png", live_picture)
    app.router.add_get(game + "/replay", replay_page)
    app.router.add_get(game + "/steps.json", replay_steps)
    app.router.add_get(game + "/step/{lang:fr|en}/{i:[0-9]{1,6}}.png", replay_picture)
    app.router.add_get(f"/s/{{token:{ROUTE}}}/", server_page)
    app.router.add_get("/static/{name:tablee\\.js|tablee\\.css|icon\\.svg}", static_file)
    app.on_response_prepare.append(secure_headers)

    async def closing(_: web.Application) -> None:
        await hub.close()

    app.on_shutdown.append(closing)
    return app


# -- shared steps --------------------------------------------------------------------------------------------------


def pages_of(request: web.Request) -> Pages:
    return request.app[PAGES]


def language_of(request: web.Request) -> str:
    asked = request.query.get("lang")
    return reader_language(request.headers.get("Accept-Language", ""), asked if asked in LANGUAGES else None)


def game_of(request: web.Request) -> int:
    game_id = pages_of(request).signer.check("game", request.match_info["token"])
    if game_id is None:
        raise web.HTTPNotFound()
    return game_id


def html(pages: Pages, request: web.Request, template: str, **context: Any) -> web.Response:
    lang = language_of(request)
    body = pages.templates.get_template(template).render(lang=lang, words=page_words(lang), **context)
    response = web.Response(text=body, content_type="text/html", charset="utf-8")
    response.headers["Vary"] = "Accept-Language"
    response.enable_compression()
    return response


def json_response(data: bytes) -> web.Response:
    response = web.Response(body=data, content_type="application/json", charset="utf-8")
    response.headers["Vary"] = "Accept-Language"
    response.enable_compression()
    return response


def png(data: bytes) -> web.Response:
    response = web.Response(body=data, content_type="image/png")
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response


# -- the live table ------------------------------------------------------------------------------------------------


async def live_page(request: web.Request) -> web.Response:
    pages = pages_of(request)
    shown = await pages.hub.current(game_of(request))
    if shown is None:
        raise web.HTTPNotFound()
    lang = language_of(request)
    data = live_data(shown, lang, pages.hub.channel(shown.row.id).watchers)
    return html(pages, request, "live.html", data=data, title=data["title"])


async def live_state(request: web.Request) -> web.Response:
    pages = pages_of(request)
    shown = await pages.hub.current(game_of(request))
    if shown is None:
        raise web.HTTPNotFound()
    data = live_data(shown, language_of(request), pages.hub.channel(shown.row.id).watchers)
    return json_response(json.dumps(data, ensure_ascii=False).encode())


async def live_events(request: web.Request) -> web.StreamResponse:
    pages = pages_of(request)
    game_id = game_of(request)
    client = client_of(request)
    streams = pages.buckets.streams
    if streams.get(client, 0) >= pages.buckets.limits.streams:
        return plain(429, "Too Many Requests")
    if await pages.hub.current(game_id) is None:
        raise web.HTTPNotFound()
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
    response.headers["Cache-Control"] = "no-cache"
    streams[client] = streams.get(client, 0) + 1
    stream = pages.hub.stream(game_id, language_of(request), request.headers.get("Last-Event-ID"))
    try:
        await response.prepare(request)
        async for chunk in stream:
            await response.write(chunk)
    except (ConnectionResetError, ConnectionError):
        pass
    finally:
        await stream.aclose()  # the watcher leaves now, not when the stream is collected
        streams[client] -= 1
        if not streams[client]:
            del streams[client]
    return response


async def live_picture(request: web.Request) -> web.Response:
    pages = pages_of(request)
    game_id = game_of(request)
    n = int(request.match_info["n"])
    shown = pages.hub.moment(game_id, n)
    if shown is None:
        current = await pages.hub.current(game_id)
        shown = current if current is not None and current.n == n and current.view is not None else None
    if shown is None or shown.view is None:
        raise web.HTTPNotFound()
    lang = request.match_info["lang"]
    return png(await table_picture(shown.row.kind, shown.view, names_of(shown.row), lang))


# -- the replay ----------------------------------------------------------------------------------------------------


async def _finished(request: web.Request) -> Any:
    row = await pages_of(request).store.get_game(game_of(request))
    if row is None or row.status == "lobby" or row.started_at is None:
        raise web.HTTPNotFound()
    return row


async def replay_page(request: web.Request) -> web.Response:
    pages = pages_of(request)
    row = await _finished(request)
    lang = language_of(request)
    return html(pages, request, "replay.html", title=title_of(row, lang), finished=row.status in REPLAYABLE)


async def replay_steps(request: web.Request) -> web.Response:
    row = await _finished(request)
    if row.status not in REPLAYABLE:
        raise web.HTTPNotFound()
    replay = await pages_of(request).replays.of(row)
    return json_response(replay.data(language_of(request)))


async def replay_picture(request: web.Request) -> web.Response:
    row = await _finished(request)
    if row.status not in REPLAYABLE:
        raise web.HTTPNotFound()
    replay = await pages_of(request).replays.of(row)
    index = int(request.match_info["i"])
    if index >= len(replay.steps):
        raise web.HTTPNotFound()
    step = replay.steps[index]
    return png(await table_picture(row.kind, step.view, names_of(row), request.match_info["lang"]))


# -- the server ----------------------------------------------------------------------------------------------------


async def server_page(request: web.Request) -> web.Response:
    pages = pages_of(request)
    guild_id = pages.signer.check("guild", request.match_info["token"])
    if guild_id is None:
        raise web.HTTPNotFound()
    before_text = request.query.get("before")
    if before_text is not None and not (before_text.isdigit() and len(before_text) <= 19):
        return plain(400, "Bad Request")
    before = int(before_text) if before_text else None
    lang = language_of(request)
    ladders = await pages.store.ladders(guild_id)
    found = await pages.store.recent_games(guild_id, HISTORY_PAGE + 1, before)
    games = [
        history_entry(row, results, lang, f"../../g/{pages.signer.game(row.id)}/replay")
        for row, results in found[:HISTORY_PAGE]
    ]
    older = f"?before={found[HISTORY_PAGE - 1][0].id}" if len(found) > HISTORY_PAGE else None
    return html(
        pages,
        request,
        "server.html",
        title=page_words(lang)["server_title"],
        ladders=ladders_data(ladders, lang),
        note=ratings_note(lang),
        games=games,
        older=older,
        newest=before is not None,
    )


async def static_file(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    response = web.Response(body=pages_of(request).static[name], content_type=STATIC[name])
    response.headers["Cache-Control"] = "public, max-age=3600"
    if name != "icon.svg":
        response.enable_compression()
    return response
