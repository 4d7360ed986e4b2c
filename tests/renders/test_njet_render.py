"""Njet! pictures in every phase, with 3 and 4 players, in both languages, drawn from views the engine produced
along seeded games: one size per table and per hand for the whole game, readable as Discord shows them."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from functools import cache

import pytest
from PIL import Image
from PIL import ImageDraw

import renders.njet
from bot.games.base import action_rng
from bot.games.njet import CHARACTERS
from bot.games.njet import GAME
from bot.games.njet import PHASES
from bot.games.njet import ROWS
from bot.games.njet import NjetState
from bot.games.njet_views import NjetSeatView
from bot.games.njet_views import NjetTableView
from bot.i18n import has
from bot.i18n import plural_catalog
from bot.i18n import t
from bot.players.njet import PLAYER
from bot.registry import GAMES
from renders import kit
from renders import measure
from renders.layout.stamps import REACHES
from renders.layout.stamps import Stamps
from renders.njet import PICTURES
from renders.njet import hand
from renders.njet import shapes
from renders.njet import sheet
from renders.njet import table
from tests.renders import support
from tests.renders.readability import pictures_of_game
from tests.renders.support import open_png
from tests.renders.test_cached_parts import empty_every_cache

SIZES = {3: (420, 504), 4: (420, 504)}
"""The table at 3 and 4 players, worked out from the layout: a 48 px header, 8 px gap, a 308 px part for the
phase, 8 px gap, two rows of 56 px player panels 8 px apart (the third player alone on the second row), a 12 px
bottom margin."""
SIZE = SIZES[4]
HAND_SIZES = {3: (420, 266), 4: (420, 302)}
"""The hands: 12 cards (3 players) or 10 on two rows of 6 or 5; the cards (420 - 2 x 12 - gaps of 8) / 6 = 59 px
or / 5 = 72 px wide and 1.4 times as tall (83 or 101 px), each row 12 px taller for a raised card, 8 px between
rows, under the 48 px header and an 8 px gap, over a 12 px margin."""

LONG_NAMES = [name for name in support.LONG_NAMES if len(name) > 20][:4]
"""Four names as long as Discord allows: the largest table full of them."""
NAMES = ["Amélie", "Bruno", "Chloé", "Étienne"]

Public = NjetTableView
Private = NjetSeatView


def play_game(players: int, seed: int, rounds: int, computer: bool = True) -> list[NjetState]:
    """Copies of the state after every move of a seeded game (computer players, or random legal moves)."""
    state = GAME.setup(players, {"rounds": rounds}, action_rng(seed, 0))
    rng = random.Random(seed)
    states = [copy.deepcopy(state)]
    number = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = PLAYER.act(state, seat, rng) if computer else rng.choice(GAME.legal_actions(state, seat))
        number += 1
        GAME.apply(state, seat, action, action_rng(seed, number))
        states.append(copy.deepcopy(state))
    return states


@cache
def moments(players: int) -> tuple[tuple[Public, tuple[Private, ...]], ...]:
    """Views at every kind of moment of a two-round game: each phase, each size of trick, the end."""
    out: dict[tuple[str, int, bool], tuple[Public, tuple[Private, ...]]] = {}
    for state in play_game(players, 11 + players, 2):
        public = GAME.public_view(state)
        key = (public.phase, len(public.table.trick), bool(public.table.last_trick))
        if key not in out or (public.phase == "njet" and public.table.stones_left == 1):
            out[key] = (public, tuple(GAME.view(state, seat) for seat in range(players)))
    return tuple(out.values())


def by_phase(players: int, phase: str) -> tuple[Public, tuple[Private, ...]]:
    return next(m for m in moments(players) if m[0].phase == phase)


def test_the_seeded_games_reach_every_phase() -> None:
    for players in (3, 4):
        assert {public.phase for public, _ in moments(players)} == set(PHASES)


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("players", [3, 4])
def test_every_moment_renders(players: int, locale: str) -> None:
    names = LONG_NAMES[:players]
    for public, seats in moments(players):
        open_png(PICTURES.table(public, names, locale), SIZES[players])
        for view in seats:
            open_png(PICTURES.hand(view, locale), HAND_SIZES[players])


@pytest.mark.parametrize("players", [3, 4])
def test_the_board_with_every_stone_but_one(players: int) -> None:
    public, _ = next(m for m in moments(players) if m[0].phase == "njet" and m[0].table.stones_left == 1)
    placed = sum(o.blocked_by is not None for row in public.table.board for o in row.options)
    assert placed == (14 if players == 4 else 13)
    for locale in ("fr", "en"):
        open_png(PICTURES.table(public, LONG_NAMES, locale), SIZES[players])


def test_every_stone_on_the_board_is_measured() -> None:
    """With one stone left of 15, 14 stones lie on the board, each noted as a symbol (plus the one by the count of
    stones left), and each still 10 px tall on a phone."""
    public, _ = next(m for m in moments(4) if m[0].phase == "njet" and m[0].table.stones_left == 1)
    with measure.recording() as marks:
        PICTURES.table(public, LONG_NAMES, "fr")
    stones = [mark for mark in marks if mark.symbol and mark.text == "●"]
    assert len(stones) == 14 + 1
    assert min(mark.height for mark in stones) * measure.PHONE_WIDTH / table.WIDTH >= measure.PHONE_MIN


def test_the_cards_of_the_trick_show_their_values() -> None:
    """Each card on the table prints its value (1 to 9) in its middle, noted as a mark of its own."""
    public, _ = next(m for m in moments(4) if m[0].phase == "tricks" and len(m[0].table.trick) == 3)
    with measure.recording() as marks:
        PICTURES.table(public, NAMES, "fr")
    values = {mark.text for mark in marks if mark.essential and mark.text.isdigit() and len(mark.text) == 1}
    assert {play.card[1:] for play in public.table.trick} <= values


def test_the_pictures_at_three_players_are_readable_and_keep_their_size() -> None:
    """The largest table is checked with the other games; three players sit differently, so they are checked too."""
    spec = next(spec for spec in GAMES if spec.kind == "njet")
    found = pictures_of_game(spec, 3)
    small = [f"{m.what}: {m.readability}" for m in found if not m.readability.readable]
    assert not small, small[:4]
    assert {m.size for m in found if m.what.endswith(" table")} == {SIZES[3]}
    assert {m.size for m in found if " hand " in m.what} == {HAND_SIZES[3]}


def test_a_full_trick_lights_its_winner() -> None:
    public, _ = next(m for m in moments(4) if len(m[0].table.trick) == 3)
    assert sum(p.wins for p in public.table.trick) == 1
    trick = tuple(dataclasses.replace(p, wins=False) for p in public.table.trick)
    plain = dataclasses.replace(public, table=dataclasses.replace(public.table, trick=trick))
    assert PICTURES.table(public, NAMES, "fr") != PICTURES.table(plain, NAMES, "fr")


@pytest.mark.parametrize("players", [3, 4])
def test_a_long_game_and_its_sheet(players: int) -> None:
    states = play_game(players, 5, 16, computer=False)
    names = LONG_NAMES[:players]
    middle = GAME.public_view(next(s for s in states if s.round == 14))
    end = GAME.public_view(states[-1])
    assert end.over and len(end.table.sheet) == 16
    for locale in ("fr", "en"):
        open_png(PICTURES.table(middle, names, locale), SIZES[players])
        open_png(PICTURES.table(end, names, locale), SIZES[players])
        image = open_png(PICTURES.sheet(end, names, locale))
        assert image.width == sheet.SHEET_WIDTH
    short = GAME.public_view(play_game(players, 5, 8, computer=False)[-1])
    assert sheet.sheet_image(end, names, "fr").height > sheet.sheet_image(short, names, "fr").height
    open_png(PICTURES.sheet(GAME.public_view(states[0]), names, "en"))


def test_a_tie_shares_the_win() -> None:
    public, _ = by_phase(4, "over")
    tied = dataclasses.replace(
        public,
        table=dataclasses.replace(
            public.table, players=tuple(dataclasses.replace(p, score=30, rank=1) for p in public.table.players)
        ),
    )
    open_png(PICTURES.table(tied, NAMES, "fr"), SIZE)
    open_png(PICTURES.sheet(tied, NAMES, "en"))


@pytest.mark.parametrize("phase", PHASES)
def test_long_accented_and_missing_names(phase: str) -> None:
    public, _ = by_phase(4, phase)
    open_png(PICTURES.table(public, [name * 2 for name in LONG_NAMES], "en"), SIZE)
    open_png(PICTURES.table(public, [], "en"), SIZE)
    open_png(PICTURES.table(public, ["", "😀", "\u200b"], "fr"), SIZE)


def test_the_table_needs_only_the_public_view() -> None:
    """The table is drawn from what a spectator knows; a seat's view holds the very same table besides its hand."""
    for phase in PHASES:
        public, seats = by_phase(4, phase)
        open_png(PICTURES.table(public, NAMES, "fr"), SIZE)
        assert seats[1].own.hand or phase == "over"
        assert all(view.table == public.table for view in seats)


def test_the_table_follows_the_language() -> None:
    public, _ = by_phase(4, "njet")
    assert PICTURES.table(public, NAMES, "fr") != PICTURES.table(public, NAMES, "en-GB")


def test_the_table_changes_with_the_phase() -> None:
    pictures = {PICTURES.table(by_phase(4, phase)[0], NAMES, "fr") for phase in PHASES}
    assert len(pictures) == len(PHASES)


def test_largest_hand() -> None:
    _, seats = by_phase(3, "njet")
    view = seats[0]
    assert len(view.own.hand) == 12
    for locale in ("fr", "en"):
        open_png(PICTURES.hand(view, locale), HAND_SIZES[3])
    with measure.recording() as marks:
        hand.hand_image(view, "fr")
    values = [mark.text for mark in marks if mark.essential and mark.text.isdigit() and len(mark.text) == 1]
    assert sorted(values) == sorted(card.code[1:] for card in view.own.hand)


def test_playable_cards_and_super_trumps_change_the_hand() -> None:
    view = next(
        v for _, seats in moments(4) for v in seats if 0 < sum(c.playable for c in v.own.hand) < len(v.own.hand)
    )
    marked = PICTURES.hand(view, "fr")
    cards = tuple(dataclasses.replace(c, playable=False) for c in view.own.hand)
    plain = dataclasses.replace(view, own=dataclasses.replace(view.own, hand=cards))
    assert PICTURES.hand(plain, "fr") != marked
    assert hand.hand_image(plain, "fr").size == hand.hand_image(view, "fr").size
    starred = tuple(dataclasses.replace(c, super_trump=not c.super_trump) for c in cards)
    other = dataclasses.replace(view, own=dataclasses.replace(view.own, hand=starred))
    assert PICTURES.hand(other, "fr") != PICTURES.hand(plain, "fr")


def test_card_faces() -> None:
    for colour in shapes.COLOURS:
        for value in range(1, 10):
            code = f"{colour}{value}"
            face = shapes.card_face(code, 80)
            assert face.size == kit.card_size(80)
            assert shapes.card_face(code, 80, super_trump=True).tobytes() != face.tobytes()
    colours = {shapes.card_face(f"{c}5", 60).convert("RGB").resize((1, 1)).getpixel((0, 0)) for c in "RKBG"}
    assert len(colours) == 4
    with pytest.raises(ValueError):
        shapes.parse_card("X5")
    with pytest.raises(ValueError):
        shapes.parse_card("R10")


def test_emblems_and_stones() -> None:
    images = {shapes.emblem(character, 60, kit.seat_colour(0)).tobytes() for character in CHARACTERS}
    assert len(images) == len(CHARACTERS)
    assert shapes.emblem("unknown", 60, kit.seat_colour(0), "U").size == (60, 60)
    assert shapes.stone(40, kit.seat_colour(1)).size == (40, 40)


def test_every_key_the_renderer_uses_exists() -> None:
    used = {key for key in support.used_keys(renders.njet, "njet.render.", quotes="\"'") if not key.endswith(".")}
    support.assert_keys_exist(used, counted={key for key in used if key in plural_catalog("fr")})
    for prefix, suffixes in {
        "njet.render.row.": ROWS,
        "njet.render.turn.": ("njet", "partner", "discard", "tricks"),
    }.items():
        for suffix in suffixes:
            assert has(prefix + suffix), prefix + suffix


def test_stamps_keep_a_bounded_number_of_pieces_and_reaches() -> None:
    """A piece stamped on a plain ground is the piece drawn there; the cache keeps at most ``maxsize`` pieces and a
    few times as many measured reaches, however many different pieces pass."""
    stamps = Stamps(maxsize=2)
    ground = (40, 90, 60, 255)

    def square(shade: int) -> Callable[[Image.Image, int, int], None]:
        return lambda image, x, y: ImageDraw.Draw(image).rectangle((x, y, x + 9, y + 9), fill=(shade, 0, 0, 255))

    for shade in range(40):
        canvas = Image.new("RGBA", (40, 40), ground)
        stamps.stamp(canvas, (10, 12), (10, 10), ("square", shade), ground, square(shade), [])
        expected = Image.new("RGBA", (40, 40), ground)
        square(shade)(expected, 10, 12)
        assert canvas.tobytes() == expected.tobytes()
    assert len(stamps._tiles) <= 2 and len(stamps._reaches) <= REACHES * 2


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_board_names_its_rows_whole(locale: str) -> None:
    """Each row's name is drawn whole, on the lines the catalog breaks it into."""
    public, _ = by_phase(4, "njet")
    with measure.recording() as marks:
        PICTURES.table(public, NAMES, locale)
    drawn = {mark.text for mark in marks}
    lines = {line for row in ROWS for line in t(locale, f"njet.render.row.{row}").split("\n")}
    assert lines <= drawn
    assert not [text for text in drawn if text.endswith("…")]


def test_the_winners_label_is_whole_or_left_out() -> None:
    public, _ = by_phase(4, "over")
    for names in (NAMES, LONG_NAMES):
        with measure.recording() as marks:
            PICTURES.table(public, names, "fr")
        cut = [mark.text for mark in marks if mark.text.endswith("…") and mark.text[:-1] not in "".join(names)]
        assert not cut, cut


def test_the_header_shows_the_emblem_of_the_character_to_act() -> None:
    """Two tables alike but for the characters: the header kept for one is not pasted on the other."""
    public, _ = by_phase(4, "njet")
    players = public.table.players
    swapped = tuple(dataclasses.replace(p, character=players[-1 - i].character) for i, p in enumerate(players))
    other = dataclasses.replace(public, table=dataclasses.replace(public.table, players=swapped))
    PICTURES.table(public, NAMES, "fr")
    after = PICTURES.table(other, NAMES, "fr")
    empty_every_cache()
    assert after == PICTURES.table(other, NAMES, "fr")
