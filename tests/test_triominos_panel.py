"""The Triominos private panel, built from hand-made rounds: on its turn the seat sees its whole hand under the
lettered board, each placement named by the letter of its spot; out of its turn, its tiles and their total."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.games.triominos import GAME
from bot.games.triominos import TriominosState
from bot.games.triominos import fixed_round
from bot.service.tables import Snapshot
from bot.texts.triominos import ranked
from cogs.triominos import ALL
from cogs.triominos import _focus_panel
from renders import triominos as tri
from tests.service_support import running_snapshot

NAMES = ["Zoé", "Hugo"]


def _snapshot(state: TriominosState) -> Snapshot:
    return running_snapshot("triominos", state, NAMES)


def around_zero() -> TriominosState:
    """0-0-0 alone on the table; Zoé to play 0-0-2 (fits on each of its three sides: two zeros on the shared
    side, 2 points) or 3-3-3 (fits nowhere); Hugo holds 1-1-1."""
    state = GAME.setup(2, {"rounds": 1}, random.Random(0))
    return fixed_round(state, hands=[["0-0-2", "3-3-3"], ["1-1-1"]], pool=["4-4-4"], board=[(0, 0, [0, 0, 0])])


def _options(controls: Any) -> list[str]:
    return [o.label for item in controls.children for o in getattr(getattr(item, "item", item), "options", [])]


def test_on_its_turn_the_panel_shows_the_whole_hand_and_letters_every_placement() -> None:
    snapshot = _snapshot(around_zero())
    panel = _focus_panel(snapshot, 0, "fr", None, 0)
    assert panel is not None and panel.controls is not None
    assert panel.lines[0] == "Vos 2 tuiles · valeur totale 11"
    labels = _options(panel.controls)
    # Three spots, one rotation each (the 2 away from 0-0-0), 2 points each.
    assert sorted(label.split(" · ")[0] for label in labels) == ["A", "B", "C"]
    assert all(re.fullmatch(r"[ABC] · 0-0-2 ↻(0|120|240)° · 2 pts", label) for label in labels), labels
    view = snapshot.views[0]
    assert panel.picture() == tri.render_turn(view, NAMES, "fr", ranked(view.own.placements))


def test_out_of_its_turn_the_panel_shows_the_tiles_and_their_total() -> None:
    panel = _focus_panel(_snapshot(around_zero()), 1, "en", None, 0)
    assert panel is not None and panel.controls is None
    assert panel.lines == ["Your tile · value 3"]
    assert panel.picture() == tri.render_hand(_snapshot(around_zero()).views[1], "en", mark=False)


def first_move() -> TriominosState:
    """An empty table: Zoé's ten tiles, none a triple, fit the one first space in three rotations each (30
    placements, more than a list holds): the tile is chosen first."""
    hand = ["0-0-1", "0-0-2", "0-1-2", "0-1-3", "1-1-2", "1-2-3", "2-2-3", "2-3-4", "3-4-5", "4-4-5"]
    state = GAME.setup(2, {"rounds": 1}, random.Random(0))
    return fixed_round(state, hands=[hand, ["5-5-5"]], pool=["4-4-4"])


def test_past_25_placements_each_tile_names_its_spots_and_a_chosen_tile_keeps_them() -> None:
    snapshot = _snapshot(first_move())
    panel = _focus_panel(snapshot, 0, "en", None, 0)
    assert panel is not None and panel.controls is not None
    labels = _options(panel.controls)
    assert labels[0] == "0-0-1 · spots A · up to 1 pt"
    assert labels[-1] == "4-4-5 · spots A · up to 13 pts"
    assert len(labels) == 10
    chosen = _focus_panel(snapshot, 0, "en", "3-4-5", 0)
    assert chosen is not None and chosen.controls is not None
    assert sorted(_options(chosen.controls)) == [f"A · 3-4-5 ↻{turn}° · 12 pts" for turn in (0, 120, 240)]
    every = _focus_panel(snapshot, 0, "en", ALL, 1)
    assert every is not None and every.lines[1].endswith("(page 2/2).")
    assert len(_options(every.controls)) == 5
