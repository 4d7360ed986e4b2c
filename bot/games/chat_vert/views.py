"""Le Chat vert's views: what a spectator may know (``ChatVertTable``) and what only one seat knows
(``ChatVertOwn``). Frozen values computed by the engine, so that pictures, texts, panels and players read the rules'
consequences (what may be played, who is marked, who starts) instead of working them out again.

Of the added rules a view holds only their number and, in the last penalties, what the seed's sentences quote
(what was said or missing): never a rule's own text. What a view works out from the rules (the moves it offers,
the cards it ticks, whether the "ficelle" is in force) it works out from the rules a seat can know (``known``):
a view is the same whatever the rules nobody has seen at work yet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import fields
from dataclasses import is_dataclass
from typing import Literal

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import SeatView
from bot.games.base import TableView
from bot.games.base import as_number
from bot.games.base import as_seat
from bot.games.base import as_text
from bot.games.chat_vert.rules import CODES
from bot.games.chat_vert.rules import MAJORS
from bot.games.chat_vert.rules import Rule
from bot.games.chat_vert.rules import kind_of
from bot.games.chat_vert.rules import matches
from bot.games.chat_vert.rules import sort_hand
from bot.games.chat_vert.state import ChatVertState

Phase = Literal["direction", "play", "over"]
Mark = Literal["dealer", "skipped", "drawing", "ficelle"]
Task = Literal["over", "choose", "drawn", "turn"]
MARKS: tuple[Mark, ...] = ("dealer", "skipped", "drawing", "ficelle")
"""Every seat marker, in drawing order."""


@dataclass(frozen=True)
class Pending:
    """A +2/+4 penalty waiting: its kind (``plus2``/``plus4``), the cards to draw and who must draw them."""

    kind: str
    count: int
    target: int | None


@dataclass(frozen=True)
class PenaltyNote:
    """One of the last penalty cards given (``seat`` got it), as the penalty event told it."""

    seat: int
    reason: str
    said: str | None = None
    expected: str | None = None
    expected_card: str | None = None
    message: str | None = None
    rule: int | None = None


@dataclass(frozen=True)
class SeatInfo:
    """One seat around the table: its card count and what the table shows about it now.

    ``awaited``: the seat to play, or the dealer choosing who starts; ``targeted``: it must draw a pending +2/+4;
    ``marks``: its markers in drawing order (the dealer, skipped, holding a drawn card, holding the string).
    """

    cards: int
    awaited: bool
    winner: bool
    targeted: bool
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class ChatVertTable:
    """The public table.

    ``turn`` is the seat to play (None outside the play phase); ``dir`` 1 turns clockwise, -1 the other way, and
    ``arrows`` is the same but 0 while the dealer has not chosen; ``at`` counts the plays (a claim names it);
    ``rules`` is the number of added rules in force; ``ficelle`` the holder of the string (None without one),
    shown only when ``ficelle_rule``: the "ficelle" rule is known to be in force (seen at work at this table, or
    someone has held the string in this game); ``starts`` the seats that start if the dealer chooses left (dir 1) or
    right (dir -1); ``claim_open`` whether the public "J'ai la même !" button is offered on the top card.
    """

    phase: Phase
    players: int
    dealer: int
    turn: int | None
    dir: int
    arrows: int
    top: str
    top_major: bool
    colour: str
    first: bool
    pile: int
    stock: int
    counts: tuple[int, ...]
    at: int
    pending: Pending | None
    skipped: int | None
    drawing: int | None
    rules: int
    ficelle: int | None
    ficelle_rule: bool
    penalties: tuple[PenaltyNote, ...]
    winner: int | None
    timer: int
    seats: tuple[SeatInfo, ...]
    starts: tuple[int, int]
    claim_open: bool


@dataclass(frozen=True)
class ChatVertOwn:
    """What only one seat knows: its hand (sorted), the drawn card it must play or keep, and what follows.

    ``playable`` are the cards the base rules and the known rules (``known``) let it play now (the other
    secret rules may allow more: a player learns them by trying); ``pairs`` the coloured cards it holds twice
    (playable together); ``task`` what it has to do now (None: nothing but wait, speak or claim).
    """

    hand: tuple[str, ...]
    drawn: str | None
    playable: tuple[str, ...]
    pairs: tuple[str, ...]
    task: Task | None


# ----- built from the state -----


ChatVertTableView = TableView[ChatVertTable]
ChatVertSeatView = SeatView[ChatVertTable, ChatVertOwn]


def table_of(state: ChatVertState) -> ChatVertTable:
    """The public table of ``state``."""
    phase = _phase(state)
    pending = None
    if state.pending_kind is not None:
        pending = Pending(state.pending_kind, state.pending_count, state.pending_target)
    turn = state.turn if phase == "play" else None
    ficelle_rule = knows(state, "ficelle")
    seats = tuple(
        SeatInfo(
            cards=len(hand),
            awaited=(phase == "play" and turn == seat) or (phase == "direction" and state.dealer == seat),
            winner=phase == "over" and state.winner == seat,
            targeted=phase == "play" and pending is not None and pending.target == seat,
            marks=_marks(state, seat, ficelle_rule),
        )
        for seat, hand in enumerate(state.held)
    )
    top = state.top
    return ChatVertTable(
        phase=phase,
        players=state.players,
        dealer=state.dealer,
        turn=turn,
        dir=state.dir,
        arrows=0 if phase == "direction" else (-1 if state.dir < 0 else 1),
        top=top,
        top_major=top in MAJORS,
        colour=state.colour,
        first=state.first,
        pile=len(state.laid),
        stock=len(state.deck),
        counts=tuple(s.cards for s in seats),
        at=state.plays,
        pending=pending,
        skipped=state.skipped,
        drawing=state.drawing,
        rules=len(state.rules),
        ficelle=state.ficelle,
        ficelle_rule=ficelle_rule,
        penalties=tuple(_note(p) for p in state.penalties),
        winner=state.winner,
        timer=state.timer,
        seats=seats,
        starts=((state.dealer + 1) % state.players, (state.dealer - 1) % state.players),
        claim_open=phase == "play" and not state.first and top not in MAJORS,
    )


def own_of(state: ChatVertState, seat: int) -> ChatVertOwn:
    """What only ``seat`` knows in ``state``."""
    if not 0 <= seat < state.players:
        return ChatVertOwn(hand=(), drawn=None, playable=(), pairs=(), task=None)
    hand = tuple(CODES[card] for card in state.held[seat])  # kept sorted: hand order
    drawn = state.drawn if state.drawing == seat else None
    held = Counter(hand)
    return ChatVertOwn(
        hand=hand,
        drawn=drawn,
        playable=_playable(state, seat, hand, drawn),
        pairs=tuple(c for c in held if held[c] >= 2 and c not in MAJORS),
        task=_task(state, seat, drawn),
    )


def _phase(state: ChatVertState) -> Phase:
    return "over" if state.phase == "over" else "direction" if state.phase == "direction" else "play"


def _marks(state: ChatVertState, seat: int, ficelle_rule: bool) -> tuple[Mark, ...]:
    """The markers of ``seat`` in drawing order: dealer, skipped and drawing (not once over), the string."""
    marks: list[Mark] = []
    if state.dealer == seat:
        marks.append("dealer")
    if state.phase != "over":
        if state.skipped == seat:
            marks.append("skipped")
        if state.drawing == seat:
            marks.append("drawing")
    if ficelle_rule and state.ficelle == seat:
        marks.append("ficelle")
    return tuple(marks)


def _note(data: Mapping[str, JSONValue]) -> PenaltyNote:
    def text(key: str) -> str | None:
        value = data.get(key)
        return value if isinstance(value, str) else None

    rule = data.get("rule")
    return PenaltyNote(
        seat=as_number(data.get("seat")),
        reason=as_text(data.get("reason")),
        said=text("said"),
        expected=text("expected"),
        expected_card=text("expected_card"),
        message=text("message"),
        rule=as_seat(rule),
    )


def _playable(state: ChatVertState, seat: int, hand: tuple[str, ...], drawn: str | None) -> tuple[str, ...]:
    """The cards the base rules and the known rules let ``seat`` play now: the drawn card only, under a pending
    +2/+4 one that answers it (``answers``), else those matching the top card or the colour."""
    if state.phase != "play" or state.turn != seat:
        return ()
    cards = (drawn,) if drawn else hand
    if state.pending_kind is not None:
        kinds = answers(state)
        found = [c for c in cards if kind_of(c) in kinds]
    else:
        found = [c for c in cards if matches(c, state.top, state.colour)]
    return tuple(dict.fromkeys(sort_hand(found)))


# ----- what a seat can know of the rules -----


def known(state: ChatVertState, rule: Rule) -> bool:
    """Whether a seat can know that ``rule`` is in force: it was seen at work at this table before (``seen``) or
    in this game (``shown``).

    A rule's text is secret, but its effects once seen are not: the table saw a +2 passed on with a +4, a
    penalty naming what was missing. The engine does not know which seat wrote which rule (a rule names its
    author's user, the state only seats), so every seat knows the same rules here; an author still plays their
    rule's moves from the hand's buttons, which offer every card."""
    return bool(rule.get("seen")) or rule["id"] in state.shown


def knows(state: ChatVertState, template: str) -> bool:
    """Whether the rule of a single-instance ``template`` is in force and ``known``."""
    rule = state.rule(template)
    return rule is not None and known(state, rule)


def answers(state: ChatVertState) -> frozenset[str]:
    """The kinds of card a seat can know may answer the pending +2/+4: its own kind, the other one with a known
    transfer rule, a reverse with a known reverse rule (none without a pending penalty)."""
    pending = state.pending_kind
    if pending is None:
        return frozenset()
    kinds = {pending}
    if knows(state, "transfer"):
        kinds |= {"plus2", "plus4"}
    if knows(state, "reverse"):
        kinds.add("reverse")
    return frozenset(kinds)


def known_moves(state: ChatVertState, legal: list[Action]) -> list[Action]:
    """The moves of ``legal`` (the engine's, under every rule in force) that a seat can know are legal: under a
    pending +2/+4, a play only with a card that ``answers`` it. A view offers these, so that it shows nothing of
    a rule nobody has seen at work; the engine still takes the others (a player learns a rule by trying)."""
    if state.pending_kind is None:
        return legal
    kinds = answers(state)
    return [a for a in legal if a.kind != "play" or kind_of(str(a.get("card"))) in kinds]


def _task(state: ChatVertState, seat: int, drawn: str | None) -> Task | None:
    if state.phase == "over":
        return "over"
    if state.phase == "direction":
        return "choose" if state.dealer == seat else None
    if state.drawing == seat and drawn:
        return "drawn"
    return "turn" if state.turn == seat else None


def strings_of(value: object) -> set[str]:
    """Every string held in a view: its fields, its events' data, its moves' arguments."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, Mapping):
        return {s for k, v in value.items() for s in (*strings_of(k), *strings_of(v))}
    if isinstance(value, tuple | list | frozenset | set):
        return {s for v in value for s in strings_of(v)}
    if isinstance(value, Action):
        return strings_of(value.args)
    if isinstance(value, Event):
        return strings_of(value.data)
    if is_dataclass(value):
        return {s for f in fields(value) for s in strings_of(getattr(value, f.name))}
    return set()
