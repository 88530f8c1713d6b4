"""The store under concurrency: many tables written at once over its one shared connection.

aiosqlite is patched here so that every call on a connection yields to the event loop a few times
(a seeded random number of times) before it is queued and after it has run: concurrent writers then
take turns statement by statement in ever-changing orders, as they may under load, instead of
each one finishing in a single burst or all of them marching in step. Without the store's write
lock their statements would share one SQLite transaction, and these tests fail.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.meta import TableMeta
from bot.store import Store, StoreClosedError

TABLES = 40
ACTIONS = 8


@dataclass(frozen=True)
class Call:
    """One call that aiosqlite ran on a connection: the sqlite3 method's name, its SQL and parameters."""

    name: str
    sql: str = ""
    params: tuple[Any, ...] = ()


Hook = Callable[[Call], Awaitable[None]]


@dataclass
class Interleaver:
    """Records the calls that ran; `after` hooks see each one once it has succeeded."""

    calls: list[Call] = field(default_factory=list)
    after: list[Hook] = field(default_factory=list)

    def ran(self, prefix: str, params: tuple[Any, ...]) -> bool:
        """Whether a statement starting with `prefix` ran with parameters starting with `params`."""
        return any(c.sql.lstrip().startswith(prefix) and c.params[: len(params)] == params for c in self.calls)


@pytest.fixture
def interleaved(monkeypatch: pytest.MonkeyPatch) -> Interleaver:
    interleaver = Interleaver()
    real = aiosqlite.Connection._execute
    rng = random.Random(1)

    async def yields() -> None:
        for _ in range(rng.randrange(4)):
            await asyncio.sleep(0)

    async def execute(self: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        await yields()
        result = await real(self, fn, *args, **kwargs)
        sql = args[0] if args and isinstance(args[0], str) else ""
        params = tuple(args[1]) if sql and len(args) > 1 and isinstance(args[1], tuple | list) else ()
        call = Call(getattr(fn, "__name__", "?"), sql, params)
        interleaver.calls.append(call)
        for hook in list(interleaver.after):
            await hook(call)
        await yields()
        return result

    monkeypatch.setattr(aiosqlite.Connection, "_execute", execute)
    return interleaver


class Watcher:
    """After every call on the store's connection, checks what another connection sees committed.

    A committed state must always be whole: each table's snapshot is at its last action, and its
    actions are 1..n with no gap. An action committed without its snapshot (or the reverse) means
    that someone else's COMMIT landed in the middle of an append.
    """

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.problems: list[str] = []

    async def __call__(self, call: Call) -> None:
        rows = self.db.execute(
            'SELECT t.id, COALESCE((SELECT seq FROM snapshots s WHERE s."table" = t.id), 0),'
            ' (SELECT COALESCE(MAX(seq), 0) FROM actions a WHERE a."table" = t.id),'
            ' (SELECT COUNT(*) FROM actions a WHERE a."table" = t.id)'
            " FROM tables t"
        ).fetchall()
        self.problems += [
            f"after {call.name} {call.sql[:30]!r}: table {table} has snapshot {snap}, actions up to {last} ({n})"
            for table, snap, last, n in rows
            if not snap == last == n
        ]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(str(tmp_path / "s.db"))
    yield store
    await store.close()


@pytest.fixture
def watcher(tmp_path: Path, store: Store, interleaved: Interleaver) -> Iterator[Watcher]:
    watcher = Watcher(tmp_path / "s.db")
    interleaved.after.append(watcher)
    yield watcher
    watcher.db.close()


async def new_tables(store: Store, count: int = TABLES) -> list[int]:
    return [
        await store.create_table(game="spyfall", guild=1, channel=i, host=i, seed=i, options={}, now=0.0)
        for i in range(count)
    ]


def state(table: int, seq: int) -> dict[str, Any]:
    return {"table": table, "seq": seq}


async def play(store: Store, table: int, start: int = 1, end: int = ACTIONS) -> None:
    """The actions start..end of one table, in order, as its table service would append them."""
    for seq in range(start, end + 1):
        status = "finished" if seq == ACTIONS else None
        await store.append_action(table, seq, seq % 3, {"n": seq}, float(seq), state(table, seq), status=status)


async def assert_complete(store: Store, table: int, last: int = ACTIONS) -> None:
    assert [a[0] for a in await store.actions(table)] == list(range(1, last + 1)), f"table {table}"
    assert await store.snapshot(table) == (last, state(table, last)), f"table {table}"


async def test_concurrent_writes_on_many_tables_stay_whole(store: Store, watcher: Watcher) -> None:
    """Hundreds of appends interleaved across 40 tables, with seats, updates and results: nothing is lost or torn."""
    tables = await new_tables(store)

    async def one_table(index: int, table: int) -> None:
        users = [1000 + index * 10 + k for k in range(3)]
        await store.set_seats(table, users, ["en", None, "ca"])
        await store.save_start(table, state(table, 0), 0.5)
        await play(store, table, 1, 3)
        await store.update_table(table, 3.5, meta=TableMeta(board_seq=3))
        await play(store, table, 4, ACTIONS)
        await store.record_result(1, "spyfall", [*users, 7], {users[0]}, {users[0]: 2.0, 7: 1.0})

    await asyncio.gather(*(one_table(i, t) for i, t in enumerate(tables)))

    assert watcher.problems == []
    for index, table in enumerate(tables):
        await assert_complete(store, table)
        row = await store.get_table(table)
        assert row is not None
        assert (row.status, row.meta, row.updated) == ("finished", TableMeta(board_seq=3), float(ACTIONS))
        first = 1000 + index * 10
        assert await store.seats(table) == [(first, "en"), (first + 1, None), (first + 2, "ca")]
        assert await store.stats(1, first) == {"spyfall": {"played": 1, "won": 1, "points": 2.0}}
    assert await store.stats(1, 7) == {"spyfall": {"played": TABLES, "won": 0, "points": float(TABLES)}}
    assert await store.open_tables() == []


async def test_failed_append_rolls_back_only_itself(
    tmp_path: Path, store: Store, interleaved: Interleaver, watcher: Watcher
) -> None:
    """A snapshot INSERT that fails after its action INSERT undoes that append only, never the others'."""
    tables = await new_tables(store)
    victim = tables[5]
    with closing(sqlite3.connect(tmp_path / "s.db")) as db:
        db.execute(
            f'CREATE TRIGGER fail_snapshot BEFORE INSERT ON snapshots WHEN NEW."table" = {victim} AND NEW.seq = 3'
            " BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
        )
        db.commit()

    async def victim_table() -> None:
        await play(store, victim, 1, 2)
        with pytest.raises(sqlite3.IntegrityError, match="injected failure"):
            await play(store, victim, 3, 3)

    async def duplicating(table: int) -> None:
        """A table whose seq 4 arrives twice: the second one is refused (at its first statement)."""
        await play(store, table, 1, 4)
        with pytest.raises(sqlite3.IntegrityError):
            await store.append_action(table, 4, 0, {"n": "again"}, 4.5, {"wrong": True})
        await play(store, table, 5, ACTIONS)

    others = [t for t in tables if t != victim]
    await asyncio.gather(
        victim_table(), *(duplicating(t) if i % 4 == 0 else play(store, t) for i, t in enumerate(others))
    )

    assert interleaved.ran("INSERT INTO actions", (victim, 3)), "the failure must come after the action's INSERT"
    await assert_complete(store, victim, 2)
    row = await store.get_table(victim)
    assert row is not None and row.updated == 2.0
    for table in others:
        await assert_complete(store, table)
    assert watcher.problems == []


async def test_unserializable_state_writes_nothing(store: Store, interleaved: Interleaver, watcher: Watcher) -> None:
    """A state that JSON cannot hold fails the append cleanly while other tables keep appending."""
    tables = await new_tables(store, 8)

    async def broken() -> None:
        await play(store, tables[0], 1, 1)
        with pytest.raises(TypeError):
            await store.append_action(tables[0], 2, 0, {"n": 2}, 2.0, {"hand": {1, 2}})
        await play(store, tables[0], 2, ACTIONS)

    await asyncio.gather(broken(), *(play(store, t) for t in tables[1:]))
    for table in tables:
        await assert_complete(store, table)
    assert watcher.problems == []


class Park:
    """An `after` hook that parks the first matching call, once it has run, until released."""

    def __init__(self, matches: Callable[[Call], bool]) -> None:
        self.matches = matches
        self.reached = asyncio.Event()
        self.release = asyncio.Event()

    async def __call__(self, call: Call) -> None:
        if not self.reached.is_set() and self.matches(call):
            self.reached.set()
            await self.release.wait()


@pytest.mark.parametrize("statement", ["INSERT INTO actions", "INSERT INTO snapshots", "UPDATE tables"])
async def test_cancelled_append_leaves_no_half_transaction(
    tmp_path: Path, store: Store, interleaved: Interleaver, watcher: Watcher, statement: str
) -> None:
    """An append cancelled after one of its statements ran is rolled back whole; the store stays usable."""
    tables = await new_tables(store, 10)
    victim = tables[3]
    where = -1 if statement.startswith("UPDATE") else 0  # the position of the table's id among the parameters
    park = Park(lambda c: c.sql.lstrip().startswith(statement) and c.params[where:][:1] == (victim,))
    await play(store, victim, 1, 1)
    interleaved.after.append(park)

    append = asyncio.create_task(store.append_action(victim, 2, 0, {"n": 2}, 2.0, state(victim, 2)))
    others = asyncio.gather(*(play(store, t) for t in tables if t != victim))
    await asyncio.wait_for(park.reached.wait(), 10)
    append.cancel()
    with pytest.raises(asyncio.CancelledError):
        await append
    await others

    await assert_complete(store, victim, 1)
    for table in tables:
        if table != victim:
            await assert_complete(store, table)
    assert watcher.problems == []
    with closing(sqlite3.connect(tmp_path / "s.db", timeout=0)) as db:
        db.execute("BEGIN IMMEDIATE")  # "database is locked" if the store still held a write transaction
        db.rollback()
    await play(store, victim, 2, ACTIONS)
    await assert_complete(store, victim)


async def test_cancelled_while_waiting_for_the_lock(store: Store, interleaved: Interleaver) -> None:
    """A write cancelled before its turn writes nothing and does not keep the lock."""
    first, second = await new_tables(store, 2)
    park = Park(lambda c: c.sql.lstrip().startswith("INSERT INTO actions") and c.params[:1] == (first,))
    interleaved.after.append(park)
    holder = asyncio.create_task(play(store, first, 1, 1))
    await asyncio.wait_for(park.reached.wait(), 10)
    waiter = asyncio.create_task(play(store, second, 1, 1))
    await asyncio.sleep(0.01)
    waiter.cancel()
    park.release.set()
    await holder
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert await store.actions(second) == []
    await asyncio.wait_for(play(store, second), 10)  # hangs if the cancelled waiter kept the lock
    await assert_complete(store, second)


async def test_close_waits_for_the_write_in_progress(tmp_path: Path, interleaved: Interleaver) -> None:
    """close() lets a started append finish (and commit) before it closes the connection."""
    store = await Store.open(str(tmp_path / "s.db"))
    (table,) = await new_tables(store, 1)
    park = Park(lambda c: c.sql.lstrip().startswith("INSERT INTO actions"))
    interleaved.after.append(park)
    append = asyncio.create_task(store.append_action(table, 1, 0, {"n": 1}, 1.0, state(table, 1)))
    await asyncio.wait_for(park.reached.wait(), 10)
    closing_task = asyncio.create_task(store.close())
    await asyncio.sleep(0.01)
    assert not closing_task.done() and not store.closed
    park.release.set()
    await append
    await closing_task
    assert store.closed
    await store.close()
    with pytest.raises(StoreClosedError):
        await store.append_action(table, 2, 0, {"n": 2}, 2.0, state(table, 2))

    store = await Store.open(str(tmp_path / "s.db"))
    await assert_complete(store, table, 1)
    await store.close()
