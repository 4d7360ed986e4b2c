"""The command line of ``make shots`` (tests/e2e/shots.py), without a browser: what each option asks for."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e import shots


def test_by_default_every_game_in_french_into_shots() -> None:
    args = shots.parse_args([])
    assert args.out == Path("shots")
    assert args.lang == "fr"
    assert args.game == ["nain_jaune", "triominos", "neurotrio", "njet", "chat_vert"]
    assert not args.docs
    assert shots.LOCALES[args.lang] == "fr"


def test_english_some_games_and_the_docs_copies() -> None:
    args = shots.parse_args(["--lang", "en", "--game", "njet", "--game", "nain_jaune", "--docs", "--out", "x/y"])
    assert (args.lang, args.game, args.docs, args.out) == ("en", ["njet", "nain_jaune"], True, Path("x/y"))
    assert shots.LOCALES[args.lang] == "en-US"


@pytest.mark.parametrize("argv", [["--game", "uno"], ["--lang", "de"], ["--out"]])
def test_a_wrong_option_is_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        shots.parse_args(argv)


def test_the_docs_copies_need_the_shots_of_their_games() -> None:
    with pytest.raises(SystemExit, match="shots of nain_jaune, triominos, chat_vert"):
        shots.main(["--game", "njet", "--docs"])
    with pytest.raises(SystemExit, match="shots of chat_vert: add"):
        shots.main(["--game", "nain_jaune", "--game", "triominos", "--docs"])


def test_the_widths_are_a_desktop_and_a_phone() -> None:
    assert shots.WIDTHS == {"desktop": 1280, "phone": 390}
