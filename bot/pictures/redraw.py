"""Which private panels (and so which hand pictures) a published snapshot makes the bot draw again.

A player's panel is drawn again only when what it shows changed: the seat's own part and moves (the game's
``private`` key), whether the seat is awaited, the stage, the end, and the undo button; and then at once only when
the seat must act, or had to, holds something else, or the stage or the end came (``panels_to_redraw``). The
publisher on Discord and the bench decide with the same functions, so the bench counts the pictures the bot really
draws.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Hashable
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.games.base import SeatView
from bot.pictures.digest import digest
from bot.pictures.workers import RENDER_PROCESSES
from bot.pictures.workers import Turns
from bot.service.live import Snapshot

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


HAND_FIELDS = ("hand", "drawn", "cartons", "my_bids", "discards")
"""The parts of a seat's own view that are what it holds: a change of any of them is worth an edit at once."""


def _held(value: object) -> object:
    """What a held item is, without what it can do now (a card's ``playable`` mark changes with others' moves)."""
    if isinstance(value, tuple):
        return tuple(_held(item) for item in value)
    code = getattr(value, "code", None)
    return code if isinstance(code, str) else value


def hand_key(view: SeatView[Any, Any]) -> bytes:
    """What a seat holds (cards, tiles, cartons, bids, discards), as a ``digest``."""
    own = view.own
    return digest(tuple(repr(_held(getattr(own, name))) for name in HAND_FIELDS if hasattr(own, name)))


@dataclass(frozen=True)
class Shown:
    """What a seat's delivered panel shows: its key, what the seat held, whether it was awaited (buttons that a later
    state must take away), the moves it offered and the stage. Kept as ``packed`` bytes, which the garbage
    collector never walks (a live table keeps one per seat)."""

    key: bytes
    hand: bytes
    awaited: bool
    moves: bytes
    stage: int

    @property
    def packed(self) -> bytes:
        return b"".join((self.key, self.hand, self.moves, bytes([self.awaited]), self.stage.to_bytes(8, "big")))

    @classmethod
    def unpack(cls, packed: bytes) -> Shown:
        return cls(packed[0:16], packed[16:32], bool(packed[48]), packed[32:48], int.from_bytes(packed[49:57], "big"))


def panels_to_redraw(
    snapshot: Snapshot,
    shown: Mapping[int, bytes],
    private_key: PrivateKey = default_private_key,
    on_table: Collection[str] = frozenset(),
) -> dict[int, bytes]:
    """The seats held by a person whose panel is edited now, with what it will show (``Shown``, packed).

    A panel differing from the one ``shown`` is edited at once when its seat is awaited or was when it was drawn,
    holds something else, may make other moves (a call out of turn; not those the table message offers, ``on_table``
    as stored), or the stage or the end came. Any other change (a card
    laid around the table, a notebook growing) waits until the seat's turn comes: the table message shows it, and a
    panel opened with "My hand" is always drawn as it is now. Discord counts every edit against the bot's budget.
    """
    out: dict[int, bytes] = {}
    for seat, holder in enumerate(snapshot.game.seats):
        if holder.user_id is None:
            continue
        view = snapshot.views[seat]
        key = panel_key(snapshot, seat, holder.user_id, private_key(view))
        packed = shown.get(seat)
        before = None if packed is None else Shown.unpack(packed)
        if before is not None and before.key == key:
            continue
        moves = digest(tuple(sorted(move for action in view.legal if (move := action.dumps()) not in on_table)))
        now = Shown(key, hand_key(view), seat in snapshot.to_act, moves, snapshot.stage)
        if (
            before is None
            or now.awaited
            or before.awaited
            or now.hand != before.hand
            or now.moves != before.moves
            or now.stage != before.stage
            or snapshot.over
        ):
            out[seat] = now.packed
    return out


DRAWING_AT_ONCE = 2 * RENDER_PROCESSES + 2
"""Publications whose views are read and pictures drawn at once: enough to keep every render process busy, and
no more. The others wait their turn holding only their state's pickle (their views are worked out when read):
hundreds of tables waiting behind busy workers would otherwise hold every seat's view, and the collector's full
passes over them stall the event loop."""
drawing_slot = Turns(DRAWING_AT_ONCE)
"""The publishers' turns to draw: ``async with drawing_slot():`` around reading a snapshot's views and drawing."""
