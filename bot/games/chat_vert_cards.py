"""Le Chat vert's card tables, computed once at import, and the cheap building blocks of the engine's hot path.

A random two-player game makes about sixty moves; at that rate parsing card codes, building the same ``Action``
values again and checking a frozen dataclass's fields on every event cost more than the rules themselves. So the
engine looks cards up here: their kind, what may be played on a given top card and colour, and the play moves of
each card (actions are immutable, so each is made once).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from collections.abc import MutableSequence
from typing import Any
from typing import cast

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import IllegalAction
from bot.games.base import JSONValue
from bot.games.chat_vert_rules import CODES
from bot.games.chat_vert_rules import COLOURS
from bot.games.chat_vert_rules import MAJORS
from bot.games.chat_vert_rules import card_key
from bot.games.chat_vert_rules import check_rules
from bot.games.chat_vert_rules import check_text
from bot.games.chat_vert_rules import colour_of
from bot.games.chat_vert_rules import kind_of
from bot.games.chat_vert_rules import matches

KIND: Mapping[str, str] = {code: kind_of(code) for code in CODES}
"""number, skip, reverse, plus2, wild or plus4, by code."""
ORDER: Mapping[str, int] = {code: card_key(code) for code in CODES}
"""Hand order, by code (``sorted(hand, key=ORDER.__getitem__)`` sorts without a Python call per card)."""
COLOURED: frozenset[str] = frozenset(code for code in CODES if code not in MAJORS)
COLOUR_OF: Mapping[str, str] = {code: str(colour_of(code)) for code in CODES}
"""The colour a card asks for when played without naming one (``str(colour_of(code))``)."""


def _on_top(colour: str, top: str) -> frozenset[str]:
    return frozenset(code for code in CODES if matches(code, top, colour))


ON_TOP: Mapping[tuple[str, str], frozenset[str]] = {(c, top): _on_top(c, top) for c in COLOURS for top in CODES}
"""The cards the base matching allows on ``top`` when the colour asked is ``c``: built from ``matches`` itself."""


def playable_on(colour: str, top: str) -> frozenset[str]:
    """``ON_TOP``, or the same set worked out for a state outside the table (a colour no deal gives)."""
    found = ON_TOP.get((colour, top))
    return found if found is not None else _on_top(colour, top)


def _plays(code: str, n: int) -> tuple[Action, ...]:
    colours: tuple[str | None, ...] = COLOURS if code in MAJORS else (None,)
    return tuple(Action.of("play", card=code, n=n, colour=c) for c in colours)


PLAYS: Mapping[str, tuple[Action, ...]] = {code: _plays(code, 1) for code in CODES}
"""The moves playing one ``code`` (a major once per colour named)."""
PAIRS: Mapping[str, tuple[Action, ...]] = {code: _plays(code, 2) for code in CODES if code not in MAJORS}
"""The moves playing two identical coloured cards at once."""
DRAW = Action.of("draw")
FIRST_LEFT = Action.of("first", dir=1)
FIRST_RIGHT = Action.of("first", dir=-1)
SEAT_MOVES: frozenset[str] = frozenset({"say", "same", "first", "play", "draw", "keep"})
"""The kinds of action a seat may make (the table's own are ``timeout`` and ``judge``)."""
TAKEN_BACK: frozenset[str] = frozenset({"play", "keep", "direction"})
"""The events of a move that may be taken back (without added rules): no draw, no penalty, no win."""
KEEP = Action.of("keep")

ALONE: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(10))
"""``frozenset((seat,))`` for every seat, so that ``to_act`` and private events build no set."""
NOBODY: frozenset[int] = frozenset()


def claim_of(card: str, at: int) -> Action:
    """``Action.of("same", card=card, at=at)``, its arguments already in order."""
    return Action("same", (("at", at), ("card", card)))


_new = object.__new__
_set = object.__setattr__


def event(
    kind: str,
    seat: int | None,
    data: Mapping[str, JSONValue],
    private_to: frozenset[int] | None = None,
    milestone: bool = False,
) -> Event:
    """``Event(kind, seat, data, milestone, private_to)``, equal in every field, made without the frozen
    dataclass's checked ``__init__`` (five guarded attribute writes, the largest cost of a move's events)."""
    made: Event = _new(Event)
    fields: dict[str, Any] = {
        "kind": kind,
        "seat": seat,
        "data": data,
        "milestone": milestone,
        "private_to": private_to,
    }
    _set(made, "__dict__", fields)
    return made


_STEPS: tuple[tuple[int, int, int], ...] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(199, 0, -1))
"""For each place ``i`` from the last down: ``i``, the bound ``i + 1`` of its draw and the bits drawn for it."""
_BELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)
"""What ``random.Random.shuffle`` draws each place with, in the generator this loop reproduces."""


def shuffle(rng: random.Random, cards: MutableSequence[Any]) -> None:
    """``rng.shuffle(cards)``, the same permutation from the same draws of ``rng``, about twice as fast.

    ``random.Random.shuffle`` swaps each place with ``rng._randbelow(i + 1)``, which takes ``getrandbits(k)``
    until it falls below ``i + 1``; this loop does the same without two Python calls per card. A generator of
    another kind (its own ``random`` or ``getrandbits``) is left to its own ``shuffle``.
    """
    kind = type(rng)
    if (
        len(cards) > len(_STEPS)
        or kind.getrandbits is not random.Random.getrandbits
        or _BELOW is None
        or getattr(kind, "_randbelow", None) is not _BELOW
    ):
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for i, n, k in _STEPS[len(_STEPS) + 1 - len(cards) :] if cards else ():
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def canonical(action: Action) -> Action:
    """The action without its ``say``, with the defaults of ``play`` filled in."""
    if action.kind == "play":
        return Action.of("play", card=action.get("card"), n=action.get("n", 1), colour=action.get("colour"))
    if action.kind == "same":
        return Action.of("same", card=action.get("card"), at=action.get("at"))
    return Action(action.kind, tuple((k, v) for k, v in action.args if k != "say"))


def said_text(kind: str, args: Mapping[str, JSONValue]) -> str | None:
    """The text said with an action of ``kind`` and ``args``, refused when empty or too long."""
    if kind == "say":
        text = args.get("text")
    else:
        text = args.get("say")
        if text is None:
            return None
    code = check_text(text)
    if code is not None:
        raise IllegalAction(code)
    return str(text)


def check_rules_option(value: JSONValue) -> JSONValue:
    """The ``rules`` option: ``check_rules``, its result as JSON."""
    return cast("JSONValue", check_rules(value))  # the very list, so that its compiled rules are found by identity


def check_pause_option(value: JSONValue) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise BadOption("bad_option_type", option="pause")
    return int(value)


CANONICAL_ARGS: dict[tuple[tuple[str, JSONValue], ...], tuple[str, int, str | None]] = {
    action.args: (action.text("card"), action.number("n"), action.get("colour"))  # type: ignore[misc]
    for moves in (*PLAYS.values(), *PAIRS.values())
    for action in moves
}
"""Every play move's arguments (card, colour, n), and what they say: a card, how many, the colour named."""
CANONICAL_BY_ID: dict[int, tuple[str, int, str | None]] = {
    id(action): CANONICAL_ARGS[action.args] for moves in (*PLAYS.values(), *PAIRS.values()) for action in moves
}
"""The same, by the identity of the move ``legal_actions`` gives (those values live as long as the module)."""
