"""The collector as the bot sets it once started: what startup loaded frozen, the young generation collected less
often; and as it was once the bot closes."""

from __future__ import annotations

import gc

from bot.service import collector


def test_settling_freezes_what_is_loaded_and_collects_the_young_less_often() -> None:
    before = gc.get_threshold()
    kept = [[n] for n in range(1000)]  # lists are tracked by the collector
    collector.settle()
    try:
        assert gc.get_threshold() == (collector.YOUNG_THRESHOLD, *before[1:])
        assert gc.get_freeze_count() >= len(kept)
    finally:
        collector.unsettle()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_a_settled_block_gives_the_collector_back_as_it_was() -> None:
    before = gc.get_threshold()
    with collector.settled():
        assert gc.get_threshold()[0] == collector.YOUNG_THRESHOLD > before[0]
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
