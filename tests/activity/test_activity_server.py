"""The Activity's server through aiohttp's client, without a browser: the code exchange, the sessions, who may play
which seat, the requests the guard takes and refuses, and that no secret ever reaches a page."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

from bot.config import ActivitySettings
from bot.config import WebSettings
from bot.i18n import t
from bot.service.live import UNDO
from bot.service.table_settings import HINTED
from bot.service.tables import TableService
from tests.activity.support import BOT_TOKEN
from tests.activity.support import CHANNEL
from tests.activity.support import CLIENT_ID
from tests.activity.support import CLIENT_SECRET
from tests.activity.support import INSTANCE
from tests.activity.support import Served
from tests.activity.support import served
from tests.service_support import Clock
from tests.service_support import Recorder
from tests.service_support import open_store
from web.activity.app import BUILT
from web.activity.app import HERE
from web.activity.rooms import Relaying
from web.activity.sessions import Sessions
from web.serve import Announcing
from web.serve import start_in_bot

ALICE, BOB, DAVE = 101, 102, 104
OTHER_CHANNEL = 77


async def session_of(serving: Served, client: aiohttp.ClientSession, user_id: int) -> dict[str, Any]:
    """What the page gets for its player's code: the access token and its session."""
    code = serving.fake.code_for(user_id)
    async with client.post(serving.url("/activity/api/token"), json={"code": code}) as response:
        assert response.status == 200
        return dict(await response.json())


class Page:
    """A page's WebSocket: what it sends, and the messages it gets (pictures counted apart)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.pictures: list[int] = []

    async def send(self, **message: Any) -> None:
        await self.ws.send_str(json.dumps(message))

    async def next(self, op: str | None = None) -> dict[str, Any]:
        """The next text message (of ``op``, when given), pictures noted on the way."""
        while True:
            message = await self.ws.receive(timeout=10)
            if message.type == aiohttp.WSMsgType.BINARY:
                self.pictures.append(message.data[0])
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                return {"op": "closed"}
            data = dict(json.loads(message.data))
            if op is None or data["op"] == op:
                return data

    async def state(self, **expected: Any) -> dict[str, Any]:
        """The next state that has the ``expected`` values."""
        while True:
            data = await self.next("state")
            if all(data.get(k) == v for k, v in expected.items()):
                return data


@asynccontextmanager
async def page(serving: Served, client: aiohttp.ClientSession, user_id: int, instance: str = INSTANCE,
               session: str | None = None) -> AsyncIterator[Page]:  # fmt: skip
    """A page of ``user_id`` connected and signed in (its hello sent with a fresh session, unless one is given)."""
    token = session or (await session_of(serving, client, user_id))["session"]
    async with client.ws_connect(serving.url("/activity/ws")) as ws:
        connected = Page(ws)
        await connected.send(op="hello", session=token, instance=instance)
        yield connected


async def two_players(serving: Served) -> int:
    """A running Nain Jaune game in the channel: Alice (host), Bob, a computer player."""
    tables = serving.tables
    row = await tables.open_table(
        guild_id=1, channel_id=CHANNEL, kind="nain_jaune", options={"deals": 1}, host_id=ALICE, host_name="Alice",
        locale="fr",
    )  # fmt: skip
    await tables.join(row.id, BOB, "Bob")
    await tables.add_bot(row.id, ALICE)
    await tables.start(row.id, ALICE)
    return row.id


def lang_of(user: int) -> str:
    return "fr" if user == ALICE else "en"


def people(serving: Served, *users: int) -> None:
    for user in (ALICE, BOB, DAVE):
        serving.fake.user(user, {ALICE: "Alice", BOB: "Bob", DAVE: "Dave"}[user], lang_of(user))
    serving.fake.instance(INSTANCE, CHANNEL, list(users))


async def test_the_code_is_exchanged_with_the_secret_which_stays_on_the_server(tmp_path: Path) -> None:
    async with served(tmp_path) as serving, aiohttp.ClientSession() as client:
        people(serving, ALICE)
        code = serving.fake.code_for(ALICE)
        async with client.post(serving.url("/activity/api/token"), json={"code": code}) as response:
            assert response.status == 200
            body = await response.text()
        answer = json.loads(body)
        assert sorted(answer) == ["access_token", "session"]
        assert serving.fake.tokens[answer["access_token"]] == ALICE
        assert serving.fake.exchanges == [
            {"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET, "grant_type": "authorization_code", "code": code}
        ]
        assert CLIENT_SECRET not in body and BOT_TOKEN not in body
        async with client.post(serving.url("/activity/api/token"), json={"code": code}) as again:
            assert again.status == 403  # a code is good once
        for bad in ({"code": "x" * 300}, {"code": 5}, {}, ["code"]):
            async with client.post(serving.url("/activity/api/token"), json=bad) as refused:
                assert refused.status in (400, 403)
        assert len(serving.fake.exchanges) == 2  # a malformed code never reaches Discord


async def test_no_secret_reaches_a_page(tmp_path: Path) -> None:
    """The page, its script, its style sheet and its icon as served, the files they are made from, and everything
    a socket sends during a game: none holds the application's secret or the bot's token, nor names them."""
    async with served(tmp_path) as serving, aiohttp.ClientSession() as client:
        people(serving, ALICE, BOB)
        game_id = await two_players(serving)
        bodies = []
        for path in ("/activity/?frame_id=f&instance_id=i&platform=desktop", *(f"/activity/static/{name}" for name in
                     ("activity.js", "activity.css", "icon.svg"))):  # fmt: skip
            async with client.get(serving.url(path)) as response:
                assert response.status == 200, path
                bodies.append(await response.text())
        files = [HERE / "templates" / "activity.html", *(HERE / "static").iterdir(), BUILT / "activity.js"]
        files += (HERE.parent / "activity_client" / "src").iterdir()
        bodies += [path.read_text() for path in files]
        async with page(serving, client, ALICE) as alice:
            state = await alice.state(view="game", game=game_id)
            bodies.append(json.dumps(state))
        for body in bodies:
            assert CLIENT_SECRET not in body and BOT_TOKEN not in body
            assert not any(word in body.lower() for word in ("client_secret", "bot_token", "discord_client_secret"))
        assert bodies[0].count(CLIENT_ID) == 1  # the application's id is public: Discord's own addresses carry it


async def test_a_seat_is_played_by_its_own_player_only(tmp_path: Path) -> None:
    async with served(tmp_path) as serving, aiohttp.ClientSession() as client:
        people(serving, ALICE, BOB, DAVE)
        game_id = await two_players(serving)
        snapshot = await serving.tables.snapshot(game_id)
        row = snapshot.game
        mover = next(iter(snapshot.to_act))
        other = ALICE if row.seats[mover].user_id == BOB else BOB
        move = snapshot.legal[mover][0]
        async with page(serving, client, other) as forger, page(serving, client, DAVE) as stranger:
            shown = await forger.state(view="game", game=game_id)
            assert shown["mine"] is False and shown["sections"] == []
            # The move of the seat to act, sent by the other player, even naming that seat and its player.
            forged = {"op": "act", "game": game_id, "v": snapshot.n, "action": move.to_json(), "seat": mover,
                      "user": row.seats[mover].user_id}  # fmt: skip
            await forger.send(**forged)
            refused = await forger.next("notice")
            assert refused["error"] is True and refused["text"] == t(lang_of(other), "error.not_your_turn")
            await stranger.state(view="game", game=game_id)
            await stranger.send(**forged)
            assert (await stranger.next("notice"))["text"] == t("en", "error.not_seated")
        assert (await serving.tables.snapshot(game_id)).n == snapshot.n
        async with page(serving, client, row.seats[mover].user_id or 0) as owner:
            await owner.state(view="game", game=game_id, mine=True)
            await owner.send(op="act", game=game_id, v=snapshot.n, action=move.to_json())
            await owner.state(view="game", game=game_id, mine=False)
        assert (await serving.tables.snapshot(game_id)).n > snapshot.n


async def test_a_page_acts_on_its_channel_s_table_only(tmp_path: Path) -> None:
    """The channel comes from Discord (the instance), never from the page: a game of another channel named by the
    page is refused, and an instance the player is not in lets nothing through."""
    async with served(tmp_path) as serving, aiohttp.ClientSession() as client:
        people(serving, ALICE, BOB)
        game_id = await two_players(serving)
        elsewhere = await serving.tables.open_table(
            guild_id=1, channel_id=OTHER_CHANNEL, kind="njet", options={}, host_id=ALICE, host_name="Alice",
            locale="fr",
        )  # fmt: skip
        async with page(serving, client, ALICE) as alice:
            await alice.state(view="game", game=game_id)
            await alice.send(op="start", game=elsewhere.id)
            assert (await alice.next("notice"))["error"] is True
        assert (await serving.tables.game_row(elsewhere.id)).status == "lobby"
        serving.fake.instance("i-elsewhere", OTHER_CHANNEL, [BOB])
        async with page(serving, client, ALICE, instance="i-elsewhere") as intruder:
            refused = await intruder.next()
            assert refused == {"op": "error", "text": t("fr", "activity.not_in_instance")}
            assert (await intruder.next())["op"] == "closed"
        async with page(serving, client, ALICE, instance="i-unknown") as lost:
            assert (await lost.next())["op"] == "error"


async def test_an_expired_session_is_refused(tmp_path: Path) -> None:
    clock = Clock()
    sessions = Sessions(clock=clock, idle_s=60, max_s=3600)
    async with served(tmp_path, sessions=sessions) as serving, aiohttp.ClientSession() as client:
        people(serving, ALICE)
        token = (await session_of(serving, client, ALICE))["session"]
        async with page(serving, client, ALICE, session=token) as alice:
            await alice.state(view="none")
            clock.now += 61  # idle past its time while the page is open
            await alice.send(op="open", kind="njet")
            assert (await alice.next())["op"] == "expired"
            assert (await alice.next())["op"] == "closed"
        assert await serving.tables.store.active_game(CHANNEL) is None
        async with page(serving, client, ALICE, session=token) as again:
            assert (await again.next())["op"] == "expired"
        fresh = (await session_of(serving, client, ALICE))["session"]
        for _ in range(70):
            clock.now += 55  # used often enough, but older than its longest life at last
            assert sessions.get(fresh) is not None or clock.now - 1_000_000.0 > 3600
        assert sessions.get(fresh) is None
        async with page(serving, client, ALICE, session="forged-" + token[7:]) as forged:
            assert (await forged.next())["op"] == "expired"


async def test_the_lobby_from_the_page(tmp_path: Path) -> None:
    """A table opened, joined, given a computer player and started from the pages, as the lobby's buttons do; the
    options changed by the host only; the bot posts the lobby in the channel."""
    async with served(tmp_path) as serving, aiohttp.ClientSession() as client:
        people(serving, ALICE, BOB)
        posted: list[int] = []

        async def post(row: Any) -> None:
            posted.append(row.id)

        from web.activity.rooms import POSTERS

        POSTERS[serving.tables] = post
        async with page(serving, client, ALICE) as alice, page(serving, client, BOB) as bob:
            await alice.state(view="none")
            await alice.send(op="open", kind="njet")
            lobby = await alice.state(view="lobby")
            game_id = lobby["game"]
            assert posted == [game_id]
            assert [b["op"] for b in lobby["buttons"]] == ["leave", "bot", "start", "cancel"]
            assert [o["name"] for o in lobby["editable"]] == ["rounds"]
            seen = await bob.state(view="lobby", game=game_id)
            assert [b["op"] for b in seen["buttons"]] == ["join"] and seen["editable"] == []
            await bob.send(op="option", game=game_id, name="rounds", value=1)
            assert (await bob.next("notice"))["text"] == t("en", "error.host_only")
            await bob.send(op="join", game=game_id)
            joined = [{"op": op, "label": t("en", f"lobby.button.{op}")} for op in ("leave", "bot")]
            await bob.state(view="lobby", game=game_id, buttons=joined)
            await alice.send(op="option", game=game_id, name="rounds", value=1)
            await alice.send(op="bot", game=game_id)
            await alice.send(op="start", game=game_id)
            started = await alice.state(view="game", game=game_id)
            assert started["seated"] is True
            assert bool(started["sections"]) == started["mine"]  # moves only on one's turn (Njet has no others)
        row = await serving.tables.game_row(game_id)
        assert row.status == "running" and row.options["rounds"] == 1
        assert [s.user_id for s in row.seats] == [ALICE, BOB, None]


async def test_undo_and_hint_from_the_page(tmp_path: Path) -> None:
    """Njet! between three people, hints allowed: the player to act asks for a hint (the game is marked hinted),
    lays a stone from the board's grid, takes it back (nothing followed it), and the turn is theirs again."""
    async with served(tmp_path) as serving, aiohttp.ClientSession() as client:
        people(serving, ALICE, BOB, DAVE)
        tables = serving.tables
        row = await tables.open_table(
            guild_id=1, channel_id=CHANNEL, kind="njet", options={"rounds": 1}, host_id=ALICE, host_name="Alice",
            locale="fr", settings={"hints": True},
        )  # fmt: skip
        await tables.join(row.id, BOB, "Bob")
        await tables.join(row.id, DAVE, "Dave")
        await tables.start(row.id, ALICE)
        snapshot = await tables.snapshot(row.id)
        user = snapshot.game.seats[min(snapshot.to_act)].user_id or 0
        async with page(serving, client, user) as player:
            shown = await player.state(view="game", game=row.id, mine=True)
            assert shown["hint"] == t(lang_of(user), "hint.button") and shown["undo"] is None
            await player.send(op="hint", game=row.id, v=shown["n"])
            hint = await player.next("notice")
            assert hint["error"] is False and hint["text"].startswith("💡")
            assert (await tables.game_row(row.id)).settings.get(HINTED) is True
            board = shown["sections"][0]
            rows = ("start", "discard", "trump", "super", "points")
            assert board["type"] == "grid"
            assert [r["label"] for r in board["rows"]] == [t(lang_of(user), f"njet.alt.rowname.{r}") for r in rows]
            stone = next(cell["moves"][""] for r in board["rows"] for cell in r["cells"] if "moves" in cell)
            await player.send(op="act", game=row.id, v=shown["n"], action=json.loads(stone))
            after = await player.state(view="game", game=row.id, n=shown["n"] + 1)
            assert after["mine"] is False
            assert json.loads(after["undo"]["move"]) == {"kind": UNDO}
            await player.send(op="act", game=row.id, v=after["n"], action={"kind": UNDO})
            back = await player.state(view="game", game=row.id, n=after["n"] + 1)
            assert back["mine"] is True and back["undo"] is None
        blocked = [o for r in (await tables.snapshot(row.id)).public.table.board for o in r.options if o.blocked_by]
        assert blocked == []


async def test_broken_or_oversized_messages_close_the_socket(tmp_path: Path) -> None:
    async with served(tmp_path) as serving, aiohttp.ClientSession() as client:
        people(serving, ALICE, BOB)
        game_id = await two_players(serving)
        for broken in ("not json", json.dumps({"op": "act", "game": game_id, "v": 0, "action": {"kind": "x" * 300}}),
                       json.dumps({"op": "act", "game": game_id, "v": -1, "action": {"kind": "play"}}),
                       json.dumps({"op": "act", "game": game_id, "v": 0, "action": {"kind": "play", "card": {}}}),
                       json.dumps({"op": "nothing"}), "x" * 5000):  # fmt: skip
            async with page(serving, client, ALICE) as alice:
                await alice.state(view="game")
                await alice.ws.send_str(broken)
                assert (await alice.next("notice"))["op"] == "closed"
        async with client.ws_connect(serving.url("/activity/ws")) as silent:
            await silent.send_str(json.dumps({"op": "act"}))  # no hello first
            assert (await silent.receive(timeout=5)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


async def test_the_activity_s_guard(tmp_path: Path) -> None:
    """Discord's long query strings and the token's POST pass the Activity's guard, which the pages refuse; other
    methods, big bodies and long addresses are refused plainly, with the Activity's own content security policy."""
    async with served(tmp_path) as serving, aiohttp.ClientSession() as client:
        query = "&".join(f"{name}={'1' * 60}" for name in ("frame_id", "instance_id", "guild_id", "channel_id",
                                                            "location_id", "launch_id", "referrer_id"))  # fmt: skip
        async with client.get(serving.url(f"/activity/?platform=desktop&{query}")) as response:
            assert response.status == 200
            policy = response.headers["Content-Security-Policy"]
            assert "https://*.discordsays.com" in policy and "img-src 'self' blob:" in policy
            assert "script-src 'self';" in policy and "unsafe-inline" not in policy
        async with client.get(serving.url(f"/s/x/?{query}")) as pages:
            assert pages.status == 414  # the pages keep their own, shorter limit
        async with client.get(serving.url("/activity/?" + "a" * 1100)) as long:
            assert long.status == 414
        async with client.put(serving.url("/activity/api/token"), data=b"{}") as put:
            assert put.status == 405
        async with client.post(serving.url("/activity/"), data=b"{}") as post:
            assert post.status == 405
        async with client.post(serving.url("/activity/api/token"), data=b"{" + b" " * 600 + b"}") as big:
            assert big.status == 413
        async with client.get(serving.url("/activity/nothing")) as missing:
            assert missing.status == 404 and await missing.text() == "404 Not Found\n"


async def test_the_bot_s_pages_carry_the_activity_when_it_is_set_up(tmp_path: Path) -> None:
    """``start_in_bot`` (the pages in the bot's process) mounts the Activity when the settings set it up, and its
    rooms hear the table service's publications; without it, its addresses are the pages' 404."""
    settings = ActivitySettings(CLIENT_ID, CLIENT_SECRET, BOT_TOKEN, "http://127.0.0.1:9/api/v10")
    for activity in (settings, None):
        tables = TableService(await open_store(tmp_path / f"{activity is None}.db"), Recorder())
        served = await start_in_bot(tables, tables.store, WebSettings(port=0, activity=activity))
        try:
            async with aiohttp.ClientSession() as client, client.get(f"{served.base_url}/activity/") as response:
                assert response.status == (200 if activity else 404)
            assert isinstance(tables.publisher, Announcing)
            assert isinstance(tables.publisher.inner, Relaying) is (activity is not None)
        finally:
            await served.stop()
