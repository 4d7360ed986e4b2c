"""The command line: every mistake a newcomer can make is one line that names it, never a traceback."""

from __future__ import annotations

import asyncio
import http.server
import json
import logging
import os
import re
import shlex
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.__main__ import build_parser
from bot.__main__ import failure_line
from bot.__main__ import main
from bot.config import TOKEN_HELP
from bot.config import ConfigError
from bot.config import Settings
from bot.config import load
from bot.registry import GAMES
from bot.registry import KINDS
from bot.registry import GameSpec
from bot.registry import engine_of
from bot.store import StoreError
from bot.store import open_store


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


@pytest.mark.parametrize(
    ("name", "value", "problem"),
    [
        ("TABLEE_DEV_GUILD", "my server", "TABLEE_DEV_GUILD must be a server id (digits only) or empty, not 'my"),
        ("TABLEE_TIMER_TICK", "-5", "TABLEE_TIMER_TICK must be a number of seconds (0 or more), not '-5'"),
        ("TABLEE_LOG_LEVEL", "loud", "TABLEE_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, not 'LOUD'"),
    ],
)
def test_a_setting_that_would_fail_later_is_refused_by_name(
    name: str, value: str, problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as refused:
        load(None)
    assert str(refused.value).startswith(problem)


# The real command, in a child process: what a newcomer types, and what they see.

ROOT = Path(__file__).resolve().parents[1]


def command(
    *args: str, cwd: Path, env: dict[str, str] | None = None, flags: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` from ``cwd`` (no ``.env`` there), with none of the bot's settings inherited."""
    base = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("TABLEE_")}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, *flags, "-m", "bot", *args],
        cwd=cwd,
        env={**base, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize("spec", GAMES, ids=KINDS)
def test_a_demo_of_each_game_plays_to_the_end_and_writes_its_pictures(spec: GameSpec, tmp_path: Path) -> None:
    out = tmp_path / "pictures"
    options = [f"--option={name}={json.dumps(value)}" for name, value in spec.short]
    players = str(engine_of(spec.kind).min_players)
    done = command("demo", "--game", spec.kind, "--players", players, "--lang", "en", "--out", str(out), *options,
                   cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    pictures = sorted(out.glob(f"{spec.kind}-*.png"))
    assert pictures and all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in pictures)
    summary = done.stdout.strip().splitlines()[-1]
    assert summary.endswith(f"{len(pictures)} pictures in {out}/ (over)"), summary


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["demo", "--game", "go"], "argument --game: invalid choice: 'go'"),
        (["demo", "--game", "njet", "--players", "5"], "njet takes 3 to 4 players, not 5"),
        (["demo", "--game", "neurotrio", "--players", "2"], "neurotrio takes 3 to 8 players, not 2"),
        (["demo", "--option", "deals=0"], "The option “deals” must be between 1 and 50 (got 0)."),
        (["demo", "--option", "deals=many"], "the option 'deals' takes a whole number from 1 to 50, not 'many'"),
    ],
)
def test_a_bad_argument_is_one_line_that_names_it(args: list[str], problem: str, tmp_path: Path) -> None:
    line = one_line_error(command(*args, "--out", "pictures", cwd=tmp_path))
    assert line.startswith("python -m bot demo: error: ")
    assert problem in line
    assert not (tmp_path / "pictures").exists()


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["demo", "--players", "four"], "argument --players: invalid int value: 'four'"),
        (["demo", "--lang", "de"], "argument --lang: invalid choice: 'de'"),
        (["demo", "--option", "announce=maybe"], "the option 'announce' takes true or false, not 'maybe'"),
        (["demo", "--option", "colour=red"], "unknown option 'colour' for nain_jaune (its options: deals,"),
        (["demo", "--option", "=2"], "--option takes NAME=VALUE, not '=2'"),
        (["simulate", "--games", "0"], "--games must be 1 or more, not 0"),
        (["simulate", "--game", "triominos", "--players", "7"], "triominos takes 2 to 6 players, not 7"),
        (["simulate", "--game", "nain jaune"], "argument --game: invalid choice: 'nain jaune'"),
        (["bench", "--fast"], "unrecognized arguments: --fast"),
        (["play"], "argument command: invalid choice: 'play'"),
    ],
)
def test_every_other_refusal_is_one_line_too(
    args: list[str], problem: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same checks in this process (a child process for each would only make the suite slower)."""
    monkeypatch.chdir(tmp_path)
    try:
        code = main([*args, "--out", "pictures"] if args[0] == "demo" else args)
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("python -m bot") and f": error: {problem}" in line
    assert not (tmp_path / "pictures").exists()


def test_a_demo_folder_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    line = one_line_error(command("demo", "--out", "taken/pictures", cwd=tmp_path))
    assert line.startswith("python -m bot demo: error: cannot write the pictures to taken/pictures")


def test_outside_the_virtual_environment_is_one_line_that_points_to_make(tmp_path: Path) -> None:
    # -S: no site-packages, as with a system Python where nothing is installed.
    line = one_line_error(command("demo", "--game", "njet", "--out", "pictures", cwd=tmp_path, flags=("-S",)))
    assert line.startswith("python -m bot: error: the package 'discord' is not installed")
    assert "`make demo`" in line
    assert not (tmp_path / "pictures").exists()


def test_run_without_a_token_is_the_one_line_that_explains_it(tmp_path: Path) -> None:
    done = command(cwd=tmp_path)
    assert done.returncode == 2
    assert one_line_error(done) == TOKEN_HELP


def test_a_setting_that_cannot_be_used_is_one_line(tmp_path: Path) -> None:
    done = command("run", cwd=tmp_path, env={"DISCORD_TOKEN": "x", "TABLEE_TIMER_TICK": "soon"})
    assert "TABLEE_TIMER_TICK must be a number of seconds" in one_line_error(done)


def discord_at(api: str, folder: Path) -> dict[str, str]:
    """An environment where discord.py's HTTP goes to ``api`` instead of discord.com."""
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(f"import discord.http\ndiscord.http.Route.BASE = {api!r}\n")
    return {"PYTHONPATH": os.pathsep.join((str(folder), str(ROOT))), "DISCORD_TOKEN": "not-a-token"}


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_no_network_is_one_line(tmp_path: Path) -> None:
    env = discord_at(f"http://127.0.0.1:{closed_port()}/api/v10", tmp_path / "site")
    line = one_line_error(command(cwd=tmp_path, env={**env, "TABLEE_LOG_LEVEL": "WARNING"}))
    assert line.startswith("python -m bot: error: cannot reach Discord (Cannot connect to host 127.0.0.1")
    assert line.endswith("check the network connection.")
    assert not (tmp_path / "tablee.db").exists()


class Unauthorized(http.server.BaseHTTPRequestHandler):
    """Discord's answer to a token it does not know."""

    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the test reads the bot's output, not the server's."""


def serve(handler: type[http.server.BaseHTTPRequestHandler], folder: Path, **env: str) -> str:
    """The bot's one line of stderr when Discord's HTTP is ``handler`` (in a thread of this process)."""
    server = http.server.HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        site = discord_at(f"http://127.0.0.1:{server.server_address[1]}/api/v10", folder / "site")
        done = command(cwd=folder, env={**site, **env})
    finally:
        server.shutdown()
        server.server_close()
    assert done.returncode == 2
    return one_line_error(done)


def test_a_refused_token_is_one_line_and_nothing_else(tmp_path: Path) -> None:
    line = serve(Unauthorized, tmp_path)
    assert line.startswith("python -m bot: error: Discord refused the token in DISCORD_TOKEN.")


BOT_USER = {"id": "10", "username": "Tablée", "discriminator": "0", "avatar": None, "bot": True}
APPLICATION = {"id": "11", "name": "Tablée", "description": "", "icon": None, "verify_key": "00", "owner": BOT_USER,
               "bot_public": True, "bot_require_code_grant": False, "flags": 0}  # fmt: skip


class Accepting(Unauthorized):
    """Discord accepting the token: the bot goes on to open its store."""

    def do_GET(self) -> None:
        body = json.dumps(APPLICATION if "applications" in self.path else BOT_USER).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def test_an_unreachable_database_after_discord_accepted_is_the_one_line_that_names_it(tmp_path: Path) -> None:
    url = f"postgresql://tablee:s3cret@127.0.0.1:{closed_port()}/tablee"
    line = serve(Accepting, tmp_path, DATABASE_URL=url)
    assert line.startswith(f"python -m bot: error: cannot open the database {url.replace('s3cret', '***')} "), line


def _settings(database: str = "tablee.db", url: str | None = None) -> Settings:
    return Settings("", Path(database), None, False, 10.0, "INFO", url)


def test_a_fault_of_the_bot_itself_keeps_its_traceback() -> None:
    assert failure_line(KeyError("seat"), _settings()) is None
    line = failure_line(sqlite3.OperationalError("unable to open database file"), _settings("nowhere/t.db"))
    assert line == "cannot open the database nowhere/t.db (TABLEE_DATABASE): unable to open database file"


def test_an_unreachable_postgresql_server_is_named_without_its_password() -> None:
    url = f"postgresql://tablee:s3cret@127.0.0.1:{closed_port()}/tablee"
    with pytest.raises(OSError) as refused:
        asyncio.run(open_store(url))
    line = failure_line(refused.value, _settings(url=url))
    assert line is not None and "s3cret" not in line
    assert line.startswith(f"cannot open the database {url.replace('s3cret', '***')} (DATABASE_URL): ")


def test_a_database_newer_than_the_bot_is_one_line_that_names_it(tmp_path: Path) -> None:
    """Opening the store refuses a schema from a later version: the database's fault, not the bot's."""
    path = tmp_path / "t.db"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 999")
    with pytest.raises(StoreError) as refused:
        asyncio.run(open_store(path))
    line = failure_line(refused.value, _settings(str(path)))
    assert line is not None and line.startswith(f"cannot open the database {path} (TABLEE_DATABASE): ")
    assert "999" in line


def test_discord_unreachable_is_named_even_with_a_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py's connection errors are OSErrors too: they must not be taken for the database's."""
    import discord

    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{closed_port()}/api/v10")

    async def login() -> None:
        async with discord.Client(intents=discord.Intents.none()) as client:
            await client.login("not-a-token")

    with pytest.raises(OSError) as refused:
        asyncio.run(login())
    line = failure_line(refused.value, _settings(url="postgresql://tablee:s3cret@db.example:5433/tablee"))
    assert line is not None and line.startswith("cannot reach Discord (Cannot connect to host 127.0.0.1"), line


def test_discord_unreachable_with_a_database_url_is_the_one_line_that_names_discord(tmp_path: Path) -> None:
    env = discord_at(f"http://127.0.0.1:{closed_port()}/api/v10", tmp_path / "site")
    url = f"postgresql://tablee:s3cret@127.0.0.1:{closed_port()}/tablee"
    line = one_line_error(command(cwd=tmp_path, env={**env, "DATABASE_URL": url}))
    assert line.startswith("python -m bot: error: cannot reach Discord (Cannot connect to host 127.0.0.1"), line


# The README's commands exist.


def readme_commands() -> list[str]:
    """Every shell command the README shows: lines of its code blocks and its inline code."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```\w*\n(.*?)^```", text, flags=re.S | re.M)
    lines = [line.split("#")[0].strip() for block in blocks for line in block.splitlines()]
    inline = re.findall(r"`([^`\n]+)`", re.sub(r"^```.*?^```", "", text, flags=re.S | re.M))
    return [c for c in (*lines, *inline) if c.startswith("make ") or re.search(r"python -m bot(\s|$)", c)]


def test_the_readme_make_commands_are_targets_of_the_makefile() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([\w-]+):", makefile, flags=re.M))
    makes = [shlex.split(c)[1:] for c in readme_commands() if c.startswith("make ")]
    assert ["demo", "GAME=njet", "PLAYERS=3"] in makes and ["run"] in makes
    for words in makes:
        for word in words:
            name, equals, _ = word.partition("=")
            assert (f"$({name})" in makefile) if equals else (word in targets), f"make {' '.join(words)}"


def test_the_readme_module_commands_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    modules = [c for c in readme_commands() if not c.startswith("make ")]
    assert any(" simulate " in c for c in modules)
    for line in modules:
        argv = shlex.split(line.split("python -m bot", 1)[1])
        try:
            build_parser().parse_args(argv)
        except SystemExit as stop:
            assert stop.code == 0 and argv[-1] == "--help", line
    assert "--option NAME=VALUE" in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_demo_passes_the_game_and_the_players_on() -> None:
    # Run from ``make test`` too: the outer make's flags must not reach this one (it would print directories).
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    done = subprocess.run(["make", "--no-print-directory", "-n", "demo", "GAME=njet", "PLAYERS=3"], cwd=ROOT,
                          capture_output=True, text=True, check=True, env=env)  # fmt: skip
    line = done.stdout.strip().splitlines()[-1]
    assert line.startswith(".venv/bin/python -m bot demo ")
    args = build_parser().parse_args(shlex.split(line.split("-m bot", 1)[1]))
    assert (args.command, args.game, args.players, args.out) == ("demo", "njet", 3, Path("demo-out"))


# Sharding: a process on some of the gateway's shards.


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number of shards (1 or more) or empty, not 'two'"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards (1 or more) or empty, not '0'"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "SHARD_IDS must list shard numbers separated by commas"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "SHARD_IDS must list shard numbers separated by commas"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS has shard 2, but with SHARD_COUNT=2 they go from 0 to 1"),
        ({"SHARD_COUNT": "3", "SHARD_IDS": "1,1"}, "SHARD_IDS names a shard twice: '1,1'"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1"}, "SHARD_IDS runs this process on part of the shards"),
    ],
)
def test_a_bad_shard_setting_is_refused_by_name(
    env: dict[str, str], problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("SHARD_COUNT", "SHARD_IDS", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as refused:
        load(None)
    assert str(refused.value).startswith(problem)


def test_shard_settings_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SHARD_COUNT", "SHARD_IDS", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    assert (load(None).shard_count, load(None).shard_ids) == (None, None)
    monkeypatch.setenv("SHARD_COUNT", "4")
    assert (load(None).shard_count, load(None).shard_ids) == (4, None)  # every shard in this process
    monkeypatch.setenv("SHARD_IDS", " 3, 1 ")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@db.example/tablee")
    assert (load(None).shard_count, load(None).shard_ids) == (4, (1, 3))
    monkeypatch.delenv("DATABASE_URL")
    monkeypatch.setenv("SHARD_IDS", "0,1,2,3")  # all of them: one process, SQLite is enough
    assert load(None).shard_ids == (0, 1, 2, 3)


def test_the_bot_runs_the_shards_it_is_given() -> None:
    import discord

    from cogs.client import ShardedTableeBot
    from cogs.client import TableeBot
    from cogs.client import build_bot

    settings = Settings(
        token="t",
        database=Path("x.db"),
        dev_guild=None,
        sync_commands=False,
        timer_tick=0,
        log_level="INFO",
        database_url="postgresql://bot@db.example/tablee",
        shard_count=4,
        shard_ids=(1, 3),
    )
    bot = build_bot(settings)
    assert isinstance(bot, ShardedTableeBot) and isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids, bot.database) == (4, [1, 3], "postgresql://bot@db.example/tablee")
    plain = build_bot(Settings("t", Path("x.db"), None, False, 0, "INFO"))
    assert type(plain) is TableeBot and not isinstance(plain, discord.AutoShardedClient)
    assert plain.database == Path("x.db")


def test_migrate_store_takes_a_target_a_source_and_force() -> None:
    args = build_parser().parse_args(["migrate-store", "--to", "postgresql://h/db", "--from", "a.db", "--force"])
    assert (args.command, args.to, args.source, args.force) == (
        "migrate-store",
        "postgresql://h/db",
        Path("a.db"),
        True,
    )
    args = build_parser().parse_args(["migrate-store", "--to", "postgresql://h/db"])
    assert (args.source, args.force) == (None, False)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["migrate-store"])


def test_migrate_store_refusals_are_one_line(tmp_path: Path) -> None:
    line = one_line_error(command("migrate-store", "--to", "mysql://h/db", cwd=tmp_path))
    assert line.startswith("python -m bot migrate-store: error: --to must be a PostgreSQL URL")
    line = one_line_error(command("migrate-store", "--to", "postgresql://h/db", "--from", "none.db", cwd=tmp_path))
    assert line == "python -m bot migrate-store: error: there is no SQLite file at none.db (--from, or TABLEE_DATABASE)"


def test_the_log_of_a_start_is_held_until_connected_then_shown_in_order() -> None:
    from bot.__main__ import HeldLog

    shown: list[str] = []

    class Target(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            shown.append(record.getMessage())

    held = HeldLog(Target())
    logger = logging.getLogger("tests.held")
    logger.addHandler(held)
    logger.setLevel(logging.INFO)
    try:
        logger.info("logging in")
        assert shown == []
        held.show()
        logger.info("connected")
        assert shown == ["logging in", "connected"]
        held.forget()  # nothing held any more: later records still go through
        logger.info("later")
        assert shown[-1] == "later"
    finally:
        logger.removeHandler(held)
