"""Benchmark the path of a click at a full table: seven Junta families played by their members through the whole
bot, without and with Discord's latency; then the board-draw time per game (bench.boards).

Run:  .venv/bin/python -m bench.click_path [--actions 60] [--latency 0.3] [--think 2] [--seed 9] [--no-boards]

The real bot (production settings: board edits paced one a second) runs inside SimCord (`simcord.run`, a fresh
SQLite file, no threads): `/junta new`, six members join, the host starts, then the members play by clicks what a
computer family would choose (`games.junta.ai`, through `bot.testkit.clicks.use`), --actions member actions,
--think seconds of the bot's (virtual) clock apart.
The same game is played twice: with every Discord call answered at once, then with each call (REST and
interaction responses alike) made to wait --latency seconds first, as a busy Discord does.

Measured per member action, in real time (perf_counter) from the arrival of the interaction that plays it:
  stored        - until its action is stored (the store's append_action returned): what the table waits for;
  board edited  - until a board showing it went through (the click's own answer or an edit: the moment the
                  bot's metrics count a board as shown);
  requests      - REST and interaction calls the bot made for it (its picker and answer included).
SimCord runs one verb at a time, so the clicks follow each other (none waits for another's lock). Reports,
never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import itertools
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.http import FakeHTTPClient, FakeWebhookAdapter

from bench import boards
from bench._common import Metric, header, print_metrics, stats_line, summary_ms
from bench.bot_load import BotClock, close_store, settle_poll
from bot import simcord_settle as _simcord_speedup
from bot.app import GameMasterBot
from bot.config import Config
from bot.testkit.clicks import table_of, use
from bot.testkit.junta import UI, budget_given, clickable
from bot.testkit.world import World, custom_id
from games.core.rng import SeededRng
from games.junta import GAME
from games.junta.ai import choose as family_choice

MEMBERS = ("ana", "bruno", "carla", "dario", "elena", "fabio", "gina")
FAST_IDLE = 0.002  # SimCord settles every 2 ms (as bench.bot_load), not every 50 ms
SETTLE_SECONDS = 60.0  # a change's posts one after the other, each waiting for the latency
# Between two clicks a member reads the board: longer than the board's pace (one edit a second), so what is
# measured is the bot's path, not the pacing of clicks faster than people make them (--think 0 for that).
THINK_SECONDS = 2.0
TABLE_SEED = 1000


@dataclass
class Timeline:
    """When things happened (perf_counter_ns): interactions arriving, member actions stored, boards shown."""

    last_click: int = 0
    stored: dict[int, tuple[int, int]] = field(default_factory=dict)  # seq -> (its click, stored)
    shown: list[tuple[int, int]] = field(default_factory=list)  # (seq shown, when)

    def board_time(self, seq: int, after: int) -> int | None:
        return next((when for shown, when in self.shown if shown >= seq and when >= after), None)


@dataclass
class Latency:
    """How long every Discord call waits now (seconds)."""

    seconds: float = 0.0


@contextlib.contextmanager
def discord_latency() -> Iterator[Latency]:
    """Every REST call and interaction response waits the latency's seconds before Discord (SimCord) takes it. The
    wait is a worker thread's sleep: SimCord waits for it in real time, as for a board's picture. Installed before
    the bot starts (the bot's metrics wrap its HTTP client's `request` as they find it then)."""
    latency = Latency()
    saved = {cls: cls.request for cls in (FakeHTTPClient, FakeWebhookAdapter)}
    for cls, original in saved.items():

        @functools.wraps(original)
        async def slow(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if latency.seconds:
                await asyncio.to_thread(time.sleep, latency.seconds)
            return await _original(*args, **kwargs)

        cls.request = slow  # type: ignore[method-assign]
    try:
        yield latency
    finally:
        for cls, original in saved.items():
            cls.request = original  # type: ignore[method-assign]


def watch(bot: GameMasterBot, timeline: Timeline) -> None:
    """Note each interaction's arrival, each member action stored and each board shown."""

    async def on_interaction(interaction: discord.Interaction) -> None:
        timeline.last_click = time.perf_counter_ns()

    bot.add_listener(on_interaction, "on_interaction")
    store = bot.store
    assert store is not None
    append = store.append_action

    async def append_action(table: int, seq: int, seat: int | None, *args: Any, **kwargs: Any) -> None:
        await append(table, seq, seat, *args, **kwargs)
        if seat is not None:  # a member's action (the game master's steps have no seat)
            timeline.stored[seq] = (timeline.last_click, time.perf_counter_ns())

    store.append_action = append_action  # type: ignore[method-assign]
    metrics = bot.service.metrics
    board_shown = metrics.board_shown

    def shown(table: Any, seq: int) -> None:
        board_shown(table, seq)
        timeline.shown.append((seq, time.perf_counter_ns()))

    metrics.board_shown = shown  # type: ignore[method-assign]


async def seven_members(env: simcord.Env) -> tuple[World, int]:
    """#junta with seven members: the host opens a table, six join, the host starts it."""
    guild = env.create_guild("Bench")
    channel = guild.create_text_channel("junta")
    players = [guild.add_member(env.create_user(name)) for name in MEMBERS]
    world = World(env, guild, channel, players, guild.add_member(env.create_user("olga")))
    host, *guests = players
    await host.slash(channel, "junta new")
    lobby = channel.last_message
    assert lobby is not None, "/junta new posted no lobby"
    for guest in guests:
        await guest.click(lobby, custom_id=custom_id(lobby, ":join$"))
    await host.click(lobby, custom_id=custom_id(lobby, ":start$"))  # a full lobby still waits for its host
    await env.settle()
    return world, int(custom_id(lobby, ":join$").split(":")[1])


async def members_play(world: World, table_id: int, actions: int, seed: int, think: float, clock: BotClock,
                       timeline: Timeline, found: dict[str, Any]) -> None:
    """Members play what a computer family would, one click after another; each action's times are noted."""
    for step in range(actions * 4):
        table = table_of(world, table_id)
        if table is None or GAME.outcome(table.state) is not None or len(found["requests"]) >= actions:
            return
        seat = min(GAME.to_act(table.state), default=None)
        if seat is None:
            await world.env.settle()
            continue
        wanted = family_choice(table.state, seat, SeededRng(seed, step))
        assert wanted is not None
        action = clickable(table, seat, wanted)
        await world.env.advance_time(think)  # the member reads the board (the bot's virtual clock)
        seq = table.seq
        clock.reset()
        await use(world, UI, table, seat, action, given=budget_given(table, seat, action))
        await world.env.settle()
        found["requests"].append(clock.requests)
        if seq + 1 not in timeline.stored:
            continue
        click, stored = timeline.stored[seq + 1]
        found["stored"].append(stored - click)
        board = timeline.board_time(seq + 1, stored)
        if board is None:
            found["unshown"] += 1
        else:
            found["board"].append(board - click)


async def play(actions: int, seed: int, latency: float, think: float) -> dict[str, Any]:
    timeline = Timeline()
    clock = BotClock()
    found: dict[str, Any] = {"stored": [], "board": [], "requests": [], "unshown": 0}
    with tempfile.TemporaryDirectory(prefix="bench-click-") as tmp:
        # The table's seed is fixed, so every run (and every commit compared) plays the same game.
        bot = GameMasterBot(Config(token=None, database=str(Path(tmp) / "tables.db"), use_threads=False,
                                   shard_count=1), seed_source=itertools.repeat(TABLE_SEED).__next__)
        clock.install()
        try:
            with discord_latency() as slow:
                async with simcord.run(bot, check_errors=False, settle_timeout=SETTLE_SECONDS) as env:
                    world, table_id = await seven_members(env)
                    watch(bot, timeline)
                    slow.seconds = latency
                    await members_play(world, table_id, actions, seed, think, clock, timeline, found)
                    slow.seconds = 0.0
        finally:
            clock.uninstall()
            await close_store(bot)
    return found


def run_table(actions: int, seed: int, latency: float, think: float) -> list[Metric]:
    with settle_poll(FAST_IDLE), _simcord_speedup.installed():
        found = asyncio.run(play(actions, seed, latency, think))
    label = f"{latency * 1000:g} ms per Discord call" if latency else "no latency"
    requests = found["requests"]
    n = len(requests)
    print(f"  {label}: {n} member actions, {sum(requests) / max(n, 1):.2f} Discord calls per action"
          + (f", {found['unshown']} never shown on a board" if found["unshown"] else ""))
    print(stats_line(f"click -> stored ({label})", found["stored"]))
    print(stats_line(f"click -> board edited ({label})", found["board"]))
    stored, board = summary_ms(found["stored"]), summary_ms(found["board"])
    return [
        Metric(f"junta 7 seats, {label}: click -> stored p99", stored["p99"], None, "ms", f"{n} member actions"),
        Metric(f"junta 7 seats, {label}: click -> board edited p99", board["p99"], None, "ms"),
        Metric(f"junta 7 seats, {label}: Discord calls per action", round(sum(requests) / max(n, 1), 2), None, ""),
    ]


def run(actions: int = 60, seed: int = 9, latency: float = 0.3, think: float = THINK_SECONDS,
        draws: bool = True) -> list[Metric]:
    header("The path of a click: seven Junta members through the whole bot (SimCord)")
    print(f"  {think:g} s (virtual) between two clicks; board edits paced one a second, as in production")
    metrics = run_table(actions, seed, 0.0, think) + run_table(actions, seed, latency, think)
    if draws:
        metrics += boards.run()
    return metrics


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=60, help="member actions per run (default 60)")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--latency", type=float, default=0.3, help="seconds per Discord call (default 0.3)")
    parser.add_argument("--think", type=float, default=THINK_SECONDS,
                        help=f"virtual seconds between two clicks (default {THINK_SECONDS:g}; 0: back to back)")
    parser.add_argument("--no-boards", action="store_true", help="leave out the board-draw time per game")
    args = parser.parse_args(argv)
    metrics = run(args.actions, args.seed, args.latency, args.think, not args.no_boards)
    print_metrics("click path summary", metrics)
    return metrics


if __name__ == "__main__":
    main()
