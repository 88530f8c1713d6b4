"""The aiosqlite store: migrations, the action log with its snapshot, stats."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

import bot.store as store_module
from bot.store import MIGRATIONS, Store, StoreClosedError


async def test_migrations_set_user_version_and_are_idempotent(tmp_path: Path) -> None:
    """A new file is migrated to the latest version; opening it again changes nothing."""
    path = str(tmp_path / "s.db")
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()


async def test_wal_mode(tmp_path: Path) -> None:
    """The database runs in WAL mode so readers never block the writer."""
    store = await Store.open(str(tmp_path / "s.db"))
    async with aiosqlite.connect(str(tmp_path / "s.db")) as db, db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()


async def test_action_and_snapshot_written_together(tmp_path: Path) -> None:
    """append_action stores the action, moves the snapshot and the status in one go."""
    store = await Store.open(str(tmp_path / "s.db"))
    table = await store.create_table(game="spyfall", guild=1, channel=2, host=3, seed=4, options={}, now=10.0)
    await store.save_start(table, {"n": 1}, 11.0)
    await store.append_action(table, 1, 0, {"type": "x", "at": 12.0}, 12.0, {"n": 2})
    await store.append_action(table, 2, None, {"type": "timeout"}, 13.0, {"n": 3}, status="finished")
    assert await store.snapshot(table) == (2, {"n": 3})
    assert [a[0] for a in await store.actions(table)] == [1, 2]
    row = await store.get_table(table)
    assert row is not None and row.status == "finished" and row.updated == 13.0
    assert await store.open_tables() == []
    await store.close()


async def test_duplicate_sequence_is_rejected_and_rolled_back(tmp_path: Path) -> None:
    """A second action with the same sequence number fails and leaves the snapshot as it was."""
    store = await Store.open(str(tmp_path / "s.db"))
    table = await store.create_table(game="spyfall", guild=1, channel=2, host=3, seed=4, options={}, now=1.0)
    await store.append_action(table, 1, 0, {"type": "a"}, 2.0, {"v": 1})
    try:
        await store.append_action(table, 1, 0, {"type": "b"}, 3.0, {"v": 2})
    except aiosqlite.IntegrityError:
        pass
    else:
        raise AssertionError("duplicate sequence accepted")
    assert await store.snapshot(table) == (1, {"v": 1})
    await store.close()


async def test_stats_accumulate(tmp_path: Path) -> None:
    """Each finished game adds a play, a win for winners, and the points."""
    store = await Store.open(str(tmp_path / "s.db"))
    await store.record_result(1, "spyfall", [10, 20], {10}, {10: 5, 20: 2})
    await store.record_result(1, "spyfall", [10, 20], {20}, {10: 1, 20: 4})
    assert await store.stats(1, 10) == {"spyfall": {"played": 2, "won": 1, "points": 6.0}}
    assert await store.stats(1, 20) == {"spyfall": {"played": 2, "won": 1, "points": 6.0}}
    await store.close()


async def test_close_twice_and_use_after_close(tmp_path: Path) -> None:
    """close() is idempotent, `closed` tells, and reads or writes after it raise StoreClosedError."""
    store = await Store.open(str(tmp_path / "s.db"))
    table = await store.create_table(game="spyfall", guild=1, channel=2, host=3, seed=4, options={}, now=1.0)
    assert not store.closed
    await store.close()
    await store.close()
    assert store.closed
    with pytest.raises(StoreClosedError):
        await store.append_action(table, 1, 0, {"type": "a"}, 2.0, {"v": 1})
    with pytest.raises(StoreClosedError):
        await store.get_table(table)


async def test_migrations_run_statement_by_statement(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A migration with a trigger and semicolons in literals runs whole; a failing one leaves no trace."""
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


async def test_languages_are_remembered_changed_and_forgotten(tmp_path: Path) -> None:
    """A member's chosen language survives reopening, a new choice replaces it, None forgets it."""
    store = await Store.open(str(tmp_path / "s.db"))
    await store.set_language(10, "it")
    await store.set_language(20, "es")
    await store.set_language(10, "ca")
    await store.close()
    store = await Store.open(str(tmp_path / "s.db"))
    assert await store.languages() == {10: "ca", 20: "es"}
    await store.set_language(20, None)
    assert await store.languages() == {10: "ca"}
    await store.close()
