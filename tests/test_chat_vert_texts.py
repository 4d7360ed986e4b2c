"""Le Chat vert's words: the seed's penalty sentences, every refusal translated, rule descriptions, card names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import has
from bot.texts.chat_vert import describe_rule
from bot.texts.chat_vert import penalty_sentence

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [
    "bot/games/chat_vert/engine.py",
    "bot/games/chat_vert/rules.py",
    "bot/service/chat_vert_table.py",
    "cogs/chat_vert.py",
    "cogs/chat_vert_dialog.py",
]
RETURNED = {"no_match", "pending_penalty", "same_first_card", "same_major", "too_late", "text_too_long", "empty_text"}
"""Codes returned by the engine's checks and raised from a variable (not visible as a literal in a raise)."""


def test_every_refusal_has_a_sentence_in_both_languages() -> None:
    pattern = re.compile(r'(?:IllegalAction|RuleError|TableRuleError|TableError)\(\s*"([a-z_]+)"')
    codes = set(RETURNED)
    for source in SOURCES:
        codes |= set(pattern.findall((ROOT / source).read_text(encoding="utf-8")))
    assert len(codes) > 30
    missing = [c for c in sorted(codes) if not (has(f"error.chat_vert.{c}") or has(f"error.{c}"))]
    assert missing == []


@pytest.mark.parametrize(
    ("data", "sentence"),
    [
        ({"reason": "missing", "expected": "Chat vert"}, "Pour ne pas avoir dit « Chat vert », voici ta carte."),
        (
            {"reason": "instead", "said": "Lion rouge", "expected": "Chat vert"},
            "Pour avoir dit « Lion rouge » au lieu de « Chat vert », voici ta carte.",
        ),
        (
            {"reason": "unneeded", "said": "Neuf jaune"},
            "Pour avoir dit « Neuf jaune » alors qu'il ne le fallait pas, voici ta carte.",
        ),
        ({"reason": "nonsense", "said": "Miaou"}, "Pour avoir dit n'importe quoi, voici ta carte."),
        ({"reason": "timeout"}, "Pour avoir mis trop de temps à jouer, voici ta carte."),
        ({"reason": "major_last"}, "Pour avoir joué un atout majeur en dernier, voici ta carte."),
        (
            {"reason": "missing", "expected": "7 Rouge", "expected_card": "R7"},
            "Pour ne pas avoir dit « 7 rouge », voici ta carte.",
        ),
        (
            {"reason": "free", "message": "Pour ne pas avoir touché ton nez, voici ta carte."},
            "Pour ne pas avoir touché ton nez, voici ta carte.",
        ),
    ],
)
def test_the_seeds_sentences(data: dict[str, str], sentence: str) -> None:
    assert penalty_sentence(data, "fr") == sentence


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_template_reads_as_a_sentence(lang: str) -> None:
    cond = {"colour": "R", "number": 8, "kind": None}
    rules: list[dict[str, Any]] = [
        {"template": "say", "cond": cond, "phrase": "Vélocyclette"},
        {"template": "greater", "phrase": "Tortue"},
        {"template": "name", "cond": {"colour": "R", "number": None, "kind": None}},
        {"template": "last_phrase", "phrase": "Chien rouge"},
        {"template": "final", "phrase": "Kaiba"},
        {"template": "draw", "cond": {"colour": None, "number": 1, "kind": None}, "who": "all", "count": 1},
        {"template": "transfer"},
        {"template": "reverse", "phrase": "Transfert"},
        {"template": "die", "cond": {"colour": None, "number": 6, "kind": None}},
        {"template": "ficelle", "phrase": "Saucisson"},
        {"template": "free", "text": "Toucher son nez", "message": "Nez !"},
    ]
    for rule in rules:
        text = describe_rule(rule, lang)
        assert text and "{" not in text and "cv." not in text, rule
        for value in ("phrase", "text"):
            if value in rule:
                assert str(rule[value]) in text
    assert describe_rule(rules[0], "fr") == "Quand on joue un 8 rouge, il faut dire « Vélocyclette »."
