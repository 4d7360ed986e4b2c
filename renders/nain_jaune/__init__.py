"""Nain Jaune pictures: the shared table (from the public view only) and a player's private hand.

Both are drawn for Discord's phone preview (265 px wide): few, large pieces, and no word that the message's text
can carry (names, counts, tokens, whose turn it is). The table's size never changes, a hand's is set by the number
of players. Every word comes from the catalog, every rule-given fact (the wanted rank, the boxes waiting for a
claim, the playable cards) from the engine's views.
"""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence

from bot.games.nain_jaune_views import NainJauneSeatView
from bot.games.nain_jaune_views import NainJauneTableView
from renders import png
from renders.nain_jaune.hand import hand_grid
from renders.nain_jaune.hand import hand_image
from renders.nain_jaune.hand import hand_key
from renders.nain_jaune.table import WIDTH
from renders.nain_jaune.table import table_height
from renders.nain_jaune.table import table_image

__all__ = [
    "PICTURES",
    "WIDTH",
    "NainJaunePictures",
    "hand_grid",
    "hand_image",
    "hand_key",
    "table_height",
    "table_image",
]


class NainJaunePictures:
    """The game's pictures as PNG bytes (``bot.registry.Pictures``), drawn from the engine's views only."""

    def table(self, view: NainJauneTableView | NainJauneSeatView, names: Sequence[str], locale: str) -> bytes:
        """The shared table; only the public body is read, so a seat's view shows no hand either."""
        return png.encode_png(table_image(view, names, locale))

    def hand(self, view: NainJauneSeatView, locale: str) -> bytes:
        """A player's hand, its playable cards marked on its turn."""
        return png.encode_png(hand_image(view, locale))

    def hand_key(self, view: NainJauneSeatView) -> Hashable:
        """What the hand picture draws of ``view`` (see ``hand.hand_key``): the version, the events, the legal moves
        and what only the table shows are left out, so a hand is not drawn again when only they change."""
        return hand_key(view)


PICTURES = NainJaunePictures()
