"""The Activity's routes, added to the pages' application (``mount``), all under ``/activity/``:

``/activity/``                 the page Discord opens in its frame (with ``frame_id``, ``instance_id``, ``platform``...)
``/activity/static/<name>``    its script (bundled at build time with Discord's Embedded App SDK) and style sheet
``/activity/api/token``        POST ``{"code"}``: the OAuth2 code exchanged for the player's access token, with the
                               application's secret, which never leaves the server; answers the access token (the
                               page hands it to Discord's ``authenticate``) and a session token
``/activity/ws``               the WebSocket: the player's table, seat and moves (``web.activity.rooms``)

In Discord every request of the page goes through Discord's proxy (``<application id>.discordsays.com``), which the
application's URL mapping sends here: ``/`` to ``<public host>/activity``. Every address in the page is relative.

The Activity's requests pass the Activity's guard (``activity_guard``), the pages' own the pages' guard: the
Activity takes one POST with a small JSON body and Discord's longer query strings, which the pages refuse, with the
same plain answers, headers and per-client rates.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
from aiohttp import web

from bot.config import ActivitySettings
from bot.i18n import language
from bot.i18n import t
from bot.service.tables import TableService
from bot.store import Store
from web.activity.discord_api import DiscordApi
from web.activity.discord_api import DiscordRefused
from web.activity.rooms import Activity
from web.activity.rooms import Relaying
from web.activity.sessions import Sessions
from web.guard import Buckets
from web.guard import Limits
from web.guard import answered
from web.guard import plain

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
BUILT = HERE.parent / "activity_client" / "dist"
"""Where ``make`` bundles the page's script (``npm run build`` in ``web/activity_client``)."""
PREFIX = "/activity/"
MAX_PATH = 128
MAX_QUERY = 1024
"""Discord opens the page with a dozen ids in its query string."""
MAX_BODY = 512
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"
)
"""Everything from the page's own origin (through Discord's proxy, the proxy's): the pictures come over the
WebSocket and are shown from ``blob:`` addresses; the frame may sit in Discord's client only."""
STATIC = {"activity.js": "text/javascript", "activity.css": "text/css", "icon.svg": "image/svg+xml"}

ACTIVITY = web.AppKey("activity", Activity)
SETTINGS = web.AppKey("activity_settings", ActivitySettings)
FILES = web.AppKey("activity_files", dict)
PAGE = web.AppKey("activity_page", jinja2.Template)
BUCKETS = web.AppKey("activity_buckets", Buckets)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def static_files() -> dict[str, bytes]:
    """The page's script and style sheet; a script not built yet is a one-line page saying so (``make`` builds it)."""
    files = {name: (HERE / "static" / name).read_bytes() for name in ("activity.css", "icon.svg")}
    script = BUILT / "activity.js"
    if script.exists():
        files["activity.js"] = script.read_bytes()
    else:
        log.error("the Activity's script is not built (%s): run make", script)
        files["activity.js"] = b'document.body.textContent = "The Activity\'s script is not built: run make.";\n'
    return files


def mount(
    app: web.Application,
    tables: TableService,
    store: Store,
    settings: ActivitySettings,
    *,
    buckets: Buckets | None = None,
    sessions: Sessions | None = None,
) -> Activity:
    """Add the Activity to the pages' ``app`` (before it starts): its routes, its guard, and its rooms told of every
    change the table service publishes."""
    activity = Activity(tables, store, DiscordApi(settings), Sessions() if sessions is None else sessions)
    app[ACTIVITY] = activity
    app[SETTINGS] = settings
    app[FILES] = static_files()
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True, undefined=jinja2.StrictUndefined
    )
    app[PAGE] = environment.get_template("activity.html")
    app[BUCKETS] = Buckets(Limits()) if buckets is None else buckets
    app.middlewares.insert(0, activity_guard)
    app.router.add_get(PREFIX, page)
    app.router.add_get(PREFIX + "static/{name:activity\\.js|activity\\.css|icon\\.svg}", static_file)
    app.router.add_post(PREFIX + "api/token", token)
    app.router.add_get(PREFIX + "ws", activity.socket)
    app.on_shutdown.append(activity.close)
    tables.publisher = Relaying(tables.publisher, activity)
    return activity


@web.middleware
async def activity_guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The Activity's requests: GET (the page, its files, the socket) and one POST, short addresses, a body of a
    few hundred bytes at most, a rate per client, and a plain answer for anything refused or broken. Everything
    else goes on to the pages' own guard."""
    if not request.path.startswith(PREFIX) or ACTIVITY not in request.app:
        return await handler(request)
    if len(request.path) > MAX_PATH or len(request.query_string) > MAX_QUERY:
        return plain(414, "URI Too Long")
    posting = request.method == "POST" and request.path == PREFIX + "api/token"
    if request.method not in ("GET", "HEAD") and not posting:
        return plain(405, "Method Not Allowed")
    if (request.content_length or 0) > (MAX_BODY if posting else 0) or request.headers.get("Transfer-Encoding"):
        return plain(413, "Payload Too Large")
    response = await answered(request, request.match_info.handler, request.app[BUCKETS], "the Activity's")
    if not response.prepared:
        response.headers["Content-Security-Policy"] = CSP
    return response


def page_language(request: web.Request) -> str:
    return language(request.headers.get("Accept-Language", "").split(",")[0].strip())


async def page(request: web.Request) -> web.Response:
    """The page: the application's id (public: it is in Discord's own addresses too) and the words shown until the
    player's own language is known."""
    lang = page_language(request)
    body = request.app[PAGE].render(
        lang=lang,
        client_id=request.app[SETTINGS].client_id,
        title=t(lang, "activity.title"),
        connecting=t(lang, "activity.connecting"),
        failed=t(lang, "activity.failed"),
    )
    response = web.Response(text=body, content_type="text/html", charset="utf-8")
    response.headers["Cache-Control"] = "no-store"
    return response


async def static_file(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    response = web.Response(body=request.app[FILES][name], content_type=STATIC[name])
    response.headers["Cache-Control"] = "no-cache"
    response.enable_compression()
    return response


async def token(request: web.Request) -> web.Response:
    """The code the page got from Discord's ``authorize``, exchanged for the player's access token; Discord then
    says who the token belongs to, and the player gets a session."""
    try:
        data: Any = json.loads(await request.read())
    except ValueError:
        return plain(400, "Bad Request")
    code = data.get("code") if isinstance(data, dict) else None
    if not isinstance(code, str):
        return plain(400, "Bad Request")
    activity = request.app[ACTIVITY]
    try:
        access_token = await activity.api.exchange(code)
        user = await activity.api.me(access_token)
    except DiscordRefused:
        return plain(403, "Forbidden")
    session = activity.sessions.open(user.id, user.name, language(user.locale))
    return web.json_response({"access_token": access_token, "session": session})
