"""The Activity's live side: one room per channel where it runs, the pages connected to it by WebSocket, what each
is sent, and what each may ask.

A page connects, then proves who it is with its session's token and names its Activity instance; Discord says (to
the server, with the bot's token) which channel that instance runs in and whether the player is in it. From then
on the page is sent the channel's table as that player sees it (a state, as JSON, and the pictures that changed, as
binary messages: one byte saying which picture, then the PNG), and every move it asks for goes through the table
service under that player's id, which checks the seat, the turn, the move and its version as for a button.

The room learns of a change from the table service's publications (``Relaying``: moves, lobby changes, a game
closed, whatever made them: the Activity, the channel's buttons, a timer) and, for what no publication tells (a table
opened by a slash command, a move made by another process), by looking at the channel's table once a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
import weakref
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from aiohttp import WSMsgType
from aiohttp import web

from bot.games.base import Action
from bot.games.base import GameError
from bot.i18n import language
from bot.i18n import t
from bot.pictures.cache import hand_picture
from bot.pictures.cache import table_picture
from bot.registry import KINDS
from bot.service.live import Relay
from bot.service.tables import Publisher
from bot.service.tables import Snapshot
from bot.service.tables import TableError
from bot.service.tables import TableService
from bot.store import GameRow
from bot.store import Store
from web.activity.discord_api import DiscordApi
from web.activity.discord_api import DiscordRefused
from web.activity.discord_api import Instance
from web.activity.sessions import Session
from web.activity.sessions import Sessions
from web.activity.state import LOBBY_OPS
from web.activity.state import game_state
from web.activity.state import hint_text
from web.activity.state import lobby_state
from web.activity.state import no_table
from web.activity.state import refusal
from web.activity.turn_pictures import turn_picture

log = logging.getLogger(__name__)

POLL_S = 1.0
"""How often a room looks at its channel's table when nothing told it of a change."""
HELLO_S = 10.0
"""How long a page may take to say who it is once connected."""
MESSAGE_MAX = 4096
RATE = 8.0
BURST = 20.0
"""Messages a page may send a second on average, and in a burst (a move is one)."""
SOCKETS_PER_USER = 4
TABLE, HAND = 1, 2
"""The first byte of a picture message: which picture follows."""
INSTANCE_KEPT_S = 20.0
KEY = r"[a-z_]{1,24}"
TEXT_MAX = 200


class BadMessage(Exception):
    """A message the page should never send (a forged or broken one): the socket is closed."""


def action_of(data: Any) -> Action:
    """The move a page sends, checked for its shape only (small, plain JSON: a kind and a few fields); whether it
    is legal, and whose, is the table service's to say."""
    if not isinstance(data, dict) or not 1 <= len(data) <= 10:
        raise BadMessage("action")
    out: dict[str, Any] = {}
    for name, value in data.items():
        if not isinstance(name, str) or not name.replace("_", "a").isalpha() or not 0 < len(name) <= 24:
            raise BadMessage("field")
        items = value if isinstance(value, list) else [value]
        if isinstance(value, list) and len(value) > 10:
            raise BadMessage("list")
        for item in items:
            if isinstance(item, str) and len(item) > TEXT_MAX:
                raise BadMessage("text")
            if isinstance(item, int) and not isinstance(item, bool) and abs(item) >= 2**31:
                raise BadMessage("number")
            if item is not None and not isinstance(item, str | int | bool):
                raise BadMessage("value")
        out[name] = value
    kind = out.get("kind")
    if not isinstance(kind, str) or not kind:
        raise BadMessage("kind")
    return Action.from_json(out)


@dataclass(eq=False)
class Player:
    """One connected page: its socket, its session, and what it was last sent."""

    ws: web.WebSocketResponse
    token: str
    session: Session
    sent_key: object = None
    pictures: dict[int, bytes] = field(default_factory=dict)
    """Which picture (``TABLE``, ``HAND``) -> the digest of the one last sent."""
    tokens: float = BURST
    last: float = field(default_factory=time.monotonic)

    @property
    def user_id(self) -> int:
        return self.session.user_id

    @property
    def lang(self) -> str:
        return self.session.lang

    def allowed(self) -> bool:
        """One more message within the page's rate."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def send(self, data: dict[str, Any]) -> None:
        if not self.ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.ws.send_str(json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    async def picture(self, which: int, png: bytes | None) -> None:
        """Send a picture unless the page already has it (``None``: the page shows none)."""
        digest = b"" if png is None else hashlib.blake2b(png, digest_size=16).digest()
        if self.pictures.get(which) == digest or self.ws.closed:
            return
        self.pictures[which] = digest
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.send_bytes(bytes([which]) + (png or b""))


class Room:
    """The pages open in one channel, and the table they are shown."""

    def __init__(self, activity: Activity, channel_id: int, guild_id: int | None) -> None:
        self.activity = activity
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.players: set[Player] = set()
        self.game_id: int | None = None
        """The table shown: the channel's open one, else the last one that ended here (its end stays shown)."""
        self.pushed: Snapshot | None = None
        self.ended: Snapshot | None = None
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def changed(self, snapshot: Snapshot | None = None) -> None:
        if snapshot is not None:
            self.pushed = snapshot
            self.game_id = snapshot.game.id
        self.wake.set()

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        while self.players and not self.activity.closing:
            try:
                await self.refresh()
            except Exception:
                log.exception("the Activity's room of channel %s could not be refreshed", self.channel_id)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), POLL_S)
            self.wake.clear()

    async def _table(self) -> tuple[GameRow, int] | None:
        """The table shown and its version: the channel's open one, else the one last shown here (ended)."""
        store = self.activity.store
        row = await store.active_game(self.channel_id)
        if row is not None and row.id != self.game_id:
            self.game_id, self.ended = row.id, None
        if self.game_id is None:
            return None
        found = await store.game_version(self.game_id)
        return None if found is None else (found[1], found[0])

    async def snapshot(self, row: GameRow, n: int) -> Snapshot:
        """The game at version ``n``: the snapshot just published when it is that one, else the table service's (a
        game that ended is replayed once and kept)."""
        pushed = self.pushed
        if pushed is not None and pushed.game.id == row.id and pushed.n == n and pushed.game.status == row.status:
            return pushed
        if row.status == "running":
            return await self.activity.tables.snapshot(row.id)
        if self.ended is None or self.ended.game.id != row.id or self.ended.game.status != row.status:
            self.ended = await self.activity.tables.final_snapshot(row.id)
        return self.ended

    async def refresh(self) -> None:
        """Send every page what changed for it."""
        found = await self._table()
        players = list(self.players)
        if found is None or found[0].status == "cancelled":
            await asyncio.gather(*(self._show(p, ("none",), no_table(p.lang), None, None) for p in players))
            return
        row, n = found
        if row.status == "lobby":
            seats = tuple((s.user_id, s.name) for s in row.seats)
            lobby: object = ("lobby", row.id, seats, row.host_id, repr(row.options))
            shows = (self._show(p, lobby, lobby_state(row, p.user_id, p.lang), None, None) for p in players)
            await asyncio.gather(*shows)
            return
        if all(p.sent_key == ("game", row.id, n, row.status) for p in players):
            return
        snapshot = await self.snapshot(row, n)
        key = ("game", row.id, snapshot.n, row.status)
        await asyncio.gather(*(self._game(p, key, snapshot) for p in players))

    async def _game(self, player: Player, key: object, snapshot: Snapshot) -> None:
        if player.sent_key == key:
            return
        row = snapshot.game
        names = [s.name for s in row.seats]
        table = await table_picture(row.kind, snapshot.public, names, player.lang)
        seat = row.seat_of(player.user_id)
        hand = None
        if seat is not None:
            hand = await turn_picture(snapshot, seat, player.lang)
            if hand is None:
                hand = await hand_picture(row.kind, snapshot.views[seat], player.lang)
        await self._show(player, key, game_state(snapshot, player.user_id, player.lang), table, hand)

    async def _show(self, player: Player, key: object, state: dict[str, Any], table: bytes | None,
                    hand: bytes | None) -> None:  # fmt: skip
        if player.sent_key == key:
            return
        player.sent_key = key
        await player.picture(TABLE, table)
        await player.picture(HAND, hand)
        await player.send(state)

    # -- what a page asks ----------------------------------------------------------------------------------------

    async def ask(self, player: Player, data: dict[str, Any]) -> None:
        """One request of a page, as its player; a refusal is said to that page alone, in its language."""
        op = data.get("op")
        if op not in (*LOBBY_OPS, "open", "act", "hint"):
            raise BadMessage("op")
        kind: str | None = None
        try:
            if op == "open":
                await self.open(player, data.get("kind"))
                return
            row = await self.activity.store.active_game(self.channel_id)
            if row is None or data.get("game") != row.id:
                raise TableError("expired")
            kind = row.kind
            if op in LOBBY_OPS:
                await self.lobby(player, row, str(op), data)
            elif op == "act":
                version = data.get("v")
                if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 2**31:
                    raise BadMessage("version")
                await self.activity.tables.act(row.id, player.user_id, action_of(data.get("action")), version)
            elif op == "hint":
                version = data.get("v")
                if not isinstance(version, int) or isinstance(version, bool):
                    raise BadMessage("version")
                text = await hint_text(self.activity.tables, row.id, player.user_id, version, player.lang)
                await player.send({"op": "notice", "text": text, "error": False})
        except GameError as error:
            await player.send({"op": "notice", "text": refusal(error, player.lang, kind), "error": True})
            player.sent_key = None  # the page is shown the game as it is now
            self.wake.set()

    async def open(self, player: Player, kind: object) -> None:
        """A new table in the channel, the player its host, then its lobby message in the channel."""
        if kind not in KINDS or not isinstance(kind, str):
            raise BadMessage("kind")
        if self.guild_id is None:
            raise TableError("guild_only")
        row = await self.activity.tables.open_table(
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            kind=kind,
            options={},
            host_id=player.user_id,
            host_name=player.session.name,
            locale=player.lang,
        )
        self.game_id = row.id
        self.wake.set()
        await self.activity.lobby_opened(row)

    async def lobby(self, player: Player, row: GameRow, op: str, data: dict[str, Any]) -> None:
        """The lobby's steps, as its buttons take them (the table service says who may)."""
        tables, user = self.activity.tables, player.user_id
        if row.status != "lobby":
            raise TableError("already_started")
        if op == "join":
            await tables.join(row.id, user, player.session.name)
        elif op == "leave":
            await tables.leave(row.id, user)
        elif op == "bot":
            await tables.add_bot(row.id, user)
        elif op == "start":
            await tables.start(row.id, user)
        elif op == "option":
            await self.option(player, row, data)
        else:
            await tables.close(row.id, user, can_manage=False, lobby_only=True)

    async def option(self, player: Player, row: GameRow, data: dict[str, Any]) -> None:
        """The host changes an option of the lobby (the table service checks who and the value)."""
        name, value = data.get("name"), data.get("value")
        if not isinstance(name, str) or len(name) > 32 or not isinstance(value, str | int | bool):
            raise BadMessage("option")
        if (isinstance(value, str) and len(value) > 32) or (isinstance(value, int) and abs(value) >= 2**31):
            raise BadMessage("option")
        await self.activity.tables.set_option(row.id, player.user_id, name, value)


LobbyOpened = Callable[[GameRow], Awaitable[None]]
POSTERS: weakref.WeakKeyDictionary[TableService, LobbyOpened] = weakref.WeakKeyDictionary()
"""Who posts the lobby message of a table opened from the Activity, by table service: the bot (``cogs.activity``),
which alone can post in a channel."""


class Activity:
    """Everything the Activity's requests share."""

    def __init__(self, tables: TableService, store: Store, api: DiscordApi, sessions: Sessions) -> None:
        self.tables = tables
        self.store = store
        self.api = api
        self.sessions = sessions
        self.rooms: dict[int, Room] = {}
        self.sockets: dict[int, int] = {}
        self.instances: dict[str, tuple[float, Instance]] = {}
        self.closing = False

    async def lobby_opened(self, row: GameRow) -> None:
        poster = POSTERS.get(self.tables)
        if poster is None:
            return
        try:
            await poster(row)
        except Exception:
            log.exception("the lobby of game %s could not be posted in its channel", row.id)

    def changed(self, channel_id: int, snapshot: Snapshot | None = None) -> None:
        room = self.rooms.get(channel_id)
        if room is not None:
            room.changed(snapshot)

    async def instance(self, instance_id: str, user_id: int) -> Instance:
        """The instance as Discord says it is (asked again when the player is not in the copy kept)."""
        kept = self.instances.get(instance_id)
        now = time.monotonic()
        if kept is not None and now - kept[0] < INSTANCE_KEPT_S and user_id in kept[1].users:
            return kept[1]
        found = await self.api.instance(instance_id)
        self.instances[instance_id] = (now, found)
        if len(self.instances) > 10_000:
            self.instances.pop(next(iter(self.instances)))
        return found

    async def close(self, _app: web.Application | None = None) -> None:
        self.closing = True
        for room in list(self.rooms.values()):
            room.wake.set()
            for player in list(room.players):
                await player.ws.close()
        await self.api.close()

    async def socket(self, request: web.Request) -> web.StreamResponse:
        """A page's WebSocket: who it is, where, then its requests, until it goes."""
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MESSAGE_MAX)
        await ws.prepare(request)
        lang = language(request.headers.get("Accept-Language", "")[:2])
        try:
            player, room = await self._hello(ws, lang)
        except (BadMessage, TimeoutError, ValueError):
            await ws.close()
            return ws
        except DiscordRefused:
            await ws.send_str(json.dumps({"op": "error", "text": t(lang, "activity.not_in_instance")}))
            await ws.close()
            return ws
        if player is None or room is None:
            await ws.close()
            return ws
        try:
            await self._serve(player, room)
        finally:
            room.players.discard(player)
            self.sockets[player.user_id] -= 1
            if not self.sockets[player.user_id]:
                del self.sockets[player.user_id]
            if not room.players:
                self.rooms.pop(room.channel_id, None)
        return ws

    async def _hello(self, ws: web.WebSocketResponse, lang: str) -> tuple[Player | None, Room | None]:
        message = await ws.receive(timeout=HELLO_S)
        if message.type != WSMsgType.TEXT:
            raise BadMessage("hello")
        data = json.loads(message.data)
        if not isinstance(data, dict) or data.get("op") != "hello":
            raise BadMessage("hello")
        token = data.get("session")
        session = self.sessions.get(token)
        if session is None or not isinstance(token, str):
            await ws.send_str(json.dumps({"op": "expired"}))
            return None, None
        instance = await self.instance(str(data.get("instance", "")), session.user_id)
        if session.user_id not in instance.users:
            await ws.send_str(json.dumps({"op": "error", "text": t(session.lang, "activity.not_in_instance")}))
            return None, None
        if self.sockets.get(session.user_id, 0) >= SOCKETS_PER_USER:
            await ws.send_str(json.dumps({"op": "error", "text": t(session.lang, "activity.too_many")}))
            return None, None
        self.sockets[session.user_id] = self.sockets.get(session.user_id, 0) + 1
        room = self.rooms.get(instance.channel_id)
        if room is None:
            room = self.rooms[instance.channel_id] = Room(self, instance.channel_id, instance.guild_id)
        player = Player(ws, token, session)
        room.players.add(player)
        await player.send({"op": "hello", "user": str(session.user_id), "name": session.name})
        room.start()
        room.wake.set()
        return player, room

    async def _serve(self, player: Player, room: Room) -> None:
        async for message in player.ws:
            if message.type != WSMsgType.TEXT:
                break
            if self.sessions.get(player.token) is None:
                await player.send({"op": "expired"})
                break
            if not player.allowed():
                await player.send({"op": "notice", "text": t(player.lang, "activity.slow_down"), "error": True})
                continue
            try:
                data = json.loads(message.data)
                if not isinstance(data, dict):
                    raise BadMessage("message")
                await room.ask(player, data)
            except (BadMessage, ValueError, KeyError, TypeError):
                log.info("a page of user %s sent a broken message: closed", player.user_id)
                break
        await player.ws.close()


class Relaying(Relay):
    """The table service's publisher, as it was, and the Activity's rooms told of every change after it."""

    def __init__(self, inner: Publisher, activity: Activity) -> None:
        super().__init__(inner)
        self.activity = activity

    def told(self, game: GameRow, snapshot: Snapshot | None) -> None:
        self.activity.changed(game.channel_id, snapshot)
