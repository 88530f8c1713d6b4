"""The Bot: setup_hook opens the store, migrates, loads cogs, registers controls, resumes tables."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.absence import TurnClock
from bot.cluster import Cluster, Forwarder, Pause, Raw, table_named
from bot.computer import ComputerPlayers
from bot.config import Config
from bot.delivery import Delivery
from bot.i18n import Translator, t
from bot.metrics import Metrics, MetricsServer, serve
from bot.ports import CogHost, Presenter
from bot.store import Shards, Store
from bot.tables import Change, Opening, Table, TableService, all_within
from bot.ui import practice
from bot.ui.common import locale_of, refuse
from bot.ui.pacing import BoardPacer
from games import DESCRIPTORS

log = logging.getLogger(__name__)

SHUTDOWN_SECONDS = 10.0  # what `docker compose stop` and systemd wait before they kill


async def finish_actions(tables: list[Table], seconds: float) -> bool:
    """Wait until no action is under way at these tables (each holds its table's lock); False if `seconds`
    ran out first."""

    async def one(table: Table) -> None:
        async with table.lock:
            pass

    return await all_within([one(table) for table in tables], seconds)

TABLE_COG = "bot.cogs.table"  # /game: shared by every game


def cogs() -> tuple[str, ...]:
    """The cogs the bot loads: /game, then each registered game's own (its descriptor's `cog`)."""
    return (TABLE_COG, *(descriptor.cog for descriptor in DESCRIPTORS.values()))


def virtual_aware_now() -> float:
    """UNIX seconds from discord.py's clock, which test harnesses can drive."""
    return discord.utils.utcnow().timestamp()


class Tree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        bot = interaction.client
        if isinstance(bot, GameMasterBot) and not bot.accepting:
            await interaction.response.send_message(t(locale_of(interaction), "error.restarting"), ephemeral=True)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.CheckFailure):
            text = t(locale_of(interaction), "error.not_allowed")
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
            return
        log.exception("command failed", exc_info=error)
        await refuse(interaction, error)


class GameMasterBot(commands.AutoShardedBot):
    """The bot, sharded as large bots are: one process runs all shards (discord.py's automatic count)
    unless `shard_count` and `shard_ids` give it a part of them; then it runs only its guilds' tables."""

    def __init__(self, config: Config, *, seed_source: Callable[[], int] | None = None,
                 metrics_socket: socket.socket | None = None, lease_pause: Pause = asyncio.sleep) -> None:
        metrics = Metrics()  # served on config.metrics_port (on `metrics_socket`, bound at start), if set
        intents = discord.Intents.default()
        shards: dict[str, Any] = {"shard_count": config.shard_count}
        if config.shard_ids is not None:
            shards["shard_ids"] = list(config.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, tree_cls=Tree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            http_trace=metrics.http_trace(), **shards,
        )
        self.config = config
        self.metrics = metrics
        self.metrics.attach(self)
        self.metrics_server: MetricsServer | None = None
        self._metrics_socket = metrics_socket
        self.seed_source = seed_source
        self.presenters: dict[str, Presenter] = {}  # by game: each game's cog adds its own
        self.computers: ComputerPlayers  # made with the service, in setup_hook
        self.turns = TurnClock(self)
        self.boards: BoardPacer  # paces the boards in the tables' runtimes (the service's), made with it
        self.store: Store | None = None
        self.languages: dict[int, str] = {}  # user id -> the language they chose (/game language)
        self.service: TableService
        self.delivery: Delivery
        self.accepting = True  # False once a shutdown began: clicks and commands are turned away
        self.cluster: Cluster | None = None  # PostgreSQL: this process's shard leases (bot/cluster.py)
        self.lease_pause = lease_pause  # the cluster's wait between two ticks of its leases
        self.forwarder: Forwarder | None = None
        # Every interaction passes here first (`_route`): with leases, one for a shard this process does not hold is
        # left to its holder, and one for a table another process runs is forwarded to it.
        self._parse_interaction = self._connection.parsers["INTERACTION_CREATE"]
        self._connection.parsers["INTERACTION_CREATE"] = self._route
        self._routing: set[asyncio.Task[None]] = set()

    async def names(self, table: Table) -> list[str]:
        """Display names in seat order, as remembered when the players joined."""
        known = table.row.meta.names
        names = []
        for user_id in table.users:
            name = known.get(user_id)
            if name is None:
                user = self.get_user(user_id) if user_id > 0 else None
                name = user.display_name if user else f"#{user_id}"
            names.append(name)
        return names

    def presenter(self, table: Table) -> Presenter:
        return self.presenters[table.game.id]

    async def setup_hook(self) -> None:
        self.store = await Store.connect(self.config.storage_url)
        self.languages = await self.store.languages()
        self.service = TableService(self.store, clock=virtual_aware_now, seed_source=self.seed_source,
                                    shards=self.config.shards, metrics=self.metrics)
        self.service.listener = self
        self.computers = ComputerPlayers(self.service, self.config.practice_pace)
        self.boards = BoardPacer(self.service.runtimes, self.config.board_edit_interval, clock=virtual_aware_now)
        self.delivery = Delivery(self, self.service)
        await self.tree.set_translator(Translator())
        for cog in cogs():
            await self.load_extension(cog)
        if self.store.dialect == "postgresql":
            await self.start_cluster()
        else:
            await self.service.resume_all()
        self.metrics.instrument(self.http)
        self.metrics_server = await serve(self, self._metrics_socket)
        await self.sync_commands()

    # --- several processes on one PostgreSQL (bot/cluster.py) ----------------------------------------

    @property
    def lease_domain(self) -> Shards:
        """The shards whose leases this process takes: its configured ones, or all of the bot as one shard."""
        return self.config.shards or Shards(1, (0,))

    async def start_cluster(self) -> None:
        """Take this process's shard leases (resuming the tables of those taken) and listen for forwarded clicks."""
        assert self.store is not None
        url = getattr(self.store.backend, "url", self.config.storage_url)
        cluster = self.cluster = Cluster(self.store, self.lease_domain, seconds=self.config.lease_timeout,
                                         metrics=self.metrics, pause=self.lease_pause)
        cluster.on_gained, cluster.on_lost = self._gained, self._lost
        self.service.fence = cluster
        self.forwarder = Forwarder(url, cluster, accept=self._accept_forwarded, handle=self._parse_interaction,
                                   seconds=self.config.forward_timeout, metrics=self.metrics)
        await self.forwarder.start()
        await cluster.start()

    async def _gained(self, shard: int) -> None:
        domain = self.lease_domain
        tables = await self.service.resume_all(Shards(domain.count, (shard,)))
        if not self.is_ready():
            return  # on_ready publishes, wakes and redraws them with the rest
        for table in tables:
            self.service.release(table.id)
            self.computers.kick(table)
            if self.turns.seconds(table) and table.status == "playing":
                self.turns.schedule(table)
            try:
                await self.presenter(table).redraw_if_stale(table)
            except Exception:
                log.exception("table %s: redrawing its board after a takeover failed", table.id)

    async def _lost(self, shard: int) -> None:
        dropped = self.service.drop_shard(self.lease_domain, shard)
        log.info("shard %d: %d table(s) dropped from memory", shard, len(dropped))

    def _accept_forwarded(self, table_id: int, user: int) -> str | None:
        """Why this process refuses a forwarded click (None: it takes it)."""
        table = self.service.tables.get(table_id)
        if table is None:
            return "no such table runs here"
        if user not in table.users and user != table.host:
            return f"user {user} has no seat at it"
        return None

    def _route(self, raw: Raw, waited: bool = False) -> None:
        """Where an interaction goes: played here, left to the process holding its shard, or forwarded."""
        cluster = self.cluster
        if cluster is None:
            self._parse_interaction(raw)
            return
        guild = raw.get("guild_id")
        arrived_on = self.lease_domain.of(int(guild)) if guild is not None else 0  # DMs come to shard 0
        if not cluster.holds(arrived_on):
            # The process that holds this shard received the event too: it answers, never both.
            log.debug("an interaction on shard %d was left to the process holding its lease", arrived_on)
            return
        if cluster.resuming(arrived_on) and not waited:  # just taken: its tables are loading, the click waits for them
            self._later(self._after_resume(raw, arrived_on))
            return
        table = table_named(raw)
        if guild is not None or (table is not None and table in self.service.tables):
            self._parse_interaction(raw)
            return
        self._later(self._route_dm(raw, table))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._routing.add(task)
        task.add_done_callback(self._routing.discard)

    async def _after_resume(self, raw: Raw, shard: int) -> None:
        assert self.cluster is not None
        await self.cluster.resumed(shard, self.config.forward_timeout)
        self._route(raw, waited=True)

    async def _route_dm(self, raw: Raw, table_id: int | None) -> None:
        """A DM interaction whose table may run in another process: found in the database and forwarded there."""
        assert self.store is not None and self.forwarder is not None and self.cluster is not None
        try:
            if table_id is None:  # a command in a member's DMs: the practice table talking there
                found = await self.store.table_in(int(raw.get("channel_id") or raw.get("channel", {}).get("id", 0)))
                table_id, guild = found if found is not None else (None, None)
            else:
                place = await self.store.table_place(table_id)
                guild = place[0] if place is not None and place[1] in ("lobby", "playing") else None
        except Exception:
            log.exception("a DM interaction could not be routed; answered here")
            guild = None
        if (table_id is None or guild is None or table_id in self.service.tables
                or self.cluster.holds(self.lease_domain.of(guild))):
            self._parse_interaction(raw)  # nothing runs it elsewhere: answered here as before
            return
        if await self.forwarder.forward(raw, table_id, guild):
            return
        interaction = discord.Interaction(data=raw, state=self._connection)  # type: ignore[arg-type]
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(t(locale_of(interaction), "error.table_moving"), ephemeral=True)

    async def sync_commands(self) -> None:
        if self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        # Tables resumed from their snapshots: a computer that was to move moves now, and a board that
        # shows less than the last stored action (its edit died with the process) is drawn again.
        self.service.release_all()  # what was stored but not published before the restart, in order
        self.computers.resume()
        self.turns.resume()
        for table in list(self.service.tables.values()):
            try:
                await self.presenter(table).redraw_if_stale(table)
            except Exception:
                log.exception("table %s: redrawing its board after the restart failed", table.id)

    # TableService listener (its outbox calls these in order, outside the table's lock): route to the presenter.
    async def table_started(self, opening: Opening) -> None:
        await self.presenter(opening.table).started(opening)
        await practice.tour(self, opening.table)  # a practice table's tour, after its first board

    async def table_changed(self, change: Change) -> None:
        await self.turns.changed(change)  # first, so the board shows the turn's new clock
        await self.presenter(change.table).changed(change)
        await practice.finished(self, change)

    async def table_closed(self, table: Table, reason: str) -> None:
        await self.presenter(table).closed(table, reason)

    async def shut_down(self, why: str, seconds: float = SHUTDOWN_SECONDS) -> None:
        """Stop as a supervisor asks (SIGTERM, Ctrl-C): take no more clicks, let the actions under way finish
        (each is stored with its snapshot in one transaction; what they post may go after the restart),
        cancel the timers, close the database and Discord, and say so in one line."""
        self.accepting = False
        tables = list(self.service.tables.values()) if self.store is not None else []
        finished = await finish_actions(tables, seconds * 0.6)
        if self.store is not None:  # what the finished actions post; the rest is published after the restart
            await self.service.drained(seconds=seconds * 0.3)
        await self.close()
        log.warning("Stopped (%s): %d open table%s kept, %s; they resume at the next start.", why, len(tables),
                    "" if len(tables) == 1 else "s", "every action under way finished" if finished else
                    "an action still under way was left (its table resumes from its last stored action)")

    async def stop_cluster(self, release: bool = True) -> None:
        """Stop renewing this process's leases and forwarding (with `release`, the leases are given back: a process
        waiting for them takes them at its next try)."""
        if self.forwarder is not None:
            await self.forwarder.stop()
            self.forwarder = None
        if self.cluster is not None:
            await self.cluster.stop(release=release)

    async def close_store(self) -> None:
        """Stop every table's tasks (their runtimes) and close the database (also what a test does with a
        retired bot)."""
        if self.store is not None:
            await self.service.shutdown()
            await self.store.close()
            self.store = None

    async def close(self) -> None:
        if self.metrics_server is not None:
            await self.metrics_server.stop()
        await self.stop_cluster()
        await self.close_store()
        await super().close()


if TYPE_CHECKING:
    # The bot is what its cogs, controls and commands are told it is (bot/ports.py): checked here, where both
    # are known (discord.py hands the bot to a cog's `setup` and to each interaction without a type).
    def _as_cog_host(bot: GameMasterBot) -> CogHost:
        return bot
