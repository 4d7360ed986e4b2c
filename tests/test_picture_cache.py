"""The cache of drawn pictures: a hit gives the very bytes drawn before, a changed view draws again, and the
cache never holds more bytes than its budget."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.games.base import SeatView
from bot.games.base import action_rng
from bot.pictures.cache import PictureCache
from bot.pictures.cache import picture_key
from bot.registry import GAMES
from bot.registry import engine_of
from bot.registry import pictures_of
from bot.registry import player_of


def _states(kind: str, moves: int) -> list[Any]:
    """The public and seat views of a seeded game after each of its first ``moves`` moves, and who moved."""
    engine = engine_of(kind)
    state = engine.setup(engine.max_players, {}, action_rng(5, 0))
    out = []
    for n in range(1, moves + 1):
        seat = min(engine.to_act(state))
        engine.apply(state, seat, player_of(kind).act(state, seat, random.Random(n)), action_rng(5, n))
        out.append((engine.public_view(state), [engine.view(state, s) for s in range(engine.max_players)], seat))
    return out


class Drawer:
    """Draws real hand pictures and counts how many it drew."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.drawn = 0

    async def hand(self, view: SeatView[Any, Any]) -> bytes:
        self.drawn += 1
        await asyncio.sleep(0)
        return pictures_of(self.kind).hand(view, "fr")


async def test_a_hit_returns_the_bytes_drawn_the_first_time_without_drawing_again() -> None:
    cache = PictureCache()
    drawer = Drawer("nain_jaune")
    _, views, _ = _states("nain_jaune", 1)[0]
    key = picture_key("nain_jaune", "hand", views[0], "fr")
    first = await cache.picture(key, lambda: drawer.hand(views[0]))
    again = await cache.picture(key, lambda: drawer.hand(views[0]))
    assert again is first and drawer.drawn == 1
    assert (cache.hits, cache.misses) == (1, 1)
    assert Image.open(io.BytesIO(first)).format == "PNG"


async def test_a_changed_hand_misses_and_an_unchanged_one_after_a_move_hits() -> None:
    """After a move, the mover's hand changed (one card fewer); a seat that did not play shows the same hand, whatever
    the new version and events."""
    (_, before, _), (_, after, mover) = _states("nain_jaune", 2)[:2]
    idle = (mover + 2) % len(before)
    assert before[mover].own != after[mover].own and before[idle].own == after[idle].own
    key = picture_key("nain_jaune", "hand", before[mover], "fr")
    assert key != picture_key("nain_jaune", "hand", after[mover], "fr")
    same = dataclasses.replace(before[idle], version=before[idle].version + 7, events=())
    idle_key = picture_key("nain_jaune", "hand", before[idle], "fr")
    assert picture_key("nain_jaune", "hand", same, "fr") == idle_key
    assert picture_key("nain_jaune", "hand", before[idle], "en") != idle_key


@pytest.mark.parametrize("kind", [spec.kind for spec in GAMES])
def test_no_picture_draws_the_events_or_the_version_of_its_view(kind: str) -> None:
    """What lets the cache leave them out of its keys: the pictures are the same without them."""
    public, views, _ = _states(kind, 3)[-1]
    names = [f"Joueur {seat + 1}" for seat in range(len(views))]
    pictures = pictures_of(kind)
    bare = dataclasses.replace(public, events=(), version=0)
    assert public.events and pictures.table(bare, names, "fr") == pictures.table(public, names, "fr")
    seat = views[0]
    assert pictures.hand(dataclasses.replace(seat, events=(), version=0), "fr") == pictures.hand(seat, "fr")


async def test_the_budget_evicts_the_least_recently_used() -> None:
    drawer = Drawer("nain_jaune")
    views = [seat for _, seats, _ in _states("nain_jaune", 1) for seat in seats][:4]
    pngs = [await drawer.hand(view) for view in views]
    assert len(set(pngs)) == 4, "four different hands"
    cache = PictureCache(budget=len(pngs[0]) + len(pngs[1]) + len(pngs[2]))
    for n, png in enumerate(pngs[:3]):
        cache.put(n, png)
    assert cache.get(0) == pngs[0]  # used: now the most recent
    cache.put(3, pngs[3])
    assert cache.get(1) is None and cache.get(0) == pngs[0] and cache.get(3) == pngs[3]
    assert cache.size == sum(len(png) for png in cache._pngs.values()) <= cache.budget
    cache.put(9, b"x" * (cache.budget + 1))
    assert cache.get(9) is None and len(cache) == 2 + (cache.get(2) is not None)


async def test_the_same_picture_asked_twice_at_once_is_drawn_once() -> None:
    cache = PictureCache()
    drawer = Drawer("njet")
    _, views, _ = _states("njet", 1)[0]
    key = picture_key("njet", "hand", views[1], "fr")
    first, second = await asyncio.gather(*(cache.picture(key, lambda: drawer.hand(views[1])) for _ in range(2)))
    assert first == second and drawer.drawn == 1


async def test_a_failed_drawing_is_not_kept() -> None:
    cache = PictureCache()

    async def broken() -> bytes:
        raise OSError("disk full")

    with pytest.raises(OSError):
        await cache.picture("k", broken)
    assert cache.get("k") is None and len(cache) == 0
    assert await cache.picture("k", lambda: asyncio.sleep(0, b"png")) == b"png"


async def test_the_pictures_of_a_move_are_drawn_together_and_shared() -> None:
    """``many``: what is kept or being drawn is shared, the rest drawn in one batch, each then kept; in order."""
    cache = PictureCache()
    batches: list[list[Any]] = []
    release = asyncio.Event()

    async def draw_many(jobs: list[Any]) -> list[bytes]:
        batches.append(jobs)
        await release.wait()
        return [f"png of {job[1][0]}".encode() for job in jobs]

    cache.put("kept", b"kept png")
    asked = asyncio.ensure_future(
        cache.many(
            [("kept", ("hand", ("k",))), ("a", ("table", ("a",))), ("b", ("hand", ("b",))), ("a", ("table", ("a",)))],
            draw_many,
        )
    )
    await asyncio.sleep(0)
    # Someone else asks for "b" while the batch is being drawn: they share it, nothing is drawn again.
    again = asyncio.ensure_future(cache.picture("b", lambda: draw_many([("hand", ("b-again",))])))
    await asyncio.sleep(0)
    release.set()
    assert await asked == [b"kept png", b"png of a", b"png of b", b"png of a"]
    assert await again == b"png of b"
    assert batches == [[("table", ("a",)), ("hand", ("b",))]]
    assert (cache.hits, cache.misses) == (3, 2)
    assert cache.get("a") == b"png of a" and cache.get("b") == b"png of b"


async def test_a_failed_batch_fails_each_of_its_pictures_and_keeps_none() -> None:
    cache = PictureCache()

    async def broken(jobs: list[Any]) -> list[bytes]:
        raise OSError("the workers are gone")

    with pytest.raises(OSError):
        await cache.many([("a", ("table", ()))], broken)
    assert cache.get("a") is None and len(cache) == 0
    assert await cache.many([("a", ("table", ()))], _echo) == [b"drawn"]


async def _echo(jobs: list[Any]) -> list[bytes]:
    return [b"drawn" for _ in jobs]
