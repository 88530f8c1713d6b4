"""Practice tables (`/game learn <game>`): a member alone against computer players, to learn a game.

The table talks in a private thread the bot opens in the channel with only the member, or in the member's DMs
where it cannot (no permission, a channel that takes no private thread, Discord refusing): its `channel` is
that thread or DM channel itself, so the channel the command came from stays free for a table of others. It
takes a computer player in every other seat, the game's default options (Junta's decision timer at its
longest), hints on, no turn timer; each computer's turn waits a moment (`Config.practice_pace`,
bot/computer.py) and is told on its own, so that the member sees it come. A welcome says all this first; after
the opening board a short tour of the board (three or four messages, `<game>.tour.*`) points at its parts. The
tour is posted by the table's outbox as part of its opening, each message counted in the meta (`toured`) once
posted: a restart goes on from the next one. The result is never recorded (`TableService._record_outcome`),
and the table's end says so. A member has one practice table at a time; `/game end` or `/game leave` (in its
place, or from any channel without a table of its own) closes it.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any, Literal

import discord

from bot import limits
from bot.computer import has_computer
from bot.delivery import mention
from bot.i18n import t, tn
from bot.ports import PresenterParts
from bot.store import StoreUnavailableError
from bot.tables import Change, StoreDown, Table, TableError, table_locale
from bot.ui.common import bot_of, locale_of, refuse, table_here, tell
from games import DESCRIPTORS, descriptor_of
from games.core.protocol import Game, IllegalAction

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: a practice game has no timer, so it may rest a few days
_opening: set[int] = set()  # members whose practice table is being opened right now


def players_for(game: Game) -> int:
    """How many sit at a practice table: the fewest the game takes, with at least one computer to play."""
    return max(2, game.min_players)


def learnable() -> tuple[str, ...]:
    """The games a practice table can be opened for: those whose descriptor names a computer player."""
    return tuple(game_id for game_id, descriptor in DESCRIPTORS.items() if descriptor.learnable)


def options_for(game_id: str) -> dict[str, Any]:
    """The options a practice table opens with: its descriptor's (no clock of the rules' own presses the
    member: Junta's decision timer at the longest the engine takes)."""
    found = descriptor_of(game_id)
    return dict(found.practice_options) if found is not None else {}


def computer_names(locale: str, count: int) -> list[str]:
    if count == 1:
        return [t(locale, "lobby.computer")]
    return [t(locale, "lobby.computer_n", number=number) for number in range(1, count + 1)]


async def learn_command(interaction: discord.Interaction, game_id: str) -> None:
    """`/game learn <game>`: open the member's practice table, or say where their open one is."""
    bot, locale = bot_of(interaction), locale_of(interaction)
    game = bot.service.registry.get(game_id)
    if game is None or not has_computer(game_id):
        await tell(interaction, t(locale, "error.no_computer", game=game.title if game else game_id))
        return
    if interaction.guild is None:
        await tell(interaction, t(locale, "error.guild_only"))
        return
    member = interaction.user
    own = bot.service.practice_of(member.id)
    if own is not None:
        await tell(interaction, await already(interaction, own, locale))
        return
    if member.id in _opening:
        await tell(interaction, t(locale, "learn.already_open"))
        return
    _opening.add(member.id)
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a thread and a board take a moment
        computers = players_for(game) - 1
        place = await open_place(interaction, game, locale, computers)
        if place is None:
            await tell(interaction, t(locale, "learn.no_place"))
            return
        try:
            table = await bot.service.open_practice(
                game_id, guild=interaction.guild.id, place=place.id, member=member.id, name=member.display_name,
                locale=locale, computers=computer_names(locale, computers), options=options_for(game_id))
        except (TableError, IllegalAction, StoreUnavailableError) as exc:
            if isinstance(place, discord.Thread):  # an empty thread would only puzzle the member
                with contextlib.suppress(discord.HTTPException):
                    await place.delete()
            await refuse(interaction, StoreDown() if isinstance(exc, StoreUnavailableError) else exc)
            return
        bot.service.release(table.id)  # the opening, then the tour, go out in the table's place
        if isinstance(place, discord.Thread):
            await tell(interaction, t(locale, "learn.opened", game=game.title, place=place.mention))
        else:
            await tell(interaction, t(locale, "learn.opened_dm", game=game.title))
    finally:
        _opening.discard(member.id)


async def open_place(interaction: discord.Interaction, game: Game, locale: str,
                     computers: int) -> discord.Thread | discord.DMChannel | None:
    """Where the practice table talks, its welcome posted there: a private thread of this channel with only the
    member, else the member's DMs; None when neither takes a message."""
    thread = await private_thread(interaction, limits.option(t(locale, "learn.thread", game=game.title,
                                                               member=interaction.user.display_name)))
    welcome = tn(locale, "learn.welcome", computers, member=mention(interaction.user.id), game=game.title)
    if thread is not None:
        stop = t(locale, "learn.stop")
        try:
            await thread.send(f"{welcome}\n{stop}",
                              allowed_mentions=discord.AllowedMentions(users=[interaction.user]))
            return thread
        except discord.HTTPException as exc:
            log.warning("practice for %s: the private thread refused the welcome (%s)", interaction.user.id, exc.status)
            with contextlib.suppress(discord.HTTPException):
                await thread.delete()
    server = interaction.guild.name if interaction.guild is not None else ""
    stop_dm = t(locale, "learn.stop_dm", server=server)
    try:
        dm = await interaction.user.create_dm()
        await dm.send(f"{welcome}\n{stop_dm}")
    except discord.HTTPException as exc:
        log.info("practice for %s: no DM either (%s)", interaction.user.id, exc.status)
        return None
    return dm


async def private_thread(interaction: discord.Interaction, name: str) -> discord.Thread | None:
    """A private thread of the command's channel (of its parent, when used in a thread) with the member in it,
    when the channel and the bot's permissions allow one (None otherwise)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        channel = channel.parent  # a thread takes no thread of its own: its channel does
    if not isinstance(channel, discord.TextChannel) or channel.is_news():
        return None  # a thread, a voice channel's chat, a forum or an announcement channel takes none
    me = channel.guild.me
    granted = channel.permissions_for(me) if me is not None else None
    if granted is None or not (granted.create_private_threads and granted.send_messages_in_threads):
        return None
    try:
        thread = await channel.create_thread(name=name, type=discord.ChannelType.private_thread, invitable=False,
                                             auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    except discord.HTTPException as exc:
        log.info("practice for %s: no private thread in %s (%s)", interaction.user.id, channel.id, exc.status)
        return None
    try:
        await thread.add_user(interaction.user)
    except discord.HTTPException as exc:
        log.info("practice for %s: could not add the member to the thread (%s)", interaction.user.id, exc.status)
        with contextlib.suppress(discord.HTTPException):
            await thread.delete()
        return None
    return thread


async def already(interaction: discord.Interaction, table: Table, locale: str) -> str:
    """Where the member's open practice table is, and how to close it."""
    place: object = interaction.client.get_channel(table.place)
    if place is None:
        with contextlib.suppress(discord.HTTPException):
            place = await interaction.client.fetch_channel(table.place)
    if isinstance(place, discord.Thread):
        return t(locale, "learn.already", game=table.game.title, place=place.mention)
    return t(locale, "learn.already_dm", game=table.game.title)


async def table_or_practice(interaction: discord.Interaction) -> Table | None:
    """The open table of this channel (a practice table's DMs included); where there is none, the member's own
    practice table, so that it can be ended from any channel of the server too."""
    bot = bot_of(interaction)
    if bot.service.in_channel(interaction.channel_id or 0) is None:
        own = bot.service.practice_of(interaction.user.id)
        if own is not None:
            return own
    return await table_here(interaction)


# --- the table's own life (its outbox calls these in order, bot/app.py) ------------------------------------------


async def tour(bot: PresenterParts, table: Table) -> None:
    """Post the tour of a practice table's board from where it stopped. Each message is counted in the meta once
    posted, so a restart goes on with the next one and posts none of the counted ones again; a message Discord
    refuses is counted too (the tour is a help, not the game)."""
    found = descriptor_of(table.game.id)
    steps = found.practice_tour if found is not None else ()
    meta = table.row.meta
    if not meta.practice:
        return
    locale = table_locale(table)
    while meta.toured < len(steps):
        await bot.delivery.say(table, t(locale, steps[meta.toured]))
        meta.toured += 1
        await bot.service.save_meta(table)


async def finished(bot: PresenterParts, change: Change) -> None:
    """A practice game's end: it counts for no leaderboard, and how to play again."""
    table = change.table
    if not table.row.meta.practice or table.game.outcome(change.after) is None:
        return
    await bot.delivery.say(table, t(table_locale(table), "learn.over", game=table.game.id))

