"""How many interactions a move costs a person, in every game: one seeded game of each kind, one person and
computer players, every move of the person made by clicking the private panel (or the table message) as a person
would, going straight to the move the computer player would have chosen.

A forced move (one legal move that shows nothing) is played by the table itself: it costs nothing, and is counted
apart from the log ("played automatically").
Every panel and table message on the way shows no two controls with the same label.
Run with ``-s`` to see the averages.
"""

from __future__ import annotations

import json
import random
import types
from dataclasses import dataclass
from dataclasses import field
from typing import Any

import pytest

from bot.games.base import Action
from bot.registry import player_of
from bot.registry import spec_of
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import components
from tests.e2e.simhelpers import repeated_labels
from tests.e2e.simhelpers import set_locales

SEED = 20240611
"""The seed of every game here (the store would otherwise draw one)."""


@dataclass(frozen=True)
class Setup:
    kind: str
    players: int
    options: dict[str, Any]
    moves: int
    """How many of the person's moves are played (fewer if the game ends first)."""


SETUPS = (
    Setup("nain_jaune", 3, {"deals": 1}, 18),
    Setup("triominos", 3, {"rounds": 1}, 14),
    Setup("neurotrio", 3, {}, 16),
    Setup("njet", 3, {"rounds": 1}, 14),
    Setup("chat_vert", 3, {"timer": 0}, 18),
)


@dataclass
class Tally:
    """The person's moves: the interactions of each, and apart the forced ones the table played for them."""

    clicks: list[int] = field(default_factory=list)
    forced: int = 0
    moves: int = 0

    @property
    def average(self) -> float:
        return sum(self.clicks) / max(1, len(self.clicks))


def fix_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table opened from now on gets ``SEED`` instead of a random one."""
    monkeypatch.setattr("bot.service.tables.secrets", types.SimpleNamespace(randbits=lambda _bits: SEED))


class OneSeatTable(SimTable):
    """One person and computer players, in a channel of its own."""

    def __init__(self, env: Any, setup: Setup) -> None:
        super().__init__(env, ("pat",), setup.kind.replace("_", "-"))
        self.setup = setup
        self.person = self.members[0]

    async def begin(self) -> None:
        spec = spec_of(self.setup.kind)
        await self.open_and_start(spec.command, players=1, computers=self.setup.players - 1, **self.setup.options)

    async def person_to_act(self) -> tuple[Any, int] | None:
        """The live game and the person's seat, when the person is to act; None when the game is over."""
        await self.bot.publisher.wait_idle()
        live = await self.live()
        if live.engine.is_over(live.state):
            return None
        seat = live.row.seat_of(self.person.id)
        assert seat is not None and seat in live.engine.to_act(live.state), "a computer player did not move"
        return live, seat


def _token(custom_id: str) -> Action | None:
    try:
        return Action.loads(custom_id.split(":", 4)[4])
    except (ValueError, KeyError, IndexError):
        return None


def _bare(action: Action) -> Action:
    return Action(action.kind, tuple((k, v) for k, v in action.args if k != "say"))


def _words(action: Action) -> str | None:
    said = action.get("say")
    return str(said) if isinstance(said, str) else None


def _relevance(focus: str, action: Action) -> int:
    """How much of the move a focus (what a panel shows next) names: its card, tile, cell..."""
    parts = set(focus.replace(",", ":").split(":"))
    score = sum(1 for _k, v in action.args if v is not None and str(v) in parts)
    if _words(action) and "v" in parts:
        score += 1
    return score


def form_answers(modal: Any, action: Action) -> dict[str, list[str]]:
    """In a move's form, each menu's option whose fields are the move's."""
    args = dict(action.args)
    answers = {}
    for label in modal["components"]:
        select = label["component"]
        for option in select["options"]:
            fields = json.loads(option["value"])
            if all(args.get(k) == v for k, v in fields.items()):
                answers[select["custom_id"]] = [option["value"]]
    return answers


async def _direct(table: OneSeatTable, message: Any, action: Action) -> int | None:
    """Make the move with one component of ``message`` if it offers it: the interactions it took, else None."""
    user = table.person.user
    words = _words(action)
    for c in components(message):
        cid = c.custom_id or ""
        if cid.startswith("tb:a:") and _token(cid) == action:
            await user.click(message, custom_id=cid)
            return 1
        if cid.startswith("tb:s:") and action.dumps() in [o.value for o in c.options]:
            await user.select(message, [action.dumps()], custom_id=cid)
            return 1
        if cid.startswith("tb:m:") and cid.split(":")[4] == action.kind:
            wanted = list(action.args[0][1]) if action.args else []
            values = []
            for v in wanted:
                values.append(next(o.value for o in c.options if o.value.split("#")[0] == v and o.value not in values))
            await user.select(message, values, custom_id=cid)
            return 1
        if cid.startswith("tb:x:") and cid.split(":")[4] == action.kind:
            shown = await user.click(message, custom_id=cid)
            await user.submit_modal(shown, form_answers(shown.modal, action))
            return 2
        if cid.startswith("tb:k:") and words is not None and _token(cid) == _bare(action):
            shown = await user.click(message, custom_id=cid)
            await user.submit_modal(shown, {"say": words})
            return 2
    return None


async def play_by_clicks(table: OneSeatTable, action: Action) -> int:
    """Click through the person's panel (and the table message) to ``action``: the interactions it took."""
    user = table.person.user
    tried: set[str] = set()
    for spent in range(12):
        await table.bot.publisher.wait_idle()
        panel = user.dm_channel.last_message
        for message in (panel, await table.table_message()):
            assert not repeated_labels(message), f"two controls say the same: {repeated_labels(message)}"
            done = await _direct(table, message, action)
            if done is not None:
                return spent + done
        steps = []
        for c in components(panel):
            cid = c.custom_id or ""
            if cid.startswith("tb:f:"):
                steps += [(_relevance(o.value, action), cid, o.value) for o in c.options if o.value not in tried]
            elif cid.startswith(("tb:g:", "tb:p:")) and not c.disabled and cid not in tried:
                focus = cid.split(":", 5)[5] if cid.startswith("tb:g:") else ""
                steps.append((_relevance(focus, action), cid, None))
        best = max((s for s in steps if s[0] > 0), key=lambda s: s[0], default=None)
        if best is None:  # nothing names the move: turn a page
            best = next((s for s in reversed(steps) if s[2] is None), None)
        assert best is not None, f"no way to {action.dumps()}"
        _score, cid, value = best
        if value is None:
            tried.add(cid)
            await user.click(panel, custom_id=cid)
        else:
            tried.add(value)
            await user.select(panel, [value], custom_id=cid)
    raise AssertionError(f"{action.dumps()} not reached")  # pragma: no cover


async def play_game(env: Any, setup: Setup) -> Tally:
    """A seeded game of ``setup``: the person's moves through the panel, the interactions each cost."""
    set_locales(env, {})
    table = OneSeatTable(env, setup)
    await table.begin()
    player = player_of(setup.kind)
    rng = random.Random(SEED)
    tally = Tally()
    while tally.moves < setup.moves and (turn := await table.person_to_act()) is not None:
        live, seat = turn
        action = player.act(live.state, seat, rng)
        before = live.n
        clicks = await play_by_clicks(table, action)
        assert (await table.live()).n > before, f"{action.dumps()} was not played"
        tally.moves += 1
        assert live.engine.forced(live.state, seat) is None, "a forced move waited for the person"
        tally.clicks.append(clicks)
    live = await table.live()
    seat = live.row.seat_of(table.person.id)
    _, events = await table.bot.tables.full_log(table.game_id)
    tally.forced = sum(1 for _, event in events if event.kind == "auto" and event.seat == seat)
    return tally


@pytest.mark.parametrize("setup", SETUPS, ids=[s.kind for s in SETUPS])
async def test_a_move_costs_one_click_or_two(simcord_env: Any, monkeypatch: pytest.MonkeyPatch, setup: Setup) -> None:
    fix_seed(monkeypatch)
    tally = await play_game(simcord_env, setup)
    print(
        f"\nclicks {setup.kind}: {tally.average:.2f} per move "
        f"({len(tally.clicks)} moves, max {max(tally.clicks, default=0)}), {tally.forced} played automatically"
    )
    assert len(tally.clicks) >= 5
    assert max(tally.clicks) <= 2
    assert tally.average <= 1.5
