"""Configuration: config.toml, overridden by the environment (DISCORD_TOKEN)."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path("config.toml")


class ConfigError(Exception):
    """The configuration cannot be used; the message says how to fix it."""


@dataclass(frozen=True)
class Config:
    token: str | None = None
    database: str = "data/tablemaster.db"
    dev_guild_id: int | None = None
    use_threads: bool = True
    log_level: str = "INFO"
    vote_seconds: int = 60


def load_config(path: str | Path | None = None, env: dict[str, str] | None = None) -> Config:
    """Read `path` (default config.toml, optional) and let DISCORD_TOKEN override the token."""
    env = dict(os.environ) if env is None else env
    file = Path(path) if path is not None else DEFAULT_PATH
    data: dict[str, Any] = {}
    if file.exists():
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{file} is not valid TOML: {exc}") from exc
    elif path is not None:
        raise ConfigError(f"The config file {file} does not exist.")
    bot = data.get("bot", {})
    token = env.get("DISCORD_TOKEN") or bot.get("token") or None
    dev_guild = bot.get("dev_guild_id")
    if dev_guild is not None and not isinstance(dev_guild, int):
        raise ConfigError("bot.dev_guild_id must be a number (the server's id).")
    return Config(
        token=token,
        database=str(data.get("storage", {}).get("database", Config.database)),
        dev_guild_id=dev_guild,
        use_threads=bool(bot.get("use_threads", True)),
        log_level=str(bot.get("log_level", "INFO")),
    )
