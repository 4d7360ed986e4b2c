"""Neurotrio pictures: the shared table (from the public view only), a player's hand and notebook, the legal cells
of one card. Every word comes from the catalog; every rule-derived fact (whose turn, ranks, which cells the limits
keep closed, which cards are playable, the VP of a cell) comes from the engine's views."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import Placement
from renders import kit
from renders.neurotrio.board import table_image
from renders.neurotrio.hand import hand_image


def render_table(view: NeurotrioTableView, names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes, from the public view and the seat names."""
    return kit.encode_png(table_image(view, names, locale))


def render_cells(
    view: NeurotrioTableView, names: Sequence[str], locale: str, card: str, cells: Sequence[Placement]
) -> bytes:
    """The table with every given legal cell for ``card`` as a translucent ghost with its name and the VP it scores."""
    return kit.encode_png(table_image(view, names, locale, card=card, cells=cells))


def render_hand(view: NeurotrioSeatView, locale: str, *, mark: bool) -> bytes:
    """A player's private picture as PNG bytes; with ``mark``, its playable cards lit and the others dimmed."""
    return kit.encode_png(hand_image(view, locale, mark=mark))


class NeurotrioPictures:
    """The pictures the registry names: the hand marks the playable cards whenever the seat has a move."""

    def table(self, view: NeurotrioTableView, names: Sequence[str], locale: str) -> bytes:
        return render_table(view, names, locale)

    def hand(self, view: NeurotrioSeatView, locale: str) -> bytes:
        return render_hand(view, locale, mark=bool(view.legal))


PICTURES = NeurotrioPictures()
