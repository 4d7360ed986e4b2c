"""What the picture tests share: long player names, the PNG checks, and the catalog keys a renderer spells out."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterable
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from PIL import Image

from bot.games.base import AnyEngine
from bot.games.base import Player
from bot.games.base import action_rng
from bot.i18n import has
from bot.i18n import plural_catalog

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BUDGET = 1_000_000
"""Any picture under 1 MB."""

LONG_NAMES = [
    "Éléonore-Françoise de Châteaubri",
    "Bartholomew Alexander Fitzgerald",
    "Zoë",
    "Ægir Þórsson Øvergård-Lindqvist",
    "Jean-Philippe Grégoire d'Artagna",
    "Ophélie Müller-Schnäbelé Noël ÀÉ",
    "X",
    "Maëlle Cœur-de-Lion Çağlar Ñúñez",
    "Wolfgang Amadeus Mozart-Salieri",
    "Ἀλέξανδρος ὁ Μέγας Μακεδών τρίτ",
]
"""Names as long as Discord allows (32 characters), accented, in other scripts, and a few very short ones."""


def open_png(data: bytes, size: tuple[int, int] | None = None, budget: int = BUDGET) -> Image.Image:
    """The picture ``data`` holds, after checking it is a whole PNG under ``budget`` (and of ``size`` if given)."""
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < budget
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    if size is not None:
        assert image.size == size
    return image


def used_keys(renderer: ModuleType, prefix: str, quotes: str = '"') -> set[str]:
    """The catalog keys starting with ``prefix`` that the renderer's source spells out between ``quotes`` (in every
    module of ``renderer`` when it is a package); there is at least one."""
    path = Path(str(renderer.__file__))
    files = sorted(path.parent.glob("*.py")) if hasattr(renderer, "__path__") else [path]
    source = "\n".join(file.read_text(encoding="utf-8") for file in files)
    used = set(re.findall(rf"[{quotes}]({re.escape(prefix)}[a-z_.]+)[{quotes}]", source))
    assert used, prefix
    return used


def assert_keys_exist(keys: Iterable[str], counted: Iterable[str] = ()) -> None:
    """Every key is in the catalog; each ``counted`` one is a plural entry of both languages."""
    for key in keys:
        assert has(key), key
    for key in counted:
        for lang in ("fr", "en"):
            assert key in plural_catalog(lang), key


def seeded_game(
    engine: AnyEngine, player: Player, players: int, options: dict[str, Any], seed: int, bot_share: float
) -> Iterator[Any]:
    """Every state of a seeded game where one seat acts at a time (the same state object, moved on): the computer
    player's move with chance ``bot_share``, else a random legal one."""
    state = engine.setup(players, options, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    yield state
    while not engine.is_over(state):
        (seat,) = engine.to_act(state)
        legal = engine.legal_actions(state, seat)
        action = player.act(state, seat, rng) if rng.random() < bot_share else rng.choice(legal)
        number += 1
        engine.apply(state, seat, action, action_rng(seed, number))
        yield state


def spread(count: int, samples: int) -> set[int]:
    """Indices of ``samples`` or so moments spread over ``count`` states, the first and the last among them."""
    return {0, count - 1, *range(0, count, max(1, count // samples))}
