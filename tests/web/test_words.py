"""The pages' words: the games' lines without Discord's markdown, and every word of each template from the catalogs."""

from __future__ import annotations

from markupsafe import escape

from bot.i18n import LANGUAGES
from bot.i18n import t
from web.app import templates
from web.views import plain
from web.words import page_words


def test_a_page_shows_words_not_discords_markdown() -> None:
    assert plain("▶ **Camille** : 4 cartes") == "▶ Camille : 4 cartes"
    assert plain("__u__ ~~s~~ ||sp|| *it*") == "u s sp it"
    assert plain("2 * 3 = 6") == "2 * 3 = 6"
    assert plain("-# Cartes en main : Zoé 7") == "Cartes en main : Zoé 7"  # Discord's small print
    assert plain("## Njet!") == "Njet!" and plain("a -# b") == "a -# b"
    assert plain("À Zoé de jouer\n-# Bob\\_Lee : 7") == "À Zoé de jouer\nBob_Lee : 7"  # each line, as the Activity's
    assert plain(r"Bob\_Lee a\*b") == "Bob_Lee a*b"  # an escaped mark is the name's own character


def test_the_replay_page_says_its_keys_in_each_language() -> None:
    for lang in LANGUAGES:
        page = (
            templates().get_template("replay.html").render(lang=lang, words=page_words(lang), title="x", finished=True)
        )
        assert str(escape(t(lang, "web.replay.keys"))) in page
        assert "built-in method" not in page
