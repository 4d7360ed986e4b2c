"""``python -m bot demo``: a game told in one language, with pictures along the way and the ranking last."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

from bot.__main__ import build_parser
from bot.__main__ import main
from bot.cli.demo import PICTURE_EVERY
from bot.cli.demo import run_demo
from bot.registry import GAMES
from bot.registry import GameSpec
from renders.results import WIDTH as RESULTS_WIDTH

PICTURE = re.compile(r"^ +\[(.+\.png)\]$")


async def played(
    capsys: pytest.CaptureFixture[str], kind: str, players: int, lang: str, out: Path, *options: str
) -> list[str]:
    """The demo's printed lines."""
    assert await run_demo(kind, players, 7, lang, out, list(options)) == 0
    return capsys.readouterr().out.splitlines()


def pictures_in(lines: list[str]) -> list[Path]:
    return [Path(found.group(1)) for line in lines if (found := PICTURE.match(line))]


async def test_the_summary_speaks_the_narration_s_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = await played(capsys, "chat_vert", 2, "fr", tmp_path, "timer=0")
    summary = lines[-1]
    assert summary.startswith("Le Chat vert : ") and "images dans" in summary and "terminée" in summary, summary
    assert "pictures" not in summary and "lines" not in summary


async def test_every_trick_of_njet_gets_its_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = await played(capsys, "njet", 3, "en", tmp_path, "rounds=1")
    tricks = [i for i, line in enumerate(lines) if " wins the trick" in line]
    assert tricks
    for trick, later in zip(tricks, [*tricks[1:], len(lines)], strict=True):
        assert any(PICTURE.match(line) for line in lines[trick:later]), lines[trick:later]


async def test_a_long_game_gets_a_picture_every_few_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = await played(capsys, "chat_vert", 10, "en", tmp_path, "timer=0")
    found = re.search(r": (\d+) moves, .* (\d+) pictures in ", lines[-1])
    assert found, lines[-1]
    moves, pictures = int(found.group(1)), int(found.group(2))
    tables = [p for p in pictures_in(lines) if p.name.endswith("-table.png")]
    assert len(tables) >= moves // PICTURE_EVERY + 1  # the start, then one at least every PICTURE_EVERY moves
    assert pictures == len(pictures_in(lines)) == len(list(tmp_path.glob("chat_vert-*.png")))


@pytest.mark.parametrize(("kind", "options"), [("nain_jaune", ("deals=1",)), ("chat_vert", ("timer=0",))])
async def test_the_last_picture_is_the_final_ranking(
    kind: str, options: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = await played(capsys, kind, 3, "en", tmp_path, *options)
    shown = pictures_in(lines)
    assert shown == sorted(tmp_path.glob(f"{kind}-*.png"))
    *tables, last = shown
    assert last.name.endswith("-results.png") and all(p.name.endswith("-table.png") for p in tables)
    with Image.open(last) as ranking, Image.open(tables[-1]) as table:
        assert ranking.width == RESULTS_WIDTH and ranking.size != table.size


@pytest.mark.parametrize("spec", GAMES, ids=[spec.command for spec in GAMES])
def test_the_slash_command_names_the_game_on_the_command_line(spec: GameSpec) -> None:
    for words in (["demo"], ["simulate"], ["bench"]):
        args = build_parser().parse_args([*words, "--game", spec.command])
        assert args.game == spec.kind


def test_make_demo_takes_a_slash_command_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pictures"
    code = main(["demo", "--game", "chatvert", "--players", "2", "--lang", "en", "--out", str(out), "--option=timer=0"])
    assert code == 0
    assert sorted(out.glob("chat_vert-*.png")) and capsys.readouterr().out.splitlines()[-1].startswith("Le Chat vert:")
