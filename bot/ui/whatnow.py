"""The board's "❓ What now?" button: the moment explained privately, in the reader's language.

Anyone may press it: everyone gets the public part (what the moment is for, whose decision it awaits and until
when, the rule behind it); a player also gets what they can do now. The answer is built by `bot.whatnow` from the
public view and the reader's own legal actions, so it holds nothing of anyone else's secrets. It always explains
the table's current moment, so an older board's button is never stale; its "🔄 Refresh" redraws it in place.
custom_id `gn:<table>:<new|refresh>` (works after a restart).
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import discord

from bot import limits
from bot.i18n import t
from bot.ui.common import bot_of, check_table, locale_of
from bot.whatnow import WhatNow, what_now
from games.core.messages import N_

if TYPE_CHECKING:
    from bot.ports import Client
    from bot.tables import Table

COLOUR = discord.Colour.teal()


def whatnow_button(table_id: int, locale: str) -> WhatNowButton:
    return WhatNowButton(table_id, "new", t(locale, "whatnow.button"))


def relative(when: float) -> str:
    """A Discord countdown: every client shows "in 3 minutes" by itself."""
    return f"<t:{int(when)}:R>"


def bounded(lines: list[str], limit: int = limits.FIELD) -> str:
    """Lines as one field's value, the last ones giving way (with an ellipsis) past Discord's limit."""
    text = "\n".join(lines)
    while len(text) > limit and len(lines) > 1:
        lines = lines[:-1]
        text = "\n".join([*lines, "…"])
    return limits.fit(text, limit) or "—"


def answer_embed(answer: WhatNow, locale: str, clock_lines: list[str], now: float | None = None) -> discord.Embed:
    """The answer as an embed: the moment, who is awaited and until when, the reader's options, the rule.

    `now` (default: the clock) tells a deadline still ahead from one already past, which the game master has not
    acted on yet: the countdown reads "50 seconds ago" then, and the sentence around it must be in the past too."""
    embed = discord.Embed(title=t(locale, "whatnow.title"), colour=COLOUR,
                          description=answer.purpose if answer.purpose is not None else t(locale, "whatnow.no_guide"))
    waiting = [t(locale, "whatnow.waiting", players=t(locale, "core.list_separator").join(answer.waiting))] \
        if answer.waiting else [t(locale, "whatnow.nobody")]
    if answer.deadline is not None:
        passed = answer.deadline <= (time.time() if now is None else now)
        waiting.append(t(locale, N_("whatnow.deadline_passed") if passed else N_("whatnow.deadline"),
                         when=relative(answer.deadline)))
    embed.add_field(name=t(locale, "whatnow.waiting_heading"), value=bounded(waiting + clock_lines), inline=False)
    if answer.options is not None:
        mine = [f"• {line}" for line in answer.options] or [t(locale, "whatnow.nothing")]
        embed.add_field(name=t(locale, "whatnow.yours_heading"), value=bounded(mine), inline=False)
    if answer.rule is not None:
        embed.add_field(name=t(locale, "whatnow.rule_heading"),
                        value=bounded([answer.rule, f"*{answer.source}*" if answer.source else ""]), inline=False)
    if answer.options is None:
        embed.set_footer(text=t(locale, "whatnow.spectator"))
    return embed


async def answer_for(bot: Client, table: Table, user_id: int, locale: str) -> dict[str, Any]:
    """The private answer for this reader (a player's seat adds their options), with its Refresh button."""
    seat = table.seat_of(user_id)
    names = await bot.names(table)
    answer = what_now(table.game, table.state, seat, locale, names, controls=bot.presenter(table).ui.groups)
    view = discord.ui.View(timeout=None)
    view.add_item(WhatNowButton(table.id, "refresh", t(locale, "whatnow.refresh")))
    return {"embed": answer_embed(answer, locale, bot.turns.board_lines(table, locale, names)), "view": view}


class WhatNowButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gn:(?P<table>\d+):(?P<mode>new|refresh)"):
    def __init__(self, table_id: int, mode: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=limits.label(label or "…"), style=discord.ButtonStyle.secondary,
                                           emoji="❓" if mode == "new" else "🔄", custom_id=f"gn:{table_id}:{mode}"))
        self.table_id, self.mode = table_id, mode

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WhatNowButton:
        return cls(int(match["table"]), match["mode"], getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        # Anyone may ask: the answer holds only what everyone may know, and the reader's own options.
        return await check_table(interaction, self.table_id, player=False) is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        table = bot.service.get(self.table_id)
        answer = await answer_for(bot, table, interaction.user.id, locale_of(interaction))
        if self.mode == "refresh":
            await interaction.response.edit_message(**answer)
        else:
            await interaction.response.send_message(ephemeral=True, **answer)
