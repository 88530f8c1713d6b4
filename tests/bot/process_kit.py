"""The bot among other processes: started by `python -m bot` as an owner does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, config: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot` with a token and this config.toml, as an owner would start it."""
    (tmp_path / "config.toml").write_text(config, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "a-token"}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
