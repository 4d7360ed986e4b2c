"""Which database the settings name: SQLite with no configuration, PostgreSQL when DATABASE_URL is set; a URL
that cannot work is refused at start, by name, without showing its password."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError
from bot.config import load
from bot.store import is_postgres_url
from bot.store import open_store
from bot.store.postgres import PostgresBackend
from bot.store.sqlite import SQLiteBackend


@pytest.fixture(autouse=True)
def _no_database_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DATABASE_URL", "TABLEE_DATABASE"):
        monkeypatch.delenv(name, raising=False)


def test_sqlite_is_the_default() -> None:
    settings = load(None)
    assert (settings.database_url, settings.store) == (None, Path("tablee.db"))


def test_the_sqlite_path_comes_from_tablee_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLEE_DATABASE", "/data/t.db")
    monkeypatch.setenv("DATABASE_URL", "  ")  # empty: not set
    assert load(None).store == Path("/data/t.db")


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://tablee:secret@db.example:5432/tablee",
        "postgres://db.example/tablee",
        "postgresql:///tablee?host=/run/postgresql",
    ],
)
def test_a_database_url_wins(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLEE_DATABASE", "t.db")
    monkeypatch.setenv("DATABASE_URL", url)
    settings = load(None)
    assert settings.store == settings.database_url == url
    assert is_postgres_url(settings.store)


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        (
            "mysql://tablee:secret@db/tablee",
            "DATABASE_URL must be a PostgreSQL URL such as postgresql://user:password@host:5432/database,"
            " not 'mysql://tablee:***@db/tablee'",
        ),
        ("postgresql:/db/tablee", "DATABASE_URL must be a PostgreSQL URL such as"),
        ("db.example:5432/tablee", "DATABASE_URL must be a PostgreSQL URL such as"),
        (
            "postgresql://tablee:secret@db:54x2/tablee",
            "DATABASE_URL has a port that is not a number (1-65535): 'postgresql://tablee:***@db:54x2/tablee'",
        ),
        ("postgresql://db:99999/tablee", "DATABASE_URL has a port that is not a number"),
        ("postgresql://db/my tables", "DATABASE_URL must not contain spaces: 'postgresql://db/my tables'"),
    ],
)
def test_a_malformed_url_is_refused_by_name(url: str, problem: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(ConfigError) as refused:
        load(None)
    assert str(refused.value).startswith(problem)
    assert "secret" not in str(refused.value)


async def test_open_store_chooses_the_backend(tmp_path: Path, postgres_url: str) -> None:
    for setting in (tmp_path / "a.db", str(tmp_path / "b.db")):
        store = await open_store(setting)
        assert isinstance(store.backend, SQLiteBackend)
        await store.close()
    assert (tmp_path / "a.db").exists() and (tmp_path / "b.db").exists()
    store = await open_store(postgres_url)
    assert isinstance(store.backend, PostgresBackend)
    await store.close()
    await store.close()  # closing twice is harmless
