"""What every control and command shares: the reader's locale, refusals, and which table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import pick_locale, t, words
from bot.tables import Table, TableError
from games.core.protocol import IllegalAction
from games.core.rng import SeededRng

if TYPE_CHECKING:
    from bot.app import GameMasterBot


def bot_of(interaction: discord.Interaction) -> GameMasterBot:
    return interaction.client  # type: ignore[return-value]


def locale_of(interaction: discord.Interaction) -> str:
    """The reader's language: the one they chose with /game language, else their Discord client's."""
    chosen = getattr(interaction.client, "languages", {}).get(interaction.user.id)
    return chosen or pick_locale(interaction.locale)


async def tell(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


def refusal_text(locale: str, error: Exception, names: Sequence[str] | None = None) -> str:
    """Why something was refused, in the reader's words."""
    if isinstance(error, TableError):
        return t(locale, error.key, **error.params)
    if isinstance(error, IllegalAction):
        catalog = words(locale)
        # A refusal the catalogs do not know (a game still being written) reads as the engine's English.
        if not catalog.knows(error.message_id):
            return error.text
        return catalog.msg(error.message_id, names, **error.params)
    return t(locale, "error.unexpected")


async def refuse(interaction: discord.Interaction, error: Exception, names: Sequence[str] | None = None) -> None:
    """Say privately why an action was refused (nothing changed)."""
    await tell(interaction, refusal_text(locale_of(interaction), error, names))


async def check_table(
    interaction: discord.Interaction, table_id: int, *, player: bool = True, statuses: tuple[str, ...] = ("playing",)
) -> Table | None:
    """The shared part of every `interaction_check`: the table still runs and the clicker sits at it."""
    bot = bot_of(interaction)
    service = bot.service
    locale = locale_of(interaction)
    if not bot.accepting:  # shutting down: nothing new starts
        await tell(interaction, t(locale, "error.restarting"))
        return None
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
        await refuse(interaction, TableError("error.not_running"))
        return None
    return table


def why_not(table: Table, seat: int, action: dict[str, Any]) -> IllegalAction | None:
    """The engine's refusal of `action` now, without changing anything (apply is pure)."""
    try:
        table.game.apply(table.state, seat, action, SeededRng(0, 0))
    except IllegalAction as exc:
        return exc
    return None


def mention(user_id: int) -> str:
    return f"<@{user_id}>"
