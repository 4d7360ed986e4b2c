"""Le Chat vert properties: whole random games, 2 to 10 players, random added rules, random moves and speech.

At every move: the 112 cards are all somewhere, the number of penalty cards is what an oracle written here expects
from what the move said (the policy builds each text from the phrases it knows are due, so the oracle knows what
is missing and what is extra), and no view shows a rule's text. Computer players, who learn the rules as they
show, only make legal moves and finish their games. (Determinism, replay, refusals and secrets are the
conformance suite's, for every game.)
"""

from __future__ import annotations

import copy
import json
import random
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import SeatView
from bot.games.base import action_rng
from bot.games.chat_vert.engine import DECK
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.rules import COLOURS
from bot.games.chat_vert.rules import KINDS
from bot.games.chat_vert.rules import TEMPLATES
from bot.games.chat_vert.rules import RuleError
from bot.games.chat_vert.rules import card_name
from bot.games.chat_vert.rules import card_name_alts
from bot.games.chat_vert.rules import check_new_rule
from bot.games.chat_vert.rules import check_rules
from bot.games.chat_vert.rules import validate_rule
from bot.games.chat_vert.views import ChatVertSeatView
from bot.games.chat_vert.views import ChatVertTableView
from bot.players.chat_vert import PLAYER

GAMES = settings(max_examples=150, deadline=None)
CHECKED = settings(max_examples=40, deadline=None)
COMPUTERS = settings(max_examples=40, deadline=None)
MAX_MOVES = 6000
"""No game may last longer (the longest of 20000 random games took about 2600 moves)."""

players_st = st.integers(min_value=2, max_value=10)
seed_st = st.integers(min_value=0, max_value=2**32 - 1)

POOL = (
    "Tortue",
    "Belette, oh my belette.",
    "Vélocyclette",
    "Saperlipopette",
    "Cornichon",
    "Hippopotame",
    "Pamplemousse",
    "Abracadabra",
    "Coquelicot",
    "Ratatouille",
    "Moustache",
    "Saucisson",
    "Transfert",
    "Chien rouge",
    "Lion bleu",
)
"""Rule phrases: none is part of another, of a card's name or of "Chat vert"."""
NONSENSE = ("Banane", "Patate douce", "Quoi ?")
DRAWS = ("draw", "die")
CHAT_VERT = "Chat vert"
SAME = "J'ai la même"


def norm(text: str) -> str:
    """The comparison form, written again here: accents off, lower case, letters and digits only."""
    text = text.replace("œ", "oe").replace("Œ", "oe")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()
    return "".join(c for c in text if c.isascii() and c.isalnum())


# ----- random rules -----


def random_rule(rule_id: int, rng: random.Random) -> dict[str, Any]:
    template = rng.choice(TEMPLATES)
    raw: dict[str, Any] = {"id": rule_id, "template": template, "author": rng.choice([None, 7]), "seen": False}
    colour = rng.choice([None, None, *COLOURS])
    number = rng.choice([None, None, *range(10)])
    if template in DRAWS:
        # Draw rules on a number only (eight cards at most): broader ones make random games endless.
        number = rng.randrange(10)
    kind = None if number is not None else rng.choice([None, *KINDS])
    if colour is None and number is None and kind is None:
        number = rng.randrange(10)
    if colour is not None and kind in ("wild", "plus4"):
        kind = None
    raw["cond"] = {"colour": colour, "number": number, "kind": kind}
    raw["phrase"] = rng.choice(POOL)
    raw["who"] = rng.choice(["all", "player", "previous", "next"])
    raw["count"] = rng.choice([1, 1, 2])
    raw["text"] = "Se gratter le nez " + str(rule_id)
    raw["message"] = "Nez " + str(rule_id)
    return validate_rule(raw)


def random_rules(rng: random.Random) -> list[dict[str, Any]]:
    rules: list[dict[str, Any]] = []
    for _ in range(rng.choice([0, rng.randint(1, 6), rng.randint(0, 30)])):
        rule = random_rule(len(rules) + 1, rng)
        if rule["template"] in DRAWS and sum(r["template"] in DRAWS for r in rules) >= 3:
            continue  # more draw rules would make random games endless
        try:
            check_new_rule(rules, rule)
        except RuleError:
            continue
        rules.append(rule)
    assert check_rules(rules) == rules
    return rules


# ----- the oracle -----


@dataclass
class Due:
    """A phrase due: ``forms`` are the accepted texts, the first is what the policy says."""

    forms: list[str]

    @property
    def key(self) -> str:
        return norm(self.forms[0])


def due(rules: Sequence[dict[str, Any]], card: str, top: str, left: int) -> list[Due]:
    """What the rules require of a play of ``card`` on ``top`` leaving ``left`` cards, once per phrase."""
    by = {r["template"]: r for r in rules}
    out: list[Due] = []
    if left == 1:
        out.append(Due([by["last_phrase"]["phrase"] if "last_phrase" in by else CHAT_VERT]))
    if left == 0 and "final" in by:
        out.append(Due([by["final"]["phrase"]]))
    for r in rules:
        if r["template"] == "say" and fits(r["cond"], card):
            out.append(Due([r["phrase"]]))
    for r in rules:
        if r["template"] == "name" and fits(r["cond"], card):
            out.append(Due([card_name(card), *card_name_alts(card)]))
    numbers = [c[1] if c not in ("W", "F") and c[1].isdigit() else None for c in (card, top)]
    if "greater" in by and numbers[0] is not None and numbers[1] is not None and numbers[0] > numbers[1]:
        out.append(Due([by["greater"]["phrase"]]))
    unique: dict[str, Due] = {}
    for d in out:
        unique.setdefault(d.key, d)
    return list(unique.values())


def fits(cond: dict[str, Any], card: str) -> bool:
    major = card in ("W", "F")
    kind = {"W": "wild", "F": "plus4"}.get(card) or {"S": "skip", "R": "reverse", "D": "plus2"}.get(card[1], "number")
    if cond["colour"] is not None and (major or card[0] != cond["colour"]):
        return False
    if cond["number"] is not None and (kind != "number" or int(card[1]) != cond["number"]):
        return False
    return cond["kind"] is None or cond["kind"] == kind


@dataclass
class Speech:
    """A text the policy made up, with the penalties it must earn."""

    text: str | None
    penalties: int


def speak(
    dues: list[Due], rng: random.Random, extras: Sequence[str], claim: bool = False, care: bool = False
) -> Speech:
    """Say each due phrase with probability 0.93 (always with ``care``) in some accepted form, maybe one more thing."""
    parts: list[str] = []
    missing = 0
    for d in dues:
        if care or rng.random() < 0.93:
            parts.append(rng.choice(d.forms))
        else:
            missing += 1
    extra = None
    if not care and rng.random() < 0.06:
        keys = {d.key for d in dues}
        options = [e for e in extras if norm(e) not in keys and not (claim and norm(e) == "jailameme")]
        extra = rng.choice(options)
        parts.append(extra)
    if claim and rng.random() < 0.5:
        parts.append(SAME)
    rng.shuffle(parts)
    text = rng.choice([", ", ". ", " ", " ! "]).join(parts) or None
    # One card per missing phrase ("instead" replaces the first one), one for an extra when nothing is missing.
    return Speech(text, missing + (1 if extra is not None and missing == 0 else 0))


# ----- the random game -----


@dataclass
class Move:
    seat: int
    action: Action
    expected: int | None
    """Penalty cards the oracle expects, None when the move may be refused."""


def extras_of(rules: Sequence[dict[str, Any]]) -> list[str]:
    return [*dict.fromkeys(r["phrase"] for r in rules if "phrase" in r), CHAT_VERT, SAME, *NONSENSE]


def pick_move(state: ChatVertState, rng: random.Random) -> Move:
    n = state.players
    rules = state.rules
    extras = extras_of(rules)
    by = {r["template"]: r for r in rules}
    top = state.top
    roll = rng.random()
    if roll < 0.03:
        holders = [s for s in range(n) if top in state.hands[s]]
        seat = rng.choice(holders) if holders and rng.random() < 0.8 else rng.randrange(n)
        held = top in state.hands[seat]
        stale = rng.random() < 0.2
        at = state.plays - 1 if stale else state.plays
        if held and not stale:
            talk = speak(due(rules, top, top, len(state.hands[seat]) - 1), rng, extras, claim=True)
            action = Action.of("same", card=top, at=at, **({"say": talk.text} if talk.text else {}))
            return Move(seat, action, None if _claim_may_fail(state) else talk.penalties)
        action = Action.of("same", card=top, at=at)
        return Move(seat, action, None if stale or _claim_may_fail(state) else 1)
    if roll < 0.04:
        seat = rng.randrange(n)
        ficelle = by.get("ficelle")
        holder = ficelle is not None and state.ficelle == seat and state.pending_target == seat
        text = rng.choice([*extras, *(ficelle["phrase"] for _ in range(5) if holder and ficelle)])
        if norm(text) == "jailameme":
            return Move(seat, Action.of("say", text=text), None)
        passed = holder and ficelle is not None and norm(text) == norm(ficelle["phrase"])
        return Move(seat, Action.of("say", text=text), 0 if passed else 1)
    if roll < 0.043:
        (seat,) = GAME.to_act(state)
        return Move(-1, Action.of("timeout", seat=seat), 1)
    if roll < 0.046 and "free" in by:
        return Move(-1, Action.of("judge", rule=by["free"]["id"], target=rng.randrange(n)), 1)
    (seat,) = GAME.to_act(state)
    legal = [a for a in GAME.legal_actions(state, seat) if a.kind != "same"]
    plays = [a for a in legal if a.kind == "play"]
    # Play, cards that make nobody draw when possible; under a pending +2/+4 mostly take it: with draw rules or
    # long chains the hands would grow without end.
    if plays and (state.pending_kind is None or rng.random() < 0.2):
        calm = [a for a in plays if not makes_draw(rules, str(a["card"]))]
        if calm or rng.random() < 0.7:
            return play_move(state, seat, rng.choice(calm or plays), rng, extras)
    action = rng.choice([a for a in legal if a.kind != "play"])
    if rng.random() < 0.02:
        return Move(seat, Action.of(action.kind, **dict(action.args), say=rng.choice(extras)), 1)
    return Move(seat, action, 0)


def makes_draw(rules: Sequence[dict[str, Any]], card: str) -> bool:
    """A card that makes its player draw by a rule (a die, a draw rule for all or for the player)."""
    return any(fits(r["cond"], card) for r in rules if r["template"] == "die" or r.get("who") in ("all", "player"))


def _claim_may_fail(state: ChatVertState) -> bool:
    """A claim may be refused now (the engine says why; the test then checks that nothing changed)."""
    return state.phase != "play" or state.first or state.top in ("W", "F") or state.pending_kind is not None


def play_move(state: ChatVertState, seat: int, action: Action, rng: random.Random, extras: Sequence[str]) -> Move:
    card, n = action.text("card"), action.number("n")
    by = {r["template"]: r for r in state.rules}
    left = len(state.hands[seat]) - n
    dues = due(state.rules, card, state.top, left)
    reverse = by.get("reverse")
    kind_reverse = card not in ("W", "F") and card[1] == "R"
    if state.pending_kind is not None and kind_reverse and reverse is not None:
        key = norm(reverse["phrase"])
        dues = [d for d in dues if d.key != key]
        others = [e for e in extras if norm(e) != key]
        if rng.random() < 0.25:
            # Without the phrase the reverse stays in hand: one card, whatever else was said.
            talk = speak(dues, rng, others)
            return Move(seat, _with(action, talk.text), 1)
        talk = speak(dues, rng, others)
        text = reverse["phrase"] if talk.text is None else f"{reverse['phrase']}. {talk.text}"
        return Move(seat, _with(action, text), talk.penalties + (card in ("W", "F") and left == 0))
    talk = speak(dues, rng, extras, care=left <= 2)
    return Move(seat, _with(action, talk.text), talk.penalties + (card in ("W", "F") and left == 0))


def _with(action: Action, text: str | None) -> Action:
    return action if text is None else Action.of(action.kind, **dict(action.args), say=text)


@dataclass
class Game:
    state: ChatVertState
    seed: int
    moves: list[tuple[int, Action]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def run_game(players: int, seed: int, *, check_views: bool = False) -> Game:
    rng = random.Random(seed)
    rules = random_rules(rng)
    options = {"rules": rules, "timer": rng.choice([0, 60])}
    state = GAME.setup(players, options, action_rng(seed, 0))
    game = Game(state, seed, events=GAME.start_events(state))
    phrases = [p for r in rules for p in (r.get("phrase"), r.get("text"), r.get("message")) if p]
    if state.phase == "direction":
        (dealer,) = GAME.to_act(state)
        dirs = GAME.legal_actions(state, dealer)
        apply(game, Move(dealer, rng.choice(dirs), 0))
    while not state.over:
        assert len(game.moves) < MAX_MOVES, "the game did not end"
        apply(game, pick_move(state, rng))
        check_cards(state)
        if check_views:
            check_view(state, phrases)
    assert game.events[-1].kind == "win" and state.winner is not None and state.winner == game.events[-1].seat
    assert not state.hands[state.winner]
    return game


def apply(game: Game, move: Move) -> None:
    state = game.state
    before = copy.deepcopy(state) if move.expected is None else None
    number = len(game.moves) + 1
    try:
        events = GAME.apply(state, move.seat, move.action, action_rng(game.seed, number))
    except GameError:
        assert move.expected is None, (move, "refused")
        assert state == before
        return
    game.moves.append((move.seat, move.action))
    game.events += events
    given = sum(1 for e in events if e.kind == "penalty")
    if move.expected is not None:
        assert given == move.expected, (move, [dict(e.data) for e in events if e.kind == "penalty"])
    for e in events:
        json.dumps(e.to_json())
        assert e.private_to is None or (e.kind == "drew" and e.private_to == frozenset({e.seat}))


def check_cards(state: ChatVertState) -> None:
    held = Counter(c for h in state.hands for c in h)
    assert held + Counter(state.pile) + Counter(state.stock) == Counter(DECK)
    assert all(h == sorted(h, key=lambda c: ("YRBGWF".index(c[0]), "0123456789SRD".find(c[-1]))) for h in state.hands)


def check_view(state: ChatVertState, phrases: Sequence[str]) -> None:
    """No rule text in any view's table or hand (the last penalties and the events quote what was said or
    missing, as the seed's sentences do in the channel), and the counts add up to the deck."""
    public = GAME.public_view(state)
    views: list[ChatVertTableView | ChatVertSeatView] = [public]
    views += [GAME.view(state, s) for s in range(state.players)]
    for view in views:
        own = view.own if isinstance(view, SeatView) else None
        text = repr((replace(view.table, penalties=()), own))
        assert not any(p in text for p in phrases)
    table = public.table
    assert table.counts == tuple(len(h) for h in state.hands) == public.scores
    assert table.stock + table.pile + sum(table.counts) == 112
    for seat in range(state.players):
        own = GAME.view(state, seat).own
        assert set(own.playable) <= set(own.hand)
        assert all(GAME.accepts(state, seat, a) for a in GAME.legal_actions(state, seat))


# ----- the properties -----


@GAMES
@given(players_st, seed_st)
def test_random_games_end_with_the_right_penalties(players: int, seed: int) -> None:
    game = run_game(players, seed)
    results = GAME.results(game.state)
    assert results[0].seat == game.state.winner and results[0].score == 0
    assert sorted(r.seat for r in results) == list(range(players))


@CHECKED
@given(players_st, seed_st)
def test_views_at_every_move(players: int, seed: int) -> None:
    run_game(players, seed, check_views=True)


@COMPUTERS
@given(players_st, seed_st, st.booleans())
def test_computer_players_make_legal_moves_and_finish(players: int, seed: int, seen: bool) -> None:
    rng = random.Random(seed)
    rules = [{**r, "seen": seen} for r in random_rules(rng)]
    state = GAME.setup(players, {"rules": rules}, action_rng(seed, 0))
    number = 0
    while not state.over:
        number += 1
        assert number < MAX_MOVES
        claims = [(s, PLAYER.interrupt(state, s, rng)) for s in range(players)]
        seat, action = next(((s, a) for s, a in claims if a is not None), (-1, None))
        if action is None:
            (seat,) = GAME.to_act(state)
            action = PLAYER.act(state, seat, rng)
        assert GAME.accepts(state, seat, action), action
        GAME.apply(state, seat, action, action_rng(seed, number))
        check_cards(state)
