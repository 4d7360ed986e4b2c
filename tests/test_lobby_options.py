"""The lobby's option controls: the ladder of values, the selects made from a declaration, the service's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.base import BadOption
from bot.games.base import ChoiceOption
from bot.games.base import offered_options
from bot.registry import engine_of
from bot.service.tables import NullPublisher
from bot.service.tables import TableError
from bot.service.tables import TableService
from bot.store import GameRow
from cogs.lobby_options import LADDER_MAX
from cogs.lobby_options import OptionSelect
from cogs.lobby_options import ladder
from cogs.lobby_options import option_selects
from cogs.lobby_options import parsed
from cogs.lobby_options import shown
from tests.service_support import open_store


class Lobbies(NullPublisher):
    """Remembers each lobby it was asked to show again, with its options at that moment."""

    def __init__(self) -> None:
        self.shown: list[dict[str, object]] = []

    async def lobby_changed(self, game: GameRow) -> None:
        self.shown.append(dict(game.options))


async def _service(path: Path) -> tuple[TableService, Lobbies]:
    lobbies = Lobbies()
    return TableService(await open_store(path), lobbies, clock=lambda: 1_000_000.0), lobbies


async def _lobby(service: TableService, kind: str = "nain_jaune", players: int = 3) -> GameRow:
    row = await service.open_table(
        guild_id=1, channel_id=9, kind=kind, options={}, host_id=1, host_name="Alice", locale="en"
    )
    for user in range(2, players + 1):
        await service.join(row.id, user, f"P{user}")
    return row


async def _stored(service: TableService, game_id: int) -> GameRow:
    row = await service.store.get_game(game_id)
    assert row is not None
    return row


# -- the ladder -------------------------------------------------------------------------------------


def test_a_small_range_offers_every_value() -> None:
    assert ladder(1, 16, [8]) == list(range(1, 17))
    assert ladder(0, 20, [0]) == list(range(0, 21))


def test_a_wide_range_offers_round_numbers() -> None:
    assert ladder(1, 50, [10]) == [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50]
    assert ladder(50, 2000, [400]) == [50, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200,
                                       1500, 2000]  # fmt: skip


def test_a_very_wide_range_takes_coarser_rungs_to_fit_a_select() -> None:
    assert ladder(15, 10000, [120]) == [15, 20, 30, 40, 50, 60, 80, 100, 120, 150, 200, 300, 400, 500, 600, 800,
                                        1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000, 10000]  # fmt: skip
    assert ladder(15, 10000, [120, 7777]) == [15, 20, 30, 50, 100, 120, 150, 200, 300, 500, 1000, 1500, 2000, 3000,
                                              5000, 7777, 10000]  # fmt: skip


@pytest.mark.parametrize(
    ("low", "high", "must"),
    [(1, 50, [10, 7]), (15, 10000, [120, 9999]), (0, 600, [60, 599]), (-(10**18), 10**18, [7, -3]), (-40, 40, [0])],
)
def test_the_ladder_always_keeps_the_bounds_and_the_musts(low: int, high: int, must: list[int]) -> None:
    values = ladder(low, high, must)
    assert values[0] == low and values[-1] == high
    assert set(must) <= set(values)
    assert len(values) <= LADDER_MAX
    assert values == sorted(set(values))


def test_musts_out_of_range_are_left_out_and_an_empty_range_is_refused() -> None:
    assert ladder(1, 50, [0, 51]) == [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50]
    with pytest.raises(ValueError):
        ladder(5, 4, [])


# -- the selects ----------------------------------------------------------------------------------


async def test_the_lobby_has_one_select_per_offered_option(db_path: Path) -> None:
    service, _ = await _service(db_path)
    row = await _lobby(service)
    selects = option_selects(row)
    assert [s.item.custom_id for s in selects] == [f"tb:o:{row.id}:{n}" for n in ("deals", "tokens", "announce")]
    assert [s.item.row for s in selects] == [1, 2, 3]
    deals, tokens, announce = (s.item for s in selects)
    assert [o.value for o in deals.options] == ["1", "2", "3", "4", "5", "6", "8", "10", "12", "15", "20", "25", "30",
                                                "40", "50"]  # fmt: skip
    assert [o.value for o in deals.options if o.default] == ["10"]
    assert deals.options[7].label == "Deals: 10" and deals.options[7].description == "Default"
    assert deals.placeholder == "Deals: 10 (pick another value)"
    assert len(tokens.options) == LADDER_MAX and [o.value for o in tokens.options if o.default] == ["120"]
    assert [(o.label, o.value, o.default) for o in announce.options] == [
        ("Announce “qui prend”: yes", "yes", False),
        ("Announce “qui prend”: no", "no", True),
    ]
    assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for s in selects for o in s.item.options)


async def test_the_current_value_is_marked_even_off_the_round_numbers(db_path: Path) -> None:
    service, _ = await _service(db_path)
    row = await _lobby(service)
    row = await service.set_option(row.id, 1, "tokens", 777)
    tokens = option_selects(row)[1].item
    assert [o.value for o in tokens.options if o.default] == ["777"]
    assert "120" in [o.value for o in tokens.options] and len(tokens.options) <= LADDER_MAX


async def test_a_game_without_offered_options_has_no_select_and_chat_vert_shows_only_its_timer(db_path: Path) -> None:
    service, _ = await _service(db_path)
    assert option_selects(await _lobby(service, "neurotrio", players=1)) == []
    row = await service.open_table(
        guild_id=1, channel_id=10, kind="chat_vert", options={}, host_id=1, host_name="Alice", locale="fr"
    )
    assert [s.item.custom_id for s in option_selects(row)] == [f"tb:o:{row.id}:timer"]


def test_a_select_value_is_read_through_the_declaration() -> None:
    deals, _, announce = offered_options(engine_of("nain_jaune"))
    assert parsed(deals, "3") == 3 and parsed(announce, "yes") is True and parsed(announce, "no") is False
    for option, value in ((deals, "3.5"), (deals, "yes"), (announce, "1"), (deals, "9" * 30)):
        with pytest.raises(BadOption):
            parsed(option, value)


def test_a_named_choice_is_read_and_shown_as_itself_when_the_catalog_has_no_words_for_it() -> None:
    mode = ChoiceOption("mode", "fast", ("fast", "slow"))
    assert parsed(mode, "slow") == "slow" and shown(mode, "slow", "en") == "slow"


def test_the_template_takes_exactly_the_ids_the_selects_carry() -> None:
    template = OptionSelect.__discord_ui_compiled_template__
    assert template.fullmatch("tb:o:12:kids_scoring")
    assert not template.fullmatch("tb:o:12:Deals") and not template.fullmatch("tb:o:1234567890123456789:deals")


# -- the service ---------------------------------------------------------------------------------


async def test_the_host_changes_the_deals_and_the_game_is_played_with_them(db_path: Path) -> None:
    service, lobbies = await _service(db_path)
    row = await _lobby(service)
    changed = await service.set_option(row.id, 1, "deals", 3)
    assert changed.options == {"deals": 3, "tokens": 120, "announce": False}
    assert (await _stored(service, row.id)).options == {"deals": 3, "tokens": 120, "announce": False}
    assert lobbies.shown[-1] == {"deals": 3, "tokens": 120, "announce": False}
    await service.set_option(row.id, 1, "announce", True)
    live = await service.start(row.id, 1)
    assert live.state.deals == 3
    assert (await service.snapshot(row.id)).public.table.deals == 3
    assert (await _stored(service, row.id)).options == {"deals": 3, "tokens": 120, "announce": True}


async def test_only_the_host_may_change_an_option(db_path: Path) -> None:
    service, lobbies = await _service(db_path)
    row = await _lobby(service)
    before = len(lobbies.shown)
    with pytest.raises(TableError) as refused:
        await service.set_option(row.id, 2, "deals", 3)
    assert refused.value.code == "host_only"
    assert (await _stored(service, row.id)).options == {"deals": 10, "tokens": 120, "announce": False}
    assert len(lobbies.shown) == before


@pytest.mark.parametrize(
    ("name", "value", "code"),
    [("deals", 0, "bad_option_range"), ("deals", 51, "bad_option_range"), ("tokens", 14, "bad_option_range"),
     ("deals", "3", "bad_option_type"), ("announce", 1, "bad_option_type"), ("colour", 1, "unknown_option")],
)  # fmt: skip
async def test_a_value_the_declaration_refuses_changes_nothing(
    db_path: Path, name: str, value: object, code: str
) -> None:
    service, _ = await _service(db_path)
    row = await _lobby(service)
    with pytest.raises(BadOption) as refused:
        await service.set_option(row.id, 1, name, value)  # type: ignore[arg-type]
    assert refused.value.code == code and refused.value.params["option"] == name
    assert (await _stored(service, row.id)).options == {"deals": 10, "tokens": 120, "announce": False}


async def test_options_the_table_sets_itself_are_out_of_reach(db_path: Path) -> None:
    service, _ = await _service(db_path)
    row = await service.open_table(
        guild_id=1, channel_id=9, kind="chat_vert", options={}, host_id=1, host_name="Alice", locale="fr"
    )
    for name, value in (("dealer", 0), ("rules", []), ("pause", 0)):
        with pytest.raises(BadOption) as refused:
            await service.set_option(row.id, 1, name, value)
        assert refused.value.code == "unknown_option"
    assert (await _stored(service, row.id)).options == row.options
    assert (await service.set_option(row.id, 1, "timer", 90)).options["timer"] == 90


async def test_no_option_changes_once_the_game_started(db_path: Path) -> None:
    service, _ = await _service(db_path)
    row = await _lobby(service)
    await service.start(row.id, 1)
    with pytest.raises(TableError) as refused:
        await service.set_option(row.id, 1, "deals", 3)
    assert refused.value.code == "already_started"
    assert (await _stored(service, row.id)).options["deals"] == 10
