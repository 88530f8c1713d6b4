"""Run every benchmark, then print one summary table: metric, measured, target, OK/over.

Run (from the repository root):
    .venv/bin/python -m bench            # the same as: .venv/bin/python bench/run.py
    .venv/bin/python -m bench --only engines renderers --also polls --tables 50

The benchmarks run one after the other in this process: engines (GAME.apply), renderers (render + to_png),
boards (a board's controls and embed, without its picture), store (append_action on SQLite and PostgreSQL),
bot_load (100 Spyfall tables through SimCord), click_path (a 7-seat Junta table's click to stored and to board
edited, without and with 300 ms per Discord call), scale (1,000 tables and 10,000 deadlines in one process, on
both backends), replay (a long random game of each game replayed from its log, drawn and encoded as the Replay
button does), faults (the database away for 20 s in a game, on both backends; Discord answering errors),
cluster (3 processes on one PostgreSQL: 3,000 tables, DM clicks forwarded to their owner, a process killed),
samples (every board's sample pictures written under tests/artifacts/<game>/ for a person to look at). About
5-6 minutes on 2 cores. Each prints its own details first; the table at the end gathers what they measured.
The targets are reported against, never asserted: the exit status is 0 unless a benchmark crashed.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

if __package__ in (None, ""):  # `python bench/run.py`: make the repository root importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import Metric, header, load_average, print_metrics  # noqa: E402

NAMES = ("engines", "renderers", "boards", "store", "bot_load", "click_path", "scale", "replay", "faults", "cluster",
         "samples")


def benchmarks(args: argparse.Namespace) -> dict[str, Callable[[], list[Metric]]]:
    from bench import boards, bot_load, click_path, cluster, engines, faults, renderers, replay, samples, scale, store

    return {
        "engines": lambda: engines.run(args.engine_seconds, args.also),
        "renderers": lambda: renderers.run(args.render_samples, args.also),
        "boards": lambda: boards.run(),
        "store": lambda: store.run(args.appends, directory=args.dir),
        "bot_load": lambda: bot_load.run(bot_load.Options(tables=args.tables, directory=args.dir)),
        "click_path": lambda: click_path.run(draws=False),  # the board draws are "boards"
        "scale": lambda: scale.run(directory=args.dir),
        "replay": lambda: replay.run(),
        "faults": lambda: faults.run(),
        "cluster": lambda: cluster.run(tables=args.cluster_tables),
        "samples": lambda: samples.run(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", choices=NAMES, default=list(NAMES), help="which benchmarks to run")
    parser.add_argument("--also", nargs="*", default=[], help="game ids not in REGISTRY to include (games.<id>)")
    parser.add_argument("--engine-seconds", type=float, default=4.0, help="random play per game (default 4)")
    parser.add_argument("--render-samples", type=int, default=60, help="warm renders per function (default 60)")
    parser.add_argument("--appends", type=int, default=3000, help="timed store appends (default 3000)")
    parser.add_argument("--tables", type=int, default=100, help="tables alive at once in bot_load (default 100)")
    parser.add_argument("--cluster-tables", type=int, default=3000,
                        help="live tables over the 3 processes of bench.cluster (default 3000)")
    parser.add_argument("--dir", default=None, help="directory for the temporary databases (default: temp dir)")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    load_before = load_average()
    metrics: list[Metric] = []
    crashed: list[str] = []
    for name, bench in benchmarks(args).items():
        if name not in args.only:
            continue
        print()
        try:
            metrics += bench()
        except Exception:  # one broken benchmark must not hide the others' numbers
            traceback.print_exc()
            crashed.append(name)
            metrics.append(Metric(f"{name}: CRASHED (see above)", float("nan"), None, ""))
    print()
    header("summary")
    print(f"   before: {load_before}; after: {load_average()}; total {time.perf_counter() - started:.0f} s")
    print_metrics("metric / measured / target", metrics)
    print(
        "\n(wall = real time; CPU = this thread's CPU time, which leaves out time other processes held the CPU."
        "\n bot: reply = first interaction response, done = last request the bot made for the action,"
        "\n verb = the SimCord actor verb until the bot settled; see `python -m bench.bot_load --help`.)"
    )
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
