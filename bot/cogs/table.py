"""/game: rules, board, leave, end, stats and leaderboard — the same for every game — and the shared controls."""

from __future__ import annotations

from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LANGUAGE_NAMES, LOCALES, described, pick_locale, t
from bot.leaderboard import PERIOD_WORDS, PERIODS
from bot.ports import CogHost
from bot.tables import TableError
from bot.ui.common import bot_of, locale_of, refuse, table_here, tell
from bot.ui.controls import DYNAMIC_ITEMS, on_amount
from bot.ui.kick import VoteKickButton, kick_command, votekick_command
from bot.ui.practice import learn_command, learnable, table_or_practice
from bot.ui.standings import leaderboard_command, stats_command
from games import DESCRIPTORS, descriptor_of
from games.core.messages import MessageFamily
from games.core.protocol import IllegalAction

# A language named inside a sentence, as the reader's language writes it there ("et parlo en català"): the
# endonyms of LANGUAGE_NAMES are labels of a list, capitalised as a label is.
LANGUAGE_IN_SENTENCE = MessageFamily("table.language_name", LOCALES)
# The full rules travel with the project (docs/rules); /game rules attaches a game's files to its summary.
RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"


def rules_files(game: str) -> list[Path]:
    """The full rules text of a game: its descriptor's rules files (its rules, then its annexes)."""
    found = descriptor_of(game)
    return [RULES_DIR / name for name in found.rules if (RULES_DIR / name).exists()] if found is not None else []


LANGUAGE_CHOICES = [
    app_commands.Choice(name=described("command.game_language_auto"), value="auto"),
    *(app_commands.Choice(name=LANGUAGE_NAMES[code], value=code) for code in LOCALES),
]
PERIOD_CHOICES = [app_commands.Choice(name=described(PERIOD_WORDS[p]), value=p) for p in PERIODS]


async def in_a_server(interaction: discord.Interaction) -> bool:
    """Whether a /game command that needs a server was used in one; in DMs, a private sentence says what works there
    (a check failure would do the same, but as an error of the command)."""
    if interaction.guild_id is not None:
        return True
    await tell(interaction, t(locale_of(interaction), "error.server_command"))
    return False


def game_commands() -> app_commands.Group:
    """/game, its game choices made from the games registered now (a game's descriptor is all it takes)."""
    game_choices = [app_commands.Choice(name=d.title, value=game_id) for game_id, d in DESCRIPTORS.items()]
    # /game learn offers the games a computer player can fill a table of (not Spyfall).
    learn_choices = [choice for choice in game_choices if choice.value in learnable()]

    # In a member's DMs too, where a practice table may talk (bot/ui/practice.py): Discord sets where a command may
    # be used per top-level command only, so the commands that need a server say so themselves (`in_a_server`), and
    # a member option takes a user as well (in DMs Discord resolves no member: a Member alone would fail to convert
    # before the command could say so).
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    class GameCommands(app_commands.Group, name="game", description=described("command.game")):
        @app_commands.command(name="rules", description=described("command.game_rules"))
        @app_commands.describe(game=described("command.game_rules_game"))
        @app_commands.choices(game=game_choices)
        async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
            locale = locale_of(interaction)
            found = DESCRIPTORS[game.value]
            summary = t(locale, found.summary) if found.summary else None
            embed = discord.Embed(title=found.title, description=summary)
            files = rules_files(game.value)
            if files:
                names = ", ".join(f"`{path.name}`" for path in files)
                embed.add_field(name=t(locale, "rules.full_title"), value=t(locale, "rules.full", files=names))
            await interaction.response.send_message(
                embed=embed, files=[discord.File(path, filename=path.name) for path in files], ephemeral=True
            )

        @app_commands.command(name="learn", description=described("command.game_learn"))
        @app_commands.describe(game=described("command.game_learn_game"))
        @app_commands.choices(game=learn_choices)
        async def learn(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
            if not await in_a_server(interaction):
                return
            await learn_command(interaction, game.value)

        @app_commands.command(name="board", description=described("command.game_board"))
        async def board(self, interaction: discord.Interaction) -> None:
            table = await table_here(interaction, playing=True)
            if table is None:
                return
            await interaction.response.defer(ephemeral=True, thinking=True)  # the repost draws a picture
            await bot_of(interaction).presenter(table).show_board(table)
            await tell(interaction, t(locale_of(interaction), "table.board_posted"))

        @app_commands.command(name="leave", description=described("command.game_leave"))
        async def leave(self, interaction: discord.Interaction) -> None:
            bot, locale = bot_of(interaction), locale_of(interaction)
            table = await table_or_practice(interaction)
            if table is None:
                return
            if table.status == "playing":
                await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await bot.service.leave(table.id, interaction.user.id)
            except (TableError, IllegalAction) as exc:
                await refuse(interaction, exc, await bot.names(table))
                return
            await tell(interaction, t(locale, "table.left"))

        @app_commands.command(name="end", description=described("command.game_end"))
        async def end(self, interaction: discord.Interaction) -> None:
            bot, locale = bot_of(interaction), locale_of(interaction)
            table = await table_or_practice(interaction)
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

        @app_commands.command(name="kick", description=described("command.game_kick"))
        @app_commands.describe(member=described("command.game_kick_member"))
        async def kick(self, interaction: discord.Interaction, member: discord.Member | discord.User) -> None:
            if not await in_a_server(interaction):
                return
            table = await table_here(interaction)
            if table is not None:
                await kick_command(interaction, table, member)

        @app_commands.command(name="votekick", description=described("command.game_votekick"))
        @app_commands.describe(member=described("command.game_votekick_member"))
        async def votekick(self, interaction: discord.Interaction, member: discord.Member | discord.User) -> None:
            if not await in_a_server(interaction):
                return
            table = await table_here(interaction)
            if table is not None:
                await votekick_command(interaction, table, member)

        @app_commands.command(name="stats", description=described("command.game_stats"))
        @app_commands.describe(member=described("command.game_stats_member"))
        async def stats(self, interaction: discord.Interaction,
                        member: discord.Member | discord.User | None = None) -> None:
            if not await in_a_server(interaction):
                return
            await stats_command(interaction, member)

        @app_commands.command(name="leaderboard", description=described("command.game_leaderboard"))
        @app_commands.describe(game=described("command.game_leaderboard_game"),
                               period=described("command.game_leaderboard_period"))
        @app_commands.choices(game=game_choices, period=PERIOD_CHOICES)
        async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                              period: app_commands.Choice[str] | None = None) -> None:
            if not await in_a_server(interaction):
                return
            await leaderboard_command(interaction, game.value, period.value if period is not None else "all")


        @app_commands.command(name="language", description=described("command.game_language"))
        @app_commands.describe(language=described("command.game_language_language"))
        @app_commands.choices(language=LANGUAGE_CHOICES)
        async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
            bot = bot_of(interaction)
            assert bot.store is not None
            # Discord has no Catalan client, so a member who wants Catalan (or any other of ours) picks it here.
            chosen = None if language.value == "auto" else language.value
            await bot.store.set_language(interaction.user.id, chosen)
            if chosen is None:
                bot.languages.pop(interaction.user.id, None)
                await tell(interaction, t(pick_locale(interaction.locale), "table.language_auto"))
                return
            bot.languages[interaction.user.id] = chosen
            await tell(interaction, t(chosen, "table.language_set", language=t(chosen, LANGUAGE_IN_SENTENCE[chosen])))

    return GameCommands()


class TableCog(commands.Cog):
    def __init__(self, bot: CogHost) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Amount modals are answered here, not by a stored Modal, so they work after a restart.
        await on_amount(interaction)


async def setup(bot: CogHost) -> None:
    from bot.ui.lobby import HintsToggle, LobbyButton, TurnTimerSelect
    from bot.ui.replay import ReplayButton

    bot.add_dynamic_items(LobbyButton, TurnTimerSelect, HintsToggle, VoteKickButton, ReplayButton, *DYNAMIC_ITEMS)
    bot.tree.add_command(game_commands())
    await bot.add_cog(TableCog(bot))
