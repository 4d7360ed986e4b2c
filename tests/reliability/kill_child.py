"""A process that plays a stream of moves on a real SQLite file, to be killed with SIGKILL at any point.

``python -m tests.reliability.kill_child DB --seed S [--moves N]`` keeps one table of every kind running
(a finished game is followed by a new one in the same channel), and plays, through ``TableService.act``,
the move that the game's computer player would choose for a human seat; computer seats play by themselves.
Right after ``act`` returns it prints ``ack GAME N DIGEST``: actions 1..N of GAME are acknowledged and
DIGEST is the hash of the live state the service published (its public view and every seat's view).
It starts with ``TableService.recover()``, as the bot does, so it can be restarted on the file it was killed on.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import hashlib
import json
import random
import secrets
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.games.base import JSONValue
from bot.registry import player_of
from bot.service.tables import NullPublisher
from bot.service.tables import Snapshot
from bot.service.tables import TableService
from bot.store import Store


@dataclass(frozen=True)
class Table:
    """One channel of the stream: its game kind, options and who sits there."""

    kind: str
    options: dict[str, JSONValue]
    humans: int
    computers: int
    channel: int

    def user(self, k: int) -> int:
        return self.channel * 100 + k + 1


TABLES = (
    Table("nain_jaune", {"deals": 1}, humans=2, computers=1, channel=101),
    Table("njet", {"rounds": 1}, humans=3, computers=1, channel=102),
    Table("triominos", {"rounds": 1}, humans=2, computers=1, channel=103),
    Table("neurotrio", {}, humans=3, computers=0, channel=104),
    Table("chat_vert", {}, humans=2, computers=1, channel=105),
)


def canonical(value: object) -> object:
    """A view as plain JSON, the same in every process (sets sorted: their order follows string hashing)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((canonical(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [canonical(v) for v in value]
    return value


def digest(public: object, views: dict[int, object]) -> str:
    """A short fingerprint of what everyone may see of a state: equal states give equal digests."""
    text = json.dumps(canonical([public, [views[s] for s in sorted(views)]]), sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


class LastSnapshot(NullPublisher):
    """Keeps the last published snapshot of each game: the live state as the service saw it after a commit."""

    def __init__(self) -> None:
        self.last: dict[int, Snapshot] = {}

    async def publish(self, snapshot: Snapshot) -> None:
        self.last[snapshot.game.id] = snapshot


async def running_game(service: TableService, table: Table) -> int:
    """The running game of a channel; a lobby left by a kill is cancelled and a new game opened and started."""
    row = await service.store.active_game(table.channel)
    if row is not None and row.status == "running":
        return row.id
    host = table.user(0)
    if row is not None:
        await service.close(row.id, host, can_manage=True)
    row = await service.open_table(
        guild_id=1,
        channel_id=table.channel,
        kind=table.kind,
        options=table.options,
        host_id=host,
        host_name="H0",
        locale="fr",
    )
    for k in range(1, table.humans):
        await service.join(row.id, table.user(k), f"H{k}")
    for _ in range(table.computers):
        await service.add_bot(row.id, host)
    await service.start(row.id, host)
    return row.id


async def play(path: Path, seed: int, moves: int | None) -> None:
    publisher = LastSnapshot()
    store = await Store.open(path)
    service = TableService(store, publisher)
    try:
        await service.recover()
        print("ready", flush=True)
        rng = random.Random(seed)
        done = idle = 0
        while moves is None or done < moves:
            table = rng.choice(TABLES)
            game_id = await running_game(service, table)
            live = await service.load(game_id)
            engine, state = live.engine, live.state
            if engine.is_over(state):
                raise AssertionError(f"game {game_id} is over but still running")
            humans = sorted(s for s in engine.to_act(state) if not live.row.seats[s].is_bot)
            if not humans:  # waiting for a timer, which this stream does not run: play elsewhere
                idle += 1
                if idle > 100:
                    raise AssertionError("no table has a person to act")
                continue
            idle = 0
            seat = rng.choice(humans)
            user = live.row.seats[seat].user_id
            assert user is not None
            action = player_of(live.row.kind).act(state, seat, random.Random(rng.random()))
            await service.act(game_id, user, action)
            snapshot = publisher.last[game_id]
            print(f"ack {game_id} {snapshot.n} {digest(snapshot.public, snapshot.views)}", flush=True)
            done += 1
        print("done", flush=True)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--moves", type=int, default=None, help="stop after this many acknowledged moves")
    args = parser.parse_args(argv)
    # The service deals from ``secrets.randbits``: seeded here, a run with the same seed deals the same games.
    secrets.randbits = random.Random(f"deals:{args.seed}").getrandbits  # type: ignore[assignment]
    asyncio.run(play(args.db, args.seed, args.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
