"""Neurotrio in words: card names, cell names, narration, the table summary, milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import SeatView
from bot.games.base import as_number
from bot.games.base import as_numbers
from bot.games.base import as_seat
from bot.games.base import as_text
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import NeurotrioTableView
from bot.i18n import t
from bot.texts import Narrator
from bot.texts import one_message
from bot.texts import seat_name

KIND = "neurotrio"


def card_name(code: str, locale: str) -> str:
    """``EV2`` -> ``étoile · vert · 2``."""
    return t(
        locale,
        "neuro.card",
        nature=t(locale, f"neuro.nature.{code[0]}"),
        fond=t(locale, f"neuro.fond.{code[1]}"),
        force=code[2],
    )


def _records(value: JSONValue) -> list[dict[str, JSONValue]]:
    """The objects of a JSON list (the bids of the reveal), anything else dropped."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list | tuple) else []


class NeurotrioTexts(Narrator):
    """The words of Neurotrio, for the shared channel messages, panels and logs (``bot.registry.GameTexts``)."""

    def tell(self, k: str, event: Event, who: str, names: Sequence[str], locale: str) -> str | None:
        if event.private_to is not None:
            return None
        if k == "deal":
            line = t(locale, "neuro.ev.deal", card=card_name(event.text("first"), locale))
            extra = as_numbers(event.data.get("extra_vp"))
            if extra:
                line += " — " + t(locale, "neuro.ev.extra", names=", ".join(seat_name(names, s) for s in extra))
            return line
        if k == "place":
            card = card_name(event.text("card"), locale)
            vp = event.number("vp")
            return (
                t(locale, "neuro.ev.place_vp", name=who, card=card, vp=vp)
                if vp
                else t(locale, "neuro.ev.place", name=who, card=card)
            )
        if k == "pass":
            return t(locale, "neuro.ev.pass_vp" if event.number("vp") else "neuro.ev.pass", name=who)
        if k == "limits":
            return t(locale, "neuro.ev.limits", rows=event.number("rows"), cols=event.number("cols"))
        if k == "deux_cartes":
            return t(locale, "neuro.ev.deux_cartes")
        if k == "out":
            order, vp = event.number("rank"), event.number("vp")
            place = t(locale, f"neuro.place.{order}") if order in (1, 2, 3) else t(locale, "neuro.place", order=order)
            return t(locale, "neuro.ev.out" if vp else "neuro.ev.out_none", name=who, place=place, vp=vp)
        if k == "neuro":
            return t(locale, "neuro.ev.neuro", name=who)
        if k == "bid":
            code = event.text("card")
            card = card_name(code, locale) if code else f"({event.number('r')}, {event.number('c')})"
            return t(locale, "neuro.ev.bid", name=who, base=event.number("base"), card=card)
        if k == "nobid":
            return t(locale, "neuro.ev.nobid", name=who)
        if k == "auction_end":
            return t(locale, "neuro.ev.auction_end")
        if k == "game_end":
            return t(locale, "neuro.ev.game_end", treasure=card_name(event.text("treasure"), locale))
        return None

    def summary(self, public: NeurotrioTableView, names: Sequence[str], locale: str) -> list[str]:
        table = public.table
        bases = ", ".join(str(b) for b in table.bases_left) or "—"
        first = t(locale, "neuro.summary.state", rows=table.limit_rows, cols=table.limit_cols, bases=bases)
        if public.over:
            return [first, t(locale, "neuro.summary.over")]
        auction = table.auction
        if auction is not None:
            second = t(
                locale,
                "neuro.summary.auction",
                caller=seat_name(names, auction.caller),
                name=seat_name(names, auction.bidder),
            )
        else:
            who = ", ".join(seat_name(names, s) for s in sorted(public.to_act))
            second = t(locale, "neuro.summary.build", name=who)
            if public.may_interrupt:
                second += " · " + t(locale, "neuro.summary.neuro_open")
        if table.deux_cartes:
            second += " · " + t(locale, "neuro.summary.deux")
        return [first, second]

    def action_label(
        self,
        action: Action,
        view: NeurotrioTableView | NeurotrioSeatView,
        locale: str,
        names: Sequence[str],
    ) -> str:
        if action.kind == "neuro":
            return t(locale, "neuro.action.neuro")
        if action.kind == "pass":
            costs = isinstance(view, SeatView) and view.own.pass_vp < 0
            return t(locale, "neuro.action.pass" if costs else "neuro.action.pass_free")
        if action.kind == "nobid":
            return t(locale, "neuro.action.nobid")
        if action.kind == "place":
            cell = view.table.cell_name(action.number("r"), action.number("c"))
            return t(locale, "neuro.action.place", card=card_name(action.text("card"), locale), cell=cell)[:80]
        if action.kind == "bid":
            return t(locale, "neuro.action.bid")
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """The reveal at the end with every bid's points (the deal opens the game, which the table message shows;
        "deux cartes" and a neuro call are narrated on it)."""
        out: list[str] = []
        for event in events:
            if event.private_to is not None or event.kind != "game_end":
                continue
            line = self.narrate(event, names, locale)
            if not line:
                continue
            if event.kind == "game_end":
                lines = [f"💎 **{line}**"]
                last = event.seat_at("last")
                if last is not None and event.number("penalty"):
                    lines.append(t(locale, "neuro.ev.penalty", name=seat_name(names, last), vp=event.number("penalty")))
                for bid in _records(event.data.get("bids")):
                    lines.append(
                        t(
                            locale,
                            "neuro.reveal_line",
                            name=seat_name(names, as_seat(bid.get("seat"))),
                            base=as_number(bid.get("base")),
                            card=card_name(as_text(bid.get("card")), locale),
                            carton=t(locale, f"neuro.carton.{as_text(bid.get('carton'))}"),
                            points=f"{as_number(bid.get('points')):+d}",
                        )
                    )
                out += lines
            else:
                out.append(f"**{line}**")
        return one_message(out)


TEXTS = NeurotrioTexts(KIND, "unit.vp")
