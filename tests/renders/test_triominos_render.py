"""Triominos pictures drawn from the engine's own views: seeded games at every moment, and fixed rounds for the
largest layouts, hands and lists of placements, in both languages."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from functools import cache

import pytest

from bot.games.base import action_rng
from bot.games.triominos import BONUS_POINTS
from bot.games.triominos import GAME
from bot.games.triominos import TILES
from bot.games.triominos import TriominosState
from bot.games.triominos import fixed_round
from bot.games.triominos import orient
from bot.games.triominos import tile_face
from bot.games.triominos import vertices
from bot.games.triominos_views import TriominosSeatView
from bot.players.triominos import PLAYER
from bot.texts.triominos import ranked
from bot.texts.triominos import space_letters
from bot.texts.triominos import tile_letters
from renders import kit
from renders import measure
from renders import triominos as tri
from renders.triominos import board as tri_board
from renders.triominos import frame as tri_frame
from renders.triominos import hand as tri_hand
from renders.triominos import panel as tri_panel
from renders.triominos import tiles as tri_tiles
from tests.games.triominos_layouts import DOUBLE
from tests.games.triominos_layouts import HEXAGON
from tests.games.triominos_layouts import TRIPLE
from tests.games.triominos_layouts import Board
from tests.games.triominos_layouts import from_numbers
from tests.renders import support
from tests.renders.support import open_png

LONG_NAMES = support.LONG_NAMES[:6]
NAMES = ("Amélie", "Bruno", "Chloé", "Étienne", "Inès", "Yann")
SAMPLES = 6
"""How many moments of a game are drawn, besides its first and last states."""


def _game(players: int, seed: int, **options: object) -> Iterator[TriominosState]:
    """Every state of a seeded one-round game (mostly computer moves, some random legal ones)."""
    return support.seeded_game(GAME, PLAYER, players, {"rounds": 1, "target": 2000, **options}, seed, 0.7)


@cache
def everything(players: int, seed: int = 2) -> tuple[TriominosState, ...]:
    return tuple(copy.deepcopy(s) for s in _game(players, seed))


@cache
def moments(players: int, seed: int = 2) -> tuple[TriominosState, ...]:
    """Copies of a game's states: its start, a few moments spread over it, and its end."""
    states = everything(players, seed)
    picked = support.spread(len(states), SAMPLES)
    return tuple(states[i] for i in sorted(picked))


def largest(players: int = 3, seed: int = 0) -> TriominosState:
    """The state of a seeded game with the most tiles laid (48 for three players, seed 0)."""
    return max(everything(players, seed), key=lambda s: len(s.layout.cells))


def fixed(hands: list[list[str]], board: Board = (), pool: list[str] | None = None, **kw: object) -> TriominosState:
    state = GAME.setup(len(hands), {"rounds": 1}, random.Random(0))
    return fixed_round(state, hands=hands, pool=pool or [], board=list(board), **kw)


def long_row(length: int) -> Board:
    """``length`` distinct tiles side by side on row 0, each matching its neighbours: the widest layout."""

    def extend(numbers: dict[tuple[int, int], int], used: set[str], row: Board) -> Board | None:
        if len(row) == length:
            return row
        space = (0, len(row))
        for n in range(6):
            trial = {**numbers, **{v: n for v in vertices(space) if v not in numbers}}
            corners = [trial[v] for v in vertices(space)]
            try:
                tile, _ = orient(corners)
            except KeyError:
                continue
            if tile not in used:
                found = extend(trial, used | {tile}, [*row, (0, len(row), corners)])
                if found:
                    return found
        return None

    start = [0, 1, 2]
    found = extend(dict(zip(vertices((0, 0)), start, strict=True)), {orient(start)[0]}, [(0, 0, start)])
    assert found is not None
    return found


# Layouts where a tile laid on (0, 0) earns each bonus (the tile, and the numbers at its three corners).
BRIDGE: tuple[Board, str] = ([(0, 0, [1, 2, 0]), (0, 3, [1, 3, 4])], "1-1-2")
HEXAGONS = {"hexagon": (HEXAGON, "0-0-2"), "double_hexagon": (DOUBLE, "1-3-5"), "triple_hexagon": (TRIPLE, "0-1-5")}


def with_bonus(bonus: str) -> TriominosState:
    """A table whose last placement earned ``bonus``, laid by seat 0 through the engine."""
    if bonus == "bridge":
        board, tile = BRIDGE
    else:
        (numbers, spaces), tile = HEXAGONS[bonus]
        board = from_numbers(numbers, spaces)
    laid = {orient(corners)[0] for _, _, corners in board}
    spare = [t for t in TILES if t != tile and t not in laid]
    state = fixed([[tile, spare[0]], spare[1:3], spare[3:5], spare[5:7]], board, spare[7:12])
    (action,) = [p.action for p in GAME.view(state, 0).own.placements if p.bonus == bonus][:1]
    GAME.apply(state, 0, action, random.Random(0))
    assert state.last is not None and state.last.bonus == bonus
    return state


# --- geometry and tiles ---------------------------------------------------------------------------------------


def test_geometry() -> None:
    assert tri_tiles.is_up(0, 0) and not tri_tiles.is_up(0, 1) and tri_tiles.is_up(-1, -1)
    assert tri_tiles.vertices(0, 0) == ((1, 0), (2, 1), (0, 1)) == vertices((0, 0))
    assert tri_tiles.vertices(0, 1) == ((1, 0), (3, 0), (2, 1)) == vertices((0, 1))
    assert [tri.letter_label(i) for i in (0, 25, 26, 29, 701, 702)] == ["A", "Z", "AA", "AD", "ZZ", "AAA"]
    assert tile_face("0-1-2").numbers == (0, 1, 2)
    assert tile_face("3-4-5").value == 12


def test_tiles_are_cached_images() -> None:
    tile = tri_tiles.tile_image((0, 1, 2), 80)
    assert tile is tri_tiles.tile_image((0, 1, 2), 80)
    assert tile.mode == "RGBA"


# --- the table ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("players", [2, 6])
def test_tables_at_every_moment(players: int, locale: str) -> None:
    for state in moments(players):
        open_png(tri.PICTURES.table(GAME.public_view(state), LONG_NAMES[:players], locale))


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_largest_layout_stays_legible(locale: str) -> None:
    state = largest()
    view = GAME.public_view(state)
    assert len(view.table.board) >= 45
    image = open_png(tri.PICTURES.table(view, LONG_NAMES[:3], locale))
    plan = tri_board.board_plan(view.table)
    assert plan.side >= tri_frame.READABLE >= 58
    # Numbers at least 19 px: their digits are 14 px tall, 14 * 265 / 360 = 10.3 px on a phone.
    assert tri_tiles.number_font(plan.side).size >= 19
    assert image.size == tri_board.picture_size(3) == (360, 480)


def test_a_long_row_is_framed_at_a_readable_scale_with_an_overview() -> None:
    row = long_row(40)
    state = fixed([["5-5-5"], ["4-4-4"]], row)
    view = GAME.public_view(state)
    image = open_png(tri.PICTURES.table(view, LONG_NAMES[:2], "fr"))
    assert image.size == tri_board.picture_size(2)
    plan = tri_board.board_plan(view.table)
    assert plan.side == tri_frame.READABLE and plan.minimap is not None
    # 40 tiles side by side span 20.5 sides: about 7 of them show.
    assert 10 <= len(plan.tiles) <= 20


def test_negative_coordinates_and_a_single_tile() -> None:
    def two_tiles(dr: int, dc: int) -> bytes:
        state = fixed([["4-5-5", "0-0-0"], ["1-1-1"]], [(-7 + dr, -12 + dc, [5, 5, 5])], ["2-2-2"])
        GAME.apply(state, 0, GAME.view(state, 0).own.placements[0].action, random.Random(0))
        return tri.PICTURES.table(GAME.public_view(state), ["Ana", "Bo"], "fr")

    image = open_png(two_tiles(0, 0))
    assert image.size == tri_board.picture_size(2)
    assert tri_board.board_plan(GAME.public_view(fixed([["0-0-1"], ["1-1-1"]], [(-7, -12, [5, 5, 5])])).table).side == (
        tri_frame.LARGEST
    )
    # The board is cropped to its tiles: where the layout lies on the lattice does not show.
    assert two_tiles(-40, -34) == two_tiles(0, 0)


@cache
def tied_start() -> TriominosState:
    """A six-player deal whose starting draw had ties, drawn again."""
    for seed in range(100):
        state = GAME.setup(6, {"rounds": 1}, action_rng(seed, 0))
        if len(state.start_draws) > 6:
            return state
    raise AssertionError("no tie in 100 deals")


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_empty_board_shows_the_starting_draw(locale: str) -> None:
    table = GAME.public_view(tied_start()).table
    assert not table.board and len(table.start_draws) > 6
    decisive = [d for d in table.start_draws if d.decisive]
    assert [d.seat for d in decisive] == [table.starter]
    open_png(tri.PICTURES.table(GAME.public_view(tied_start()), LONG_NAMES, locale))
    for players in (2, 4):
        open_png(tri.PICTURES.table(GAME.public_view(moments(players, seed=players)[0]), LONG_NAMES, locale))
    classic = GAME.setup(3, {"classic_start": True}, random.Random(1))
    assert not GAME.public_view(classic).table.start_draws
    open_png(tri.PICTURES.table(GAME.public_view(classic), LONG_NAMES, locale))


@pytest.mark.parametrize("count", range(2, 7))
def test_every_table_size(count: int) -> None:
    states = moments(count, seed=count)
    open_png(tri.PICTURES.table(GAME.public_view(states[len(states) // 2]), LONG_NAMES[:count], "fr"))


def _bell() -> TriominosState:
    state = fixed([["5-5-5", "4-4-4"], ["0-0-1"], ["0-0-2", "3-4-5"]], [(0, 0, [0, 0, 0])], ["1-1-1"], current=1)
    GAME.apply(state, 1, GAME.view(state, 1).own.placements[0].action, random.Random(0))
    assert GAME.public_view(state).table.bell
    return state


def _drawn() -> TriominosState:
    state = fixed([["5-5-5"], ["4-4-4"]], [(0, 0, [0, 0, 0])], ["3-3-3", "2-2-2", "0-0-2"])
    for _ in range(3):
        GAME.apply(state, 0, GAME.legal_actions(state, 0)[-1], random.Random(0))
    assert GAME.public_view(state).table.draws == 3 and GAME.public_view(state).table.pool == 0
    return state


def _kids() -> TriominosState:
    state = GAME.setup(4, {"kids_scoring": True, "rounds": 5}, random.Random(5))
    seat = min(GAME.to_act(state))
    GAME.apply(state, seat, GAME.legal_actions(state, seat)[0], random.Random(0))
    return state


TABLE_STATES = {
    "over": lambda: moments(4)[-1],
    "bell": _bell,
    "three draws": _drawn,
    "kids": _kids,
    "no last tile": lambda: fixed([["5-5-5"], ["4-4-4"]], [(0, 0, [0, 0, 0])]),
    **{bonus: (lambda bonus=bonus: with_bonus(bonus)) for bonus in BONUS_POINTS},
}


@pytest.mark.parametrize("name", list(TABLE_STATES))
def test_table_states(name: str) -> None:
    state = TABLE_STATES[name]()
    for locale in ("fr", "en"):
        open_png(tri.PICTURES.table(GAME.public_view(state), NAMES, locale))


def test_final_ranking_shares_ties() -> None:
    state = copy.deepcopy(moments(3)[-1])
    state.scores = [5, 9, 5]
    table = GAME.public_view(state).table
    assert [(p.seat, p.rank) for p in table.players] == [(0, 2), (1, 1), (2, 2)]
    open_png(tri.PICTURES.table(GAME.public_view(state), NAMES, "fr"))


def test_missing_names_fall_back() -> None:
    view = GAME.public_view(moments(3)[2])
    open_png(tri.PICTURES.table(view, [], "en"))
    open_png(tri.PICTURES.table(view, ["", "😀", "\u200b"], "fr"))


# --- the panel's picture on a turn ------------------------------------------------------------------------


@cache
def choosing() -> TriominosSeatView:
    """The view of a seat with more than 25 placements to choose from."""
    for state in everything(2):
        seat = min(GAME.to_act(state), default=0)
        view = GAME.view(state, seat)
        if len(view.own.placements) > 25:
            return view
    raise AssertionError("no seat with 26 placements")


def around_zero() -> TriominosSeatView:
    """0-0-0 alone on the table, seat 0 to play with 0-0-2 and 3-3-3: 0-0-2 fits on each of the three sides of
    0-0-0 (two zeros on the shared side), lettered A, B, C; 3-3-3 fits nowhere."""
    return GAME.view(fixed([["0-0-2", "3-3-3"], ["1-1-1"]], [(0, 0, [0, 0, 0])], ["4-4-4"]), 0)


def test_the_turn_picture_shows_the_whole_hand_with_the_letters_of_each_tile() -> None:
    view = around_zero()
    with measure.recording() as marks:
        image = open_png(tri.render_turn(view, NAMES, "fr", ranked(view.own.placements)))
    assert image.size == tri_panel.turn_size(2) == (360, tri_panel.BOARD_H + tri_hand.strip_height(1))
    board = [m.text for m in marks if m.box[3] <= tri_panel.BOARD_H and m.text.isalpha()]
    assert sorted(board) == ["A", "B", "C"]
    hand = [m.text for m in marks if m.box[1] >= tri_panel.BOARD_H]
    # 0-0-2 with its three spots under it; 3-3-3 greyed with its value (9), both tiles' numbers drawn.
    assert "A B C" in hand and "= 9" in hand
    assert sorted(text for text in hand if text.isdigit()) == ["0", "0", "2", "3", "3", "3"]
    assert tri_hand.hand_tiles(view, "fr", mark=True) == (
        tri_hand.HandTile((0, 0, 2), "A B C", lit=True),
        tri_hand.HandTile((3, 3, 3), "= 9", dim=True),
    )


def test_a_chosen_tile_alone_is_lit_and_its_spots_keep_their_letters() -> None:
    view = choosing()
    every = ranked(view.own.placements)
    letters = space_letters(every)
    tile = every[-1].tile
    spots = [p for p in every if p.tile == tile]
    shown = tri_hand.hand_tiles(view, "en", mark=True, focus=tile)
    lit = [face.code for face, drawn in zip(view.own.hand, shown, strict=True) if drawn.lit]
    assert lit == [tile]
    plan = tri_board.board_plan(view.table, spots, letters, tri_panel.BOARD_BOX)
    assert {badge.letter for badge in plan.badges} == set(tile_letters(every)[tile])
    assert tri.render_turn(view, NAMES, "en", spots, tile) != tri.render_turn(view, NAMES, "en", every[:25])


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_second_page_of_moves_keeps_the_letters_of_the_first(locale: str) -> None:
    view = choosing()
    every = ranked(view.own.placements)
    letters = space_letters(every)
    page = every[25:]
    plan = tri_board.board_plan(view.table, page, letters, tri_panel.BOARD_BOX)
    assert {badge.letter for badge in plan.badges} == {letters[(p.r, p.c)] for p in page}
    open_png(tri.render_turn(view, NAMES, locale, page))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_turn_picture_is_readable_on_a_phone_and_short(players: int) -> None:
    """Every turn of a seeded game: the panel's picture passes the readability rules and shows at most 700 px
    tall on a phone (265 px wide), so that the panel with its lists and buttons fits in about two screens."""
    drawn = 0
    for state in everything(players, seed=players):
        for seat in GAME.to_act(state):
            view = GAME.view(state, seat)
            if not view.own.placements or len(view.own.hand) > 15:
                continue
            with measure.recording() as marks:
                image = open_png(tri.render_turn(view, LONG_NAMES[:players], "fr", ranked(view.own.placements)[:25]))
            figures = measure.readability(marks, image.width)
            assert figures.readable, (figures, len(view.table.board))
            assert image.height * measure.PHONE_WIDTH / image.width <= 700
            drawn += 1
    assert drawn >= 10


def test_placements_on_the_largest_layout() -> None:
    playing = [s for s in everything(3, 0) if any(GAME.view(s, seat).own.placements for seat in GAME.to_act(s))]
    state = max(playing, key=lambda s: len(s.layout.cells))
    assert len(state.layout.cells) >= 40
    view = GAME.view(state, min(GAME.to_act(state)))
    spots = ranked(view.own.placements)
    image = open_png(tri.render_turn(view, LONG_NAMES[:3], "fr", spots))
    assert image.size == tri_panel.turn_size(len(view.own.hand))
    plan = tri_board.board_plan(view.table, spots, None, tri_panel.BOARD_BOX)
    assert len(plan.badges) == len({(s.r, s.c) for s in spots})


def test_a_tile_that_fits_at_many_spots_shows_all_their_letters() -> None:
    """Four letters a space apart fit under a tile; more go a thin space apart, then on two lines: never cut
    (up to ten, more than a tile fits in any seeded game), never under 14 px (10.3 px on a phone)."""
    room = tri_hand.SIDE + tri_hand.GAP - 2
    for count in range(1, 11):
        letters = [tri.letter_label(i) for i in range(count)]
        lines, font = tri_hand._label_lines(" ".join(letters), room)
        assert font.size >= tri_hand.LABEL_LEAST
        assert all(kit.text_width(line, font) <= room for line in lines)
        assert "".join("".join(lines).split()) == "".join(letters)
        assert len(lines) == (1 if count <= 5 else 2)
        if count <= 4:
            assert lines == [" ".join(letters)] and font.size == tri_hand.LABEL


# --- the hand -------------------------------------------------------------------------------------------------


def hand_view(tiles: int, *, board: Board = ()) -> TriominosSeatView:
    """Seat 0's view, to act, holding the first ``tiles`` tiles that are not on ``board``."""
    laid = {orient(corners)[0] for _, _, corners in board}
    free = [t for t in TILES if t not in laid]
    return GAME.view(fixed([free[:tiles], free[tiles : tiles + 1]], board), 0)


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("board", [[], [(0, 0, [0, 0, 0])]])
def test_largest_hand(locale: str, board: Board) -> None:
    """25 tiles take five rows: the hand grows past its frame rather than shrink its numbers."""
    view = hand_view(25, board=board)
    assert view.own.my_turn and len(view.own.hand) == 25
    for mark in (False, True):
        with measure.recording() as marks:
            image = open_png(tri.render_hand(view, locale, mark=mark))
        assert image.size == tri_hand.hand_size(2, 25) == (360, tri_hand.strip_height(5))
        assert measure.readability(marks, image.width).readable


def test_hand_sizes_and_marks() -> None:
    sizes = {open_png(tri.PICTURES.hand(hand_view(n), "fr")).size for n in (0, 1, 7, 12, 15)}
    # Two players are dealt 9 tiles and may buy 3 in a turn: three rows of five, whatever the hand holds.
    assert sizes == {tri_hand.hand_size(2)} and tri_hand.frame_rows(2) == 3
    assert tri_hand.hand_size(2, 16) == (360, tri_hand.strip_height(4))
    view = hand_view(7, board=[(0, 0, [0, 0, 0])])
    assert 0 < len(view.own.playable) < len(view.own.hand)
    assert tri.render_hand(view, "fr", mark=False) != tri.render_hand(view, "fr", mark=True)
    assert tri.PICTURES.hand(view, "fr") == tri.render_hand(view, "fr", mark=True)
    # No word is drawn in a hand: its values and letters read the same in both languages.
    assert tri.render_hand(view, "fr", mark=True) == tri.render_hand(view, "en", mark=True)
    waiting = GAME.view(fixed([["0-0-1"], ["5-5-5"]], [(0, 0, [0, 0, 0])]), 1)
    assert not waiting.legal and tri.PICTURES.hand(waiting, "fr") == tri.render_hand(waiting, "fr", mark=False)


# --- words ----------------------------------------------------------------------------------------------------


def test_every_key_the_renderer_uses_exists() -> None:
    support.assert_keys_exist(support.used_keys(tri, "tri.render."))
