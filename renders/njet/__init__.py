"""Njet! pictures: the shared table (from the public view only), a player's hand and the score sheet.

The table adapts to the phase: the Njet board while the rules are being blocked, then the decided rules, the trick
and the last trick, the standings and the sheet; the teams' tally and the rules in full are in the message's words
(``bot.texts.njet``). Every word comes from the catalog; everything that follows from the rules (the turn, the
trick's winner, the teams' points) is read from the engine's views.
"""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence

from bot.games.njet_views import NjetSeatView
from bot.games.njet_views import NjetTableView
from renders import png
from renders.njet.hand import hand_image
from renders.njet.hand import hand_key
from renders.njet.sheet import sheet_image
from renders.njet.table import table_image


class NjetPictures:
    """The pictures of a Njet! table, as PNG bytes."""

    def table(self, view: NjetTableView, names: Sequence[str], locale: str) -> bytes:
        """The shared table; only the public view is read, so no hand can show."""
        return png.encode_png(table_image(view, names, locale))

    def hand(self, view: NjetSeatView, locale: str) -> bytes:
        """The seat's hand, its playable cards marked when it is to play."""
        return png.encode_png(hand_image(view, locale))

    def hand_key(self, view: NjetSeatView) -> Hashable:
        """What of the seat's view its hand picture draws (see ``renders.njet.hand.hand_key``)."""
        return hand_key(view)

    def sheet(self, view: NjetTableView, names: Sequence[str], locale: str) -> bytes:
        """The full score sheet (up to 16 rounds), tall enough for every round of the game."""
        return png.encode_png(sheet_image(view, names, locale))


PICTURES = NjetPictures()
