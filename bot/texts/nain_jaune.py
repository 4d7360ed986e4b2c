"""Nain Jaune in words: card names, narration of events, the table summary, milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action, Event, JSONValue
from bot.i18n import plural, t
from bot.texts import register, seat_name

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


class NainJauneTexts:
    kind = KIND
    score_unit_key = "unit.tokens"

    def narrate(self, event: Event, names: Sequence[str], locale: str) -> str | None:
        d = event.data
        who = seat_name(names, event.seat)
        k = event.kind
        if k == "play":
            return t(locale, "nj.ev.play", name=who, card=card_name(str(d["card"]), locale))
        if k == "take":
            tokens = plural(locale, "unit.tokens", int(d["tokens"]))
            return t(locale, "nj.ev.take", name=who, card=card_name(str(d["card"]), locale), tokens=tokens)
        if k == "sans":
            return t(locale, "nj.ev.sans", name=who, rank=rank_name(str(d["rank"]), locale))
        if k == "pass":
            return t(locale, "nj.ev.pass", name=who)
        if k == "next_rank":
            return t(locale, "nj.ev.next_rank", rank=rank_name(str(d["rank"]), locale))
        if k == "new_sequence":
            return t(locale, "nj.ev.new_sequence", name=who)
        if k == "forfeit":
            return t(locale, "nj.ev.forfeit", name=who, card=card_name(str(d["card"]), locale))
        if k == "grand_opera":
            return t(locale, "nj.ev.grand_opera", name=who, tokens=plural(locale, "unit.tokens", int(d["tokens"])))
        if k == "payment":
            tokens = plural(locale, "unit.tokens", int(d["tokens"]))
            key = "nj.ev.payment" if d["tokens"] == d["owed"] else "nj.ev.payment_short"
            return t(locale, key, name=who, to=seat_name(names, d["to"]), tokens=tokens, owed=d["owed"])
        if k == "double":
            tokens = plural(locale, "unit.tokens", int(d["tokens"]))
            key = "nj.ev.double" if d.get("owed", d["tokens"]) == d["tokens"] else "nj.ev.double_short"
            card = card_name(str(d["card"]), locale)
            return t(locale, key, name=who, card=card, tokens=tokens, owed=d.get("owed", d["tokens"]))
        if k == "deal":
            return t(locale, "nj.ev.deal", deal=d["deal"], dealer=seat_name(names, d["dealer"]))
        if k == "deal_end":
            return t(locale, "nj.ev.deal_end", deal=d["deal"], name=seat_name(names, d["winner"]))
        if k == "game_end":
            return t(locale, f"nj.ev.game_end.{d.get('reason', 'deals')}")
        if k == "stake":
            return t(locale, "nj.ev.stake", deal=d["deal"])
        return None

    def summary(self, public: dict[str, JSONValue], names: Sequence[str], locale: str) -> list[str]:
        deal, deals = public["deal"], public["deals"]
        first = t(locale, "nj.summary.deal", deal=deal, deals=deals, dealer=seat_name(names, public["dealer"]))
        if public.get("over"):
            return [first, t(locale, "nj.summary.over")]
        who = seat_name(names, public.get("to_act"))
        wanted, sans, last = public.get("wanted"), public.get("sans"), public.get("last_card")
        if wanted is None:
            second = t(locale, "nj.summary.new_sequence", name=who)
        elif sans:
            second = t(locale, "nj.summary.sans", name=who, rank=rank_name(str(sans), locale))
        else:
            second = t(
                locale,
                "nj.summary.wanted",
                name=who,
                rank=rank_name(str(wanted), locale),
                last=card_name(str(last), locale) if last else "—",
            )
        return [first, second]

    def action_label(self, action: Action, view: dict[str, JSONValue], locale: str, names: Sequence[str]) -> str:
        if action.kind == "play":
            return card_name(str(action["card"]), locale)
        if action.kind == "claim":
            return t(locale, "nj.action.claim", card=card_name(str(action["card"]), locale))
        if action.kind == "pass":
            wanted = view.get("wanted")
            return t(locale, "nj.action.pass", rank=rank_name(str(wanted), locale) if wanted else "—")
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """A new deal, a Grand opéra, the end of a deal with its payments (the game end is added by the caller)."""
        out: list[str] = []
        block: list[str] = []
        for event in events:
            line = self.narrate(event, names, locale)
            if event.kind == "grand_opera" and line:
                out.append(f"🎭 {line}")
            elif event.kind in ("payment", "double", "take") and block:
                if line:
                    block.append(f"• {line}")
            elif event.kind == "deal_end" and line:
                block = [f"**{line}**"]
            elif event.kind == "deal" and line:
                if block:
                    out.append("\n".join(block))
                    block = []
                out.append(f"🃏 **{line}**")
        if block:
            out.append("\n".join(block))
        return out


TEXTS = register(NainJauneTexts())
