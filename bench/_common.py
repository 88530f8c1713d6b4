"""Shared pieces of the benchmarks: percentiles, the metric rows of the summary, random playouts.

Not a benchmark itself; the runnable scripts are `python -m bench.<engines|renderers|store|bot_load>`
and `python -m bench` (all of them, then one summary table).
"""

from __future__ import annotations

import importlib
import math
import os
import platform
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import games
from games.core.playout import QUIT_TYPES as QUIT_TYPES  # re-exported for the benchmarks
from games.core.playout import START_AT as START_AT
from games.core.playout import PlayoutError, play
from games.core.protocol import Game, IllegalAction
from games.core.rng import SeededRng

# Actions that take a player out of the game (QUIT_TYPES): a random playout does them only rarely, or
# every game would end after a few moves with "too few players".
QUIT_PROBABILITY = 0.003


# --- statistics ---------------------------------------------------------------------------------


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) with linear interpolation between closest ranks; nan if empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    if len(ordered) == 1:
        return float(ordered[0])
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (rank - low))


def summary_ms(samples_ns: Sequence[int]) -> dict[str, float]:
    """p50/p95/p99/max/mean in milliseconds of nanosecond samples."""
    ms = [s / 1e6 for s in samples_ns]
    return {
        "n": float(len(ms)),
        "p50": percentile(ms, 50),
        "p95": percentile(ms, 95),
        "p99": percentile(ms, 99),
        "max": max(ms) if ms else math.nan,
        "mean": sum(ms) / len(ms) if ms else math.nan,
    }


def fmt_ms(value: float) -> str:
    if math.isnan(value):
        return "n/a"
    if value < 0.1:
        return f"{value * 1000:.1f} µs"
    if value < 10:
        return f"{value:.2f} ms"
    return f"{value:.1f} ms"


def stats_line(label: str, samples_ns: Sequence[int]) -> str:
    s = summary_ms(samples_ns)
    return (
        f"  {label:<44} n={int(s['n']):>6}  p50={fmt_ms(s['p50']):>9}  p95={fmt_ms(s['p95']):>9}"
        f"  p99={fmt_ms(s['p99']):>9}  max={fmt_ms(s['max']):>9}"
    )


# --- the summary table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Metric:
    """One measured number against its target (lower is better); `limit` is None for information only."""

    name: str
    value: float
    limit: float | None
    unit: str
    note: str = ""

    @property
    def verdict(self) -> str:
        if self.limit is None:
            return "info"
        if math.isnan(self.value):
            return "n/a"
        return "OK" if self.value <= self.limit else "over"

    def measured(self) -> str:
        return fmt_value(self.value, self.unit)

    def target(self) -> str:
        return "—" if self.limit is None else f"≤ {fmt_value(self.limit, self.unit)}"


def fmt_value(value: float, unit: str) -> str:
    if math.isnan(value):
        return "n/a"
    if unit == "ms":
        return fmt_ms(value)
    if unit == "KiB":
        return f"{value:.1f} KiB"
    return f"{value:g} {unit}".strip()


def print_metrics(title: str, metrics: Sequence[Metric]) -> None:
    """The summary table: metric, measured, target, OK/over."""
    rows = [(m.name, m.measured(), m.target(), m.verdict, m.note) for m in metrics]
    heads = ("metric", "measured", "target", "result", "")
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(heads)]
    print(f"\n{title}")
    line = "  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip()
    print(line)
    print("-" * len(line))
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


def machine() -> str:
    return (
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} CPUs ({platform.processor() or 'unknown CPU'})"
    )


def load_average() -> str:
    try:
        one, five, _fifteen = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f} (1 min) {five:.2f} (5 min) on {os.cpu_count()} CPUs"


def header(title: str) -> None:
    print(f"== {title} ==")
    print(f"   {machine()}; {load_average()}")


# --- games ------------------------------------------------------------------------------------------


def all_games(extra: Sequence[str] = ()) -> dict[str, Game]:
    """`games.REGISTRY`, plus the `extra` ids importable as `games.<id>.GAME` but not registered yet."""
    found: dict[str, Game] = dict(games.REGISTRY)
    for game_id in extra:
        if game_id in found:
            continue
        try:
            module = importlib.import_module(f"games.{game_id}")
        except ImportError as exc:
            print(f"   (games.{game_id} cannot be imported: {exc})", file=sys.stderr)
            continue
        game = getattr(module, "GAME", None)
        if game is not None:
            found[game_id] = game
    return found


def player_counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


@dataclass
class Step:
    """One applied action of a random playout and what it cost."""

    before: Any
    seat: int | None
    action: dict[str, Any]
    after: Any
    apply_ns: int
    apply_cpu_ns: int
    index: int


@dataclass
class PlayoutEnd:
    steps: int = 0
    refused: int = 0
    finished: bool = False
    stuck: bool = False


def random_playout(
    game: Game, n_players: int, seed: int, *, options: dict[str, Any] | None = None,
    max_steps: int = 4000, end: PlayoutEnd | None = None,
) -> Iterator[Step]:
    """One seeded random game (games/core/playout.py: the game master's automatic steps and time-outs
    as a table plays them, quitting only rarely, every action stamped), then each of its actions
    applied again to its state before, timed.

    `end` tells how it went: `stuck` if the game broke the contract (nothing is yielded then),
    `refused` counts the logged actions the engine refused when applied again (a nondeterministic engine).
    """
    end = end if end is not None else PlayoutEnd()
    try:
        played = play(game, n_players, dict(options or {}), seed, chooser=SeededRng(f"bench:{game.id}", seed),
                      start=START_AT, quit_odds=QUIT_PROBABILITY, max_actions=max_steps, check_inputs=False,
                      partial=True)
    except PlayoutError:
        end.stuck = True
        return
    before = played.states[0]
    for (seq, seat, action, _at), after in zip(played.actions, played.states[1:], strict=True):
        rng = SeededRng(seed, seq)
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        try:
            game.apply(before, seat, action, rng)
        except IllegalAction:
            end.refused += 1
            continue
        finally:
            elapsed_cpu, elapsed = time.thread_time_ns() - start_cpu, time.perf_counter_ns() - start
        yield Step(before, seat, action, after, elapsed, elapsed_cpu, seq)
        before = after
        end.steps = seq
    end.finished = played.outcome is not None


def playout_states(game: Game, n_players: int, seed: int, **kwargs: Any) -> list[Any]:
    """Every state of one random playout, the set-up state first."""
    states: list[Any] = []
    for step in random_playout(game, n_players, seed, **kwargs):
        if not states:
            states.append(step.before)
        states.append(step.after)
    return states


# Realistic Discord display names: short and long, accents, emoji, other scripts.
NAMES = [
    "barbara", "Federico Tommasini", "gianni 🎲", "Sabrina Müller-Lüdenscheidt", "olga", "xX_SpyHunter_Xx",
    "Núria", "Jordi Puigdemont i Casamajó", "ΑλέξανδροςK", "李小龍", "Zoë", "el_profe_de_historia_2009",
]


def names_for(n_players: int, salt: int = 0) -> list[str]:
    return [NAMES[(salt + i * 5) % len(NAMES)] for i in range(n_players)]
