"""`python -m bot sandbox`: the real bot in a virtual Discord, played in the browser, no token needed.

The bot (the same cogs, store, table service and renderers) runs against SimCord's in-process
Discord: one server, a #games channel and five members. SimCord's preview shows the channel in the
browser, where a person picks which member they are, types slash commands, presses buttons and sees
board pictures; ephemeral replies show only to the member who got them. A small launcher page
switches the view between the channel and each member's DMs (one preview at a time is SimCord's
rule). Everything listens on 127.0.0.1 only.

The sandbox keeps its own database (default data/sandbox.db): tables survive a restart, the
channel's messages do not (the virtual Discord lives in memory), so boards are posted anew. Its
virtual clock follows real time, `--speed` times faster, and never runs backwards across restarts
(the time reached is kept beside the database). A sandbox made with `ticking=False` keeps its clock
still until `advance` moves it: the browser tests drive the virtual clock instead of waiting for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import ipaddress
import json
import logging
import shutil
import sqlite3
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from aiohttp import web

from bot.config import Config
from bot.signals import on_stop_signals

log = logging.getLogger(__name__)

GUILD_ID = 424242424242424242  # fixed, so the tables of an earlier run find their server again
MEMBERS = ("ada", "bruno", "carla", "dario", "elena")
DEFAULT_DATABASE = "data/sandbox.db"
DEFAULT_PORT = 8765
TICK = 1.0  # real seconds between two steps of the virtual clock
SIMCORD_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)  # where SimCord's virtual clock starts

INTRO = """\
Tablemaster sandbox: open {url} in your browser, pick a member, type /spyfall new (or /polls,
/arditi, /som, /junta new) and play; the launcher page switches between the #games channel and
each member's DMs. Press Ctrl+C to stop."""
RESUMED = "Resumed from the last run: {count} game{s}, each where it was left."


class SandboxError(Exception):
    """The sandbox cannot start; the message says why in one sentence."""


def is_loopback(host: str | None) -> bool:
    """Whether a peer address is this computer (a browser elsewhere is refused)."""
    if not host:
        return False
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return host == "localhost"


def usable_database(path: Path) -> str | None:
    """None when `path` is a sound SQLite file (or absent); else the sentence saying what is wrong."""
    if not path.exists():
        return None
    try:
        with contextlib.closing(sqlite3.connect(path)) as connection:
            (verdict,) = connection.execute("PRAGMA quick_check").fetchone()
    except sqlite3.DatabaseError as exc:
        return f"{path} is not a usable database ({exc})"
    return None if verdict == "ok" else f"{path} is damaged ({verdict})"


def set_aside(path: Path, problem: str, say: Callable[[str], None]) -> Path:
    """Move a corrupt database out of the way (kept for inspection) so the sandbox starts fresh."""
    kept = path.with_name(f"{path.name}.corrupt-{int(time.time())}")
    shutil.move(path, kept)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            shutil.move(companion, kept.with_name(kept.name + suffix))
    say(f"{problem}; it is kept as {kept} and the sandbox starts with a fresh database.")
    return kept


@dataclass
class SandboxClock:
    """The virtual clock's reading, kept beside the database so it never runs backwards."""

    path: Path

    def saved(self) -> float:
        try:
            return float(json.loads(self.path.read_text())["elapsed"])
        except (OSError, ValueError, KeyError, TypeError):
            return 0.0

    def save(self, elapsed: float) -> None:
        with contextlib.suppress(OSError):
            self.path.write_text(json.dumps({"elapsed": elapsed}))

    def start_at(self) -> float:
        """Seconds after SimCord's epoch to start from: real time, or later if an earlier run got further."""
        real = (datetime.now(UTC) - SIMCORD_EPOCH).total_seconds()
        return max(real, self.saved(), 0.0)


@dataclass
class Sandbox:
    """A running sandbox: the virtual Discord with the bot, its preview and its launcher page."""

    database: Path
    port: int = DEFAULT_PORT
    speed: float = 1.0
    say: Callable[[str], None] = print
    ticking: bool = True  # False: the clock moves only when `advance` is called (the browser tests)
    settings: dict[str, Any] = field(default_factory=dict)  # more of the bot's Config (tests: a quick board pacing)
    env: Any = None
    guild: Any = None
    channel: Any = None
    members: list[Any] = field(default_factory=list)
    preview: Any = None
    view: str = "games"
    url: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _runner: Any = None
    _ticker: asyncio.Task[None] | None = None
    _elapsed: float = 0.0
    _clock: SandboxClock | None = None

    async def start(self) -> str:
        """Start the bot in its virtual Discord and the launcher; returns the launcher's address."""
        import simcord

        from bot.app import GameMasterBot

        self.database.parent.mkdir(parents=True, exist_ok=True)
        problem = usable_database(self.database)
        if problem is not None:
            set_aside(self.database, problem, self.say)
        bot = GameMasterBot(Config(token=None, database=str(self.database), use_threads=False, shard_count=1,
                                    **self.settings))
        self.env = simcord.Env(bot, check_errors=False, settle_timeout=60.0)
        self.env.backend.bot_user.name = "Tablemaster"  # SimCord calls its bot "TestBot"
        await self.env.start()
        self.guild = self.env.create_guild("Tablemaster sandbox", id=GUILD_ID)
        self.channel = self.guild.create_text_channel("games", topic="Play here: type / to see the commands.")
        self.members = [self.guild.add_member(self.env.create_user(name)) for name in MEMBERS]
        clock = SandboxClock(self.database.with_name(self.database.name + ".clock"))
        self._elapsed = clock.start_at()
        await self.env.advance_time(self._elapsed)  # deadlines that passed while stopped apply now
        await self.repost_boards()
        await self.show("games")
        self.url = await self._serve()
        self._clock = clock
        if self.ticking:
            self._ticker = asyncio.create_task(self._tick())
        return self.url

    async def repost_boards(self) -> None:
        """The tables of an earlier run are back; their boards are posted again in the fresh channel."""
        bot = self.env.bot
        for table in list(bot.service.tables.values()):
            if table.status == "playing":
                with contextlib.suppress(discord.HTTPException):
                    await bot.presenter(table).show_board(table)

    async def show(self, view: str) -> str:
        """Switch the preview to the #games channel ("games") or a member's DMs ("dm:<name>")."""
        async with self.lock:
            if self.preview is not None and view == self.view:
                return str(self.preview.url)
            if view == "games":
                channel, viewers = self.channel, self.members
            elif view.startswith("dm:") and view[3:] in MEMBERS:
                member = self.members[MEMBERS.index(view[3:])]
                channel, viewers = member.user.dm_channel, [member.user]
            else:
                raise SandboxError(f"there is no view called {view!r}")
            if self.preview is not None:
                await self.preview.close()
                self.preview = None
            preview = self.env.preview(channel, viewers=viewers, layout="channel")
            await preview.__aenter__()
            self._serialise(preview)
            self.preview, self.view = preview, view
            return str(preview.url)

    def _serialise(self, preview: Any) -> None:
        """A browser action and a step of the clock never overlap (SimCord runs one operation at a time)."""
        original: Callable[..., Awaitable[Any]] = preview._action

        async def one_at_a_time(*args: Any, **kwargs: Any) -> Any:
            async with self.lock:
                return await original(*args, **kwargs)

        preview._action = one_at_a_time

    async def advance(self, seconds: float) -> None:
        """Move the virtual clock `seconds` on (0: not at all): the timers and deadlines due fire, the bot's work
        settles and the preview shows the result. One step at a time, never during a browser action."""
        async with self.lock:
            if seconds > 0:
                await self.env.advance_time(seconds)
                self._elapsed += seconds
            if self.preview is not None:
                with contextlib.suppress(Exception):
                    await self.preview.refresh()
        if seconds > 0 and self._clock is not None:
            self._clock.save(self._elapsed)

    async def _tick(self) -> None:
        """Real time passes in the virtual Discord too (`speed` times faster): timers and deadlines fire."""
        while True:
            await asyncio.sleep(TICK)
            try:
                await self.advance(TICK * self.speed)
            except Exception:  # noqa: BLE001 - a slow step must not stop the clock for good
                log.exception("the sandbox clock could not advance")

    # --- the launcher page -------------------------------------------------------------------------

    async def _serve(self) -> str:
        app = web.Application(middlewares=[loopback_only])
        app.router.add_get("/", self._index)
        app.router.add_get("/go/{view}", self._go)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        try:
            site = web.TCPSite(self._runner, "127.0.0.1", self.port)
            await site.start()
        except OSError:
            if self.port == 0:
                raise
            self.say(f"Port {self.port} is busy (another program uses it); taking a free one instead. "
                     "Choose one with --port.")
            site = web.TCPSite(self._runner, "127.0.0.1", 0)
            await site.start()
        server = getattr(site, "_server", None)
        port = server.sockets[0].getsockname()[1] if server is not None and server.sockets else self.port
        self.port = int(port)
        return f"http://127.0.0.1:{self.port}/"

    async def _index(self, request: web.Request) -> web.Response:
        return web.Response(text=launcher_page(self.view), content_type="text/html")

    async def _go(self, request: web.Request) -> web.Response:
        try:
            url = await self.show(request.match_info["view"])
        except SandboxError as exc:
            return web.Response(status=404, text=f"{exc}.\n")
        raise web.HTTPFound(url)

    async def stop(self, why: str = "stopped") -> None:
        """Stop cleanly: no more clicks, the actions under way finished, the clock saved, the database closed."""
        if self.env is not None and self.env.bot.store is not None:
            from bot.app import finish_actions

            self.env.bot.accepting = False
            await finish_actions(list(self.env.bot.service.tables.values()), 6.0)
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        if self.preview is not None:
            with contextlib.suppress(Exception):
                await self.preview.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self.env is not None:
            bot = self.env.bot
            kept = sum(1 for table in bot.service.tables.values() if table.status == "playing")
            await self.env.shutdown()
            await bot.close_store()
            log.warning("Sandbox %s: %d open table%s kept; they resume at the next start.", why, kept,
                        "" if kept == 1 else "s")


@web.middleware
async def loopback_only(request: web.Request, handler: Any) -> web.StreamResponse:
    """A browser on another machine is refused, whatever address the server listens on."""
    if not is_loopback(request.remote):
        return web.Response(status=403, text="The sandbox answers only this computer (127.0.0.1).\n")
    return await handler(request)


def launcher_page(current: str) -> str:
    """The launcher: where to look from (the channel, or one member's DMs)."""
    links = [("games", "#games — the channel (pick your member inside)")]
    links += [(f"dm:{name}", f"✉️ {name}'s DMs") for name in MEMBERS]
    items = "\n".join(
        f'<li><a id="go-{html.escape(view.replace(":", "-"))}" href="/go/{html.escape(view)}">{html.escape(label)}</a>'
        + (" (open now)" if view == current else "") + "</li>"
        for view, label in links
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tablemaster sandbox</title>
<style>body{{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;line-height:1.5}}
li{{margin:.4rem 0}}</style></head>
<body><h1>Tablemaster sandbox</h1>
<p>The real bot in a virtual Discord on this computer. Open the channel, choose which member you are,
type <code>/spyfall new</code>, <code>/polls new</code>, <code>/arditi new</code>, <code>/som new</code> or
<code>/junta new</code>, and play. Private replies show only to the member who got them; DMs are
one view per member.</p>
<ul>
{items}
</ul>
<p>Opening a view closes the one open before (one view at a time).</p>
</body></html>"""


async def run(database: str = DEFAULT_DATABASE, port: int = DEFAULT_PORT, speed: float = 1.0,
              ready: Callable[[Sandbox], Awaitable[None]] | None = None) -> int:
    """Run the sandbox until interrupted (or until `ready` returns, for tests)."""
    sandbox = Sandbox(Path(database), port=port, speed=speed)
    try:
        url = await sandbox.start()
    except SandboxError as exc:
        print(f"The sandbox cannot start: {exc}.")
        await sandbox.stop()
        return 2
    stopping = asyncio.Event()
    if ready is None:
        on_stop_signals(stopping.set)  # before anything is said: whoever read it may stop us at once
    print(INTRO.format(url=url), flush=True)
    resumed = sum(1 for table in sandbox.env.bot.service.tables.values() if table.status == "playing")
    if resumed:
        print(RESUMED.format(count=resumed, s="" if resumed == 1 else "s"), flush=True)
    why = "stopped"
    try:
        if ready is not None:
            await ready(sandbox)
        else:
            await stopping.wait()
            why = "stop signal"
    finally:
        await sandbox.stop(why)
    return 0
