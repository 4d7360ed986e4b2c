"""Ratings kept as games end, and rebuilt from the finished games' results on demand.

A game is rated once, when its end is stored (``rate_finished``, from the table service): its ranking, or for Njet
its rounds' partnerships (from the game's public events), is played on the stored ladder of its server and game, in
one transaction of the store that also records each player's change (the mark of a rated game). Games in which a
player asked for a hint, and abandoned or cancelled games, are not rated.

``rebuild`` plays every rated game again, in the order they ended, from the model's starting ratings, and puts the
result in place of the stored ratings at once: what the games gave, never an edit by hand. Njet's events come from
a replay of the game's stored actions, as the table service rebuilds any game.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from bot.games.base import Event
from bot.ratings.model import PROVISIONAL_MARK
from bot.ratings.model import Change
from bot.ratings.model import Entrant
from bot.ratings.model import Ladder
from bot.ratings.model import Match
from bot.ratings.model import Rating
from bot.ratings.model import entrants
from bot.ratings.model import game_match
from bot.ratings.model import provisional
from bot.registry import engine_of
from bot.registry import load
from bot.registry import spec_of
from bot.service.live import rebuild as replay
from bot.service.table_settings import unrated_for_hints
from bot.store import GameRow
from bot.store import PlayerRating
from bot.store import RatingChange
from bot.store import ResultLine
from bot.store import Seat
from bot.store import Store

Rounds = Callable[[Sequence[Seat], Iterable[Event]], list[Match]]


def rounds_of(kind: str) -> Rounds | None:
    """How a game rated round by round (its declaration says) makes its matches from its public events; None for a
    game rated by its final ranking."""
    ref = spec_of(kind).rated_by_rounds
    return None if ref is None else cast("Rounds", load(ref))


def rated(row: GameRow) -> bool:
    """Whether a game counts: finished by its rules on a server, at a table that did not allow hints."""
    return row.status == "over" and row.guild_id is not None and unrated_for_hints(row) is None


def shown(rating: PlayerRating) -> float:
    """The rating people see: the conservative estimate, mu - 3 sigma."""
    return rating.mu - 3 * rating.sigma


def rating_text(value: float, games: int) -> str:
    """A shown rating as people read it: one decimal, marked while provisional (made of few rated games)."""
    return f"{round(value, 1) + 0.0:.1f}{PROVISIONAL_MARK if provisional(games) else ''}"


def standings(ladder: Iterable[PlayerRating]) -> list[tuple[int, PlayerRating]]:
    """Best first (as ``Ladder.standings``), each with its place: players shown with the same rating share one."""
    ordered = sorted(ladder, key=lambda r: (-shown(r), -r.games, r.name))
    out: list[tuple[int, PlayerRating]] = []
    for index, rating in enumerate(ordered):
        tied = out and f"{shown(out[-1][1]):.1f}" == f"{shown(rating):.1f}"
        out.append((out[-1][0] if tied else index + 1, rating))
    return out


def change_numbers(change: RatingChange, games: int | None = None) -> dict[str, str]:
    """A change as people read it: before, after and the difference, to one decimal (the difference of the two
    numbers shown, so that they add up). ``games``: the player's rated games, this one counted, to mark a provisional
    rating before and after it; None leaves both unmarked."""
    before, after = round(change.before, 1), round(change.after, 1)
    return {
        "before": f"{before + 0.0:.1f}" if games is None else rating_text(before, games - 1),
        "after": f"{after + 0.0:.1f}" if games is None else rating_text(after, games),
        "delta": f"{round(after - before, 1) + 0.0:+.1f}",
    }


async def shown_changes(store: Store, game: GameRow) -> list[tuple[RatingChange, dict[str, str]]]:
    """A rated game's changes in seat order, each with its numbers as people read them: marked provisional by the
    player's rated games as stored now (right after the game, its own count)."""
    changes = await store.rating_changes(game.id)
    if not changes or game.guild_id is None:
        return [(change, change_numbers(change)) for change in changes]
    games = {r.player: r.games for r in (await store.ladders(game.guild_id)).get(game.kind, [])}
    return [(change, change_numbers(change, games.get(change.player))) for change in changes]


def contest(
    row: GameRow, log: Iterable[tuple[int, Event]], results: Sequence[ResultLine]
) -> tuple[list[Match], list[Entrant], list[Entrant]]:
    """A game's matches, its winners (rank 1) and its players, in seat order."""
    people = entrants(row.seats)
    ranks = {line[0]: line[3] for line in results}
    if set(ranks) != set(range(len(people))):
        raise ValueError(f"game {row.id} has results for seats {sorted(ranks)}, not its {len(people)} seats")
    rounds = rounds_of(row.kind)
    matches = rounds(row.seats, (event for _, event in log)) if rounds is not None else []
    if not matches:
        matches = [game_match(row.seats, [ranks[seat] for seat in range(len(people))])]
    winners = [people[seat] for seat in sorted(ranks) if ranks[seat] == 1]
    return matches, winners, people


def _ladder(stored: Iterable[PlayerRating]) -> Ladder:
    return Ladder({r.player: Rating(r.player, r.name, r.mu, r.sigma, r.games, r.wins) for r in stored})


def _stored(rating: Rating) -> PlayerRating:
    return PlayerRating(rating.key, rating.name, rating.mu, rating.sigma, rating.games, rating.wins)


def _change(change: Change) -> RatingChange:
    return RatingChange(change.key, change.name, change.before, change.after)


def _play(
    ladder: Ladder, row: GameRow, log: Iterable[tuple[int, Event]], results: Sequence[ResultLine]
) -> list[RatingChange]:
    matches, winners, people = contest(row, log, results)
    return [_change(change) for change in ladder.play(matches, winners, people)]


async def rate_finished(
    store: Store, row: GameRow, log: Sequence[tuple[int, Event]], results: Sequence[ResultLine]
) -> list[RatingChange]:
    """Rate a game whose end is stored (``log``: its events; ``results``: its ranking); each player's change, in
    seat order. Nothing for a game that does not count; the stored changes for a game already rated."""
    if not rated(row) or row.guild_id is None:
        return []

    def rate(stored: list[PlayerRating]) -> tuple[list[PlayerRating], list[RatingChange]]:
        ladder = _ladder(stored)
        changes = _play(ladder, row, log, results)
        return [_stored(ladder.ratings[change.player]) for change in changes], changes

    return await store.rate_game(row.id, row.guild_id, row.kind, rate)


async def public_log(store: Store, row: GameRow) -> list[tuple[int, Event]]:
    """The events a game's rating needs: its replayed log for a game rated by rounds, else none."""
    if rounds_of(row.kind) is None:
        return []
    return replay(engine_of(row.kind), row, await store.actions(row.id)).log


@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild did: games rated, games set aside (hints), players rated, games that ended meanwhile."""

    games: int
    skipped: int
    players: int
    late: int


async def rebuild(store: Store, guild_id: int | None = None) -> Rebuilt:
    """Recompute a server's ratings (every server's when None) from the finished games, in the order they ended.

    The new ratings replace the stored ones in one transaction. A game that ended meanwhile (rated by the bot
    before the replacement, which forgets it, or after) is then rated on the new ladder, once.
    """
    finished = await store.finished_games(guild_id)
    ladders: dict[tuple[int, str], Ladder] = {}
    changes: dict[int, list[RatingChange]] = {}
    skipped = 0
    for row, results in finished:
        if not rated(row) or row.guild_id is None:
            skipped += 1
            continue
        ladder = ladders.setdefault((row.guild_id, row.kind), Ladder())
        changes[row.id] = _play(ladder, row, await public_log(store, row), results)
    ratings = [(g, kind, _stored(r)) for (g, kind), ladder in ladders.items() for r in ladder.ratings.values()]
    await store.replace_ratings(guild_id, ratings, changes)
    seen = {row.id for row, _ in finished}
    late = 0
    for row, results in await store.finished_games(guild_id):
        if row.id not in seen and rated(row):
            await rate_finished(store, row, await public_log(store, row), results)
            late += 1
    return Rebuilt(len(changes), skipped, len(ratings), late)
