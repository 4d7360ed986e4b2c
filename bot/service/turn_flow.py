"""The turn flow of a real table, beside the move pipeline: taking a computer player's seat, and playing again
with the same people.

A ``TurnFlow`` wraps the table service (``TurnFlow(tables).take_seat(...)``): it goes through the service's lock,
store writes and publisher like every move. Taking a move back is a move of its own, in the pipeline itself.
"""

from __future__ import annotations

from bot.games.base import Event
from bot.service.live import TableError
from bot.service.table_settings import SETTING_NAMES
from bot.service.table_settings import setting
from bot.service.tables import TableService
from bot.store import GameRow
from bot.store import Seat

REMATCH = "rematch"
"""The settings key of a finished game that lists who asked to play again."""


class TurnFlow:
    """Seat takeover and rematch, over a table service."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    # -- a computer player's seat taken by a person ---------------------------------------------

    async def take_seat(self, game_id: int, user_id: int, name: str) -> GameRow:
        """A member of the channel takes the first computer player's seat, between two moves."""
        async with self.service.locked(game_id) as live:
            row = live.row
            if row.status != "running" or live.engine.is_over(live.state):
                raise TableError("game_over")
            if not setting(row, "takeover"):
                raise TableError("takeover_off")
            if row.seat_of(user_id) is not None:
                raise TableError("already_seated")
            free = [s for s, holder in enumerate(row.seats) if holder.is_bot]
            if not free:
                raise TableError("no_computer_seat")
            seat = free[0]
            seats = list(row.seats)
            seats[seat] = Seat(name=name, user_id=user_id)
            await self.service.store.update_game(game_id, seats=seats)
            row.seats = seats
            event = Event("took_seat", seat, {"name": name})
            live.log.append((live.n, event))
            snapshot = self.service.snapshot_of(live, [event])
        await self.service.publish_after(live, snapshot)
        return row

    # -- play again ----------------------------------------------------------------------------

    async def ask_rematch(self, game_id: int, user_id: int) -> tuple[GameRow, GameRow | None]:
        """A player of a finished game asks to play again; once every person of it has, the new game starts.

        Returns the finished game (with the askers in its settings) and the new game when it started.
        """
        async with self.service.lock_for(game_id):
            row = await self._finished(game_id)
            if row.seat_of(user_id) is None:
                raise TableError("not_seated")
            askers = [*dict.fromkeys([*row.settings.get(REMATCH, []), user_id])]
            settings = {**row.settings, REMATCH: askers}
            await self.service.store.update_game(game_id, settings=settings)
            row.settings = settings
            everyone = all(s.user_id in askers for s in row.seats if not s.is_bot)
        if not everyone:
            return row, None
        return row, await self._rematch(row, askers)

    async def start_rematch(self, game_id: int, user_id: int) -> GameRow:
        """The host starts the new game with those who asked (the others' seats go)."""
        async with self.service.lock_for(game_id):
            row = await self._finished(game_id)
            if user_id != row.host_id:
                raise TableError("host_only")
            askers = [*dict.fromkeys([*row.settings.get(REMATCH, []), user_id])]
        return await self._rematch(row, askers)

    async def _finished(self, game_id: int) -> GameRow:
        row = await self.service.store.get_game(game_id)
        if row is None:
            raise TableError("no_such_game")
        if row.status != "over":
            raise TableError("not_over")
        return row

    async def _rematch(self, row: GameRow, askers: list[int]) -> GameRow:
        """Open the same table again in the same channel (same seats in the same order, same options) and start
        it; a second click after it started finds the channel taken and is refused."""
        seats = [Seat(s.name, s.user_id) for s in row.seats if s.is_bot or s.user_id in askers]
        host = row.host_id if row.host_id in askers else next(u for u in askers if u is not None)
        settings = {k: v for k, v in row.settings.items() if k in SETTING_NAMES}
        new = await self.service.open_table(
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            kind=row.kind,
            options=dict(row.options),
            host_id=host,
            host_name=seats[0].name,
            locale=row.locale,
            reminder_min=row.reminder_s // 60,
            timeout_min=row.timeout_s // 60,
            settings=settings,
            seats=seats,
        )
        try:
            live = await self.service.start(new.id, host)
        except TableError:
            await self.service.close(new.id, host, can_manage=True)
            raise
        return live.row
