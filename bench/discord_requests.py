"""What a move costs on Discord: the REST requests that count toward the bot token's global limit, and the bytes of
the pictures uploaded, for every game at its largest table, all people and one person among computer players.

The production bot plays against simcord's offline Discord (``pip install .[bench]`` brings it). Every request the
bot's HTTP client sends is counted, at the client itself: interaction answers (``/interactions``, ``/webhooks``:
the endpoints Discord leaves out of the global limit) apart. People's moves go through the table service, as a
click would after its answer; computer players move by themselves, in the person's publication. A person's move is
one they make, or one played for them as their only possible move: each is a card, a tile or a bid of theirs.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from bot.games.base import Action
from bot.registry import engine_of
from bot.registry import player_of
from bot.registry import spec_of

REQUESTS_BUDGET_ALL_PEOPLE = 3.0
"""Global requests a person's move may cost at a full table of people."""
REQUESTS_BUDGET_ONE_PERSON = 2.5
"""The same with one person among computer players."""

EXEMPT = ("/interactions", "/webhooks")
"""Paths Discord leaves out of the global limit: answers to interactions."""

OPTIONS: dict[str, dict[str, Any]] = {
    "nain_jaune": {"deals": 2},
    "triominos": {"rounds": 1},
    "neurotrio": {},
    "njet": {"rounds": 1},
    "chat_vert": {"timer": 0},
}
"""Each game's options here: a whole game, short where a game has rounds or deals."""
MAX_MOVES = 2000
"""A game's moves at most (every game here ends well before)."""


@dataclass
class Traffic:
    """The requests of a stretch of play: (method, route, bytes uploaded) each."""

    calls: list[tuple[str, str, int]] = field(default_factory=list)

    def counted(self) -> list[tuple[str, str, int]]:
        return [c for c in self.calls if not c[1].startswith(EXEMPT)]


@dataclass(frozen=True)
class MoveCost:
    """What a person's move cost on average at one table."""

    kind: str
    people: int
    seats: int
    moves: int
    requests: float
    """Requests counted toward the global limit, a move."""
    kb_uploaded: float
    """KB of pictures uploaded a move, through any request (an interaction's answer too)."""
    routes: dict[str, float]


def _size(file: Any) -> int:
    fp = file.fp
    where = fp.tell()
    fp.seek(0, 2)
    size = int(fp.tell())
    fp.seek(where)
    return size


def count_requests(bot: Any, traffic: Traffic) -> None:
    """Record every request ``bot``'s HTTP client sends (its route and the bytes of its files) in ``traffic``."""
    send = bot.http.request

    async def request(route: Any, *, files: Sequence[Any] | None = None, **kwargs: Any) -> Any:
        traffic.calls.append((route.method, route.path, sum(_size(f) for f in files or ())))
        return await send(route, files=files, **kwargs)

    bot.http.request = request


async def move_cost(kind: str, people: int, seats: int, moves: int = 60, seed: int = 5) -> MoveCost:
    """Play games of ``kind`` with ``seats`` seats, ``people`` of them people, on Discord (simcord), until people
    have made at least ``moves`` moves (each game in a channel of its own, from seed ``seed`` on)."""
    from simcord import Env

    from cogs.client import TableeBot

    with tempfile.TemporaryDirectory() as tmp:
        # No channel is paced: the moves here come far faster than people's, and only their requests are counted.
        bot = TableeBot(Path(tmp) / "bench.db", sync_commands=True, timer_tick=0, channel_window=0)
        env = Env(bot, settle_timeout=120.0)
        await env.start()
        try:
            traffic = Traffic()
            count_requests(bot, traffic)
            guild = env.create_guild(preferred_locale="fr")
            members = [guild.add_member(env.create_user(f"p{i}")) for i in range(people)]
            counted: list[tuple[str, str, int]] = []
            uploaded = 0
            played = 0
            starts: list[int] = []
            while played < moves:
                played += await _play(env, bot, guild, members, kind, seats, seed + played, traffic, starts)
                moves_traffic = Traffic(traffic.calls[starts[-1] :])
                counted += moves_traffic.counted()
                uploaded += sum(size for *_, size in moves_traffic.calls)
        finally:
            await env.shutdown()
            if not bot.is_closed():
                await bot.close()
    routes: dict[str, float] = {}
    for method, path, _ in counted:
        routes[f"{method} {path}"] = routes.get(f"{method} {path}", 0.0) + 1 / played
    return MoveCost(kind, people, seats, played, len(counted) / played, uploaded / played / 1024, routes)


async def _play(
    env: Any,
    bot: Any,
    guild: Any,
    members: list[Any],
    kind: str,
    seats: int,
    seed: int,
    traffic: Traffic,
    starts: list[int],
) -> int:
    """One whole game in a new channel: the moves of its people (their own, and those played for them as their only
    possible move). Where its moves' requests begin, once the lobby is done and the hands are dealt, goes into
    ``starts``."""
    channel = guild.create_text_channel(f"table-{seed}")
    host = members[0]
    await host.slash(channel, f"{spec_of(kind).command} new", **OPTIONS[kind])
    row = await bot.store.active_game(channel.id)
    assert row is not None, "the table did not open"
    game_id = row.id
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, custom_id=f"tb:l:{game_id}:join")
    for _ in range(seats - len(members)):
        await host.click(lobby, custom_id=f"tb:l:{game_id}:bot")
    await host.click(lobby, custom_id=f"tb:l:{game_id}:start")
    await bot.publisher.wait_idle()
    starts.append(len(traffic.calls))
    rng = random.Random(seed)
    user_ids = [member.id for member in members]
    for _ in range(MAX_MOVES):
        live = await bot.tables.load(game_id)
        move = person_to_move(live, rng)
        if move is None:
            break
        user_id, action = move
        if not await click_move(members[user_ids.index(user_id)], action):
            await bot.tables.act(game_id, user_id, action, live.n)  # a move that takes a form or a focus first
        await bot.publisher.wait_idle()
    people = {i for i, s in enumerate(live.row.seats) if s.user_id is not None}
    return sum(1 for action in await bot.store.actions(game_id) if action.seat in people and action.how != "timeout")


def person_to_move(live: Any, rng: random.Random) -> tuple[int, Action] | None:
    """The first person awaited in a live game and the move their computer player would make; None once the game is
    over or waits for nobody."""
    if live.engine.is_over(live.state):
        return None
    seats = live.row.seats
    awaited = [s for s in sorted(live.engine.to_act(live.state)) if seats[s].user_id is not None]
    if not awaited:
        return None
    return int(seats[awaited[0]].user_id), player_of(live.row.kind).act(live.state, awaited[0], rng)


def controls(items: Any) -> list[Any]:
    """Every component of a message with a custom id, depth first (rows, containers, sections, accessories)."""
    out: list[Any] = []
    for item in items or ():
        if getattr(item, "custom_id", None) is not None:
            out.append(item)
        out += controls(getattr(item, "children", None) or getattr(item, "components", None))
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            out += controls([accessory])
    return out


async def click_move(member: Any, action: Action) -> bool:
    """Make ``action`` as its player does, with one button or menu of their DM panel that offers it; False when the
    panel offers it only through more steps (a form, a focus)."""
    user = member.user
    panel = user.dm_channel.last_message if user.dm_channel is not None else None
    if panel is None:
        return False
    wanted = action.dumps()
    for control in controls(panel.components):
        custom_id = str(control.custom_id)
        if custom_id.startswith("tb:a:") and custom_id.split(":", 4)[4] == wanted:
            await user.click(panel, custom_id=custom_id)
            return True
        if custom_id.startswith("tb:s:") and wanted in [option.value for option in control.options]:
            await user.select(panel, [wanted], custom_id=custom_id)
            return True
    return False


async def bench_discord(kinds: Sequence[str], moves: int = 60) -> tuple[bool, dict[str, dict[str, float]]]:
    """Print each game's figures against the budgets; whether all are met, and the JSON of ``discord.games``."""
    print("== Discord: global requests and KB uploaded per person's move, largest table")
    ok = True
    games: dict[str, dict[str, float]] = {}
    for kind in kinds:
        seats = engine_of(kind).max_players
        full = await move_cost(kind, seats, seats, moves)
        alone = await move_cost(kind, 1, seats, moves)
        met = full.requests <= REQUESTS_BUDGET_ALL_PEOPLE and alone.requests <= REQUESTS_BUDGET_ONE_PERSON
        ok &= met
        print(
            f"  {kind:<11} {seats} people: {full.requests:.2f} requests (budget <= {REQUESTS_BUDGET_ALL_PEOPLE}),"
            f" {full.kb_uploaded:.0f} KB ({full.moves} moves); one person: {alone.requests:.2f}"
            f" (budget <= {REQUESTS_BUDGET_ONE_PERSON}), {alone.kb_uploaded:.0f} KB ({alone.moves} moves)"
            f" {'OK' if met else 'OVER'}"
        )
        for route, count in sorted(full.routes.items(), key=lambda item: -item[1]):
            print(f"      {count:.2f} {route}")
        games[kind] = {
            "global_requests_per_move_all_humans": round(full.requests, 2),
            "global_requests_per_move_one_human": round(alone.requests, 2),
            "kb_uploaded_per_move": round(full.kb_uploaded, 1),
        }
    return ok, games
