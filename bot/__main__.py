"""`python -m bot [--config PATH]`: run the game-master bot."""

from __future__ import annotations

import argparse
import logging
import sys

from bot.config import ConfigError, load_config

NO_TOKEN = """\
No Discord bot token found, so the bot cannot log in.
Create an application at https://discord.com/developers/applications, open its "Bot" page,
press "Reset Token" and copy the token. Then either export it in your shell
(export DISCORD_TOKEN=your-token) or copy config.example.toml to config.toml and put it in
[bot] token = "...". Invite the bot with the "bot" and "applications.commands" scopes
(see README.md, "Creating the Discord application") and run `python -m bot` again."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the game-master bot.")
    parser.add_argument("--config", help="path to a config.toml (default: ./config.toml if present)")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2

    import discord

    from bot.app import GameMasterBot

    discord.utils.setup_logging(level=getattr(logging, config.log_level))
    bot = GameMasterBot(config)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token: reset it on the Bot page and set it again.", file=sys.stderr)
        return 2
    except (OSError, discord.HTTPException) as exc:  # aiohttp's connection errors are OSErrors
        print(f"Could not reach Discord ({exc}). Check the network connection and try again.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
