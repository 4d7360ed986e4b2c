"""Both catalogs say the same things: same keys, same placeholders."""

from __future__ import annotations

from bot.i18n import DEFAULT_LANGUAGE, catalog, language, placeholders, t


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
