"""``python -m bot``: run the bot; ``demo``, ``simulate`` and ``bench`` are local commands, ``migrate-store``
moves a server's SQLite file into PostgreSQL, ``ratings --rebuild`` recomputes the ratings from the results, ``web``
serves the web pages alone.

A mistake in the command, the settings, the token or the network ends in one line on stderr and exit code 2,
never a traceback: the details are logged at debug level (``TABLEE_LOG_LEVEL=DEBUG``).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sqlite3
import sys
import traceback
from collections.abc import Callable
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Any
from typing import NoReturn
from typing import cast

from bot.registry import GAMES
from bot.registry import KINDS

if TYPE_CHECKING:
    from bot.config import Settings

PROG = "python -m bot"
OWN_PACKAGES = ("bot", "cogs", "renders", "tests", "web")
log = logging.getLogger("bot")


class Parser(argparse.ArgumentParser):
    """argparse whose refusals are one line (no usage block), so a newcomer sees the problem at once."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


ALIASES = {spec.command: spec.kind for spec in GAMES if spec.command != spec.kind}
"""The slash commands' names of the games (``nainjaune``, ``chatvert``), taken for the games they open."""
GAME_NAMES = ", ".join(f"{kind} ({command})" if command != kind else kind for kind, command in
                       ((spec.kind, spec.command) for spec in GAMES))  # fmt: skip


def game(name: str) -> str:
    """A game named on the command line, by its name or its slash command's (``chat_vert`` or ``chatvert``)."""
    if name in KINDS:
        return name
    if name in ALIASES:
        return ALIASES[name]
    raise argparse.ArgumentTypeError(f"invalid choice: {name!r} (choose from {GAME_NAMES})")


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Tablée, the tabletop games bot for Discord.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the bot (the default)")
    demo = sub.add_parser("demo", help="play a whole game between computer players, narrated, with pictures")
    demo.add_argument("--game", default="nain_jaune", type=game, help=f"the game: {GAME_NAMES}")
    demo.add_argument("--players", type=int, default=4, help="how many seats (each game has its own range)")
    demo.add_argument("--seed", type=int, default=7, help="the deal: the same seed plays the same game")
    demo.add_argument("--lang", default="fr", choices=("fr", "en"))
    demo.add_argument("--out", type=Path, default=Path("demo-out"), help="the folder of the pictures")
    demo.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a table option")
    simulate = sub.add_parser("simulate", help="play many games between computer players and print statistics")
    simulate.add_argument("--game", default="nain_jaune", type=game, help=f"the game: {GAME_NAMES}")
    simulate.add_argument("--games", type=int, default=200, help="how many games to play")
    simulate.add_argument("--players", type=int, default=4)
    simulate.add_argument("--seed", type=int, default=1000, help="the first game's seed (then +1 a game): the same "
                          "seed plays the same games")  # fmt: skip
    bench = sub.add_parser("bench", help="measure the pipeline, the pictures and the event loop")
    bench.add_argument("--game", type=game, help=f"measure this game only (default: every game): {GAME_NAMES}")
    bench.add_argument("--quick", action="store_true", help="fewer samples: the whole bench in under 3 minutes")
    bench.add_argument("--json", type=Path, metavar="FILE", help="also write the main figures to FILE as JSON")
    migrate = sub.add_parser("migrate-store", help="copy the SQLite file's games, players and statistics to PostgreSQL")
    migrate.add_argument("--to", required=True, metavar="URL", help="the PostgreSQL database, postgresql://...")
    migrate.add_argument("--from", dest="source", type=Path, metavar="PATH", help="the SQLite file (TABLEE_DATABASE)")
    migrate.add_argument("--force", action="store_true", help="empty the PostgreSQL database first if it holds data")
    pages = sub.add_parser("web", help="serve the web pages alone, over the same database as the bot")
    pages.add_argument("--host", help="the address to listen on (default: TABLEE_WEB_HOST, else 127.0.0.1)")
    pages.add_argument("--port", type=int, help="the port (default: TABLEE_WEB_PORT, else 8080)")
    ratings = sub.add_parser("ratings", help="recompute the ratings from the finished games' results")
    ratings.add_argument("--rebuild", action="store_true", help="replay every rated game, in the order they ended")
    ratings.add_argument("--guild", type=int, metavar="ID", help="one server only (default: every server)")
    return parser


def fail(prog: str, message: str) -> int:
    print(f"{prog}: error: {message}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return dispatch(args)
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] in OWN_PACKAGES:
            raise
        log.debug("a dependency is missing", exc_info=error)
        return fail(PROG, missing_line(error.name))


def missing_line(module: str | None) -> str:
    """The usual first stumble: ``python`` outside ``.venv``, where the dependencies are not installed."""
    return (
        f"the package {module!r} is not installed for {sys.executable}; `make run` and `make demo` install "
        "everything into .venv (or run .venv/bin/python -m bot)"
    )


def dispatch(args: argparse.Namespace) -> int:
    if args.command in ("demo", "simulate", "bench"):
        from bot.cli.demo import DemoError

        try:
            return run_local(args)
        except DemoError as error:
            return fail(f"{PROG} {args.command}", str(error))
        except KeyboardInterrupt:
            return 130
    if args.command == "migrate-store":
        return run_migration(args)
    if args.command == "ratings":
        return run_ratings(args)
    if args.command == "web":
        return run_web(args)
    return run_bot()


def run_web(args: argparse.Namespace) -> int:
    """The pages alone: found by name, as the renderers are (``bot`` never imports the web layer above it)."""
    from bot.registry import load

    serve = cast("Callable[[list[str]], int]", load("web.serve:main"))
    return serve([*(["--host", args.host] if args.host else []), *(["--port", str(args.port)] if args.port else [])])


def run_migration(args: argparse.Namespace) -> int:
    """Copy the SQLite file (``--from``, else the settings' file) into ``--to``; a refusal is one line."""
    import asyncpg  # type: ignore[import-untyped]

    from bot import config
    from bot.cli.migrate_store import MigrationError
    from bot.cli.migrate_store import migrate_store

    prog = f"{PROG} migrate-store"
    if not str(args.to).startswith(("postgresql://", "postgres://")):
        return fail(prog, f"--to must be a PostgreSQL URL such as {config.DATABASE_URL_FORM}")
    try:
        source = args.source or config.load().database
    except config.ConfigError as error:
        return fail(prog, str(error))
    try:
        asyncio.run(migrate_store(source, args.to, force=args.force))
    except MigrationError as error:
        return fail(prog, str(error))
    except (asyncpg.PostgresError, OSError) as error:
        return fail(prog, f"cannot use the database {config.hidden_password(args.to)}: {error or type(error).__name__}")
    return 0


def run_ratings(args: argparse.Namespace) -> int:
    """Rebuild the ratings in the database the settings name (``DATABASE_URL``, else ``TABLEE_DATABASE``), from
    the finished games' results; the bot may keep running meanwhile."""
    import asyncpg

    from bot import config
    from bot.ratings.service import rebuild
    from bot.store import open_store

    prog = f"{PROG} ratings"
    if not args.rebuild:
        return fail(prog, "nothing to do: --rebuild recomputes the ratings from the finished games")
    try:
        settings = config.load()
    except config.ConfigError as error:
        return fail(prog, str(error))
    if settings.database_url is None and not settings.database.exists():
        return fail(prog, f"there is no SQLite file at {settings.database} (TABLEE_DATABASE)")

    async def rebuilt() -> str:
        store = await open_store(settings.store)
        try:
            done = await rebuild(store, args.guild)
        finally:
            await store.close()
        where = "every server" if args.guild is None else f"server {args.guild}"
        hints = f" ({done.skipped} more not rated: hints were allowed)" if done.skipped else ""
        late = f"; {_count(done.late, 'game')} that ended meanwhile rated after" if done.late else ""
        return (
            f"ratings rebuilt on {where} from {_count(done.games, 'finished game')}{hints},"
            f" {_count(done.players, 'rating')}{late}"
        )

    try:
        print(asyncio.run(rebuilt()))
    except (asyncpg.PostgresError, sqlite3.Error, OSError) as error:
        where = config.hidden_password(settings.database_url) if settings.database_url else settings.database
        return fail(prog, f"cannot use the database {where}: {error or type(error).__name__}")
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def run_local(args: argparse.Namespace) -> int:
    """The commands that need neither a token nor the network."""
    if args.command == "bench":
        from bot.registry import load

        # The bench sits above the bot, as the pages do: found by name, never imported by the running bot.
        run_bench = cast("Callable[..., Coroutine[Any, Any, int]]", load("bench.run:run_bench"))
        kinds = (args.game,) if args.game else KINDS
        return asyncio.run(run_bench(kinds, quick=args.quick, json_path=args.json))
    from bot.cli.demo import run_demo
    from bot.cli.demo import simulate

    if args.command == "demo":
        return asyncio.run(run_demo(args.game, args.players, args.seed, args.lang, args.out, args.option))
    return simulate(args.game, args.games, args.players, args.seed)


def run_bot() -> int:
    from bot import config

    try:
        settings = config.load()
    except config.ConfigError as error:
        return fail(PROG, str(error))
    if not settings.token:
        print(config.TOKEN_HELP, file=sys.stderr)
        return 2
    return start(settings)


class HeldLog(logging.Handler):
    """Holds the log records of the start until the gateway is connected: a start that fails is its one error
    line, and a start that succeeds shows them all, in order, once connected."""

    def __init__(self, target: logging.Handler) -> None:
        super().__init__()
        self.target = target
        self.held: list[logging.LogRecord] | None = []

    def emit(self, record: logging.LogRecord) -> None:
        if self.held is None:
            self.target.handle(record)
        else:
            self.held.append(record)

    def show(self) -> None:
        """Show what was held, and every later record as it comes."""
        self.acquire()
        try:
            held, self.held = self.held or [], None
        finally:
            self.release()
        for record in held:
            self.target.handle(record)

    def forget(self) -> None:
        """Drop what was held: the failure's one line says it all (``TABLEE_LOG_LEVEL=DEBUG`` shows the details)."""
        self.acquire()
        try:
            if self.held:
                self.held.clear()
        finally:
            self.release()


def start_logging(level: str) -> HeldLog | None:
    """The log on stderr; held until the bot is connected, but at ``DEBUG``, where the details are wanted."""
    stream = logging.StreamHandler()
    stream.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    held = None if level == "DEBUG" else HeldLog(stream)
    logging.basicConfig(level=level, handlers=[held or stream])
    return held


def start(settings: Settings) -> int:
    """Run the bot until it stops; a refused token, an unreachable Discord or database is one line, not a
    traceback."""
    import discord

    from bot.registry import load

    # The Discord client is assembled where the cogs live (``cogs.client``): found by name, as the pages are.
    build_bot = cast("Callable[[Settings], Any]", load("cogs.client:build_bot"))

    held = start_logging(settings.log_level)
    # Tablée never joins a voice channel: the warnings about voice libraries would only alarm a newcomer.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    from bot.pictures import workers

    bot = build_bot(settings)
    if held is not None:

        async def connected() -> None:
            held.show()

        bot.add_listener(connected, "on_connect")
    workers.start_now()  # the pictures' processes, warm before the first move
    try:
        bot.run(settings.token, log_handler=None)
    except Exception as error:
        line = failure_line(error, settings)
        if line is None:
            if held is not None:
                held.show()
            raise
        if held is not None:
            held.forget()
        log.debug("the bot could not start", exc_info=error)
        return fail(PROG, line)
    if held is not None:
        held.show()
    return 0


STORE_PACKAGE = "bot.store"


def raised_by_the_store(error: BaseException) -> bool:
    """Whether ``error`` came out of the store (opening it, migrating it, reading it): one of the frames it went
    through belongs to ``bot.store``. Discord's connection errors are OSErrors as well, so the type alone cannot
    tell the two apart; where the error was raised can."""
    for frame, _ in traceback.walk_tb(error.__traceback__):
        module = str(frame.f_globals.get("__name__", ""))
        if module == STORE_PACKAGE or module.startswith(f"{STORE_PACKAGE}."):
            return True
    return False


def failure_line(error: BaseException, settings: Settings) -> str | None:
    """What went wrong at start, in one line with what to do; None for a fault of the bot itself."""
    import aiohttp
    import asyncpg
    import discord

    from bot.config import hidden_password
    from bot.store import StoreError

    database = isinstance(error, asyncpg.PostgresError | sqlite3.Error) or (
        isinstance(error, OSError | StoreError) and raised_by_the_store(error)
    )
    if database:
        if settings.database_url is not None:
            where = f"{hidden_password(settings.database_url)} (DATABASE_URL)"
        else:
            where = f"{settings.database} (TABLEE_DATABASE)"
        return f"cannot open the database {where}: {error or type(error).__name__}"
    if isinstance(error, discord.LoginFailure):
        return (
            "Discord refused the token in DISCORD_TOKEN. Copy it again from "
            "https://discord.com/developers/applications (Bot > Reset Token) into .env."
        )
    if isinstance(error, discord.HTTPException):
        return f"Discord answered {error.status} {error.text or error.response.reason}; try again in a moment."
    if isinstance(error, aiohttp.ClientError | discord.GatewayNotFound | OSError):
        return f"cannot reach Discord ({error or type(error).__name__}); check the network connection."
    return None


if __name__ == "__main__":
    sys.exit(main())
