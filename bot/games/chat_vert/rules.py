"""Le Chat vert's added rules: the data model, its limits, the contradiction check and the speech check.

Pure data and text (no discord): the engine (``bot.games.chat_vert.engine``) and the table service both use it.

Cards are codes: colour letter (``Y`` jaune, ``R`` rouge, ``B`` bleu, ``G`` vert) + symbol (``0``-``9``, ``S`` skip,
``R`` reverse, ``D`` +2), or a major with no colour: ``W`` wild, ``F`` +4.

A rule is a JSON dict ``{"id", "template", ...params, "author", "author_name", "seen"}``; the templates and their
parameters are listed in ``TEMPLATE_PARAMS``. A condition ``cond`` is ``{"colour", "number", "kind"}`` (each may be
None, at least one is set). Refusals are ``RuleError`` codes: ``too_many_rules``, ``phrase_length``,
``phrase_empty``, ``phrase_reserved``, ``draw_count``, ``bad_who``, ``bad_condition``, ``impossible_condition``,
``free_text_length``, ``unknown_template``, ``contradiction``, ``duplicate``, and ``bad_rule`` (id, author, name or
seen of the wrong type, or a rule that is not a dict).

Speech: what a player says is compared with the required phrases once normalised (case, accents, spaces and
punctuation ignored): ``check_speech`` returns the penalties (one card each) in the seed's categories.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from functools import lru_cache
from typing import Any

from bot.games.base import BadOption
from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.games.chat_vert.checked import CheckedRules
from bot.games.chat_vert.checked import FrozenRule

Rule = dict[str, Any]

MAX_RULES = 20
PHRASE_MAX = 80
DRAW_MAX = 2
FREE_TEXT_MAX = 200
FREE_MESSAGE_MAX = 150
SAY_MAX = 200
"""The longest text a player may attach to an action or say on its own."""

COLOURS: tuple[str, ...] = ("Y", "R", "B", "G")
SYMBOLS: tuple[str, ...] = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "D")
MAJORS: tuple[str, ...] = ("W", "F")
KINDS: tuple[str, ...] = ("number", "skip", "reverse", "plus2", "wild", "plus4")
CODES: tuple[str, ...] = tuple(c + s for c in COLOURS for s in SYMBOLS) + MAJORS
"""Every distinct card, in hand order."""
WHO: tuple[str, ...] = ("all", "player", "previous", "next")

TEMPLATES: tuple[str, ...] = (
    "say",
    "greater",
    "name",
    "last_phrase",
    "final",
    "draw",
    "transfer",
    "reverse",
    "die",
    "ficelle",
    "free",
)
TEMPLATE_PARAMS: Mapping[str, tuple[str, ...]] = {
    "say": ("cond", "phrase"),
    "greater": ("phrase",),
    "name": ("cond",),
    "last_phrase": ("phrase",),
    "final": ("phrase",),
    "draw": ("cond", "who", "count"),
    "transfer": (),
    "reverse": ("phrase",),
    "die": ("cond",),
    "ficelle": ("phrase",),
    "free": ("text", "message"),
}
SINGLE: frozenset[str] = frozenset({"greater", "last_phrase", "final", "transfer", "reverse", "ficelle"})
"""Templates of which a table holds at most one rule."""
SAY_FAMILY: frozenset[str] = frozenset({"say", "name"})
"""Templates that make a card's player say something: one per condition."""

CHAT_VERT = "Chat vert"
SAME = "J'ai la même"
SAME_NORM = "jailameme"
_SEP = "|"

_KIND_OF_SYMBOL: Mapping[str, str] = {"S": "skip", "R": "reverse", "D": "plus2"}
_ORDER: Mapping[str, int] = {code: i for i, code in enumerate(CODES)}
_KINDS: Mapping[str, str] = {
    code: {"W": "wild", "F": "plus4"}.get(code) or _KIND_OF_SYMBOL.get(code[1], "number") for code in CODES
}
_NUMBERS: Mapping[str, int | None] = {code: int(code[1]) if code[1:].isdigit() else None for code in CODES}


class RuleError(GameError):
    """A rule refused by the limits or by the rules already in force."""

    code = "bad_rule"


# ----- cards -----


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in _ORDER


def kind_of(code: str) -> str:
    """number, skip, reverse, plus2, wild or plus4."""
    return _KINDS[code]


def colour_of(code: str) -> str | None:
    """The colour letter, None for a major."""
    return None if code in MAJORS else code[0]


def number_of(code: str) -> int | None:
    """The number of a number card, else None."""
    return _NUMBERS[code]


def card_key(code: str) -> int:
    """Hand order: colours Y, R, B, G then W, F; symbols 0-9, S, R, D."""
    return _ORDER[code]


def sort_hand(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=_ORDER.__getitem__)


# ----- text -----

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae"})
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")
_SEGMENTS = re.compile(r"[,;.!?/\n\r]+")


@lru_cache(maxsize=8192)
def normalise(text: str) -> str:
    """Case, accents, spaces and punctuation ignored: only ``[a-z0-9]`` stays (memoised: phrases recur)."""
    text = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return _NOT_ALNUM.sub("", text)


_COLOUR_FR: Mapping[str, str] = {"Y": "Jaune", "R": "Rouge", "B": "Bleu", "G": "Vert"}
_COLOUR_EN: Mapping[str, str] = {"Y": "yellow", "R": "red", "B": "blue", "G": "green"}
_SYMBOL_FR: Mapping[str, str] = {"S": "Passer son tour", "R": "Changement de sens", "D": "+2"}
_MAJOR_FR: Mapping[str, str] = {"W": "Changement de couleur", "F": "+4"}
_NUMBERS_FR: tuple[tuple[str, ...], ...] = (
    ("zéro",),
    ("un", "une"),
    ("deux",),
    ("trois",),
    ("quatre",),
    ("cinq",),
    ("six",),
    ("sept",),
    ("huit",),
    ("neuf",),
)
_NUMBERS_EN: tuple[str, ...] = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_SYMBOL_FORMS: Mapping[str, tuple[str, ...]] = {
    "S": ("passer son tour", "passe son tour", "passe ton tour", "skip"),
    "R": ("changement de sens", "inversion", "reverse"),
    "D": ("+2", "plus deux", "plus 2", "plus two", "draw two"),
}
_MAJOR_FORMS: Mapping[str, tuple[str, ...]] = {
    "W": ("changement de couleur", "joker", "wild"),
    "F": ("+4", "plus quatre", "plus 4", "plus four", "draw four", "wild draw four"),
}


def card_name(code: str) -> str:
    """The French display name: "7 Rouge", "Changement de sens Rouge", "+2 Vert", "Changement de couleur", "+4"."""
    if code in MAJORS:
        return _MAJOR_FR[code]
    symbol = code[1] if code[1].isdigit() else _SYMBOL_FR[code[1]]
    return f"{symbol} {_COLOUR_FR[code[0]]}"


@cache
def _alts(code: str) -> tuple[str, ...]:
    if code in MAJORS:
        symbols: tuple[str, ...] = _MAJOR_FORMS[code]
        return tuple(dict.fromkeys((card_name(code), *symbols)))
    if code[1].isdigit():
        n = int(code[1])
        symbols = (code[1], *_NUMBERS_FR[n], _NUMBERS_EN[n])
    else:
        symbols = _SYMBOL_FORMS[code[1]]
    colours = (_COLOUR_FR[code[0]].lower(), _COLOUR_EN[code[0]])
    forms = [card_name(code)]
    for symbol in symbols:
        for colour in colours:
            forms += [f"{symbol} {colour}", f"{colour} {symbol}"]
    return tuple(dict.fromkeys(forms))


def card_name_alts(code: str) -> list[str]:
    """Accepted spoken forms of a card's name, French or English, digit or word, either order."""
    return list(_alts(code))


@cache
def _all_name_forms() -> frozenset[str]:
    return frozenset(normalise(form) for code in CODES for form in _alts(code))


# ----- rules -----


def _phrase(value: object) -> str:
    if not isinstance(value, str):
        raise RuleError("phrase_empty")
    text = value.strip()
    if not 1 <= len(text) <= PHRASE_MAX:
        raise RuleError("phrase_length", max=PHRASE_MAX)
    norm = normalise(text)
    if not norm:
        raise RuleError("phrase_empty")
    if norm == SAME_NORM:
        raise RuleError("phrase_reserved", phrase=SAME)
    return text


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cond(value: object) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise RuleError("bad_condition")
    colour, number, kind = value.get("colour"), value.get("number"), value.get("kind")
    if colour is not None and colour not in COLOURS:
        raise RuleError("bad_condition")
    if number is not None and not (isinstance(number, int) and not isinstance(number, bool) and 0 <= number <= 9):
        raise RuleError("bad_condition")
    if kind is not None and kind not in KINDS:
        raise RuleError("bad_condition")
    if colour is None and number is None and kind is None:
        raise RuleError("bad_condition")
    if number is not None and kind not in (None, "number"):
        raise RuleError("impossible_condition")
    if colour is not None and kind in ("wild", "plus4"):
        raise RuleError("impossible_condition")
    return {"colour": colour, "number": number, "kind": kind}


def _free_text(value: object, limit: int) -> str:
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= limit:
        raise RuleError("free_text_length", max=limit)
    return value.strip()


def validate_rule(raw: Mapping[str, object]) -> Rule:
    """Shape and limits of one rule; a clean dict with exactly its template's keys plus id/author/author_name/seen.

    ``author`` (None by default), ``author_name`` ("" by default) and ``seen`` (False by default) may be missing;
    ``id`` must be an integer >= 1.
    """
    if not isinstance(raw, Mapping):
        raise RuleError("bad_rule")
    template = raw.get("template")
    if template not in TEMPLATE_PARAMS:
        raise RuleError("unknown_template", template=str(template))
    rule_id, author = raw.get("id"), raw.get("author")
    author_name, seen = raw.get("author_name", ""), raw.get("seen", False)
    if not (isinstance(rule_id, int) and not isinstance(rule_id, bool) and rule_id >= 1):
        raise RuleError("bad_rule")
    if not (author is None or _int(author)):
        raise RuleError("bad_rule")
    if not isinstance(author_name, str) or not isinstance(seen, bool):
        raise RuleError("bad_rule")
    out: Rule = {"id": rule_id, "template": template}
    for key in TEMPLATE_PARAMS[str(template)]:
        value = raw.get(key)
        if key == "cond":
            out[key] = _cond(value)
        elif key == "phrase":
            out[key] = _phrase(value)
        elif key == "who":
            if value not in WHO:
                raise RuleError("bad_who")
            out[key] = value
        elif key == "count":
            if not (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= DRAW_MAX):
                raise RuleError("draw_count", max=DRAW_MAX)
            out[key] = value
        elif key == "text":
            out[key] = _free_text(value, FREE_TEXT_MAX)
        else:
            out[key] = _free_text(value, FREE_MESSAGE_MAX)
    out.update(author=author, author_name=author_name, seen=seen)
    return out


def _cond_key(cond: Mapping[str, Any]) -> tuple[Any, ...]:
    """A condition's meaning: a number implies the kind "number"."""
    kind = "number" if cond.get("number") is not None else cond.get("kind")
    return cond.get("colour"), cond.get("number"), kind


def _same_trigger(a: Rule, b: Rule) -> bool:
    ta, tb = a["template"], b["template"]
    if ta in SAY_FAMILY and tb in SAY_FAMILY:
        return _cond_key(a["cond"]) == _cond_key(b["cond"])
    if ta != tb:
        return False
    if ta in SINGLE:
        return True
    if ta == "draw":
        return _cond_key(a["cond"]) == _cond_key(b["cond"]) and a["who"] == b["who"]
    if ta == "die":
        return _cond_key(a["cond"]) == _cond_key(b["cond"])
    if ta == "free":
        return normalise(a["text"]) == normalise(b["text"])
    return False


def _same_effect(a: Rule, b: Rule) -> bool:
    if a["template"] != b["template"]:
        return False
    params = TEMPLATE_PARAMS[a["template"]]
    for key in params:
        if key in ("phrase", "text", "message"):
            if normalise(a[key]) != normalise(b[key]):
                return False
        elif key == "cond":
            if _cond_key(a[key]) != _cond_key(b[key]):
                return False
        elif a[key] != b[key]:
            return False
    return True


def check_new_rule(existing: Sequence[Rule], rule: Rule) -> None:
    """Refuse a (validated) rule that would make more than ``MAX_RULES`` or contradict or repeat one in force."""
    if len(existing) >= MAX_RULES:
        raise RuleError("too_many_rules", max=MAX_RULES)
    for other in existing:
        if _same_trigger(other, rule):
            if _same_effect(other, rule) or rule["template"] == "free":
                raise RuleError("duplicate", rule=other["id"])
            raise RuleError("contradiction", rule=other["id"])


_CHECKED_RULES: dict[str, tuple[list[Rule], str]] = {}
"""Lists of rules already checked, by their text (every game of a table checks the same rules again): the rules
and their content as ``rule_index`` knows it."""


def check_rules(value: object) -> list[Rule]:
    """The ``rules`` table option: a list of valid rules, with distinct ids, not contradicting each other (a
    ``CheckedRules`` is taken as it is: it cannot have changed since it was checked)."""
    if value is None:
        return []
    if type(value) is CheckedRules:
        return value
    if not isinstance(value, list | tuple):
        raise BadOption("bad_option_type", option="rules")
    key = repr(value)  # JSON values: equal texts are equal values
    found = _CHECKED_RULES.get(key)
    if found is None:
        checked = _check_rules(value)
        if len(_CHECKED_RULES) >= 256:
            _CHECKED_RULES.clear()
        found = _CHECKED_RULES[key] = (checked, repr(checked))
    out = CheckedRules(FrozenRule(r, cond=FrozenRule(r["cond"])) if "cond" in r else FrozenRule(r) for r in found[0])
    _remember(out, found[1])
    return out


def _check_rules(value: list[object] | tuple[object, ...]) -> list[Rule]:
    out: list[Rule] = []
    try:
        for raw in value:
            if not isinstance(raw, Mapping):
                raise RuleError("bad_rule")
            rule = validate_rule(raw)
            if any(r["id"] == rule["id"] for r in out):
                raise RuleError("bad_rule")
            check_new_rule(out, rule)
            out.append(rule)
    except RuleError as err:
        raise BadOption("bad_option_rules", option="rules", error=err.code) from None
    return out


def cond_matches(cond: Mapping[str, Any], card: str) -> bool:
    """Does ``card`` meet every part of the condition that is set?"""
    colour, number, kind = cond.get("colour"), cond.get("number"), cond.get("kind")
    if colour is not None and colour_of(card) != colour:
        return False
    if number is not None and number_of(card) != number:
        return False
    return kind is None or kind_of(card) == kind


def rule_phrases(rules: Iterable[Rule]) -> list[str]:
    """Every phrase and free text of the rules (what no view may show)."""
    out: list[str] = []
    for rule in rules:
        out += [str(rule[k]) for k in ("phrase", "text", "message") if k in rule]
    return out


# ----- speech -----


@dataclass(frozen=True)
class Requirement:
    """Something a player must say: ``display`` is shown in a penalty, any of ``alts`` satisfies it."""

    display: str
    alts: tuple[str, ...]
    card: str | None = None
    rule: int | None = None

    @classmethod
    def phrase(cls, text: str, rule: int | None = None) -> Requirement:
        return cls(text, (text,), None, rule)

    @classmethod
    def name(cls, code: str, rule: int | None = None) -> Requirement:
        return cls(card_name(code), tuple(card_name_alts(code)), code, rule)

    @property
    def key(self) -> str:
        return normalise(self.display)


def known_phrases(rules: Iterable[Rule]) -> frozenset[str]:
    """The normalised phrases that make an unasked text "unneeded" rather than "nonsense"."""
    rules = list(rules)
    out = {normalise(CHAT_VERT), SAME_NORM}
    out.update(normalise(r["phrase"]) for r in rules if "phrase" in r)
    if any(r["template"] == "name" for r in rules):
        out |= _all_name_forms()
    return frozenset(out)


def penalty(reason: str, **data: JSONValue) -> dict[str, JSONValue]:
    """A penalty's data, every key present."""
    out: dict[str, JSONValue] = {
        "reason": reason,
        "said": None,
        "expected": None,
        "expected_card": None,
        "message": None,
        "rule": None,
    }
    out.update(data)
    return out


def _extra_display(said: str, satisfied: set[str]) -> str:
    parts = [p.strip() for p in _SEGMENTS.split(said)]
    keep = [p for p in parts if normalise(p) and normalise(p) not in satisfied]
    return ", ".join(keep) if keep else said.strip()


MATCH_BUDGET = 2000
"""How many partial assignments ``_match`` may try before it settles for the first occurrences."""


def _match(text: str, forms: list[list[str]], budget: list[int] | None = None) -> tuple[list[str | None], str]:
    """Which form of each requirement the text holds, each taken out of it (replaced by a separator).

    Overlapping phrases ("Lion bleu" and "neuf bleu" in "lionbleuneufbleu") could be cut wrongly by a greedy
    search, so every occurrence is tried: the most requirements met first, then the least text left over. A
    budget bounds the search (a text repeating short phrases has very many ways to be cut); past it, each
    requirement takes its first form found.
    """
    if budget is None:
        budget = [MATCH_BUDGET]
    if not forms:
        return [], text
    budget[0] -= 1
    if budget[0] < 0:
        alt = next((a for a in forms[0] if a in text), None)
        if alt is not None:
            text = text.replace(alt, _SEP, 1)
        found, rest = _match(text, forms[1:], budget)
        return [alt, *found], rest
    best: tuple[int, int, list[str | None], str] | None = None
    for alt in forms[0]:
        start = text.find(alt)
        while start >= 0:
            found, rest = _match(text[:start] + _SEP + text[start + len(alt) :], forms[1:], budget)
            met = 1 + sum(f is not None for f in found)
            score = (met, -len(rest.replace(_SEP, "")))
            if best is None or score > best[:2]:
                best = (*score, [alt, *found], rest)
                if met == len(forms) and not best[3].replace(_SEP, ""):
                    return best[2], best[3]
            start = text.find(alt, start + 1)
    found, rest = _match(text, forms[1:], budget)
    met = sum(f is not None for f in found)
    if best is None or (met, -len(rest.replace(_SEP, ""))) > best[:2]:
        return [None, *found], rest
    return best[2], best[3]


def check_speech(
    said: str | None,
    required: Sequence[Requirement | str],
    known: Iterable[str],
    claim: bool = False,
) -> list[dict[str, JSONValue]]:
    """The penalties for saying ``said`` when ``required`` was due (in order); ``known`` are the known phrases.

    ``known`` may be raw texts; a frozenset is taken as already normalised (as ``known_phrases`` gives it).

    Each required phrase found in the text is consumed; the first missing one with leftover text gives "instead",
    the other missing ones "missing"; leftover text not used so is "unneeded" (a known phrase) or "nonsense".
    """
    text = said or ""
    rest = normalise(text)
    satisfied: set[str] = set()
    if claim and SAME_NORM in rest:
        rest = rest.replace(SAME_NORM, _SEP, 1)
        satisfied.add(SAME_NORM)
    reqs = [Requirement.phrase(r) if isinstance(r, str) else r for r in required]
    unique: list[Requirement] = []
    for req in reqs:
        if all(req.key != u.key for u in unique):
            unique.append(req)
    forms = [sorted({normalise(a) for a in req.alts} - {""}, key=lambda a: (-len(a), a)) for req in unique]
    found, rest = _match(rest, forms)
    missing = [req for req, alt in zip(unique, found, strict=True) if alt is None]
    satisfied.update(alt for alt in found if alt is not None)
    extra = rest.replace(_SEP, "")
    out: list[dict[str, JSONValue]] = []
    for i, req in enumerate(missing):
        data: dict[str, JSONValue] = {"expected": req.display, "expected_card": req.card, "rule": req.rule}
        if i == 0 and extra:
            out.append(penalty("instead", said=_extra_display(text, satisfied), **data))
            extra = ""
        else:
            out.append(penalty("missing", **data))
    if extra:
        norms = known if isinstance(known, frozenset) else frozenset(normalise(k) for k in known)
        reason = "unneeded" if extra in norms else "nonsense"
        out.append(penalty(reason, said=_extra_display(text, satisfied)))
    return out


def check_text(text: JSONValue) -> str | None:
    """A said text's refusal code (``text_too_long``, ``empty_text``), or None when it may be said."""
    if not isinstance(text, str) or not text.strip():
        return "empty_text"
    if len(text) > SAY_MAX:
        return "text_too_long"
    return None


# ----- what a play requires -----


def matches(card: str, top: str, colour: str) -> bool:
    """Base matching: a major on anything; a coloured card on the current colour or the same symbol."""
    if card in MAJORS:
        return True
    return card[0] == colour or (top not in MAJORS and card[1] == top[1])


def required_speech(rules: Sequence[Rule], card: str, top: str, left: int) -> list[Requirement]:
    """What the player of ``card`` on ``top`` must say, leaving ``left`` cards in hand, in the checking order."""
    return list(rule_index(rules).speech(card, top, left))


SPEECH_SLOTS = 12
"""A card's speech requirements by (number above the top's or not) x (cards left: 0, 1, 2 or more) x reverse."""
_Checked = tuple[tuple[Requirement, ...], list[dict[str, JSONValue]]]
"""A speech check remembered: the requirements it was made for, and its penalties."""
CHECKED_MAX = 4096
"""How many speech checks an index remembers (texts said with a move recur: the phrases the rules ask for)."""


class RuleIndex:
    """The rules of a game compiled for the checks made at every play: the single-instance templates, per card
    the phrases its "say" and "name" rules require and the draws and dice it sets off, the cards that may answer a
    pending +2/+4, and the speech checks already made (a game's rules never change, so this is built once and
    shared by every game with the same rules)."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = rules
        self.singles: dict[str, Rule] = {}
        first: dict[str, Rule] = {}
        for r in rules:
            if r["template"] in ("greater", "last_phrase", "final"):
                self.singles[str(r["template"])] = r
            first.setdefault(str(r["template"]), r)
        self.first = first
        """The first rule of each template, as ``ChatVertState.rule`` finds it."""
        self.effects = frozenset(
            code
            for code in CODES
            if any(r["template"] in ("draw", "die") and cond_matches(r["cond"], code) for r in rules)
        )
        """The cards that set off a draw or a die."""
        self.known = known_of(tuple((str(r["template"]), r.get("phrase")) for r in rules))
        self._cards: dict[str, tuple[Requirement, ...]] = {}
        self._effects: dict[str, tuple[tuple[Rule, ...], tuple[Rule, ...]]] = {}
        self._by_id = sorted(rules, key=lambda r: int(r["id"]))
        self._answers: dict[str, frozenset[str]] = {}
        self.quiet: frozenset[str] = frozenset(
            code
            for code in CODES
            if not self.for_card(code) and ("greater" not in self.singles or _NUMBERS[code] is None)
        )
        """The cards a player may play in silence while keeping two cards or more, whatever the top card."""
        self._speech: dict[tuple[str, bool, int, bool], tuple[Requirement, ...]] = {}
        self._checked: dict[
            tuple[str | None, int, bool], tuple[tuple[Requirement, ...], list[dict[str, JSONValue]]]
        ] = {}
        reverse = first.get("reverse")
        self.reverse_alone: tuple[Requirement, ...] = (
            (Requirement.phrase(reverse["phrase"], reverse["id"]),) if reverse is not None else ()
        )
        """What a reverse passing a penalty on must be said with (the reverse rule's phrase)."""
        # The same, for the engine's core, by a card's place in ``CODES`` (``bot.games.chat_vert.cards``).
        self.quiet_at: tuple[bool, ...] = tuple(code in self.quiet for code in CODES)
        self.effects_at: tuple[bool, ...] = tuple(code in self.effects for code in CODES)
        self._answers_at: dict[int, frozenset[int]] = {}
        self.speech_slots: list[tuple[Requirement, ...] | None] = [None] * (len(CODES) * SPEECH_SLOTS)
        """``speech``'s answers as the engine's core keeps them (``chat_vert_core.speech_of``)."""

    def answers_at(self, pending: int) -> frozenset[int]:
        """``answers`` of the kind ``KINDS[pending]``, as the cards' places in ``CODES``."""
        found = self._answers_at.get(pending)
        if found is None:
            codes = self.answers(KINDS[pending])
            found = self._answers_at[pending] = frozenset(card for card, code in enumerate(CODES) if code in codes)
        return found

    def answers(self, pending: str) -> frozenset[str]:
        """The cards that may be played on a pending penalty of kind ``pending`` (plus2/plus4): one of its kind,
        the other kind with the transfer rule, a reverse with the reverse rule."""
        found = self._answers.get(pending)
        if found is None:
            kinds = {pending}
            if "transfer" in self.first and pending in ("plus2", "plus4"):
                kinds |= {"plus2", "plus4"}
            if "reverse" in self.first:
                kinds.add("reverse")
            found = self._answers[pending] = frozenset(code for code in CODES if _KINDS[code] in kinds)
        return found

    def effects_for(self, card: str) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
        """The draw rules and the die rules a card triggers, each by rule id."""
        found = self._effects.get(card)
        if found is None:
            hit = [r for r in self._by_id if r["template"] in ("draw", "die") and cond_matches(r["cond"], card)]
            found = self._effects[card] = (
                tuple(r for r in hit if r["template"] == "draw"),
                tuple(r for r in hit if r["template"] == "die"),
            )
        return found

    def for_card(self, card: str) -> tuple[Requirement, ...]:
        found = self._cards.get(card)
        if found is None:
            says = [
                Requirement.phrase(r["phrase"], r["id"])
                for r in self.rules
                if r["template"] == "say" and cond_matches(r["cond"], card)
            ]
            names = [
                Requirement.name(card, r["id"])
                for r in self.rules
                if r["template"] == "name" and cond_matches(r["cond"], card)
            ]
            found = self._cards[card] = (*says, *names)
        return found

    def speech(self, card: str, top: str, left: int, reverse: bool = False) -> tuple[Requirement, ...]:
        """What the player of ``card`` on ``top`` must say, leaving ``left`` cards in hand, in the checking order,
        each phrase once; ``reverse``: a reverse passing a penalty on, its rule's phrase first."""
        c, t = _NUMBERS[card], _NUMBERS[top]
        key = (card, c is not None and t is not None and c > t, min(left, 2), reverse)
        found = self._speech.get(key)
        if found is None:
            found = self._speech[key] = self._required(card, top, left, reverse)
        return found

    def _required(self, card: str, top: str, left: int, reverse: bool) -> tuple[Requirement, ...]:
        out: list[Requirement] = list(self.reverse_alone) if reverse else []
        by = self.singles
        if left == 1:
            last = by.get("last_phrase")
            out.append(Requirement.phrase(last["phrase"], last["id"]) if last else Requirement.phrase(CHAT_VERT))
        if left == 0 and "final" in by:
            out.append(Requirement.phrase(by["final"]["phrase"], by["final"]["id"]))
        out += self.for_card(card)
        greater = by.get("greater")
        c, t = number_of(card), number_of(top)
        if greater and c is not None and t is not None and c > t:
            out.append(Requirement.phrase(greater["phrase"], greater["id"]))
        seen: set[str] = set()
        unique: list[Requirement] = []
        for req in out:
            if req.key not in seen:
                seen.add(req.key)
                unique.append(req)
        return tuple(unique)

    def penalties(
        self, said: str | None, required: tuple[Requirement, ...], claim: bool = False
    ) -> list[dict[str, JSONValue]]:
        """``check_speech(said, required, self.known, claim)``, remembered for the requirements this index made
        (``speech``, ``reverse_alone``, no requirement): each penalty is a fresh dict."""
        key = (said, id(required), claim)
        hit = self._checked.get(key)
        if hit is None or hit[0] is not required:
            if len(self._checked) >= CHECKED_MAX:
                self._checked.clear()
            hit = self._checked[key] = (required, check_speech(said, required, self.known, claim=claim))
        return [dict(p) for p in hit[1]] if hit[1] else []


_INDEXES: dict[int, tuple[Sequence[Rule], str]] = {}
"""The content (``repr``) of lists of rules in use, by the list's identity (the list is kept alive with it)."""
_COMPILED: dict[str, RuleIndex] = {}
"""Compiled rules, by content."""


def _remember(rules: Sequence[Rule], content: str) -> None:
    if len(_INDEXES) >= 256:
        _INDEXES.clear()
    _INDEXES[id(rules)] = (rules, content)


def rule_index(rules: Sequence[Rule]) -> RuleIndex:
    """The index of a list of rules: its content is found by the list's identity while that very list is in use
    (``check_rules`` tells it for the lists it makes), and every list with the same rules shares one index."""
    found = _INDEXES.get(id(rules))
    if found is not None and found[0] is rules:
        content = found[1]
    else:
        content = repr(list(rules))
        _remember(rules, content)
    index = _COMPILED.get(content)
    if index is None:
        if len(_COMPILED) >= 256:
            _COMPILED.clear()
        index = _COMPILED[content] = RuleIndex(copy.deepcopy(list(rules)))
    return index


@lru_cache(maxsize=256)
def known_of(key: tuple[tuple[str, str | None], ...]) -> frozenset[str]:
    return known_phrases({"template": t, "phrase": p} if p is not None else {"template": t} for t, p in key)
