"""Which private panels (and so which hand pictures) a published snapshot makes the bot draw again.

A player's panel is drawn again only when what it shows changed: the seat's own part and moves (the game's
``private`` key), whether the seat is awaited, the stage, the end, and the undo button. The publisher on Discord
and the bench decide with the same functions, so the bench counts the pictures the bot really draws.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Hashable
from collections.abc import Mapping
from typing import Any

from bot.digest import digest
from bot.games.base import SeatView
from bot.live import Snapshot
from bot.workers import RENDER_PROCESSES
from bot.workers import Turns

PrivateKey = Callable[[SeatView[Any, Any]], Hashable]
"""What, in a seat's view, makes its panel worth editing (each game says; by default its own part and moves)."""


def default_private_key(view: SeatView[Any, Any]) -> Hashable:
    """A seat's own part and its moves: what a panel shows unless its game says otherwise."""
    return (repr(view.own), tuple(a.dumps() for a in view.legal))


def panel_key(snapshot: Snapshot, seat: int, user_id: int, private: Hashable) -> bytes:
    """Everything a seat's panel depends on in this snapshot, as a ``digest``: an equal key means the same panel."""
    return digest(
        (
            user_id,
            private,
            seat in snapshot.to_act,
            snapshot.stage,
            snapshot.over,
            snapshot.undo_seat == seat,
        )
    )


def panels_to_redraw(
    snapshot: Snapshot, shown: Mapping[int, Hashable], private_key: PrivateKey = default_private_key
) -> dict[int, Hashable]:
    """The seats held by a person whose panel differs from the one ``shown`` (seat -> key), with their new keys."""
    out: dict[int, Hashable] = {}
    for seat, holder in enumerate(snapshot.game.seats):
        if holder.user_id is None:
            continue
        key = panel_key(snapshot, seat, holder.user_id, private_key(snapshot.views[seat]))
        if shown.get(seat) != key:
            out[seat] = key
    return out


DRAWING_AT_ONCE = 2 * RENDER_PROCESSES + 2
"""Publications whose views are read and pictures drawn at once: enough to keep every render process busy, and
no more. The others wait their turn holding only their state's pickle (their views are worked out when read):
hundreds of tables waiting behind busy workers would otherwise hold every seat's view, and the collector's full
passes over them stall the event loop."""
drawing_slot = Turns(DRAWING_AT_ONCE)
"""The publishers' turns to draw: ``async with drawing_slot():`` around reading a snapshot's views and drawing."""
