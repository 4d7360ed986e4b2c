"""Triominos pictures: the shared table (from the public view only), a player's tiles and the placements of one
tile. Every word comes from the catalog; every rule-given fact (the corners of the laid tiles, who started and
why, the ranks, the playable tiles, the points and bonus of each placement) from the engine's views."""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence

from bot.games.triominos_views import Placement
from bot.games.triominos_views import TileFace
from bot.games.triominos_views import TriominosSeatView
from bot.games.triominos_views import TriominosTableView
from renders import png
from renders.triominos.board import table_image
from renders.triominos.hand import hand_image
from renders.triominos.spots import spot_letters
from renders.triominos.tiles import letter_label


def render_table(view: TriominosTableView | TriominosSeatView, names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes; only the public body is read, so a seat's view shows no hand either."""
    return png.encode_png(table_image(view.table, names, locale))


def render_placements(
    view: TriominosTableView | TriominosSeatView,
    names: Sequence[str],
    locale: str,
    tile: TileFace | None,
    spots: Sequence[Placement],
    first: int = 0,
) -> bytes:
    """The table with the given placements as ghost tiles, one letter per space (``spot_letters``, from the
    ``first``-th letter: the page's start), the placed ``tile`` named in the header (None when the spots are of
    several tiles)."""
    return png.encode_png(table_image(view.table, names, locale, tile=tile, spots=spots, first=first))


def render_hand(view: TriominosSeatView, locale: str, *, mark: bool) -> bytes:
    """A player's tiles as PNG bytes; with ``mark``, the tiles that can be laid lit and the others dimmed."""
    return png.encode_png(hand_image(view, locale, mark=mark))


class TriominosPictures:
    """The pictures the registry names: the hand marks the playable tiles whenever the seat has a move."""

    def table(self, view: TriominosTableView | TriominosSeatView, names: Sequence[str], locale: str) -> bytes:
        return render_table(view, names, locale)

    def hand(self, view: TriominosSeatView, locale: str) -> bytes:
        return render_hand(view, locale, mark=bool(view.legal))

    def hand_key(self, view: TriominosSeatView) -> Hashable:
        """What the hand draws: the seat (its colour), the table's size (the picture's), the turn, the total, and
        each tile's numbers, value and mark (lit or dimmed when the seat has a move, plain otherwise).

        Left out: the version and events, the rest of the table (the board, the scores, the pool are the table
        picture's), the tiles' ids and the placements (only which tiles are playable shows) and the legal moves
        beyond whether there is one (they are the buttons')."""
        own = view.own
        mark = bool(view.legal)
        playable = frozenset(own.playable) if mark else frozenset()
        tiles = tuple((tile.numbers, tile.value, tile.code in playable) for tile in own.hand)
        return (view.seat, len(view.table.players), own.my_turn, own.total, mark, tiles)


PICTURES = TriominosPictures()

__all__ = ["PICTURES", "letter_label", "render_hand", "render_placements", "render_table", "spot_letters"]
