"""Both catalogs say the same things: same keys, same placeholders, the plural forms of each language."""

from __future__ import annotations

import pytest

from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import LANGUAGES
from bot.i18n import LOCALES_DIR
from bot.i18n import catalog
from bot.i18n import language
from bot.i18n import placeholders
from bot.i18n import plural
from bot.i18n import plural_catalog
from bot.i18n import read_catalog
from bot.i18n import t

FILES = sorted(path.name for path in (LOCALES_DIR / "fr").glob("*.po"))
RENDER_PREFIXES = {
    "render_chat_vert.po": "cv.render.",
    "render_kit.po": "render.",
    "render_nain_jaune.po": "nj.render.",
    "render_neurotrio.po": "neuro.render.",
    "render_njet.po": "njet.render.",
    "render_ratings.po": "ratings.render.",
    "render_results.po": "results.render.",
    "render_triominos.po": "tri.render.",
}
"""The words of each game's pictures live in their own file, under their own prefix."""


def catalog_file(lang: str, name: str) -> dict[str, str | tuple[str, ...]]:
    """One area's catalog: a key's text, or its plural forms."""
    found: dict[str, str | tuple[str, ...]] = {}
    for message in read_catalog(LOCALES_DIR / lang / name, lang):
        if isinstance(message.id, tuple):
            found[message.id[0]] = tuple(message.string)
        elif message.id:
            found[message.id] = message.string
    return found


def texts(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def test_same_keys_in_fr_and_en() -> None:
    fr, en = catalog("fr"), catalog("en")
    assert sorted(set(fr) - set(en)) == []
    assert sorted(set(en) - set(fr)) == []
    assert plural_catalog("fr").keys() == plural_catalog("en").keys()


def test_same_placeholders() -> None:
    fr, en = catalog("fr"), catalog("en")
    for key in fr:
        assert placeholders(fr[key]) == placeholders(en[key]), key
    for key, forms in plural_catalog("fr").items():
        assert len(forms) == 2 and len(plural_catalog("en")[key]) == 2, key
        for text in (*forms, *plural_catalog("en")[key]):
            assert placeholders(text) <= placeholders(forms[1]) | {"n"}, key


def test_no_empty_text() -> None:
    for lang in ("fr", "en"):
        for key, text in catalog(lang).items():
            assert text.strip(), f"{lang}:{key}"
        for key, forms in plural_catalog(lang).items():
            assert all(form.strip() for form in forms), f"{lang}:{key}"


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


def test_plural_rules_of_each_language() -> None:
    """French counts 0 and 1 as singular, English only 1 (the rules come from the catalogs' headers)."""
    assert [plural("fr", "unit.points", n) for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]
    assert [plural("en", "unit.points", n) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]


def test_every_language_has_the_same_files() -> None:
    for lang in LANGUAGES:
        assert sorted(path.name for path in (LOCALES_DIR / lang).glob("*.po")) == FILES, lang
    assert sorted(RENDER_PREFIXES) == [name for name in FILES if name.startswith("render_")]


@pytest.mark.parametrize("name", FILES)
def test_each_file_says_the_same_in_fr_and_en(name: str) -> None:
    """File by file (not only merged): a key moved to another file in one language only is caught."""
    fr, en = catalog_file("fr", name), catalog_file("en", name)
    assert fr.keys() == en.keys()
    for key in fr:
        assert {p for text in texts(fr[key]) for p in placeholders(text)} == {
            p for text in texts(en[key]) for p in placeholders(text)
        } or isinstance(fr[key], tuple), key


@pytest.mark.parametrize(("name", "prefix"), RENDER_PREFIXES.items())
def test_picture_words_keep_their_prefix(name: str, prefix: str) -> None:
    assert all(key.startswith(prefix) for key in catalog_file("fr", name))
