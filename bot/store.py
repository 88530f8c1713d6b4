"""Storage: tables, seats, the action log, snapshots, stats and chosen languages.

One `Store` speaks SQL to one of two backends, chosen by the URL in `storage.url`:

- `sqlite:///data/tablemaster.db` (the default): one aiosqlite connection in WAL mode, for a bot
  that runs as one process;
- `postgresql://user:password@host/db`: an asyncpg pool (bot/postgres.py), for several shard
  processes sharing one database server.

Both run the same migrations (written once, with a few type words that differ) and give the same
guarantee: an action and its snapshot are written in one transaction, before anybody is answered.
The SQL is written once with `?` placeholders and double-quoted names ("table" and "user" are
reserved words in PostgreSQL).

SQLite: the connection is shared by every coroutine, and a SQLite transaction belongs to the
connection, not to a coroutine. So every write runs inside `SqliteBackend.write()`: one
`asyncio.Lock` held from `BEGIN IMMEDIATE` to the `COMMIT` (or the `ROLLBACK` on any exception,
cancellation included). Reads take the same lock, so they never see another coroutine's
uncommitted statements.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote

import aiosqlite

from bot.database import (
    Connection,
    LeaseLostError,
    StoreClosedError,
    StoreError,
    StoreUnavailableError,
    redact,
    unreachable,
)
from bot.meta import TableMeta
from bot.ratings import Match, Rating, rate

log = logging.getLogger(__name__)

# Type words that differ between the dialects; the migrations name them in braces.
# Shard leases (bot/cluster.py, docs/decisions.md "Shard leases"): several processes share only a PostgreSQL
# database; a SQLite database has one process, which owns everything, so it gets no lease table.
LEASES_SQL = """
    CREATE SEQUENCE shard_lease_epochs;
    CREATE TABLE shard_leases (
        shard_count INTEGER NOT NULL,
        shard INTEGER NOT NULL,
        owner TEXT NOT NULL,
        epoch BIGINT NOT NULL,
        expires TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (shard_count, shard)
    );
"""

DIALECT_WORDS: dict[str, dict[str, str]] = {
    "sqlite": {"serial": "INTEGER PRIMARY KEY AUTOINCREMENT", "bigint": "INTEGER", "real": "REAL", "leases": ""},
    "postgresql": {"serial": "BIGSERIAL PRIMARY KEY", "bigint": "BIGINT", "real": "DOUBLE PRECISION",
                   "leases": LEASES_SQL},
}

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE tables (
        id {serial},
        game TEXT NOT NULL,
        guild {bigint} NOT NULL,
        channel {bigint} NOT NULL,
        thread {bigint},
        host {bigint} NOT NULL,
        seed {bigint} NOT NULL,
        options TEXT NOT NULL,
        status TEXT NOT NULL,
        created {real} NOT NULL,
        updated {real} NOT NULL,
        meta TEXT NOT NULL DEFAULT '{{}}'
    );
    CREATE INDEX tables_status ON tables(status);
    CREATE TABLE seats (
        "table" {bigint} NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        "user" {bigint} NOT NULL,
        locale TEXT,
        PRIMARY KEY ("table", seat)
    );
    CREATE TABLE actions (
        "table" {bigint} NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        seat INTEGER,
        action TEXT NOT NULL,
        at {real} NOT NULL,
        PRIMARY KEY ("table", seq)
    );
    CREATE TABLE snapshots (
        "table" {bigint} PRIMARY KEY REFERENCES tables(id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE stats (
        guild {bigint} NOT NULL,
        "user" {bigint} NOT NULL,
        game TEXT NOT NULL,
        played INTEGER NOT NULL DEFAULT 0,
        won INTEGER NOT NULL DEFAULT 0,
        points {real} NOT NULL DEFAULT 0,
        PRIMARY KEY (guild, "user", game)
    );
    """,
    # 2: each member's chosen language (Discord has no Catalan client, so people pick it here)
    """
    CREATE TABLE languages (
        "user" {bigint} PRIMARY KEY,
        locale TEXT NOT NULL
    );
    """,
    # 3: one row per player per finished game (leaderboards over a period), and each server's own
    # Spyfall location packs
    """
    CREATE TABLE results (
        guild {bigint} NOT NULL,
        game TEXT NOT NULL,
        "user" {bigint} NOT NULL,
        "table" {bigint} NOT NULL,
        won INTEGER NOT NULL,
        points {real} NOT NULL,
        at {real} NOT NULL,
        PRIMARY KEY ("table", "user")
    );
    CREATE INDEX results_board ON results(guild, game, at);
    CREATE TABLE location_packs (
        guild {bigint} NOT NULL,
        name TEXT NOT NULL,
        data TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1,
        author {bigint} NOT NULL,
        created {real} NOT NULL,
        PRIMARY KEY (guild, name)
    );
    """,
    # 4: skill ratings (bot/ratings.py): each member's current rating per game per server, every rated game's
    # teams and ranks (a period's leaderboard replays them from neutral ratings), and each update
    """
    CREATE TABLE ratings (
        guild {bigint} NOT NULL,
        "user" {bigint} NOT NULL,
        game TEXT NOT NULL,
        mu {real} NOT NULL,
        sigma {real} NOT NULL,
        rated INTEGER NOT NULL DEFAULT 0,
        updated {real} NOT NULL,
        PRIMARY KEY (guild, "user", game)
    );
    CREATE TABLE rated_games (
        "table" {bigint} PRIMARY KEY,
        guild {bigint} NOT NULL,
        game TEXT NOT NULL,
        teams TEXT NOT NULL,
        at {real} NOT NULL
    );
    CREATE INDEX rated_games_board ON rated_games(guild, game, at);
    CREATE TABLE rating_history (
        "table" {bigint} NOT NULL,
        "user" {bigint} NOT NULL,
        guild {bigint} NOT NULL,
        game TEXT NOT NULL,
        mu_before {real} NOT NULL,
        sigma_before {real} NOT NULL,
        mu {real} NOT NULL,
        sigma {real} NOT NULL,
        at {real} NOT NULL,
        PRIMARY KEY ("table", "user")
    );
    CREATE INDEX rating_history_member ON rating_history(guild, "user", game, at);
    """,
    # 5: who runs each shard's tables (PostgreSQL only: the lease and its epoch, which fences every action's write)
    """
    {leases}
    """,
]

OPEN_STATUSES = ("lobby", "playing")
DEFAULT_URL = "sqlite:///data/tablemaster.db"


BUSY_SECONDS = 1.5
SQLITE_UNREACHABLE = ("locked", "busy", "unable to open", "disk i/o", "readonly")


def sqlite_unreachable(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite failed because of the file (locked by another process, gone), not of our SQL."""
    return any(word in str(exc).lower() for word in SQLITE_UNREACHABLE)


class SchemaTooNewError(StoreError):
    """The database was migrated by a newer version of the bot than this one."""


def migration_sql(index: int, dialect: str) -> str:
    return MIGRATIONS[index].format(**DIALECT_WORDS[dialect])


def sqlite_path(url: str) -> str:
    """The file of a `sqlite:///relative/path` or `sqlite:////absolute/path` URL."""
    if not url.startswith("sqlite:///"):
        raise ValueError(f"not a SQLite URL: {url}")
    path = unquote(url[len("sqlite:///"):])
    if not path:
        raise ValueError("the SQLite URL names no file")
    return path


def url_kind(url: str) -> str | None:
    """'sqlite' or 'postgresql' for a URL the store can open, else None."""
    if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
        return "sqlite"
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql"
    return None


# --- backends -------------------------------------------------------------------------------


class Backend(Protocol):
    dialect: str
    where: str  # the database, for messages (never a password)

    @property
    def closed(self) -> bool: ...

    def read(self) -> AbstractAsyncContextManager[Connection]: ...

    def write(self) -> AbstractAsyncContextManager[Connection]: ...

    async def close(self) -> None: ...

    async def schema_version(self, db: Connection) -> int: ...

    async def migrate_step(self, db: Connection, version: int, sql: str) -> None:
        """Run `sql`, migration `version` (0-based), and record `version + 1`, inside `db`'s transaction."""

    async def lock_schema(self, db: Connection) -> None:
        """Keep other processes from migrating until this transaction ends."""


class _SqliteConnection:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        async with self.db.execute(sql, tuple(params)):
            pass

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.db.executemany(sql, [tuple(r) for r in rows])

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]:
        return list(await self.db.execute_fetchall(sql, tuple(params)))  # type: ignore[arg-type]


class SqliteBackend:
    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, where: str) -> None:
        self._db = db
        self.where = where
        # Held for a whole write transaction (and for each read): see the module docstring.
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: str) -> SqliteBackend:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            # A database locked by another process is waited for only this long: a click's answer must
            # not miss Discord's 3 s, and the refusal says to try again.
            db = await aiosqlite.connect(path, timeout=BUSY_SECONDS)
            db.row_factory = aiosqlite.Row
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
                async with db.execute(f"PRAGMA {pragma}"):
                    pass  # closing the cursor at once: an open one would block the migration's COMMIT
        except sqlite3.DatabaseError as exc:
            raise StoreUnavailableError(f"Cannot open the SQLite database {path}: {exc}.") from exc
        return cls(db, path)

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            await self._db.close()

    def _connection(self) -> aiosqlite.Connection:
        if self._closed:
            raise StoreClosedError("the store is closed")
        return self._db

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Connection]:
        """The connection, while no write transaction is open on it."""
        async with self._lock:
            try:
                yield _SqliteConnection(self._connection())
            except sqlite3.OperationalError as exc:
                if not sqlite_unreachable(exc):
                    raise
                raise unreachable(self.where, exc) from exc

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Connection]:
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
                yield _SqliteConnection(db)
                await db.commit()
            except BaseException as exc:
                try:
                    await db.rollback()  # a no-op when no transaction is open (BEGIN or COMMIT failed)
                except Exception:
                    log.exception("rollback failed")
                if isinstance(exc, sqlite3.OperationalError) and sqlite_unreachable(exc):
                    raise unreachable(self.where, exc) from exc
                raise

    async def schema_version(self, db: Connection) -> int:
        rows = await db.fetch("PRAGMA user_version")
        return int(rows[0][0]) if rows else 0  # type: ignore[index]

    async def lock_schema(self, db: Connection) -> None:
        pass  # BEGIN IMMEDIATE already keeps every other writer out

    async def migrate_step(self, db: Connection, version: int, sql: str) -> None:
        for statement in _statements(sql):
            await db.execute(statement)
        await db.execute(f"PRAGMA user_version = {version + 1}")


# --- the store ------------------------------------------------------------------------------


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
    meta: TableMeta


@dataclass(frozen=True)
class Shards:
    """The shards one process runs: a guild belongs to shard (guild_id >> 22) % count (Discord's rule)."""

    count: int
    ids: tuple[int, ...]

    def owns(self, guild: int) -> bool:
        return (guild >> 22) % self.count in self.ids

    def of(self, guild: int) -> int:
        """The shard of a guild (0 for a table without a guild: DMs go to shard 0)."""
        return (guild >> 22) % self.count


@dataclass(frozen=True)
class Lease:
    """A shard's lease as one process holds it: its epoch changes whenever another process takes the shard."""

    count: int
    shard: int
    owner: str
    epoch: int


@dataclass(frozen=True)
class Holder:
    """Who keeps a process from taking a shard's lease: the process holding it, and how long it has left."""

    owner: str
    count: int
    seconds_left: float


class Store:
    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    @classmethod
    async def open(cls, path: str) -> Store:
        """A store on the SQLite file `path` (":memory:" for a throwaway one)."""
        return await cls._migrated(await SqliteBackend.open(path))

    @classmethod
    async def connect(cls, url: str) -> Store:
        """A store on the database `url` names: sqlite:///path or postgresql://…"""
        kind = url_kind(url)
        if kind == "sqlite":
            return await cls.open(sqlite_path(url))
        if kind == "postgresql":
            from bot.postgres import PostgresBackend

            return await cls._migrated(await PostgresBackend.open(url))
        raise StoreUnavailableError(f"{redact(url)} is not a database URL this bot knows "
                                    "(sqlite:///path or postgresql://…).")

    @classmethod
    async def _migrated(cls, backend: Backend) -> Store:
        store = cls(backend)
        try:
            await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    @property
    def closed(self) -> bool:
        return self.backend.closed

    @property
    def dialect(self) -> str:
        return self.backend.dialect

    async def close(self) -> None:
        """Close the connection once the write in progress (if any) has finished; later calls do nothing."""
        await self.backend.close()

    # --- schema -----------------------------------------------------------------------------

    async def migrate(self) -> int:
        """Runs the missing migrations, each one in its own transaction with its version.

        A database that a newer bot migrated further than this code knows is refused: this code
        would misread it.
        """
        while True:
            async with self.backend.write() as db:
                # Read inside the write transaction: another process cannot migrate at the same time.
                await self.backend.lock_schema(db)
                version = await self.backend.schema_version(db)
                if version > len(MIGRATIONS):
                    raise SchemaTooNewError(
                        f"The database {self.backend.where} has schema version {version}, but this version of "
                        f"the bot knows only up to {len(MIGRATIONS)}: run the newer bot, or restore an older "
                        "backup."
                    )
                if version == len(MIGRATIONS):
                    return version
                await self.backend.migrate_step(db, version, migration_sql(version, self.backend.dialect))

    async def schema_version(self) -> int:
        async with self.backend.read() as db:
            return await self.backend.schema_version(db)

    async def ping(self) -> None:
        """One trivial query (the health check): raises when the database does not answer."""
        async with self.backend.read() as db:
            await db.fetch("SELECT 1")

    # --- tables -----------------------------------------------------------------------------

    async def create_table(
        self, *, game: str, guild: int, channel: int, host: int, seed: int,
        options: dict[str, Any], now: float, meta: TableMeta | None = None,
    ) -> int:
        values = (game, guild, channel, host, seed, json.dumps(options), float(now), float(now),
                  json.dumps((meta or TableMeta()).to_json()))
        async with self.backend.write() as db:
            rows = await db.fetch(
                "INSERT INTO tables (game, guild, channel, host, seed, options, status, created, updated, meta)"
                " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?) RETURNING id",
                values,
            )
        return int(rows[0]["id"])

    async def update_table(
        self, table: int, now: float, *, status: str | None = None, thread: int | None = None,
        meta: TableMeta | None = None, options: dict[str, Any] | None = None, host: int | None = None,
        lease: Lease | None = None,
    ) -> None:
        """Change the given columns of a table (None: left as it is)."""
        given = {"status": status, "thread": thread, "meta": None if meta is None else json.dumps(meta.to_json()),
                 "options": None if options is None else json.dumps(options), "host": host}
        fields = {k: v for k, v in given.items() if v is not None}
        if not fields:
            raise ValueError("nothing to update")
        assignments = ", ".join(f"{k} = ?" for k in fields)
        async with self.backend.write() as db:
            await _fenced(db, lease)
            await db.execute(f"UPDATE tables SET {assignments}, updated = ? WHERE id = ?",
                             (*fields.values(), float(now), table))

    async def get_table(self, table: int) -> TableRow | None:
        async with self.backend.read() as db:
            rows = await db.fetch("SELECT * FROM tables WHERE id = ?", (table,))
        return _table_row(rows[0]) if rows else None

    @staticmethod
    def _open_filter(shards: Shards | None) -> tuple[str, list[Any]]:
        """The WHERE clause of the open tables, of guilds on `shards` when given: (guild_id >> 22) % count."""
        where = "status IN ('lobby', 'playing')"
        if shards is None:
            return where, []
        where += f" AND ((guild / 4194304) % ?) IN ({', '.join('?' for _ in shards.ids)})"
        return where, [shards.count, *shards.ids]

    async def open_tables(self, shards: Shards | None = None) -> list[TableRow]:
        """The tables in a lobby or playing; with `shards`, only those of guilds on these shards."""
        where, params = self._open_filter(shards)
        async with self.backend.read() as db:
            rows = await db.fetch(f"SELECT * FROM tables WHERE {where} ORDER BY id", params)
        return [_table_row(r) for r in rows]

    async def open_tables_with_state(
        self, shards: Shards | None = None
    ) -> list[tuple[TableRow, list[tuple[int, str | None]], tuple[int, dict[str, Any]] | None]]:
        """Each open table (of `shards`) with its seats and its snapshot, in three queries whatever the
        number of tables: a restart resumes a thousand tables without a thousand round trips."""
        where, params = self._open_filter(shards)
        async with self.backend.read() as db:
            rows = await db.fetch(f"SELECT * FROM tables WHERE {where} ORDER BY id", params)
            seat_rows = await db.fetch(
                f'SELECT "table", "user", locale FROM seats WHERE "table" IN (SELECT id FROM tables WHERE {where})'
                ' ORDER BY "table", seat', params)
            snapshot_rows = await db.fetch(
                f'SELECT "table", seq, state FROM snapshots WHERE "table" IN (SELECT id FROM tables WHERE {where})',
                params)
        seats: dict[int, list[tuple[int, str | None]]] = {}
        for r in seat_rows:
            seats.setdefault(int(r["table"]), []).append((int(r["user"]), r["locale"]))
        snapshots = {int(r["table"]): (int(r["seq"]), json.loads(r["state"])) for r in snapshot_rows}
        tables = [_table_row(r) for r in rows]
        return [(row, seats.get(row.id, []), snapshots.get(row.id)) for row in tables]

    async def set_seats(self, table: int, users: list[int], locales: list[str | None] | None = None) -> None:
        locales = locales or [None] * len(users)
        seats = [(table, i, u, loc) for i, (u, loc) in enumerate(zip(users, locales, strict=True))]
        async with self.backend.write() as db:
            await db.execute('DELETE FROM seats WHERE "table" = ?', (table,))
            await db.executemany('INSERT INTO seats ("table", seat, "user", locale) VALUES (?, ?, ?, ?)', seats)

    async def seats(self, table: int) -> list[tuple[int, str | None]]:
        async with self.backend.read() as db:
            rows = await db.fetch('SELECT "user", locale FROM seats WHERE "table" = ? ORDER BY seat', (table,))
        return [(int(r["user"]), r["locale"]) for r in rows]

    # --- the action log ---------------------------------------------------------------------

    async def append_action(
        self, table: int, seq: int, seat: int | None, action: dict[str, Any], at: float,
        state: dict[str, Any], status: str | None = None, lease: Lease | None = None,
    ) -> None:
        """The action, its resulting snapshot and the table's status, in one transaction; with `lease`, only while
        the writer still holds that lease at its epoch (else LeaseLostError, nothing written)."""
        action_json, state_json = json.dumps(action), json.dumps(state)  # fails before the transaction
        at = float(at)
        async with self.backend.write() as db:
            await _fenced(db, lease)
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

    async def save_start(self, table: int, state: dict[str, Any], now: float, lease: Lease | None = None) -> None:
        """The state after set-up (sequence 0) and the table's move from lobby to playing."""
        state_json = json.dumps(state)
        async with self.backend.write() as db:
            await _fenced(db, lease)
            await db.execute(
                'INSERT INTO snapshots ("table", seq, state) VALUES (?, 0, ?)'
                ' ON CONFLICT("table") DO UPDATE SET seq = 0, state = excluded.state',
                (table, state_json),
            )
            await db.execute("UPDATE tables SET status = 'playing', updated = ? WHERE id = ?", (float(now), table))

    async def actions(self, table: int) -> list[tuple[int, int | None, dict[str, Any], float]]:
        async with self.backend.read() as db:
            rows = await db.fetch('SELECT seq, seat, action, at FROM actions WHERE "table" = ? ORDER BY seq', (table,))
        return [(int(r["seq"]), r["seat"], json.loads(r["action"]), float(r["at"])) for r in rows]

    async def snapshot(self, table: int) -> tuple[int, dict[str, Any]] | None:
        async with self.backend.read() as db:
            rows = await db.fetch('SELECT seq, state FROM snapshots WHERE "table" = ?', (table,))
        return (int(rows[0]["seq"]), json.loads(rows[0]["state"])) if rows else None

    # --- shard leases (PostgreSQL only; bot/cluster.py) ------------------------------------------

    async def take_lease(self, count: int, shard: int, owner: str, seconds: float) -> Lease | Holder:
        """Take shard `shard` of `count` for `owner` for `seconds`, with a new epoch, unless another process holds
        it (or any shard of another count: a change of the shard count waits until the old count's leases are
        gone) and its lease has not run out: then who holds it. Leases of another count that ran out are removed,
        so the process that held them can write nothing more."""
        async with self.backend.write() as db:
            await db.execute(f"SELECT pg_advisory_xact_lock({LEASE_LOCK})")  # one taker at a time
            rows = await db.fetch(
                "SELECT shard_count, shard, owner, EXTRACT(EPOCH FROM expires - clock_timestamp()) AS left_s"
                " FROM shard_leases ORDER BY shard_count, shard FOR UPDATE")
            live = [r for r in rows if float(r["left_s"]) > 0]
            other = [r for r in live if int(r["shard_count"]) != count]
            same = [r for r in live if int(r["shard_count"]) == count and int(r["shard"]) == shard
                    and r["owner"] != owner]
            if other or same:
                blocker = (other or same)[0]
                return Holder(str(blocker["owner"]), int(blocker["shard_count"]), float(blocker["left_s"]))
            await db.execute("DELETE FROM shard_leases WHERE shard_count <> ?", (count,))
            taken = await db.fetch(
                "INSERT INTO shard_leases (shard_count, shard, owner, epoch, expires)"
                " VALUES (?, ?, ?, nextval('shard_lease_epochs'), clock_timestamp() + make_interval(secs => ?))"
                " ON CONFLICT (shard_count, shard) DO UPDATE SET owner = excluded.owner, epoch = excluded.epoch,"
                " expires = excluded.expires RETURNING epoch",
                (count, shard, owner, float(seconds)))
        return Lease(count, shard, owner, int(taken[0]["epoch"]))

    async def renew_leases(self, leases: Sequence[Lease], seconds: float) -> set[int]:
        """Extend these leases by `seconds` from now, in one statement; the epochs still held (a lease another
        process took has another epoch, or is gone)."""
        if not leases:
            return set()
        async with self.backend.write() as db:
            rows = await db.fetch(
                "UPDATE shard_leases SET expires = clock_timestamp() + make_interval(secs => ?)"
                " WHERE owner = ? AND epoch = ANY(?::bigint[]) RETURNING epoch",
                (float(seconds), leases[0].owner, [lease.epoch for lease in leases]))
        return {int(r["epoch"]) for r in rows}

    async def release_leases(self, owner: str) -> None:
        """Give back every lease of `owner` (a clean stop): a waiting process takes them at once."""
        async with self.backend.write() as db:
            await db.execute("DELETE FROM shard_leases WHERE owner = ?", (owner,))

    async def leases(self) -> list[tuple[Lease, float]]:
        """Every lease in the database with the seconds it has left (negative: run out)."""
        async with self.backend.read() as db:
            rows = await db.fetch(
                "SELECT shard_count, shard, owner, epoch, EXTRACT(EPOCH FROM expires - clock_timestamp()) AS left_s"
                " FROM shard_leases ORDER BY shard_count, shard")
        return [(Lease(int(r["shard_count"]), int(r["shard"]), str(r["owner"]), int(r["epoch"])), float(r["left_s"]))
                for r in rows]

    async def table_place(self, table: int) -> tuple[int, str] | None:
        """A table's guild and status (where a forwarded click must go), or None when there is no such table."""
        async with self.backend.read() as db:
            rows = await db.fetch("SELECT guild, status FROM tables WHERE id = ?", (table,))
        return (int(rows[0]["guild"]), str(rows[0]["status"])) if rows else None

    async def table_in(self, channel: int) -> tuple[int, int] | None:
        """The open table talking in a channel (a member's DMs, for a practice table): its id and guild."""
        async with self.backend.read() as db:
            rows = await db.fetch("SELECT id, guild FROM tables WHERE status IN ('lobby', 'playing')"
                                  " AND (channel = ? OR thread = ?) ORDER BY id DESC LIMIT 1", (channel, channel))
        return (int(rows[0]["id"]), int(rows[0]["guild"])) if rows else None

    # --- stats ------------------------------------------------------------------------------

    async def record_result(
        self, guild: int, game: str, users: list[int], winners: set[int], points: dict[int, float],
        *, table: int | None = None, at: float | None = None,
    ) -> None:
        """One finished game: each member's running totals, and (with the table and the time) a row of
        their own for the leaderboards of a period. Computer players (negative ids) are never counted."""
        humans = [u for u in users if u > 0]
        results = [(guild, u, game, int(u in winners), float(points.get(u, 0.0))) for u in humans]
        async with self.backend.write() as db:
            await db.executemany(
                'INSERT INTO stats (guild, "user", game, played, won, points) VALUES (?, ?, ?, 1, ?, ?)'
                ' ON CONFLICT(guild, "user", game) DO UPDATE SET played = stats.played + 1,'
                " won = stats.won + excluded.won, points = stats.points + excluded.points",
                results,
            )
            if table is not None and at is not None:
                await db.executemany(
                    'INSERT INTO results (guild, game, "user", "table", won, points, at) VALUES (?, ?, ?, ?, ?, ?, ?)'
                    ' ON CONFLICT("table", "user") DO NOTHING',
                    [(g, game, u, table, won, pts, float(at)) for g, u, _game, won, pts in results],
                )

    # --- skill ratings (bot/ratings.py) -------------------------------------------------------

    async def record_rating(self, guild: int, game: str, table: int, match: Match, at: float) -> dict[int, Rating]:
        """Rate one finished game: the members' ratings are read, updated and written with the match and each
        member's update, in one transaction (a table already rated is left as it was). Returns the new ratings."""
        members = sorted(set(match.members))
        teams_json = json.dumps(match.to_json())
        at = float(at)
        async with self.backend.write() as db:
            if await db.fetch('SELECT "table" FROM rated_games WHERE "table" = ?', (table,)):
                return {}
            marks = ", ".join("?" for _ in members)
            rows = await db.fetch(
                f'SELECT "user", mu, sigma FROM ratings WHERE guild = ? AND game = ? AND "user" IN ({marks})',
                (guild, game, *members),
            ) if members else []
            before = {int(r["user"]): Rating(float(r["mu"]), float(r["sigma"])) for r in rows}
            after = rate(match, before)
            await db.execute('INSERT INTO rated_games ("table", guild, game, teams, at) VALUES (?, ?, ?, ?, ?)',
                             (table, guild, game, teams_json, at))
            await db.executemany(
                'INSERT INTO ratings (guild, "user", game, mu, sigma, rated, updated) VALUES (?, ?, ?, ?, ?, 1, ?)'
                ' ON CONFLICT(guild, "user", game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,'
                " rated = ratings.rated + 1, updated = excluded.updated",
                [(guild, u, game, r.mu, r.sigma, at) for u, r in sorted(after.items())],
            )
            old = Rating()
            await db.executemany(
                'INSERT INTO rating_history ("table", "user", guild, game, mu_before, sigma_before, mu, sigma, at)'
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(table, u, guild, game, before.get(u, old).mu, before.get(u, old).sigma, r.mu, r.sigma, at)
                 for u, r in sorted(after.items())],
            )
        return after

    async def ratings(self, guild: int, game: str) -> dict[int, tuple[Rating, int]]:
        """Each member's current rating in one game on one server, with how many rated games made it."""
        async with self.backend.read() as db:
            rows = await db.fetch('SELECT "user", mu, sigma, rated FROM ratings WHERE guild = ? AND game = ?'
                                  ' AND "user" > 0', (guild, game))
        return {int(r["user"]): (Rating(float(r["mu"]), float(r["sigma"])), int(r["rated"])) for r in rows}

    async def rated_games(self, guild: int, game: str, since: float | None = None) -> list[Match]:
        """The rated games of one game on one server (since a moment), oldest first: a period's ratings replay
        them from neutral ones."""
        async with self.backend.read() as db:
            rows = await db.fetch('SELECT teams FROM rated_games WHERE guild = ? AND game = ? AND at >= ?'
                                  ' ORDER BY at, "table"', (guild, game, float(since or 0.0)))
        return [Match.from_json(json.loads(r["teams"])) for r in rows]

    async def rating_history(self, guild: int, user: int, game: str, last: int = 5) -> list[tuple[Rating, Rating]]:
        """A member's last rating updates in one game on one server, oldest first: (before, after)."""
        async with self.backend.read() as db:
            rows = await db.fetch(
                'SELECT mu_before, sigma_before, mu, sigma FROM rating_history WHERE guild = ? AND "user" = ?'
                ' AND game = ? ORDER BY at DESC, "table" DESC LIMIT ?', (guild, user, game, int(last)))
        return [(Rating(float(r["mu_before"]), float(r["sigma_before"])), Rating(float(r["mu"]), float(r["sigma"])))
                for r in reversed(rows)]

    async def standings(self, guild: int, game: str, since: float | None = None) -> list[dict[str, float]]:
        """Each member's record in one game on one server: every game (`since` None, the running totals)
        or the games finished since a moment. Rows: user, played, won, points."""
        async with self.backend.read() as db:
            if since is None:
                rows = await db.fetch(
                    'SELECT "user", played, won, points FROM stats WHERE guild = ? AND game = ? AND "user" > 0',
                    (guild, game),
                )
            else:
                rows = await db.fetch(
                    'SELECT "user", COUNT(*) AS played, SUM(won) AS won, SUM(points) AS points FROM results'
                    ' WHERE guild = ? AND game = ? AND at >= ? AND "user" > 0 GROUP BY "user"',
                    (guild, game, float(since)),
                )
        return [{"user": int(r["user"]), "played": int(r["played"]), "won": int(r["won"] or 0),
                 "points": float(r["points"] or 0.0)} for r in rows]

    async def remembered_names(self, guild: int, users: Sequence[int]) -> dict[int, str]:
        """The display names members had at their latest table on this server (kept in the table's
        meta when they joined): a leaderboard names a member the bot no longer sees this way."""
        wanted = sorted({int(u) for u in users if int(u) > 0})
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        async with self.backend.read() as db:
            latest = await db.fetch(
                f'SELECT s."user" AS "user", MAX(t.id) AS id FROM seats s JOIN tables t ON t.id = s."table"'
                f' WHERE t.guild = ? AND s."user" IN ({marks}) GROUP BY s."user"',
                (guild, *wanted),
            )
            tables = sorted({int(r["id"]) for r in latest})
            metas = await db.fetch(
                f"SELECT id, meta FROM tables WHERE id IN ({', '.join('?' for _ in tables)})", tables,
            ) if tables else []
        meta_of = {int(r["id"]): TableMeta.from_json(json.loads(r["meta"])) for r in metas}
        names: dict[int, str] = {}
        for r in latest:
            meta = meta_of.get(int(r["id"]))
            name = meta.names.get(int(r["user"])) if meta is not None else None
            if isinstance(name, str) and name:
                names[int(r["user"])] = name
        return names

    async def stats(self, guild: int, user: int) -> dict[str, dict[str, float]]:
        async with self.backend.read() as db:
            rows = await db.fetch('SELECT game, played, won, points FROM stats WHERE guild = ? AND "user" = ?',
                                  (guild, user))
        return {r["game"]: {"played": r["played"], "won": r["won"], "points": r["points"]} for r in rows}

    # --- Spyfall location packs ----------------------------------------------------------------

    async def save_pack(self, guild: int, name: str, data: dict[str, Any], author: int, now: float) -> None:
        """A server's location pack (a pack of the same name is replaced, and enabled)."""
        data_json = json.dumps(data)
        async with self.backend.write() as db:
            await db.execute(
                "INSERT INTO location_packs (guild, name, data, enabled, author, created) VALUES (?, ?, ?, 1, ?, ?)"
                " ON CONFLICT(guild, name) DO UPDATE SET data = excluded.data, enabled = 1,"
                " author = excluded.author, created = excluded.created",
                (guild, name, data_json, author, float(now)),
            )

    async def packs(self, guild: int) -> list[dict[str, Any]]:
        """A server's location packs, by name: name, data, enabled, author, created."""
        async with self.backend.read() as db:
            rows = await db.fetch(
                "SELECT name, data, enabled, author, created FROM location_packs WHERE guild = ? ORDER BY name",
                (guild,),
            )
        return [{"name": r["name"], "data": json.loads(r["data"]), "enabled": bool(r["enabled"]),
                 "author": int(r["author"]), "created": float(r["created"])} for r in rows]

    async def set_pack_enabled(self, guild: int, name: str, enabled: bool) -> bool:
        """Enable or disable a pack; False when the server has no pack of that name."""
        async with self.backend.write() as db:
            found = await db.fetch("SELECT name FROM location_packs WHERE guild = ? AND name = ?", (guild, name))
            if found:
                await db.execute("UPDATE location_packs SET enabled = ? WHERE guild = ? AND name = ?",
                                 (int(enabled), guild, name))
        return bool(found)

    async def remove_pack(self, guild: int, name: str) -> bool:
        """Remove a pack; False when the server has no pack of that name."""
        async with self.backend.write() as db:
            found = await db.fetch("SELECT name FROM location_packs WHERE guild = ? AND name = ?", (guild, name))
            if found:
                await db.execute("DELETE FROM location_packs WHERE guild = ? AND name = ?", (guild, name))
        return bool(found)

    # --- languages ----------------------------------------------------------------------------

    async def set_language(self, user: int, locale: str | None) -> None:
        """A member's chosen language; None forgets it (their Discord language is used again)."""
        async with self.backend.write() as db:
            if locale is None:
                await db.execute('DELETE FROM languages WHERE "user" = ?', (user,))
            else:
                await db.execute(
                    'INSERT INTO languages ("user", locale) VALUES (?, ?)'
                    ' ON CONFLICT("user") DO UPDATE SET locale = excluded.locale',
                    (user, locale),
                )

    async def languages(self) -> dict[int, str]:
        async with self.backend.read() as db:
            rows = await db.fetch('SELECT "user", locale FROM languages')
        return {int(r["user"]): str(r["locale"]) for r in rows}


LEASE_LOCK = 0x7AB1E6  # the advisory lock that makes taking leases one process at a time


async def _fenced(db: Connection, lease: Lease | None) -> None:
    """Inside a write: refuse it (LeaseLostError) unless `lease` is still held at its epoch. FOR SHARE keeps the
    lease row from being taken over until this transaction ends, so a takeover sees every write made under it."""
    if lease is None:
        return
    rows = await db.fetch("SELECT epoch FROM shard_leases WHERE shard_count = ? AND shard = ? AND owner = ?"
                          " AND epoch = ? FOR SHARE", (lease.count, lease.shard, lease.owner, lease.epoch))
    if not rows:
        raise LeaseLostError(f"the lease of shard {lease.shard} of {lease.count} at epoch {lease.epoch} is no longer "
                             f"held by {lease.owner}")


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


def _table_row(row: Mapping[str, Any]) -> TableRow:
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
        meta=TableMeta.from_json(json.loads(row["meta"])),
    )
