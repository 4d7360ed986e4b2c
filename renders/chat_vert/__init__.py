"""Le Chat vert's pictures: the shared table (from the public view only) and a player's private hand (from that
seat's view). ``PICTURES`` is what the registry names; the drawing is split by what it draws: the pieces
(``cards``), the table (``table``) and the hand (``hand``)."""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence

from bot.games.chat_vert.views import ChatVertSeatView
from bot.games.chat_vert.views import ChatVertTableView
from renders import png
from renders.chat_vert.cards import card_back
from renders.chat_vert.cards import card_face
from renders.chat_vert.cards import colour_letter
from renders.chat_vert.cards import parse_card
from renders.chat_vert.hand import hand_image
from renders.chat_vert.hand import hand_key
from renders.chat_vert.table import table_image

__all__ = ["PICTURES", "ChatVertPictures", "card_back", "card_face", "colour_letter", "parse_card"]


class ChatVertPictures:
    """The table and the hand as PNG bytes."""

    def table(self, view: ChatVertTableView, names: Sequence[str], locale: str) -> bytes:
        """The shared table: nothing of the added rules is drawn (the message's text counts them)."""
        return png.encode_png(table_image(view.table, names, locale))

    def hand(self, view: ChatVertSeatView, locale: str) -> bytes:
        """A seat's hand, equal cards under one number; while it is to play, the cards the base rules allow are
        raised and the others dimmed."""
        return png.encode_png(hand_image(view, locale))

    def hand_key(self, view: ChatVertSeatView) -> Hashable:
        """What of the seat's view its hand picture draws (see ``renders.chat_vert.hand.hand_key``): equal keys
        draw the same hand in a language, so the hand is not drawn again when only the rest of the view changed."""
        return hand_key(view)


PICTURES = ChatVertPictures()
