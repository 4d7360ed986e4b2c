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
from bot.games.neurotrio_views import Box
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
    """A PNG under the budget, at least 600 x 400."""
    image = support.open_png(data)
    assert image.width >= 600 and image.height >= 400
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
    """Every moment's table and hand keep their size and read on a phone: the essential marks at least 10 px once
    the picture is shown 340 px wide, every text at least 12 px at 550 px."""
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
    """Portrait pictures 680 px wide; the table's height grows only with the rows of players (two to a row) and
    the hand's with the rows of its largest hand (52 cards dealt, seven to a row)."""
    # header 56, gap 8, grid 440, then gap 8, cartons 96, gap 8, players, gap 8, state line 60, margin 16.
    assert board.table_size(8) == (680, 56 + 8 + 440 + 8 + 96 + 8 + (4 * 72 - 8) + 8 + 60 + 16)
    assert board.table_size(3) == (680, 56 + 8 + 440 + 8 + 96 + 8 + (2 * 72 - 8) + 8 + 60 + 16)
    assert board.table_size(4) == board.table_size(3)
    # 3 players hold up to 18 cards (3 rows), 4 up to 13 (2 rows), 8 up to 7 (1 row).
    assert [hand.hand_rows(n) for n in (3, 4, 7, 8)] == [3, 2, 2, 1]
    lower = 180 + 8 + 52 + 8 + 186
    assert hand.hand_size(3) == (680, 56 + 16 + (3 * 92 - 8) + 16 + lower + 16)
    assert hand.hand_size(8) == (680, 56 + 16 + 84 + 16 + lower + 16)
    for players in range(3, 9):
        width, height = board.table_size(players)
        assert width >= 550 and height <= 1.6 * width
        width, height = hand.hand_size(players)
        assert width >= 550 and height <= 1.6 * width


def test_the_widest_domain_of_the_largest_table() -> None:
    """A domain at the starting limits (6 rows, 11 columns) and its ring fill the grid's frame in 48 px cells, whose
    cards print their letters 20 px tall (10 px on a phone)."""
    _, public, _ = moments(8, 1)[0]
    widest = replace(public, table=replace(public.table, box=Box(0, 0, 6, 11)))
    area = board.Area.of(widest.table)
    assert (area.rows, area.cols) == (8, 13)
    grid = board.Grid(area)
    assert grid.cell == 48
    assert cards.index_size(grid.cell - 2 * board.CARD_INSET) == 20
    # Once the limits close the column ring, its two sides shrink to a third of a cell: 11 + 2/3 cells across the
    # 624 px frame give 53 px cells (the 8 rows allow 52), and after one growth of the limits a 7 x 12 domain
    # still gets 49 px cells (12 + 2/3 across, 7 + 2/3 down).
    closed = replace(public.table, box=Box(0, 0, 6, 11), grows_cols=False)
    assert board.Grid(board.Area.of(closed)).cell == 52
    grown = replace(public.table, box=Box(0, 0, 7, 12), grows_cols=False, grows_rows=False)
    grid = board.Grid(board.Area.of(grown))
    assert grid.cell == 49 and grid.widths[0] == grid.heights[0] == 16
    shots = [shot for seed in (1, 2) for shot in moments(8, seed)]
    public = max(shots, key=lambda shot: shot[1].table.box.rows * shot[1].table.box.cols)[1]
    image, marks = marks_of(neuro.render_table, public, LONG_NAMES, "fr")
    assert image.size == board.table_size(8)
    assert measure.readability(marks, image.width).phone_min >= 10


def test_the_bids_show_their_base_carton_and_cell() -> None:
    """Under the grid, each bid's base carton has the name of the cell it lies on written right under it; at the
    end, the points it scored under that."""

    def centre(mark: measure.Mark) -> float:
        return (mark.box[0] + mark.box[2]) / 2

    def under(marks: list[measure.Mark], above: str, below: str) -> bool:
        tops = [m for m in marks if m.text == above]
        return any(
            abs(centre(a) - centre(b)) < 3 and a.box[3] <= b.box[1] + 4 for a in tops for b in marks if b.text == below
        )

    shots = [shot for seed in (1, 2) for shot in moments(8, seed)]
    for _phase, public, _ in shots:
        _, marks = marks_of(neuro.render_table, public, LONG_NAMES, "fr")
        for bid in public.table.bids:
            assert under(marks, str(bid.base), public.table.cell_name(bid.r, bid.c))
        for revealed in public.table.reveal:
            points = f"+{revealed.points}" if revealed.points > 0 else str(revealed.points)
            assert under(marks, public.table.cell_name(revealed.r, revealed.c), points)
    assert any(public.table.bids for _, public, _ in shots)
    assert any(public.table.reveal for _, public, _ in shots)


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
    """A grid card 44 px wide prints its background letter and its strength at 20 px, and its shape at least 20 px
    tall, in its own place once pasted."""
    canvas = Image.new("RGBA", (200, 200))
    with measure.recording() as marks:
        kit.paste(canvas, cards.card_image("RV2", 44, "fr"), (100, 50))
    texts = {mark.text: mark for mark in marks}
    assert texts["V"].height == 20 and texts["2"].height == 20
    assert texts["rose"].symbol and texts["rose"].height >= 20
    assert all(mark.box[0] >= 100 and mark.box[2] <= 144 and mark.box[1] >= 50 for mark in marks)


def test_cards_are_distinct_cached_images() -> None:
    images = {code: cards.card_image(code, 60).tobytes() for code in cards.ALL_TYPES}
    assert len(set(images.values())) == 27
    assert cards.card_image("EV2", 60) is cards.card_image("EV2", 60)
    assert cards.card_image("EV2", 60, "fr").tobytes() != cards.card_image("EV2", 60, "en").tobytes()
    assert cards.card_image("??", 60).size == (60, 60)


def test_every_key_the_renderer_uses_exists() -> None:
    counted = {"neuro.render.cards", "neuro.render.cartons", "neuro.render.choices", "neuro.render.bids_done"}
    counted |= {"neuro.render.winners"}
    support.assert_keys_exist(support.used_keys(neuro, "neuro.render."), counted)
    for phase in ("build", "auction", "over"):
        assert has(f"neuro.render.phase.{phase}")
    for mention in cards.MENTIONS:
        assert has(f"neuro.render.mention.{mention}")
    for fond in cards.FONDS:
        assert has(f"neuro.render.fond_letter.{fond}")


def test_every_cell_size_a_game_reaches_is_warmed_ahead() -> None:
    """The sizes ``warm_faces`` draws the cards at hold every cell size of many played games; a domain of 6 x 11 at
    the starting limits (48 px) and the largest cells (100 px, a domain of one card) are among them."""
    sizes = set(board.cell_sizes())
    assert {48, 52, 49, board.CELL_MOST} <= sizes and min(sizes) >= 10
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
