"""Benchmark one bot process at scale: 1,000 live tables of every game and 10,000 pending deadlines.

Run:  .venv/bin/python -m bench.scale [--tables 1000] [--deadlines 10000] [--actions 3000] [--rate 100]
                                      [--backend sqlite postgresql] [--postgres-url URL] [--dir /some/disk]

For each store backend (a SQLite file; a fresh PostgreSQL database on a server started here from
Debian's package, or --postgres-url), in one process and one event loop:

1. opens --tables tables of the five games in turn (each with its smallest table, seeded), starts
   them and lets their automatic set-up steps run: the TableService keeps them in memory as the
   bot does. Memory per table = the Python objects they keep alive (tracemalloc) / tables; the
   growth of resident memory is printed too.
2. tops the tables' own deadline timers up to --deadlines pending deadlines (sleeping tasks, as the
   service's own timers are), all far in the future.
3. plays --actions random legal actions on random tables, arriving at --rate per second (Poisson),
   each through `TableService.act`: the table's lock, the engine, the action and its snapshot
   written in one transaction, then the listener. The listener does the presenter's work on the event
   loop (the public views before and after, each player's own view, the board's text as JSON);
   drawing pictures happens in worker threads in the bot and is left out here. Action-to-reply =
   from the click's arrival to `act` returning, when the bot answers (target p99 ≤ 250 ms).
   Meanwhile a probe sleeps 10 ms again and again; event-loop lag = how late it wakes (p99).
Between 1 and 2 the service is dropped (the process stops) and a new one resumes every table from
the same database: `resume_all`, timed (target ≤ 2 s for 1,000 tables); the load runs on it.
Reports against the targets, never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import _postgres as postgres
from bench._common import Metric, header, player_counts, print_metrics, stats_line, summary_ms
from bot.store import Store, redact
from bot.tables import Change, Opening, Table, TableService
from games import REGISTRY
from games.core.protocol import IllegalAction

REPLY_P99_MS = 250.0
RESUME_S = 2.0
FAR = 10 * 24 * 3600.0  # a deadline nobody reaches during the benchmark


def resident_bytes() -> int:
    """The process's resident memory (Linux /proc), after a collection."""
    gc.collect()
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE")


def traced_bytes() -> int:
    """Python's allocations still alive (tracemalloc), after a collection."""
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


class PresenterWork:
    """The listener: what the presenter computes on the event loop for each action (no Discord, no pictures)."""

    def __init__(self) -> None:
        self.changes = 0

    async def table_changed(self, change: Change) -> None:
        import json

        before, after, events = change.public()
        for seat in range(len(change.table.users)):
            change.table.view(seat)  # each player's own view: what a DM or "Show my …" shows
        json.dumps({"board": after, "events": events, "was": before.get("log_count")}, default=str)
        self.changes += 1

    async def table_started(self, opening: Opening) -> None:
        pass

    async def table_closed(self, table: Table, reason: str) -> None:
        pass


async def open_tables(service: TableService, count: int, rng: random.Random) -> list[int]:
    ids = []
    for index in range(count):
        games = tuple(REGISTRY)  # every registered game in turn
        game_id = games[index % len(games)]
        game = REGISTRY[game_id]
        players = player_counts(game)[0]
        guild = rng.getrandbits(60) | (1 << 59)  # a snowflake on some shard
        host = 10_000 + index * 10
        table = await service.create_lobby(game_id, guild=guild, channel=guild + 1, host=host, options={})
        for seat in range(1, players):
            await service.join(table.id, host + seat)
        await service.start(table.id, host)  # with the set-up's automatic steps (dealing the first round)
        ids.append(table.id)
    return ids


def pending_deadlines(service: TableService) -> int:
    return sum(1 for t in service.tables.values() if service.timer(t.id) is not None)


async def lag_probe(lags: list[int], stop: asyncio.Event) -> None:
    while not stop.is_set():
        asked = time.perf_counter_ns()
        await asyncio.sleep(0.01)
        lags.append(max(0, time.perf_counter_ns() - asked - 10_000_000))


async def play(service: TableService, ids: list[int], actions: int, rate: float, rng: random.Random) -> dict[str, Any]:
    replies: list[int] = []
    refused = 0
    finished = 0

    async def one(arrived: int) -> None:
        nonlocal refused, finished
        for _ in range(20):  # a table whose game ended or with nobody to act: another table
            table = service.tables.get(rng.choice(ids))
            if table is None or table.state is None:
                continue
            seats = sorted(table.game.to_act(table.state))
            if not seats:
                continue
            seat = rng.choice(seats)
            legal = table.game.legal_actions(table.state, seat)
            if not legal:
                continue
            try:
                await service.act(table.id, table.users[seat], rng.choice(legal))
            except IllegalAction:
                refused += 1  # a stale choice (the table moved meanwhile): the player is told, also a reply
            replies.append(time.perf_counter_ns() - arrived)
            if table.id not in service.tables:
                finished += 1
            return

    tasks = []
    started = time.perf_counter()
    for _ in range(actions):
        await asyncio.sleep(rng.expovariate(rate))
        tasks.append(asyncio.create_task(one(time.perf_counter_ns())))
    await asyncio.gather(*tasks)
    return {"replies": replies, "refused": refused, "finished": finished, "seconds": time.perf_counter() - started}


async def measure(url: str, tables: int, deadlines: int, actions: int, rate: float) -> dict[str, Any]:
    rng = random.Random(f"bench:scale:{tables}")
    store = await Store.connect(url)
    extra: list[asyncio.Task[None]] = []
    try:
        service = TableService(store, seed_source=lambda: rng.randrange(2**31))
        listener = PresenterWork()
        service.listener = listener
        resident_before = resident_bytes()
        tracemalloc.start()
        traced_before = traced_bytes()
        started = time.perf_counter()
        ids = await open_tables(service, tables, rng)
        opened_s = time.perf_counter() - started
        traced = traced_bytes() - traced_before
        tracemalloc.stop()
        resident = resident_bytes() - resident_before
        await service.shutdown()  # the process stops…

        service = TableService(store, seed_source=lambda: rng.randrange(2**31))  # …and starts again
        service.listener = listener
        started = time.perf_counter()
        resumed = await service.resume_all()
        resume_s = time.perf_counter() - started
        own = pending_deadlines(service)
        extra = [asyncio.create_task(asyncio.sleep(FAR)) for _ in range(max(0, deadlines - own))]
        await asyncio.sleep(0)
        lags: list[int] = []
        stop = asyncio.Event()
        probe = asyncio.create_task(lag_probe(lags, stop))
        played = await play(service, ids, actions, rate, rng)
        stop.set()
        await probe
        live = len(service.tables)
        await service.shutdown()
    finally:
        for task in extra:
            task.cancel()
        await store.close()
    return {"per_table": traced / tables, "resident_per_table": resident / tables, "opened_s": opened_s,
            "own_deadlines": own, "deadlines": own + len(extra), "lags": lags, "live": live, "resumed": len(resumed),
            "resume_s": resume_s, **played}


def report(backend: str, found: dict[str, Any], tables: int, rate: float) -> list[Metric]:
    print(f"\n  [{backend}] {tables} tables opened in {found['opened_s']:.1f} s; {found['deadlines']} pending"
          f" deadlines ({found['own_deadlines']} the tables' own)")
    print(f"  memory per table: {found['per_table'] / 1024:.1f} KiB of Python objects (tracemalloc);"
          f" resident memory grew {found['resident_per_table'] / 1024:.1f} KiB per table (less once the"
          " allocator reuses what an earlier run freed)")
    print(f"  {len(found['replies'])} actions at {rate:g}/s over {found['seconds']:.1f} s; {found['refused']}"
          f" refused (stale), {found['finished']} games finished; {found['live']} tables live at the end")
    print(stats_line("action-to-reply", found["replies"]))
    print(stats_line("event-loop lag (10 ms probe)", found["lags"]))
    print(f"  resume after a restart: {found['resumed']} tables in {found['resume_s'] * 1000:.0f} ms")
    replies, lags = summary_ms(found["replies"]), summary_ms(found["lags"])
    return [
        Metric(f"scale {backend}: memory per table", found["per_table"] / 1024, None, "KiB", "Python objects alive"),
        Metric(f"scale {backend}: action-to-reply p99", replies["p99"], REPLY_P99_MS, "ms",
               f"{rate:g} actions/s, {found['deadlines']} deadlines"),
        Metric(f"scale {backend}: event-loop lag p99", lags["p99"], None, "ms"),
        Metric(f"scale {backend}: resume {found['resumed']} tables", found["resume_s"] * 1000, RESUME_S * 1000, "ms"),
    ]


def run(tables: int = 1000, deadlines: int = 10_000, actions: int = 3000, rate: float = 100.0,
        backends: Sequence[str] = ("sqlite", "postgresql"), postgres_url: str | None = None,
        directory: str | None = None) -> list[Metric]:
    header(f"scale: {tables} live tables, {deadlines} pending deadlines, {actions} actions in one process")
    metrics: list[Metric] = []
    if "sqlite" in backends:
        with tempfile.TemporaryDirectory(prefix="bench-scale-", dir=directory) as tmp:
            sqlite_url = f"sqlite:///{Path(tmp) / 'scale.db'}"
            metrics += report("sqlite", asyncio.run(measure(sqlite_url, tables, deadlines, actions, rate)), tables,
                              rate)
    if "postgresql" in backends:
        with postgres.database(postgres_url) as url:
            if url is not None:
                print(f"   PostgreSQL database: {redact(url)}")
                metrics += report("postgresql", asyncio.run(measure(url, tables, deadlines, actions, rate)), tables,
                                  rate)
    return metrics


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=1000, help="live tables (default 1000)")
    parser.add_argument("--deadlines", type=int, default=10_000, help="pending deadlines (default 10000)")
    parser.add_argument("--actions", type=int, default=3000, help="actions played (default 3000)")
    parser.add_argument("--rate", type=float, default=100.0, help="actions arriving per second (default 100)")
    parser.add_argument("--backend", nargs="*", choices=("sqlite", "postgresql"), default=["sqlite", "postgresql"])
    parser.add_argument("--postgres-url", default=None, help="a PostgreSQL server (default: start one here)")
    parser.add_argument("--dir", default=None, help="directory of the SQLite file (default: the temp dir)")
    args = parser.parse_args(argv)
    metrics = run(args.tables, args.deadlines, args.actions, args.rate, args.backend, args.postgres_url, args.dir)
    print_metrics("scale summary", metrics)
    return metrics


if __name__ == "__main__":
    main()
