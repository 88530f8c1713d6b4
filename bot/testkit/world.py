"""A guild with a channel and members around the bot running in SimCord, and the ids of a message's controls."""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord._runtime import _LIVE_LOOPS  # simcord 3.2.1 (pinned): the Env running on a loop

from bot.app import GameMasterBot
from bot.config import Config

FIRST_SEED = 1000


async def lease_pause(seconds: float) -> None:
    """The shard lease loop's wait between two ticks, on SimCord's virtual clock only. SimCord gives a plain
    sleep a wall-clock fallback and makes every settle wait for one due before its deadline: each click of a
    test past the loop's 10 s waited for the tick, and the tick then moved the virtual clock 10 s on, running
    all the timers of the bot due meanwhile (a computer's whole turn) inside what was left of that click's
    5 s; a loaded machine ran out. Declared as an external wait, the sleep moves only with `advance_time`, as
    the other timers of a test do; a lease is renewed against PostgreSQL's own clock, which no test moves, and
    the tests of the cluster tick it themselves."""
    env = _LIVE_LOOPS.get(asyncio.get_running_loop())
    if env is None:
        await asyncio.sleep(seconds)
        return
    try:
        await env.external_wait(asyncio.sleep(seconds), reason="the shard lease loop's interval")
    except simcord.SetupError:  # not SimCord's bot (a second process beside it, bot/testkit/cluster.py)
        await asyncio.sleep(seconds)


def make_bot(db: Path | str, **settings: Any) -> GameMasterBot:
    """A bot on `db` (a SQLite file, or a postgresql:// URL) whose tables get the seeds 1000, 1001, … in the
    order they open, with no threads, the board edits paced in a 20 ms window and a practice table's computers
    unpaced."""
    settings.setdefault("use_threads", False)
    settings.setdefault("shard_count", 1)  # SimCord needs a sharded bot's count; Discord's gateway gives it
    # SimCord waits out a timer shorter than its settle timeout in real time, so a folded board edit would
    # cost each click up to a second; the same pacing in a 20 ms window (tests/bot/ui/test_pacing.py: 1 s).
    settings.setdefault("board_edit_interval", 0.02)
    settings.setdefault("practice_pace", 0.0)  # likewise a practice table's computer turns (test_practice.py: paced)
    where = {"database_url": db} if str(db).startswith("postgresql://") else {"database": str(db)}
    return GameMasterBot(Config(token=None, **where, **settings), seed_source=itertools.count(FIRST_SEED).__next__,
                         lease_pause=lease_pause)


def components(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [row])]


def custom_id(message: discord.Message, pattern: str) -> str:
    """The custom_id of the one component whose id matches `pattern`."""
    ids = [c.custom_id for c in components(message) if getattr(c, "custom_id", None)]
    found = [i for i in ids if re.search(pattern, i)]
    if len(found) != 1:
        raise AssertionError(f"{pattern!r} in {ids}")
    return found[0]


@dataclass
class World:
    env: simcord.Env
    guild: Any
    channel: Any
    players: list[Any]
    outsider: Any
    maker: Callable[[Path | str], GameMasterBot] = field(default=make_bot)  # the bot a restart starts

    @property
    def bot(self) -> GameMasterBot:
        return self.env.bot  # type: ignore[return-value]

    def board(self, where: Any = None) -> discord.Message:
        """The newest message carrying a table's board (an embed with the table's controls)."""
        for message in reversed((where or self.channel).history()):
            if message.embeds and any(str(getattr(c, "custom_id", "")).startswith(("g:", "gv:", "gs:", "gn:"))
                                      for c in components(message)):
                return message
        raise AssertionError("no board message")

    def texts(self, where: Any = None) -> list[str]:
        """Every public message, content and embeds, oldest first."""
        out = []
        for message in (where or self.channel).history():
            parts = [message.content or ""]
            for embed in message.embeds:
                parts += [embed.title or "", embed.description or ""]
                parts += [f"{f.name} {f.value}" for f in embed.fields]
                if embed.footer and embed.footer.text:
                    parts.append(embed.footer.text)
            out.append("\n".join(parts))
        return out

    async def restart(self, db_path: Path | str) -> GameMasterBot:
        """Stop the bot and start a new one on the same database, as a deploy does (the old process stops
        cleanly first, giving back its shards' leases and closing its database connections, so the new one
        takes them at once)."""
        old = self.env.bot
        if isinstance(old, GameMasterBot):
            await old.stop_cluster()
            await old.close_store()  # its connections closed: nothing of it holds a row or a lock any more
        bot = self.maker(db_path)
        await self.env.restart_bot(bot)
        return bot


def new_world(env: simcord.Env, maker: Callable[[Path | str], GameMasterBot] = make_bot) -> World:
    """#games in "Game night", four members (barbara, federico, gianni, sabrina) and olga, a member who does
    not play."""
    guild = env.create_guild("Game night")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("barbara", "federico", "gianni", "sabrina")]
    outsider = guild.add_member(env.create_user("olga"))
    return World(env, guild, channel, players, outsider, maker)
