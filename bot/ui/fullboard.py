"""The board's "🔍 Full board" button: the detailed picture of the public board, privately.

The board in the channel is drawn for the inline box (a landscape picture a player reads without
clicking); a game whose detail does not fit there (every family's row in Junta, the card texts in
Som) also draws a detailed picture (`GameUI.full_render`). Anyone may ask for it: it is drawn from
the public view only (`view(state, None)`), in the reader's language, and sent ephemerally.
custom_id `gf:<table>` (works after a restart).
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord

from bot import limits
from bot.delivery import render_png
from bot.gameui import Ctx, described
from bot.i18n import t
from bot.ui.common import bot_of, check_table, follow_up, locale_of

log = logging.getLogger(__name__)

FILE = "full-board.png"


def full_board_button(table_id: int, locale: str) -> FullBoardButton:
    return FullBoardButton(table_id, t(locale, "fullboard.button"))


class FullBoardButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gf:(?P<table>\d+)"):
    def __init__(self, table_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=limits.label(label or "…"), style=discord.ButtonStyle.secondary,
                                           emoji="🔍", custom_id=f"gf:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FullBoardButton:
        return cls(int(match["table"]), getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        # Anyone may look: the picture holds only what everyone may see.
        return await check_table(interaction, self.table_id, player=False) is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        table = bot.service.get(self.table_id)
        locale = locale_of(interaction)
        ui = bot.presenter(table).ui
        render = ui.full_render
        if render is None:  # a button from a version of the game that had a full picture
            await interaction.response.send_message(t(locale, "fullboard.none"), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # drawing takes a moment
        ctx = Ctx(table=table, view=table.view(None), names=await bot.names(table), locale=locale)
        try:
            data = await render_png(render, ctx.view, ctx.names, ctx.words)
        except Exception:
            log.exception("table %s: drawing the full board failed", table.id)
            await follow_up(interaction, t(locale, "fullboard.failed"), ephemeral=True)
            return
        await follow_up(interaction, t(locale, "fullboard.caption"), ephemeral=True,
                        file=discord.File(io.BytesIO(data), FILE, description=described(ui.describe, ctx)))
