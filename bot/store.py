"""aiosqlite storage: tables, seats, the action log, snapshots and stats.

One writer connection in WAL mode; schema migrations by PRAGMA user_version. An action and its
snapshot are written in one transaction, before anybody is answered.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

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
]

OPEN_STATUSES = ("lobby", "playing")


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
        await store.migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def migrate(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        version = int(row[0]) if row else 0
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self._db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        return len(MIGRATIONS)

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    # --- tables -----------------------------------------------------------------------------

    async def create_table(
        self, *, game: str, guild: int, channel: int, host: int, seed: int,
        options: dict[str, Any], now: float, meta: dict[str, Any] | None = None,
    ) -> int:
        cur = await self._db.execute(
            "INSERT INTO tables (game, guild, channel, host, seed, options, status, created, updated, meta)"
            " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
            (game, guild, channel, host, seed, json.dumps(options), now, now, json.dumps(meta or {})),
        )
        await self._db.commit()
        assert cur.lastrowid is not None
        return cur.lastrowid

    async def update_table(self, table: int, now: float, **fields: Any) -> None:
        allowed = {"status", "thread", "meta", "options", "host"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot update {sorted(set(fields) - allowed)}")
        values = [json.dumps(v) if k in ("meta", "options") else v for k, v in fields.items()]
        assignments = ", ".join(f"{k} = ?" for k in fields)
        await self._db.execute(
            f"UPDATE tables SET {assignments}, updated = ? WHERE id = ?", (*values, now, table)
        )
        await self._db.commit()

    async def get_table(self, table: int) -> TableRow | None:
        async with self._db.execute("SELECT * FROM tables WHERE id = ?", (table,)) as cur:
            row = await cur.fetchone()
        return _table_row(row) if row else None

    async def open_tables(self) -> list[TableRow]:
        async with self._db.execute(
            "SELECT * FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return [_table_row(r) for r in rows]

    async def set_seats(self, table: int, users: list[int], locales: list[str | None] | None = None) -> None:
        locales = locales or [None] * len(users)
        await self._db.execute('DELETE FROM seats WHERE "table" = ?', (table,))
        await self._db.executemany(
            'INSERT INTO seats ("table", seat, user, locale) VALUES (?, ?, ?, ?)',
            [(table, i, u, loc) for i, (u, loc) in enumerate(zip(users, locales, strict=True))],
        )
        await self._db.commit()

    async def seats(self, table: int) -> list[tuple[int, str | None]]:
        async with self._db.execute(
            'SELECT user, locale FROM seats WHERE "table" = ? ORDER BY seat', (table,)
        ) as cur:
            rows = await cur.fetchall()
        return [(int(r["user"]), r["locale"]) for r in rows]

    # --- the action log ---------------------------------------------------------------------

    async def append_action(
        self, table: int, seq: int, seat: int | None, action: dict[str, Any], at: float,
        state: dict[str, Any], status: str | None = None,
    ) -> None:
        """The action, its resulting snapshot and the table's status, in one transaction."""
        # sqlite3 opens one implicit transaction at the first INSERT; commit ends it.
        try:
            await self._db.execute(
                'INSERT INTO actions ("table", seq, seat, action, at) VALUES (?, ?, ?, ?, ?)',
                (table, seq, seat, json.dumps(action), at),
            )
            await self._db.execute(
                'INSERT INTO snapshots ("table", seq, state) VALUES (?, ?, ?)'
                ' ON CONFLICT("table") DO UPDATE SET seq = excluded.seq, state = excluded.state',
                (table, seq, json.dumps(state)),
            )
            if status is not None:
                await self._db.execute(
                    "UPDATE tables SET status = ?, updated = ? WHERE id = ?", (status, at, table)
                )
            else:
                await self._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (at, table))
            await self._db.commit()
        except BaseException:
            await self._db.rollback()
            raise

    async def save_start(self, table: int, state: dict[str, Any], now: float) -> None:
        """The state after set-up (sequence 0) and the table's move from lobby to playing."""
        try:
            await self._db.execute(
                'INSERT INTO snapshots ("table", seq, state) VALUES (?, 0, ?)'
                ' ON CONFLICT("table") DO UPDATE SET seq = 0, state = excluded.state',
                (table, json.dumps(state)),
            )
            await self._db.execute(
                "UPDATE tables SET status = 'playing', updated = ? WHERE id = ?", (now, table)
            )
            await self._db.commit()
        except BaseException:
            await self._db.rollback()
            raise

    async def actions(self, table: int) -> list[tuple[int, int | None, dict[str, Any], float]]:
        async with self._db.execute(
            'SELECT seq, seat, action, at FROM actions WHERE "table" = ? ORDER BY seq', (table,)
        ) as cur:
            rows = await cur.fetchall()
        return [(int(r["seq"]), r["seat"], json.loads(r["action"]), float(r["at"])) for r in rows]

    async def snapshot(self, table: int) -> tuple[int, dict[str, Any]] | None:
        async with self._db.execute(
            'SELECT seq, state FROM snapshots WHERE "table" = ?', (table,)
        ) as cur:
            row = await cur.fetchone()
        return (int(row["seq"]), json.loads(row["state"])) if row else None

    # --- stats ------------------------------------------------------------------------------

    async def record_result(
        self, guild: int, game: str, users: list[int], winners: set[int], points: dict[int, float]
    ) -> None:
        await self._db.executemany(
            "INSERT INTO stats (guild, user, game, played, won, points) VALUES (?, ?, ?, 1, ?, ?)"
            " ON CONFLICT(guild, user, game) DO UPDATE SET played = played + 1,"
            " won = won + excluded.won, points = points + excluded.points",
            [(guild, u, game, int(u in winners), points.get(u, 0.0)) for u in users],
        )
        await self._db.commit()

    async def stats(self, guild: int, user: int) -> dict[str, dict[str, float]]:
        async with self._db.execute(
            "SELECT game, played, won, points FROM stats WHERE guild = ? AND user = ?", (guild, user)
        ) as cur:
            rows = await cur.fetchall()
        return {r["game"]: {"played": r["played"], "won": r["won"], "points": r["points"]} for r in rows}


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
