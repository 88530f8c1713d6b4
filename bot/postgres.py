"""The PostgreSQL backend of the store: an asyncpg pool shared by one process's coroutines.

Each write takes a connection from the pool and runs in its own transaction (asyncpg rolls it back
on any exception, cancellation included); several shard processes write to the same database at
once, and PostgreSQL keeps their transactions apart. The schema's version lives in a one-row table
`schema_version`; migrations hold a transaction-scoped advisory lock so two processes starting
together do not both migrate.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.database import Connection, StoreClosedError, StoreUnavailableError, redact, unreachable

CONNECT_TIMEOUT = 10.0  # seconds before an unreachable server is reported at start
ACQUIRE_TIMEOUT = 2.5  # in play: a click's answer must not miss Discord's 3 s
# What a server that is down, restarting or cut off raises (not what a wrong statement raises).
UNREACHABLE: tuple[type[BaseException], ...] = (
    OSError, TimeoutError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError,
    asyncpg.exceptions.OperatorInterventionError,  # the server shutting down or not yet accepting connections
)
MIGRATION_LOCK = 0x7AB1E5  # the advisory lock id every process of this bot agrees on
_PLACEHOLDER = re.compile(r"\?")


def numbered(sql: str) -> str:
    """The store's `?` placeholders as PostgreSQL's $1, $2, … (the store's SQL has no '?' in literals)."""
    counter = iter(range(1, 10_000))
    return _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)


class _PostgresConnection:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        await self.conn.execute(numbered(sql), *params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            await self.conn.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]:
        return list(await self.conn.fetch(numbered(sql), *params))


class PostgresBackend:
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, where: str, url: str = "") -> None:
        self._pool = pool
        self.where = where
        self.url = url  # the cluster's LISTEN connection (bot/cluster.py) opens its own
        self._closed = False

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresBackend:
        where = redact(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, timeout=CONNECT_TIMEOUT,
                                             command_timeout=60)
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreUnavailableError(f"Cannot reach the database {where}: {_reason(exc)}.") from exc
        return cls(pool, where, url)

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        """Waits for the connections in use (a write in progress) to come back, then closes them."""
        if self._closed:
            return
        self._closed = True
        await self._pool.close()

    @asynccontextmanager
    async def _connection(self, transaction: bool) -> AsyncIterator[Connection]:
        if self._closed:
            raise StoreClosedError("the store is closed")
        try:
            async with self._pool.acquire(timeout=ACQUIRE_TIMEOUT) as conn:
                if transaction:
                    async with conn.transaction():
                        yield _PostgresConnection(conn)
                else:
                    yield _PostgresConnection(conn)
        except UNREACHABLE as exc:
            # The server is gone or restarting: the pool drops the broken connections and opens new ones
            # once it answers again, so the next call simply works.
            raise unreachable(self.where, exc) from exc

    def read(self) -> Any:
        return self._connection(transaction=False)

    def write(self) -> Any:
        return self._connection(transaction=True)

    async def lock_schema(self, db: Connection) -> None:
        await db.execute(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")

    async def schema_version(self, db: Connection) -> int:
        exists = await db.fetch("SELECT to_regclass('schema_version') IS NOT NULL AS present")
        if not exists[0]["present"]:
            return 0
        rows = await db.fetch("SELECT version FROM schema_version")
        return int(rows[0]["version"]) if rows else 0

    async def migrate_step(self, db: Connection, version: int, sql: str) -> None:
        await db.execute(sql)  # one simple query: every statement of it
        await db.execute("DELETE FROM schema_version")
        await db.execute("INSERT INTO schema_version (version) VALUES (?)", (version + 1,))


def _reason(exc: BaseException) -> str:
    """What went wrong, in a few words, without the URL (its password may be in it)."""
    if isinstance(exc, asyncio.TimeoutError):
        return f"no answer within {CONNECT_TIMEOUT:g} seconds"
    if isinstance(exc, ConnectionRefusedError):
        return "the connection was refused (is PostgreSQL running there?)"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    text = str(exc).strip().rstrip(".") or type(exc).__name__
    return text[0].lower() + text[1:]
