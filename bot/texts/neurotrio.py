"""Neurotrio in words: card names, cell names, narration, the table summary (the players, the bids, the limits: what
the table picture leaves to words), the pictures' descriptions, milestone messages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import SeatView
from bot.games.base import as_number
from bot.games.base import as_numbers
from bot.games.base import as_seat
from bot.games.base import as_text
from bot.games.neurotrio import TYPES
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import NeurotrioTable
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import Placement
from bot.games.neurotrio_views import column_label
from bot.i18n import plural
from bot.i18n import t
from bot.texts import Narrator
from bot.texts import fit_alt as fit
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


def short_card(code: str, locale: str) -> str:
    """``EV2`` -> ``étoile vert 2`` (``green star 2``): a card in a description that names many."""
    nature, fond = t(locale, f"neuro.nature.{code[0]}"), t(locale, f"neuro.fond.{code[1]}")
    return t(locale, "neuro.card_short", nature=nature, fond=fond, force=code[2])


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
        """Whose turn (or the end and the treasure), the players' VP, cards and cartons, then in small print the
        bids and the limits: the words the table picture, which draws the grid alone, leaves to the message."""
        table = public.table
        return [
            _turn_line(public, names, locale),
            _players_line(public, names, locale),
            *_small_print(table, names, locale),
        ]

    def describe_table(self, public: NeurotrioTableView, names: Sequence[str], locale: str) -> str:
        """The grid in words: whose turn, the domain's size and cells, the card last laid (or the treasure), the
        cards holding bids and how many (the summary names the bidders), then each row's cards by column."""
        table = public.table
        parts = [_turn_alt(public, names, locale)]
        box = table.box
        last_cell = table.cell_name(box.r0 + box.rows, box.c0 + box.cols)
        grid = {"rows": box.rows, "cols": box.cols, "first": "A1", "last": last_cell}
        parts.append(plural(locale, "neuro.alt.grid", len(table.grid), **grid))
        last = table.last
        if public.over:
            spot = next((s for s in table.grid if s.card == table.treasure), None)
            if spot is not None:
                parts.append(t(locale, "neuro.alt.treasure_at", cell=table.cell_name(spot.r, spot.c)))
        elif last is not None and last.kind == "place" and last.r is not None and last.c is not None:
            cell = table.cell_name(last.r, last.c)
            parts.append(t(locale, "neuro.alt.last", name=seat_name(names, last.seat), cell=cell))
        if table.bids:
            discs = Counter(table.cell_name(bid.r, bid.c) for bid in table.bids)
            cells = ", ".join(f"{cell} ×{n}" if n > 1 else cell for cell, n in discs.items())
            parts.append(t(locale, "neuro.alt.bids", cells=cells))
        parts += _rows_alt(table, locale)
        return fit(" ".join(parts))

    def describe_hand(self, view: NeurotrioSeatView, names: Sequence[str], locale: str) -> str:
        """The seat's own picture in words: its cards (the playable ones said when it may play), the types the
        treasure can still be, its cartons left and its bids with their hidden mentions."""
        own = view.own
        lit = frozenset(own.playable) if view.legal else None
        parts = [_hand_alt(own.hand, lit, locale)]
        crossed = set(own.notebook)
        left = [short_card(code, locale) for code in TYPES if code not in crossed]
        parts.append(plural(locale, "neuro.alt.notebook", len(left), cards=", ".join(left)))
        if own.cartons:
            cartons = ", ".join(t(locale, f"neuro.carton.{k}") for k in own.cartons)
            parts.append(t(locale, "neuro.alt.cartons", cartons=cartons))
        else:
            parts.append(t(locale, "neuro.alt.no_cartons"))
        if own.my_bids:
            bids = "; ".join(
                t(
                    locale,
                    "neuro.alt.bid",
                    carton=t(locale, f"neuro.carton.{bid.carton}"),
                    base=bid.base,
                    cell=view.table.cell_name(bid.r, bid.c),
                    card=short_card(bid.card, locale),
                )
                for bid in own.my_bids
            )
            parts.append(t(locale, "neuro.alt.my_bids", bids=bids))
        return fit(" ".join(parts))

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


def describe_cells(table: NeurotrioTable, card: str, cells: Sequence[Placement], locale: str) -> str:
    """The picture of the cells where ``card`` can go, in words: each cell, with the VP it scores."""
    shown = ", ".join(
        t(locale, "neuro.alt.cell_vp", cell=table.cell_name(p.r, p.c), vp=p.vp) if p.vp else table.cell_name(p.r, p.c)
        for p in cells
    )
    return fit(t(locale, "neuro.alt.cells", card=card_name(card, locale), cells=shown))


def _turn_line(public: NeurotrioTableView, names: Sequence[str], locale: str) -> str:
    """Whose turn, a call open and "deux cartes"; at the end, the winners, the treasure and the hidden card."""
    table = public.table
    if public.over:
        winners = [seat_name(names, s) for s in table.winners]
        line = plural(locale, "neuro.summary.winners", len(winners), names=", ".join(winners))
        if table.treasure:
            line += " · " + t(locale, "neuro.summary.end", treasure=card_name(table.treasure, locale))
        return line
    auction = table.auction
    if auction is not None:
        caller, bidder = seat_name(names, auction.caller), seat_name(names, auction.bidder)
        line = t(locale, "neuro.summary.auction", caller=caller, name=bidder)
    else:
        line = t(locale, "neuro.summary.build", name=", ".join(seat_name(names, s) for s in sorted(public.to_act)))
        if public.may_interrupt:
            line += " · " + t(locale, "neuro.summary.neuro_open")
    if table.deux_cartes:
        line += " · " + t(locale, "neuro.summary.deux")
    return line


def _players_line(public: NeurotrioTableView, names: Sequence[str], locale: str) -> str:
    """Every player's VP, cards (or place out of cards) and cartons left; ranked at the end."""
    players = sorted(public.table.players, key=lambda p: (p.rank, p.seat)) if public.over else public.table.players
    shown = []
    for p in players:
        cartons = plural(locale, "neuro.summary.cartons", p.cartons_left)
        name = seat_name(names, p.seat)
        if p.out is not None:
            shown.append(t(locale, "neuro.summary.player_out", name=name, vp=p.vp, out=p.out, cartons=cartons))
        else:
            cards = plural(locale, "neuro.summary.cards", p.cards)
            shown.append(t(locale, "neuro.summary.player", name=name, vp=p.vp, cards=cards, cartons=cartons))
    return " · ".join(shown)


def _small_print(table: NeurotrioTable, names: Sequence[str], locale: str) -> list[str]:
    """The bids (with their points once revealed), then the limits, the base cartons left and the backgrounds'
    letters, as Discord's small print."""
    lines = []
    points = {bid.base: bid.points for bid in table.reveal}
    if table.bids:
        bids = []
        for bid in table.bids:
            shown = {"base": bid.base, "name": seat_name(names, bid.seat), "cell": table.cell_name(bid.r, bid.c)}
            if bid.base in points:
                bids.append(t(locale, "neuro.summary.bid_points", points=f"{points[bid.base]:+d}", **shown))
            else:
                bids.append(t(locale, "neuro.summary.bid", **shown))
        lines.append("-# " + t(locale, "neuro.summary.bids", bids=" · ".join(bids)))
    bases = ", ".join(str(b) for b in table.bases_left) or "—"
    state = t(locale, "neuro.summary.state", rows=table.limit_rows, cols=table.limit_cols, bases=bases)
    lines.append(f"-# {state} · {t(locale, 'neuro.summary.legend')}")
    return lines


def _turn_alt(public: NeurotrioTableView, names: Sequence[str], locale: str) -> str:
    table = public.table
    if public.over:
        return t(locale, "neuro.alt.over", treasure=card_name(table.treasure or "", locale))
    if table.auction is not None and table.auction.bidder is not None:
        return t(locale, "neuro.alt.to_bid", name=seat_name(names, table.auction.bidder))
    if table.turn is not None:
        return t(locale, "neuro.alt.turn", name=seat_name(names, table.turn))
    return ""


def _rows_alt(table: NeurotrioTable, locale: str) -> list[str]:
    """Each row of the grid holding cards: its number and each card by its column's letter."""
    box = table.box
    rows: dict[int, list[tuple[int, str]]] = {}
    for spot in table.grid:
        rows.setdefault(spot.r, []).append((spot.c, spot.card))
    out = []
    for r in sorted(rows):
        cards = ", ".join(f"{column_label(c - box.c0 + 1)} {short_card(code, locale)}" for c, code in sorted(rows[r]))
        out.append(t(locale, "neuro.alt.row", row=r - box.r0 + 2, cards=cards))
    return out


def _hand_alt(hand: Sequence[str], lit: frozenset[str] | None, locale: str) -> str:
    """The hand, equal cards counted once ("×2"), the playable ones said when the seat may play."""
    if not hand:
        return t(locale, "neuro.alt.empty_hand")
    counts = Counter(hand)
    shown = []
    for code in sorted(counts):
        card = card_name(code, locale) + (f" ×{counts[code]}" if counts[code] > 1 else "")
        shown.append(t(locale, "neuro.alt.playable", card=card) if lit is not None and code in lit else card)
    text = plural(locale, "neuro.alt.hand", len(hand), cards=", ".join(shown))
    if lit is not None and not lit:
        text += " " + t(locale, "neuro.alt.none_playable")
    return text


TEXTS = NeurotrioTexts(KIND, "unit.vp")
