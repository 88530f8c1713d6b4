"""What the store (bot/store.py) and its backends (SQLite there, PostgreSQL in bot/postgres.py) share: the
errors they raise, the connection a statement runs on, and a URL fit to show.

Its own module so that the PostgreSQL backend needs nothing of the store, which picks the backend."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit


class StoreError(RuntimeError):
    """The store cannot be used; the message is one sentence for whoever runs the bot."""


class StoreClosedError(StoreError):
    """The store was closed: no more reads or writes."""


class StoreUnavailableError(StoreError):
    """The database cannot be reached or opened."""


class LeaseLostError(StoreError):
    """A write was refused: this process no longer holds the lease of the table's shard at its epoch (another
    process took the shard over); nothing was written."""


def unreachable(where: str, exc: BaseException) -> StoreUnavailableError:
    """A failure of the database itself (locked by another process, gone, restarting), as one sentence."""
    return StoreUnavailableError(f"The database {where} cannot be reached right now: {exc}.")


def redact(url: str) -> str:
    """`url` without its password, fit for a log line or an error message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{parts.username}@{host}" if parts.username else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


class Connection(Protocol):
    """What the store's SQL runs on inside a read or a write: `?` placeholders, rows by name."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]: ...
