"""Benchmark the action log: `Store.append_action` (action + snapshot + table row, one transaction).

Run:  .venv/bin/python -m bench.store [--appends 3000] [--tables 100] [--dir /some/disk]
                                      [--postgres-url URL]

Opens `bot.store.Store` on each backend in turn: a fresh SQLite file in a temporary directory (WAL,
synchronous=NORMAL, as the bot does), then a fresh database on a PostgreSQL server (one started here
from Debian's package, or --postgres-url). On each it creates --tables tables, then appends actions
to them in random interleaved order, each with the realistic snapshot of a Spyfall game in progress
(`GAME.dump` of a state from a seeded random game: history, log, votes; 3-8 players). Times each
awaited `append_action` from the event loop (so aiosqlite's thread hop, or asyncpg's round trips,
are included): p50/p99 against the target (p99 ≤ 5 ms), in wall time and in the CPU time the
process's threads used meanwhile.
Also, for information, the latency of each append when 10 tables append at the same moment (a
burst of timers): one SQLite connection serialises them, PostgreSQL runs them on a pool; and the
throughput one at a time. Reports, never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import _postgres as postgres
from bench._common import (
    Metric,
    header,
    percentile,
    player_counts,
    playout_states,
    print_metrics,
    stats_line,
    summary_ms,
)
from bot.store import Store, redact
from games import REGISTRY

APPEND_P99_MS = 5.0
BURST = 10


def spyfall_snapshots(count: int = 40) -> list[tuple[dict[str, Any], dict[str, Any], int | None]]:
    """(action, dumped state after it, seat) of mid-game Spyfall moments, 3 to 8 players."""
    game = REGISTRY["spyfall"]
    counts = player_counts(game)
    picked: list[tuple[dict[str, Any], dict[str, Any], int | None]] = []
    seed = 0
    while len(picked) < count:
        seed += 1
        n = counts[seed % len(counts)]
        states = playout_states(game, n, seed)
        for index in (len(states) // 3, len(states) // 2, 2 * len(states) // 3):
            state = states[index]
            picked.append(({"type": "vote", "guilty": bool(index % 2), "at": state["now"]}, game.dump(state),
                           index % n))
    return picked[:count]


async def measure(url: str, appends: int, tables: int) -> dict[str, Any]:
    snapshots = spyfall_snapshots()
    sizes = [len(json.dumps(s)) for _, s, _ in snapshots]
    chooser = random.Random("bench:store")
    store = await Store.connect(url)
    try:
        now = time.time()
        ids = []
        for i in range(tables):
            table = await store.create_table(game="spyfall", guild=1, channel=1000 + i, host=10_000 + i, seed=i,
                                             options={"rounds": 3, "minutes": 8}, now=now)
            await store.set_seats(table, [10_000 + i + k for k in range(4)], ["en", "it", None, "es"])
            await store.save_start(table, snapshots[0][1], now)
            ids.append(table)
        seqs = dict.fromkeys(ids, 0)

        cpu: list[int] = []

        async def one(table: int) -> int:
            seqs[table] += 1
            action, state, seat = snapshots[chooser.randrange(len(snapshots))]
            start, start_cpu = time.perf_counter_ns(), time.process_time_ns()
            await store.append_action(table, seqs[table], seat, action, action["at"], state)
            cpu.append(time.process_time_ns() - start_cpu)
            return time.perf_counter_ns() - start

        for _ in range(20):  # warm-up: page cache, statement cache
            await one(chooser.choice(ids))
        cpu.clear()
        single = [await one(chooser.choice(ids)) for _ in range(appends)]
        single_cpu = list(cpu)
        burst: list[int] = []
        for _ in range(max(1, appends // (4 * BURST))):
            burst += await asyncio.gather(*(one(t) for t in chooser.sample(ids, min(BURST, len(ids)))))
    finally:
        await store.close()
    return {"single": single, "cpu": single_cpu, "burst": burst, "sizes": sizes}


def filesystem(path: Path) -> str:
    """The mount the path is on, from /proc/mounts (Linux): its device and type, e.g. "/dev/vda ext4"."""
    try:
        mounts = [line.split()[:3] for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return "unknown filesystem"
    resolved = str(path.resolve())
    best = max((m for m in mounts if len(m) == 3 and (resolved + "/").startswith(m[1].rstrip("/") + "/")),
               key=lambda m: len(m[1]), default=None)
    return f"{best[0]} {best[2]} mounted on {best[1]}" if best else "unknown filesystem"


def report(backend: str, result: dict[str, Any], tables: int, extra: str) -> list[Metric]:
    sizes_kib = [s / 1024 for s in result["sizes"]]
    print(f"\n  [{backend}] snapshot JSON: p50={percentile(sizes_kib, 50):.1f} KiB  max={max(sizes_kib):.1f} KiB;"
          f" {tables} tables{extra}")
    print(stats_line("append_action, one at a time, wall", result["single"]))
    print(stats_line("append_action, one at a time, process CPU", result["cpu"]))
    print(stats_line(f"append_action, {BURST} tables at once (each)", result["burst"]))
    single, burst, cpu = summary_ms(result["single"]), summary_ms(result["burst"]), summary_ms(result["cpu"])
    throughput = len(result["single"]) / (sum(result["single"]) / 1e9)
    print(f"  throughput, one at a time: {throughput:.0f} appends/s")
    return [
        Metric(f"store {backend}: append_action p50", single["p50"], None, "ms"),
        Metric(f"store {backend}: append_action p99 (wall)", single["p99"], APPEND_P99_MS, "ms",
               f"{len(result['single'])} appends"),
        Metric(f"store {backend}: append_action p99 (process CPU)", cpu["p99"], APPEND_P99_MS, "ms",
               "event loop + driver"),
        Metric(f"store {backend}: append_action p99, {BURST} at once", burst["p99"], None, "ms"),
        Metric(f"store {backend}: appends per second, one at a time", round(throughput), None, "/s"),
    ]


def run(appends: int = 3000, tables: int = 100, directory: str | None = None,
        postgres_url: str | None = None) -> list[Metric]:
    """Both backends: a SQLite file in a temporary directory, then a fresh PostgreSQL database."""
    header("store: Store.append_action with Spyfall snapshots (SQLite, then PostgreSQL)")
    metrics: list[Metric] = []
    with tempfile.TemporaryDirectory(prefix="bench-store-", dir=directory) as tmp:
        path = Path(tmp) / "bench.db"
        print(f"   SQLite database: {path} ({filesystem(path.parent)}; try --dir /dev/shm to leave the disk out)")
        result = asyncio.run(measure(f"sqlite:///{path}", appends, tables))
        size = sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
        metrics += report("sqlite", result, tables, f"; database + WAL at the end: {size / 1024 / 1024:.1f} MiB")
    with postgres.database(postgres_url) as url:
        if url is not None:
            print(f"   PostgreSQL database: {redact(url)} (a local server: the network is loopback)")
            metrics += report("postgresql", asyncio.run(measure(url, appends, tables)), tables, "")
    print("  process CPU = CPU time of all the process's threads (the event loop and the driver's) during the call;"
          "\n  a wall p99 far above it means the call waited for a CPU (a busy machine), the disk or the server.")
    return metrics


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--appends", type=int, default=3000, help="timed appends (default 3000)")
    parser.add_argument("--tables", type=int, default=100, help="tables to spread them over (default 100)")
    parser.add_argument("--dir", default=None, help="directory of the temporary database (default: the temp dir)")
    parser.add_argument("--postgres-url", default=None,
                        help="a PostgreSQL server to use (default: start one from Debian's postgresql package)")
    args = parser.parse_args(argv)
    metrics = run(args.appends, args.tables, args.dir, args.postgres_url)
    print_metrics("store summary", metrics)
    return metrics


if __name__ == "__main__":
    main()
