"""What the benchmarks of the computer players share: running seeded games in worker processes with
progress on stderr, and the small statistics their reports print."""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from bench._common import percentile

Job = TypeVar("Job")
Result = TypeVar("Result")


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def p99(values: Sequence[float]) -> float:
    """The 99th percentile (0 when there are no values)."""
    return percentile(values, 99) if values else 0.0


def think_stats(think_s: Sequence[float]) -> dict[str, float]:
    """Mean, p99 and max of think times, in seconds (0 when there are none)."""
    if not think_s:
        return {"mean": 0.0, "p99": 0.0, "max": 0.0}
    return {"mean": mean(think_s), "p99": percentile(think_s, 99), "max": max(think_s)}


def think_line(think_s: Sequence[float]) -> str:
    t = think_stats(think_s)
    return (f"{len(think_s)} decisions: mean {t['mean'] * 1000:.2f} ms, p99 {t['p99'] * 1000:.2f} ms,"
            f" max {t['max'] * 1000:.1f} ms")


def play_all(play: Callable[[Job], Result], jobs: Sequence[Job], workers: int,
             describe: Callable[[list[Result]], str] | None = None, chunksize: int = 1) -> list[Result]:
    """Play every job (in `workers` processes when more than one), printing progress to stderr about
    ten times (`describe` adds a few words about the results so far)."""
    results: list[Result] = []
    every = max(1, len(jobs) // 10)
    started = time.perf_counter()

    def progress(result: Result) -> None:
        results.append(result)
        done = len(results)
        if done % every == 0 or done == len(jobs):
            more = f", {describe(results)}" if describe is not None else ""
            print(f"   {done}/{len(jobs)} games{more}, {time.perf_counter() - started:.0f} s",
                  file=sys.stderr, flush=True)

    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            for result in pool.imap_unordered(play, jobs, chunksize=chunksize):
                progress(result)
    else:
        for job in jobs:
            progress(play(job))
    return results
