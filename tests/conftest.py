"""Whole-run reporting: a backend whose tests were skipped is said at the end, in capitals."""

from __future__ import annotations

from typing import Any

from tests.support import postgres


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for reason in postgres.SKIPPED:
        terminalreporter.write_sep("!", reason, red=True, bold=True)
