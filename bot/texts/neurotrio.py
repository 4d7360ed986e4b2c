"""Neurotrio in words: card names, cell names, narration, the table summary, milestone messages."""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any

from bot.games.base import Action, Event, JSONValue
from bot.i18n import t
from bot.texts import register, seat_name

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


def column_label(index: int) -> str:
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = string.ascii_uppercase[rest] + out
    return out


def cell_name(view: dict[str, Any], r: int, c: int) -> str:
    """A cell as the table picture labels it: the bounding box plus a ring of empty cells, A1 at its top left."""
    box = view.get("box") or {"r0": 0, "c0": 0}
    return f"{column_label(c - (int(box['c0']) - 1))}{r - (int(box['r0']) - 1) + 1}"


def _card_at(view: dict[str, Any], r: JSONValue, c: JSONValue, locale: str) -> str:
    for cell in view.get("grid") or []:
        if cell["r"] == r and cell["c"] == c:
            return card_name(str(cell["card"]), locale)
    return "?"


class NeurotrioTexts:
    kind = KIND
    score_unit_key = "unit.vp"

    def narrate(self, event: Event, names: Sequence[str], locale: str) -> str | None:
        d: Any = event.data
        who = seat_name(names, event.seat)
        k = event.kind
        if event.private_to is not None:
            return None
        if k == "deal":
            line = t(locale, "neuro.ev.deal", card=card_name(str(d["first"]), locale))
            extra = d.get("extra_vp") or []
            if extra:
                line += " — " + t(locale, "neuro.ev.extra", names=", ".join(seat_name(names, s) for s in extra))
            return line
        if k == "place":
            card = card_name(str(d["card"]), locale)
            vp = int(d.get("vp") or 0)
            return (
                t(locale, "neuro.ev.place_vp", name=who, card=card, vp=vp)
                if vp
                else t(locale, "neuro.ev.place", name=who, card=card)
            )
        if k == "pass":
            return t(locale, "neuro.ev.pass_vp" if d.get("vp") else "neuro.ev.pass", name=who)
        if k == "limits":
            return t(locale, "neuro.ev.limits", rows=d["rows"], cols=d["cols"])
        if k == "deux_cartes":
            return t(locale, "neuro.ev.deux_cartes")
        if k == "out":
            return t(locale, "neuro.ev.out", name=who, rank=d.get("rank"), vp=d.get("vp"))
        if k == "neuro":
            return t(locale, "neuro.ev.neuro", name=who)
        if k == "bid":
            card = card_name(str(d["card"]), locale) if d.get("card") else f"({d.get('r')}, {d.get('c')})"
            return t(locale, "neuro.ev.bid", name=who, base=d["base"], card=card)
        if k == "nobid":
            return t(locale, "neuro.ev.nobid", name=who)
        if k == "auction_end":
            return t(locale, "neuro.ev.auction_end")
        if k == "game_end":
            return t(locale, "neuro.ev.game_end", treasure=card_name(str(d["treasure"]), locale))
        return None

    def summary(self, public: dict[str, JSONValue], names: Sequence[str], locale: str) -> list[str]:
        view: Any = public
        limits = view.get("limits") or {}
        bases = ", ".join(str(b) for b in view.get("bases_left") or []) or "—"
        first = t(locale, "neuro.summary.state", rows=limits.get("rows"), cols=limits.get("cols"), bases=bases)
        if view.get("over"):
            return [first, t(locale, "neuro.summary.over")]
        auction = view.get("auction")
        if auction:
            second = t(
                locale,
                "neuro.summary.auction",
                caller=seat_name(names, auction.get("caller")),
                name=seat_name(names, auction.get("bidder")),
            )
        else:
            who = ", ".join(seat_name(names, s) for s in view.get("to_act") or [])
            second = t(locale, "neuro.summary.build", name=who)
            if view.get("interrupters"):
                second += " · " + t(locale, "neuro.summary.neuro_open")
        if view.get("deux_cartes"):
            second += " · " + t(locale, "neuro.summary.deux")
        return [first, second]

    def action_label(self, action: Action, view: dict[str, JSONValue], locale: str, names: Sequence[str]) -> str:
        v: Any = view
        if action.kind == "neuro":
            return t(locale, "neuro.action.neuro")
        if action.kind == "pass":
            holds = bool(v.get("hand"))
            return t(locale, "neuro.action.pass" if holds else "neuro.action.pass_free")
        if action.kind == "nobid":
            return t(locale, "neuro.action.nobid")
        if action.kind == "place":
            cell = cell_name(v, int(action["r"]), int(action["c"]))
            return t(locale, "neuro.action.place", card=card_name(str(action["card"]), locale), cell=cell)[:80]
        if action.kind == "bid":
            return t(locale, "neuro.action.bid")
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """The deal, "deux cartes", a neuro call, and the reveal at the end with every bid's points."""
        out: list[str] = []
        for event in events:
            if event.private_to is not None or not event.milestone:
                continue
            line = self.narrate(event, names, locale)
            if not line:
                continue
            if event.kind == "game_end":
                d: Any = event.data
                lines = [f"💎 **{line}**"]
                if d.get("last") is not None and d.get("penalty"):
                    lines.append(t(locale, "neuro.ev.penalty", name=seat_name(names, d["last"]), vp=d["penalty"]))
                for bid in d.get("bids") or []:
                    lines.append(
                        t(
                            locale,
                            "neuro.reveal_line",
                            name=seat_name(names, bid["seat"]),
                            base=bid["base"],
                            card=card_name(str(bid["card"]), locale),
                            carton=t(locale, f"neuro.carton.{bid['carton']}"),
                            points=f"{int(bid['points']):+d}",
                        )
                    )
                out.append("\n".join(lines)[:2000])
            elif event.kind == "neuro":
                out.append(f"🧠 **{line}**")
            else:
                out.append(f"**{line}**")
        return out


TEXTS = register(NeurotrioTexts())
