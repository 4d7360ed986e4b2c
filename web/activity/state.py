"""What a player's page shows, in their language: the channel's table as its lobby, its game or its end, their own
seat's moves, and the refusals and hints they get.

Pure functions of a game's row and snapshot, and of who asks: a seat's hand, legal moves and private events go to
that seat's page only (``game_state`` reads ``snapshot.views[seat]`` for the asker's own seat and nobody else's).
"""

from __future__ import annotations

from typing import Any

from bot.games.base import BoolOption
from bot.games.base import Event
from bot.games.base import GameError
from bot.games.base import IntOption
from bot.games.base import JSONValue
from bot.games.base import Offered
from bot.games.base import offered_options
from bot.i18n import plural
from bot.i18n import t
from bot.registry import KINDS
from bot.registry import engine_of
from bot.registry import spec_of
from bot.registry import texts_of
from bot.service.hinting import seat_hint
from bot.service.live import UNDO
from bot.service.table_settings import setting
from bot.service.tables import Snapshot
from bot.service.tables import TableService
from bot.store import GameRow
from bot.texts import error_text
from bot.texts import narrate
from bot.texts import ranking_lines
from web.activity.controls import sections
from web.views import plain

MOVES_SHOWN = 8
LOBBY_BUTTONS = ("join", "leave", "bot", "start", "cancel")
LOBBY_OPS = ("join", "leave", "bot", "start", "cancel", "option")


def words(lang: str) -> dict[str, str]:
    """The page's own words (headings, buttons), sent with every state."""
    return {
        "table": t(lang, "activity.table"),
        "hand": t(lang, "activity.hand"),
        "moves": t(lang, "activity.moves"),
        "no_moves": t(lang, "activity.no_moves"),
        "scores": t(lang, "activity.scores"),
        "open": t(lang, "activity.open"),
        "back": t(lang, "activity.back"),
        "confirm": t(lang, "activity.confirm"),
        "lost": t(lang, "activity.lost"),
        "spectator": t(lang, "activity.spectator"),
    }


def refusal(error: GameError, lang: str, kind: str | None = None) -> str:
    """A refusal in words, as the bot says it on Discord (``bot.texts.error_text``), without Discord's marks."""
    return plain(error_text(error, lang, kind))


def names_of(row: GameRow) -> list[str]:
    return [seat.name for seat in row.seats]


def kinds_data(lang: str) -> list[dict[str, str]]:
    """The games a table may be opened for, by name."""
    return [{"kind": kind, "label": t(lang, spec_of(kind).title_key)} for kind in KINDS]


def no_table(lang: str) -> dict[str, Any]:
    title = t(lang, "activity.no_table")
    return {"op": "state", "view": "none", "title": title, "kinds": kinds_data(lang), "words": words(lang)}


def option_data(spec: Offered, value: JSONValue, lang: str) -> dict[str, Any]:
    """An option the host may change in the lobby, as the lobby's menus offer it: a number within its bounds, yes or
    no, or one of its named values (the table service checks the value chosen)."""
    data: dict[str, Any] = {"name": spec.name, "label": t(lang, f"option.{spec.name}"), "value": value}
    if isinstance(spec, IntOption):
        data.update(type="int", min=spec.min, max=spec.max)
    elif isinstance(spec, BoolOption):
        data.update(type="bool", choices=[{"value": v, "label": t(lang, f"common.{w}")} for v, w in YES_NO])
    else:
        choices = [{"value": c, "label": t(lang, f"option.{spec.name}.{c}")} for c in spec.choices]
        data.update(type="choice", choices=choices)
    return data


YES_NO = ((True, "yes"), (False, "no"))


def lobby_state(row: GameRow, user_id: int, lang: str) -> dict[str, Any]:
    """A lobby: who sits (the player marked), the options, and what this player may do (take a seat, leave, add a
    computer player, and for the host start or cancel), the same steps as the lobby's buttons."""
    engine = engine_of(row.kind)
    seated = row.seat_of(user_id) is not None
    full = len(row.seats) >= engine.max_players
    allowed = {
        "join": not seated and not full,
        "leave": seated,
        "bot": seated and not full,
        "start": user_id == row.host_id,
        "cancel": user_id == row.host_id,
    }
    options = []
    editable = []
    for spec in offered_options(engine):
        value = row.options.get(spec.name, spec.default)
        shown = t(lang, "common.yes" if value else "common.no") if isinstance(value, bool) else value
        options.append(t(lang, "lobby.option_line", option=t(lang, f"option.{spec.name}"), value=shown))
        if user_id == row.host_id:
            editable.append(option_data(spec, value, lang))
    return {
        "op": "state",
        "view": "lobby",
        "game": row.id,
        "title": t(lang, "lobby.title", game=t(lang, spec_of(row.kind).title_key)),
        "status": t(lang, "lobby.status.open", min=engine.min_players, max=engine.max_players),
        "seats_title": t(lang, "lobby.seats", n=len(row.seats), max=engine.max_players),
        "seats": [
            {"name": s.name, "bot": s.is_bot, "host": s.user_id == row.host_id, "me": s.user_id == user_id}
            for s in row.seats
        ],
        "options": options,
        "editable": editable,
        "set": t(lang, "activity.set"),
        "buttons": [{"op": op, "label": t(lang, f"lobby.button.{op}")} for op in LOBBY_BUTTONS if allowed[op]],
        "words": words(lang),
    }


def _lines(kind: str, events: tuple[Event, ...] | list[Event], names: list[str], lang: str) -> list[str]:
    return [plain(line) for e in events if (line := narrate(kind, e, names, lang))][-MOVES_SHOWN:]


def game_state(snapshot: Snapshot, user_id: int, lang: str) -> dict[str, Any]:
    """A game as one person sees it: the table for everyone, and for a seated player their own seat's turn, moves,
    undo and hint (a spectator gets the table only)."""
    row = snapshot.game
    names = names_of(row)
    texts = texts_of(row.kind)
    seat = row.seat_of(user_id)
    public = snapshot.public
    running = row.status == "running" and not snapshot.over
    if not running:
        turn = t(lang, "panel.over") if snapshot.over else t(lang, f"lobby.status.{row.status}")
    elif seat is not None and seat in snapshot.to_act:
        turn = t(lang, "panel.your_turn")
    else:
        waiting = ", ".join(names[s] for s in sorted(snapshot.to_act)) or "—"
        turn = t(lang, "panel.waiting", names=waiting)
    events = snapshot.views[seat].events if seat is not None else tuple(snapshot.recent)
    unit = texts.score_unit_key
    data: dict[str, Any] = {
        "op": "state",
        "view": "game",
        "game": row.id,
        "n": snapshot.n,
        "kind": row.kind,
        "title": t(lang, spec_of(row.kind).title_key),
        "running": running,
        "summary": [plain(line) for line in texts.summary(public, names, lang)],
        "turn": turn,
        "mine": running and seat is not None and seat in snapshot.to_act,
        "seated": seat is not None,
        "scores": [
            {"name": name, "score": plural(lang, unit, score), "turn": i in snapshot.to_act and running}
            for i, (name, score) in enumerate(zip(names, public.scores, strict=False))
        ],
        "moves": _lines(row.kind, events, names, lang),
        "table_alt": texts.describe_table(public, names, lang),
        "hand_alt": texts.describe_hand(snapshot.views[seat], names, lang) if seat is not None else "",
        "sections": sections(snapshot, seat, lang) if seat is not None and running else [],
        "undo": None,
        "hint": None,
        "results": [],
        "kinds": [] if running else kinds_data(lang),
        "words": words(lang),
    }
    if running and seat is not None and snapshot.undo_seat == seat:
        data["undo"] = {"label": t(lang, "flow.undo"), "move": UNDO_MOVE}
    if running and seat is not None and setting(row, "hints") and seat in snapshot.to_act and snapshot.legal.get(seat):
        data["hint"] = t(lang, "hint.button")
    if snapshot.results is not None:
        data["results"] = [plain(line) for line in ranking_lines(snapshot.results, names, lang, unit)]
    return data


UNDO_MOVE = f'{{"kind":"{UNDO}"}}'
"""Taking one's last move back: a move like any other, checked by the table service."""


async def hint_text(tables: TableService, game_id: int, user_id: int, version: int, lang: str) -> str:
    """What the computer player would play for this player's seat now, and why, as the Discord panel's hint says
    it (``bot.service.hinting``); the game is marked as hinted (so it is not rated)."""
    label, reason = await seat_hint(tables, game_id, user_id, version, lang)
    return plain(t(lang, "activity.hint", move=label, reason=reason))
