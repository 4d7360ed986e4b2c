"""Babel's extractor over the code: every literal key given to ``t()`` or ``plural()`` is in both catalogs, and
every ``plural()`` key is a plural entry (a singular one would lose its count's grammar)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from bot.i18n import LANGUAGES
from bot.i18n import catalog
from bot.i18n import plural_catalog
from tests.test_i18n import catalog_file

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = {"t": (2,), "plural": (2,)}
"""``t(locale, key, ...)`` and ``plural(locale, key, n, ...)``: the key is the second argument."""


def _extracted(keyword_only: str | None = None) -> list[tuple[str, str]]:
    """(file:line, key) of each literal key, from bot/, cogs/ and renders/."""
    found = []
    for folder in ("bot", "cogs", "renders", "web"):
        keywords = {keyword_only: (2,)} if keyword_only else KEYWORDS
        for filename, lineno, message, _, _ in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords=keywords
        ):
            if isinstance(message, str) and message:
                found.append((f"{folder}/{filename}:{lineno}", message))
    return found


def test_the_extractor_finds_the_calls() -> None:
    keys = {key for _, key in _extracted()}
    assert "nj.ev.play" in keys and "stats.wins" in keys and len(keys) > 300


def _made_of(text: str, known: set[str]) -> bool:
    """Whether ``text`` is known keys end to end: the extractor joins the literals of ``t(lang, "a" if x else "b")``
    into one string "ab", and both must exist."""
    if text in known:
        return True
    return any(text[:cut] in known and _made_of(text[cut:], known) for cut in range(1, len(text)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_literal_key_exists(lang: str) -> None:
    known = set(catalog(lang)) | set(plural_catalog(lang))
    missing = [f"{where} {key}" for where, key in _extracted() if not _made_of(key, known)]
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_keys_are_plural_entries(lang: str) -> None:
    plurals = set(plural_catalog(lang))
    wrong = [f"{where} {key}" for where, key in _extracted("plural") if not _made_of(key, plurals)]
    assert not wrong, wrong


RENDER_LITERAL = re.compile(r"""["']((?:render|results\.render|[a-z]+\.render)\.[A-Za-z0-9_.]*)""")
"""A picture's key in the code, whole or the start of one made at run time (``f"neuro.render.phase.{phase}"``)."""


def test_every_word_of_the_pictures_is_drawn_somewhere() -> None:
    """A key of a picture catalog that no renderer names any more is a word left behind by a redesign."""
    literals = {
        found for path in (ROOT / "renders").rglob("*.py") for found in RENDER_LITERAL.findall(path.read_text())
    }
    whole = {literal for literal in literals if not literal.endswith(".")}
    starts = tuple(literal for literal in literals if literal.endswith("."))
    keys = {
        key for path in (ROOT / "bot" / "locales" / "fr").glob("render_*.po") for key in catalog_file("fr", path.name)
    }
    unused = sorted(key for key in keys if key not in whole and not key.startswith(starts))
    assert not unused, unused
