"""Le Chat vert pictures, drawn from views the engine produced: seeded games of 2 and 10 seats at every phase,
and fixed deals for the markers (a major's colour, a pending +2/+4, a skip, a drawn card, the string, 60 cards).

The pictures only ever get counts of the added rules: no rule's text is read by the drawing modules.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.base import Action
from bot.games.base import action_rng
from bot.games.chat_vert.engine import DECK
from bot.games.chat_vert.engine import GAME
from bot.games.chat_vert.engine import ChatVertState
from bot.games.chat_vert.engine import deal_fixed
from bot.games.chat_vert.rules import validate_rule
from bot.games.chat_vert.views import ChatVertSeatView
from bot.games.chat_vert.views import ChatVertTableView
from bot.games.chat_vert.views import SeatInfo
from bot.i18n import catalog
from bot.i18n import placeholders
from bot.players.chat_vert import PLAYER
from bot.texts.chat_vert import hand_slots
from renders import chat_vert as cv
from renders import kit
from renders import measure
from renders.chat_vert import cards
from renders.chat_vert import hand
from renders.chat_vert import table
from tests.renders import support
from tests.renders.support import BUDGET
from tests.renders.support import LONG_NAMES

TABLE_BUDGET = 200 * 1024
"""A table picture at most 200 KiB (the design's budget); any picture under 1 MB."""

SECRET_RULES = [
    {"id": 1, "template": "say", "cond": {"colour": "R", "number": 7, "kind": None}, "phrase": "Saucisson sec"},
    {"id": 2, "template": "ficelle", "phrase": "Ficelle magique"},
    {"id": 3, "template": "free", "text": "Toucher son nez", "message": "Le nez !"},
]
H = ["G7", "G8", "G9"]


def open_png(data: bytes, size: tuple[int, int] | None = None, budget: int = BUDGET) -> Image.Image:
    """A PNG under ``budget`` (of ``size`` if given), 300 to 1000 px wide and 200 to 2000 px high."""
    image = support.open_png(data, size, budget)
    assert 300 <= image.width <= 1000 and 200 <= image.height <= 2000
    return image


def draw_table(view: ChatVertTableView, names: Sequence[str] = LONG_NAMES, locale: str = "fr") -> bytes:
    return cv.PICTURES.table(view, list(names), locale)


def draw_hand(view: ChatVertSeatView, locale: str = "fr") -> bytes:
    return cv.PICTURES.hand(view, locale)


def rules() -> list[dict[str, Any]]:
    return [validate_rule({**r, "author": None, "author_name": "", "seen": True}) for r in SECRET_RULES]


def game_states(players: int, seed: int, every: int) -> Iterator[ChatVertState]:
    """A seeded game played by the computer player for every seat (the added rules in force), every ``every``
    moves from the deal (the dealer's choice) to the end (the winner)."""
    state = GAME.setup(players, {"rules": rules(), "timer": 0}, action_rng(seed, 0))
    rng = random.Random(seed)
    yield state
    for number in range(1, 3000):
        if GAME.is_over(state):
            yield state
            return
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, PLAYER.act(state, seat, rng), action_rng(seed, number))
        if number % every == 0:
            yield state
    raise AssertionError("the game did not end")


def fixed(hands: Sequence[Sequence[str]], top: str = "R5", turn: int | None = 0, dealer: int = 0) -> ChatVertState:
    state = GAME.setup(len(hands), {"rules": rules(), "timer": 0}, random.Random(0))
    return deal_fixed(state, hands, top=top, turn=turn, dealer=dealer)


def play(state: ChatVertState, seat: int, card: str, colour: str | None = None) -> None:
    GAME.apply(state, seat, Action.of("play", card=card, n=1, colour=colour), random.Random(0))


# --- seeded games, every phase ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(10, 1), (2, 2)])
def test_seeded_games_draw_at_every_phase(players: int, seed: int) -> None:
    phases = set()
    for state in game_states(players, seed, every=25 if players == 10 else 12):
        public = GAME.public_view(state)
        phases.add(public.phase)
        locale = "en" if len(phases) % 2 else "fr"
        open_png(draw_table(public, LONG_NAMES[:players], locale), (table.WIDTH, table.HEIGHT), TABLE_BUDGET)
        seat = min(public.to_act) if public.to_act else 0
        open_png(draw_hand(GAME.view(state, seat), locale))
    assert phases == {"direction", "play", "over"}


def test_phases_look_different() -> None:
    state = fixed([["R7", *H], ["B1", "B2", "B3"]], turn=None, dealer=1)
    choosing = draw_table(GAME.public_view(state))
    GAME.apply(state, 1, Action.of("first", dir=1), random.Random(0))
    playing = draw_table(GAME.public_view(state))
    state = fixed([["R4"], ["B1", "B2", "B3"]])
    play(state, 0, "R4")
    assert GAME.is_over(state)
    over = draw_table(GAME.public_view(state))
    assert len({choosing, playing, over}) == 3
    assert draw_hand(GAME.view(state, 0)) != draw_hand(GAME.view(state, 1))


# --- the table's markers, from fixed deals ---------------------------------------------------------------


def test_the_chosen_colour_shows_after_a_major() -> None:
    pictures = set()
    for colour in ("R", "B"):
        state = fixed([["W", *H], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
        play(state, 0, "W", colour)
        assert GAME.public_view(state).table.top_major
        pictures.add(draw_table(GAME.public_view(state)))
    assert len(pictures) == 2


def test_the_pending_badge_skip_and_drawing_show() -> None:
    state = fixed([["RD", "RS", *H], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
    plain = draw_table(GAME.public_view(state))
    play(state, 0, "RD")
    pending = GAME.public_view(state)
    assert pending.table.pending is not None and pending.table.seats[1].targeted
    assert draw_table(pending) != plain
    GAME.apply(state, 1, Action.of("draw"), random.Random(0))
    GAME.apply(state, 2, Action.of("draw"), random.Random(0))
    public = GAME.public_view(state)
    if public.table.drawing is not None:
        assert "drawing" in public.table.seats[public.table.drawing].marks
    open_png(draw_table(public))


def test_the_string_shows_with_its_rule() -> None:
    state = fixed([["RD", *H], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
    before = draw_table(GAME.public_view(state))
    play(state, 0, "RD")
    GAME.apply(state, 1, Action.of("draw"), random.Random(0))
    public = GAME.public_view(state)
    assert public.table.ficelle == 1 and "ficelle" in public.table.seats[1].marks
    assert draw_table(public) != before
    hand_view = GAME.view(state, 1)
    open_png(draw_hand(hand_view))


def test_the_rules_are_not_drawn_and_the_language_shows_on_the_cards() -> None:
    """The number of added rules is in the message's text, not on the picture; a green card's initial is V in
    French and G in English."""
    state = fixed([["R7", *H], ["B1", "B2", "B3"]])
    public = GAME.public_view(state)
    assert public.table.rules == 3
    bare = dataclasses.replace(public, table=dataclasses.replace(public.table, rules=0))
    assert draw_table(public) == draw_table(bare)
    green = GAME.public_view(fixed([["R7", *H[:2]], ["B1", "B2", "B3"]], top="G9"))
    assert draw_table(green, locale="fr") != draw_table(green, locale="en-GB")


def test_the_table_draws_names_counts_and_marks_only() -> None:
    """Whose turn, the rules and the markers' meaning are said by the message's text: the table's only words are
    the seats' names and card counts, the penalty waiting on the pile and the draw pile's size (the 112 cards but
    the 10 dealt and the red 5 turned up)."""
    state = fixed([["RD", *H], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
    play(state, 0, "RD")
    with measure.recording() as marks:
        draw_table(GAME.public_view(state), ["Zoé", "Hugo", "Léa"])
    texts = sorted(mark.text for mark in marks if not mark.symbol)
    assert texts == sorted(["Zoé", "Hugo", "Léa", "3", "3", "3", "+2", "Pioche ", "101"])


def test_missing_names_fall_back() -> None:
    public = GAME.public_view(fixed([["R7", *H], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]]))
    open_png(draw_table(public, []))
    open_png(draw_table(public, ["", "😀", "\u200b"]))


def test_seats_do_not_overlap() -> None:
    for players in range(2, 11):
        w, h = table.plate_size(players)
        boxes = [(x - w // 2, y - h // 2, x + w // 2, y + h // 2) for x, y in table.seat_positions(players)]
        for box in boxes:
            assert box[0] >= 0 and box[2] <= table.WIDTH and box[1] >= table.TOP and box[3] <= table.HEIGHT
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (players, a, b)


def test_seats_go_clockwise_from_the_bottom() -> None:
    positions = table.seat_positions(4)
    cx, cy = table.CENTRE
    assert positions[0][1] > cy  # seat 0 at the bottom
    assert positions[1][0] < cx  # then the left
    assert positions[2][1] < cy  # the top
    assert positions[3][0] > cx  # and the right


def test_no_module_reads_rule_texts() -> None:
    for module in (cards, table, hand, cv):
        source = Path(str(module.__file__)).read_text(encoding="utf-8")
        for word in (".penalties", "phrase", ".expected", ".said", '"template"', ".message"):
            assert word not in source, (module.__name__, word)


# --- the hand ---------------------------------------------------------------------------------------------


def test_hand_layout_never_cuts_a_card() -> None:
    for count in range(1, 81):
        per_row, rows, card, step = hand.hand_layout(count)
        assert per_row * rows >= count > per_row * (rows - 1)
        assert rows <= hand.ROWS and card >= hand.CARD_MIN
        assert 2 * hand.MARGIN + card + step * (per_row - 1) <= hand.WIDTH + 0.5
        card_h = kit.card_size(card)[1]
        assert rows * (hand.HAND_RAISE + card_h + hand.LABEL) + (rows - 1) * hand.ROW_GAP <= hand.FRAME_H
        if per_row > 1 and count <= hand.CAPACITY:
            # each card's corner (symbol and colour initial) stays in sight
            assert step >= card * cards.CORNER_COLUMN
    assert hand.hand_layout(0) == (0, 0, 0, 0.0)


def test_a_small_hand_is_large_and_spread_out_before_cards_overlap() -> None:
    """The frame holds two rows of 89 px cards (4 * 89 + 3 * 8 = 380 = 400 - 2 * 10). One or two cards are 130 px
    wide; three share the row, (380 - 2 * 8) // 3 = 121 px each; four fill it at 89; five to eight go on two rows
    of 89; nine overlap, five to a row, (380 - 89) / 4 = 72.75 px apart; 20 numbers still show every corner."""
    assert hand.hand_layout(1) == (1, 1, 130, 138.0)
    assert hand.hand_layout(2) == (2, 1, 130, 138.0)
    assert hand.hand_layout(3) == (3, 1, 121, 129.0)
    assert hand.hand_layout(4) == (4, 1, 89, 97.0)
    assert hand.hand_layout(6) == (3, 2, 89, 97.0)
    assert hand.hand_layout(8) == (4, 2, 89, 97.0)
    assert hand.hand_layout(9) == (5, 2, 89, 72.75)
    assert hand.CAPACITY == 20
    per_row, rows, card, step = hand.hand_layout(20)
    assert (per_row, rows, card) == (10, 2, hand.CARD_MIN) and step >= hand.step_min(card)


def test_equal_cards_lie_under_one_number() -> None:
    """Two red 7s and three wilds: numbers 1 (the red 7s, "×2"), 2 (the blue 2) and 3 (the wilds, "×3"), as the
    panel's buttons number them; without the second 7 the picture differs."""
    state = fixed([["R7", "R7", "B2", "W", "W", "W"], ["B1", "B2", "B3"]])
    with measure.recording() as marks:
        pair = draw_hand(GAME.view(state, 0))
    texts = {mark.text for mark in marks if not mark.symbol}
    assert texts == {"1 ×2", "2", "3 ×3"}
    single = draw_hand(GAME.view(fixed([["R7", "B2", "W", "W", "W"], ["B1", "B2", "B3"]]), 0))
    assert pair != single


def test_the_hand_draws_only_its_cards() -> None:
    """The colour, the skip and the string all weigh on seat 1: the panel's text says them, the picture draws only
    the cards and their numbers."""
    state = fixed([["F", "Y3", "R7"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
    play(state, 0, "F", "B")
    GAME.apply(state, 1, Action.of("draw"), random.Random(0))  # takes the +4: the string is seat 1's
    state.skipped = 1
    with measure.recording() as marks:
        image = open_png(draw_hand(GAME.view(state, 1)))
    assert image.size == (hand.WIDTH, hand.HEIGHT)
    # the +4 drew the top of the stock, in deck order: both yellow 0s, then the yellow 1 and 2 seat 2 does not hold
    assert GAME.view(state, 1).own.hand == ("Y0", "Y0", "Y1", "Y2", "B1", "B2", "B3")
    assert {mark.text for mark in marks if not mark.symbol} == {"1 ×2", "2", "3", "4", "5", "6"}


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_sixty_card_hand(locale: str) -> None:
    pool = [c for c in DECK if c not in ("R5",)]
    state = fixed([pool[:60], pool[60:63], pool[63:66]], top="R5")
    view = GAME.view(state, 0)
    assert len(view.own.hand) == 60 and view.own.task == "turn" and view.own.playable
    open_png(draw_hand(view, locale), (hand.WIDTH, hand.HEIGHT))


HAND_BUDGET = 100 * 1024
"""A hand picture at most 100 KiB (the design's budget)."""
HAND_AIM = 90 * 1024
"""What a hand that still shows every card's corner stays under: a margin for the hands a game really deals."""


@pytest.mark.parametrize(("count", "budget"), [(15, HAND_AIM), (21, HAND_AIM), (39, HAND_BUDGET), (80, HAND_BUDGET)])
def test_the_fullest_hands_stay_within_their_budget(count: int, budget: int) -> None:
    """Hands of every colour and symbol, the playable cards lit and the others dimmed: the heaviest pictures, up to
    the most different cards whose corners all show (``hand.CAPACITY``), then far past it."""
    pool = [c for c in DECK if c != "R5"]
    random.Random(count).shuffle(pool)
    state = fixed([pool[:count], pool[count : count + 3]], top="R5")
    view = GAME.view(state, 0)
    assert len(view.own.hand) == count and view.own.playable and len(view.own.playable) < count
    assert (len(hand_slots(view.own.hand)) <= hand.CAPACITY) == (budget == HAND_AIM)
    open_png(draw_hand(view), (hand.WIDTH, hand.HEIGHT), budget)


def test_a_hand_keeps_one_size_as_it_grows() -> None:
    pool = [c for c in DECK if c not in ("R5",)]
    pictures = set()
    for count in (0, 1, 7, 15, 16, 31, 46):
        state = fixed([pool[:count], pool[count : count + 3]], top="R5", turn=1)
        data = draw_hand(GAME.view(state, 0))
        open_png(data, (hand.WIDTH, hand.HEIGHT))
        pictures.add(data)
    assert len(pictures) == 7


def test_playable_cards_are_marked_only_on_the_seats_turn() -> None:
    state = fixed([["Y3", "R7", "B2", "W"], ["Y3", "R7", "B2", "W"]], top="R5")
    mine, theirs = GAME.view(state, 0), GAME.view(state, 1)
    assert mine.own.playable == ("R7", "W") and theirs.own.playable == ()
    assert mine.own.hand == theirs.own.hand
    assert draw_hand(mine) != draw_hand(theirs)


def test_the_drawn_card_is_marked() -> None:
    state = GAME.setup(2, {"timer": 0}, random.Random(0))
    deal_fixed(state, [["Y3", "B2"], H], top="R5", stock=["R9"], turn=0)
    before = draw_hand(GAME.view(state, 0))
    GAME.apply(state, 0, Action.of("draw"), random.Random(0))
    view = GAME.view(state, 0)
    assert view.own.drawn == "R9" and view.own.task == "drawn" and view.own.playable == ("R9",)
    assert draw_hand(view) != before


def test_every_card_corner_reads_on_a_phone_in_a_hand() -> None:
    """A hand is 400 px wide, shown 265 px wide on a phone: each mark of its narrowest card (the symbol and colour
    initial in the corner that stays in sight when cards overlap) is at least 10 * 400 / 265 = 15.1 px tall."""
    for code in cards.ALL_CARDS:
        canvas = kit.new_canvas(100, 130)
        with measure.recording() as marks:
            kit.paste(canvas, cv.card_face(code, hand.CARD_MIN, "fr"), (0, 0))
        assert marks, code
        assert min(mark.height for mark in marks) >= measure.PHONE_MIN * hand.WIDTH / measure.PHONE_WIDTH, code


def test_the_table_keeps_one_size_at_every_table_size() -> None:
    for players in (2, 5, 10):
        pool = [c for c in DECK if c != "R5"]
        public = GAME.public_view(fixed([pool[3 * seat : 3 * seat + 3] for seat in range(players)]))
        open_png(draw_table(public, LONG_NAMES[:players]), (table.WIDTH, table.HEIGHT), TABLE_BUDGET)
    # narrow, so that a phone (265 px) shows it at two thirds, and no taller than wide
    assert table.WIDTH == 400 and table.HEIGHT <= table.WIDTH


# --- cards and words --------------------------------------------------------------------------------------


def test_every_card_code_parses_and_draws() -> None:
    assert len(cards.ALL_CARDS) == 4 * 13 + 2
    for code in cards.ALL_CARDS:
        colour, _ = cv.parse_card(code)
        assert (colour is None) == (code in ("W", "F"))
        assert cv.card_face(code, 80, "fr").size == kit.card_size(80)
    for bad in ("", "X1", "R", "RX", "W1", "YY", "R10"):
        with pytest.raises(ValueError):
            cv.parse_card(bad)


def test_colour_initials_follow_the_language() -> None:
    assert [cv.colour_letter(c, "fr") for c in cards.COLOURS] == ["J", "R", "B", "V"]
    assert [cv.colour_letter(c, "en-US") for c in cards.COLOURS] == ["Y", "R", "B", "G"]
    for code in ("Y5", "GS"):
        assert cv.card_face(code, 90, "fr").tobytes() != cv.card_face(code, 90, "en").tobytes()
    for code in ("R5", "BD", "W", "F"):
        assert cv.card_face(code, 90, "fr").tobytes() == cv.card_face(code, 90, "en").tobytes()


def test_every_symbol_has_its_own_face() -> None:
    faces = {cv.card_face(code, 70, "fr").tobytes() for code in cards.ALL_CARDS}
    assert len(faces) == len(cards.ALL_CARDS)


def test_words_come_from_both_catalogs() -> None:
    fr, en = catalog("fr"), catalog("en")
    keys = [k for k in fr if k.startswith("cv.render.")]
    assert "cv.render.drawn" in keys and len(keys) >= 8
    for key in keys:
        assert key in en and fr[key].strip() and en[key].strip(), key
        assert placeholders(fr[key]) == placeholders(en[key]), key
    assert cards.words("fr", "player", n=3) == "Joueur 3"
    assert cards.words("en", "winner") == "Winner"


@pytest.mark.parametrize("cards", [3, 12])
@pytest.mark.parametrize("marks", [(), ("skipped",), ("ficelle",), ("skipped", "ficelle")])
def test_a_plate_keeps_its_count_markers_and_name_apart(cards: int, marks: tuple[Any, ...]) -> None:
    """A seat to play with its markers: those that do not fit on the right of the count go on the right of the
    name, which is cut to leave room (its first letter always shows); nothing leaves the plate or lies over
    something else."""
    info = SeatInfo(cards=cards, awaited=True, winner=False, targeted=False, marks=marks)
    w, h = table.PLATE
    canvas = kit.new_canvas(w, h)
    with measure.recording() as found:
        table._draw_seat(canvas, info, marks, (0, 0, w, h), 3, "Éloïse-Marguerite", "fr")
    texts = [mark.text for mark in found]
    assert str(cards) in texts and "▶" in texts and len(texts) == 3 + len(marks)
    assert any(text.startswith("É") for text in texts)
    boxes = [mark.box for mark in found]
    for x0, y0, x1, y1 in boxes:
        assert x0 >= 0 and x1 <= w and y0 >= 0 and y1 <= h
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


@pytest.mark.parametrize(("others", "label"), [(11, "1 ×2"), (19, "1")])
def test_the_copies_show_while_the_numbers_have_room(others: int, label: str) -> None:
    """Two yellow 0s then different cards: with 12 numbers, six to a row, 89 px cards lie (400 - 20 - 89) / 5 =
    58.2 px apart, room for "1 ×2"; with 20, ten to a row, 72 px cards lie 34.2 px apart, and only "1" shows."""
    rest = [c + s for c in "RBG" for s in "0123456789SRD" if c + s != "R5"][:others]
    state = fixed([["Y0", "Y0", *rest], ["Y1", "Y2", "Y3"]])
    with measure.recording() as marks:
        draw_hand(GAME.view(state, 0))
    numbers = [mark.text for mark in marks if not mark.symbol]
    assert len(numbers) == others + 1 and numbers[0] == label
