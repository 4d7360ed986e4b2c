"""The capacity bench's own measure: a move counts as shown once Discord got a table message showing it or a later
move, and a table whose edits never reached Discord counts its moves as lost, not as shown."""

from __future__ import annotations

from bench.capacity import CapacityRun
from bench.capacity import Move
from bench.capacity import shown
from bench.limits import Sent

EDIT = "/channels/{channel_id}/messages/{message_id}"


def test_a_move_is_shown_by_the_first_edit_of_its_version_or_a_later_one() -> None:
    run = CapacityRun(1, 10.0)
    sent = [
        Sent(5.1, "PATCH", EDIT, 1, (1, 5)),
        Sent(5.5, "PATCH", EDIT, 1, (1, 8)),
        Sent(9.0, "PATCH", EDIT, 1, (1, 9)),
    ]
    shown(run, [Move(1, 6, 5.0), Move(1, 8, 5.25)], sent)
    assert run.delays == [0.5, 0.25]  # the edit of version 5 showed neither
    assert run.lost == 0 and run.tables_behind == 0 and run.met


def test_moves_whose_table_message_never_reached_discord_are_lost() -> None:
    run = CapacityRun(2, 10.0)
    sent = [Sent(5.25, "PATCH", EDIT, 1, (1, 7)), Sent(6.0, "PATCH", EDIT, 2, None)]  # a panel, not the table
    shown(run, [Move(1, 6, 5.0), Move(1, 7, 5.0), Move(2, 3, 5.0)], sent)
    assert run.delays == [0.25, 0.25]
    assert run.lost == 1 and run.tables_behind == 1
    assert not run.met


def test_a_run_over_the_delay_budget_or_with_a_429_is_not_met() -> None:
    slow = CapacityRun(1, 10.0, delays=[0.1] * 90 + [1.5] * 10)
    assert slow.p(95) == 1.5 and not slow.met
    limited = CapacityRun(1, 10.0, delays=[0.1], responses_429=1)
    assert not limited.met
    assert CapacityRun(1, 10.0, delays=[0.1]).met
