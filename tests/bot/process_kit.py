"""The bot among other processes: started by `python -m bot` as an owner does; its SQLite file held by another."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, config: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot` with a token and this config.toml, as an owner would start it."""
    (tmp_path / "config.toml").write_text(config, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "a-token"}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)


@contextmanager
def locked(db_path: Path) -> Iterator[None]:
    """Another process's write transaction holds the SQLite file (a backup tool, a stuck script)."""
    other = sqlite3.connect(db_path, isolation_level=None, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()
