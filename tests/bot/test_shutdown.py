"""Stopping the bot as a supervisor does: SIGTERM (docker compose stop, systemd) and Ctrl-C end the real
process cleanly, and the next start resumes its tables where they were."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.__main__ import serve
from bot.sandbox import Sandbox
from bot.store import Store
from bot.tables import TableService

ROOT = Path(__file__).resolve().parents[2]
EXIT_WITHIN = 20.0  # seconds: the bot's own waits are bounded to stay under the supervisors' 10 s


async def a_running_game(path: Path) -> tuple[int, int]:
    """A Polls game against the computer in a sandbox database, the member having made a move: (table, seq)."""
    sandbox = Sandbox(path, port=0, say=lambda text: None)
    await sandbox.start()
    try:
        async with sandbox.lock:
            await sandbox.members[0].slash(sandbox.channel, "polls new", computer=True)
        (table,) = sandbox.env.bot.service.tables.values()
        return table.id, table.seq
    finally:
        await sandbox.stop()


def start(path: Path) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.Popen([sys.executable, "-m", "bot", "sandbox", "--port", "0", "--speed", "20",
                             "--database", str(path)], cwd=path.parent, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def said_until(process: subprocess.Popen[str], words: str) -> str:
    """What the process printed up to the line holding `words` (it prints as it starts)."""
    assert process.stdout is not None
    said = ""
    for line in process.stdout:
        said += line
        if words in line:
            return said
    raise AssertionError(f"the process ended before saying {words!r}: {said}")


def stop(process: subprocess.Popen[str], how: signal.Signals) -> tuple[int, str, float]:
    """Send `how`; (exit code, what it wrote to stderr, seconds until it ended)."""
    asked = time.monotonic()
    process.send_signal(how)
    try:
        _out, err = process.communicate(timeout=EXIT_WITHIN)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return process.returncode, err, time.monotonic() - asked


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
async def test_sigterm_and_ctrl_c_stop_cleanly_and_the_game_resumes(tmp_path: Path) -> None:
    """SIGTERM during a game: exit 0, one line saying the tables are kept; the next start says it resumed
    the game, and Ctrl-C stops it the same way; the stored log rebuilds the stored state exactly."""
    path = tmp_path / "s.db"
    table_id, seq = await a_running_game(path)

    first = start(path)
    assert "Resumed from the last run: 1 game" in said_until(first, "Resumed from the last run")
    code, err, seconds = stop(first, signal.SIGTERM)
    assert code == 0, err
    assert "Traceback" not in err
    assert [line for line in err.splitlines() if "table" in line and "kept" in line] == [
        "WARNING bot.sandbox: Sandbox stop signal: 1 open table kept; they resume at the next start."], err

    second = start(path)
    assert "Resumed from the last run: 1 game" in said_until(second, "Resumed from the last run")
    code, err, seconds = stop(second, signal.SIGINT)
    assert code == 0 and "Traceback" not in err, err
    assert "1 open table kept" in err

    store = await Store.open(str(path))
    try:
        service = TableService(store)
        await service.resume_all()
        table = service.tables[table_id]
        assert table.status == "playing" and table.seq >= seq
        assert table.game.dump(await service.replay(table_id)) == table.game.dump(table.state)
    finally:
        await store.close()


async def test_serve_shuts_the_bot_down_on_sigterm() -> None:
    """`python -m bot` with a token: SIGTERM ends the connection through the bot's clean shutdown."""
    calls: list[str] = []

    class Bot:
        async def __aenter__(self) -> Bot:
            return self

        async def __aexit__(self, *exc: object) -> None:
            calls.append("closed")

        async def start(self, token: str) -> None:
            calls.append(f"start {token}")
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.Event().wait()

        async def shut_down(self, why: str) -> None:
            calls.append(f"shut down: {why}")

    await serve(Bot(), "token")
    assert calls == ["start token", "shut down: stop signal", "closed"]
