"""The replay animation: real PNG pictures in, a GIF (or an animated WebP) out that Pillow reads back frame by frame,
with the durations asked, one size for every frame, and always under the size limit, even for the longest game."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.base import validate_options
from bot.registry import engine_of
from bot.registry import pictures_of
from bot.registry import player_of
from bot.service.replay import MAX_FRAMES
from bot.service.replay import replay_of
from bot.store import ActionRow
from bot.store import Seat
from renders import png
from renders.replay import LIMIT_BYTES
from renders.replay import SCALES
from renders.replay import animate
from renders.replay import common_size
from renders.replay import encode
from renders.replay import thinned
from tests.renders.support import LONG_NAMES
from tests.service_support import game_row

RED, BLUE, GREEN, GOLD = (200, 30, 40), (30, 60, 200), (20, 120, 60), (230, 185, 49)


def picture(size: tuple[int, int], colour: tuple[int, int, int], middle: tuple[int, int, int] | None = None) -> bytes:
    """A real PNG of one colour, with a square of another colour in its middle."""
    image = Image.new("RGB", size, colour)
    if middle is not None:
        w, h = size
        image.paste(middle, (w // 2 - 5, h // 2 - 5, w // 2 + 5, h // 2 + 5))
    return png.encode_png(image)


def noise(size: tuple[int, int], seed: int) -> bytes:
    """A PNG of coloured noise, the worst case of a palette and of lossless compression."""
    rng = random.Random(seed)
    return png.encode_png(Image.frombytes("RGB", size, rng.randbytes(size[0] * size[1] * 3)))


def frame_count(image: Image.Image) -> int:
    return int(getattr(image, "n_frames", 1))


def decoded(data: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame of an animation in full colour, with its duration (ms)."""
    out = []
    with Image.open(io.BytesIO(data)) as shown:
        for index in range(frame_count(shown)):
            shown.seek(index)
            out.append((shown.convert("RGB"), int(shown.info["duration"])))
    return out


def test_frames_of_different_sizes_share_the_largest_and_keep_their_durations() -> None:
    pictures = [picture((100, 80), RED), picture((40, 30), BLUE, GOLD), picture((100, 60), GREEN)]
    assert common_size(pictures) == (100, 80)
    animation = animate(pictures, [3000, 700, 4000])
    assert (animation.format, animation.size, animation.frames) == ("gif", (100, 80), 3)
    frames = decoded(animation.data)
    assert [duration for _, duration in frames] == [3000, 700, 4000]
    assert all(image.size == (100, 80) for image, _ in frames)
    small = frames[1][0]  # centred on its own colour: blue all round, gold in the middle
    assert small.getpixel((0, 0)) == small.getpixel((99, 79)) == BLUE
    assert small.getpixel((50, 40)) == GOLD
    assert frames[2][0].getpixel((50, 5)) == GREEN and frames[0][0].getpixel((50, 40)) == RED


def test_a_webp_is_read_back_with_its_frames() -> None:
    pictures = [picture((120, 90), RED, GOLD), picture((120, 90), BLUE, GOLD), picture((120, 90), GREEN)]
    data = encode("webp", pictures, [1000, 800, 3000])
    with Image.open(io.BytesIO(data)) as shown:
        assert shown.format == "WEBP" and frame_count(shown) == 3 and shown.size == (120, 90)
        shown.seek(1)
        red, green, blue = shown.convert("RGB").getpixel((5, 5))  # type: ignore[misc]  # an RGB pixel
        assert blue > 150 and red < 80 and green < 100  # lossy, but blue


def test_a_webp_is_chosen_when_only_it_fits() -> None:
    pictures = [noise((160, 120), seed) for seed in range(4)]
    times = [500] * 4
    gif, webp = len(encode("gif", pictures, times)), len(encode("webp", pictures, times))
    assert webp < gif  # noise: the lossy WebP is far smaller than the palette GIF
    animation = animate(pictures, times, limit=(gif + webp) // 2)
    assert (animation.format, animation.size, animation.frames) == ("webp", (160, 120), 4)
    assert animation.data == encode("webp", pictures, times)


def test_a_replay_too_large_is_made_smaller_then_shorter_until_it_fits() -> None:
    pictures = [noise((200, 150), seed) for seed in range(9)]
    times = [3000, *([800] * 7), 4000]
    smallest = min(SCALES)
    full = len(encode("webp", pictures, times, smallest))
    animation = animate(pictures, times, limit=full // 2)
    assert len(animation.data) < full // 2
    assert animation.size == (round(200 * smallest), round(150 * smallest))
    assert animation.frames < 9
    with Image.open(io.BytesIO(animation.data)) as shown:
        assert frame_count(shown) == animation.frames


def test_thinning_keeps_the_first_and_the_last() -> None:
    pictures = [bytes([i]) for i in range(6)]
    kept, times = thinned(pictures, [10, 11, 12, 13, 14, 15])
    assert kept == [bytes([0]), bytes([2]), bytes([4]), bytes([5])] and times == [10, 12, 14, 15]


def test_a_replay_needs_a_duration_per_picture_and_a_size_that_can_fit() -> None:
    with pytest.raises(ValueError):
        animate([picture((10, 10), RED)], [100, 100])
    with pytest.raises(ValueError):
        animate([noise((60, 60), 1), noise((60, 60), 2)], [100, 100], limit=100)


LONGEST = ("njet", 4, {"rounds": 16})
"""The game whose replay is the largest: sixteen rounds of Njet!, its table the widest, full of cards."""


def test_the_longest_game_fits_the_limit() -> None:
    kind, players, options = LONGEST
    engine, player = engine_of(kind), player_of(kind)
    settings = validate_options(engine, options)
    seed = 11
    state = engine.setup(players, settings, action_rng(seed, 0))
    rng = random.Random(seed)
    rows: list[ActionRow] = []
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        action: Action = player.act(state, seat, rng)
        engine.apply(state, seat, action, action_rng(seed, len(rows) + 1))
        rows.append(ActionRow(len(rows) + 1, seat, action.dumps(), True, 0.0))
    seats = [Seat(name) for name in LONG_NAMES[:players]]
    row = game_row(1, kind, seats, channel_id=1, seed=seed, status="over", host_id=1)
    row.options = settings
    replay = replay_of(engine, row, rows)
    assert replay.sampled and len(replay.frames) == MAX_FRAMES and len(rows) > 600
    names = [seat.name for seat in seats]
    pictures = [pictures_of(kind).table(frame.view, names, "fr") for frame in replay.frames]
    animation = animate(pictures, replay.durations)
    assert len(animation.data) < LIMIT_BYTES
    assert animation.format == "gif" and animation.frames == MAX_FRAMES
    assert animation.size == common_size(pictures)
