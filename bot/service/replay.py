"""Replays of a stored game: the public table after every public change (drawn into one animation by
``renders.animated_replay``, the layer that draws).

A game is its seed and its actions, so its replay is exact: the game is rebuilt (``bot.service.live.rebuild``, the same
replay as a restart's) and the public view is taken after the setup and after every action. A move that changes
nothing a spectator sees (a private step) makes no frame. Only public views are kept: what the channel already
showed, move after move, so a replay cannot tell a secret.

A long game has hundreds of moves: the frames are capped (``MAX_FRAMES``), keeping the first, the last and the
milestones (a new deal, a round's end; up to half of the frames) and spreading the rest evenly, so that the
animation stays short enough to watch and small enough to upload.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import Event
from bot.games.base import TableView
from bot.service.live import UNDO
from bot.service.live import rebuild
from bot.service.live import undone_numbers
from bot.store import ActionRow
from bot.store import GameRow

MAX_FRAMES = 120
"""At most this many pictures in one replay: about two minutes at the games' pace, a few MB."""
PACE_MS = {"nain_jaune": 800, "triominos": 1100, "neurotrio": 1200, "njet": 900, "chat_vert": 800}
"""How long one move stays on screen, per game: a card played reads at a glance, a tile or a bid on a board
takes a little longer."""
DEFAULT_PACE_MS = 1000
HOLD_START_MS = 3000
"""The deal, before the first move: time to see who sits where."""
HOLD_END_MS = 4000
"""The end of the game, held longest: the final table, before the animation starts again."""
HOLD_MILESTONE_MS = 2000
"""A new deal or round, a round's end: held twice as long as a move."""


@dataclass(frozen=True)
class ReplayFrame:
    """One picture of a replay: the public view after a change, the stored action that made it (0 and None:
    the setup) and whether it is a milestone (held longer, kept first when a long game is sampled)."""

    view: TableView[Any]
    number: int
    seat: int | None
    milestone: bool


@dataclass(frozen=True)
class Replay:
    """What a replay shows: its frames (sampled when the game had more public changes than ``MAX_FRAMES``), how
    long each stays on screen, and how many public changes the game had in all."""

    kind: str
    frames: tuple[ReplayFrame, ...]
    durations: tuple[int, ...]
    changes: int

    @property
    def sampled(self) -> bool:
        """Whether some public changes were left out to keep the replay short."""
        return len(self.frames) < self.changes


def visible(view: TableView[Any]) -> TableView[Any]:
    """The view without its version (the count of actions): two views equal by this show the same table."""
    return dataclasses.replace(view, version=0)


def public_changes(engine: AnyEngine, row: GameRow, rows: Sequence[ActionRow]) -> list[ReplayFrame]:
    """The game rebuilt from ``rows``: the public view after the setup and after each action that changed it."""
    undone = undone_numbers(list(rows))
    applied = [r for r in rows if r.n not in undone and Action.loads(r.action).kind != UNDO]
    frames: list[ReplayFrame] = []
    last: list[TableView[Any]] = []

    def observe(state: Any, events: list[Event]) -> None:
        view = engine.public_view(state)
        shown = visible(view)
        if last and last[0] == shown:
            return
        last[:] = [shown]
        made_by = applied[view.version - 1] if view.version else None
        number = made_by.n if made_by is not None else 0
        seat = made_by.seat if made_by is not None else None
        milestone = any(e.milestone and e.private_to is None for e in events)
        frames.append(ReplayFrame(view, number, seat, milestone))

    rebuild(engine, row, list(rows), observe)
    return frames


def sample(frames: Sequence[ReplayFrame], limit: int) -> list[ReplayFrame]:
    """At most ``limit`` frames, in order: the first and the last always, then the milestones (up to half of the
    frames: a game of fifty deals still shows moves), then the other frames spread evenly over the game (each group
    evenly thinned when it does not fit whole)."""
    if len(frames) <= limit:
        return list(frames)
    ends = {0, len(frames) - 1}
    milestones = [i for i, f in enumerate(frames) if f.milestone and i not in ends]
    kept = ends | set(evenly(milestones, max(0, limit // 2 - len(ends))))
    others = [i for i, f in enumerate(frames) if i not in kept and not f.milestone]
    kept |= set(evenly(others, max(0, limit - len(kept))))
    return [frames[i] for i in sorted(kept)]


def evenly(items: Sequence[int], count: int) -> list[int]:
    """``count`` of ``items`` spread evenly from the first to the last (all of them when they fit)."""
    if count >= len(items):
        return list(items)
    if count <= 0:
        return []
    if count == 1:
        return [items[len(items) // 2]]
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def durations(kind: str, frames: Sequence[ReplayFrame]) -> tuple[int, ...]:
    """How long each frame stays on screen, in ms: the game's pace for a move, longer for a milestone, longest
    for the first and the last."""
    pace = PACE_MS.get(kind, DEFAULT_PACE_MS)
    out = [HOLD_MILESTONE_MS if f.milestone else pace for f in frames]
    if out:
        out[0] = max(out[0], HOLD_START_MS)
        out[-1] = HOLD_END_MS
    return tuple(out)


def replay_of(engine: AnyEngine, row: GameRow, rows: Sequence[ActionRow], limit: int = MAX_FRAMES) -> Replay:
    """A stored game's replay: its public changes, sampled down to ``limit`` frames, with their durations."""
    changes = public_changes(engine, row, rows)
    frames = sample(changes, limit)
    return Replay(row.kind, tuple(frames), durations(row.kind, frames), len(changes))
