"""``python -m bot``: run the bot; ``demo``, ``simulate`` and ``bench`` are local commands."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tablée, the tabletop games bot for Discord.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the bot (the default)")
    demo = sub.add_parser("demo", help="play a whole game between computer players, narrated, with pictures")
    demo.add_argument("--game", default="nain_jaune")
    demo.add_argument("--players", type=int, default=4)
    demo.add_argument("--seed", type=int, default=7)
    demo.add_argument("--lang", default="fr", choices=("fr", "en"))
    demo.add_argument("--out", type=Path, default=Path("demo-out"))
    demo.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a table option")
    simulate = sub.add_parser("simulate", help="play many games between computer players and print statistics")
    simulate.add_argument("--game", default="nain_jaune")
    simulate.add_argument("--games", type=int, default=200)
    simulate.add_argument("--players", type=int, default=4)
    sub.add_parser("bench", help="measure the pipeline, the pictures and the event loop")
    args = parser.parse_args(argv)

    if args.command == "demo":
        from bot.demo import run_demo

        return asyncio.run(run_demo(args.game, args.players, args.seed, args.lang, args.out, args.option))
    if args.command == "simulate":
        from bot.demo import simulate as run_simulation

        return run_simulation(args.game, args.games, args.players)
    if args.command == "bench":
        from bot.bench import run_bench

        return asyncio.run(run_bench())
    return run_bot()


def run_bot() -> int:
    from bot import config

    settings = config.load()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.token:
        print(config.TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.app import TableeBot

    bot = TableeBot(
        settings.database,
        dev_guild=settings.dev_guild,
        sync_commands=settings.sync_commands,
        timer_tick=settings.timer_tick,
    )
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
