"""Nain Jaune in words: card names, narration of events, the table summary, milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import Event
from bot.games.nain_jaune_views import NainJauneSeatView
from bot.games.nain_jaune_views import NainJauneTableView
from bot.i18n import plural
from bot.i18n import t
from bot.texts import Narrator
from bot.texts import ends_game
from bot.texts import later_deal
from bot.texts import one_message
from bot.texts import seat_name

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
KIND = "nain_jaune"


def rank_label(rank: str, locale: str) -> str:
    """Short rank on a card: A, 2..10, and V/D/R in French, J/Q/K in English."""
    return t(locale, f"nj.rank_short.{rank}") if rank in ("A", "J", "Q", "K") else rank


def rank_name(rank: str, locale: str) -> str:
    """Rank in words, as called at the table ("sans valet", "sans 10")."""
    return t(locale, f"nj.rank_name.{rank}") if rank in ("A", "J", "Q", "K") else rank


def card_name(code: str, locale: str) -> str:
    """``10D`` -> ``10♦``; ``QS`` -> ``D♠`` in French, ``Q♠`` in English."""
    return f"{rank_label(code[:-1], locale)}{SUITS[code[-1]]}"


class NainJauneTexts(Narrator):
    """The words of Nain Jaune, for the shared channel messages, panels and logs (``bot.registry.GameTexts``)."""

    def tell(self, k: str, event: Event, who: str, names: Sequence[str], locale: str) -> str | None:
        if k == "play":
            return t(locale, "nj.ev.play", name=who, card=card_name(event.text("card"), locale))
        if k == "take":
            tokens = plural(locale, "unit.tokens", event.number("tokens"))
            return t(locale, "nj.ev.take", name=who, card=card_name(event.text("card"), locale), tokens=tokens)
        if k == "sans":
            return t(locale, "nj.ev.sans", name=who, rank=rank_name(event.text("rank"), locale))
        if k == "pass":
            return t(locale, "nj.ev.pass", name=who)
        if k == "next_rank":
            return t(locale, "nj.ev.next_rank", rank=rank_name(event.text("rank"), locale))
        if k == "new_sequence":
            return t(locale, "nj.ev.new_sequence", name=who)
        if k == "forfeit":
            return t(locale, "nj.ev.forfeit", name=who, card=card_name(event.text("card"), locale))
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
            card = card_name(event.text("card"), locale)
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
        table = public.table
        dealer = seat_name(names, table.dealer)
        first = t(locale, "nj.summary.deal", deal=table.deal, deals=table.deals, dealer=dealer)
        if public.over:
            return [first, t(locale, "nj.summary.over")]
        who = seat_name(names, table.current)
        if table.wanted is None:
            second = t(locale, "nj.summary.new_sequence", name=who)
        elif table.sans:
            second = t(locale, "nj.summary.sans", name=who, rank=rank_name(table.sans, locale))
        else:
            last = card_name(table.last_card, locale) if table.last_card else "—"
            second = t(locale, "nj.summary.wanted", name=who, rank=rank_name(table.wanted, locale), last=last)
        return [first, second]

    def action_label(
        self, action: Action, view: NainJauneTableView | NainJauneSeatView, locale: str, names: Sequence[str]
    ) -> str:
        if action.kind == "play":
            return card_name(action.text("card"), locale)
        if action.kind == "claim":
            return t(locale, "nj.action.claim", card=card_name(action.text("card"), locale))
        if action.kind == "pass":
            wanted = view.table.wanted
            return t(locale, "nj.action.pass", rank=rank_name(wanted, locale) if wanted else "—")
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """The end of a deal with its payments and the next deal, in one message (the game end is the caller's)."""
        if ends_game(events):
            return []
        parts: list[str] = []
        ended = False
        for event in events:
            line = self.narrate(event, names, locale)
            if not line:
                continue
            if event.kind == "deal_end":
                ended = True
                parts.append(f"**{line}**")
            elif event.kind in ("payment", "double", "take") and ended:
                parts.append(f"• {line}")
            elif later_deal(event, "deal"):
                parts.append(f"🃏 **{line}**")
        return one_message(parts)


TEXTS = NainJauneTexts(KIND, "unit.tokens")
