"""Nain Jaune: the typed, immutable views of a game (the public table and what one seat alone knows).

Everything a picture, a text, a panel or the computer player needs that follows from the rules is computed by the
engine (the boxes waiting for their "qui prend", the wanted rank, whether a new sequence is due, the dealer, the
playable cards...), so that nothing outside the engine re-derives a rule. Card codes of a hand appear only in its
owner's view.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import SeatView
from bot.games.base import TableView


@dataclass(frozen=True)
class BoxView:
    """One box of the board: its card, the stake each player puts in at a deal, the tokens it holds now, and
    ``claimable`` while that card, laid this turn, waits for its "qui prend" (option ``announce``)."""

    card: str
    stake: int
    tokens: int
    claimable: bool
    nain_jaune: bool
    """The 7♦, the biggest box, drawn in the middle."""


@dataclass(frozen=True)
class PlayerView:
    """One seat as everyone sees it: its tokens, how many cards it holds, whether it dealt and whether it acts."""

    seat: int
    tokens: int
    cards: int
    dealer: bool
    acting: bool


@dataclass(frozen=True)
class NainJauneTable:
    """The public table.

    ``wanted`` is the rank the seat to act must lay (None: any card, a new sequence is due); ``sans`` the rank
    announced missing ("sans X") when the turn passed to another seat for it; ``new_sequence`` whether the seat to
    act opens a new sequence; ``awaiting_claims`` whether it must claim its boxes or pass before the turn ends.
    ``end_reason`` (``deals``, ``cannot_pay``, ``cannot_stake``) once the game is over.
    """

    deal: int
    deals: int
    dealer: int
    current: int | None
    boxes: tuple[BoxView, ...]
    players: tuple[PlayerView, ...]
    sequence: tuple[str, ...]
    last_card: str | None
    last_seat: int | None
    wanted: str | None
    sans: str | None
    new_sequence: bool
    talon: int
    laid: tuple[str, ...]
    pending_claims: tuple[str, ...]
    awaiting_claims: bool
    announce: bool
    over: bool
    end_reason: str | None


@dataclass(frozen=True)
class NainJauneOwn:
    """What only one seat knows: its hand (sorted, ace low), the cards it may lay now and its turn."""

    hand: tuple[str, ...]
    playable: tuple[str, ...]
    my_turn: bool
    tokens: int


NainJauneTableView = TableView[NainJauneTable]
NainJauneSeatView = SeatView[NainJauneTable, NainJauneOwn]
