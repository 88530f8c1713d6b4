"""games/ is pure rules (docs/architecture.md, `games/`): no Discord, images, event loop, storage, clock or
module-level randomness. Checked by parsing every module with `ast`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"
FORBIDDEN = {"discord", "PIL", "asyncio", "sqlite3", "aiosqlite", "time", "datetime"}
RANDOM_ALLOWED_IN = {GAMES_DIR / "core" / "rng.py"}
MODULES = sorted(GAMES_DIR.rglob("*.py"))


def imported_roots(tree: ast.AST) -> list[tuple[str, int]]:
    """The top-level package of every import in the tree, with its line."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], node.lineno))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "__import__"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.args[0].value.split(".")[0], node.lineno))
    return found


def test_the_checker_sees_forbidden_imports():
    """The import finder catches plain, dotted, from- and nested imports."""
    source = "import time\nfrom discord.ext import commands\ndef f():\n    import PIL.Image\n"
    assert [m for m, _ in imported_roots(ast.parse(source))] == ["time", "discord", "PIL"]


def test_games_has_modules():
    """The games package is where this test expects it."""
    assert GAMES_DIR / "__init__.py" in MODULES
    assert GAMES_DIR / "core" / "rng.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(GAMES_DIR)) for p in MODULES])
def test_module_is_pure(path: Path):
    """No discord, PIL, asyncio, sqlite, time/datetime, nor random outside core/rng.py."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [(m, line) for m, line in imported_roots(tree) if m in FORBIDDEN]
    if path not in RANDOM_ALLOWED_IN:
        bad += [(m, line) for m, line in imported_roots(tree) if m == "random"]
    assert not bad, f"{path.relative_to(GAMES_DIR)} imports {bad}"


MAX_LINES = 1000


def test_no_module_is_over_the_line_limit():
    """Each module of games/ holds one thing: none is over 1,000 lines (a bigger one becomes a package of
    one-job modules, as Junta's political half and its coup are)."""
    sizes = {str(p.relative_to(GAMES_DIR)): len(p.read_text(encoding="utf-8").splitlines()) for p in MODULES}
    assert {name: lines for name, lines in sizes.items() if lines > MAX_LINES} == {}
