"""Triominos in words: narration of placements and draws, the table summary, the pictures described for a screen
reader, milestone messages, and the letters that name the spots where a tile fits (shared by the pictures, the
panel's lists and the descriptions)."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence

from bot.games.base import Action
from bot.games.base import Event
from bot.games.base import JSONValue
from bot.games.base import as_seat
from bot.games.base import as_text
from bot.games.triominos_views import Placement
from bot.games.triominos_views import PlayerView
from bot.games.triominos_views import TriominosSeatView
from bot.games.triominos_views import TriominosTable
from bot.games.triominos_views import TriominosTableView
from bot.i18n import plural
from bot.i18n import t
from bot.texts import Narrator
from bot.texts import fit_alt
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
        """The round, the target, the pool and the rules in force; whose turn it is (with the tiles drawn and the
        bell); then one line per player with the score and the tiles in hand, the seat to act marked. Once the game
        is over, the final scores best first. The picture shows the board alone."""
        table = public.table
        first = _round_line(table, locale)
        if public.over:
            ranking = sorted(table.players, key=lambda p: (p.rank, p.seat))
            scores = ", ".join(
                t(
                    locale,
                    "tri.summary.ranked",
                    rank=p.rank,
                    name=seat_name(names, p.seat),
                    score=_points(p.score, locale),
                )
                for p in ranking
            )
            return [first, t(locale, "tri.summary.final", scores=scores)]
        who = ", ".join(seat_name(names, s) for s in sorted(public.to_act))
        second = (
            plural(locale, "tri.summary.turn_draws", table.draws, name=who)
            if table.draws
            else t(locale, "tri.summary.turn", name=who)
        )
        if table.out is not None:
            second += " · " + t(locale, "tri.summary.out", name=seat_name(names, table.out))
        elif table.bell:
            second += " · " + t(locale, "tri.summary.bell")
        return [first, second, *(_player_line(p, names, locale) for p in table.players)]

    def describe_table(self, public: TriominosTableView, names: Sequence[str], locale: str) -> str:
        """The table picture in words: the starting draw while the board is empty, else how many tiles lie on it
        and the last one laid (by whom, for how many points and which bonus); whose turn it is, the scores and
        tiles in hand, and the pool."""
        table = public.table
        parts: list[str] = []
        if not table.board:
            draws = ", ".join(
                t(locale, "tri.alt.drawn", name=seat_name(names, d.seat), tile=d.tile.code, value=d.tile.value)
                for d in table.start_draws
            )
            starter = seat_name(names, table.starter)
            if draws:
                parts.append(t(locale, "tri.alt.start_draw", draws=draws, name=starter))
            else:
                parts.append(t(locale, "tri.alt.empty", name=starter))
        else:
            parts.append(plural(locale, "tri.alt.board", len(table.board)))
            last = table.last
            if last is not None:
                named = bonus_name(last.bonus, locale)
                key = "tri.alt.last_bonus" if named else "tri.alt.last"
                points = plural(locale, "unit.points", last.points)
                who = seat_name(names, last.seat)
                parts.append(t(locale, key, tile=last.tile.code, name=who, points=points, bonus=named or ""))
        if public.over:
            parts.append(t(locale, "tri.summary.over"))
        elif table.current is not None:
            parts.append(t(locale, "tri.alt.turn", name=seat_name(names, table.current)))
        scores = ", ".join(_score_words(p, names, locale) for p in table.players)
        parts.append(t(locale, "tri.alt.scores", scores=scores))
        parts.append(plural(locale, "tri.alt.pool", table.pool))
        return fit_alt(" ".join(parts))

    def describe_hand(self, view: TriominosSeatView, names: Sequence[str], locale: str) -> str:
        """The hand in words: every tile and the total; on the seat's turn, the spots lettered on the panel's table,
        where each tile fits, and those that fit nowhere."""
        own = view.own
        if not own.hand:
            return t(locale, "tri.alt.no_tiles")
        codes = [face.code for face in own.hand]
        parts = [plural(locale, "tri.alt.hand", len(codes), total=own.total, tiles=", ".join(codes))]
        if own.my_turn:
            fits = tile_letters(own.placements)
            if fits:
                spots = list(space_letters(own.placements).values())
                parts.append(plural(locale, "tri.alt.spots", len(spots), letters=", ".join(spots)))
            parts += [
                t(locale, "tri.alt.fits", tile=c, letters=_joined(fits[c], "tri.alt.or", locale))
                for c in codes
                if c in fits
            ]
            nowhere = [code for code in codes if code not in fits]
            if nowhere:
                parts.append(
                    plural(locale, "tri.alt.nowhere", len(nowhere), tiles=_joined(nowhere, "tri.alt.and", locale))
                )
        return fit_alt(" ".join(parts))

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

Space = tuple[int, int]


def letter_label(index: int) -> str:
    """A, B, ... Z, AA, AB...: the letter of the ``index``-th spot (0-based)."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(65 + rest) + label
    return label


def ranked(placements: Iterable[Placement]) -> list[Placement]:
    """The placements best score first (the engine's order among equals): the order of the panel's lists."""
    return sorted(placements, key=lambda p: -p.points)


def space_letters(placements: Iterable[Placement]) -> dict[Space, str]:
    """The letter of every space where a tile of the hand fits: A for the space of the best placement, then on in
    the order of the placements best first. The letters are those of all the seat's placements, so that a space
    keeps its letter in every list, page and picture of the turn."""
    letters: dict[Space, str] = {}
    for placement in ranked(placements):
        letters.setdefault((placement.r, placement.c), letter_label(len(letters)))
    return letters


def tile_letters(placements: Sequence[Placement]) -> dict[str, tuple[str, ...]]:
    """The letters of the spaces where each tile fits, in the letters' order; a tile that fits nowhere is absent."""
    letters = space_letters(placements)
    rank = {letter: i for i, letter in enumerate(letters.values())}
    found: dict[str, set[str]] = {}
    for placement in placements:
        found.setdefault(placement.tile, set()).add(letters[(placement.r, placement.c)])
    return {tile: tuple(sorted(spots, key=rank.__getitem__)) for tile, spots in found.items()}


def _joined(items: Sequence[str], key: str, locale: str) -> str:
    """ "A", "A or C", "A, C or F" (``key`` says "or" or "and")."""
    if len(items) == 1:
        return items[0]
    return t(locale, key, first=", ".join(items[:-1]), last=items[-1])


def _round_line(table: TriominosTable, locale: str) -> str:
    """The round (of how many), the target, the pool, and the rules in force beside the standard ones."""
    pool = plural(locale, "tri.summary.pool", table.pool)
    if table.rounds:
        line = t(locale, "tri.summary.round_of", round=table.round, rounds=table.rounds, target=table.target, pool=pool)
    else:
        line = t(locale, "tri.summary.round", round=table.round, target=table.target, pool=pool)
    rules = [t(locale, f"option.{name}") for name in ("kids_scoring", "classic_start") if getattr(table, name)]
    return " · ".join([line, *rules])


def _points(score: int, locale: str) -> str:
    """A score in points, a negative one in the plural of its size ("-6 points")."""
    return plural(locale, "unit.points", abs(score), n=score)


def _player_line(player: PlayerView, names: Sequence[str], locale: str) -> str:
    """A player's score and tiles in hand, the seat to act marked."""
    key = "tri.summary.player.turn" if player.acting else "tri.summary.player"
    tiles = plural(locale, "tri.summary.tiles", player.tiles)
    score = _points(player.score, locale)
    return t(locale, key, name=seat_name(names, player.seat), score=score, tiles=tiles)


def _score_words(player: PlayerView, names: Sequence[str], locale: str) -> str:
    """ "Zoé, 37 points, 1 tile": a player in a sentence's list."""
    tiles = plural(locale, "tri.summary.tiles", player.tiles)
    score = _points(player.score, locale)
    return t(locale, "tri.alt.player", name=seat_name(names, player.seat), score=score, tiles=tiles)
