"""Keys kept as digests (``bot.pictures.digest``): equal keys give equal bytes whatever the order their sets were
built in, unequal keys unequal bytes, and what the bot keeps of every live table stays out of the garbage collector's
sight."""

from __future__ import annotations

import gc
import random
from pathlib import Path

from bot.pictures.cache import picture_key
from bot.pictures.digest import digest
from bot.pictures.redraw import panels_to_redraw
from bot.service.tables import TableService
from tests.service_support import Recorder
from tests.service_support import open_store


class Colliding(int):
    """An integer whose hash collides with every other one's: a set of them keeps its members in insertion order."""

    def __hash__(self) -> int:
        return 7


def test_equal_keys_give_equal_digests_whatever_the_order_of_their_sets() -> None:
    rng = random.Random(3)
    members = [f"card{n}" for n in range(40)]
    for _ in range(50):
        rng.shuffle(members)
        few = members[:5]
        left = ("hand", 3, frozenset(members), (frozenset(few), None, True))
        rng.shuffle(members)
        right = ("hand", 3, frozenset(reversed(members)), (frozenset(reversed(few)), None, True))
        assert left == right and digest(left) == digest(right)
    one, two = frozenset([Colliding(1), Colliding(2)]), frozenset([Colliding(2), Colliding(1)])
    assert list(one) != list(two), "the sets hold their members in another order"
    assert digest((one,)) == digest((two,))


def test_unequal_keys_give_unequal_digests() -> None:
    keys = [
        ("a", 1),
        ("a", 2),
        ("a", (1,)),
        ("a", frozenset({1})),
        ("a", (1, 2)),
        ("a", frozenset({1, 2})),
        ("a", True),
        ("a", None),
        ("a", "1"),
        (("a", 1),),
        ("a", frozenset()),
        ("a", ()),
    ]
    assert len({digest(key) for key in keys}) == len(keys)


async def test_the_keys_kept_of_a_table_are_untracked_bytes(tmp_path: Path) -> None:
    recorder = Recorder()
    service = TableService(await open_store(tmp_path / "t.db"), recorder)
    row = await service.open_table(
        guild_id=1, channel_id=5, kind="neurotrio", options={}, host_id=1, host_name="Ana", locale="fr"
    )
    for user in (2, 3):
        await service.join(row.id, user, f"P{user}")
    await service.start(row.id, 1)
    snapshot = recorder.snapshots[-1]
    shown = panels_to_redraw(snapshot, {})
    assert sorted(shown) == [0, 1, 2]
    kept = [*shown.values(), picture_key("neurotrio", "table", snapshot.public, ("Ana",), "fr")]
    kept += [picture_key("neurotrio", "hand", snapshot.views[seat], "fr") for seat in shown]
    assert all(isinstance(key, bytes) and not gc.is_tracked(key) for key in kept)
