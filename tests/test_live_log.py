"""A live game keeps only its latest events: its memory does not grow with the game's length, the table still shows
its last moves, and the whole log (``/table log``, a game's end) is rebuilt from the stored actions."""

from __future__ import annotations

import random
from pathlib import Path

from bot.games.base import Event
from bot.registry import engine_of
from bot.registry import player_of
from bot.service.live import LOG_KEPT
from bot.service.live import RECENT_KEPT
from bot.service.live import LiveGame
from bot.service.live import recent_public
from bot.service.live import trim_log
from tests.service_support import started_by_two


def _live_with(events: list[tuple[int, Event]]) -> LiveGame:
    return LiveGame(row=None, engine=engine_of("njet"), state=None, log=list(events))  # type: ignore[arg-type]


def test_a_short_log_is_kept_whole() -> None:
    events = [(n, Event("played", n % 3)) for n in range(LOG_KEPT)]
    live = _live_with(events)
    trim_log(live)
    assert live.log == events and live.whole


def test_a_trimmed_log_keeps_its_last_public_events_and_the_private_ones_among_them() -> None:
    events: list[tuple[int, Event]] = []
    for n in range(1, 41):
        events.append((n, Event("drew", n % 4, private_to=n % 4)))
        events.append((n, Event("played", n % 4, {"n": n})))
    live = _live_with(events)
    trim_log(live)
    # the 8th public event from the end is move 33's "played", the log's 66th entry (index 65)
    assert live.log == events[65:] and not live.whole
    assert len([e for _, e in live.log if e.private_to is None]) == RECENT_KEPT
    assert recent_public(live.log, 6) == recent_public(events, 6)


async def test_a_long_game_keeps_few_events_and_its_whole_log_is_replayed(tmp_path: Path) -> None:
    service, game = await started_by_two(tmp_path / "t.db", "nain_jaune", ("Ana", "Ben"))
    rng = random.Random(3)
    longest = 0
    for _ in range(60):
        live = await service.load(game)
        if live.engine.is_over(live.state):
            break
        seat = min(live.engine.to_act(live.state))
        user = live.row.seats[seat].user_id
        assert user is not None
        await service.act(game, user, player_of("nain_jaune").act(live.state, seat, rng))
        longest = max(longest, len(live.log))
    live = await service.load(game)
    assert not live.whole and longest <= LOG_KEPT + 16
    _, whole = await service.full_log(game)
    assert whole == (await service.replay(live.row)).log
    assert len(whole) > 3 * LOG_KEPT and whole[-len(live.log) :] == live.log
