"""The board's "📜 Details" button: anyone's private, refreshable copy of the whole public board.

The copy is built from the public view only (`view(state, None)`), in the reader's language, with the
game's picture and everything the board's embed leaves out to fit one screen (the game's rows per player, the
eight recent moves: `TablePresenter.details`); its "Refresh" button redraws it in place. A spectator never
receives anything a player's own view holds. custom_id `gw:<table>:<new|refresh>` (works after a restart).
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.delivery import render_png
from bot.gameui import Ctx, described
from bot.i18n import t
from bot.ui.common import bot_of, check_table, follow_up, locale_of

if TYPE_CHECKING:
    from bot.tables import Table

log = logging.getLogger(__name__)


def watch_button(table_id: int, locale: str) -> WatchButton:
    return WatchButton(table_id, "new", t(locale, "watch.button"))


async def spectator_copy(interaction: discord.Interaction, table: Table, locale: str) -> dict[str, Any]:
    """The public board for one reader: embed, picture (when the game draws one) and a Refresh button."""
    bot = bot_of(interaction)
    presenter = bot.presenter(table)
    ctx = Ctx(table=table, view=table.view(None), names=await bot.names(table), locale=locale)
    embed = presenter.details(ctx)
    embed.set_footer(text=t(locale, "watch.footer"))
    files: list[discord.File] = []
    render = presenter.ui.render
    if render is not None:
        try:
            data = await render_png(render, ctx.view, ctx.names, ctx.words)
        except Exception:
            log.exception("table %s: drawing the spectators' board failed", table.id)
        else:
            # beside the embed, as on the board, and described as it is
            files.append(discord.File(io.BytesIO(data), "board.png", description=described(presenter.ui.describe, ctx)))
    view = discord.ui.View(timeout=None)
    view.add_item(WatchButton(table.id, "refresh", t(locale, "watch.refresh")))
    return {"embed": embed, "attachments": files, "view": view}


class WatchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gw:(?P<table>\d+):(?P<mode>new|refresh)"):
    def __init__(self, table_id: int, mode: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=limits.label(label or "…"), style=discord.ButtonStyle.secondary,
                                           emoji="📜" if mode == "new" else "🔄", custom_id=f"gw:{table_id}:{mode}"))
        self.table_id, self.mode = table_id, mode

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WatchButton:
        return cls(int(match["table"]), match["mode"], getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        # Anyone may watch, players included (they see the same public board).
        return await check_table(interaction, self.table_id, player=False) is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        table = bot_of(interaction).service.get(self.table_id)
        locale = locale_of(interaction)
        if self.mode == "refresh":
            await interaction.response.defer()
            await interaction.edit_original_response(**await spectator_copy(interaction, table, locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # drawing takes a moment
        copy = await spectator_copy(interaction, table, locale)
        files = copy.pop("attachments")
        await follow_up(interaction, ephemeral=True, files=files, **copy)
