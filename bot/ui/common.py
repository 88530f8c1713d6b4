"""What every table control shares: the reader's locale, refusals, and who may press."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.i18n import illegal, pick_locale, t
from bot.tables import Change, Table, TableError
from games.core.protocol import IllegalAction
from games.core.rng import SeededRng

if TYPE_CHECKING:
    from bot.app import GameMasterBot


class Presenter(Protocol):
    """A game's way of showing a table in Discord; one per game, in its cog."""

    has_secrets: bool  # whether players get private cards by DM (then joining checks DMs)

    async def started(self, table: Table) -> None: ...

    async def changed(self, change: Change) -> None: ...

    async def closed(self, table: Table, reason: str) -> None: ...

    async def show_board(self, table: Table, interaction: discord.Interaction) -> None: ...


def bot_of(interaction: discord.Interaction) -> GameMasterBot:
    return interaction.client  # type: ignore[return-value]


def locale_of(interaction: discord.Interaction) -> str:
    return pick_locale(interaction.locale)


async def tell(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def refuse(interaction: discord.Interaction, error: Exception, hint: str | None = None) -> None:
    """Say why an action was refused (and what is possible now), privately."""
    locale = locale_of(interaction)
    if isinstance(error, TableError):
        text = t(locale, f"error.{error.key}", **error.params)
    elif isinstance(error, IllegalAction):
        text = illegal(locale, error.reason)
    else:
        text = t(locale, "error.unexpected")
    if hint:
        text = f"{text}\n{hint}"
    await tell(interaction, text)


async def check_table(
    interaction: discord.Interaction, table_id: int, *, player: bool = True, statuses: tuple[str, ...] = ("playing",)
) -> Table | None:
    """The shared `interaction_check`: the table still runs and the clicker sits at it."""
    service = bot_of(interaction).service
    locale = locale_of(interaction)
    table = service.tables.get(table_id)
    if table is None or table.status not in statuses:
        await tell(interaction, t(locale, "error.table_gone"))
        return None
    if player and table.seat_of(interaction.user.id) is None:
        await tell(interaction, t(locale, "error.not_a_player"))
        return None
    return table


async def table_here(
    interaction: discord.Interaction, *, game: str | None = None, playing: bool = False
) -> Table | None:
    """The open table of this channel (or its thread), or a private explanation and None."""
    table = bot_of(interaction).service.in_channel(interaction.channel_id or 0)
    if table is None or (game is not None and table.game.id != game):
        await tell(interaction, t(locale_of(interaction), "error.no_table_here"))
        return None
    if playing and table.status != "playing":
        await refuse(interaction, TableError("not_running"))
        return None
    return table


async def repost_board(interaction: discord.Interaction, posting: Awaitable[None]) -> None:
    """/game board: the repost may render a picture, so the command is deferred first."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    await posting
    await tell(interaction, t(locale_of(interaction), "table.board_posted"))


def why_not(table: Table, seat: int, action: dict[str, Any]) -> str | None:
    """The engine's reason for refusing `action` now, without changing anything (apply is pure)."""
    try:
        table.game.apply(table.state, seat, action, SeededRng(0, 0))
    except IllegalAction as exc:
        return exc.reason
    return None


def mention(user_id: int) -> str:
    return f"<@{user_id}>"
