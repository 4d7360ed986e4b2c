"""The score history of a finished game (the results picture's data): one short seeded game of each kind, played
through the table service on a real SQLite store, its history compared with what its own events say."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.base import Event
from bot.games.base import rank_by_score
from bot.registry import player_of
from bot.service.score_history import ScoreHistory
from bot.service.tables import TableService
from tests.service_support import started_with_computers

HOST = 1


async def finished_game(path: Path, kind: str, players: int, **options: Any) -> tuple[TableService, int]:
    """A game of ``kind``: the host and computer players, the host's moves chosen by the computer player."""
    service, game_id = await started_with_computers(path, kind, players, dict(options), HOST)
    rng = random.Random(5)
    for _ in range(3000):
        live = await service.load(game_id)
        if live.engine.is_over(live.state):
            return service, game_id
        seat = live.row.seat_of(HOST)
        assert seat is not None and seat in live.engine.to_act(live.state)
        await service.act(game_id, HOST, player_of(kind).act(live.state, seat, rng))
    raise AssertionError("the game did not end")


async def history_and_events(path: Path, kind: str, players: int, **options: Any) -> tuple[ScoreHistory, list[Event]]:
    service, game = await finished_game(path, kind, players, **options)
    history = await service.score_history(game)
    _row, log = await service.full_log(game)
    live = await service.load(game)
    assert history.points[-1] == live.engine.scores(live.state)  # the last point is the final score
    assert list(history.ranking) == sorted(live.engine.results(live.state), key=lambda r: (r.rank, r.seat))
    return history, [e for _, e in log if e.private_to is None]


async def test_nain_jaune_tokens_after_each_deal_follow_every_token_moved(db_path: Path) -> None:
    history, events = await history_and_events(db_path, "nain_jaune", 3, deals=3, tokens=120)
    # By hand from the rules: 120 each; a stake costs 15; a box taken, a payment, a Grand opéra and a doubling
    # move tokens. A deal's point is taken once its last action is over (the next deal staked).
    tokens = [120, 120, 120]
    expected: list[tuple[int, ...]] = []
    ended = False
    for event in events:
        seat = event.seat
        if event.kind == "stake":
            tokens = [n - 15 for n in tokens]
        elif event.kind in ("take", "grand_opera") and seat is not None:
            tokens[seat] += event.number("tokens")
        elif event.kind == "payment" and seat is not None:
            tokens[seat] -= event.number("tokens")
            tokens[event.number("to")] += event.number("tokens")
        elif event.kind == "double" and seat is not None:
            tokens[seat] -= event.number("tokens")
        if event.kind == "deal" and event.number("deal") == 1:
            expected.append(tuple(tokens))
        if event.kind == "deal_end":
            ended = True
        elif ended and event.kind in ("deal", "game_end"):
            expected.append(tuple(tokens))
            ended = False
    assert len(expected) == 1 + sum(e.kind == "deal_end" for e in events) >= 3
    assert list(history.points) == expected
    assert history.points[0] == (105, 105, 105)
    assert history.rounds == len(history.points) - 1 == 3


@pytest.mark.parametrize("players", [2, 3])
async def test_triominos_points_after_each_round_are_the_round_end_totals(db_path: Path, players: int) -> None:
    history, events = await history_and_events(db_path, "triominos", players, rounds=2, target=400)
    ends = [tuple(e.data["scores"]) for e in events if e.kind == "round_end"]  # type: ignore[arg-type]
    assert len(ends) == 2
    assert list(history.points) == [(0,) * players, *ends]


async def test_njet_points_add_up_round_by_round(db_path: Path) -> None:
    history, events = await history_and_events(db_path, "njet", 4, rounds=3)
    totals = [0, 0, 0, 0]
    expected = [tuple(totals)]
    for event in events:
        if event.kind == "round_end":
            round_scores = event.data["scores"]
            assert isinstance(round_scores, list | tuple)
            totals = [t + int(str(s)) for t, s in zip(totals, round_scores, strict=True)]
            expected.append(tuple(totals))
    assert len(expected) == 4
    assert list(history.points) == expected
    assert list(history.ranking) == sorted(rank_by_score(totals), key=lambda r: (r.rank, r.seat))


async def test_chat_vert_has_no_rounds_and_ranks_its_winner_first(db_path: Path) -> None:
    history, events = await history_and_events(db_path, "chat_vert", 3, timer=0)
    (win,) = [e for e in events if e.kind == "win"]
    counts = win.data["counts"]
    assert isinstance(counts, list | tuple)
    assert history.rounds == 1 and history.points == ((7, 7, 7), tuple(int(str(c)) for c in counts))  # 7 dealt
    first = history.ranking[0]
    assert (first.seat, first.rank, first.score) == (win.seat, 1, 0)


async def test_neurotrio_has_no_rounds_and_ranks_by_victory_points(db_path: Path) -> None:
    history, events = await history_and_events(db_path, "neurotrio", 3)
    assert history.rounds == 1
    (deal,) = [e for e in events if e.kind == "deal"]
    extra = deal.data.get("extra_vp") or []
    assert isinstance(extra, list | tuple)
    assert history.points[0] == tuple(6 if seat in extra else 5 for seat in range(3))  # 5 VP, +1 for a card more
    scores = [r.score for r in history.ranking]
    assert scores == sorted(scores, reverse=True)
