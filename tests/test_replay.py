"""Replays of stored games: one short seeded game of each kind, played through the table service on a real SQLite
store, then replayed from its seed and stored actions. The replay has one frame per public change (checked against
the game stepped through again here, move by move), holds only public views (the conformance suite's secret check
on every frame) and, drawn with the game's own pictures, fits Discord's upload limit."""

from __future__ import annotations

import dataclasses
import io
import itertools
import random
from pathlib import Path
from typing import Any
from typing import cast

import pytest
from PIL import Image

from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import Event
from bot.games.base import SeatView
from bot.games.base import TableView
from bot.games.base import action_rng
from bot.registry import engine_of
from bot.registry import player_of
from bot.service.live import UNDO
from bot.service.live import rebuild
from bot.service.live import undo_seat
from bot.service.replay import HOLD_END_MS
from bot.service.replay import HOLD_MILESTONE_MS
from bot.service.replay import HOLD_START_MS
from bot.service.replay import PACE_MS
from bot.service.replay import Replay
from bot.service.replay import ReplayFrame
from bot.service.replay import durations
from bot.service.replay import evenly
from bot.service.replay import public_changes
from bot.service.replay import replay_of
from bot.service.replay import sample
from bot.store import ActionRow
from bot.store import GameRow
from renders.animated_replay import draw_replay
from renders.replay import LIMIT_BYTES
from tests.games.test_conformance import strings
from tests.service_support import SHORT
from tests.service_support import started_short

HOST = 1


@dataclasses.dataclass
class Stored:
    """A finished game as the store keeps it, and the numbers of a move taken back and of its undo, if any."""

    row: GameRow
    rows: list[ActionRow]
    undone: tuple[int, int] | None


async def stored_game(path: Path, kind: str, *, undo_once: bool = False) -> Stored:
    """A short game of ``kind`` played to its end through the table service, the host's moves chosen by the
    computer player; with ``undo_once``, the host takes back the first move that the table lets them."""
    service, game_id = await started_short(path, kind, HOST)
    rng = random.Random(5)
    undone: tuple[int, int] | None = None
    for _ in range(3000):
        live = await service.load(game_id)
        if live.engine.is_over(live.state):
            break
        seat = live.row.seat_of(HOST)
        assert seat is not None and seat in live.engine.to_act(live.state)
        await service.act(game_id, HOST, player_of(kind).act(live.state, seat, rng))
        live = await service.load(game_id)
        if undo_once and undone is None and undo_seat(live) == seat:
            undone = (live.n, live.n + 1)  # the move, then its undo
            await service.act(game_id, HOST, Action.of(UNDO))
    else:
        raise AssertionError("the game did not end")
    final = await service.store.get_game(game_id)
    assert final is not None and final.status == "over"
    return Stored(final, await service.store.actions(game_id), undone)


def without_version(view: TableView[Any]) -> dict[str, Any]:
    """Every field of a view but its count of actions."""
    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "version"}


def stepped(engine: AnyEngine, game: Stored) -> list[tuple[int, TableView[Any]]]:
    """The game stepped through again here, without ``bot.service.live``: (action number, public view) after the setup
    and after each action whose public view differs from the one before it."""
    skipped = set(game.undone or ())
    state = engine.setup(len(game.row.seats), game.row.options, action_rng(game.row.seed, 0))
    out = [(0, engine.public_view(state))]
    for row in game.rows:
        if row.n in skipped:
            continue
        assert row.seat is not None, "no move of the table itself in these games"
        engine.apply(state, row.seat, Action.loads(row.action), action_rng(game.row.seed, row.n))
        view = engine.public_view(state)
        if without_version(view) != without_version(out[-1][1]):
            out.append((row.n, view))
    return out


@pytest.mark.parametrize("kind", list(SHORT))
async def test_a_replay_has_one_frame_per_public_change_and_fits_the_limit(db_path: Path, kind: str) -> None:
    game = await stored_game(db_path, kind)
    engine = engine_of(kind)
    replay = replay_of(engine, game.row, game.rows)
    expected = stepped(engine, game)
    assert not replay.sampled and replay.changes == len(expected) == len(replay.frames)
    assert [(f.number, f.view) for f in replay.frames] == expected
    assert all(type(f.view) is TableView for f in replay.frames)  # the public view, never a seat's
    assert replay.frames[-1].view.over and expected[-1][0] == game.rows[-1].n

    names = [seat.name for seat in game.row.seats]
    animation = await draw_replay(replay, names, "fr")
    assert len(animation.data) < LIMIT_BYTES == 10_000_000
    with Image.open(io.BytesIO(animation.data)) as shown:
        assert shown.format == "GIF" and animation.format == "gif"
        count: int = getattr(shown, "n_frames", 1)
        assert 2 <= count <= len(replay.frames)  # identical pictures in a row are one frame
        played = []
        for index in range(count):
            shown.seek(index)
            played.append(shown.info["duration"])
    assert sum(played) == sum(replay.durations)  # the whole game's time, merged frames included
    assert played[0] >= HOLD_START_MS and played[-1] >= HOLD_END_MS


@pytest.mark.parametrize("kind", list(SHORT))
async def test_no_secret_of_any_seat_appears_in_a_replay(db_path: Path, kind: str) -> None:
    """Each seat's secrets (``engine.secrets``) at every step of the game are absent from that step's frame."""
    game = await stored_game(db_path, kind)
    engine = engine_of(kind)
    secrets_at: dict[int, frozenset[str]] = {}

    def collect(state: Any, events: list[Event]) -> None:
        seats = range(len(game.row.seats))
        secrets_at[state.version] = frozenset().union(*(engine.secrets(state, seat) for seat in seats))

    rebuild(engine, game.row, game.rows, collect)
    assert sum(len(s) for s in secrets_at.values()) > 0, "the game had secrets to keep"
    replay = replay_of(engine, game.row, game.rows)
    for frame in replay.frames:
        assert not isinstance(frame.view, SeatView)
        leaked = secrets_at[frame.view.version] & set(strings(frame.view))
        assert not leaked, f"move {frame.number}: {sorted(leaked)[:5]}"


async def test_a_move_taken_back_makes_no_frame(db_path: Path) -> None:
    game = await stored_game(db_path, "nain_jaune", undo_once=True)
    assert game.undone is not None, "the host took a card back"
    replay = replay_of(engine_of("nain_jaune"), game.row, game.rows)
    numbers = [f.number for f in replay.frames]
    assert not set(game.undone) & set(numbers)
    assert [(f.number, f.view) for f in replay.frames] == stepped(engine_of("nain_jaune"), game)


class PhaseOnly:
    """An engine whose public view shows only the phase: most moves change nothing a spectator sees."""

    def __init__(self, engine: AnyEngine) -> None:
        self.engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def public_view(self, state: Any) -> TableView[Any]:
        view = self.engine.public_view(state)
        empty = frozenset[int]()
        return TableView(
            game=view.game,
            phase=view.phase,
            to_act=empty,
            may_interrupt=empty,
            scores=(),
            events=(),
            version=view.version,
            over=view.over,
            table=None,
        )


async def test_moves_that_change_nothing_public_make_no_frame(db_path: Path) -> None:
    game = await stored_game(db_path, "njet")
    engine = engine_of("njet")
    state = engine.setup(len(game.row.seats), game.row.options, action_rng(game.row.seed, 0))
    phases = [(0, engine.phase(state))]
    for row in game.rows:
        assert row.seat is not None
        engine.apply(state, row.seat, Action.loads(row.action), action_rng(game.row.seed, row.n))
        if engine.phase(state) != phases[-1][1]:
            phases.append((row.n, engine.phase(state)))
    assert len(phases) >= 4  # blocking, choosing partners, discarding, tricks, the end
    frames = public_changes(cast(AnyEngine, PhaseOnly(engine)), game.row, game.rows)
    assert [(f.number, f.view.phase) for f in frames] == phases


def frames_of(count: int, milestones: set[int]) -> list[ReplayFrame]:
    view = cast(TableView[Any], None)
    return [ReplayFrame(view, n, 0, n in milestones) for n in range(count)]


def test_a_long_game_keeps_its_ends_and_milestones_and_spreads_the_rest() -> None:
    frames = frames_of(300, {50, 100, 150, 200, 250})
    kept = [f.number for f in sample(frames, 20)]
    assert len(kept) == 20 and kept == sorted(kept)
    assert {0, 299, 50, 100, 150, 200, 250} <= set(kept)
    gaps = [b - a for a, b in itertools.pairwise(kept)]
    assert max(gaps) <= 300 / 12 + 1  # the 13 other frames, evenly spread: a twelfth of the game apart at most
    assert [f.number for f in sample(frames, 400)] == list(range(300))


def test_milestones_take_at_most_half_of_a_long_replay() -> None:
    frames = frames_of(1000, set(range(1, 999, 5)))  # 200 milestones
    kept = sample(frames, 40)
    assert len(kept) == 40
    assert sum(f.milestone for f in kept) == 18  # 40 // 2, less the first and the last frame
    assert kept[0].number == 0 and kept[-1].number == 999


def test_evenly_spreads_from_the_first_to_the_last() -> None:
    assert evenly([10, 20, 30, 40, 50], 3) == [10, 30, 50]
    assert evenly([1, 2], 5) == [1, 2]
    assert evenly([1, 2, 3], 0) == []
    assert evenly([1, 2, 3], 1) == [2]


def test_durations_hold_the_start_the_milestones_and_the_end() -> None:
    frames = frames_of(5, {2})
    pace = PACE_MS["njet"]
    assert durations("njet", frames) == (HOLD_START_MS, pace, HOLD_MILESTONE_MS, pace, HOLD_END_MS)
    assert 2 * pace <= HOLD_START_MS < HOLD_END_MS


async def test_a_long_game_is_sampled_and_the_drawing_reports_its_progress(db_path: Path) -> None:
    game = await stored_game(db_path, "njet")
    full = replay_of(engine_of("njet"), game.row, game.rows)
    replay = replay_of(engine_of("njet"), game.row, game.rows, limit=20)
    assert replay.sampled and replay.changes == full.changes > 20 and len(replay.frames) == 20
    assert replay.frames[0] == full.frames[0] and replay.frames[-1] == full.frames[-1]
    milestones = [f for f in full.frames if f.milestone]
    assert 0 < len(milestones) <= 20 // 2 - 2 and all(f in replay.frames for f in milestones)
    told: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        told.append((done, total))

    animation = await draw_replay(replay, [s.name for s in game.row.seats], "en", progress)
    assert told == [(8, 20), (16, 20), (20, 20)]
    assert animation.frames == 20 and len(animation.data) < LIMIT_BYTES


def test_a_replay_counts_what_it_left_out() -> None:
    frames = tuple(frames_of(3, set()))
    assert Replay("njet", frames, (1, 1, 1), 3).sampled is False
    assert Replay("njet", frames, (1, 1, 1), 30).sampled is True
