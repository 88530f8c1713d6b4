"""bot/ has no import cycle, and its own modules never import bot/ui (the UI lies above them): every import
statement counts, at any depth (in a function, under TYPE_CHECKING)."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def module_name(path: Path, root: Path) -> str:
    """The dotted name of a source file (a package's __init__ is the package)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that any import statement of `tree` loads (relative ones resolved)."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()

    def add(name: str) -> None:
        # Loading a.b.c runs a, a.b and a.b.c: each is a module this one depends on.
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            prefix = ".".join(parts[:end])
            if prefix in known and prefix != module:
                found.add(prefix)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            add(base)
            for alias in node.names:
                add(f"{base}.{alias.name}")  # `from pkg import module` loads the module too
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module under `root` → the modules under `root` it imports."""
    files = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    known = set(files)
    return {name: imported(ast.parse(path.read_text(encoding="utf-8")), name, path.name == "__init__.py", known)
            for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as the path a → … → a, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_bot_has_no_import_cycle() -> None:
    """No module of bot/ imports itself back through any chain of imports, TYPE_CHECKING and local ones included."""
    cycle = find_cycle(import_graph(BOT))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_graph_sees_nested_and_relative_imports() -> None:
    """An import inside a function, under TYPE_CHECKING or relative is an edge, and a cycle of them is found."""
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from bot.app import X\n"
        "def f():\n    from .tables import Y\n    import bot.ui.board\n"
    )
    known = {"bot", "bot.app", "bot.tables", "bot.ui", "bot.ui.board", "bot.store"}
    edges = imported(tree, "bot.store", False, known)
    assert edges == {"bot", "bot.app", "bot.tables", "bot.ui", "bot.ui.board"}
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


# The modules that build the bot from all its parts, the UI included: they stand above every layer.
COMPOSITION_ROOTS = frozenset({"bot.app", "bot.__main__", "bot.sandbox"})


def upward_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Each (module, imported) where a module directly in bot/ (not a package below it, not a composition root)
    imports bot.ui or a module of it: the UI lies above the service, the store and the ports."""
    return sorted((module, target) for module, targets in graph.items() for target in targets
                  if module.count(".") == 1 and module not in COMPOSITION_ROOTS
                  and (target == "bot.ui" or target.startswith("bot.ui.")))


def test_bot_modules_never_import_the_ui() -> None:
    """No module of bot/ itself (config, ports, absence, tables, …) imports bot/ui, by any import statement;
    only the composition roots, which build the bot, see every layer."""
    assert upward_imports(import_graph(BOT)) == []


def test_an_upward_import_is_found() -> None:
    """The check finds a bot/ module importing bot.ui or one of its modules, and leaves the UI, the cogs and the
    composition root alone."""
    graph = {"bot.config": {"bot.store", "bot.ui.pacing"}, "bot.ports": {"bot.ui"}, "bot.app": {"bot.ui.board"},
             "bot.ui.board": {"bot.gameui"}, "bot.cogs.junta": {"bot.gameui"}, "bot.tables": {"bot.store"}}
    assert upward_imports(graph) == [("bot.config", "bot.ui.pacing"), ("bot.ports", "bot.ui")]
