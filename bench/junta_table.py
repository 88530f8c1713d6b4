"""Benchmark a Junta table in the whole bot: action-to-reply times and the requests (DMs among them)
each action costs.

Run:  .venv/bin/python -m bench.junta_table [--actions 400] [--seed 9] [--settle-idle 0.002]

The real bot runs inside SimCord (`simcord.run`, no pytest, a fresh SQLite file, no threads), one
guild, one channel, four members. `/junta new` opens a table; the members join and start; then the
members play by clicks — the board's buttons, the private pickers, the composers of the budget and
deposits, the "My family" panel — what a computer family would choose (`games.junta.ai`), through
the same click driver as the SimCord tests (`bot.testkit.clicks.use`), until --actions actions or the
end of the game.

Measured per member action (real time, perf_counter):
  reply    - until the bot's first interaction response (what the clicker waits for);
  done     - until the bot's last request for the action was answered (board edit, log lines, DMs);
  requests - REST and webhook requests the bot made for the action (the click's own acknowledgement
             included), and among them the DMs: a DM goes only to a family whose private view changed,
             so most actions send none.
Reports against the target (reply p99 ≤ 250 ms); never asserts. Uses the same SimCord settling
speed-ups as bench.bot_load (an indexed timer lookup, a 2 ms settle poll).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import simcord

from bench._common import Metric, header, print_metrics, stats_line, summary_ms
from bench.bot_load import BotClock, close_store, settle_poll
from bot import simcord_settle as _simcord_speedup
from bot.app import GameMasterBot
from bot.config import Config
from bot.testkit.clicks import table_of, use
from bot.testkit.junta import UI, budget_given, clickable, open_table
from bot.testkit.world import World
from games.core.rng import SeededRng
from games.junta import GAME
from games.junta.ai import choose as family_choice

REPLY_P99_MS = 250.0
FAST_IDLE = 0.002  # SimCord settles every 2 ms (as bench.bot_load), not every 50 ms


async def play(actions: int, seed: int) -> dict[str, Any]:
    clock = BotClock()
    found: dict[str, Any] = {"reply": [], "done": [], "requests": [], "dms": [], "kinds": Counter()}
    with tempfile.TemporaryDirectory(prefix="bench-junta-") as tmp:
        bot = GameMasterBot(Config(token=None, database=str(Path(tmp) / "tables.db"), use_threads=False, shard_count=1))
        clock.install()
        try:
            async with simcord.run(bot, check_errors=False) as env:
                guild = env.create_guild("Bench")
                channel = guild.create_text_channel("junta")
                players = [guild.add_member(env.create_user(n)) for n in ("ana", "bruno", "carla", "dario")]
                world = World(env, guild, channel, players, guild.add_member(env.create_user("olga")))
                table_id = await open_table(world, humans=4)
                for step in range(actions):
                    table = table_of(world, table_id)
                    if table is None or GAME.outcome(table.state) is not None:
                        break
                    seat = min(GAME.to_act(table.state), default=None)
                    if seat is None:
                        await env.settle()
                        continue
                    wanted = family_choice(table.state, seat, SeededRng(seed, step))
                    assert wanted is not None
                    action = clickable(table, seat, wanted)
                    dms_before = sum(len(p.user.dm_channel.history()) for p in players)
                    clock.reset()
                    started = time.perf_counter_ns()
                    await use(world, UI, table, seat, action, given=budget_given(table, seat, action))
                    if clock.first_reply is not None:
                        found["reply"].append(clock.first_reply - started)
                    if clock.last_request is not None:
                        found["done"].append(clock.last_request - started)
                    found["requests"].append(clock.requests)
                    found["dms"].append(sum(len(p.user.dm_channel.history()) for p in players) - dms_before)
                    found["kinds"][action["type"]] += 1
                found["turn"] = (table_of(world, table_id).state or {}).get("turn") if table_of(
                    world, table_id) else "over"
        finally:
            clock.uninstall()
            await close_store(bot)
    return found


def run(actions: int = 400, seed: int = 9, idle: float = FAST_IDLE) -> list[Metric]:
    header("Junta table: member actions through the whole bot (SimCord)")
    with settle_poll(idle), _simcord_speedup.installed():
        found = asyncio.run(play(actions, seed))
    n = len(found["requests"])
    print(f"  {n} member actions (reached turn {found['turn']}); by type: "
          + ", ".join(f"{k} {v}" for k, v in found["kinds"].most_common(8)) + ", …")
    print(stats_line("reply (first interaction response)", found["reply"]))
    print(stats_line("done (last request of the action)", found["done"]))
    requests, dms = found["requests"], found["dms"]
    mean_requests = sum(requests) / max(n, 1)
    print(f"  requests per action: mean {mean_requests:.2f}, max {max(requests, default=0)};"
          f" DMs per action: mean {sum(dms) / max(n, 1):.2f}, max {max(dms, default=0)},"
          f" actions with no DM {sum(1 for d in dms if d == 0)}/{n}")
    reply, done = summary_ms(found["reply"]), summary_ms(found["done"])
    return [
        Metric("junta table: reply p99", reply["p99"], REPLY_P99_MS, "ms", f"{n} member actions"),
        Metric("junta table: done p99", done["p99"], REPLY_P99_MS, "ms"),
        Metric("junta table: requests per action", round(mean_requests, 2), None, "", "mean, the click's own included"),
        Metric("junta table: DMs per action", round(sum(dms) / max(n, 1), 2), None, "", "mean"),
    ]


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--actions", type=int, default=400, help="member actions to play (default 400)")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--settle-idle", type=float, default=FAST_IDLE, help="SimCord's settle poll (s)")
    args = parser.parse_args(argv)
    metrics = run(args.actions, args.seed, args.settle_idle)
    print_metrics("junta table summary", metrics)
    return metrics


if __name__ == "__main__":
    main()
