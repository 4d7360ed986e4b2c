"""Nothing the table service keeps per game outlives the game: after 1,000 finished games it holds (almost) nothing."""

from __future__ import annotations

from pathlib import Path

from bot.service.tables import TableService
from tests.reliability.support import open_service


async def _play_out(service: TableService, channel: int, kind: str) -> None:
    """A game to its end: a person opens it with computer players and leaves, so the computers finish it."""
    row = await service.open_table(
        guild_id=1,
        channel_id=channel,
        kind=kind,
        options={"deals": 1} if kind == "nain_jaune" else {},
        host_id=1,
        host_name="P1",
        locale="fr",
    )
    for _ in range(3):
        await service.add_bot(row.id, 1)
    live = await service.start(row.id, 1)
    if live.row.status == "running":
        await service.leave(row.id, 1)
    assert (await service.store.get_game(row.id)).status == "over"  # type: ignore[union-attr]


async def test_a_thousand_finished_games_leave_nothing_behind(db_path: Path) -> None:
    service, _, _ = await open_service(db_path)
    try:
        for i in range(10):
            await _play_out(service, 10_000 + i, "nain_jaune" if i % 2 else "njet")
        for i in range(990):
            row = await service.open_table(
                guild_id=1, channel_id=i, kind="triominos", options={}, host_id=1, host_name="P1", locale="fr"
            )
            await service.join(row.id, 2, "P2")
            if i % 3:
                await service.start(row.id, 1)
            await service.close(row.id, 1, can_manage=False)
        assert len(await service.store.games_with_status("over", "abandoned", "cancelled")) == 1000
        assert service._live == {}
        assert service._row_locks == {}
    finally:
        await service.store.close()
