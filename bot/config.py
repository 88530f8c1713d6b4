"""Configuration: config.toml, overridden by the environment (DISCORD_TOKEN).

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

DEFAULT_PATH = Path("config.toml")
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


# The known layout: section → key → (Config field, checker), in the order the messages list them.
SCHEMA: dict[str, dict[str, tuple[str, Checker]]] = {
    "bot": {
        "token": ("token", _token),
        "dev_guild_id": ("dev_guild_id", _dev_guild_id),
        "use_threads": ("use_threads", _use_threads),
        "log_level": ("log_level", _log_level),
    },
    "storage": {
        "database": ("database", _database),
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
    return fields, problems


def load_config(path: str | Path | None = None, env: dict[str, str] | None = None) -> Config:
    """Read `path` (default config.toml, optional) and let DISCORD_TOKEN override the token.

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
    if problems:
        raise ConfigError("\n".join(problems))
    fields["token"] = env.get("DISCORD_TOKEN") or fields.get("token") or None
    return Config(**fields)
