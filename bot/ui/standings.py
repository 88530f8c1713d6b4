"""/game leaderboard and /game stats: a server's best players of a game, and one member's record.

The ranking is `bot.leaderboard` (pure); the picture `renderers.leaderboard`. Here: the members'
names (their display name in the server: from the cache, else asked of Discord; else the bot's user
cache, else the name they had at their latest table here, else a neutral "Unknown member": never a
raw id), the words and the answers.
A leaderboard is public (it is the server's); with no finished game in the period the asker alone
gets one sentence. A member's record is private to the asker.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

from bot import leaderboard as lb
from bot import ratings as rt
from bot.delivery import render_png
from bot.i18n import t, tn, words
from bot.ui.common import bot_of, follow_up, locale_of, tell
from games import REGISTRY
from games.core.messages import N_
from renderers.alt.leaderboard import describe
from renderers.leaderboard import RATING_WORDS, points_count, rating_number, render

if TYPE_CHECKING:
    from bot.leaderboard import Board, Standing
    from bot.ports import Records

FILE = "leaderboard.png"
EMPTY_WORDS = {
    "all": N_("leaderboard.empty.all"),
    "month": N_("leaderboard.empty.month"),
    "week": N_("leaderboard.empty.week"),
}
NO_RATE = "—"
TREND_GAMES = 5  # /game stats: the trend of the rating over this many last rated games


async def member_names(interaction: discord.Interaction, users: Iterable[int]) -> dict[int, str]:
    """Each member's name as the server shows it now, as far as the bot can tell (see the module)."""
    bot, locale = bot_of(interaction), locale_of(interaction)
    guild = interaction.guild
    names: dict[int, str] = {}
    unseen: list[int] = []
    for user_id in users:
        member = guild.get_member(user_id) if guild is not None else None
        if member is None and user_id == interaction.user.id:
            member = interaction.user  # type: ignore[assignment]
        if member is not None:
            names[user_id] = member.display_name
        else:
            unseen.append(user_id)
    # Without the members intent the cache holds few members: ask Discord for the rows shown (a dozen
    # at most); a member who left is not found, and the user cache or their remembered name stands in.
    if guild is not None and unseen:
        found = await asyncio.gather(*(guild.fetch_member(u) for u in unseen), return_exceptions=True)
        for user_id, fetched in zip(unseen, found, strict=True):
            if isinstance(fetched, discord.Member):
                names[user_id] = fetched.display_name
    missing: list[int] = []
    for user_id in unseen:
        if user_id in names:
            continue
        user = bot.get_user(user_id)
        if user is not None:
            names[user_id] = user.display_name
        else:
            missing.append(user_id)
    if missing and bot.store is not None and interaction.guild_id is not None:
        names.update(await bot.store.remembered_names(interaction.guild_id, missing))
    for user_id in missing:
        names.setdefault(user_id, t(locale, "leaderboard.unknown_member"))
    return names


def rate_text(locale: str, row: Standing, min_games: int = lb.MIN_GAMES) -> str:
    rate = row.rate(min_games)
    return NO_RATE if rate is None else t(locale, "leaderboard.rate", percent=lb.percent(rate))


def rating_text(locale: str, row: Standing) -> str:
    """"Rating 23", or "Rating 3 (provisional)" below three rated games."""
    return t(locale, RATING_WORDS[row.provisional], rating=rating_number(row.rating.shown))


def record_text(locale: str, row: Standing, points: bool, min_games: int = lb.MIN_GAMES) -> str:
    """"Rating 23 · 5 games · win rate: 60% · 12 points" in the reader's words."""
    parts = [rating_text(locale, row), tn(locale, "leaderboard.games", row.played),
             t(locale, "leaderboard.rate_words", rate=rate_text(locale, row, min_games))]
    if points:
        parts.append(tn(locale, "leaderboard.points", points_count(row.points), points=lb.points_text(row.points)))
    return " · ".join(parts)


def board_text(locale: str, board: Board, names: dict[int, str]) -> str:
    """The board as text lines (the picture's words for a screen reader or a blocked image), with the computer
    player's reference line where its rating falls."""
    lines = []
    computer = board.computer.shown if board.computer is not None else None
    for row in board.shown:
        if computer is not None and row.rating.shown < computer:
            lines.append(t(locale, "leaderboard.computer_line", rating=rating_number(computer)))
            computer = None
        if row is board.extra:
            lines.append("…")
        name = discord.utils.escape_mentions(discord.utils.escape_markdown(names.get(row.user, "")))
        lines.append(t(locale, "leaderboard.line", rank=row.rank, name=name,
                       record=record_text(locale, row, board.points, board.min_games)))
    if computer is not None:
        lines.append(t(locale, "leaderboard.computer_line", rating=rating_number(computer)))
    return "\n".join(lines)


async def period_rows(store: Records, guild: int, game: str, since: float | None) -> list[dict[str, float]]:
    """The standings of a period with each member's rating: the current ones for all time, else the period's
    rated games replayed from neutral ratings (docs/decisions.md, "Skill ratings")."""
    rows = await store.standings(guild, game, since)
    if since is None:
        ratings = await store.ratings(guild, game)
    else:
        ratings = lb.replayed_ratings(rt.replay(await store.rated_games(guild, game, since)))
    return lb.with_ratings(rows, ratings)


async def leaderboard_command(interaction: discord.Interaction, game: str, period: str) -> None:
    bot, locale = bot_of(interaction), locale_of(interaction)
    assert bot.store is not None and interaction.guild_id is not None
    title = REGISTRY[game].title
    # one read before answering: an empty board is a private sentence, not a public picture
    rows = await period_rows(bot.store, interaction.guild_id, game, lb.since(period, bot.service.clock()))
    board = lb.board(rows, game, asker=interaction.user.id)
    if not board.rows:
        await tell(interaction, t(locale, EMPTY_WORDS[period], game=title))
        return
    await interaction.response.defer(thinking=True)  # public: the board is the server's
    names = await member_names(interaction, [row.user for row in board.shown])
    server = interaction.guild.name if interaction.guild is not None else ""
    data = lb.picture(board, names, game=title, server=server, period=period)
    png = await render_png(render, data, words(locale))
    embed = discord.Embed(
        title=t(locale, "leaderboard.title", game=title),
        description=" · ".join([t(locale, lb.PERIOD_WORDS[period]), tn(locale, "leaderboard.ranked", board.total)])
        + "\n\n" + board_text(locale, board, names),
    )
    notes = []
    if any(row.provisional for row in board.shown):
        notes.append(tn(locale, "leaderboard.provisional_note", rt.PROVISIONAL_GAMES))
    if any(row.rate(board.min_games) is None for row in board.shown):
        notes.append(tn(locale, "leaderboard.no_rate_note", board.min_games))
    if notes:
        embed.set_footer(text="\n".join(notes))
    # The picture goes beside the embed, not into it: an attachment is shown inline in a larger box than an
    # embed's image (docs/decisions.md, "Where players see a board").
    await follow_up(interaction, embed=embed,
                    file=discord.File(io.BytesIO(png), FILE, description=describe(data, words(locale))))


async def stats_command(interaction: discord.Interaction, member: discord.Member | discord.User | None) -> None:
    """A member's record on this server, game by game, with their all-time rank: privately."""
    bot, locale = bot_of(interaction), locale_of(interaction)
    assert bot.store is not None and interaction.guild_id is not None
    who = member or interaction.user
    if who.bot:  # the bot's own computer players and other bots play no ranked games
        await tell(interaction, t(locale, "stats.bot", name=who.display_name))
        return
    guild = interaction.guild_id
    record = await bot.store.stats(guild, who.id)
    embed = discord.Embed(title=t(locale, "stats.title", name=who.display_name))
    games = [g for g in REGISTRY if g in record] + sorted(g for g in record if g not in REGISTRY)
    short = False
    for game in games:
        totals = record[game]
        ratings = await bot.store.ratings(guild, game)
        rating, rated = ratings.get(who.id, (rt.NEUTRAL, 0))
        row = lb.Standing(who.id, int(totals["played"]), int(totals["won"]), float(totals["points"]),
                          rating=rating, rated=rated)
        lines = [record_text(locale, row, lb.has_points(game)), tn(locale, "leaderboard.wins", row.won)]
        history = await bot.store.rating_history(guild, who.id, game, TREND_GAMES)
        if history:
            lines.append(change_text(locale, history))
        rows = lb.with_ratings(await bot.store.standings(guild, game), ratings)
        place = lb.rank_of(rows, game, who.id)
        if place is not None:
            lines.append(tn(locale, "stats.rank", place[1], rank=place[0]))
        short = short or row.rate() is None
        title = REGISTRY[game].title if game in REGISTRY else game
        embed.add_field(name=title, value="\n".join(lines), inline=False)
    if not games:
        if who.id == interaction.user.id:
            embed.description = t(locale, "stats.none_self")
        else:
            embed.description = t(locale, "stats.none_member", name=who.display_name)
    if short:
        embed.set_footer(text=tn(locale, "leaderboard.no_rate_note", lb.MIN_GAMES))
    await interaction.response.send_message(embed=embed, ephemeral=True)


def signed(value: int) -> str:
    """A change as players read it: +3, −2, ±0 (a true minus sign)."""
    return f"+{value}" if value > 0 else (f"\u2212{-value}" if value < 0 else "\u00b10")


def change_text(locale: str, history: list[tuple[rt.Rating, rt.Rating]]) -> str:
    """The last game's change of the shown rating, and the trend over the last games (oldest first)."""
    last_before, last_after = history[-1]
    last = t(locale, "stats.last_change", change=signed(last_after.shown - last_before.shown))
    if len(history) < 2:
        return last
    trend = history[-1][1].shown - history[0][0].shown
    arrow = "\u2197" if trend > 0 else ("\u2198" if trend < 0 else "\u2192")
    return last + " · " + tn(locale, "stats.trend", len(history), change=signed(trend), arrow=arrow)
