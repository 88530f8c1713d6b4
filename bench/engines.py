"""Benchmark every rules engine: the time of each `GAME.apply` in seeded random games.

Run:  .venv/bin/python -m bench.engines [--seconds 4] [--also polls]

For each game in `games.REGISTRY` (and each game id given with --also that is importable as
`games.<id>.GAME`), random games are played with every player count through
setup/to_act/legal_actions/apply, stamped with "at" like the bot stamps them, until --seconds of
playing have passed. Prints p50/p99 of `apply` (wall time and the thread's CPU time) against the
target (p99 ≤ 1 ms), and the length of a full game (actions and wall seconds, `to_act` and
`legal_actions` included): random play, and, for a game with a computer player (`games/<id>/ai.py`),
a few seeded games with the computer in every seat at the smallest table of 4 or more (or the
largest the game allows). Reports, never asserts.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter, defaultdict
from collections.abc import Sequence

import games
from bench._common import (
    Metric,
    PlayoutEnd,
    all_games,
    header,
    player_counts,
    print_metrics,
    random_playout,
    stats_line,
    summary_ms,
)
from games.core.protocol import Game
from games.core.rng import SeededRng

APPLY_P99_MS = 1.0
COMPUTER_GAMES = 3
COMPUTER_MAX_STEPS = 20_000


def bench_game(
    game: Game, seconds: float, max_games: int = 5000
) -> tuple[list[int], list[int], dict[str, list[int]], str, tuple[float, float]]:
    """Play seeded random games for about `seconds`: every apply's wall and CPU time, wall also by action type,
    and the mean length of a game (actions, wall seconds)."""
    samples: list[int] = []
    cpu: list[int] = []
    lengths: list[int] = []
    by_type: dict[str, list[int]] = defaultdict(list)
    ends: Counter[str] = Counter()
    counts = player_counts(game)
    started = time.perf_counter()
    played = 0
    for seed in itertools.count(1):
        if played >= max_games or time.perf_counter() - started >= seconds:
            break
        end = PlayoutEnd()
        for step in random_playout(game, counts[seed % len(counts)], seed, end=end):
            samples.append(step.apply_ns)
            cpu.append(step.apply_cpu_ns)
            by_type[str(step.action.get("type"))].append(step.apply_ns)
        played += 1
        lengths.append(end.steps)
        ends["finished" if end.finished else "stuck" if end.stuck else "step limit"] += 1
        if end.refused:
            ends["refused actions"] += end.refused
    elapsed = time.perf_counter() - started
    info = (
        f"{played} games ({', '.join(f'{v} {k}' for k, v in sorted(ends.items()))}), "
        f"{len(samples)} applies, {len(samples) / max(played, 1):.0f} per game, "
        f"players {counts[0]}-{counts[-1]}, {elapsed:.1f} s"
    )
    return samples, cpu, dict(by_type), info, (sum(lengths) / max(played, 1), elapsed / max(played, 1))


def computer_games(game: Game, count: int = COMPUTER_GAMES) -> tuple[float, float, int] | None:
    """Seeded full games with the game's computer player in every seat: mean actions, mean wall seconds,
    and how many ended; None when the game has no computer player."""
    found = games.descriptor_of(game.id)
    module = found.computer_module() if found is not None else None
    choose = getattr(module, "choose", None)
    if choose is None:
        return None
    n = max(game.min_players, min(4, game.max_players))
    actions: list[int] = []
    seconds: list[float] = []
    ended = 0
    for seed in range(count):
        started = time.perf_counter()
        state = game.setup(n, {}, SeededRng(seed, 0))
        steps = 0
        while steps < COMPUTER_MAX_STEPS and game.outcome(state) is None:
            acting = sorted(game.to_act(state))
            if acting:
                seat: int | None = acting[steps % len(acting)]
                action = choose(state, seat, SeededRng(seed, f"ai{steps}"))
            else:
                seat, action = None, next(iter(game.legal_actions(state, None)), None)
            if action is None:
                break
            steps += 1
            state = game.apply(state, seat, action, SeededRng(seed, steps))
        ended += game.outcome(state) is not None
        actions.append(steps)
        seconds.append(time.perf_counter() - started)
    return sum(actions) / count, sum(seconds) / count, ended


def run(seconds: float = 4.0, also: Sequence[str] = ()) -> list[Metric]:
    header("engines: GAME.apply in seeded random games")
    metrics: list[Metric] = []
    for game_id, game in all_games(also).items():
        samples, cpu, by_type, info, (random_actions, random_seconds) = bench_game(game, seconds)
        print(f"\n  {game_id}: {info}")
        print(stats_line("apply, wall time (all actions)", samples))
        print(stats_line("apply, CPU time of the thread", cpu))
        print("  wall time by action type:")
        for kind, values in sorted(by_type.items(), key=lambda kv: -summary_ms(kv[1])["p99"]):
            print(stats_line(f"  {kind}", values))
        wall, own = summary_ms(samples), summary_ms(cpu)
        note = f"{len(samples)} applies"
        metrics.append(Metric(f"{game_id}: apply p50 (wall)", wall["p50"], None, "ms"))
        metrics.append(Metric(f"{game_id}: apply p99 (wall)", wall["p99"], APPLY_P99_MS, "ms", note))
        metrics.append(Metric(f"{game_id}: apply p99 (CPU)", own["p99"], APPLY_P99_MS, "ms", "without preemption"))
        metrics.append(Metric(f"{game_id}: random full game", round(random_actions), None, "actions",
                              f"{random_seconds:.2f} s of wall time"))
        computer = computer_games(game)
        if computer is not None:
            mean_actions, mean_seconds, ended = computer
            print(f"  computer players in every seat: {mean_actions:.0f} actions, {mean_seconds:.2f} s per game"
                  f" ({ended}/{COMPUTER_GAMES} ended)")
            metrics.append(Metric(f"{game_id}: computer full game", round(mean_actions), None, "actions",
                                  f"{mean_seconds:.2f} s of wall time, {ended}/{COMPUTER_GAMES} ended"))
    print(
        "\n  wall = perf_counter around apply; CPU = thread_time around apply, which leaves out the time other"
        "\n  processes held the CPU. A wall p99 far above the CPU p99 means the machine was busy, not a slow engine."
    )
    return metrics


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=4.0, help="playing time per game (default 4)")
    parser.add_argument("--also", nargs="*", default=[], help="game ids not in REGISTRY to include (games.<id>)")
    args = parser.parse_args(argv)
    metrics = run(args.seconds, args.also)
    print_metrics("engines summary", metrics)
    return metrics


if __name__ == "__main__":
    main()
