"""Njet!: the typed, immutable views of a game (the public table and what one seat alone knows).

Everything a picture, a text, a panel or the computer player needs that follows from the rules is computed here
by the engine (whose turn, the trick's winner so far, the play order, the teams' points, the playable cards...),
so that nothing outside the engine re-derives a rule. Card codes appear only where the viewer may see them.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import SeatView
from bot.games.base import TableView


@dataclass(frozen=True)
class BoardOption:
    """One option of a row of the Njet board and the seat whose stone blocks it (None while open)."""

    option: str
    blocked_by: int | None


@dataclass(frozen=True)
class BoardRow:
    """A row of the Njet board; ``decided`` once only its rule is left open, ``takes_stones`` while two or more
    options are still open (a stone may go there)."""

    row: str
    options: tuple[BoardOption, ...]
    decided: bool
    takes_stones: bool


@dataclass(frozen=True)
class Rules:
    """The rules a round got from the board; ``super_colour`` is ``"none"`` when there is no super-trump."""

    start: int
    discard: int
    trump: str
    super_colour: str
    points: int


@dataclass(frozen=True)
class PlayerView:
    """One seat as everyone sees it: its character, how many cards it holds, its total, its team and rank."""

    seat: int
    character: str
    cards: int
    score: int
    team: int | None
    discarded: bool
    dealer: bool
    rank: int
    """1 for the leader (or winner); equal totals share a rank."""


@dataclass(frozen=True)
class Play:
    """A card on the table; ``wins`` marks the card taking the trick (so far, for the trick in play)."""

    seat: int
    card: str
    super_trump: bool
    wins: bool


@dataclass(frozen=True)
class Team:
    """A team of the round: its seats, the tricks and 1s it took and what that is worth to each member now."""

    seats: tuple[int, ...]
    alone: bool
    """The starting player alone (3 players): points doubled."""
    tricks: int
    ones: int
    points: int


@dataclass(frozen=True)
class NjetTable:
    """The public body of Njet!'s views: what a spectator may know."""

    round: int
    rounds: int
    dealer: int
    players: tuple[PlayerView, ...]
    board: tuple[BoardRow, ...]
    stones_left: int
    rules: Rules | None
    """None during the Njet phase."""
    starter: int | None
    partner: int | None
    alone: bool
    may_play_alone: bool
    """Whether the starting player may choose to play alone (3 players)."""
    teams: tuple[Team, ...]
    """Empty until the partner is chosen; team 0 is the starting player's."""
    trick: tuple[Play, ...]
    leader: int | None
    order: tuple[int, ...]
    """Every seat in the order it plays to the trick, from the one who leads (or acts) first."""
    last_trick: tuple[Play, ...]
    last_winner: int | None
    sheet: tuple[tuple[int, ...], ...]
    """One line per round played: each seat's points that round."""


@dataclass(frozen=True)
class HandCard:
    """A card of the seat's own hand (or discard); ``playable`` when the seat may play it now."""

    code: str
    super_trump: bool
    playable: bool


@dataclass(frozen=True)
class NjetOwn:
    """What only one seat knows: its hand (in card order, a code possibly twice) and its secret discard."""

    hand: tuple[HandCard, ...]
    discards: tuple[HandCard, ...]

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes of the hand, in card order."""
        return tuple(card.code for card in self.hand)


NjetTableView = TableView[NjetTable]
NjetSeatView = SeatView[NjetTable, NjetOwn]
