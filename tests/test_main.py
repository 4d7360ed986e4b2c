"""The command line: ``python -m bot`` without a token stops at once and says how to get one."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import TOKEN_HELP
from bot.config import load


def test_run_without_a_token_explains_how_to_get_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.strip() == TOKEN_HELP
    assert "https://discord.com/developers/applications" in err and ".env" in err


def test_settings_come_from_the_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISCORD_TOKEN", "TABLEE_DATABASE", "TABLEE_DEV_GUILD", "TABLEE_SYNC_COMMANDS"):
        monkeypatch.delenv(name, raising=False)
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=abc\nTABLEE_DATABASE=x.db\nTABLEE_DEV_GUILD=123\nTABLEE_SYNC_COMMANDS=0\n")
    settings = load(env)
    assert (settings.token, str(settings.database), settings.dev_guild, settings.sync_commands) == (
        "abc",
        "x.db",
        123,
        False,
    )
