"""Whole-run hooks: the playout corpus the workers shared is removed at the end, and a backend whose tests were
skipped is said at the end, in capitals."""

from __future__ import annotations

from typing import Any

from tests.support import postgres
from tests.support.corpus import (  # noqa: F401  (the session's shared random games)
    drop_shared,
    playout_corpus,
    shared_corpus,
)

LOUD = ("POSTGRESQL TESTS SKIPPED", "NO BROWSER")  # skips a run must never pass over in silence


def pytest_sessionfinish(session: Any) -> None:
    drop_shared(session.config)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    # Under pytest-xdist the skips happen in the workers: their reports reach this process, their lists don't.
    reasons = list(postgres.SKIPPED)
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reason = str(longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else longrepr)
        reason = reason.removeprefix("Skipped: ")
        if any(word in reason for word in LOUD) and reason not in reasons:
            reasons.append(reason)
    for reason in reasons:
        terminalreporter.write_sep("!", reason, red=True, bold=True)
