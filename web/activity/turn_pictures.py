"""The picture a player's page shows of their own seat on their turn, where the game draws one of its own: for
Triominos, the board with every space where a tile fits lettered, over the hand (the letters the page's spot
buttons carry). Every other moment shows the hand picture, as the Discord panel does."""

from __future__ import annotations

from bot.games.triominos_views import TriominosSeatView
from bot.pictures.workers import off_loop
from bot.service.tables import Snapshot
from bot.texts.triominos import ranked
from renders.triominos import render_turn


async def turn_picture(snapshot: Snapshot, seat: int, lang: str) -> bytes | None:
    """The turn's own picture of ``seat``, drawn off the event loop; None when its game has none now."""
    if snapshot.game.kind != "triominos" or snapshot.over or seat not in snapshot.to_act:
        return None
    view: TriominosSeatView = snapshot.views[seat]
    spots = ranked(view.own.placements)
    if not spots:
        return None
    names = [s.name for s in snapshot.game.seats]
    return await off_loop(render_turn, view, names, lang, spots)
