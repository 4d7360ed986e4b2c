"""The table service: the one pipeline every change of a game goes through.

Buttons, slash commands, computer players and timers all call this service, which does:
load (cache, else replay from the store), lock, check, apply, commit, then publish. Cogs never
mutate a game themselves; they translate what this service raises into ephemeral answers.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Mapping
from contextlib import asynccontextmanager

from bot.games.base import Action
from bot.games.base import BadOption
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import JSONValue
from bot.games.base import NotYourTurn
from bot.games.base import action_rng
from bot.games.base import offered_options
from bot.games.base import validate_options
from bot.i18n import t
from bot.registry import engine_of
from bot.registry import hooks_of
from bot.registry import player_of
from bot.registry import spec_of
from bot.service.game_end import after_finish
from bot.service.game_end import recover
from bot.service.game_end import settle
from bot.service.game_end import whole_log
from bot.service.live import HOW_EVENTS
from bot.service.live import MAX_BOT_CHAIN
from bot.service.live import TABLE_SEAT
from bot.service.live import UNDO
from bot.service.live import LiveGame
from bot.service.live import NullPublisher
from bot.service.live import Publisher
from bot.service.live import Snapshot
from bot.service.live import TableError
from bot.service.live import Undo
from bot.service.live import explain_illegal
from bot.service.live import pickled
from bot.service.live import rebuild
from bot.service.live import result_lines
from bot.service.live import snapshot_of
from bot.service.live import trim_log
from bot.service.live import undo_seat
from bot.service.score_history import ScoreHistory
from bot.service.score_history import score_history
from bot.service.table_settings import CALL_AFTER_S
from bot.service.table_settings import SETTING_NAMES
from bot.service.table_settings import nudge_due
from bot.service.table_settings import setting
from bot.service.table_settings import validate_settings
from bot.store import ActiveTableExists
from bot.store import DuplicateAction
from bot.store import GameEnded
from bot.store import GameRow
from bot.store import ResultLine
from bot.store import Seat
from bot.store import Store

log = logging.getLogger(__name__)

__all__ = ["TABLE_SEAT", "LiveGame", "NullPublisher", "Publisher", "Snapshot", "TableError", "TableService"]

TIMER_BOUNDS = (0, 24 * 60)
"""Turn timer options, in minutes (0 switches the reminder or the absent-player move off)."""

LOBBY_EXPIRY_S = 60 * 60
"""A lobby nobody started within this many seconds is cancelled, so that the channel is free again."""

TIMER_LEASE_S = 120.0
"""How long a claim on a game's timers holds: past it, a claim left by a process that died is taken by another."""


class TableService:
    """Owns the live games, their locks and the rules of who may do what.

    When other processes share the store (PostgreSQL), a cached game is checked against the stored one under its lock
    before every change and replayed again when another process moved it, caches are dropped as soon as another
    process announces a change, and each game's timers are claimed before they are checked.
    """

    RECENT = 6

    def __init__(
        self,
        store: Store,
        publisher: Publisher | None = None,
        clock: Callable[[], float] = time.time,
        timer_lease_s: float = TIMER_LEASE_S,
        call_after_s: float = CALL_AFTER_S,
    ) -> None:
        self.store = store
        self.publisher: Publisher = publisher or NullPublisher()
        self.clock = clock
        self.timer_lease_s = timer_lease_s
        self.call_after_s = call_after_s
        self._live: dict[int, LiveGame] = {}
        self._row_locks: dict[int, asyncio.Lock] = {}
        store.watch(self._changed_elsewhere)

    # -- loading -------------------------------------------------------------------------------

    def lock_for(self, game_id: int) -> asyncio.Lock:
        """The one lock of a game: its lobby changes, its moves, its timers and its closing all take it."""
        lock = self._row_locks.get(game_id)
        if lock is None:
            lock = self._row_locks[game_id] = asyncio.Lock()
        return lock

    def _prune(self, game_id: int) -> None:
        """Forget a game that is no longer active: its cached state, and its lock unless someone holds or awaits it."""
        self._live.pop(game_id, None)
        lock = self._row_locks.get(game_id)
        if lock is not None and not lock.locked():
            del self._row_locks[game_id]

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[LiveGame]:
        """The live game under its lock, reloaded when the cached copy was dropped while we waited for the lock, or
        (on a shared store) when another process has changed it since."""
        while True:
            live = await self.load(game_id)
            async with live.lock:
                if self._live.get(game_id) is live:
                    fresh = await self._fresh(live) if self.store.shared else live
                    try:
                        yield fresh
                    finally:
                        fresh.rest()
                    return

    async def _fresh(self, live: LiveGame) -> LiveGame:
        """Under the game's lock: the cached game if its version is the stored one (its row read again), else the
        game replayed from the store, which then replaces it in the cache."""
        found = await self.store.game_version(live.row.id)
        if found is None:
            raise TableError("no_such_game")
        last, row = found
        if last == live.n:
            for column in dataclasses.fields(row):
                setattr(live.row, column.name, getattr(row, column.name))
            return live
        fresh = await self.replay(row)
        fresh.lock = live.lock
        self._live[row.id] = fresh
        return fresh

    def _changed_elsewhere(self, game_id: int, n: int) -> None:
        """Another process announced a change of a game: a cached copy it left behind is dropped at once."""
        live = self._live.get(game_id)
        if live is not None and (n == 0 or n > live.n):
            self._live.pop(game_id, None)

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
        async with self.lock_for(game_id):
            live = self._live.get(game_id)
            if live is not None:
                return live
            row = await self.store.get_game(game_id)
            if row is None:
                raise TableError("no_such_game")
            if row.status == "lobby":
                raise TableError("not_started")
            live = await self.replay(row)
            live.lock = self.lock_for(game_id)
            self._live[game_id] = live
            return live

    async def replay(self, row: GameRow) -> LiveGame:
        """Rebuild a game's state from its seed and stored actions (the action n uses RNG n).

        A long game is hundreds of moves: the pure replay runs in a worker thread, off the event loop.
        """
        rows = await self.store.actions(row.id)
        return await asyncio.to_thread(rebuild, engine_of(row.kind), row, rows)

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
        settings: Mapping[str, JSONValue] | None = None,
        seats: list[Seat] | None = None,
    ) -> GameRow:
        """A lobby in a channel: the game's options, the table's settings and its turn timers, checked first."""
        engine = engine_of(kind)
        checked = validate_options(engine, options)
        table = validate_settings(settings or {})
        for name, value in (("reminder", reminder_min), ("timeout", timeout_min)):
            if not TIMER_BOUNDS[0] <= value <= TIMER_BOUNDS[1]:
                raise BadOption("bad_option_range", option=name, min=TIMER_BOUNDS[0], max=TIMER_BOUNDS[1], value=value)
        try:
            return await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                kind=kind,
                options=checked,
                seats=seats or [Seat(name=host_name, user_id=host_id)],
                seed=secrets.randbits(62),
                host_id=host_id,
                locale=locale,
                reminder_s=reminder_min * 60,
                timeout_s=timeout_min * 60,
                now=self.clock(),
                settings=table,
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
        async with self.lock_for(game_id), self.store.exclusive(game_id):
            row = await self._lobby(game_id)
            if row.seat_of(user_id) is not None:
                raise TableError("already_seated")
            engine = engine_of(row.kind)
            if len(row.seats) >= engine.max_players:
                raise TableError("table_full", max=engine.max_players)
            seats = [*row.seats, Seat(name=name, user_id=user_id)]
            await self.store.update_game(game_id, seats=seats)
            row.seats = seats
        await self.publisher.lobby_changed(row)
        return row

    async def add_bot(self, game_id: int, user_id: int) -> GameRow:
        async with self.lock_for(game_id), self.store.exclusive(game_id):
            row = await self._lobby(game_id)
            if row.seat_of(user_id) is None:
                raise TableError("not_seated")
            engine = engine_of(row.kind)
            if len(row.seats) >= engine.max_players:
                raise TableError("table_full", max=engine.max_players)
            number = 1 + sum(1 for s in row.seats if s.is_bot)
            seats = [*row.seats, Seat(name=t(row.locale, "seat.bot_name", n=number))]
            await self.store.update_game(game_id, seats=seats)
            row.seats = seats
        await self.publisher.lobby_changed(row)
        return row

    async def set_option(self, game_id: int, user_id: int, name: str, value: JSONValue) -> GameRow:
        """Change one offered option of a lobby (the host only), so a table need not be reopened to change it.

        Options the table sets itself (``offered`` False, or structured data) stay out of players' reach.
        """
        async with self.lock_for(game_id), self.store.exclusive(game_id):
            row = await self._lobby(game_id)
            if user_id != row.host_id:
                raise TableError("host_only")
            if name in SETTING_NAMES:
                settings = validate_settings({**row.settings, name: value})
                await self.store.update_game(game_id, settings=settings)
                row.settings = settings
            else:
                engine = engine_of(row.kind)
                if name not in {o.name for o in offered_options(engine)}:
                    raise BadOption("unknown_option", option=name)
                options = validate_options(engine, {**row.options, name: value})
                await self.store.update_game(game_id, options=options)
                row.options = options
        await self.publisher.lobby_changed(row)
        return row

    async def leave(self, game_id: int, user_id: int) -> GameRow:
        """Leave a lobby (the seat is freed) or a running game (a computer player takes the seat)."""
        row = await self.game_row(game_id)
        if row.status == "running":
            return await self._leave_running(game_id, user_id)
        async with self.lock_for(game_id), self.store.exclusive(game_id):
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
        async with self.locked(game_id) as live:
            if live.row.status != "running":
                raise TableError("game_over")
            seat = live.row.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            old = live.row.seats[seat]
            seats = list(live.row.seats)
            seats[seat] = Seat(name=t(live.row.locale, "seat.bot_for", name=old.name))
            host_id = live.row.host_id
            if host_id == user_id:
                humans = [s for s in seats if not s.is_bot]
                if humans and humans[0].user_id is not None:
                    host_id = humans[0].user_id
            await self.store.update_game(game_id, seats=seats, host_id=host_id)
            live.row.seats, live.row.host_id = seats, host_id
            left = Event("left", seat, {"name": old.name})
            live.log.append((live.n, left))
            events = [left, *await self._run_bots(live)]
            snapshot = self.snapshot_of(live, events)
        await self.publisher.released(live.row, user_id)
        await self.publish_after(live, snapshot)
        return live.row

    async def start(self, game_id: int, user_id: int) -> LiveGame:
        async with self.lock_for(game_id), self.store.exclusive(game_id):
            row = await self._lobby(game_id)
            if user_id != row.host_id:
                raise TableError("host_only")
            engine = engine_of(row.kind)
            if len(row.seats) < engine.min_players:
                raise TableError("not_enough_players", min=engine.min_players)
            hooks = hooks_of(row.kind)
            options = row.options
            if hooks is not None:
                # What an earlier game left owed (a winner's rule, the next dealer) is settled before this one reads it.
                await self.settle_epilogues()
                extra = await hooks.prepare(self.store, row)
                options = validate_options(engine, {**row.options, **extra})
            now = self.clock()
            await self.store.update_game(
                game_id, options=options, status="running", started_at=now, turn_since=now, reminded=0, called=0
            )
            row.options, row.status, row.started_at, row.turn_since = options, "running", now, now
            state = engine.setup(len(row.seats), row.options, action_rng(row.seed, 0))
            live = LiveGame(row=row, engine=engine, state=state, lock=self.lock_for(game_id))
            start_events = engine.start_events(state)
            live.log.extend((0, e) for e in start_events)
            self._live[game_id] = live
        async with live.lock:
            events = [*start_events, *await self._run_bots(live)]
            snapshot = self.snapshot_of(live, events)
        await self.publisher.lobby_changed(row)
        await self.publish_after(live, snapshot)
        return live

    async def close(self, game_id: int, user_id: int, *, can_manage: bool, lobby_only: bool = False) -> GameRow:
        """Cancel a lobby or abandon a running game: the host, or a member who manages the channel.

        The status is read under the game's lock, so a close racing the final move or the Start finds the game as
        they left it: a finished game stays finished, a started one is not 'cancelled'. ``lobby_only`` (the lobby's
        Cancel button) never stops a running game.
        """
        async with self.lock_for(game_id), self.store.exclusive(game_id):
            live = self._live.get(game_id)
            row = live.row if live is not None and not self.store.shared else await self.store.get_game(game_id)
            if row is None:
                raise TableError("no_such_game")
            if row.status not in ("lobby", "running"):
                raise TableError("game_over")
            if lobby_only and row.status != "lobby":
                raise TableError("already_started")
            if user_id != row.host_id and not can_manage:
                raise TableError("host_or_manager_only")
            status = "cancelled" if row.status == "lobby" else "abandoned"
            if not await self.store.close_game(game_id, status, self.clock()):
                raise TableError("game_over")  # its last move, made in another process, ended it first
            row.status = status
            self._live.pop(game_id, None)
        self._prune(game_id)
        await self.publisher.closed(row)
        return row

    # -- moves ---------------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, action: Action, version: int | None = None) -> list[Event]:
        """A human move: check seat, version, turn and legality, apply, commit, let bots play, publish.

        ``version`` is the state's version the clicked component was drawn from (None for a typed command). A
        click from an earlier version is still taken when its seat has not acted since and the move is still
        legal (a panel that was not redrawn after someone else's move); otherwise it is refused as stale, which
        makes a double click, or twenty, apply once.
        """
        async with self.locked(game_id) as live:
            row = live.row
            if row.status != "running":
                raise TableError("game_over")
            seat = row.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            engine = live.engine
            if engine.is_over(live.state):
                raise TableError("game_over")
            if action.kind == UNDO:
                events = await self._take_back(live, seat)
                snapshot = self.snapshot_of(live, events)
                return await self._published(live, snapshot, events)
            if version is not None and version != live.n:
                fresh = version < live.n and live.acted.get(seat, -1) <= version
                if not fresh or not engine.accepts(live.state, seat, action):
                    raise TableError("stale_button")
            if seat not in engine.to_act(live.state) and seat not in engine.interrupters(live.state):
                raise NotYourTurn()
            if not engine.accepts(live.state, seat, action):
                # Let the engine say why when it can; otherwise a generic refusal.
                raise explain_illegal(engine, live.state, seat, action)
            events = await self._commit(live, seat, action, by_bot=False)
            events.extend(await self._run_bots(live))
            snapshot = self.snapshot_of(live, events)
        return await self._published(live, snapshot, events)

    async def _published(self, live: LiveGame, snapshot: Snapshot, events: list[Event]) -> list[Event]:
        await self.publish_after(live, snapshot)
        return events

    async def table_act(self, game_id: int, action: Action) -> list[Event]:
        """A move of the table itself (seat -1), e.g. a penalty handed by a rule's author; the engine checks it."""
        async with self.locked(game_id) as live:
            if live.row.status != "running" or live.engine.is_over(live.state):
                raise TableError("game_over")
            events = await self._commit(live, TABLE_SEAT, action, by_bot=True)
            events.extend(await self._run_bots(live))
            snapshot = self.snapshot_of(live, events)
        await self.publish_after(live, snapshot)
        return events

    async def _commit(
        self, live: LiveGame, seat: int, action: Action, *, by_bot: bool, how: str | None = None
    ) -> list[Event]:
        """Apply to a copy, write, then swap: the live state changes only once its action is stored.

        A failed write leaves the game exactly as it was (and says so to the player); the final move and the
        game's end (status, ranking) are one transaction. ``how`` marks a move made for a human (``auto``: their
        one possible move; ``timeout``: they were away): the log says so just before the move. A human's own move
        may be taken back while nothing follows it, when the engine says it revealed nothing.
        """
        engine = live.engine
        n = live.n + 1
        before = engine.to_act(live.state)
        work, saved = live.work_copy()
        events = engine.apply(work, seat, action, action_rng(live.row.seed, n))
        now = self.clock()
        after = engine.to_act(work)
        turn_since = now if after != before or not by_bot else None
        over = engine.is_over(work)
        results = engine.results(work) if over else None
        await self._store(
            live,
            n,
            seat,
            action,
            by_bot=by_bot,
            at=now,
            turn_since=turn_since,
            results=None if results is None else result_lines(live.row, results),
            how=how,
        )
        before, live.state, live.n = live.state, work, n
        live.undo = None
        if not by_bot and seat != TABLE_SEAT and engine.undoable(before, seat, action, events):
            live.undo = Undo(n, seat, pickled(before) if saved is None else saved)
        if seat != TABLE_SEAT:
            live.acted[seat] = n
        if turn_since is not None:
            live.row.turn_since = turn_since
            live.row.reminded = live.row.called = False
        if how in HOW_EVENTS:
            events = [Event(HOW_EVENTS[how], seat), *events]
        live.log.extend((n, e) for e in events)
        if over:
            live.row.status = "over"
            live.row.ended_at = now
            await self._after_finish(live)
        return events

    async def _run_bots(self, live: LiveGame) -> list[Event]:
        """Let computer players act, through the same commit path, until a human must act.

        After every move the computer players may first interrupt (in seat order); then the awaited computer
        players act. They play after a move that is already stored: a failed write of theirs must not turn that
        move into an error, so it stops the chain (with the moves made so far) and the next timer tick resumes it.
        """
        events: list[Event] = []
        try:
            await self._bot_chain(live, events)
        except TableError as error:
            log.warning("computer players of game %s stopped: %s", live.row.id, error.code)
        return events

    async def _bot_chain(self, live: LiveGame, events: list[Event]) -> None:
        """The chain itself; ``events`` collects each stored move as it goes, so a failure keeps what was played."""
        engine = live.engine
        for _ in range(MAX_BOT_CHAIN):
            if live.row.status != "running" or engine.is_over(live.state):
                break
            rng = random.Random(f"{live.row.seed}:bot:{live.n + 1}")
            interrupted = False
            for seat in sorted(engine.interrupters(live.state)):
                if not live.row.seats[seat].is_bot:
                    continue
                choice = player_of(live.row.kind).interrupt(live.state, seat, rng)
                if choice is not None:
                    events.extend(await self._commit(live, seat, choice, by_bot=True))
                    interrupted = True
                    break
            if interrupted:
                continue
            bots = sorted(s for s in engine.to_act(live.state) if live.row.seats[s].is_bot)
            if not bots:
                if not await self._play_forced(live, events):
                    break
                continue
            seat = bots[0]
            choice = player_of(live.row.kind).act(live.state, seat, rng)
            events.extend(await self._commit(live, seat, choice, by_bot=True))

    async def _store(
        self,
        live: LiveGame,
        n: int,
        seat: int,
        action: Action,
        *,
        at: float,
        turn_since: float | None,
        by_bot: bool = False,
        results: list[ResultLine] | None = None,
        how: str | None = None,
    ) -> None:
        """Write action ``n`` of a game, or refuse the move: another process wrote this number first (our state
        is behind the truth: reload it next time), or the write failed."""
        try:
            await self.store.append_action(
                live.row.id,
                n,
                seat if seat != TABLE_SEAT else None,
                action.dumps(),
                by_bot=by_bot,
                at=at,
                turn_since=turn_since,
                results=results,
                how=how,
            )
        except DuplicateAction:
            self.forget(live.row.id)
            raise TableError("conflict") from None
        except GameEnded:
            self.forget(live.row.id)
            raise TableError("game_over") from None
        except Exception as error:
            log.warning("could not store move %s of game %s: %r", n, live.row.id, error)
            raise TableError("not_saved") from error

    async def _take_back(self, live: LiveGame, seat: int) -> list[Event]:
        """Undo: store it (the log keeps it, replay skips it and the move before it) and restore the state
        before that move."""
        undo = live.undo
        if not setting(live.row, "undo"):
            raise TableError("undo_off")
        if undo is None or undo.seat != seat or undo_seat(live) != seat:
            raise TableError("cannot_undo")
        n = live.n + 1
        now = self.clock()
        await self._store(live, n, seat, Action.of(UNDO), at=now, turn_since=now)
        live.state, live.n, live.undo = undo.before, n, None
        live.acted[seat] = n
        live.row.turn_since, live.row.reminded, live.row.called = now, False, False
        event = Event(UNDO, seat)
        live.log.append((n, event))
        return [event]

    async def _play_forced(self, live: LiveGame, events: list[Event]) -> bool:
        """Play, for the first awaited human who has no choice, their one move (when the table allows it)."""
        if not setting(live.row, "autoplay"):
            return False
        for seat in sorted(live.engine.to_act(live.state)):
            forced = live.engine.forced(live.state, seat)
            if forced is not None:
                events.extend(await self._commit(live, seat, forced, by_bot=True, how="auto"))
                return True
        return False

    async def _after_finish(self, live: LiveGame) -> None:
        await after_finish(self.store, live, self.replay)

    async def settle_epilogues(self) -> list[int]:
        """Do every owed epilogue (``bot.service.game_end.settle``): the ids done."""
        return await settle(self)

    def forget_ended(self, game_id: int) -> None:
        """Forget a game that ended: its cached state, and its lock unless someone holds or awaits it."""
        self._prune(game_id)

    def snapshot_of(self, live: LiveGame, events: list[Event]) -> Snapshot:
        """What a publication shows; the live game's log is trimmed to its latest events meanwhile."""
        trim_log(live)
        return snapshot_of(live, events, self.RECENT)

    async def snapshot(self, game_id: int) -> Snapshot:
        async with self.locked(game_id) as live:
            return self.snapshot_of(live, [])

    def peek(self, game_id: int) -> Snapshot | None:
        """The cached game as it stands, read without its lock or the store (None when not in memory): for what must
        answer at once, a form. A move may be under way, so whatever it offers is checked again under the lock."""
        live = self._live.get(game_id)
        if live is None:
            return None
        resting = live.resting
        snapshot = snapshot_of(live, [], self.RECENT)
        if resting and not live.lock.locked():
            live.rest()  # as it was: a resting game keeps only its pickles
        return snapshot

    # -- start-up ------------------------------------------------------------------------------

    async def recover(self) -> list[int]:
        """At start-up: finish the games a crash left running over, do and show the owed epilogues
        (``bot.service.game_end.recover``); the ids of the games finished so."""
        return await recover(self, self._live.keys())

    async def publish_after(self, live: LiveGame, snapshot: Snapshot) -> None:
        if live.row.status != "running":
            self._prune(live.row.id)
        try:
            await self.publisher.publish(snapshot)
        except Exception:
            log.exception("publishing game %s failed", live.row.id)

    # -- timers --------------------------------------------------------------------------------

    async def run_timers(self, now: float | None = None) -> None:
        """Remind slow players, then let the computer move for absent ones; close forgotten lobbies.

        Deadlines live in the store, so they survive restarts. The games are claimed first: with several processes
        on one database each game's timers are checked by one of them at a time, and each fires once. Then the
        epilogues a failure left owed are done.
        """
        now = self.clock() if now is None else now
        for row in await self.store.claim_timers(now, now - LOBBY_EXPIRY_S, self.timer_lease_s):
            try:
                if row.status == "lobby":
                    await self._expire_lobby(row.id, now)
                else:
                    await self._timer_for(row.id, now)
            except GameError:
                pass
            except Exception:
                log.exception("timer of game %s failed", row.id)
            try:
                await self.store.release_timer(row.id)
            except Exception:
                log.exception("the timer claim of game %s could not be released (it will expire)", row.id)
        try:
            await self.settle_epilogues()
        except Exception:
            log.exception("the owed epilogues could not be listed")

    async def _expire_lobby(self, game_id: int, now: float) -> None:
        async with self.lock_for(game_id), self.store.exclusive(game_id):
            row = await self.store.get_game(game_id)
            if row is None or row.status != "lobby" or now - row.created_at < LOBBY_EXPIRY_S:
                return
            await self.store.update_game(game_id, status="cancelled", ended_at=now)
            row.status = "cancelled"
        self._prune(game_id)
        await self.publisher.closed(row)

    async def _timer_for(self, game_id: int, now: float) -> None:
        """One game's timers, under its lock: the table's own timed moves (Chat vert's penalty), else the computer
        moving for absent players, else one reminder, or before it one call of the people who have not moved for
        ``call_after_s`` (each claimed in the store: sent once). Computer players whose last move could not be stored
        play again (nothing else would wake them)."""
        nudged: list[int] = []
        nudge: str | None = None
        async with self.locked(game_id) as live:
            row, engine, state = live.row, live.engine, live.state
            if row.status != "running" or row.turn_since is None or engine.is_over(state):
                return
            waiting = [s for s in engine.to_act(state) if not row.seats[s].is_bot]
            elapsed = now - row.turn_since
            timed_out = bool(waiting and row.timeout_s and elapsed >= row.timeout_s)
            due = engine.timer_actions(state, elapsed) if waiting and not timed_out else []
            events: list[Event] = []
            if due:
                for action in due:
                    if engine.is_over(live.state):
                        break
                    events.extend(await self._commit(live, TABLE_SEAT, action, by_bot=True))
            elif timed_out:
                for seat in sorted(engine.to_act(state)):
                    if row.seats[seat].is_bot or engine.is_over(live.state):
                        continue
                    rng = random.Random(f"{row.seed}:bot:{live.n + 1}")
                    choice = player_of(row.kind).act(live.state, seat, rng)
                    events.extend(await self._commit(live, seat, choice, by_bot=True, how="timeout"))
            elif waiting:
                nudge = nudge_due(row, elapsed, self.call_after_s)
                claim = {"remind": self.store.claim_reminder, "call": self.store.claim_call}.get(nudge or "")
                if claim is None or not await claim(game_id, row.turn_since):
                    return
                row.reminded, row.called = row.reminded or nudge == "remind", row.called or nudge == "call"
                nudged = waiting
            if not nudged:
                events.extend(await self._run_bots(live))
                if not events:
                    return
                snapshot = self.snapshot_of(live, events)
        if nudged:
            await (self.publisher.remind if nudge == "remind" else self.publisher.call)(live.row, nudged)
        else:
            await self.publish_after(live, snapshot)

    # -- reading -------------------------------------------------------------------------------

    async def full_log(self, game_id: int) -> tuple[GameRow, list[tuple[int, Event]]]:
        """Every event of a game, numbered by the action that caused it (for ``/table log``)."""
        row = await self.game_row(game_id)
        if row.status == "lobby":
            raise TableError("not_started")
        live = self._live.get(game_id)
        if live is None:
            live = await self.replay(row)
        return live.row, await whole_log(live, self.replay)

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        row = await self.game_row(game_id)
        row.table_message_id = message_id
        await self.store.update_game(game_id, table_message_id=message_id)

    async def final_snapshot(self, game_id: int) -> Snapshot:
        """A game as it ended (replayed, not kept in memory): what its last table message shows."""
        row = await self.store.get_game(game_id)
        if row is None or row.status == "lobby":
            raise TableError("no_such_game")
        live = await self.replay(row)
        return self.snapshot_of(live, [])

    async def score_history(self, game_id: int) -> ScoreHistory:
        """A finished game's ranking and scores round by round (the results picture), replayed off the event loop."""
        row = await self.store.get_game(game_id)
        if row is None or row.status == "lobby":
            raise TableError("no_such_game")
        rows = await self.store.actions(game_id)
        return await asyncio.to_thread(score_history, engine_of(row.kind), row, rows, spec_of(row.kind).rounds)

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> None:
        row = await self.game_row(game_id)
        row.lobby_message_id = message_id
        await self.store.update_game(game_id, lobby_message_id=message_id)
