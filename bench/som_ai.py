"""Benchmark the computer player of Som el que decidim!: referendum rates, game length, think time.

Run:  .venv/bin/python -m bench.som_ai [--games 200] [--workers 2] [--players 1 2 3 4]
                                       [--modes A B C A+C] [--degrees medium high intense]
                                       [--policies computer random]

Every seat of a table is played by the same policy: the computer (`games.som.ai.choose`) or the
baseline (`games.som.ai.random_choose`, a uniformly random legal action). Each configuration
(mode × centralism degree × player count; a lone player plays modes A and B at high and intense
only) is played over the same seeded games by both policies: game `i` uses seed `i` for the deal,
the board and the dice, so both policies meet the same tables. The degree is forced by giving the
`choose_centralism` action for the table; every other decision, `place_start` included, is the
policy's own. For each configuration it prints how often the referendum is held, the Generalitat
is intervened and a DUI is declared, the mean game length in turns, and the computer's think time
per decision (mean, p99, max), then the totals per mode, per degree and per player count, and the
referendum rates against their targets (at 2 players, mode A, medium: the computer ≥ 35 %, random play
≤ 10 %; in every configuration, the computer above random play). Prints numbers; never asserts.
The whole run (40 configurations, 200 games each, both policies) takes about 35 minutes on 2 cores;
`--players`, `--modes` and `--degrees` pick a part of it (`--players 2 --modes A --degrees medium
--games 20` is the reference table the test suite measured until issue 23: about a minute).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench._ai import mean, p99, play_all
from bench._common import header
from games.core.rng import SeededRng
from games.som.ai import choose, random_choose
from games.som.engine import GAME

MODES = ("A", "B", "C", "A+C")
DEGREES = ("medium", "high", "intense")
REASONS = ("referendum", "intervened", "dui")
MAX_STEPS = 20_000  # far above a real game (a few hundred actions): a stall shows here
THINK_P99_S = 0.5
# The reference table (2 players, mode A, medium centralism): the computer holds the referendum in at least
# 35 % of games, random play in at most 10 % (the measurement the test suite made on 20 seeds until issue 23).
REFERENCE = (2, "A", "medium")
REFERENDUM_TARGETS = {"computer": 0.35, "random": 0.10}


@dataclass(frozen=True)
class Config:
    players: int
    mode: str
    degree: str

    @property
    def label(self) -> str:
        return f"{self.players}p {self.mode:<3} {self.degree:<7}"


@dataclass
class GameResult:
    seed: int
    config: Config
    policy: str
    reason: str = "stalled"  # referendum | intervened | dui | stalled | illegal
    turns: int = 0
    actions: int = 0
    think_s: list[float] = field(default_factory=list)


def configs(players: list[int], modes: list[str], degrees: list[str]) -> list[Config]:
    """Every playable configuration among those asked for (alone: modes A and B, not medium)."""
    found = []
    for n in players:
        for mode in modes:
            for degree in degrees:
                if n == 1 and (mode not in ("A", "B") or degree == "medium"):
                    continue
                found.append(Config(n, mode, degree))
    return found


def play_game(job: tuple[int, Config, str]) -> GameResult:
    """One seeded game of `policy` in every seat."""
    seed, config, policy = job
    record = GameResult(seed, config, policy)
    chooser = random.Random(f"som-bench:{seed}")
    state = GAME.setup(config.players, {"mode": config.mode}, SeededRng(seed, 0))
    for step in range(1, MAX_STEPS + 1):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action: dict[str, Any] | None
        if legal[0]["type"] == "choose_centralism":
            action = {"type": "choose_centralism", "degree": config.degree}
        elif policy == "computer":
            started = time.perf_counter()
            action = choose(state, seat, SeededRng(seed, step))
            record.think_s.append(time.perf_counter() - started)
        else:
            action = random_choose(state, seat, chooser.randrange(2**31))
        if action is None:
            record.reason = "illegal"
            return record
        if action not in legal and not _accepted(state, seat, action):
            record.reason = "illegal"
            return record
        state = GAME.apply(state, seat, action, SeededRng(seed, step))
        record.actions = step
    record.turns = state["turn"]
    outcome = GAME.outcome(state)
    if outcome is not None:
        record.reason = outcome.reason
    return record


def _accepted(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """An action outside the listed representatives (a redistribution of the computer's own making)."""
    if action.get("type") != "redistribute":
        return False
    try:
        GAME.apply(state, seat, action, SeededRng("check", 0))
    except Exception:
        return False
    return True


def _rates(results: list[GameResult]) -> dict[str, float]:
    n = len(results) or 1
    count = Counter(r.reason for r in results)
    return {k: count[k] / n for k in (*REASONS, "stalled", "illegal")}


def _row(label: str, computer: list[GameResult], baseline: list[GameResult]) -> str:
    c, b = _rates(computer), _rates(baseline)
    think = [t for r in computer for t in r.think_s]
    odd = sum(r.reason in ("stalled", "illegal") for r in computer + baseline)
    return (f"  {label:<20} {len(computer):>5} {c['referendum']:>6.1%} {b['referendum']:>6.1%}"
            f"  {c['intervened']:>6.1%} {b['intervened']:>6.1%}  {c['dui']:>5.1%} {b['dui']:>5.1%}"
            f"  {mean([float(r.turns) for r in computer]):>5.1f} {mean([float(r.turns) for r in baseline]):>5.1f}"
            f"  {mean(think) * 1000:>6.2f} {p99(think) * 1000:>7.2f} {max(think, default=0) * 1000:>7.1f}"
            + (f"  ({odd} stalled/illegal)" if odd else ""))


HEAD = (f"  {'configuration':<20} {'games':>5} {'referendum':>13}  {'intervened':>13}  {'DUI':>11}"
        f"  {'turns':>11}  {'think ms: mean':>14} {'p99':>7} {'max':>7}\n"
        f"  {'':<20} {'':>5} {'comp':>6} {'rand':>6}  {'comp':>6} {'rand':>6}  {'comp':>5} {'rand':>5}"
        f"  {'comp':>5} {'rand':>5}")


def report(results: list[GameResult], cfgs: list[Config]) -> None:
    by: dict[tuple[Config, str], list[GameResult]] = {}
    for r in results:
        by.setdefault((r.config, r.policy), []).append(r)
    print("\nPer configuration (comp = computer seats, rand = uniformly random legal play)")
    print(HEAD)
    for cfg in cfgs:
        print(_row(cfg.label, by.get((cfg, "computer"), []), by.get((cfg, "random"), [])))

    def group(title: str, key: Any, values: list[Any]) -> None:
        print(f"\nBy {title}")
        print(HEAD)
        for value in values:
            comp = [r for r in results if r.policy == "computer" and key(r.config) == value]
            rand = [r for r in results if r.policy == "random" and key(r.config) == value]
            if comp or rand:
                print(_row(str(value), comp, rand))

    group("mode", lambda c: c.mode, list(MODES))
    group("degree", lambda c: c.degree, list(DEGREES))
    def players(n: int) -> str:
        return "1 player" if n == 1 else f"{n} players"

    group("player count", lambda c: players(c.players), [players(n) for n in range(1, 5)])
    comp = [r for r in results if r.policy == "computer"]
    rand = [r for r in results if r.policy == "random"]
    print("\nAll configurations")
    print(HEAD)
    print(_row("all", comp, rand))
    targets(by, cfgs)
    think = [t for r in comp for t in r.think_s]
    if think:
        top = p99(think)
        verdict = "OK" if top <= THINK_P99_S else "over"
        print(f"\n  think time over {len(think)} decisions: mean {mean(think) * 1000:.2f} ms,"
              f" p99 {top * 1000:.2f} ms (target ≤ {THINK_P99_S * 1000:.0f} ms: {verdict}),"
              f" max {max(think) * 1000:.1f} ms")


def targets(by: dict[tuple[Config, str], list[GameResult]], cfgs: list[Config]) -> None:
    """The referendum rates against their targets: the reference table, and computer against random play in
    every configuration played by both."""
    reference = Config(*REFERENCE)
    comp, rand = by.get((reference, "computer"), []), by.get((reference, "random"), [])
    if comp or rand:
        print(f"\nReferendum at the reference table ({' '.join(reference.label.split())})")
        for policy, results in (("computer", comp), ("random", rand)):
            if not results:
                continue
            rate, goal = _rates(results)["referendum"], REFERENDUM_TARGETS[policy]
            ok = rate >= goal if policy == "computer" else rate <= goal
            sign = "≥" if policy == "computer" else "≤"
            print(f"  {policy:<8} {rate:>6.1%} of {len(results)} games  target {sign} {goal:.0%}: "
                  f"{'OK' if ok else 'missed'}")
    both = [cfg for cfg in cfgs if by.get((cfg, "computer")) and by.get((cfg, "random"))]
    if both:
        better = [cfg for cfg in both if _rates(by[(cfg, "computer")])["referendum"]
                  > _rates(by[(cfg, "random")])["referendum"]]
        worse = [" ".join(cfg.label.split()) for cfg in both if cfg not in better]
        print(f"\n  the computer holds the referendum more often than random play in {len(better)} of"
              f" {len(both)} configurations" + (f" (not in: {', '.join(worse)})" if worse else ""))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per configuration and policy")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=2, help="processes (1 = no multiprocessing)")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4], choices=[1, 2, 3, 4])
    parser.add_argument("--modes", nargs="+", default=list(MODES), choices=MODES)
    parser.add_argument("--degrees", nargs="+", default=list(DEGREES), choices=DEGREES)
    parser.add_argument("--policies", nargs="+", default=["computer", "random"], choices=["computer", "random"])
    args = parser.parse_args(argv)
    header("Som el que decidim! computer player")
    cfgs = configs(args.players, args.modes, args.degrees)
    print(f"   {len(cfgs)} configurations × {args.games} seeded games × {', '.join(args.policies)};"
          f" {args.workers} worker(s)")
    started = time.perf_counter()
    jobs = [(seed, cfg, policy) for policy in args.policies for cfg in cfgs
            for seed in range(args.start, args.start + args.games)]
    results = play_all(play_game, jobs, args.workers, chunksize=4)
    results.sort(key=lambda r: (r.policy, r.config.players, r.config.mode, r.config.degree, r.seed))
    report(results, cfgs)
    print(f"\n  {time.perf_counter() - started:.0f} s of wall time, {args.workers} worker(s)")


if __name__ == "__main__":
    main()
