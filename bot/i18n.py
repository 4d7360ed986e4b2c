"""Message catalogs (fr, en) and the discord.py command translator.

Catalogs are the JSON files under ``bot/locales/<lang>/``; every file of a language is merged,
so each area (core, one game, its pictures) keeps its own file. Keys are dotted names,
values ``str.format`` templates with named placeholders.
"""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"
LOCALES_DIR = Path(__file__).with_name("locales")


def language(locale: object) -> str:
    """Map a Discord locale (``fr``, ``en-US``, a ``discord.Locale``...) to a catalog language."""
    text = str(getattr(locale, "value", locale) or "").lower()
    for lang in LANGUAGES:
        if text.startswith(lang):
            return lang
    return "en" if text else DEFAULT_LANGUAGE


@cache
def catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((LOCALES_DIR / lang).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in merged:
                raise ValueError(f"duplicate catalog key {key!r} in {path}")
            merged[key] = value
    return merged


def has(key: str) -> bool:
    return key in catalog(DEFAULT_LANGUAGE)


def t(locale: object, key: str, /, **params: Any) -> str:
    """The text for ``key`` in the language of ``locale``; a missing key falls back to French."""
    lang = language(locale)
    template = catalog(lang).get(key)
    if template is None:
        template = catalog(DEFAULT_LANGUAGE).get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class Translator(app_commands.Translator):
    """Localizes command names, descriptions and choices from the catalogs (``cmd.*`` keys).

    The English text in the code is the default; French comes from the fr catalog. Strings
    without a ``key`` extra are left as they are.
    """

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if not key:
            return None
        lang = language(locale)
        if lang == "en" or not str(locale.value).startswith(lang):
            return None
        return catalog(lang).get(key)


def plural(locale: object, key: str, n: int, /, **params: Any) -> str:
    """``key.one`` or ``key.other`` with ``n``: French counts 0 and 1 as singular, English only 1."""
    lang = language(locale)
    one = n in (0, 1) if lang == "fr" else n == 1
    return t(locale, f"{key}.{'one' if one else 'other'}", n=n, **params)
