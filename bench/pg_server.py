"""A throwaway PostgreSQL server, for the tests and the bench: started from a temporary folder, gone when stopped.

The server listens on a unix socket in its folder (and on a free local port) and trusts local connections; it
writes without fsync, since nothing in it must outlive the run. PostgreSQL refuses to run as root: as root the
server runs as the unprivileged ``postgres`` user. When it cannot run here, ``PostgresUnavailable`` says why (the
tests skip or fail on it, the bench prints it and skips its section).
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import NoReturn

TOOLS = ("initdb", "pg_ctl", "postgres")
SUPERUSER = "postgres"
ICU_FRENCH = ("--locale=C.UTF-8", "--locale-provider=icu", "--icu-locale=fr-FR")
SETTINGS = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server can run on this machine; the message says why."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


@dataclass
class PostgresServer:
    """A running server: its folder (data, socket, log) and its port."""

    folder: Path
    port: int
    as_user: list[str]
    """The command prefix that runs a tool as the server's owner (``runuser -u postgres --`` as root)."""
    _names: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.folder}&port={self.port}"

    def new_database_name(self) -> str:
        return f"tablee_{os.getpid()}_{next(self._names)}"

    async def create_database(self) -> str:
        """A new, empty database on this server; its URL."""
        import asyncpg  # type: ignore[import-untyped]

        name = self.new_database_name()
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        finally:
            await admin.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        """Drop a database made by ``create_database``, whoever is still connected to it."""
        import asyncpg

        name = url.rpartition("/")[2].partition("?")[0]
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()

    def stop(self) -> None:
        subprocess.run(
            [*self.as_user, "pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def _owner_prefix(folder: Path) -> list[str]:
    """As root: give the folder to ``postgres`` and run the tools as that user; otherwise as oneself."""
    if os.geteuid() != 0:
        return []
    try:
        owner = pwd.getpwnam("postgres")
    except KeyError:
        raise PostgresUnavailable("running as root, and there is no 'postgres' user to run the server as") from None
    if shutil.which("runuser") is None:
        raise PostgresUnavailable("running as root, and runuser is missing")
    os.chown(folder, owner.pw_uid, owner.pw_gid)
    return ["runuser", "-u", "postgres", "--"]


def start_server() -> PostgresServer:
    """Start a server in a new temporary folder, or raise ``PostgresUnavailable``."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        raise PostgresUnavailable(f"{', '.join(missing)} not on the PATH")
    folder = Path(tempfile.mkdtemp(prefix="tablee-pg-"))
    try:
        server = PostgresServer(folder, _free_port(), _owner_prefix(folder))
    except PostgresUnavailable:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    data, log = folder / "data", folder / "server.log"

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*server.as_user, *command], capture_output=True, text=True, check=False)

    def failed(step: str, done: subprocess.CompletedProcess[str]) -> NoReturn:
        detail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        server_log = log.read_text(errors="replace").strip().splitlines()[-3:] if log.exists() else []
        server.stop()
        raise PostgresUnavailable(f"{step} failed: {detail[0]} {' '.join(server_log)}".strip())

    initdb = ("initdb", "-D", str(data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--no-sync")
    # A French collation where the server has ICU, as a French bot's server would have: what the store sorts must
    # not depend on it. Without ICU, the plain C locale.
    if run(*initdb, *ICU_FRENCH).returncode != 0:
        shutil.rmtree(data, ignore_errors=True)
        done = run(*initdb, "--locale=C")
        if done.returncode != 0:
            failed("initdb", done)
    options = f"-k {folder} -p {server.port} -h 127.0.0.1 {SETTINGS}"
    done = run("pg_ctl", "-D", str(data), "-l", str(log), "-w", "-t", "60", "-o", options, "start")
    if done.returncode != 0:
        failed("pg_ctl start", done)
    return server
