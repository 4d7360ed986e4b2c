"""Neurotrio pictures drawn from views the engine produced, in every phase, from 3 to 8 players, in both languages."""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import replace
from functools import cache

import pytest
from PIL import Image

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.neurotrio import GAME
from bot.games.neurotrio import NeurotrioState
from bot.games.neurotrio import deal_fixed
from bot.games.neurotrio_views import NeurotrioSeatView
from bot.games.neurotrio_views import NeurotrioTableView
from bot.games.neurotrio_views import column_label
from bot.i18n import has
from bot.players.neurotrio import PLAYER
from renders import kit
from renders import measure
from renders import neurotrio as neuro
from renders.neurotrio import board
from renders.neurotrio import cards
from renders.neurotrio import hand
from tests.renders import support

LONG_NAMES = support.LONG_NAMES[:8]

Public = NeurotrioTableView
Private = NeurotrioSeatView


def open_png(data: bytes) -> Image.Image:
    """A PNG under the budget, as wide as a desktop shows it (560 px)."""
    image = support.open_png(data)
    assert image.width == 560 and image.height >= 300
    return image


def played(players: int, seed: int, call: float = 0.2) -> Iterator[NeurotrioState]:
    """Every state of a seeded game played by the computer player, with random "neuro" calls."""
    state = GAME.setup(players, {}, action_rng(seed, 0))
    rng = random.Random(seed)
    number = 0
    yield state
    while not GAME.is_over(state):
        callers = sorted(GAME.interrupters(state))
        if callers and rng.random() < call:
            seat, action = rng.choice(callers), Action.of("neuro")
        else:
            seat = min(GAME.to_act(state))
            action = PLAYER.act(state, seat, rng)
        number += 1
        GAME.apply(state, seat, action, action_rng(seed, number))
        yield state


@cache
def moments(players: int, seed: int) -> tuple[tuple[str, Public, Private], ...]:
    """Views at the start, in the first auction, at the widest domain while building, and at the end; each with the
    seat view of the seat awaited (seat 0 at the end)."""
    out: dict[str, tuple[str, Public, Private]] = {}
    widest = 0
    for state in played(players, seed):
        seat = min(GAME.to_act(state), default=0)
        shot = (GAME.phase(state), GAME.public_view(state), GAME.view(state, seat))
        out.setdefault("start", shot)
        if state.phase == "auction":
            out.setdefault("auction", shot)
        r0, r1, c0, c1 = state.box
        if state.phase == "build" and (r1 - r0 + 1) * (c1 - c0 + 1) > widest:
            widest = (r1 - r0 + 1) * (c1 - c0 + 1)
            out["widest"] = shot
        if state.over:
            out["over"] = shot
    return tuple(out.values())


TABLES = [(players, seed) for players in (3, 8) for seed in (1, 2)] + [(5, 3)]


def marks_of(draw: Callable[..., bytes], *args: object) -> tuple[Image.Image, list[measure.Mark]]:
    """The picture ``draw(*args)`` draws, and every text and symbol noted while drawing it."""
    with measure.recording() as marks:
        image = open_png(draw(*args))
    return image, marks


@pytest.mark.parametrize(("players", "seed"), TABLES)
def test_every_phase_from_the_engine(players: int, seed: int) -> None:
    """Every moment's table, hand and cells of a card keep their size and read where Discord shows them: on a phone
    (265 px wide) the essential marks at least 10 px and every mark at least 8 px, on a desktop every mark 12 px."""
    shots = moments(players, seed)
    assert {phase for phase, _, _ in shots} >= {"build", "over"}
    names = LONG_NAMES[:players]
    for k, (_phase, public, private) in enumerate(shots):
        locale = ("fr", "en")[k % 2]
        table, marks = marks_of(neuro.PICTURES.table, public, names, locale)
        assert table.size == board.table_size(players)
        assert measure.readability(marks, table.width).readable
        mine, marks = marks_of(neuro.PICTURES.hand, private, locale)
        assert mine.size == hand.hand_size(players)
        assert measure.readability(marks, mine.width).readable
        if private.own.playable:
            card = private.own.playable[0]
            spots = [p for p in private.own.placements if p.card == card]
            cells, marks = marks_of(neuro.render_cells, public, names, locale, card, spots)
            assert cells.size == table.size
            assert measure.readability(marks, cells.width).readable


def test_picture_sizes_by_player_count() -> None:
    """Pictures 560 px wide. The table is the grid alone, the same at every number of players; the hand's height
    grows only with the rows of its largest hand (52 cards dealt, seven to a row)."""
    # margin 4, column letters 26, frame 2 + 7 rows of 44 px + 2, margin 4.
    assert board.table_size(8) == board.table_size(3) == (560, 4 + 26 + 2 + 7 * 44 + 2 + 4)
    # 3 players hold up to 18 cards (3 rows), 4 up to 13 (2 rows), 8 up to 7 (1 row).
    assert [hand.hand_rows(n) for n in (3, 4, 7, 8)] == [3, 2, 2, 1]
    notebook = 30 + 3 * 54 - 4 + 12  # caption, three rows of 50 px cards 4 apart, padding
    cartons = 30 + 2 * (34 + 4 + 42) + 8 + 12  # caption, two rows of a carton over its bid, gap, padding
    lower = notebook + 8 + cartons
    assert hand.hand_size(3) == (560, 8 + 12 + (3 * 76 - 8) + 12 + 8 + lower + 8)
    assert hand.hand_size(8) == (560, 8 + 12 + 68 + 12 + 8 + lower + 8)
    for players in range(3, 9):
        width, height = board.table_size(players)
        assert width >= 550 and height <= 1.6 * width
        width, height = hand.hand_size(players)
        assert width >= 550 and height <= 1.6 * width


def _grid(rows: int, cols: int, limits: tuple[int, int] = (6, 11)) -> board.Grid:
    """The grid of a ``rows`` x ``cols`` domain, its ring sides open as the limits and the ratio of 2 allow."""
    grows_rows = rows + 1 <= limits[0] and rows + 1 <= 2 * cols
    grows_cols = cols + 1 <= limits[1] and cols + 1 <= 2 * rows
    return board.Grid(board.Area(0, 0, rows, cols, rows_open=grows_rows, cols_open=grows_cols))


def test_the_widest_domain_of_the_largest_table() -> None:
    """A domain at the starting limits and its ring fill the 528 px the frame has across in 44 px cells, whose cards
    print their letters 22 px tall: 10.4 px on a phone showing the 560 px picture 265 px wide."""
    # 6 rows x 10 columns: the row ring is closed (6 rows at most), the column ring open: 12 cells across.
    grid = _grid(6, 10)
    assert (grid.area.rows, grid.area.cols) == (8, 12) and grid.cell == 44
    assert cards.index_size(grid.cell - 2 * board.CARD_INSET) == 22
    # 5 x 10 with both rings open: 12 across and 7 down, 44 px both ways (7 x 44 = 308, the frame's height).
    assert _grid(5, 10).cell == 44
    # 6 x 11, both rings closed to a third of a cell: 11 + 2/3 cells across 528 px, 45 px (6 + 2/3 rows allow 46).
    closed = _grid(6, 11)
    assert closed.cell == 45 and closed.widths[0] == closed.heights[0] == 15
    # Every domain the starting limits allow gets cells of at least 44 px.
    shapes = [(r, c) for r in range(1, 7) for c in range(1, 12) if c <= 2 * r and r <= 2 * c]
    assert min(_grid(r, c).cell for r, c in shapes) == 44
    # After the limits grow once, a 7 x 12 domain gets 40 px cells (7 + 2/3 rows in 308 px).
    assert _grid(7, 12, (7, 12)).cell == 40
    shots = [shot for seed in (1, 2) for shot in moments(8, seed)]
    public = max(shots, key=lambda shot: shot[1].table.box.rows * shot[1].table.box.cols)[1]
    image, marks = marks_of(neuro.render_table, public, LONG_NAMES, "fr")
    assert image.size == board.table_size(8)
    assert measure.readability(marks, image.width).phone_min >= 10


def test_a_bid_is_a_disc_in_its_bidders_colour_on_its_card() -> None:
    """The grid marks each card bid on with one disc per bid (its numbers and bidders are the message's words),
    18 px across: 8.5 px on a phone."""
    shots = [shot for seed in (1, 2) for shot in moments(8, seed)]
    bid_on = [public for _, public, _ in shots if public.table.bids]
    assert bid_on
    for public in bid_on:
        _, marks = marks_of(neuro.render_table, public, LONG_NAMES, "fr")
        discs = sorted(len(m.text) for m in marks if set(m.text) == {"●"})
        per_card: dict[tuple[int, int], int] = {}
        for bid in public.table.bids:
            per_card[(bid.r, bid.c)] = per_card.get((bid.r, bid.c), 0) + 1
        assert discs == sorted(per_card.values())
        assert all(m.height == board.PIP for m in marks if set(m.text) == {"●"})


def test_the_end_reveals_every_bid() -> None:
    over = [public for seed in (1, 2) for phase, public, _ in moments(8, seed) if phase == "over"]
    assert over and all(public.table.treasure for public in over)
    assert any(public.table.reveal for public in over)
    for public in over:
        for locale in ("fr", "en"):
            open_png(neuro.render_table(public, LONG_NAMES, locale))


def test_the_table_needs_only_the_public_view() -> None:
    _, public, private = moments(3, 1)[0]
    names = LONG_NAMES[:3]
    data = neuro.render_table(public, names, "fr")
    assert private.table == public.table
    assert neuro.render_table(replace(public, table=private.table), names, "fr") == data
    assert neuro.render_table(public, names, "en") != data


def test_missing_names_fall_back() -> None:
    _, public, _ = moments(3, 1)[0]
    open_png(neuro.render_table(public, [], "en"))
    open_png(neuro.render_table(public, ["", "😀", "\u200b"], "fr"))


def fixed_view(hands: list[list[str]], seat: int) -> Private:
    state = GAME.setup(len(hands), {}, random.Random(0))
    deal_fixed(state, hands, hidden="RB3", first="CN1")
    return GAME.view(state, seat)


def test_hand_sizes_and_marks() -> None:
    big = fixed_view([list(cards.ALL_TYPES[:18]), ["EB1"], ["EB2"]], 0)
    small = fixed_view([["CN2"], ["EB1", "RB1"], ["EB2"]], 0)
    assert big.own.playable and big.legal
    full = open_png(neuro.PICTURES.hand(big, "fr"))
    assert open_png(neuro.PICTURES.hand(small, "fr")).size == full.size == hand.hand_size(3)
    assert neuro.render_hand(big, "fr", mark=True) != neuro.render_hand(big, "fr", mark=False)
    assert neuro.render_hand(big, "fr", mark=True) != neuro.render_hand(big, "en", mark=True)
    waiting = fixed_view([list(cards.ALL_TYPES[:18]), ["EB1"], ["EB2"]], 1)
    assert not waiting.legal and neuro.PICTURES.hand(waiting, "fr") == neuro.render_hand(waiting, "fr", mark=False)


def test_card_codes_and_names() -> None:
    assert cards.parse_card("cn1") == ("C", "N", "1")
    with pytest.raises(ValueError):
        cards.parse_card("XN1")
    assert len(set(cards.ALL_TYPES)) == 27
    assert [column_label(i) for i in (0, 25, 26)] == ["A", "Z", "AA"]
    _, public, _ = moments(3, 1)[0]
    table = public.table
    assert table.cell_name(table.box.r0 - 1, table.box.c0 - 1) == "A1"
    assert table.cell_name(table.box.r0, table.box.c0) == "B2"


def test_a_card_measures_its_letters_and_its_shape() -> None:
    """A grid card 42 px wide prints its background letter and its strength at 22 px, and its shape at least 21.2 px
    tall (10 px on a phone showing the 560 px picture 265 px wide), in its own place once pasted."""
    canvas = Image.new("RGBA", (200, 200))
    for code, shape in (("RV2", "rose"), ("CN1", "cœur"), ("EB3", "étoile")):
        with measure.recording() as marks:
            kit.paste(canvas, cards.card_image(code, 42, "fr"), (100, 50))
        texts = {mark.text: mark for mark in marks}
        assert texts[cards.fond_letter(code[1], "fr")].height == 22 and texts[code[2]].height == 22
        assert texts[shape].symbol and texts[shape].height >= 10 * 560 / 265
        assert all(mark.box[0] >= 100 and mark.box[2] <= 142 and mark.box[1] >= 50 for mark in marks)
    # Every larger card, up to the largest cell, prints its letters and its shape at least as large.
    for width in range(42, board.CELL_MOST + 1):
        for code, shape in (("RV2", "rose"), ("CN1", "cœur"), ("EB3", "étoile")):
            with measure.recording() as marks:
                kit.paste(canvas, cards.card_image(code, width, "fr"), (0, 0))
            heights = {mark.text: mark.height for mark in marks}
            assert heights[code[2]] >= 22 and heights[shape] >= 10 * 560 / 265, (width, code)


def test_cards_are_distinct_cached_images() -> None:
    images = {code: cards.card_image(code, 60).tobytes() for code in cards.ALL_TYPES}
    assert len(set(images.values())) == 27
    assert cards.card_image("EV2", 60) is cards.card_image("EV2", 60)
    assert cards.card_image("EV2", 60, "fr").tobytes() != cards.card_image("EV2", 60, "en").tobytes()
    assert cards.card_image("??", 60).size == (60, 60)


def test_every_key_the_renderer_uses_exists() -> None:
    support.assert_keys_exist(support.used_keys(neuro, "neuro.render."), set())
    for mention in cards.MENTIONS:
        assert has(f"neuro.render.mention.{mention}")
    for fond in cards.FONDS:
        assert has(f"neuro.render.fond_letter.{fond}")


def test_every_cell_size_a_game_reaches_is_warmed_ahead() -> None:
    """The sizes ``warm_faces`` draws the cards at hold every cell size of many played games; the domains at the
    starting limits (44 and 45 px), one grown once (40 px) and the largest cells (100 px, one card) are among them."""
    sizes = set(board.cell_sizes())
    assert {44, 45, 40, board.CELL_MOST} <= sizes
    seen = {
        board.Grid(board.Area.of(GAME.public_view(state).table)).cell
        for players in (3, 5, 8)
        for seed in range(6)
        for state in played(players, seed)
    }
    assert len(seen) >= 8 and seen <= sizes


def test_after_the_warm_up_a_growing_domain_draws_no_card_face() -> None:
    """In the fork server the faces are laid at every size: a whole game's tables then draw no face anew."""
    board.warm_faces()
    drawn = cards._card.cache_info().misses
    for state in played(8, 3):
        board.table_image(GAME.public_view(state), LONG_NAMES, "fr")
    assert cards._card.cache_info().misses == drawn
