"""The store's statements are written once, in PostgreSQL's spelling; this is how SQLite reads them.

What the two databases spell the same, both run as written: ``INSERT ... ON CONFLICT ... DO UPDATE`` (SQLite 3.24),
``RETURNING`` (3.35), ``COUNT(*) FILTER (WHERE ...)`` (3.30), ``TRUE`` and ``FALSE`` (3.23). What differs in the
text is rewritten here, each rule once, when a statement is first run:

- parameters: ``$1`` is SQLite's ``?1``; the type PostgreSQL is told (``$1::bigint``) SQLite does not need;
- a list: ``= ANY($1::bigint[])`` is ``IN (SELECT value FROM json_each(?1))``, the list bound as JSON text;
- order: ``COLLATE "C"`` (byte by byte, whatever the server's locale) is what SQLite does without being told.

What differs in behaviour rather than in spelling (advisory locks, ``NOTIFY``, ``FOR UPDATE SKIP LOCKED``, the
leases of timers and epilogues) is a method of ``bot.store.base.Tx`` or ``Backend``, which ``bot.store.postgres``
overrides; the schema and its migrations are each database's own (``sqlite_schema``, ``postgres_schema``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

_ANY = re.compile(r"= ANY\(\$(\d+)::\w+\[\]\)")
_PARAMETER = re.compile(r"\$(\d+)(?:::(?:bigint|integer|text|double precision))?")
_COLLATE_C = ' COLLATE "C"'


@lru_cache(maxsize=256)
def sqlite_sql(sql: str) -> str:
    """A statement in PostgreSQL's spelling, as SQLite reads it."""
    sql = _ANY.sub(r"IN (SELECT value FROM json_each($\1))", sql)
    return _PARAMETER.sub(r"?\1", sql).replace(_COLLATE_C, "")


def sqlite_args(args: Sequence[Any]) -> tuple[Any, ...]:
    """Parameters as SQLite binds them: a list (PostgreSQL's array) as JSON text."""
    return tuple(json.dumps(a) if isinstance(a, list) else a for a in args)
