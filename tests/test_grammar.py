"""Every message of both catalogs, rendered with sample values, read right.

Each singular entry and each plural entry (with counts 0, 1 and 2) is filled with sample values for its
placeholders: names, counts, and for cards every grammatical form of masculine, feminine and elided ranks (with and
without a suit, and the short labels of the buttons). The texts are then searched for the faults players reported:
wrong gender or missing elision ("un dame", "le as", "le D♠"), two articles in a row (a template that adds an
article to a phrase that has one), "(s)" plurals, "1 parties", English words in French texts and the reverse.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import action_rng
from bot.i18n import LANGUAGES
from bot.i18n import catalog
from bot.i18n import placeholders
from bot.i18n import plural
from bot.i18n import plural_catalog
from bot.i18n import t
from bot.registry import engine_of
from bot.texts import chat_vert
from bot.texts import nain_jaune
from bot.texts import narrate
from bot.texts import neurotrio
from bot.texts import njet
from bot.texts.cards import FORMS
from bot.texts.cards import Form
from bot.texts.cards import card_phrase
from bot.texts.cards import rank_phrase
from cogs.client import TableeBot
from cogs.help import help_embed
from renders.nain_jaune.pieces import state_chips

NUMBERS = {
    "n",
    "count",
    "deal",
    "deals",
    "round",
    "rounds",
    "owed",
    "vp",
    "best",
    "page",
    "pages",
    "value",
    "stock",
    "rows",
    "cols",
    "base",
    "score",
    "reminder",
    "timeout",
    "minutes",
    "id",
    "turn",
    "target",
    "pool",
    "order",
    "total",
    "number",
    "force",
    "points",
}
"""Placeholders that take a bare number (a count shown with a noun must be a plural entry instead)."""
AT_LEAST_TWO = {"min", "max"}
"""Player counts of a game, never below 2."""
NAMES = ("Alice", "Zoé", "Ordi 2")
COUNTS = (0, 1, 2)
RANK_SAMPLES = ("Q", "K", "A", "7", "J", "8")
CARD_SAMPLES = ("QS", "KH", "AH", "7D", "10D", "JC", "8C")


def _nain_jaune_cards(lang: str) -> list[str]:
    phrases = [card_phrase(code, form, lang) for code in CARD_SAMPLES for form in FORMS]
    return phrases + [nain_jaune.card_name(code, lang) for code in CARD_SAMPLES]


def _nain_jaune_ranks(lang: str) -> list[str]:
    return [rank_phrase(rank, form, lang) for rank in RANK_SAMPLES for form in FORMS]


def _card_samples(key: str, lang: str) -> list[str]:
    """The card texts a template of this area receives, made by the game's own word functions."""
    if key.startswith("nj."):
        return _nain_jaune_cards(lang)
    if key.startswith("njet."):
        return [njet.card_name(code, lang) for code in ("R7", "G1", "K9")]
    if key.startswith("cv."):
        codes = ("R7", "BS", "W", "F", "GD", "YR")
        labels = [chat_vert.card_name(c, lang) for c in codes]
        return labels if key == "cv.card.a" else labels + [chat_vert.a_card(c, lang) for c in codes]
    if key.startswith("neuro."):
        return [neurotrio.card_name(code, lang) for code in ("EV2", "CN1", "RB3")]
    return ["1-2-3"]


def samples(key: str, name: str, lang: str) -> list[str]:
    """The values a placeholder is tried with."""
    if name in NUMBERS:
        return [str(n) for n in COUNTS]
    if name in AT_LEAST_TWO:
        return ["2", "4"]
    if name in ("card", "cards", "last", "treasure", "expected"):
        return _card_samples(key, lang)
    if name == "missing":
        return [nain_jaune.rank_name(r, lang) for r in RANK_SAMPLES if r != "A"]
    if name == "sans":
        return [nain_jaune.sans_call(r, lang) for r in RANK_SAMPLES]
    if name == "rank":
        return _nain_jaune_ranks(lang) + [nain_jaune.rank_name(r, lang) for r in RANK_SAMPLES]
    if name == "box":
        return [nain_jaune.box_name(code, lang) for code in ("QS", "KH", "10D", "JC", "7D")]
    if name in ("tokens", "scored", "wins", "games", "ones", "cells", "places", "players"):
        unit = {"tokens": "unit.tokens", "scored": "unit.points", "wins": "stats.wins", "games": "stats.games"}
        return [plural(lang, unit.get(name, "unit.cards"), n) for n in COUNTS]
    if name == "colour":
        return [t(lang, "cv.colour.R"), t(lang, "njet.colour.B")]
    return list(NAMES)


def renderings(lang: str) -> Iterator[tuple[str, str]]:
    """(key, text) for every message of ``lang``: each template with each sample of each placeholder in turn."""
    for key, template in catalog(lang).items():
        yield from _fill(key, lang, [template], None)
    for key, forms in plural_catalog(lang).items():
        yield from _fill(key, lang, list(forms), key)


def _fill(key: str, lang: str, templates: list[str], plural_key: str | None) -> Iterator[tuple[str, str]]:
    names = sorted(set().union(*(placeholders(tpl) for tpl in templates)) - {"n"})
    values = {name: samples(key, name, lang) for name in names}
    widest = max([len(v) for v in values.values()] + [1])
    for i in range(widest):
        params = {name: vals[i % len(vals)] for name, vals in values.items()}
        if plural_key is not None:
            for n in COUNTS:
                yield key, plural(lang, plural_key, n, **params)
        else:
            params.setdefault("n", "1")
            yield key, templates[0].format(**params)


FR_PLURAL_NOUNS = (
    "cartes|jetons|points|parties|victoires|joueurs|tuiles|pioches|places|cases|pierres|restantes|manches|règles|"
    "types|pts|mises|cartons|pions|secrètes|révélées|attendus|écartés"
)
EN_PLURAL_NOUNS = "cards|tokens|points|games|wins|players|tiles|draws|spots|cells|stones|rounds|rules|types|bids"
FR_MASCULINE = "as|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|valet|roi"
SUIT = "[♠♥♦♣]"
COMMON = [
    (r"\(s\)", "a plural written (s)"),
    (r"  ", "two spaces"),
    (r" ,", "a space before a comma"),
    (r"\{|\}", "a placeholder left unfilled"),
]
FR_FAULTS = [
    *COMMON,
    (r"\b(un|le|du|au) dame\b", "a masculine article before dame"),
    (rf"\b(une|la) ({FR_MASCULINE})\b", "a feminine article before a masculine card"),
    (r"\b(le|la|de|du|au) (as|As|A)\b", "no elision before as"),
    (rf"\b(le|un|du|au) (D|A|As){SUIT}", "a masculine article before a short queen or ace"),
    (r"\b(de|à) (le|les)\b", "de le / à le / de les / à les"),
    (r"\b(le|la|les|un|une|du|au|aux) (le|la|les|l'|un|une|du|au|aux)\b", "two articles in a row"),
    (r"\bà à\b", "two articles in a row"),
    (rf"(?<![\d/.,+-])\b[01] ({FR_PLURAL_NOUNS})\b", "a plural noun after 0 or 1"),
    (r"[^\s(«]([:?!;])(\s|$)", "no space before : ? ! or ;"),
]
EN_FAULTS = [
    *COMMON,
    (r"\ba (ace|eight)\b", "a before a vowel sound"),
    (r"\ban (two|three|four|five|six|seven|nine|ten|jack|queen|king)\b", "an before a consonant"),
    (r"\bthe the\b", "two articles in a row"),
    (rf"(?<![\d/.,+-])\b1 ({EN_PLURAL_NOUNS})\b", "a plural noun after 1"),
    (r" ([:?!;])", "a space before : ? ! or ;"),
    (r'"', "straight quotes (English texts quote with “ ”)"),
]
ENGLISH_WORDS = (
    "the|left|right|to|your|turn|player|players|cards|card|and|of|you|draw|play|wins|game|games|clockwise|"
    "counterclockwise|trump|super-trump|none|yes|no|stone|tokens|round|deal|dealer"
)
FRENCH_WORDS = (
    "le|la|les|joueur|joueurs|carte|cartes|tour|votre|vous|du|et|une|jeton|jetons|partie|gauche|droite|pioche|"
    "donne|manche|atout|aucun|aucune|oui|non|pli|à|avec|sur|pour"
)
FRENCH_ALLOWED_IN_ENGLISH = (
    "Le chat vert est un jeu qui se joue à 7 cartes, à gauche du donneur que je suis, et qui commence maintenant.",
    "Le chat vert est un jeu qui se joue à 7 cartes, à droite du donneur que je suis, et qui commence maintenant.",
    "Le Chat vert",
    "J'ai la même",
    "Deux cartes",
    "deux cartes",
    "Qui prend",
    "Grand opéra",
    "Nain Jaune",
)
"""Proper names and game calls that stay in French in the English texts."""
ENGLISH_ALLOWED_IN_FRENCH = ("Njet!",)


def faults(lang: str, text: str) -> list[str]:
    """The faults found in one rendered text (names and calls kept in the other language set aside)."""
    allowed = FRENCH_ALLOWED_IN_ENGLISH if lang == "en" else ENGLISH_ALLOWED_IN_FRENCH
    for phrase in allowed:
        text = text.replace(phrase, "Tablée")
    found = [why for pattern, why in (FR_FAULTS if lang == "fr" else EN_FAULTS) if re.search(pattern, text)]
    foreign = ENGLISH_WORDS if lang == "fr" else FRENCH_WORDS
    for word in re.findall(rf"(?<![\w'-])({foreign})(?![\w'-])", text, flags=re.IGNORECASE):
        found.append(f"foreign word {word!r}")
    return found


def _is_name(key: str) -> bool:
    """Slash command names (lowercase ids) and the literal game rules text are not sentences to check here."""
    return key.endswith(".name") and key.startswith("cmd.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_reads_right(lang: str) -> None:
    problems = []
    for key, text in renderings(lang):
        if _is_name(key):
            continue
        for fault in faults(lang, text):
            problems.append(f"{key}: {fault}: {text!r}")
    unique = list(dict.fromkeys(problems))
    assert not unique, "\n".join(unique[:40])


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "Dernière carte 7♦ · on attend un dame · à Alice"),
        ("fr", "personne : on passe au dame"),
        ("fr", "Alice pose le As♠"),
        ("fr", "Alice pose le D♠"),
        ("fr", "Alice prend la case du as de cœur"),
        ("fr", "Alice : 1 victoires en 1 parties"),
        ("fr", "Défaussez 2 carte(s)"),
        ("fr", "Alice : « … à left du donneur que je suis »"),
        ("fr", "Alice pose le la dame de pique"),
        ("fr", "Phase Njet ! À Alice de poser une pierre (0 restantes)"),
        ("fr", "Donne 2: Alice distribue"),
        ("en", "Alice plays la dame"),
        ("en", "Waiting for a ace"),
        ("en", "Alice: 1 wins in 1 games"),
        ("en", 'Too late for "Neuro!": the next move was made.'),
    ],
)
def test_the_checks_catch_the_reported_faults(lang: str, text: str) -> None:
    assert faults(lang, text)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "Dernière carte 7♦ · on attend une dame · à Alice de jouer"),
        ("fr", "personne : on passe à l'as"),
        ("fr", "Alice ramasse la case de la dame de pique : +1 jeton"),
        ("fr", "Alice : 0 victoire en 1 partie"),
        ("en", "Alice takes the box of the ace of hearts: +1 token"),
        ("en", "Waiting for an ace · 0 cards"),
    ],
)
def test_the_checks_pass_good_texts(lang: str, text: str) -> None:
    assert not faults(lang, text)


def test_card_phrases_follow_gender_and_elision() -> None:
    """The forms players asked for, written out by hand."""
    wanted: dict[tuple[str, Form], str] = {
        ("Q", "a"): "une dame",
        ("K", "a"): "un roi",
        ("A", "a"): "un as",
        ("Q", "the"): "la dame",
        ("K", "the"): "le roi",
        ("A", "the"): "l'as",
        ("K", "of_the"): "du roi",
        ("Q", "of_the"): "de la dame",
        ("A", "of_the"): "de l'as",
        ("K", "to_the"): "au roi",
        ("Q", "to_the"): "à la dame",
        ("A", "to_the"): "à l'as",
    }
    for (rank, form), text in wanted.items():
        assert rank_phrase(rank, form, "fr") == text
    assert rank_phrase("A", "a", "en") == "an ace"
    assert rank_phrase("8", "a", "en") == "an eight"
    assert rank_phrase("Q", "of_the", "en") == "of the queen"
    assert card_phrase("QH", "the", "fr") == "la dame de cœur"
    assert card_phrase("AS", "of_the", "fr") == "de l'as de pique"
    assert card_phrase("KD", "the", "en") == "the king of diamonds"


def test_the_five_boxes_of_nain_jaune() -> None:
    boxes = {code: nain_jaune.box_name(code, "fr") for code in ("10D", "JC", "QS", "KH", "7D")}
    assert boxes == {
        "10D": "la case du dix de carreau",
        "JC": "la case du valet de trèfle",
        "QS": "la case de la dame de pique",
        "KH": "la case du roi de cœur",
        "7D": "la case du Nain jaune",
    }


def test_counts_follow_each_language_rule() -> None:
    """French counts 0 and 1 as singular, English only 1."""
    assert [plural("fr", "stats.games", n) for n in (0, 1, 2)] == ["0 partie", "1 partie", "2 parties"]
    assert [plural("en", "stats.games", n) for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]


def test_both_languages_have_the_same_entries() -> None:
    for a, b in itertools.pairwise(LANGUAGES):
        assert set(catalog(a)) == set(catalog(b))
        assert set(plural_catalog(a)) == set(plural_catalog(b))


NJET_NAMES = ("Amélie", "Bruno", "Chloé", "Étienne")


def _told(kind: str, event: Event, lang: str) -> str | None:
    return narrate(kind, event, NJET_NAMES, lang)


@pytest.mark.parametrize(
    ("row", "option", "lang", "sentence"),
    [
        ("discard", "0", "fr", "Étienne dit Njet ! à une manche sans défausse"),
        ("discard", "0", "en", "Étienne says Njet! to a round without a discard"),
        ("discard", "1", "fr", "Étienne dit Njet ! à une défausse de 1 carte"),
        ("discard", "2", "en", "Étienne says Njet! to a discard of 2 cards"),
        ("trump", "G", "fr", "Étienne dit Njet ! à l'atout vert"),
        ("trump", "G", "en", "Étienne says Njet! to green as trump"),
        ("super", "R", "fr", "Étienne dit Njet ! au super-atout rouge"),
        ("super", "none", "fr", "Étienne dit Njet ! à une manche sans super-atout"),
        ("super", "none", "en", "Étienne says Njet! to a round without a super-trump"),
        ("points", "1", "fr", "Étienne dit Njet ! à 1 point par pli"),
        ("points", "4", "en", "Étienne says Njet! to 4 points per trick"),
        ("start", "2", "fr", "Étienne dit Njet ! à Chloé comme premier joueur"),
        ("start", "2", "en", "Étienne says Njet! to Chloé as starting player"),
    ],
)
def test_a_njet_stone_reads_as_a_sentence(row: str, option: str, lang: str, sentence: str) -> None:
    assert _told("njet", Event("block", 3, {"row": row, "option": option}), lang) == sentence


@pytest.mark.parametrize(
    ("discard", "super_colour", "lang", "sentence"),
    [
        (
            0,
            "none",
            "fr",
            "Règles de la manche : Bruno entame, pas de défausse, atout bleu, pas de super-atout, 1 point par pli",
        ),
        (
            2,
            "K",
            "fr",
            "Règles de la manche : Bruno entame, défausse de 2 cartes, atout bleu, super-atout noir, 1 point par pli",
        ),
        (
            0,
            "none",
            "en",
            "This round's rules: Bruno leads, no discard, trump blue, no super-trump, 1 point per trick",
        ),
    ],
)
def test_the_rules_of_a_njet_round(discard: int, super_colour: str, lang: str, sentence: str) -> None:
    data: dict[str, JSONValue] = {"start": 1, "discard": discard, "trump": "B", "super": super_colour, "points": 1}
    assert _told("njet", Event("rules", None, data), lang) == sentence


def test_a_njet_stone_button_names_no_discard_plainly() -> None:
    assert njet.stone_label("discard", "0", "fr", NJET_NAMES) == "Défausse : aucune"
    assert njet.stone_label("discard", "0", "en", NJET_NAMES) == "Discard: none"


@pytest.mark.parametrize(
    ("data", "lang", "sentence"),
    [
        ({"cards": ["BS"], "skipped": 3}, "fr", "Chloé joue un « Passer son tour » bleu — Étienne passe son tour"),
        ({"cards": ["BS"], "skipped": 3}, "en", "Chloé plays a blue Skip — Étienne is skipped"),
        (
            {"cards": ["YR"], "reversed": True},
            "fr",
            "Chloé joue un « Changement de sens » jaune : le sens du jeu s'inverse",
        ),
        ({"cards": ["YR"], "reversed": True}, "en", "Chloé plays a yellow Reverse: play changes direction"),
        ({"cards": ["W"], "colour": "B"}, "fr", "Chloé joue un « Changement de couleur » et annonce bleu"),
        ({"cards": ["R1", "R1"]}, "fr", "Chloé joue deux 1 rouges"),
        (
            {"cards": ["BS", "BS"], "skipped": 3},
            "fr",
            "Chloé joue deux « Passer son tour » bleus — Étienne passe son tour",
        ),
        ({"cards": ["R1", "R1"]}, "en", "Chloé plays two red 1s"),
        ({"cards": ["GR", "GR"]}, "en", "Chloé plays two green Reverses"),
        ({"cards": ["G7"], "same": True}, "fr", "Chloé : « J'ai la même ! » et pose un 7 vert"),
    ],
)
def test_chat_vert_plays_read_as_sentences(data: dict[str, JSONValue], lang: str, sentence: str) -> None:
    assert _told("chat_vert", Event("play", 2, data), lang) == sentence


@pytest.mark.parametrize(
    ("event", "lang", "sentence"),
    [
        (Event("next_rank", 1, {"rank": "Q"}), "fr", "Personne n'a de valet : on passe à la dame"),
        (Event("next_rank", 1, {"rank": "9"}), "fr", "Personne n'a de huit : on passe au neuf"),
        (Event("next_rank", 1, {"rank": "Q"}), "en", "No jack in any hand: on to the queen"),
        (Event("next_rank", 1, {"rank": "9"}), "en", "No eight in any hand: on to the nine"),
        (Event("sans", 1, {"rank": "10"}), "fr", "Bruno : sans dix"),
        (Event("sans", 1, {"rank": "10"}), "en", "Bruno: “sans dix” (no ten)"),
        (Event("sans", 1, {"rank": "Q"}), "en", "Bruno: “sans dame” (no queen)"),
    ],
)
def test_nain_jaune_calls(event: Event, lang: str, sentence: str) -> None:
    assert _told("nain_jaune", event, lang) == sentence


@pytest.mark.parametrize(
    ("rank", "vp", "lang", "sentence"),
    [
        (1, 5, "fr", "Amélie n'a plus de cartes (première sortie) : +5 PV"),
        (2, 3, "fr", "Amélie n'a plus de cartes (deuxième sortie) : +3 PV"),
        (4, 0, "fr", "Amélie n'a plus de cartes (4ᵉ sortie)"),
        (1, 5, "en", "Amélie is out of cards (first out): +5 VP"),
        (3, 1, "en", "Amélie is out of cards (third out): +1 VP"),
        (4, 0, "en", "Amélie is out of cards (4th out)"),
    ],
)
def test_neurotrio_going_out(rank: int, vp: int, lang: str, sentence: str) -> None:
    assert _told("neurotrio", Event("out", 0, {"rank": rank, "vp": vp}), lang) == sentence


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("fr", "Domaine : 6 lignes et 11 colonnes au plus · cartons de base restants : 1, 2"),
        ("en", "Domain: at most 6 rows by 11 columns · base cartons left: 1, 2"),
    ],
)
def test_neurotrio_limits_say_what_they_limit(lang: str, line: str) -> None:
    assert t(lang, "neuro.summary.state", rows=6, cols=11, bases="1, 2") == line


def test_the_neurotrio_placing_prompt() -> None:
    assert (
        t("fr", "neuro.panel.pick_place") == "Choisissez où poser une carte (les poses qui rapportent le plus d'abord)."
    )
    assert t("en", "neuro.panel.pick_place") == "Choose where to lay a card (the best-paying cells first)."


def test_the_njet_team_tally_names_its_ones() -> None:
    ones = {lang: plural(lang, "njet.ones", 1) for lang in ("fr", "en")}
    fields = {"letter": "A", "names": "Zoé, Hugo", "tricks": "2 plis", "points": "6 points"}
    assert (
        t("fr", "njet.summary.team", ones=ones["fr"], **fields)
        == "Équipe A (Zoé, Hugo) : 2 plis, 1 carte « 1 », soit 6 points"
    )
    assert (
        t("en", "njet.summary.team", ones=ones["en"], **fields) == "Team A (Zoé, Hugo): 2 plis, 1 “1” card, so 6 points"
    )


@pytest.mark.parametrize(
    ("cond", "lang", "sentence"),
    [
        ({"colour": "G"}, "fr", "Quand on joue une carte verte, il faut dire « Miaou »."),
        ({"colour": "B"}, "fr", "Quand on joue une carte bleue, il faut dire « Miaou »."),
        ({"colour": "G"}, "en", "When a green card is played, its player must say “Miaou”."),
        ({"number": 8}, "en", "When an 8 is played, its player must say “Miaou”."),
        ({"number": 8, "colour": "R"}, "en", "When a red 8 is played, its player must say “Miaou”."),
        ({"kind": "skip"}, "fr", "Quand on joue un « Passer son tour », il faut dire « Miaou »."),
        ({"kind": "skip", "colour": "Y"}, "fr", "Quand on joue un « Passer son tour » jaune, il faut dire « Miaou »."),
        ({"kind": "skip", "colour": "Y"}, "en", "When a yellow Skip is played, its player must say “Miaou”."),
        ({"kind": "number", "colour": "B"}, "en", "When a blue number card is played, its player must say “Miaou”."),
    ],
)
def test_chat_vert_rule_conditions(cond: dict[str, JSONValue], lang: str, sentence: str) -> None:
    assert chat_vert.describe_rule({"template": "say", "cond": cond, "phrase": "Miaou"}, lang) == sentence


@pytest.mark.parametrize(
    ("key", "params", "lang", "text"),
    [
        (
            "cv.rule.reverse",
            {"phrase": "Hop"},
            "fr",
            "Visé par un +2 ou un +4, on peut renvoyer la pénalité avec un « Changement de sens » en disant « Hop ».",
        ),
        ("cv.tpl.reverse", {}, "fr", "Renvoyer une pénalité avec un « Changement de sens »"),
        (
            "error.chat_vert.skip_other_colour",
            {},
            "fr",
            "Un « Passer son tour » d'une autre couleur ne renvoie pas le saut.",
        ),
        ("cv.panel.armed", {}, "en", "Your next card is played saying “Chat vert”. Click again to take it back."),
        ("cv.ev.keep", {"name": "Zoé"}, "en", "Zoé keeps the drawn card"),
        ("cv.tpl.free", {}, "en", "Free rule (you hand out the penalties)"),
        ("error.chat_vert.bad_colour", {}, "en", "Choose a colour for a major trump, and only for a major trump."),
        ("narrate.left", {"name": "Zoé"}, "en", "Zoé leaves the table; the computer takes their seat."),
        ("njet.ev.partner", {"name": "Zoé", "partner": "Alice"}, "en", "Zoé picks Alice as their partner"),
        (
            "nj.ev.forfeit",
            {"name": "Zoé", "card": "the queen of spades"},
            "en",
            "Zoé forgets to announce the queen of spades: the tokens stay in the box",
        ),
        ("cmd.nainjaune.new.announce", {}, "en", "Players must press “qui prend” to take a box (default: no)"),
    ],
)
def test_reworded_messages(key: str, params: dict[str, str], lang: str, text: str) -> None:
    assert t(lang, key, **params) == text


@pytest.mark.parametrize(
    ("key", "n", "lang", "text"),
    [
        ("hint.cv.attack", 1, "fr", "le joueur suivant n'a plus qu'une carte : freinez-le"),
        ("hint.cv.attack", 1, "en", "the next player has only one card left: slow them down"),
        (
            "hint.neuro.spots",
            1,
            "fr",
            "ce coup ne rapporte rien tout de suite, mais cette carte n'a qu'une place "
            "possible : gardez les autres pour plus tard",
        ),
        (
            "hint.nj.follow",
            3,
            "fr",
            "elle prolonge la suite, et votre main peut poser 3 cartes d'affilée à partir d'elle",
        ),
        ("njet.ones", 2, "en", "2 “1” cards"),
        ("cv.ev.draw_pending", 2, "en", "Zoé draws 2 cards and misses their turn"),
        ("hint.nj.board", 1, "fr", "une carte du plateau, dont la case contient 1 jeton"),
    ],
)
def test_reworded_counts(key: str, n: int, lang: str, text: str) -> None:
    assert plural(lang, key, n, name="Zoé") == text


@pytest.mark.parametrize(
    ("key", "lang", "text"),
    [
        ("nj.render.new_sequence", "fr", "Nouvelle suite"),
    ],
)
def test_picture_labels_say_what_they_mean(key: str, lang: str, text: str) -> None:
    assert t(lang, key, rows=6, cols=11) == text


def test_the_sans_chip_reads_in_one_language() -> None:
    """The picture's "sans roi" in French, "no king" in English (never "sans king")."""
    engine = engine_of("nain_jaune")
    state = engine.setup(3, {}, action_rng(3, 0))
    table = dataclasses.replace(engine.public_view(state).table, sans="K", wanted="K", new_sequence=False)
    assert [chip[0] for chip in state_chips(table, "en")] == ["no king"]
    assert [chip[0] for chip in state_chips(table, "fr")] == ["sans roi"]


def test_names_after_de_are_elided_or_avoided() -> None:
    """ "Enchères de Amélie", "la table de Le Chat vert": a name after "de" is never left unelided."""
    auction = t("fr", "neuro.summary.auction", caller="Amélie", name="Étienne")
    assert auction == "Enchères lancées par Amélie : à Étienne de miser"
    closed = t("fr", "flow.panel_closed", game="Le Chat vert", channel="#jeux")
    assert closed == "Vous avez quitté la table dans #jeux (Le Chat vert) : ce panneau est fermé."
    assert (
        t("en", "neuro.summary.auction", caller="Amélie", name="Étienne") == "Auction called by Amélie: Étienne to bid"
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("fr", "Sur la pile : « Passer son tour » bleu · couleur bleu · sens ↻ · pioche : 12"),
        ("en", "On the pile: blue Skip · colour blue · direction ↻ · draw pile: 12"),
    ],
)
def test_the_chat_vert_summary_quotes_its_card(lang: str, line: str) -> None:
    engine = engine_of("chat_vert")
    view = engine.public_view(engine.setup(3, {}, action_rng(3, 0)))
    table = dataclasses.replace(view.table, top="BS", colour="B", dir=1, stock=12)
    summary = chat_vert.TEXTS.summary(dataclasses.replace(view, table=table), NJET_NAMES, lang)
    assert summary[0] == line


async def test_the_help_lists_table_commands_in_each_language_typography(tmp_path: Path) -> None:
    """ "`/table rejoindre` : Prendre une place à la table" in French, no space before the colon in English."""
    bot = TableeBot(tmp_path / "h.db", sync_commands=False, timer_tick=0)
    try:
        await bot.setup_hook()
        for lang, join in (("fr", "` : Prendre une place à la table"), ("en", "`: Take a seat at the table")):
            fields = {field.name: str(field.value) for field in help_embed(lang, bot.tree).fields}
            lines = fields[t(lang, "help.table")].splitlines()
            assert any(line.endswith(join) for line in lines), lines
    finally:
        await bot.close()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "fr",
            "• +2 / +4 : le suivant pioche et passe son tour, sauf s'il renvoie avec un +2 / +4 (la pénalité "
            "s'ajoute). « Changement de sens » et « Passer son tour » : comme au Uno.",
        ),
        (
            "en",
            "• +2 / +4: the next player draws and misses their turn unless they pass it on with a +2 / +4 (the "
            "penalty adds up). Reverse and Skip work as in Uno.",
        ),
    ],
)
def test_the_chat_vert_rules_name_the_cards_as_the_log_does(lang: str, line: str) -> None:
    assert line in t(lang, "rules.chat_vert").splitlines()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("fr", "Chloé finit avec des cartes en main : -5 PV"),
        ("en", "Chloé ends with cards in hand: -5 VP"),
    ],
)
def test_neurotrio_last_holder_loses_points(lang: str, line: str) -> None:
    end = Event("game_end", None, {"treasure": "CV3", "last": 2, "penalty": 5, "bids": []})
    message = neurotrio.TEXTS.milestones([end], NJET_NAMES, lang)[0]
    assert message.splitlines()[1] == line
