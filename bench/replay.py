"""Benchmark the Replay button's work: a long random game of each game, replayed from its log and drawn.

Run:  .venv/bin/python -m bench.replay [--tries 4] [--locale en]

For every game of `games.REGISTRY`, a few seeded random games (the largest table, and the smallest) are
played as a table plays them (the game master's automatic steps and time-outs included, each action
stamped and numbered); the longest becomes the table's stored log. Then what the bot does off the event
loop when someone presses Replay (`bot.ui.replay.make`, here on the main thread):

- replay: set-up and every logged action again, the public view of each moment, the snapshot check
  and the choice of pictures (bot/replays.py);
- text: every public event worded in the reader's language (the game's `GameUI.word`);
- draw: each picture by the game's renderer from its public view, with its caption;
- encode: the GIF (renderers/animation.py: shared palette, delta frames, stepped down past 8 MiB).

Prints per game: moves, turns, pictures, the GIF's bytes and size, the text log's size and each step's
time. Targets: the whole replay ≤ 10 s (the asker watches a "thinking…" message meanwhile), the GIF ≤ 8 MiB.
Reports, never asserts.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections.abc import Sequence
from typing import Any
from unittest import mock

from bench._common import START_AT, Metric, header, names_for, print_metrics
from bot.meta import TableMeta
from bot.store import TableRow
from bot.ui import replay as replays_ui
from bot.ui.replay import Stored, make
from games import DESCRIPTORS, REGISTRY
from games.core.playout import play
from games.core.protocol import Game
from games.core.rng import SeededRng
from renderers import animation
from renderers.animation import MAX_BYTES

TOTAL_S = 10.0
MAX_ACTIONS = 12_000


def stored_game(game: Game, n_players: int, seed: int) -> tuple[list[Any], list[tuple[int, int | None, Any, float]]]:
    """One seeded random game played as a table plays it: every state, and the action log (seq 1..n);
    nobody quits while another move exists."""
    played = play(game, n_players, {}, seed, chooser=SeededRng(f"bench-replay:{game.id}", seed), start=START_AT,
                  quit_odds=0.0, max_actions=MAX_ACTIONS, check_inputs=False, partial=True)
    return list(played.states), list(played.actions)


def longest(game: Game, tries: int) -> tuple[int, int, list[Any], list[tuple[int, int | None, Any, float]]]:
    best: tuple[int, int, list[Any], list[tuple[int, int | None, Any, float]]] | None = None
    for k in range(tries):
        n = game.max_players if k % 2 == 0 else game.min_players
        states, actions = stored_game(game, n, 100 + k)
        if game.outcome(states[-1]) is not None and (best is None or len(actions) > len(best[3])):
            best = (n, 100 + k, states, actions)
    assert best is not None, f"no random {game.id} game ended"
    return best


class Timer:
    """Wall time spent inside the patched functions, by name."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}

    def wrap(self, name: str, function: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.spent[name] = self.spent.get(name, 0.0) + time.perf_counter() - start
        return timed


def bench_game(game: Game, tries: int, locale: str) -> tuple[dict[str, Any], list[Metric]]:
    ui = importlib.import_module(DESCRIPTORS[game.id].cog).UI
    n, seed, states, actions = longest(game, tries)
    row = TableRow(id=1, game=game.id, guild=1, channel=1, thread=None, host=1, seed=seed, options={},
                   status="finished", created=START_AT, updated=actions[-1][3], meta=TableMeta())
    stored = Stored(row=row, users=list(range(1, n + 1)), actions=actions,
                    snapshot=(len(actions), json.loads(json.dumps(game.dump(states[-1])))))
    timer = Timer()
    with mock.patch.object(replays_ui, "build", timer.wrap("replay", replays_ui.build)), \
            mock.patch.object(replays_ui, "captioned", timer.wrap("draw", replays_ui.captioned)), \
            mock.patch.object(animation, "encode", timer.wrap("encode", animation.encode)):
        start = time.perf_counter()
        made = make(stored, game, ui, names_for(n), locale)
        total = time.perf_counter() - start
    assert made.animation is not None and made.replay is not None
    # `build` words the events as it goes (its `each`): the text's time is inside "replay"; measure it alone.
    start = time.perf_counter()
    make(stored, game, ui, names_for(n), locale, pictures=False)
    replay_and_text = time.perf_counter() - start
    info = {
        "players": n, "moves": made.moves, "turns": made.replay.turns, "pictures": made.animation.frames,
        "bytes": len(made.animation.data), "size": made.animation.size, "scale": made.animation.scale,
        "text_bytes": len(made.text.encode()), "total": total, "replay+text": replay_and_text, **timer.spent,
    }
    metrics = [
        Metric(f"{game.id}: replay, whole", total * 1000, TOTAL_S * 1000, "ms",
               f"{made.moves} moves, {made.animation.frames} pictures"),
        Metric(f"{game.id}: replay GIF", len(made.animation.data) / 1024, MAX_BYTES / 1024, "KiB",
               f"{made.animation.size[0]}x{made.animation.size[1]}"),
    ]
    return info, metrics


def run(tries: int = 4, locale: str = "en", games: Sequence[str] | None = None) -> list[Metric]:
    header("replay: a long random game of each game, replayed from its log, drawn and encoded")
    metrics: list[Metric] = []
    for game_id, game in REGISTRY.items():
        if games and game_id not in games:
            continue
        info, found = bench_game(game, tries, locale)
        metrics += found
        print(f"\n  {game_id}: {info['players']} players, {info['moves']} moves, {info['turns']} turns →"
              f" {info['pictures']} pictures, GIF {info['bytes'] / 1024:.0f} KiB {info['size'][0]}x{info['size'][1]}"
              f" (scale {info['scale']}), text log {info['text_bytes'] / 1024:.0f} KiB")
        print(f"    whole {info['total']:.2f} s = replay+text {info.get('replay', 0):.2f} s"
              f" + draw {info.get('draw', 0):.2f} s + encode {info.get('encode', 0):.2f} s"
              f" (+ compose and the rest); replay+text alone {info['replay+text']:.2f} s")
    return metrics


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tries", type=int, default=4, help="random games per game; the longest is replayed")
    parser.add_argument("--locale", default="en", help="the reader's language (en, it, es, ca)")
    parser.add_argument("--games", nargs="*", default=None, help="only these game ids")
    args = parser.parse_args(argv)
    print_metrics("metric / measured / target", run(args.tries, args.locale, args.games))


if __name__ == "__main__":
    main()
