"""Le Chat vert's cards as small integers, their tables computed once at import, and the moves of the engine's core.

A card is its place in ``CODES`` (the codes of ``bot.games.chat_vert.rules``, in hand order): ``colour * 13 +
symbol`` for a coloured card (colours Y, R, B, G; symbols 0-9, skip, reverse, +2), 52 the wild, 53 the +4. Sorting
cards sorts a hand. A move of the core is an integer too: a card's move is ``card << 3 | variant`` (0 one coloured
card, 1 a pair, 2 + colour a major naming that colour), then ``DRAW`` and ``KEEP``. Each of them is one ``Action``
of the engine's boundary, made once (actions are immutable).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from collections.abc import MutableSequence
from typing import Any
from typing import Final
from typing import cast

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import IllegalAction
from bot.games.base import JSONValue
from bot.games.chat_vert.rules import CODES
from bot.games.chat_vert.rules import COLOURS
from bot.games.chat_vert.rules import KINDS
from bot.games.chat_vert.rules import check_rules
from bot.games.chat_vert.rules import check_text
from bot.games.chat_vert.rules import kind_of
from bot.games.chat_vert.rules import number_of

CARD: Final[Mapping[str, int]] = {code: card for card, code in enumerate(CODES)}
"""A card code's integer."""
MAJOR: Final = CARD["W"]
"""Cards from the wild on are majors (the wild, then the +4)."""

NUMBER, SKIP, REVERSE, PLUS2, WILD_KIND, PLUS4_KIND = range(len(KINDS))
"""The kinds of card, as ``KINDS`` names them; 0 (``NUMBER``) also stands for "no penalty pending"."""
NO_PENALTY: Final = NUMBER
KIND: Final[tuple[int, ...]] = tuple(KINDS.index(kind_of(code)) for code in CODES)
COLOUR: Final[tuple[int, ...]] = tuple(
    COLOURS.index(code[0]) if card < MAJOR else -1 for card, code in enumerate(CODES)
)
"""A card's colour (0-3), -1 for a major."""
NUMBERS: Final[tuple[int, ...]] = tuple(-1 if (n := number_of(code)) is None else n for code in CODES)
"""A number card's number, -1 for the others."""


def _matching(colour: int, top: int) -> frozenset[int]:
    """The cards the base matching allows on ``top`` when the colour asked is ``colour``: a major on anything, a
    coloured card on the colour asked or on the same symbol."""
    return frozenset(
        card
        for card in range(len(CODES))
        if card >= MAJOR or COLOUR[card] == colour or (top < MAJOR and card % 13 == top % 13)
    )


MATCH: Final[tuple[tuple[frozenset[int], ...], ...]] = tuple(
    tuple(_matching(colour, top) for top in range(len(CODES))) for colour in range(len(COLOURS))
)
"""``MATCH[colour][top]``: what may be played on ``top`` when ``colour`` is asked."""
OF_KIND: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(card for card in range(len(CODES)) if KIND[card] == kind) for kind in range(len(KINDS))
)
"""The cards of each kind: what answers a pending +2/+4 without an added rule."""

# ----- moves -----

SINGLE, PAIR, NAMING = 0, 1, 2
DRAW: Final = len(CODES) << 3
KEEP: Final = DRAW + 1
LEFT: Final = DRAW + 2
RIGHT: Final = DRAW + 3
"""The dealer's choice of who starts: its left neighbour (play turns clockwise) or its right one."""
SINGLES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(card << 3 | NAMING + colour for colour in range(len(COLOURS))) if card >= MAJOR else (card << 3 | SINGLE,)
    for card in range(len(CODES))
)
"""The moves playing one card (a major once per colour it names)."""
PAIRS: Final[tuple[int, ...]] = tuple(card << 3 | PAIR for card in range(MAJOR))
"""The move playing two identical coloured cards at once."""


def _action(move: int) -> Action:
    if move == DRAW:
        return Action.of("draw")
    if move == KEEP:
        return Action.of("keep")
    if move in (LEFT, RIGHT):
        return Action.of("first", dir=1 if move == LEFT else -1)
    card, variant = move >> 3, move & 7
    colour = COLOURS[variant - NAMING] if variant >= NAMING else None
    return Action.of("play", card=CODES[card], n=2 if variant == PAIR else 1, colour=colour)


ACTION: Final[Mapping[int, Action]] = {
    move: _action(move) for move in (*(m for ms in SINGLES for m in ms), *PAIRS, DRAW, KEEP, LEFT, RIGHT)
}
"""The engine's action of each move of the core."""
MOVE_OF: Final[Mapping[tuple[tuple[str, JSONValue], ...], int]] = {
    action.args: move for move, action in ACTION.items() if action.kind == "play"
}
"""The move of a play's arguments: card, colour and n, as ``Action.args`` holds them in order."""
MOVE_BY_ID: Final[Mapping[int, int]] = {id(action): move for move, action in ACTION.items()}
"""The same by the identity of the action ``ACTION`` holds (they live as long as the module)."""
FIRST_LEFT: Final = ACTION[LEFT]
FIRST_RIGHT: Final = ACTION[RIGHT]
SEAT_MOVES: Final = frozenset({"say", "same", "first", "play", "draw", "keep"})
"""The kinds of action a seat may make (the table's own are ``timeout`` and ``judge``)."""
TAKEN_BACK: Final = frozenset({"play", "keep", "direction"})
"""The events of a move that may be taken back (without added rules): no draw, no penalty, no win."""

ALONE: Final[tuple[frozenset[int], ...]] = tuple(frozenset((seat,)) for seat in range(10))
"""``frozenset((seat,))`` for every seat, so that ``to_act`` and private events build no set."""
NOBODY: Final[frozenset[int]] = frozenset()


def claim_of(card: int, at: int) -> Action:
    """``Action.of("same", card=CODES[card], at=at)``, its arguments already in order."""
    return Action("same", (("at", at), ("card", CODES[card])))


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
