"""The Le Chat vert computer player.

It knows the base rules, and of the added rules only those it has learned: rules already seen at work at this
table (``seen``) and those that showed in this game (a penalty or a move naming them, ``rules_used``). It says the
phrases of the rules it knows, passes penalties on with the rules it knows (transfer, reverse, ficelle), and
ignores the others, like a player who has not guessed them yet.

Play: under a pending +2/+4 it passes the penalty on when it can (a pair of +2 first); otherwise it sheds pairs
first, hits a next player with few cards with action cards, keeps its majors for when nothing else fits but never
lets one be its last card, avoids cards that would make itself draw by a known rule, and names the colour it holds
most. It claims "J'ai la même" with probability ``CLAIM`` (never a card that would make itself draw).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import JSONValue
from bot.games.base import action_rng
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.engine import green_cat_gives
from bot.games.chat_vert.engine import matches
from bot.games.chat_vert.engine import required_speech
from bot.games.chat_vert.engine import rules_used
from bot.games.chat_vert.rules import COLOURS
from bot.games.chat_vert.rules import MAJORS
from bot.games.chat_vert.rules import MAX_RULES
from bot.games.chat_vert.rules import Rule
from bot.games.chat_vert.rules import RuleError
from bot.games.chat_vert.rules import check_new_rule
from bot.games.chat_vert.rules import colour_of
from bot.games.chat_vert.rules import cond_matches
from bot.games.chat_vert.rules import kind_of
from bot.games.chat_vert.rules import validate_rule
from bot.players.hints import Hint

CLAIM = 0.6
"""Chance to claim "J'ai la même" when holding the top card."""
FEW = 2
"""A next player with this many cards or fewer is worth an action card."""
KEEP_MAJOR = 3
"""A drawn major is kept while the hand holds more than this many other cards."""
ATTACK = ("skip", "plus2", "plus4", "reverse")
SELF_DRAW = 4.0
"""How much a card the player would draw by a known rule weighs against playing the card that sets it off."""


def learned(state: ChatVertState) -> list[Rule]:
    """The rules the computer players know: seen at this table before, or shown in this game."""
    shown = set(rules_used(state))
    return [r for r in state.rules if r.get("seen") or r["id"] in shown]


def _rule(rules: Sequence[Rule], template: str) -> Rule | None:
    return next((r for r in rules if r["template"] == template), None)


def self_draw(known: Sequence[Rule], card: str) -> float:
    """Cards the player of ``card`` expects to draw by the known draw rules and dice."""
    out = 0.0
    for rule in known:
        if rule["template"] == "draw" and rule["who"] in ("all", "player") and cond_matches(rule["cond"], card):
            out += int(rule["count"])
        elif rule["template"] == "die" and cond_matches(rule["cond"], card):
            out += 0.5
    return out


def speech(state: ChatVertState, seat: int, card: str, n: int, extra: Sequence[str] = ()) -> str | None:
    """What the seat says when playing ``n`` times ``card`` now, from the rules it knows (None: nothing)."""
    left = len(state.hands[seat]) - n
    phrases = list(extra)
    for req in required_speech(learned(state), card, state.top, left):
        if req.display not in phrases:
            phrases.append(req.display)
    return ". ".join(phrases) if phrases else None


def _with_say(action: Action, said: str | None) -> Action:
    if said is None:
        return action
    return Action.of(action.kind, **dict(action.args), say=said)


def _best_colour(hand: Sequence[str], played: str) -> str:
    rest = list(hand)
    rest.remove(played)
    counts = Counter(colour_of(c) for c in rest if c not in MAJORS)
    return max(COLOURS, key=lambda c: (counts[c], -COLOURS.index(c)))


def _play(state: ChatVertState, seat: int, card: str, n: int, extra: Sequence[str] = ()) -> Action:
    colour = _best_colour(state.hands[seat], card) if card in MAJORS else None
    return _with_say(Action.of("play", card=card, n=n, colour=colour), speech(state, seat, card, n, extra))


def choose(state: ChatVertState, seat: int, rng: random.Random) -> Action:
    """The computer's move for the seat to act."""
    return decide(state, seat, rng).action


def decide(state: ChatVertState, seat: int, rng: random.Random) -> Hint:
    """The computer's move for the seat to act, with the reason for it (``hint.cv.*``)."""
    if state.phase == "direction":
        return Hint.of(Action.of("first", dir=1), "hint.cv.first")
    known = learned(state)
    hand = state.hands[seat]
    if state.drawing == seat and state.drawn is not None:
        drawn = state.drawn
        if drawn in MAJORS and len(hand) - 1 > KEEP_MAJOR:
            return Hint.of(Action.of("keep"), "hint.cv.keep", len(hand) - 1)
        return Hint.of(_play(state, seat, drawn, 1), "hint.cv.drawn")
    counts = Counter(hand)
    if state.pending_kind is not None:
        ficelle = _rule(known, "ficelle")
        if ficelle is not None and state.ficelle == seat:
            return Hint.of(Action.of("say", text=str(ficelle["phrase"])), "hint.cv.ficelle")
        kind = state.pending_kind
        same = sorted(c for c in counts if kind_of(c) == kind)
        pairs = [c for c in same if counts[c] >= 2 and c not in MAJORS]
        if pairs:
            return Hint.of(_play(state, seat, pairs[0], 2), "hint.cv.pass_on")
        if same:
            return Hint.of(_play(state, seat, same[0], 1), "hint.cv.pass_on")
        if _rule(known, "transfer") is not None:
            other = sorted(c for c in counts if kind_of(c) in ("plus2", "plus4"))
            if other:
                return Hint.of(_play(state, seat, other[0], 1), "hint.cv.pass_on")
        reverse = _rule(known, "reverse")
        if reverse is not None:
            backs = sorted(c for c in counts if kind_of(c) == "reverse")
            if backs:
                return Hint.of(_play(state, seat, backs[0], 1, [str(reverse["phrase"])]), "hint.cv.send_back")
        return Hint.of(Action.of("draw"), "hint.cv.take")
    playable = [c for c in counts if matches(c, state.top, state.colour)]
    if not playable:
        return Hint.of(Action.of("draw"), "hint.cv.draw")
    nxt = state.after(seat)
    threatened = len(state.hands[nxt]) <= FEW
    colours = Counter(colour_of(c) for c in hand if c not in MAJORS)
    size = len(hand)

    def score(card: str) -> tuple[float, float]:
        value = 0.0
        major = card in MAJORS
        if major:
            # Majors are the way out when stuck: keep them, unless one would end up last.
            only_majors_after = all(c in MAJORS for c in hand if c != card) and size > 1
            value = 5.0 if size == 2 or only_majors_after else -10.0
            if threatened and kind_of(card) == "plus4":
                value += 8.0
        else:
            if counts[card] >= 2:
                value += 6.0
            if threatened and kind_of(card) in ATTACK:
                value += 8.0
            value += colours[colour_of(card)] * 0.5
            if kind_of(card) in ATTACK:
                value += 1.0
        return value - SELF_DRAW * self_draw(cat_rules, card), rng.random()

    cat_rules = known if green_cat_gives(state) else []  # else the green cat gives nothing now
    best = max(sorted(playable), key=score)
    n = 2 if counts[best] >= 2 and best not in MAJORS else 1
    action = _play(state, seat, best, n)
    if threatened and (kind_of(best) in ATTACK if best not in MAJORS else kind_of(best) == "plus4"):
        return Hint.of(action, "hint.cv.attack", len(state.hands[nxt]))
    if n == 2:
        return Hint.of(action, "hint.cv.pair")
    if best in MAJORS:
        return Hint.of(action, "hint.cv.major")
    return Hint.of(action, "hint.cv.colour", colours[colour_of(best)])


def claim(state: ChatVertState, seat: int, rng: random.Random) -> Action | None:
    """ "J'ai la même" now, with probability ``CLAIM`` when the seat holds the top card."""
    action = GAME.claim_action(state, seat)
    if action is None or rng.random() >= CLAIM or self_draw(learned(state), state.top) > 0:
        return None
    return _with_say(action, speech(state, seat, state.top, 1))


class ChatVertPlayer:
    """The computer player the table service calls: ``act`` for the awaited seat, ``interrupt`` for a claim."""

    def act(self, state: ChatVertState, seat: int, rng: random.Random) -> Action:
        """The seat's move (one of its legal actions)."""
        return choose(state, seat, rng)

    def interrupt(self, state: ChatVertState, seat: int, rng: random.Random) -> Action | None:
        """ "J'ai la même" now, or None."""
        return claim(state, seat, rng)

    def hint(self, state: ChatVertState, seat: int, rng: random.Random) -> Hint:
        """What ``act`` plays for ``seat`` with ``rng``, and why."""
        return decide(state, seat, rng)


PLAYER = ChatVertPlayer()


# ----- new rules -----

PHRASES: tuple[str, ...] = (
    "Tortue",
    "Vélocyclette",
    "Belette, oh my belette.",
    "Saperlipopette",
    "Sacrebleu",
    "Miaou",
    "Croquette",
    "Ronron",
    "Patatras",
    "Cornichon",
    "Ratatouille",
    "Pamplemousse",
    "Abracadabra",
    "Hippopotame",
    "Coquelicot",
    "Turlututu, chapeau pointu",
    "Mille sabords",
    "Chat perché",
    "Moustache",
    "Tagada",
    "Zut alors",
    "Pomme de pin",
    "Le chat dort",
    "Oh la vache",
    "Youpi",
)
LAST_PHRASES: tuple[str, ...] = ("Chien rouge", "Lion rouge", "Souris bleue", "Chat jaune")
FINAL_PHRASES: tuple[str, ...] = (
    "Mon grand-père n'a aucune carte impuissante, Kaiba.",
    "Et voilà le travail",
    "Échec et mat",
)
MADE_TEMPLATES: tuple[str, ...] = ("say", "greater", "name", "last_phrase", "final", "draw", "die")
DRAWING: tuple[str, ...] = ("draw", "die")
MAX_DRAWING = 4
"""A computer makes rules that make players draw only on one coloured number (one card each when all draw), and
at most this many of them at a table: more would keep hands from ever emptying."""


def _cond(rng: random.Random, narrow: bool = False) -> dict[str, JSONValue]:
    """A random condition; ``narrow`` ones name a coloured number (two cards)."""
    shapes = ("colour_number",) if narrow else ("colour", "number", "kind", "colour_number", "colour_kind")
    shape = rng.choice(shapes)
    colour = rng.choice(COLOURS) if "colour" in shape else None
    number = rng.randint(0, 9) if "number" in shape else None
    kinds = ("skip", "reverse", "plus2") if colour is not None else ("skip", "reverse", "plus2", "wild", "plus4")
    kind = rng.choice(kinds) if shape.endswith("kind") else None
    return {"colour": colour, "number": number, "kind": kind}


def _raw(template: str, rng: random.Random) -> dict[str, JSONValue]:
    raw: dict[str, JSONValue] = {"template": template}
    if template in ("say", "greater"):
        raw["phrase"] = rng.choice(PHRASES)
    elif template == "last_phrase":
        raw["phrase"] = rng.choice(LAST_PHRASES)
    elif template == "final":
        raw["phrase"] = rng.choice(FINAL_PHRASES)
    if template in ("say", "name", "draw", "die"):
        raw["cond"] = _cond(rng, narrow=template in DRAWING)
    if template == "draw":
        raw["who"] = rng.choice(("all", "player", "previous", "next"))
        raw["count"] = 1 if raw["who"] == "all" else rng.randint(1, 2)
    return raw


def make_rule(existing: Sequence[Rule], rng: random.Random) -> Rule | None:
    """A valid rule not contradicting ``existing`` (a computer winner's), or None when no more may be added."""
    if len(existing) >= MAX_RULES:
        return None
    number = max((int(r["id"]) for r in existing), default=0) + 1
    templates = MADE_TEMPLATES
    if sum(r["template"] in DRAWING for r in existing) >= MAX_DRAWING:
        templates = tuple(t for t in MADE_TEMPLATES if t not in DRAWING)
    for _ in range(500):
        raw = {**_raw(rng.choice(templates), rng), "id": number, "author": None, "author_name": "", "seen": False}
        try:
            rule = validate_rule(raw)
            check_new_rule(existing, rule)
        except RuleError:
            continue
        return rule
    return None


# ----- measure -----


def random_action(state: ChatVertState, seat: int, rng: random.Random, speak: float = 0.8) -> Action:
    """A random legal move of the seat to act: mostly a play when one is possible, but mostly taking a pending
    +2/+4 (always passing it on makes endless chains once hands are large).

    With probability ``speak`` a play comes with exactly what every rule in force requires, else with nothing.
    """
    legal = [a for a in GAME.legal_actions(state, seat) if a.kind != "same"]
    plays = [a for a in legal if a.kind == "play"]
    if not plays or rng.random() >= (0.3 if state.pending_kind is not None else 0.9):
        return rng.choice([a for a in legal if a.kind != "play"] or legal)
    action = rng.choice(plays)
    if rng.random() >= speak:
        return action
    card, n = action.text("card"), action.number("n")
    phrases = [r.display for r in required_speech(state.rules, card, state.top, len(state.hands[seat]) - n)]
    if state.pending_kind is not None and kind_of(card) == "reverse" and kind_of(card) != state.pending_kind:
        reverse = _rule(state.rules, "reverse")
        if reverse is not None:
            phrases.insert(0, str(reverse["phrase"]))
    return _with_say(action, ". ".join(phrases) if phrases else None)


def play_game(players: int, seed: int, computer: int, rules: Sequence[Rule] = ()) -> ChatVertState:
    """One whole game: ``computer`` plays (and claims) as the computer player, the others at random."""
    state = GAME.setup(players, {"rules": list(rules), "timer": 0}, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    while not GAME.is_over(state) and number < 5000:
        action = PLAYER.interrupt(state, computer, rng)
        if action is not None:
            number += 1
            GAME.apply(state, computer, action, action_rng(seed, number))
            continue
        (seat,) = GAME.to_act(state)
        action = PLAYER.act(state, seat, rng) if seat == computer else random_action(state, seat, rng)
        number += 1
        GAME.apply(state, seat, action, action_rng(seed, number))
    return state


def bench_vs_random(games: int) -> float:
    """The computer seat's share of wins in four-player games against three random seats (its seat rotates)."""
    wins = 0
    for game in range(games):
        state = play_game(4, game, game % 4)
        wins += state.winner == game % 4
    return wins / games if games else 0.0
