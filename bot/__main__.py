"""`python -m bot [sandbox] [--sandbox] [--config PATH] [--port N] [--speed X] [--database PATH]`.

With a token (config.toml or DISCORD_TOKEN) the bot connects to Discord. Without one, or with
`sandbox` / `--sandbox`, it starts the local sandbox: the same bot in a virtual Discord in the
browser (bot/sandbox.py)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from typing import Any

from bot.config import ConfigError, load_config
from bot.signals import on_stop_signals

NO_TOKEN = """\
No Discord bot token is configured, so this is the local sandbox: the same bot in a virtual Discord
on this computer, to try every game. To play in a real server, create a bot token (README.md,
"Creating the Discord application"), put it in config.toml or DISCORD_TOKEN, and run `python -m bot`
again."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the game-master bot.")
    parser.add_argument("mode", nargs="?", choices=["sandbox"], help="sandbox: the local sandbox, even with a token")
    parser.add_argument("--sandbox", action="store_true", help="the local sandbox, even with a token")
    parser.add_argument("--config", help="path to a config.toml (default: ./config.toml if present)")
    parser.add_argument("--port", type=int, default=None, help="the sandbox's port on 127.0.0.1 (default 8765)")
    parser.add_argument("--speed", type=float, default=1.0, help="the sandbox's clock speed (default 1: real time)")
    parser.add_argument("--database", default=None, help="the sandbox's database (default data/sandbox.db)")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.mode == "sandbox" or args.sandbox or not config.token:
        if not (args.mode == "sandbox" or args.sandbox):
            print(NO_TOKEN, flush=True)
        return sandbox(args)

    import discord

    from bot.app import GameMasterBot
    from bot.metrics import MetricsError, bind
    from bot.store import SchemaTooNewError, StoreError

    # The metrics port is claimed first (when set): a port another program holds is said in one sentence.
    metrics_socket = None
    if config.metrics_port is not None:
        try:
            metrics_socket = bind(config.metrics_host, config.metrics_port)
        except MetricsError as exc:
            print(exc, file=sys.stderr)
            return 2
    # The database first: an unreachable server or a schema from a newer bot is said in one sentence
    # before anything connects to Discord.
    try:
        asyncio.run(check_store(config.storage_url))
    except SchemaTooNewError as exc:
        print(exc, file=sys.stderr)
        return 2
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 1
    discord.utils.setup_logging(level=getattr(logging, config.log_level))
    bot = GameMasterBot(config, metrics_socket=metrics_socket)
    try:
        asyncio.run(serve(bot, config.token))
    except discord.LoginFailure:
        print("Discord refused the token: reset it on the Bot page and set it again.", file=sys.stderr)
        return 2
    except (OSError, discord.HTTPException) as exc:  # aiohttp's connection errors are OSErrors
        print(f"Could not reach Discord ({exc}). Check the network connection and try again.", file=sys.stderr)
        return 1
    return 0


async def serve(bot: Any, token: str) -> None:
    """Run the bot until Discord ends it or a stop signal comes; then shut it down cleanly (bot.shut_down)."""
    stopping = asyncio.Event()
    on_stop_signals(stopping.set)
    async with bot:
        running = asyncio.create_task(bot.start(token))
        asked = asyncio.create_task(stopping.wait())
        done, _ = await asyncio.wait({running, asked}, return_when=asyncio.FIRST_COMPLETED)
        if running in done:
            asked.cancel()
            running.result()  # LoginFailure and connection errors are said by main()
            return
        await bot.shut_down("stop signal")
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await running


async def check_store(url: str) -> None:
    """Open the store (migrating it) and close it again; raises StoreError with one sentence."""
    from bot.store import Store

    await (await Store.connect(url)).close()


def sandbox(args: argparse.Namespace) -> int:
    from bot import sandbox as local

    if args.speed <= 0:
        print("--speed must be above 0 (1 is real time).", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)  # voice and intents notes mean nothing here
    try:
        return asyncio.run(local.run(database=args.database or local.DEFAULT_DATABASE,
                                     port=local.DEFAULT_PORT if args.port is None else args.port, speed=args.speed))
    except KeyboardInterrupt:
        print("Sandbox stopped; its tables are kept for next time.")
        return 0


if __name__ == "__main__":
    sys.exit(main())
