"""Njet!'s private panel, built from snapshots of fixed deals: the stones in one menu (a short panel on a phone),
a button for each card that may be played (a card held twice says so), the secret discard in one multi-select."""

from __future__ import annotations

from typing import Any

from bot.games.njet import GAME
from bot.games.njet import NjetState
from bot.service.tables import Snapshot
from cogs.components import ActButton
from cogs.components import ActMultiSelect
from cogs.components import ActSelect
from cogs.components import build_controls
from cogs.njet import UI
from tests.games.test_njet import act
from tests.games.test_njet import block
from tests.games.test_njet import decide
from tests.games.test_njet import fixed
from tests.service_support import running_snapshot
from tests.test_njet_texts import HANDS
from tests.test_njet_texts import NAMES


def _snapshot(state: NjetState) -> Snapshot:
    return running_snapshot("njet", state, NAMES[: state.players])


def _items(view: Any) -> list[Any]:
    return list(view.children) if view is not None else []


def test_the_stones_are_one_menu_row_first() -> None:
    """Dan deals: Ana places the first stone, any of the twenty options, all in one menu ("Atout : rouge")."""
    state = fixed(4, HANDS, dealer=3)
    panel = UI.focus_panel(_snapshot(state), 0, "fr", None, 0) if UI.focus_panel else None
    assert panel is not None
    (menu,) = _items(panel.controls)
    assert isinstance(menu, ActSelect)
    values = [option.value for option in menu.item.options]
    assert values == [a.dumps() for a in GAME.legal_actions(state, 0)] and len(values) == 4 + 3 + 4 + 5 + 4
    labels = [option.label for option in menu.item.options]
    assert labels[:4] == ["Entame : Ana", "Entame : Ben", "Entame : Cléo", "Entame : Dan"]
    assert "🟥 Atout : rouge" in labels and "🟥 Super-atout : rouge" in labels
    block(state, [("trump", "K")])
    assert UI.focus_panel(_snapshot(state), 0, "fr", None, 0) is None  # Ben's turn: Ana's panel has no move


def test_every_card_of_the_leader_has_a_button_a_pair_one() -> None:
    """Cléo starts and leads: all ten cards may be played, nine different ones (her two blue 1s share a button
    that says so)."""
    state = fixed(4, HANDS, dealer=3)
    decide(state, start=2, trump="R", super="G", discard="0", points=2)
    act(state, 2, "partner", seat=0)
    snapshot = _snapshot(state)
    assert UI.focus_panel is not None and UI.focus_panel(snapshot, 2, "fr", None, 0) is None
    buttons = _items(build_controls(snapshot, 2, "fr"))
    assert all(isinstance(b, ActButton) for b in buttons)
    assert sorted(b.action.text("card") for b in buttons) == sorted(set(HANDS[2]))
    labels = {b.action.text("card"): b.item.label for b in buttons}
    assert labels["B1"] == "🟦 1 bleu ×2" and labels["B2"] == "🟦 2 bleu"


def test_the_discard_is_one_multi_select() -> None:
    state = fixed(4, HANDS, dealer=3)
    decide(state, start=0, trump="R", super="G", discard="2", points=1)
    act(state, 0, "partner", seat=2)
    panel = UI.focus_panel(_snapshot(state), 1, "en", None, 0) if UI.focus_panel else None
    assert panel is not None
    (menu,) = _items(panel.controls)
    assert isinstance(menu, ActMultiSelect)
    assert (menu.item.min_values, menu.item.max_values) == (2, 2) and len(menu.item.options) == 10
