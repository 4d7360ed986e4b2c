"""Njet! in words: card and option names, narration, the table summary and milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import as_texts
from bot.games.njet_views import NjetSeatView
from bot.games.njet_views import NjetTableView
from bot.games.njet_views import Rules
from bot.i18n import plural
from bot.i18n import t
from bot.texts import Narrator
from bot.texts import seat_name

KIND = "njet"
COLOUR_EMOJI = {"R": "🟥", "K": "⬛", "B": "🟦", "G": "🟩"}


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


def stone_label(row: str, option: str, locale: str, names: Sequence[str]) -> str:
    """A stone's button: the row and the option, so that the trump and super-trump stones of one colour differ
    ("Atout : rouge", "Super-atout : rouge"), a colour square first."""
    label = t(locale, f"njet.stone.{row}", option=option_name(row, option, locale, names))
    prefix = COLOUR_EMOJI.get(option) if row in ("trump", "super") else None
    return (f"{prefix} {label}" if prefix else label)[:80]


def block_sentence(who: str, row: str, option: str, locale: str, names: Sequence[str]) -> str:
    """A stone laid, as said at the table: "Bruno dit Njet ! à l'atout vert", "… à une manche sans défausse"."""
    if row == "start":
        return t(locale, "njet.ev.block.start", name=who, option=seat_name(names, int(option)))
    if row == "discard" and option == "0":
        return t(locale, "njet.ev.block.no_discard", name=who)
    if row == "discard":
        return t(locale, "njet.ev.block.discard", name=who, cards=plural(locale, "unit.cards", int(option)))
    if row == "super" and option == "none":
        return t(locale, "njet.ev.block.no_super", name=who)
    if row in ("trump", "super"):
        return t(locale, f"njet.ev.block.{row}", name=who, colour=colour_name(option, locale))
    return t(locale, "njet.ev.block.points", name=who, points=plural(locale, "njet.per_trick", int(option)))


def rules_line(rules: Rules, locale: str, names: Sequence[str]) -> str:
    """The five rules of a round in one line ("pas de défausse", "défausse de 2 cartes", "pas de super-atout")."""
    super_colour = rules.super_colour
    if rules.discard:
        discard = t(locale, "njet.rules.discard", cards=plural(locale, "unit.cards", rules.discard))
    else:
        discard = t(locale, "njet.rules.no_discard")
    if super_colour == "none":
        super_rule = t(locale, "njet.rules.no_super")
    else:
        super_rule = t(locale, "njet.rules.super", colour=colour_name(super_colour, locale))
    return t(
        locale,
        "njet.rules_line",
        start=seat_name(names, rules.start),
        discard=discard,
        trump=colour_name(rules.trump, locale),
        super=super_rule,
        points=plural(locale, "njet.per_trick", rules.points),
    )


def _rules_of(event: Event) -> Rules:
    """The rules carried by a ``rules`` event."""
    return Rules(
        start=event.number("start"),
        discard=event.number("discard"),
        trump=event.text("trump"),
        super_colour=event.text("super"),
        points=event.number("points"),
    )


class NjetTexts(Narrator):
    """The words of Njet!, for the shared channel messages, panels and logs (``bot.registry.GameTexts``)."""

    def tell(self, k: str, event: Event, who: str, names: Sequence[str], locale: str) -> str | None:
        if k == "block":
            return block_sentence(who, event.text("row"), event.text("option"), locale, names)
        if k == "rules":
            return t(locale, "njet.ev.rules", rules=rules_line(_rules_of(event), locale, names))
        if k == "partner":
            return t(locale, "njet.ev.partner", name=who, partner=seat_name(names, event.seat_at("partner")))
        if k == "alone":
            return t(locale, "njet.ev.alone", name=who)
        if k == "discarded":
            if event.private_to is not None:
                return None
            return t(locale, "njet.ev.discarded", name=who)
        if k == "play":
            return t(locale, "njet.ev.play", name=who, card=card_name(event.text("card"), locale))
        if k == "trick":
            ones = event.number("ones")
            winner = seat_name(names, event.seat_at("winner"))
            if not ones:
                return t(locale, "njet.ev.trick", name=winner)
            return t(locale, "njet.ev.trick_ones", name=winner, ones=plural(locale, "njet.ones", ones))
        if k == "deal":
            return t(
                locale, "njet.ev.deal", round=event.number("round"), dealer=seat_name(names, event.seat_at("dealer"))
            )
        if k == "round_end":
            return t(locale, "njet.ev.round_end", round=event.number("round"))
        if k == "game_end":
            return t(locale, "njet.ev.game_end")
        return None

    def summary(self, public: NjetTableView, names: Sequence[str], locale: str) -> list[str]:
        table = public.table
        first = t(
            locale,
            "njet.summary.round",
            round=table.round,
            rounds=table.rounds,
            dealer=seat_name(names, table.dealer),
        )
        phase = public.phase
        waiting = [seat_name(names, s) for s in sorted(public.to_act)]
        who = ", ".join(waiting) or "—"
        if phase == "njet":
            second = plural(locale, "njet.summary.njet", table.stones_left, name=who)
        elif phase == "partner":
            second = t(locale, "njet.summary.partner", name=who)
        elif phase == "discard":
            second = t(locale, "njet.summary.discard", names=who)
        elif phase == "tricks" and table.rules is not None:
            second = t(locale, "njet.summary.tricks", rules=rules_line(table.rules, locale, names), name=who)
        else:
            second = t(locale, "njet.summary.over")
        return [first, second]

    def action_label(
        self,
        action: Action,
        view: NjetTableView | NjetSeatView,
        locale: str,
        names: Sequence[str],
    ) -> str:
        if action.kind == "block":
            return stone_label(action.text("row"), action.text("option"), locale, names)
        if action.kind == "partner":
            return t(locale, "njet.action.partner", name=seat_name(names, action.get("seat")))[:80]
        if action.kind == "alone":
            return t(locale, "njet.action.alone")
        if action.kind == "play":
            return card_label(action.text("card"), locale)
        if action.kind == "discard":
            return ", ".join(card_name(c, locale) for c in as_texts(action.get("cards")))[:80]
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """The end of a round with its scores and the next deal, in one message (a round's rules go into the
        table message's recent moves)."""
        return self.round_milestones(events, names, locale, "🃏", "njet.round_line")


TEXTS = NjetTexts(KIND, "unit.points")
