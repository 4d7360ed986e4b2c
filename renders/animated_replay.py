"""A stored game's replay drawn into one animation: the game's own table pictures, drawn by the picture workers a
few at a time, then made into a GIF or WebP (``renders.replay``) off the event loop. The frames (which public
views, how long each) come from the table service (``bot.service.replay``); drawing them is this layer's."""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence

from bot.pictures import workers
from bot.service.replay import Replay
from renders.replay import Animation
from renders.replay import animate

DRAW_BATCH = 8
"""Pictures drawn between two progress reports (a few per worker: a move's picture never waits long behind them)."""
REPLAYS_AT_ONCE = 1
"""Replays drawn at the same time in one process: each takes the cores for a few seconds."""

Progress = Callable[[int, int], Awaitable[None]]
"""Told (pictures drawn, pictures in all) as the frames are drawn."""

_slots = workers.Turns(REPLAYS_AT_ONCE)
"""The running loop's replay slots."""


async def _nothing(done: int, total: int) -> None:
    return None


async def draw_replay(replay: Replay, names: Sequence[str], locale: str, progress: Progress = _nothing) -> Animation:
    """The replay as one animation, never on the event loop: the game's own table pictures drawn by the picture
    workers a few at a time (``progress`` told after each batch), then made into an animation in a thread."""
    async with _slots():
        pictures: list[bytes] = []
        total = len(replay.frames)
        for start in range(0, total, DRAW_BATCH):
            batch = replay.frames[start : start + DRAW_BATCH]
            pictures += await workers.render_many(
                replay.kind, [("table", (frame.view, list(names), locale)) for frame in batch]
            )
            await progress(len(pictures), total)
        return await workers.off_loop(animate, pictures, replay.durations)
