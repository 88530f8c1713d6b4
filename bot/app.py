"""The Bot: setup_hook opens the store, migrates, loads cogs, registers controls, resumes tables."""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.absence import TurnClock
from bot.computer import ComputerPlayers
from bot.config import Config
from bot.delivery import Delivery
from bot.i18n import Translator, t
from bot.metrics import Metrics, MetricsServer, serve
from bot.ports import CogHost, Presenter
from bot.store import Store
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
                 metrics_socket: socket.socket | None = None) -> None:
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
        await self.service.resume_all()
        self.metrics.instrument(self.http)
        self.metrics_server = await serve(self, self._metrics_socket)
        await self.sync_commands()

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
        await self.close_store()
        await super().close()


if TYPE_CHECKING:
    # The bot is what its cogs, controls and commands are told it is (bot/ports.py): checked here, where both
    # are known (discord.py hands the bot to a cog's `setup` and to each interaction without a type).
    def _as_cog_host(bot: GameMasterBot) -> CogHost:
        return bot
