"""Serving the pages: their settings, the secret kept in the database when none is set, the pages alone over a
SQLite file (``python -m bot web``) and the command that starts them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot import __main__ as cli
from bot import config
from bot.config import WebSettings
from tests.service_support import open_store
from tests.web.support import SECRET
from tests.web.support import played
from web.serve import served_port
from web.serve import start_alone
from web.tokens import Signer
from web.tokens import pages_secret


def test_the_pages_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("TABLEE_WEB_PORT", "TABLEE_WEB_HOST", "TABLEE_PUBLIC_URL", "TABLEE_WEB_SECRET"):
        monkeypatch.delenv(name, raising=False)
    assert config.load(env_file=None).web == WebSettings()
    assert WebSettings().base_url is None
    monkeypatch.setenv("TABLEE_WEB_PORT", "8080")
    assert config.load(env_file=None).web.base_url == "http://127.0.0.1:8080"
    monkeypatch.setenv("TABLEE_PUBLIC_URL", "https://tablee.example.org/")
    assert config.load(env_file=None).web.base_url == "https://tablee.example.org"
    for name, value in (
        ("TABLEE_WEB_PORT", "http"),
        ("TABLEE_WEB_PORT", "70000"),
        ("TABLEE_PUBLIC_URL", "tablee.example.org"),
        ("TABLEE_PUBLIC_URL", "https://x.org/?a=1"),
        ("TABLEE_WEB_SECRET", "short"),
    ):
        with monkeypatch.context() as changed:
            changed.setenv(name, value)
            with pytest.raises(config.ConfigError, match=name):
                config.load(env_file=None)


async def test_without_a_secret_one_is_made_once_and_kept(db_path: Path) -> None:
    store = await open_store(db_path)
    made = await pages_secret(store, "")
    assert len(made) >= 32 and await pages_secret(store, "") == made
    again = await open_store(db_path)  # another process on the same database signs alike
    assert await pages_secret(again, "") == made
    assert await pages_secret(store, SECRET) == SECRET


async def test_the_pages_alone_over_the_bots_database(db_path: Path) -> None:
    _bot, game_id = await played(db_path, "njet", moves=1)
    alone = await open_store(db_path)
    served = await start_alone(alone, WebSettings(port=0, secret=SECRET))
    try:
        port = served_port(served.runner)
        assert served.base_url == f"http://127.0.0.1:{port}"
        url = f"{served.base_url}/g/{Signer(SECRET).game(game_id)}/"
        async with aiohttp.ClientSession() as session:
            async with session.get(url) as answer:
                assert answer.status == 200 and "Njet!" in await answer.text()
            async with session.get(f"{served.base_url}/g/{game_id}/") as answer:
                assert answer.status == 404
    finally:
        await served.stop()


def test_python_m_bot_web_starts_the_pages_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[list[str]] = []

    def serve(argv: list[str]) -> int:
        called.append(argv)
        return 0

    import web.serve

    monkeypatch.setattr(web.serve, "main", serve)
    assert cli.main(["web", "--port", "8123", "--host", "0.0.0.0"]) == 0
    assert called == [["--host", "0.0.0.0", "--port", "8123"]]


def test_python_m_bot_web_refuses_a_missing_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("TABLEE_DATABASE", str(tmp_path / "none.db"))
    assert cli.main(["web"]) == 2
    assert "no SQLite file" in capsys.readouterr().err
