"""Benchmark the board renderers: render + PNG encode (`renderers.core.to_png`) time and PNG size.

Run:  .venv/bin/python -m bench.renderers [--samples 60] [--also polls]

For every game of `games.REGISTRY` (plus --also ids) that has a `renderers.<game id>` module, seeded
random games are played and the public views `GAME.view(state, None)` of their middle and end are
drawn by the module's `render` and each `render_*(view, names, locale)` function, with names lists of
the table's size and the locales en/it/es/ca in turn (a renderer
whose third parameter is `words`, as Spyfall's, gets that locale's catalog `bot.i18n.words(locale)`).
The first call per function and locale (fonts and per-language caches are cold) is reported apart;
the percentiles are of the warm calls. Targets: render+encode p95 ≤ 40 ms, PNG ≤ 100 KiB (150 KiB
for the tall Arditi and Som boards, PNG_MAX_KIB_BY_GAME; Junta's map with its political table: 60 ms and
200 KiB, RENDER_P95_MS_BY_GAME). Games in FULL_TABLE are measured once more on views of their largest
table only (Arditi: 6 players mid-game, the heaviest board; Som: 4 citizens; Junta: 7 families).
In the bot the same work runs in a worker thread (asyncio.to_thread); here it runs on the main thread.
Reports, never asserts.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
from bench._common import (
    Metric,
    all_games,
    fmt_ms,
    header,
    names_for,
    percentile,
    player_counts,
    playout_states,
    print_metrics,
    stats_line,
    summary_ms,
)
from games.core.protocol import Game
from renderers.core import to_png

RENDER_P95_MS = 40.0
PNG_MAX_KIB = 100.0
# tall pictures: the round board over a legend of six parties; the 37 cards over four citizens' rows;
# Junta's 27-area city map (a coup's counters on it) over the political table of up to seven families
PNG_MAX_KIB_BY_GAME = {"arditi": 150.0, "som": 150.0, "junta": 200.0}
RENDER_P95_MS_BY_GAME = {"junta": 60.0}
FULL_TABLE = {"arditi": 6, "som": 4, "junta": 7}  # games also measured on views of this table size alone
LOCALES = ("en", "it", "es", "ca")

Render = Callable[[dict[str, Any], list[str], Any], Any]


@dataclass
class Case:
    view: dict[str, Any]
    names: list[str]
    locale: str


@dataclass
class Timings:
    render_ns: list[int] = field(default_factory=list)
    encode_ns: list[int] = field(default_factory=list)
    total_ns: list[int] = field(default_factory=list)
    total_cpu_ns: list[int] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    cold_ns: list[int] = field(default_factory=list)
    pixels: set[tuple[int, int]] = field(default_factory=set)


def render_functions(module: Any) -> dict[str, Render]:
    """The module's `render` (the board in the channel) and `render_*(view, names, locale)` functions
    (the full board, the location sheet...)."""
    found: dict[str, Render] = {}
    for name, obj in vars(module).items():
        if not ((name == "render" or name.startswith("render_")) and inspect.isfunction(obj)
                and obj.__module__ == module.__name__):
            continue
        params = [p for p in inspect.signature(obj).parameters.values() if p.default is inspect.Parameter.empty]
        if len(params) == 3:
            found[name] = obj
    return found


def mid_game_cases(game: Game, count: int, counts: Sequence[int] | None = None) -> list[Case]:
    """Public views from the middle and the end of seeded random games (of `counts` players, by
    default every size the game allows), with names and locales."""
    cases: list[Case] = []
    counts = list(counts) if counts else player_counts(game)
    for seed in itertools.count(1):
        if len(cases) >= count:
            break
        n = counts[seed % len(counts)]
        states = playout_states(game, n, seed)
        if not states:
            continue
        picks = {len(states) * k // 8 for k in (3, 4, 5, 6)} | {len(states) - 1}
        for index in sorted(picks):
            locale = LOCALES[len(cases) % len(LOCALES)]
            cases.append(Case(game.view(states[index], None), names_for(n, salt=seed + index), locale))
    return cases[:count]


def reader_argument(render: Render) -> Callable[[str], Any]:
    """What the renderer takes as its third argument: a `Words` catalog when the parameter is
    called `words` (renderers.spyfall), else the locale string."""
    params = list(inspect.signature(render).parameters)
    if len(params) >= 3 and params[2] == "words":
        from bot.i18n import words

        return words
    return str


def bench_function(render: Render, cases: Sequence[Case]) -> Timings:
    timings = Timings()
    cold: set[str] = set()
    reader = reader_argument(render)
    for case in cases:
        argument = reader(case.locale)  # outside the timing: the bot holds its catalogs already
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        image = render(case.view, case.names, argument)
        drawn = time.perf_counter_ns()
        data = to_png(image)
        end, end_cpu = time.perf_counter_ns(), time.thread_time_ns()
        if case.locale not in cold:
            cold.add(case.locale)
            timings.cold_ns.append(end - start)
            continue
        timings.render_ns.append(drawn - start)
        timings.encode_ns.append(end - drawn)
        timings.total_ns.append(end - start)
        timings.total_cpu_ns.append(end_cpu - start_cpu)
        timings.sizes.append(len(data))
        timings.pixels.add(image.size)
    return timings


def report(label: str, t: Timings, png_limit: float, p95_limit: float = RENDER_P95_MS) -> list[Metric]:
    """Print one function's timings and sizes; its rows of the summary table."""
    kib = [s / 1024 for s in t.sizes]
    dims = sorted(t.pixels, key=lambda wh: wh[0] * wh[1])
    sizes = f"{dims[0][0]}x{dims[0][1]}" if dims else "?"
    if len(dims) > 1:
        sizes += f" to {dims[-1][0]}x{dims[-1][1]}"
    print(f"  {label}  ({sizes} px)")
    print(stats_line("render", t.render_ns))
    print(stats_line("to_png", t.encode_ns))
    print(stats_line("render + to_png, wall", t.total_ns))
    print(stats_line("render + to_png, CPU of the thread", t.total_cpu_ns))
    print(f"  {'first call per locale (cold caches)':<44} max={fmt_ms(max(t.cold_ns, default=0) / 1e6)}")
    print(
        f"  {'PNG size':<44} p50={percentile(kib, 50):.1f} KiB  p95={percentile(kib, 95):.1f} KiB"
        f"  max={max(kib, default=0):.1f} KiB"
    )
    total, cpu = summary_ms(t.total_ns), summary_ms(t.total_cpu_ns)
    return [
        Metric(f"{label}: render+png p50", total["p50"], None, "ms"),
        Metric(f"{label}: render+png p95 (wall)", total["p95"], p95_limit, "ms", f"{len(t.total_ns)} renders"),
        Metric(f"{label}: render+png p95 (CPU)", cpu["p95"], p95_limit, "ms", "without preemption"),
        Metric(f"{label}: first call (cold)", max(t.cold_ns, default=0) / 1e6, None, "ms"),
        Metric(f"{label}: PNG size max", max(kib, default=0.0), png_limit, "KiB",
               f"p50 {percentile(kib, 50):.1f} KiB"),
    ]


def run(samples: int = 60, also: Sequence[str] = ()) -> list[Metric]:
    header("renderers: render + to_png on mid-game public views")
    metrics: list[Metric] = []
    for game_id, game in all_games(also).items():
        descriptor = games.descriptor_of(game_id)
        name = descriptor.renderer if descriptor is not None else f"renderers.{game_id}"
        try:
            module = importlib.import_module(name) if name else None
        except ImportError:
            module = None
        if module is None:
            print(f"\n  {game_id}: no renderer module ({name}), skipped")
            continue
        functions = render_functions(module)
        if not functions:
            print(f"\n  {game_id}: {name} has no render function, skipped")
            continue
        cases = mid_game_cases(game, samples + len(LOCALES))
        phases = sorted({str(c.view.get("phase")) for c in cases})
        print(f"\n  {game_id}: {len(cases)} views (phases: {', '.join(phases)}), locales {', '.join(LOCALES)}")
        png_limit = PNG_MAX_KIB_BY_GAME.get(game_id, PNG_MAX_KIB)
        p95_limit = RENDER_P95_MS_BY_GAME.get(game_id, RENDER_P95_MS)
        for name, render in functions.items():
            metrics += report(f"{game_id}.{name}", bench_function(render, cases), png_limit, p95_limit)
        if game_id in FULL_TABLE:
            n = FULL_TABLE[game_id]
            full = mid_game_cases(game, samples + len(LOCALES), counts=[n])
            print(f"\n  {game_id}: {len(full)} views of {n} players")
            for name, render in functions.items():
                metrics += report(f"{game_id}.{name} {n}p", bench_function(render, full), png_limit, p95_limit)
    return metrics


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=60, help="warm renders per function (default 60)")
    parser.add_argument("--also", nargs="*", default=[], help="game ids not in REGISTRY to include (games.<id>)")
    args = parser.parse_args(argv)
    metrics = run(args.samples, args.also)
    print_metrics("renderers summary", metrics)
    return metrics


if __name__ == "__main__":
    main()
