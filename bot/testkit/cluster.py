"""A second bot process beside the one SimCord runs, on the same virtual Discord: for the cluster's tests and bench.

SimCord runs one bot per event loop, with the gateway. The second bot here has no gateway: it talks to the same
virtual Discord by REST only (posts, edits, DMs, and the answers to interactions by their id and token, as the real
one does), so the events of its shards reach it only as clicks forwarded by the first (bot/cluster.py): a DM goes
to shard 0, which the first bot runs."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import simcord
from discord.webhook.async_ import async_context
from simcord.http.client import FakeHTTPClient

from bot.app import GameMasterBot


async def beside(env: simcord.Env, bot: GameMasterBot) -> GameMasterBot:
    """Start `bot` (its store, cogs, leases and forwarding) on `env`'s virtual Discord, without a gateway."""
    http = FakeHTTPClient(env.backend, asyncio.get_running_loop())
    bot.http = http
    bot._connection.http = http
    bot.tree._http = http  # the command tree keeps the client it was made with
    async_context.set(env._webhook_adapter)  # interaction answers go through SimCord's webhook adapter
    await bot.login("simcord")
    return bot


async def until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait until `check()` holds (the bot beside works outside SimCord's settling, as another process would);
    AssertionError when it has not after `seconds`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        if loop.time() > deadline:
            raise AssertionError(f"still not so after {seconds:g} s")
        await asyncio.sleep(0.005)
