"""Benchmark drawing a board without its picture: the controls (button groups from legal actions) and the embed.

Run:  .venv/bin/python -m bench.boards [--games 2] [--states 40]

For each game, seeded random games at the largest table (Junta 7 families, Spyfall 8, Arditi 6, Som 4,
Polls 2) give states spread over the game; each state is drawn as the bot draws a board after an action:
a fresh moment of the table (nothing remembered), `board_view` (every group's buttons) and the embed
(status, rows, recent moves). Prints p50/p99 per game against the target of issue 24 (Junta at 7 seats
≤ 3 ms at the median) and how many times the engine's `legal_actions` was asked per draw. Reports, never
asserts.
"""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from bench._common import Metric, header, print_metrics, stats_line, summary_ms
from bot.gameui import Ctx
from bot.meta import TableMeta
from bot.store import TableRow
from bot.tables import Table
from bot.ui.board import TablePresenter
from bot.ui.controls import board_view
from games import DESCRIPTORS, REGISTRY
from games.core.playout import play

JUNTA_DRAW_MS = 3.0


class CountingGame:
    """The game, with its legal_actions calls counted."""

    def __init__(self, game: Any) -> None:
        self.game, self.asked = game, 0

    def legal_actions(self, state: Any, seat: int | None) -> list[dict[str, Any]]:
        self.asked += 1
        return self.game.legal_actions(state, seat)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


async def _draw_times(game_id: str, games: int, states: int) -> tuple[list[int], float]:
    """Nanoseconds per board draw over the sampled states, and engine calls per draw."""
    game = REGISTRY[game_id]
    counting = CountingGame(game)
    ui = importlib.import_module(DESCRIPTORS[game_id].cog).UI
    players = game.max_players  # the biggest table
    # The presenter only needs the turn clock's lines from the bot (none here: no clock runs).
    presenter = TablePresenter(SimpleNamespace(turns=SimpleNamespace(board_lines=lambda *a: [])), ui)
    names = [f"Player {i + 1}" for i in range(players)]
    samples: list[int] = []
    draws = 0
    for seed in range(games):
        playout = play(game, players, {}, seed, quit_odds=0.0, check_inputs=False)
        step = max(1, len(playout.states) // states)
        for index in range(0, len(playout.states), step):
            state = playout.states[index]
            if game.outcome(state) is not None:
                continue
            row = TableRow(1, game_id, 1, 2, None, 100, seed, {}, "playing", 0.0, 0.0, TableMeta())
            table = Table(row=row, game=counting, users=list(range(100, 100 + players)),
                          locales=[None] * players, state=state, seq=index)
            started = time.perf_counter_ns()
            ctx = Ctx(table=table, view=table.view(None), names=names, locale="en")
            board_view(table, ui, ctx)
            presenter.embed(ctx)
            samples.append(time.perf_counter_ns() - started)
            draws += 1
    return samples, counting.asked / max(draws, 1)


def run(games: int = 2, states: int = 40, only: Sequence[str] = ()) -> list[Metric]:
    import asyncio

    header("Board draw (controls + embed, no picture), a fresh table moment per draw")
    metrics: list[Metric] = []
    for game_id in only or sorted(REGISTRY):
        samples, asked = asyncio.run(_draw_times(game_id, games, states))
        players = REGISTRY[game_id].max_players
        print(stats_line(f"{game_id} ({players} seats)", samples) + f"   legal_actions per draw {asked:.1f}")
        ms = summary_ms(samples)
        limit = JUNTA_DRAW_MS if game_id == "junta" else None
        metrics.append(Metric(f"board draw p50, {game_id} {players} seats", ms["p50"], limit, "ms"))
        metrics.append(Metric(f"board draw p99, {game_id} {players} seats", ms["p99"], None, "ms"))
    return metrics


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="seeded random games per game (default 2)")
    parser.add_argument("--states", type=int, default=40, help="states drawn per game (default 40)")
    parser.add_argument("--only", nargs="*", default=[], help="game ids (default: every game)")
    args = parser.parse_args(argv)
    print_metrics("Summary", run(args.games, args.states, args.only))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
