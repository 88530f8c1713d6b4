"""Stop signals, for the bot (bot/__main__.py) and the sandbox (bot/sandbox.py) alike."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable


def on_stop_signals(stop: Callable[[], None]) -> None:
    """SIGTERM (docker compose stop, systemd) and SIGINT (Ctrl-C) ask for a clean stop instead of killing."""
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        # Windows has no such handlers: there Ctrl-C goes through Python's default handler.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(number, stop)
