"""Which moves play themselves (``forced``) and which may be taken back (``undoable``), game by game.

Scenarios use fixed deals with expectations worked out by hand from the rules; a property test then plays seeded
random games of every declared game and checks what the table service relies on: a forced move is a legal move of
that seat, an undoable move showed nobody anything hidden, and restoring the state before it replays exactly.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

import pytest

from bot.games import nain_jaune
from bot.games import neurotrio
from bot.games import njet
from bot.games import triominos
from bot.games.base import Action
from bot.games.base import AnyEngine
from bot.games.base import Event
from bot.games.base import action_rng
from bot.games.base import validate_options
from bot.games.chat_vert import engine as chat_vert
from bot.games.chat_vert.rules import validate_rule
from bot.registry import GAMES
from bot.registry import GameSpec
from bot.registry import engine_of

RNG = random.Random(7)


def apply(engine: AnyEngine, state: Any, seat: int, action: Action) -> tuple[Any, list[Event]]:
    """Apply ``action`` and return (the state before it, its events), as the table service keeps them."""
    before = copy.deepcopy(state)
    return before, engine.apply(state, seat, action, RNG)


# ----- Nain Jaune -----


def nain_jaune_deal(hands: list[list[str]], **options: Any) -> nain_jaune.NainJauneState:
    state = nain_jaune.GAME.setup(len(hands), options, random.Random(0))
    return nain_jaune.deal_fixed(state, hands, dealer=1)


def lay(card: str) -> Action:
    return Action.of("play", card=card)


def test_nain_jaune_lone_card_plays_itself_and_a_card_laid_in_a_run_may_be_taken_back() -> None:
    game = nain_jaune.GAME
    state = nain_jaune_deal([["5H", "6S", "9C"], ["2S", "3S", "KS"]])
    assert game.forced(state, 0) is None  # a new sequence: any of three cards
    before, events = apply(game, state, 0, lay("5H"))
    assert [e.kind for e in events] == ["play"]
    assert game.undoable(before, 0, lay("5H"), events)
    assert game.forced(state, 0) == lay("6S")  # the only 6
    assert game.forced(state, 1) is None  # not seat 1's turn
    before, events = apply(game, state, 0, lay("6S"))
    # sans 7 and sans 8 go round (seat 1 shows it has neither): final
    assert [e.kind for e in events][:3] == ["play", "sans", "pass"]
    assert not game.undoable(before, 0, lay("6S"), events)
    assert game.forced(state, 0) == lay("9C")  # the walk came back with 9 wanted
    before, events = apply(game, state, 0, lay("9C"))
    assert "deal_end" in [e.kind for e in events]
    assert not game.undoable(before, 0, lay("9C"), events)


def test_nain_jaune_box_taken_in_a_run_may_be_taken_back_until_the_turn_leaves() -> None:
    game = nain_jaune.GAME
    state = nain_jaune_deal([["10D", "JC", "4S"], ["2S", "3S", "KS"]])
    before, events = apply(game, state, 0, lay("10D"))
    assert [e.kind for e in events] == ["play", "take"]
    assert game.undoable(before, 0, lay("10D"), events)
    assert game.forced(state, 0) == lay("JC")
    before, events = apply(game, state, 0, lay("JC"))
    assert state.current == 1  # sans Q, then sans K answered by seat 1's KS
    assert not game.undoable(before, 0, lay("JC"), events)


def test_nain_jaune_claim_while_the_run_goes_on_may_be_taken_back() -> None:
    game = nain_jaune.GAME
    state = nain_jaune_deal([["10D", "JC", "4S"], ["2S", "3S", "KS"]], announce=True)
    game.apply(state, 0, lay("10D"), RNG)
    assert game.forced(state, 0) is None  # lay JC or claim 10D
    claim = Action.of("claim", card="10D")
    before, events = apply(game, state, 0, claim)
    assert [e.kind for e in events] == ["take"]
    assert game.undoable(before, 0, claim, events)


# ----- Triominos -----

BOARD = [(0, 0, (0, 0, 0)), (0, 1, (0, 5, 0))]
"""0-0-0 up at the origin, 0-0-5 down beside it. The free edges want (-, 0, 0) at (0, -1), (0, 0, -) at (1, 0),
(5, -, 0) at (0, 2) and (-, 5, 0) at (-1, 1), corners read clockwise."""
LONE = Action.of("place", tile="0-1-5", r=-1, c=1, rot=1)
"""0-1-5 turned to (1, 5, 0): its only fit. 1-2-3 and 2-3-4 fit nowhere (no 0 beside a 0 or a 5)."""


def triominos_round(hands: list[list[str]], pool: Sequence[str] = ()) -> triominos.TriominosState:
    state = triominos.GAME.setup(len(hands), {"rounds": 1}, random.Random(0))
    return triominos.fixed_round(state, hands=hands, pool=list(pool), board=BOARD)


def test_triominos_lone_placement_plays_itself_and_may_be_taken_back() -> None:
    game = triominos.GAME
    state = triominos_round([["0-1-5", "1-2-3"], ["0-0-2"]])
    assert game.legal_actions(state, 0) == [LONE]
    assert game.forced(state, 0) == LONE
    before, events = apply(game, state, 0, LONE)
    assert [e.kind for e in events] == ["place"]  # 0-0-2 still fits at (1, 0): the round goes on
    assert game.undoable(before, 0, LONE, events)


def test_triominos_placement_that_blocks_the_round_is_final() -> None:
    game = triominos.GAME
    state = triominos_round([["0-1-5", "1-2-3"], ["2-3-4"]])
    before, events = apply(game, state, 0, LONE)
    assert [e.kind for e in events][:2] == ["place", "round_end"]
    assert not game.undoable(before, 0, LONE, events)


def test_triominos_lone_draw_and_lone_pass_play_themselves_and_are_final() -> None:
    game = triominos.GAME
    draw, passing = Action.of("draw"), Action.of("pass")
    state = triominos_round([["1-2-3", "2-3-4"], ["0-0-2"]], pool=["4-4-4"])
    assert game.forced(state, 0) == draw
    before, events = apply(game, state, 0, draw)
    assert not game.undoable(before, 0, draw, events)
    state = triominos_round([["1-2-3", "2-3-4"], ["0-0-2"]])
    assert game.forced(state, 0) == passing
    before, events = apply(game, state, 0, passing)
    assert not game.undoable(before, 0, passing, events)


# ----- Neurotrio -----


def neurotrio_deal(hands: list[list[str]]) -> neurotrio.NeurotrioState:
    state = neurotrio.GAME.setup(len(hands), {}, random.Random(0))
    return neurotrio.deal_fixed(state, hands, hidden="RN1", first="CN1")


def corner_domain(state: neurotrio.NeurotrioState) -> neurotrio.NeurotrioState:
    """CN1 at (0, 0) over RB3 (1, 0) and RB2 (1, 1), at most two rows: CN2 fits only at (0, -1). Above CN1 is a
    third row; at (0, 1) it would touch RB2 too (force only); below and beside the RBs nothing of CN2 matches."""
    state.grid = {(0, 0): "CN1", (1, 0): "RB3", (1, 1): "RB2"}
    state.box = (0, 1, 0, 1)
    state.rows = 2
    return state


def test_neurotrio_lone_pass_before_deux_cartes_is_the_players_choice() -> None:
    game = neurotrio.GAME
    state = neurotrio_deal([["RV2", "EB3", "RV3"], ["CN2", "EV1", "EV2"], ["CB1", "EB1", "EB2"]])
    assert game.legal_actions(state, 0) == [Action.of("pass")]  # nothing shares two attributes with CN1
    assert game.forced(state, 0) is None
    before, events = apply(game, state, 0, Action.of("pass"))
    assert game.undoable(before, 0, Action.of("pass"), events)


def test_neurotrio_nothing_plays_itself_while_neuro_may_be_called() -> None:
    game = neurotrio.GAME
    state = neurotrio_deal([["RV2", "EB3", "RV3"], ["RV1", "EB2"], ["CN2", "EV1", "EV2"]])
    assert state.deux_cartes
    game.apply(state, 0, Action.of("pass"), RNG)
    state.cartons[1] = []  # seat 1 can no longer call: only seats 0 and 2 may
    assert game.legal_actions(state, 1) == [Action.of("pass")]
    assert game.interrupters(state) == {0, 2}
    assert game.forced(state, 1) is None
    state.cartons = [[], [], []]
    assert game.forced(state, 1) == Action.of("pass")  # after "deux cartes" a pass says only "no fit"


def test_neurotrio_lone_placement_plays_itself_only_for_the_last_card() -> None:
    game = neurotrio.GAME
    place = Action.of("place", card="CN2", r=0, c=-1)
    state = corner_domain(neurotrio_deal([["CN2", "EV3"], ["EV1", "EV2", "EB1"], ["EB2", "RV1", "RV2"]]))
    assert game.legal_actions(state, 0) == [place]
    assert game.forced(state, 0) is None  # it would show that EV3 fits nowhere
    before, events = apply(game, state, 0, place)
    assert [e.kind for e in events] == ["place"]
    assert game.undoable(before, 0, place, events)
    state = corner_domain(neurotrio_deal([["CN2"], ["EV1", "EV2", "EB1"], ["EB2", "RV1", "RV2"]]))
    assert game.forced(state, 0) == place
    before, events = apply(game, state, 0, place)
    assert "out" in [e.kind for e in events]
    assert not game.undoable(before, 0, place, events)


def test_neurotrio_neuro_is_final_and_a_bid_may_be_taken_back_until_the_auction_ends() -> None:
    game = neurotrio.GAME
    state = neurotrio_deal([["RV2", "EB3", "RV3"], ["CN2", "EV1", "EV2"], ["CB1", "EB1", "EB2"]])
    game.apply(state, 0, Action.of("pass"), RNG)
    before, events = apply(game, state, 2, Action.of("neuro"))
    assert not game.undoable(before, 2, Action.of("neuro"), events)
    bid = Action.of("bid", base=7, r=0, c=0, carton="1")
    before, events = apply(game, state, 2, bid)
    assert [e.private_to for e in events] == [None, frozenset({2})]
    assert game.undoable(before, 2, bid, events)
    game.apply(state, 0, Action.of("nobid"), RNG)
    before, events = apply(game, state, 1, Action.of("nobid"))
    assert [e.kind for e in events] == ["nobid", "auction_end"]
    assert not game.undoable(before, 1, Action.of("nobid"), events)


# ----- Njet! -----


def njet_round(hands: list[list[str]], discard: str) -> njet.NjetState:
    """Four players, seat 0 starts with trump red, no super-trump, ``discard`` cards each; seat 0 takes seat 2."""
    game = njet.GAME
    state = njet.deal_fixed(game.setup(4, {}, random.Random(0)), hands, dealer=3)
    rules = {"start": "0", "discard": discard, "trump": "R", "super": "none", "points": "1"}
    stones = [(row, o) for row in njet.ROWS for o in njet.row_options(row, 4) if o != rules[row]]
    for row, option in stones:
        (seat,) = game.to_act(state)
        game.apply(state, seat, Action.of("block", row=row, option=option), RNG)
    game.apply(state, 0, Action.of("partner", seat=2), RNG)
    return state


def test_njet_stones_may_be_taken_back_but_not_the_last() -> None:
    game = njet.GAME
    state = njet.deal_fixed(game.setup(4, {}, random.Random(0)), [["B5"], ["B3"], ["B2"], ["G3"]], dealer=3)
    stones = [(row, o) for row in njet.ROWS for o in njet.row_options(row, 4)[1:]]
    for k, (row, option) in enumerate(stones):
        (seat,) = game.to_act(state)
        stone = Action.of("block", row=row, option=option)
        assert game.forced(state, seat) is None  # every open row has two options or more
        before, events = apply(game, state, seat, stone)
        assert game.undoable(before, seat, stone, events) == (k < len(stones) - 1)
    assert state.phase == "partner"


def test_njet_discards_never_play_themselves() -> None:
    game = njet.GAME
    state = njet_round([["B5", "B9"], ["B3", "K4"], ["G7", "B2"], ["R1", "R1"]], discard="1")
    assert game.legal_actions(state, 3) == [Action.of("discard", cards=["R1"])]
    assert game.forced(state, 3) is None
    first = Action.of("discard", cards=["B5"])
    before, events = apply(game, state, 0, first)
    assert game.undoable(before, 0, first, events)
    for seat, card in ((1, "K4"), (2, "G7")):
        game.apply(state, seat, Action.of("discard", cards=[card]), RNG)
    last = Action.of("discard", cards=["R1"])
    before, events = apply(game, state, 3, last)
    assert state.phase == "tricks"
    assert not game.undoable(before, 3, last, events)


def test_njet_lone_card_plays_itself_only_when_it_is_the_last() -> None:
    game = njet.GAME
    state = njet_round([["B5", "B9"], ["B3", "K4"], ["G7", "B2"], ["K9", "G3"]], discard="0")
    assert state.phase == "tricks"
    assert game.forced(state, 0) is None  # the lead: two cards
    before, events = apply(game, state, 0, lay("B9"))
    assert game.undoable(before, 0, lay("B9"), events)
    assert game.legal_actions(state, 1) == [lay("B3")]
    assert game.forced(state, 1) is None  # it would tell the table that K4 is not blue
    game.apply(state, 1, lay("B3"), RNG)
    assert game.forced(state, 2) is None
    game.apply(state, 2, lay("B2"), RNG)
    before, events = apply(game, state, 3, lay("G3"))  # no blue, no red: a free choice
    assert [e.kind for e in events] == ["play", "trick"]
    assert not game.undoable(before, 3, lay("G3"), events)
    assert game.forced(state, 0) == lay("B5")  # seat 0 won with B9 and leads its last card
    game.apply(state, 0, lay("B5"), RNG)
    assert game.forced(state, 1) == lay("K4")


# ----- Le Chat vert -----

FILLER = ["G7", "G8", "G9"]


def chat_vert_deal(hands: list[list[str]], rules: Sequence[dict[str, Any]] = ()) -> chat_vert.ChatVertState:
    state = chat_vert.GAME.setup(len(hands), {"rules": list(rules), "timer": 0}, random.Random(0))
    return chat_vert.deal_fixed(state, hands, top="Y5", turn=0)


def test_chat_vert_lone_draw_never_plays_itself() -> None:
    game = chat_vert.GAME
    state = chat_vert_deal([["YD", *FILLER], ["B1", "B2", "B3"]])
    game.apply(state, 0, Action.of("play", card="YD", n=1, colour=None), RNG)
    assert game.legal_actions(state, 1) == [Action.of("draw")]  # the +2 must be drawn
    assert game.forced(state, 1) is None  # a "ficelle" phrase or a claim may still come


def test_chat_vert_play_may_be_taken_back_only_without_added_rules() -> None:
    game = chat_vert.GAME
    play = Action.of("play", card="Y7", n=1, colour=None)
    state = chat_vert_deal([["Y7", *FILLER], ["B1", "B2", "B3"]])
    before, events = apply(game, state, 0, play)
    assert [e.kind for e in events] == ["play"]
    assert game.undoable(before, 0, play, events)
    before, events = apply(game, state, 1, Action.of("draw"))
    assert not game.undoable(before, 1, Action.of("draw"), events)
    tortue = validate_rule({"id": 1, "template": "greater", "phrase": "Tortue"})
    state = chat_vert_deal([["Y7", *FILLER], ["B1", "B2", "B3"]], rules=[tortue])
    play = Action.of("play", card="Y7", n=1, colour=None, say="Tortue")
    before, events = apply(game, state, 0, play)
    assert [e.kind for e in events] == ["play"]  # said right: no penalty, which tells the rule's secret
    assert not game.undoable(before, 0, play, events)


# ----- every game: the property -----

FACE_UP = {"play": ("card",), "place": ("card", "tile")}
"""Actions that lay a card (or tile) face up from the mover's hand, and the argument naming it."""


def chosen(action: Action) -> set[str]:
    """What the mover chose to put on the table: the card or tile laid face up, or a Neurotrio bid's own hidden
    mention (``"<base>:<carton>"``, a secret of the bidder from now on, but one it made itself)."""
    out = {str(action.get(name)) for name in FACE_UP.get(action.kind, ())}
    if action.kind == "bid":
        out.add(f"{action.get('base')}:{action.get('carton')}")
    return out


FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names (none for anything else), looked up once per type."""
    if kind not in FIELDS:
        FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(kind) else ()
    return FIELDS[kind]


def strings(value: object) -> set[str]:
    """Every string inside a view (dataclass fields, containers, events' data), but its list of legal moves:
    they only name what the seat's own part already shows."""
    out: set[str] = set()
    collect(value, out)
    return out


def collect(value: object, out: set[str]) -> None:
    kind = type(value)
    if isinstance(value, str):
        out.add(value)
    elif kind in (int, bool, float, type(None)):
        return
    elif names := field_names(kind):
        for name in names:
            if name != "legal":
                collect(getattr(value, name), out)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            collect(key, out)
            collect(item, out)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            collect(item, out)


def secrets(engine: AnyEngine, state: Any) -> set[str]:
    """Every seat's secrets now."""
    return {s for seat in range(len(engine.scores(state))) for s in engine.secrets(state, seat)}


def leaked(engine: AnyEngine, before: Any, after: Any, action: Action) -> set[str]:
    """Secrets of any seat at ``before``, not public then, that the public view shows after the move, but what the
    mover chose to lay face up."""
    hidden = secrets(engine, before) - strings(engine.public_view(before))
    return (hidden & strings(engine.public_view(after))) - chosen(action)


def learnt(engine: AnyEngine, before: Any, after: Any, action: Action) -> set[str]:
    """Secrets (after the move) that some seat sees now and did not see before, beyond the mover's own choice:
    a card drawn, a hand shown to someone. The public view has no secret (the conformance suite checks it)."""
    hidden = secrets(engine, after) - chosen(action)
    out: set[str] = set()
    for seat in range(len(engine.scores(after))):
        seen = strings(engine.view(after, seat)) - strings(engine.view(before, seat))
        out |= seen & hidden
    return out


def pick(engine: AnyEngine, state: Any, rng: random.Random) -> tuple[int, Action]:
    """A random legal move of an awaited seat, or now and then an interruption."""
    for seat in sorted(engine.interrupters(state) - engine.to_act(state)):
        legal = engine.legal_actions(state, seat)
        if legal and rng.random() < 0.05:
            return seat, rng.choice(legal)
    seat = rng.choice(sorted(engine.to_act(state)))
    return seat, rng.choice(engine.legal_actions(state, seat))


def check_move(engine: AnyEngine, state: Any, seat: int, action: Action, number: int, seed: int) -> bool:
    """Apply one move, checking ``undoable`` against it; True when it was undoable."""
    before = copy.deepcopy(state)
    events = engine.apply(state, seat, action, action_rng(seed, number))
    if not engine.undoable(before, seat, action, events):
        return False
    assert all(e.private_to is None or e.private_to == {seat} for e in events), (action, events)
    assert not leaked(engine, before, state, action), (action, events)
    assert not learnt(engine, before, state, action), (action, events)
    again = copy.deepcopy(before)
    assert engine.apply(again, seat, action, action_rng(seed, number)) == events
    assert again == state
    return True


def run(spec: GameSpec, players: int, seed: int, moves: int = 80) -> tuple[int, int]:
    """Play up to ``moves`` random moves; (moves found undoable, seats offered a forced move)."""
    engine = engine_of(spec.kind)
    state = engine.setup(players, validate_options(engine, dict(spec.short)), action_rng(seed, 0))
    rng = random.Random(seed)
    undone = forced = 0
    for number in range(1, moves + 1):
        if engine.is_over(state):
            break
        for seat in range(players):
            move = engine.forced(state, seat)
            if move is not None:
                assert engine.accepts(state, seat, move), (seat, move)
                assert move in engine.legal_actions(state, seat)
                forced += 1
        seat, action = pick(engine, state, rng)
        undone += check_move(engine, state, seat, action, number, seed)
    return undone, forced


LARGEST = 4
"""Tables up to this size: Le Chat vert's ``secrets`` looks at every view, so larger tables would cost seconds."""
SEEDS = 2


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.kind)
def test_forced_moves_are_legal_and_undoable_moves_reveal_nothing(spec: GameSpec) -> None:
    engine = engine_of(spec.kind)
    undone = forced = 0
    for players in sorted({engine.min_players, min(engine.max_players, LARGEST)}):
        for seed in range(SEEDS):
            u, f = run(spec, players, seed)
            undone += u
            forced += f
    assert undone > 0  # every game has moves that may be taken back
    if spec.kind == "chat_vert":
        assert forced == 0  # every move may carry words: never played for the player
    else:
        assert forced > 0
