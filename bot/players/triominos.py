"""The Triominos computer player: decides from one seat's view only (its hand plus the public layout).

It lays the placement that scores most (so bonuses first). Among equal scores it lays the tile that would be hardest
to place later, the one whose numbers are rarest on the open corners of the layout, keeping the flexible tiles for the
next turns; then the heavier tile, which would cost most in hand at the end of the round. It draws only when it
cannot place, and passes only when it may do nothing else.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.triominos import GAME
from bot.games.triominos import NUMS
from bot.games.triominos import VALUE
from bot.games.triominos import Laid
from bot.games.triominos import Layout
from bot.games.triominos import TriominosState
from bot.games.triominos import corners_of
from bot.games.triominos import score_placement
from bot.games.triominos import vertices
from bot.games.triominos_views import TriominosSeatView
from bot.players.hints import Hint
from bot.players.strength import Figure
from bot.players.strength import timing_line


class TriominosPlayer:
    """The computer player of the registry: it sees what its seat sees, nothing more."""

    def act(self, state: TriominosState, seat: int, rng: random.Random) -> Action:
        """A legal move for ``seat``, chosen from its own view."""
        return choose(GAME.view(state, seat), rng)

    def interrupt(self, state: TriominosState, seat: int, rng: random.Random) -> Action | None:
        """Triominos has no moves out of turn."""
        return None

    def hint(self, state: TriominosState, seat: int, rng: random.Random) -> Hint:
        """What ``act`` plays for ``seat`` with ``rng``, and why: its points (the table's own scoring) against the
        other placements, or why it cannot place."""
        view = GAME.view(state, seat)
        action = choose(view, rng)
        if action.kind != "place":
            return Hint.of(action, "hint.tri.draw" if action.kind == "draw" else "hint.tri.pass")
        places = [a for a in view.legal if a.kind == "place"]
        points = {a: score_placement(state, a)[0] for a in places}
        best = max(points.values())
        if points[action] == best:
            return Hint.of(action, "hint.tri.best", points[action])
        return Hint.of(action, "hint.tri.keep", points[action])


def open_numbers(layout: Layout) -> Counter[int]:
    """How often each number shows on the corners of the empty spaces next to the layout."""
    seen: Counter[int] = Counter()
    for space in layout.frontier:
        for v in vertices(space):
            n = layout.numbers.get(v)
            if n is not None:
                seen[n] += 1
    return seen


def choose(view: TriominosSeatView, rng: random.Random) -> Action:
    """Pick one of the legal moves of the seat whose ``view`` is given.

    Placements are weighed with the standard scoring, whatever the table's options.
    """
    legal = view.legal
    if not legal:
        raise ValueError("no legal action")
    places = [a for a in legal if a.kind == "place"]
    if not places:
        kinds = {a.kind: a for a in legal}
        return kinds.get("draw") or kinds.get("pass") or legal[0]
    layout = Layout.from_board(view.table.board)
    freq = open_numbers(layout)
    hand = list(view.own.codes)

    def key(action: Action) -> tuple[float, int, int]:
        tile = action.text("tile")
        points, _ = score_placement(layout, action)
        flex = sum(freq[n] for n in set(NUMS[tile]))
        return (points + KEEP * _playable_after(layout, hand, action), -flex, VALUE[tile])

    keys = {a: key(a) for a in places}
    best = max(keys.values())
    top = [a for a in places if keys[a] == best]
    return top[0] if len(top) == 1 else rng.choice(top)


KEEP = 6.0
"""Points a tile still playable after the move is worth (it saves a draw at -5 and is laid next turn)."""


def _playable_after(layout: Layout, hand: list[str], action: Action) -> int:
    """How many tiles left in ``hand`` could be laid on the layout after ``action``."""
    tile = action.text("tile")
    after = layout.copy()
    rot = action.number("rot")
    after.add((action.number("r"), action.number("c")), Laid(tile, rot, corners_of(tile, rot), 0, 0))
    rest = list(hand)
    if tile in rest:
        rest.remove(tile)
    return sum(1 for t in rest if after.any_placement([t]))


def _play_round(seed: int, computer: int) -> tuple[int, int]:
    """One two-player round, the computer at seat ``computer``: the computer's score and the other's."""
    state = GAME.setup(2, {"rounds": 1, "target": 2000}, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = PLAYER.act(state, seat, rng) if seat == computer else rng.choice(legal)
        number += 1
        GAME.apply(state, seat, action, action_rng(seed, number))
    return state.scores[computer], state.scores[1 - computer]


def bench_win_rate(rounds: int, seed: int = 0) -> float:
    """The computer player's win rate (ties count half) against a random legal player over two-player rounds."""
    wins = 0.0
    for k in range(rounds):
        mine, theirs = _play_round(seed * 1_000_003 + k, k % 2)
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return wins / rounds if rounds else 0.0


def bench_legal_actions(samples: int = 50, seed: int = 0) -> list[float]:
    """Milliseconds per ``legal_actions`` call on crowded tables: six players, 30 tiles or more laid."""
    out: list[float] = []
    game = 0
    while len(out) < samples and game < 50 * samples:
        game += 1
        base = seed * 100_003 + game
        state = GAME.setup(6, {"rounds": 1, "target": 2000}, action_rng(base, 0))
        rng = random.Random(base)
        number = 0
        while not GAME.is_over(state) and len(out) < samples:
            (seat,) = GAME.to_act(state)
            start = time.perf_counter()
            GAME.legal_actions(state, seat)
            if len(state.layout.cells) >= 30:
                out.append((time.perf_counter() - start) * 1000)
            action = choose(GAME.view(state, seat), rng)
            number += 1
            GAME.apply(state, seat, action, action_rng(base, number))
    return out


PLAYER = TriominosPlayer()


def strength() -> list[Figure]:
    """``make bench``: legal moves on crowded tables, and the computer against a random player over 1000 rounds."""
    rate = bench_win_rate(1000)
    return [
        timing_line("legal_actions on a crowded table", bench_legal_actions(), 20),
        Figure(f"computer vs random player, 1000 two-player rounds: wins {rate:.1%} (target > 70 %)", rate > 0.70),
    ]
