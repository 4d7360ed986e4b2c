"""The project's import graph, read from the source: which module imports which, and the floors it makes.

Every import counts: at the top of a module, inside a function, and under ``if TYPE_CHECKING:`` too (a type's
arrow is still an arrow: two modules that name each other's types are one knot). Run it to print the floors:
``python -m tests.import_graph [root]``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGES = ("bot", "cogs", "renders", "web", "bench")


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(root: Path, path: Path, known: set[str]) -> set[str]:
    """The project modules that ``path`` imports (a package's import reaches its __init__)."""
    name = module_name(root, path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph(root: Path) -> dict[str, set[str]]:
    files = [p for package in PACKAGES for p in sorted((root / package).rglob("*.py"))]
    known = {module_name(root, p) for p in files}
    return {module_name(root, p): imports_of(root, p, known) for p in files}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each a circle of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return out


def floors(edges: dict[str, set[str]]) -> dict[str, int]:
    """Each module's floor: 0 for a module importing no project module, else one above its highest import.
    Modules in a circle share the circle's floor."""
    groups = {m: frozenset(c) for c in cycles(edges) for m in c}
    memo: dict[frozenset[str], int] = {}

    def floor(group: frozenset[str]) -> int:
        if group not in memo:
            memo[group] = -1
            below = {groups.get(t, frozenset({t})) for m in group for t in edges.get(m, ())} - {group}
            memo[group] = 1 + max((floor(g) for g in below), default=-1)
        return memo[group]

    return {m: floor(groups.get(m, frozenset({m}))) for m in edges}


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    edges = graph(root)
    found = cycles(edges)
    by_floor: dict[int, list[str]] = {}
    for module, level in floors(edges).items():
        by_floor.setdefault(level, []).append(module)
    for level in sorted(by_floor):
        print(f"floor {level}: {', '.join(sorted(by_floor[level]))}")
    print(f"{len(found)} circle(s)")
    for circle in found:
        print("  " + " <-> ".join(circle))


if __name__ == "__main__":
    main()
