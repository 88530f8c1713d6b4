"""Tests share helpers through kit modules, never by importing from another `test_*.py` file.

A test module is collected by pytest; importing from it re-runs its module-level code, makes its
private helpers part of other files' API, and lets pytest see its fixtures and tests twice. Shared
helpers live in kits (tests/bot/helpers.py, tests/games/junta/junta_kit.py, ...) or conftest.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

# (importing file, imported test module) pairs that are knowingly left for now. Another change in flight
# rewrites both sandbox browser files; when it lands without this import, the entry goes too.
KNOWN: set[tuple[str, str]] = set()


def _resolved(package: list[str], node: ast.ImportFrom) -> str:
    """The absolute dotted name a `from X import ...` reads from, relative imports included."""
    if not node.level:
        return node.module or ""
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _is_test_module(dotted: str) -> bool:
    return dotted.split(".")[-1].startswith("test_")


def imported_test_modules(path: Path, root: Path = ROOT) -> set[str]:
    """Every `test_*` module that the file at `path` imports, at any depth (inside functions too)."""
    package = list(path.relative_to(root).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if _is_test_module(alias.name)}
        elif isinstance(node, ast.ImportFrom):
            module = _resolved(package, node)
            if _is_test_module(module):
                found.add(module)
            # `from tests.x import test_y` imports the test module itself.
            found |= {f"{module}.{alias.name}" for alias in node.names if _is_test_module(alias.name)}
    return found


def all_imports() -> set[tuple[str, str]]:
    return {
        (path.relative_to(ROOT).as_posix(), module)
        for path in sorted(TESTS.rglob("*.py"))
        for module in imported_test_modules(path)
    }


def test_no_test_module_imports_another() -> None:
    """No file under tests/ imports from a `test_*` module (beyond the known pairs)."""
    offending = sorted(all_imports() - KNOWN)
    assert not offending, "move these helpers into a kit module:\n" + "\n".join(
        f"{importer} imports {module}" for importer, module in offending
    )


def test_known_exceptions_still_exist() -> None:
    """A known pair that no longer occurs is removed from KNOWN, so it cannot come back unnoticed."""
    assert all_imports() >= KNOWN, f"no longer imported, drop from KNOWN: {sorted(KNOWN - all_imports())}"


def test_the_check_sees_every_form(tmp_path: Path) -> None:
    """The check finds absolute, relative, module and function-level imports of a test module."""
    package = tmp_path / "tests" / "games"
    package.mkdir(parents=True)
    sample = package / "sample.py"
    sample.write_text(
        "import tests.a.test_one\n"
        "from tests.b.test_two import x\n"
        "from tests.c import test_three as t, kit\n"
        "from .test_four import y\n"
        "from . import test_five\n"
        "def f():\n"
        "    from tests.d.test_six import _private\n"
        "from tests.games.junta.junta_kit import play\n",
        encoding="utf-8",
    )
    assert imported_test_modules(sample, root=tmp_path) == {
        "tests.a.test_one",
        "tests.b.test_two",
        "tests.c.test_three",
        "tests.games.test_four",
        "tests.games.test_five",
        "tests.d.test_six",
    }
