"""Le Chat vert in words: card names, the seed's penalty sentences, narration, rule descriptions.

Rule descriptions are for their author and for the final reveal only: nothing here puts a rule's text in a
public line. Penalties name what was said or missing, as the seed's sentences do, never the rule itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import as_text
from bot.games.base import as_texts
from bot.games.chat_vert.views import ChatVertSeatView
from bot.games.chat_vert.views import ChatVertTable
from bot.games.chat_vert.views import ChatVertTableView
from bot.i18n import plural
from bot.i18n import t
from bot.registry import ALT_MAX
from bot.texts import Narrator
from bot.texts import seat_name

KIND = "chat_vert"
COLOURS = ("Y", "R", "B", "G")
MAJORS = ("W", "F")
Rule = Mapping[str, Any]
"""A stored rule (see ``bot.games.chat_vert.rules``): only its author and the final reveal read it in words."""


def colour_name(colour: JSONValue, locale: str) -> str:
    return t(locale, f"cv.colour.{colour}") if colour in COLOURS else "?"


def card_name(code: JSONValue, locale: str) -> str:
    """ "7 rouge" / "red 7", "Changement de couleur" / "Wild"."""
    text = str(code)
    if text in MAJORS:
        return t(locale, f"cv.symbol.{text}")
    if len(text) != 2 or text[0] not in COLOURS:
        return text
    symbol = text[1] if text[1].isdigit() else t(locale, f"cv.symbol.{text[1]}")
    return t(locale, "cv.card", symbol=symbol, colour=colour_name(text[0], locale))


def cards_name(cards: Sequence[str], locale: str) -> str:
    if len(cards) == 2 and cards[0] == cards[1]:
        return t(locale, "cv.pair", card=card_name(cards[0], locale))
    return ", ".join(card_name(c, locale) for c in cards)


WORD_SYMBOLS = ("R", "S", "W")
"""The cards named by words ("Passer son tour"), which a French sentence quotes: "un « Passer son tour » rouge"."""


def _symbol_in_sentence(symbol: str, locale: str) -> str:
    """A card's symbol inside a sentence: a digit or "+2" as it is, a name of words quoted where the language
    quotes it ("« Changement de sens »" / "Reverse")."""
    if symbol in WORD_SYMBOLS:
        return t(locale, "cv.quoted", text=t(locale, f"cv.symbol.{symbol}"))
    return symbol if symbol.isdigit() else t(locale, f"cv.symbol.{symbol}")


def card_in_sentence(code: JSONValue, locale: str) -> str:
    """ "« Passer son tour » rouge", "7 rouge", "« Changement de couleur »" / "red Skip": ``card_name`` with the
    names of words quoted, for the sentences (a button shows ``card_name``)."""
    text = str(code)
    if text in MAJORS:
        return _symbol_in_sentence(text, locale)
    if len(text) != 2 or text[0] not in COLOURS:
        return text
    return t(locale, "cv.card", symbol=_symbol_in_sentence(text[1], locale), colour=colour_name(text[0], locale))


def a_card(code: JSONValue, locale: str) -> str:
    """A card in a sentence: "un 7 rouge", "un « Passer son tour » bleu" / "a red 7" (every card of the game is
    masculine in French)."""
    return t(locale, "cv.card.a", card=card_in_sentence(code, locale))


def two_cards(code: str, locale: str) -> str:
    """A pair in a sentence: "deux 1 rouges", "deux « Passer son tour » bleus" / "two red 1s"."""
    if len(code) != 2 or code[0] not in COLOURS:
        return t(locale, "cv.pair", card=card_name(code, locale))
    symbol = _symbol_in_sentence(code[1], locale)
    return t(locale, "cv.pair.a", symbol=symbol, colour=t(locale, f"cv.colours.{code[0]}"))


def cards_phrase(cards: Sequence[str], locale: str) -> str:
    """The cards of one move in a sentence: "un 7 rouge", or a pair as "deux 7 rouges"."""
    if len(cards) == 2 and cards[0] == cards[1]:
        return two_cards(cards[0], locale)
    return ", ".join(a_card(c, locale) for c in cards)


def penalty_sentence(data: Mapping[str, JSONValue], locale: str) -> str:
    """The seed's sentence for one penalty card ("Pour ne pas avoir dit « ... », voici ta carte.")."""
    reason = as_text(data.get("reason"), "None")
    if reason == "free":
        return as_text(data.get("message")) or t(locale, "cv.pen.free_default")
    expected = as_text(data.get("expected"))
    if data.get("expected_card"):
        expected = card_name(data.get("expected_card"), locale)
    key = f"cv.pen.{reason}"
    return t(locale, key, said=as_text(data.get("said")), expected=expected)


def penalty_line(seat: JSONValue, data: Mapping[str, JSONValue], names: Sequence[str], locale: str) -> str:
    return t(locale, "cv.ev.penalty", name=seat_name(names, seat), sentence=penalty_sentence(data, locale))


COLOURED_KINDS = ("number", "plus2", "reverse", "skip")
"""The kinds of card a colour can narrow (the major trumps have none)."""


def condition_text(cond: Rule | None, locale: str) -> str:
    """ "un 8", "une carte rouge", "un +2 bleu" / "an 8", "a red card", "a blue +2"... for a rule's author."""
    cond = cond or {}
    colour, number, kind = cond.get("colour"), cond.get("number"), cond.get("kind")
    if colour in COLOURS:
        name = colour_name(colour, locale)
        if number is not None:
            return t(locale, "cv.cond.number_coloured", number=number, colour=name)
        if kind in COLOURED_KINDS:
            return t(locale, f"cv.cond.kind_coloured.{kind}", colour=name)
        if not kind:
            return t(locale, "cv.cond.card_coloured", colour=t(locale, f"cv.colour_f.{colour}"))
    if number is not None:
        return t(locale, "cv.cond.number_8" if number == 8 else "cv.cond.number", number=number)
    return t(locale, f"cv.cond.kind.{kind}") if kind else t(locale, "cv.cond.card")


def describe_rule(rule: Rule, locale: str) -> str:
    """One sentence stating a rule: shown to its author and at the final reveal, never elsewhere."""
    template = str(rule.get("template"))
    params: dict[str, Any] = {
        "phrase": rule.get("phrase", ""),
        "cond": condition_text(rule.get("cond"), locale),
        "count": rule.get("count", 1),
        "text": rule.get("text", ""),
        "message": rule.get("message", ""),
    }
    if template == "draw":
        params["who"] = t(locale, f"cv.who.{rule.get('who')}")
        return plural(locale, "cv.rule.draw", int(rule.get("count", 1)), **params)
    return t(locale, f"cv.rule.{template}", **params)


def describe_action(action: Action, names: Sequence[str], locale: str, table: ChatVertTable) -> str:
    """A move in words: the cards (and the colour named), who starts, or the kind of move."""
    if action.kind == "play":
        cards = [action.text("card")] * max(1, action.number("n", 1))
        label = cards_name(cards, locale)
        if action.get("colour"):
            label = t(locale, "cv.action.play_colour", cards=label, colour=colour_name(action.get("colour"), locale))
        return label
    if action.kind == "first":
        left = action.number("dir") == 1
        seat = table.starts[0] if left else table.starts[1]
        return t(locale, f"cv.action.first_{'left' if left else 'right'}", name=seat_name(names, seat))
    if action.kind in ("draw", "keep", "same", "say"):
        return t(locale, f"cv.action.{action.kind}")
    return action.kind


def hand_slots(hand: Sequence[str]) -> list[tuple[str, int]]:
    """The hand as its picture numbers it: each different card once, in hand order, with how many copies are held
    (equal cards lie together under one number, and the panel's buttons name them by that number)."""
    copies: dict[str, int] = {}
    for code in hand:
        copies[code] = copies.get(code, 0) + 1
    return list(copies.items())


def playing_order(table: ChatVertTable) -> list[int]:
    """Every seat once, from the one the game waits for (the seat to play, the dealer choosing, the winner) in
    the direction of play."""
    start = table.winner if table.phase == "over" else table.dealer if table.phase == "direction" else table.turn
    first = start if start is not None else table.dealer
    step = -1 if table.dir < 0 else 1
    return [(first + step * i) % table.players for i in range(table.players)]


def _state(table: ChatVertTable, names: Sequence[str], locale: str) -> str:
    """Who the game waits for: the winner, the dealer choosing, the seat to play (or to play or keep its drawn
    card)."""
    if table.phase == "over":
        return t(locale, "cv.summary.over", name=seat_name(names, table.winner))
    if table.phase == "direction":
        return t(locale, "cv.summary.direction", name=seat_name(names, table.dealer))
    if table.drawing is not None and table.drawing == table.turn:
        return t(locale, "cv.summary.drawing", name=seat_name(names, table.turn))
    return t(locale, "cv.summary.turn", name=seat_name(names, table.turn))


def _weighs(table: ChatVertTable, names: Sequence[str], locale: str) -> list[str]:
    """A penalty waiting, a skipped seat, the added rules in force and the string's holder, as short phrases."""
    found = []
    if table.phase == "play" and table.pending is not None:
        found.append(plural(locale, "cv.summary.pending", table.pending.count))
    if table.phase == "play" and table.skipped is not None:
        found.append(t(locale, "cv.summary.skipped", name=seat_name(names, table.skipped)))
    if table.rules:
        found.append(plural(locale, "cv.summary.rules", table.rules))
    if table.ficelle_rule and table.ficelle is not None:
        found.append(t(locale, "cv.summary.ficelle", name=seat_name(names, table.ficelle)))
    return found


def _fit(text: str) -> str:
    """At most ``ALT_MAX`` characters, cut at a word's end with "…"."""
    if len(text) <= ALT_MAX:
        return text
    cut = text[: ALT_MAX - 1]
    return cut[: cut.rfind(" ")].rstrip(" ,;:") + "…"


def _listed(head: str, items: Sequence[str], tail: Sequence[str], locale: str) -> str:
    """``head`` then ``items`` joined by commas, then ``tail``, within ``ALT_MAX``: items that do not fit are
    counted at the end ("… and 12 more")."""
    for shown in range(len(items), -1, -1):
        listed = ", ".join(items[:shown])
        if shown < len(items):
            listed += " " + plural(locale, "cv.alt.more", len(items) - shown)
        text = " ".join([f"{head} {listed}.", *tail])
        if len(text) <= ALT_MAX:
            return text
    return _fit(head)


class ChatVertTexts(Narrator):
    """Le Chat vert's words for the table service: narration, summary, move labels, milestones."""

    def tell(self, k: str, event: Event, who: str, names: Sequence[str], locale: str) -> str | None:
        if event.private_to is not None:
            return None
        if k == "deal":
            name = seat_name(names, event.seat_at("dealer"))
            line = t(locale, "cv.ev.deal", name=name, card=a_card(event.text("top"), locale))
            returned = as_texts(event.data.get("returned"))
            if returned:
                line += " " + t(locale, "cv.ev.returned", cards=cards_name(returned, locale))
            return line
        if k == "direction":
            key = "cv.ev.direction.left" if event.number("dir") == 1 else "cv.ev.direction.right"
            return t(locale, key, name=who, first=seat_name(names, event.seat_at("first")))
        if k == "play":
            return self._play(event, names, locale)
        if k == "draw":
            count = event.number("count")
            said = event.text("said")
            if event.text("why") == "pending":
                line = plural(locale, "cv.ev.draw_pending", count, name=who)
            elif count == 0:
                line = t(locale, "cv.ev.draw_none", name=who)
            else:
                line = t(locale, "cv.ev.draw", name=who)
            return line + (t(locale, "cv.ev.and_said", said=said) if said else "")
        if k == "keep":
            return t(locale, "cv.ev.keep", name=who)
        if k == "pause":
            return t(locale, "cv.ev.pause", cards=plural(locale, "unit.cards", event.number("stock")))
        if k == "said":
            return t(locale, "cv.ev.said", name=who, text=event.text("text"))
        if k == "penalty":
            return penalty_line(event.seat, event.data, names, locale)
        if k == "rule_draw":
            return plural(locale, "cv.ev.rule_draw", event.number("count") or 1, name=who)
        if k == "die":
            return t(locale, "cv.ev.die", value=event.number("value"), name=seat_name(names, event.seat_at("drawer")))
        if k == "ficelle":
            if event.data.get("passed"):
                old = seat_name(names, event.seat_at("from"))
                return plural(locale, "cv.ev.ficelle_passed", event.number("count"), old=old, name=who)
            return t(locale, "cv.ev.ficelle", name=who)
        if k == "win":
            return f"🏆 {t(locale, 'cv.ev.win', name=who)} {t(locale, 'cv.ev.win_rule', name=who)}"
        return None

    def _play(self, event: Event, names: Sequence[str], locale: str) -> str:
        d = event.data
        who = seat_name(names, event.seat)
        cards = cards_phrase(as_texts(d.get("cards")), locale)
        line = t(locale, "cv.ev.same" if d.get("same") else "cv.ev.play", name=who, cards=cards)
        if event.text("colour"):
            line += t(locale, "cv.ev.colour", colour=colour_name(event.text("colour"), locale))
        if event.text("said"):
            line += t(locale, "cv.ev.and_said", said=event.text("said"))
        if d.get("transfer"):
            line += t(locale, "cv.ev.transfer")
        if d.get("reversed") and not d.get("transfer"):
            line += t(locale, "cv.ev.reversed")
        if event.number("pending"):
            line += plural(
                locale, "cv.ev.pending", event.number("pending"), name=seat_name(names, event.seat_at("next"))
            )
        if event.seat_at("skipped") is not None:
            line += t(locale, "cv.ev.skipped", name=seat_name(names, event.seat_at("skipped")))
        return line

    def summary(self, public: ChatVertTableView, names: Sequence[str], locale: str) -> list[str]:
        """The pile, whose turn and what weighs on the game, then in small print every seat's card count in playing
        order (the picture draws the seats around the pile, but a phone reads names and counts better in text)."""
        table = public.table
        arrow = "↻" if table.dir == 1 else "↺"
        first = t(
            locale,
            "cv.summary.table",
            card=card_in_sentence(table.top, locale),
            colour=colour_name(table.colour, locale),
            arrow=arrow,
            stock=table.stock,
        )
        second = " · ".join([_state(table, names, locale), *_weighs(table, names, locale)])
        counts = " · ".join(f"{seat_name(names, seat)} {table.counts[seat]}" for seat in playing_order(table))
        return [first, second, "-# " + t(locale, "cv.summary.seats", seats=counts)]

    def describe_table(self, public: ChatVertTableView, names: Sequence[str], locale: str) -> str:
        """The table picture in words: whose turn, the pile (and the colour called), the direction, a penalty
        waiting, the draw pile, every seat's cards in playing order, the seats' markers, the rules in force."""
        table = public.table
        parts = [_state(table, names, locale) + "."]
        card = card_in_sentence(table.top, locale)
        if table.top_major and table.colour in COLOURS:
            parts.append(t(locale, "cv.alt.pile_major", card=card, colour=colour_name(table.colour, locale)))
        else:
            parts.append(t(locale, "cv.alt.pile", card=card))
        key = "cv.alt.no_direction" if table.arrows == 0 else f"cv.alt.{'clockwise' if table.dir == 1 else 'counter'}"
        parts.append(t(locale, key))
        if table.pending is not None and table.phase == "play":
            target = seat_name(names, table.pending.target)
            parts.append(plural(locale, "cv.alt.pending", table.pending.count, name=target))
        parts.append(plural(locale, "cv.alt.stock", table.stock))
        seats = ", ".join(
            plural(locale, "cv.alt.seat", table.counts[seat], name=seat_name(names, seat))
            for seat in playing_order(table)
        )
        parts.append(t(locale, "cv.alt.seats", seats=seats))
        if table.phase != "over" and table.skipped is not None:
            parts.append(t(locale, "cv.alt.skipped", name=seat_name(names, table.skipped)))
        if table.ficelle_rule and table.ficelle is not None:
            parts.append(t(locale, "cv.alt.ficelle", name=seat_name(names, table.ficelle)))
        parts.append(t(locale, "cv.alt.dealer", name=seat_name(names, table.dealer)))
        if table.rules:
            parts.append(plural(locale, "cv.summary.rules", table.rules) + ".")
        return _fit(" ".join(parts))

    def describe_hand(self, view: ChatVertSeatView, names: Sequence[str], locale: str) -> str:
        """The hand picture in words: the cards as numbered there (equal cards under one number, with their
        copies), which the base rules let the seat play now, and the card it has just drawn."""
        own = view.own
        if not own.hand:
            return t(locale, "cv.alt.hand_empty")
        lit = set(own.playable) if own.task in ("turn", "drawn") else set()
        items = []
        for number, (code, copies) in enumerate(hand_slots(own.hand), start=1):
            notes = [plural(locale, "cv.alt.copies", copies)] if copies > 1 else []
            if code in lit:
                notes.append(t(locale, "cv.alt.playable"))
            if code == own.drawn:
                notes.append(t(locale, "cv.alt.drawn"))
            item = t(locale, "cv.alt.slot", number=number, card=card_name(code, locale))
            items.append(t(locale, "cv.alt.notes", slot=item, notes=", ".join(notes)) if notes else item)
        head = plural(locale, "cv.alt.hand", len(own.hand))
        tail = [t(locale, "cv.alt.none_playable")] if own.task == "turn" and not lit else []
        return _listed(head, items, tail, locale)

    def action_label(
        self,
        action: Action,
        view: ChatVertTableView | ChatVertSeatView,
        locale: str,
        names: Sequence[str],
    ) -> str:
        return describe_action(action, names, locale, view.table)[:80]

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """None: a game is one deal, shown by the table message; penalties, plays and the win go into its recent
        moves, and the table service posts the ranking at the end."""
        return []


TEXTS = ChatVertTexts(KIND, "unit.cards")
