"""Triominos in words: narration of placements and draws, the table summary, milestone messages."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action, Event, JSONValue
from bot.i18n import t
from bot.texts import register, seat_name

KIND = "triominos"


def bonus_name(bonus: JSONValue, locale: str) -> str | None:
    return t(locale, f"tri.bonus.{bonus}") if bonus else None


class TriominosTexts:
    kind = KIND
    score_unit_key = "unit.points"

    def narrate(self, event: Event, names: Sequence[str], locale: str) -> str | None:
        d = event.data
        who = seat_name(names, event.seat)
        k = event.kind
        if event.private_to is not None:
            return None
        if k == "place":
            bonus = bonus_name(d.get("bonus"), locale)
            if bonus:
                return t(locale, "tri.ev.place_bonus", name=who, tile=d["tile"], points=d["points"], bonus=bonus)
            return t(locale, "tri.ev.place", name=who, tile=d["tile"], points=d["points"])
        if k in ("draw", "turn_passed", "pass", "out"):
            return t(locale, f"tri.ev.{k}", name=who)
        if k == "start_draw":
            draws = ", ".join(f"{seat_name(names, seat)} {tile}" for seat, tile in d.get("draws") or [])
            return t(locale, "tri.ev.start_draw", draws=draws, name=seat_name(names, d.get("starter")))
        if k == "deal":
            return t(locale, "tri.ev.deal", round=d["round"], name=seat_name(names, d.get("starter")))
        if k == "round_end":
            key = "tri.ev.round_end.blocked" if d.get("reason") == "blocked" else "tri.ev.round_end.out"
            return t(locale, key, round=d["round"], name=seat_name(names, d.get("winner")), points=d.get("points"))
        if k == "game_end":
            return t(locale, "tri.ev.game_end")
        return None

    def summary(self, public: dict[str, JSONValue], names: Sequence[str], locale: str) -> list[str]:
        first = t(locale, "tri.summary.round", round=public["round"], target=public["target"], pool=public["pool"])
        if public.get("over"):
            return [first, t(locale, "tri.summary.over")]
        to_act = public.get("to_act") or []
        who = ", ".join(seat_name(names, s) for s in to_act)
        draws = int(public.get("draws") or 0)
        second = (
            t(locale, "tri.summary.turn_draws", name=who, draws=draws)
            if draws
            else t(locale, "tri.summary.turn", name=who)
        )
        if public.get("bell"):
            second += " · " + t(locale, "tri.summary.bell")
        return [first, second]

    def action_label(self, action: Action, view: dict[str, JSONValue], locale: str, names: Sequence[str]) -> str:
        if action.kind in ("draw", "pass"):
            return t(locale, f"tri.action.{action.kind}")
        if action.kind == "place":
            return f"{action['tile']} ({action['r']}, {action['c']})"
        return action.kind

    def milestones(self, events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
        """A new round, a bridge or a hexagon, the end of a round with its scores."""
        out: list[str] = []
        for event in events:
            if event.private_to is not None:
                continue
            line = self.narrate(event, names, locale)
            if not line:
                continue
            if event.kind == "deal":
                out.append(f"🔺 **{line}**")
            elif event.kind == "place" and event.data.get("bonus"):
                out.append(f"✨ **{line}**")
            elif event.kind == "round_end":
                scores = event.data.get("scores") or []
                lines = [f"**{line}**"]
                lines += [t(locale, "tri.score_line", name=seat_name(names, s), score=v) for s, v in enumerate(scores)]
                out.append("\n".join(lines))
        return out


TEXTS = register(TriominosTexts())
