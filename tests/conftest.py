"""Shared fixtures: a real SQLite file per test and the bot as it runs in production."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tablee.db"
