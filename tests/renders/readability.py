"""How readable each game's pictures are as Discord shows them: measured on real states of seeded games.

Every text and symbol the kit draws is noted (``renders.measure``); a picture is shown as wide as ``make shots``
measured (``renders/shown_widths.json``: 265 px on a phone, 560 px on a desktop), so each mark's drawn height is
scaled by that ratio. Run as a module for the figures:
``.venv/bin/python -m tests.renders.readability``.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bot.registry import GAMES
from bot.registry import GameSpec
from bot.registry import pictures_of
from renders import measure
from tests.games.test_conformance import sizes
from tests.renders.test_pictures import moments

NAMES = ("Éloïse-Marguerite", "Bartholomew", "Zoé", "Jean-Christophe", "李小龙", "Ольга", "Νίκος", "Maëlle 🎲")
"""Long, short and non-Latin display names, as a server has them."""


@dataclass(frozen=True)
class Measured:
    """One picture: what it is, its size and its smallest marks as shown."""

    what: str
    size: tuple[int, int]
    readability: measure.Readability
    marks: int


def measured(what: str, draw: Any) -> Measured:
    with measure.recording() as marks:
        data = draw()
    width, height = Image.open(io.BytesIO(data)).size
    return Measured(what, (width, height), measure.readability(marks, width), len(marks))


def pictures_of_game(spec: GameSpec, players: int, lang: str = "fr", seed: int = 0) -> list[Measured]:
    """The table (public view) and every seat's hand at each late state of a seeded game."""
    pictures = pictures_of(spec.kind)
    names = [NAMES[seat % len(NAMES)] for seat in range(players)]
    found: list[Measured] = []
    for engine, state in moments(spec, players, seed, late=True):
        phase = engine.phase(state)
        public = engine.public_view(state)
        found.append(measured(f"{phase} table", lambda public=public: pictures.table(public, names, lang)))
        for seat in range(players):
            view = engine.view(state, seat)
            found.append(measured(f"{phase} hand {seat}", lambda view=view: pictures.hand(view, lang)))
    return found


def smallest(found: list[Measured], kind: str) -> tuple[measure.Readability, tuple[int, int]]:
    """The smallest phone and desktop figures over the pictures of one kind ("table" or "hand")."""
    chosen = [m for m in found if f" {kind}" in m.what]
    phone = min(chosen, key=lambda m: m.readability.phone_min)
    desktop = min(chosen, key=lambda m: m.readability.desktop_min)
    figures = measure.Readability(
        phone.readability.phone_min,
        phone.readability.phone_text,
        desktop.readability.desktop_min,
        desktop.readability.desktop_text,
    )
    return figures, phone.size


def main() -> None:
    print(f"phone {measure.PHONE_WIDTH} px, desktop {measure.DESKTOP_WIDTH} px")
    for spec in GAMES:
        players = max(sizes(spec))
        found = pictures_of_game(spec, players)
        for kind in ("table", "hand"):
            figures, _size = smallest(found, kind)
            chosen = [m for m in found if f" {kind}" in m.what]
            floor = min(chosen, key=lambda m: m.readability.phone_floor).readability
            sizes_seen = sorted({m.size for m in chosen})
            print(
                f"{spec.kind:<11} {players}p {kind:<5} phone {figures.phone_min:>5.1f} px ({figures.phone_text!r:.24})"
                f"  any {floor.phone_floor:>5.1f} px ({floor.floor_text!r:.24})"
                f"  desktop {figures.desktop_min:>5.1f} px ({figures.desktop_text!r:.24})  sizes {sizes_seen[:4]}"
                f"{' ...' if len(sizes_seen) > 4 else ''} ({len(sizes_seen)})"
            )


if __name__ == "__main__":
    main()
