"""The generic lobby: open, join, leave, start when enough players sit, cancel; computer seats."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot import limits
from bot.absence import TURN_TIMER_CHOICES, duration, offers_turn_timer
from bot.computer import has_computer
from bot.delivery import mention
from bot.i18n import t, tn
from bot.ports import Client
from bot.tables import Table, TableError, table_locale
from bot.ui.common import bot_of, check_table, locale_of, refuse, tell
from games.core.messages import N_
from games.core.protocol import Game, IllegalAction, OptionSpec, optional_member

log = logging.getLogger(__name__)

OPS = ("join", "leave", "start", "cancel")
HINTS_SHOWN = {True: N_("lobby.hints_on"), False: N_("lobby.hints_off")}  # the lobby's line, by the setting
HINTS_TOGGLE = {True: N_("lobby.hints_button_off"), False: N_("lobby.hints_button_on")}  # the host's button


def option_specs(game_id: str) -> dict[str, OptionSpec]:
    """A game's options as its engine declares them (name → spec), for the lobby and the commands."""
    from games import REGISTRY

    schema = optional_member(REGISTRY[game_id], "options_schema") or ()
    return {spec.name: spec for spec in schema}


def most_computers(game: Game) -> int:
    """How many computer seats a table may have: every seat but the host's (`/<game> new computers:`)."""
    return game.max_players - 1


def option_value(value: object, locale: str) -> str:
    if isinstance(value, bool):
        return t(locale, "core.yes") if value else t(locale, "core.no")
    return str(value)


def seat_line(table: Table, seat: int, locale: str) -> str:
    user = table.users[seat]
    if seat in table.computer_seats:
        name = table.row.meta.names.get(user) or t(locale, "lobby.computer")
        return f"{seat + 1}. 🤖 {name}"
    return f"{seat + 1}. {mention(user)}"


def lobby_embed(table: Table, locale: str, *, closed: str | None = None) -> discord.Embed:
    game = table.game
    embed = discord.Embed(
        title=t(locale, "lobby.title", game=game.title),
        description=t(locale, "lobby.description", host=mention(table.host), min=game.min_players,
                      max=game.max_players),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(
        name=t(locale, "lobby.players", seated=len(table.users), max=game.max_players),
        value="\n".join(seat_line(table, s, locale) for s in range(len(table.users))) or "—",
        inline=False,
    )
    specs = option_specs(game.id)
    shown = [(specs[k], v) for k, v in table.row.options.items() if k in specs and specs[k].public]
    if shown:
        embed.add_field(
            name=t(locale, "lobby.options"),
            value=", ".join(f"{t(locale, spec.label)}: {option_value(v, locale)}" for spec, v in shown),
            inline=False,
        )
    if offers_turn_timer(game):
        embed.add_field(name=t(locale, "lobby.turn_timer"),
                        value=duration(locale, table.row.meta.turn_timer), inline=False)
    if has_computer(game.id):
        embed.add_field(name=t(locale, "lobby.hints"),
                        value=t(locale, HINTS_SHOWN[table.row.meta.hints]), inline=False)
    if closed:
        embed.set_footer(text=closed)
    return embed


def lobby_view(table: Table, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LobbyButton(table.id, "join", t(locale, "lobby.button.join")))
    view.add_item(LobbyButton(table.id, "leave", t(locale, "lobby.button.leave")))
    view.add_item(LobbyButton(table.id, "start", t(locale, "lobby.button.start")))
    view.add_item(LobbyButton(table.id, "cancel", t(locale, "lobby.button.cancel")))
    if has_computer(table.game.id):  # hints are the computer player's advice: no computer, no hints
        view.add_item(HintsToggle(table.id, t(locale, HINTS_TOGGLE[table.row.meta.hints])))
    if offers_turn_timer(table.game):
        view.add_item(TurnTimerSelect(table.id, locale, table.row.meta.turn_timer))
    return view


async def open_lobby_of_host(interaction: discord.Interaction, table_id: int) -> Table | None:
    """The table, when its lobby is open and the one pressing hosts it (the settings are the host's); else None,
    and the presser has been told why."""
    table = await check_table(interaction, table_id, player=False, statuses=("lobby",))
    if table is not None and interaction.user.id != table.host:
        await tell(interaction, t(locale_of(interaction), "error.host_only"))
        return None
    return table


class HintsToggle(discord.ui.DynamicItem[discord.ui.Button], template=r"lobbyh:(?P<table>\d+)"):
    """The host turns the board's "💡 Hint" button on or off (off by default; on at practice tables), while
    the lobby is open, in a game with a computer player."""

    def __init__(self, table_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=limits.label(label or "…"), style=discord.ButtonStyle.secondary,
                                           emoji="💡", custom_id=f"lobbyh:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HintsToggle:
        return cls(int(match["table"]), getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        table = await open_lobby_of_host(interaction, self.table_id)
        if table is None:
            return False
        if not has_computer(table.game.id):  # a forged click: the lobby never offers it
            await tell(interaction, t(locale_of(interaction), "hint.refused.no_computer", game=table.game.title))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        table = bot.service.get(self.table_id)
        table.row.meta.hints = not table.row.meta.hints
        await bot.service.save_meta(table)
        locale = table_locale(table)
        await interaction.response.edit_message(embed=lobby_embed(table, locale), view=lobby_view(table, locale))


class TurnTimerSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"lobbyt:(?P<table>\d+)"):
    """The host's choice of a turn timer (off by default), while the lobby is open."""

    def __init__(self, table_id: int, locale: str = "en", chosen: int = 0) -> None:
        options = [discord.SelectOption(label=limits.option(duration(locale, seconds)), value=str(seconds),
                                        default=seconds == chosen) for seconds in TURN_TIMER_CHOICES]
        super().__init__(discord.ui.Select(custom_id=f"lobbyt:{table_id}", options=options,
                                           placeholder=limits.placeholder(t(locale, "lobby.turn_timer_pick"))))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnTimerSelect:
        return cls(int(match["table"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await open_lobby_of_host(interaction, self.table_id) is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        table = bot.service.get(self.table_id)
        data: Any = interaction.data or {}
        values = data.get("values") or ["0"]
        seconds = int(values[0]) if str(values[0]).isdigit() and int(values[0]) in TURN_TIMER_CHOICES else 0
        table.row.meta.turn_timer = seconds
        await bot.service.save_meta(table)
        locale = table_locale(table)
        await interaction.response.edit_message(embed=lobby_embed(table, locale), view=lobby_view(table, locale))


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
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["table"]), match["op"], getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        table = await check_table(interaction, self.table_id, player=False, statuses=("lobby",))
        if table is None:
            return False
        if self.op in ("start", "cancel") and interaction.user.id != table.host:
            await tell(interaction, t(locale_of(interaction), "error.host_only"))
            return False
        invited = table.row.meta.invited
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
                await check_dms(interaction, table, locale, joined=True)
            elif self.op == "leave":
                table = await bot.service.leave_lobby(self.table_id, interaction.user.id)
                await interaction.response.edit_message(embed=lobby_embed(table, table_locale(table)))
            elif self.op == "start":
                table = await bot.service.start(self.table_id, interaction.user.id, hold=True)
                await begin(bot, table, interaction, thinking=False)
            else:
                table = await bot.service.close(self.table_id, "cancelled")
                await interaction.response.edit_message(
                    embed=lobby_embed(table, table_locale(table), closed=t(table_locale(table), "lobby.cancelled")),
                    view=None,
                )
        except (TableError, IllegalAction) as exc:  # the engine may refuse this many players with these options
            await refuse(interaction, exc)


async def begin(bot: Client, table: Table, interaction: discord.Interaction, thinking: bool) -> None:
    """The lobby message says the game started; the table moves to its thread; then the table publishes its
    opening (held by `start(hold=True)` until the thread is there, whatever happens here)."""
    try:
        await interaction.response.defer(thinking=thinking)  # the opening's posts and DMs take a moment
        locale = table_locale(table)
        message = await interaction.edit_original_response(
            embed=lobby_embed(table, locale, closed=t(locale, "lobby.started")), view=None
        )
        await open_thread(bot, table, message)
    finally:
        bot.service.release(table.id)


async def check_dms(interaction: discord.Interaction, table: Table, locale: str, joined: bool) -> None:
    """Sitting down proves the bot can DM the player (games with secrets), or says what to do."""
    bot = bot_of(interaction)
    if not bot.presenter(table).has_secrets:
        if joined:
            await interaction.followup.send(t(locale, "lobby.joined_public", game=table.game.title), ephemeral=True)
        return
    delivered = await bot.delivery.dm(interaction.user.id, content=t(locale, "lobby.dm_check", game=table.game.title))
    if joined or not delivered:
        key = N_("lobby.joined") if delivered else N_("lobby.joined_no_dm")
        await interaction.followup.send(t(locale, key, game=table.game.title), ephemeral=True)


async def open_lobby(
    interaction: discord.Interaction, game_id: str, options: dict[str, Any], *, computers: int = 0,
    invite: discord.abc.User | None = None, hints: bool = False,
) -> Table | None:
    """The shared body of every `/<game> new`: check, open the table, seat computers, post the lobby.

    A table that computers fill up starts at once (so `hints` is also a command option: such a table has no
    lobby where the host could turn them on).
    """
    bot = bot_of(interaction)
    locale = locale_of(interaction)
    if interaction.guild is None or interaction.channel is None:
        await tell(interaction, t(locale, "error.guild_only"))
        return None
    game = bot.service.registry.get(game_id)
    if computers and not has_computer(game_id):
        await tell(interaction, t(locale, "error.no_computer", game=game.title if game else game_id))
        return None
    if game is not None and computers > most_computers(game):
        await tell(interaction, tn(locale, "error.too_many_computers", most_computers(game)))
        return None
    try:
        table = await bot.service.create_lobby(
            game_id, guild=interaction.guild.id, channel=interaction.channel.id,
            host=interaction.user.id, options=options, locale=locale,
        )
    except (TableError, IllegalAction) as exc:  # a busy channel or a bad option
        await refuse(interaction, exc)
        return None
    table.row.meta.locale = locale
    table.row.meta.hints = hints and has_computer(game_id)
    if invite is not None:
        table.row.meta.invited = [invite.id]
    await bot.service.save_meta(table)
    await remember_name(bot, table, interaction.user)
    for number in range(1, computers + 1):
        name = t(locale, "lobby.computer") if computers == 1 else t(locale, "lobby.computer_n", number=number)
        await bot.service.add_computer(table.id, name)
    if len(table.users) >= table.game.max_players:
        table = await bot.service.start(table.id, interaction.user.id, hold=True)
        await begin(bot, table, interaction, thinking=True)
        return table
    await interaction.response.send_message(embed=lobby_embed(table, locale), view=lobby_view(table, locale))
    message = await interaction.original_response()
    table.row.meta.lobby = message.id
    await bot.service.save_meta(table)
    if invite is not None:
        await interaction.followup.send(
            t(locale, "lobby.invite", opponent=mention(invite.id), host=mention(interaction.user.id),
              game=table.game.title),
            allowed_mentions=discord.AllowedMentions(users=[invite]),
        )
    await check_dms(interaction, table, locale, joined=False)
    return table


async def open_thread(bot: Client, table: Table, message: discord.Message | None) -> None:
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


async def remember_name(bot: Client, table: Table, user: discord.abc.User) -> None:
    """Names are kept with the table, so boards can be drawn without the members intent."""
    table.row.meta.names[user.id] = user.display_name
    await bot.service.save_meta(table)
