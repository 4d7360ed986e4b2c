"""Which private panels a published move makes the bot draw again (``bot.pictures.redraw``), on real games."""

from __future__ import annotations

import random
from pathlib import Path

from bot.pictures.redraw import Shown
from bot.pictures.redraw import hand_key
from bot.pictures.redraw import panel_key
from bot.pictures.redraw import panels_to_redraw
from bot.registry import player_of
from bot.service.tables import TableService
from bot.store import Seat
from cogs.ui import ui_for
from tests.service_support import Recorder
from tests.service_support import open_store


async def _three_players(db_path: Path) -> tuple[TableService, Recorder, int]:
    recorder = Recorder()
    service = TableService(await open_store(db_path), recorder)
    row = await service.open_table(
        guild_id=1, channel_id=5, kind="nain_jaune", options={}, host_id=1, host_name="Ana", locale="fr"
    )
    await service.join(row.id, 2, "Bea")
    await service.join(row.id, 3, "Cyd")
    await service.start(row.id, 1)
    return service, recorder, row.id


async def test_the_deal_draws_every_panel_and_the_same_state_none(db_path: Path) -> None:
    _service, recorder, _game_id = await _three_players(db_path)
    dealt = recorder.snapshots[-1]
    shown = panels_to_redraw(dealt, {})
    assert sorted(shown) == [0, 1, 2]
    assert panels_to_redraw(dealt, shown) == {}


async def test_a_move_draws_the_panels_of_the_mover_and_of_whom_the_turn_leaves_or_reaches(db_path: Path) -> None:
    service, recorder, game_id = await _three_players(db_path)
    dealt = recorder.snapshots[-1]
    shown = panels_to_redraw(dealt, {})
    (mover,) = dealt.to_act
    card = next(a for a in dealt.legal[mover] if a.kind == "play")
    await service.act(game_id, mover + 1, card)
    after = recorder.snapshots[-1]
    # The mover's hand lost a card; a seat whose turn came or went shows other buttons; nobody else's hand or moves
    # changed, so their panels stay as they are.
    expected = {mover} | set(after.to_act) | set(dealt.to_act)
    assert set(panels_to_redraw(after, shown)) == expected
    assert len(expected) < 3


async def test_a_computer_seat_has_no_panel_to_draw(db_path: Path) -> None:
    recorder = Recorder()
    service = TableService(await open_store(db_path), recorder)
    row = await service.open_table(
        guild_id=1, channel_id=6, kind="nain_jaune", options={}, host_id=1, host_name="Ana", locale="fr"
    )
    await service.add_bot(row.id, 1)
    await service.start(row.id, 1)
    snapshot = recorder.snapshots[-1]
    assert snapshot.game.seats[1] == Seat(snapshot.game.seats[1].name, None)
    assert sorted(panels_to_redraw(snapshot, {})) == [0]


async def test_a_panel_whose_seat_is_not_concerned_waits_for_its_turn(db_path: Path) -> None:
    """Neurotrio at eight: every card laid changes every notebook, but only the panels of the seat that moved, of
    the seat awaited next and of a seat whose hand or moves changed are edited at once; the others wait for their
    turn, and are current then."""
    recorder = Recorder()
    service = TableService(await open_store(db_path), recorder)
    row = await service.open_table(
        guild_id=1, channel_id=7, kind="neurotrio", options={}, host_id=1, host_name="P1", locale="fr"
    )
    for user in range(2, 9):
        await service.join(row.id, user, f"P{user}")
    await service.start(row.id, 1)
    ui = ui_for("neurotrio")
    shown = panels_to_redraw(recorder.snapshots[-1], {}, ui.private_key)
    assert len(shown) == 8  # the deal: every hand is new
    waited = 0
    rng = random.Random(3)
    for _ in range(40):
        before = recorder.snapshots[-1]
        if before.over:
            break
        mover = min(before.to_act)
        live = await service.load(row.id)
        action = player_of("neurotrio").act(live.state, mover, rng)
        await service.act(row.id, mover + 1, action)
        after = recorder.snapshots[-1]
        on_table = frozenset(a.dumps() for line in ui.table_actions(after) for a in line) if ui.table_actions else ()
        redraw = panels_to_redraw(after, shown, ui.private_key, on_table)
        for seat in range(8):
            view = after.views[seat]
            key = panel_key(after, seat, seat + 1, ui.private_key(view))
            was = Shown.unpack(shown[seat])
            changed = was.key != key
            concerned = (
                seat in after.to_act
                or was.awaited
                or hand_key(view) != was.hand
                or after.stage != was.stage
                or after.over
            )
            if seat in after.to_act or seat == mover:
                assert not changed or seat in redraw  # the seat to act sees its panel as it is now
            if seat in redraw:
                assert changed and (concerned or Shown.unpack(redraw[seat]).moves != was.moves)
            elif changed:
                waited += 1
        shown.update(redraw)
    assert waited > 0, "no panel waited: the notebooks did not change"
