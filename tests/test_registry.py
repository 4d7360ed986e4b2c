"""Every declared game is complete: each part its declaration names exists and does its job, in both languages."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.base import Engine
from bot.games.base import IntOption
from bot.games.base import action_rng
from bot.games.base import offered_options
from bot.games.base import validate_options
from bot.i18n import catalog
from bot.i18n import plural_catalog
from bot.i18n import t
from bot.registry import GAMES
from bot.registry import KINDS
from bot.registry import GameSpec
from bot.registry import engine_of
from bot.registry import hooks_of
from bot.registry import load
from bot.registry import pictures_of
from bot.registry import player_of
from bot.registry import spec_of
from bot.registry import texts_of
from cogs.client import TableeBot
from cogs.game_commands import ENGINE_DURATIONS
from cogs.ui import GameUI
from cogs.ui import ui_for

BY_KIND = pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.kind)
LANGUAGES = ("fr", "en")


def test_kinds_and_commands_are_unique() -> None:
    assert len(set(KINDS)) == len(KINDS)
    assert len({spec.command for spec in GAMES}) == len(GAMES)
    assert spec_of("njet").command == "njet"


@BY_KIND
def test_the_declared_parts_exist(spec: GameSpec) -> None:
    engine = engine_of(spec.kind)
    assert isinstance(engine, Engine)
    assert engine.name == spec.kind
    assert 1 <= engine.min_players <= engine.max_players
    player = player_of(spec.kind)
    assert callable(player.act) and callable(player.interrupt)
    texts = texts_of(spec.kind)
    assert texts.kind == spec.kind
    assert isinstance(ui_for(spec.kind), GameUI)
    assert load(spec.cog) is not None
    if spec.hooks is not None:
        assert hooks_of(spec.kind) is not None
    if spec.rated_by_rounds is not None:
        assert callable(load(spec.rated_by_rounds))
    validate_options(engine, dict(spec.short))


@BY_KIND
def test_every_text_of_a_game_exists_in_both_languages(spec: GameSpec) -> None:
    engine = engine_of(spec.kind)
    keys = [spec.title_key, f"rules.{spec.kind}"]
    keys += [f"option.{o.name}" for o in offered_options(engine)]
    command = f"cmd.{spec.command}"
    keys += [f"{command}.name", f"{command}.description", f"{command}.new.description"]
    keys += [f"{command}.new.{o.name}{end}" for o in offered_options(engine_of(spec.kind)) for end in ("", ".name")]
    for lang in LANGUAGES:
        for key in keys:
            assert key in catalog(lang), f"{key} is missing in {lang}"
            assert t(lang, key).strip()
        assert texts_of(spec.kind).score_unit_key in plural_catalog(lang)


@BY_KIND
def test_a_computer_player_finishes_a_game_and_the_pictures_draw(spec: GameSpec) -> None:
    engine, player, pictures = engine_of(spec.kind), player_of(spec.kind), pictures_of(spec.kind)
    state = engine.setup(engine.min_players, validate_options(engine, dict(spec.short)), action_rng(7, 0))
    names = [f"Joueur {i + 1}" for i in range(engine.min_players)]
    rng = random.Random(7)
    texts = texts_of(spec.kind)
    for lang in LANGUAGES:
        assert texts.summary(engine.public_view(state), names, lang)
    for picture in (pictures.table(engine.public_view(state), names, "fr"), pictures.hand(engine.view(state, 0), "fr")):
        assert Image.open(io.BytesIO(picture)).format == "PNG"
    moves = 0
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        moves += 1
        engine.apply(state, seat, player.act(state, seat, rng), action_rng(7, moves))
        assert moves < 20_000
    assert Image.open(io.BytesIO(pictures.table(engine.public_view(state), names, "en"))).format == "PNG"


async def test_every_declared_game_has_its_command(tmp_path: Path) -> None:
    bot = TableeBot(tmp_path / "r.db", sync_commands=False, timer_tick=0)
    try:
        await bot.setup_hook()
        groups: dict[str, Any] = {command.name: command for command in bot.tree.get_commands()}
        for spec in GAMES:
            assert spec.command in groups, f"/{spec.command} is missing"
            new = {sub.name: sub for sub in groups[spec.command].commands}["new"]
            parameters = {p.name: p for p in new.parameters}
            assert set(parameters) == {o.name for o in offered_options(engine_of(spec.kind))} | {"reminder", "timeout"}
            for option in offered_options(engine_of(spec.kind)):
                if isinstance(option, IntOption) and option.name in ENGINE_DURATIONS:  # labelled seconds
                    values = [c.value for c in parameters[option.name].choices]
                    assert values and all(option.min <= v <= option.max for v in values)
                elif isinstance(option, IntOption):
                    assert (parameters[option.name].min_value, parameters[option.name].max_value) == (
                        option.min,
                        option.max,
                    )
                assert parameters[option.name].default == option.default
        assert set(groups) == {spec.command for spec in GAMES} | {"table", "help"}
    finally:
        await bot.close()
