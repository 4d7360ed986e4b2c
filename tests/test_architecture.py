"""The shape of the house: no import circle, engines at the bottom, small modules."""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import cycles
from tests.import_graph import floors
from tests.import_graph import graph

ROOT = Path(__file__).resolve().parents[1]
EDGES = graph(ROOT)
MAX_LINES = 800


def test_there_is_no_import_circle() -> None:
    assert cycles(EDGES) == []


def test_engines_import_only_engines() -> None:
    for module, targets in EDGES.items():
        if module.startswith("bot.games"):
            assert all(t.startswith("bot.games") for t in targets), f"{module} imports {targets}"


def test_computer_players_depend_on_engines_never_the_reverse() -> None:
    for module, targets in EDGES.items():
        if module.startswith("bot.players"):
            assert all(t.startswith(("bot.games", "bot.players")) for t in targets), f"{module} imports {targets}"


def reach(module: str) -> set[str]:
    """Every module ``module`` depends on, directly or not."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        for target in EDGES.get(todo.pop(), set()) - seen:
            seen.add(target)
            todo.append(target)
    return seen


LAYERS = {"bot": 0, "renders": 1, "cogs": 2, "web": 2, "bench": 3}
"""Who sits on whom: an import points to a layer below or to its own (cogs and the pages sit side by side; the bench,
never imported by the running bot, on top)."""


def layer(module: str) -> str:
    return module.split(".", 1)[0]


def test_arrows_only_point_down() -> None:
    """cogs -> renders -> bot, type-only imports included: nothing under bot/ imports renders, cogs, web or the bench,
    and renders imports neither cogs nor web; the running bot finds what sits above it by name only."""
    for module, targets in EDGES.items():
        for target in targets:
            upward = LAYERS[layer(target)] > LAYERS[layer(module)]
            assert not upward, f"{module} imports {target}, a layer above it"


def test_the_table_service_sits_on_the_engines_and_under_the_cogs() -> None:
    tables = reach("bot.service.tables")
    assert "bot.service.tables" not in set().union(*(reach(m) for m in EDGES if m.startswith("bot.games")))
    assert any(m.startswith("bot.games") for m in tables)
    level = floors(EDGES)
    discord_only = {m for m in EDGES if m.startswith("cogs.") and not EDGES[m]}  # delivery, layouts: no arrows
    assert {"cogs.delivery", "cogs.layouts"} <= discord_only
    words = {"cogs.alt_text"}  # the descriptions of the shared pictures: words, below the table service's needs
    assert not any(t.startswith("cogs") or t == "bot.service.tables" for m in words for t in reach(m))
    above = [m for m in EDGES if m.startswith("cogs.") and m not in discord_only | words]
    assert level["bot.service.tables"] < min(level[m] for m in above)


def test_the_packages_of_bot_hold_one_concern_each() -> None:
    """The store stands alone; the pictures' machinery and the ratings use what the table service shares (a
    snapshot, a game rebuilt) but never its pipeline; the bench is nobody's import."""
    pipeline = ("bot.service.tables", "bot.service.turn_flow", "bot.service.game_end")
    for module, targets in EDGES.items():
        if module.startswith("bot.store"):
            assert all(t.startswith("bot.store") for t in targets), f"{module} imports {targets}"
        if module.startswith(("bot.pictures", "bot.ratings")):
            assert not any(t.startswith(pipeline) for t in targets), f"{module} imports {targets}"
        if layer(module) != "bench" and not module.startswith("tests"):
            assert not any(layer(t) == "bench" for t in targets), f"{module} imports {targets}"
    assert "bot.games.chat_vert.engine" in EDGES and not any(
        name.startswith("bot.games.chat_vert_") for name in EDGES
    )  # Le Chat vert's engine is a package of its own


def test_the_web_pages_sit_beside_the_cogs() -> None:
    """web -> renders -> bot: nothing under bot/ or renders/ imports the pages (the bot loads them by name), and the
    pages never import the Discord adapters."""
    for module, targets in EDGES.items():
        if module.startswith(("bot", "renders")):
            assert not any(t == "web" or t.startswith("web.") for t in targets), f"{module} imports {targets}"
        if module.startswith("web"):
            assert not any(t.startswith("cogs") for t in targets), f"{module} imports {targets}"
    assert any(t.startswith("web") for t in EDGES["cogs.web_links"])


def test_no_module_is_too_long() -> None:
    for package in ("bot", "cogs", "renders", "web", "bench"):
        for path in (ROOT / package).rglob("*.py"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"
