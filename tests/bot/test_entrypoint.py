"""`python -m bot`: what it says when it cannot start (the configuration itself: test_config.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.bot.process_kit import ROOT, run_bot


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


def test_login_problems_are_sentences(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    """A refused token or an unreachable Discord ends with one sentence and an exit code, no traceback."""
    import discord

    from bot import __main__ as entry
    from bot.app import GameMasterBot

    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kwargs: None)  # keep pytest's logging as it is
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.chdir(tmp_path)

    async def refused(self: GameMasterBot, token: str, **kwargs: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(GameMasterBot, "start", refused)
    assert entry.main([]) == 2
    assert "refused the token" in capsys.readouterr().err

    async def offline(self: GameMasterBot, token: str, **kwargs: object) -> None:
        raise ConnectionRefusedError("connection refused")

    monkeypatch.setattr(GameMasterBot, "start", offline)
    assert entry.main([]) == 1
    assert "Could not reach Discord" in capsys.readouterr().err


def test_sandbox_is_forced_even_with_a_token(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
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
    async def connect(self: GameMasterBot, token: str, **kwargs: object) -> None:
        started.append({"discord": token})

    monkeypatch.setattr(GameMasterBot, "start", connect)
    monkeypatch.setattr("discord.utils.setup_logging", lambda **kwargs: None)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.chdir(tmp_path)
    assert entry.main(["sandbox", "--speed", "10", "--port", "9000"]) == 0
    assert entry.main(["--sandbox"]) == 0
    assert entry.main([]) == 0
    assert started[0]["speed"] == 10.0 and started[0]["port"] == 9000 and "port" in started[1]
    assert started[2] == {"discord": "a-token"}
    assert entry.main(["sandbox", "--speed", "0"]) == 2


def test_an_unreachable_database_is_one_sentence_and_a_failure(tmp_path: Path) -> None:
    """storage.url pointing at no server: exit code 1, one sentence naming the URL without its password,
    and nothing sent to Discord (the database is checked first)."""
    done = run_bot(tmp_path, '[storage]\nurl = "postgresql://bot:hunter2@127.0.0.1:1/tables"\n')
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("Cannot reach the database postgresql://bot@127.0.0.1:1/tables: ")
    assert "hunter2" not in done.stderr + done.stdout and "Traceback" not in done.stderr


def test_a_schema_newer_than_the_code_refuses_to_start(tmp_path: Path) -> None:
    """A database a newer bot migrated: the bot refuses to start (exit code 2) and says why in one sentence."""
    import sqlite3

    from bot.store import MIGRATIONS

    path = tmp_path / "data" / "tablemaster.db"
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 3}")
    done = run_bot(tmp_path, "")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"The database data/tablemaster.db has schema version {len(MIGRATIONS) + 3}, but this version of the bot "
        f"knows only up to {len(MIGRATIONS)}: run the newer bot, or restore an older backup.")


def test_a_shard_range_outside_the_count_refuses_to_start(tmp_path: Path) -> None:
    """shard_ids beyond shard_count: exit code 2 and the sentence naming the shard, before any connection."""
    done = run_bot(tmp_path, "[bot]\nshard_count = 2\nshard_ids = [1, 2]\n")
    assert done.returncode == 2
    assert done.stderr.strip() == ("bot.shard_ids in config.toml names shard 2, outside bot.shard_count = 2 "
                                   "(shards are numbered 0 to 1).")
    assert not (tmp_path / "data").exists()
