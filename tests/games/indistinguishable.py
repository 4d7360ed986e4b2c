"""States a seat cannot tell from a given one: the hidden information dealt again, the counts kept.

``redeal(kind, state, seat, rng)`` copies ``state`` and deals again, at random, what ``seat`` cannot see (None: a
spectator, who sees no hand): the other hands, the draw pile or pool, the hidden card, the other seats' secret
mentions or discards, and in Le Chat vert the added rules nobody can know yet. Every count the table shows stays
as it was, and so does everything public (the board, the pile, the events already told). A view or a hint that
differs between the two states shows something its seat cannot know.

Only the state is dealt again, not its history: a re-dealt state may contradict what the seat could deduce from
past events (who passed on a rank, who could not follow). That makes the check stricter, not weaker: the views
hold the events as told and never work anything out from the history.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import TypeVar

from bot.games.base import BadOption
from bot.games.chat_vert.rules import check_rules
from bot.games.chat_vert.state import ChatVertState
from bot.games.nain_jaune import NainJauneState
from bot.games.neurotrio import NeurotrioState
from bot.games.njet import NjetState
from bot.games.triominos import TriominosState

T = TypeVar("T")


def _hidden(players: int, seat: int | None) -> list[int]:
    """The seats whose hands ``seat`` does not see."""
    return [s for s in range(players) if s != seat]


def _spread(pool: list[T], sizes: Sequence[int], rng: random.Random) -> list[list[T]]:
    """``pool`` shuffled and cut into parts of ``sizes`` (which add up to its length)."""
    assert sum(sizes) == len(pool)
    cards = list(pool)
    rng.shuffle(cards)
    out: list[list[T]] = []
    for size in sizes:
        out.append(cards[:size])
        cards = cards[size:]
    return out


def _deal_again(
    hands: list[list[T]], others: Sequence[int], stock: list[T], rng: random.Random, pinned: dict[int, T] | None = None
) -> list[T]:
    """Deal the hands of ``others`` and ``stock`` again from their cards, in place but the new stock, returned;
    a ``pinned`` card stays in its seat's hand (one the rules tie to that seat: the tile a classic start lays, a
    drawn card waiting to be played or kept)."""
    pinned = pinned or {}
    pool = list(stock)
    for s in others:
        hand = list(hands[s])
        if s in pinned:
            hand.remove(pinned[s])
        pool += hand
    sizes = [len(hands[s]) - (s in pinned) for s in others]
    *parts, new_stock = _spread(pool, [*sizes, len(stock)], rng)
    for s, part in zip(others, parts, strict=True):
        hands[s] = [*part, pinned[s]] if s in pinned else part
    return new_stock


# ----- each game -----


def _nain_jaune(state: NainJauneState, seat: int | None, rng: random.Random) -> NainJauneState:
    other = copy.deepcopy(state)
    other.talon = _deal_again(other.hands, _hidden(state.players, seat), other.talon, rng)
    return other


def _triominos(state: TriominosState, seat: int | None, rng: random.Random) -> TriominosState:
    other = copy.deepcopy(state)
    pinned: dict[int, str] = {}
    if state.forced is not None and not state.layout.cells and state.starter != seat:
        pinned[state.starter] = state.forced  # the classic start: the starter lays that tile
    other.pool = _deal_again(other.hands, _hidden(state.players, seat), other.pool, rng, pinned)
    return other


def _neurotrio(state: NeurotrioState, seat: int | None, rng: random.Random) -> NeurotrioState:
    other = copy.deepcopy(state)
    others = _hidden(state.players, seat)
    if not state.over:
        hidden = _deal_again(other.hands, others, [other.hidden], rng)
        (other.hidden,) = hidden
        mentions = {s: [b.carton for b in state.bids if b.seat == s] for s in others}
        for s in others:
            cartons = [*mentions[s], *state.cartons[s]]
            rng.shuffle(cartons)
            mentions[s], other.cartons[s] = cartons[: len(mentions[s])], sorted(cartons[len(mentions[s]) :])
        bids = []
        for bid in state.bids:
            if bid.seat in mentions:
                bid = dataclasses.replace(bid, carton=mentions[bid.seat].pop())
            bids.append(bid)
        other.bids = bids
    else:
        _deal_again(other.hands, others, [], rng)
    return other


def _njet(state: NjetState, seat: int | None, rng: random.Random) -> NjetState:
    other = copy.deepcopy(state)
    others = _hidden(state.players, seat)
    pool = [c for s in others for c in state.discards[s]]
    new = _deal_again(other.hands, others, pool, rng)
    for s in others:
        size = len(state.discards[s])
        other.discards[s], new = new[:size], new[size:]
    return other


RULES: tuple[dict[str, Any], ...] = (
    {"template": "transfer"},
    {"template": "reverse", "phrase": "Transfert"},
    {"template": "ficelle", "phrase": "Saucisson"},
    {"template": "say", "cond": {"colour": None, "number": 8, "kind": None}, "phrase": "Vélocyclette"},
    {"template": "say", "cond": {"colour": "R", "number": None, "kind": None}, "phrase": "Tomate"},
    {"template": "greater", "phrase": "Tortue"},
    {"template": "last_phrase", "phrase": "Chien rouge"},
    {"template": "final", "phrase": "Et voilà le travail"},
    {"template": "name", "cond": {"colour": "B", "number": None, "kind": None}},
    {"template": "draw", "cond": {"colour": "G", "number": 1, "kind": None}, "who": "all", "count": 1},
    {"template": "die", "cond": {"colour": "Y", "number": 6, "kind": None}},
    {"template": "free", "text": "Ne pas rire", "message": "Pour avoir ri, voici ta carte."},
)
"""Rules of every kind, to take the place of the rules nobody knows yet."""


def _chat_vert(state: ChatVertState, seat: int | None, rng: random.Random) -> ChatVertState:
    other = copy.deepcopy(state)
    hands = [list(hand) for hand in state.held]
    pinned = {state.drawing: state.drawn_card} if state.drawing is not None and state.drawing != seat else {}
    other.deck = _deal_again(hands, _hidden(state.players, seat), list(state.deck), rng, pinned)
    other.held = [sorted(hand) for hand in hands]
    if pinned:
        assert other.drawn_card in other.held[state.drawing or 0]
    other.rules = _rules_again(state, rng)
    return other


def _rules_again(state: ChatVertState, rng: random.Random) -> list[dict[str, Any]]:
    """The rules in force with those nobody knows yet (not seen at this table, not shown in this game) replaced
    by others, under the same ids, that contradict none of the rules kept."""
    known = [r for r in state.rules if r.get("seen") or r["id"] in state.shown]
    unknown = [r for r in state.rules if r not in known]
    if not unknown:
        return list(state.rules)
    for _ in range(200):
        made = [
            {**raw, "id": r["id"], "author": None, "author_name": "", "seen": False}
            for r, raw in zip(unknown, rng.sample(RULES, len(unknown)), strict=True)
        ]
        try:
            return check_rules(sorted([*known, *made], key=lambda r: int(r["id"])))
        except BadOption:  # a contradiction with a rule kept: draw again
            continue
    raise AssertionError("no other rules found")


REDEAL: dict[str, Callable[[Any, int | None, random.Random], Any]] = {
    "nain_jaune": _nain_jaune,
    "triominos": _triominos,
    "neurotrio": _neurotrio,
    "njet": _njet,
    "chat_vert": _chat_vert,
}
"""Per game, the function that deals a state again for a seat."""


def redeal(kind: str, state: Any, seat: int | None, rng: random.Random) -> Any:
    """A copy of ``state`` that ``seat`` (None: a spectator) cannot tell from it."""
    return REDEAL[kind](state, seat, rng)


SECRET_RULES: tuple[dict[str, Any], ...] = tuple(
    {**raw, "id": i, "author": None, "author_name": "", "seen": seen}
    for i, (raw, seen) in enumerate(zip(RULES[:5], (False, False, False, True, False), strict=True), start=1)
)
"""Le Chat vert's added rules for the games of this check: the ones that change the moves (a transfer, a reverse,
the "ficelle") not seen yet, one phrase already seen at this table."""


def with_secrets(kind: str, variant: int = 0) -> dict[str, Any]:
    """Options for the games of this check: Le Chat vert with added rules (secrets beyond the hands); an odd
    ``variant`` takes the other way of a game's choices that touch what is hidden (Nain Jaune's "qui prend"
    claims, the Triominos start from the highest triple)."""
    if kind == "chat_vert":
        return {"rules": [dict(r) for r in SECRET_RULES]}
    if variant % 2 and kind == "nain_jaune":
        return {"announce": True}
    if variant % 2 and kind == "triominos":
        return {"classic_start": True}
    return {}
