"""The names a picture shows: a seat's display name as the bundled fonts draw it, or "Player n" when nothing of it
can be drawn."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.i18n import t
from renders import kit


@lru_cache(maxsize=1024)
def drawable(name: str) -> str:
    """A display name cleaned for the bold font (remembered: a picture shows each name several times, and every
    picture of a table the same names)."""
    return kit.clean_text(name, bold=True)


def seat_name(names: Sequence[str], seat: int, locale: object, key: str) -> str:
    """The name of ``seat`` cleaned for the bold font, or the catalog line ``key`` ("Player {n}") when it has none
    that can be drawn."""
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    return name or t(locale, key, n=seat + 1)
