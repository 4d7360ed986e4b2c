"""Both catalogs say the same things: same keys, same placeholders."""

from __future__ import annotations

import json

import pytest

from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import LANGUAGES
from bot.i18n import LOCALES_DIR
from bot.i18n import catalog
from bot.i18n import language
from bot.i18n import placeholders
from bot.i18n import t

FILES = sorted(path.name for path in (LOCALES_DIR / "fr").glob("*.json"))
RENDER_PREFIXES = {
    "render_chat_vert.json": "cv.render.",
    "render_kit.json": "render.",
    "render_nain_jaune.json": "nj.render.",
    "render_neurotrio.json": "neuro.render.",
    "render_njet.json": "njet.render.",
    "render_triominos.json": "tri.render.",
}
"""The words of each game's pictures live in their own file, under their own prefix."""


def catalog_file(lang: str, name: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((LOCALES_DIR / lang / name).read_text(encoding="utf-8"))
    return data


def test_same_keys_in_fr_and_en() -> None:
    fr, en = catalog("fr"), catalog("en")
    assert sorted(set(fr) - set(en)) == []
    assert sorted(set(en) - set(fr)) == []


def test_same_placeholders() -> None:
    fr, en = catalog("fr"), catalog("en")
    for key in fr:
        assert placeholders(fr[key]) == placeholders(en[key]), key


def test_no_empty_text() -> None:
    for lang in ("fr", "en"):
        for key, text in catalog(lang).items():
            assert text.strip(), f"{lang}:{key}"


def test_language_of_discord_locales() -> None:
    assert language("fr") == "fr"
    assert language("en-US") == "en"
    assert language("de") == "en"
    assert language(None) == DEFAULT_LANGUAGE


def test_lookup_and_fallback() -> None:
    assert t("fr", "error.not_your_turn") == "Ce n'est pas votre tour."
    assert t("en-GB", "error.not_your_turn") == "It is not your turn."
    assert t("fr", "error.table_full", max=8) == "La table est complète (8 places)."
    assert t("fr", "no.such.key") == "no.such.key"


def test_every_language_has_the_same_files() -> None:
    for lang in LANGUAGES:
        assert sorted(path.name for path in (LOCALES_DIR / lang).glob("*.json")) == FILES, lang
    assert sorted(RENDER_PREFIXES) == [name for name in FILES if name.startswith("render_")]


@pytest.mark.parametrize("name", FILES)
def test_each_file_says_the_same_in_fr_and_en(name: str) -> None:
    """File by file (not only merged): a key moved to another file in one language only is caught."""
    fr, en = catalog_file("fr", name), catalog_file("en", name)
    assert fr.keys() == en.keys()
    for key in fr:
        assert placeholders(fr[key]) == placeholders(en[key]), key


@pytest.mark.parametrize(("name", "prefix"), RENDER_PREFIXES.items())
def test_picture_words_keep_their_prefix(name: str, prefix: str) -> None:
    assert all(key.startswith(prefix) for key in catalog_file("fr", name))
