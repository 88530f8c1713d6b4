"""The generic lobby: create, join, leave, start when enough players, cancel."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.i18n import t
from bot.tables import Table, TableError
from bot.ui.common import bot_of, check_table, locale_of, mention, refuse, tell
from games.core.protocol import IllegalAction

log = logging.getLogger(__name__)


def lobby_embed(table: Table, locale: str, *, closed: str | None = None) -> discord.Embed:
    game = table.game
    players = "\n".join(f"{i + 1}. {mention(u)}" for i, u in enumerate(table.users))
    embed = discord.Embed(
        title=t(locale, "lobby.title", game=game.title),
        description=t(locale, "lobby.description", host=mention(table.host), min=game.min_players,
                      max=game.max_players),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(
        name=t(locale, "lobby.players", count=len(table.users), max=game.max_players),
        value=players or "—",
        inline=False,
    )
    options = table.row.options
    if options:
        embed.add_field(
            name=t(locale, "lobby.options"),
            value=", ".join(f"{t(locale, f'options.{k}')}: {option_value(v, locale)}" for k, v in options.items()),
            inline=False,
        )
    if closed:
        embed.set_footer(text=closed)
    return embed


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"lobby:(?P<table>\d+):(?P<op>join|leave|start|cancel)"
):
    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, table_id: int, op: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label or op, style=self.STYLES[op], custom_id=f"lobby:{table_id}:{op}")
        )
        self.table_id = table_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["table"]), match["op"], item.label or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        table = await check_table(interaction, self.table_id, player=False, statuses=("lobby",))
        if table is None:
            return False
        if self.op in ("start", "cancel") and interaction.user.id != table.host:
            await tell(interaction, t(locale_of(interaction), "error.host_only"))
            return False
        invited = table.row.meta.get("invited")
        if self.op == "join" and invited and interaction.user.id not in invited:
            await tell(interaction, t(locale_of(interaction), "error.invited_only",
                                      players=" ".join(mention(u) for u in invited)))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        locale = locale_of(interaction)
        try:
            if self.op == "join":
                table = await bot.service.join(self.table_id, interaction.user.id, locale)
                await remember_name(bot, table, interaction.user)
                await interaction.response.edit_message(embed=lobby_embed(table, table_locale(table)))
                await self._check_dms(interaction, table, locale)
            elif self.op == "leave":
                table = await bot.service.leave_lobby(self.table_id, interaction.user.id)
                await interaction.response.edit_message(embed=lobby_embed(table, table_locale(table)))
            elif self.op == "start":
                table = await bot.service.start(self.table_id, interaction.user.id)
                await interaction.response.defer()  # dealing, drawing and DMs take a moment
                await interaction.edit_original_response(
                    embed=lobby_embed(table, table_locale(table), closed=t(table_locale(table), "lobby.started")),
                    view=None,
                )
                await open_thread(bot, table, interaction.message)
                await bot.presenter(table).started(table)
            elif self.op == "cancel":
                table = await bot.service.close(self.table_id, "cancelled")
                await interaction.response.edit_message(
                    embed=lobby_embed(table, table_locale(table), closed=t(table_locale(table), "lobby.cancelled")),
                    view=None,
                )
        except TableError as exc:
            await refuse(interaction, exc)

    async def _check_dms(self, interaction: discord.Interaction, table: Table, locale: str) -> None:
        """Joining proves the bot can DM the player, or says what to do."""
        if not bot_of(interaction).presenter(table).has_secrets:
            await interaction.followup.send(t(locale, "lobby.joined_public", game=table.game.title), ephemeral=True)
            return
        delivered = await bot_of(interaction).delivery.dm(
            interaction.user.id, content=t(locale, "lobby.dm_check", game=table.game.title)
        )
        key = "lobby.joined" if delivered else "lobby.joined_no_dm"
        await interaction.followup.send(t(locale, key, game=table.game.title), ephemeral=True)


def option_value(value: object, locale: str) -> str:
    if isinstance(value, bool):
        return t(locale, "options.yes" if value else "options.no")
    return str(value)


def lobby_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for op in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(table.id, op, t(locale, f"lobby.button.{op}")))
    return view


def table_locale(table: Table) -> str:
    """Public messages use the language of whoever opened the table."""
    return str(table.row.meta.get("locale") or "en")


async def open_lobby(
    interaction: discord.Interaction, game_id: str, options: dict[str, Any]
) -> Table | None:
    """The shared body of every `/<game> new`: validate, create the table, post the lobby."""
    bot = bot_of(interaction)
    locale = locale_of(interaction)
    if interaction.guild is None or interaction.channel is None:
        await tell(interaction, t(locale, "error.guild_only"))
        return None
    try:
        table = await bot.service.create_lobby(
            game_id, guild=interaction.guild.id, channel=interaction.channel.id,
            host=interaction.user.id, options=options, locale=locale,
        )
    except (TableError, IllegalAction) as exc:  # a busy channel or a bad option
        await refuse(interaction, exc)
        return None
    await bot.service.set_meta(table, locale=locale)
    await remember_name(bot, table, interaction.user)
    await interaction.response.send_message(embed=lobby_embed(table, locale), view=lobby_view(table, locale))
    message = await interaction.original_response()
    await bot.service.set_meta(table, lobby=message.id)
    if bot.presenters[game_id].has_secrets and not await bot.delivery.dm(
        interaction.user.id, content=t(locale, "lobby.dm_check", game=table.game.title)
    ):
        await interaction.followup.send(t(locale, "lobby.joined_no_dm", game=table.game.title), ephemeral=True)
    return table


async def open_thread(bot: Any, table: Table, message: discord.Message | None) -> None:
    """Move the table's talk into a thread of its lobby message, when allowed and possible."""
    if not bot.config.use_threads or message is None or table.row.thread:
        return
    channel = message.channel
    if not isinstance(channel, discord.TextChannel):
        return
    me = channel.guild.me
    if me is None or not channel.permissions_for(me).create_public_threads:
        return
    try:
        thread = await message.create_thread(name=f"{table.game.title} #{table.id}")
    except discord.HTTPException:
        log.warning("table %s: could not open a thread, staying in the channel", table.id)
        return
    await bot.service.set_thread(table, thread.id)


async def remember_name(bot: Any, table: Table, user: discord.abc.User) -> None:
    """Names are kept with the table, so boards can be drawn without the members intent."""
    names = {**table.row.meta.get("names", {}), str(user.id): user.display_name}
    await bot.service.set_meta(table, names=names)
