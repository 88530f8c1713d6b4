"""/game leaderboard and /game stats through the real bot in SimCord: the empty board, the picture and its
text, the order by skill rating with the computer's reference line, periods (replayed from neutral ratings),
names, the asking member's own row, a real game against the computer, a member's record with its rating."""

from __future__ import annotations

import io
import itertools
import random
import re
from typing import Any

import pytest
from PIL import Image

from bot import ratings as rt
from bot.i18n import t, tn
from bot.meta import TableMeta
from games.polls import GAME as POLLS
from renderers.core import inline_size
from tests.bot.conftest import World

DAY = 86_400.0
TABLES = itertools.count(1)  # each recorded game's table id


async def record(world: World, game: str, users: list[Any], winners: list[Any], points: dict[Any, float] | None = None,
                 *, days_ago: float = 0.0) -> None:
    """One finished game of `game` on the world's server, `days_ago` days before the bot's now: its record and
    its rating (the winners ahead of the others; a computer, a negative id, at the game's fixed rating)."""
    bot = world.bot
    assert bot.store is not None
    ids = [u if isinstance(u, int) else u.id for u in users]
    won = {w if isinstance(w, int) else w.id for w in winners}
    table, at = next(TABLES), bot.service.clock() - days_ago * DAY
    await bot.store.record_result(
        world.guild.id, game, ids, won, {(k if isinstance(k, int) else k.id): v for k, v in (points or {}).items()},
        table=table, at=at)
    computer = rt.reference().computer.get(game, rt.NEUTRAL)
    match = rt.Match(tuple((u if u > 0 else computer,) for u in ids), tuple(1 if u in won else 2 for u in ids))
    await bot.store.record_rating(world.guild.id, game, table, match, at)


LINE = re.compile(r"^\*\*(\d+)\.\*\* (.+) — rating (−?\d+)( \(provisional\))? · (\d+) games? · win rate: (—|\d+%)")


def parsed(line: str) -> tuple[int, str, int, bool]:
    """A member's line: rank, name, shown rating, provisional."""
    found = LINE.match(line)
    assert found is not None, line
    return int(found[1]), found[2], int(found[3].replace("−", "-")), bool(found[4])


def number(rating: int) -> str:
    """A rating as shown: a true minus sign below zero."""
    return f"−{-rating}" if rating < 0 else str(rating)


def lines(result: Any) -> list[str]:
    """The ranked lines of the leaderboard embed (after the period line)."""
    description = result.response.embeds[0].description or ""
    return [line for line in description.split("\n\n", 1)[1].split("\n") if line]


async def picture(result: Any) -> Image.Image:
    attached = result.response.attachments
    assert [a.filename for a in attached] == ["leaderboard.png"]
    return Image.open(io.BytesIO(await attached[0].read()))


async def test_no_games_yet_is_one_private_sentence(world: World) -> None:
    """A leaderboard with no finished game: one clear sentence for the asker alone, no picture."""
    result = await world.players[0].slash(world.channel, "game leaderboard", game="junta")
    assert result.ephemeral
    assert result.response.content == t("en", "leaderboard.empty.all", game="Junta")
    assert not result.response.embeds and not result.response.attachments
    await record(world, "junta", world.players[:2], [world.players[0]], days_ago=10)
    result = await world.players[0].slash(world.channel, "game leaderboard", game="junta", period="week")
    assert result.ephemeral and "last 7 days" in result.response.content
    assert not world.channel.history()  # nothing public


async def test_the_board_is_public_with_the_picture_and_the_order_in_text(world: World) -> None:
    """After some games: a public picture beside an embed listing the members by wins, then win rate; no ids."""
    barbara, federico, gianni, sabrina = world.players
    for _ in range(3):
        await record(world, "polls", [federico, gianni], [federico])
    await record(world, "polls", [barbara, sabrina], [barbara])
    await record(world, "polls", [barbara, gianni], [barbara])
    await record(world, "polls", [barbara, -1], [-1])  # lost to the computer
    await record(world, "polls", [sabrina, -1], [sabrina])
    result = await gianni.slash(world.channel, "game leaderboard", game="polls")
    assert not result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title == "The Polls Are Closed! (Spain) leaderboard"
    assert embed.description.startswith("All time · 4 players ranked")
    computer = rt.reference().computer["polls"].shown
    members = [parsed(line) for line in lines(result) if not line.startswith("🤖")]
    assert {name for _, name, _, _ in members} == {"federico", "barbara", "sabrina", "gianni"}
    assert [rating for _, _, rating, _ in members] == sorted((r for _, _, r, _ in members), reverse=True)
    assert members[0][1] == "federico" and members[-1][1] == "gianni"  # three wins; four losses
    assert [provisional for _, name, _, provisional in members if name == "sabrina"] == [True]  # two games
    reference = f"🤖 *Computer player — rating {number(computer)} (a reference, never ranked)*"
    assert lines(result).count(reference) == 1
    assert embed.footer.text == "? provisional: fewer than 3 rated games\n— fewer than 3 games: no win rate yet"
    assert str(world.guild.id) not in embed.description
    assert all(str(p.id) not in embed.description for p in world.players)
    assert embed.image.url is None  # the picture is beside the embed, shown in the larger attachment box
    image = await picture(result)
    assert image.width == 1100 and 250 < image.height <= 700 and inline_size(*image.size)[0] == 550
    about = result.response.attachments[0].description or ""  # the picture in words, for a screen reader
    assert about.startswith("The Polls Are Closed! (Spain) leaderboard. Game night")  # the server's name
    assert f"1. federico: rating {number(members[0][2])}, 3 games, win rate: 100%." in about
    assert f"Reference line: the computer player, rating {number(computer)}, never ranked" in about


async def test_points_show_only_for_a_game_with_points(world: World) -> None:
    """Spyfall's lines carry points (which never rank: a shared win is a shared place); Polls' lines never do."""
    barbara, federico = world.players[:2]
    await record(world, "spyfall", [barbara, federico], [barbara, federico], {barbara: 3, federico: 5})
    result = await barbara.slash(world.channel, "game leaderboard", game="spyfall")
    shown = lines(result)
    assert [parsed(line)[0] for line in shown] == [1, 1] and [line[-8:] for line in shown] == ["3 points",
                                                                                                 "5 points"]
    assert not any(line.startswith("🤖") for line in shown)  # Spyfall has no computer player
    await record(world, "polls", [barbara, federico], [federico])
    result = await barbara.slash(world.channel, "game leaderboard", game="polls")
    assert "point" not in (result.response.embeds[0].description or "")


async def test_periods_count_games_by_when_they_finished(world: World) -> None:
    """All time, the last 30 days and the last 7 days, counted back from the bot's clock as time passes."""
    barbara, federico, gianni = world.players[:3]
    await record(world, "arditi", [barbara, federico], [barbara], {barbara: 9, federico: 2}, days_ago=40)
    await record(world, "arditi", [federico, gianni], [federico], {federico: 8, gianni: 1}, days_ago=12)
    await record(world, "arditi", [gianni, barbara], [gianni], {gianni: 7, barbara: 3})

    async def board(period: str) -> list[tuple[int, str, int, bool]]:
        result = await barbara.slash(world.channel, "game leaderboard", game="arditi", period=period)
        return [parsed(line) for line in lines(result) if not line.startswith("🤖")]

    everything = await board("all")
    assert {name for _, name, _, _ in everything} == {"barbara", "federico", "gianni"}
    month = await board("month")  # replayed from neutral: barbara lost her only game of the month
    assert [name for _, name, _, _ in month][-1] == "barbara" and len(month) == 3
    week = await board("week")  # one game, from neutral ratings: the winner above the loser
    assert [(rank, name) for rank, name, _, _ in week] == [(1, "gianni"), (2, "barbara")]
    first = rt.rate(rt.Match(((1,), (2,)), (1, 2)), {})  # what one game does to two new members
    assert [rating for _, _, rating, _ in week] == [first[1].shown, first[2].shown]
    await world.env.advance_time(8 * DAY)  # the last game is now 8 days old
    result = await barbara.slash(world.channel, "game leaderboard", game="arditi", period="week")
    assert result.ephemeral and result.response.content == t("en", "leaderboard.empty.week", game="Arditi del Popolo")
    result = await barbara.slash(world.channel, "game leaderboard", game="arditi", period="month")
    assert result.response.embeds[0].description.startswith("Last 30 days · 3 players ranked")


async def test_the_asking_member_sees_their_own_row_below_the_top_ten(world: World) -> None:
    """Twelve members ranked: the top ten, then "…" and the asker's own row with their rank."""
    barbara = world.players[0]
    others = [world.guild.add_member(world.env.create_user(f"player{i:02d}")) for i in range(11)]
    for i, member in enumerate(others):
        for _ in range(i + 1):
            await record(world, "som", [member, barbara], [member])
    result = await barbara.slash(world.channel, "game leaderboard", game="som")
    shown = [line for line in lines(result) if not line.startswith("🤖")]  # the computer's line apart
    assert len(shown) == 12 and shown[10] == "…"
    names = [f"player{i:02d}" for i in range(11)]
    top = [parsed(line)[1] for line in shown[:10]]
    assert set(top) < set(names) and [rank for rank, _, _, _ in map(parsed, shown[:10])] == sorted(
        rank for rank, _, _, _ in map(parsed, shown[:10]))
    assert shown[11].startswith("**12.** barbara — rating") and "· 66 games" in shown[11]
    left_out = others[names.index(next(name for name in names if name not in top))]
    result = await others[names.index(top[4])].slash(world.channel, "game leaderboard", game="som")
    assert len([line for line in lines(result) if not line.startswith("🤖")]) == 10  # in the top ten: no extra row
    result = await left_out.slash(world.channel, "game leaderboard", game="som")
    assert [line for line in lines(result) if not line.startswith("🤖")][-2] == "…"  # the eleventh: its own row


async def test_names_are_current_remembered_or_neutral_never_ids(world: World) -> None:
    """A member's server nickname; a departed member's name from their last table here; else "Unknown member"."""
    barbara = world.players[0]
    nat = world.guild.add_member(world.env.create_user("natalia"), nick="Captain Nat")
    store = world.bot.store
    assert store is not None
    table = await store.create_table(game="polls", guild=world.guild.id, channel=world.channel.id, host=777,
                                     seed=1, options={}, now=1.0, meta=TableMeta(names={777: "Old Timer"}))
    await store.set_seats(table, [777, 888])
    await record(world, "polls", [nat, barbara], [nat])
    await record(world, "polls", [777, 888], [777, 888])
    result = await barbara.slash(world.channel, "game leaderboard", game="polls")
    text = "\n".join(lines(result))
    assert "Captain Nat" in text and "Old Timer" in text and "Unknown member" in text
    assert "777" not in text and "888" not in text and "natalia" not in text


async def test_a_real_game_against_the_computer_ranks_the_member_and_never_the_computer(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Polls game played through the bot against the computer, which concedes on its first move: the
    member is on the board with the win, the computer nowhere; their record shows it too."""
    from games.polls import ai
    from tests.bot.cogs.polls_kit import RESULT, human_move, new_game_against_computer, public_text

    monkeypatch.setattr(ai, "choose", lambda state, seat, rng=None: {"type": "concede"})
    host = world.players[0]
    table_id = await new_game_against_computer(world)
    rng = random.Random(1)
    for _ in range(100):
        if RESULT in public_text(world):
            break
        if not await human_move(world, host, table_id, rng):
            await world.env.settle()
    assert RESULT in public_text(world)
    assert world.bot.service.tables.get(table_id) is None or world.bot.service.tables[table_id].status != "playing"
    result = await host.slash(world.channel, "game leaderboard", game="polls", period="week")
    members = [parsed(line) for line in lines(result) if not line.startswith("🤖")]
    assert [(rank, name, provisional) for rank, name, _, provisional in members] == [(1, "barbara", True)]
    assert "1 player ranked" in result.response.embeds[0].description
    store = world.bot.store
    assert store is not None
    ((rating, rated),) = (await store.ratings(world.guild.id, "polls")).values()
    assert rated == 1 and rating.mu > rt.NEUTRAL.mu and members[0][2] == rating.shown  # beat the computer
    stats = await host.slash(world.channel, "game stats")
    field = stats.response.embeds[0].fields[0]
    assert field.name == POLLS.title and "1 win" in field.value and "1 game" in field.value
    assert f"rating {number(rating.shown)} (provisional)" in field.value and "Rank 1 of 1" in field.value
    assert f"Last game: +{rating.shown}" in field.value


async def test_stats_for_oneself_and_another_member(world: World) -> None:
    """Privately: each game's rating, games, win rate, points where the game has them, wins, the last game's
    change and the trend, and the all-time rank; the "no games yet" sentence; a bot is not a player."""
    barbara, federico, gianni = world.players[:3]
    for winner in (barbara, barbara, federico):
        await record(world, "spyfall", [barbara, federico, gianni], [winner], {winner: 4, gianni: 1})
    await record(world, "polls", [federico, -1], [federico])
    mine = await barbara.slash(world.channel, "game stats")
    assert mine.ephemeral
    embed = mine.response.embeds[0]
    assert embed.title == "barbara's games" and [f.name for f in embed.fields] == ["Spyfall"]
    store = world.bot.store
    assert store is not None
    history = await store.rating_history(world.guild.id, barbara.id, "spyfall")
    now, last = history[-1][1].shown, history[-1][1].shown - history[-1][0].shown
    trend = history[-1][1].shown - history[0][0].shown
    value = embed.fields[0].value.split("\n")
    assert value[0] == f"rating {number(now)} · 3 games · win rate: 67% · 8 points" and value[1] == "2 wins"
    assert value[2].startswith(f"Last game: {'+' if last > 0 else '−' if last < 0 else '±'}{abs(last)}")
    assert value[2].endswith(f"trend over the last 3 games: {'↗' if trend > 0 else '↘'} "
                             f"{'+' if trend > 0 else '−'}{abs(trend)}")
    assert value[3] == "Rank 1 of 3 on the all-time leaderboard"
    theirs = await barbara.slash(world.channel, "game stats", member=federico)
    fields = {f.name: f.value for f in theirs.response.embeds[0].fields}
    assert re.match(r"rating -?\d+ · 3 games · win rate: 33% · 4 points\n1 win\n.*\nRank 2 of 3", fields["Spyfall"])
    assert re.match(r"rating \d+ \(provisional\) · 1 game · win rate: —\n1 win\nLast game: \+\d+\n"
                    r"Rank 1 of 1 on the all-time leaderboard$", fields[POLLS.title])
    assert theirs.response.embeds[0].footer.text == tn("en", "leaderboard.no_rate_note", 3)
    nobody = await barbara.slash(world.channel, "game stats", member=world.outsider)
    assert nobody.response.embeds[0].description == "olga has no finished games on this server yet."
    alone = await world.outsider.slash(world.channel, "game stats")
    assert alone.response.embeds[0].description == t("en", "stats.none_self")
    robot = world.guild.add_member(world.env.create_user("dealer-bot", bot=True))
    result = await barbara.slash(world.channel, "game stats", member=robot)
    assert result.ephemeral and result.response.content == "dealer-bot is a bot: bots keep no record here."


async def test_the_board_in_the_readers_language(world: World, italian: None) -> None:
    """An Italian reader gets Italian words in the embed (and the picture drawn with the same catalog)."""
    await record(world, "spyfall", world.players[:2], [world.players[1]], {world.players[1]: 2})
    result = await world.players[0].slash(world.channel, "game leaderboard", game="spyfall", period="month")
    embed = result.response.embeds[0]
    assert embed.title == "Classifica di Spyfall"
    assert embed.description.startswith("Ultimi 30 giorni · 2 giocatori in classifica")
    assert re.match(r"\*\*1\.\*\* federico — livello \d+ \(provvisorio\) · 1 partita · percentuale di vittorie: — · "
                    "2 punti$", lines(result)[0])
