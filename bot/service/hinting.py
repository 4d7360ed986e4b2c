"""A hint for a person's seat: what the computer player would play now, and why, in words.

The same for the Discord panel's button and the Activity's page: the table must allow hints, the asker must see the
game as it is (``version``), and their seat must have a move to make; the game is marked as hinted (once), so that it
is not rated.
"""

from __future__ import annotations

from bot.games.base import NotYourTurn
from bot.i18n import plural
from bot.i18n import t
from bot.players.hints import Hint
from bot.players.hints import Hinting
from bot.players.hints import hint_rng
from bot.registry import player_of
from bot.registry import texts_of
from bot.service.table_settings import HINTED
from bot.service.table_settings import setting
from bot.service.tables import TableError
from bot.service.tables import TableService


def reason_text(hint: Hint, lang: str) -> str:
    """A hint's reason in words: its plural entry counted, or its plain entry."""
    params = dict(hint.params)
    if hint.count is None:
        return t(lang, hint.reason, **params)
    return plural(lang, hint.reason, hint.count, **params)


async def seat_hint(tables: TableService, game_id: int, user_id: int, version: int, lang: str) -> tuple[str, str]:
    """The hinted move's label and its reason, in ``lang``, for ``user_id``'s seat at ``version``.

    Refused, changing nothing, when the table does not allow hints, the asker saw an earlier moment, or the seat has
    no move to make now.
    """
    row = await tables.game_row(game_id)
    seat = row.seat_of(user_id)
    if seat is None:
        raise TableError("not_seated")
    if not setting(row, "hints"):
        raise TableError("hints_off")
    async with tables.locked(game_id) as live:
        if live.row.status != "running" or live.engine.is_over(live.state):
            raise TableError("game_over")
        if live.n != version:
            raise TableError("stale_button")
        if seat not in live.engine.to_act(live.state) or not live.engine.legal_actions(live.state, seat):
            raise NotYourTurn()
        player = player_of(live.row.kind)
        if not isinstance(player, Hinting):
            raise TableError("hints_off")
        hint = player.hint(live.state, seat, hint_rng(game_id, live.n, seat))
        view = live.engine.view(live.state, seat)
        names = [s.name for s in live.row.seats]
        if not live.row.settings.get(HINTED):
            settings = {**live.row.settings, HINTED: True}
            await tables.store.update_game(game_id, settings=settings)
            live.row.settings = settings
    label = texts_of(live.row.kind).action_label(hint.action, view, lang, names)
    return label, reason_text(hint, lang)
