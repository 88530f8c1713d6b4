"""Talking to players: the table's board message, public log lines, secrets by DM.

Secrets go by DM first; a failed DM (403 / 50007) gets a public hint that names the
"Show my card" button and never the secret. Board images are rendered off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord

from bot.tables import Table, TableService
from renderers.core import to_png

log = logging.getLogger(__name__)

BOARD_EDIT_WINDOW = timedelta(hours=1)
BOARD_FILE = "board.png"
MESSAGE_LIMIT = 2000  # characters of one Discord message


def split_message(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Text cut at line ends into messages of at most `limit` characters (a longer line is cut)."""
    parts: list[str] = []
    for line in text.split("\n"):
        while len(line) > limit:
            parts.append(line[:limit])
            line = line[limit:]
        if parts and len(parts[-1]) + 1 + len(line) <= limit:
            parts[-1] += "\n" + line
        else:
            parts.append(line)
    return [part for part in parts if part.strip()] or ([] if not text.strip() else [text[:limit]])


async def render_png(render: Callable[..., Any], *args: Any) -> bytes:
    """Render and encode in a worker thread so the event loop keeps answering clicks."""

    def work() -> bytes:
        return to_png(render(*args))

    return await asyncio.to_thread(work)


class Delivery:
    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service

    async def place(self, table: Table) -> discord.TextChannel | discord.Thread | None:
        """The channel (or thread) the table talks in, or None when it is gone."""
        channel: object = self.client.get_channel(table.place)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(table.place)
            except discord.HTTPException:
                log.warning("table %s: channel %s is gone", table.id, table.place)
                return None
        if not isinstance(channel, (discord.TextChannel, discord.Thread)):
            log.warning("table %s: %s is not a text channel", table.id, table.place)
            return None
        return channel

    async def say(self, table: Table, content: str, **kwargs: Any) -> discord.Message | None:
        """Post in the table's place; text past 2,000 characters goes in several messages, the
        attachments and embeds with the last one. Returns the last message posted."""
        channel = await self.place(table)
        if channel is None:
            return None
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions(users=True))
        parts = split_message(content) or [""]
        message = None
        try:
            for part in parts[:-1]:
                await channel.send(part, allowed_mentions=kwargs["allowed_mentions"])
            message = await channel.send(parts[-1] or None, **kwargs)
        except discord.HTTPException:
            log.exception("table %s: could not post", table.id)
        return message

    async def dm(self, user_id: int, **kwargs: Any) -> bool:
        """Send a private message; False when the user does not accept DMs from the bot."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(**kwargs)
        except discord.Forbidden:
            return False
        except discord.HTTPException as exc:
            log.warning("DM to %s failed: %s", user_id, exc.status)
            return False
        return True

    async def retire_board(self, table: Table, farewell: str) -> None:
        """Say publicly why the table ended, and take the buttons off its board."""
        await self.say(table, farewell)
        message_id = table.row.meta.get("board")
        channel = await self.place(table)
        if message_id and channel is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).edit(view=None)

    async def post_board(
        self, table: Table, *, embed: discord.Embed, view: discord.ui.View | None,
        image: Callable[[], Awaitable[bytes]] | None = None, image_changed: bool = False,
        repost: bool = False,
    ) -> discord.Message | None:
        """Edit the table's board message in place while it is younger than an hour, else post anew.

        `image` renders the board picture; it is called only when the picture changed or the
        board is posted anew, so a click that changes no picture uploads nothing.
        """
        channel = await self.place(table)
        if channel is None:
            return None
        # The picture goes beside the embed, not into it: an attachment is shown inline in a larger
        # box than an embed's image (docs/decisions.md, "Where players see a board").
        message_id = table.row.meta.get("board")
        if message_id:
            message = channel.get_partial_message(message_id)
            young = discord.utils.utcnow() - discord.utils.snowflake_time(message_id) < BOARD_EDIT_WINDOW
            if young and not repost:
                kwargs: dict[str, Any] = {"embed": embed, "view": view}
                if image is not None and image_changed:
                    kwargs["attachments"] = [discord.File(io.BytesIO(await image()), BOARD_FILE)]
                try:
                    return await message.edit(**kwargs)
                except discord.NotFound:
                    pass
            else:
                with contextlib.suppress(discord.HTTPException):
                    await message.edit(view=None)  # the old board's buttons would only be stale
        files = [discord.File(io.BytesIO(await image()), BOARD_FILE)] if image is not None else []
        try:
            if view is not None:
                message = await channel.send(embed=embed, view=view, files=files)
            else:
                message = await channel.send(embed=embed, files=files)
        except discord.HTTPException:
            log.exception("table %s: could not post the board", table.id)
            return None
        await self.service.set_meta(table, board=message.id)
        return message
