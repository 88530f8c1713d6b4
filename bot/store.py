"""aiosqlite storage: tables, seats, the action log, snapshots and stats.

One writer connection in WAL mode; schema migrations by PRAGMA user_version. An action and its
snapshot are written in one transaction, before anybody is answered.

The connection is shared by every coroutine, and a SQLite transaction belongs to the connection,
not to a coroutine. So every write runs inside `Store._write()`: one `asyncio.Lock` held from
`BEGIN IMMEDIATE` to the `COMMIT` (or the `ROLLBACK` on any exception, cancellation included).
Reads take the same lock, so they never see another coroutine's uncommitted statements.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        guild INTEGER NOT NULL,
        channel INTEGER NOT NULL,
        thread INTEGER,
        host INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        status TEXT NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        meta TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX tables_status ON tables(status);
    CREATE TABLE seats (
        "table" INTEGER NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        user INTEGER NOT NULL,
        locale TEXT,
        PRIMARY KEY ("table", seat)
    );
    CREATE TABLE actions (
        "table" INTEGER NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        seat INTEGER,
        action TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY ("table", seq)
    );
    CREATE TABLE snapshots (
        "table" INTEGER PRIMARY KEY REFERENCES tables(id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE stats (
        guild INTEGER NOT NULL,
        user INTEGER NOT NULL,
        game TEXT NOT NULL,
        played INTEGER NOT NULL DEFAULT 0,
        won INTEGER NOT NULL DEFAULT 0,
        points REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (guild, user, game)
    );
    """,
    # 2: each member's chosen language (Discord has no Catalan client, so people pick it here)
    """
    CREATE TABLE languages (
        user INTEGER PRIMARY KEY,
        locale TEXT NOT NULL
    );
    """,
]

OPEN_STATUSES = ("lobby", "playing")


class StoreClosedError(RuntimeError):
    """The store was closed: no more reads or writes."""


@dataclass
class TableRow:
    id: int
    game: str
    guild: int
    channel: int
    thread: int | None
    host: int
    seed: int
    options: dict[str, Any]
    status: str
    created: float
    updated: float
    meta: dict[str, Any]


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        # Held for a whole write transaction (and for each read): see the module docstring.
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: str) -> Store:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path)
        db.row_factory = aiosqlite.Row
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
            async with db.execute(f"PRAGMA {pragma}"):
                pass  # closing the cursor at once: an open one would block the migration's COMMIT
        store = cls(db)
        try:
            await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        """Close the connection once the write in progress (if any) has finished; later calls do nothing."""
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            await self._db.close()

    # --- transactions -----------------------------------------------------------------------

    def _connection(self) -> aiosqlite.Connection:
        if self._closed:
            raise StoreClosedError("the store is closed")
        return self._db

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, while no write transaction is open on it."""
        async with self._lock:
            yield self._connection()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: the lock, BEGIN IMMEDIATE, then COMMIT, or ROLLBACK on any exception.

        aiosqlite runs the connection's calls one after the other on its thread, so a statement
        whose caller was cancelled still runs, but before the ROLLBACK queued here, and the lock is
        released only once that ROLLBACK is queued: the next transaction cannot see or commit any
        of it. A cancellation that arrives while COMMIT runs may still leave it committed.
        """
        async with self._lock:
            db = self._connection()
            try:
                await db.execute("BEGIN IMMEDIATE")
                yield db
                await db.commit()
            except BaseException:
                try:
                    await db.rollback()  # a no-op when no transaction is open (BEGIN or COMMIT failed)
                except Exception:
                    log.exception("rollback failed")
                raise

    # --- schema -----------------------------------------------------------------------------

    async def migrate(self) -> int:
        """Runs the missing migrations, each one in its own transaction with its user_version."""
        while True:
            async with self._write() as db:
                # Read inside the write transaction: another process cannot migrate at the same time.
                version = await _user_version(db)
                if version >= len(MIGRATIONS):
                    return len(MIGRATIONS)
                for statement in _statements(MIGRATIONS[version]):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {version + 1}")

    async def schema_version(self) -> int:
        async with self._read() as db:
            return await _user_version(db)

    # --- tables -----------------------------------------------------------------------------

    async def create_table(
        self, *, game: str, guild: int, channel: int, host: int, seed: int,
        options: dict[str, Any], now: float, meta: dict[str, Any] | None = None,
    ) -> int:
        values = (game, guild, channel, host, seed, json.dumps(options), now, now, json.dumps(meta or {}))
        async with self._write() as db:
            cur = await db.execute(
                "INSERT INTO tables (game, guild, channel, host, seed, options, status, created, updated, meta)"
                " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                values,
            )
            table = cur.lastrowid
        assert table is not None
        return table

    async def update_table(self, table: int, now: float, **fields: Any) -> None:
        allowed = {"status", "thread", "meta", "options", "host"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        values = [json.dumps(v) if k in ("meta", "options") else v for k, v in fields.items()]
        assignments = ", ".join(f"{k} = ?" for k in fields)
        async with self._write() as db:
            await db.execute(f"UPDATE tables SET {assignments}, updated = ? WHERE id = ?", (*values, now, table))

    async def get_table(self, table: int) -> TableRow | None:
        async with self._read() as db:
            rows = list(await db.execute_fetchall("SELECT * FROM tables WHERE id = ?", (table,)))
        return _table_row(rows[0]) if rows else None

    async def open_tables(self) -> list[TableRow]:
        async with self._read() as db:
            rows = await db.execute_fetchall("SELECT * FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id")
        return [_table_row(r) for r in rows]

    async def set_seats(self, table: int, users: list[int], locales: list[str | None] | None = None) -> None:
        locales = locales or [None] * len(users)
        seats = [(table, i, u, loc) for i, (u, loc) in enumerate(zip(users, locales, strict=True))]
        async with self._write() as db:
            await db.execute('DELETE FROM seats WHERE "table" = ?', (table,))
            await db.executemany('INSERT INTO seats ("table", seat, user, locale) VALUES (?, ?, ?, ?)', seats)

    async def seats(self, table: int) -> list[tuple[int, str | None]]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                'SELECT user, locale FROM seats WHERE "table" = ? ORDER BY seat', (table,)
            )
        return [(int(r["user"]), r["locale"]) for r in rows]

    # --- the action log ---------------------------------------------------------------------

    async def append_action(
        self, table: int, seq: int, seat: int | None, action: dict[str, Any], at: float,
        state: dict[str, Any], status: str | None = None,
    ) -> None:
        """The action, its resulting snapshot and the table's status, in one transaction."""
        action_json, state_json = json.dumps(action), json.dumps(state)  # fails before the transaction
        async with self._write() as db:
            await db.execute(
                'INSERT INTO actions ("table", seq, seat, action, at) VALUES (?, ?, ?, ?, ?)',
                (table, seq, seat, action_json, at),
            )
            await db.execute(
                'INSERT INTO snapshots ("table", seq, state) VALUES (?, ?, ?)'
                ' ON CONFLICT("table") DO UPDATE SET seq = excluded.seq, state = excluded.state',
                (table, seq, state_json),
            )
            if status is not None:
                await db.execute("UPDATE tables SET status = ?, updated = ? WHERE id = ?", (status, at, table))
            else:
                await db.execute("UPDATE tables SET updated = ? WHERE id = ?", (at, table))

    async def save_start(self, table: int, state: dict[str, Any], now: float) -> None:
        """The state after set-up (sequence 0) and the table's move from lobby to playing."""
        state_json = json.dumps(state)
        async with self._write() as db:
            await db.execute(
                'INSERT INTO snapshots ("table", seq, state) VALUES (?, 0, ?)'
                ' ON CONFLICT("table") DO UPDATE SET seq = 0, state = excluded.state',
                (table, state_json),
            )
            await db.execute("UPDATE tables SET status = 'playing', updated = ? WHERE id = ?", (now, table))

    async def actions(self, table: int) -> list[tuple[int, int | None, dict[str, Any], float]]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                'SELECT seq, seat, action, at FROM actions WHERE "table" = ? ORDER BY seq', (table,)
            )
        return [(int(r["seq"]), r["seat"], json.loads(r["action"]), float(r["at"])) for r in rows]

    async def snapshot(self, table: int) -> tuple[int, dict[str, Any]] | None:
        async with self._read() as db:
            rows = list(await db.execute_fetchall('SELECT seq, state FROM snapshots WHERE "table" = ?', (table,)))
        return (int(rows[0]["seq"]), json.loads(rows[0]["state"])) if rows else None

    # --- stats ------------------------------------------------------------------------------

    async def record_result(
        self, guild: int, game: str, users: list[int], winners: set[int], points: dict[int, float]
    ) -> None:
        results = [(guild, u, game, int(u in winners), points.get(u, 0.0)) for u in users]
        async with self._write() as db:
            await db.executemany(
                "INSERT INTO stats (guild, user, game, played, won, points) VALUES (?, ?, ?, 1, ?, ?)"
                " ON CONFLICT(guild, user, game) DO UPDATE SET played = played + 1,"
                " won = won + excluded.won, points = points + excluded.points",
                results,
            )

    async def stats(self, guild: int, user: int) -> dict[str, dict[str, float]]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT game, played, won, points FROM stats WHERE guild = ? AND user = ?", (guild, user)
            )
        return {r["game"]: {"played": r["played"], "won": r["won"], "points": r["points"]} for r in rows}


    # --- languages ----------------------------------------------------------------------------

    async def set_language(self, user: int, locale: str | None) -> None:
        """A member's chosen language; None forgets it (their Discord language is used again)."""
        async with self._write() as db:
            if locale is None:
                await db.execute("DELETE FROM languages WHERE user = ?", (user,))
            else:
                await db.execute(
                    "INSERT INTO languages (user, locale) VALUES (?, ?)"
                    " ON CONFLICT(user) DO UPDATE SET locale = excluded.locale",
                    (user, locale),
                )

    async def languages(self) -> dict[int, str]:
        async with self._read() as db:
            rows = await db.execute_fetchall("SELECT user, locale FROM languages")
        return {int(r["user"]): str(r["locale"]) for r in rows}


async def _user_version(db: aiosqlite.Connection) -> int:
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0]) if rows else 0


def _statements(script: str) -> Iterator[str]:
    """The statements of a migration script, one by one (executescript would COMMIT our transaction)."""
    statement = ""
    for piece in script.split(";"):
        statement += piece + ";"
        if sqlite3.complete_statement(statement):  # False while inside a literal, a comment or a trigger
            if statement.strip(" \t\r\n;"):
                yield statement
            statement = ""
    if statement.strip(" \t\r\n;"):
        raise ValueError(f"incomplete statement in a migration: {statement.strip()!r}")


def _table_row(row: aiosqlite.Row) -> TableRow:
    return TableRow(
        id=int(row["id"]),
        game=row["game"],
        guild=int(row["guild"]),
        channel=int(row["channel"]),
        thread=row["thread"],
        host=int(row["host"]),
        seed=int(row["seed"]),
        options=json.loads(row["options"]),
        status=row["status"],
        created=float(row["created"]),
        updated=float(row["updated"]),
        meta=json.loads(row["meta"]),
    )
