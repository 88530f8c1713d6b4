"""A store the bot cannot write to, for the tests (tests/bot/) and the fault benchmark (bench/faults.py) alike."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def sqlite_locked(db_path: Path) -> Iterator[None]:
    """Another process's write transaction holds the SQLite file (a backup tool, a stuck script)."""
    other = sqlite3.connect(db_path, isolation_level=None, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()
