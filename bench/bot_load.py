"""Benchmark the whole bot under load: 100 Spyfall tables alive at once, action-to-reply times.

Run:  .venv/bin/python -m bench.bot_load [--tables 100] [--dir /some/disk] [--stock-simcord]

The real bot (`bot.app.GameMasterBot`, a fresh SQLite file, no threads) runs inside SimCord
(`simcord.run`, no pytest): one guild, --tables channels, 4 members per table. Every table is
opened with `/spyfall new rounds=3 minutes=8`, joined through the lobby's "lobby:<id>:join"
buttons and started (3 virtual seconds apart, so the round clocks do not all run out at the same
instant). Then sweeps over all tables, in a new shuffled order each time, click what players
click: "Show my card", "Ask <player>" (passing the question), "Accuse" + its suspect menu,
yes/no votes, "Deal", the spy's "Reveal" + the location menu. Between sweeps the virtual clock is
advanced so that every table's own timers fire: open votes time out (61 s); later whole rounds run
out of time, with their final votes (15 min, which also expires the ephemeral menus).

Measured per actor verb (click/select/slash), in real time (perf_counter, not the virtual clock):
  reply - until the bot's first interaction response is delivered (send_message / defer /
          edit_message returned): what the clicker waits for before Discord shows anything;
  done  - until the last request the bot made for this action was answered (the follow-up, the
          public log line, the board edit with its PNG, the DMs): the action fully published;
  verb  - the whole actor verb: SimCord returns once the bot has settled, so this adds SimCord's
          own settling work.
The target (p99 <= 250 ms) is checked against all three.

Harness notes and limitations (also printed):
- SimCord runs one actor verb at a time, on the bot's event loop: "concurrent" here means 100
  tables alive at once (state, timer tasks, channels, the store) with their actions interleaved,
  not two clicks handled at the same instant (no queueing on table locks, the store connection or
  the GIL). SimCord's fake Discord runs on the same loop, so its work is in the numbers.
- SimCord 3.2.1's settling scans every tracked timer for every waiting task, (waiting tasks) x
  (timers) per poll: with 100 tables' timer tasks plus the 15-minute timeout task discord.py starts
  for every ephemeral menu, that grows to ~100 ms per poll and slows everything down as the run
  goes on. By default the bench swaps in an equivalent indexed lookup (bot/simcord_settle.py;
  --check-speedup verifies it against SimCord's on every call, --stock-simcord turns it off), and
  polls every 2 ms instead of 50 ms (--settle-idle): otherwise many verbs would wait a full 50 ms.
- Virtual timers also keep a real-time fallback in SimCord (a vote's 60 s also fires after 60 real
  seconds), and one advance_time gets 5 real seconds in all, so the clock is advanced in 10 s steps
  and each sweep must stay short in real time.
Reports, never asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import random
import re
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.components import walk_components
from simcord.http import FakeHTTPClient, FakeWebhookAdapter

from bench._common import NAMES, Metric, header, load_average, print_metrics, stats_line, summary_ms
from bot import simcord_settle as _simcord_speedup
from bot.app import GameMasterBot
from bot.config import Config

REPLY_P99_MS = 250.0
SEATS = 4
START_SPREAD = 3.0  # virtual seconds between two tables' starts, so their clocks do not all run out at once
SIMCORD_IDLE = 0.05  # SimCord's settle poll interval (Env._settle_internal's default)
ACK_METHODS = ("send_message", "defer", "edit_message", "send_modal")
MEASURES = ("reply", "done", "verb")


class BotClock:
    """Notes when the bot's first interaction response and its last request of the current verb returned."""

    def __init__(self) -> None:
        self.first_reply: int | None = None
        self.last_request: int | None = None
        self.requests = 0
        self._saved: list[tuple[Any, str, Any]] = []

    def reset(self) -> None:
        self.first_reply = self.last_request = None
        self.requests = 0

    def install(self) -> None:
        for name in ACK_METHODS:  # a response counts once it succeeded
            self._patch(discord.InteractionResponse, name, self._on_reply, on_error=False)
        for cls in (FakeHTTPClient, FakeWebhookAdapter):  # every REST / webhook request, refused ones too (403 DMs)
            self._patch(cls, "request", self._on_request, on_error=True)

    def uninstall(self) -> None:
        for owner, name, original in reversed(self._saved):
            setattr(owner, name, original)
        self._saved.clear()

    def _on_reply(self) -> None:
        if self.first_reply is None:
            self.first_reply = time.perf_counter_ns()

    def _on_request(self) -> None:
        self.last_request = time.perf_counter_ns()
        self.requests += 1

    def _patch(self, owner: Any, name: str, note: Callable[[], None], on_error: bool) -> None:
        original = getattr(owner, name)
        self._saved.append((owner, name, original))

        @functools.wraps(original)
        async def noted(*args: Any, **kwargs: Any) -> Any:
            try:
                result = await original(*args, **kwargs)
            except BaseException:
                if on_error:
                    note()
                raise
            note()
            return result

        setattr(owner, name, noted)


async def close_store(bot: Any) -> None:
    """Close the bot's store after a SimCord run: SimCord's shutdown leaves it open, and aiosqlite's thread
    would hang the benchmark's exit."""
    if bot.store is not None:
        await bot.store.close()
        bot.store = None


@contextlib.contextmanager
def settle_poll(idle: float) -> Iterator[None]:
    """Let SimCord's settle loop poll every `idle` seconds instead of every 50 ms.

    After a verb SimCord waits for the bot to settle; when a table's timer task sleeps while a
    just-scheduled callback is still queued, it waits one whole poll interval before looking again,
    so every verb would cost at least 50 ms of harness idling. A short interval keeps the numbers
    about the bot. (A private SimCord detail, checked on SimCord 3.2.1; left alone if absent.)
    """
    defaults = getattr(simcord.Env._settle_internal, "__kwdefaults__", None) or {}
    if "idle" not in defaults:
        yield
        return
    saved = defaults["idle"]
    defaults["idle"] = idle
    try:
        yield
    finally:
        defaults["idle"] = saved


@dataclass
class Samples:
    times: dict[str, dict[str, list[int]]] = field(default_factory=lambda: {m: defaultdict(list) for m in MEASURES})
    requests: Counter[str] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)
    advances: list[tuple[float, int, int]] = field(default_factory=list)  # (virtual s, timeouts, wall ns)


@dataclass
class BenchTable:
    index: int
    channel: Any
    players: list[Any]
    id: int = 0
    lobby: Any = None


class Load:
    def __init__(self, env: simcord.Env, samples: Samples, clock: BotClock, seed: int) -> None:
        self.env = env
        self.samples = samples
        self.clock = clock
        self.random = random.Random(seed)
        self.tables: list[BenchTable] = []

    # --- measuring ------------------------------------------------------------------------------

    async def timed(self, kind: str, verb: Awaitable[Any]) -> Any:
        """Await one actor verb and note its reply / done / verb times under `kind`."""
        self.clock.reset()
        start = time.perf_counter_ns()
        try:
            result = await verb
        except (simcord.SetupError, TimeoutError) as exc:
            self.samples.problems[f"{kind}: {type(exc).__name__}: {str(exc)[:80]}"] += 1
            return None
        end = time.perf_counter_ns()
        times = self.samples.times
        times["verb"][kind].append(end - start)
        if self.clock.first_reply is not None:
            times["reply"][kind].append(self.clock.first_reply - start)
        if self.clock.last_request is not None:
            times["done"][kind].append(self.clock.last_request - start)
        self.samples.requests[kind] += self.clock.requests
        if not getattr(result, "acknowledged", True):
            self.samples.problems[f"{kind}: not acknowledged"] += 1
        return result

    async def act(self, kind: str, table: BenchTable, verb: Awaitable[Any]) -> Any:
        """A verb that must change the table's state; one that does not is counted as a problem."""
        before = self.seq(table)
        result = await self.timed(kind, verb)
        if result is not None and self.seq(table) == before:
            self.samples.problems[f"{kind}: no effect"] += 1
        return result

    # --- the world ------------------------------------------------------------------------------

    def build(self, count: int) -> None:
        guild = self.env.create_guild("Bench night")
        for i in range(count):
            channel = guild.create_text_channel(f"table-{i:03d}")
            players = [
                guild.add_member(self.env.create_user(f"p{i:03d}{k}", global_name=NAMES[(i + 5 * k) % len(NAMES)]))
                for k in range(SEATS)
            ]
            self.tables.append(BenchTable(i, channel, players))

    def live(self, table: BenchTable) -> Any:
        """The bot's running table (bot.tables.Table), None once it is over."""
        bot = self.env.bot
        assert isinstance(bot, GameMasterBot)
        return bot.service.tables.get(table.id)

    def state(self, table: BenchTable) -> dict[str, Any] | None:
        live = self.live(table)
        return live.state if live is not None else None

    def seq(self, table: BenchTable) -> int:
        live = self.live(table)
        return live.seq if live is not None else -1

    def board_buttons(self, table: BenchTable, pattern: str) -> tuple[discord.Message | None, list[str]]:
        """The board message as it is now and the custom_ids of its buttons that match `pattern`."""
        live = self.live(table)
        board_id = live.row.meta.board if live is not None else None
        board = next((m for m in reversed(table.channel.history()) if m.id == board_id), None) if board_id else None
        if board is None:
            return None, []
        ids = [str(c.custom_id) for row in board.components for c in row.children if getattr(c, "custom_id", None)]
        return board, [i for i in ids if re.fullmatch(pattern, i)]

    def board_button(self, table: BenchTable, op: str) -> tuple[discord.Message | None, str | None]:
        """The board message as it is now and the custom_id of its `op` button (g:<table>:<op>:<moment>,
        or gs:<table> for the card)."""
        board, found = self.board_buttons(table, rf"gs:{table.id}" if op == "card" else rf"g:{table.id}:{op}:[\w-]+")
        return board, (found[0] if found else None)

    # --- setting up -------------------------------------------------------------------------------

    async def open_tables(self) -> None:
        for table in self.tables:
            res = await self.timed("set-up: /spyfall new", table.players[0].slash(
                table.channel, "spyfall new", rounds=3, minutes=8))
            ids = [c.get("custom_id", "") for c in walk_components(res.response.components)] if res else []
            match = next((m for m in (re.fullmatch(r"lobby:(\d+):join", i) for i in ids) if m), None)
            if match is None:
                raise RuntimeError(f"table {table.index}: no lobby was posted")
            table.id, table.lobby = int(match[1]), res.response
        for k in range(1, SEATS):
            for table in self.shuffled(all_tables=True):
                await self.timed("set-up: join", table.players[k].click(
                    table.lobby, custom_id=f"lobby:{table.id}:join"))
        for table in self.shuffled(all_tables=True):
            await self.env.advance_time(START_SPREAD)
            await self.act("set-up: start (sheet, DMs, board)", table, table.players[0].click(
                table.lobby, custom_id=f"lobby:{table.id}:start"))

    # --- what players do ---------------------------------------------------------------------------

    async def show_card(self, table: BenchTable) -> None:
        board, button = self.board_button(table, "card")
        if button and board:
            await self.timed("card (ephemeral)", self.random.choice(table.players).click(board, custom_id=button))

    async def menu_then_pick(self, table: BenchTable, op: str, player: Any) -> None:
        """Click `op` on the board (a private menu comes back), then choose in that menu."""
        board, button = self.board_button(table, op)
        if not button or board is None:
            return
        res = await self.timed(f"{op} button (menu)", player.click(board, custom_id=button))
        if res is None or res.response is None:
            return
        menus = [c for c in walk_components(res.response.components) if c.get("type") == 3]
        if not menus:
            self.samples.problems[f"{op}: no menu"] += 1
            return
        menu = self.random.choice(menus)
        value = self.random.choice(menu["options"])["value"]
        await self.act(f"{op} select (acts)", table, player.select(res.response, [value], custom_id=menu["custom_id"]))

    async def pass_question(self, table: BenchTable) -> None:
        """The asker presses one of the board's "Ask <name>" buttons."""
        state = self.state(table)
        if state is None or state["phase"] != "playing" or state["asker"] is None:
            return
        board, buttons = self.board_buttons(table, rf"g:{table.id}:pass\.\d+:[\w-]+")
        if board is not None and buttons:
            await self.act("pass: ask button (acts)", table, table.players[state["asker"]].click(
                board, custom_id=self.random.choice(buttons)))

    async def accuse(self, table: BenchTable) -> None:
        state = self.state(table)
        if state is None or state["phase"] != "playing":
            return
        free = [s for s in range(state["n"]) if not state["accused"][s] and not state["left"][s]]
        if free:
            await self.menu_then_pick(table, "accuse", table.players[self.random.choice(free)])

    async def vote(self, table: BenchTable, everyone: bool, guilty: bool) -> None:
        state = self.state(table)
        if state is None or state["phase"] not in ("accusation", "final_vote"):
            return
        ballot = state["vote"]["ballot"]
        voters = [s for s in ballot["eligible"] if s not in ballot["fixed"] and ballot["ballots"][s] is None]
        for seat in voters if everyone else voters[:1]:
            board, button = self.board_button(table, "yes" if guilty else "no")
            if button and board:
                await self.act("vote (acts)", table, table.players[seat].click(board, custom_id=button))

    async def deal(self, table: BenchTable) -> None:
        state = self.state(table)
        if state is None or state["phase"] != "round_over":
            return
        board, button = self.board_button(table, "deal")
        if button and board:
            await self.act("deal (acts, DMs 4 cards)", table, table.players[state["dealer"]].click(
                board, custom_id=button))

    async def reveal_and_guess(self, table: BenchTable) -> None:
        state = self.state(table)
        if state is None or state["phase"] != "playing":
            return
        spy = table.players[state["spy"]]
        board, button = self.board_button(table, "reveal")
        if not button or board is None:
            return
        res = await self.act("reveal (acts, menus)", table, spy.click(board, custom_id=button))
        if res is None:
            return
        menus = [(msg, c) for msg in [res.response, *res.followups] if msg is not None
                 for c in walk_components(msg.components) if c.get("type") == 3]
        if not menus:
            self.samples.problems["reveal: no menu"] += 1
            return
        message, menu = self.random.choice(menus)
        value = self.random.choice(menu["options"])["value"]
        await self.act("guess select (acts, ends round)", table, spy.select(
            message, [value], custom_id=menu["custom_id"]))

    # --- the run -----------------------------------------------------------------------------------

    def shuffled(self, all_tables: bool = False) -> list[BenchTable]:
        order = [t for t in self.tables if all_tables or self.live(t) is not None]
        self.random.shuffle(order)
        return order

    async def sweep(self, label: str, action: Callable[[BenchTable], Awaitable[None]]) -> None:
        start = time.perf_counter()
        verbs = self.verbs()
        for table in self.shuffled():
            await action(table)
        print(f"  sweep {label:<38} {self.verbs() - verbs:>4} verbs in {time.perf_counter() - start:5.1f} s")

    def verbs(self) -> int:
        return sum(len(v) for v in self.samples.times["verb"].values())

    async def advance(self, seconds: float, why: str, step: float = 10.0) -> None:
        """Advance the virtual clock in steps: SimCord gives one advance_time 5 real seconds in all."""
        before = {t.id: self.seq(t) for t in self.tables}
        start = time.perf_counter_ns()
        left = seconds
        while left > 0:
            await self.env.advance_time(min(step, left))
            left -= step
        elapsed = time.perf_counter_ns() - start
        fired = sum(1 for t in self.tables if self.seq(t) != before[t.id])
        actions = sum(max(0, self.seq(t) - before[t.id]) for t in self.tables)
        self.samples.advances.append((seconds, actions, elapsed))
        print(f"  advance the virtual clock {seconds:g} s ({why}): {actions} timeouts at {fired} tables,"
              f" {elapsed / 1e6:.0f} ms wall")

    async def play(self) -> None:
        half = {t.id: t.index % 2 == 0 for t in self.tables}
        await self.sweep("show my card", self.show_card)
        await self.sweep("pass the question", self.pass_question)
        await self.sweep("accuse", self.accuse)
        await self.sweep("vote (every voter at half the tables)", lambda t: self.vote(
            t, everyone=half[t.id], guilty=t.index % 4 == 0))
        await self.advance(61, "the other votes time out")
        await self.sweep("deal the next round", self.deal)
        await self.sweep("show my card", self.show_card)
        await self.sweep("spy reveals and guesses (a third)", lambda t: self.reveal_and_guess(t)
                         if t.index % 3 == 0 else asyncio.sleep(0))
        await self.advance(15 * 60, "rounds run out, final votes time out, menus expire")
        await self.sweep("deal the next round", self.deal)
        await self.sweep("show my card", self.show_card)
        await self.sweep("pass the question", self.pass_question)
        await self.sweep("accuse", self.accuse)
        await self.sweep("vote (every voter)", lambda t: self.vote(t, everyone=True, guilty=False))


@dataclass(frozen=True)
class Options:
    tables: int = 100
    directory: str | None = None
    seed: int = 1
    idle: float = 0.002
    stock_simcord: bool = False
    check_speedup: bool = False


async def measure(opts: Options) -> tuple[Samples, dict[str, Any]]:
    samples = Samples()
    clock = BotClock()
    info: dict[str, Any] = {}
    speedup = (contextlib.nullcontext(False) if opts.stock_simcord
               else _simcord_speedup.installed(check=opts.check_speedup))
    with (tempfile.TemporaryDirectory(prefix="bench-bot-", dir=opts.directory) as tmp, settle_poll(opts.idle),
          speedup as indexed):
        info["indexed"] = indexed
        bot = GameMasterBot(Config(token=None, database=str(Path(tmp) / "tables.db"), use_threads=False, shard_count=1))
        clock.install()
        try:
            async with simcord.run(bot, check_errors=False) as env:
                load = Load(env, samples, clock, opts.seed)
                load.build(opts.tables)
                start = time.perf_counter()
                await load.open_tables()
                playing = sum(1 for t in load.tables if load.seq(t) >= 1)
                print(f"  set-up: {opts.tables} tables opened, joined and started in"
                      f" {time.perf_counter() - start:.1f} s; {playing} playing")
                start = time.perf_counter()
                await load.play()
                info["play_seconds"] = time.perf_counter() - start
                info["alive"] = sum(1 for t in load.tables if load.live(t) is not None)
                info["rounds"] = Counter(s["round"] for s in map(load.state, load.tables) if s is not None)
                info["messages"] = sum(len(t.channel.history()) for t in load.tables)
                info["virtual"] = env.now().isoformat()
                info["errors"] = [repr(e) for e in env.errors]
                info["check"] = _simcord_speedup.mismatches() if opts.check_speedup else None
        finally:
            clock.uninstall()
            await close_store(bot)
    return samples, info


def run(opts: Options | None = None) -> list[Metric]:
    opts = opts or Options()
    tables = opts.tables
    header(f"bot under load: {tables} Spyfall tables through SimCord")
    print(f"   SimCord settle poll interval: {opts.idle * 1000:g} ms (SimCord's default: {SIMCORD_IDLE * 1000:g} ms);"
          f" settle lookups: {'stock SimCord' if opts.stock_simcord else 'indexed (bot.simcord_settle)'}")
    samples, info = asyncio.run(measure(opts))
    if not opts.stock_simcord and not info["indexed"]:
        print("   (this SimCord has no such lookups to index: stock settling was used)")
    if info["check"] is not None:
        calls, wrong = info["check"]
        print(f"   indexed settle lookups checked against SimCord's: {calls} calls, {wrong} differences")
    rounds = ", ".join(f"round {r}: {n}" for r, n in sorted(info["rounds"].items()))
    print(
        f"\n  play: {info['play_seconds']:.1f} s; tables running at the end: {info['alive']} ({rounds});"
        f" public messages: {info['messages']}; virtual clock at the end: {info['virtual']}"
    )
    if info["errors"]:
        print(f"  bot errors seen by SimCord: {len(info['errors'])}, e.g. {info['errors'][0][:300]}")
    if samples.problems:
        print("  problems: " + "; ".join(f"{k} ×{v}" for k, v in sorted(samples.problems.items())))
    titles = {
        "reply": "reply: until the first interaction response",
        "done": "done: until the bot's last request for it returned",
        "verb": "verb: the whole actor verb (bot settled)",
    }
    merged: dict[str, list[int]] = {}
    for measure_name in MEASURES:
        by_kind = samples.times[measure_name]
        print(f"\n  {titles[measure_name]}")
        for kind in sorted(by_kind):
            print(stats_line(kind, by_kind[kind]))
        merged[measure_name] = [v for kind, values in by_kind.items() if not kind.startswith("set-up") for v in values]
        print(stats_line("ALL player actions", merged[measure_name]))
    requests = sum(v for k, v in samples.requests.items() if not k.startswith("set-up"))
    print(f"\n  requests the bot made per player action: {requests / max(len(merged['verb']), 1):.1f}")
    for seconds, fired, wall in samples.advances:
        print(f"  timers: advancing {seconds:g} virtual s applied {fired} timeouts in {wall / 1e6:.0f} ms wall"
              f" ({wall / 1e6 / max(fired, 1):.1f} ms per timeout, publishing included)")
    print(
        f"\n  {load_average()}"
        "\n  note: SimCord runs one verb at a time, so the tables are alive at once (state, timers, channels, store)"
        "\n  but their clicks are interleaved, not simultaneous; SimCord's fake Discord and its settling share the"
        "\n  bot's event loop, and its settling cost grows with (waiting tasks) x (timers): see the module docstring."
    )
    metrics = []
    for measure_name in MEASURES:
        s = summary_ms(merged[measure_name])
        metrics.append(Metric(f"bot: action {measure_name} p50", s["p50"], None, "ms"))
        metrics.append(Metric(f"bot: action {measure_name} p99", s["p99"], REPLY_P99_MS, "ms",
                              f"{int(s['n'])} actions, {tables} tables"))
    setup = [v for kind, values in samples.times["verb"].items() if kind.startswith("set-up") for v in values]
    metrics.append(Metric("bot: set-up verbs p99 (new/join/start)", summary_ms(setup)["p99"], None, "ms"))
    for seconds, fired, wall in samples.advances:
        metrics.append(Metric(f"bot: timeouts, per timeout ({seconds:g} s advance)", wall / 1e6 / max(fired, 1), None,
                              "ms", f"{fired} timeouts in {wall / 1e9:.1f} s"))
    return metrics


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100, help="tables alive at once (default 100)")
    parser.add_argument("--dir", default=None, help="directory of the temporary database (default: the temp dir)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices (default 1)")
    parser.add_argument("--settle-idle", type=float, default=0.002,
                        help=f"SimCord's settle poll interval in seconds (default 0.002; SimCord's: {SIMCORD_IDLE})")
    parser.add_argument("--stock-simcord", action="store_true",
                        help="keep SimCord's own settle lookups (quadratic: slow with 100 tables)")
    parser.add_argument("--check-speedup", action="store_true",
                        help="run SimCord's lookups next to the indexed ones and count differences (slow)")
    args = parser.parse_args(argv)
    metrics = run(Options(args.tables, args.dir, args.seed, args.settle_idle, args.stock_simcord, args.check_speedup))
    print_metrics("bot under load summary", metrics)
    return metrics


if __name__ == "__main__":
    main()
