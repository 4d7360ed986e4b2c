"""One bot process of the many-process test: its own table service and connection pool on a shared PostgreSQL
database, driven line by line on stdin.

``python -m tests.multiprocess.child URL RECORD --seed S`` prints ``ready``, then obeys:

- ``play K T``: the clock reads T; K times, pick a running game, and play through ``TableService.act`` the move the
  game's computer player would choose for an awaited human seat (with the version the process has cached, as a
  button drawn from it would carry); each move taken prints ``ack GAME N DIGEST``; then ``played``.
- ``tick T``: ``run_timers(T)``, then ``ticked``.
- ``dump``: ``state GAME N DIGEST`` for every game as the service now holds it, then ``dumped``.

RECORD is this process's own file: ``move GAME N`` for every action it stored, ``pub GAME N DIGEST`` for every
state it published and ``remind GAME TURN_SINCE SEATS`` for every reminder it sent, each line written as it happens.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
from pathlib import Path
from typing import Any

from bot.games.base import GameError
from bot.registry import player_of
from bot.service.tables import NullPublisher
from bot.service.tables import Snapshot
from bot.service.tables import TableService
from bot.store import GameRow
from bot.store import Store
from bot.store import open_store
from tests.reliability.kill_child import digest


class Record:
    """Lines appended to a file with one ``write`` each: what is written survives a SIGKILL of the process."""

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def line(self, *words: object) -> None:
        os.write(self.fd, (" ".join(map(str, words)) + "\n").encode())


class RecordingStore(Store):
    """The real store, which also notes each action it has stored (after the commit returned)."""

    def __init__(self, store: Store, record: Record) -> None:
        super().__init__(store.backend)
        self.record = record

    async def append_action(self, game_id: int, n: int, *args: Any, **kwargs: Any) -> None:
        await super().append_action(game_id, n, *args, **kwargs)
        self.record.line("move", game_id, n)


class RecordingPublisher(NullPublisher):
    """Notes every state published and every reminder sent, and keeps the last state of each game."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.last: dict[int, Snapshot] = {}

    async def publish(self, snapshot: Snapshot) -> None:
        self.last[snapshot.game.id] = snapshot
        self.record.line("pub", snapshot.game.id, snapshot.n, digest(snapshot.public, snapshot.views))

    async def remind(self, game: GameRow, seats: list[int]) -> None:
        self.record.line("remind", game.id, repr(game.turn_since), ",".join(map(str, seats)))


async def play_once(service: TableService, publisher: RecordingPublisher, rng: random.Random) -> None:
    running = await service.store.games_with_status("running")
    if not running:
        return
    game_id = rng.choice(running).id
    try:
        live = await service.load(game_id)
        engine, state, row = live.engine, live.state, live.row
        humans = sorted(s for s in engine.to_act(state) if not row.seats[s].is_bot)
        if not humans or engine.is_over(state):
            return
        seat = rng.choice(humans)
        user = row.seats[seat].user_id
        assert user is not None
        action = player_of(row.kind).act(state, seat, random.Random(rng.random()))
        await service.act(game_id, user, action, live.n)
    except GameError:
        return  # another process moved first: stale, not this seat's turn any more, or the game ended
    snapshot = publisher.last[game_id]
    print(f"ack {game_id} {snapshot.n} {digest(snapshot.public, snapshot.views)}", flush=True)


async def serve(url: str, record_path: Path, seed: int) -> None:
    record = Record(record_path)
    publisher = RecordingPublisher(record)
    now = [0.0]
    store = RecordingStore(await open_store(url), record)
    service = TableService(store, publisher, clock=lambda: now[0])
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    try:
        print("ready", flush=True)
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            words: list[Any] = line.split()
            if words[0] == "play":
                now[0] = float(words[2])
                for _ in range(int(words[1])):
                    await play_once(service, publisher, rng)
                print("played", flush=True)
            elif words[0] == "tick":
                now[0] = float(words[1])
                await service.run_timers(now[0])
                print("ticked", flush=True)
            elif words[0] == "dump":
                for row in await store.games_with_status("running", "over"):
                    snapshot = await service.snapshot(row.id)
                    print(f"state {row.id} {snapshot.n} {digest(snapshot.public, snapshot.views)}", flush=True)
                print("dumped", flush=True)
            else:
                break
    finally:
        await store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("record", type=Path)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(serve(args.url, args.record, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
