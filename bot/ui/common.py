"""What every control and command shares: the reader's locale, refusals, and which table."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.delivery import resendable
from bot.i18n import pick_locale, t, words
from bot.ports import Client
from bot.tables import Table, TableError
from games.core.protocol import IllegalAction
from games.core.rng import SeededRng

log = logging.getLogger(__name__)

# An interaction's token lasts 15 minutes: after that a follow-up gets 401 / 50027 Invalid Webhook Token or
# 404 / 10015 Unknown Webhook.
EXPIRED_TOKEN = frozenset({50027, 10015})


def bot_of(interaction: discord.Interaction) -> Client:
    return interaction.client  # type: ignore[return-value]


def locale_of(interaction: discord.Interaction) -> str:
    """The reader's language: the one they chose with /game language, else their Discord client's."""
    chosen = getattr(interaction.client, "languages", {}).get(interaction.user.id)
    return chosen or pick_locale(interaction.locale)


async def tell(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already answered."""
    if interaction.response.is_done():
        await follow_up(interaction, content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


def token_expired(error: discord.HTTPException) -> bool:
    return error.code in EXPIRED_TOKEN or error.status == 401


async def follow_up(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = False,
                    **kwargs: Any) -> discord.Message | None:
    """A follow-up answer after long work. When the interaction's token has expired (15 minutes), a public
    answer goes to the channel instead (by DM if the channel refuses it) and a private one by DM. The
    message sent (with `wait=True` when it is the follow-up), or None."""
    again = resendable(kwargs)
    try:
        arguments: dict[str, Any] = {**again(), "ephemeral": ephemeral}
        if content is not None:
            arguments["content"] = content
        sent: discord.Message | None = await interaction.followup.send(**arguments)
        return sent
    except discord.HTTPException as exc:
        if not token_expired(exc):
            raise
        log.warning("interaction %s: its token expired (%s, code %s); answering %s", interaction.id, exc.status,
                    exc.code, "by DM" if ephemeral else "in the channel")

    def plain() -> dict[str, Any]:
        return {k: v for k, v in again().items() if k not in ("wait", "thread", "thread_name", "username",
                                                                "avatar_url")}

    channel = interaction.channel
    if not ephemeral and isinstance(channel, discord.abc.Messageable):
        try:
            return await channel.send(content, **plain())
        except discord.HTTPException as exc:
            log.warning("interaction %s: the channel refused the answer too (%s)", interaction.id, exc.status)
    try:
        return await interaction.user.send(content, **plain())
    except discord.HTTPException as exc:
        log.warning("interaction %s: the answer could not be sent by DM either (%s)", interaction.id, exc.status)
    return None


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
