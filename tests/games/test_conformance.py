"""One conformance suite for every declared game: what the table service and the pictures rely on.

Each game is played many times from fixed seeds, by a mix of random legal moves, computer moves and
interruptions, at its smallest and largest table, and at each step the suite checks the engine protocol:
determinism, replay from the stored log, the stored form of actions, legal moves applying and illegal ones
refused with nothing changed, secrets absent from every view but their owner's, the views' envelope, and
consistent results at the end. A view (and a hint) is a function of what its seat knows: a state dealt again where
the seat cannot see (``indistinguishable.redeal``) gives it the same view. Per-game tests keep only what is
specific to a game's rules.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import types
import typing
from collections.abc import Iterator
from collections.abc import Mapping
from typing import Any

import pytest

from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import Envelope
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import SeatView
from bot.games.base import TableView
from bot.games.base import action_rng
from bot.games.base import validate_options
from bot.players.hints import Hinting
from bot.registry import GAMES
from bot.registry import GameSpec
from bot.registry import engine_of
from bot.registry import player_of
from tests.games.indistinguishable import redeal
from tests.games.indistinguishable import with_secrets

MAX_MOVES = 6000
"""A random game of any declared game ends within this many moves (short options)."""
SEEDS = range(4)
PROBES = 6
"""How many foreign actions each step tries to slip in."""


@dataclasses.dataclass
class Played:
    """A whole game: the final state, the moves as stored, and every state's events."""

    state: Any
    moves: list[tuple[int, str]]
    events: list[list[Event]]


def sizes(spec: GameSpec) -> list[int]:
    engine = engine_of(spec.kind)
    return sorted({engine.min_players, engine.max_players})


CASES = [
    pytest.param(spec, players, seed, id=f"{spec.kind}-{players}p-{seed}")
    for spec in GAMES
    for players in sizes(spec)
    for seed in SEEDS
]


def options(spec: GameSpec, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return validate_options(engine_of(spec.kind), {**dict(spec.short), **(extra or {})})


def choose(spec: GameSpec, engine: AnyEngine, state: Any, rng: random.Random) -> tuple[int, Action]:
    """The next move: sometimes an interruption, else the awaited seat's move (random legal or the computer's)."""
    player = player_of(spec.kind)
    for seat in sorted(engine.interrupters(state)):
        if rng.random() < 0.1:
            action = player.interrupt(state, seat, rng)
            if action is not None:
                return seat, action
    seat = rng.choice(sorted(engine.to_act(state)))
    legal = engine.legal_actions(state, seat)
    if legal and rng.random() < 0.5:
        return seat, rng.choice(legal)
    return seat, player.act(state, seat, rng)


def play(spec: GameSpec, players: int, seed: int, check: Any = None, extra: Mapping[str, Any] | None = None) -> Played:
    engine = engine_of(spec.kind)
    state = engine.setup(players, options(spec, extra), action_rng(seed, 0))
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    events: list[list[Event]] = []
    while not engine.is_over(state):
        assert len(moves) < MAX_MOVES, f"{spec.kind}: no end after {MAX_MOVES} moves"
        seat, action = choose(spec, engine, state, rng)
        if check is not None:
            check(engine, state, rng)
        events.append(engine.apply(state, seat, action, action_rng(seed, len(moves) + 1)))
        moves.append((seat, action.dumps()))
    return Played(state, moves, events)


def replay(spec: GameSpec, players: int, seed: int, moves: list[tuple[int, str]]) -> Any:
    engine = engine_of(spec.kind)
    state = engine.setup(players, options(spec), action_rng(seed, 0))
    for number, (seat, text) in enumerate(moves, start=1):
        engine.apply(state, seat, Action.loads(text), action_rng(seed, number))
    return state


# --- what a view may hold -----------------------------------------------------------------------------------


def strings(value: object) -> Iterator[str]:
    """Every string inside a view: dataclass fields, tuples, frozensets, events' data."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from strings(getattr(value, item.name))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from strings(item)


def check_secrets(engine: AnyEngine, state: Any) -> None:
    players = len(engine.scores(state))
    public = set(strings(engine.public_view(state)))
    views = [set(strings(engine.view(state, seat))) for seat in range(players)]
    for owner in range(players):
        secret = engine.secrets(state, owner)
        leaked = secret & public
        assert not leaked, f"seat {owner}'s secrets in the public view: {sorted(leaked)[:5]}"
        for other in range(players):
            if other != owner:
                leaked = secret & views[other]
                assert not leaked, f"seat {owner}'s secrets in seat {other}'s view: {sorted(leaked)[:5]}"


def check_envelopes(engine: AnyEngine, state: Any) -> None:
    public = engine.public_view(state)
    assert isinstance(public, TableView)
    players = len(engine.scores(state))
    for view in (public, *(engine.view(state, seat) for seat in range(players))):
        assert view.game == engine.name
        assert view.version == state.version
        assert view.to_act == engine.to_act(state)
        assert view.may_interrupt == engine.interrupters(state)
        assert len(view.scores) == players
        assert view.over == engine.is_over(state)
        assert (view.phase == "over") == view.over
        assert all(event.public() for event in public.events)
    for seat in range(players):
        view = engine.view(state, seat)
        assert isinstance(view, SeatView) and view.seat == seat
        assert list(view.legal) == engine.known_legal(state, seat)
        assert set(view.legal) <= set(engine.legal_actions(state, seat))
        assert view.table == public.table
        assert all(event.seen_by(seat) for event in view.events)
    shared, views = engine.all_views(state, players)
    assert shared == public and views == {seat: engine.view(state, seat) for seat in range(players)}


def check_moves(engine: AnyEngine, state: Any, foreign: list[tuple[int, Action]], rng: random.Random) -> None:
    """Legal moves apply (on a copy); moves the engine does not accept are refused with the state unchanged."""
    players = len(engine.scores(state))
    for seat in sorted(engine.to_act(state)):
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} is awaited but has no legal move"
        for action in rng.sample(legal, min(len(legal), 3)):
            assert Action.loads(action.dumps()) == action
            assert engine.accepts(state, seat, action)
            trial = copy.deepcopy(state)
            events = engine.apply(trial, seat, action, random.Random(0))
            json.dumps([event.to_json() for event in events])
            assert trial.version == state.version + 1
    for seat, action in rng.sample(foreign, min(len(foreign), PROBES)):
        for who in {seat, rng.randrange(players)}:
            if engine.accepts(state, who, action):
                continue
            before = copy.deepcopy(state)
            with pytest.raises(GameError):
                engine.apply(state, who, action, random.Random(0))
            assert state == before, f"{action} refused from seat {who} but the state changed"


# --- the suite ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "players", "seed"), CASES)
def test_the_same_seed_and_moves_give_the_same_game(spec: GameSpec, players: int, seed: int) -> None:
    first = play(spec, players, seed)
    again = play(spec, players, seed)
    assert again.moves == first.moves
    assert again.events == first.events
    assert again.state == first.state


@pytest.mark.parametrize(("spec", "players", "seed"), CASES)
def test_replaying_the_stored_log_gives_the_live_state(spec: GameSpec, players: int, seed: int) -> None:
    played = play(spec, players, seed)
    engine = engine_of(spec.kind)
    replayed = replay(spec, players, seed, played.moves)
    assert replayed == played.state
    assert engine.public_view(replayed) == engine.public_view(played.state)
    assert replayed.version == len(played.moves)


@pytest.mark.parametrize(("spec", "players", "seed"), CASES)
def test_every_step_keeps_the_protocol(spec: GameSpec, players: int, seed: int) -> None:
    """At every step: envelopes right, secrets kept, legal moves apply, foreign moves refused with no change."""
    foreign: list[tuple[int, Action]] = []

    def check(engine: AnyEngine, state: Any, rng: random.Random) -> None:
        check_envelopes(engine, state)
        check_secrets(engine, state)
        check_moves(engine, state, foreign, random.Random(rng.random()))
        for seat in range(len(engine.scores(state))):
            foreign.extend((seat, a) for a in engine.legal_actions(state, seat)[:4])
        del foreign[:-200]

    played = play(spec, players, seed, check)
    engine = engine_of(spec.kind)
    check_envelopes(engine, played.state)
    check_secrets(engine, played.state)
    for seat in range(players):
        assert engine.legal_actions(played.state, seat) == []
    for seat, action in foreign[-PROBES:]:
        before = copy.deepcopy(played.state)
        with pytest.raises(GameError):
            engine.apply(played.state, seat, action, random.Random(0))
        assert played.state == before


@pytest.mark.parametrize(("spec", "players", "seed"), CASES)
def test_games_end_with_a_consistent_ranking(spec: GameSpec, players: int, seed: int) -> None:
    played = play(spec, players, seed)
    engine = engine_of(spec.kind)
    results = engine.results(played.state)
    assert sorted(r.seat for r in results) == list(range(players))
    ranks = sorted(r.rank for r in results)
    assert ranks[0] == 1
    for result in results:
        # Competition ranking: a seat's rank is one more than the number of seats placed strictly before it.
        assert result.rank == 1 + sum(other.rank < result.rank for other in results)
    assert engine.to_act(played.state) == frozenset()
    assert engine.phase(played.state) == "over"


def check_knowledge(kind: str, engine: AnyEngine, state: Any, rng: random.Random) -> bool:
    """The public view, and each seat's view and hint, are the same in a state dealt again where that seat cannot
    see (``indistinguishable.redeal``). Whether any dealing changed the state (so that the check checked something)."""
    players = len(engine.scores(state))
    player = player_of(kind)
    changed = False
    for seat in (None, *range(players)):
        other = redeal(kind, state, seat, random.Random(rng.random()))
        changed = changed or other != state
        if seat is None:
            assert engine.public_view(other) == engine.public_view(state), "the public view shows a secret"
            continue
        view = engine.view(state, seat)
        assert engine.view(other, seat) == view, f"seat {seat}'s view shows what it cannot know"
        assert set(view.legal) <= set(engine.legal_actions(state, seat)), f"seat {seat} is offered illegal moves"
        if isinstance(player, Hinting) and seat in engine.to_act(state) and view.legal:
            hint = player.hint(state, seat, random.Random(seat))
            assert player.hint(other, seat, random.Random(seat)) == hint, f"seat {seat}'s hint uses what it cannot know"
    return changed


KNOWLEDGE_CASES = [
    pytest.param(spec, players, seed, id=f"{spec.kind}-{players}p-{seed}")
    for spec in GAMES
    for players in sizes(spec)
    for seed in SEEDS[:2]
]


@pytest.mark.parametrize(("spec", "players", "seed"), KNOWLEDGE_CASES)
def test_views_and_hints_are_functions_of_what_a_seat_knows(spec: GameSpec, players: int, seed: int) -> None:
    """Two states a seat cannot tell apart (other hands, the draw pile or pool, the secrets of the others, the
    rules nobody knows yet dealt again) give it equal views and equal hints, and a spectator equal public views."""
    changed: list[bool] = []

    def check(engine: AnyEngine, state: Any, rng: random.Random) -> None:
        changed.append(check_knowledge(spec.kind, engine, state, random.Random(rng.random())))

    played = play(spec, players, seed, check, with_secrets(spec.kind, seed))
    changed.append(check_knowledge(spec.kind, engine_of(spec.kind), played.state, random.Random(seed)))
    assert any(changed), "nothing was ever dealt again: the check checked nothing"


# --- the view types -------------------------------------------------------------------------------------------

FORBIDDEN = (dict, list, set, Mapping, typing.MutableMapping)


def _check_type(hint: object, where: str, seen: set[object]) -> None:
    assert hint is not Any, f"{where} is typed Any"
    origin = typing.get_origin(hint)
    if origin is not None:
        assert origin not in FORBIDDEN, f"{where} is a mutable or untyped container: {hint}"
        for arg in typing.get_args(hint):
            if arg is not Ellipsis:
                _check_type(arg, where, seen)
        return
    if isinstance(hint, types.UnionType):
        for arg in typing.get_args(hint):
            _check_type(arg, where, seen)
        return
    assert hint not in FORBIDDEN, f"{where} is a mutable or untyped container: {hint}"
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and hint not in seen:
        seen.add(hint)
        params = getattr(hint, "__dataclass_params__", None)
        assert params is not None and params.frozen, f"{hint.__name__} is not frozen"
        if hint in (Event, Action):
            return  # the log's own values: their JSON fields are typed JSONValue, never Any
        for name, field_hint in typing.get_type_hints(hint).items():
            _check_type(field_hint, f"{hint.__name__}.{name}", seen)


def body_types(engine: AnyEngine) -> tuple[object, object]:
    for base in type(engine).__dict__.get("__orig_bases__", ()):
        args = typing.get_args(base)
        if len(args) == 3:
            return args[1], args[2]
    raise AssertionError(f"{type(engine).__name__} does not declare its view types")


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.kind)
def test_views_are_typed_and_frozen(spec: GameSpec) -> None:
    table, own = body_types(engine_of(spec.kind))
    seen: set[object] = set()
    for hint, name in ((table, "table"), (own, "own")):
        assert isinstance(hint, type) and dataclasses.is_dataclass(hint), f"the {name} body is not a dataclass"
        _check_type(hint, f"{spec.kind}.{name}", seen)
    for envelope in (Envelope, TableView, SeatView):
        for name, field_hint in typing.get_type_hints(envelope).items():
            if name not in ("table", "own"):
                _check_type(field_hint, f"{envelope.__name__}.{name}", seen)
