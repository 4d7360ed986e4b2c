"""A finished game's final ranking and each seat's score round by round, for the results picture.

Exact by construction: the game is replayed from its seed and stored actions (``bot.service.live.rebuild``, the same
replay as a restart's), and the scores are read from the engine itself (``scores``, the views' envelope) at the
start and after every action that ends a round (the event ``GameSpec.rounds`` names). A round's point is the
score as it stands once that action is over: in Nain Jaune, the tokens left in hand once the deal is paid and the
next deal staked. The last point is always the final score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.base import AnyEngine
from bot.games.base import Event
from bot.games.base import Result
from bot.service.live import rebuild
from bot.store import ActionRow
from bot.store import GameRow


@dataclass(frozen=True)
class ScoreHistory:
    """``ranking``: the final results (rank 1 first, ties sharing a rank); ``points``: the scores per seat at the
    start, after each round, and at the end when the game did not end with a round (a game without rounds: the
    start and the end, one "round")."""

    ranking: tuple[Result, ...]
    points: tuple[tuple[int, ...], ...]

    @property
    def rounds(self) -> int:
        """How many rounds were played to their end."""
        return len(self.points) - 1


def score_history(engine: AnyEngine, row: GameRow, rows: list[ActionRow], ends: str | None) -> ScoreHistory:
    """Replay the game and record the scores at the start and after each event ``ends`` (None: no rounds)."""
    points: list[tuple[int, ...]] = []
    closed = [True]
    """Whether the last step replayed closed a round (the setup counts as one)."""

    def observe(state: Any, events: list[Event]) -> None:
        closed[0] = not points or (ends is not None and any(e.kind == ends for e in events))
        if closed[0]:
            points.append(tuple(engine.scores(state)))

    live = rebuild(engine, row, rows, observe)
    if not closed[0] or len(points) == 1:
        points.append(tuple(engine.scores(live.state)))  # the last point is the final score
    ranking = engine.results(live.state) if engine.is_over(live.state) else []
    return ScoreHistory(tuple(sorted(ranking, key=lambda r: (r.rank, r.seat))), tuple(points))
