"""A throwaway PostgreSQL server for the tests: one per test session, a fresh database per test.

The server runs from a temporary folder, listens on a unix socket there (and on a free local port), and trusts
local connections; it writes without fsync, since nothing in it must outlive the session. PostgreSQL refuses to
run as root: as root the server runs as the unprivileged ``postgres`` user. Without PostgreSQL on the machine the
tests that need it are skipped, except in CI (``CI=true``), where a missing server fails them.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import AsyncIterator
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import NoReturn

import pytest

TOOLS = ("initdb", "pg_ctl", "postgres")
SUPERUSER = "postgres"
ICU_FRENCH = ("--locale=C.UTF-8", "--locale-provider=icu", "--icu-locale=fr-FR")
SETTINGS = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"


def unavailable(reason: str) -> NoReturn:
    """Skip, or fail in CI, where every test must run."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is needed in CI: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL server can run here: {reason}")


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
        unavailable("running as root, and there is no 'postgres' user to run the server as")
    if shutil.which("runuser") is None:
        unavailable("running as root, and runuser is missing")
    os.chown(folder, owner.pw_uid, owner.pw_gid)
    return ["runuser", "-u", "postgres", "--"]


def start_server() -> PostgresServer:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        unavailable(f"{', '.join(missing)} not on the PATH")
    folder = Path(tempfile.mkdtemp(prefix="tablee-pg-"))
    server = PostgresServer(folder, _free_port(), _owner_prefix(folder))
    data, log = folder / "data", folder / "server.log"

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*server.as_user, *command], capture_output=True, text=True, check=False)

    def failed(step: str, done: subprocess.CompletedProcess[str]) -> NoReturn:
        detail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        server_log = log.read_text(errors="replace").strip().splitlines()[-3:] if log.exists() else []
        server.stop()
        unavailable(f"{step} failed: {detail[0]} {' '.join(server_log)}".strip())

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


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One server for the whole session, started on first use only."""
    server = start_server()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """The URL of a new, empty database, dropped after the test (whoever is still connected)."""
    import asyncpg

    name = postgres_server.new_database_name()
    admin = await asyncpg.connect(postgres_server.url("postgres"))
    try:
        await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        yield postgres_server.url(name)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
