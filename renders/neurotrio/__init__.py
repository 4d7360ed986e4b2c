"""Neurotrio pictures: the shared table (from the public view only), a player's hand and notebook, the legal cells
of one card. Every word comes from the catalog; every rule-derived fact (whose turn, ranks, which cells the limits
keep closed, which cards are playable, the VP of a cell) comes from the engine's views."""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Sequence

from bot.games.neurotrio_views import NeurotrioOwn
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import Placement
from renders import png
from renders.neurotrio.board import table_image
from renders.neurotrio.board import warm_faces
from renders.neurotrio.hand import hand_image


def render_table(view: NeurotrioTableView, names: Sequence[str], locale: str) -> bytes:
    """The shared table as PNG bytes, from the public view and the seat names."""
    return png.encode_png(table_image(view, names, locale))


def render_cells(
    view: NeurotrioTableView, names: Sequence[str], locale: str, card: str, cells: Sequence[Placement]
) -> bytes:
    """The table with every given legal cell for ``card`` as a translucent ghost with its name and the VP it scores."""
    return png.encode_png(table_image(view, names, locale, card=card, cells=cells))


def render_hand(view: NeurotrioSeatView, locale: str, *, mark: bool) -> bytes:
    """A player's private picture as PNG bytes; with ``mark``, its playable cards lit and the others dimmed."""
    return png.encode_png(hand_image(view, locale, mark=mark))


class NeurotrioPictures:
    """The pictures the registry names: the hand marks the playable cards whenever the seat has a move."""

    def table(self, view: NeurotrioTableView, names: Sequence[str], locale: str) -> bytes:
        return render_table(view, names, locale)

    def hand(self, view: NeurotrioSeatView, locale: str) -> bytes:
        return render_hand(view, locale, mark=bool(view.legal))

    def warm_sizes(self) -> None:
        """Every card face at every size the grid's cells take (``board.warm_faces``)."""
        warm_faces()

    def hand_key(self, view: NeurotrioSeatView) -> Hashable:
        """What the hand picture draws of ``view``, in plain values: equal keys draw the same hand in a language.

        It keeps the seat (its colour), the number of players (the picture's size), the hand and the playable cards
        lit when the seat has a move, the notebook, the personal cartons left and the seat's own bids with their
        cells' names. It leaves out the ``version`` and ``events`` (never drawn), the rest of ``legal`` (only
        whether it is empty is drawn), the seat's VP and whose turn it is (the panel's words), the placements, the
        cost of a pass and the parts of a bid (the buttons use them), and the rest of the public table (the table
        picture draws it): the domain only shows here through the names of the cells bid on."""
        table, own = view.table, view.own
        playable = frozenset(own.playable) if view.legal else None
        bids = tuple((bid, table.cell_name(bid.r, bid.c)) for bid in own.my_bids)
        return ("neurotrio", view.seat, len(table.players), own.hand, playable, *_sets(own), bids)


def _sets(own: NeurotrioOwn) -> tuple[frozenset[str], frozenset[str]]:
    """The notebook and the cartons left, drawn whatever their order."""
    return frozenset(own.notebook), frozenset(own.cartons)


PICTURES = NeurotrioPictures()
