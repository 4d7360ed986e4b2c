"""Triominos in words: narration of placements and draws, the table summary, milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import as_seat
from bot.games.base import as_text
from bot.games.triominos_views import TriominosSeatView
from bot.games.triominos_views import TriominosTableView
from bot.i18n import plural
from bot.i18n import t
from bot.texts import Narrator
from bot.texts import seat_name

KIND = "triominos"


def bonus_name(bonus: str | None, locale: str) -> str | None:
    """The bonus in words ("pont", "hexagone"...), None without a bonus."""
    return t(locale, f"tri.bonus.{bonus}") if bonus else None


def _draws(value: JSONValue) -> list[tuple[int | None, str]]:
    """The ``[seat, tile]`` pairs of a ``start_draw`` event."""
    pairs = value if isinstance(value, list | tuple) else []
    return [(as_seat(pair[0]), as_text(pair[1])) for pair in pairs if isinstance(pair, list | tuple) and len(pair) == 2]


class TriominosTexts(Narrator):
    """The words of Triominos, for the shared channel messages, panels and logs (``bot.registry.GameTexts``)."""

    def tell(self, k: str, event: Event, who: str, names: Sequence[str], locale: str) -> str | None:
        if event.private_to is not None:
            return None
        if k == "place":
            tile, points = event.text("tile"), event.number("points")
            bonus = bonus_name(event.text("bonus") or None, locale)
            if bonus:
                return t(locale, "tri.ev.place_bonus", name=who, tile=tile, points=points, bonus=bonus)
            return t(locale, "tri.ev.place", name=who, tile=tile, points=points)
        if k in ("draw", "turn_passed", "pass", "out"):
            return t(locale, f"tri.ev.{k}", name=who)
        if k == "start_draw":
            draws = ", ".join(f"{seat_name(names, seat)} {tile}" for seat, tile in _draws(event.data.get("draws")))
            return t(locale, "tri.ev.start_draw", draws=draws, name=seat_name(names, event.seat_at("starter")))
        if k == "deal":
            return t(
                locale, "tri.ev.deal", round=event.number("round"), name=seat_name(names, event.seat_at("starter"))
            )
        if k == "round_end":
            key = "tri.ev.round_end.blocked" if event.text("reason") == "blocked" else "tri.ev.round_end.out"
            winner = seat_name(names, event.seat_at("winner"))
            scored = plural(locale, "unit.points", event.number("points"))
            return t(locale, key, round=event.number("round"), name=winner, scored=scored)
        if k == "game_end":
            return t(locale, "tri.ev.game_end")
        return None

    def summary(self, public: TriominosTableView, names: Sequence[str], locale: str) -> list[str]:
        table = public.table
        first = t(locale, "tri.summary.round", round=table.round, target=table.target, pool=table.pool)
        if public.over:
            return [first, t(locale, "tri.summary.over")]
        who = ", ".join(seat_name(names, s) for s in sorted(public.to_act))
        second = (
            plural(locale, "tri.summary.turn_draws", table.draws, name=who)
            if table.draws
            else t(locale, "tri.summary.turn", name=who)
        )
        if table.bell:
            second += " · " + t(locale, "tri.summary.bell")
        return [first, second]

    def action_label(
        self, action: Action, view: TriominosTableView | TriominosSeatView, locale: str, names: Sequence[str]
    ) -> str:
        if action.kind in ("draw", "pass"):
            return t(locale, f"tri.action.{action.kind}")
        if action.kind == "place":
            where = f"({action.number('r')}, {action.number('c')})"
            return f"{action.text('tile')} {where} ↻{action.number('rot') * 120}°"
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """A new round after the first, the end of a round with its scores (bridges and hexagons stay in the
        recent moves)."""
        return self.round_milestones(events, names, locale, "🔺", "tri.score_line")


TEXTS = TriominosTexts(KIND, "unit.points")
