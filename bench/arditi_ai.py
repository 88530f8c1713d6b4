"""Benchmark the computer player of Arditi del Popolo: win rates, margins, game length, think time.

Run:  .venv/bin/python -m bench.arditi_ai [--games 200] [--workers 2] [--against random greedy]
                                          [--max-rounds N] [--tables 2 3 4 5 6] [--table-games 20]
                                          [--police-return-draws]

The computer (`games.arditi.ai.choose`) plays seeded 2-player games against a uniformly random
legal player and against the greedy one-step player (`games.arditi.ai.greedy_choose`: the action
with the best immediate score margin, so it jumps and attacks whenever it can). Game `i` uses seed
`i`: the computer takes seat `i % 2` and the first move goes to seat `(i // 2) % 2`, so seats and
the first player alternate. A shared win (equal score and captures) is reported on its own and
counted as not won in the win rate (the "points" rate counts it as half). Prints wins, shared wins
and losses, the mean score margin, game length (rounds and actions) and why games ended, the think
time per decision of the computer (mean, p99, max; every decision, "roll" included, and separately
the step decisions that search), and the totals against the targets (win ≥ 80 % vs random, ≥ 60 %
vs greedy, think time p99 ≤ 0.5 s).

How games end: `--table-games` seeded games at each table size of `--tables` (2 to 6 by default),
every seat played by the computer, report the end reasons per table size: the seed's two ends (the
bag running out, a march of 12 militants) against the safety nets (a round without a step, the round
cap), with the target of at least 90 % by the seed's ends; also rounds, captures, clashes, arrests,
the turns that found a march boxed in, and the numbers left in the bag. By the rules the police's
numbers stay out of the bag; `--police-return-draws` plays these games with the house rule that puts
them back. Reports, never asserts.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench._ai import mean, p99, play_all
from bench._common import header
from games.arditi.ai import choose, greedy_choose
from games.arditi.engine import GAME
from games.core.rng import SeededRng

TARGETS = {"random": 0.80, "greedy": 0.60}
THINK_P99_S = 0.5
SEED_ENDS = ("bag_empty", "twelve_militants")  # how the rulebook ends a game
SAFETY_NETS = ("no_steps", "max_rounds")  # the engine's own ends for a table that would not finish
SEED_END_TARGET = 0.90
MAX_STEPS = 20_000  # far above a real game (at most 60 rounds of about 8 actions): a stall shows here


@dataclass
class GameResult:
    seed: int
    opponent: str
    ai_seat: int
    first: int
    result: str  # "win", "shared", "loss", "stalled" or "illegal" for the computer
    scores: list[float] = field(default_factory=lambda: [0.0, 0.0])
    reason: str = ""
    rounds: int = 0
    actions: int = 0
    think_s: list[float] = field(default_factory=list)  # every decision of the computer
    search_s: list[float] = field(default_factory=list)  # decisions with more than one legal action


def opponent_player(name: str, seed: int) -> Callable[[dict[str, Any], int], dict[str, Any] | None]:
    """The baseline player `name`, with its own seeded randomness for this game."""
    chooser = random.Random(f"opponent:{seed}")
    if name == "random":
        return lambda state, seat: chooser.choice(GAME.legal_actions(state, seat))
    if name == "greedy":
        return lambda state, seat: greedy_choose(state, seat, chooser.randrange(2**31))
    raise ValueError(f"unknown opponent {name!r}")


def play_game(job: tuple[int, str, int | None]) -> GameResult:
    """One seeded game of the computer against `opponent`."""
    seed, opponent, max_rounds = job
    ai_seat, first = seed % 2, (seed // 2) % 2
    other = opponent_player(opponent, seed)
    options: dict[str, Any] = {"first": first}
    if max_rounds is not None:
        options["max_rounds"] = max_rounds
    state = GAME.setup(2, options, SeededRng(seed, 0))
    record = GameResult(seed, opponent, ai_seat, first, "stalled")
    for step in range(1, MAX_STEPS + 1):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        if seat == ai_seat:
            started = time.perf_counter()
            action = choose(state, seat, seed * 100_000 + step)
            spent = time.perf_counter() - started
            record.think_s.append(spent)
            if len(legal) > 1:
                record.search_s.append(spent)
        else:
            action = other(state, seat)
        if action not in legal:
            record.result = "illegal"
            return record
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        record.actions = step
    record.rounds = state["round"]
    outcome = GAME.outcome(state)
    if outcome is None:
        return record
    record.scores = [outcome.scores[0], outcome.scores[1]]
    record.reason = outcome.reason
    record.result = ("win" if outcome.winners == [ai_seat] else "shared" if ai_seat in outcome.winners
                     else "loss")
    return record


def report(opponent: str, results: list[GameResult]) -> dict[str, float]:
    n = len(results)
    count = {k: sum(r.result == k for r in results) for k in ("win", "shared", "loss", "stalled", "illegal")}
    finished = [r for r in results if r.result in ("win", "shared", "loss")]
    margins = [r.scores[r.ai_seat] - r.scores[1 - r.ai_seat] for r in finished]
    think = [t for r in results for t in r.think_s]
    search = [t for r in results for t in r.search_s]
    rate = count["win"] / n if n else 0.0
    points = (count["win"] + count["shared"] / 2) / n if n else 0.0
    print(f"\nvs {opponent}: {n} games")
    print(f"  wins {count['win']}  shared {count['shared']}  losses {count['loss']}"
          f"  stalled {count['stalled']}  illegal {count['illegal']}")
    print(f"  win rate {rate:.1%} (target ≥ {TARGETS[opponent]:.0%}; shared wins not counted)"
          f"  points rate {points:.1%} (shared = ½)")
    print(f"  mean score margin {mean(margins):+.1f}  (computer {mean([r.scores[r.ai_seat] for r in finished]):.1f}"
          f", opponent {mean([r.scores[1 - r.ai_seat] for r in finished]):.1f})")
    rounds = [float(r.rounds) for r in finished]
    actions = [float(r.actions) for r in finished]
    print(f"  game length: rounds mean {mean(rounds):.1f} max {max(rounds, default=0):.0f};"
          f" actions mean {mean(actions):.0f} max {max(actions, default=0):.0f}")
    reasons = Counter(r.reason for r in finished)
    print("  ended by: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    print(f"  think time, all {len(think)} decisions: mean {mean(think) * 1000:.1f} ms"
          f"  p99 {p99(think) * 1000:.1f} ms  max {max(think, default=0) * 1000:.1f} ms")
    print(f"  think time, {len(search)} decisions with a choice: mean {mean(search) * 1000:.1f} ms"
          f"  p99 {p99(search) * 1000:.1f} ms  max {max(search, default=0) * 1000:.1f} ms")
    lost = [r.seed for r in results if r.result not in ("win", "shared")]
    if lost:
        print(f"  seeds not won: {' '.join(map(str, lost[:30]))}{' …' if len(lost) > 30 else ''}")
    by_seat = {s: sum(r.result == "win" for r in results if r.ai_seat == s) for s in (0, 1)}
    by_first = {f: sum(r.result == "win" for r in results if (r.first == r.ai_seat) == f) for f in (True, False)}
    print(f"  wins in seat 0 {by_seat[0]}, seat 1 {by_seat[1]};"
          f" moving first {by_first[True]}, second {by_first[False]}")
    return {"rate": rate, "n": n, "p99": p99(think), "mean": mean(think),
            "max": max(think, default=0.0)}


@dataclass
class TableResult:
    """One game with the computer in every seat."""

    players: int
    seed: int
    reason: str = "stalled"
    rounds: int = 0
    bag: int = 0  # numbers still in the bag at the end
    counts: dict[str, int] = field(default_factory=dict)  # log events of interest


COUNTED = ("recruited", "clash", "arrest", "boxed_in")


def play_table(job: tuple[int, int, int | None, bool]) -> TableResult:
    """One seeded game of `players` computers."""
    players, seed, max_rounds, return_draws = job
    options: dict[str, Any] = {"police_return_draws": return_draws}
    if max_rounds is not None:
        options["max_rounds"] = max_rounds
    state = GAME.setup(players, options, SeededRng(seed, 0))
    record = TableResult(players, seed, counts=dict.fromkeys(COUNTED, 0))
    seen = state["log_count"]
    for step in range(1, MAX_STEPS * players + 1):
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.to_act(state)
        action = choose(state, seat, seed * 100_000 + step)
        assert action is not None  # the seat to act always has a legal action
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        for event in state["log"]:
            if event["id"] > seen and event["type"] in record.counts:
                record.counts[event["type"]] += 1
        seen = state["log_count"]
    outcome = GAME.outcome(state)
    record.rounds, record.bag = state["round"], len(state["bag"])
    if outcome is not None:
        record.reason = outcome.reason
    return record


def report_tables(results: list[TableResult], return_draws: bool) -> dict[int, float]:
    """End reasons per table size; returns the share of seed ends per size."""
    rules = "house rule: police draws put back" if return_draws else "the rules: police draws kept out of the bag"
    print(f"\nHow games end, every seat played by the computer ({rules})")
    print(f"  {'players':>7}  {'games':>5}  {'bag':>4}  {'12':>4}  {'no step':>7}  {'cap':>4}  {'stalled':>7}"
          f"  {'seed ends':>9}  rounds  captures  clashes  arrests  boxed  bag left")
    shares = {}
    for players in sorted({r.players for r in results}):
        mine = [r for r in results if r.players == players]
        reasons = Counter(r.reason for r in mine)
        share = sum(reasons[k] for k in SEED_ENDS) / len(mine)
        shares[players] = share

        def avg(key: str, rows: list[TableResult] = mine) -> float:
            return mean([float(r.counts[key]) for r in rows])

        print(f"  {players:>7}  {len(mine):>5}  {reasons['bag_empty']:>4}  {reasons['twelve_militants']:>4}"
              f"  {reasons['no_steps']:>7}  {reasons['max_rounds']:>4}  {reasons['stalled']:>7}  {share:>9.0%}"
              f"  {mean([float(r.rounds) for r in mine]):>6.1f}  {avg('recruited'):>8.1f}  {avg('clash'):>7.1f}"
              f"  {avg('arrest'):>7.1f}  {avg('boxed_in'):>5.1f}  {mean([float(r.bag) for r in mine]):>8.1f}")
    return shares


def won(done: list[GameResult]) -> str:
    return f"vs {done[-1].opponent}, {sum(r.result == 'win' for r in done)} won"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games against each opponent")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=2, help="processes (1 = no multiprocessing)")
    parser.add_argument("--against", nargs="*", default=["random", "greedy"], choices=sorted(TARGETS))
    parser.add_argument("--max-rounds", type=int, default=None,
                        help="cap on rounds per game (default: the game's own, 60)")
    parser.add_argument("--tables", nargs="*", type=int, default=[2, 3, 4, 5, 6],
                        help="table sizes of the computer-only games (none: skip them)")
    parser.add_argument("--table-games", type=int, default=20, help="computer-only games per table size")
    parser.add_argument("--police-return-draws", action="store_true",
                        help="the computer-only games with the house rule that puts the police's numbers back")
    args = parser.parse_args(argv)
    header("Arditi del Popolo computer player")
    print(f"   {args.games} games against each of {', '.join(args.against)}; {args.workers} worker(s);"
          f" max rounds {args.max_rounds or 'the game default'}")
    started = time.perf_counter()
    summary: dict[str, dict[str, float]] = {}
    all_think: list[float] = []
    for opponent in args.against:
        jobs = [(seed, opponent, args.max_rounds) for seed in range(args.start, args.start + args.games)]
        results = play_all(play_game, jobs, args.workers, won)
        results.sort(key=lambda r: r.seed)
        summary[opponent] = report(opponent, results)
        all_think += [t for r in results for t in r.think_s]
    shares: dict[int, float] = {}
    if args.tables and args.table_games > 0:
        jobs_t = [(players, seed, args.max_rounds, args.police_return_draws) for players in args.tables
                  for seed in range(args.start, args.start + args.table_games)]
        tables = play_all(play_table, jobs_t, args.workers,
                          lambda done: f"{sum(r.reason in SEED_ENDS for r in done)} by the seed's ends")
        shares = report_tables(tables, args.police_return_draws)
    print(f"\nTotals ({time.perf_counter() - started:.0f} s of wall time, {args.workers} worker(s))")
    for opponent, s in summary.items():
        verdict = "OK" if s["rate"] >= TARGETS[opponent] else "below"
        print(f"  win rate vs {opponent:<7} {s['rate']:6.1%} over {int(s['n'])} games"
              f"  target ≥ {TARGETS[opponent]:.0%}  {verdict}")
    for players, share in shares.items():
        verdict = "OK" if share >= SEED_END_TARGET else "below"
        print(f"  ended by the bag or a march of 12, {players} players  {share:6.1%}"
              f"  target ≥ {SEED_END_TARGET:.0%}  {verdict}")
    if all_think:
        top = p99(all_think)
        verdict = "OK" if top <= THINK_P99_S else "over"
        print(f"  think time p99  {top * 1000:7.1f} ms  target ≤ {THINK_P99_S * 1000:.0f} ms  {verdict}"
              f"  (mean {mean(all_think) * 1000:.1f} ms, max {max(all_think) * 1000:.1f} ms,"
              f" {len(all_think)} decisions)")


if __name__ == "__main__":
    main()
