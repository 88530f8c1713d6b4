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


async def render_png(render: Callable[..., Any], *args: Any) -> bytes:
    """Render and encode in a worker thread so the event loop keeps answering clicks."""

    def work() -> bytes:
        return to_png(render(*args))

    return await asyncio.to_thread(work)


class Delivery:
    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service

    async def place(self, table: Table) -> discord.abc.Messageable | None:
        channel = self.client.get_channel(table.place)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(table.place)
            except discord.HTTPException:
                log.warning("table %s: channel %s is gone", table.id, table.place)
                return None
        return channel  # type: ignore[return-value]

    async def say(self, table: Table, content: str, **kwargs: Any) -> discord.Message | None:
        channel = await self.place(table)
        if channel is None:
            return None
        try:
            kwargs.setdefault("allowed_mentions", discord.AllowedMentions(users=True))
            return await channel.send(content, **kwargs)
        except discord.HTTPException:
            log.exception("table %s: could not post", table.id)
            return None

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
                await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[union-attr]

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
        if image is not None:
            embed.set_image(url=f"attachment://{BOARD_FILE}")
        message_id = table.row.meta.get("board")
        if message_id:
            message = channel.get_partial_message(message_id)  # type: ignore[union-attr]
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
            message = await channel.send(embed=embed, view=view, files=files)
        except discord.HTTPException:
            log.exception("table %s: could not post the board", table.id)
            return None
        await self.service.set_meta(table, board=message.id)
        return message
