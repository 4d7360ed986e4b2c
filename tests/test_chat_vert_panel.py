"""Le Chat vert's private panel, built from real snapshots: every card reachable (long hands paged, never cut),
the colour asked for a major, the claim button only for a holder of the top card, the public claim button."""

from __future__ import annotations

import io
import random
from typing import Any

import discord
from PIL import Image

from bot.games.base import Action
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import deal_fixed
from bot.service.tables import Snapshot
from cogs.chat_vert import _focus_panel
from cogs.chat_vert import _table_actions
from renders import measure
from tests.service_support import running_snapshot


def _snapshot(state: Any) -> Snapshot:
    players = GAME.public_view(state).table.players
    return running_snapshot("chat_vert", state, [f"P{i}" for i in range(players)])


def _custom_ids(view: Any) -> list[str]:
    return [getattr(item, "custom_id", "") or "" for item in view.children]


def _options(view: Any) -> list[str]:
    return [o.value for item in view.children for o in getattr(getattr(item, "item", item), "options", [])]


def _long_hand_state() -> Any:
    state = GAME.setup(3, {"timer": 0}, random.Random(1))
    colours, symbols = "YRBG", "0123456789SRD"
    long = [c + s for c in colours for s in symbols]  # 52 different coloured cards
    long += ["R7", "W"]  # a pair of red 7s, and a wild
    return deal_fixed(state, [long, ["B1", "B2"], ["G1", "Y1"]], top="R5", turn=0)


def _rows(view: Any) -> list[int]:
    return [item.row for item in view.children]


async def test_a_long_hand_is_paged_and_every_card_is_a_button() -> None:
    snapshot = _snapshot(_long_hand_state())
    seen: set[str] = set()
    pages = 0
    for page in range(10):
        panel = _focus_panel(snapshot, 0, "fr", None, page)
        assert panel is not None and panel.controls is not None
        assert len(panel.controls.children) <= 25 and max(_rows(panel.controls)) <= 4
        plays = [i for i in _custom_ids(panel.controls) if i.startswith("tb:a:5:1:") and '"kind":"play"' in i]
        majors = [i for i in _custom_ids(panel.controls) if i.startswith("tb:g:") and ":c:W:1:" in i]
        cards = {Action.loads(i.split(":", 4)[4]).dumps() for i in plays} | {"W" for _ in majors}
        assert 0 < len(plays) + len(majors) <= 15
        if cards <= seen:
            break
        seen |= cards
        pages += 1
    hand = set(snapshot.views[0].own.hand)
    assert {c if c == "W" else Action.loads(c).text("card") for c in seen} == hand
    assert Action.of("play", card="R7", n=2, colour=None).dumps() in seen  # the pair is one button
    assert pages == 4  # 53 distinct cards + 1 pair = 54 buttons: pages of 15, 15, 15, 9


async def test_a_major_asks_its_colour_on_the_second_click() -> None:
    snapshot = _snapshot(_long_hand_state())
    ask = _focus_panel(snapshot, 0, "fr", "c:W:1::", 0)
    assert ask is not None and ask.controls is not None
    plays = [Action.loads(i.split(":", 4)[4]) for i in _custom_ids(ask.controls) if i.startswith("tb:a:")]
    assert [a.text("colour") for a in plays if a.kind == "play"] == ["Y", "R", "B", "G"]
    assert all(a.text("card") == "W" for a in plays if a.kind == "play")


async def test_chat_vert_is_a_toggle_that_the_next_card_carries() -> None:
    state = GAME.setup(3, {"timer": 0}, random.Random(2))
    state = deal_fixed(state, [["R2", "G9"], ["B5", "R3"], ["G1", "Y1"]], top="R5", turn=0)
    snapshot = _snapshot(state)
    plain = _focus_panel(snapshot, 0, "fr", None, 0)
    assert plain is not None and plain.controls is not None
    toggle = [i for i in _custom_ids(plain.controls) if i.startswith("tb:g:") and i.endswith(":v")]
    assert len(toggle) == 1  # "Chat vert !" is always there, and opens no modal
    assert f"tb:a:5:1:{Action.of('play', card='R2', n=1, colour=None).dumps()}" in _custom_ids(plain.controls)
    armed = _focus_panel(snapshot, 0, "fr", toggle[0].split(":", 5)[5], 0)
    assert armed is not None and armed.controls is not None
    said = Action.of("play", card="R2", n=1, colour=None, say="Chat vert")
    assert f"tb:a:5:1:{said.dumps()}" in _custom_ids(armed.controls)
    # Playing the red 2 leaves one card: said with it, "Chat vert" costs nothing.
    events = GAME.apply(state, 0, said, random.Random(0))
    assert not [e for e in events if e.kind == "penalty"]


async def test_base_playable_marks_and_the_claim_buttons() -> None:
    state = GAME.setup(3, {"timer": 0}, random.Random(2))
    state = deal_fixed(state, [["R2", "G9", "F"], ["B5", "R2"], ["G1", "Y1"]], top="R5", turn=0)
    snapshot = _snapshot(state)
    assert set(snapshot.views[0].own.playable) == {"R2", "F"}
    assert set(snapshot.views[1].own.playable) == set()  # not their turn
    assert _table_actions(snapshot) == []  # the first card: no claim
    GAME.apply(state, 0, Action.of("play", card="R2", n=1, colour=None), random.Random(0))
    snapshot = _snapshot(state)
    (row,) = _table_actions(snapshot)
    assert row == [Action.of("same", card="R2", at=1)]
    holder = _focus_panel(snapshot, 1, "fr", None, 0)  # seat 1 is to act and holds the other red 2
    other = _focus_panel(snapshot, 2, "fr", None, 0)
    assert holder is not None and other is not None and other.controls is not None
    assert not any('"kind":"same"' in i for i in _custom_ids(other.controls))
    assert any(i.startswith("tb:k:") and '"kind":"say"' in i for i in _custom_ids(other.controls))


def _labels(view: Any) -> list[str]:
    return [getattr(getattr(item, "item", item), "label", "") or "" for item in view.children]


async def test_the_buttons_number_the_cards_as_the_picture_does() -> None:
    """Sorted, the hand is two red 7s, a blue 2, a green 9 and two wilds: four numbers on the picture (the equal
    cards stacked under one), the same four on the buttons; on a red 5 the red 7s and the wilds are ticked."""
    state = GAME.setup(3, {"timer": 0}, random.Random(2))
    state = deal_fixed(state, [["W", "R7", "G9", "R7", "B2", "W"], ["B5", "R3"], ["G1", "Y1"]], top="R5", turn=0)
    snapshot = _snapshot(state)
    panel = _focus_panel(snapshot, 0, "fr", None, 0)
    assert panel is not None and panel.controls is not None
    cards = [label for label in _labels(panel.controls) if " · " in label]
    assert cards == [
        "1 · 7 rouge ✓",
        "1 · 7 rouge ×2 ✓",
        "2 · 2 bleu",
        "3 · 9 vert",
        "4 · Changement de couleur ✓",
    ]
    with measure.recording() as marks:
        png = panel.picture()
    assert {mark.text for mark in marks if not mark.symbol} == {"1 ×2", "2", "3", "4 ×2"}
    assert measure.readability(marks, Image.open(io.BytesIO(png)).width).readable  # on a phone and a desktop


async def test_drawing_is_not_shown_as_a_danger() -> None:
    """Drawing a card is a move like any other (a red button is for what cannot be undone and harms)."""
    state = GAME.setup(3, {"timer": 0}, random.Random(2))
    state = deal_fixed(state, [["R2", "G9"], ["B5", "R3"], ["G1", "Y1"]], top="R5", turn=0)
    panel = _focus_panel(_snapshot(state), 0, "fr", None, 0)
    assert panel is not None and panel.controls is not None
    draw = [item for item in panel.controls.children if '"kind":"draw"' in (getattr(item, "custom_id", "") or "")]
    assert len(draw) == 1 and draw[0].item.style == discord.ButtonStyle.primary  # type: ignore[attr-defined]
