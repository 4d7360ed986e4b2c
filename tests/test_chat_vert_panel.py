"""Le Chat vert's private panel, built from real snapshots: every card reachable (long hands paged, never cut),
the colour asked for a major, the claim button only for a holder of the top card, the public claim button."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import Action
from bot.games.chat_vert import GAME
from bot.games.chat_vert import deal_fixed
from bot.store import Seat
from bot.tables import Snapshot
from cogs.chat_vert import _focus_panel
from cogs.chat_vert import _table_actions
from tests.service_support import game_row


def _snapshot(state: Any) -> Snapshot:
    players = GAME.public_view(state).table.players
    seats = [Seat(f"P{i}", 100 + i) for i in range(players)]
    row = game_row(5, "chat_vert", seats, channel_id=2, seed=1, status="running", host_id=100)
    return Snapshot(
        game=row,
        public=GAME.public_view(state),
        views={s: GAME.view(state, s) for s in range(players)},
        legal={s: GAME.legal_actions(state, s) for s in range(players)},
        to_act=GAME.to_act(state),
        stage=0,
        n=1,
        new_events=[],
        recent=[],
        over=False,
        results=None,
    )


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


async def test_a_long_hand_is_paged_and_every_card_is_reachable() -> None:
    snapshot = _snapshot(_long_hand_state())
    seen: set[str] = set()
    pages = 0
    for page in range(10):
        panel = _focus_panel(snapshot, 0, "fr", None, page)
        assert panel is not None and panel.controls is not None
        values = [v for v in _options(panel.controls) if v.startswith("c:")]
        assert 0 < len(values) <= 25
        if set(values) <= seen:
            break
        seen |= set(values)
        pages += 1
    hand = set(snapshot.views[0].own.hand)
    assert {v.split(":")[1] for v in seen} == hand
    assert "c:R7:2:" in seen  # the pair is offered as one choice
    assert pages == 3  # 53 distinct cards + 1 pair = 54 choices: pages of 25, 25, 4


async def test_choosing_a_major_asks_its_colour_then_plays_it() -> None:
    snapshot = _snapshot(_long_hand_state())
    ask = _focus_panel(snapshot, 0, "fr", "c:W:1:", 0)
    assert ask is not None and ask.controls is not None
    colours = [i.rsplit(":", 1)[1] for i in _custom_ids(ask.controls) if i.startswith("tb:g:") and ":c:W:1:" in i]
    assert [c for c in colours if c] == ["Y", "R", "B", "G"]  # (the others are the page buttons)
    chosen = _focus_panel(snapshot, 0, "fr", "c:W:1:B", 0)
    assert chosen is not None and chosen.controls is not None
    play = Action.of("play", card="W", n=1, colour="B")
    assert f"tb:a:5:1:{play.dumps()}" in _custom_ids(chosen.controls)  # the state version (n=1)
    assert f"tb:k:5:1:{play.dumps()}" in _custom_ids(chosen.controls)  # "Play and say..."


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
