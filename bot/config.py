"""Settings from the environment (and a ``.env`` file beside the project, if present)."""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

TOKEN_HELP = (
    "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, "
    "open Bot > Reset Token, copy the token into .env as DISCORD_TOKEN=... (see .env.example and the README)."
)
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
DATABASE_URL_FORM = "postgresql://user:password@host:5432/database"


class ConfigError(ValueError):
    """A setting that cannot be used; the message names the variable and what it expects."""


@dataclass(frozen=True)
class ActivitySettings:
    """Tablée as a Discord Activity (``web/activity``): on when the application's id and OAuth2 secret
    (``DISCORD_CLIENT_ID``, ``DISCORD_CLIENT_SECRET``) and the public address are set. The secret and the bot's token
    stay on the server: the token asks Discord which channel an Activity runs in and who is in it."""

    client_id: str
    client_secret: str = field(repr=False)
    bot_token: str = field(repr=False)
    api_url: str = "https://discord.com/api/v10"
    """Discord's API (its OAuth2 token, ``users/@me``, the Activity's instances): tests point it at a fake."""


@dataclass(frozen=True)
class WebSettings:
    """The bot's own web pages (``web/``): served when ``port`` is set, on ``host`` (this machine only by default);
    links start with ``public_url`` when the pages are reached through a proxy or a domain name. Links carry a token
    signed with ``secret`` (when empty, a random secret is kept in the database)."""

    port: int | None = None
    host: str = "127.0.0.1"
    public_url: str | None = None
    secret: str = ""
    activity: ActivitySettings | None = None
    """The Discord Activity (``DISCORD_CLIENT_ID``, ``DISCORD_CLIENT_SECRET``), served with the pages."""

    @property
    def base_url(self) -> str | None:
        """Where links point: the public address, else the address served (None when nothing is served)."""
        if self.public_url:
            return self.public_url.rstrip("/")
        if self.port is None:
            return None
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"


@dataclass(frozen=True)
class Settings:
    token: str
    database: Path
    """The SQLite file (``TABLEE_DATABASE``), used when no ``database_url`` is set."""
    dev_guild: int | None
    sync_commands: bool
    timer_tick: float
    log_level: str
    database_url: str | None = None
    """A PostgreSQL server (``DATABASE_URL``), which several bot processes may share."""
    shard_count: int | None = None
    """How many shards the gateway connection is split into (``SHARD_COUNT``); None: one unsharded connection."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (``SHARD_IDS``); None: all of them."""
    rest_rate: float = 45.0
    """Requests a second the bot token sends to Discord at most, all its processes together (``TABLEE_REST_RATE``)."""
    web: WebSettings = WebSettings()
    """The web pages (``TABLEE_WEB_*``, ``TABLEE_PUBLIC_URL``)."""

    @property
    def rest_share(self) -> float:
        """This process's requests a second: the token's rate, shared among the processes by the shards each runs."""
        if self.shard_count is None or self.shard_ids is None:
            return self.rest_rate
        return self.rest_rate * len(self.shard_ids) / self.shard_count

    @property
    def store(self) -> str | Path:
        """What ``bot.store.open_store`` opens: the PostgreSQL URL when one is set, else the SQLite file."""
        return self.database_url or self.database


def _int_or_none(name: str) -> int | None:
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    if not text.isdigit():
        raise ConfigError(f"{name} must be a server id (digits only) or empty, not {text!r}")
    return int(text)


def _seconds(name: str, default: str) -> float:
    text = os.environ.get(name, default).strip() or default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise ConfigError(f"{name} must be a number of seconds (0 or more), not {text!r}")
    return value


def _rate(name: str, default: str) -> float:
    text = os.environ.get(name, default).strip() or default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 50:
        raise ConfigError(f"{name} must be a number of requests a second, above 0 and at most 50, not {text!r}")
    return value


def _log_level(name: str) -> str:
    level = os.environ.get(name, "INFO").strip().upper() or "INFO"
    if level not in logging.getLevelNamesMapping():
        raise ConfigError(f"{name} must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    return level


def hidden_password(url: str) -> str:
    """The URL as an error may show it: without its password."""
    return re.sub(r"^([^:/]+://[^:@/]*:)[^@/]*@", r"\1***@", url)


def _database_url(name: str) -> str | None:
    """A PostgreSQL URL, or None when the variable is unset or empty (the SQLite file is used then)."""
    url = os.environ.get(name, "").strip()
    if not url:
        return None
    shown = hidden_password(url)
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres") or not url.startswith(f"{parts.scheme}://"):
        raise ConfigError(f"{name} must be a PostgreSQL URL such as {DATABASE_URL_FORM}, not {shown!r}")
    try:
        _ = parts.port  # reading it checks it
    except ValueError:
        raise ConfigError(f"{name} has a port that is not a number (1-65535): {shown!r}") from None
    if any(c.isspace() for c in url):
        raise ConfigError(f"{name} must not contain spaces: {shown!r}")
    return url


def _shard_count(name: str) -> int | None:
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise ConfigError(f"{name} must be a whole number of shards (1 or more) or empty, not {text!r}")
    return int(text)


def _shard_ids(name: str, count: int | None, database_url: str | None) -> tuple[int, ...] | None:
    """The shards of this process: numbers below the shard count, each once; a part of them needs PostgreSQL,
    since the processes that run the other shards must see the same games."""
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    if count is None:
        raise ConfigError(f"{name} needs SHARD_COUNT, the number of shards they are taken from")
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isdigit() for part in parts):
        raise ConfigError(f"{name} must list shard numbers separated by commas (such as 0,1), not {text!r}")
    ids = tuple(int(part) for part in parts)
    if any(i >= count for i in ids):
        raise ConfigError(f"{name} has shard {max(ids)}, but with SHARD_COUNT={count} they go from 0 to {count - 1}")
    if len(set(ids)) != len(ids):
        raise ConfigError(f"{name} names a shard twice: {text!r}")
    if len(ids) < count and database_url is None:
        raise ConfigError(
            f"{name} runs this process on part of the shards: the processes of the other shards must share its "
            f"games, so DATABASE_URL must name a PostgreSQL server (SQLite serves one process)"
        )
    return tuple(sorted(ids))


def _port(name: str) -> int | None:
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"{name} must be a TCP port (1-65535) or empty, not {text!r}")
    return int(text)


def _public_url(name: str) -> str | None:
    url = os.environ.get(name, "").strip()
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ConfigError(f"{name} must be an address such as https://tablee.example.org (no query), not {url!r}")
    return url.rstrip("/")


def _web() -> WebSettings:
    secret = os.environ.get("TABLEE_WEB_SECRET", "").strip()
    if secret and len(secret) < 16:
        raise ConfigError("TABLEE_WEB_SECRET must be at least 16 characters long (or empty: a random one is kept)")
    return WebSettings(
        port=_port("TABLEE_WEB_PORT"),
        host=os.environ.get("TABLEE_WEB_HOST", "").strip() or "127.0.0.1",
        public_url=_public_url("TABLEE_PUBLIC_URL"),
        secret=secret,
    )


def _with_activity(web: WebSettings, token: str) -> WebSettings:
    """The pages with the Activity when its application's id and secret are set: it is served with them, so it
    needs the pages' port and the public address Discord's proxy reaches them at."""
    client_id = os.environ.get("DISCORD_CLIENT_ID", "").strip()
    secret = os.environ.get("DISCORD_CLIENT_SECRET", "").strip()
    if not client_id and not secret:
        return web
    if not (client_id.isdigit() and secret):
        raise ConfigError("DISCORD_CLIENT_ID (the application's id, digits) and DISCORD_CLIENT_SECRET go together")
    if web.port is None or not web.public_url:
        raise ConfigError("the Activity (DISCORD_CLIENT_ID) needs TABLEE_WEB_PORT and TABLEE_PUBLIC_URL set")
    return replace(web, activity=ActivitySettings(client_id, secret, token))


def load(env_file: Path | None = Path(".env")) -> Settings:
    """Read the settings; values already in the environment win over the ``.env`` file.

    Raises ``ConfigError`` for a value that would only fail later, deep in the start.
    """
    if env_file is not None and env_file.exists():
        from dotenv import load_dotenv

        load_dotenv(env_file, override=False)
    database_url = _database_url("DATABASE_URL")
    shard_count = _shard_count("SHARD_COUNT")
    return Settings(
        token=os.environ.get("DISCORD_TOKEN", "").strip(),
        database=Path(os.environ.get("TABLEE_DATABASE", "tablee.db")),
        dev_guild=_int_or_none("TABLEE_DEV_GUILD"),
        sync_commands=os.environ.get("TABLEE_SYNC_COMMANDS", "1").strip() not in ("0", "false", "no", ""),
        timer_tick=_seconds("TABLEE_TIMER_TICK", "10"),
        log_level=_log_level("TABLEE_LOG_LEVEL"),
        database_url=database_url,
        shard_count=shard_count,
        shard_ids=_shard_ids("SHARD_IDS", shard_count, database_url),
        rest_rate=_rate("TABLEE_REST_RATE", "45"),
        web=_with_activity(_web(), os.environ.get("DISCORD_TOKEN", "").strip()),
    )
