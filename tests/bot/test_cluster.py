"""Several processes on one PostgreSQL: shard leases fence every action's write (bot/cluster.py).

Each "process" here is a store, a table service and its Cluster, as the bot builds them; time passing is the lease
made to run out in the database (`expire`), never a wait."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from bot.cluster import CHANNEL, Cluster, Forwarder, click_message
from bot.store import Lease, Shards, Store
from bot.tables import TableMoved, TableService
from bot.testkit.cluster import until

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
        before = old.service.tables[table].seq
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

        # The new owner fires the overdue time-out itself, once. (Its next timer, for the next round's deadline,
        # is not awaited: nothing moves this test's clock to it.)
        await until(lambda: new.service.tables[table].seq > before)
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


@asynccontextmanager
async def forwarding(process: Process) -> AsyncIterator[tuple[Forwarder, list[dict[str, Any]]]]:
    """`process`'s forwarder; what it plays is kept in the list instead of being handed to discord.py."""
    played: list[dict[str, Any]] = []

    def accept(table_id: int, user: int) -> str | None:
        table = process.service.tables.get(table_id)
        return "no such table runs here" if table is None else None if user in table.users else "no seat"

    url = str(getattr(process.store.backend, "url", ""))
    forwarder = Forwarder(url, process.cluster, accept=accept, handle=played.append, seconds=0.5)
    await forwarder.start()
    try:
        yield forwarder, played
    finally:
        await forwarder.stop()


def click(table: int, user: int) -> dict[str, Any]:
    """An INTERACTION_CREATE of a DM button of `table` pressed by `user`."""
    return {"id": "1", "type": 3, "token": "t", "channel_id": "5", "user": {"id": str(user)}, "locale": "it",
            "data": {"custom_id": f"g:{table}:give_card:1", "component_type": 2}}


async def until_logged(caplog: pytest.LogCaptureFixture, words: str) -> str:
    """The first log line with `words`, once it is logged (the owner hears a NOTIFY on its own connection)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while loop.time() < deadline:
        found = [r.getMessage() for r in caplog.records if words in r.getMessage()]
        if found:
            return found[0]
        await asyncio.sleep(0.01)
    raise AssertionError(f"nothing logged with {words!r}")


async def test_a_forwarded_click_is_played_by_the_owner_and_a_silent_owner_times_out(postgres_url: str) -> None:
    """Shard 0's process forwards a click of a shard-1 table: the owner takes it (and plays the very interaction);
    when the owner holds its lease but does not listen, the sender gives up after its wait and says so."""
    clock = Clock()
    async with processes(postgres_url) as made:
        sender = await start(made, postgres_url, Shards(2, (0,)), clock, "sender")
        owner = await start(made, postgres_url, Shards(2, (1,)), clock, "owner")
        table = await spyfall_running(owner.service, guild_on(1, 2), 100)
        async with forwarding(sender) as (outgoing, _), forwarding(owner) as (_, played):
            assert await outgoing.forward(click(table, 101), table, guild_on(1, 2))
            await until(lambda: bool(played))  # the owner says "taken", then hands the click over
            assert [raw["data"]["custom_id"] for raw in played] == [f"g:{table}:give_card:1"]
        async with forwarding(sender) as (outgoing, _):  # the owner no longer listens
            assert not await outgoing.forward(click(table, 101), table, guild_on(1, 2))
            assert outgoing.metrics.forwards.labels("timed_out")._value.get() == 1


async def test_bad_forwarded_messages_are_refused_with_a_log_line(
        postgres_url: str, caplog: pytest.LogCaptureFixture) -> None:
    """A NOTIFY that is not ours, a stale or forged epoch, a table or a user that does not exist there: each is
    refused with a line saying why, and nothing is played."""
    clock = Clock()
    caplog.set_level(logging.WARNING, logger="bot.cluster")
    async with processes(postgres_url) as made:
        owner = await start(made, postgres_url, Shards(2, (1,)), clock, "owner")
        table = await spyfall_running(owner.service, guild_on(1, 2), 100)
        lease = owner.cluster.held[1]
        async with forwarding(owner) as (forwarder, played):
            async def send(text: str) -> None:
                async with owner.store.backend.write() as db:
                    await db.execute("SELECT pg_notify(?, ?)", (CHANNEL, text))

            await send("hello from another program")
            assert "not a message of this bot" in await until_logged(caplog, "was refused")
            caplog.clear()
            stale = Lease(lease.count, lease.shard, lease.owner, lease.epoch - 1)
            await send(json.dumps(click_message("k1", "sender", stale, table, 101, click(table, 101))))
            assert f"at epoch {lease.epoch - 1}" in await until_logged(caplog, "refused")
            caplog.clear()
            await send(json.dumps(click_message("k2", "sender", lease, 999_999, 101, click(999_999, 101))))
            assert "table 999999: no such table runs here" in await until_logged(caplog, "refused")
            caplog.clear()
            await send(json.dumps(click_message("k3", "sender", lease, table, 4242, click(table, 4242))))
            assert f"table {table}: no seat" in await until_logged(caplog, "refused")
            assert played == []
