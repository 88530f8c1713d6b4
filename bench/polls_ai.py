"""Benchmark the computer player of The Polls Are Closed!: win rates and think time.

Run:  .venv/bin/python -m bench.polls_ai [--games 200] [--workers 2] [--against random greedy]

The computer (`games.polls.ai.choose`) plays seeded games against a uniformly random legal player
and against the greedy one-ply player (`games.polls.ai.greedy_choose`: the best expected projected
seat margin right after each action). Game `i` uses seed `i`: the computer takes seat `i % 2` and
the first turn goes to seat `(i // 2) % 2`, so colours and the first move alternate. Prints wins,
draws (counted as not-wins) and losses, the mean and max think time per decision, and the totals
against the targets (≥ 90 % vs random, ≥ 60 % vs greedy, < 2 s a decision). Reports, never asserts.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench._ai import play_all
from bench._common import header
from games.core.rng import SeededRng
from games.polls.ai import choose, greedy_choose
from games.polls.engine import GAME

TARGETS = {"random": 0.90, "greedy": 0.60}
THINK_LIMIT_S = 2.0
MAX_STEPS = 5000  # far above a real game (about 300 actions): a stall shows up as a loss here


@dataclass
class GameResult:
    seed: int
    opponent: str
    ai_seat: int
    first: int
    result: str  # "win", "draw", "loss" or "stalled" for the computer
    seats: list[int]
    think_s: list[float] = field(default_factory=list)
    decisions: int = 0


def opponent_player(name: str, seed: int) -> Callable[[dict[str, Any], int], dict[str, Any] | None]:
    """The baseline player `name`, with its own seeded randomness for this game."""
    chooser = random.Random(f"opponent:{seed}")
    if name == "random":
        return lambda state, seat: chooser.choice(GAME.legal_actions(state, seat))
    if name == "greedy":
        return lambda state, seat: greedy_choose(state, seat, rng_seed=chooser.randrange(2**31))
    raise ValueError(f"unknown opponent {name!r}")


def play_game(job: tuple[int, str]) -> GameResult:
    """One seeded game of the computer against `opponent`."""
    seed, opponent = job
    ai_seat, first = seed % 2, (seed // 2) % 2
    other = opponent_player(opponent, seed)
    state = GAME.setup(2, {"first": first}, SeededRng(seed, 0))
    record = GameResult(seed, opponent, ai_seat, first, "stalled", [0, 0])
    for step in range(1, MAX_STEPS + 1):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        if seat == ai_seat:
            started = time.perf_counter()
            action = choose(state, seat, seed * 1000 + step)
            record.think_s.append(time.perf_counter() - started)
            record.decisions += 1
        else:
            action = other(state, seat)
        if action not in legal:
            record.result = "illegal"
            return record
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
    outcome = GAME.outcome(state)
    if outcome is None:
        return record
    record.seats = [int(outcome.scores[0]), int(outcome.scores[1])]
    record.result = "draw" if not outcome.winners else "win" if outcome.winners == [ai_seat] else "loss"
    return record


def report(opponent: str, results: list[GameResult]) -> dict[str, float]:
    n = len(results)
    count = {k: sum(r.result == k for r in results) for k in ("win", "draw", "loss", "stalled", "illegal")}
    think = [t for r in results for t in r.think_s]
    margins = [r.seats[r.ai_seat] - r.seats[1 - r.ai_seat] for r in results if r.result in ("win", "draw", "loss")]
    rate = count["win"] / n if n else 0.0
    mean_t = sum(think) / len(think) if think else 0.0
    max_t = max(think) if think else 0.0
    print(f"\nvs {opponent}: {n} games")
    print(f"  wins {count['win']}  draws {count['draw']}  losses {count['loss']}"
          f"  stalled {count['stalled']}  illegal {count['illegal']}")
    print(f"  win rate {rate:.1%} (target ≥ {TARGETS[opponent]:.0%})"
          f"  mean seat margin {sum(margins) / max(len(margins), 1):+.1f}")
    print(f"  decisions {len(think)}  think mean {mean_t * 1000:.1f} ms  max {max_t * 1000:.1f} ms")
    by_seat = {s: sum(r.result == "win" for r in results if r.ai_seat == s) for s in (0, 1)}
    by_first = {f: sum(r.result == "win" for r in results if (r.first == r.ai_seat) == f) for f in (True, False)}
    print(f"  wins as blue {by_seat[0]}, as red {by_seat[1]}; moving first {by_first[True]}, second {by_first[False]}")
    return {"rate": rate, "mean": mean_t, "max": max_t, "n": n}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games against each opponent")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=2, help="processes (1 = no multiprocessing)")
    parser.add_argument("--against", nargs="+", default=["random", "greedy"], choices=sorted(TARGETS))
    args = parser.parse_args(argv)
    header("The Polls Are Closed! computer player")
    started = time.perf_counter()
    summary: dict[str, dict[str, float]] = {}
    for opponent in args.against:
        jobs = [(seed, opponent) for seed in range(args.start, args.start + args.games)]
        results = play_all(play_game, jobs, args.workers)
        results.sort(key=lambda r: r.seed)
        summary[opponent] = report(opponent, results)
    print(f"\nTotals ({time.perf_counter() - started:.0f} s of wall time, {args.workers} worker(s))")
    worst = 0.0
    for opponent, s in summary.items():
        verdict = "OK" if s["rate"] >= TARGETS[opponent] else "below"
        print(f"  win rate vs {opponent:<7} {s['rate']:6.1%} over {int(s['n'])} games"
              f"  target ≥ {TARGETS[opponent]:.0%}  {verdict}")
        worst = max(worst, s["max"])
    think_n = sum(s["n"] for s in summary.values())
    if think_n:
        verdict = "OK" if worst < THINK_LIMIT_S else "over"
        print(f"  max think time   {worst * 1000:7.1f} ms  target < {THINK_LIMIT_S:.0f} s  {verdict}")


if __name__ == "__main__":
    main()
