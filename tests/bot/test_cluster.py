"""Several processes on one PostgreSQL: shard leases fence every action's write (bot/cluster.py).

Each "process" here is a store, a table service and its Cluster, as the bot builds them; time passing is the lease
made to run out in the database (`expire`), never a wait."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from bot.cluster import Cluster
from bot.store import Shards, Store
from bot.tables import TableMoved, TableService

SECONDS = 5.0  # the tests' lease timeout; nothing waits for it: `expire` makes a lease run out


class Clock:
    def __init__(self) -> None:
        self.now = 5_000.0

    def __call__(self) -> float:
        return self.now


def guild_on(shard: int, count: int, k: int = 0) -> int:
    """A guild id that Discord puts on `shard` of `count`."""
    return ((shard + count * (k + 1)) << 22) | 777


@dataclass
class Process:
    store: Store
    service: TableService
    cluster: Cluster

    async def stop(self, release: bool = True) -> None:
        """A clean stop (`release`), or a process killed (-9): its leases stay until they run out."""
        await self.cluster.stop(release=release)
        await self.service.shutdown()
        await self.store.close()


@asynccontextmanager
async def processes(url: str) -> AsyncIterator[list[Process]]:
    made: list[Process] = []
    yield made
    for process in made:
        if not process.store.closed:
            await process.stop()


async def start(made: list[Process], url: str, shards: Shards, clock: Clock, name: str) -> Process:
    """A process of `shards` that takes what leases it can and resumes those shards' tables."""
    store = await Store.connect(url)
    service = TableService(store, clock=clock, seed_source=lambda: 11, shards=shards)
    cluster = Cluster(store, shards, seconds=SECONDS, owner=name)
    service.fence = cluster

    async def gained(shard: int) -> None:
        await service.resume_all(Shards(shards.count, (shard,)))

    async def lost(shard: int) -> None:
        service.drop_shard(shards, shard)

    cluster.on_gained, cluster.on_lost = gained, lost
    process = Process(store, service, cluster)
    made.append(process)
    await cluster.tick()
    return process


async def expire(store: Store, owner: str) -> None:
    """`owner`'s leases run out, as they do when it stops renewing them (paused, killed, cut off)."""
    async with store.backend.write() as db:
        await db.execute("UPDATE shard_leases SET expires = clock_timestamp() - interval '1 second' WHERE owner = ?",
                         (owner,))


async def spyfall_running(service: TableService, guild: int, host: int) -> int:
    table = await service.create_lobby("spyfall", guild=guild, channel=guild + host, host=host,
                                       options={"rounds": 3})
    for user in (host + 1, host + 2):
        await service.join(table.id, user)
    await service.start(table.id, host)
    return table.id


async def settled() -> None:
    """Let the tasks a lease's loss starts (dropping its shard's tables) run."""
    for _ in range(5):
        await asyncio.sleep(0)


async def log_agrees(store: Store, service: TableService, table: int) -> list[int]:
    """The table's log rebuilds its snapshot; returns its sequence numbers."""
    seqs = [a[0] for a in await store.actions(table)]
    snapshot = await store.snapshot(table)
    assert snapshot is not None and snapshot[0] == (seqs[-1] if seqs else 0)
    game = service.registry["spyfall"]
    assert game.dump(await service.replay(table)) == snapshot[1]
    return seqs


async def test_a_second_process_with_the_same_shards_waits_then_takes_over(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """Two processes started with shard_ids [1]: the second waits (one line naming the holder) and runs none of
    the tables; once the first stops, the second takes the lease and runs them, timers included."""
    clock, shards = Clock(), Shards(2, (1,))
    async with processes(postgres_url) as made:
        first = await start(made, postgres_url, shards, clock, "first")
        tables = [await spyfall_running(first.service, guild_on(1, 2, k), 100 + 10 * k) for k in range(3)]
        caplog.set_level(logging.WARNING, logger="bot.cluster")
        second = await start(made, postgres_url, shards, clock, "second")
        await second.cluster.tick()  # still waiting: said once
        waiting = [r.getMessage() for r in caplog.records if "waiting for its lease" in r.getMessage()]
        assert len(waiting) == 1 and "held by first" in waiting[0]
        assert second.cluster.held == {} and second.service.tables == {}

        await first.stop()
        await second.cluster.tick()
        assert sorted(second.service.tables) == sorted(tables)
        assert all(second.service.timer(t) is not None for t in tables)
        clock.now += 3600  # the round's time is up
        await second.service.act(tables[0], None, {"type": "timeout"})
        assert await log_agrees(second.store, second.service, tables[0]) == [1, 2]


async def test_an_owner_paused_past_its_lease_has_its_write_refused(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """An owner paused in the middle of an action (between applying it and storing it) while its lease ran out and
    another process took the shard: its write is refused, it drops the shard's tables (one line), and the new
    owner's state is the only one: the log and the snapshot agree, no action lost or doubled."""
    clock, shards = Clock(), Shards(2, (0,))
    async with processes(postgres_url) as made:
        old = await start(made, postgres_url, shards, clock, "old")
        table = await spyfall_running(old.service, guild_on(0, 2), 100)
        timer = old.service.timer(table)
        assert timer is not None

        paused, resume = asyncio.Event(), asyncio.Event()
        original = old.store.append_action

        async def pausing(*args: Any, **kwargs: Any) -> None:
            paused.set()
            await resume.wait()
            await original(*args, **kwargs)

        old.store.append_action = pausing  # type: ignore[method-assign]
        clock.now += 3600  # the round's time is up
        acting = asyncio.create_task(old.service.act(table, None, {"type": "timeout"}))
        await paused.wait()
        await expire(old.store, "old")
        new = await start(made, postgres_url, shards, clock, "new")
        assert table in new.service.tables
        caplog.set_level(logging.ERROR, logger="bot.cluster")
        resume.set()
        with pytest.raises(TableMoved):
            await acting
        await settled()
        lost = [r.getMessage() for r in caplog.records if "lease lost" in r.getMessage()]
        assert len(lost) == 1 and "shard 0" in lost[0]
        assert old.service.tables == {} and timer.done()

        overdue = new.service.timer(table)  # the new owner fires the overdue time-out itself, once
        if overdue is not None:
            await overdue
        seq = new.service.tables[table].seq
        assert seq >= 1 and await log_agrees(new.store, new.service, table) == list(range(1, seq + 1))


async def test_a_killed_process_s_shards_are_taken_when_its_lease_runs_out(postgres_url: str) -> None:
    """kill -9: the leases stay until they run out; then the replacement takes them and its tables run again."""
    clock, shards = Clock(), Shards(2, (0, 1))
    async with processes(postgres_url) as made:
        dead = await start(made, postgres_url, shards, clock, "dead")
        tables = [await spyfall_running(dead.service, guild_on(s, 2), 100 + s) for s in (0, 1)]
        await dead.stop(release=False)
        replacement = await start(made, postgres_url, shards, clock, "replacement")
        assert replacement.cluster.held == {}  # the dead process's leases have not run out yet
        await expire(replacement.store, "dead")
        await replacement.cluster.tick()
        assert sorted(replacement.cluster.held) == [0, 1]
        assert sorted(replacement.service.tables) == sorted(tables)
        assert all(replacement.service.timer(t) is not None for t in tables)


async def test_two_to_three_shards_moves_every_table_to_exactly_one_process(postgres_url: str) -> None:
    """A rolling change from 2 shards to 3: the new processes wait while an old one holds a lease of the old count,
    so no table is run by two processes; once the old ones stop, every table runs on exactly one new process."""
    clock = Clock()
    async with processes(postgres_url) as made:
        olds = [await start(made, postgres_url, Shards(2, (s,)), clock, f"old{s}") for s in (0, 1)]
        tables: dict[int, int] = {}  # table -> guild
        for k in range(6):
            guild = (k + 7) << 22 | 99
            owner = olds[guild_shard(guild, 2)]
            tables[await spyfall_running(owner.service, guild, 100 + 10 * k)] = guild
        news = [await start(made, postgres_url, Shards(3, (s,)), clock, f"new{s}") for s in (0, 1, 2)]

        def running() -> dict[int, list[str]]:
            found: dict[int, list[str]] = {t: [] for t in tables}
            for process in olds + news:
                if not process.store.closed:
                    for t in process.service.tables:
                        found[t].append(process.cluster.owner)
            return found

        assert all(len(owners) == 1 for owners in running().values())
        assert all(not new.cluster.held for new in news)
        await olds[0].stop()  # one old process gone: the new ones still wait for the other
        for new in news:
            await new.cluster.tick()
        assert all(not new.cluster.held for new in news)
        await olds[1].stop()
        for new in news:
            await new.cluster.tick()
        where = running()
        assert all(len(owners) == 1 for owners in where.values()), where
        for table, guild in tables.items():
            assert where[table] == [f"new{guild_shard(guild, 3)}"]


def guild_shard(guild: int, count: int) -> int:
    return (guild >> 22) % count
