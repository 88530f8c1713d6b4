"""Removing a member from a table: the host's `/game kick`, and a vote-kick every other player must agree to.

In a lobby the member's seat is freed. In a game the seat goes to a computer player where the game has
one, else the member leaves by the game's leave rule (`TurnClock.remove`, bot/absence.py). A vote-kick is
one public message with Yes/No buttons (custom_id `vk:<table>:<member>:<y|n>`, so it works after a
restart); the vote lives in the table's meta. Every other member at the table must say yes; one no ends it, and it
lapses after `VOTE_SECONDS`.
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from typing import Any

import discord

from bot import limits
from bot.delivery import mention
from bot.i18n import t, tn
from bot.meta import KickVote
from bot.ports import Client
from bot.tables import Table, TableError, table_locale
from bot.ui.acting import human_seats
from bot.ui.common import bot_of, check_table, locale_of, refuse, tell
from games.core.messages import N_
from games.core.protocol import IllegalAction

log = logging.getLogger(__name__)

VOTE_SECONDS = 600  # a vote-kick nobody finishes lapses after ten minutes


def voters(table: Table, target: int) -> list[int]:
    """The members whose yes a vote-kick of `target` needs: everybody else at the table."""
    return [table.users[s] for s in human_seats(table) if table.users[s] != target]


async def kick_member(bot: Client, table: Table, target: int) -> str:
    """Take `target` off the table; returns how ("lobby", "computer" or "left"). TableError if impossible."""
    if table.status == "lobby":
        await bot.service.leave_lobby(table.id, target)
        await refresh_lobby(bot, table)
        return "lobby"
    seat = table.seat_of(target)
    if seat is None or seat in table.computer_seats:
        raise TableError("error.not_at_table")
    return await bot.turns.remove(table, seat)


async def refresh_lobby(bot: Client, table: Table) -> None:
    """Show the lobby's new seats on its message (best effort: the message may be gone)."""
    from bot.ui.lobby import lobby_embed

    message_id = table.row.meta.lobby
    channel = bot.get_channel(table.row.channel)
    if not message_id or not isinstance(channel, discord.abc.Messageable):
        return
    try:
        await channel.get_partial_message(message_id).edit(embed=lobby_embed(table, table_locale(table)))
    except discord.HTTPException:
        log.warning("table %s: could not update the lobby message", table.id)


def removed_text(locale: str, how: str, name: str, by: str) -> str:
    key = {"lobby": N_("kick.done_lobby"), "computer": N_("kick.done_computer"), "left": N_("kick.done_left")}[how]
    return t(locale, key, name=name, by=by)


async def kick_command(interaction: discord.Interaction, table: Table, member: discord.abc.User) -> None:
    """`/game kick`: the host (or a member who may manage the server) removes a member."""
    bot, locale = bot_of(interaction), locale_of(interaction)
    if interaction.user.id != table.host and not interaction.permissions.manage_guild:
        await tell(interaction, t(locale, "error.kick_host_only"))
        return
    refusal = target_refusal(table, interaction.user.id, member.id)
    if refusal is not None:
        await tell(interaction, t(locale, refusal))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        how = await kick_member(bot, table, member.id)
    except (TableError, IllegalAction) as exc:
        await refuse(interaction, exc, await bot.names(table))
        return
    text = removed_text(table_locale(table), how, mention(member.id), mention(interaction.user.id))
    await bot.delivery.say(table, text, allowed_mentions=discord.AllowedMentions.none())
    await tell(interaction, t(locale, "kick.done_private", name=member.display_name))


def target_refusal(table: Table, by: int, target: int) -> str | None:
    """Why `by` cannot ask to remove `target` (a message id), or None."""
    if target == by:
        return N_("error.kick_self")
    seat = table.seat_of(target)
    if seat is None or seat in table.computer_seats:
        return N_("error.not_at_table")
    return None


# --- the vote ------------------------------------------------------------------------------------


def open_vote(bot: Client, table: Table) -> KickVote | None:
    """A copy of the table's vote-kick, while one is open."""
    vote = table.row.meta.kick_vote
    if vote is None or bot.service.clock() - vote.at > VOTE_SECONDS:
        return None
    return replace(vote, yes=list(vote.yes))


async def keep_vote(bot: Client, table: Table, vote: KickVote | None) -> None:
    table.row.meta.kick_vote = vote
    await bot.service.save_meta(table)


def vote_text(table: Table, vote: KickVote, locale: str, *, closed: str | None = None) -> str:
    needed = voters(table, vote.target)
    lines = [t(locale, "kick.vote_title", by=mention(vote.by), name=mention(vote.target)),
             tn(locale, "kick.vote_count", len(set(vote.yes) & set(needed)),
                voters=tn(locale, "kick.voters", len(needed)))]
    if closed:
        lines.append(closed)
    return "\n".join(lines)


def vote_view(table: Table, target: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteKickButton(table.id, target, "y", t(locale, "kick.vote_yes")))
    view.add_item(VoteKickButton(table.id, target, "n", t(locale, "kick.vote_no")))
    return view


async def votekick_command(interaction: discord.Interaction, table: Table, member: discord.abc.User) -> None:
    """`/game votekick`: a player proposes to remove another; every other player must agree."""
    bot, locale = bot_of(interaction), locale_of(interaction)
    by = interaction.user.id
    seat = table.seat_of(by)
    if table.status != "playing":
        await refuse(interaction, TableError("error.not_running"))
        return
    if seat is None:
        await tell(interaction, t(locale, "error.not_a_player"))
        return
    refusal = target_refusal(table, by, member.id)
    if refusal is not None:
        await tell(interaction, t(locale, refusal))
        return
    if open_vote(bot, table) is not None:
        await tell(interaction, t(locale, "error.kick_vote_open"))
        return
    vote = KickVote(target=member.id, by=by, yes=[by], at=bot.service.clock())
    await interaction.response.defer(ephemeral=True, thinking=True)
    if set(voters(table, member.id)) <= {by}:
        await finish_vote(bot, table, vote, None)
        await tell(interaction, t(locale, "kick.vote_started"))
        return
    public = table_locale(table)
    message = await bot.delivery.say(table, vote_text(table, vote, public), view=vote_view(table, member.id, public),
                                     allowed_mentions=discord.AllowedMentions(
                                         users=[discord.Object(u) for u in voters(table, member.id)]))
    vote.message = message.id if message is not None else None
    await keep_vote(bot, table, vote)
    await tell(interaction, t(locale, "kick.vote_started"))


async def finish_vote(bot: Client, table: Table, vote: KickVote, message: discord.Message | None,
                      ) -> None:
    """Everybody agreed: the member is removed, and the vote's message says so."""
    await keep_vote(bot, table, None)
    target = vote.target
    locale = table_locale(table)
    try:
        how = await kick_member(bot, table, target)
    except (TableError, IllegalAction) as exc:
        text = t(locale, exc.key) if isinstance(exc, TableError) else exc.text
        if message is not None:
            await message.edit(content=vote_text(table, vote, locale, closed=text), view=None)
        return
    if table.host == target:
        # The host was voted off: the member who proposed it runs the table from now on.
        await bot.service.set_host(table, vote.by)
    closed = t(locale, "kick.vote_passed")
    if message is not None:
        await message.edit(content=vote_text(table, vote, locale, closed=closed), view=None)
    await bot.delivery.say(table, removed_text(locale, how, mention(target), t(locale, "kick.by_vote")),
                           allowed_mentions=discord.AllowedMentions.none())


class VoteKickButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"vk:(?P<table>\d+):(?P<target>\d+):(?P<choice>[yn])"
):
    def __init__(self, table_id: int, target: int, choice: str, label: str = "") -> None:
        style = discord.ButtonStyle.danger if choice == "y" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=limits.label(label or choice), style=style,
                                           custom_id=f"vk:{table_id}:{target}:{choice}"))
        self.table_id, self.target, self.choice = table_id, target, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> VoteKickButton:
        return cls(int(match["table"]), int(match["target"]), match["choice"], getattr(item, "label", None) or "")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        table = await check_table(interaction, self.table_id)
        if table is None:
            return False
        bot, locale = bot_of(interaction), locale_of(interaction)
        vote = open_vote(bot, table)
        if vote is None or vote.target != self.target:
            await tell(interaction, t(locale, "kick.vote_over"))
            if interaction.message is not None and (vote is None or vote.target == self.target):
                await interaction.message.edit(view=None)
            return False
        if interaction.user.id == self.target:
            await tell(interaction, t(locale, "error.kick_vote_target"))
            return False
        if interaction.user.id not in voters(table, self.target):
            await tell(interaction, t(locale, "error.not_a_player"))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        table = bot.service.get(self.table_id)
        vote = open_vote(bot, table)
        assert vote is not None
        locale = table_locale(table)
        await interaction.response.defer()
        message = interaction.message
        if self.choice == "n":
            await keep_vote(bot, table, None)
            closed = t(locale, "kick.vote_rejected", name=mention(interaction.user.id))
            if message is not None:
                await message.edit(content=vote_text(table, vote, locale, closed=closed), view=None)
            return
        vote.yes = sorted({*vote.yes, interaction.user.id})
        if set(voters(table, self.target)) <= set(vote.yes):
            await finish_vote(bot, table, vote, message)
            return
        await keep_vote(bot, table, vote)
        if message is not None:
            await message.edit(content=vote_text(table, vote, locale))
