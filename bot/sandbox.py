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
from discord import app_commands
from simcord.backend.access import can_access_channel
from simcord.builders import ChannelHandle

from bot.config import Config
from bot.sandbox_preview import adapt, quick_markdown, show_mentions_in_embeds, timers_follow_the_sandbox_clock
from bot.signals import on_stop_signals
from games import DESCRIPTORS

log = logging.getLogger(__name__)

GUILD_ID = 424242424242424242  # fixed, so the tables of an earlier run find their server again
MEMBERS = ("ada", "bruno", "carla", "dario", "elena")
DEFAULT_DATABASE = "data/sandbox.db"
DEFAULT_PORT = 8765
TICK = 1.0  # real seconds between two steps of the virtual clock
PLAYING = 15.0  # real seconds after an action in the page during which `--speed` keeps real time
REPUBLISH = 15.0  # virtual seconds after which the preview publishes again even when the bot did nothing
SIMCORD_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)  # where SimCord's virtual clock starts

INTRO = """\
Tablemaster sandbox: open {url} in your browser, pick a member, type {commands} and play, or /game learn
for a practice table of your own; the toolbar switches between #games, the threads and each
member's DMs. Press Ctrl+C to stop."""
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
    member: int | None = None  # who the person is, as last chosen ("Viewing as"): every place opens as them
    url: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _runner: Any = None
    _ticker: asyncio.Task[None] | None = None
    _elapsed: float = 0.0
    _published: int = -1  # the length of SimCord's transcript when the preview last published
    _published_at: float = 0.0
    _acted_at: float = float("-inf")  # when the person last acted in the page (time.monotonic())
    _clock: SandboxClock | None = None

    async def start(self) -> str:
        """Start the bot in its virtual Discord and the launcher; returns the launcher's address."""
        import simcord

        from bot.app import GameMasterBot

        show_mentions_in_embeds()
        quick_markdown()
        self.database.parent.mkdir(parents=True, exist_ok=True)
        problem = usable_database(self.database)
        if problem is not None:
            set_aside(self.database, problem, self.say)
        bot = GameMasterBot(Config(token=None, database=str(self.database), use_threads=False, shard_count=1,
                                    **self.settings))
        self.env = simcord.Env(bot, check_errors=False, settle_timeout=60.0)
        self.env.backend.bot_user.name = "Tablemaster"  # SimCord calls its bot "TestBot"
        timers_follow_the_sandbox_clock(self.env)
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

    async def show(self, view: str, member: str | None = None) -> str:
        """Switch the preview to the #games channel ("games"), a thread ("thread:<id>") or a member's DMs
        ("dm:<name>"), as `member` when given (else as the member last chosen, when they may see it)."""
        if member is not None:
            if member not in MEMBERS:
                raise SandboxError(f"there is no member called {member!r}")
            self.member = self.members[MEMBERS.index(member)].id
        async with self.lock:
            if self.preview is not None and view == self.view:
                return str(self.preview.url)  # a page opened on it opens as the member chosen
            channel, viewers = self._place(view)
            if self.preview is not None:
                await self.preview.close()
                self.preview = None
            chosen = self.member
            viewers = sorted(viewers, key=lambda viewer: viewer.id != chosen)  # the page opens as the first
            preview = self.env.preview(channel, viewers=viewers, layout="channel")
            adapt(preview, lock=self.lock, places=self.places, remember=self._remember, member=lambda: self.member,
                  acted=self._acted)
            await preview.__aenter__()
            self.preview, self.view = preview, view
            return str(preview.url)

    def _remember(self, member: int) -> None:
        self.member = member

    def _acted(self) -> None:
        self._acted_at = time.monotonic()

    def _place(self, view: str) -> tuple[Any, list[Any]]:
        """The channel of a view and the members who may look at it."""
        if view == "games":
            return self.channel, list(self.members)
        if view.startswith("dm:") and view[3:] in MEMBERS:
            member = self.members[MEMBERS.index(view[3:])]
            return member.user.dm_channel, [member.user]
        if view.startswith("thread:") and view[7:].isdigit():
            thread = next((t for t in self.threads() if t.id == int(view[7:])), None)
            if thread is not None:
                viewers = [m for m in self.members if can_access_channel(self.env, thread.id, m, history=True)]
                if viewers:
                    return ChannelHandle(self.env, self.guild, thread), viewers
        raise SandboxError(f"there is no view called {view!r}")

    def threads(self) -> list[Any]:
        """The threads of the sandbox's server that some member may see, oldest first."""
        found = [channel for channel in self.env.backend.channels.values()
                 if getattr(channel, "guild_id", None) == GUILD_ID and getattr(channel, "is_thread", False)]
        return sorted((t for t in found if any(can_access_channel(self.env, t.id, m, history=True)
                                              for m in self.members)), key=lambda t: t.id)

    def places(self) -> dict[str, Any]:
        """The places a person may open, for the launcher and the preview's page: the channel, each thread (with
        who sees it), each member's DMs; which one is shown, and as whom."""
        items = [{"view": "games", "label": "#games", "channel": str(self.channel.id), "kind": "channel",
                  "members": list(MEMBERS)}]
        for thread in self.threads():
            seen_by = [name for name, m in zip(MEMBERS, self.members, strict=True)
                       if can_access_channel(self.env, thread.id, m, history=True)]
            items.append({"view": f"thread:{thread.id}", "label": f"🧵 {thread.name}", "channel": str(thread.id),
                          "name": thread.name, "kind": "thread", "members": seen_by})
        for name, member in zip(MEMBERS, self.members, strict=True):
            dm = member.user.dm_channel
            items.append({"view": f"dm:{name}", "label": f"✉️ {name}", "channel": str(dm.id) if dm else "",
                          "kind": "dm", "members": [name]})
        return {"launcher": self.url, "current": self.view,
                "member": next((n for n, m in zip(MEMBERS, self.members, strict=True) if m.id == self.member), None),
                "members": {str(m.id): n for n, m in zip(MEMBERS, self.members, strict=True)}, "places": items}

    async def advance(self, seconds: float) -> None:
        """Move the virtual clock `seconds` on (0: not at all): the timers and deadlines due fire, the bot's work
        settles and the preview shows the result. One step at a time, never during a browser action."""
        async with self.lock:
            if seconds > 0:
                await self.env.advance_time(seconds)
                self._elapsed += seconds
            # Publishing costs the preview a snapshot of every open page (half a second with a board or two):
            # only when the bot has done something (each of its requests is in SimCord's transcript), or now and
            # then so that relative times ("in 5 minutes") move on.
            transcript = self.env.backend.transcript
            due = len(transcript) != self._published or self._elapsed - self._published_at >= REPUBLISH
            if self.preview is not None and due:
                with contextlib.suppress(Exception):
                    await self.preview.refresh()
                self._published, self._published_at = len(transcript), self._elapsed
        if seconds > 0 and self._clock is not None:
            self._clock.save(self._elapsed)

    def step(self) -> float:
        """Virtual seconds of the clock's next step. `--speed` hurries the waits, not the play: while the person
        acts (a click, a switch of member in the last PLAYING seconds) the clock keeps real time, so that a vote
        or a turn can be answered (a Spyfall vote's minute would be six seconds at `--speed 10`)."""
        playing = time.monotonic() - self._acted_at < PLAYING
        return TICK * (1.0 if playing else self.speed)

    async def _tick(self) -> None:
        """Real time passes in the virtual Discord too (`speed` times faster): timers and deadlines fire."""
        while True:
            await asyncio.sleep(TICK)
            try:
                await self.advance(self.step())
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
        text = launcher_page(self.places(), game_commands(self.env.bot.tree))
        return web.Response(text=text, content_type="text/html")

    async def _go(self, request: web.Request) -> web.Response:
        try:
            url = await self.show(request.match_info["view"], request.query.get("as"))
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


def launcher_label(place: dict[str, Any]) -> str:
    if place["kind"] == "channel":
        return "#games — the channel (pick your member inside)"
    if place["kind"] == "thread":
        return f"{place['label']} — a thread that {', '.join(place['members'])} can see"
    return f"{place['label']}'s DMs"


def game_commands(tree: app_commands.CommandTree[Any]) -> list[str]:
    """How each registered game is opened, as its cog registered it: `/<id> new` (a group with `new`), else
    `/<id>` — read from the bot's command tree, so a game added by its descriptor is listed too."""
    found = []
    for game_id in DESCRIPTORS:
        command = tree.get_command(game_id)
        if isinstance(command, app_commands.Group) and command.get_command("new") is not None:
            found.append(f"/{game_id} new")
        elif command is not None:
            found.append(f"/{game_id}")
    return found


def said_as_list(commands: list[str], *, code: bool = False) -> str:
    """"a, b or c" (each in <code> for the page)."""
    shown = [f"<code>{html.escape(c)}</code>" if code else c for c in commands]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def launcher_page(places: dict[str, Any], commands: list[str]) -> str:
    """The launcher: where to look from (the channel, a thread the bot opened, or one member's DMs)."""
    items = "\n".join(
        f'<li><a id="go-{html.escape(place["view"].replace(":", "-"))}" href="/go/{html.escape(place["view"])}">'
        f'{html.escape(launcher_label(place))}</a>'
        + (" (open now)" if place["view"] == places["current"] else "") + "</li>"
        for place in places["places"]
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tablemaster sandbox</title>
<style>body{{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;line-height:1.5}}
li{{margin:.4rem 0}}</style></head>
<body><h1>Tablemaster sandbox</h1>
<p>The real bot in a virtual Discord on this computer. Open the channel, choose which member you are,
type {said_as_list(commands, code=True)}, and play; <code>/game learn</code> opens a practice table in a
thread of your own. Private replies show only to the member who got them; DMs are one view per member.</p>
<ul>
{items}
</ul>
<p>The same places are listed in the toolbar. Opening one closes the one open before (one view at a
time); it opens as the member you chose last.</p>
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
    print(INTRO.format(url=url, commands=said_as_list(game_commands(sandbox.env.bot.tree))), flush=True)
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
