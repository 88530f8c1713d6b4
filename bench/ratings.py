"""Calibrate the computer players' fixed skill ratings (bot/ratings.py) against random and greedy play.

Run:  .venv/bin/python -m bench.ratings [--games 12] [--som-games 10] [--som-random-games 3] [--orders 50]
                                      [--dry-run]

Per registered game with a computer player (`games.DESCRIPTORS`, the descriptors that are `learnable`;
the kinds of player come from its `computer` module), seeded games between kinds of player, every seat
of a kind played by the same policy; what the descriptor says picks how:

* A game two can play (today Polls and Arditi): the computer against a uniformly random legal player,
  the computer against the game's greedy one-step player (`greedy_choose`, where it has one), and greedy
  against random; seats and the first player alternate with the seed.
* A game for more (today Junta: 5 players, free-for-all; no greedy player exists): one or two computer
  players among random legal players (`random_choose`), ranked by the engine's places.
* A cooperative game (`teams`; today Som, 2 citizens): a table of computer citizens and one of random
  citizens against the game at each mode (A, B, C, A+C) and centralism degree (medium, high, intense);
  within a mode the degrees' ratings are then made monotone (a harder degree never rates below an easier
  one).

Every kind of player, and each Som setting, is one OpenSkill identity starting from the library's
neutral rating (25 ± 8.3, where every member starts): the games are rated in a seeded random order, as
the bot rates a member's games, and the final ratings are averaged over `--orders` orders so that no
one order's early games weigh more. It prints, per game, each pairing's record and each kind's rating
(mu, sigma and the conservative mu - 3 sigma the leaderboard shows), then writes the computers' ratings
and Som's settings to bot/ratings_reference.json, which the bot reads (the random and greedy players'
ratings are written beside them for readers: what "beats the computer" means on the scale). The tests
never run it. The committed run took 477 s of wall time on a loaded, shared 2-core machine (Som's computer
games most of it: 309 s).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from bench._common import header
from bot.ratings import MODEL, REFERENCE_FILE, Rating
from games import DESCRIPTORS
from games.core.descriptor import GameDescriptor
from games.core.protocol import Game, Outcome, optional_member
from games.core.rng import SeededRng

MAX_STEPS = 20_000  # far above any game here: a stall shows as a game without an outcome
SOM_MODES = ("A", "B", "C", "A+C")
SOM_DEGREES = ("medium", "high", "intense")

# A policy: (state, seat, the game's own seeded randomness) -> action
Policy = Callable[[Any, int, random.Random], "dict[str, Any] | None"]


# The pairings of a game that two can play, among the kinds of player it has (a game without a greedy
# player has only the first).
PAIRINGS = (("computer", "random"), ("computer", "greedy"), ("greedy", "random"))
# Seats at a free-for-all table of computer families among random players (the fewest a rated table of
# four or more has, plus one: room for two computers and a majority of random seats).
TABLE_SEATS = 5


def policies_of(descriptor: GameDescriptor) -> dict[str, Policy]:
    """The game's kinds of player, from its computer player's module (the registry's `computer`): its
    `choose`, its one-step `greedy_choose` if it has one, its `random_choose` or else a uniformly random
    legal action. Each is given a seed drawn from the game's own seeded randomness."""
    module = descriptor.computer_module()
    assert module is not None, f"{descriptor.id} has no computer player"
    game = descriptor.engine
    found: dict[str, Policy] = {"computer": lambda s, seat, rng: module.choose(s, seat, rng.randrange(2**31))}
    greedy = getattr(module, "greedy_choose", None)
    if greedy is not None:
        found["greedy"] = lambda s, seat, rng: greedy(s, seat, rng.randrange(2**31))
    random_choose = getattr(module, "random_choose", None)
    found["random"] = ((lambda s, seat, rng: random_choose(s, seat, rng.randrange(2**31))) if random_choose
                       else (lambda s, seat, rng: rng.choice(game.legal_actions(s, seat))))
    return found


def rated_games() -> list[GameDescriptor]:
    """Every registered game with a computer player (the registry's `learnable`), in the registry's order."""
    return [d for d in DESCRIPTORS.values() if d.learnable]


def play(game: Game, kinds: Sequence[str], options: dict[str, Any], seed: int,
         degree: str | None = None) -> tuple[Any, Outcome | None]:
    """One seeded game, seat i played by policy kinds[i]; Som's centralism degree is forced to `degree`."""
    policies = policies_of(DESCRIPTORS[game.id])
    rng = random.Random(f"ratings:{game.id}:{seed}")
    state = game.setup(len(kinds), dict(options), SeededRng(seed, 0))
    auto_action = optional_member(game, "auto_action")
    for step in range(1, MAX_STEPS + 1):
        due = auto_action(state) if auto_action is not None else None
        if due is not None:
            state = game.apply(state, None, {**due, "at": 0.0}, SeededRng(seed, step))
            continue
        if game.outcome(state) is not None:
            break
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = rng.choice(acting)
        legal = game.legal_actions(state, seat)
        action = None
        if degree is not None and legal and legal[0]["type"] == "choose_centralism":
            action = {"type": "choose_centralism", "degree": degree}
        if action is None:
            action = policies[kinds[seat]](state, seat, rng)
        if action is None:
            break
        state = game.apply(state, seat, action, SeededRng(seed, step))
    return state, game.outcome(state)


# A rated game for the calibration: teams of identities (a kind, or a Som setting) and their ranks.
Game_ = tuple[list[list[str]], list[int]]


def ffa_game(kinds: Sequence[str], outcome: Outcome) -> Game_:
    """Seats ranked as the bot ranks them (bot.ratings.match_of): by the engine's places (`Outcome.ranks`)."""
    return [[kind] for kind in kinds], [outcome.ranks[seat] for seat in range(len(kinds))]


def fit(games: Sequence[Game_], orders: int, seed: str) -> dict[str, Rating]:
    """Every identity's rating after the games, from neutral, averaged over `orders` seeded orders. An identity
    twice in a team (two computer citizens) moves by the mean of its copies' updates."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for order in range(orders):
        ratings: dict[str, Rating] = {}
        shuffled = list(games)
        random.Random(f"{seed}:{order}").shuffle(shuffled)
        for teams, ranks in shuffled:
            rated = MODEL.rate([[MODEL.rating(mu=ratings.get(i, Rating()).mu, sigma=ratings.get(i, Rating()).sigma)
                                 for i in team] for team in teams], ranks=[float(r) for r in ranks])
            moved: dict[str, list[Rating]] = defaultdict(list)
            for team, new_team in zip(teams, rated, strict=True):
                for identity, new in zip(team, new_team, strict=True):
                    moved[identity].append(Rating(float(new.mu), float(new.sigma)))
            for identity, news in moved.items():
                ratings[identity] = Rating(sum(r.mu for r in news) / len(news), sum(r.sigma for r in news) / len(news))
        for identity, rating in ratings.items():
            sums[identity][0] += rating.mu
            sums[identity][1] += rating.sigma
    return {i: Rating(mu / orders, sigma / orders) for i, (mu, sigma) in sums.items()}


def two_player(descriptor: GameDescriptor, games: int) -> tuple[list[Game_], list[str]]:
    """Each pairing of the game's kinds (computer, greedy, random), `games` seeded games each, seats and the
    first player alternating."""
    game = descriptor.engine
    have = policies_of(descriptor)
    rated: list[Game_] = []
    lines = []
    for a, b in (pairing for pairing in PAIRINGS if set(pairing) <= set(have)):
        wins = draws = 0
        for seed in range(games):
            kinds = [a, b] if seed % 2 == 0 else [b, a]
            _, outcome = play(game, kinds, {"first": (seed // 2) % 2}, seed)
            if outcome is None:
                continue
            teams, ranks = ffa_game(kinds, outcome)
            rated.append((teams, ranks))
            mine = kinds.index(a)
            wins += ranks[mine] == 1 and ranks[1 - mine] != 1
            draws += ranks[0] == ranks[1]
        lines.append(f"   {a} vs {b}: {wins} wins, {draws} shared, {games - wins - draws} losses of {games}")
    return rated, lines


def table(descriptor: GameDescriptor, games: int) -> tuple[list[Game_], list[str]]:
    """Free-for-all tables of `TABLE_SEATS` (or the game's most) seats: one (even seeds) or two (odd seeds)
    computer players among random players."""
    seats = min(TABLE_SEATS, descriptor.max_players)
    rated: list[Game_] = []
    richest = 0
    for seed in range(games):
        computers = {seed % seats} if seed % 2 == 0 else {seed % seats, (seed + 2) % seats}
        kinds = ["computer" if s in computers else "random" for s in range(seats)]
        _, outcome = play(descriptor.engine, kinds, {}, seed)
        if outcome is None:
            continue
        teams, ranks = ffa_game(kinds, outcome)
        rated.append((teams, ranks))
        richest += any(ranks[s] == 1 for s in computers)
    return rated, [f"   a computer player first (alone or shared): {richest} of {games} tables of {seats} "
                   f"(two computers at odd seeds)"]


def cooperative(descriptor: GameDescriptor, games: int, random_games: int) -> tuple[list[Game_], list[str]]:
    """2 citizens of one kind against the game at each mode and degree; the citizens win unless intervened.
    Random citizens almost never win, so they play fewer games: they only anchor the bottom of the scale."""
    rated: list[Game_] = []
    lines = []
    for mode in SOM_MODES:
        for degree in SOM_DEGREES:
            setting = f"{mode}/{degree}"
            won = {"computer": 0, "random": 0}
            for kind in won:
                for seed in range(games if kind == "computer" else random_games):
                    state, outcome = play(descriptor.engine, [kind, kind], {"mode": mode}, seed, degree)
                    if outcome is None:
                        continue
                    table_won = outcome.reason != "intervened"
                    won[kind] += table_won
                    rated.append(([[kind, kind], [setting, setting]], [1, 2] if table_won else [2, 1]))
            lines.append(f"   {setting:<11} computer citizens win {won['computer']} of {games}, "
                         f"random citizens {won['random']} of {random_games}")
    return rated, lines


def monotone(settings: dict[str, Rating]) -> dict[str, Rating]:
    """Within each mode, medium <= high <= intense (each degree makes the game harder by the rules): where the few
    games measured otherwise, the out-of-order neighbours share their mean (pool-adjacent-violators)."""
    out = dict(settings)
    for mode in SOM_MODES:
        keys = [f"{mode}/{degree}" for degree in SOM_DEGREES if f"{mode}/{degree}" in settings]
        blocks: list[list[str]] = []
        for key in keys:
            blocks.append([key])
            while len(blocks) > 1 and _mean(blocks[-2], settings) > _mean(blocks[-1], settings):
                blocks[-2:] = [blocks[-2] + blocks[-1]]
        for block in blocks:
            mu = _mean(block, settings)
            for key in block:
                out[key] = Rating(mu, settings[key].sigma)
    return out


def _mean(keys: list[str], settings: dict[str, Rating]) -> float:
    return sum(settings[k].mu for k in keys) / len(keys)


def shown(rating: Rating) -> str:
    return f"mu {rating.mu:6.2f}  sigma {rating.sigma:5.2f}  shown {rating.shown:4d}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=12, help="games per pairing (Polls, Arditi) and Junta tables")
    parser.add_argument("--som-games", type=int, default=10, help="Som games of computer citizens per setting")
    parser.add_argument("--som-random-games", type=int, default=3, help="Som games of random citizens per setting")
    parser.add_argument("--orders", type=int, default=50, help="seeded orders the ratings are averaged over")
    parser.add_argument("--dry-run", action="store_true", help="print, write nothing")
    args = parser.parse_args(argv)
    header("Computer players' skill ratings")
    started = time.perf_counter()
    computer: dict[str, Rating] = {}
    baselines: dict[str, dict[str, Rating]] = {}
    game_side: dict[str, dict[str, Rating]] = {}
    for descriptor in rated_games():
        game_id = descriptor.id
        clock = time.perf_counter()
        if descriptor.teams:
            rated, lines = cooperative(descriptor, args.som_games, args.som_random_games)
        elif descriptor.min_players <= 2:
            rated, lines = two_player(descriptor, args.games)
        else:
            rated, lines = table(descriptor, args.games)
        ratings = fit(rated, args.orders, game_id)
        print(f"-- {game_id}: {len(rated)} games in {time.perf_counter() - clock:.0f} s")
        for line in lines:
            print(line)
        for identity in sorted(ratings, key=lambda i: -ratings[i].mu):
            print(f"   {identity:<12} {shown(ratings[identity])}")
        computer[game_id] = ratings["computer"]
        baselines[game_id] = {k: r for k, r in ratings.items() if k in ("random", "greedy")}
        if descriptor.teams:
            levels = game_side[game_id] = monotone({k: r for k, r in ratings.items() if "/" in k})
            print("   made monotone in the degree: " + ", ".join(f"{k} {r.shown}" for k, r in levels.items()))
    seconds = time.perf_counter() - started
    print(f"total: {seconds:.0f} s")
    data = {
        "about": "Written by `python -m bench.ratings`: the computer players' fixed OpenSkill ratings (mu, sigma), "
                 "each cooperative game as an opponent per level (Som: mode/degree), and the random and greedy "
                 "baselines (for readers).",
        "settings": {"games": args.games, "som_games": args.som_games, "som_random_games": args.som_random_games,
                     "orders": args.orders, "seconds": round(seconds)},
        "computer": {g: _round(r) for g, r in computer.items()},
        "game_side": {g: {k: _round(r) for k, r in sorted(levels.items())} for g, levels in game_side.items()},
        "baselines": {g: {k: _round(r) for k, r in sorted(b.items())} for g, b in baselines.items()},
    }
    if not args.dry_run:
        REFERENCE_FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written: {REFERENCE_FILE}")


def _round(rating: Rating) -> dict[str, float]:
    return {"mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3)}


if __name__ == "__main__":
    main()
