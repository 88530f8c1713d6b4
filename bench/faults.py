"""Faults, measured: the database away for a while in the middle of a game, and Discord answering errors.

Run:  .venv/bin/python -m bench.faults [--outage 20] [--backend sqlite postgresql]

The real bot (`bot.app.GameMasterBot`) runs inside SimCord (`simcord.run`, no pytest) on a fresh database.
Four members play Spyfall: every `--every` seconds (real time) the member whose turn it is passes the
question with `/spyfall ask`, as people would keep clicking.

- **Database outage**, per backend: SQLite's file held by another connection's write transaction; the
  PostgreSQL server (a throwaway one started here, or none: then said) stopped with `pg_ctl stop` and
  started again. Each click made during the outage is either *refused* (its member got the sentence
  "can't be reached right now; nothing was played") or *lost* (neither refused nor played: the target
  is 0). Once the database is back: the time until the next click is played, and the time until the
  round's deadline that fell due during the outage fires (it is retried with backoff).
- **Discord errors**: HTTP 503 injected on the bot's message posts and edits for a while (SimCord's
  error injection), then taken away: how many requests the bot retried, how many boards were left
  behind the table (the target is 0), checked once the errors stop.

Reports, never asserts. Times are real seconds (SimCord's virtual clock is advanced alongside).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import simcord

from bench._common import Metric, header, print_metrics
from bot.testkit.outage import sqlite_locked

REFUSED = "can't be reached right now; nothing was played"
MEMBERS = ("ana", "bruno", "carla", "dario")


@dataclass
class Outcome:
    backend: str
    clicks: int = 0
    refused: int = 0
    lost: int = 0
    first_played_after: float | None = None  # seconds from the database back to the next click played
    deadline_fired_after: float | None = None  # seconds from the database back to the time-out applied
    notes: list[str] = field(default_factory=list)


def custom_id(message: Any, ending: str) -> str:
    ids = [c.custom_id for row in message.components for c in getattr(row, "children", [row])
           if str(getattr(c, "custom_id", "")).endswith(ending)]
    return str(ids[0])


class Game:
    """A Spyfall table of four members in a SimCord guild, played by `/spyfall ask`."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        guild = env.create_guild("Faults")
        self.channel = guild.create_text_channel("games")
        self.members = [guild.add_member(env.create_user(name)) for name in MEMBERS]
        self.table_id = 0

    @property
    def bot(self) -> Any:
        return self.env.bot

    @property
    def table(self) -> Any:
        return self.bot.service.tables.get(self.table_id)

    async def open(self) -> None:
        host, *others = self.members
        await host.slash(self.channel, "spyfall new", minutes=8)
        lobby = self.channel.last_message
        assert lobby is not None
        for member in others:
            await member.click(lobby, custom_id=custom_id(lobby, ":join"))
        await host.click(lobby, custom_id=custom_id(lobby, ":start"))
        self.table_id = max(self.bot.service.tables)

    async def ask(self) -> str:
        """The member whose turn it is passes the question; what they were told privately."""
        state = self.table.state
        asker = state["asker"]
        target = next(s for s in range(4) if s not in (asker, state.get("asked_by")))
        result = await self.members[asker].slash(self.channel, "spyfall ask", player=self.members[target])
        said = [result.response.content if result.response else ""] + [f.content for f in result.followups]
        return "\n".join(text or "" for text in said)


@contextlib.asynccontextmanager
async def sqlite_outage(path: Path) -> AsyncIterator[None]:
    with sqlite_locked(path):
        yield


@contextlib.asynccontextmanager
async def postgres_outage(url: str) -> AsyncIterator[None]:
    from bench import _postgres

    port = urlsplit(url).port
    control = _postgres.CONTROL.get(port or 0)
    if control is None:
        raise RuntimeError("this PostgreSQL server was not started here: it cannot be stopped")
    await asyncio.to_thread(control.stop)
    try:
        yield
    finally:
        await asyncio.to_thread(control.start)


async def outage_run(backend: str, storage: str, outage: Callable[[], contextlib.AbstractAsyncContextManager[None]],
                     seconds: float, every: float) -> Outcome:
    from bot.app import GameMasterBot
    from bot.config import Config

    found = Outcome(backend)
    config = Config(token=None, database=storage, database_url=storage if "://" in storage else None,
                    use_threads=False, shard_count=1)
    bot = GameMasterBot(config)
    try:
        async with simcord.run(bot, check_errors=False) as env:
            game = Game(env)
            await game.open()
            # 1. Clicks while the database is away: each refused with the sentence, or lost.
            async with outage():
                began = time.monotonic()
                while time.monotonic() - began < seconds:
                    seq = game.table.seq
                    said = await game.ask()
                    found.clicks += 1
                    if REFUSED in said:
                        found.refused += 1
                    elif game.table.seq == seq:
                        found.lost += 1
                        found.notes.append(said[:80])
                    await asyncio.sleep(every)
            seq, back = game.table.seq, time.monotonic()
            await game.ask()
            if game.table.seq > seq:
                found.first_played_after = time.monotonic() - back
            # 2. The round's clock runs out while the database is away again: the time-out waits for it.
            deadline = game.table.game.deadline(game.table.state)
            async with outage():
                await env.advance_time(max(0.0, deadline - env.now().timestamp()) + 1)
                seq_at_deadline = game.table.seq
                await asyncio.sleep(min(seconds, 3.0))
            back = time.monotonic()
            while game.table is not None and game.table.seq == seq_at_deadline and time.monotonic() - back < 60:
                await env.advance_time(0.2)
                await asyncio.sleep(0.05)
            if game.table is None or game.table.seq > seq_at_deadline:
                found.deadline_fired_after = time.monotonic() - back
    finally:
        if bot.store is not None:
            await bot.store.close()
    return found


async def outages(backends: Sequence[str], seconds: float, every: float, postgres_url: str | None) -> list[Outcome]:
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-faults-") as tmp:
        if "sqlite" in backends:
            path = Path(tmp) / "tables.db"
            results.append(await outage_run("sqlite", str(path), lambda: sqlite_outage(path), seconds, every))
        if "postgresql" in backends:
            if postgres_url is None:
                results.append(Outcome("postgresql", notes=["no PostgreSQL server: not measured"]))
            else:
                results.append(await outage_run("postgresql", postgres_url, lambda: postgres_outage(postgres_url),
                                                seconds, every))
    return results


@dataclass
class Errors:
    clicks: int = 0
    failed_requests: int = 0  # requests answered 503 (each is tried again by the bot, within bounds)
    requests: int = 0
    boards_behind: int = 0  # clicks after which the board did not come to show the table's last action


async def discord_errors_run(clicks: int, every: int) -> Errors:
    """Every `every`-th request to post or edit in the channel answered 503 once, for `clicks` clicks."""
    from bot.app import GameMasterBot
    from bot.config import Config

    found = Errors()
    with tempfile.TemporaryDirectory(prefix="bench-faults-") as tmp:
        bot = GameMasterBot(Config(token=None, database=str(Path(tmp) / "tables.db"), use_threads=False,
                                   shard_count=1, board_edit_interval=0.05))
        try:
            async with simcord.run(bot, check_errors=False) as env:
                game = Game(env)
                await game.open()
                original = bot.http.request

                async def counted(route: Any, **kwargs: Any) -> Any:
                    found.requests += 1
                    try:
                        return await original(route, **kwargs)
                    except Exception as exc:
                        if getattr(exc, "status", None) == 503:
                            found.failed_requests += 1
                        raise

                bot.http.request = counted  # type: ignore[method-assign]
                for click in range(clicks):
                    if game.table is None or game.table.state["phase"] != "playing":
                        break
                    if click % max(1, every) == 0:
                        env.inject_error("*", f"/channels/{game.channel.id}/messages*", status=503,
                                         message="Service Unavailable")
                    await game.ask()
                    found.clicks += 1
                    await env.advance_time(1.0)  # the paced edit goes
                    if game.table.row.meta.board_seq != game.table.seq:
                        found.boards_behind += 1
        finally:
            if bot.store is not None:
                await bot.store.close()
    return found


def run(seconds: float = 20.0, every: float = 1.0, backends: Sequence[str] = ("sqlite", "postgresql")) -> list[Metric]:
    header(f"Faults: the database away for {seconds:.0f} s in a Spyfall game, a click every {every:g} s")
    metrics: list[Metric] = []
    logging.getLogger("bot").setLevel(logging.ERROR)  # the warnings the outage causes are expected here
    with contextlib.ExitStack() as stack:
        from bench import _postgres

        url = stack.enter_context(_postgres.database()) if "postgresql" in backends else None
        results = asyncio.run(outages(backends, seconds, every, url))
    for found in results:
        if not found.clicks:
            print(f"  {found.backend}: {'; '.join(found.notes)}")
            continue
        print(f"  {found.backend}: {found.clicks} clicks during the outage: {found.refused} refused with the"
              f" sentence, {found.lost} lost; once back, the next click played in"
              f" {found.first_played_after if found.first_played_after is not None else float('nan'):.2f} s, the"
              f" deadline that fell due fired after {found.deadline_fired_after or float('nan'):.1f} s")
        for note in found.notes[:3]:
            print(f"    lost: {note}")
        metrics += [
            Metric(f"faults {found.backend}: clicks lost", found.lost, 0, "", f"of {found.clicks}; target 0"),
            Metric(f"faults {found.backend}: back → next click played", round(found.first_played_after or -1, 2),
                   None, "s"),
            Metric(f"faults {found.backend}: back → due deadline fired", round(found.deadline_fired_after or -1, 1),
                   None, "s", "retried with backoff 1, 2, 4, 8 s"),
        ]
    errors = asyncio.run(discord_errors_run(clicks=20, every=2))
    print(f"  Discord: {errors.clicks} clicks with a 503 on every second one's post or edit: {errors.failed_requests}"
          f" requests answered 503 and tried again (of {errors.requests}); boards left behind the table:"
          f" {errors.boards_behind}")
    metrics += [
        Metric("faults discord: requests retried after a 503", errors.failed_requests, None, "",
               f"of {errors.requests} requests, {errors.clicks} clicks"),
        Metric("faults discord: boards left behind", errors.boards_behind, 0, "", "target 0"),
    ]
    return metrics


def main(argv: Sequence[str] | None = None) -> list[Metric]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--outage", type=float, default=20.0, help="seconds the database is away (default 20)")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between two clicks (default 1)")
    parser.add_argument("--backend", nargs="+", default=["sqlite", "postgresql"], choices=["sqlite", "postgresql"])
    args = parser.parse_args(argv)
    metrics = run(args.outage, args.every, args.backend)
    print_metrics("faults summary", metrics)
    return metrics


if __name__ == "__main__":
    main()
