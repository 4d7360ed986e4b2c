"""Screenshots of every game as Discord shows it, taken from simcord's preview page (``make shots``).

For each game, a table with as many seats as the game takes (one member, computer players in the other seats) is
opened, started and played for a few of the member's moves, until it is the member's turn again. Then four PNGs are
taken at a desktop and a phone width: the table message in the channel (``<game>-table-<width>.png``) and the
member's private panel, the DM the bot keeps up to date (``<game>-panel-<width>.png``). The width at which each
table picture is displayed inside its message is measured in the page and printed, with the smallest texts of the
pictures as displayed there (redrawn with the renderers' own marks, ``renders.measure``), into
``<out>/readability.json``; the widths at which the table pictures are shown are written to
``renders/shown_widths.json``, which every readability check reads. The web pages of two of these games follow
(``tests.e2e.web_shots``): the live table, a replay and the server's page.

simcord's capture launches Playwright's own Chromium, a separate download; this script launches the system's
Chromium instead (``/usr/bin/chromium``, Debian's ``chromium`` package) and hands it to the preview's capture.

    .venv/bin/python -m tests.e2e.shots --out shots [--lang en] [--docs] [--game njet]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import secrets
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image
from simcord import Env
from simcord.preview._capture import ManagedCapture

from bot.registry import GAMES
from bot.registry import engine_of
from bot.registry import pictures_of
from bot.registry import player_of
from cogs.ui import ui_for
from renders import measure
from tests.browser import ARGS
from tests.browser import CHROMIUM
from tests.e2e.simhelpers import SETTLE_GUARD_S
from tests.e2e.simhelpers import SimTable
from tests.e2e.simhelpers import make_bot
from tests.e2e.simhelpers import set_locales
from tests.e2e.web_shots import shoot_pages

WIDTHS = {"desktop": 1280, "phone": 390}
"""The viewport widths of the shots, in CSS px (a laptop browser, a common phone)."""
HEIGHT = 2400
"""A viewport tall enough for the longest message: a capture keeps only what the viewport shows."""

LOCALES = {"fr": "fr", "en": "en-US"}
"""``--lang`` -> the Discord locale of the server and of the member."""

MOVES = {"nain_jaune": 2, "triominos": 3, "neurotrio": 3, "njet": 6, "chat_vert": 4}
"""How many moves the member makes before the shots: enough for a table in the middle of its game."""

DESCRIPTION = "Screenshots of every game's table message and private panel, from simcord's preview page."

DOCS = Path(__file__).resolve().parents[2] / "docs"
DOCS_GAMES = ("nain_jaune", "triominos", "chat_vert")
DOCS_PAGES = ("live", "replay", "server")
"""The web pages the README shows, at both widths."""
"""The games whose table message the README shows on a desktop and on a phone, side by side."""
DOCS_MAX_HEIGHT = 1400
"""The docs copies are cut to this height (px) and quantized, so the README's pictures stay small."""

MEASURE_PICTURES = """() => [...document.querySelectorAll(
    '#preview-app img.gallery-image, #preview-app img.attachment-image, #preview-app img.embed-image,'
    + ' #preview-app img.component-thumbnail')].map((img) => {
        const box = img.getBoundingClientRect();
        return { kind: img.className, shown: box.width, shownHeight: box.height, natural: img.naturalWidth };
    })"""


@dataclass(frozen=True)
class Picture:
    """One picture of a captured message: its class in the page, the width it is shown at, its own width."""

    kind: str
    shown: float
    shown_height: float
    natural: int


class SystemChromium(ManagedCapture):
    """simcord's managed capture, on a browser this script launched (and closes itself), that also measures the
    pictures of each page it shoots."""

    def __init__(self, preview: Any, browser: Any) -> None:
        super().__init__(preview)
        self._browser = browser
        self.pictures: list[Picture] = []

    async def close(self) -> None:
        self._browser = None  # the browser outlives the preview: the script closes it

    async def _freeze(self, page: Any) -> None:  # type: ignore[override]  # static in simcord; here it keeps data
        """simcord's last step before it measures and shoots the page: the pictures are laid out by then."""
        await ManagedCapture._freeze(page)
        found = await page.evaluate(MEASURE_PICTURES)
        self.pictures = [Picture(p["kind"], p["shown"], p["shownHeight"], p["natural"]) for p in found]


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    kinds = [spec.kind for spec in GAMES]
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.shots", description=DESCRIPTION)
    parser.add_argument("--out", type=Path, default=Path("shots"), help="where the PNGs go (default: shots)")
    parser.add_argument("--lang", choices=sorted(LOCALES), default="fr", help="the server's language (default: fr)")
    parser.add_argument(
        "--docs",
        action="store_true",
        help=f"also copy the table shots of {', '.join(DOCS_GAMES)} to docs/shot-<game>-desktop.png and -phone.png",
    )
    parser.add_argument("--game", choices=kinds, action="append", help="only this game (repeatable; default: all)")
    parser.add_argument("--seed", type=int, default=7, help="the seed of the deals (default: 7)")
    args = parser.parse_args(argv)
    args.game = args.game or kinds
    return args


async def play_until_mid_game(table: SimTable, kind: str, moves: int, rng: random.Random) -> None:
    """The member makes ``moves`` moves (the computer players' choices) through the table service, the pipeline the
    panels' buttons use; computer players play between them. Stops on the member's turn."""
    member = table.members[0]
    player = player_of(kind)
    for made in range(moves + 1):
        await table.bot.publisher.wait_idle()
        live = await table.live()
        if live.engine.is_over(live.state):
            raise RuntimeError(f"{kind}: the game ended before the shots")
        seat = live.row.seat_of(member.id)
        if seat not in live.engine.to_act(live.state):
            raise RuntimeError(f"{kind}: the computer players stopped before the member's turn")
        if made == moves:
            return
        await table.bot.tables.act(table.game_id, member.id, player.act(live.state, seat, rng), live.n)


@dataclass(frozen=True)
class Shot:
    """One PNG written: its file, its size in px, and the pictures of the message in it."""

    path: Path
    size: tuple[int, int]
    pictures: tuple[Picture, ...]

    def describe(self) -> str:
        pictures = ", ".join(f"{p.shown:.0f}x{p.shown_height:.0f} (of {p.natural})" for p in self.pictures)
        return f"{self.path.name} {self.size[0]}x{self.size[1]}: picture shown {pictures or 'nowhere'}"


async def shoot(env: Env, browser: Any, viewer: Any, channel: Any, target: Any, locale: str, out: Path) -> list[Shot]:
    """A PNG of ``target`` as ``viewer`` sees it in ``channel`` at each width: ``out`` + ``-<width>.png``."""
    shots = []
    for name, width in WIDTHS.items():
        async with env.preview(
            channel, viewers=[viewer], display="fixed", width=width, height=HEIGHT, locale=locale
        ) as preview:
            capture = SystemChromium(preview, browser)
            preview._capture_manager = capture  # simcord 3.2.1 has no public way to choose the browser
            path = out.with_name(f"{out.name}-{name}.png")
            report = await preview.screenshot(path, viewer=viewer, target=target, mode="surface")
            if not report.complete:
                print(f"  {path.name}: incomplete: {[d.get('message') for d in report.diagnostics]}", file=sys.stderr)
            shots.append(Shot(path, (report.output_width, report.output_height), tuple(capture.pictures)))
    return shots


async def shoot_game(
    env: Env, browser: Any, kind: str, locale: str, out: Path, rng: random.Random
) -> tuple[list[Shot], dict[str, list[measure.Mark]]]:
    """A table of ``kind`` with every seat taken, in the middle of its game: its four PNGs, and the marks of the
    table picture and of the panel's picture, drawn again from the same state."""
    spec = next(s for s in GAMES if s.kind == kind)
    table = SimTable(env, ("Camille",), kind.replace("_", "-"), guild_locale=locale)
    member = table.members[0]
    set_locales(env, {member.id: locale}, default=locale)
    seats = engine_of(kind).max_players
    await table.open_and_start(spec.command, players=1, computers=seats - 1)
    await play_until_mid_game(table, kind, MOVES[kind], rng)
    message = await table.table_message()
    dm = member.user.dm_channel
    shots = await shoot(env, browser, member, table.channel, message, locale, out / f"{kind}-table")
    shots += await shoot(env, browser, member.user, dm, dm.last_message, locale, out / f"{kind}-panel")
    print(f"{kind} ({seats} seats)")
    for shot in shots:
        print(f"  {shot.describe()}")
    return shots, await marks_of_pictures(table, kind, locale)


async def marks_of_pictures(table: SimTable, kind: str, locale: str) -> dict[str, list[measure.Mark]]:
    """The table picture's and the member's panel picture's marks, as the renderers note them while drawing."""
    snapshot = await table.bot.tables.snapshot(table.game_id)
    lang = locale.split("-")[0]
    names = [s.name for s in snapshot.game.seats]
    seat = snapshot.game.seat_of(table.members[0].id)
    assert seat is not None
    pictures = pictures_of(kind)
    ui = ui_for(kind)
    custom = ui.focus_panel(snapshot, seat, lang, None, 0) if ui.focus_panel is not None else None
    found: dict[str, list[measure.Mark]] = {}
    with measure.recording() as marks:
        pictures.table(snapshot.public, names, lang)
    found["table"] = marks
    with measure.recording() as marks:
        if custom is not None:
            custom.picture()
        else:
            pictures.hand(snapshot.views[seat], lang)
    found["panel"] = marks
    return found


def smallest_texts(shot: Shot, marks: list[measure.Mark]) -> dict[str, Any]:
    """The smallest essential text and the smallest text of all in the shot's picture, as displayed there."""
    if not shot.pictures:
        return {"shot": shot.path.name, "picture": None}
    picture = shot.pictures[0]
    scale = picture.shown / picture.natural
    essential = [m for m in marks if m.essential]
    least = min(essential, key=lambda m: m.height, default=None)
    floor = min(marks, key=lambda m: m.height, default=None)
    return {
        "shot": shot.path.name,
        "height": shot.size[1],
        "picture": [round(picture.shown), round(picture.shown_height)],
        "drawn_width": picture.natural,
        "smallest_decision_text": None if least is None else [least.text, round(least.height * scale, 1)],
        "smallest_text": None if floor is None else [floor.text, round(floor.height * scale, 1)],
    }


def write_widths(widths: dict[str, list[float]]) -> None:
    """The width at which each screen shows a table picture, for the readability checks: the narrowest a picture
    was scaled down to (a picture narrower than the screen's room is shown at its own size, and says nothing of
    it); a screen where no picture was scaled keeps its width."""
    shown = json.loads(measure.SHOWN_WIDTHS.read_text(encoding="utf-8"))
    for name, seen in widths.items():
        if seen:
            shown[name] = round(min(seen))
    measure.SHOWN_WIDTHS.write_text(json.dumps(shown, indent=2) + "\n", encoding="utf-8")
    print(f"{measure.SHOWN_WIDTHS.name}: phone {shown['phone']} px, desktop {shown['desktop']} px")


def docs_copy(source: Path, destination: Path) -> None:
    """A small copy for the README: cut to ``DOCS_MAX_HEIGHT`` and quantized to 256 colours (an octree keeps
    the players' colours apart)."""
    with Image.open(source) as image:
        picture = image.convert("RGB")
    picture = picture.crop((0, 0, picture.width, min(picture.height, DOCS_MAX_HEIGHT)))
    data = io.BytesIO()
    picture.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(data, "PNG", optimize=True)
    destination.write_bytes(data.getvalue())


async def run(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    locale = LOCALES[args.lang]
    seeds = random.Random(args.seed)
    # The tables' seeds come from secrets.randbits (as in the tests' conftest): the same deals on every run.
    secrets.randbits = seeds.getrandbits  # type: ignore[assignment]
    with tempfile.TemporaryDirectory(prefix="tablee-shots-") as tmp:
        bot = make_bot(Path(tmp) / "tablee.db")
        env = Env(bot, settle_timeout=SETTLE_GUARD_S)
        await env.start()
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            report: list[dict[str, Any]] = []
            widths: dict[str, list[float]] = {name: [] for name in WIDTHS}
            try:
                for kind in args.game:
                    shots, marks = await shoot_game(env, browser, kind, locale, args.out, random.Random(args.seed))
                    for shot in shots:
                        what = "table" if "-table-" in shot.path.name else "panel"
                        report.append({"game": kind, **smallest_texts(shot, marks[what])})
                        screen = shot.path.stem.rsplit("-", 1)[-1]
                        scaled = [p.shown for p in shot.pictures if p.shown < p.natural - 0.5]
                        if what == "table" and scaled:
                            widths[screen].append(scaled[0])
                (args.out / "readability.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
                for line in report:
                    print(f"  {line['shot']}: {line.get('smallest_decision_text')} {line.get('smallest_text')}")
                write_widths(widths)
                for shot in await shoot_pages(bot, browser, args.out, locale, WIDTHS):
                    print(f"  {shot.name}")
            finally:
                await browser.close()
                await env.shutdown()
                await bot.close()
    if args.docs:
        copies = [
            (f"{kind}-table-{name}.png", f"shot-{kind.replace('_', '-')}-{name}.png")
            for kind in DOCS_GAMES
            for name in WIDTHS
        ]
        copies += [(f"web-{page}-{name}.png", f"web-{page}-{name}.png") for page in DOCS_PAGES for name in WIDTHS]
        for source, name in copies:
            if (args.out / source).exists():
                docs_copy(args.out / source, DOCS / name)
                print(f"docs/{name}: {(DOCS / name).stat().st_size // 1024} KiB")


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    missing = [kind for kind in DOCS_GAMES if kind not in args.game]
    if args.docs and missing:
        raise SystemExit(f"--docs needs the shots of {', '.join(missing)}: add --game for each")
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
