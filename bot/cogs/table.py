"""/game: rules, board, leave and end — the same for every game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import described, t
from bot.tables import TableError
from bot.ui.common import bot_of, locale_of, refuse, table_here, tell
from games import REGISTRY
from games.core.protocol import IllegalAction

if TYPE_CHECKING:
    from bot.app import GameMasterBot

GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.id) for g in REGISTRY.values()]


@app_commands.guild_only()
class GameCommands(app_commands.Group, name="game", description=described("game", "Tables of every game")):
    @app_commands.command(name="rules", description=described("game_rules", "How a game is played"))
    @app_commands.describe(game=described("game_rules_game", "Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        locale = locale_of(interaction)
        embed = discord.Embed(title=REGISTRY[game.value].title, description=t(locale, f"rules.{game.value}"))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="board", description=described("game_board", "Post this table's board again"))
    async def board(self, interaction: discord.Interaction) -> None:
        table = await table_here(interaction, playing=True)
        if table is not None:
            await bot_of(interaction).presenter(table).show_board(table, interaction)

    @app_commands.command(name="leave", description=described("game_leave", "Leave the game at this table"))
    async def leave(self, interaction: discord.Interaction) -> None:
        bot, locale = bot_of(interaction), locale_of(interaction)
        table = await table_here(interaction)
        if table is None:
            return
        try:
            if table.status == "lobby":
                await bot.service.leave_lobby(table.id, interaction.user.id)
            else:
                await bot.service.act(table.id, interaction.user.id, {"type": "leave"})
        except (TableError, IllegalAction) as exc:
            await refuse(interaction, exc)
            return
        await tell(interaction, t(locale, "table.left"))

    @app_commands.command(name="end", description=described("game_end", "End this table (host or Manage Server)"))
    async def end(self, interaction: discord.Interaction) -> None:
        bot, locale = bot_of(interaction), locale_of(interaction)
        table = await table_here(interaction)
        if table is None:
            return
        perms = interaction.permissions
        if interaction.user.id != table.host and not perms.manage_guild:
            await tell(interaction, t(locale, "error.end_not_allowed"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await bot.service.close(table.id, "ended")
        except TableError as exc:
            await refuse(interaction, exc)
            return
        await tell(interaction, t(locale, "table.ended"))


    @app_commands.command(name="stats", description=described("game_stats", "Games played and won in this server"))
    @app_commands.describe(member=described("game_stats_member", "Whose record (default: yours)"))
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        bot, locale = bot_of(interaction), locale_of(interaction)
        who = member or interaction.user
        assert bot.store is not None and interaction.guild_id is not None
        record = await bot.store.stats(interaction.guild_id, who.id)
        embed = discord.Embed(title=t(locale, "stats.title", name=who.display_name))
        for game_id, row in sorted(record.items()):
            title = REGISTRY[game_id].title if game_id in REGISTRY else game_id
            embed.add_field(name=title, value=t(locale, "stats.line", played=row["played"], won=row["won"],
                                                points=f"{row['points']:g}"), inline=False)
        if not record:
            embed.description = t(locale, "stats.none")
        await interaction.response.send_message(embed=embed, ephemeral=True)


class TableCog(commands.Cog):
    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot


async def setup(bot: GameMasterBot) -> None:
    from bot.ui.lobby import LobbyButton

    bot.add_dynamic_items(LobbyButton)
    bot.tree.add_command(GameCommands())
    await bot.add_cog(TableCog(bot))
