"""Persistence: a game is its seed plus its numbered actions, on SQLite (the default) or PostgreSQL.

``open_store(setting)`` opens the one the settings name: a ``postgresql://`` URL, or the path of a SQLite file.
Both backends keep the same schema meaning, migrate themselves at start and refuse the same things the same way.

- ``store`` and ``records``: ``Store``, every method written once, its statements in PostgreSQL's spelling;
- ``base``: what a database gives them (``Conn`` statements, ``Tx`` a transaction, ``Backend``), with the defaults of
  a database one process writes; ``sqlite`` and ``postgres`` give it, the latter with its locks and announcements;
- ``dialect``: how SQLite reads PostgreSQL's spelling; ``rows``: rows read by position; ``model``: rows and errors;
- ``sqlite_schema`` and ``postgres_schema``: each database's migrations.
"""

from __future__ import annotations

from pathlib import Path

from bot.store.model import ACTIVE
from bot.store.model import ActionRow
from bot.store.model import ActiveTableExists
from bot.store.model import ChatVertTable
from bot.store.model import DuplicateAction
from bot.store.model import FinishedGame
from bot.store.model import GameEnded
from bot.store.model import GameRow
from bot.store.model import PlayerRating
from bot.store.model import RatingChange
from bot.store.model import ResultLine
from bot.store.model import Seat
from bot.store.model import StatLine
from bot.store.model import StoreError
from bot.store.sqlite import MIGRATIONS
from bot.store.sqlite import SCHEMA_VERSION
from bot.store.store import Store

__all__ = [
    "ACTIVE",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActionRow",
    "ActiveTableExists",
    "ChatVertTable",
    "DuplicateAction",
    "FinishedGame",
    "GameEnded",
    "GameRow",
    "PlayerRating",
    "RatingChange",
    "ResultLine",
    "Seat",
    "StatLine",
    "Store",
    "StoreError",
    "is_postgres_url",
    "open_store",
]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(setting: str | Path) -> bool:
    """Whether a database setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(setting, str) and setting.startswith(POSTGRES_SCHEMES)


async def open_store(setting: str | Path) -> Store:
    """The store a setting names: a PostgreSQL URL (through asyncpg, imported only then) or a SQLite path."""
    if is_postgres_url(setting):
        from bot.store.postgres import PostgresBackend

        return Store(await PostgresBackend.open(str(setting)))
    return await Store.open(setting)
