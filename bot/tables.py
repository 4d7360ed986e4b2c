"""The table service: the one pipeline every change of a game goes through.

Buttons, slash commands, computer players and timers all call this service, which does:
load (cache, else replay from the store), lock, check, apply, commit, then publish. Cogs never
mutate a game themselves; they translate what this service raises into ephemeral answers.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.games.base import (
    Action,
    BadOption,
    Event,
    Game,
    GameError,
    IllegalAction,
    JSONValue,
    NotYourTurn,
    Result,
    accepts,
    action_rng,
    bot_interrupt,
    get_game,
    interrupters,
    timer_actions,
    validate_options,
)
from bot.i18n import t
from bot.store import ActionRow, ActiveTableExists, DuplicateAction, GameRow, Seat, Store
from bot.table_hooks import hooks_for

log = logging.getLogger(__name__)

MAX_BOT_CHAIN = 5000
"""Safety net: computer players never chain more moves than this in one pipeline run."""

TABLE_SEAT = -1
"""The seat of moves made by the table itself (timer penalties, a rule author's penalty); stored as NULL."""

TIMER_BOUNDS = (0, 24 * 60)
"""Turn timer options, in minutes (0 switches the reminder or the absent-player move off)."""


class TableError(GameError):
    """A refusal from the table service itself (not seated, no table here, not the host...)."""

    code = "table"


@dataclass
class Snapshot:
    """What publishing needs, copied under the lock so rendering can run without it."""

    game: GameRow
    public: dict[str, JSONValue]
    views: dict[int, dict[str, JSONValue]]
    legal: dict[int, list[Action]]
    to_act: frozenset[int]
    stage: int
    n: int
    new_events: list[Event]
    recent: list[Event]
    over: bool
    results: list[Result] | None


class Publisher(Protocol):
    """Shows changes to people (Discord messages); the service never touches Discord itself."""

    async def publish(self, snapshot: Snapshot) -> None: ...

    async def lobby_changed(self, game: GameRow) -> None: ...

    async def remind(self, game: GameRow, seats: list[int]) -> None: ...

    async def closed(self, game: GameRow) -> None: ...


class NullPublisher:
    """Publishes nothing: for the command line and tests of the core."""

    async def publish(self, snapshot: Snapshot) -> None:
        return None

    async def lobby_changed(self, game: GameRow) -> None:
        return None

    async def remind(self, game: GameRow, seats: list[int]) -> None:
        return None

    async def closed(self, game: GameRow) -> None:
        return None


@dataclass
class LiveGame:
    """A running game in memory: its row, engine, state and the full event log."""

    row: GameRow
    engine: Game[Any]
    state: Any
    n: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    log: list[tuple[int, Event]] = field(default_factory=list)


def recent_public(log: list[tuple[int, Event]], count: int) -> list[Event]:
    """The last ``count`` public events, for the table message's 'last moves'."""
    out: list[Event] = []
    for _, event in reversed(log):
        if event.private_to is None:
            out.append(event)
            if len(out) >= count:
                break
    return out[::-1]


class TableService:
    """Owns the live games, their locks and the rules of who may do what."""

    RECENT = 6

    def __init__(
        self,
        store: Store,
        publisher: Publisher | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.publisher: Publisher = publisher or NullPublisher()
        self.clock = clock
        self._live: dict[int, LiveGame] = {}
        self._row_locks: dict[int, asyncio.Lock] = {}

    # -- loading -------------------------------------------------------------------------------

    def _lock_for(self, game_id: int) -> asyncio.Lock:
        lock = self._row_locks.get(game_id)
        if lock is None:
            lock = self._row_locks[game_id] = asyncio.Lock()
        return lock

    async def game_row(self, game_id: int) -> GameRow:
        live = self._live.get(game_id)
        if live is not None:
            return live.row
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError("no_such_game")
        return row

    async def table_in(self, channel_id: int) -> GameRow:
        """The active table (lobby or running) of a channel, or a refusal."""
        row = await self.store.active_game(channel_id)
        if row is None:
            raise TableError("no_table")
        live = self._live.get(row.id)
        return live.row if live is not None else row

    async def load(self, game_id: int) -> LiveGame:
        """The live game from the cache, else rebuilt by replaying its actions from the seed."""
        live = self._live.get(game_id)
        if live is not None:
            return live
        async with self._lock_for(game_id):
            live = self._live.get(game_id)
            if live is not None:
                return live
            row = await self.store.get_game(game_id)
            if row is None:
                raise TableError("no_such_game")
            if row.status == "lobby":
                raise TableError("not_started")
            live = await self.replay(row)
            live.lock = self._lock_for(game_id)
            self._live[game_id] = live
            return live

    async def replay(self, row: GameRow) -> LiveGame:
        """Rebuild a game's state from its seed and stored actions (the action n uses RNG n).

        A long game is hundreds of moves: the pure replay runs in a worker thread, off the event loop.
        """
        engine = get_game(row.kind)
        rows = await self.store.actions(row.id)
        state, n, log = await asyncio.to_thread(_rebuild, engine, row, rows)
        return LiveGame(row=row, engine=engine, state=state, n=n, log=log)

    def forget(self, game_id: int) -> None:
        """Drop a cached state (it will be replayed on next use)."""
        self._live.pop(game_id, None)

    # -- lobby ---------------------------------------------------------------------------------

    async def open_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        kind: str,
        options: Mapping[str, JSONValue],
        host_id: int,
        host_name: str,
        locale: str,
        reminder_min: int = 2,
        timeout_min: int = 10,
    ) -> GameRow:
        engine = get_game(kind)
        checked = validate_options(engine, options)
        for name, value in (("reminder", reminder_min), ("timeout", timeout_min)):
            if not TIMER_BOUNDS[0] <= value <= TIMER_BOUNDS[1]:
                raise BadOption("bad_option_range", option=name, min=TIMER_BOUNDS[0], max=TIMER_BOUNDS[1], value=value)
        try:
            return await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                kind=kind,
                options=checked,
                seats=[Seat(name=host_name, user_id=host_id)],
                seed=secrets.randbits(62),
                host_id=host_id,
                locale=locale,
                reminder_s=reminder_min * 60,
                timeout_s=timeout_min * 60,
                now=self.clock(),
            )
        except ActiveTableExists:
            raise TableError("table_exists") from None

    async def _lobby(self, game_id: int) -> GameRow:
        row = await self.store.get_game(game_id)
        if row is None:
            raise TableError("no_such_game")
        if row.status != "lobby":
            raise TableError("already_started" if row.status == "running" else "game_over")
        return row

    async def join(self, game_id: int, user_id: int, name: str) -> GameRow:
        async with self._lock_for(game_id):
            row = await self._lobby(game_id)
            if row.seat_of(user_id) is not None:
                raise TableError("already_seated")
            engine = get_game(row.kind)
            if len(row.seats) >= engine.max_players:
                raise TableError("table_full", max=engine.max_players)
            row.seats.append(Seat(name=name, user_id=user_id))
            await self.store.update_game(game_id, seats=row.seats)
        await self.publisher.lobby_changed(row)
        return row

    async def add_bot(self, game_id: int, user_id: int) -> GameRow:
        async with self._lock_for(game_id):
            row = await self._lobby(game_id)
            if row.seat_of(user_id) is None:
                raise TableError("not_seated")
            engine = get_game(row.kind)
            if len(row.seats) >= engine.max_players:
                raise TableError("table_full", max=engine.max_players)
            number = 1 + sum(1 for s in row.seats if s.is_bot)
            row.seats.append(Seat(name=t(row.locale, "seat.bot_name", n=number)))
            await self.store.update_game(game_id, seats=row.seats)
        await self.publisher.lobby_changed(row)
        return row

    async def leave(self, game_id: int, user_id: int) -> GameRow:
        """Leave a lobby (the seat is freed) or a running game (a computer player takes the seat)."""
        row = await self.game_row(game_id)
        if row.status == "running":
            return await self._leave_running(game_id, user_id)
        async with self._lock_for(game_id):
            row = await self._lobby(game_id)
            seat = row.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            del row.seats[seat]
            humans = [s for s in row.seats if not s.is_bot]
            if not humans:
                await self.store.update_game(game_id, seats=row.seats, status="cancelled", ended_at=self.clock())
                row.status = "cancelled"
            else:
                if row.host_id == user_id:
                    row.host_id = humans[0].user_id or row.host_id
                await self.store.update_game(game_id, seats=row.seats, host_id=row.host_id)
        if row.status == "cancelled":
            await self.publisher.closed(row)
        else:
            await self.publisher.lobby_changed(row)
        return row

    async def _leave_running(self, game_id: int, user_id: int) -> GameRow:
        live = await self.load(game_id)
        async with live.lock:
            if live.row.status != "running":
                raise TableError("game_over")
            seat = live.row.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            old = live.row.seats[seat]
            live.row.seats[seat] = Seat(name=t(live.row.locale, "seat.bot_for", name=old.name))
            if live.row.host_id == user_id:
                humans = [s for s in live.row.seats if not s.is_bot]
                if humans and humans[0].user_id is not None:
                    live.row.host_id = humans[0].user_id
            await self.store.update_game(game_id, seats=live.row.seats, host_id=live.row.host_id)
            left = Event("left", seat, {"name": old.name})
            live.log.append((live.n, left))
            events = [left, *await self._run_bots(live)]
            snapshot = self._snapshot(live, events)
        await self._after(live, snapshot)
        return live.row

    async def start(self, game_id: int, user_id: int) -> LiveGame:
        async with self._lock_for(game_id):
            row = await self._lobby(game_id)
            if user_id != row.host_id:
                raise TableError("host_only")
            engine = get_game(row.kind)
            if len(row.seats) < engine.min_players:
                raise TableError("not_enough_players", min=engine.min_players)
            hooks = hooks_for(row.kind)
            if hooks is not None:
                extra = await hooks.prepare(self.store, row)
                row.options = validate_options(engine, {**row.options, **extra})
                await self.store.update_game(game_id, options=row.options)
            now = self.clock()
            row.status = "running"
            row.started_at = now
            row.turn_since = now
            await self.store.update_game(game_id, status="running", started_at=now, turn_since=now, reminded=0)
            state = engine.setup(len(row.seats), row.options, action_rng(row.seed, 0))
            live = LiveGame(row=row, engine=engine, state=state, lock=self._lock_for(game_id))
            start_events = engine.start_events(state)
            live.log.extend((0, e) for e in start_events)
            self._live[game_id] = live
        async with live.lock:
            events = [*start_events, *await self._run_bots(live)]
            snapshot = self._snapshot(live, events)
        await self.publisher.lobby_changed(row)
        await self._after(live, snapshot)
        return live

    async def close(self, game_id: int, user_id: int, *, can_manage: bool) -> GameRow:
        """Cancel a lobby or abandon a running game: the host, or a member who manages the channel."""
        row = await self.game_row(game_id)
        if row.status not in ("lobby", "running"):
            raise TableError("game_over")
        if user_id != row.host_id and not can_manage:
            raise TableError("host_or_manager_only")
        lock = self._live[game_id].lock if game_id in self._live else self._lock_for(game_id)
        async with lock:
            status = "cancelled" if row.status == "lobby" else "abandoned"
            row.status = status
            await self.store.update_game(game_id, status=status, ended_at=self.clock())
            self.forget(game_id)
        await self.publisher.closed(row)
        return row

    # -- moves ---------------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, action: Action, stage: int | None = None) -> list[Event]:
        """A human move: check seat, turn, stage and legality, apply, commit, let bots play, publish."""
        live = await self.load(game_id)
        async with live.lock:
            row = live.row
            if row.status != "running":
                raise TableError("game_over")
            seat = row.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            engine = live.engine
            if stage is not None and stage != engine.stage(live.state):
                raise TableError("stale_stage")
            if engine.is_over(live.state):
                raise TableError("game_over")
            if seat not in engine.to_act(live.state) and seat not in interrupters(engine, live.state):
                raise NotYourTurn()
            if not accepts(engine, live.state, seat, action):
                # Let the engine say why when it can; otherwise a generic refusal.
                raise _explain_illegal(engine, live, seat, action)
            events = await self._commit(live, seat, action, by_bot=False)
            events.extend(await self._run_bots(live))
            snapshot = self._snapshot(live, events)
        await self._after(live, snapshot)
        return events

    async def table_act(self, game_id: int, action: Action) -> list[Event]:
        """A move of the table itself (seat -1), e.g. a penalty handed by a rule's author; the engine checks it."""
        live = await self.load(game_id)
        async with live.lock:
            if live.row.status != "running" or live.engine.is_over(live.state):
                raise TableError("game_over")
            events = await self._commit(live, TABLE_SEAT, action, by_bot=True)
            events.extend(await self._run_bots(live))
            snapshot = self._snapshot(live, events)
        await self._after(live, snapshot)
        return events

    async def _commit(self, live: LiveGame, seat: int, action: Action, *, by_bot: bool) -> list[Event]:
        engine = live.engine
        n = live.n + 1
        before = engine.to_act(live.state)
        try:
            events = engine.apply(live.state, seat, action, action_rng(live.row.seed, n))
        except GameError:
            raise
        except Exception:
            self.forget(live.row.id)
            raise
        now = self.clock()
        after = engine.to_act(live.state)
        turn_since = now if after != before or not by_bot else None
        try:
            await self.store.append_action(
                live.row.id,
                n,
                seat if seat != TABLE_SEAT else None,
                action.dumps(),
                by_bot=by_bot,
                at=now,
                turn_since=turn_since,
            )
        except DuplicateAction:
            # Another process wrote this number first: our state is ahead of the truth.
            self.forget(live.row.id)
            raise TableError("conflict") from None
        except Exception:
            self.forget(live.row.id)
            raise
        live.n = n
        if turn_since is not None:
            live.row.turn_since = turn_since
            live.row.reminded = False
        live.log.extend((n, e) for e in events)
        if engine.is_over(live.state):
            await self._finish(live)
        return events

    async def _run_bots(self, live: LiveGame) -> list[Event]:
        """Let computer players act, through the same commit path, until a human must act.

        After every move the computer players may first interrupt (in seat order); then the
        awaited computer players act.
        """
        events: list[Event] = []
        engine = live.engine
        for _ in range(MAX_BOT_CHAIN):
            if live.row.status != "running" or engine.is_over(live.state):
                break
            rng = random.Random(f"{live.row.seed}:bot:{live.n + 1}")
            interrupted = False
            for seat in sorted(interrupters(engine, live.state)):
                if not live.row.seats[seat].is_bot:
                    continue
                choice = bot_interrupt(engine, live.state, seat, rng)
                if choice is not None:
                    events.extend(await self._commit(live, seat, choice, by_bot=True))
                    interrupted = True
                    break
            if interrupted:
                continue
            bots = sorted(s for s in engine.to_act(live.state) if live.row.seats[s].is_bot)
            if not bots:
                break
            seat = bots[0]
            choice = engine.bot_action(live.state, seat, rng)
            events.extend(await self._commit(live, seat, choice, by_bot=True))
        return events

    async def _finish(self, live: LiveGame) -> None:
        results = live.engine.results(live.state)
        now = self.clock()
        live.row.status = "over"
        live.row.ended_at = now
        await self.store.finish_game(
            live.row.id,
            "over",
            [(r.seat, live.row.seats[r.seat].user_id, live.row.seats[r.seat].name, r.rank, r.score) for r in results],
            now,
        )
        hooks = hooks_for(live.row.kind)
        if hooks is not None:
            try:
                await hooks.finished(self.store, live.row, live.state, live.log)
            except Exception:
                log.exception("the end-of-game hook of game %s failed", live.row.id)

    def _snapshot(self, live: LiveGame, events: list[Event]) -> Snapshot:
        engine, state = live.engine, live.state
        seats = range(len(live.row.seats))
        over = engine.is_over(state)
        return Snapshot(
            game=live.row,
            public=engine.public_view(state),
            views={s: engine.view(state, s) for s in seats},
            legal={s: engine.legal_actions(state, s) for s in seats},
            to_act=engine.to_act(state),
            stage=engine.stage(state),
            n=live.n,
            new_events=events,
            recent=recent_public(live.log, self.RECENT),
            over=over,
            results=engine.results(state) if over else None,
        )

    async def snapshot(self, game_id: int) -> Snapshot:
        live = await self.load(game_id)
        async with live.lock:
            return self._snapshot(live, [])

    async def _after(self, live: LiveGame, snapshot: Snapshot) -> None:
        if live.row.status != "running":
            self.forget(live.row.id)
        try:
            await self.publisher.publish(snapshot)
        except Exception:
            log.exception("publishing game %s failed", live.row.id)

    # -- timers --------------------------------------------------------------------------------

    async def run_timers(self, now: float | None = None) -> None:
        """Remind slow players, then let the computer move for absent ones; deadlines live in the store."""
        now = self.clock() if now is None else now
        for row in await self.store.games_with_status("running"):
            try:
                await self._timer_for(row.id, now)
            except GameError:
                continue
            except Exception:
                log.exception("timer of game %s failed", row.id)

    async def _timer_for(self, game_id: int, now: float) -> None:
        live = await self.load(game_id)
        row = live.row
        if row.turn_since is None:
            return
        waiting = [s for s in live.engine.to_act(live.state) if not row.seats[s].is_bot]
        if not waiting:
            return
        elapsed = now - row.turn_since
        due = timer_actions(live.engine, live.state, elapsed)
        if due and not (row.timeout_s and elapsed >= row.timeout_s):
            async with live.lock:
                if live.row.status != "running" or live.row.turn_since != row.turn_since:
                    return
                fired: list[Event] = []
                for action in due:
                    if live.engine.is_over(live.state):
                        break
                    fired.extend(await self._commit(live, TABLE_SEAT, action, by_bot=True))
                fired.extend(await self._run_bots(live))
                snapshot = self._snapshot(live, fired)
            await self._after(live, snapshot)
        elif row.timeout_s and elapsed >= row.timeout_s:
            async with live.lock:
                if live.row.status != "running" or live.row.turn_since != row.turn_since:
                    return
                events: list[Event] = []
                for seat in sorted(live.engine.to_act(live.state)):
                    if live.row.seats[seat].is_bot or live.engine.is_over(live.state):
                        continue
                    timeout = Event("timeout", seat)
                    live.log.append((live.n, timeout))
                    events.append(timeout)
                    choice = live.engine.bot_action(
                        live.state, seat, random.Random(f"{live.row.seed}:bot:{live.n + 1}")
                    )
                    events.extend(await self._commit(live, seat, choice, by_bot=True))
                events.extend(await self._run_bots(live))
                snapshot = self._snapshot(live, events)
            await self._after(live, snapshot)
        elif row.reminder_s and not row.reminded and elapsed >= row.reminder_s:
            row.reminded = True
            await self.store.update_game(game_id, reminded=1)
            await self.publisher.remind(row, waiting)

    # -- reading -------------------------------------------------------------------------------

    async def full_log(self, game_id: int) -> tuple[GameRow, list[tuple[int, Event]]]:
        """Every event of a game, numbered by the action that caused it (for ``/table log``)."""
        row = await self.game_row(game_id)
        if row.status == "lobby":
            raise TableError("not_started")
        live = self._live.get(game_id)
        if live is None:
            live = await self.replay(row)
        return live.row, list(live.log)

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        row = await self.game_row(game_id)
        row.table_message_id = message_id
        await self.store.update_game(game_id, table_message_id=message_id)

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> None:
        row = await self.game_row(game_id)
        row.lobby_message_id = message_id
        await self.store.update_game(game_id, lobby_message_id=message_id)


def _rebuild(engine: Game[Any], row: GameRow, rows: list[ActionRow]) -> tuple[Any, int, list[tuple[int, Event]]]:
    """Setup from the seed, then every stored action in order: the state, the last number and the event log."""
    state = engine.setup(len(row.seats), row.options, action_rng(row.seed, 0))
    log: list[tuple[int, Event]] = [(0, e) for e in engine.start_events(state)]
    n = 0
    for action_row in rows:
        seat = action_row.seat if action_row.seat is not None else TABLE_SEAT
        events = engine.apply(state, seat, Action.loads(action_row.action), action_rng(row.seed, action_row.n))
        n = action_row.n
        log.extend((n, e) for e in events)
    return state, n, log


def _explain_illegal(engine: Game[Any], live: LiveGame, seat: int, action: Action) -> GameError:
    """Ask the engine for its reason on a throwaway copy; never let a refused move change the state."""
    probe = copy.deepcopy(live.state)
    try:
        engine.apply(probe, seat, action, random.Random(0))
    except GameError as error:
        return error
    except Exception:
        return IllegalAction("illegal")
    return IllegalAction("no_longer_possible")
