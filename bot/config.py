"""Settings from the environment (and a ``.env`` file beside the project, if present)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

TOKEN_HELP = (
    "DISCORD_TOKEN is not set. Create an application at https://discord.com/developers/applications, "
    "open Bot > Reset Token, copy the token into .env as DISCORD_TOKEN=... (see .env.example and the README)."
)


@dataclass(frozen=True)
class Settings:
    token: str
    database: Path
    dev_guild: int | None
    sync_commands: bool
    timer_tick: float
    log_level: str


def _int_or_none(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text else None


def load(env_file: Path | None = Path(".env")) -> Settings:
    """Read the settings; values already in the environment win over the ``.env`` file."""
    if env_file is not None and env_file.exists():
        from dotenv import load_dotenv

        load_dotenv(env_file, override=False)
    return Settings(
        token=os.environ.get("DISCORD_TOKEN", "").strip(),
        database=Path(os.environ.get("TABLEE_DATABASE", "tablee.db")),
        dev_guild=_int_or_none(os.environ.get("TABLEE_DEV_GUILD")),
        sync_commands=os.environ.get("TABLEE_SYNC_COMMANDS", "1").strip() not in ("0", "false", "no", ""),
        timer_tick=float(os.environ.get("TABLEE_TIMER_TICK", "10")),
        log_level=os.environ.get("TABLEE_LOG_LEVEL", "INFO").upper(),
    )
