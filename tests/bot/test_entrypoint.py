"""`python -m bot`: what it says when it cannot start (the configuration itself: test_config.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_no_token_explains_and_exits_without_traceback(tmp_path: Path) -> None:
    """Without a token the bot prints how to get one and exits 2, with no traceback."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    run = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2
    assert "DISCORD_TOKEN" in run.stderr and "config.toml" in run.stderr
    assert "Traceback" not in run.stderr


def test_login_problems_are_sentences(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A refused token or an unreachable Discord ends with one sentence and an exit code, no traceback."""
    import discord

    from bot import __main__ as entry
    from bot.app import GameMasterBot

    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kwargs: None)  # keep pytest's logging as it is
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.chdir(Path(__file__).parent)

    def refused(self: GameMasterBot, token: str, **kwargs: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(GameMasterBot, "run", refused)
    assert entry.main([]) == 2
    assert "refused the token" in capsys.readouterr().err

    def offline(self: GameMasterBot, token: str, **kwargs: object) -> None:
        raise ConnectionRefusedError("connection refused")

    monkeypatch.setattr(GameMasterBot, "run", offline)
    assert entry.main([]) == 1
    assert "Could not reach Discord" in capsys.readouterr().err
