"""What a game may add to the table service around its games: options read from the table, and an epilogue.

Chat vert's rules belong to the channel, not to one game: they are read when a game starts (frozen into
its options, so a replay sees the same rules) and updated when it ends. Games without such needs register nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any
from typing import Protocol

from bot.games.base import Event
from bot.games.base import JSONValue

if TYPE_CHECKING:
    from bot.store import GameRow
    from bot.store import Store


class TableHooks(Protocol):
    async def prepare(self, store: Store, row: GameRow) -> dict[str, JSONValue]:
        """Options to merge into the game's own when it starts (validated with the others)."""
        ...

    async def finished(self, store: Store, row: GameRow, state: Any, log: list[tuple[int, Event]]) -> None:
        """Called when a game is over, after its results are stored; called again when an epilogue failed after it
        (or the process died before it was marked done), so a second call must change nothing."""
        ...
