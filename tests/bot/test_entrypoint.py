"""`python -m bot`: what it says when it cannot start (the configuration itself: test_config.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_no_token_starts_the_sandbox_and_says_so(tmp_path: Path) -> None:
    """Without a token `python -m bot` says it is the local sandbox and how to reach a real server, and
    serves the sandbox on 127.0.0.1; the database is the sandbox's own."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    run = subprocess.Popen([sys.executable, "-m", "bot", "--port", "0", "--database", str(tmp_path / "s.db")],
                           cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert run.stdout is not None
        said = ""
        for line in run.stdout:
            said += line
            if "open http://" in line:
                break
        assert "local sandbox" in said and "DISCORD_TOKEN" in said and "config.toml" in said
        address = re.search(r"http://127\.0\.0\.1:(\d+)/", said)
        assert address is not None
        page = urllib.request.urlopen(address.group(0), timeout=10).read().decode()
        assert "Tablemaster sandbox" in page and "/go/games" in page
        assert (tmp_path / "s.db").exists()
    finally:
        run.terminate()
        _out, err = run.communicate(timeout=30)
    assert "Traceback" not in err


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


def test_sandbox_is_forced_even_with_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m bot sandbox` and `--sandbox` start the sandbox although a token is set; without either,
    the token connects to Discord."""
    from bot import __main__ as entry
    from bot import sandbox
    from bot.app import GameMasterBot

    started: list[dict[str, object]] = []

    async def fake_run(**kwargs: object) -> int:
        started.append(kwargs)
        return 0

    monkeypatch.setattr(sandbox, "run", fake_run)
    monkeypatch.setattr(GameMasterBot, "run", lambda self, token, **kwargs: started.append({"discord": token}))
    monkeypatch.setattr("discord.utils.setup_logging", lambda **kwargs: None)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.chdir(Path(__file__).parent)
    assert entry.main(["sandbox", "--speed", "10", "--port", "9000"]) == 0
    assert entry.main(["--sandbox"]) == 0
    assert entry.main([]) == 0
    assert started[0]["speed"] == 10.0 and started[0]["port"] == 9000 and "port" in started[1]
    assert started[2] == {"discord": "a-token"}
    assert entry.main(["sandbox", "--speed", "0"]) == 2
