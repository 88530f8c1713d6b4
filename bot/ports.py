"""What the bot's parts need of each other, as narrow interfaces (Protocols).

The computer players, the turn clock, delivery, the board presenter and the controls' and commands' handlers
are given, or find on the interaction's client, only what is described here: never the bot's class
(bot/app.py), which builds the real objects and passes them (the bot itself answers `PresenterParts`,
`TurnParts` and `Client`). So no module of bot/ that the bot is built from imports bot/app.py, and bot/ has
no import cycle (tests/bot/test_imports.py). This module imports only what lies below those parts: the
table service's and the store's types, the runtimes, the games' GameUI, discord.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Config
from bot.gameui import Ctx, GameUI
from bot.meta import TableMeta
from bot.metrics import Metrics
from bot.ratings import Match, Rating
from bot.runtime import Runtimes
from bot.store import TableRow
from bot.tables import Change, Opening, Publication, Table
from games.core.protocol import Action, Game

Job = Callable[[], Awaitable[None]]

# --- the table service ------------------------------------------------------------------------------


class OpenTables(Protocol):
    """The table service, read: the open tables, their runtimes, the service's clock and series."""

    @property
    def tables(self) -> Mapping[int, Table]: ...

    @property
    def runtimes(self) -> Runtimes[Publication]: ...

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def metrics(self) -> Metrics: ...

    def get(self, table_id: int) -> Table: ...


class Playing(OpenTables, Protocol):
    """Playing at a running table and keeping its meta: what the computer players, the turn clock, delivery and
    the presenter do with the service."""

    async def act(self, table_id: int, user: int | None, action: dict[str, Any], expect_seq: int | None = None,
                  stand_in: bool = False) -> Change: ...

    async def save_meta(self, table: Table) -> None: ...

    def unpublished(self, table_id: int) -> list[Publication]: ...

    async def hand_to_computer(self, table_id: int, seat: int, name: str) -> Table: ...


class Seating(Playing, Protocol):
    """A table's whole life, lobby included: what the lobby, the kick and the commands do with the service."""

    @property
    def registry(self) -> Mapping[str, Game]: ...

    def in_channel(self, channel: int) -> Table | None: ...

    def practice_of(self, member: int) -> Table | None: ...

    async def open_practice(self, game_id: str, *, guild: int, place: int, member: int, name: str, locale: str,
                            computers: list[str], options: dict[str, Any]) -> Table: ...

    async def create_lobby(self, game_id: str, *, guild: int, channel: int, host: int, options: dict[str, Any],
                           locale: str | None = None) -> Table: ...

    async def join(self, table_id: int, user: int, locale: str | None = None) -> Table: ...

    async def leave_lobby(self, table_id: int, user: int) -> Table: ...

    async def add_computer(self, table_id: int, name: str) -> Table: ...

    async def start(self, table_id: int, user: int, *, hold: bool = False) -> Table: ...

    def release(self, table_id: int) -> None: ...

    async def close(self, table_id: int, reason: str) -> Table: ...

    async def leave(self, table_id: int, user: int) -> Change | None: ...

    async def set_thread(self, table: Table, thread: int) -> None: ...

    async def set_host(self, table: Table, host: int) -> None: ...


# --- the store ----------------------------------------------------------------------------------------


class StoredGames(Protocol):
    """A table as stored (a finished game's replay), and where its replay was posted."""

    async def get_table(self, table: int) -> TableRow | None: ...

    async def seats(self, table: int) -> list[tuple[int, str | None]]: ...

    async def actions(self, table: int) -> list[tuple[int, int | None, dict[str, Any], float]]: ...

    async def snapshot(self, table: int) -> tuple[int, dict[str, Any]] | None: ...

    async def update_table(self, table: int, now: float, *, meta: TableMeta | None = None) -> None: ...


class Records(Protocol):
    """The members' results: the leaderboards and a member's record."""

    async def standings(self, guild: int, game: str, since: float | None = None) -> list[dict[str, float]]: ...

    async def stats(self, guild: int, user: int) -> dict[str, dict[str, float]]: ...

    async def remembered_names(self, guild: int, users: Sequence[int]) -> dict[int, str]: ...

    async def ratings(self, guild: int, game: str) -> dict[int, tuple[Rating, int]]: ...

    async def rated_games(self, guild: int, game: str, since: float | None = None) -> list[Match]: ...

    async def rating_history(self, guild: int, user: int, game: str, last: int = 5) -> list[tuple[Rating, Rating]]: ...


class Packs(Protocol):
    """A server's own Spyfall location packs."""

    async def packs(self, guild: int) -> list[dict[str, Any]]: ...

    async def save_pack(self, guild: int, name: str, data: dict[str, Any], author: int, now: float) -> None: ...

    async def set_pack_enabled(self, guild: int, name: str, enabled: bool) -> bool: ...

    async def remove_pack(self, guild: int, name: str) -> bool: ...


class Languages(Protocol):
    async def set_language(self, user: int, locale: str | None) -> None: ...


class HandlerStore(StoredGames, Records, Packs, Languages, Protocol):
    """What the commands and controls read and write in the store themselves (the rest goes by the service)."""


# --- delivery -----------------------------------------------------------------------------------------


@dataclass
class BoardAnswer:
    """A click on a table's board waiting to be answered by the board's own next edit: one interaction response
    that acknowledges the click and shows what it did (UPDATE_MESSAGE), instead of a deferral and an edit.

    The board is still drawn where the table's outbox draws it, in order; this only carries that edit. It may
    carry a drawing that shows the table at `since` or later (the table as it was when the click came, plus
    one action at least)."""

    interaction: discord.Interaction
    message_id: int
    since: int
    seq: int | None = None  # the click's own change, once stored
    claimed: bool = False  # an edit is being sent through it
    done: asyncio.Future[bool] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    def settle(self, answered: bool) -> None:
        if not self.done.done():
            self.done.set_result(answered)


class Talk(Protocol):
    """Saying something at a table, or to a member by DM."""

    async def say(self, table: Table, content: str, **kwargs: Any) -> discord.Message | None: ...

    async def dm(self, user_id: int, **kwargs: Any) -> bool: ...

    def expect_answer(self, interaction: discord.Interaction, table: Table) -> BoardAnswer | None: ...

    async def conclude_answer(self, answer: BoardAnswer, table_id: int, seq: int | None, until: float) -> bool: ...


class BoardTalk(Talk, Protocol):
    """Talk, and the table's board message."""

    async def post_board(
        self, table: Table, *, embed: discord.Embed, view: discord.ui.View | None,
        image: Callable[[], Awaitable[bytes]] | None = None, image_changed: bool = False, repost: bool = False,
        shows: int | None = None, description: str | None = None, retired: discord.Embed | None = None,
    ) -> discord.Message | None: ...

    def awaits_answer(self, table: Table) -> bool: ...

    async def retire_controls(self, table: Table, shows: int | None, embed: discord.Embed | None = None) -> None: ...

    def release_answers(self, table_id: int, published: int) -> None: ...

    def forget(self, table_id: int) -> None: ...

    async def retire_board(self, table: Table, farewell: str, embed: discord.Embed | None = None) -> None: ...

    def board_retry_in(self, table_id: int) -> float | None: ...


# --- the bot's other parts ----------------------------------------------------------------------------


class Pacer(Protocol):
    """The board pacer (bot/ui/pacing.py)."""

    def waiting(self, table_id: int) -> bool: ...

    async def edit(self, table_id: int, job: Job) -> None: ...

    async def now(self, table_id: int, job: Job) -> None: ...

    def later(self, table_id: int, job: Job, delay: float) -> None: ...

    def forget(self, table_id: int) -> None: ...


class Turns(Protocol):
    """The turn clock (bot/absence.py): keeping it, showing it, and taking a member off a running table."""

    async def sync(self, table: Table, acted: int | None = None, stood_in: bool = False) -> None: ...

    def board_lines(self, table: Table, locale: str, names: list[str]) -> list[str]: ...

    async def remove(self, table: Table, seat: int) -> str: ...


class Computers(Protocol):
    """The computer players (bot/computer.py)."""

    def kick(self, table: Table) -> None: ...

    async def choose(self, table: Table, seat: int, salt: str) -> Action: ...


class Presenter(Protocol):
    """A game's board presenter (bot/ui/board.py): what the bot hands a table's changes to, and what the
    controls and commands use of it."""

    ui: GameUI

    async def started(self, opening: Opening) -> None: ...

    async def changed(self, change: Change) -> None: ...

    async def closed(self, table: Table, reason: str) -> None: ...

    async def redraw_if_stale(self, table: Table) -> bool: ...

    @property
    def has_secrets(self) -> bool: ...

    async def ctx(self, table: Table, seat: int | None = None, locale: str | None = None) -> Ctx: ...

    def embed(self, ctx: Ctx) -> discord.Embed: ...

    def details(self, ctx: Ctx) -> discord.Embed: ...

    async def update_board(self, table: Table, *, repost: bool = False) -> None: ...

    async def show_board(self, table: Table) -> None: ...


class Names(Protocol):
    async def names(self, table: Table) -> list[str]:
        """Display names in seat order."""
        ...


# --- what each part is given --------------------------------------------------------------------------


class PresenterParts(Names, Protocol):
    """What a board presenter reaches."""

    @property
    def service(self) -> Playing: ...

    @property
    def delivery(self) -> BoardTalk: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def computers(self) -> Computers: ...

    @property
    def boards(self) -> Pacer: ...

    @property
    def languages(self) -> Mapping[int, str]: ...


class TurnParts(Names, Protocol):
    """What the turn clock reaches."""

    @property
    def service(self) -> Playing: ...

    @property
    def delivery(self) -> Talk: ...

    @property
    def computers(self) -> Computers: ...

    def presenter(self, table: Table) -> Presenter: ...


class Client(Names, Protocol):
    """What the controls' and the commands' handlers find on the interaction's client (the bot)."""

    @property
    def accepting(self) -> bool: ...

    @property
    def config(self) -> Config: ...

    @property
    def languages(self) -> MutableMapping[int, str]: ...

    @property
    def service(self) -> Seating: ...

    @property
    def delivery(self) -> Talk: ...

    @property
    def store(self) -> HandlerStore | None: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def presenters(self) -> Mapping[str, Presenter]: ...

    def presenter(self, table: Table) -> Presenter: ...

    def get_channel(self, id: int, /) -> (discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel
                                         | None): ...

    def get_user(self, id: int, /) -> discord.User | None: ...


class CogHost(Client, PresenterParts, Protocol):
    """What a cog's `setup` is given (discord.py's extension entry point): the client, with what registers
    the cog's commands, controls and presenter."""

    @property
    def delivery(self) -> BoardTalk: ...

    @property
    def presenters(self) -> MutableMapping[str, Presenter]: ...

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    async def add_cog(self, cog: commands.Cog, /, *, override: bool = False) -> None: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...
