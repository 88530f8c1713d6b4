"""`python -m bot` and its configuration."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_config

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


def test_env_token_overrides_file(tmp_path: Path) -> None:
    """DISCORD_TOKEN wins over the file; other settings come from the file."""
    path = tmp_path / "config.toml"
    path.write_text('[bot]\ntoken = "file"\ndev_guild_id = 42\nuse_threads = false\n[storage]\ndatabase = "x.db"\n')
    config = load_config(path, env={"DISCORD_TOKEN": "env"})
    assert config.token == "env" and config.dev_guild_id == 42 and not config.use_threads
    assert config.database == "x.db"
    assert load_config(path, env={}).token == "file"


def test_bad_config_is_a_clear_error(tmp_path: Path) -> None:
    """Broken TOML, a missing explicit file, and a non-numeric guild id are reported, not crashed on."""
    broken = tmp_path / "broken.toml"
    broken.write_text("[bot\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(broken, env={})
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "missing.toml", env={})
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('[bot]\ndev_guild_id = "abc"\n')
    with pytest.raises(ConfigError, match="dev_guild_id"):
        load_config(wrong, env={})


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
