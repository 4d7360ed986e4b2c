"""``python -m bot simulate``: the same seed plays the same games, and a tie for first place is counted as one."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.cli.demo import simulation
from bot.games.base import Result
from bot.registry import engine_of


def test_the_same_seed_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for seed in ("5", "5", "6"):
        assert main(["simulate", "--game", "nain_jaune", "--games", "6", "--seed", seed]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] != outputs[2]
    assert "seeds 5 to 10" in outputs[0]


def test_a_tie_for_first_place_is_one_game_shared_by_its_winners(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every game ends with seats 0 and 2 sharing the first place: nobody won alone, four games were ties."""
    engine = engine_of("chat_vert")
    tie = [Result(0, 1, 0), Result(2, 1, 0), Result(1, 3, 4)]
    monkeypatch.setattr(engine, "results", lambda state: tie)
    tally = simulation("chat_vert", 4, 3, 1)
    assert (tally.alone, tally.shared, tally.tied_games) == ((0, 0, 0), (4, 0, 4), 4)
    assert main(["simulate", "--game", "chat_vert", "--games", "4", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "won alone, by seat: [0, 0, 0]" in out
    assert "tie for first place: 4" in out and "shared, by seat: [4, 0, 4]" in out


def test_every_game_is_won_alone_or_tied_once(capsys: pytest.CaptureFixture[str]) -> None:
    tally = simulation("nain_jaune", 30, 4, 1000)
    assert sum(tally.alone) + tally.tied_games == 30
    assert sum(tally.shared) >= 2 * tally.tied_games
