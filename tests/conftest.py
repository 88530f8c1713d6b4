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


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """The long tests first, the longest first: a module marked `slow(seconds)` (about how long its longest test
    takes; for a module whose tests share one `xdist_group`, all of them, since a worker takes the group whole) comes
    before the others. pytest-xdist hands tests out in this order, so that no worker is still busy with a long test
    at the end while the other has nothing left."""
    weight: dict[Any, float] = {}
    for item in items:
        mark = item.get_closest_marker("slow")
        if mark is not None:
            module = getattr(item, "module", None)
            weight[module] = max(weight.get(module, 0.0), float(mark.args[0] if mark.args else 1.0))
    items.sort(key=lambda item: -weight.get(getattr(item, "module", None), 0.0))  # stable: the rest keep their order


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
