"""Neurotrio on Discord: the public "Neuro !" button and the private dialogues.

Building: the five best placements as buttons (a card and its cell, named like the picture, C4, with
the VP it scores), the others in a menu, and past a menu's worth a card first, then one of its cells on
the picture; "Pass" under them. Auction: the bidder picks a base carton, a domain card and a personal
carton (hidden), then confirms; "No bid" for everyone but the caller.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from collections.abc import Sequence

import discord

from bot.games.base import Action
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import Placement
from bot.i18n import plural
from bot.i18n import t
from bot.service.tables import Snapshot
from bot.texts.neurotrio import card_name
from bot.texts.neurotrio import describe_cells
from cogs.choice_modal import ChoiceButton
from cogs.components import ActButton
from cogs.components import ActSelect
from cogs.components import FocusButton
from cogs.components import FocusSelect
from cogs.components import focused_choice
from cogs.ui import Choice
from cogs.ui import ChoiceForm
from cogs.ui import FocusPanel
from cogs.ui import GameUI
from renders import neurotrio as pictures

PAGE = 25

View = NeurotrioSeatView


def _table_actions(snapshot: Snapshot) -> list[list[Action]]:
    """The public "Neuro !" button while a call is open."""
    if snapshot.public.phase == "build" and snapshot.public.may_interrupt:
        return [[Action.of("neuro")]]
    return []


def _parse_bid(focus: str) -> tuple[int | None, tuple[int, int] | None, str | None]:
    """``bid:<base>:<r>,<c>:<carton>`` with empty parts for what is not chosen yet."""
    parts = [*focus.split(":"), "", "", "", ""][1:4]
    base = int(parts[0]) if parts[0] else None
    cell = None
    if parts[1]:
        r, c = parts[1].split(",")
        cell = (int(r), int(c))
    return base, cell, parts[2] or None


def _bid_focus(base: int | None, cell: tuple[int, int] | None, carton: str | None) -> str:
    where = f"{cell[0]},{cell[1]}" if cell else ""
    return f"bid:{base or ''}:{where}:{carton or ''}"


def _bid_form(snapshot: Snapshot, seat: int, lang: str, kind: str) -> ChoiceForm | None:
    """A bid in one form (base carton, domain card, own carton), when the domain cards fit in one menu."""
    view: View = snapshot.views[seat]
    table, choices = view.table, view.own.bid
    if kind != "bid" or not (choices.bases and choices.cells and choices.cartons):
        return None
    bases = tuple((t(lang, "neuro.panel.base_option", base=b), {"base": b}) for b in choices.bases)
    cartons = tuple((t(lang, f"neuro.carton.{k}"), {"carton": k}) for k in choices.cartons)
    if len(choices.cells) <= PAGE:
        cells = tuple(
            (
                t(lang, "neuro.panel.target_option", cell=table.cell_name(g.r, g.c), card=card_name(g.card, lang)),
                {"r": g.r, "c": g.c},
            )
            for g in choices.cells
        )
        where: tuple[Choice, ...] = (Choice(t(lang, "neuro.panel.choose_cell"), cells),)
    else:  # a large domain: its column, then its row, as the picture labels them (the engine checks the card)
        columns = sorted({g.c for g in choices.cells})
        rows = sorted({g.r for g in choices.cells})
        if len(columns) > PAGE or len(rows) > PAGE:
            return None
        first = choices.cells[0]
        where = (
            Choice(
                t(lang, "neuro.panel.choose_column"),
                tuple((table.cell_name(first.r, c).rstrip("0123456789"), {"c": c}) for c in columns),
            ),
            Choice(
                t(lang, "neuro.panel.choose_row"),
                tuple((table.cell_name(r, first.c).lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), {"r": r}) for r in rows),
            ),
        )
    return ChoiceForm(
        t(lang, "neuro.action.bid"),
        (
            Choice(t(lang, "neuro.panel.choose_base"), bases),
            *where,
            Choice(t(lang, "neuro.panel.choose_carton"), cartons),
        ),
    )


def _bid_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel:
    """The bid's form button; or, once focused (``bid:`` and its parts), its three menus and a confirm button: what
    a domain too large for the form shows, and what the form's button shows when the game is not in memory."""
    game = snapshot.game
    view: View = snapshot.views[seat]
    table, choices = view.table, view.own.bid
    legal = snapshot.legal.get(seat, [])
    if focus is None and _bid_form(snapshot, seat, lang, "bid") is not None:
        return _bid_button_panel(snapshot, seat, lang)
    base, cell, carton = _parse_bid(focus or "bid:::")
    controls = discord.ui.View(timeout=None)
    bases = [
        discord.SelectOption(
            label=t(lang, "neuro.panel.base_option", base=b), value=_bid_focus(b, cell, carton), default=b == base
        )
        for b in choices.bases
    ]
    grid = choices.cells
    pages = max(1, (len(grid) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    targets = [
        discord.SelectOption(
            label=t(lang, "neuro.panel.target_option", cell=table.cell_name(g.r, g.c), card=card_name(g.card, lang))[
                :100
            ],
            value=_bid_focus(base, (g.r, g.c), carton),
            default=cell == (g.r, g.c),
        )
        for g in grid[page * PAGE : (page + 1) * PAGE]
    ]
    cartons = [
        discord.SelectOption(label=t(lang, f"neuro.carton.{k}"), value=_bid_focus(base, cell, k), default=k == carton)
        for k in choices.cartons
    ]
    for row, (options, placeholder) in enumerate(
        (
            (bases, t(lang, "neuro.panel.choose_base")),
            (targets, t(lang, "neuro.panel.choose_target", page=page + 1, pages=pages)),
            (cartons, t(lang, "neuro.panel.choose_carton")),
        )
    ):
        if options:
            controls.add_item(FocusSelect(game.id, snapshot.stage, options, placeholder, slot=row))
    lines = [t(lang, "neuro.panel.bid_intro")]
    if base and cell and carton:
        bid = Action.of("bid", base=base, r=cell[0], c=cell[1], carton=carton)
        confirm = ActButton(game.id, snapshot.n, bid, t(lang, "neuro.action.bid"), discord.ButtonStyle.success)
        controls.add_item(confirm)
        lines.append(
            t(
                lang,
                "neuro.panel.chosen",
                base=base,
                cell=table.cell_name(*cell),
                carton=t(lang, f"neuro.carton.{carton}"),
            )
        )
    if pages > 1:
        here = focus or "bid:::"
        for label, target, off in (("panel.prev", page - 1, page == 0), ("panel.next", page + 1, page >= pages - 1)):
            button = FocusButton(game.id, snapshot.stage, here, max(0, min(target, pages - 1)), t(lang, label), off)
            controls.add_item(button)
    for action in legal:
        if action.kind == "nobid":
            skip = ActButton(game.id, snapshot.n, action, t(lang, "neuro.action.nobid"), discord.ButtonStyle.secondary)
            controls.add_item(skip)
    if not any(a.kind == "nobid" for a in legal):
        lines.append(t(lang, "neuro.panel.caller_must_bid"))
    return FocusPanel(lines, lambda: pictures.render_hand(view, lang, mark=False), controls)


def _bid_button_panel(snapshot: Snapshot, seat: int, lang: str) -> FocusPanel:
    """One button opens the bid's form (two interactions in all); "No bid" beside it."""
    game = snapshot.game
    view: View = snapshot.views[seat]
    controls = discord.ui.View(timeout=None)
    label = t(lang, "neuro.action.bid_form")
    controls.add_item(ChoiceButton(game.id, snapshot.n, "bid", label, discord.ButtonStyle.success))
    lines = [t(lang, "neuro.panel.bid_intro")]
    for action in snapshot.legal.get(seat, []):
        if action.kind == "nobid":
            skip = ActButton(game.id, snapshot.n, action, t(lang, "neuro.action.nobid"), discord.ButtonStyle.secondary)
            controls.add_item(skip)
    if not any(a.kind == "nobid" for a in snapshot.legal.get(seat, [])):
        lines.append(t(lang, "neuro.panel.caller_must_bid"))
    return FocusPanel(lines, lambda: pictures.render_hand(view, lang, mark=False), controls)


BEST = 5
"""The best placements shown as buttons (one row); the others are in a menu under them."""


def ranked(placements: Sequence[Placement]) -> list[Placement]:
    """The placements best first, as the computer player weighs them: the most VP, then the card with the fewest
    places (the versatile ones are kept for later), then the most neighbours it fits; then by card, row, column."""
    places = Counter(p.card for p in placements)
    return sorted(placements, key=lambda p: (-p.vp, places[p.card], -p.compatible, p.card, p.r, p.c))


def _pass_button(
    controls: discord.ui.View, snapshot: Snapshot, view: View, lang: str, action: Action | None, lines: list[str]
) -> None:
    """Pass, after the moves (on the row of the buttons when it has room); shown but disabled when "deux cartes"
    forbids passing while a card can be laid."""
    label = t(lang, "neuro.action.pass" if view.own.pass_vp < 0 else "neuro.action.pass_free")
    button = ActButton(snapshot.game.id, snapshot.n, action or Action.of("pass"), label, discord.ButtonStyle.danger)
    if action is None:
        button.item.disabled = True
        lines.append(t(lang, "neuro.panel.pass_forbidden"))
    controls.add_item(button)


def _place(p: Placement) -> Action:
    return Action.of("place", card=p.card, r=p.r, c=p.c)


def _place_label(view: View, p: Placement, lang: str) -> str:
    cell = view.table.cell_name(p.r, p.c)
    return t(lang, "neuro.panel.place_option", card=card_name(p.card, lang), cell=cell, vp=p.vp)


def _button_label(view: View, p: Placement, lang: str) -> str:
    """A placement's button: the card and its cell, then the VP it scores when it scores."""
    card, cell = card_name(p.card, lang), view.table.cell_name(p.r, p.c)
    if p.vp:
        return t(lang, "neuro.panel.place_vp", card=card, cell=cell, vp=p.vp)
    return t(lang, "neuro.action.place", card=card, cell=cell)


def _build_panel(snapshot: Snapshot, seat: int, lang: str) -> FocusPanel:
    """The five best placements as buttons, the next ones in a menu; past a menu's worth, a menu of the cards
    (each showing its cells on the picture); "Pass" under them."""
    game = snapshot.game
    view: View = snapshot.views[seat]
    ordered = ranked(view.own.placements)
    controls = discord.ui.View(timeout=None)
    lines = [t(lang, "neuro.panel.pick_place") if ordered else t(lang, "neuro.panel.no_place")]
    for p in ordered[:BEST]:
        button = ActButton(game.id, snapshot.n, _place(p), _button_label(view, p, lang))
        button.item.row = 0
        controls.add_item(button)
    rest = ordered[BEST:]
    if rest:
        options = [
            discord.SelectOption(label=_place_label(view, p, lang)[:100], value=_place(p).dumps()) for p in rest[:PAGE]
        ]
        more = ActSelect(game.id, snapshot.n, 0, options, plural(lang, "neuro.panel.choose_more", len(rest)))
        controls.add_item(more)
    if len(rest) > PAGE:
        by_card: dict[str, list[int]] = {}
        for p in ordered:
            by_card.setdefault(p.card, []).append(p.vp)
        cards = [
            discord.SelectOption(
                label=t(
                    lang,
                    "neuro.panel.card_option",
                    card=card_name(card, lang),
                    cells=plural(lang, "neuro.panel.cell_count", len(vps)),
                    best=max(vps),
                )[:100],
                value=card,
            )
            for card, vps in sorted(by_card.items())
        ][:PAGE]
        select = FocusSelect(game.id, snapshot.stage, cards, t(lang, "neuro.panel.choose_card"))
        controls.add_item(select)
    pass_action = next((a for a in snapshot.legal.get(seat, []) if a.kind == "pass"), None)
    _pass_button(controls, snapshot, view, lang, pass_action, lines)
    return FocusPanel(lines, lambda: pictures.render_hand(view, lang, mark=True), controls)


def _focus_panel(snapshot: Snapshot, seat: int, lang: str, focus: str | None, page: int) -> FocusPanel | None:
    if snapshot.over or seat not in snapshot.to_act:
        return None
    if snapshot.public.phase == "auction":
        return _bid_panel(snapshot, seat, lang, focus if focus and focus.startswith("bid:") else None, page)
    view: View = snapshot.views[seat]
    if focus is None or focus not in view.own.playable:  # a card no longer playable: the whole choice again
        return _build_panel(snapshot, seat, lang)
    names = [s.name for s in snapshot.game.seats]
    cells: list[Placement] = sorted(
        (p for p in view.own.placements if p.card == focus), key=lambda p: (-p.vp, p.r, p.c)
    )
    pages = max(1, (len(cells) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    chunk = cells[page * PAGE : (page + 1) * PAGE]
    options = [
        discord.SelectOption(
            label=t(lang, "neuro.panel.cell_option", cell=view.table.cell_name(p.r, p.c), vp=p.vp),
            value=_place(p).dumps(),
        )
        for p in chunk
    ]
    placeholder, back = t(lang, "neuro.panel.choose_cell"), t(lang, "neuro.panel.back")
    controls = focused_choice(snapshot, focus, page, pages, options, placeholder, back, lang)
    public = snapshot.public
    lines = [t(lang, "neuro.panel.cells", card=card_name(focus, lang))]
    described = describe_cells(public.table, focus, chunk, lang)
    return FocusPanel(lines, lambda: pictures.render_cells(public, names, lang, focus, chunk), controls, described)


def _panel_key(view: View) -> Hashable:
    """A private panel changes with what its picture shows of the seat's own (hand, cartons, bids and where they lie,
    notebook, the cards it may play) and with its moves; the cells it could play, the cost of a pass and the parts of
    a bid only while it is to act, since only then are they shown. Not with every card laid around the table
    (Discord's rate limits): the table message shows the grid."""
    own = view.own
    where = tuple(view.table.cell_name(bid.r, bid.c) for bid in own.my_bids)
    moves = tuple(a.dumps() for a in view.legal)
    shown = (own.hand, own.cartons, own.my_bids, where, own.notebook, own.playable, moves)
    if view.seat not in view.to_act:
        return shown
    return shown, own.placements, own.pass_vp, own.bid


def _style(action: Action) -> discord.ButtonStyle:
    """ "Neuro !" stands out in red; every other move is a plain button."""
    return discord.ButtonStyle.danger if action.kind == "neuro" else discord.ButtonStyle.primary


UI = GameUI(
    kind="neurotrio",
    action_style=_style,
    panel_key=_panel_key,
    table_actions=_table_actions,
    focus_panel=_focus_panel,
    choice_form=_bid_form,
)
