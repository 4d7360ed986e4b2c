"""Njet! in words: card and option names, narration, the table summary and milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action, Event, JSONValue
from bot.i18n import plural, t
from bot.texts import register, seat_name

KIND = "njet"
COLOUR_EMOJI = {"R": "🟥", "K": "⬛", "B": "🟦", "G": "🟩"}
CHARACTERS = ("ours", "loup", "faucon", "colombe")


def colour_name(colour: str, locale: str) -> str:
    return t(locale, f"njet.colour.{colour}")


def card_name(code: str, locale: str) -> str:
    """``G7`` -> ``7 vert`` / ``green 7``."""
    return t(locale, "njet.card", value=code[1:], colour=colour_name(code[0], locale))


def card_label(code: str, locale: str) -> str:
    """A button label: the colour as a square, then the card."""
    return f"{COLOUR_EMOJI.get(code[0], '')} {card_name(code, locale)}"


def option_name(row: str, option: str, locale: str, names: Sequence[str]) -> str:
    """What an option of the Njet board means, in words."""
    if row == "start":
        return seat_name(names, int(option))
    if row == "discard":
        return t(locale, f"njet.discard.{option}")
    if row in ("trump", "super"):
        return t(locale, "njet.super.none") if option == "none" else colour_name(option, locale)
    return option


def rules_line(rules: dict[str, JSONValue], locale: str, names: Sequence[str]) -> str:
    super_colour = str(rules.get("super"))
    return t(
        locale,
        "njet.rules_line",
        start=seat_name(names, rules.get("start")),
        discard=t(locale, f"njet.discard.{rules.get('discard')}"),
        trump=colour_name(str(rules.get("trump")), locale),
        super=t(locale, "njet.super.none") if super_colour == "none" else colour_name(super_colour, locale),
        points=rules.get("points"),
    )


class NjetTexts:
    kind = KIND
    score_unit_key = "unit.points"

    def narrate(self, event: Event, names: Sequence[str], locale: str) -> str | None:
        d = event.data
        who = seat_name(names, event.seat)
        k = event.kind
        if k == "block":
            row, option = str(d["row"]), str(d["option"])
            what = option_name(row, option, locale, names)
            return t(locale, "njet.ev.block", name=who, row=t(locale, f"njet.row.{row}"), option=what)
        if k == "rules":
            return t(locale, "njet.ev.rules", rules=rules_line(dict(d), locale, names))
        if k == "partner":
            return t(locale, "njet.ev.partner", name=who, partner=seat_name(names, d["partner"]))
        if k == "alone":
            return t(locale, "njet.ev.alone", name=who)
        if k == "discarded":
            if event.private_to is not None:
                return None
            return t(locale, "njet.ev.discarded", name=who)
        if k == "play":
            return t(locale, "njet.ev.play", name=who, card=card_name(str(d["card"]), locale))
        if k == "trick":
            ones = int(d.get("ones", 0))
            winner = seat_name(names, d["winner"])
            if not ones:
                return t(locale, "njet.ev.trick", name=winner)
            return t(locale, "njet.ev.trick_ones", name=winner, ones=plural(locale, "njet.ones", ones))
        if k == "deal":
            return t(locale, "njet.ev.deal", round=d["round"], dealer=seat_name(names, d["dealer"]))
        if k == "round_end":
            return t(locale, "njet.ev.round_end", round=d["round"])
        if k == "game_end":
            return t(locale, "njet.ev.game_end")
        return None

    def summary(self, public: dict[str, JSONValue], names: Sequence[str], locale: str) -> list[str]:
        first = t(
            locale,
            "njet.summary.round",
            round=public["round"],
            rounds=public["rounds"],
            dealer=seat_name(names, public["dealer"]),
        )
        phase = public.get("phase")
        waiting = [seat_name(names, s) for s in public.get("to_act") or []]
        who = ", ".join(waiting) or "—"
        if phase == "njet":
            second = t(locale, "njet.summary.njet", name=who, stones=public.get("stones_left"))
        elif phase == "partner":
            second = t(locale, "njet.summary.partner", name=who)
        elif phase == "discard":
            second = t(locale, "njet.summary.discard", names=who)
        elif phase == "tricks":
            rules = public.get("rules") or {}
            second = t(locale, "njet.summary.tricks", rules=rules_line(dict(rules), locale, names), name=who)
        else:
            second = t(locale, "njet.summary.over")
        return [first, second]

    def action_label(self, action: Action, view: dict[str, JSONValue], locale: str, names: Sequence[str]) -> str:
        if action.kind == "block":
            row, option = str(action["row"]), str(action["option"])
            if row in ("trump", "super") and option != "none":
                prefix = COLOUR_EMOJI.get(option, "")
                return f"{prefix} {option_name(row, option, locale, names)}"[:80]
            label = f"{t(locale, f'njet.row_short.{row}')} {option_name(row, option, locale, names)}"
            return label[:80]
        if action.kind == "partner":
            return t(locale, "njet.action.partner", name=seat_name(names, action["seat"]))[:80]
        if action.kind == "alone":
            return t(locale, "njet.action.alone")
        if action.kind == "play":
            return card_label(str(action["card"]), locale)
        if action.kind == "discard":
            return ", ".join(card_name(str(c), locale) for c in action["cards"])[:80]
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """The deal of a round, the rules it got, the end of a round with its scores."""
        out: list[str] = []
        for event in events:
            if event.private_to is not None:
                continue
            if event.kind == "deal":
                out.append(f"🃏 **{self.narrate(event, names, locale)}**")
            elif event.kind == "rules":
                out.append(f"⚫ {self.narrate(event, names, locale)}")
            elif event.kind == "round_end":
                scores = list(event.data.get("scores") or [])
                lines = [f"**{self.narrate(event, names, locale)}**"]
                for seat, points in enumerate(scores):
                    lines.append(t(locale, "njet.round_line", name=seat_name(names, seat), points=points))
                out.append("\n".join(lines))
        return out


TEXTS = register(NjetTexts())
