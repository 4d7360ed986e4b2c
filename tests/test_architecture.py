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


def test_arrows_point_down_from_cogs_to_the_table_service_to_the_engines() -> None:
    tables = reach("bot.tables")
    assert "bot.tables" not in set().union(*(reach(m) for m in EDGES if m.startswith("bot.games")))
    assert any(m.startswith("bot.games") for m in tables) and not any(m.startswith("cogs") for m in tables)
    assert not any(t.startswith("cogs") for m, ts in EDGES.items() if m.startswith(("bot.", "renders")) for t in ts
                   if m != "bot.app")  # fmt: skip
    level = floors(EDGES)
    discord_only = {m for m in EDGES if m.startswith("cogs.") and not EDGES[m]}  # delivery, layouts: no arrows
    assert {"cogs.delivery", "cogs.layouts"} <= discord_only
    words = {"cogs.alt_text"}  # the descriptions of the shared pictures: words, below the table service's needs
    assert not any(t.startswith("cogs") or t == "bot.tables" for m in words for t in reach(m))
    above = [m for m in EDGES if m.startswith("cogs.") and m not in discord_only | words]
    assert level["bot.tables"] < min(level[m] for m in above)


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
    for package in ("bot", "cogs", "renders", "web"):
        for path in (ROOT / package).rglob("*.py"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"
