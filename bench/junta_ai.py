"""Benchmark the computer family of Junta: game length, coups, money, think time, and its results
against random legal players.

Run:  .venv/bin/python -m bench.junta_ai [--games 200] [--workers 2] [--parts computer mixed random]

Three parts, each over seeded games (game `i` uses seed `i` for the deal, the aid deck and the dice):

* `computer`: every seat a computer family, 4 to 7 players (seed `i` plays `4 + i % 4`);
* `random`: every seat a uniformly random legal player, the same tables (the baseline length);
* `mixed`: 5 players, one computer family (in seat `i % 5`) against four random legal players.
  Target: the computer ends with the richest Swiss account (alone or shared) in ≥ 50 % of games.

For each part it prints how games ended, their length (actions, turns, wall seconds), coups per game,
whether the 96 banknotes were whole after every action, and the computer's think time per decision.
Several seats may be asked at once (card windows, locations, banking): the driver picks one of them
at random each step. Random players pick uniformly among every action listed for them (gifts and
card plays included). Prints numbers; never asserts.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench._ai import mean, play_all, think_line, think_stats
from bench._common import header
from games.core.protocol import IllegalAction
from games.core.rng import SeededRng
from games.junta import GAME
from games.junta.ai import choose, random_choose
from games.junta.cards import NOTE_COUNT

MAX_STEPS = 20_000  # far above a game (about 1,000 actions): a stall shows here
RICHEST_TARGET = 0.50
THINK_P99_S = 0.5
PARTS = ("computer", "random", "mixed")


@dataclass
class GameResult:
    seed: int
    part: str
    n: int
    computers: list[int]
    reason: str = "stalled"
    actions: int = 0
    turns: int = 0
    coups: int = 0
    rebel_wins: int = 0
    seconds: float = 0.0
    conserved: bool = True
    richest: bool = False  # a computer seat holds the richest account (alone or shared)
    alone: bool = False  # ... alone
    illegal: str = ""
    think_s: list[float] = field(default_factory=list)


def _notes(state: dict[str, Any]) -> int:
    return (sum(len(m) for m in state["money"]) + sum(len(a) for a in state["accounts"])
            + len(state["aid_down"]) + len(state["aid_up"]))


def table(part: str, seed: int) -> tuple[int, list[int]]:
    """The player count and the computer seats of a part's seeded game."""
    if part == "mixed":
        return 5, [seed % 5]
    n = 4 + seed % 4
    return n, list(range(n)) if part == "computer" else []


def play_game(job: tuple[int, str]) -> GameResult:
    seed, part = job
    n, computers = table(part, seed)
    record = GameResult(seed, part, n, computers)
    driver = random.Random(f"junta-bench:{seed}")
    started = time.perf_counter()
    state = GAME.setup(n, {}, SeededRng(seed, 0))
    for step in range(1, MAX_STEPS + 1):
        if GAME.outcome(state) is not None:
            break
        acting = sorted(GAME.to_act(state))
        if not acting:
            record.reason = "stuck"
            break
        seat = driver.choice(acting)
        if seat in computers:
            clock = time.perf_counter()
            action = choose(state, seat, SeededRng(seed, f"ai{step}"))
            record.think_s.append(time.perf_counter() - clock)
        else:
            action = random_choose(state, seat, driver.randrange(2**31))
        if action is None:
            record.reason, record.illegal = "illegal", f"seat {seat} had nothing to do at step {step}"
            break
        try:
            after = GAME.apply(state, seat, action, SeededRng(seed, step))
        except IllegalAction as refusal:
            record.reason, record.illegal = "illegal", f"step {step}, seat {seat}: {action} refused: {refusal}"
            break
        if state["coup"] is None and after["coup"] is not None:
            record.coups += 1
        if after["coup"] is not None and after["coup"]["over"] and not (state["coup"] or {}).get("over"):
            record.rebel_wins += after["coup"]["winner"] == "rebels"
        state = after
        record.actions = step
        record.conserved &= _notes(state) == NOTE_COUNT
    record.seconds = time.perf_counter() - started
    record.turns = state["turn"]
    outcome = GAME.outcome(state)
    if outcome is not None:
        record.reason = outcome.reason
        totals = [sum(a) for a in state["accounts"]]
        top = max(totals)
        record.richest = any(totals[x] == top for x in computers)
        record.alone = record.richest and sum(t == top for t in totals) == 1
    return record


def report(part: str, results: list[GameResult]) -> dict[str, float]:
    finished = [r for r in results if r.reason not in ("stalled", "stuck", "illegal")]
    print(f"\n{part}: {len(results)} games")
    print("  ended by: " + ", ".join(f"{k} {v}" for k, v in Counter(r.reason for r in results).most_common()))
    for r in results:
        if r.illegal:
            print(f"    seed {r.seed}: {r.illegal}")
    for n in sorted({r.n for r in finished}):
        some = [r for r in finished if r.n == n]
        print(f"  {n} players ({len(some)} games): actions mean {mean([r.actions for r in some]):.0f}"
              f" max {max(r.actions for r in some)}; turns mean {mean([r.turns for r in some]):.1f};"
              f" coups per game {mean([r.coups for r in some]):.2f}"
              f" (rebels won {mean([r.rebel_wins for r in some]):.2f});"
              f" seconds mean {mean([r.seconds for r in some]):.2f}"
              f" max {max(r.seconds for r in some):.2f}")
    print(f"  all: actions mean {mean([r.actions for r in finished]):.0f}, turns mean"
          f" {mean([r.turns for r in finished]):.1f}, coups per game {mean([r.coups for r in finished]):.2f},"
          f" seconds per game mean {mean([r.seconds for r in finished]):.2f}")
    broken = [r.seed for r in results if not r.conserved]
    print(f"  money conserved (96 notes after every action): {broken if broken else 'yes, every game'}")
    think = [t for r in results for t in r.think_s]
    if think:
        print(f"  computer think time, {think_line(think)}")
    summary = {"games": float(len(results)), "seconds": mean([r.seconds for r in finished]),
               "actions": mean([float(r.actions) for r in finished]), **think_stats(think)}
    if part == "mixed":
        rate = sum(r.richest for r in results) / max(1, len(results))
        alone = sum(r.alone for r in results) / max(1, len(results))
        verdict = "OK" if rate >= RICHEST_TARGET else "below"
        print(f"  the computer's account is the richest in {rate:.1%} of games (alone {alone:.1%});"
              f" target ≥ {RICHEST_TARGET:.0%}: {verdict}")
        summary["richest"] = rate
    return summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per part")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=2, help="processes (1 = no multiprocessing)")
    parser.add_argument("--parts", nargs="+", default=list(PARTS), choices=PARTS)
    args = parser.parse_args(argv)
    header("Junta computer family")
    started = time.perf_counter()
    summaries: dict[str, dict[str, float]] = {}
    for part in args.parts:
        jobs = [(seed, part) for seed in range(args.start, args.start + args.games)]
        results = play_all(play_game, jobs, args.workers,
                           lambda done: f"{sum(r.reason == 'aid_exhausted' for r in done)} ended normally")
        results.sort(key=lambda r: r.seed)
        summaries[part] = report(part, results)
    print(f"\nTotals ({time.perf_counter() - started:.0f} s of wall time, {args.workers} worker(s))")
    for part, s in summaries.items():
        line = f"  {part:<8} a game: {s['actions']:.0f} actions, {s['seconds']:.2f} s"
        if s["max"]:
            verdict = "OK" if s["p99"] <= THINK_P99_S else "over"
            line += f"; think p99 {s['p99'] * 1000:.1f} ms (target ≤ {THINK_P99_S * 1000:.0f} ms: {verdict})"
        if "richest" in s:
            line += f"; richest account {s['richest']:.1%} (target ≥ {RICHEST_TARGET:.0%})"
        print(line)


if __name__ == "__main__":
    main()
