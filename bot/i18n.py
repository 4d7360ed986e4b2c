"""Message catalogs (fr, en) and the discord.py command translator.

Catalogs are gettext ``.po`` files under ``bot/locales/<lang>/``, one per area (core, each game, its pictures),
read with Babel and compiled in memory, so plural forms follow each language's own rule (French counts 0 as
singular, English does not). Message ids are dotted keys; texts are ``str.format`` templates with named
placeholders. A plural entry is one key with one text per plural form.
"""

from __future__ import annotations

import gettext
import io
import string
from functools import cache
from pathlib import Path
from typing import Any

import discord
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
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


def catalog_files(lang: str) -> list[Path]:
    return sorted((LOCALES_DIR / lang).glob("*.po"))


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=path.stem)


@cache
def merged(lang: str) -> Catalog:
    """Every area's catalog of ``lang`` in one; a key defined twice is an error."""
    whole = Catalog(locale=lang, domain="tablee")
    for path in catalog_files(lang):
        for message in read_catalog(path, lang):
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            if key in whole:
                raise ValueError(f"duplicate catalog key {key!r} in {path}")
            whole[message.id] = message
    return whole


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang``, French behind English for any key English lacks."""
    buffer = io.BytesIO()
    write_mo(buffer, merged(lang))
    buffer.seek(0)
    compiled = gettext.GNUTranslations(buffer)
    if lang != DEFAULT_LANGUAGE:
        compiled.add_fallback(translations(DEFAULT_LANGUAGE))
    return compiled


@cache
def catalog(lang: str) -> dict[str, str]:
    """The singular texts of ``lang`` by key (plural entries are in :func:`plural_catalog`)."""
    return {str(message.id): str(message.string) for message in merged(lang) if message.id and not message.pluralizable}


@cache
def plural_catalog(lang: str) -> dict[str, tuple[str, ...]]:
    """The plural entries of ``lang`` by key: one text per plural form of the language."""
    return {
        str(message.id[0]): tuple(str(form) for form in message.string or ())
        for message in merged(lang)
        if message.id and message.pluralizable
    }


def has(key: str) -> bool:
    return key in catalog(DEFAULT_LANGUAGE) or key in plural_catalog(DEFAULT_LANGUAGE)


def _format(template: str, params: dict[str, Any]) -> str:
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def t(locale: object, key: str, /, **params: Any) -> str:
    """The text for ``key`` in the language of ``locale``; a missing key falls back to French."""
    return _format(translations(language(locale)).gettext(key), params)


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
    """The plural entry ``key`` in the form the language uses for ``n``, formatted with ``n`` and ``params``."""
    return _format(translations(language(locale)).ngettext(key, key, n), {"n": n, **params})
