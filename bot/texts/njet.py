"""Njet! in words: card and option names, narration, the table summary and milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import SeatView
from bot.games.base import as_texts
from bot.games.njet_views import BoardRow
from bot.games.njet_views import HandCard
from bot.games.njet_views import NjetSeatView
from bot.games.njet_views import NjetTable
from bot.games.njet_views import NjetTableView
from bot.games.njet_views import Play
from bot.games.njet_views import Rules
from bot.i18n import plural
from bot.i18n import t
from bot.texts import Narrator
from bot.texts import fit_alt
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


def character_name(table: NjetTable, seat: int, locale: str) -> str:
    """The name of the character the seat plays ("Ours", "Bear")."""
    found = next((p.character for p in table.players if p.seat == seat), "")
    return t(locale, f"njet.character.{found}") if found else "?"


def board_words(row: BoardRow, locale: str, names: Sequence[str]) -> str:
    """One row of the Njet board in words: its open options, then the blocked ones with who blocked them."""
    name = t(locale, f"njet.alt.rowname.{row.row}")
    open_ = [option_name(row.row, o.option, locale, names) for o in row.options if o.blocked_by is None]
    if row.decided:
        return t(locale, "njet.alt.row.decided", row=name, option=", ".join(open_))
    blocked = [
        t(
            locale,
            "njet.alt.blocked",
            option=option_name(row.row, o.option, locale, names),
            name=seat_name(names, o.blocked_by),
        )
        for o in row.options
        if o.blocked_by is not None
    ]
    if not blocked:
        return t(locale, "njet.alt.row", row=name, open=", ".join(open_))
    return t(locale, "njet.alt.row.blocked", row=name, open=", ".join(open_), blocked=", ".join(blocked))


def plays_words(plays: Sequence[Play], locale: str, names: Sequence[str]) -> str:
    """The cards of a trick in play order, each with its player, the card taking the trick said so."""
    words = []
    for play in plays:
        card = card_name(play.card, locale)
        if play.super_trump:
            card = t(locale, "njet.alt.super_card", card=card)
        key = "njet.alt.play.wins" if play.wins else "njet.alt.play"
        words.append(t(locale, key, name=seat_name(names, play.seat), card=card))
    return ", ".join(words)


def teams_words(table: NjetTable, locale: str, names: Sequence[str]) -> list[str]:
    """Each team of the round: its members, the tricks and 1s it took, what that is worth to each member."""
    lines = []
    for team in table.teams:
        members = ", ".join(seat_name(names, seat) for seat in team.seats)
        if len(team.seats) == 2:
            members = t(locale, "njet.alt.pair", a=seat_name(names, team.seats[0]), b=seat_name(names, team.seats[1]))
        lines.append(
            t(
                locale,
                "njet.alt.team.alone" if team.alone else "njet.alt.team",
                names=members,
                tricks=plural(locale, "njet.tricks", team.tricks),
                ones=plural(locale, "njet.ones", team.ones),
                points=plural(locale, "unit.points", team.points),
            )
        )
    return lines


TEAM_LETTERS = ("A", "B")
"""The teams' letters, as the table picture marks the players."""


def team_line(table: NjetTable, index: int, locale: str, names: Sequence[str]) -> str:
    """One team's tally of the round: "Équipe A (Zoé, Hugo) : 2 plis, 1 carte « 1 », soit 6 points"."""
    team = table.teams[index]
    return t(
        locale,
        "njet.summary.team.alone" if team.alone else "njet.summary.team",
        letter=TEAM_LETTERS[index % len(TEAM_LETTERS)],
        names=", ".join(seat_name(names, seat) for seat in team.seats),
        tricks=plural(locale, "njet.tricks", team.tricks),
        ones=plural(locale, "njet.ones", team.ones),
        points=plural(locale, "unit.points", team.points),
    )


def players_words(table: NjetTable, locale: str, names: Sequence[str]) -> list[str]:
    """Every player with their character, the cards they hold and their total, one sentence each."""
    return [
        t(
            locale,
            "njet.alt.player",
            name=seat_name(names, player.seat),
            character=character_name(table, player.seat, locale),
            cards=plural(locale, "unit.cards", player.cards),
            score=plural(locale, "unit.points", player.score),
        )
        for player in table.players
    ]


def hand_words(cards: Sequence[HandCard], locale: str) -> str:
    """Cards of a hand in order, a super-trump said so (a card held twice is named twice)."""
    words = []
    for card in cards:
        name = card_name(card.code, locale)
        words.append(t(locale, "njet.alt.super_card", card=name) if card.super_trump else name)
    return ", ".join(words)


def _ranking(table: NjetTable, locale: str, names: Sequence[str]) -> str:
    """The players by rank with their totals: "1. Zoé, 42 points, 2. Hugo, 30 points"."""
    return ", ".join(
        t(
            locale,
            "alt.place",
            place=player.rank,
            name=seat_name(names, player.seat),
            score=plural(locale, "unit.points", player.score),
        )
        for player in sorted(table.players, key=lambda p: (p.rank, p.seat))
    )


def table_words(public: NjetTableView, names: Sequence[str], locale: str) -> list[str]:
    """The sentences of the table's description, in the order the picture reads."""
    table = public.table
    who = ", ".join(seat_name(names, s) for s in sorted(public.to_act)) or "—"
    dealer = seat_name(names, table.dealer)
    parts = [t(locale, "njet.alt.round", round=table.round, rounds=table.rounds, dealer=dealer)]
    phase = public.phase
    if phase == "over":
        return [*parts, t(locale, "njet.alt.over", ranking=_ranking(table, locale, names))]
    if phase == "njet":
        parts.append(plural(locale, "njet.alt.njet", table.stones_left, name=who))
        parts += [board_words(row, locale, names) for row in table.board]
    elif table.rules is not None:
        parts.append(t(locale, "njet.alt.rules", rules=rules_line(table.rules, locale, names)))
    if phase == "partner":
        parts.append(t(locale, "njet.alt.partner.alone" if table.may_play_alone else "njet.alt.partner", name=who))
    elif phase == "discard":
        count = table.rules.discard if table.rules is not None else 0
        parts.append(plural(locale, "njet.alt.discard", count, names=who))
    elif phase == "tricks":
        parts += teams_words(table, locale, names)
        if table.trick:
            parts.append(t(locale, "njet.alt.trick", plays=plays_words(table.trick, locale, names)))
        parts.append(t(locale, "njet.alt.turn", name=who))
        if table.last_trick:
            winner = seat_name(names, table.last_winner)
            parts.append(t(locale, "njet.alt.last", name=winner, plays=plays_words(table.last_trick, locale, names)))
    return parts + players_words(table, locale, names)


def hand_task(view: NjetSeatView, locale: str) -> str:
    """What the seat has to do now with its hand, in words ("" when there is nothing to say)."""
    if view.over:
        return ""
    if view.seat not in view.to_act:
        return t(locale, "njet.alt.hand.wait") if view.phase == "tricks" else ""
    if view.phase == "njet":
        return t(locale, "njet.alt.hand.block")
    if view.phase == "partner":
        return t(locale, "njet.alt.hand.partner")
    if view.phase == "discard":
        count = view.table.rules.discard if view.table.rules is not None else 0
        return plural(locale, "njet.alt.hand.discard", count)
    playable = [card for card in view.own.hand if card.playable]
    if len(playable) == len(view.own.hand):
        return t(locale, "njet.alt.hand.all")
    return t(locale, "njet.alt.hand.playable", cards=hand_words(playable, locale))


def hand_sentences(view: NjetSeatView, locale: str) -> list[str]:
    """The sentences of the hand's description: the cards, what may be played now, the secret discard."""
    own = view.own
    character = character_name(view.table, view.seat, locale)
    if not own.hand:
        parts = [t(locale, "njet.alt.hand.empty", character=character)]
    else:
        parts = [t(locale, "njet.alt.hand", character=character, cards=hand_words(own.hand, locale))]
        parts += [task for task in (hand_task(view, locale),) if task]
    if own.discards:
        parts.append(t(locale, "njet.alt.discards", cards=hand_words(own.discards, locale)))
    return parts


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
        """The round and its dealer; what the phase awaits, with the round's rules once decided; during the tricks,
        the teams' tally of the round (the table picture leaves it to these words)."""
        table = public.table
        dealer = seat_name(names, table.dealer)
        lines = [t(locale, "njet.summary.round", round=table.round, rounds=table.rounds, dealer=dealer)]
        phase = public.phase
        who = ", ".join(seat_name(names, s) for s in sorted(public.to_act)) or "—"
        rules = table.rules
        if phase == "njet":
            lines.append(plural(locale, "njet.summary.njet", table.stones_left, name=who))
        elif phase in ("partner", "discard") and rules is not None:
            lines.append(t(locale, "njet.summary.rules", rules=rules_line(rules, locale, names)))
            key = "njet.summary.partner" if phase == "partner" else "njet.summary.discard"
            lines.append(t(locale, key, name=who, names=who))
        elif phase == "tricks" and rules is not None:
            lines.append(t(locale, "njet.summary.tricks", rules=rules_line(rules, locale, names), name=who))
            if table.teams:
                lines.append(" · ".join(team_line(table, i, locale, names) for i in range(len(table.teams))))
        else:
            lines.append(t(locale, "njet.summary.over"))
        return lines

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
            code = action.text("card")
            held = view.own.codes.count(code) if isinstance(view, SeatView) else 1
            label = card_label(code, locale)
            return label if held < 2 else t(locale, "njet.panel.copies", card=label, n=held)
        if action.kind == "discard":
            return ", ".join(card_name(c, locale) for c in as_texts(action.get("cards")))[:80]
        return action.kind

    def describe_table(self, public: NjetTableView, names: Sequence[str], locale: str) -> str:
        """The table picture in words: the round, the board or the rules, the trick, the teams, the players."""
        return fit_alt(" ".join(table_words(public, names, locale)))

    def describe_hand(self, view: NjetSeatView, names: Sequence[str], locale: str) -> str:
        """The hand picture in words: the seat's own cards, which it may play now, its secret discard."""
        return fit_alt(" ".join(hand_sentences(view, locale)))

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """The end of a round with its scores and the next deal, in one message (a round's rules go into the
        table message's recent moves)."""
        return self.round_milestones(events, names, locale, "🃏", "njet.round_line")


TEXTS = NjetTexts(KIND, "unit.points")
