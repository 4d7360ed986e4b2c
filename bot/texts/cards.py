"""Playing cards in sentences: each rank in the grammatical form a template needs, read from the catalogs.

French inflects the article with the card ("une dame", "l'as", "du roi", "à la dame") and English with its sound
("an ace"); the catalogs hold one entry per rank and form (``card.<form>.<rank>``), so no code guesses grammar.
Templates take the phrase already inflected: "{name} pose {card}" with ``card`` = "la dame de pique".
"""

from __future__ import annotations

from typing import Literal

from bot.i18n import t

Form = Literal["name", "a", "the", "of_the", "to_the"]
FORMS: tuple[Form, ...] = ("name", "a", "the", "of_the", "to_the")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")


def rank_phrase(rank: str, form: Form, locale: object) -> str:
    """The rank in words in one form: ``Q`` -> "une dame" (``a``), "la dame" (``the``), "à la dame" (``to_the``)."""
    return t(locale, f"card.{form}.{rank}") if rank in RANKS else rank


def card_phrase(code: str, form: Form, locale: object) -> str:
    """A card with its suit in words: ``QS`` -> "la dame de pique" / "the queen of spades" (form ``the``)."""
    rank, suit = code[:-1], code[-1:]
    if rank not in RANKS or suit not in SUITS:
        return code
    return t(locale, "card.suited", card=rank_phrase(rank, form, locale), suit=t(locale, f"card.suit.{suit}"))
