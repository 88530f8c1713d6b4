"""The store on both backends (SQLite, PostgreSQL): migrations, the action log with its snapshot,
stats, languages, shards; and what each backend alone does (WAL, statement-by-statement migrations)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

import bot.store as store_module
from bot.meta import TableMeta
from bot.store import MIGRATIONS, SchemaTooNewError, Shards, Store, StoreClosedError, StoreUnavailableError, redact

DUPLICATE = (aiosqlite.IntegrityError, asyncpg.UniqueViolationError)


async def test_migrations_set_the_version_and_are_idempotent(store_url: str) -> None:
    """A new database is migrated to the latest version; opening it again changes nothing."""
    store = await Store.connect(store_url)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    store = await Store.connect(store_url)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()


async def test_action_and_snapshot_written_together(store_url: str) -> None:
    """append_action stores the action, moves the snapshot and the status in one go."""
    store = await Store.connect(store_url)
    table = await store.create_table(game="spyfall", guild=1, channel=2, host=3, seed=4, options={}, now=10.0)
    await store.save_start(table, {"n": 1}, 11.0)
    await store.append_action(table, 1, 0, {"type": "x", "at": 12.0}, 12.0, {"n": 2})
    await store.append_action(table, 2, None, {"type": "timeout"}, 13.0, {"n": 3}, status="finished")
    assert await store.snapshot(table) == (2, {"n": 3})
    assert [(a[0], a[1], a[2]) for a in await store.actions(table)] == [
        (1, 0, {"type": "x", "at": 12.0}), (2, None, {"type": "timeout"})]
    row = await store.get_table(table)
    assert row is not None and row.status == "finished" and row.updated == 13.0
    assert await store.open_tables() == []
    await store.close()


async def test_discord_sized_ids_round_trip(store_url: str) -> None:
    """Snowflakes (above 2**32) survive as guild, channel, thread, host, seats and stats."""
    store = await Store.connect(store_url)
    big = 1_234_567_890_123_456_789
    table = await store.create_table(game="polls", guild=big, channel=big + 1, host=big + 2, seed=2**31 - 1,
                                     options={"a": [1]}, now=1.5, meta=TableMeta(names={big: "y"}))
    await store.update_table(table, 2.5, thread=big + 3, meta=TableMeta(board=big + 4))
    await store.set_seats(table, [big + 2, big + 5], ["it", None])
    row = await store.get_table(table)
    assert row is not None
    assert (row.guild, row.channel, row.thread, row.host, row.seed) == (big, big + 1, big + 3, big + 2, 2**31 - 1)
    assert (row.options, row.meta, row.created, row.updated) == ({"a": [1]}, TableMeta(board=big + 4), 1.5, 2.5)
    assert await store.seats(table) == [(big + 2, "it"), (big + 5, None)]
    await store.close()


async def test_duplicate_sequence_is_rejected_and_rolled_back(store_url: str) -> None:
    """A second action with the same sequence number fails and leaves the snapshot as it was."""
    store = await Store.connect(store_url)
    table = await store.create_table(game="spyfall", guild=1, channel=2, host=3, seed=4, options={}, now=1.0)
    await store.append_action(table, 1, 0, {"type": "a"}, 2.0, {"v": 1})
    with pytest.raises(DUPLICATE):
        await store.append_action(table, 1, 0, {"type": "b"}, 3.0, {"v": 2})
    assert await store.snapshot(table) == (1, {"v": 1})
    assert [a[2] for a in await store.actions(table)] == [{"type": "a"}]
    await store.close()


async def test_concurrent_appends_on_many_tables_stay_whole(store_url: str) -> None:
    """Forty tables appending at once: every table ends with all its actions and the last snapshot."""
    store = await Store.connect(store_url)
    tables = [await store.create_table(game="spyfall", guild=1, channel=i, host=i, seed=i, options={}, now=0.0)
              for i in range(40)]

    async def play(table: int) -> None:
        for seq in range(1, 6):
            await store.append_action(table, seq, 0, {"type": "a", "seq": seq}, float(seq), {"t": table, "s": seq})

    await asyncio.gather(*(play(t) for t in tables))
    for table in tables:
        assert await store.snapshot(table) == (5, {"t": table, "s": 5})
        assert [a[0] for a in await store.actions(table)] == [1, 2, 3, 4, 5]
    await store.close()


async def test_stats_accumulate(store_url: str) -> None:
    """Each finished game adds a play, a win for winners, and the points."""
    store = await Store.connect(store_url)
    await store.record_result(1, "spyfall", [10, 20], {10}, {10: 5, 20: 2})
    await store.record_result(1, "spyfall", [10, 20], {20}, {10: 1, 20: 4})
    assert await store.stats(1, 10) == {"spyfall": {"played": 2, "won": 1, "points": 6.0}}
    assert await store.stats(1, 20) == {"spyfall": {"played": 2, "won": 1, "points": 6.0}}
    await store.close()


async def test_close_twice_and_use_after_close(store_url: str) -> None:
    """close() is idempotent, `closed` tells, and reads or writes after it raise StoreClosedError."""
    store = await Store.connect(store_url)
    table = await store.create_table(game="spyfall", guild=1, channel=2, host=3, seed=4, options={}, now=1.0)
    assert not store.closed
    await store.close()
    await store.close()
    assert store.closed
    with pytest.raises(StoreClosedError):
        await store.append_action(table, 1, 0, {"type": "a"}, 2.0, {"v": 1})
    with pytest.raises(StoreClosedError):
        await store.get_table(table)


async def test_languages_are_remembered_changed_and_forgotten(store_url: str) -> None:
    """A member's chosen language survives reopening, a new choice replaces it, None forgets it."""
    store = await Store.connect(store_url)
    await store.set_language(10, "it")
    await store.set_language(20, "es")
    await store.set_language(10, "ca")
    await store.close()
    store = await Store.connect(store_url)
    assert await store.languages() == {10: "ca", 20: "es"}
    await store.set_language(20, None)
    assert await store.languages() == {10: "ca"}
    await store.close()


async def test_open_tables_of_some_shards(store_url: str) -> None:
    """open_tables(shards) keeps the tables whose guild is on those shards, by Discord's rule."""
    store = await Store.connect(store_url)
    guilds = [(shard + 4 * k) << 22 | 12345 for k in range(3) for shard in range(4)]  # shard = k % 4
    for guild in guilds:
        await store.create_table(game="spyfall", guild=guild, channel=guild, host=1, seed=1, options={}, now=0.0)
    some = Shards(4, (1, 3))
    found = [row.guild for row in await store.open_tables(some)]
    assert found == [g for g in guilds if (g >> 22) % 4 in (1, 3)] and len(found) == 6
    assert [row.guild for row in await store.open_tables()] == guilds
    await store.close()


async def test_a_schema_newer_than_the_code_is_refused(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database migrated by a newer bot is refused with a sentence saying so, and left as it was."""
    newer = [*MIGRATIONS, "CREATE TABLE later_feature (x TEXT);"]
    monkeypatch.setattr(store_module, "MIGRATIONS", newer)
    await (await Store.connect(store_url)).close()
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS)
    with pytest.raises(SchemaTooNewError) as refused:
        await Store.connect(store_url)
    message = str(refused.value)
    assert f"schema version {len(MIGRATIONS) + 1}" in message and f"only up to {len(MIGRATIONS)}" in message
    monkeypatch.setattr(store_module, "MIGRATIONS", newer)
    store = await Store.connect(store_url)
    assert await store.schema_version() == len(newer)
    await store.close()


async def test_an_unreachable_server_is_one_sentence_without_the_password() -> None:
    """A PostgreSQL URL nobody answers at: StoreUnavailableError naming the URL, never its password."""
    url = "postgresql://tablemaster:s3cret-pw@127.0.0.1:1/tables"
    with pytest.raises(StoreUnavailableError) as refused:
        await Store.connect(url)
    message = str(refused.value)
    assert "s3cret-pw" not in message
    assert message.startswith("Cannot reach the database postgresql://tablemaster@127.0.0.1:1/tables: ")
    assert message.endswith(".") and "\n" not in message


def test_redact_keeps_everything_but_the_password() -> None:
    """redact() drops the password only; a URL without one is unchanged."""
    assert redact("postgresql://u:p%40ss@db.example:5433/t?sslmode=require") == \
        "postgresql://u@db.example:5433/t?sslmode=require"
    assert redact("postgresql://u@h/t") == "postgresql://u@h/t"
    assert redact("sqlite:///data/x.db") == "sqlite:///data/x.db"


# --- SQLite only --------------------------------------------------------------------------------


async def test_wal_mode(tmp_path: Path) -> None:
    """The SQLite database runs in WAL mode so readers never block the writer."""
    store = await Store.open(str(tmp_path / "s.db"))
    async with aiosqlite.connect(str(tmp_path / "s.db")) as db, db.execute("PRAGMA journal_mode") as cur:
        row = await cur.fetchone()
        assert row is not None and row[0] == "wal"
    await store.close()


async def test_sqlite_url_and_old_database_key_open_the_same_file(tmp_path: Path) -> None:
    """sqlite:///path opens the file that Store.open(path) (the old storage.database) opens."""
    path = tmp_path / "same.db"
    store = await Store.open(str(path))
    table = await store.create_table(game="spyfall", guild=1, channel=2, host=3, seed=4, options={}, now=1.0)
    await store.close()
    store = await Store.connect(f"sqlite:///{path}")
    assert (await store.get_table(table)) is not None and store.dialect == "sqlite"
    await store.close()


async def test_migrations_run_statement_by_statement(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A SQLite migration with a trigger and semicolons in literals runs whole; a failing one leaves no trace."""
    path = str(tmp_path / "s.db")
    await (await Store.open(path)).close()
    good = (
        "CREATE TABLE extra (x TEXT);"
        " CREATE TRIGGER extra_mark AFTER INSERT ON extra BEGIN UPDATE extra SET x = x || ';'; END;"
        " INSERT INTO extra VALUES ('a;b');"
    )
    bad = "CREATE TABLE other (y TEXT); INSERT INTO nowhere VALUES (1);"
    monkeypatch.setattr(store_module, "MIGRATIONS", [*MIGRATIONS, good, bad])
    with pytest.raises(aiosqlite.OperationalError, match="nowhere"):
        await Store.open(path)
    async with aiosqlite.connect(path) as db:
        assert [tuple(r) for r in await db.execute_fetchall("PRAGMA user_version")] == [(len(MIGRATIONS) + 1,)]
        assert [tuple(r) for r in await db.execute_fetchall("SELECT x FROM extra")] == [("a;b;",)]
        names = [r[0] for r in await db.execute_fetchall("SELECT name FROM sqlite_master")]
        assert "other" not in names


# --- PostgreSQL only ----------------------------------------------------------------------------


async def test_a_failing_postgres_migration_leaves_no_trace(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On PostgreSQL a migration is one transaction: a failing one creates nothing and keeps the version."""
    await (await Store.connect(postgres_url)).close()
    bad = "CREATE TABLE other (y TEXT); INSERT INTO nowhere VALUES (1);"
    monkeypatch.setattr(store_module, "MIGRATIONS", [*MIGRATIONS, bad])
    with pytest.raises(asyncpg.UndefinedTableError):
        await Store.connect(postgres_url)
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await conn.fetchval("SELECT version FROM schema_version") == len(MIGRATIONS)
        assert await conn.fetchval("SELECT to_regclass('other')") is None
    finally:
        await conn.close()


async def test_two_processes_migrating_at_once_migrate_once(postgres_url: str) -> None:
    """Two stores opening a new database together: the advisory lock lets one migrate, the other waits."""
    first, second = await asyncio.gather(Store.connect(postgres_url), Store.connect(postgres_url))
    assert await first.schema_version() == await second.schema_version() == len(MIGRATIONS)
    await first.close()
    await second.close()


async def test_open_tables_with_state_brings_seats_and_snapshots_of_the_shards_tables(store_url: str) -> None:
    """What a restart needs, in one go: each open table of the shards with its seats in order and its
    snapshot (None for a lobby); finished tables and other shards' tables are left out."""
    store = await Store.connect(store_url)
    on, off = (2 << 22) | 5, (3 << 22) | 5  # shards 0 and 1 of 2
    playing = await store.create_table(game="spyfall", guild=on, channel=1, host=10, seed=1, options={}, now=0.0)
    await store.set_seats(playing, [10, 11, 12], ["it", None, "es"])
    await store.save_start(playing, {"round": 1}, 1.0)
    await store.append_action(playing, 1, 0, {"type": "a"}, 2.0, {"round": 2})
    lobby = await store.create_table(game="polls", guild=on, channel=2, host=20, seed=2, options={}, now=0.0)
    await store.set_seats(lobby, [20], [None])
    finished = await store.create_table(game="polls", guild=on, channel=3, host=30, seed=3, options={}, now=0.0)
    await store.append_action(finished, 1, 0, {"type": "a"}, 2.0, {"over": True}, status="finished")
    other = await store.create_table(game="polls", guild=off, channel=4, host=40, seed=4, options={}, now=0.0)
    await store.set_seats(other, [40], [None])
    found = await store.open_tables_with_state(Shards(2, (0,)))
    assert [(row.id, seats, snap) for row, seats, snap in found] == [
        (playing, [(10, "it"), (11, None), (12, "es")], (1, {"round": 2})),
        (lobby, [(20, None)], None),
    ]
    assert [row.id for row, _, _ in await store.open_tables_with_state()] == [playing, lobby, other]
    await store.close()
