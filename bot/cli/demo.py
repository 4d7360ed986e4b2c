"""Local showcases: a whole narrated game between computer players, and many silent ones."""

from __future__ import annotations

import json
import random
import statistics
import tempfile
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from typing import cast

from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import BoolOption
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import IntOption
from bot.games.base import JSONValue
from bot.games.base import Player
from bot.games.base import action_rng
from bot.games.base import validate_options
from bot.i18n import has
from bot.i18n import plural
from bot.i18n import t
from bot.registry import KINDS
from bot.registry import engine_of
from bot.registry import load
from bot.registry import pictures_of
from bot.registry import player_of
from bot.registry import spec_of
from bot.registry import texts_of
from bot.service.score_history import ScoreHistory
from bot.service.tables import NullPublisher
from bot.service.tables import Snapshot
from bot.service.tables import TableService
from bot.store import Store
from bot.texts import narrate
from bot.texts import ranking_lines

PICTURE_EVERY = 12
"""Moves at most between two pictures: a long stretch without a milestone (a Chat vert game, a Nain Jaune deal, a
Triominos round) still shows its table now and then."""
PICTURE_EVENTS = frozenset({"trick"})
"""Events worth a picture of their own besides the milestones, in whichever game they happen: a trick won (Njet!)."""


class DemoPublisher(NullPublisher):
    """Prints every event in words and saves the table picture at the start, at each milestone, after each event of
    ``PICTURE_EVENTS``, every ``PICTURE_EVERY`` moves otherwise, and at the end; the results picture comes last."""

    def __init__(self, out: Path, lang: str) -> None:
        self.out = out
        self.lang = lang
        self.pictures = 0
        self.lines = 0
        self.moves = 0
        self.pictured_at: int | None = None
        """The move after which the last table picture was saved (None: none yet)."""

    async def publish(self, snapshot: Snapshot) -> None:
        game = snapshot.game
        names = [s.name for s in game.seats]
        self.moves = snapshot.n
        for event in snapshot.new_events:
            self._say(game.kind, event, names)
        if self.worth_a_picture(snapshot):
            self.pictured_at = snapshot.n
            self.save(game.kind, "table", pictures_of(game.kind).table(snapshot.public, names, self.lang))

    def worth_a_picture(self, snapshot: Snapshot) -> bool:
        """The start, a milestone, a trick, the end, or ``PICTURE_EVERY`` moves since the last picture."""
        events = snapshot.new_events
        return (
            self.pictured_at is None
            or snapshot.over
            or any(e.milestone or e.kind in PICTURE_EVENTS for e in events)
            or snapshot.n - self.pictured_at >= PICTURE_EVERY
        )

    def save(self, kind: str, what: str, png: bytes) -> None:
        """Write one picture, numbered in the order of the game, and name it in the narration."""
        self.pictures += 1
        path = self.out / f"{kind}-{self.pictures:03d}-{what}.png"
        path.write_bytes(png)
        print(f"        [{path}]")

    def finish(self, kind: str, names: Sequence[str], history: ScoreHistory) -> None:
        """The final ranking, as a picture (the last one, as the table message shows it beside the table) and in
        words."""
        unit = texts_of(kind).score_unit_key
        # The pictures sit above this layer: reached by name, as the registry reaches each game's renderers.
        draw = cast("Callable[..., bytes]", load("renders.results:results_picture"))
        self.save(kind, "results", draw(history.ranking, history.points, names, kind, unit, self.lang))
        for line in ranking_lines(history.ranking, names, self.lang, unit):
            print(f"        {line}")

    def _say(self, kind: str, event: Event, names: Sequence[str]) -> None:
        line = narrate(kind, event, names, self.lang)
        if line:
            self.lines += 1
            print(f"{'==' if event.milestone else '  '} {line}")


class DemoError(Exception):
    """A demo or simulation that cannot run as asked; the message says why in one line."""


def reason(error: GameError) -> str:
    """A refused game or option in words (English, as the command line speaks), from the catalogs."""
    key = f"error.{error.code}"
    return t("en", key, **error.params) if has(key) else f"{error.code} {error.params}"


def _parse_options(pairs: Sequence[str]) -> dict[str, JSONValue]:
    """``NAME=VALUE`` pairs: VALUE is read as JSON (``2``, ``true``), else kept as text; a bare NAME means true."""
    options: dict[str, JSONValue] = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not name.strip():
            raise DemoError(f"--option takes NAME=VALUE, not {pair!r}")
        try:
            options[name.strip()] = json.loads(value) if equals else True
        except ValueError:
            options[name.strip()] = value
    return options


def check_options(kind: str, pairs: Sequence[str]) -> dict[str, JSONValue]:
    """The demo's options, checked as a table would check them, before anything is written."""
    engine = engine_of(kind)
    options = _parse_options(pairs)
    known = [o.name for o in engine.options]
    for name in options:
        if name not in known:
            raise DemoError(f"unknown option {name!r} for {kind} (its options: {', '.join(known) or 'none'})")
    try:
        validate_options(engine, options)
    except GameError as error:
        bad = error.params.get("option")
        if error.code == "bad_option_type" and isinstance(bad, str):
            raise DemoError(f"the option {bad!r} takes {_expected(engine, bad)}, not {options[bad]!r}") from error
        raise DemoError(reason(error)) from error
    return options


def _expected(engine: AnyEngine, name: str) -> str:
    """What kind of value an option takes, in words for the command line."""
    option = next(o for o in engine.options if o.name == name)
    if isinstance(option, IntOption):
        return f"a whole number from {option.min} to {option.max}"
    if isinstance(option, BoolOption):
        return "true or false"
    return "a value of its own"


def check_players(kind: str, players: int) -> None:
    """Refuse a player count the game does not take, with the range it does take."""
    if kind not in KINDS:
        raise DemoError(f"unknown game {kind!r} (the games: {', '.join(KINDS)})")
    engine = engine_of(kind)
    if not engine.min_players <= players <= engine.max_players:
        raise DemoError(f"{kind} takes {engine.min_players} to {engine.max_players} players, not {players}")


def next_move(engine: AnyEngine, player: Player, state: Any, rng: random.Random) -> tuple[int, Action]:
    """What the computer players do next: an interruption if one wants it, else the awaited seat's move."""
    for seat in sorted(engine.interrupters(state)):
        action = player.interrupt(state, seat, rng)
        if action is not None:
            return seat, action
    seat = min(engine.to_act(state))
    return seat, player.act(state, seat, rng)


DEMO_SETTINGS: dict[str, JSONValue] = {"autoplay": False}
"""Every move is the computer player's own step, even a forced one: each is published alone, so each trick gets its
picture."""
NAMES = ("Amélie", "Bruno", "Chloé", "Étienne", "Françoise", "Gaëlle", "Hervé", "Inès", "Jérôme", "Léa")


async def run_demo(kind: str, players: int, seed: int, lang: str, out: Path, options: Sequence[str]) -> int:
    """Open a table, seat players, and play every move through the pipeline with the computer's choices.

    Raises ``DemoError`` for a game, a player count, an option or a folder that cannot be used.
    """
    check_players(kind, players)
    table_options = check_options(kind, options)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DemoError(f"cannot write the pictures to {out}: {error.strerror or error}") from error
    publisher = DemoPublisher(out, lang)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "demo.db")
        try:
            service = TableService(store, publisher)
            row = await service.open_table(
                guild_id=None,
                channel_id=1,
                kind=kind,
                options=table_options,
                host_id=1,
                host_name=NAMES[0],
                locale=lang,
                settings=DEMO_SETTINGS,
            )
            await store.update_game(row.id, seed=seed)
            for user in range(2, players + 1):
                await service.join(row.id, user, NAMES[(user - 1) % len(NAMES)])
            live = await service.start(row.id, 1)
            rng = random.Random(seed)
            while live.row.status == "running":
                seat, action = next_move(live.engine, player_of(kind), live.state, rng)
                holder = live.row.seats[seat].user_id
                assert holder is not None
                await service.act(row.id, holder, action)
            status = live.row.status
            if status == "over":
                publisher.finish(kind, [s.name for s in live.row.seats], await service.score_history(row.id))
        finally:
            await store.close()
    print(f"\n{summary(kind, publisher, out, status)}")
    return 0


def summary(kind: str, publisher: DemoPublisher, out: Path, status: str) -> str:
    """The demo's last line, in the narration's language: what was played and where the pictures are."""
    lang = publisher.lang
    return t(
        lang,
        "demo.summary",
        game=t(lang, spec_of(kind).title_key),
        moves=plural(lang, "demo.moves", publisher.moves),
        lines=plural(lang, "demo.lines", publisher.lines),
        pictures=plural(lang, "demo.pictures", publisher.pictures),
        folder=f"{out}/",
        status=t(lang, "demo.over") if status == "over" else status,
    )


@dataclass(frozen=True)
class Tally:
    """What many games between computer players looked like. A game with a tie for first place is counted once in
    ``tied_games``, and once for each of its winners in ``shared``, never in ``alone``: ``sum(alone) + tied_games``
    is the number of games."""

    moves: tuple[int, ...]
    alone: tuple[int, ...]
    """Games won alone, per seat."""
    shared: tuple[int, ...]
    """First places shared with another seat, per seat."""
    tied_games: int


def simulation(kind: str, games: int, players: int, seed: int) -> Tally:
    """Play ``games`` games between computer players (engine only), the game number g from the seed ``seed + g``:
    the same seed plays the same games."""
    check_players(kind, players)
    if games < 1:
        raise DemoError(f"--games must be 1 or more, not {games}")
    engine, player = engine_of(kind), player_of(kind)
    moves: list[int] = []
    alone, shared, tied_games = [0] * players, [0] * players, 0
    for g in range(games):
        game_seed = seed + g
        state = engine.setup(players, {}, action_rng(game_seed, 0))
        rng = random.Random(game_seed)
        n = 0
        while not engine.is_over(state):
            seat, action = next_move(engine, player, state, rng)
            n += 1
            engine.apply(state, seat, action, action_rng(game_seed, n))
        moves.append(n)
        first = [r.seat for r in engine.results(state) if r.rank == 1]
        if len(first) == 1:
            alone[first[0]] += 1
        else:
            tied_games += 1
            for winner in first:
                shared[winner] += 1
    return Tally(tuple(moves), tuple(alone), tuple(shared), tied_games)


def simulate(kind: str, games: int, players: int, seed: int = 1000) -> int:
    """Play many games between computer players and print what they look like."""
    tally = simulation(kind, games, players, seed)
    print(f"{kind}: {games} games of {players} players, seeds {seed} to {seed + games - 1}")
    print(f"  moves per game: mean {statistics.mean(tally.moves):.0f}, max {max(tally.moves)}")
    print(f"  games won alone, by seat: {list(tally.alone)}")
    print(f"  games with a tie for first place: {tally.tied_games}; first places shared, by seat: {list(tally.shared)}")
    return 0
