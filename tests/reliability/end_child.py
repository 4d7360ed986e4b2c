"""A process that plays one game to its end on a real SQLite file and dies (SIGKILL) right after the end is stored.

``python -m tests.reliability.end_child DB KIND`` opens a table of people in channel ``CHANNEL`` (Le Chat vert with
``RULES`` in force), plays it with the computer player's choices for every seat, prints ``game ID`` before the final
move, then makes that move. The end's transaction commits; the first write of the game's epilogue (its hook, its
rating) kills the process instead, so the epilogue is exactly what the crash loses.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
from pathlib import Path
from typing import Any

from bot.registry import engine_of
from bot.service.chat_vert_table import set_rules
from bot.service.tables import TableService
from bot.store import GameRow
from bot.store import Store
from tests.reliability.support import ahead
from tests.reliability.support import next_move

CHANNEL = 31
GUILD = 1
SHORT: dict[str, dict[str, Any]] = {
    "nain_jaune": {"deals": 1},
    "triominos": {"rounds": 1, "target": 50},
    "neurotrio": {},
    "njet": {"rounds": 1},
    "chat_vert": {},
}
RULES: list[dict[str, Any]] = [
    {
        "template": "say",
        "cond": {"colour": None, "number": number, "kind": None},
        "phrase": phrase,
        "id": number,
        "author": 90,
        "author_name": "Autrice",
        "seen": False,
    }
    for number, phrase in ((1, "Un"), (2, "Deux"), (3, "Trois"))
]
"""Rules no computer player obeys before they are seen at work: every game breaks some, so some become seen."""


def people(kind: str) -> int:
    return max(2, engine_of(kind).min_players)


async def started(service: TableService, kind: str) -> GameRow:
    """A short game of ``kind`` between people only (users 1 and up), started; forced moves wait for their player."""
    row = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        kind=kind,
        options=SHORT[kind],
        host_id=1,
        host_name="P1",
        locale="fr",
        settings={"autoplay": False},
    )
    for user in range(2, people(kind) + 1):
        await service.join(row.id, user, f"P{user}")
    await service.start(row.id, 1)
    return row


class DyingStore(Store):
    """The real store, killed by the first write of an epilogue once armed."""

    armed = False

    def _die(self) -> None:
        if self.armed:
            os.kill(os.getpid(), signal.SIGKILL)

    async def rate_game(self, *args: Any, **kwargs: Any) -> Any:
        self._die()
        return await super().rate_game(*args, **kwargs)

    async def change_chat_vert_rules(self, *args: Any, **kwargs: Any) -> Any:
        self._die()
        return await super().change_chat_vert_rules(*args, **kwargs)


async def play(path: Path, kind: str) -> None:
    store = await DyingStore.open(path)
    service = TableService(store)
    if kind == "chat_vert":
        await set_rules(store, CHANNEL, RULES)
    row = await started(service, kind)
    rng = random.Random(7)
    while True:
        live = await service.load(row.id)
        user, action = next_move(live, rng)
        if live.engine.is_over(ahead(live, action)):
            print(f"game {row.id}", flush=True)
            store.armed = True
        await service.act(row.id, user, action)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db", type=Path)
    parser.add_argument("kind")
    args = parser.parse_args()
    asyncio.run(play(args.db, args.kind))


if __name__ == "__main__":
    main()
