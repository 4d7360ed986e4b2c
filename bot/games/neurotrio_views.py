"""The typed views of Neurotrio: what a spectator may know (``NeurotrioTable``), what one seat adds (``NeurotrioOwn``).

Everything a picture, a text, a panel or the computer player needs is a field here, computed by the engine, so that
nothing outside ``bot.games.neurotrio`` re-derives a rule. Cells are ``(r, c)`` pairs of any integers, ``(0, 0)``
holding the first domain card; cards are codes such as ``"CN1"`` (nature, fond, force).
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from bot.games.base import SeatView
from bot.games.base import TableView


def column_label(index: int) -> str:
    """A, B, ... Z, AA, AB...: the name of the ``index``-th drawn column (0-based)."""
    out = ""
    index += 1
    while index > 0:
        index, rest = divmod(index - 1, 26)
        out = string.ascii_uppercase[rest] + out
    return out or "?"


@dataclass(frozen=True)
class Spot:
    """A domain card and its cell."""

    r: int
    c: int
    card: str


@dataclass(frozen=True)
class Box:
    """The domain's bounding box: its top-left cell and its size."""

    r0: int
    c0: int
    rows: int
    cols: int


@dataclass(frozen=True)
class SeatInfo:
    """What everyone knows of a seat: VP, cards and personal cartons left, its place out of cards (1, 2...) if
    it has gone out, and its rank by VP (1 for the leaders, equal VP sharing a rank)."""

    seat: int
    vp: int
    cards: int
    cartons_left: int
    out: int | None
    rank: int


@dataclass(frozen=True)
class PublicBid:
    """A bid as the table shows it: the bidder's base carton on a domain card (the mention stays hidden)."""

    seat: int
    base: int
    r: int
    c: int
    card: str


@dataclass(frozen=True)
class Bid(PublicBid):
    """A bid made, with its mention (secret until the end): only the state and its bidder's view hold it."""

    carton: str


@dataclass(frozen=True)
class Auction:
    """The auction under way: who called "neuro", who bids now (None once nobody is left) and who has bid."""

    caller: int
    bidder: int | None
    done: tuple[int, ...]


@dataclass(frozen=True)
class LastMove:
    """The latest building move: a placement (card, cell) or a pass, and the VP it changed."""

    seat: int
    kind: str
    card: str | None
    r: int | None
    c: int | None
    vp: int


@dataclass(frozen=True)
class RevealedBid(Bid):
    """A bid revealed at the end, with its mention and the points it scored."""

    points: int


@dataclass(frozen=True)
class NeurotrioTable:
    """The public table.

    ``limit_rows``/``limit_cols`` are the row and column limits; ``grows_rows``/``grows_cols`` say whether the
    domain may still take one more row / column (the limits and the ratio of 2 allow it). ``turn`` is the seat
    awaited (the builder or the bidder), ``may_call`` the seats that may call "neuro" now. ``treasure`` and
    ``hidden`` are None until the end, ``reveal`` empty until then.
    """

    players: tuple[SeatInfo, ...]
    grid: tuple[Spot, ...]
    box: Box
    limit_rows: int
    limit_cols: int
    grows_rows: bool
    grows_cols: bool
    bids: tuple[PublicBid, ...]
    bases_left: tuple[int, ...]
    deux_cartes: bool
    turn: int | None
    may_call: tuple[int, ...]
    auction: Auction | None
    last: LastMove | None
    treasure: str | None
    hidden: str | None
    reveal: tuple[RevealedBid, ...]

    def cell_name(self, r: int, c: int) -> str:
        """A cell as the table picture labels it: the domain's box plus a ring of empty cells, ``A1`` at its
        top left (column letter, then row number)."""
        return f"{column_label(c - (self.box.c0 - 1))}{r - (self.box.r0 - 1) + 1}"

    def card_at(self, r: int, c: int) -> str | None:
        """The domain card on cell ``(r, c)``, None for an empty cell."""
        return next((spot.card for spot in self.grid if spot.r == r and spot.c == c), None)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first by VP."""
        return tuple(p.seat for p in self.players if p.rank == 1)


@dataclass(frozen=True)
class Placement:
    """One legal placement of a card of the hand: its cell, the VP it earns and how many neighbours fit it."""

    card: str
    r: int
    c: int
    vp: int
    compatible: int


@dataclass(frozen=True)
class OwnBid:
    """One of the seat's own bids, with its hidden mention (``carton``). ``tag`` is the base and mention as one
    string (``"7:nature"``), the form this secret takes among the seat's secrets."""

    base: int
    r: int
    c: int
    card: str
    carton: str
    tag: str


@dataclass(frozen=True)
class BidChoices:
    """The parts of a bid for this seat: base cartons left, the domain cards to bid on (sorted by cell), its
    personal cartons left; ``must_bid`` when it called "neuro" and may not decline."""

    bases: tuple[int, ...]
    cells: tuple[Spot, ...]
    cartons: tuple[str, ...]
    must_bid: bool


@dataclass(frozen=True)
class NeurotrioOwn:
    """What only the seat knows: its hand (sorted), personal cartons left, own bids and notebook (the types it
    knows cannot be the treasure); on its building turn, every legal placement with its VP and the cards they use
    (``playable``); what a pass costs it; the parts of a bid."""

    hand: tuple[str, ...]
    cartons: tuple[str, ...]
    my_bids: tuple[OwnBid, ...]
    notebook: tuple[str, ...]
    placements: tuple[Placement, ...]
    playable: tuple[str, ...]
    pass_vp: int
    bid: BidChoices


NeurotrioTableView = TableView[NeurotrioTable]
NeurotrioSeatView = SeatView[NeurotrioTable, NeurotrioOwn]
