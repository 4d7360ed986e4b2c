"""The moves a player may make, as the page lays them out: plain data, built from the seat's own view and legal
moves only, in the player's language.

A move is always sent as the action itself (``Action.dumps``), and the server checks it again through the table
service: nothing here decides what is legal, it only arranges the moves the engine listed (and, for Le Chat vert,
every card of the hand, as the Discord panel does: secret rules may allow more than the known ones).

Sections, each a dict with a ``type``:

``buttons``  a row of moves, one tap each;
``choices``  labelled groups (a Triominos spot's letter, a Chat vert card): a group of one move plays at once, a
             larger one opens to its moves (a tile's turns, a card's colours);
``grid``     a board of cells (Neurotrio's domain, Njet's board), with ``keys`` to choose first when a cell holds
             several moves (the Neurotrio card to lay there);
``form``     a move made of several parts (a Neurotrio bid: base carton, domain card on the grid, own carton);
``pick``     exactly ``count`` cards of the hand (Njet's secret discard);
``words``    a text box: words said with the next move marked ``say``, or said alone.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from bot.games.base import Action
from bot.games.base import as_texts
from bot.games.chat_vert.rules import CHAT_VERT
from bot.games.chat_vert.views import ChatVertSeatView
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.njet import ROWS
from bot.games.njet_views import NjetSeatView
from bot.games.triominos_views import TriominosSeatView
from bot.i18n import plural
from bot.i18n import t
from bot.registry import texts_of
from bot.service.tables import Snapshot
from bot.texts.chat_vert import COLOURS
from bot.texts.chat_vert import MAJORS
from bot.texts.chat_vert import card_name as cv_card_name
from bot.texts.chat_vert import colour_name
from bot.texts.chat_vert import describe_action
from bot.texts.neurotrio import card_name as neuro_card_name
from bot.texts.njet import card_label
from bot.texts.njet import option_name
from bot.texts.triominos import space_letters

Section = dict[str, Any]
SAY_MAX = 200
"""The longest thing a player may say with a move (the engine refuses longer)."""


def move(action: Action, label: str, style: str = "primary", *, say: bool = False) -> dict[str, Any]:
    """One move as the page shows it: its label, the action to send back, and whether words go with it."""
    return {"label": label[:100], "move": action.dumps(), "style": style, "say": say}


def _label(snapshot: Snapshot, seat: int, action: Action, lang: str) -> str:
    names = [s.name for s in snapshot.game.seats]
    return texts_of(snapshot.game.kind).action_label(action, snapshot.views[seat], lang, names)


def buttons(snapshot: Snapshot, seat: int, actions: Sequence[Action], lang: str, title: str = "") -> list[Section]:
    """A row of moves labelled as the Discord buttons are; none when there is no move."""
    if not actions:
        return []
    return [{"type": "buttons", "title": title, "moves": [move(a, _label(snapshot, seat, a, lang)) for a in actions]}]


def generic(snapshot: Snapshot, seat: int, legal: list[Action], lang: str) -> list[Section]:
    """Every legal move as a button (Nain Jaune, and any game without a way of its own)."""
    return buttons(snapshot, seat, legal, lang)


# -- Triominos: the lettered spots -----------------------------------------------------------------------------


def triominos(snapshot: Snapshot, seat: int, legal: list[Action], lang: str) -> list[Section]:
    """A button per lettered space (the letters the turn's picture shows), opening to the tiles and turns that fit
    there; drawing and passing beside."""
    view: TriominosSeatView = snapshot.views[seat]
    placements = view.own.placements if any(a.kind == "place" for a in legal) else ()
    letters = space_letters(placements)  # as the turn's picture letters them
    groups: dict[str, list[dict[str, Any]]] = {letter: [] for letter in letters.values()}
    for placement in sorted(placements, key=lambda p: -p.points):
        groups[letters[(placement.r, placement.c)]].append(
            move(placement.action, _label(snapshot, seat, placement.action, lang))
        )
    out: list[Section] = []
    if groups:
        out.append(
            {
                "type": "choices",
                "title": t(lang, "activity.tri.spots"),
                "groups": [{"label": letter, "moves": moves} for letter, moves in groups.items()],
            }
        )
    others = [a for a in legal if a.kind != "place"]
    return out + buttons(snapshot, seat, others, lang)


# -- Neurotrio: the domain's grid ------------------------------------------------------------------------------


def _domain_grid(view: NeurotrioSeatView, lang: str, cell: Callable[[int, int], dict[str, Any]]) -> dict[str, Any]:
    """The domain's cells as the table picture draws them (its box and a ring of empty cells around it, named like
    the picture, A1 at the top left), each cell's extra fields from ``cell``."""
    table = view.table
    box = table.box
    rows = range(box.r0 - 1, box.r0 + box.rows + 1)
    cols = range(box.c0 - 1, box.c0 + box.cols + 1)
    out_rows = []
    for r in rows:
        cells = []
        for c in cols:
            card = table.card_at(r, c)
            name = table.cell_name(r, c)
            title = f"{name} · {neuro_card_name(card, lang)}" if card else name
            cells.append({"text": name, "title": title, "filled": card is not None, **cell(r, c)})
        out_rows.append({"label": table.cell_name(r, cols[0]).lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), "cells": cells})
    columns = [table.cell_name(rows[0], c).rstrip("0123456789") for c in cols]
    return {"cols": columns, "rows": out_rows}


def neurotrio(snapshot: Snapshot, seat: int, legal: list[Action], lang: str) -> list[Section]:
    """Building: a card of the hand, then a cell of the grid where it fits. Bidding: the bid's three parts, the
    domain card tapped on the grid. "Neuro !", passing and not bidding as buttons."""
    view: NeurotrioSeatView = snapshot.views[seat]
    out: list[Section] = []
    if view.table.auction is not None and any(a.kind == "bid" for a in legal):
        choices = view.own.bid
        cells = {(g.r, g.c) for g in choices.cells}
        grid = _domain_grid(view, lang, lambda r, c: {"value": {"r": r, "c": c}} if (r, c) in cells else {})
        out.append(
            {
                "type": "form",
                "title": t(lang, "neuro.panel.bid_intro"),
                "kind": "bid",
                "submit": t(lang, "neuro.action.bid"),
                "fields": [
                    {
                        "name": "base",
                        "label": t(lang, "neuro.panel.choose_base"),
                        "options": [
                            {"label": t(lang, "neuro.panel.base_option", base=b), "value": {"base": b}}
                            for b in choices.bases
                        ],
                    },
                    {"name": "cell", "label": t(lang, "neuro.panel.choose_cell"), "grid": grid},
                    {
                        "name": "carton",
                        "label": t(lang, "neuro.panel.choose_carton"),
                        "options": [
                            {"label": t(lang, f"neuro.carton.{k}"), "value": {"carton": k}} for k in choices.cartons
                        ],
                    },
                ],
            }
        )
    places = [a for a in legal if a.kind == "place"]
    if places:
        by_cell: dict[tuple[int, int], dict[str, str]] = {}
        for action in places:
            by_cell.setdefault((action.number("r"), action.number("c")), {})[action.text("card")] = action.dumps()
        spots: dict[str, list[int]] = {}
        for placement in view.own.placements:
            spots.setdefault(placement.card, []).append(placement.vp)
        keys = [
            {
                "key": card,
                "label": t(
                    lang,
                    "neuro.panel.card_option",
                    card=neuro_card_name(card, lang),
                    cells=plural(lang, "neuro.panel.cell_count", len(spots.get(card, ()))),
                    best=max(spots.get(card, [0])),
                ),
            }
            for card in sorted({a.text("card") for a in places})
        ]
        grid = _domain_grid(view, lang, lambda r, c: {"moves": by_cell[(r, c)]} if (r, c) in by_cell else {})
        out.append({"type": "grid", "title": t(lang, "activity.neuro.place"), "keys": keys, **grid})
    others = [a for a in legal if a.kind not in ("place", "bid")]
    return out + buttons(snapshot, seat, others, lang)


# -- Njet!: the board, the discard -----------------------------------------------------------------------------


def njet(snapshot: Snapshot, seat: int, legal: list[Action], lang: str) -> list[Section]:
    """The Njet board (a stone on a cell, during the Njet phase), the secret discard (exactly so many cards), and
    the other moves (partner, alone, a card to play) as buttons."""
    view: NjetSeatView = snapshot.views[seat]
    names = [s.name for s in snapshot.game.seats]
    out: list[Section] = []
    blocks = {(a.text("row"), a.text("option")): a for a in legal if a.kind == "block"}
    if blocks:
        rows = []
        for board_row in sorted(view.table.board, key=lambda b: ROWS.index(b.row)):
            cells = []
            for option in board_row.options:
                words = option_name(board_row.row, option.option, lang, names)
                cell: dict[str, Any] = {"text": words, "title": words, "blocked": option.blocked_by is not None}
                if option.blocked_by is not None:
                    cell["title"] = t(lang, "activity.njet.blocked", option=words, name=names[option.blocked_by])
                action = blocks.get((board_row.row, option.option))
                if action is not None:
                    cell["moves"] = {"": action.dumps()}
                cells.append(cell)
            rows.append({"label": t(lang, f"njet.alt.rowname.{board_row.row}"), "cells": cells})
        out.append({"type": "grid", "title": t(lang, "activity.njet.board"), "keys": [], "cols": [], "rows": rows})
    discards = [a for a in legal if a.kind == "discard"]
    if discards:
        count = len(as_texts(discards[0].get("cards")))
        hand = view.own.codes
        out.append(
            {
                "type": "pick",
                "title": plural(lang, "njet.panel.discard", count),
                "kind": "discard",
                "field": "cards",
                "count": count,
                "items": [{"label": card_label(code, lang), "value": code} for code in hand],
                "submit": t(lang, "activity.confirm"),
            }
        )
    others = [a for a in legal if a.kind not in ("block", "discard")]
    return out + buttons(snapshot, seat, others, lang)


# -- Le Chat vert: every card, the words -----------------------------------------------------------------------


def _cv_play(card: str, n: int, colour: str | None) -> Action:
    return Action.of("play", card=card, n=n, colour=colour)


def _cv_card(card: str, n: int, label: str, lang: str, style: str) -> dict[str, Any]:
    """A card of the hand: one move, or one per colour for a major (its colour is chosen when it is played)."""
    if card in MAJORS:
        moves = [move(_cv_play(card, 1, c), colour_name(c, lang), say=True) for c in COLOURS]
    else:
        moves = [move(_cv_play(card, n, None), label, style, say=True)]
    return {"label": label, "moves": moves}


def chat_vert(snapshot: Snapshot, seat: int, legal: list[Action], lang: str) -> list[Section]:
    """On the seat's turn, every card of the hand (pairs too), the ones the known rules allow ticked, as on the
    Discord panel; a drawn card alone; drawing or keeping. Out of turn, "J'ai la même !". Always the words."""
    view: ChatVertSeatView = snapshot.views[seat]
    table = view.table
    names = [s.name for s in snapshot.game.seats]
    out: list[Section] = []
    own = view.own
    if seat in snapshot.to_act and table.phase == "play" and not snapshot.over:
        playable = set(own.playable)
        if own.drawn:
            groups = [_cv_card(own.drawn, 1, f"{cv_card_name(own.drawn, lang)} ✓", lang, "success")]
            first = Action.of("keep")
            first_label = t(lang, "cv.action.keep")
        else:
            groups = []
            cards = list(own.hand)
            for card in dict.fromkeys(cards):
                mark = " ✓" if card in playable else ""
                style = "success" if mark else "secondary"
                number = cards.index(card) + 1
                groups.append(_cv_card(card, 1, f"{number} · {cv_card_name(card, lang)}{mark}", lang, style))
                if card in own.pairs:
                    pair = t(lang, "cv.pair", card=cv_card_name(card, lang))
                    groups.append(_cv_card(card, 2, f"{number} · {pair}{mark}", lang, style))
            first = Action.of("draw")
            pending = table.pending
            first_label = t(lang, "cv.action.draw")
            if pending:
                first_label = plural(lang, "cv.action.draw_pending", pending.count)
        out.append({"type": "choices", "title": t(lang, "cv.panel.cards"), "groups": groups})
        out.append({"type": "buttons", "title": "", "moves": [move(first, first_label, "danger")]})
    elif seat in snapshot.to_act and not snapshot.over:
        moves = [move(a, describe_action(a, names, lang, table)) for a in legal if a.kind != "same"]
        out.append({"type": "buttons", "title": t(lang, "cv.panel.direction"), "moves": moves})
    same = [a for a in legal if a.kind == "same"]
    if same and not snapshot.over:
        claim = [move(a, t(lang, "cv.action.same"), "success", say=True) for a in same]
        out.append({"type": "buttons", "title": "", "moves": claim})
    if not snapshot.over:
        out.append(
            {
                "type": "words",
                "label": t(lang, "activity.cv.words"),
                "say": t(lang, "cv.action.say"),
                "max": SAY_MAX,
                "quick": [{"label": t(lang, "cv.action.chat_vert"), "text": CHAT_VERT}],
            }
        )
    return out


BUILDERS: dict[str, Callable[[Snapshot, int, list[Action], str], list[Section]]] = {
    "triominos": triominos,
    "neurotrio": neurotrio,
    "njet": njet,
    "chat_vert": chat_vert,
}


def sections(snapshot: Snapshot, seat: int, lang: str) -> list[Section]:
    """What the seat may do now, laid out for its game; nothing once the game is over."""
    if snapshot.over or snapshot.game.status != "running":
        return []
    legal = list(dict.fromkeys(snapshot.legal.get(seat, [])))
    builder = BUILDERS.get(snapshot.game.kind, generic)
    return builder(snapshot, seat, legal, lang)
