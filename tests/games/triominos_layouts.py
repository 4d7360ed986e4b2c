"""Triominos layouts the game and picture tests share: a layout given by the numbers at its vertices, and the
ones where a tile laid on (0, 0) closes a hexagon, two or three."""

from __future__ import annotations

from bot.games.triominos import vertices

Board = list[tuple[int, int, list[int]]]


def from_numbers(numbers: dict[tuple[int, int], int], spaces: list[tuple[int, int]]) -> Board:
    """A layout given by the number at each vertex: every listed space gets the numbers of its corners."""
    return [(r, c, [numbers[v] for v in vertices((r, c))]) for r, c in spaces]


# Numbers at the vertices around the space (0, 0); the listed spaces are laid, (0, 0) is left for the new tile.
HEXAGON = (
    {(-1, 0): 4, (0, -1): 0, (0, 1): 2, (1, 0): 0, (2, -1): 1, (2, 1): 0, (3, 0): 5},
    [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1)],
)
DOUBLE = (
    {(-1, 0): 1, (0, -1): 2, (0, 1): 5, (1, 0): 1, (1, 2): 5, (2, -1): 2, (2, 1): 3, (3, 0): 3, (3, 2): 4, (4, 1): 3},
    [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
)
TRIPLE = (
    {
        (-2, 1): 2,
        (-1, 0): 4,
        (-1, 2): 1,
        (0, -1): 5,
        (0, 1): 1,
        (1, 0): 5,
        (1, 2): 0,
        (2, -1): 5,
        (2, 1): 0,
        (3, 0): 0,
        (3, 2): 3,
        (4, 1): 2,
    },
    [(-1, -1), (-1, 0), (-1, 1), (0, -2), (0, -1), (0, 1), (0, 2), (1, -2), (1, -1), (1, 0), (1, 1), (1, 2)],
)
