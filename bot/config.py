"""Configuration: config.toml, overridden by the environment (DISCORD_TOKEN, DATABASE_URL, METRICS_PORT).

The file is read strictly: a key outside the known layout, or a value of the wrong kind, is a
mistake the owner should hear about rather than a setting silently ignored or misread. Every
problem of a file is one English sentence naming the key with its section, and all of them are
reported together in one `ConfigError`, one sentence per line.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from bot.store import Shards, redact, url_kind

DEFAULT_PATH = Path("config.toml")
PRACTICE_PACE = 2.0
BOARD_EDIT_INTERVAL = 1.0  # seconds between two edits of one board (bot/ui/pacing.py)
LOG_LEVELS: tuple[str, ...] = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(Exception):
    """The configuration cannot be used; the message says how to fix it (one sentence per line)."""


@dataclass(frozen=True)
class Config:
    token: str | None = None
    database: str = "data/tablemaster.db"
    dev_guild_id: int | None = None
    use_threads: bool = True
    log_level: str = "INFO"
    database_url: str | None = None  # storage.url; None: the SQLite file `database`
    shard_count: int | None = None  # None: discord.py's automatic count, every shard in this process
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs (None: all of them)
    # bot.lease_timeout: seconds a shard's lease lasts unless renewed (PostgreSQL's several processes, bot/cluster.py):
    # a process that dies leaves its shards' tables unrun this long before another takes them.
    lease_timeout: float = 30.0
    # Seconds a click forwarded to the process that runs its table has to be taken before this process answers
    # "press again"; not a config.toml key (Discord's 3 s set it). Test harnesses shorten it.
    forward_timeout: float = 1.2
    metrics_port: int | None = None  # metrics.port: /metrics and /healthz served there (None: off)
    metrics_host: str = "127.0.0.1"  # metrics.host: the address the metrics port listens on
    # Seconds between two edits of one board (bot/ui/pacing.py); not a config.toml key: Discord's
    # limits set it. Test harnesses that wait out short timers in real time shorten it.
    board_edit_interval: float = BOARD_EDIT_INTERVAL
    # Seconds a computer player waits before its turn at a practice table (/game learn), so that the member
    # sees each turn come; not a config.toml key. Test harnesses shorten it, like the board's pace.
    practice_pace: float = PRACTICE_PACE

    @property
    def storage_url(self) -> str:
        """Where the store lives: storage.url, else the SQLite file of storage.database."""
        return self.database_url or f"sqlite:///{self.database}"

    @property
    def shards(self) -> Shards | None:
        """The shards whose tables this process runs, when it runs only some of them."""
        if self.shard_count is None:
            return None
        return Shards(self.shard_count, self.shard_ids or tuple(range(self.shard_count)))


class _Refused(Exception):
    """A value of the file was refused; the message is the sentence to show."""


# A checker takes the key's full name ("bot.log_level") and the value read from the file, and
# returns the value to store in Config or raises _Refused with a sentence saying what is wrong.
Checker = Callable[[str, Any], Any]


def describe(value: object) -> str:
    """`value` as a TOML reader would name it: 'the string "false"', 'the number 3', 'a table'…"""
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, str):
        return f"the string {quote(value)}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, datetime | date | time):
        return f"the date/time {value.isoformat()}"
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        return "an array of tables ([[...]])"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return repr(value)


def quote(text: str) -> str:
    """`text` in double quotes, as it would be written in TOML."""
    return json.dumps(text, ensure_ascii=False)


def _token(name: str, value: Any) -> Any:
    if not isinstance(value, str):
        raise _Refused(f"{name} must be a string (the bot token in quotes), not {describe(value)}.")
    return value


def _dev_guild_id(name: str, value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise _Refused(f"{name} must be a whole number greater than 0 (the server's id, without quotes), "
                       f"not {describe(value)}.")
    return value


def _use_threads(name: str, value: Any) -> Any:
    if not isinstance(value, bool):
        raise _Refused(f"{name} must be true or false (a TOML boolean), not {describe(value)}.")
    return value


def _log_level(name: str, value: Any) -> Any:
    if isinstance(value, str) and value.upper() in LOG_LEVELS:
        return value.upper()
    given = quote(value) if isinstance(value, str) else describe(value)
    raise _Refused(f"{name} must be one of {', '.join(LOG_LEVELS)}, not {given}.")


def _database(name: str, value: Any) -> Any:
    if not isinstance(value, str) or not value.strip():
        given = "an empty string" if isinstance(value, str) else describe(value)
        raise _Refused(f"{name} must be the path of the SQLite file (a non-empty string), not {given}.")
    return value


def _url(name: str, value: Any) -> Any:
    if isinstance(value, str) and url_kind(value.strip()):
        return value.strip()
    given = quote(redact(value)) if isinstance(value, str) else describe(value)
    raise _Refused(f"{name} must be a database URL, sqlite:///path/to/file.db or postgresql://user:password@host/db, "
                   f"not {given}.")


def _shard_count(name: str, value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _Refused(f"{name} must be a whole number of at least 1 (how many shards the whole bot runs), "
                       f"not {describe(value)}.")
    return value


def _shard_ids(name: str, value: Any) -> Any:
    if (not isinstance(value, list) or not value
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in value)):
        raise _Refused(f"{name} must be a list of shard numbers from 0 up, such as [0, 1], not {describe(value)}.")
    if len(set(value)) != len(value):
        raise _Refused(f"{name} names a shard twice: {value}.")
    return tuple(value)


def _lease_timeout(name: str, value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 1 <= value <= 300:
        raise _Refused(f"{name} must be a number of seconds from 1 to 300 (how long a dead process keeps its shards; "
                       f"30 by default), not {describe(value)}.")
    return float(value)


PORT_RANGE = "a whole number from 1 to 65535 (a free TCP port, such as 9108)"


def _port(name: str, value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 65535:
        raise _Refused(f"{name} must be {PORT_RANGE}, not {describe(value)}.")
    return value


def _host(name: str, value: Any) -> Any:
    if not isinstance(value, str) or not value.strip():
        given = "an empty string" if isinstance(value, str) else describe(value)
        raise _Refused(f'{name} must be the address to listen on, such as "127.0.0.1" (this machine only) or '
                       f'"0.0.0.0" (every network), not {given}.')
    return value.strip()


def _together(fields: dict[str, Any], where: str) -> list[str]:
    """Problems of keys that only make sense together."""
    problems = []
    ids, count = fields.get("shard_ids"), fields.get("shard_count")
    if ids is not None and count is None:
        problems.append(f"bot.shard_ids in {where} needs bot.shard_count: the shard numbers only mean something "
                        "out of a total.")
    elif ids is not None and count is not None and max(ids) >= count:
        outside = ", ".join(str(i) for i in ids if i >= count)
        problems.append(f"bot.shard_ids in {where} names shard {outside}, outside bot.shard_count = {count} "
                        f"(shards are numbered 0 to {count - 1}).")
    if "database_url" in fields and "database" in fields:
        problems.append(f"storage.url and storage.database in {where} both say where the database is: "
                        "keep only storage.url.")
    return problems


# The known layout: section → key → (Config field, checker), in the order the messages list them.
SCHEMA: dict[str, dict[str, tuple[str, Checker]]] = {
    "bot": {
        "token": ("token", _token),
        "dev_guild_id": ("dev_guild_id", _dev_guild_id),
        "use_threads": ("use_threads", _use_threads),
        "log_level": ("log_level", _log_level),
        "shard_count": ("shard_count", _shard_count),
        "shard_ids": ("shard_ids", _shard_ids),
        "lease_timeout": ("lease_timeout", _lease_timeout),
    },
    "storage": {
        "url": ("database_url", _url),
        "database": ("database", _database),
    },
    "metrics": {
        "port": ("metrics_port", _port),
        "host": ("metrics_host", _host),
    },
}


def _sections() -> str:
    return ", ".join(f"[{section}]" for section in SCHEMA)


def check(data: Mapping[str, Any], where: str) -> tuple[dict[str, Any], list[str]]:
    """The Config fields set by the parsed TOML `data`, and every problem found (sentences).

    `where` names the file in the sentences ("config.toml").
    """
    fields: dict[str, Any] = {}
    problems: list[str] = []
    for section, table in data.items():
        keys = SCHEMA.get(section)
        if keys is None:
            if isinstance(table, dict):
                problems.append(f"Unknown section [{section}] in {where}: the known sections are {_sections()}.")
            elif isinstance(table, list) and table and all(isinstance(item, dict) for item in table):
                problems.append(f"Unknown section [[{section}]] in {where}: the known sections are {_sections()}.")
            else:
                owners = [s for s, known in SCHEMA.items() if section in known]
                if owners:
                    problems.append(f"Key {section} in {where} is outside any section: "
                                    f"put it under [{owners[0]}].")
                else:
                    problems.append(f"Unknown key {section} in {where}: the known sections are {_sections()}.")
            continue
        if not isinstance(table, dict):
            problems.append(f"{section} in {where} must be a section ([{section}] on a line of its own), "
                            f"not {describe(table)}.")
            continue
        for key, value in table.items():
            name = f"{section}.{key}"
            if key not in keys:
                problems.append(f"Unknown key {name} in {where}: "
                                f"the known keys of [{section}] are {', '.join(keys)}.")
                continue
            field, checker = keys[key]
            try:
                fields[field] = checker(name, value)
            except _Refused as refused:
                problems.append(str(refused))
    return fields, problems + _together(fields, where)


def load_config(path: str | Path | None = None, env: dict[str, str] | None = None) -> Config:
    """Read `path` (default config.toml, optional); DISCORD_TOKEN overrides the token, DATABASE_URL
    the database (storage.url and storage.database) and METRICS_PORT the metrics port.

    Raises ConfigError listing every problem of the file, one sentence per line.
    """
    env = dict(os.environ) if env is None else env
    file = Path(path) if path is not None else DEFAULT_PATH
    data: dict[str, Any] = {}
    if file.exists():
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{file} is not valid TOML: {exc}.") from exc
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{file} is not valid TOML: it is not UTF-8 text.") from exc
        except OSError as exc:
            raise ConfigError(f"The config file {file} cannot be read ({exc.strerror or exc}).") from exc
    elif path is not None:
        raise ConfigError(f"The config file {file} does not exist.")
    fields, problems = check(data, str(file))
    if env.get("DATABASE_URL"):
        # The environment names the database (a password kept out of files): it replaces both keys.
        fields.pop("database", None)
        try:
            fields["database_url"] = _url("DATABASE_URL in the environment", env["DATABASE_URL"])
        except _Refused as refused:
            problems.append(str(refused))
        problems = [p for p in problems if not p.startswith("storage.url and storage.database")]
    if env.get("METRICS_PORT", "").strip():
        raw = env["METRICS_PORT"].strip()
        problems = [p for p in problems if not p.startswith("metrics.port ")]
        if raw.isdigit() and 1 <= int(raw) <= 65535:
            fields["metrics_port"] = int(raw)
        else:
            problems.append(f"METRICS_PORT in the environment must be {PORT_RANGE}, not {quote(raw)}.")
    if problems:
        raise ConfigError("\n".join(problems))
    fields["token"] = env.get("DISCORD_TOKEN") or fields.get("token") or None
    return Config(**fields)
