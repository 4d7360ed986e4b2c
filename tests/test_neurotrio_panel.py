"""Neurotrio's private panel while building: short on a phone, the best placements first.

On the fixed deal of ``tests.test_neurotrio_texts`` Léa has 13 placements, worked out by hand from the rules:
heart · green · 2 (CV2) fits five cells, one of them C3 between two neighbours (+1 VP); star · black · 2 (EN2) fits
C1 and D2, rose · green · 1 (RV1) fits A3 and B4, heart · black · 2 (CN2) fits B1, C1, A2 and D2; star · blue · 2
fits nowhere. Ranked as the computer player weighs them: the VP first, then the card with the fewest places.
"""

from __future__ import annotations

import random
from typing import Any

import discord

from bot.games.base import Action
from bot.games.neurotrio import GAME
from bot.games.neurotrio import NeurotrioState
from bot.games.neurotrio_views import Placement
from bot.service.tables import Snapshot
from cogs.layouts import action_rows
from cogs.neurotrio import BEST
from cogs.neurotrio import PAGE
from cogs.neurotrio import _focus_panel
from cogs.neurotrio import ranked
from tests.renders.test_neurotrio_render import played
from tests.service_support import running_snapshot
from tests.test_neurotrio_texts import building


def _snapshot(state: NeurotrioState) -> Snapshot:
    return running_snapshot("neurotrio", state, ["Zoé", "Hugo", "Léa", "Ana", "Bob"][: state.players])


def _items(view: discord.ui.View | None) -> list[Any]:
    assert view is not None
    return [getattr(item, "item", item) for item in view.children]


def _buttons(view: discord.ui.View | None) -> list[discord.ui.Button[Any]]:
    return [item for item in _items(view) if isinstance(item, discord.ui.Button)]


def _selects(view: discord.ui.View | None) -> list[discord.ui.Select[Any]]:
    return [item for item in _items(view) if isinstance(item, discord.ui.Select)]


def _move(custom_id: str) -> Action:
    return Action.loads(custom_id.split(":", 4)[4])


def test_the_placements_are_ranked_by_vp_then_by_the_fewest_places() -> None:
    """Two VP first; then the card with one place; then, among the cards with two places, the cell with two fitting
    neighbours, then by card (CN2, EB2, RB1) and cell."""
    spots = [
        Placement("CN2", 0, 1, 0, 1),
        Placement("CN2", 1, 0, 0, 1),
        Placement("EV3", 2, 2, 0, 1),
        Placement("RB1", 0, 2, 0, 1),
        Placement("RB1", 3, 3, 2, 3),
        Placement("EB2", 5, 5, 0, 1),
        Placement("EB2", 4, 4, 0, 2),
    ]
    assert ranked(spots) == [spots[4], spots[2], spots[6], spots[0], spots[1], spots[5], spots[3]]


def test_five_buttons_best_first_the_others_in_one_menu_and_pass() -> None:
    panel = _focus_panel(_snapshot(building()), 2, "fr", None, 0)
    assert panel is not None
    buttons = _buttons(panel.controls)
    assert [b.label for b in buttons] == [
        "cœur · vert · 2 → C3 · +1 PV",
        "étoile · noir · 2 → C1",
        "étoile · noir · 2 → D2",
        "rose · vert · 1 → A3",
        "rose · vert · 1 → B4",
        "Passer (-1 PV)",
    ]
    # As Discord shows them: the five buttons on one row, the menu under them, then "Pass".
    rows = [[type(item).__name__ for item in row.children] for row in action_rows(panel.controls.children)]
    assert rows == [["ActButton"] * BEST, ["ActSelect"], ["ActButton"]]
    assert _move(buttons[0].custom_id or "") == Action.of("place", card="CV2", r=1, c=1)
    assert _move(buttons[-1].custom_id or "") == Action.of("pass") and not buttons[-1].disabled
    (menu,) = _selects(panel.controls)
    assert menu.placeholder == "8 autres poses…"
    assert [o.label for o in menu.options] == [
        "cœur · noir · 2 · B1 · +0 PV",
        "cœur · noir · 2 · C1 · +0 PV",
        "cœur · noir · 2 · A2 · +0 PV",
        "cœur · noir · 2 · D2 · +0 PV",
        "cœur · vert · 2 · C1 · +0 PV",
        "cœur · vert · 2 · D2 · +0 PV",
        "cœur · vert · 2 · A3 · +0 PV",
        "cœur · vert · 2 · B4 · +0 PV",
    ]
    assert Action.loads(menu.options[0].value) == Action.of("place", card="CN2", r=-1, c=0)
    assert panel.lines == ["Choisissez où poser une carte (les poses qui rapportent le plus d'abord)."]


def _crowded() -> NeurotrioState:
    """A seeded three-player game at its fifteenth state: the seat to act has 45 placements."""
    for k, state in enumerate(played(3, 0, call=0.0)):
        if k == 14:
            return state
    raise AssertionError("the seeded game ended early")


def test_past_a_menus_worth_a_menu_of_cards_shows_each_cards_cells() -> None:
    state = _crowded()
    seat = min(GAME.to_act(state))
    view = GAME.view(state, seat)
    assert len(view.own.placements) == 45
    snapshot = _snapshot(state)
    panel = _focus_panel(snapshot, seat, "en", None, 0)
    assert panel is not None
    buttons, selects = _buttons(panel.controls), _selects(panel.controls)
    assert len(buttons) == BEST + 1 and buttons[-1].label.startswith("Pass")
    rows = [[type(item).__name__ for item in row.children] for row in action_rows(panel.controls.children)]
    assert rows == [["ActButton"] * BEST, ["ActSelect"], ["FocusSelect"], ["ActButton"]]
    more, cards = selects
    assert more.placeholder == "40 other placements…" and len(more.options) == PAGE
    best = ranked(view.own.placements)
    shown = [_move(b.custom_id or "") for b in buttons[:BEST]] + [Action.loads(o.value) for o in more.options]
    assert shown == [Action.of("place", card=p.card, r=p.r, c=p.c) for p in best[: BEST + PAGE]]
    assert sorted(o.value for o in cards.options) == sorted(set(view.own.playable))
    # A card chosen: its cells, the picture marking them and saying them in words.
    card = best[-1].card
    focused = _focus_panel(snapshot, seat, "en", card, 0)
    assert focused is not None and focused.description.startswith("The domain, with the cells where ")
    (cells,) = _selects(focused.controls)
    assert {Action.loads(o.value) for o in cells.options} == {
        Action.of("place", card=p.card, r=p.r, c=p.c) for p in best if p.card == card
    }
    assert focused.picture()[:8] == b"\x89PNG\r\n\x1a\n"
    # A card no longer playable (an old menu): the whole choice again.
    again = _focus_panel(snapshot, seat, "en", "EB2" if "EB2" not in view.own.playable else "XX9", 0)
    assert again is not None and len(_buttons(again.controls)) == BEST + 1


def test_the_panel_is_at_most_two_rows_of_menus_and_a_row_of_buttons() -> None:
    """However many placements, the panel holds five placement buttons, at most two menus and "Pass": on a phone
    about eight controls under the picture, never the twenty buttons of before."""
    for state in (building(), _crowded()):
        seat = min(GAME.to_act(state))
        panel = _focus_panel(_snapshot(state), seat, "fr", None, 0)
        assert panel is not None
        assert len(_buttons(panel.controls)) <= BEST + 1 and len(_selects(panel.controls)) <= 2


def test_a_bid_in_menus_shows_its_three_menus_then_its_buttons() -> None:
    """The bid without its form (a domain too large for one): base carton, domain card and carton menus, then the
    confirmation and "No bid" under them. Hugo bids after Zoé's call: base 7 on Zoé's card (C2), his 1 carton."""
    state = building()
    GAME.apply(state, 0, Action.of("neuro"), random.Random(3))
    GAME.apply(state, 0, Action.of("bid", base=5, r=0, c=0, carton="2"), random.Random(4))
    panel = _focus_panel(_snapshot(state), 1, "fr", "bid:7:0,1:1", 0)
    assert panel is not None
    rows = [[type(item).__name__ for item in row.children] for row in action_rows(panel.controls.children)]
    assert rows == [["FocusSelect"], ["FocusSelect"], ["FocusSelect"], ["ActButton", "ActButton"]]
    confirm, skip = _buttons(panel.controls)
    assert _move(confirm.custom_id or "") == Action.of("bid", base=7, r=0, c=1, carton="1")
    assert (confirm.label, skip.label) == ("Miser", "Ne pas miser")
