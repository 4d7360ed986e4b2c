"""Nain Jaune in words: card names, narration of events, the table summary, milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import Event
from bot.games.nain_jaune_views import BoxView
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.games.nain_jaune_views import NainJauneTable
from bot.games.nain_jaune_views import NainJauneTableView
from bot.games.nain_jaune_views import PlayerView
from bot.i18n import plural
from bot.i18n import t
from bot.texts import Narrator
from bot.texts import fit_alt
from bot.texts import later_deal
from bot.texts import one_message
from bot.texts import seat_name
from bot.texts.cards import RANKS
from bot.texts.cards import card_phrase
from bot.texts.cards import rank_phrase

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
KIND = "nain_jaune"
NAIN_JAUNE = "7D"
"""The seven of diamonds: its box is called the Nain Jaune."""


def rank_label(rank: str, locale: str) -> str:
    """Short rank on a card: A, 2..10, and V/D/R in French, J/Q/K in English."""
    return t(locale, f"nj.rank_short.{rank}") if rank in ("A", "J", "Q", "K") else rank


def rank_name(rank: str, locale: str) -> str:
    """Rank in words, as called at the table ("sans valet", "sans dix")."""
    return rank_phrase(rank, "name", locale)


def sans_call(rank: str, locale: str) -> str:
    """The call "sans dix" when nobody can go on: French in every language, with its meaning in English
    ("“sans dix” (no ten)"), as the game's other calls."""
    return t(locale, f"nj.sans.{rank}") if rank in RANKS else rank


def card_name(code: str, locale: str) -> str:
    """A card's short label for buttons: ``10D`` -> ``10♦``; ``QS`` -> ``D♠`` in French, ``Q♠`` in English."""
    return f"{rank_label(code[:-1], locale)}{SUITS[code[-1]]}"


def the_card(code: str, locale: str) -> str:
    """A card in a sentence: "la dame de pique", "l'as de cœur", "the queen of spades"."""
    return card_phrase(code, "the", locale)


def box_name(code: str, locale: str) -> str:
    """A box of the board in a sentence: "la case de la dame de pique", "la case du Nain jaune"."""
    if code == NAIN_JAUNE:
        return t(locale, "nj.box.7D")
    return t(locale, "nj.box", card=card_phrase(code, "of_the", locale))


class NainJauneTexts(Narrator):
    """The words of Nain Jaune, for the shared channel messages, panels and logs (``bot.registry.GameTexts``)."""

    def tell(self, k: str, event: Event, who: str, names: Sequence[str], locale: str) -> str | None:
        if k == "play":
            return t(locale, "nj.ev.play", name=who, card=the_card(event.text("card"), locale))
        if k == "take":
            tokens = plural(locale, "unit.tokens", event.number("tokens"))
            return t(locale, "nj.ev.take", name=who, box=box_name(event.text("card"), locale), tokens=tokens)
        if k == "sans":
            return t(locale, "nj.ev.sans", name=who, sans=sans_call(event.text("rank"), locale))
        if k == "pass":
            return t(locale, "nj.ev.pass", name=who)
        if k == "next_rank":
            rank = event.text("rank")
            missing = RANKS[RANKS.index(rank) - 1] if rank in RANKS[1:] else rank
            return t(
                locale,
                "nj.ev.next_rank",
                rank=rank_phrase(rank, "to_the", locale),
                missing=rank_name(missing, locale),
            )
        if k == "new_sequence":
            return t(locale, "nj.ev.new_sequence", name=who)
        if k == "forfeit":
            return t(locale, "nj.ev.forfeit", name=who, card=the_card(event.text("card"), locale))
        if k == "grand_opera":
            tokens = plural(locale, "unit.tokens", event.number("tokens"))
            return t(locale, "nj.ev.grand_opera", name=who, tokens=tokens)
        if k == "payment":
            paid, owed = event.number("tokens"), event.number("owed")
            key = "nj.ev.payment" if paid == owed else "nj.ev.payment_short"
            to = seat_name(names, event.seat_at("to"))
            return t(locale, key, name=who, to=to, tokens=plural(locale, "unit.tokens", paid), owed=owed)
        if k == "double":
            paid = event.number("tokens")
            owed = event.number("owed", paid)
            key = "nj.ev.double" if owed == paid else "nj.ev.double_short"
            card = the_card(event.text("card"), locale)
            return t(locale, key, name=who, card=card, tokens=plural(locale, "unit.tokens", paid), owed=owed)
        if k == "deal":
            dealer = seat_name(names, event.seat_at("dealer"))
            return t(locale, "nj.ev.deal", deal=event.number("deal"), dealer=dealer)
        if k == "deal_end":
            winner = seat_name(names, event.seat_at("winner"))
            return t(locale, "nj.ev.deal_end", deal=event.number("deal"), name=winner)
        if k == "game_end":
            return t(locale, f"nj.ev.game_end.{event.text('reason', 'deals')}")
        if k == "stake":
            return t(locale, "nj.ev.stake", deal=event.number("deal"))
        return None

    def summary(self, public: NainJauneTableView, names: Sequence[str], locale: str) -> list[str]:
        """The deal, the dealer and the talon; where the sequence stands and whose turn it is; then one line per
        player with the cards in hand and the tokens (the picture shows the board and the sequence only)."""
        table = public.table
        dealer = seat_name(names, table.dealer)
        talon = plural(locale, "nj.summary.talon", table.talon)
        first = t(locale, "nj.summary.deal", deal=table.deal, deals=table.deals, dealer=dealer, talon=talon)
        if public.over:
            return [first, t(locale, "nj.summary.over")]
        return [first, _where(table, names, locale), *(_player_line(p, names, locale) for p in table.players)]

    def describe_table(self, public: NainJauneTableView, names: Sequence[str], locale: str) -> str:
        """The table picture in words: each box's card and tokens, a claim awaited, the sequence's cards and what
        comes next (the players' counts are in the message's text)."""
        table = public.table
        boxes = [_box_words(box, locale) for box in (table.boxes[i] for i in BOX_ORDER)]
        parts = [t(locale, "nj.alt.board", boxes=", ".join(boxes))]
        claims = [box_name(box.card, locale) for box in table.boxes if box.claimable]
        if claims:
            parts.append(t(locale, "nj.alt.claim", boxes=", ".join(claims)))
        if table.sequence:
            parts.append(t(locale, "nj.alt.sequence", cards=_cards_words(table.sequence, locale)))
        else:
            parts.append(t(locale, "nj.alt.no_sequence"))
        parts.append(_next_words(table, names, locale) if not public.over else t(locale, "nj.summary.over"))
        return fit_alt(" ".join(parts))

    def describe_hand(self, view: NainJauneSeatView, names: Sequence[str], locale: str) -> str:
        """The hand picture in words: every card, then those playable now (all others are not)."""
        hand, table = view.own.hand, view.table
        if not hand:
            return t(locale, "nj.alt.empty_hand")
        parts = [plural(locale, "nj.alt.hand", len(hand), cards=_cards_words(hand, locale))]
        playable = [code for code in hand if code in view.own.playable] if view.own.my_turn else []
        if playable and len(playable) == len(hand) > 1:
            parts.append(t(locale, "nj.alt.all_playable"))
        elif playable:
            parts.append(t(locale, "nj.alt.playable", cards=_cards_words(playable, locale)))
        elif view.own.my_turn or table.over or table.current is None:
            parts.append(t(locale, "nj.alt.none_playable"))
        else:
            parts.append(t(locale, "nj.alt.waiting", name=seat_name(names, table.current)))
        return fit_alt(" ".join(parts))

    def action_label(
        self, action: Action, view: NainJauneTableView | NainJauneSeatView, locale: str, names: Sequence[str]
    ) -> str:
        if action.kind == "play":
            return card_name(action.text("card"), locale)
        if action.kind == "claim":
            return t(locale, "nj.action.claim", card=card_name(action.text("card"), locale))
        if action.kind == "pass":
            wanted = view.table.wanted
            return t(locale, "nj.action.pass", sans=sans_call(wanted, locale) if wanted else "—")
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """Each deal's end as the referee tells it (``deal_end_lines``) and the next deal, in one message; at the
        game's end, the last deal and why the game stops (the ranking is the caller's, in the same message)."""
        parts: list[str] = []
        settled: list[Event] = []
        for event in events:
            if event.kind in SETTLING:
                settled.append(event)  # the engine pays before it says the deal is over
            elif event.kind == "deal_end":
                parts += deal_end_lines(self, event, settled, names, locale)
                settled = []
            elif event.kind == "game_end" or later_deal(event, "deal"):
                line = self.narrate(event, names, locale)
                parts.append(f"🃏 **{line}**" if event.kind == "deal" else f"*{line}*")
        return one_message(parts)


BOX_ORDER = (0, 1, 4, 2, 3)
"""The boxes as the picture lays them out left to right: 10♦, V♣, the Nain jaune (7♦) in the middle, D♠, R♥."""


def _where(table: NainJauneTable, names: Sequence[str], locale: str) -> str:
    """Where the sequence stands and whose turn it is: a new sequence, a "sans X" passed on, or the rank wanted."""
    who = seat_name(names, table.current)
    if table.wanted is None:
        return t(locale, "nj.summary.new_sequence", name=who)
    if table.sans:
        return t(locale, "nj.summary.sans", name=who, sans=sans_call(table.sans, locale))
    last = card_name(table.last_card, locale) if table.last_card else "—"
    wanted = rank_phrase(table.wanted, "a", locale)
    return t(locale, "nj.summary.wanted", name=who, rank=wanted, last=last)


def _next_words(table: NainJauneTable, names: Sequence[str], locale: str) -> str:
    """What comes next, as a sentence for a screen reader (the sequence's cards were just read)."""
    if table.wanted is None or table.sans:
        return _where(table, names, locale)
    name = seat_name(names, table.current)
    return t(locale, "nj.alt.wanted", rank=rank_phrase(table.wanted, "a", locale), name=name)


def _player_line(player: PlayerView, names: Sequence[str], locale: str) -> str:
    """A player's cards in hand and tokens, the seat to act marked."""
    key = "nj.summary.player.turn" if player.acting else "nj.summary.player"
    held = plural(locale, "nj.cards", player.cards)
    tokens = plural(locale, "unit.tokens", player.tokens)
    return t(locale, key, name=seat_name(names, player.seat), held=held, tokens=tokens)


def _cards_words(codes: Sequence[str], locale: str) -> str:
    """Cards in words, in order: "as de trèfle, deux de trèfle"."""
    return ", ".join(card_phrase(code, "name", locale) for code in codes)


def _box_words(box: BoxView, locale: str) -> str:
    """A box in words: its card (the Nain jaune named) and its tokens."""
    key = "nj.alt.box.7D" if box.nain_jaune else "nj.alt.box"
    return t(locale, key, card=card_phrase(box.card, "name", locale), tokens=plural(locale, "unit.tokens", box.tokens))


SETTLING = frozenset({"payment", "grand_opera", "double"})
"""The events of a deal's settlement, which come just before its ``deal_end``."""


def deal_end_lines(
    texts: NainJauneTexts, end: Event, settled: Sequence[Event], names: Sequence[str], locale: str
) -> list[str]:
    """A deal's end: its winner, one line per payer (what they could pay when short), a Grand opéra, then each
    board card kept in hand doubling its box."""
    lines = [f"**{texts.narrate(end, names, locale)}**"]
    for event in settled:
        if event.kind == "double":
            paid, owed = event.number("tokens"), event.number("owed")
            key = "nj.deal_end.double" if paid == owed else "nj.deal_end.double_short"
            card = card_phrase(event.text("card"), "of_the", locale)
            tokens = plural(locale, "unit.tokens", paid)
            line = t(locale, key, name=seat_name(names, event.seat), card=card, tokens=tokens, owed=owed)
        else:
            line = texts.narrate(event, names, locale) or ""
        lines.append(f"🎭 **{line}**" if event.kind == "grand_opera" else f"• {line}")
    return lines


TEXTS = NainJauneTexts(KIND, "unit.tokens")
