"""Triominos pictures: the shared table (from the public view only), a player's tiles, and the private panel's
picture on a turn (the board with the spots lettered over the whole hand). Every word comes from the catalog;
every rule-given fact (the corners of the laid tiles, who started and why, the playable tiles, the placements)
from the engine's views. Names, scores, counts and the last placement's points are the messages' text."""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence

from bot.games.triominos_views import Placement
from bot.games.triominos_views import TriominosSeatView
from bot.games.triominos_views import TriominosTableView
from bot.texts.triominos import tile_letters
from renders import png
from renders.triominos.board import table_image
from renders.triominos.hand import hand_image
from renders.triominos.hand import rows_for
from renders.triominos.panel import turn_image
from renders.triominos.tiles import letter_label


def render_table(view: TriominosTableView | TriominosSeatView, names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes; only the public body is read, so a seat's view shows no hand either."""
    return png.encode_png(table_image(view.table, names, locale))


def render_turn(
    view: TriominosSeatView,
    names: Sequence[str],
    locale: str,
    spots: Sequence[Placement],
    focus: str | None = None,
) -> bytes:
    """The panel's picture on the seat's turn: the board with ``spots`` lettered (each space with its letter for
    the whole turn), over the hand, each tile with the letters of its spots or greyed; ``focus`` is the chosen
    tile, alone lit."""
    return png.encode_png(turn_image(view, names, locale, spots, focus))


def render_hand(view: TriominosSeatView, locale: str, *, mark: bool) -> bytes:
    """A player's tiles as PNG bytes; with ``mark``, the tiles that fit lit with their spots' letters and the
    others greyed."""
    return png.encode_png(hand_image(view, locale, mark=mark))


class TriominosPictures:
    """The pictures the registry names: the hand marks the playable tiles whenever the seat has a move."""

    def table(self, view: TriominosTableView | TriominosSeatView, names: Sequence[str], locale: str) -> bytes:
        return render_table(view, names, locale)

    def hand(self, view: TriominosSeatView, locale: str) -> bytes:
        return render_hand(view, locale, mark=bool(view.legal))

    def hand_key(self, view: TriominosSeatView) -> Hashable:
        """What the hand draws: its rows (from the table's size and the hand's), and each tile's numbers, value,
        letters and mark (lit or greyed when the seat has a move, plain otherwise).

        Left out: the seat, the version and events, the table (its board, scores and pool are the table
        picture's and the text's), the tiles' ids and the placements beyond the letters of each tile's spots, and
        the legal moves beyond whether there is one (they are the buttons')."""
        mark = bool(view.legal)
        rows = rows_for(len(view.table.players), len(view.own.hand))
        letters = tile_letters(view.own.placements) if mark else {}
        tiles = tuple((face.numbers, face.value, letters.get(face.code, ())) for face in view.own.hand)
        return (rows, mark, tiles)


PICTURES = TriominosPictures()

__all__ = ["PICTURES", "letter_label", "render_hand", "render_table", "render_turn"]
