"""Sharded processes over one PostgreSQL database: each resumes and runs only its own guilds' tables."""

from __future__ import annotations

from bot.store import Shards, Store
from bot.tables import TableService


class Clock:
    def __init__(self) -> None:
        self.now = 5_000.0

    def __call__(self) -> float:
        return self.now


def guild_on(shard: int, count: int, k: int = 0) -> int:
    """A guild id that Discord puts on `shard` of `count` ((id >> 22) % count)."""
    return ((shard + count * (k + 1)) << 22) | 777


async def spyfall_running(service: TableService, guild: int, host: int) -> int:
    """A 3-player Spyfall game with its first round under way (so its clock has a deadline)."""
    table = await service.create_lobby("spyfall", guild=guild, channel=guild + 1, host=host, options={"rounds": 2})
    for user in (host + 1, host + 2):
        await service.join(table.id, user)
    await service.start(table.id, host)  # the game master deals the first round at once
    assert table.state["phase"] == "playing"
    return table.id


async def test_each_shard_process_resumes_only_its_tables_and_restarts_alone(postgres_url: str) -> None:
    """Two processes (shard 0 and shard 1 of 2) share one database. Restarting the first resumes only its
    own table and fires only its own overdue deadline; the second process's table keeps its state, its
    timer and its log, and both go on writing to the one database."""
    clock = Clock()
    store_a, store_b = await Store.connect(postgres_url), await Store.connect(postgres_url)
    first = TableService(store_a, clock=clock, seed_source=lambda: 11, shards=Shards(2, (0,)))
    second = TableService(store_b, clock=clock, seed_source=lambda: 12, shards=Shards(2, (1,)))
    mine = await spyfall_running(first, guild_on(0, 2), host=100)
    theirs = await spyfall_running(second, guild_on(1, 2), host=200)
    their_table = second.tables[theirs]
    their_timer = second.timer(theirs)
    assert their_timer is not None and not their_timer.done()

    # The first process stops; meanwhile both rounds' deadlines pass; it starts again.
    await first.shutdown()
    await store_a.close()
    clock.now += 60 * 60
    store_a = await Store.connect(postgres_url)
    restarted = TableService(store_a, clock=clock, seed_source=lambda: 11, shards=Shards(2, (0,)))
    resumed = await restarted.resume_all()
    assert [t.id for t in resumed] == [mine]
    assert theirs not in restarted.tables
    timer = restarted.timer(mine)
    assert timer is not None
    await timer  # the overdue deadline of its own table fires at resume…
    assert (await store_a.snapshot(mine) or (0, {}))[0] == 2
    assert (await store_a.snapshot(theirs) or (0, {}))[0] == 1  # …and nobody else's
    assert second.tables[theirs] is their_table and second.timer(theirs) is their_timer

    # Both processes keep playing over the one database; each sees the other's writes.
    await second.act(theirs, None, {"type": "timeout"})  # its round's time is up too, in its own process
    assert [a[0] for a in await store_a.actions(theirs)] == [1, 2]
    assert [a[0] for a in await store_b.actions(mine)] == [1, 2]

    # Stats are one table for every shard: a result recorded by one process is read by the other.
    await store_b.record_result(guild_on(1, 2), "spyfall", [200], {200}, {200: 3})
    assert await store_a.stats(guild_on(1, 2), 200) == {"spyfall": {"played": 1, "won": 1, "points": 3.0}}

    await restarted.shutdown()
    await second.shutdown()
    await store_a.close()
    await store_b.close()


async def test_a_process_running_every_shard_resumes_every_table(postgres_url: str) -> None:
    """Without a shard range (or with all of them), every open table is resumed."""
    clock = Clock()
    store = await Store.connect(postgres_url)
    service = TableService(store, clock=clock, seed_source=lambda: 3, shards=Shards(2, (0,)))
    one = await spyfall_running(service, guild_on(0, 2), host=10)
    other = TableService(store, clock=clock, seed_source=lambda: 4, shards=Shards(2, (1,)))
    two = await spyfall_running(other, guild_on(1, 2, k=3), host=20)
    await service.shutdown()
    await other.shutdown()
    for shards in (None, Shards(2, (0, 1))):
        everything = TableService(store, clock=clock, shards=shards)
        assert sorted(t.id for t in await everything.resume_all()) == sorted([one, two])
        await everything.shutdown()
    await store.close()
